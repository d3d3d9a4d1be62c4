/* Public ids (game.h, docs/rules.md "Ids"): the numbers the players are
 * told, given in the order the heroes come to know things. The rules keep
 * their own file-ordered ids inside; this file maps between the two. */
#include "game_internal.h"

#include "../core/alloc.h"

#include <stdlib.h>
#include <string.h>

/* Room for n things of one kind (wandering monsters add pieces). */
static void ids_reserve(GameIds *ids, size_t n)
{
    if (n <= ids->cap)
        return;
    size_t cap = ids->cap ? ids->cap : 16;
    while (cap < n)
        cap *= 2;
    ids->pub = xrealloc(ids->pub, cap, sizeof *ids->pub);
    ids->index = xrealloc(ids->index, cap, sizeof *ids->index);
    for (size_t i = ids->cap; i < cap; i++)
        ids->pub[i] = ids->index[i] = -1;
    ids->cap = cap;
}

static void give(GameIds *ids, size_t i)
{
    if (ids->pub[i] >= 0)
        return;
    ids->pub[i] = (int)ids->count;
    ids->index[ids->count++] = (int)i;
}

/* Known means: a piece seen by a hero (heroes always are), a door not
 * secret or found, a trap found (or sprung), a treasure found. Each
 * kind's walk is in file order, so what one action reveals is numbered
 * in that order. */
void ids_settle(Game *g)
{
    GameIds *ids = g->ids;
    ids_reserve(&ids[GAME_ID_PIECE], g->piece_count);
    for (size_t i = 0; i < g->piece_count; i++)
        if (g->pieces[i].revealed)
            give(&ids[GAME_ID_PIECE], i);
    ids_reserve(&ids[GAME_ID_DOOR], g->door_count);
    for (size_t i = 0; i < g->door_count; i++)
        if (g->doors[i].found)
            give(&ids[GAME_ID_DOOR], i);
    ids_reserve(&ids[GAME_ID_TRAP], g->trap_count);
    for (size_t i = 0; i < g->trap_count; i++)
        if (g->traps[i].found)
            give(&ids[GAME_ID_TRAP], i);
    size_t treasure = g->mission->treasure_count;
    ids_reserve(&ids[GAME_ID_TREASURE], treasure);
    for (size_t i = 0; i < treasure; i++)
        if (g->treasure_found[i])
            give(&ids[GAME_ID_TREASURE], i);
}

void ids_clone(Game *c, const Game *src)
{
    for (int k = 0; k < GAME_ID_KIND_COUNT; k++) {
        const GameIds *s = &src->ids[k];
        GameIds *d = &c->ids[k];
        *d = (GameIds){NULL, NULL, 0, 0};
        ids_reserve(d, s->cap);
        if (s->cap) {
            memcpy(d->pub, s->pub, s->cap * sizeof *d->pub);
            memcpy(d->index, s->index, s->cap * sizeof *d->index);
        }
        d->count = s->count;
    }
}

void ids_free(Game *g)
{
    for (int k = 0; k < GAME_ID_KIND_COUNT; k++) {
        free(g->ids[k].pub);
        free(g->ids[k].index);
        g->ids[k] = (GameIds){NULL, NULL, 0, 0};
    }
}

int game_public_id(const Game *g, GameIdKind kind, int index)
{
    if ((unsigned)kind >= GAME_ID_KIND_COUNT || index < 0)
        return -1;
    const GameIds *ids = &g->ids[kind];
    return (size_t)index < ids->cap ? ids->pub[index] : -1;
}

int game_id_index(const Game *g, GameIdKind kind, int id)
{
    if ((unsigned)kind >= GAME_ID_KIND_COUNT || id < 0)
        return -1;
    const GameIds *ids = &g->ids[kind];
    return (size_t)id < ids->count ? ids->index[id] : -1;
}

size_t game_public_count(const Game *g, GameIdKind kind)
{
    return (unsigned)kind < GAME_ID_KIND_COUNT ? g->ids[kind].count : 0;
}

/* *id in public ids; -1 stays -1 (nobody), an unknown thing becomes -1
 * and clears *ok. */
static void to_public(const Game *g, GameIdKind kind, int *id, bool *ok)
{
    if (*id < 0)
        return;
    *id = game_public_id(g, kind, *id);
    if (*id < 0)
        *ok = false;
}

/* The kind of thing an event's value indexes, or GAME_ID_KIND_COUNT. */
static GameIdKind value_kind(EventKind kind)
{
    switch (kind) {
    case EVENT_DOOR_OPENED:
    case EVENT_SECRET_DOOR_FOUND:
        return GAME_ID_DOOR;
    case EVENT_TRAP_FOUND:
    case EVENT_TRAP_SPRUNG:
    case EVENT_TRAP_DISARMED:
    case EVENT_DISARM_FAILED:
    case EVENT_JUMP:
        return GAME_ID_TRAP;
    default:
        return GAME_ID_KIND_COUNT;
    }
}

bool game_event_public(const Game *g, GameEvent *e)
{
    bool ok = true;
    to_public(g, GAME_ID_PIECE, &e->piece, &ok);
    to_public(g, GAME_ID_PIECE, &e->target, &ok);
    to_public(g, GAME_ID_TREASURE, &e->treasure, &ok);
    GameIdKind k = value_kind(e->kind);
    if (k != GAME_ID_KIND_COUNT)
        to_public(g, k, &e->value, &ok);
    return ok;
}

bool game_action_from_public(const Game *g, const Action *a, Action *out)
{
    *out = *a;
    bool ok = true;
    if (a->piece >= 0 && (out->piece = game_id_index(g, GAME_ID_PIECE, a->piece)) < 0)
        ok = false;
    if (a->target >= 0 && (out->target = game_id_index(g, GAME_ID_PIECE, a->target)) < 0)
        ok = false;
    return ok;
}

void game_action_to_public(const Game *g, const Action *a, Action *out)
{
    Action c = *a;
    if (c.piece >= 0)
        c.piece = game_public_id(g, GAME_ID_PIECE, c.piece);
    if (c.target >= 0)
        c.target = game_public_id(g, GAME_ID_PIECE, c.target);
    *out = c;
}
