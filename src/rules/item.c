/* Belongings beyond equipment (equip.c): finding potions and items,
 * drinking potions (the use action, and at 0 body points), and how well a
 * hero disarms traps (its own skill or a tool's). Every item is a
 * catalogue item: a mission's own potions and finds were made items of
 * its catalogue by the loader (mission_add_own_items). What an item does
 * is data; this module only knows the kinds. */
#include "game_internal.h"

#include <stdio.h>
#include <string.h>

size_t game_item_count(const Game *g)
{
    return catalogue_item_count(g->mission->catalogue);
}

int game_find_item(const Game *g, const char *id)
{
    return catalogue_find_item(g->mission->catalogue, id);
}

int game_carries(const Game *g, int hero, int item)
{
    const GamePiece *p = game_piece(g, hero);
    int n = 0;
    for (int k = 0; p && k < p->item_count; k++)
        n += p->items[k].item == item;
    return n;
}

bool item_give(Game *g, int hero, const char *id)
{
    int item = id[0] ? game_find_item(g, id) : -1;
    if (item < 0)
        return false;
    GamePiece *p = &g->pieces[hero];
    if (p->item_count == GAME_MAX_ITEMS) {
        game_emit(g, EVENT_STATUS, hero, "%s cannot carry more and leaves it",
                  game_piece_name(g, hero));
        return true;
    }
    p->items[p->item_count++] = (GameItem){(int16_t)item, false};
    return true;
}

/* Takes one (not worn) item from hero's belongings. */
static void take(Game *g, int hero, int item)
{
    GamePiece *p = &g->pieces[hero];
    for (int k = 0; k < p->item_count; k++) {
        if (p->items[k].item != item || p->items[k].worn)
            continue;
        memmove(&p->items[k], &p->items[k + 1], (size_t)(p->item_count - k - 1) * sizeof *p->items);
        p->item_count--;
        return;
    }
}

/* True when the item restores body points. */
int item_heal_most(const Game *g, const char *id)
{
    const ItemType *it = id[0] ? game_item(g, game_find_item(g, id)) : NULL;
    if (!it || it->kind != ITEM_POTION)
        return -1;
    if (g->mission->rules.edition == MISSION_EDITION_EU && it->eu_heal > 0)
        return it->eu_heal;
    return it->heal + 6 * it->heal_dice;
}

static bool heals(const ItemType *it)
{
    return it && it->kind == ITEM_POTION && (it->heal > 0 || it->heal_dice > 0 || it->eu_heal > 0);
}

/* Drinks item: EVENT_USE with the d6 rolled, then the healing. */
static void drink(Game *g, int hero, int item)
{
    const ItemType *it = game_item(g, item);
    take(g, hero, item);
    GameEvent *e = game_emit(g, EVENT_USE, hero, "%s drinks: %s", game_piece_name(g, hero),
                             it->name);
    e->item = item;
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
    /* what it restores (the heal line after says what it gave); not the
     * item's index, which for a mission's own find tells how many came
     * before it in the file */
    e->value = amount;
    combat_heal(g, hero, amount);
}

static bool use_allowed(const Game *g, int hero, int item, char *why, size_t n)
{
    const ItemType *it = game_item(g, item);
    const GamePiece *p = &g->pieces[hero];
    if (!it)
        return game_refuse(why, n, "there is no item %d", item);
    if (!game_carries(g, hero, item))
        return game_refuse(why, n, "%s carries no %s", game_piece_name(g, p->id), it->name);
    if (!heals(it))
        return game_refuse(why, n, "%s is not something to drink", it->name);
    if (p->body >= p->body_max)
        return game_refuse(why, n, "%s is not hurt", game_piece_name(g, p->id));
    return true;
}

bool game_can_use(const Game *g, int hero, int item)
{
    return hero == g->current && g->status == GAME_STATUS_PLAYING &&
           game_piece_on_board(g, hero) && use_allowed(g, hero, item, NULL, 0);
}

bool item_apply_use(Game *g, const Action *a, char *why, size_t n)
{
    int item = GAME_ITEM_INDEX(a->item);
    if (!use_allowed(g, a->piece, item, why, n))
        return false;
    drink(g, a->piece, item); /* free: no action spent, the move goes on */
    return true;
}

bool item_drink_at_death(Game *g, int hero)
{
    const GamePiece *p = &g->pieces[hero];
    for (int k = 0; k < p->item_count; k++) {
        int item = p->items[k].item;
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
    const GamePiece *p = &g->pieces[hero];
    DisarmSkill best = p->type->disarm;
    *tool = -1;
    for (int k = 0; k < p->item_count; k++) {
        const ItemType *it = game_item(g, p->items[k].item);
        if (it && it->kind == ITEM_TOOL && (it->flags & ITEM_DISARMS) && it->disarm > best) {
            best = it->disarm;
            *tool = p->items[k].item;
        }
    }
    return best;
}
