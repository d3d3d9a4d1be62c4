/* Searching: treasure (the mission's, else the treasure deck), traps and
 * secret doors, and the wandering monsters a search may call up. */
#include "game_internal.h"

#include <string.h>

enum { SEARCH_TREASURE_BIT = 0, SEARCH_TRAPS_BIT = 1 };

static uint8_t search_bit(int hero, int kind)
{
    return (uint8_t)(1u << (hero * 2 + kind));
}

static int32_t treasure_room(const Game *g, const MissionTreasure *t)
{
    if (!t->furniture[0])
        return t->room;
    const Mission *m = g->mission;
    for (size_t i = 0; i < m->furniture_count; i++)
        if (strcmp(m->furniture[i].id, t->furniture) == 0)
            return board_room(g->board, m->furniture[i].pos);
    return -1;
}

/* Where a wandering monster appears: next to the searcher, else anywhere
 * free in the same room (then it may not attack). */
static bool wandering_square(const Game *g, BoardPos at, BoardPos *out, bool *adjacent)
{
    GridNeighbour nb[GRID_MAX_NEIGHBOURS];
    int n = grid_neighbours(&g->grid, at, nb);
    for (int k = 0; k < n; k++) {
        BoardPos p = nb[k].pos;
        if (board_contains(g->board, p) && move_square_free(g, p) && move_adjacent(g, at, p)) {
            *out = p;
            *adjacent = true;
            return true;
        }
    }
    int32_t room = board_room(g->board, at);
    const BoardRoom *r = board_room_info(g->board, room);
    for (int y = r ? r->min.y : 0; r && y <= r->max.y; y++)
        for (int x = r->min.x; x <= r->max.x; x++) {
            BoardPos p = {x, y};
            if (board_room(g->board, p) == room && move_square_free(g, p)) {
                *out = p;
                *adjacent = false;
                return true;
            }
        }
    return false;
}

static void wandering_monster(Game *g, int hero)
{
    const char *id = g->mission->rules.wandering_monster[0] ? g->mission->rules.wandering_monster
                                                             : "orc";
    const PieceType *t = catalogue_find(g->mission->catalogue, id);
    BoardPos at;
    bool adjacent;
    if (!t || t->kind != PIECE_MONSTER || !wandering_square(g, g->pieces[hero].pos, &at, &adjacent)) {
        game_emit(g, EVENT_NOTHING_FOUND, hero, "a wandering monster is heard, but none comes");
        return;
    }
    int m = game_add_piece(g, t, GAME_SIDE_MONSTERS, at, -1);
    g->pieces[m].revealed = true;
    if (!(g->flags[game_index(g, at)] & SQF_REVEALED))
        g->reveals++;
    g->flags[game_index(g, at)] |= SQF_REVEALED;
    GameEvent *e = game_emit(g, EVENT_WANDERING_MONSTER, m, "a wandering %s appears at (%d,%d)",
                             t->name, at.x, at.y);
    e->target = hero;
    if (adjacent)
        combat_attack(g, m, hero);
}

/* Gives one find to the hero: gold to its purse, potions and items (the
 * catalogue item the find names) to its belongings. */
static void give(Game *g, int hero, TreasureKind kind, int amount, const char *name, int index,
                 const char *item)
{
    GamePiece *p = &g->pieces[hero];
    GameEvent *e = game_emit(g, EVENT_FIND, hero, "%s finds: %s", game_piece_name(g, p->id), name);
    e->value = amount;
    e->value2 = (int)kind;
    /* a potion's amount is what its item heals (a card's potion names
     * the item and no amount) */
    if (kind == TREASURE_POTION && item_heal_most(g, item) >= 0)
        e->value = item_heal_most(g, item);
    e->treasure = index;
    switch (kind) {
    case TREASURE_GOLD:
        /* a purse holds GAME_MAX_GOLD: what does not fit is left (a
         * mission may hide any number of chests; the sum never wraps) */
        e->value = amount > GAME_MAX_GOLD - p->gold ? GAME_MAX_GOLD - p->gold : amount;
        p->gold += e->value;
        break;
    case TREASURE_POTION:
        /* a potion naming no item (a catalogue built in code) is drunk */
        if (!item_give(g, hero, item))
            combat_heal(g, hero, amount);
        break;
    case TREASURE_ITEM:
        (void)item_give(g, hero, item); /* a quest's own item counts as found either way */
        break;
    case TREASURE_HAZARD:
        combat_hurt(g, hero, amount);
        break;
    case TREASURE_WANDERING_MONSTER:
        wandering_monster(g, hero);
        break;
    case TREASURE_KIND_COUNT:
        break;
    }
}

static void draw_card(Game *g, int hero)
{
    size_t count;
    const TreasureCard *deck = catalogue_treasure_deck(g->mission->catalogue, &count);
    uint32_t left = 0;
    for (size_t i = 0; i < count; i++)
        left += !g->card_gone[i];
    if (left == 0) {
        game_emit(g, EVENT_NOTHING_FOUND, hero, "%s finds nothing", game_piece_name(g, hero));
        return;
    }
    uint32_t pick = rng_below(&g->rng, left);
    for (size_t i = 0; i < count; i++) {
        if (g->card_gone[i] || pick-- > 0)
            continue;
        if (!deck[i].returns)
            g->card_gone[i] = true;
        give(g, hero, deck[i].kind, deck[i].amount, deck[i].name, -1, deck[i].item);
        return;
    }
}

/* True when a living monster stands in room. The searcher's room has been
 * revealed whole with everything in it, so this tells the players nothing
 * they could not see. */
static bool monster_in_room(const Game *g, int32_t room)
{
    for (size_t i = 0; i < g->piece_count; i++) {
        const GamePiece *p = &g->pieces[i];
        if (p->side == GAME_SIDE_MONSTERS && game_piece_on_board(g, (int)i) &&
            board_room(g->board, p->pos) == room)
            return true;
    }
    return false;
}

static bool may_search(Game *g, const Action *a, int kind, char *why, size_t n)
{
    if (!turn_may_act(g, a, why, n))
        return false;
    BoardPos at = g->pieces[a->piece].pos;
    if (fog_monster_in_sight(g, at))
        return game_refuse(why, n, "no searching while a monster is in sight");
    int32_t room = board_room(g->board, at);
    bool corridor = room <= 0 || fog_is_corridor(g, room);
    if (kind == SEARCH_TREASURE_BIT && corridor)
        return game_refuse(why, n, "treasure is found only in rooms, not in corridors");
    /* US: treasure only in a room empty of monsters, seen or not */
    if (kind == SEARCH_TREASURE_BIT && monster_in_room(g, room))
        return game_refuse(why, n, "no searching for treasure while a monster is in the room");
    uint8_t bit = search_bit(a->piece, kind);
    uint8_t seen = corridor ? g->searched_square[game_index(g, at)] : g->searched_room[room];
    if (seen & bit)
        return game_refuse(why, n, kind ? N_("%s has already searched here for traps")
                                        : N_("%s has already searched here for treasure"),
                           game_piece_name(g, a->piece));
    return true;
}

static void mark_searched(Game *g, int hero, int kind)
{
    BoardPos at = g->pieces[hero].pos;
    int32_t room = board_room(g->board, at);
    if (room <= 0 || fog_is_corridor(g, room))
        g->searched_square[game_index(g, at)] |= search_bit(hero, kind);
    else
        g->searched_room[room] |= search_bit(hero, kind);
    turn_use_action(g);
}

bool search_apply_treasure(Game *g, const Action *a, char *why, size_t n)
{
    if (!may_search(g, a, SEARCH_TREASURE_BIT, why, n))
        return false;
    mark_searched(g, a->piece, SEARCH_TREASURE_BIT);
    trap_spring_chest(g, a->piece); /* unless found and disarmed first */
    if (!game_piece_on_board(g, a->piece))
        return true;
    const Mission *m = g->mission;
    int32_t room = board_room(g->board, g->pieces[a->piece].pos);
    bool placed = false, found = false;
    for (size_t i = 0; i < m->treasure_count; i++) {
        if (treasure_room(g, &m->treasure[i]) != room)
            continue;
        placed = true;
        if (g->treasure_found[i] || !game_piece_on_board(g, a->piece))
            continue;
        g->treasure_found[i] = found = true;
        give(g, a->piece, m->treasure[i].kind, m->treasure[i].amount, m->treasure[i].name, (int)i,
             m->treasure[i].item);
    }
    if (found)
        move_mask_refresh_doors(g); /* a key opens locked doors */
    if (!placed)
        draw_card(g, a->piece);
    else if (!found)
        game_emit(g, EVENT_NOTHING_FOUND, a->piece, "%s finds nothing more here",
                  game_piece_name(g, a->piece));
    return true;
}

/* True when a search for traps from `at` covers pos: the room or the
 * corridor the searcher stands in (RULES.md 7, EU2), never what it sees
 * through a door. A room is searched whole; a corridor as far as the
 * searcher sees along it (EU1: "all visible squares of a passage"). */
static bool searchable_from(const Game *g, BoardPos at, BoardPos pos)
{
    int32_t room = board_room(g->board, at);
    if (!board_contains(g->board, pos) || board_room(g->board, pos) != room)
        return false;
    return (room > 0 && !fog_is_corridor(g, room)) || fog_sees(g, at, pos);
}

bool search_apply_traps(Game *g, const Action *a, char *why, size_t n)
{
    if (!may_search(g, a, SEARCH_TRAPS_BIT, why, n))
        return false;
    mark_searched(g, a->piece, SEARCH_TRAPS_BIT);
    BoardPos at = g->pieces[a->piece].pos;
    bool any = false;
    for (size_t i = 0; i < g->trap_count; i++) {
        GameTrap *t = &g->traps[i];
        if (t->gone || t->found || !searchable_from(g, at, t->pos))
            continue;
        t->found = any = true;
        move_trap_changed(g, (int)i);
        GameEvent *e = game_emit(g, EVENT_TRAP_FOUND, a->piece, "%s finds a %s trap at (%d,%d)",
                                 game_piece_name(g, a->piece), mission_trap_kind_name(t->kind),
                                 t->pos.x, t->pos.y);
        e->value = (int)i;
        e->to = t->pos;
    }
    for (size_t i = 0; i < g->door_count; i++) {
        GameDoor *d = &g->doors[i];
        BoardPos other = grid_step(&g->grid, d->pos, d->side);
        if (d->found || (!searchable_from(g, at, d->pos) && !searchable_from(g, at, other)))
            continue;
        d->found = any = true;
        move_mask_refresh(g, d->pos);
        GameEvent *e = game_emit(g, EVENT_SECRET_DOOR_FOUND, a->piece,
                                 "%s finds a secret door at (%d,%d)-%s",
                                 game_piece_name(g, a->piece), d->pos.x, d->pos.y,
                                 game_edge_name(g, d->side));
        e->value = (int)i;
        e->from = d->pos;
        e->to = other;
    }
    if (!any)
        game_emit(g, EVENT_NOTHING_FOUND, a->piece, "%s finds no traps or secret doors",
                  game_piece_name(g, a->piece));
    return true;
}
