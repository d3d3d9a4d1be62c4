/* Belongings: what each hero carries (items by their index in the game's
 * item table: the catalogue's items, then items made for the mission's
 * own potions and finds), drinking potions (the use action, and at 0 body
 * points), and how well a hero disarms traps (its own skill or a tool's).
 * What an item does is data (assets/pieces.xml <items>); this module only
 * knows the kinds. */
#include "game_internal.h"

#include "../core/alloc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static size_t catalogue_items(const Game *g)
{
    return catalogue_item_count(g->mission->catalogue);
}

size_t game_item_count(const Game *g)
{
    return catalogue_items(g) + g->own_item_count;
}

const ItemType *game_item(const Game *g, int i)
{
    size_t n = catalogue_items(g);
    if (i < 0)
        return NULL;
    if ((size_t)i < n)
        return catalogue_item_at(g->mission->catalogue, (size_t)i);
    return (size_t)i - n < g->own_item_count ? &g->own_items[(size_t)i - n] : NULL;
}

int game_find_item(const Game *g, const char *id)
{
    for (size_t i = 0; i < game_item_count(g); i++)
        if (strcmp(game_item(g, (int)i)->id, id) == 0)
            return (int)i;
    return -1;
}

/* A new item for a find that names no catalogue item: its own potion
 * (heals amount) or quest item (a key, a ledger). */
static int own_item(Game *g, const char *id, const char *name, TreasureKind kind, int amount)
{
    int existing = game_find_item(g, id);
    if (existing >= (int)catalogue_items(g))
        return existing; /* the same card again */
    g->own_items = xrealloc(g->own_items, g->own_item_count + 1, sizeof *g->own_items);
    ItemType *it = &g->own_items[g->own_item_count];
    memset(it, 0, sizeof *it);
    snprintf(it->id, sizeof it->id, "%s", id);
    snprintf(it->name, sizeof it->name, "%.*s", (int)sizeof it->name - 1, name);
    it->kind = kind == TREASURE_POTION ? ITEM_POTION : ITEM_QUEST;
    it->heal = kind == TREASURE_POTION ? amount : 0;
    return (int)(catalogue_items(g) + g->own_item_count++);
}

/* The item a find of kind gives: the catalogue item it names, else one of
 * its own; -1 for gold, harm and wandering monsters. */
static int find_item(Game *g, TreasureKind kind, const char *item, const char *id,
                     const char *name, int amount)
{
    if (kind != TREASURE_POTION && kind != TREASURE_ITEM)
        return -1;
    if (item[0]) {
        int i = catalogue_find_item(g->mission->catalogue, item);
        if (i >= 0)
            return i;
    }
    return own_item(g, id, name, kind, amount);
}

void item_build(Game *g)
{
    const Mission *m = g->mission;
    g->treasure_item = xmalloc(m->treasure_count + 1, sizeof *g->treasure_item);
    for (size_t i = 0; i < m->treasure_count; i++) {
        const MissionTreasure *t = &m->treasure[i];
        char id[CATALOGUE_ID_MAX];
        /* a treasure without an id, or whose id a catalogue item has,
         * is known by its place in the file */
        if (t->id[0] && catalogue_find_item(m->catalogue, t->id) < 0)
            snprintf(id, sizeof id, "%s", t->id);
        else
            snprintf(id, sizeof id, "find-%zu", i + 1);
        g->treasure_item[i] = find_item(g, t->kind, t->item, id, t->name, t->amount);
    }
    size_t count;
    const TreasureCard *deck = catalogue_treasure_deck(m->catalogue, &count);
    g->card_item = xmalloc(count + 1, sizeof *g->card_item);
    for (size_t i = 0; i < count; i++)
        g->card_item[i] = find_item(g, deck[i].kind, deck[i].item, deck[i].id, deck[i].name,
                                    deck[i].amount);
}

static void *dup_ints(const int *src, size_t n)
{
    int *p = xmalloc(n + 1, sizeof *p);
    if (n)
        memcpy(p, src, n * sizeof *p);
    return p;
}

void item_clone(Game *c, const Game *g)
{
    size_t cards;
    catalogue_treasure_deck(g->mission->catalogue, &cards);
    c->own_items = xmalloc(g->own_item_count + 1, sizeof *c->own_items);
    if (g->own_item_count)
        memcpy(c->own_items, g->own_items, g->own_item_count * sizeof *c->own_items);
    c->treasure_item = dup_ints(g->treasure_item, g->mission->treasure_count);
    c->card_item = dup_ints(g->card_item, cards);
}

void item_free(Game *g)
{
    free(g->own_items);
    free(g->treasure_item);
    free(g->card_item);
}

static GameBelongings *belongings(Game *g, int hero)
{
    return hero >= 0 && hero < g->setup.hero_count ? &g->carried[hero] : NULL;
}

void item_give(Game *g, int hero, int item)
{
    GameBelongings *b = belongings(g, hero);
    if (!b || !game_item(g, item))
        return;
    for (int k = 0; k < b->count; k++)
        if (b->items[k].item == item) {
            b->items[k].count++;
            return;
        }
    if (b->count == GAME_MAX_CARRIED) {
        game_emit(g, EVENT_STATUS, hero, "%s cannot carry more kinds of things",
                  game_piece_name(g, hero));
        return;
    }
    b->items[b->count++] = (GameCarried){item, 1};
}

/* Takes one item from hero's belongings. */
static void take(Game *g, int hero, int item)
{
    GameBelongings *b = belongings(g, hero);
    for (int k = 0; b && k < b->count; k++) {
        if (b->items[k].item != item)
            continue;
        if (--b->items[k].count == 0) {
            memmove(&b->items[k], &b->items[k + 1], (size_t)(b->count - k - 1) * sizeof *b->items);
            b->count--;
        }
        return;
    }
}

size_t game_carried_count(const Game *g, int hero)
{
    return hero >= 0 && hero < g->setup.hero_count ? (size_t)g->carried[hero].count : 0;
}

const GameCarried *game_carried(const Game *g, int hero, size_t k)
{
    return k < game_carried_count(g, hero) ? &g->carried[hero].items[k] : NULL;
}

int game_carries(const Game *g, int hero, int item)
{
    for (size_t k = 0; k < game_carried_count(g, hero); k++)
        if (g->carried[hero].items[k].item == item)
            return g->carried[hero].items[k].count;
    return 0;
}

/* True when the item restores body points. */
static bool heals(const ItemType *it)
{
    return it && it->kind == ITEM_POTION && (it->heal > 0 || it->heal_dice > 0 || it->eu_heal > 0);
}

/* Drinks item: EVENT_USE with the d6 rolled, then the healing. */
static void drink(Game *g, int hero, int item)
{
    const ItemType *it = game_item(g, item);
    take(g, hero, item);
    GameEvent *e = game_emit(g, EVENT_USE, hero, "%s drinks %s", game_piece_name(g, hero), it->name);
    e->value = item;
    int amount = it->heal;
    if (g->mission->rules.edition == MISSION_EDITION_EU && it->eu_heal > 0) {
        amount = it->eu_heal;
    } else {
        for (int d = 0; d < it->heal_dice; d++) {
            int roll = rng_d6(&g->rng);
            if (e->dice_count < GAME_MAX_DICE)
                e->dice[e->dice_count++] = roll;
            amount += roll;
        }
    }
    combat_heal(g, hero, amount);
}

static bool use_allowed(const Game *g, int hero, int item, char *why, size_t n)
{
    const ItemType *it = game_item(g, item);
    const GamePiece *p = &g->pieces[hero];
    if (!it)
        return game_refuse(why, n, "there is no item %d", item);
    if (!game_carries(g, hero, item))
        return game_refuse(why, n, "%s carries no %s", p->type->name, it->name);
    if (!heals(it))
        return game_refuse(why, n, "%s is not something to drink", it->name);
    if (p->body >= p->body_max)
        return game_refuse(why, n, "%s is not hurt", p->type->name);
    return true;
}

bool game_can_use(const Game *g, int hero, int item)
{
    return hero == g->current && g->status == GAME_STATUS_PLAYING &&
           game_piece_on_board(g, hero) && use_allowed(g, hero, item, NULL, 0);
}

bool item_apply_use(Game *g, const Action *a, char *why, size_t n)
{
    int item = a->spell; /* a use names its item there */
    if (!use_allowed(g, a->piece, item, why, n))
        return false;
    drink(g, a->piece, item); /* free: no action spent, the move goes on */
    return true;
}

bool item_drink_at_death(Game *g, int hero)
{
    const GameBelongings *b = belongings(g, hero);
    for (int k = 0; b && k < b->count; k++) {
        int item = b->items[k].item;
        if (!heals(game_item(g, item)))
            continue;
        game_emit(g, EVENT_STATUS, hero, "%s, falling, reaches for a potion",
                  game_piece_name(g, hero));
        drink(g, hero, item);
        return g->pieces[hero].body > 0;
    }
    return false;
}

DisarmSkill item_disarm_skill(const Game *g, int hero, int *tool)
{
    DisarmSkill best = g->pieces[hero].type->disarm;
    *tool = -1;
    for (size_t k = 0; k < game_carried_count(g, hero); k++) {
        const ItemType *it = game_item(g, g->carried[hero].items[k].item);
        if (it && it->kind == ITEM_TOOL && (it->flags & ITEM_DISARMS) && it->disarm > best) {
            best = it->disarm;
            *tool = g->carried[hero].items[k].item;
        }
    }
    return best;
}
