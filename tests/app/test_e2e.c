/* End to end: a simple greedy bot plays each bundled mission from start to
 * victory or defeat through the core API, over several seeds. It checks
 * that the missions are playable to an end by the rules, that some seed
 * wins each mission, and that replaying a finished game's log gives the
 * same game. */
#include "check.h"
#include "core/alloc.h"
#include "mission/mission.h"
#include "rules/game.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define E2E_SEEDS 12
#define E2E_MAX_ACTIONS 4000

static const char *const MISSIONS[] = {"first-light", "bone-orchard", "the-drowned-archive"};

static bool act(Game *g, ActionKind kind, int piece, int target, BoardPos pos)
{
    Action a = {kind, piece, target, pos, -1, 0};
    char why[256];
    return game_apply(g, &a, NULL, why, sizeof why);
}

/* Attacks the first enemy next to the hero that the rules allow. */
static bool try_attack(Game *g, int hero)
{
    BoardPos at = game_piece(g, hero)->pos;
    for (size_t i = 0; i < game_piece_count(g); i++) {
        const GamePiece *p = game_piece(g, (int)i);
        if (p->side == GAME_SIDE_MONSTERS && p->alive && grid_manhattan(p->pos, at) == 1 &&
            act(g, ACTION_ATTACK, hero, (int)i, at))
            return true;
    }
    return false;
}

/* Shortest path length from hero to any free square of goal's room;
 * writes the best square. */
static int best_in_room(const Game *g, int hero, BoardPos goal, BoardPos *best)
{
    const Board *b = game_mission(g)->board;
    int32_t room = board_room(b, goal);
    const BoardRoom *r = board_room_info(b, room);
    if (!r)
        return -1;
    if (board_room(b, game_piece(g, hero)->pos) == room)
        return 0;
    int best_len = -1;
    for (int y = r->min.y; y <= r->max.y; y++)
        for (int x = r->min.x; x <= r->max.x; x++) {
            BoardPos q = {x, y};
            if (board_room(b, q) != room)
                continue;
            int len = game_path(g, hero, q, NULL, 0);
            if (len > 0 && (best_len < 0 || len < best_len)) {
                best_len = len;
                *best = q;
            }
        }
    return best_len;
}

/* Shortest path length from hero to any of the squares around goal (or
 * goal itself when around is false); writes the best square. */
static int best_goal(const Game *g, int hero, BoardPos goal, bool around, BoardPos *best)
{
    int best_len = -1;
    for (int d = around ? 0 : 4; d < 5; d++) {
        BoardPos q = d < 4 ? grid_step(goal, (GridDir)d) : goal;
        if (grid_pos_equal(q, game_piece(g, hero)->pos))
            return 0;
        int len = game_path(g, hero, q, NULL, 0);
        if (len > 0 && (best_len < 0 || len < best_len)) {
            best_len = len;
            *best = q;
        }
    }
    return best_len;
}

/* What the hero goes for: the first open objective, else an exit. */
static bool choose_goal(const Game *g, int hero, BoardPos *goal, bool *around, bool *search)
{
    const Mission *m = game_mission(g);
    *around = *search = false;
    for (size_t i = 0; i < m->objective_count; i++) {
        const MissionObjective *o = &m->objectives[i];
        if (game_objective_met(g, i) || o->kind == OBJECTIVE_ESCAPE)
            continue;
        if (o->kind == OBJECTIVE_KILL) {
            for (size_t k = 0; k < game_piece_count(g); k++) {
                const GamePiece *p = game_piece(g, (int)k);
                if (p->mission_index >= 0 && p->side == GAME_SIDE_MONSTERS && p->alive &&
                    strcmp(m->monsters[p->mission_index].id, o->target) == 0) {
                    *goal = p->pos;
                    *around = true;
                    return true;
                }
            }
        } else if (o->kind == OBJECTIVE_FIND_ITEM) {
            for (size_t t = 0; t < m->treasure_count; t++)
                if (strcmp(m->treasure[t].id, o->target) == 0) {
                    *goal = m->treasure[t].pos;
                    for (size_t f = 0; f < m->furniture_count; f++)
                        if (m->treasure[t].furniture[0] &&
                            strcmp(m->furniture[f].id, m->treasure[t].furniture) == 0)
                            *goal = m->furniture[f].pos;
                    *search = true;
                    return true;
                }
        } else {
            *goal = o->pos;
            return true;
        }
    }
    /* Everything else met: the nearest exit. */
    int best = -1;
    const Board *b = m->board;
    for (int y = 0; y < board_height(b); y++)
        for (int x = 0; x < board_width(b); x++) {
            BoardPos q = {x, y};
            if (!game_square_exit(g, q))
                continue;
            int len = grid_pos_equal(q, game_piece(g, hero)->pos) ? 0
                                                                   : game_path(g, hero, q, NULL, 0);
            if (len >= 0 && (best < 0 || len < best)) {
                best = len;
                *goal = q;
            }
        }
    return best >= 0;
}

/* Moves as far along the path to target as the roll allows. */
static void walk(Game *g, int hero, BoardPos target)
{
    BoardPos path[512];
    int len = game_path(g, hero, target, path, 512);
    if (len <= 0 || len > 512)
        return;
    int k = len < game_move_left(g) ? len : game_move_left(g);
    for (; k > 0; k--)
        if (act(g, ACTION_MOVE, hero, -1, path[k - 1]))
            return;
}

static void hero_turn(Game *g, int hero)
{
    if (!try_attack(g, hero)) {
        BoardPos goal, target;
        bool around, search;
        act(g, ACTION_ROLL, hero, -1, (BoardPos){0, 0});
        if (choose_goal(g, hero, &goal, &around, &search)) {
            if (!around && game_square_exit(g, goal) &&
                grid_pos_equal(goal, game_piece(g, hero)->pos)) {
                act(g, ACTION_LEAVE, hero, -1, goal);
                return;
            }
            int len = search ? best_in_room(g, hero, goal, &target)
                             : best_goal(g, hero, goal, around, &target);
            if (len > 0)
                walk(g, hero, target);
            if (search && game_piece(g, hero)->alive)
                act(g, ACTION_SEARCH_TREASURE, hero, -1, goal);
        }
        if (game_current(g) == hero)
            try_attack(g, hero);
        if (game_current(g) == hero && game_square_exit(g, game_piece(g, hero)->pos) &&
            choose_goal(g, hero, &goal, &around, &search) &&
            grid_pos_equal(goal, game_piece(g, hero)->pos)) {
            act(g, ACTION_LEAVE, hero, -1, goal);
            return;
        }
    }
    if (game_current(g) == hero)
        act(g, ACTION_END, -1, -1, (BoardPos){0, 0});
}

static GameStatus play(Game *g)
{
    for (int n = 0; n < E2E_MAX_ACTIONS && game_status(g) == GAME_STATUS_PLAYING; n++)
        hero_turn(g, game_current(g));
    return game_status(g);
}

int main(void)
{
    const char *data = getenv("QUESTBOARD_DATA");
    char cat_path[1024], path[1024];
    snprintf(cat_path, sizeof cat_path, "%s/assets/pieces.xml", data ? data : ".");
    MissionLoadOptions opts = {0};
    opts.catalogue_path = cat_path;
    for (size_t i = 0; i < sizeof MISSIONS / sizeof MISSIONS[0]; i++) {
        snprintf(path, sizeof path, "%s/missions/%s/mission.xml", data ? data : ".", MISSIONS[i]);
        ErrorList errs;
        errors_init(&errs, 0);
        Mission *m = mission_load(path, &opts, &errs);
        if (!m)
            errors_print(&errs, stderr);
        errors_clear(&errs);
        CHECK(m != NULL);
        if (!m)
            continue;
        int won = 0, lost = 0;
        for (uint64_t seed = 1; seed <= E2E_SEEDS; seed++) {
            char why[256];
            Game *g = game_create(m, NULL, seed, why, sizeof why);
            CHECK(g != NULL);
            GameStatus s = play(g);
            won += s == GAME_STATUS_VICTORY;
            if (getenv("E2E_DEBUG")) {
                fprintf(stderr, "%s seed %d: %s turn %d:", MISSIONS[i], (int)seed,
                        game_status_name(s), game_turn(g));
                for (int h = 0; h < 4; h++)
                    fprintf(stderr, " (%d,%d %d%s)", game_piece(g, h)->pos.x, game_piece(g, h)->pos.y,
                            game_piece(g, h)->body, game_piece(g, h)->escaped ? " out" : "");
                fprintf(stderr, " obj0 %d\n", game_objective_met(g, 0));
            }
            lost += s == GAME_STATUS_DEFEAT;
            /* Replaying the log gives the same end. */
            Game *again = game_create(m, NULL, seed, why, sizeof why);
            for (size_t k = 0; k < game_log_count(g); k++)
                CHECK(game_apply(again, game_log_at(g, k), NULL, why, sizeof why));
            CHECK_INT(game_status(again), s);
            CHECK(game_rng_state(again) == game_rng_state(g));
            game_destroy(again);
            game_destroy(g);
        }
        printf("%s: %d won, %d lost of %d seeds\n", MISSIONS[i], won, lost, E2E_SEEDS);
        CHECK_INT(won + lost, E2E_SEEDS); /* every game reaches an end */
        CHECK(won > 0);
        mission_destroy(m);
    }
    return check_finish("e2e");
}
