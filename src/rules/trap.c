/* Traps: what each kind does when it springs (pit, spear, falling block,
 * chest), jumping a known pit, the disarm action, and a hero's dice in a
 * pit (docs/rules.md, "Traps"). A trap that springs ends the hero's turn. */
#include "game_internal.h"

#include <stdio.h>

int trap_underfoot(const Game *g, BoardPos pos)
{
    for (size_t i = 0; i < g->trap_count; i++) {
        const GameTrap *t = &g->traps[i];
        if (!t->gone && t->kind != TRAP_CHEST && grid_pos_equal(t->pos, pos))
            return (int)i;
    }
    return -1;
}

/* Any trap still on pos, chest traps too (disarming). */
static int trap_on(const Game *g, BoardPos pos)
{
    for (size_t i = 0; i < g->trap_count; i++)
        if (!g->traps[i].gone && grid_pos_equal(g->traps[i].pos, pos))
            return (int)i;
    return -1;
}

bool trap_in_pit(const Game *g, int piece)
{
    const GamePiece *p = &g->pieces[piece];
    if (!game_piece_on_board(g, piece))
        return false;
    for (size_t i = 0; i < g->trap_count; i++) {
        const GameTrap *t = &g->traps[i];
        if (t->kind == TRAP_PIT && t->sprung && !t->gone && grid_pos_equal(t->pos, p->pos))
            return true;
    }
    return false;
}

/* Rolls dice combat dice into e; returns the skulls. */
static int roll_skulls(Game *g, GameEvent *e, int dice)
{
    int skulls = 0;
    for (int i = 0; i < dice; i++) {
        DieFace f = combat_roll_face(g);
        if (e->dice_count < GAME_MAX_DICE)
            e->dice[e->dice_count++] = (int)f;
        skulls += f == DIE_SKULL;
    }
    return skulls;
}

/* Moves the hero (which occupies its square) to pos. */
static void place(Game *g, int hero, BoardPos pos)
{
    GamePiece *p = &g->pieces[hero];
    move_remove_piece(g, hero);
    move_step_event(g, hero, pos);
    g->occupant[game_index(g, pos)] = hero;
    (void)p;
}

/* The falling block fills the square blocked, and the piece on it moves
 * off: a hero that sprang it steps back to the last free square of its
 * move (trail), else any piece goes to a free neighbour (in the grid's
 * direction order); with nowhere to go it is crushed. */
static void push_off(Game *g, int piece, BoardPos blocked, bool trail)
{
    for (size_t k = trail ? g->trail_len : 0; k-- > 0;) {
        BoardPos p = g->trail[k];
        if (!grid_pos_equal(p, blocked) && move_square_free(g, p)) {
            place(g, piece, p);
            return;
        }
    }
    int count;
    const GridDir *dirs = grid_dirs(&g->grid, &count);
    for (int d = 0; d < count; d++) {
        BoardPos p = grid_step(&g->grid, blocked, dirs[d]);
        if (board_contains(g->board, p) && move_square_free(g, p) && move_adjacent(g, blocked, p)) {
            place(g, piece, p);
            return;
        }
    }
    game_emit(g, EVENT_STATUS, piece, "%s has nowhere to go", game_piece_name(g, piece));
    combat_damage(g, piece, g->pieces[piece].body);
}

static void block_lands(Game *g, BoardPos square)
{
    g->flags[game_index(g, square)] |= SQF_RUBBLE;
    move_mask_refresh(g, square);
}

/* EU2: the block falls beside the trap, on the square its arrow marks.
 * Whoever stands there (hero or monster) rolls the three dice, loses a
 * body point per skull and moves off; the hero who sprang it is not hit.
 * The event names that piece as its target and the damage as value2. */
static void block_falls_beside(Game *g, GameEvent *e, const GameTrap *trap)
{
    int victim = g->occupant[game_index(g, trap->fall)];
    block_lands(g, trap->fall);
    e->to = trap->fall;
    game_event_reword(e, "%s springs a falling block trap: the block falls beside %s",
                      game_piece_name(g, e->piece), game_piece_name(g, e->piece));
    if (victim < 0)
        return;
    e->target = victim;
    e->value2 = roll_skulls(g, e, 3);
    game_event_reword(e, "%s springs a falling block trap: the block falls on %s",
                      game_piece_name(g, e->piece), game_piece_name(g, victim));
    combat_damage(g, victim, e->value2);
    if (g->pieces[victim].alive)
        push_off(g, victim, trap->fall, false);
}

bool trap_spring(Game *g, int hero, int t)
{
    GameTrap *trap = &g->traps[t];
    trap->found = true;
    GameEvent *e = game_emit(g, EVENT_TRAP_SPRUNG, hero, "%s springs a %s trap",
                             game_piece_name(g, hero), mission_trap_kind_name(trap->kind));
    size_t at = g->out->count - 1; /* e moves when later events grow the list */
    e->value = t;
    e->to = trap->pos;
    bool ends = true;
    int damage = 1;
    switch (trap->kind) {
    case TRAP_PIT: /* the pit stays open, the hero in it */
        trap->sprung = true;
        break;
    case TRAP_SPEAR: /* gone once sprung; only a skull hurts, and ends the turn */
        trap->gone = true;
        damage = roll_skulls(g, e, 1);
        ends = damage > 0;
        break;
    case TRAP_FALLING_BLOCK:
        trap->gone = true;
        if (!grid_pos_equal(trap->fall, trap->pos)) {
            move_trap_changed(g, t);
            block_falls_beside(g, e, trap);
            g->end_turn = true;
            return true;
        }
        damage = roll_skulls(g, e, 3);
        block_lands(g, trap->pos);
        if (grid_pos_equal(g->pieces[hero].pos, trap->pos))
            push_off(g, hero, trap->pos, true);
        break;
    case TRAP_CHEST:
        trap->gone = true;
        damage = trap->damage;
        break;
    case TRAP_KIND_COUNT:
        break;
    }
    move_trap_changed(g, t);
    g->out->items[at].value2 = damage;
    combat_damage(g, hero, damage);
    if (ends)
        g->end_turn = true;
    return ends;
}

bool trap_jump(Game *g, int hero, int t)
{
    GameEvent *e = game_emit(g, EVENT_JUMP, hero, "%s jumps the pit", game_piece_name(g, hero));
    e->value = t;
    e->to = g->traps[t].pos;
    bool over = roll_skulls(g, e, 1) == 0; /* a skull: into the pit */
    e->value2 = over;
    game_event_reword(e, over ? N_("%s jumps over the pit") : N_("%s fails the jump and falls into the pit"),
                      game_piece_name(g, hero));

    return over;
}

void trap_spring_chest(Game *g, int hero)
{
    int32_t room = board_room(g->board, g->pieces[hero].pos);
    for (size_t i = 0; i < g->trap_count && room > 0; i++) {
        const GameTrap *t = &g->traps[i];
        if (t->kind == TRAP_CHEST && !t->gone && board_room(g->board, t->pos) == room) {
            (void)trap_spring(g, hero, (int)i);
            return;
        }
    }
}

/* Everything a disarm needs, checked before anything changes. */
static int disarm_allowed(const Game *g, const Action *a, DisarmSkill *skill, int *tool,
                          char *why, size_t n)
{
    if (!turn_may_act(g, a, why, n))
        return -1;
    BoardPos from = g->pieces[a->piece].pos;
    int t = board_contains(g->board, a->pos) ? trap_on(g, a->pos) : -1;
    if (t < 0 || !g->traps[t].found)
        return game_refuse(why, n, "no known trap at (%d,%d)", a->pos.x, a->pos.y), -1;
    if (!grid_pos_equal(from, a->pos) && !move_adjacent(g, from, a->pos))
        return game_refuse(why, n, "the trap at (%d,%d) is out of reach", a->pos.x, a->pos.y), -1;
    if (g->traps[t].sprung)
        return game_refuse(why, n, "an open pit cannot be disarmed; it may be jumped"), -1;
    *skill = item_disarm_skill(g, a->piece, tool);
    if (*skill == DISARM_NONE)
        return game_refuse(why, n, "%s needs a tool kit to disarm traps",
                           game_piece_name(g, a->piece)), -1;
    return t;
}

bool trap_apply_disarm(Game *g, const Action *a, char *why, size_t n)
{
    DisarmSkill skill;
    int tool;
    int t = disarm_allowed(g, a, &skill, &tool, why, n);
    if (t < 0)
        return false;
    turn_use_action(g);
    GameTrap *trap = &g->traps[t];
    bool eu = g->mission->rules.edition == MISSION_EDITION_EU;
    /* EU: a hero who disarms by its own skill (the Dwarf) never fails */
    int face = -1;
    if (!(eu && tool < 0))
        face = (int)combat_roll_face(g);
    bool fails = face >= 0 && face + 1 == (int)skill; /* DISARM_FAILS_ON_x follows DieFace */
    const char *kind = mission_trap_kind_name(trap->kind);
    GameEvent *e = fails ? game_emit(g, EVENT_DISARM_FAILED, a->piece, "%s fails to disarm the %s trap",
                                     game_piece_name(g, a->piece), kind)
                         : game_emit(g, EVENT_TRAP_DISARMED, a->piece, "%s disarms the %s trap",
                                     game_piece_name(g, a->piece), kind);
    e->value = t;
    e->to = a->pos;
    if (face >= 0)
        e->dice[e->dice_count++] = face;
    if (!fails) {
        trap->gone = true;
        move_trap_changed(g, t);
        return true;
    }
    if (eu) { /* EU tool kit: the trap goes off (1 body point) but is gone */
        trap->gone = true;
        move_trap_changed(g, t);
        combat_hurt(g, a->piece, 1);
        g->end_turn = true;
        return true;
    }
    (void)trap_spring(g, a->piece, t); /* US: a failure springs it on the hero */
    return true;
}
