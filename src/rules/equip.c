/* Equipment: what heroes carry and how it changes the rules (docs/rules.md,
 * "Equipment"). Everything an item does comes from its catalogue entry:
 * attack dice, bonus dice against some foes, diagonal strikes, ranged and
 * thrown attacks, two-handed weapons, armour's defence dice and plate's
 * single movement die. */
#include "game_internal.h"

#include "../core/alloc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const ItemType *game_item(const Game *g, int i)
{
    return i >= 0 ? catalogue_item_at(g->mission->catalogue, (size_t)i) : NULL;
}

static const PieceType *piece_type(const Game *g, int piece)
{
    return g->pieces[piece].type;
}

bool game_may_use(const Game *g, int piece, int item)
{
    const ItemType *it = game_item(g, item);
    return it && game_piece(g, piece) && catalogue_item_usable(it, piece_type(g, piece));
}

/* --- kits -------------------------------------------------------------- */

bool equip_check_kit(const Catalogue *cat, const GameKit *kit, char *why, size_t n)
{
    if (kit->count < 0 || kit->count > GAME_MAX_ITEMS)
        return game_refuse(why, n, "a hero carries 0 to %d things", GAME_MAX_ITEMS);
    bool slot_taken[ITEM_SLOT_COUNT] = {false};
    for (int i = 0; i < kit->count; i++) {
        const ItemType *it = catalogue_item_at(cat, (size_t)kit->items[i].item);
        if (kit->items[i].item < 0 || !it)
            return game_refuse(why, n, "item %d is not in the catalogue", kit->items[i].item);
        if (!kit->items[i].worn)
            continue;
        if (it->kind != ITEM_ARMOUR)
            return game_refuse(why, n, "%s is not worn", it->name);
        if (slot_taken[it->slot])
            return game_refuse(why, n, "two %s items worn", catalogue_item_slot_name(it->slot));
        slot_taken[it->slot] = true;
    }
    return true;
}

static void add_item(GamePiece *p, int item, bool worn)
{
    if (p->item_count < GAME_MAX_ITEMS)
        p->items[p->item_count++] = (GameItem){(int16_t)item, worn};
}

/* True when p wears an item in slot. */
static bool wears_slot(const Game *g, const GamePiece *p, ItemSlot slot)
{
    for (int i = 0; i < p->item_count; i++) {
        const ItemType *it = game_item(g, p->items[i].item);
        if (p->items[i].worn && it && it->slot == slot)
            return true;
    }
    return false;
}

void equip_give_kit(Game *g, int hero, const GameKit *kit)
{
    GamePiece *p = &g->pieces[hero];
    p->item_count = 0;
    if (kit) {
        for (int i = 0; i < kit->count; i++)
            add_item(p, kit->items[i].item, kit->items[i].worn);
        return;
    }
    int items[GAME_MAX_ITEMS];
    size_t n = catalogue_hero_kit(g->mission->catalogue, p->type, items, GAME_MAX_ITEMS);
    for (size_t i = 0; i < n && i < GAME_MAX_ITEMS; i++) {
        const ItemType *it = game_item(g, items[i]);
        /* starting armour is worn, one item per slot */
        bool wear = it->kind == ITEM_ARMOUR && !wears_slot(g, p, it->slot);
        add_item(p, items[i], wear);
    }
}

/* --- dice -------------------------------------------------------------- */

int equip_defend_dice(const Game *g, int piece)
{
    const GamePiece *p = &g->pieces[piece];
    int dice = p->type->defend;
    for (int i = 0; i < p->item_count; i++) {
        const ItemType *it = game_item(g, p->items[i].item);
        if (p->items[i].worn && it)
            dice += it->defend;
    }
    return dice;
}

int equip_move_dice(const Game *g, int hero)
{
    const GamePiece *p = &g->pieces[hero];
    int dice = 0;
    for (int i = 0; i < p->item_count; i++) {
        const ItemType *it = game_item(g, p->items[i].item);
        if (p->items[i].worn && it && it->move_dice > 0 && (dice == 0 || it->move_dice < dice))
            dice = it->move_dice;
    }
    return dice;
}

/* A hero whose type names a starting kit fights bare-handed with 1 die;
 * one without (a mission's own hero) with its type's figure. */
static int bare_hands(const PieceType *t)
{
    const char *k = t->kit + strspn(t->kit, " \t\r\n");
    return *k ? 1 : t->attack;
}

int equip_attack_dice(const Game *g, int attacker, int target, int weapon)
{
    const GamePiece *a = &g->pieces[attacker];
    const ItemType *w = game_item(g, weapon);
    if (a->side != GAME_SIDE_HEROES)
        return a->type->attack;
    if (!w)
        return bare_hands(a->type);
    int dice = w->attack;
    if (target >= 0 && catalogue_item_against(w, g->pieces[target].type))
        dice += w->bonus;
    return dice;
}

/* --- choosing the weapon ------------------------------------------------ */

typedef enum Reach {
    REACH_NEXT,     /* orthogonal neighbour, nothing between */
    REACH_DIAGONAL, /* diagonal neighbour, no wall at the shared corner */
    REACH_RANGE,    /* in line of sight, not a neighbour */
    REACH_NONE
} Reach;

/* The four edges meeting at the corner two diagonal neighbours share must
 * all be open floor: no wall, no door frame. */
static bool diagonal_open(const Game *g, BoardPos a, BoardPos b)
{
    int dx = b.x - a.x, dy = b.y - a.y;
    GridDir h = dx > 0 ? GRID_DIR_EAST : GRID_DIR_WEST;
    GridDir v = dy > 0 ? GRID_DIR_SOUTH : GRID_DIR_NORTH;
    return !board_wall(g->board, a, h) && !board_wall(g->board, a, v) &&
           !board_wall(g->board, b, grid_dir_opposite(h)) &&
           !board_wall(g->board, b, grid_dir_opposite(v));
}

/* Neighbours on the board's own grid (diagonal ones too on a square8 or
 * hex board) are next to each other; only on a square4 board is a diagonal
 * neighbour a reach of its own. */
static Reach reach_of(const Game *g, BoardPos a, BoardPos b)
{
    if (grid_dir_between(&g->grid, a, b) >= 0)
        return move_adjacent(g, a, b) ? REACH_NEXT : REACH_NONE;
    int dx = abs(b.x - a.x), dy = abs(b.y - a.y);
    if (g->grid.topology == GRID_SQUARE4 && dx == 1 && dy == 1)
        return diagonal_open(g, a, b) ? REACH_DIAGONAL : REACH_NONE;
    return fog_sees(g, a, b) ? REACH_RANGE : REACH_NONE;
}

/* How item it may strike at reach r: 0 not at all, else 1 in hand, 2
 * thrown, 3 shot. A diagonal neighbour is too close for a crossbow. */
static int strike_mode(const ItemType *it, Reach r)
{
    if (!it || it->kind != ITEM_WEAPON)
        return 0;
    bool ranged = it->flags & ITEM_RANGED, thrown = it->flags & ITEM_THROWN;
    switch (r) {
    case REACH_NEXT:
        return ranged ? 0 : 1;
    case REACH_DIAGONAL:
        return (it->flags & ITEM_DIAGONAL) && !ranged ? 1 : thrown ? 2 : 0;
    case REACH_RANGE:
        return ranged ? 3 : thrown ? 2 : 0;
    case REACH_NONE:
        break;
    }
    return 0;
}

/* Why the hero may not use the weapon in slot at all, or NULL. */
static const char *unusable(const Game *g, int hero, int slot)
{
    const GamePiece *p = &g->pieces[hero];
    const ItemType *it = game_item(g, p->items[slot].item);
    if (!it || it->kind != ITEM_WEAPON)
        return N_("is not a weapon");
    if (!catalogue_item_usable(it, p->type))
        return N_("is not a weapon this hero may use");
    if ((it->flags & ITEM_TWO_HANDED) && wears_slot(g, p, ITEM_SLOT_SHIELD))
        return N_("needs both hands, and the hero wears a shield");
    return NULL;
}

static bool fill_choice(const Game *g, int hero, int slot, int mode, EquipAttack *out)
{
    *out = (EquipAttack){g->pieces[hero].items[slot].item, slot, mode == 2, mode == 3};
    return true;
}

/* The attack with the weapon the hero named. */
static bool choose_named(const Game *g, int hero, int target, int item, Reach r,
                         EquipAttack *out, char *why, size_t n)
{
    const GamePiece *p = &g->pieces[hero];
    const ItemType *it = game_item(g, item);
    if (!it)
        return game_refuse(why, n, "there is no item %d", item);
    for (int s = 0; s < p->item_count; s++) {
        if (p->items[s].item != item)
            continue;
        const char *no = unusable(g, hero, s);
        if (no)
            return game_refuse(why, n, "%s %s", it->name, no);
        int mode = strike_mode(it, r);
        if (!mode)
            return game_refuse(why, n, "%s cannot reach %s with the %s", game_piece_name(g, p->id),
                               game_piece_name(g, target), it->name);
        return fill_choice(g, hero, s, mode, out);
    }
    return game_refuse(why, n, "%s does not carry %s", game_piece_name(g, p->id), it->name);
}

/* The weapon the game picks: the most dice for the reach; in hand before
 * shot before thrown (a throw loses the weapon), then the first carried. */
static bool choose_best(const Game *g, int hero, int target, Reach r, EquipAttack *out)
{
    const GamePiece *p = &g->pieces[hero];
    int best = -1, best_key = -1;
    for (int s = 0; s < p->item_count; s++) {
        int mode = strike_mode(game_item(g, p->items[s].item), r);
        if (!mode || unusable(g, hero, s))
            continue;
        /* a thrown weapon is only thrown when nothing else reaches */
        int rank = mode == 2 ? 0 : 1;
        int key = rank * 1000 + equip_attack_dice(g, hero, target, p->items[s].item);
        if (key > best_key) {
            best_key = key;
            best = s;
        }
    }
    if (best < 0)
        return false;
    return fill_choice(g, hero, best, strike_mode(game_item(g, p->items[best].item), r), out);
}

bool equip_choose(const Game *g, int attacker, int target, int requested, EquipAttack *out,
                  char *why, size_t n)
{
    const GamePiece *a = &g->pieces[attacker], *t = &g->pieces[target];
    Reach r = reach_of(g, a->pos, t->pos);
    *out = (EquipAttack){-1, -1, false, false};
    if (r == REACH_NONE)
        return game_refuse(why, n, "%s is not next to %s or in its sight", game_piece_name(g, t->id),
                           game_piece_name(g, a->id));
    if (r != REACH_NEXT && !t->revealed)
        return game_refuse(why, n, "%s is not in sight", game_piece_name(g, t->id));
    if (a->side != GAME_SIDE_HEROES)
        return r == REACH_NEXT ? true
                               : game_refuse(why, n, "%s is not next to %s", game_piece_name(g, t->id),
                                             game_piece_name(g, a->id));
    if (requested)
        return choose_named(g, attacker, target, GAME_ITEM_INDEX(requested), r, out, why, n);
    if (choose_best(g, attacker, target, r, out))
        return true;
    if (r == REACH_NEXT)
        return true; /* bare hands */
    return game_refuse(why, n, r == REACH_DIAGONAL
                                   ? N_("%s has no weapon that strikes diagonally at %s")
                                   : N_("%s has no weapon that reaches %s from afar"),
                       game_piece_name(g, a->id), game_piece_name(g, t->id));
}

/* --- thrown weapons ------------------------------------------------------ */

static void remove_item(GamePiece *p, int slot)
{
    memmove(&p->items[slot], &p->items[slot + 1],
            (size_t)(p->item_count - slot - 1) * sizeof p->items[0]);
    p->item_count--;
}

void equip_throw(Game *g, int attacker, const EquipAttack *how, BoardPos pos)
{
    remove_item(&g->pieces[attacker], how->slot);
    if (g->drop_count == g->drop_cap) {
        g->drop_cap = g->drop_cap ? g->drop_cap * 2 : 8;
        g->drops = xrealloc(g->drops, g->drop_cap, sizeof *g->drops);
    }
    g->drops[g->drop_count++] = (GameDrop){how->weapon, pos, attacker, false};
}

void equip_pick_up(Game *g, int hero, BoardPos pos)
{
    GamePiece *p = &g->pieces[hero];
    for (size_t i = 0; i < g->drop_count; i++) {
        GameDrop *d = &g->drops[i];
        if (d->taken || !grid_pos_equal(d->pos, pos) || p->item_count >= GAME_MAX_ITEMS)
            continue;
        d->taken = true;
        add_item(p, d->item, false);
        GameEvent *e = game_emit(g, EVENT_PICK_UP, hero, "%s picks up the %s", game_piece_name(g, p->id),
                                 game_item(g, d->item)->name);
        e->item = d->item;
    }
}

/* --- public queries ----------------------------------------------------- */

int game_attack_weapon(const Game *g, int piece, int target, int requested, char *why,
                       size_t why_size)
{
    if (!game_piece_on_board(g, piece) || !game_piece_on_board(g, target))
        return game_refuse(why, why_size, "no such piece on the board") ? 0 : -2;
    if (g->pieces[piece].side == g->pieces[target].side)
        return game_refuse(why, why_size, "%s is not an enemy", game_piece_name(g, target)) ? 0 : -2;
    EquipAttack how;
    if (!equip_choose(g, piece, target, requested, &how, why, why_size))
        return -2;
    return how.weapon;
}

int game_hand_weapon(const Game *g, int piece)
{
    EquipAttack how;
    if (!game_piece(g, piece) || g->pieces[piece].side != GAME_SIDE_HEROES ||
        !choose_best(g, piece, -1, REACH_NEXT, &how))
        return -1;
    return how.weapon;
}

int game_attack_dice(const Game *g, int piece, int target, int weapon)
{
    return equip_attack_dice(g, piece, target, weapon) + g->pieces[piece].attack_bonus;
}

int game_defend_dice(const Game *g, int piece)
{
    return equip_defend_dice(g, piece) + g->pieces[piece].defend_bonus;
}

size_t game_drop_count(const Game *g)
{
    return g->drop_count;
}

const GameDrop *game_drop(const Game *g, size_t i)
{
    return i < g->drop_count ? &g->drops[i] : NULL;
}
