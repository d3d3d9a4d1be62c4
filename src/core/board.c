#include "board.h"

#include "alloc.h"
#include "board_hex.h"
#include "board_square.h"
#include "timer.h"

#include <assert.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Transparent pixels get a key no RGB colour can have, so an opaque black
 * square and a transparent one stay apart in the palette. */
#define KEY_TRANSPARENT 0x01000000u
/* The room array starts this many entries into its block: entry -1 is -1
 * (no room), which spares the labeller a test per square. 1024 entries
 * are one 4 KB page, so where the arrays are mapped (xmalloc_big) the room
 * array stays page-aligned like the squares:
 * then the labeller's stores to one never look to the processor like they
 * alias its loads from the other (an offset of 64 bytes cost 10%). */
#define ROOMS_PAD 1024


typedef struct PaletteEntry {
    uint32_t key;
    SquareType type;
    uint16_t area; /* 0, or the area its colour forms rooms in */
} PaletteEntry;

/* What is gathered on the first question about rooms. Reached through a
 * pointer so that a const Board can fill it in; atomic because threads
 * share boards (bot games in balance.c): the first to finish gathering
 * publishes its array, any other frees its own. */
typedef struct RoomFacts {
    _Atomic(BoardRoom *) info; /* [1..room_count], NULL until asked */
} RoomFacts;

struct Board {
    Grid grid;
    Square *squares;
    int32_t *rooms;
    PaletteEntry *palette;
    int palette_size;
    RoomFacts *facts;
    int32_t room_count;
    int64_t wall_count;
    int64_t walkable_count;
    BoardTimings timings;
};

/* Open-addressing map from colour key to palette index, used only while
 * building. */
typedef struct ColourMap {
    uint32_t *keys; /* key + 1, 0 = empty slot */
    int32_t *values;
    size_t capacity;
    size_t count;
} ColourMap;

static size_t colour_hash(uint32_t key, size_t capacity)
{
    return (size_t)((key * 2654435761u) >> 8) & (capacity - 1);
}

static void colour_map_init(ColourMap *map, size_t capacity)
{
    map->keys = xcalloc(capacity, sizeof *map->keys);
    map->values = xcalloc(capacity, sizeof *map->values);
    map->capacity = capacity;
    map->count = 0;
}

static void colour_map_free(ColourMap *map)
{
    free(map->keys);
    free(map->values);
}

static size_t colour_map_slot(const ColourMap *map, uint32_t key)
{
    size_t i = colour_hash(key, map->capacity);
    while (map->keys[i] != 0 && map->keys[i] != key + 1)
        i = (i + 1) & (map->capacity - 1);
    return i;
}

static void colour_map_grow(ColourMap *map)
{
    ColourMap bigger;
    colour_map_init(&bigger, map->capacity * 2);
    for (size_t i = 0; i < map->capacity; i++) {
        if (map->keys[i] == 0)
            continue;
        size_t s = colour_map_slot(&bigger, map->keys[i] - 1);
        bigger.keys[s] = map->keys[i];
        bigger.values[s] = map->values[i];
    }
    bigger.count = map->count;
    colour_map_free(map);
    *map = bigger;
}

SquareType board_default_type(uint32_t rgb)
{
    if (rgb == BOARD_RGB_NONE)
        return SQUARE_NONE;
    if (rgb == BOARD_RGB_BLOCKED)
        return SQUARE_BLOCKED;
    return SQUARE_WALKABLE;
}

const char *board_type_name(SquareType type)
{
    static const char *const names[SQUARE_TYPE_COUNT] = {"none", "blocked", "walkable"};
    return type >= 0 && type < SQUARE_TYPE_COUNT ? names[type] : "?";
}

static SquareType type_of_key(const BoardSpec *spec, uint32_t key)
{
    if (key == KEY_TRANSPARENT)
        return SQUARE_NONE;
    for (int i = 0; i < spec->override_count; i++)
        if (spec->overrides[i].rgb == key)
            return spec->overrides[i].type;
    return board_default_type(key);
}

static uint16_t area_of_key(const BoardSpec *spec, uint32_t key)
{
    for (int i = 0; i < spec->override_count && key != KEY_TRANSPARENT; i++)
        if (spec->overrides[i].rgb == key)
            return spec->overrides[i].area;
    return 0;
}

/* Adds a palette entry for key; false when the palette is full. */
static bool palette_add(Board *b, ColourMap *map, size_t slot, uint32_t key, const BoardSpec *spec)
{
    if (b->palette_size >= BOARD_MAX_COLOURS)
        return false;
    if ((b->palette_size & (b->palette_size - 1)) == 0) {
        size_t cap = b->palette_size ? (size_t)b->palette_size * 2 : 16;
        b->palette = xrealloc(b->palette, cap, sizeof *b->palette);
    }
    b->palette[b->palette_size] = (PaletteEntry){key, type_of_key(spec, key), area_of_key(spec, key)};
    map->keys[slot] = key + 1;
    map->values[slot] = b->palette_size++;
    map->count++;
    return true;
}

static uint32_t pixel_key(const uint8_t *p)
{
    if (p[3] == 0)
        return KEY_TRANSPARENT;
    return (uint32_t)p[0] << 16 | (uint32_t)p[1] << 8 | p[2];
}

/* The square of a palette entry, edges not set yet. */
static Square palette_square(const Board *b, int32_t index)
{
    return (Square){(uint16_t)index, (uint8_t)b->palette[index].type, 0};
}

/* Finds or adds the palette entry of the pixel at p; -1 when the palette is
 * full. */
static int32_t palette_index(Board *b, ColourMap *map, const uint8_t *p, const BoardSpec *spec)
{
    uint32_t key = pixel_key(p);
    if (map->count * 2 >= map->capacity)
        colour_map_grow(map);
    size_t slot = colour_map_slot(map, key);
    if (map->keys[slot] == 0 && !palette_add(b, map, slot, key, spec))
        return -1;
    return map->values[slot];
}

/* A direct-mapped cache from a pixel's four bytes to its square, in front
 * of the colour map: the lookup per pixel is a hash, a compare that is
 * nearly always true and a load, with no branch that follows the colours
 * of a noisy bitmap. */
#define PIXEL_CACHE_BITS 8

static size_t pixel_cache_slot(uint32_t word)
{
    return (word * 2654435761u) >> (32 - PIXEL_CACHE_BITS);
}

/* Gives every square its palette index and type. */
static bool type_squares(Board *b, const BoardSpec *spec, char *err, size_t err_size)
{
    ColourMap map;
    colour_map_init(&map, 256);
    int64_t area = grid_area(&b->grid);
    uint32_t words[1 << PIXEL_CACHE_BITS];
    Square squares[1 << PIXEL_CACHE_BITS];
    /* every slot starts as the first pixel's: a slot only answers for the
     * word it holds, so this is right whichever slot it lands in */
    int32_t first = palette_index(b, &map, spec->rgba, spec);
    uint32_t first_word;
    memcpy(&first_word, spec->rgba, sizeof first_word);
    for (size_t k = 0; k < sizeof words / sizeof words[0]; k++) {
        words[k] = first_word;
        squares[k] = palette_square(b, first);
    }
    int64_t walkable = 0;
    bool ok = true;
    for (int64_t i = 0; i < area; i++) {
        uint32_t word;
        memcpy(&word, spec->rgba + i * 4, sizeof word);
        size_t slot = pixel_cache_slot(word);
        if (words[slot] != word) {
            int32_t index = palette_index(b, &map, spec->rgba + i * 4, spec);
            if (index < 0) {
                BoardPos p = grid_pos(&b->grid, i);
                snprintf(err, err_size,
                         "pixel (%d,%d): more than %d distinct colours; a mission bitmap "
                         "uses a few flat colours",
                         p.x, p.y, BOARD_MAX_COLOURS);
                ok = false;
                break;
            }
            words[slot] = word;
            squares[slot] = palette_square(b, index);
        }
        b->squares[i] = squares[slot];
        walkable += squares[slot].type == SQUARE_WALKABLE;
    }
    b->walkable_count = walkable;
    colour_map_free(&map);
    return ok;
}

/* Union-find over provisional labels, kept in the room array itself: a
 * provisional label is the index of the square that started it, and the
 * room array entry of that square is its parent. Unions always keep the
 * smaller index as root, so a set's root is its first square in row-major
 * order: that is what makes the final numbering come out in that order. */
static int32_t labels_find(int32_t *parent, int32_t x)
{
    while (parent[x] != x) {
        parent[x] = parent[parent[x]]; /* path halving */
        x = parent[x];
    }
    return x;
}

static int32_t labels_union(int32_t *parent, int32_t a, int32_t b)
{
    a = labels_find(parent, a);
    b = labels_find(parent, b);
    if (a < b) {
        parent[b] = a;
        return a;
    }
    parent[a] = b;
    return b;
}

/* A square's colour and type as one word: two squares are in one room
 * kind exactly when their words match and they are walkable (edges are
 * still zero while labelling). */
static uint32_t square_key(const Square *s)
{
    uint32_t k;
    memcpy(&k, s, sizeof k);
    return k;
}

/* c ? a : b computed with masks: compilers turn some ?: into branches, and
 * where c follows the colours of a noisy bitmap those mispredict. */
static inline int32_t select32(bool c, int32_t a, int32_t b)
{
    return b ^ ((a ^ b) & -(int32_t)c);
}

/* A key no square has (its type byte is out of range): what lies beyond
 * the board's west and north sides. */
#define KEY_OUTSIDE 0xffffffffu

/* Rows are labelled in chunks of LABEL_CHUNK squares after the first
 * square, and most chunks of a real board are taken as a whole:
 * - CHUNK_WEST: the squares all continue the run of the square west of the
 *   chunk, in their row and in the row above. They take that square's
 *   label: flat areas cost a few word compares per chunk.
 * - CHUNK_NORTH: every square matches the one above it (and the first one
 *   either differs from its west neighbour or that one matches the square
 *   above it too). Each square takes the label of the square above:
 *   vertical stripes and thin corridors need no work per square either.
 *   Squares side by side in such a chunk that match are joined already,
 *   through the row above.
 * - CHUNK_SQUARES: labelled square by square.
 * The room array is written in the first pass only for CHUNK_SQUARES; the
 * second pass fills the others. */
#define LABEL_CHUNK 8 /* label_chunk_squares is written out for 8 */

typedef enum ChunkKind { CHUNK_SQUARES, CHUNK_WEST, CHUNK_NORTH, CHUNK_KIND_COUNT } ChunkKind;

/* True when the LABEL_CHUNK squares from sq all have key k. */
static bool chunk_same(const Square *sq, uint32_t k)
{
    uint64_t kk = (uint64_t)k << 32 | k, diff = 0;
    for (int j = 0; j < LABEL_CHUNK; j += 2) {
        uint64_t v;
        memcpy(&v, sq + j, sizeof v);
        diff |= v ^ kk;
    }
    return diff == 0;
}

/* True when the LABEL_CHUNK squares from sq match those from north. */
static bool chunk_equal(const Square *sq, const Square *north)
{
    uint64_t diff = 0;
    for (int j = 0; j < LABEL_CHUNK; j += 2) {
        uint64_t a, b;
        memcpy(&a, sq + j, sizeof a);
        memcpy(&b, north + j, sizeof b);
        diff |= a ^ b;
    }
    return diff == 0;
}

static int label_chunks(int w)
{
    return (w - 1) / LABEL_CHUNK;
}

/* First-pass state along one row: the keys west and north-west of the
 * next square and the provisional label west of it. Kept in locals of the
 * row loop so that stores to the label arrays cannot alias them. */
typedef struct LabelWest {
    uint32_t kw, knw;
    int32_t lw;
} LabelWest;

/* What the first pass reads and writes for one row. */
typedef struct LabelRow {
    const Square *sq, *north;    /* this row and the one above */
    const int32_t *north_labels; /* provisional labels of the row above */
    int32_t *labels;             /* provisional labels of this row */
    int32_t *forest;             /* the room array, indexed by square */
    int32_t *meets;              /* squares whose union waits for the row's end */
    int32_t start;               /* index of the row's first square */
} LabelRow;

/* Labels square x. Written without branches on the colours, except for the
 * rare union: on noisy bitmaps mispredicted branches are what costs. When
 * the west, north and north-west squares all match, west and north are
 * joined through the north-west one already and need no union. */
static inline LabelWest label_square(const LabelRow *r, int x, LabelWest s)
{
    uint32_t k = square_key(&r->sq[x]), kn = square_key(&r->north[x]);
    int32_t ln = r->north_labels[x], i = r->start + x;
    bool walk = r->sq[x].type == SQUARE_WALKABLE;
    /* A non-walkable square that matches its west or north neighbour gets
     * that one's label, which is -1 already. */
    int32_t lab = select32(k == s.kw, s.lw, select32(k == kn, ln, i | -(int32_t)!walk));
    /* one compare that is rarely true on noise decides the branch: some
     * compilers split a chain of && or & into one unpredictable branch
     * each */
    if (((k ^ s.kw) | (k ^ kn)) == 0 && k != s.knw && walk)
        lab = labels_union(r->forest, s.lw, ln);
    r->labels[x] = lab;
    r->forest[i] = lab;
    return (LabelWest){k, kn, lab};
}

#if defined(__has_builtin) && !defined(BOARD_SCALAR_LABELS)
#if __has_builtin(__builtin_shufflevector)
#define LABEL_LANES 1
#endif
#endif

#ifdef LABEL_LANES
#ifdef __SSE2__
#include <emmintrin.h>
#endif

/* Four squares at a time in the compiler's portable vector types (SSE2 on
 * x86-64, NEON on ARM): on noisy bitmaps the labeller is bound by the
 * number of instructions per square, and lanes need about a quarter. */
typedef int32_t Lanes __attribute__((vector_size(16)));
typedef uint32_t KeyLanes __attribute__((vector_size(16)));

static inline Lanes lanes_load(const int32_t *p)
{
    Lanes v;
    memcpy(&v, p, sizeof v);
    return v;
}

static inline KeyLanes keys_load(const Square *p)
{
    KeyLanes v;
    memcpy(&v, p, sizeof v);
    return v;
}

static inline void lanes_store(int32_t *p, Lanes v)
{
    memcpy(p, &v, sizeof v);
}

/* m ? a : b per lane; m is all ones or all zeros in each lane. */
static inline Lanes lanes_select(Lanes m, Lanes a, Lanes b)
{
    return (a & m) | (b & ~m);
}

/* One bit per lane, lane 0 lowest. */
static inline unsigned lanes_mask(Lanes m)
{
#ifdef __SSE2__
    return (unsigned)_mm_movemask_ps(_mm_castsi128_ps((__m128i)m));
#else
    Lanes b = m & (Lanes){1, 2, 4, 8};
    return (unsigned)(b[0] | b[1] | b[2] | b[3]);
#endif
}

/* For each mask of lanes, the set lanes in order, and how many there are. */
static const Lanes MEET_LANES[16] = {
    {0, 0, 0, 0}, {0, 0, 0, 0}, {1, 0, 0, 0}, {0, 1, 0, 0},
    {2, 0, 0, 0}, {0, 2, 0, 0}, {1, 2, 0, 0}, {0, 1, 2, 0},
    {3, 0, 0, 0}, {0, 3, 0, 0}, {1, 3, 0, 0}, {0, 1, 3, 0},
    {2, 3, 0, 0}, {0, 2, 3, 0}, {1, 2, 3, 0}, {0, 1, 2, 3},
};
static const uint8_t MEET_COUNT[16] = {0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4};

/* The bits of a square's key that hold its type, and their value for a
 * walkable square, whatever the byte order. */
static inline uint32_t type_key(uint8_t type)
{
    Square s = {0, type, 0};
    return square_key(&s);
}

/* Labels the four squares from x, which has a square west of it. lw is
 * the label of that square; returns the label of the last of the four.
 * Each square takes its west neighbour's label when their keys match,
 * else its north neighbour's, else a new one: the copying from the west
 * is a scan over runs of matching lanes, done in two steps of doubling
 * width; lanes whose run reaches back past the first take lw. */
static inline int32_t label_lanes(const LabelRow *r, int x, int32_t lw, int *meet_count)
{
    KeyLanes k = keys_load(r->sq + x), kw = keys_load(r->sq + x - 1);
    KeyLanes kn = keys_load(r->north + x), knw = keys_load(r->north + x - 1);
    Lanes ln = lanes_load(r->north_labels + x);
    Lanes walk = (k & type_key(0xff)) == type_key(SQUARE_WALKABLE);
    Lanes index = (Lanes){0, 1, 2, 3} + (r->start + x);
    Lanes north = k == kn, west = k == kw, ones = ~(Lanes){0};
    Lanes lab = lanes_select(north, ln, index | ~walk);
    Lanes pend = west; /* still to take the label of a lane further west */
    lab = lanes_select(pend, __builtin_shufflevector(lab, lab, 0, 0, 1, 2), lab);
    pend &= __builtin_shufflevector(pend, ones, 4, 0, 1, 2);
    lab = lanes_select(pend, __builtin_shufflevector(lab, lab, 0, 0, 0, 1), lab);
    pend &= __builtin_shufflevector(pend, ones, 4, 5, 0, 1);
    lab = lanes_select(pend, (Lanes){lw, lw, lw, lw}, lab);
    lanes_store(r->labels + x, lab);
    lanes_store(r->forest + r->start + x, lab);
    /* West and north match but north-west does not: two labels meet. The
     * squares are noted without a branch (on noise one square in twenty
     * meets, at random) and joined at the row's end. */
    unsigned m = lanes_mask(west & north & ~(kn == knw) & walk);
    lanes_store(r->meets + *meet_count, (Lanes){x, x, x, x} + MEET_LANES[m]);
    *meet_count += MEET_COUNT[m];
    return lab[3];
}

/* Labels the LABEL_CHUNK squares from x. */
static inline LabelWest label_chunk_squares(const LabelRow *r, int x, LabelWest s, int *meet_count)
{
    int32_t lw = label_lanes(r, x, s.lw, meet_count);
    lw = label_lanes(r, x + 4, lw, meet_count);
    return (LabelWest){square_key(&r->sq[x + 7]), square_key(&r->north[x + 7]), lw};
}
#else
/* Labels the LABEL_CHUNK squares from x one by one, written out: no loop
 * branch, and work of neighbouring squares can overlap. */
static inline LabelWest label_chunk_squares(const LabelRow *r, int x, LabelWest s, int *meet_count)
{
    (void)meet_count; /* label_square joins at once */
    s = label_square(r, x, s);
    s = label_square(r, x + 1, s);
    s = label_square(r, x + 2, s);
    s = label_square(r, x + 3, s);
    s = label_square(r, x + 4, s);
    s = label_square(r, x + 5, s);
    s = label_square(r, x + 6, s);
    return label_square(r, x + 7, s);
}
#endif

/* First pass over one row; kinds[c] gets the ChunkKind of chunk c. */
static void label_row(const LabelRow *r, int w, uint8_t *kinds)
{
    LabelWest s = label_square(r, 0, (LabelWest){KEY_OUTSIDE, KEY_OUTSIDE, -1});
    int x = 1, meet_count = 0;
    for (int c = 0; c < label_chunks(w); c++, x += LABEL_CHUNK) {
        if (chunk_same(r->sq + x, s.kw) && chunk_same(r->north + x, s.knw)) {
            kinds[c] = CHUNK_WEST;
            for (int j = 0; j < LABEL_CHUNK; j++)
                r->labels[x + j] = s.lw;
        } else if (chunk_equal(r->sq + x, r->north + x) &&
                   (square_key(&r->sq[x]) != s.kw || s.kw == s.knw)) {
            kinds[c] = CHUNK_NORTH;
            for (int j = 0; j < LABEL_CHUNK; j++)
                r->labels[x + j] = r->north_labels[x + j];
            s.kw = s.knw = square_key(&r->sq[x + LABEL_CHUNK - 1]);
            s.lw = r->labels[x + LABEL_CHUNK - 1];
        } else {
            kinds[c] = CHUNK_SQUARES;
            s = label_chunk_squares(r, x, s, &meet_count);
        }
    }
    for (; x < w; x++)
        s = label_square(r, x, s);
    for (int e = 0; e < meet_count; e++)
        labels_union(r->forest, r->labels[r->meets[e]], r->north_labels[r->meets[e]]);
}

/* Second pass, square i: every earlier square already holds its final
 * room, so a root takes the next number and any other square its parent's
 * room (squares in no room have parent -1, whose entry is -1). rooms
 * counts the rooms numbered so far. */
static inline int32_t resolve_square(int32_t *room, int32_t i, int32_t *rooms)
{
    int32_t v = room[i];
    int32_t parent = room[v];
    bool root = v == i;
    *rooms += root;
    return root ? *rooms : parent;
}

/* Second pass over the row starting at square start; returns the new room
 * count. Chunks taken whole in the first pass copy the room west of them
 * or the rooms above them. */
static int32_t resolve_row(int32_t *room, int32_t start, int w, const uint8_t *kinds, int32_t rooms)
{
    int32_t *row = room + start;
    row[0] = resolve_square(room, start, &rooms);
    int x = 1;
    for (int c = 0; c < label_chunks(w); c++, x += LABEL_CHUNK) {
        if (kinds[c] == CHUNK_WEST) {
            int32_t west = row[x - 1];
            for (int j = 0; j < LABEL_CHUNK; j++)
                row[x + j] = west;
        } else if (kinds[c] == CHUNK_NORTH) {
            memcpy(row + x, row + x - w, LABEL_CHUNK * sizeof *row);
        } else {
            for (int j = 0; j < LABEL_CHUNK; j++)
                row[x + j] = resolve_square(room, start + x + j, &rooms);
        }
    }
    for (; x < w; x++)
        row[x] = resolve_square(room, start + x, &rooms);
    return rooms;
}

/* The square where room number room starts: the first square holding it
 * in row y, where rooms were numbered past the limit. */
static BoardPos room_start(const Board *b, int y, int32_t room)
{
    const int32_t *row = b->rooms + (int64_t)y * b->grid.width;
    int x = 0;
    while (x + 1 < b->grid.width && row[x] != room)
        x++;
    return (BoardPos){x, y};
}

/* Labels the rooms; false with a message when there are more than
 * max_rooms (the second pass stops at the row where that happens). */
static bool label_rooms(Board *b, int64_t max_rooms, char *err, size_t err_size)
{
    int w = b->grid.width, h = b->grid.height;
    int chunks = label_chunks(w);
    uint8_t *kinds = xmalloc((size_t)chunks * h + 1, 1); /* ChunkKind of every chunk */
    /* provisional labels of two rows in turn, and a row of labels no
     * square has for above the first row */
    int32_t *labels = xmalloc((size_t)w * 3, sizeof *labels);
    for (int x = 0; x < w * 3; x++)
        labels[x] = INT32_MIN;
    int32_t *outside_labels = labels + (size_t)w * 2;
    int32_t *meets = xmalloc((size_t)w + 4, sizeof *meets); /* + one vector's slack */
    /* what lies north of the first row: keys that match nothing */
    Square *outside = xmalloc((size_t)w, sizeof *outside);
    memset(outside, 0xff, (size_t)w * sizeof *outside);
    for (int y = 0; y < h; y++) {
        const Square *sq = b->squares + (int64_t)y * w;
        LabelRow r = {sq, y > 0 ? sq - w : outside,
                      y > 0 ? labels + (size_t)((y + 1) & 1) * w : outside_labels,
                      labels + (size_t)(y & 1) * w, b->rooms, meets, (int32_t)((int64_t)y * w)};
        label_row(&r, w, kinds + (size_t)chunks * y);
    }
    free(labels);
    free(meets);
    free(outside);
    int32_t rooms = 0;
    for (int y = 0; y < h; y++) {
        rooms = resolve_row(b->rooms, (int32_t)((int64_t)y * w), w, kinds + (size_t)chunks * y, rooms);
        if (rooms > max_rooms) {
            BoardPos p = room_start(b, y, (int32_t)max_rooms + 1);
            snprintf(err, err_size,
                     "pixel (%d,%d) starts room %lld, over the limit of %lld rooms (a mission has "
                     "tens or hundreds; --max-rooms raises the limit)",
                     p.x, p.y, (long long)max_rooms + 1, (long long)max_rooms);
            free(kinds);
            return false;
        }
    }
    b->room_count = rooms;
    free(kinds);
    return true;
}

/* True when the LABEL_CHUNK rooms from row all equal v. */
static bool rooms_same(const int32_t *row, int32_t v)
{
    int32_t diff = 0;
    for (int j = 0; j < LABEL_CHUNK; j++)
        diff |= row[j] ^ v;
    return diff == 0;
}

/* A run of squares of one room along a row, not yet added to its facts. */
typedef struct RoomRun {
    int32_t room;
    int start;
} RoomRun;

/* Adds the run ending before x on row y to its room's facts. Rooms first
 * appear in row-major order, so a run starts its room exactly when the
 * room is next, the one after the last room seen; returns the new next. */
static int32_t note_run(const Board *b, BoardRoom *info, RoomRun run, int x, int y, int32_t next)
{
    if (run.room <= 0)
        return next;
    BoardRoom *r = &info[run.room];
    if (run.room == next) {
        const Square *sq = &b->squares[(int64_t)y * b->grid.width + run.start];
        r->rgb = b->palette[sq->colour].key;
        r->first = r->min = (BoardPos){run.start, y};
        r->max = (BoardPos){x - 1, y};
        r->squares = x - run.start;
        return next + 1;
    }
    r->squares += x - run.start;
    if (run.start < r->min.x)
        r->min.x = run.start;
    if (x - 1 > r->max.x)
        r->max.x = x - 1;
    r->max.y = y;
    return next;
}

/* Gathers the facts of the rooms in row y run by run; returns the new next
 * (see note_run). Chunks that continue the current run (flat areas) are
 * skipped with a few compares. */
static int32_t note_row(const Board *b, BoardRoom *info, int y, int32_t next)
{
    int w = b->grid.width;
    const int32_t *row = b->rooms + (int64_t)y * w;
    RoomRun run = {row[0], 0};
    int x = 1;
    for (; x + LABEL_CHUNK <= w; x += LABEL_CHUNK) {
        if (rooms_same(row + x, run.room))
            continue;
        for (int j = x; j < x + LABEL_CHUNK; j++) {
            if (row[j] != run.room) {
                next = note_run(b, info, run, j, y, next);
                run = (RoomRun){row[j], j};
            }
        }
    }
    for (; x < w; x++) {
        if (row[x] != run.room) {
            next = note_run(b, info, run, x, y, next);
            run = (RoomRun){row[x], x};
        }
    }
    return note_run(b, info, run, w, y, next);
}

/* Sets the east and south wall bits of row y, with south the row below
 * (NULL for the last row); returns the number of walls on those edges and
 * on the row's west (and for the first row, north) outline. Two squares
 * differ in room exactly when a wall stands between them: walkable rooms
 * are >= 1 and everything else is -1. Beyond the board every walkable
 * square has a wall. */
static int64_t wall_row(Square *restrict sq, const int32_t *restrict row,
                        const int32_t *restrict south, int w, bool first_row)
{
    int64_t walls = row[0] > 0;
    if (first_row)
        for (int x = 0; x < w; x++)
            walls += row[x] > 0;
    int64_t east_walls = 0, south_walls = 0;
    for (int x = 0; x + 1 < w; x++) {
        int east = row[x] != row[x + 1];
        int down = south ? row[x] != south[x] : row[x] > 0;
        sq[x].edges = (uint8_t)(east * EDGE_EAST | down * EDGE_SOUTH);
        east_walls += east;
        south_walls += down;
    }
    int last = w - 1;
    int east = row[last] > 0;
    int down = south ? row[last] != south[last] : row[last] > 0;
    sq[last].edges = (uint8_t)(east * EDGE_EAST | down * EDGE_SOUTH);
    return walls + east_walls + south_walls + east + down;
}

/* Sets the wall bits and counts walls. */
static void build_walls(Board *b)
{
    int64_t walls = 0;
    for (int y = 0; y < b->grid.height; y++) {
        int64_t i = (int64_t)y * b->grid.width;
        const int32_t *row = b->rooms + i;
        walls += wall_row(b->squares + i, row, y + 1 < b->grid.height ? row + b->grid.width : NULL,
                          b->grid.width, y == 0);
    }
    b->wall_count = walls;
}

/* Gathers the facts of every room in one pass over the room array. */
static BoardRoom *gather_room_facts(const Board *b)
{
    /* every room's entry is set at its first square */
    BoardRoom *info = xmalloc_big((size_t)b->room_count + 1, sizeof *info);
    memset(&info[0], 0, sizeof info[0]);
    int32_t next = 1;
    for (int y = 0; y < b->grid.height; y++)
        next = note_row(b, info, y, next);
    assert(next == b->room_count + 1);
    return info;
}

/* Colours that share an area form rooms together: while labelling, every
 * square of an area wears the area's first colour, so the labeller (which
 * compares colours) joins them; afterwards each square gets its own colour
 * back, so rooms keep their squares' colours for tiles and names. Returns
 * the squares' own colours to put back, or NULL when no colour is in an
 * area (the usual case: then this costs one look at the palette). */
static uint16_t *wear_area_colours(Board *b)
{
    bool any = false;
    for (int i = 0; i < b->palette_size; i++)
        any |= b->palette[i].area != 0;
    if (!any)
        return NULL;
    uint16_t *first = xmalloc((size_t)b->palette_size, sizeof *first);
    for (int i = 0; i < b->palette_size; i++) {
        first[i] = (uint16_t)i;
        for (int j = 0; j < i && b->palette[i].area; j++)
            if (b->palette[j].area == b->palette[i].area) {
                first[i] = (uint16_t)j;
                break;
            }
    }
    size_t area = (size_t)grid_area(&b->grid);
    uint16_t *own = xmalloc(area, sizeof *own);
    for (size_t i = 0; i < area; i++) {
        own[i] = b->squares[i].colour;
        b->squares[i].colour = first[own[i]];
    }
    free(first);
    return own;
}

static void restore_colours(Board *b, uint16_t *own)
{
    if (!own)
        return;
    size_t area = (size_t)grid_area(&b->grid);
    for (size_t i = 0; i < area; i++)
        b->squares[i].colour = own[i];
    free(own);
}

Board *board_create(const BoardSpec *spec, char *err, size_t err_size)
{
    assert(spec && spec->width > 0 && spec->height > 0 && spec->rgba);
    /* Rooms and the labeller's square indices are 32-bit. */
    if ((int64_t)spec->width * spec->height > INT32_MAX) {
        snprintf(err, err_size, "bitmap of %dx%d squares: a board has at most %d squares",
                 spec->width, spec->height, INT32_MAX);
        return NULL;
    }
    int64_t max_rooms = spec->max_rooms > 0 ? spec->max_rooms : BOARD_DEFAULT_MAX_ROOMS;
    Board *b = xcalloc(1, sizeof *b);
    b->grid = grid_make(spec->width, spec->height, spec->shape ? spec->shape->topology : GRID_SQUARE4);
    if (spec->shape) {
        grid_set_diagonal(&b->grid, spec->shape->diag_num, spec->shape->diag_den);
        b->grid.hex_even = spec->shape->hex_even;
    }
    b->facts = xcalloc(1, sizeof *b->facts);
    size_t area = (size_t)grid_area(&b->grid);

    double t0 = timer_now_ms();
    b->squares = xmalloc_big(area, sizeof *b->squares);
    bool typed = type_squares(b, spec, err, err_size);
    if (spec->pixels_done)
        spec->pixels_done(spec->pixels_ctx);
    if (!typed) {
        board_destroy(b);
        return NULL;
    }
    double t1 = timer_now_ms();
    /* Allocated here so that making its pages counts as labelling. */
    b->rooms = (int32_t *)xmalloc_big(area + ROOMS_PAD, sizeof *b->rooms) + ROOMS_PAD;
    b->rooms[-1] = -1;
    bool hex = b->grid.topology == GRID_HEX;
    int32_t rooms = 0;
    uint16_t *own = wear_area_colours(b);
    bool labelled = hex ? board_hex_label(&b->grid, b->squares, b->rooms, max_rooms, &rooms, err,
                                          err_size)
                        : label_rooms(b, max_rooms, err, err_size);
    restore_colours(b, own);
    if (!labelled) {
        board_destroy(b);
        return NULL;
    }
    if (hex)
        b->room_count = rooms;
    double t2 = timer_now_ms();
    if (hex)
        b->wall_count = board_hex_walls(&b->grid, b->squares, b->rooms);
    else
        build_walls(b);
    double t3 = timer_now_ms();
    b->timings = (BoardTimings){t1 - t0, t2 - t1, t3 - t2};
    return b;
}

void board_destroy(Board *board)
{
    if (!board)
        return;
    xfree_big(board->squares, (size_t)grid_area(&board->grid), sizeof *board->squares);
    if (board->rooms)
        xfree_big(board->rooms - ROOMS_PAD, (size_t)grid_area(&board->grid) + ROOMS_PAD,
                  sizeof *board->rooms);
    free(board->palette);
    BoardRoom *info = board->facts ? atomic_load(&board->facts->info) : NULL;
    if (info)
        xfree_big(info, (size_t)board->room_count + 1, sizeof *info);
    free(board->facts);
    free(board);
}

const Grid *board_grid(const Board *board)
{
    return &board->grid;
}

int board_width(const Board *board)
{
    return board->grid.width;
}

int board_height(const Board *board)
{
    return board->grid.height;
}

bool board_contains(const Board *board, BoardPos pos)
{
    return grid_contains(&board->grid, pos);
}

static const Square *square_at(const Board *board, BoardPos pos)
{
    if (!grid_contains(&board->grid, pos))
        return NULL;
    return &board->squares[grid_index(&board->grid, pos)];
}

SquareType board_type(const Board *board, BoardPos pos)
{
    const Square *s = square_at(board, pos);
    return s ? (SquareType)s->type : SQUARE_NONE;
}

bool board_walkable(const Board *board, BoardPos pos)
{
    return board_type(board, pos) == SQUARE_WALKABLE;
}

uint32_t board_rgb(const Board *board, BoardPos pos)
{
    const Square *s = square_at(board, pos);
    if (!s)
        return 0;
    uint32_t key = board->palette[s->colour].key;
    return key == KEY_TRANSPARENT ? 0 : key;
}

int board_colour_index(const Board *board, BoardPos pos)
{
    const Square *s = square_at(board, pos);
    return s ? s->colour : -1;
}

int board_palette_size(const Board *board)
{
    return board->palette_size;
}

uint32_t board_palette_rgb(const Board *board, int index)
{
    assert(index >= 0 && index < board->palette_size);
    uint32_t key = board->palette[index].key;
    return key == KEY_TRANSPARENT ? 0 : key;
}

bool board_palette_transparent(const Board *board, int index)
{
    assert(index >= 0 && index < board->palette_size);
    return board->palette[index].key == KEY_TRANSPARENT;
}

int32_t board_room(const Board *board, BoardPos pos)
{
    if (!grid_contains(&board->grid, pos))
        return -1;
    return board->rooms[grid_index(&board->grid, pos)];
}

int32_t board_room_count(const Board *board)
{
    return board->room_count;
}

const BoardRoom *board_room_info(const Board *board, int32_t room)
{
    assert(room >= 1 && room <= board->room_count);
    BoardRoom *info = atomic_load_explicit(&board->facts->info, memory_order_acquire);
    if (!info) {
        BoardRoom *fresh = gather_room_facts(board);
        if (atomic_compare_exchange_strong_explicit(&board->facts->info, &info, fresh,
                                                    memory_order_acq_rel, memory_order_acquire))
            info = fresh;
        else
            xfree_big(fresh, (size_t)board->room_count + 1, sizeof *fresh);
    }
    return &info[room];
}

bool board_wall_block(const Board *board, BoardPos pos, GridDir side)
{
    if (board->grid.topology != GRID_HEX || side == GRID_DIR_EAST || side == GRID_DIR_WEST)
        return board_wall(board, pos, side);
    if (side == GRID_DIR_NORTH)
        return board_wall(board, pos, GRID_DIR_NORTHEAST) || board_wall(board, pos, GRID_DIR_NORTHWEST);
    return board_wall(board, pos, GRID_DIR_SOUTHEAST) || board_wall(board, pos, GRID_DIR_SOUTHWEST);
}

bool board_wall(const Board *board, BoardPos pos, GridDir dir)
{
    if (board->grid.topology == GRID_HEX) {
        if (!grid_contains(&board->grid, pos))
            return false;
        return board_hex_wall(&board->grid, board->squares, board->rooms, pos, dir);
    }
    assert(dir >= GRID_DIR_NORTH && dir <= GRID_DIR_WEST);
    const Square *s = square_at(board, pos);
    if (!s)
        return false;
    switch (dir) {
    case GRID_DIR_EAST:
        return s->edges & EDGE_EAST;
    case GRID_DIR_SOUTH:
        return s->edges & EDGE_SOUTH;
    default: {
        /* West and north edges belong to the neighbour; on the outline
         * nothing owns them, so the rule is applied here. */
        BoardPos n = grid_step(&board->grid, pos, dir);
        const Square *o = square_at(board, n);
        if (!o)
            return s->type == SQUARE_WALKABLE && board->rooms[grid_index(&board->grid, pos)] > 0;
        return o->edges & (dir == GRID_DIR_WEST ? EDGE_EAST : EDGE_SOUTH);
    }
    }
}

int64_t board_wall_count(const Board *board)
{
    return board->wall_count;
}

int64_t board_walkable_count(const Board *board)
{
    return board->walkable_count;
}

BoardTimings board_timings(const Board *board)
{
    return board->timings;
}
