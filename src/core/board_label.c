/* Rooms of square (and square8) boards: two passes over the rows, the
 * union-find forest kept in the room array (docs/architecture.md, "Board
 * core"; docs/benchmarks.md, "Room labelling"). */
#include "board.h"

#include "alloc.h"
#include "i18n.h"
#include "board_internal.h"
#include "board_lanes.h"
#include "unionfind.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The union-find forest (unionfind.h) is kept in the room array itself: a
 * provisional label is the index of the square that started it, and the
 * room array entry of that square is its parent. Unions keep the smaller
 * index as root, so a set's root is its first square in row-major order:
 * that is what makes the final numbering come out in that order. */

/* c ? a : b computed with masks: compilers turn some ?: into branches, and
 * where c follows the colours of a noisy bitmap those mispredict. */
static inline int32_t select32(bool c, int32_t a, int32_t b)
{
    return b ^ ((a ^ b) & -(int32_t)c);
}

/* A key no square has (keys are 16-bit colour indices): what lies beyond
 * the board's west side. */
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
_Static_assert(LABEL_CHUNK == 8, "keys8_equal compares eight squares");

typedef enum ChunkKind { CHUNK_SQUARES, CHUNK_WEST, CHUNK_NORTH, CHUNK_KIND_COUNT } ChunkKind;

/* True when the LABEL_CHUNK keys from sq all equal key k. */
static bool chunk_same(const uint16_t *sq, uint32_t k)
{
    uint64_t kk = k * 0x0001000100010001ull, a, b;
    memcpy(&a, sq, sizeof a);
    memcpy(&b, sq + 4, sizeof b);
    return ((a ^ kk) | (b ^ kk)) == 0;
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
    const uint16_t *sq, *north;  /* keys of this row and the one above */
    const int32_t *north_labels; /* provisional labels of the row above */
    int32_t *labels;             /* provisional labels of this row */
    int32_t *forest;             /* the room array, indexed by square */
    int32_t *meets;              /* squares whose union waits for the row's end */
    int32_t start;               /* index of the row's first square */
} LabelRow;

/* Labels square x. Written without branches on the colours, except for the
 * rare union: on noisy bitmaps mispredicted branches are what costs. When
 * the west, north and north-west squares all match, west and north are
 * joined through the north-west one already and need no union. Squares of
 * every type are labelled alike (a set whose colour is not walkable is
 * numbered -1 in the second pass), so no square needs its type here. */
static inline LabelWest label_square(const LabelRow *r, int x, LabelWest s)
{
    uint32_t k = r->sq[x], kn = r->north[x];
    int32_t ln = r->north_labels[x], i = r->start + x;
    int32_t lab = select32(k == s.kw, s.lw, select32(k == kn, ln, i));
    /* one compare that is rarely true on noise decides the branch: some
     * compilers split a chain of && or & into one unpredictable branch
     * each */
    if (((k ^ s.kw) | (k ^ kn)) == 0 && k != s.knw)
        lab = uf_join(r->forest, s.lw, ln);
    r->labels[x] = lab;
    r->forest[i] = lab;
    return (LabelWest){k, kn, lab};
}

#ifdef BOARD_LABEL_LANES
/* Four squares at a time in lanes (board_lanes.h): on noisy bitmaps the
 * labeller is bound by the number of instructions per square, and lanes
 * need about a quarter. */

/* Labels the four squares from x, which has a square west of it. lw is
 * the label of that square; returns the label of the last of the four.
 * Each square takes its west neighbour's label when their keys match,
 * else its north neighbour's, else a new one: the copying from the west
 * is a scan over runs of matching lanes, done in two steps of doubling
 * width; lanes whose run reaches back past the first take lw. */
static inline int32_t label_lanes(const LabelRow *r, int x, int32_t lw, int *meet_count)
{
    WordLanes k = keys_load(r->sq + x), kw = keys_load(r->sq + x - 1);
    WordLanes kn = keys_load(r->north + x), knw = keys_load(r->north + x - 1);
    Lanes ln = lanes_load(r->north_labels + x);
    Lanes index = (Lanes){0, 1, 2, 3} + (r->start + x);
    Lanes north = k == kn, west = k == kw;
    Lanes lab = lanes_take_west(lanes_select(north, ln, index), west, lw);
    lanes_store(r->labels + x, lab);
    lanes_store(r->forest + r->start + x, lab);
    /* West and north match but north-west does not: two labels meet. The
     * squares are noted without a branch (on noise one square in twenty
     * meets, at random) and joined at the row's end. */
    lanes_note(r->meets, meet_count, west & north & ~(kn == knw), x);
    return lab[3];
}

/* Labels the LABEL_CHUNK squares from x. */
static inline LabelWest label_chunk_squares(const LabelRow *r, int x, LabelWest s, int *meet_count)
{
    int32_t lw = label_lanes(r, x, s.lw, meet_count);
    lw = label_lanes(r, x + 4, lw, meet_count);
    return (LabelWest){r->sq[x + 7], r->north[x + 7], lw};
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
        } else if (keys8_equal(r->sq + x, r->north + x) &&
                   (r->sq[x] != s.kw || s.kw == s.knw)) {
            kinds[c] = CHUNK_NORTH;
            for (int j = 0; j < LABEL_CHUNK; j++)
                r->labels[x + j] = r->north_labels[x + j];
            s.kw = s.knw = r->sq[x + LABEL_CHUNK - 1];
            s.lw = r->labels[x + LABEL_CHUNK - 1];
        } else {
            kinds[c] = CHUNK_SQUARES;
            s = label_chunk_squares(r, x, s, &meet_count);
        }
    }
    for (; x < w; x++)
        s = label_square(r, x, s);
    for (int e = 0; e < meet_count; e++)
        uf_join(r->forest, r->labels[r->meets[e]], r->north_labels[r->meets[e]]);
}

/* First pass over the first row, which has no row above: a square takes
 * its west neighbour's label when their keys match, else a new one; every
 * chunk is CHUNK_SQUARES. */
static void label_first_row(const uint16_t *keys, int32_t *labels, int32_t *forest, int w,
                            uint8_t *kinds)
{
    int32_t lw = 0;
    for (int x = 0; x < w; x++) {
        lw = select32(x > 0 && keys[x] == keys[x - 1], lw, x);
        labels[x] = forest[x] = lw;
    }
    memset(kinds, CHUNK_SQUARES, (size_t)label_chunks(w));
}

/* What the second pass reads besides the room array: the squares' keys and
 * which keys are walkable. */
typedef struct ResolveKeys {
    const uint16_t *keys;
    const uint8_t *open;
} ResolveKeys;

/* Second pass, square i: every earlier square already holds its final
 * room, so a root takes the next number (-1 when its key is not walkable:
 * then so do all its set's squares) and any other square its parent's
 * room. rooms counts the rooms numbered so far. */
static inline int32_t resolve_square(int32_t *room, ResolveKeys k, int32_t i, int32_t *rooms)
{
    int32_t v = room[i];
    int32_t parent = room[v];
    bool root = v == i, open = k.open[k.keys[i]];
    *rooms += root & open;
    return select32(root, select32(open, *rooms, -1), parent);
}

/* Second pass over the row starting at square start; returns the new room
 * count. Chunks taken whole in the first pass copy the room west of them
 * or the rooms above them. */
static int32_t resolve_row(int32_t *room, ResolveKeys k, int32_t start, int w,
                           const uint8_t *kinds, int32_t rooms)
{
    int32_t *row = room + start;
    row[0] = resolve_square(room, k, start, &rooms);
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
                row[x + j] = resolve_square(room, k, start + x + j, &rooms);
        }
    }
    for (; x < w; x++)
        row[x] = resolve_square(room, k, start + x, &rooms);
    return rooms;
}

/* The square where room number room starts: the first square holding it
 * in row y, where rooms were numbered past the limit. */
static BoardPos room_start(const int32_t *rooms, int w, int y, int32_t room)
{
    const int32_t *row = rooms + (int64_t)y * w;
    int x = 0;
    while (x + 1 < w && row[x] != room)
        x++;
    return (BoardPos){x, y};
}

/* First pass over every row: provisional labels into rooms[], each chunk's
 * kind into kinds. */
static void label_rows(const Grid *grid, const uint16_t *keys, int32_t *rooms, uint8_t *kinds)
{
    int w = grid->width, h = grid->height;
    int chunks = label_chunks(w);
    /* provisional labels of two rows in turn */
    int32_t *labels = xmalloc((size_t)w * 2, sizeof *labels);
    int32_t *meets = xmalloc((size_t)w + 4, sizeof *meets); /* + one vector's slack */
    label_first_row(keys, labels, rooms, w, kinds);
    for (int y = 1; y < h; y++) {
        const uint16_t *sq = keys + (int64_t)y * w;
        LabelRow r = {sq, sq - w, labels + (size_t)((y + 1) & 1) * w,
                      labels + (size_t)(y & 1) * w, rooms, meets, (int32_t)((int64_t)y * w)};
        label_row(&r, w, kinds + (size_t)chunks * y);
    }
    free(labels);
    free(meets);
}

bool board_square_label(const Grid *grid, const uint16_t *keys, const uint8_t *open,
                        int32_t *rooms, int64_t max_rooms, int32_t *count, char *err,
                        size_t err_size)
{
    int w = grid->width, h = grid->height;
    int chunks = label_chunks(w);
    uint8_t *kinds = xmalloc((size_t)chunks * h + 1, 1); /* ChunkKind of every chunk */
    label_rows(grid, keys, rooms, kinds);
    ResolveKeys k = {keys, open};
    int32_t n = 0;
    for (int y = 0; y < h; y++) {
        n = resolve_row(rooms, k, (int32_t)((int64_t)y * w), w, kinds + (size_t)chunks * y, n);
        if (n > max_rooms) {
            BoardPos p = room_start(rooms, w, y, (int32_t)max_rooms + 1);
            snprintf(err, err_size,
                     _("pixel (%d,%d) starts room %lld, over the limit of %lld rooms (a mission "
                       "has tens or hundreds; --max-rooms raises the limit)"),
                     p.x, p.y, (long long)max_rooms + 1, (long long)max_rooms);
            free(kinds);
            return false;
        }
    }
    *count = n;
    free(kinds);
    return true;
}
