/* The monsters' turn: every revealed monster, in id order, attacks an
 * adjacent hero, or moves along a shortest path toward the nearest square
 * next to a hero and attacks if it gets there. */
#include "game_internal.h"

/* The hero next to pos a monster attacks: fewest body points, then the
 * lowest id, so the choice is deterministic. -1 if none. */
int ai_adjacent_hero(const Game *g, BoardPos pos)
{
    int best = -1;
    for (int i = 0; i < g->setup.hero_count; i++) {
        if (!game_piece_on_board(g, i) || !move_adjacent(g, pos, g->pieces[i].pos))
            continue;
        if (best < 0 || g->pieces[i].body < g->pieces[best].body)
            best = i;
    }
    return best;
}

static bool next_to_hero(void *ctx, BoardPos pos)
{
    const MoveCtx *c = ctx;
    return ai_adjacent_hero(c->g, pos) >= 0;
}

static bool heroes_left(const Game *g)
{
    for (int i = 0; i < g->setup.hero_count; i++)
        if (game_piece_on_board(g, i))
            return true;
    return false;
}

int ai_approach_path(const Game *g, int monster, BoardPos *path, int cap)
{
    const GamePiece *p = &g->pieces[monster];
    int move = p->type->move;
    if (move <= 0 || cap < 256)
        return 0;
    BoardPos goal;
    if (move > 256)
        move = 256;
    MoveCtx ctx = {g, monster, MOVE_FULL, false, {0, 0}};
    PathRule rule = {move_mask_begin(g, monster), NULL, &ctx};
    PathCosts costs = move_costs(g);
    int len = path_cost_nearest(g->pf, p->pos, -1, &rule, &costs, next_to_hero, &goal, path, move,
                                NULL);
    move_mask_end(g);
    if (len <= 0)
        return 0;
    /* As far along as its move allows (move squares, in cost units). */
    int steps = 0, budget = move * grid_cost_unit(&g->grid);
    while (steps < len && steps < move &&
           move_path_cost(g, p->pos, path, steps + 1) <= budget)
        steps++;
    /* It may pass other monsters, exits and known pits, but stops on a
     * free square that is none of them (RULES.md 10: monsters never land
     * on the stairway). */
    while (steps > 0 && (g->occupant[game_index(g, path[steps - 1])] >= 0 ||
                         (g->flags[game_index(g, path[steps - 1])] & (SQF_EXIT | SQF_PIT))))
        steps--;
    return steps;
}

static void approach(Game *g, int monster)
{
    BoardPos path[256];
    move_transit(g, monster, path, ai_approach_path(g, monster, path, 256));
}

static void play_monster(Game *g, int monster)
{
    int target = ai_adjacent_hero(g, g->pieces[monster].pos);
    if (target < 0) {
        approach(g, monster);
        target = ai_adjacent_hero(g, g->pieces[monster].pos);
    }
    if (target >= 0)
        combat_attack(g, monster, target);
}

void ai_monsters_turn(Game *g)
{
    game_emit(g, EVENT_MONSTERS_TURN, -1, "the monsters' turn");
    size_t count = g->piece_count;
    for (size_t i = 0; i < count && heroes_left(g); i++) {
        const GamePiece *p = &g->pieces[i];
        if (p->side == GAME_SIDE_MONSTERS && p->revealed && game_piece_on_board(g, (int)i) &&
            spell_monster_wakes(g, (int)i))
            play_monster(g, (int)i);
    }
    fog_update_all(g);
}
