/* The keyboard player of the play screen's headless tests (test_play's
 * whole missions) and of the window's route (tests/screens/route_keys.c):
 * a hero's turn chosen from the game's state and played by key presses
 * alone (play_util.h's key(), which can record them). Included once per
 * test program, after play_util.h. A program may define KB_KEY(p, sym)
 * and KB_SETTLE(p) first to press something else for each key: the
 * controller player of tests/screens/test_gamepad.c presses the pad's
 * buttons the window maps to those keys. */
#pragma once

#ifndef KB_KEY
#include "play_util.h"
#define KB_KEY key
#define KB_SETTLE settle
#endif

#include "core/grid.h"
#include "rules/game.h"

#include <stdlib.h>
#include <string.h>

/* The board the keyboard player is on (NULL: square). */
static const Grid *kb_grid;

/* Steps between two squares on kb_grid's topology: Manhattan on square
 * boards, Chebyshev on square8 ones, hex distance on hex ones. */
static int manhattan(BoardPos a, BoardPos b)
{
    int dx = abs(a.x - b.x), dy = abs(a.y - b.y);
    if (kb_grid && kb_grid->topology == GRID_HEX)
        return grid_distance(kb_grid, a, b);
    if (kb_grid && kb_grid->topology == GRID_SQUARE8)
        return dx > dy ? dx : dy;
    return dx + dy;
}

/* Route mode (the hex and square8 missions): with nothing in sight the
 * keyboard player walks toward the kill objective's monster, or to an
 * exit, by the board's true walking distance (a breadth-first search over
 * the grid's edges, doors open, hidden secret doors shut), not straight
 * at it, which stalls against the wall of a room whose door is round the
 * far side. The player knows where the monster is; the game does not
 * care how the keys were chosen. */
static bool kb_route;

/* Walking distances from the targets to every square (-1: none). */
static int *route_from(const Game *g, const BoardPos *targets, int count)
{
    const Board *b = game_mission(g)->board;
    const Grid *grid = board_grid(b);
    int64_t area = grid_area(grid);
    int *dist = malloc((size_t)area * sizeof *dist);
    int64_t *queue = malloc((size_t)area * sizeof *queue);
    int64_t head = 0, tail = 0;
    for (int64_t i = 0; i < area; i++)
        dist[i] = -1;
    for (int k = 0; k < count; k++) {
        int64_t i = grid_index(grid, targets[k]);
        if (dist[i] < 0)
            dist[i] = 0, queue[tail++] = i;
    }
    while (head < tail) {
        BoardPos at = grid_pos(grid, queue[head++]);
        GridNeighbour nb[GRID_MAX_NEIGHBOURS];
        int n = grid_neighbours(grid, at, nb);
        for (int k = 0; k < n; k++) {
            int64_t j = grid_index(grid, nb[k].pos);
            if (!grid_is_edge(grid, nb[k].dir) || dist[j] >= 0 || !board_walkable(b, nb[k].pos))
                continue;
            if (board_wall(b, at, nb[k].dir)) {
                int d = game_door_at(g, at, nb[k].dir);
                const GameDoor *door = d >= 0 ? game_door(g, (size_t)d) : NULL;
                if (!door || (door->kind == DOOR_SECRET && !door->found))
                    continue;
            }
            dist[j] = dist[grid_index(grid, at)] + 1;
            queue[tail++] = j;
        }
    }
    free(queue);
    return dist;
}

/* The reachable square nearest the targets by walking; at when none. */
static BoardPos route_goal(const Game *g, BoardPos at, const BoardPos *reach, size_t n,
                           const BoardPos *targets, int count)
{
    int *dist = route_from(g, targets, count);
    const Grid *grid = board_grid(game_mission(g)->board);
    BoardPos goal = at;
    int best = dist[grid_index(grid, at)];
    for (size_t i = 0; i < n && i < 4096; i++) {
        int d = dist[grid_index(grid, reach[i])];
        if (d >= 0 && (best < 0 || d < best))
            best = d, goal = reach[i];
    }
    free(dist);
    return goal;
}

/* Moves the keyboard cursor from the hero to goal and confirms. */
static void cursor_to(Play *p, BoardPos from, BoardPos goal)
{
    KB_KEY(p, SDLK_ESCAPE); /* drops a cursor left from before */
    KB_KEY(p, SDLK_RETURN); /* the cursor on the hero */
    for (int x = from.x; x != goal.x; x += goal.x > x ? 1 : -1)
        KB_KEY(p, goal.x > x ? SDLK_RIGHT : SDLK_LEFT);
    for (int y = from.y; y != goal.y; y += goal.y > y ? 1 : -1)
        KB_KEY(p, goal.y > y ? SDLK_DOWN : SDLK_UP);
    KB_KEY(p, SDLK_RETURN);
    KB_SETTLE(p);
}

/* True when every objective but escaping is met: time to leave. */
static bool only_escape_left(const Game *g)
{
    const Mission *m = game_mission(g);
    for (size_t i = 0; i < m->objective_count; i++)
        if (m->objectives[i].kind != OBJECTIVE_ESCAPE && !game_objective_met(g, i))
            return false;
    return true;
}

/* Heads for the nearest exit and leaves by it (the hero chosen twice on
 * an exit leaves). True when the hero's turn is done. */
static bool keyboard_leave(Play *p, BoardPos *reach)
{
    const Game *g = play_game(p);
    int hero = game_current(g);
    BoardPos at = game_piece(g, hero)->pos;
    if (!game_square_exit(g, at)) {
        KB_KEY(p, SDLK_r);
        KB_SETTLE(p);
        size_t n = game_reachable(g, hero, -1, reach, 4096);
        const Board *b = game_mission(g)->board;
        BoardPos goal = at;
        int score = 1 << 30;
        if (kb_route) {
            BoardPos exits[64];
            int count = 0;
            for (int y = 0; y < board_height(b); y++)
                for (int x = 0; x < board_width(b) && count < 64; x++)
                    if (game_square_exit(g, (BoardPos){x, y}))
                        exits[count++] = (BoardPos){x, y};
            goal = route_goal(g, at, reach, n, exits, count);
            score = 0;
        }
        for (size_t i = 0; score && i < n && i < 4096; i++)
            for (int y = 0; y < board_height(b); y++)
                for (int x = 0; x < board_width(b); x++) {
                    BoardPos q = {x, y};
                    int sc = manhattan(reach[i], q);
                    if (game_square_exit(g, q) && sc < score)
                        score = sc, goal = reach[i];
                }
        if (!grid_pos_equal(goal, at))
            cursor_to(p, at, goal);
        at = game_piece(g, hero)->pos;
        if (!game_square_exit(g, at))
            return false;
    }
    KB_KEY(p, SDLK_ESCAPE);
    KB_KEY(p, SDLK_RETURN); /* the cursor on the hero */
    for (int k = 0; k < 3 && game_current(g) == hero; k++) {
        KB_KEY(p, SDLK_RETURN);
        KB_SETTLE(p);
    }
    return game_current(g) != hero;
}

/* One hero's turn by keys only: fight the nearest monster in sight, else
 * walk east and open doors and search; leave once only escaping is left. */
static void keyboard_turn(Play *p, BoardPos *reach)
{
    const Game *g = play_game(p);
    int hero = game_current(g);
    if (only_escape_left(g) && keyboard_leave(p, reach))
        return;
    BoardPos at = game_piece(g, hero)->pos;
    int foe = -1, best = 1 << 30;
    for (size_t i = 0; i < game_piece_count(g); i++) {
        const GamePiece *t = game_piece(g, (int)i);
        if (t->side == GAME_SIDE_MONSTERS && t->alive && t->revealed && manhattan(t->pos, at) < best)
            best = manhattan(t->pos, at), foe = (int)i;
    }
    if (foe < 0 || best > 1) {
        KB_KEY(p, SDLK_r);
        KB_SETTLE(p);
        size_t n = game_reachable(g, hero, -1, reach, 4096);
        BoardPos goal = at;
        int score = 1 << 30;
        /* no monster in sight: toward an objective's square not reached
         * yet, else toward the nearest square nobody has seen, else a
         * fixed pseudo-random square */
        static unsigned wander = 12345;
        wander = wander * 1103515245u + 12345u;
        if (foe < 0 && n > 0)
            goal = reach[(wander >> 8) % (n < 4096 ? n : 4096)];
        const Mission *m = game_mission(g);
        const Board *b = m->board;
        for (size_t o = 0; foe < 0 && o < m->objective_count; o++) {
            const MissionObjective *ob = &m->objectives[o];
            if (game_objective_met(g, o) ||
                (ob->kind != OBJECTIVE_REACH_SQUARE && ob->kind != OBJECTIVE_REACH_ROOM))
                continue;
            for (size_t i = 0; i < n && i < 4096; i++) {
                int sc = manhattan(reach[i], ob->pos);
                if (sc < score)
                    score = sc, goal = reach[i];
            }
        }
        for (size_t o = 0; kb_route && foe < 0 && o < m->objective_count; o++) {
            const MissionObjective *ob = &m->objectives[o];
            if (game_objective_met(g, o) || ob->kind != OBJECTIVE_KILL)
                continue;
            for (size_t i = 0; i < game_piece_count(g); i++) {
                const GamePiece *t = game_piece(g, (int)i);
                if (t->side == GAME_SIDE_MONSTERS && t->alive && t->mission_index >= 0 &&
                    strcmp(m->monsters[t->mission_index].id, ob->target) == 0) {
                    goal = route_goal(g, at, reach, n, &t->pos, 1);
                    score = 0;
                }
            }
        }
        for (size_t i = 0; foe < 0 && score == 1 << 30 && i < n && i < 4096; i++)
            for (int y = 0; y < board_height(b); y++)
                for (int x = 0; x < board_width(b); x++) {
                    BoardPos q = {x, y};
                    int sc = manhattan(reach[i], q);
                    if (board_walkable(b, q) && !game_square_revealed(g, q) && sc < score)
                        score = sc, goal = reach[i];
                }
        for (size_t i = 0; foe >= 0 && i < n && i < 4096; i++) {
            int sc = manhattan(reach[i], game_piece(g, foe)->pos);
            if (sc < score)
                score = sc, goal = reach[i];
        }
        if (!grid_pos_equal(goal, at))
            cursor_to(p, at, goal);
    }
    KB_KEY(p, SDLK_f);
    KB_SETTLE(p);
    KB_KEY(p, SDLK_o);
    KB_SETTLE(p);
    KB_KEY(p, SDLK_t);
    KB_SETTLE(p);
    if (game_current(g) == hero && game_status(g) == GAME_STATUS_PLAYING) {
        KB_KEY(p, SDLK_e);
        KB_SETTLE(p);
    }
}
