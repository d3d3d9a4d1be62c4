/* The editor's rooms (editrooms.h), changed square by square:
 *
 *   - a square leaving its room R: when R's squares around it (its ring:
 *     the eight squares about a square, the six hexes about a hex) that
 *     touch it by an edge lie on one arc of the ring, they stay joined
 *     without it, so R only shrinks. Otherwise R may fall apart: one
 *     search starts from each arc, all taking one step in turn; searches
 *     that meet join, and a search that runs out before meeting the others
 *     has walked a piece of R cut off, which becomes a room of its own.
 *     The last piece keeps R without being walked, so a cut costs about
 *     the smaller side;
 *   - a square joining the rooms of its key beside it: the largest takes
 *     it and the others are walked into it.
 *
 * Labelling everything (a new board, new overrides, most of the squares
 * changed at once) goes through board_create's labeller, the fastest
 * there is here. No recursion; queues grow as needed. */
#include "editrooms.h"

#include "../core/alloc.h"

#include <stdlib.h>
#include <string.h>

/* What a square is, as one number: two floor squares with the same key
 * belong together. */
enum {
    KEY_NONE = 0,
    KEY_BLOCKED = 1,
    KEY_COLOUR = 2,       /* + 0xRRGGBB */
    KEY_AREA = 0x2000000, /* + the area's number */
};

/* A square's room id: >= 0 a room, NO_ROOM none; while a room is cut,
 * squares a search has reached wear MARK - search. */
#define NO_ROOM (-1)
#define MARK (-3)
#define MAX_SEARCHES 8

/* Changing more than this share of the squares at once labels all. */
#define RELABEL_ALL_SHARE 16

typedef struct Override {
    uint32_t rgb;
    int order; /* place in the caller's list: the first of a colour counts, as in board.c */
    SquareType type;
    uint16_t area;
} Override;

/* A growing list of square indices. */
typedef struct SquareList {
    uint32_t *at;
    size_t count, cap;
} SquareList;

struct EditRooms {
    Grid grid;
    int64_t area;
    uint32_t *keys; /* per square */
    int32_t *ids;   /* per square: room id or NO_ROOM */
    Override *over; /* sorted by colour, then order */
    BoardTypeOverride *given; /* as the caller gave them, for board_create */
    int over_count;
    /* per room id */
    int64_t *sizes; /* 0: the id is free */
    int32_t id_cap;
    int32_t *free_ids; /* ids to reuse, a stack */
    int32_t free_count;
    int32_t next_id; /* ids below it have been handed out */
    int32_t count;   /* rooms alive */
    /* numbering as the board's, rebuilt on demand */
    int32_t *numbers; /* per id */
    bool numbered;
    SquareList queue;
    SquareList search[MAX_SEARCHES];
    int64_t last_work;
};

static void list_push(SquareList *l, uint32_t i)
{
    if (l->count == l->cap) {
        l->cap = l->cap ? l->cap * 2 : 1024;
        l->at = xrealloc(l->at, l->cap, sizeof *l->at);
    }
    l->at[l->count++] = i;
}

/* ---- keys ---- */

static int compare_override(const void *a, const void *b)
{
    const Override *x = a, *y = b;
    if (x->rgb != y->rgb)
        return x->rgb < y->rgb ? -1 : 1;
    return x->order - y->order;
}

static void set_overrides(EditRooms *r, const BoardTypeOverride *over, int count)
{
    free(r->over);
    free(r->given);
    r->over = count > 0 ? xmalloc((size_t)count, sizeof *r->over) : NULL;
    r->given = count > 0 ? xmalloc((size_t)count, sizeof *r->given) : NULL;
    for (int i = 0; i < count; i++) {
        r->over[i] = (Override){over[i].rgb & 0xffffff, i, over[i].type, over[i].area};
        r->given[i] = over[i];
    }
    r->over_count = count;
    if (count > 1)
        qsort(r->over, (size_t)count, sizeof *r->over, compare_override);
}

/* The first override of colour rgb, or NULL. */
static const Override *find_override(const EditRooms *r, uint32_t rgb)
{
    int lo = 0, hi = r->over_count;
    while (lo < hi) {
        int mid = lo + (hi - lo) / 2;
        if (r->over[mid].rgb < rgb)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < r->over_count && r->over[lo].rgb == rgb ? &r->over[lo] : NULL;
}

static uint32_t key_of(const EditRooms *r, const uint8_t *p)
{
    if (p[3] == 0)
        return KEY_NONE;
    uint32_t rgb = (uint32_t)p[0] << 16 | (uint32_t)p[1] << 8 | p[2];
    const Override *o = r->over_count ? find_override(r, rgb) : NULL;
    SquareType t = o ? o->type : board_default_type(rgb);
    if (t == SQUARE_NONE)
        return KEY_NONE;
    if (t == SQUARE_BLOCKED)
        return KEY_BLOCKED;
    return o && o->area ? (uint32_t)KEY_AREA + o->area : (uint32_t)KEY_COLOUR + rgb;
}

/* ---- neighbours ---- */

/* The squares sharing an edge with square i (4, or 6 on hexes). */
static int neighbours(const EditRooms *r, uint32_t i, uint32_t out[6])
{
    const Grid *g = &r->grid;
    int w = g->width, x = (int)(i % (uint32_t)w), y = (int)(i / (uint32_t)w);
    int n = 0;
    if (g->topology != GRID_HEX) {
        if (y > 0)
            out[n++] = i - (uint32_t)w;
        if (x + 1 < w)
            out[n++] = i + 1;
        if (y + 1 < g->height)
            out[n++] = i + (uint32_t)w;
        if (x > 0)
            out[n++] = i - 1;
        return n;
    }
    int count;
    const GridDir *dirs = grid_edge_dirs(g, &count);
    for (int k = 0; k < count; k++) {
        BoardPos q = grid_step(g, (BoardPos){x, y}, dirs[k]);
        if (grid_contains(g, q))
            out[n++] = (uint32_t)q.y * (uint32_t)w + (uint32_t)q.x;
    }
    return n;
}

/* The ring around square i in turning order: the 8 squares about a square
 * (N NE E SE S SW W NW; the even places share an edge with it) or the 6
 * hexes about a hex (all share an edge). Off-grid places are -1. Returns
 * the ring's length. */
static int ring(const EditRooms *r, uint32_t i, int64_t out[8], bool edge[8])
{
    const Grid *g = &r->grid;
    int w = g->width;
    BoardPos p = {(int)(i % (uint32_t)w), (int)(i / (uint32_t)w)};
    if (g->topology != GRID_HEX) {
        static const int dx[8] = {0, 1, 1, 1, 0, -1, -1, -1}, dy[8] = {-1, -1, 0, 1, 1, 1, 0, -1};
        for (int k = 0; k < 8; k++) {
            BoardPos q = {p.x + dx[k], p.y + dy[k]};
            out[k] = grid_contains(g, q) ? (int64_t)q.y * w + q.x : -1;
            edge[k] = k % 2 == 0;
        }
        return 8;
    }
    int count;
    const GridDir *dirs = grid_edge_dirs(g, &count);
    for (int k = 0; k < count; k++) {
        BoardPos q = grid_step(g, p, dirs[k]);
        out[k] = grid_contains(g, q) ? (int64_t)q.y * w + q.x : -1;
        edge[k] = true;
    }
    return count;
}

/* ---- ids ---- */

static int32_t new_id(EditRooms *r)
{
    int32_t id;
    if (r->free_count) {
        id = r->free_ids[--r->free_count];
    } else {
        if (r->next_id == r->id_cap) {
            r->id_cap = r->id_cap ? r->id_cap * 2 : 256;
            r->sizes = xrealloc(r->sizes, (size_t)r->id_cap, sizeof *r->sizes);
            r->numbers = xrealloc(r->numbers, (size_t)r->id_cap, sizeof *r->numbers);
            r->free_ids = xrealloc(r->free_ids, (size_t)r->id_cap, sizeof *r->free_ids);
        }
        id = r->next_id++;
    }
    r->sizes[id] = 0;
    r->count++;
    return id;
}

static void free_id(EditRooms *r, int32_t id)
{
    r->sizes[id] = 0;
    r->free_ids[r->free_count++] = id;
    r->count--;
}

/* Relabels every square with id from into id to, walking from square
 * start; returns how many. */
static int64_t walk_relabel(EditRooms *r, uint32_t start, int32_t from, int32_t to)
{
    r->queue.count = 0;
    r->ids[start] = to;
    list_push(&r->queue, start);
    for (size_t head = 0; head < r->queue.count; head++) {
        uint32_t nb[6];
        int n = neighbours(r, r->queue.at[head], nb);
        for (int k = 0; k < n; k++)
            if (r->ids[nb[k]] == from) {
                r->ids[nb[k]] = to;
                list_push(&r->queue, nb[k]);
            }
    }
    r->last_work += (int64_t)r->queue.count;
    return (int64_t)r->queue.count;
}

/* ---- labelling everything ---- */

/* Labels every square with the board's own labeller, or (when a board
 * cannot be made of the pixels: too many colours) by search. */
static void label_all(EditRooms *r, const uint8_t *rgba)
{
    r->count = 0;
    r->next_id = 0;
    r->free_count = 0;
    uint32_t last_key = 0;
    for (int64_t i = 0; i < r->area; i++) {
        /* boards are mostly runs of one colour */
        if (i == 0 || memcmp(rgba + i * 4, rgba + (i - 1) * 4, 4) != 0)
            last_key = key_of(r, rgba + i * 4);
        r->keys[i] = last_key;
    }
    BoardSpec spec = {.width = r->grid.width, .height = r->grid.height, .rgba = rgba,
                      .overrides = r->given, .override_count = r->over_count,
                      .max_rooms = r->area + 1, .shape = &r->grid};
    char err[256];
    Board *b = board_create(&spec, err, sizeof err);
    if (b) {
        int32_t rooms = board_room_count(b);
        while (r->next_id < rooms)
            new_id(r);
        int w = r->grid.width;
        for (int64_t i = 0; i < r->area; i++) {
            int32_t room = board_room(b, (BoardPos){(int)(i % w), (int)(i / w)});
            r->ids[i] = room > 0 ? room - 1 : NO_ROOM;
            if (room > 0)
                r->sizes[room - 1]++;
        }
        board_destroy(b);
    } else {
        for (int64_t i = 0; i < r->area; i++)
            r->ids[i] = r->keys[i] >= KEY_COLOUR ? MARK : NO_ROOM;
        for (int64_t i = 0; i < r->area; i++)
            if (r->ids[i] == MARK) {
                int32_t id = new_id(r);
                r->queue.count = 0;
                uint32_t key = r->keys[i];
                r->ids[i] = id;
                list_push(&r->queue, (uint32_t)i);
                for (size_t head = 0; head < r->queue.count; head++) {
                    uint32_t nb[6];
                    int n = neighbours(r, r->queue.at[head], nb);
                    for (int k = 0; k < n; k++)
                        if (r->ids[nb[k]] == MARK && r->keys[nb[k]] == key) {
                            r->ids[nb[k]] = id;
                            list_push(&r->queue, nb[k]);
                        }
                }
                r->sizes[id] = (int64_t)r->queue.count;
            }
    }
    r->numbered = false;
    r->last_work = r->area;
}

EditRooms *editrooms_create(const Grid *grid, const uint8_t *rgba, const BoardTypeOverride *over,
                            int count)
{
    EditRooms *r = xcalloc(1, sizeof *r);
    editrooms_reset(r, grid, rgba, over, count);
    return r;
}

void editrooms_destroy(EditRooms *r)
{
    if (!r)
        return;
    free(r->keys);
    free(r->ids);
    free(r->over);
    free(r->given);
    free(r->sizes);
    free(r->numbers);
    free(r->free_ids);
    free(r->queue.at);
    for (int k = 0; k < MAX_SEARCHES; k++)
        free(r->search[k].at);
    free(r);
}

void editrooms_reset(EditRooms *r, const Grid *grid, const uint8_t *rgba,
                     const BoardTypeOverride *over, int count)
{
    int64_t area = grid_area(grid);
    if (area != r->area || !r->keys) {
        free(r->keys);
        free(r->ids);
        r->keys = xmalloc((size_t)area, sizeof *r->keys);
        r->ids = xmalloc((size_t)area, sizeof *r->ids);
    }
    r->grid = *grid;
    r->area = area;
    set_overrides(r, over, count);
    label_all(r, rgba);
}

/* ---- a square leaves its room ---- */

/* Whether square s, just taken out of room id, may have cut it: the
 * room's squares about it that share an edge with it do not all lie on
 * one arc of its ring. Writes one such square of each arc to seeds. */
static int arcs_cut(const EditRooms *r, uint32_t s, int32_t id, uint32_t seeds[8])
{
    int64_t cell[8];
    bool edge[8], in[8] = {false};
    int n = ring(r, s, cell, edge), inside = 0;
    for (int k = 0; k < n; k++) {
        in[k] = cell[k] >= 0 && r->ids[cell[k]] == id;
        inside += in[k];
    }
    if (inside == n) /* the whole ring is the room: nothing is cut */
        return 0;
    /* walk the ring from a place outside the room: each arc starts where
     * the room starts again */
    int start = 0;
    while (in[start])
        start++;
    int arcs = 0;
    bool seeded = false;
    for (int j = 1; j <= n; j++) {
        int k = (start + j) % n;
        if (!in[k]) {
            seeded = false;
            continue;
        }
        if (edge[k] && !seeded) {
            seeds[arcs++] = (uint32_t)cell[k];
            seeded = true;
        }
    }
    return arcs;
}

/* Search k's squares back to room id. */
static void unmark(EditRooms *r, int k, int32_t id)
{
    for (size_t i = 0; i < r->search[k].count; i++)
        r->ids[r->search[k].at[i]] = id;
}

static int group_of(int *group, int k)
{
    while (group[k] != k)
        k = group[k];
    return k;
}

/* Room id lost a square between the seeds (one square of each arc):
 * searches from the seeds in turn tell the pieces it fell into apart. */
static void split(EditRooms *r, int32_t id, const uint32_t *seeds, int n)
{
    int group[MAX_SEARCHES];
    size_t head[MAX_SEARCHES] = {0};
    bool done[MAX_SEARCHES] = {0}; /* the group's searches have all run out */
    for (int k = 0; k < n; k++) {
        group[k] = k;
        r->search[k].count = 0;
        r->ids[seeds[k]] = MARK - k;
        list_push(&r->search[k], seeds[k]);
    }
    int open = n; /* groups still searching */
    while (open > 1) {
        for (int k = 0; k < n && open > 1; k++) {
            int g = group_of(group, k);
            if (done[g] || head[k] >= r->search[k].count)
                continue;
            uint32_t nb[6];
            int m = neighbours(r, r->search[k].at[head[k]++], nb);
            for (int j = 0; j < m; j++) {
                int32_t v = r->ids[nb[j]];
                if (v == id) {
                    r->ids[nb[j]] = MARK - k;
                    list_push(&r->search[k], nb[j]);
                } else if (v <= MARK && v > MARK - n && group_of(group, MARK - v) != g) {
                    /* two searches met: one piece */
                    group[group_of(group, MARK - v)] = g;
                    open--;
                }
            }
            if (open <= 1)
                break; /* all met: nothing is cut off */
            /* a group whose searches all ran out is a piece cut off */
            bool out = true;
            for (int j = 0; j < n && out; j++)
                out = group_of(group, j) != g || head[j] >= r->search[j].count;
            if (out) {
                int32_t piece = new_id(r);
                for (int j = 0; j < n; j++)
                    if (group_of(group, j) == g) {
                        unmark(r, j, piece);
                        r->sizes[piece] += (int64_t)r->search[j].count;
                    }
                r->sizes[id] -= r->sizes[piece];
                done[g] = true;
                open--;
            }
        }
    }
    /* what is still searching is the rest of the room: it keeps its id */
    for (int k = 0; k < n; k++) {
        r->last_work += (int64_t)r->search[k].count;
        if (!done[group_of(group, k)])
            unmark(r, k, id);
    }
}

static void leave(EditRooms *r, uint32_t s)
{
    int32_t id = r->ids[s];
    r->ids[s] = NO_ROOM;
    if (id < 0)
        return;
    if (--r->sizes[id] == 0) {
        free_id(r, id);
        return;
    }
    uint32_t seeds[8];
    int arcs = arcs_cut(r, s, id, seeds);
    if (arcs > 1)
        split(r, id, seeds, arcs);
}

/* ---- a square joins the rooms beside it ---- */

static void join(EditRooms *r, uint32_t s)
{
    uint32_t key = r->keys[s], nb[6], from[6];
    int32_t rooms[6];
    int n = neighbours(r, s, nb), count = 0;
    if (key < KEY_COLOUR)
        return;
    for (int k = 0; k < n; k++) {
        int32_t id = r->ids[nb[k]];
        bool seen = false;
        for (int j = 0; j < count; j++)
            seen = seen || rooms[j] == id;
        if (id >= 0 && !seen && r->keys[nb[k]] == key) {
            rooms[count] = id;
            from[count++] = nb[k];
        }
    }
    if (count == 0) {
        r->ids[s] = new_id(r);
        r->sizes[r->ids[s]] = 1;
        return;
    }
    int big = 0;
    for (int j = 1; j < count; j++)
        big = r->sizes[rooms[j]] > r->sizes[rooms[big]] ? j : big;
    int32_t to = rooms[big];
    for (int j = 0; j < count; j++)
        if (j != big) {
            r->sizes[to] += walk_relabel(r, from[j], rooms[j], to);
            free_id(r, rooms[j]);
        }
    r->ids[s] = to;
    r->sizes[to]++;
}

void editrooms_update(EditRooms *r, const uint8_t *rgba, const int64_t *squares, size_t n)
{
    r->last_work = 0;
    if ((int64_t)n > r->area / RELABEL_ALL_SHARE) {
        label_all(r, rgba);
        return;
    }
    for (size_t i = 0; i < n; i++) {
        uint32_t s = (uint32_t)squares[i];
        uint32_t key = key_of(r, rgba + (size_t)s * 4);
        if (key == r->keys[s])
            continue; /* rooms depend on keys alone */
        leave(r, s);
        r->keys[s] = key;
        join(r, s);
        r->last_work++;
    }
    r->numbered = false;
}

/* ---- questions ---- */

const Grid *editrooms_grid(const EditRooms *r)
{
    return &r->grid;
}

static bool inside(const EditRooms *r, BoardPos p)
{
    return grid_contains(&r->grid, p);
}

static int64_t index_of(const EditRooms *r, BoardPos p)
{
    return (int64_t)p.y * r->grid.width + p.x;
}

SquareType editrooms_type(const EditRooms *r, BoardPos pos)
{
    if (!inside(r, pos))
        return SQUARE_NONE;
    uint32_t k = r->keys[index_of(r, pos)];
    return k == KEY_NONE ? SQUARE_NONE : k == KEY_BLOCKED ? SQUARE_BLOCKED : SQUARE_WALKABLE;
}

static void number_rooms(EditRooms *r)
{
    for (int32_t id = 0; id < r->next_id; id++)
        r->numbers[id] = 0;
    int32_t next = 0;
    for (int64_t i = 0; i < r->area; i++) {
        int32_t id = r->ids[i];
        if (id >= 0 && r->numbers[id] == 0)
            r->numbers[id] = ++next;
    }
    r->numbered = true;
}

int32_t editrooms_number(EditRooms *r, BoardPos pos)
{
    if (!inside(r, pos))
        return -1;
    int32_t id = r->ids[index_of(r, pos)];
    if (id < 0)
        return -1;
    if (!r->numbered)
        number_rooms(r);
    return r->numbers[id];
}

bool editrooms_same_room(const EditRooms *r, BoardPos a, BoardPos b)
{
    if (!inside(r, a) || !inside(r, b))
        return false;
    int32_t ia = r->ids[index_of(r, a)];
    return ia >= 0 && ia == r->ids[index_of(r, b)];
}

int64_t editrooms_room_size(const EditRooms *r, BoardPos pos)
{
    if (!inside(r, pos))
        return 0;
    int32_t id = r->ids[index_of(r, pos)];
    return id >= 0 ? r->sizes[id] : 0;
}

int32_t editrooms_count(const EditRooms *r)
{
    return r->count;
}

bool editrooms_wall(const EditRooms *r, BoardPos pos, GridDir dir)
{
    if (!inside(r, pos) || !grid_is_edge(&r->grid, dir))
        return false;
    int32_t a = r->ids[index_of(r, pos)];
    BoardPos q = grid_step(&r->grid, pos, dir);
    if (!inside(r, q))
        return a >= 0;
    int32_t b = r->ids[index_of(r, q)];
    return a != b;
}

int64_t editrooms_last_work(const EditRooms *r)
{
    return r->last_work;
}
