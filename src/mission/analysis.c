/* Mission analysis (analysis.h): one breadth-first search of the heroes'
 * reach in three passes (modes), then each placement asks how it was
 * reached. Every square keeps the pass that reached it (its tier) and the
 * gate it came through: in pass 1 the last secret door or falling-block
 * trap crossed, in pass 2 the last locked door crossed, so a message can
 * name the door that stands in the way. */
#include "analysis.h"

#include "../core/alloc.h"
#include "lint.h"

#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { ROOM_CORRIDOR = 1, ROOM_SEALED = 2 };
enum { SQ_BLOCKED = 1, SQ_FALLING = 2, SQ_START = 4, SQ_EXIT = 8, SQ_DEFERRED = 16 };
enum { TIER_OPEN, TIER_SEARCH, TIER_FORCED, TIER_NEVER };
/* gate values: 0 none, 1 + door index, GATE_TRAP + trap index */
#define GATE_TRAP 20001u

typedef struct Finding {
    int line;  /* XML line, or INT_MAX for a square-only finding */
    int order; /* the order found, to keep ties stable */
    char *text;
} Finding;

typedef struct Analysis {
    const Mission *m;
    const Board *b;
    const Grid *grid;
    const GridDir *edges; /* the steps followed: across each edge of a square */
    int edge_count;
    int w, h;
    size_t area;
    uint8_t *flags;
    uint8_t *tier;
    uint16_t *gate;
    int32_t *queue;
    size_t head, tail;
    int mode;
    int32_t *deferred; /* squares with a step this pass refused, for the next */
    size_t deferred_count, deferred_cap;
    int64_t *edge_key; /* doors by edge, sorted; edge_door[i] is the door */
    int *edge_door;
    int *trap_at_key; /* falling-block traps by square index, sorted */
    int64_t *trap_key;
    size_t falling;
    uint8_t *key_found; /* per treasure */
    uint8_t *pending;   /* per door: a locked door reached before its key */
    int *by_key;        /* door indices grouped by key treasure */
    size_t *by_key_at;  /* treasure t's doors: by_key[by_key_at[t] .. by_key_at[t+1]) */
    int *in_room;       /* treasure indices grouped by room */
    size_t *in_room_at;
    int32_t rooms;
    uint8_t *room_reached;
    int32_t *unsearched; /* rooms reached whose treasure is not yet looked at */
    size_t unsearched_count;
    uint8_t *room_tier;
    BoardPos *room_best; /* a square of the room reached in its tier */
    uint8_t *room_door;  /* the room has a door on its edge */
    uint8_t *room_palette;    /* ROOM_ flags from the palette, per room */
    const char **room_name;   /* the palette's name of its colour, or NULL */
    Finding *found;
    size_t found_count;
    ErrorList *notes;
} Analysis;

/* --- findings -------------------------------------------------------------- */

static void finding(Analysis *a, int line, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

static void finding(Analysis *a, int line, const char *fmt, ...)
{
    char text[768];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    a->found = xrealloc(a->found, a->found_count + 1, sizeof *a->found);
    a->found[a->found_count] = (Finding){line, (int)a->found_count, xstrdup(text)};
    a->found_count++;
}

/* "FILE:LINE: warning: text" */
static void warn_at(Analysis *a, int line, const char *text)
{
    finding(a, line, "%s:%d: warning: %s", a->m->path, line, text);
}

/* What the board's cells are called in messages: hex boards have hexes. */
static const char *cell_word(const Analysis *a)
{
    return board_grid(a->b)->topology == GRID_HEX ? "hex" : "square";
}

/* "FILE: square (x,y): warning: text" (or "hex (x,y)"), after the placements */
static void warn_square(Analysis *a, BoardPos p, const char *text)
{
    finding(a, INT_MAX, "%s: %s (%d,%d): warning: %s", a->m->path, cell_word(a), p.x, p.y,
            text);
}

static void note_at(Analysis *a, int line, const char *text)
{
    if (a->notes)
        errors_add(a->notes, "%s:%d: note: %s", a->m->path, line, text);
}

static int compare_finding(const void *x, const void *y)
{
    const Finding *p = x, *q = y;
    if (p->line != q->line)
        return p->line < q->line ? -1 : 1;
    return p->order - q->order;
}

/* --- the board as the heroes' step rule sees it ---------------------------- */

static size_t index_of(const Analysis *a, BoardPos p)
{
    return (size_t)p.y * (size_t)a->w + (size_t)p.x;
}

static BoardPos pos_of(const Analysis *a, size_t i)
{
    return (BoardPos){(int)(i % (size_t)a->w), (int)(i / (size_t)a->w)};
}

/* An edge as the index of the square that stores it (grid.h), times
 * eight, plus its side there. */
static int64_t edge_key(const Analysis *a, BoardPos p, GridDir d)
{
    grid_edge_canonical(a->grid, p, d, &p, &d);
    return (int64_t)index_of(a, p) * GRID_DIR_COUNT + (int64_t)d;
}

static BoardPos step(const Analysis *a, BoardPos p, GridDir d)
{
    return grid_step(a->grid, p, d);
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
            pairs[n++] = (KeyIndex){(int64_t)index_of(a, at), (int)i};
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
                    a->flags[index_of(a, (BoardPos){x, y})] |= (uint8_t)bits;
    }
}

static void mark_squares(Analysis *a)
{
    const Mission *m = a->m;
    mark_footprints(a);
    for (size_t i = 0; i < m->rubble_count; i++)
        a->flags[index_of(a, m->rubble[i].pos)] |= SQ_BLOCKED;
    for (size_t i = 0; i < a->falling; i++)
        a->flags[a->trap_key[i]] |= SQ_FALLING;
    for (size_t i = 0; i < m->exit_count; i++)
        a->flags[index_of(a, m->exits[i].pos)] |= SQ_EXIT;
    for (size_t i = 0; i < m->hero_count; i++)
        a->flags[index_of(a, m->heroes[i].pos)] |= SQ_START;
}

/* --- the search ------------------------------------------------------------ */

static bool corridor(const Analysis *a, int32_t room)
{
    return room < 1 || (a->room_palette[room] & ROOM_CORRIDOR);
}

static void visit(Analysis *a, size_t i, uint16_t gate);

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
        size_t p = index_of(a, d->pos), q = index_of(a, step(a, d->pos, d->side));
        if (a->tier[p] == TIER_NEVER)
            visit(a, p, a->gate[q]);
        else if (a->tier[q] == TIER_NEVER)
            visit(a, q, a->gate[p]);
    }
}

/* A room first reached is searched later, from search()'s loop: a key
 * found there opens doors into rooms with keys of their own, a chain as
 * long as the mission's doors, which a recursion would follow on the
 * stack. */
static void visit(Analysis *a, size_t i, uint16_t gate)
{
    a->tier[i] = (uint8_t)a->mode;
    a->gate[i] = gate;
    a->queue[a->tail++] = (int32_t)i;
    int32_t room = board_room(a->b, pos_of(a, i));
    if (room < 1 || a->room_reached[room])
        return;
    a->room_reached[room] = 1;
    if (a->mode < TIER_FORCED && !corridor(a, room))
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

/* The gate a step through the edge from p in direction d opens, 0 for
 * none, or -1 when the edge is closed in this pass. */
static int edge_gate(Analysis *a, BoardPos p, GridDir d, uint16_t gate)
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

static void expand(Analysis *a, size_t i)
{
    BoardPos p = pos_of(a, i);
    for (int k = 0; k < a->edge_count; k++) {
        GridDir d = a->edges[k];
        BoardPos q = step(a, p, d);
        if (!board_contains(a->b, q))
            continue;
        size_t qi = index_of(a, q);
        if (a->tier[qi] != TIER_NEVER || !board_walkable(a->b, q) || (a->flags[qi] & SQ_BLOCKED))
            continue;
        int gate = edge_gate(a, p, d, a->gate[i]);
        if (gate < 0) {
            if (gated_door(a, p, d))
                defer(a, i);
            continue;
        }
        if (a->flags[qi] & SQ_FALLING) {
            if (a->mode < TIER_SEARCH) {
                defer(a, i);
                continue;
            }
            if (a->mode == TIER_SEARCH)
                gate = (int)GATE_TRAP + a->trap_at_key[find_key(a->trap_key, a->falling, (int64_t)qi)];
        }
        visit(a, qi, (uint16_t)gate);
    }
}

static void search(Analysis *a)
{
    a->mode = TIER_OPEN;
    for (size_t i = 0; i < a->m->hero_count; i++) {
        size_t s = index_of(a, a->m->heroes[i].pos);
        if (a->tier[s] == TIER_NEVER)
            visit(a, s, 0);
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
}

/* Each room's best tier and a square reached in it; which rooms have a
 * door. */
static void room_facts(Analysis *a)
{
    for (size_t i = 0; i < a->area; i++) {
        int32_t r = board_room(a->b, pos_of(a, i));
        if (r >= 1 && a->tier[i] < a->room_tier[r]) {
            a->room_tier[r] = a->tier[i];
            a->room_best[r] = pos_of(a, i);
        }
    }
    for (size_t i = 0; i < a->m->door_count; i++) {
        const MissionDoor *d = &a->m->doors[i];
        int32_t r1 = board_room(a->b, d->pos), r2 = board_room(a->b, step(a, d->pos, d->side));
        if (r1 >= 1)
            a->room_door[r1] = 1;
        if (r2 >= 1)
            a->room_door[r2] = 1;
    }
}

/* --- why something is out of reach ---------------------------------------- */

typedef struct Reach {
    int tier;
    unsigned gate;
    int32_t room; /* the room it lies in (for "has no door") */
} Reach;

static Reach reach_square(const Analysis *a, BoardPos p)
{
    if (!board_contains(a->b, p))
        return (Reach){TIER_NEVER, 0, -1};
    size_t i = index_of(a, p);
    return (Reach){a->tier[i], a->gate[i], board_room(a->b, p)};
}

static Reach reach_room(const Analysis *a, int32_t room)
{
    if (room < 1 || room > a->rooms || a->room_tier[room] == TIER_NEVER)
        return (Reach){TIER_NEVER, 0, room};
    return (Reach){a->room_tier[room], a->gate[index_of(a, a->room_best[room])], room};
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
        snprintf(buf, size, "only past the falling-block trap on line %d, which a search must find "
                            "and a hero disarm first", gate_line(a, r.gate));
    else if (r.tier == TIER_SEARCH && r.gate)
        snprintf(buf, size, "only through the secret door on line %d, which the heroes must find "
                            "by searching", gate_line(a, r.gate));
    else if (r.tier == TIER_FORCED && r.gate)
        snprintf(buf, size, "behind the locked door on line %d, which never opens",
                 gate_line(a, r.gate));
    else if (r.room >= 1 && r.room <= a->rooms && !a->room_door[r.room])
        snprintf(buf, size, "out of every hero's reach (room %d has no door)", (int)r.room);
    else
        snprintf(buf, size, "out of every hero's reach");
}

/* Says it: a warning when r is out of reach (what lies REASON: tail), a
 * note when it needs a search; what names the thing ("the monster 'boss'
 * at (3,4)"). */
static void report(Analysis *a, int line, Reach r, const char *lead, const char *what,
                   const char *tail)
{
    char reason[256], text[1024];
    if (r.tier == TIER_OPEN)
        return;
    why(a, r, reason, sizeof reason);
    if (r.tier == TIER_SEARCH) {
        snprintf(text, sizeof text, "%s%s can be reached %s", lead, what, reason);
        note_at(a, line, text);
        return;
    }
    snprintf(text, sizeof text, "%s%s lies %s: %s", lead, what, reason, tail);
    warn_at(a, line, text);
}

#define NEVER_MET "it can never be met"

/* --- placements ------------------------------------------------------------- */

typedef struct IdIndex {
    const char *id;
    int index;
} IdIndex;

static int compare_id(const void *x, const void *y)
{
    const IdIndex *p = x, *q = y;
    int c = strcmp(p->id, q->id);
    return c ? c : p->index - q->index;
}

/* Ids sorted for find_id (n of them). */
static IdIndex *sort_ids(const char *first, size_t stride, size_t count, size_t *n)
{
    IdIndex *ids = xmalloc(count + 1, sizeof *ids);
    *n = 0;
    for (size_t i = 0; i < count; i++) {
        const char *id = first + i * stride;
        if (id[0])
            ids[(*n)++] = (IdIndex){id, (int)i};
    }
    qsort(ids, *n, sizeof *ids, compare_id);
    return ids;
}

static int find_id(const IdIndex *ids, size_t n, const char *id)
{
    IdIndex probe = {id, -1};
    size_t lo = 0, hi = n;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (compare_id(&ids[mid], &probe) < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < n && strcmp(ids[lo].id, id) == 0 ? ids[lo].index : -1;
}

/* The best reach of any exit. */
static Reach reach_exits(const Analysis *a)
{
    Reach best = {TIER_NEVER, 0, -1};
    for (size_t i = 0; i < a->area; i++)
        if ((a->flags[i] & SQ_EXIT) && a->tier[i] < best.tier)
            best = reach_square(a, pos_of(a, i));
    return best;
}

static void check_objective(Analysis *a, const MissionObjective *o, const int *monster_of,
                            const int *treasure_of, size_t i)
{
    const Mission *m = a->m;
    char lead[300], what[1024];
    snprintf(lead, sizeof lead, "objective '%s': ", o->text);
    switch (o->kind) {
    case OBJECTIVE_KILL: {
        const MissionMonster *mm = &m->monsters[monster_of[i]];
        snprintf(what, sizeof what, "the monster '%s' at (%d,%d)", mm->id, mm->pos.x, mm->pos.y);
        report(a, o->line, reach_square(a, mm->pos), lead, what, NEVER_MET);
        break;
    }
    case OBJECTIVE_REACH_SQUARE:
        if (board_contains(a->b, o->pos) && (a->flags[index_of(a, o->pos)] & SQ_BLOCKED)) {
            snprintf(what, sizeof what, "%sthe %s (%d,%d) holds furniture or rubble nobody may "
                     "step on: it can never be met", lead, cell_word(a), o->pos.x, o->pos.y);
            warn_at(a, o->line, what);
            break;
        }
        snprintf(what, sizeof what, "the %s (%d,%d)", cell_word(a), o->pos.x, o->pos.y);
        report(a, o->line, reach_square(a, o->pos), lead, what, NEVER_MET);
        break;
    case OBJECTIVE_REACH_ROOM:
        snprintf(what, sizeof what, "the room of (%d,%d)", o->pos.x, o->pos.y);
        report(a, o->line, reach_room(a, board_room(a->b, o->pos)), lead, what, NEVER_MET);
        break;
    case OBJECTIVE_FIND_ITEM: {
        const MissionTreasure *t = &m->treasure[treasure_of[i]];
        if (corridor(a, t->room)) {
            snprintf(what, sizeof what, "%sthe item '%s' lies in a corridor, where searching "
                     "finds no treasure: it can never be met", lead, t->id);
            warn_at(a, o->line, what);
            break;
        }
        snprintf(what, sizeof what, "the room of the item '%s'", t->id);
        report(a, o->line, reach_room(a, t->room), lead, what, NEVER_MET);
        break;
    }
    case OBJECTIVE_ESCAPE:
        report(a, o->line, reach_exits(a), lead, "every exit", NEVER_MET);
        break;
    case OBJECTIVE_KIND_COUNT:
        break;
    }
}

/* Marks what the objectives name (so they are not warned about twice) and
 * checks each objective. */
static void check_objectives(Analysis *a, uint8_t *named_monster, uint8_t *named_treasure)
{
    const Mission *m = a->m;
    int *monster_of = xmalloc(m->objective_count + 1, sizeof *monster_of);
    int *treasure_of = xmalloc(m->objective_count + 1, sizeof *treasure_of);
    size_t nm, nt;
    IdIndex *monsters = sort_ids(m->monsters ? m->monsters[0].id : "", sizeof *m->monsters,
                                 m->monster_count, &nm);
    IdIndex *items = sort_ids(m->treasure ? m->treasure[0].id : "", sizeof *m->treasure,
                              m->treasure_count, &nt);
    for (size_t i = 0; i < m->objective_count; i++) {
        const MissionObjective *o = &m->objectives[i];
        monster_of[i] = o->kind == OBJECTIVE_KILL ? find_id(monsters, nm, o->target) : -1;
        treasure_of[i] = o->kind == OBJECTIVE_FIND_ITEM ? find_id(items, nt, o->target) : -1;
        if (treasure_of[i] >= 0 && m->treasure[treasure_of[i]].kind != TREASURE_ITEM)
            treasure_of[i] = -1;
        if (monster_of[i] >= 0)
            named_monster[monster_of[i]] = 1;
        if (treasure_of[i] >= 0)
            named_treasure[treasure_of[i]] = 1;
        if ((o->kind == OBJECTIVE_KILL && monster_of[i] < 0) ||
            (o->kind == OBJECTIVE_FIND_ITEM && treasure_of[i] < 0))
            continue; /* the loader refuses these; nothing to add */
        check_objective(a, o, monster_of, treasure_of, i);
    }
    free(monsters);
    free(items);
    free(monster_of);
    free(treasure_of);
}

/* --- locked doors ------------------------------------------------------------ */

enum { KEY_OPENS, KEY_OWN, KEY_CYCLE, KEY_CHAIN, KEY_CORRIDOR, KEY_UNREACHED };

typedef struct Locks {
    int *next;     /* per door: the locked door its key lies behind, or -1 */
    uint8_t *kind; /* per door: KEY_* */
    int *stack;
} Locks;

/* Where each never-opening door's key is: behind which door, or why not. */
static void locks_next(const Analysis *a, Locks *l)
{
    const Mission *m = a->m;
    for (size_t d = 0; d < m->door_count; d++) {
        const MissionDoor *door = &m->doors[d];
        l->next[d] = -1;
        l->kind[d] = KEY_OPENS;
        if (door->kind != DOOR_LOCKED || door->open || door->key_treasure < 0 ||
            a->key_found[door->key_treasure])
            continue;
        int32_t room = m->treasure[door->key_treasure].room;
        Reach r = reach_room(a, room);
        if (corridor(a, room))
            l->kind[d] = KEY_CORRIDOR;
        else if (r.tier != TIER_FORCED || r.gate == 0 || r.gate >= GATE_TRAP)
            l->kind[d] = KEY_UNREACHED;
        else {
            l->kind[d] = KEY_CHAIN;
            l->next[d] = (int)r.gate - 1;
        }
    }
}

/* Doors whose keys lie behind each other form a functional graph (each
 * door points at one door): walk it iteratively and mark its cycles. */
static void locks_cycles(const Analysis *a, Locks *l)
{
    size_t n = a->m->door_count;
    uint8_t *state = xcalloc(n + 1, 1); /* 0 new, 1 on the walk, 2 done */
    for (size_t start = 0; start < n; start++) {
        int depth = 0;
        int d = (int)start;
        while (d >= 0 && state[d] == 0 && l->kind[d] == KEY_CHAIN) {
            state[d] = 1;
            l->stack[depth++] = d;
            d = l->next[d];
        }
        if (d >= 0 && state[d] == 1) { /* a cycle from d to the top of the walk */
            int k = depth - 1;
            while (l->stack[k] != d)
                k--;
            for (int j = k; j < depth; j++)
                l->kind[l->stack[j]] = depth - k == 1 ? KEY_OWN : KEY_CYCLE;
        }
        for (int j = 0; j < depth; j++)
            state[l->stack[j]] = 2;
    }
    free(state);
}

/* The lines of the doors in d's cycle, in file order, "12, 30 and 41". */
static void cycle_lines(const Analysis *a, const Locks *l, int d, char *buf, size_t size)
{
    size_t n = 0;
    int lines[64];
    for (int e = d; n < 64;) {
        lines[n++] = a->m->doors[e].line;
        e = l->next[e];
        if (e == d)
            break;
    }
    for (size_t i = 1; i < n; i++) /* a few doors: insertion sort */
        for (size_t j = i; j > 0 && lines[j - 1] > lines[j]; j--) {
            int t = lines[j];
            lines[j] = lines[j - 1];
            lines[j - 1] = t;
        }
    size_t len = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < n && len < size; i++)
        len += (size_t)snprintf(buf + len, size - len, "%s%d", i == 0 ? "" : i + 1 == n ? " and " : ", ",
                                lines[i]);
}

static void check_locks(Analysis *a)
{
    const Mission *m = a->m;
    Locks l = {xmalloc(m->door_count + 1, sizeof *l.next), xmalloc(m->door_count + 1, 1),
               xmalloc(m->door_count + 1, sizeof *l.stack)};
    locks_next(a, &l);
    locks_cycles(a, &l);
    for (size_t d = 0; d < m->door_count; d++) {
        const MissionDoor *door = &m->doors[d];
        if (l.kind[d] == KEY_OPENS)
            continue;
        const MissionTreasure *key = &m->treasure[door->key_treasure];
        char text[768], lines[256];
        switch (l.kind[d]) {
        case KEY_OWN:
            snprintf(text, sizeof text, "the key '%s' (line %d) lies behind this locked door: it "
                     "can never be opened", key->id, key->line);
            break;
        case KEY_CYCLE:
            cycle_lines(a, &l, (int)d, lines, sizeof lines);
            snprintf(text, sizeof text, "the key '%s' (line %d) lies behind the locked door on "
                     "line %d: the locked doors on lines %s each keep another's key, so none of "
                     "them ever opens", key->id, key->line, m->doors[l.next[d]].line, lines);
            break;
        case KEY_CHAIN:
            snprintf(text, sizeof text, "the key '%s' (line %d) lies behind the locked door on "
                     "line %d, which never opens: neither does this one", key->id, key->line,
                     m->doors[l.next[d]].line);
            break;
        case KEY_CORRIDOR:
            snprintf(text, sizeof text, "the key '%s' (line %d) lies in a corridor, where searching "
                     "finds no treasure: this door never opens", key->id, key->line);
            break;
        default:
            snprintf(text, sizeof text, "no hero can reach the room of the key '%s' (line %d): "
                     "this door never opens", key->id, key->line);
            break;
        }
        warn_at(a, door->line, text);
    }
    free(l.next);
    free(l.kind);
    free(l.stack);
}

/* --- everything else ------------------------------------------------------------ */

static bool is_key(const Analysis *a, int t)
{
    return a->by_key_at[t + 1] > a->by_key_at[t];
}

static void check_treasure(Analysis *a, const uint8_t *named)
{
    const Mission *m = a->m;
    for (size_t i = 0; i < m->treasure_count; i++) {
        const MissionTreasure *t = &m->treasure[i];
        if (named[i] || is_key(a, (int)i))
            continue; /* said with the objective or the door */
        if (corridor(a, t->room))
            warn_at(a, t->line, "this treasure lies in a corridor, where searching finds no "
                                "treasure: it can never be found");
        else
            report(a, t->line, reach_room(a, t->room), "", "this treasure", "it can never be found");
    }
}

static void check_monsters(Analysis *a, const uint8_t *named)
{
    const Mission *m = a->m;
    for (size_t i = 0; i < m->monster_count; i++) {
        Reach r = reach_square(a, m->monsters[i].pos);
        if (named[i] || r.tier < TIER_FORCED)
            continue;
        char what[128];
        snprintf(what, sizeof what, "this %s", m->monsters[i].type);
        report(a, m->monsters[i].line, r, "", what, "it will never be seen or fight");
    }
}

/* Exits nobody reaches, unless an escape objective already says none is
 * reachable. */
static void check_exits(Analysis *a)
{
    const Mission *m = a->m;
    bool escape = false;
    for (size_t i = 0; i < m->objective_count; i++)
        escape |= m->objectives[i].kind == OBJECTIVE_ESCAPE;
    if (escape && reach_exits(a).tier >= TIER_FORCED)
        return;
    for (size_t i = 0; i < m->exit_count; i++)
        if (reach_square(a, m->exits[i].pos).tier >= TIER_FORCED)
            report(a, m->exits[i].line, reach_square(a, m->exits[i].pos), "", "this exit",
                   "nobody can leave by it");
    for (size_t i = 0; i < m->furniture_count; i++) {
        const MissionFurniture *f = &m->furniture[i];
        const PieceType *t = catalogue_find(m->catalogue, f->type);
        if (!t || !(t->flags & PIECE_EXIT))
            continue;
        Reach best = {TIER_NEVER, 0, board_room(a->b, f->pos)};
        for (int y = f->pos.y; y < f->pos.y + f->height; y++)
            for (int x = f->pos.x; x < f->pos.x + f->width; x++) {
                Reach r = reach_square(a, (BoardPos){x, y});
                if (r.tier < best.tier)
                    best = r;
            }
        if (best.tier >= TIER_FORCED)
            report(a, f->line, best, "", "this exit", "nobody can leave by it");
    }
}

/* Rooms with no door at all, except where the heroes start, one-square
 * rooms (the lint speaks of them) and sealed colours. */
static void check_doorless(Analysis *a, const uint8_t *start_room)
{
    for (int32_t r = 1; r <= a->rooms; r++) {
        const BoardRoom *room = board_room_info(a->b, r);
        if (a->room_door[r] || start_room[r] || room->squares < 2 ||
            (a->room_palette[r] & ROOM_SEALED))
            continue;
        const char *name = a->room_name[r];
        char text[512];
        snprintf(text, sizeof text, "room %d (%s%s%scolour #%06x) has no door: nobody can get in "
                 "(add a <door>, or sealed=\"true\" on its colour in the palette if it is closed on "
                 "purpose)", (int)r, name ? "'" : "", name ? name : "", name ? "', " : "", room->rgb);
        warn_square(a, room->first, text);
    }
}

/* A hero with no step to take, even through every door; heroes who can
 * leave none of the rooms they start in while the board has others. */
static void check_heroes(Analysis *a, uint8_t *start_room)
{
    const Mission *m = a->m;
    int saved = a->mode;
    a->mode = TIER_FORCED;
    for (size_t i = 0; i < m->hero_count; i++) {
        BoardPos p = m->heroes[i].pos;
        int32_t r = board_room(a->b, p);
        if (r >= 1)
            start_room[r] = 1;
        bool moves = false;
        for (int k = 0; k < a->edge_count && !moves; k++) {
            BoardPos q = step(a, p, a->edges[k]);
            moves = board_contains(a->b, q) && board_walkable(a->b, q) &&
                    !(a->flags[index_of(a, q)] & SQ_BLOCKED) && edge_gate(a, p, a->edges[k], 0) >= 0;
        }
        if (!moves)
            warn_at(a, m->heroes[i].line, "this hero can never move: walls, rock, furniture or "
                                          "rubble on every side");
    }
    a->mode = saved;
    bool out = false, others = false;
    for (int32_t r = 1; r <= a->rooms; r++) {
        out |= !start_room[r] && a->room_tier[r] <= TIER_SEARCH;
        others |= !start_room[r];
    }
    if (m->hero_count && others && !out)
        warn_at(a, m->heroes[0].line, "the heroes are boxed in: no way leads out of the rooms "
                                      "they start in");
}

/* fall-x/fall-y are the EU placement of the falling block: under US rules
 * the block falls on the trap's own square, and the author should know. */
static void check_falls(Analysis *a)
{
    const Mission *m = a->m;
    if (m->rules.edition == MISSION_EDITION_EU)
        return;
    for (size_t i = 0; i < m->trap_count; i++)
        if (m->traps[i].kind == TRAP_FALLING_BLOCK && m->traps[i].has_fall)
            warn_at(a, m->traps[i].line,
                    "fall-x/fall-y are played only under EU rules (<rules edition=\"eu\">): "
                    "under US rules this block falls on the trap's own square");
}

static void check_all(Analysis *a)
{
    const Mission *m = a->m;
    uint8_t *named_monster = xcalloc(m->monster_count + 1, 1);
    uint8_t *named_treasure = xcalloc(m->treasure_count + 1, 1);
    uint8_t *start_room = xcalloc((size_t)a->rooms + 1, 1);
    check_objectives(a, named_monster, named_treasure);
    check_locks(a);
    check_exits(a);
    check_treasure(a, named_treasure);
    check_monsters(a, named_monster);
    check_heroes(a, start_room);
    check_doorless(a, start_room);
    check_falls(a);
    free(named_monster);
    free(named_treasure);
    free(start_room);
}

/* --- entry ---------------------------------------------------------------------- */

/* Each room's palette facts, looked up once: a palette may have
 * thousands of entries and a board thousands of rooms. */
static void palette_facts(Analysis *a)
{
    const MissionPaletteEntry **sorted = mission_palette_sorted(a->m);
    size_t n = a->m->palette_count;
    a->room_palette = xcalloc((size_t)a->rooms + 1, 1);
    a->room_name = xcalloc((size_t)a->rooms + 1, sizeof *a->room_name);
    for (int32_t r = 1; r <= a->rooms; r++) {
        const BoardRoom *room = board_room_info(a->b, r);
        size_t count, at = mission_palette_find(sorted, n, room->rgb, &count);
        const MissionPaletteEntry *says = NULL;
        for (size_t k = at; k < at + count; k++) {
            if (!says && (sorted[k]->has_corridor || sorted[k]->name[0]))
                says = sorted[k];
            if (!a->room_name[r] && sorted[k]->name[0])
                a->room_name[r] = sorted[k]->name;
        }
        if (count && sorted[at]->sealed)
            a->room_palette[r] |= ROOM_SEALED;
        if (mission_palette_corridor(says, room))
            a->room_palette[r] |= ROOM_CORRIDOR;
    }
    free(sorted);
}

static void analysis_init(Analysis *a, const Mission *m, ErrorList *notes)
{
    memset(a, 0, sizeof *a);
    a->m = m;
    a->b = m->board;
    a->grid = board_grid(m->board);
    a->edges = grid_edge_dirs(a->grid, &a->edge_count);
    a->w = board_width(m->board);
    a->h = board_height(m->board);
    a->area = (size_t)a->w * (size_t)a->h;
    a->rooms = board_room_count(m->board);
    a->notes = notes;
    a->flags = xcalloc(a->area, 1);
    a->tier = xmalloc(a->area, 1);
    memset(a->tier, TIER_NEVER, a->area);
    a->gate = xcalloc(a->area, sizeof *a->gate);
    a->queue = xmalloc(a->area, sizeof *a->queue);
    a->key_found = xcalloc(m->treasure_count + 1, 1);
    a->pending = xcalloc(m->door_count + 1, 1);
    a->room_reached = xcalloc((size_t)a->rooms + 1, 1);
    a->unsearched = xmalloc((size_t)a->rooms + 1, sizeof *a->unsearched);
    a->room_tier = xmalloc((size_t)a->rooms + 1, 1);
    memset(a->room_tier, TIER_NEVER, (size_t)a->rooms + 1);
    a->room_best = xcalloc((size_t)a->rooms + 1, sizeof *a->room_best);
    a->room_door = xcalloc((size_t)a->rooms + 1, 1);
    palette_facts(a);
}

static void analysis_free(Analysis *a)
{
    free(a->flags);
    free(a->tier);
    free(a->gate);
    free(a->queue);
    free(a->deferred);
    free(a->edge_key);
    free(a->edge_door);
    free(a->trap_key);
    free(a->trap_at_key);
    free(a->key_found);
    free(a->pending);
    free(a->by_key);
    free(a->by_key_at);
    free(a->in_room);
    free(a->in_room_at);
    free(a->room_reached);
    free(a->unsearched);
    free(a->room_tier);
    free(a->room_best);
    free(a->room_door);
    free(a->room_palette);
    free(a->room_name);
    for (size_t i = 0; i < a->found_count; i++)
        free(a->found[i].text);
    free(a->found);
}

/* The bitmap as the author knows it: the mission's folder and the name
 * its XML gives. */
static void bitmap_display(const Mission *m, char *buf, size_t size)
{
    if (m->bare || !m->bitmap_name)
        snprintf(buf, size, "%s", m->bare ? m->path : m->bitmap_path ? m->bitmap_path : m->path);
    else if (strcmp(m->dir, ".") == 0)
        snprintf(buf, size, "%s", m->bitmap_name);
    else
        snprintf(buf, size, "%s/%s", m->dir, m->bitmap_name);
}

size_t analysis_run(const Mission *m, ErrorList *warnings, ErrorList *notes)
{
    char bitmap[4096];
    bitmap_display(m, bitmap, sizeof bitmap);
    for (size_t i = 0; i < m->load_warning_count; i++)
        errors_add(warnings, "%s", m->load_warnings[i]);
    size_t added = m->load_warning_count + lint_board(m->board, m, bitmap, warnings);
    if (m->bare)
        return added;
    Analysis a;
    analysis_init(&a, m, notes);
    index_doors(&a);
    index_keys(&a);
    mark_squares(&a);
    search(&a);
    room_facts(&a);
    check_all(&a);
    if (a.found_count > 1) /* a.found is NULL when nothing was found */
        qsort(a.found, a.found_count, sizeof *a.found, compare_finding);
    for (size_t i = 0; i < a.found_count; i++)
        errors_add(warnings, "%s", a.found[i].text);
    added += a.found_count;
    analysis_free(&a);
    return added;
}

const char *analysis_short(const char *message, char *buf, size_t size)
{
    static const char *const kinds[] = {": warning: ", ": note: "};
    const char *kind = NULL, *text = NULL;
    for (int k = 0; k < 2 && !kind; k++)
        if ((kind = strstr(message, kinds[k])) != NULL)
            text = kind + strlen(kinds[k]);
    if (!kind) {
        snprintf(buf, size, "%s", message);
        return buf;
    }
    /* "FILE: square (x,y)" or "FILE:LINE" before the kind */
    const char *square = strstr(message, ": square (");
    if (square && square < kind) {
        snprintf(buf, size, "%.*s: %s", (int)(kind - square - 2), square + 2, text);
        return buf;
    }
    const char *colon = kind;
    while (colon > message && colon[-1] >= '0' && colon[-1] <= '9')
        colon--;
    if (colon > message && colon < kind && colon[-1] == ':')
        snprintf(buf, size, "line %.*s: %s", (int)(kind - colon), colon, text);
    else
        snprintf(buf, size, "%s", text);
    return buf;
}
