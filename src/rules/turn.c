/* Turn order, movement rolls, leaving, objectives and the end of the game. */
#include "game_internal.h"

#include <stdio.h>
#include <string.h>

static void start_hero(Game *g, int hero)
{
    g->current = hero;
    g->rolled = g->acted = g->moved = g->move_closed = false;
    g->move_left = 0;
    g->move_dice_count = 0;
    g->trail_len = 0;
    g->hero_round = g->turn;
    GameEvent *e = game_emit(g, EVENT_TURN, hero, "turn %d: %s", g->turn,
                             game_piece_name(g, hero));
    e->value = g->turn;
}

static int first_hero_from(const Game *g, int from)
{
    for (int i = from; i < g->setup.hero_count; i++)
        if (game_piece_on_board(g, i))
            return i;
    return -1;
}

void turn_begin(Game *g)
{
    g->turn = 1;
    g->status = GAME_STATUS_PLAYING;
    g->current = -1;
    fog_update_all(g);
    int h = first_hero_from(g, 0);
    if (h >= 0)
        start_hero(g, h);
}

void turn_advance(Game *g)
{
    if (g->current >= 0)
        spell_turn_over(g, g->current);
    int next = first_hero_from(g, g->current + 1);
    if (next >= 0) {
        start_hero(g, next);
        return;
    }
    g->current = -1;
    if (g->setup.monster_player && first_hero_from(g, 0) >= 0) {
        monsters_turn_begin(g); /* the monster side acts; its end goes on */
        return;
    }
    ai_monsters_turn(g);
    turn_next_round(g);
}

void turn_next_round(Game *g)
{
    g->turn++;
    int limit = g->mission->rules.turn_limit;
    if (limit > 0 && g->turn > limit)
        return;
    int next = first_hero_from(g, 0);
    if (next >= 0)
        start_hero(g, next);
}

int game_move_dice_count(const Game *g, int hero)
{
    int n = equip_move_dice(g, hero); /* plate armour: 1 die */
    if (n <= 0)
        n = g->mission->rules.hero_move_dice;
    if (n <= 0)
        n = g->pieces[hero].type->move_dice;
    if (n <= 0)
        n = 2;
    return n < GAME_MAX_DICE ? n : GAME_MAX_DICE;
}

bool turn_apply_roll(Game *g, const Action *a, char *why, size_t n)
{
    if (g->rolled)
        return game_refuse(why, n, "the movement dice were already rolled this turn");
    if (g->move_closed)
        return game_refuse(why, n, "the move is over this turn");
    int dice = game_move_dice_count(g, a->piece);
    GamePiece *p = &g->pieces[a->piece];
    if (p->double_move) {
        /* Swift Wind: this roll has twice the dice */
        p->double_move = false;
        dice = dice * 2 < GAME_MAX_DICE ? dice * 2 : GAME_MAX_DICE;
    }
    GameEvent *e = game_emit(g, EVENT_ROLL, a->piece, "%s rolls", game_piece_name(g, a->piece));
    int total = 0;
    for (int i = 0; i < dice; i++) {
        int d = rng_d6(&g->rng);
        e->dice[e->dice_count++] = g->move_dice[i] = d;
        total += d;
    }
    g->move_dice_count = dice;
    e->value = total;
    game_event_add(e, " %d for movement", total);
    g->rolled = true;
    /* the dice give whole squares; movement is kept in cost units (a
     * square8 board's 1/q, docs/rules.md "Diagonal steps") */
    g->move_left = total * grid_cost_unit(&g->grid);
    return true;
}

bool turn_may_act(const Game *g, const Action *a, char *why, size_t n)
{
    if (g->acted)
        return game_refuse(why, n, "%s has already taken an action this turn",
                           game_piece_name(g, a->piece));
    return true;
}

void turn_use_action(Game *g)
{
    g->acted = true;
    /* A move may come before or after the action, never around it. */
    if (g->moved) {
        g->move_closed = true;
        g->move_left = 0;
    }
}

bool turn_apply_end(Game *g, const Action *a, char *why, size_t n)
{
    (void)a, (void)why, (void)n;
    turn_advance(g);
    return true;
}

bool turn_apply_leave(Game *g, const Action *a, char *why, size_t n)
{
    GamePiece *p = &g->pieces[a->piece];
    if (!(g->flags[game_index(g, p->pos)] & SQF_EXIT))
        return game_refuse(why, n, "%s is not on an exit", game_piece_name(g, p->id));
    move_remove_piece(g, a->piece);
    p->escaped = true;
    game_emit(g, EVENT_LEFT, a->piece, "%s leaves the dungeon", game_piece_name(g, p->id));
    fog_update_all(g);
    /* The last hero out ends the quest in this round (turn_check_end
     * decides how), as a reach objective does: no monsters' turn after
     * it, and no next round, which could pass the turn limit. */
    if (first_hero_from(g, 0) < 0) {
        spell_turn_over(g, g->current);
        g->current = -1;
        return true;
    }
    turn_advance(g);
    return true;
}

/* --- objectives ------------------------------------------------------ */

static bool monster_killed(const Game *g, const char *target)
{
    const Mission *m = g->mission;
    for (size_t i = 0; i < g->piece_count; i++) {
        const GamePiece *p = &g->pieces[i];
        if (p->side == GAME_SIDE_MONSTERS && p->mission_index >= 0 &&
            strcmp(m->monsters[p->mission_index].id, target) == 0)
            return !p->alive;
    }
    return false;
}

static bool hero_where(const Game *g, BoardPos pos, bool whole_room, int *by)
{
    int32_t room = board_room(g->board, pos);
    for (int i = 0; i < g->setup.hero_count; i++) {
        if (!game_piece_on_board(g, i))
            continue;
        BoardPos at = g->pieces[i].pos;
        if (whole_room ? (room > 0 && board_room(g->board, at) == room) : grid_pos_equal(at, pos)) {
            *by = i;
            return true;
        }
    }
    return false;
}

static bool all_escaped(const Game *g)
{
    bool any = false;
    for (int i = 0; i < g->setup.hero_count; i++) {
        if (game_piece_on_board(g, i))
            return false;
        any |= g->pieces[i].escaped;
    }
    return any;
}

static bool item_found(const Game *g, const char *target)
{
    const Mission *m = g->mission;
    for (size_t i = 0; i < m->treasure_count; i++)
        if (g->treasure_found[i] && strcmp(m->treasure[i].id, target) == 0)
            return true;
    return false;
}

/* True when o holds now; *by: the hero who meets it, or -1. */
static bool objective_now(const Game *g, const MissionObjective *o, int *by)
{
    *by = g->actor;
    switch (o->kind) {
    case OBJECTIVE_KILL:
        return monster_killed(g, o->target);
    case OBJECTIVE_REACH_SQUARE:
        return hero_where(g, o->pos, false, by);
    case OBJECTIVE_REACH_ROOM:
        return hero_where(g, o->pos, true, by);
    case OBJECTIVE_ESCAPE:
        *by = -1;
        return all_escaped(g);
    case OBJECTIVE_FIND_ITEM:
        return item_found(g, o->target);
    case OBJECTIVE_KIND_COUNT:
        break;
    }
    return false;
}

/* Latches newly met objectives; true when all are met. */
static bool update_objectives(Game *g)
{
    const Mission *m = g->mission;
    bool all = true;
    for (size_t i = 0; i < m->objective_count; i++) {
        int by;
        if (!g->objective_met[i] && objective_now(g, &m->objectives[i], &by)) {
            g->objective_met[i] = true;
            g->objective_by[i] = by;
            GameEvent *e = game_emit(g, EVENT_OBJECTIVE_MET, -1, "objective met: %s",
                                     m->objectives[i].text);
            e->value = (int)i;
            e->target = by;
        }
        all &= g->objective_met[i];
    }
    /* A mission without objectives is won by leaving the dungeon. */
    return m->objective_count ? all : all_escaped(g);
}

static void finish(Game *g, GameStatus status, const char *why)
{
    g->status = status;
    g->current = -1;
    game_emit(g, status == GAME_STATUS_VICTORY ? EVENT_VICTORY : EVENT_DEFEAT, -1, "%s: %s",
              game_status_name(status), why);
}

void turn_check_end(Game *g)
{
    while (g->status == GAME_STATUS_PLAYING) {
        if (update_objectives(g)) {
            finish(g, GAME_STATUS_VICTORY, N_("the quest is done"));
            return;
        }
        if (first_hero_from(g, 0) < 0) {
            bool left = all_escaped(g);
            g->defeat = left ? GAME_DEFEAT_OBJECTIVE_UNMET : GAME_DEFEAT_PARTY_KILLED;
            finish(g, GAME_STATUS_DEFEAT,
                   left ? N_("the heroes left without finishing the quest") : N_("every hero is dead"));
            return;
        }
        int limit = g->mission->rules.turn_limit;
        if (limit > 0 && g->turn > limit) {
            g->defeat = GAME_DEFEAT_TURN_LIMIT;
            finish(g, GAME_STATUS_DEFEAT, N_("the turn limit has passed"));

            return;
        }
        if (g->monster_turn || game_piece_on_board(g, g->current))
            return;
        /* The hero whose turn it was died or left: play on. */
        turn_advance(g);
    }
}
