/* The heroes' reach (analysis_internal.h): every square keeps the pass
 * that reached it (its tier) and the gate it came through: in pass 1 the
 * last secret door or falling-block trap crossed, in pass 2 the last
 * locked door crossed, so a message can name the door that stands in the
 * way. */
#include "analysis_internal.h"

#include "../core/alloc.h"
#include "../core/i18n.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* --- the board as the heroes' step rule sees it ---------------------------- */

/* An edge as the index of the square that stores it (grid.h), times
 * eight, plus its side there. */
static int64_t edge_key(const Analysis *a, BoardPos p, GridDir d)
{
    grid_edge_canonical(a->grid, p, d, &p, &d);
    return (int64_t)an_index_of(a, p) * GRID_DIR_COUNT + (int64_t)d;
}

static long find_key(const int64_t *keys, size_t n, int64_t key)
{
    size_t lo = 0, hi = n;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (keys[mid] < key)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < n && keys[lo] == key ? (long)lo : -1;
}

typedef struct KeyIndex {
    int64_t key;
    int index;
} KeyIndex;

static int compare_key_index(const void *x, const void *y)
{
    const KeyIndex *p = x, *q = y;
    if (p->key != q->key)
        return p->key < q->key ? -1 : 1;
    return p->index - q->index;
}

/* Sorts (key, index) pairs into parallel arrays for find_key. */
static void sort_pairs(KeyIndex *pairs, size_t n, int64_t **keys, int **indices)
{
    qsort(pairs, n, sizeof *pairs, compare_key_index);
    *keys = xmalloc(n + 1, sizeof **keys);
    *indices = xmalloc(n + 1, sizeof **indices);
    for (size_t i = 0; i < n; i++) {
        (*keys)[i] = pairs[i].key;
        (*indices)[i] = pairs[i].index;
    }
}

static void index_doors(Analysis *a)
{
    const Mission *m = a->m;
    size_t most = m->door_count > m->trap_count ? m->door_count : m->trap_count;
    KeyIndex *pairs = xmalloc(most + 1, sizeof *pairs);
    for (size_t i = 0; i < m->door_count; i++)
        pairs[i] = (KeyIndex){edge_key(a, m->doors[i].pos, m->doors[i].side), (int)i};
    sort_pairs(pairs, m->door_count, &a->edge_key, &a->edge_door);
    size_t n = 0;
    bool eu = m->rules.edition == MISSION_EDITION_EU;
    for (size_t i = 0; i < m->trap_count; i++) {
        const MissionTrap *t = &m->traps[i];
        /* the square the block would bar: under EU rules the one beside
         * the trap it falls on (a way that crosses it first still passes,
         * but the analysis stays on the safe side) */
        BoardPos at = eu && t->has_fall ? t->fall : t->pos;
        if (t->kind == TRAP_FALLING_BLOCK && board_contains(a->b, at))
            pairs[n++] = (KeyIndex){(int64_t)an_index_of(a, at), (int)i};
    }
    a->falling = n;
    sort_pairs(pairs, n, &a->trap_key, &a->trap_at_key);
    free(pairs);
}

/* Groups items by a small key (counting sort): out[at[k] .. at[k+1]). */
static void group(const int *keys, size_t n, size_t key_count, int **out, size_t **at)
{
    *at = xcalloc(key_count + 2, sizeof **at);
    *out = xmalloc(n + 1, sizeof **out);
    for (size_t i = 0; i < n; i++)
        if (keys[i] >= 0)
            (*at)[keys[i] + 1]++;
    for (size_t k = 0; k < key_count; k++)
        (*at)[k + 1] += (*at)[k];
    size_t *fill = xmalloc(key_count + 1, sizeof *fill);
    memcpy(fill, *at, (key_count + 1) * sizeof *fill);
    for (size_t i = 0; i < n; i++)
        if (keys[i] >= 0)
            (*out)[fill[keys[i]]++] = (int)i;
    free(fill);
}

static void index_keys(Analysis *a)
{
    const Mission *m = a->m;
    int *keys = xmalloc(m->door_count + m->treasure_count + 1, sizeof *keys);
    for (size_t i = 0; i < m->door_count; i++)
        keys[i] = m->doors[i].kind == DOOR_LOCKED ? m->doors[i].key_treasure : -1;
    group(keys, m->door_count, m->treasure_count, &a->by_key, &a->by_key_at);
    for (size_t i = 0; i < m->treasure_count; i++) {
        int32_t r = m->treasure[i].room;
        keys[i] = r >= 1 && r <= a->rooms ? (int)r : -1;
    }
    group(keys, m->treasure_count, (size_t)a->rooms + 1, &a->in_room, &a->in_room_at);
    free(keys);
}

static void mark_footprints(Analysis *a)
{
    const Mission *m = a->m;
    for (size_t i = 0; i < m->furniture_count; i++) {
        const MissionFurniture *f = &m->furniture[i];
        const PieceType *t = catalogue_find(m->catalogue, f->type);
        unsigned bits = (t && (t->flags & PIECE_BLOCKS_MOVE) ? SQ_BLOCKED : 0) |
                        (t && (t->flags & PIECE_EXIT) ? SQ_EXIT : 0);
        for (int y = f->pos.y; y < f->pos.y + f->height; y++)
            for (int x = f->pos.x; x < f->pos.x + f->width; x++)
                if (board_contains(a->b, (BoardPos){x, y}))
                    a->flags[an_index_of(a, (BoardPos){x, y})] |= (uint8_t)bits;
    }
}

static void mark_squares(Analysis *a)
{
    const Mission *m = a->m;
    mark_footprints(a);
    for (size_t i = 0; i < m->rubble_count; i++)
        a->flags[an_index_of(a, m->rubble[i].pos)] |= SQ_BLOCKED;
    for (size_t i = 0; i < a->falling; i++)
        a->flags[a->trap_key[i]] |= SQ_FALLING;
    for (size_t i = 0; i < m->exit_count; i++)
        a->flags[an_index_of(a, m->exits[i].pos)] |= SQ_EXIT;
    for (size_t i = 0; i < m->hero_count; i++)
        a->flags[an_index_of(a, m->heroes[i].pos)] |= SQ_START;
}

/* --- the search ------------------------------------------------------------ */

static void visit(Analysis *a, size_t i, uint16_t gate, bool new_room);

/* Not reached yet (the search's closed squares included: a hero's start
 * or a door's square is visited whatever stands on it). */
static bool unreached(const Analysis *a, size_t i)
{
    return (a->tier[i] & TIER_MASK) >= TIER_NEVER;
}

/* A key was found: its locked doors reached so far open. */
static void key_found(Analysis *a, int t)
{
    if (a->key_found[t])
        return;
    a->key_found[t] = 1;
    for (size_t k = a->by_key_at[t]; k < a->by_key_at[t + 1]; k++) {
        const MissionDoor *d = &a->m->doors[a->by_key[k]];
        if (!a->pending[a->by_key[k]])
            continue;
        size_t p = an_index_of(a, d->pos), q = an_index_of(a, an_step(a, d->pos, d->side));
        if (unreached(a, p))
            visit(a, p, a->gate[q], true);
        else if (unreached(a, q))
            visit(a, q, a->gate[p], true);
    }
}

/* A room first reached is searched later, from search()'s loop: a key
 * found there opens doors into rooms with keys of their own, a chain as
 * long as the mission's doors, which a recursion would follow on the
 * stack. new_room is false for a step within a room, whose room is
 * reached already: its squares' rooms are not read again. */
static void visit(Analysis *a, size_t i, uint16_t gate, bool new_room)
{
    a->tier[i] = (uint8_t)((a->tier[i] & ~TIER_MASK) | a->mode);
    if (gate) /* each square is visited once, its gate 0 until then */
        a->gate[i] = gate;
    a->queue[a->tail++] = (int32_t)i;
    if (!new_room)
        return;
    int32_t room = a->room_of[i];
    if (room < 1 || a->room_reached[room])
        return;
    a->room_reached[room] = 1;
    if (a->mode < TIER_FORCED && !an_corridor(a, room))
        a->unsearched[a->unsearched_count++] = room;
}

/* A hero in a room reached can search it: its treasure (keys) is found,
 * though only until the last pass, which forces every lock anyway. */
static void search_rooms(Analysis *a)
{
    while (a->unsearched_count > 0) {
        int32_t room = a->unsearched[--a->unsearched_count];
        for (size_t k = a->in_room_at[room]; k < a->in_room_at[room + 1]; k++)
            key_found(a, a->in_room[k]);
    }
}

int an_edge_gate(Analysis *a, BoardPos p, GridDir d, uint16_t gate)
{
    if (!board_wall(a->b, p, d))
        return gate;
    long e = find_key(a->edge_key, a->m->door_count, edge_key(a, p, d));
    if (e < 0)
        return -1;
    int door = a->edge_door[e];
    const MissionDoor *dr = &a->m->doors[door];
    if (dr->open || dr->kind == DOOR_NORMAL)
        return gate;
    if (dr->kind == DOOR_SECRET) {
        if (a->mode < TIER_SEARCH)
            return -1;
        return a->mode == TIER_SEARCH ? 1 + door : gate;
    }
    if (dr->key_treasure >= 0 && a->key_found[dr->key_treasure])
        return gate;
    if (a->mode < TIER_FORCED) {
        a->pending[door] = 1;
        return -1;
    }
    return 1 + door;
}

/* Square i has a step this pass refuses and a later one may allow: the
 * next pass starts from the deferred squares only. */
static void defer(Analysis *a, size_t i)
{
    if (a->mode >= TIER_FORCED || (a->flags[i] & SQ_DEFERRED))
        return;
    a->flags[i] |= SQ_DEFERRED;
    if (a->deferred_count == a->deferred_cap) {
        a->deferred_cap = a->deferred_cap ? a->deferred_cap * 2 : 64;
        a->deferred = xrealloc(a->deferred, a->deferred_cap, sizeof *a->deferred);
    }
    a->deferred[a->deferred_count++] = (int32_t)i;
}

/* True when the edge from p in direction d is a wall with a door this
 * pass keeps closed (secret or locked), which a later pass opens. */
static bool gated_door(const Analysis *a, BoardPos p, GridDir d)
{
    if (!board_wall(a->b, p, d))
        return false;
    long e = find_key(a->edge_key, a->m->door_count, edge_key(a, p, d));
    return e >= 0 && !a->m->doors[a->edge_door[e]].open &&
           a->m->doors[a->edge_door[e]].kind != DOOR_NORMAL;
}

/* True when the step from square i (tier byte ti) in direction d to
 * square qi (tier byte tq) leaves i's room. */
static bool leaves_room(const Analysis *a, size_t i, uint8_t ti, GridDir d, size_t qi, uint8_t tq)
{
    if (a->grid->topology == GRID_HEX)
        return a->room_of[qi] != a->room_of[i];
    switch (d) {
    case GRID_DIR_NORTH: return tq & TIER_SOUTH_ROOM;
    case GRID_DIR_EAST: return ti & TIER_EAST_ROOM;
    case GRID_DIR_SOUTH: return ti & TIER_SOUTH_ROOM;
    default: return tq & TIER_EAST_ROOM;
    }
}

static void expand(Analysis *a, size_t i)
{
    BoardPos p = an_pos_of(a, i);
    uint8_t ti = a->tier[i];
    /* every gate of the first pass is 0 (it crosses no secret door,
     * locked door or trap), so its squares' gates are not read */
    uint16_t gi = a->mode == TIER_OPEN ? 0 : a->gate[i];
    for (int k = 0; k < a->edge_count; k++) {
        GridDir d = a->edges[k];
        BoardPos q = an_step(a, p, d);
        if (!grid_contains(a->grid, q)) /* inline: board_contains is a call per step */
            continue;
        size_t qi = an_index_of(a, q);
        uint8_t tq = a->tier[qi];
        if ((tq & TIER_MASK) != TIER_NEVER) /* reached, no room, or blocked */
            continue;
        /* two squares of one room have no wall between them (a room is
         * a connected area of one colour), so only steps between rooms
         * ask the board */
        bool cross = leaves_room(a, i, ti, d, qi, tq);
        int gate = cross ? an_edge_gate(a, p, d, gi) : gi;
        if (gate < 0) {
            if (gated_door(a, p, d))
                defer(a, i);
            continue;
        }
        if (tq & TIER_FALLING) {
            if (a->mode < TIER_SEARCH) {
                defer(a, i);
                continue;
            }
            if (a->mode == TIER_SEARCH)
                gate = (int)GATE_TRAP + a->trap_at_key[find_key(a->trap_key, a->falling, (int64_t)qi)];
        }
        visit(a, qi, (uint16_t)gate, cross);
    }
}

/* Squares of no room or blocked become TIER_CLOSED, and every square's
 * tier byte gets the bits above TIER_MASK (analysis_internal.h). */
static void close_squares(Analysis *a)
{
    const int32_t *room = a->room_of;
    const uint8_t *flags = a->flags;
    uint8_t *tier = a->tier;
    size_t w = (size_t)a->w, h = (size_t)a->h;
    bool bits = a->grid->topology != GRID_HEX;
    for (size_t y = 0; y < h; y++) {
        size_t row = y * w;
        /* the last row has no south neighbour: compare it with itself */
        const int32_t *below = room + (y + 1 < h ? row + w : row);
        for (size_t x = 0; x < w; x++) {
            size_t i = row + x;
            int32_t r = room[i];
            unsigned t = r < 1 || (flags[i] & SQ_BLOCKED) ? TIER_CLOSED : TIER_NEVER;
            t |= flags[i] & SQ_FALLING ? TIER_FALLING : 0u;
            if (bits) {
                t |= x + 1 < w && room[i + 1] != r ? TIER_EAST_ROOM : 0u;
                t |= below[x] != r ? TIER_SOUTH_ROOM : 0u;
            }
            tier[i] = (uint8_t)t;
        }
    }
}

/* The tiers as the rest of the analysis reads them: the bits above
 * TIER_MASK dropped, TIER_CLOSED back to TIER_NEVER. */
static void reopen_squares(Analysis *a)
{
    for (size_t i = 0; i < a->area; i++) {
        uint8_t t = a->tier[i] & TIER_MASK;
        a->tier[i] = t == TIER_CLOSED ? TIER_NEVER : t;
    }
}

void an_search(Analysis *a)
{
    close_squares(a);
    a->mode = TIER_OPEN;
    for (size_t i = 0; i < a->m->hero_count; i++) {
        size_t s = an_index_of(a, a->m->heroes[i].pos);
        if (unreached(a, s))
            visit(a, s, 0, true);
    }
    for (;;) {
        search_rooms(a);
        while (a->head < a->tail) {
            expand(a, (size_t)a->queue[a->head++]);
            search_rooms(a);
        }
        if (++a->mode > TIER_FORCED)
            break;
        /* The next pass starts from where this one was stopped. */
        a->head = a->tail = 0;
        for (size_t k = 0; k < a->deferred_count; k++) {
            a->flags[a->deferred[k]] &= (uint8_t)~SQ_DEFERRED;
            a->queue[a->tail++] = a->deferred[k];
        }
        a->deferred_count = 0;
    }
    reopen_squares(a);
}

void an_room_facts(Analysis *a)
{
    for (size_t i = 0; i < a->area; i++) {
        int32_t r = a->room_of[i];
        if (r >= 1 && a->tier[i] < a->room_tier[r]) {
            a->room_tier[r] = a->tier[i];
            a->room_best[r] = an_pos_of(a, i);
        }
    }
    for (size_t i = 0; i < a->m->door_count; i++) {
        const MissionDoor *d = &a->m->doors[i];
        int32_t r1 = board_room(a->b, d->pos), r2 = board_room(a->b, an_step(a, d->pos, d->side));
        if (r1 >= 1)
            a->room_door[r1] = 1;
        if (r2 >= 1)
            a->room_door[r2] = 1;
    }
}

/* --- why something is out of reach ---------------------------------------- */

Reach an_reach_square(const Analysis *a, BoardPos p)
{
    if (!board_contains(a->b, p))
        return (Reach){TIER_NEVER, 0, -1};
    size_t i = an_index_of(a, p);
    return (Reach){a->tier[i], a->gate[i], board_room(a->b, p)};
}

Reach an_reach_room(const Analysis *a, int32_t room)
{
    if (room < 1 || room > a->rooms || a->room_tier[room] == TIER_NEVER)
        return (Reach){TIER_NEVER, 0, room};
    return (Reach){a->room_tier[room], a->gate[an_index_of(a, a->room_best[room])], room};
}

/* The line of gate g (a door's or a trap's). */
static int gate_line(const Analysis *a, unsigned g)
{
    return g >= GATE_TRAP ? a->m->traps[g - GATE_TRAP].line : a->m->doors[g - 1].line;
}

/* Why r is not simply reachable, as the end of a sentence. */
static void why(const Analysis *a, Reach r, char *buf, size_t size)
{
    if (r.tier == TIER_SEARCH && r.gate >= GATE_TRAP)
        snprintf(buf, size, _("only past the falling-block trap on line %d, which a search must find "
                            "and a hero disarm first"), gate_line(a, r.gate));
    else if (r.tier == TIER_SEARCH && r.gate)
        snprintf(buf, size, _("only through the secret door on line %d, which the heroes must find "
                            "by searching"), gate_line(a, r.gate));
    else if (r.tier == TIER_FORCED && r.gate)
        snprintf(buf, size, _("behind the locked door on line %d, which never opens"),
                 gate_line(a, r.gate));
    else if (r.room >= 1 && r.room <= a->rooms && !a->room_door[r.room])
        snprintf(buf, size, _("out of every hero's reach (room %d has no door)"), (int)r.room);
    else
        snprintf(buf, size, _("out of every hero's reach"));
}

void an_report(Analysis *a, int line, Reach r, const char *lead, const char *what,
               const char *tail)
{
    char reason[256], text[1024];
    if (r.tier == TIER_OPEN)
        return;
    why(a, r, reason, sizeof reason);
    if (r.tier == TIER_SEARCH) {
        snprintf(text, sizeof text, _("%s%s can be reached %s"), lead, what, reason);
        an_note_at(a, line, text);
        return;
    }
    snprintf(text, sizeof text, _("%s%s lies %s: %s"), lead, what, reason, tail);
    an_warn_at(a, line, text);
}

Reach an_reach_exits(const Analysis *a)
{
    Reach best = {TIER_NEVER, 0, -1};
    for (size_t i = 0; i < a->area; i++)
        if ((a->flags[i] & SQ_EXIT) && a->tier[i] < best.tier)
            best = an_reach_square(a, an_pos_of(a, i));
    return best;
}

void an_prepare(Analysis *a)
{
    index_doors(a);
    index_keys(a);
    mark_squares(a);
}
