#include "board.h"

#include "alloc.h"
#include "timer.h"

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Transparent pixels get a key no RGB colour can have, so an opaque black
 * square and a transparent one stay apart in the palette. */
#define KEY_TRANSPARENT 0x01000000u
#define EDGE_EAST 1u
#define EDGE_SOUTH 2u

/* Four bytes a square; the room index lives in its own array because the
 * labeller streams through it. */
typedef struct Square {
    uint16_t colour;
    uint8_t type;
    uint8_t edges;
} Square;

typedef struct PaletteEntry {
    uint32_t key;
    SquareType type;
} PaletteEntry;

struct Board {
    Grid grid;
    Square *squares;
    int32_t *rooms;
    PaletteEntry *palette;
    int palette_size;
    BoardRoom *room_info; /* [1..room_count] */
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

/* Adds a palette entry for key; false when the palette is full. */
static bool palette_add(Board *b, ColourMap *map, size_t slot, uint32_t key, const BoardSpec *spec)
{
    if (b->palette_size >= BOARD_MAX_COLOURS)
        return false;
    if ((b->palette_size & (b->palette_size - 1)) == 0) {
        size_t cap = b->palette_size ? (size_t)b->palette_size * 2 : 16;
        b->palette = xrealloc(b->palette, cap, sizeof *b->palette);
    }
    b->palette[b->palette_size] = (PaletteEntry){key, type_of_key(spec, key)};
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

/* Gives every square its palette index and type. */
static bool type_squares(Board *b, const BoardSpec *spec, char *err, size_t err_size)
{
    ColourMap map;
    colour_map_init(&map, 256);
    int64_t area = grid_area(&b->grid);
    uint32_t last_key = 0xffffffffu;
    int32_t last_index = -1;
    bool ok = true;
    for (int64_t i = 0; i < area; i++) {
        uint32_t key = pixel_key(spec->rgba + i * 4);
        if (key != last_key) {
            if (map.count * 2 >= map.capacity)
                colour_map_grow(&map);
            size_t slot = colour_map_slot(&map, key);
            if (map.keys[slot] == 0 && !palette_add(b, &map, slot, key, spec)) {
                BoardPos p = grid_pos(&b->grid, i);
                snprintf(err, err_size,
                         "pixel (%d,%d): more than %d distinct colours; a mission bitmap "
                         "uses a few flat colours",
                         p.x, p.y, BOARD_MAX_COLOURS);
                ok = false;
                break;
            }
            last_key = key;
            last_index = map.values[slot];
        }
        SquareType t = b->palette[last_index].type;
        b->squares[i] = (Square){(uint16_t)last_index, (uint8_t)t, 0};
        b->walkable_count += t == SQUARE_WALKABLE;
    }
    colour_map_free(&map);
    return ok;
}

/* Union-find over provisional labels. Unions always keep the smaller label
 * as root, so a set's root is the label of its first square in row-major
 * order: that is what makes the final numbering come out in that order.
 * Every square may start a label (neighbours of other colours), so the
 * parent array is sized once for that and never checked. */
typedef struct Labels {
    int32_t *parent;
    int32_t count;
} Labels;

static int32_t labels_find(Labels *l, int32_t x)
{
    while (l->parent[x] != x) {
        l->parent[x] = l->parent[l->parent[x]]; /* path halving */
        x = l->parent[x];
    }
    return x;
}

static int32_t labels_union(Labels *l, int32_t a, int32_t b)
{
    a = labels_find(l, a);
    b = labels_find(l, b);
    if (a < b) {
        l->parent[b] = a;
        return a;
    }
    l->parent[a] = b;
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

/* Labels one row. west/north tell whether those neighbours exist. Written
 * with few branches: on noisy bitmaps mispredicted branches, not memory,
 * are what costs. */
static void label_row(const Square *sq, int32_t *room, int64_t i, int w, bool has_north, Labels *l)
{
    int32_t *parent = l->parent;
    for (int x = 0; x < w; x++, i++) {
        if (sq[i].type != SQUARE_WALKABLE) {
            room[i] = 0;
            continue;
        }
        uint32_t k = square_key(&sq[i]);
        bool sw = x > 0 && square_key(&sq[i - 1]) == k;
        bool sn = has_north && square_key(&sq[i - w]) == k;
        int32_t lw = sw ? room[i - 1] : 0, ln = sn ? room[i - w] : 0;
        int32_t fresh = l->count + 1;
        parent[fresh] = fresh;
        l->count += !(sw | sn);
        int32_t lab = sw ? lw : (sn ? ln : fresh);
        if (sw & sn & (lw != ln))
            lab = labels_union(l, lw, ln);
        room[i] = lab;
    }
}

/* Turns provisional labels into final room numbers in place: a root gets
 * the next number, any other label its root's (already final) number. */
static int32_t label_resolve(Labels *l)
{
    int32_t rooms = 0;
    for (int32_t i = 1; i <= l->count; i++) {
        int32_t p = l->parent[i];
        l->parent[i] = p == i ? ++rooms : l->parent[p];
    }
    return rooms;
}

static void label_rooms(Board *b)
{
    int w = b->grid.width, h = b->grid.height;
    int64_t area = grid_area(&b->grid);
    Labels l = {xmalloc((size_t)area + 2, sizeof(int32_t)), 0};
    l.parent[0] = 0;
    for (int y = 0; y < h; y++)
        label_row(b->squares, b->rooms, (int64_t)y * w, w, y > 0, &l);
    b->room_count = label_resolve(&l);
    int32_t *room = b->rooms;
    for (int64_t i = 0; i < area; i++)
        room[i] = room[i] ? l.parent[room[i]] : -1;
    free(l.parent);
}

static void note_room_square(Board *b, int32_t r, BoardPos p)
{
    BoardRoom *info = &b->room_info[r];
    if (info->squares++ == 0) {
        info->rgb = b->palette[b->squares[grid_index(&b->grid, p)].colour].key;
        info->first = info->min = info->max = p;
        return;
    }
    if (p.x < info->min.x)
        info->min.x = p.x;
    if (p.x > info->max.x)
        info->max.x = p.x;
    info->max.y = p.y;
}

/* Sets the east and south wall bits, counts walls and gathers room facts.
 * Two squares differ in room exactly when a wall stands between them:
 * walkable rooms are >= 1 and everything else is -1. */
static void build_walls(Board *b)
{
    int w = b->grid.width, h = b->grid.height;
    int32_t *room = b->rooms;
    int64_t walls = 0;
    b->room_info = xcalloc((size_t)b->room_count + 1, sizeof *b->room_info);
    for (int y = 0; y < h; y++) {
        for (int x = 0; x < w; x++) {
            int64_t i = (int64_t)y * w + x;
            bool walk = room[i] > 0;
            uint8_t e = 0;
            if (x + 1 < w ? room[i] != room[i + 1] : walk)
                e |= EDGE_EAST;
            if (y + 1 < h ? room[i] != room[i + w] : walk)
                e |= EDGE_SOUTH;
            b->squares[i].edges = e;
            walls += (e & EDGE_EAST) != 0;
            walls += (e & EDGE_SOUTH) != 0;
            walls += walk && x == 0;
            walls += walk && y == 0;
            if (walk)
                note_room_square(b, room[i], (BoardPos){x, y});
        }
    }
    b->wall_count = walls;
}

Board *board_create(const BoardSpec *spec, char *err, size_t err_size)
{
    assert(spec && spec->width > 0 && spec->height > 0 && spec->rgba);
    Board *b = xcalloc(1, sizeof *b);
    b->grid = grid_make(spec->width, spec->height, GRID_SQUARE4);
    size_t area = (size_t)grid_area(&b->grid);
    b->squares = xmalloc(area, sizeof *b->squares);
    b->rooms = xmalloc(area, sizeof *b->rooms);

    double t0 = timer_now_ms();
    if (!type_squares(b, spec, err, err_size)) {
        board_destroy(b);
        return NULL;
    }
    double t1 = timer_now_ms();
    label_rooms(b);
    double t2 = timer_now_ms();
    build_walls(b);
    double t3 = timer_now_ms();
    b->timings = (BoardTimings){t1 - t0, t2 - t1, t3 - t2};
    return b;
}

void board_destroy(Board *board)
{
    if (!board)
        return;
    free(board->squares);
    free(board->rooms);
    free(board->palette);
    free(board->room_info);
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
    return &board->room_info[room];
}

bool board_wall(const Board *board, BoardPos pos, GridDir dir)
{
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
        BoardPos n = grid_step(pos, dir);
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
