/* The monsters' turn played by actions: the monster player
 * (docs/rules.md, "The monster player").
 *
 * In a game whose setup has monster_player, the last hero's end does not
 * run the rules' AI: the monsters' turn begins and waits. The monster
 * side (a person, or the computer through game_monster_choose) moves and
 * attacks with the monsters that may act, one action at a time, under
 * the same rules as the AI's monsters: the monsters' step rule on the
 * board as it is (they pass monsters, never heroes or closed doors, and
 * never stop on an exit or a known pit), movement up to the type's
 * `move` points, an attack on a hero next to the monster with the
 * figure's dice; a monster that has attacked does nothing more (the AI
 * moves, then attacks). Every one of these actions goes into the log, so
 * saves replay them. The end action ends the monsters' turn: the heroes
 * look again, and the next round begins.
 */
#include "../core/alloc.h"
#include "game_internal.h"

#include <stdlib.h>
#include <string.h>

void monsters_free(Game *g)
{
    free(g->mturn);
    g->mturn = NULL;
    g->mturn_count = 0;
}

void monsters_clone(Game *c, const Game *g)
{
    c->mturn = NULL;
    if (g->mturn_count) {
        c->mturn = xmalloc(g->mturn_count, sizeof *c->mturn);
        memcpy(c->mturn, g->mturn, g->mturn_count * sizeof *c->mturn);
    }
}

void monsters_turn_begin(Game *g)
{
    game_emit(g, EVENT_MONSTERS_TURN, -1, "the monsters' turn");
    g->monster_turn = true;
    free(g->mturn);
    g->mturn_count = g->piece_count;
    g->mturn = xcalloc(g->mturn_count + 1, sizeof *g->mturn);
    int unit = grid_cost_unit(&g->grid);
    /* The waking rolls come first, in id order: which monsters act is
     * settled before the monster side chooses anything. */
    for (size_t i = 0; i < g->mturn_count; i++) {
        const GamePiece *p = &g->pieces[i];
        if (p->side != GAME_SIDE_MONSTERS || !p->revealed || !game_piece_on_board(g, (int)i) ||
            !spell_monster_wakes(g, (int)i))
            continue;
        g->mturn[i].flags = MONSTER_ACTS;
        int move = p->type->move > 256 ? 256 : p->type->move;
        g->mturn[i].move_left = move > 0 ? move * unit : 0;
    }
}

/* The monster's entry, or NULL when piece is none that acts this turn. */
static MonsterTurn *entry(const Game *g, int piece)
{
    if (!game_monsters_turn(g) || piece < 0 || (size_t)piece >= g->mturn_count ||
        !(g->mturn[piece].flags & MONSTER_ACTS) || !game_piece_on_board(g, piece))
        return NULL;
    return &g->mturn[piece];
}

bool game_monsters_turn(const Game *g)
{
    return g->monster_turn && g->status == GAME_STATUS_PLAYING;
}

bool game_monster_may_act(const Game *g, int piece)
{
    const MonsterTurn *t = entry(g, piece);
    return t && !(t->flags & MONSTER_ATTACKED);
}

int game_monster_move_left(const Game *g, int piece)
{
    return game_monster_may_act(g, piece) ? g->mturn[piece].move_left : 0;
}

/* The monsters' step rule for piece as a path rule (its mask patched
 * with the pieces: call move_mask_end after the search). */
static PathRule monster_rule(const Game *g, int piece, MoveCtx *ctx)
{
    *ctx = (MoveCtx){g, piece, MOVE_FULL, false, {0, 0}};
    return (PathRule){move_mask_begin(g, piece), NULL, ctx};
}

size_t game_monster_reachable(const Game *g, int piece, BoardPos *out, size_t cap)
{
    int budget = game_monster_move_left(g, piece);
    if (budget <= 0)
        return 0;
    MoveCtx ctx;
    PathRule rule = monster_rule(g, piece, &ctx);
    PathCosts costs = move_costs(g);
    path_cost_reach(g->pf, g->pieces[piece].pos, budget, &rule, &costs);
    move_mask_end(g);
    return path_reach_list(g->pf, out, cap);
}

static bool apply_move(Game *g, const Action *a, MonsterTurn *t, char *why, size_t n)
{
    const GamePiece *p = &g->pieces[a->piece];
    if (t->move_left <= 0)
        return game_refuse(why, n, "%s has no movement left this turn", game_piece_name(g, p->id));
    if (!board_contains(g->board, a->pos))
        return game_refuse(why, n, "(%d,%d) is off the board", a->pos.x, a->pos.y);
    if (grid_pos_equal(a->pos, p->pos))
        return game_refuse(why, n, "%s already stands there", game_piece_name(g, p->id));
    BoardPos path[256];
    int64_t cost = 0;
    MoveCtx ctx;
    PathRule rule = monster_rule(g, a->piece, &ctx);
    PathCosts costs = move_costs(g);
    int len = path_cost_find(g->pf, p->pos, a->pos, t->move_left, &rule, &costs, path, 256, &cost);
    move_mask_end(g);
    if (len <= 0 || len > 256) {
        char left[32];
        game_format_move(g, t->move_left, left, sizeof left);
        return game_refuse(why, n, "no legal path of at most %s squares to (%d,%d)", left,
                           a->pos.x, a->pos.y);
    }
    t->move_left -= (int)cost;
    t->flags |= MONSTER_MOVED;
    move_transit(g, a->piece, path, len);
    return true;
}

static bool apply_attack(Game *g, const Action *a, char *why, size_t n)
{
    const GamePiece *p = &g->pieces[a->piece];
    if (a->target < 0 || a->target >= g->setup.hero_count || !game_piece_on_board(g, a->target))
        return game_refuse(why, n, "there is no hero %d on the board", a->target);
    if (!move_adjacent(g, p->pos, g->pieces[a->target].pos))
        return game_refuse(why, n, "%s is not next to %s", game_piece_name(g, p->id),
                           game_piece_name(g, a->target));
    g->mturn[a->piece].flags |= MONSTER_ATTACKED;
    g->mturn[a->piece].move_left = 0;
    combat_attack(g, a->piece, a->target);
    return true;
}

/* The end of the monsters' turn: the heroes look again (as after the
 * AI's turn), then the next round. */
static void end_turn(Game *g)
{
    g->monster_turn = false;
    monsters_free(g);
    fog_update_all(g);
    turn_next_round(g);
}

bool monsters_apply(Game *g, const Action *a, char *why, size_t n)
{
    if (a->kind == ACTION_END) {
        end_turn(g);
        return true;
    }
    if (a->kind != ACTION_MOVE && a->kind != ACTION_ATTACK)
        return game_refuse(why, n, "in the monsters' turn only a monster's move or attack, "
                                   "or end, may be played");
    const GamePiece *p = game_piece(g, a->piece);
    if (!p || !p->revealed) /* an unseen piece has no number to give */
        return game_refuse_no_piece(g, a->piece, why, n);
    if (p->side != GAME_SIDE_MONSTERS)
        return game_refuse(why, n, "piece %d is no monster of the monster side",
                           game_public_id(g, GAME_ID_PIECE, a->piece));
    MonsterTurn *t = entry(g, a->piece);
    if (!t)
        return game_refuse(why, n, "%s does not act this turn (asleep, or off the board)",
                           game_piece_name(g, a->piece));
    if (t->flags & MONSTER_ATTACKED)
        return game_refuse(why, n, "%s has already attacked this turn",
                           game_piece_name(g, a->piece));
    return a->kind == ACTION_MOVE ? apply_move(g, a, t, why, n) : apply_attack(g, a, why, n);
}

/* The computer plays the monster side as the rules' AI does, one action
 * at a time: monsters in id order; each attacks the hero next to it, or
 * first walks its whole move toward the nearest square next to a hero
 * (once), then attacks if it got there. */
bool game_monster_choose(const Game *g, Action *out)
{
    if (!game_monsters_turn(g))
        return false;
    for (size_t i = 0; i < g->mturn_count; i++) {
        const MonsterTurn *t = entry(g, (int)i);
        if (!t || (t->flags & MONSTER_ATTACKED))
            continue;
        int target = ai_adjacent_hero(g, g->pieces[i].pos);
        if (target >= 0) {
            *out = (Action){.kind = ACTION_ATTACK, .piece = (int)i, .target = target};
            return true;
        }
        if (t->flags & MONSTER_MOVED)
            continue;
        BoardPos path[256];
        int steps = ai_approach_path(g, (int)i, path, 256);
        if (steps > 0) {
            *out = (Action){.kind = ACTION_MOVE, .piece = (int)i, .target = -1,
                            .pos = path[steps - 1]};
            return true;
        }
    }
    *out = (Action){.kind = ACTION_END, .piece = -1, .target = -1};
    return true;
}
