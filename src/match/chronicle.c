#include "chronicle.h"

#include "../core/alloc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void grow(Chronicle *c, const Game *g, size_t n)
{
    if (n > c->body_cap) {
        size_t cap = c->body_cap ? c->body_cap : 8;
        while (cap < n)
            cap *= 2;
        c->body = xrealloc(c->body, cap, sizeof *c->body);
        c->body_cap = cap;
    }
    /* a piece met for the first time (a wandering monster) is whole */
    for (size_t i = c->body_count; i < n; i++) {
        const GamePiece *p = game_piece(g, (int)i);
        c->body[i] = p ? p->body_max : 0;
    }
    if (n > c->body_count)
        c->body_count = n;
}

void chronicle_init(Chronicle *c, const Game *g)
{
    int *body = c->body;
    size_t cap = c->body_cap;
    *c = (Chronicle){.body = body, .body_cap = cap, .last_attacker = -1, .outcome = GAME_STATUS_PLAYING};
    c->rounds = game_turn(g);
    size_t n = game_piece_count(g);
    grow(c, g, n);
    for (size_t i = 0; i < n; i++) {
        const GamePiece *p = game_piece(g, (int)i);
        c->body[i] = p->body;
        if (p->side == GAME_SIDE_HEROES && c->hero_count < GAME_MAX_HEROES)
            c->heroes[c->hero_count++] = (ChronicleHero){.piece = p->id};
    }
}

void chronicle_free(Chronicle *c)
{
    free(c->body);
    *c = (Chronicle){.last_attacker = -1};
}

static int hero_index(const Chronicle *c, int id)
{
    for (int i = 0; i < c->hero_count; i++)
        if (c->heroes[i].piece == id)
            return i;
    return -1;
}

static ChronicleHero *hero_of(Chronicle *c, int id)
{
    int i = hero_index(c, id);
    return i >= 0 ? &c->heroes[i] : NULL;
}

const ChronicleHero *chronicle_hero(const Chronicle *c, int id)
{
    int i = hero_index(c, id);
    return i >= 0 ? &c->heroes[i] : NULL;
}

/* Takes up to amount body points from piece id; returns how many it lost. */
static int hurt(Chronicle *c, int id, int amount)
{
    if (id < 0 || (size_t)id >= c->body_count || amount <= 0)
        return 0;
    int lost = amount < c->body[id] ? amount : c->body[id];
    c->body[id] -= lost;
    ChronicleHero *h = hero_of(c, id);
    if (h)
        h->damage_taken += lost;
    return lost;
}

static void count_find(Chronicle *c, const GameEvent *e)
{
    ChronicleHero *h = hero_of(c, e->piece);
    TreasureKind kind = (TreasureKind)e->value2;
    if (kind == TREASURE_HAZARD || kind == TREASURE_WANDERING_MONSTER)
        return; /* a card, but no treasure */
    c->finds++;
    if (h)
        h->finds++;
    if (kind == TREASURE_GOLD) {
        c->gold += e->value;
        if (h)
            h->gold += e->value;
    }
}

void chronicle_add(Chronicle *c, const Game *g, const GameEvent *e)
{
    grow(c, g, game_piece_count(g));
    switch (e->kind) {
    case EVENT_TURN: c->rounds = e->value; break;
    case EVENT_ATTACK: {
        c->last_attacker = e->piece;
        int lost = hurt(c, e->target, e->value);
        ChronicleHero *h = hero_of(c, e->piece);
        if (h)
            h->damage_dealt += lost;
        break;
    }
    case EVENT_CAST: c->last_attacker = e->piece; break; /* a spell's harm is its caster's */
    case EVENT_TRAP_SPRUNG: hurt(c, e->target >= 0 ? e->target : e->piece, e->value2); break;
    case EVENT_DAMAGE: {
        int lost = hurt(c, e->piece, e->value);
        /* a monster loses body points outside a blow only to a spell
         * (traps and hazards hurt heroes): the caster dealt them */
        const GamePiece *p = game_piece(g, e->piece);
        ChronicleHero *h = hero_of(c, c->last_attacker);
        if (p && p->side == GAME_SIDE_MONSTERS && h)
            h->damage_dealt += lost;
        break;
    }
    case EVENT_HEAL:
        if (e->piece >= 0 && (size_t)e->piece < c->body_count)
            c->body[e->piece] += e->value;
        break;
    case EVENT_DEATH: {
        const GamePiece *p = game_piece(g, e->piece);
        if (p && e->piece >= 0 && (size_t)e->piece < c->body_count)
            c->body[e->piece] = 0;
        if (p && p->side == GAME_SIDE_MONSTERS) {
            c->kills++;
            ChronicleHero *h = hero_of(c, c->last_attacker);
            if (h)
                h->kills++;
        }
        break;
    }
    case EVENT_FIND: count_find(c, e); break;
    case EVENT_OBJECTIVE_MET: c->objectives_met++; break;
    case EVENT_VICTORY:
    case EVENT_DEFEAT:
        c->outcome = e->kind == EVENT_VICTORY ? GAME_STATUS_VICTORY : GAME_STATUS_DEFEAT;
        snprintf(c->outcome_text, sizeof c->outcome_text, "%s", e->text);
        c->outcome_words = e->words;
        break;
    default: break;
    }
}

int chronicle_body(const Chronicle *c, const Game *g, int id)
{
    if (id >= 0 && (size_t)id < c->body_count)
        return c->body[id];
    const GamePiece *p = game_piece(g, id);
    return p ? p->body : 0;
}

void chronicle_copy(Chronicle *dst, const Chronicle *src)
{
    int *body = dst->body;
    size_t cap = dst->body_cap;
    if (cap < src->body_count) {
        body = xrealloc(body, src->body_count, sizeof *body);
        cap = src->body_count;
    }
    *dst = *src;
    dst->body = body;
    dst->body_cap = cap;
    if (src->body_count)
        memcpy(dst->body, src->body, src->body_count * sizeof *body);
}
