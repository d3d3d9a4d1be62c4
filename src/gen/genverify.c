#include "genverify.h"

#include "../core/alloc.h"
#include "../core/i18n.h"
#include "genmap.h"

#include <stdlib.h>
#include <string.h>

/* Unreachable squares named before the rest are only counted. */
#define VERIFY_NAMED 5

/* state bits: EAST_ROOM, SOUTH_ROOM: the square east or south of it
 * lies in another room */
enum { SEEN = 1, BLOCKED = 2, EAST_ROOM = 4, SOUTH_ROOM = 8 };

typedef struct Verify {
    const Mission *m;
    const Board *b;
    /* the board's rooms, row-major: walkable squares are in rooms >= 1,
     * the rest -1 (board.h); read directly, as the accessors cost a call
     * and a bounds check per square and neighbour on big boards */
    const int32_t *rooms;
    int w, h;
    int64_t area;
    /* per square: SEEN reached, BLOCKED no room, furniture that blocks
     * moves or rubble (one array: a step reads one byte to know it may
     * not go there, where reading the rooms too cost a cache miss more
     * per neighbour on a big board) */
    uint8_t *state;
    /* the doors by edge (square index * 2, + 1 for the south side),
     * sorted: a flood asks only where it crosses a wall between rooms,
     * where two arrays over the board cost 8 bytes a square to fill */
    int64_t *door_key;
    int32_t *door_index;
    bool *room_reached;              /* [0..room_count] */
    int32_t *queue; /* square indices: a board has at most GEN_MAX_SIDE squared */
    int64_t tail;
    int *pending; /* locked doors met before their key */
    size_t pending_count;
} Verify;

/* Squares of no room are BLOCKED (a step reads one byte to know it may
 * not go there); each square says whether its east and south
 * neighbours lie in other rooms, so a step reads the rooms only where it
 * crosses into another. */
static void mark_rooms(Verify *v)
{
    const int32_t *rooms = v->rooms;
    for (int32_t y = 0; y < v->h; y++)
        for (int32_t x = 0; x < v->w; x++) {
            int64_t i = (int64_t)y * v->w + x;
            uint8_t s = rooms[i] < 1 ? BLOCKED : 0;
            if (x + 1 < v->w && rooms[i + 1] != rooms[i])
                s |= EAST_ROOM;
            if (y + 1 < v->h && rooms[i + v->w] != rooms[i])
                s |= SOUTH_ROOM;
            v->state[i] = s;
        }
}

static void mark_blocked(Verify *v)
{
    const Mission *m = v->m;
    for (size_t i = 0; i < m->furniture_count; i++) {
        const MissionFurniture *f = &m->furniture[i];
        const PieceType *t = catalogue_find(m->catalogue, f->type);
        if (!t || !(t->flags & PIECE_BLOCKS_MOVE))
            continue;
        for (int y = f->pos.y; y < f->pos.y + f->height; y++)
            for (int x = f->pos.x; x < f->pos.x + f->width; x++)
                if (x >= 0 && y >= 0 && x < v->w && y < v->h)
                    v->state[(int64_t)y * v->w + x] |= BLOCKED;
    }
    for (size_t i = 0; i < m->rubble_count; i++)
        v->state[(int64_t)m->rubble[i].pos.y * v->w + m->rubble[i].pos.x] |= BLOCKED;
}

typedef struct DoorKey {
    int64_t key;
    int32_t index;
} DoorKey;

static int compare_door_key(const void *x, const void *y)
{
    const DoorKey *a = x, *b = y;
    if (a->key != b->key)
        return a->key < b->key ? -1 : 1;
    return (a->index > b->index) - (a->index < b->index);
}

static int64_t edge_key(const Verify *v, BoardPos p, GridDir side)
{
    return ((int64_t)p.y * v->w + p.x) * 2 + (side == GRID_DIR_EAST ? 0 : 1);
}

static void index_doors(Verify *v)
{
    size_t n = v->m->door_count;
    DoorKey *pairs = xmalloc(n + 1, sizeof *pairs);
    for (size_t k = 0; k < n; k++)
        pairs[k] = (DoorKey){edge_key(v, v->m->doors[k].pos, v->m->doors[k].side), (int32_t)k};
    if (n > 1)
        qsort(pairs, n, sizeof *pairs, compare_door_key);
    v->door_key = xmalloc(n + 1, sizeof *v->door_key);
    v->door_index = xmalloc(n + 1, sizeof *v->door_index);
    for (size_t k = 0; k < n; k++) {
        v->door_key[k] = pairs[k].key;
        v->door_index[k] = pairs[k].index;
    }
    free(pairs);
}

/* The door on the edge on side dir of p, or -1; of two doors on one
 * edge the later in the mission's list (as a table filled in order
 * would keep). */
static int32_t door_on(const Verify *v, BoardPos p, GridDir dir)
{
    if (dir == GRID_DIR_WEST || dir == GRID_DIR_NORTH) {
        p = gen_step(p, dir);
        dir = grid_dir_opposite(dir);
    }
    int64_t key = edge_key(v, p, dir);
    size_t lo = 0, hi = v->m->door_count;
    while (lo < hi) { /* the first key above */
        size_t mid = lo + (hi - lo) / 2;
        if (v->door_key[mid] <= key)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo > 0 && v->door_key[lo - 1] == key ? v->door_index[lo - 1] : -1;
}

/* new_room is false for a step within a room, whose room is reached
 * already: its squares' rooms are not read again. */
static void visit_index(Verify *v, int32_t i, bool new_room)
{
    if (v->state[i] & SEEN)
        return;
    v->state[i] |= SEEN;
    int32_t room = new_room ? v->rooms[i] : 0;
    if (room > 0)
        v->room_reached[room] = true;
    v->queue[v->tail++] = i;
}

static void visit(Verify *v, BoardPos p)
{
    visit_index(v, (int32_t)((int64_t)p.y * v->w + p.x), true);
}

static bool key_found(const Verify *v, const MissionDoor *d)
{
    if (d->key_treasure < 0)
        return false;
    const MissionTreasure *t = &v->m->treasure[d->key_treasure];
    return t->room > 0 && v->room_reached[t->room];
}

/* Steps from the queue's squares until it runs dry; locked doors whose
 * key is not found yet wait in pending. Walkable squares are read from
 * the rooms array; two squares of one room have no wall between them, so
 * the board is asked about the wall only where the rooms differ (on
 * square boards a wall stands exactly there: board_walls.c). */
static void flood(Verify *v, int64_t head)
{
    const int32_t w = v->w, h = v->h;
    uint8_t *state = v->state;
    while (head < v->tail) {
        int32_t i = v->queue[head++];
        int32_t y = i / w, x = i - y * w;
        const int32_t next[4] = {i - w, i + 1, i + w, i - 1};
        const bool inside[4] = {y > 0, x + 1 < w, y + 1 < h, x > 0};
        for (int d = 0; d < 4; d++) {
            int32_t j = next[d];
            if (!inside[d] || (state[j] & (SEEN | BLOCKED)))
                continue;
            /* north is the square above's south edge, west the one
             * before's east */
            bool cross = d == 0   ? state[j] & SOUTH_ROOM
                         : d == 1 ? state[i] & EAST_ROOM
                         : d == 2 ? state[i] & SOUTH_ROOM
                                  : state[j] & EAST_ROOM;
            if (cross && board_wall(v->b, (BoardPos){x, y}, (GridDir)d)) {
                int32_t k = door_on(v, (BoardPos){x, y}, (GridDir)d);
                if (k < 0 || v->m->doors[k].kind == DOOR_SECRET)
                    continue;
                if (v->m->doors[k].kind == DOOR_LOCKED && !key_found(v, &v->m->doors[k])) {
                    v->pending[v->pending_count++] = (int)k;
                    continue;
                }
            }
            visit_index(v, j, cross);
        }
    }
}

/* Opens the pending locked doors whose key has been found; true when one
 * let the heroes further. */
static bool open_found_locks(Verify *v)
{
    bool more = false;
    size_t keep = 0;
    for (size_t i = 0; i < v->pending_count; i++) {
        const MissionDoor *d = &v->m->doors[v->pending[i]];
        if (!key_found(v, d)) {
            v->pending[keep++] = v->pending[i];
            continue;
        }
        BoardPos a = d->pos, b = gen_step(d->pos, d->side);
        int64_t ia = (int64_t)a.y * v->w + a.x, ib = (int64_t)b.y * v->w + b.x;
        if ((v->state[ia] & SEEN) != (v->state[ib] & SEEN)) {
            visit(v, v->state[ia] & SEEN ? b : a);
            more = true;
        }
    }
    v->pending_count = keep;
    return more;
}

static bool reached(const Verify *v, BoardPos p)
{
    return board_contains(v->b, p) && (v->state[(int64_t)p.y * v->w + p.x] & SEEN);
}

static void check_squares(const Verify *v, ErrorList *errs)
{
    int named = 0;
    int64_t missed = 0;
    for (int64_t i = 0; i < v->area; i++) {
        if ((v->state[i] & (SEEN | BLOCKED)) || v->rooms[i] < 1)
            continue;
        if (named++ < VERIFY_NAMED)
            errors_add(errs, _("square (%d,%d) in room %d cannot be reached from the start"),
                       (int)(i % v->w), (int)(i / v->w), v->rooms[i]);
        missed++;
    }
    if (missed > VERIFY_NAMED)
        errors_add(errs,
                   ngettext("%lld more square cannot be reached", "%lld more squares cannot be reached",
                            (unsigned long)(missed - VERIFY_NAMED)),
                   (long long)(missed - VERIFY_NAMED));
}

static bool monster_reached(const Verify *v, const char *id)
{
    for (size_t i = 0; i < v->m->monster_count; i++)
        if (strcmp(v->m->monsters[i].id, id) == 0)
            return reached(v, v->m->monsters[i].pos);
    return false;
}

static bool item_reached(const Verify *v, const char *id)
{
    for (size_t i = 0; i < v->m->treasure_count; i++)
        if (strcmp(v->m->treasure[i].id, id) == 0)
            return v->m->treasure[i].room > 0 && v->room_reached[v->m->treasure[i].room];
    return false;
}

/* An exit square or a square of exit furniture (the stairway) reached. */
static bool exit_reached(const Verify *v)
{
    const Mission *m = v->m;
    for (size_t i = 0; i < m->exit_count; i++)
        if (reached(v, m->exits[i].pos))
            return true;
    for (size_t i = 0; i < m->furniture_count; i++) {
        const MissionFurniture *f = &m->furniture[i];
        const PieceType *t = catalogue_find(m->catalogue, f->type);
        for (int y = 0; t && (t->flags & PIECE_EXIT) && y < f->height; y++)
            for (int x = 0; x < f->width; x++)
                if (reached(v, (BoardPos){f->pos.x + x, f->pos.y + y}))
                    return true;
    }
    return false;
}

static bool objective_reached(const Verify *v, const MissionObjective *o)
{
    switch (o->kind) {
    case OBJECTIVE_KILL: return monster_reached(v, o->target);
    case OBJECTIVE_FIND_ITEM: return item_reached(v, o->target);
    case OBJECTIVE_REACH_SQUARE: return reached(v, o->pos);
    case OBJECTIVE_REACH_ROOM: {
        int32_t room = board_room(v->b, o->pos);
        return room > 0 && v->room_reached[room];
    }
    default: return exit_reached(v);
    }
}

static void check_goals(const Verify *v, ErrorList *errs)
{
    const Mission *m = v->m;
    for (size_t i = 0; i < m->objective_count; i++)
        if (!objective_reached(v, &m->objectives[i]))
            errors_add(errs, _("objective %zu (%s) cannot be reached"), i + 1,
                       mission_objective_kind_name(m->objectives[i].kind));
    for (size_t i = 0; i < m->door_count; i++)
        if (m->doors[i].kind == DOOR_LOCKED && !key_found(v, &m->doors[i]))
            errors_add(errs, _("the locked door at (%d,%d) never opens: its key '%s' is out of reach"),
                       m->doors[i].pos.x, m->doors[i].pos.y, m->doors[i].key);
}

bool genverify_mission(const Mission *m, ErrorList *errs)
{
    size_t before = errors_total(errs);
    Verify v = {0};
    v.m = m;
    v.b = m->board;
    v.rooms = board_room_array(v.b);
    v.w = board_width(v.b);
    v.h = board_height(v.b);
    v.area = (int64_t)v.w * v.h;
    v.state = xmalloc((size_t)v.area, 1);
    mark_rooms(&v);
    v.room_reached = xcalloc((size_t)board_room_count(v.b) + 1, sizeof *v.room_reached);
    v.queue = xmalloc((size_t)v.area, sizeof *v.queue);
    v.pending = xmalloc(m->door_count * 4 + 1, sizeof *v.pending);
    mark_blocked(&v);
    index_doors(&v);
    if (m->hero_count == 0)
        errors_add(errs, _("the mission places no heroes"));
    for (size_t i = 0; i < m->hero_count; i++)
        if (board_walkable(v.b, m->heroes[i].pos))
            visit(&v, m->heroes[i].pos);
    /* each round floods from what the last one added, until no lock
     * opens: rounds are at most the locked doors, squares are visited once */
    int64_t head = 0;
    do {
        flood(&v, head);
        head = v.tail;
    } while (open_found_locks(&v));
    check_squares(&v, errs);
    check_goals(&v, errs);
    free(v.state);
    free(v.door_key);
    free(v.door_index);
    free(v.room_reached);
    free(v.queue);
    free(v.pending);
    return errors_total(errs) == before;
}
