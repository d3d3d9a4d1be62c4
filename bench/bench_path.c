/* Shortest-path queries per second on a 1024x1024 board with rooms, walls
 * and doors: the search the game runs, through the game's own API
 * (game_path_from, the same search as game_path and the move action: the
 * step rule kept as a per-square mask, pieces patched in, one-sided
 * breadth-first search), next to libtcod's A* on the same map when libtcod
 * is installed (HAVE_LIBTCOD).
 *
 * The board: 14x10 rooms, neighbours of different colours so walls stand
 * on the edges between them, with rock (#c3c3c3) one square thick around
 * each room. Each wall is pierced by a doorway at a seeded offset: a
 * walkable square of its own colour, so a wall edge lies on each of its two
 * sides, and each of those edges carries a closed door of the mission. A
 * hero opens closed doors on the way, so for the hero the map is the
 * square map libtcod gets: rock blocked, everything else open. Seeded rock
 * pillars stand inside the rooms. Query ends are seeded random floor
 * squares; both finders answer the same queries and their path lengths
 * are compared.
 *
 * Each finder runs the queries ROUNDS times and its best round counts,
 * timed in the processor time of the thread (the machine is shared).
 * The bench also times game_reachable over a 12-square move, which costs
 * what it visits (and a few bytes a piece), not the board.
 *
 * With "square8" as the second argument the board is a square8 board with
 * diagonal-cost 7/5 (the game's weighted search: Dijkstra over a bucket
 * queue in units of 1/5) and libtcod's A* gets diagonal cost 1.4, the
 * same ratio; the bench then compares path costs. libtcod lets a diagonal
 * pass a blocked square when the other square it passes by is open; the
 * game's corner rule (docs/rules.md) never does, so on some queries the
 * game's path is longer, never shorter.
 *
 * Run: meson compile -C build && build/bench/bench_path [QUERIES] [square8]
 */
#include "core/alloc.h"
#include "core/board.h"
#include "core/rng.h"
#include "core/timer.h"
#include "mission/catalogue.h"
#include "mission/mission.h"
#include "rules/game.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef HAVE_LIBTCOD
#include <libtcod.h>
#endif

#define N 1024
#define ROOM_W 15 /* room plus its west wall */
#define ROOM_H 11 /* room plus its north wall */
#define ROUNDS 3  /* each finder's best round counts (the machine may be busy) */
#define DOORWAY_RGB 0x806040u

/* The doorways of the cell (rx, ry): x of the north wall's, y of the west
 * wall's (hashed from the cell, so the map is fixed). */
static void doorways(int rx, int ry, int *door_x, int *door_y)
{
    Rng h = rng_make((uint64_t)rx * 7919u + (uint64_t)ry, 3);
    *door_x = 1 + (int)rng_below(&h, ROOM_W - 1);
    *door_y = 1 + (int)rng_below(&h, ROOM_H - 1);
}

/* The colour of (x, y): rock, doorway or its room's colour (one of four,
 * so neighbouring rooms differ). */
static uint32_t colour_at(int x, int y, Rng *pillars)
{
    int cx = x % ROOM_W, cy = y % ROOM_H, rx = x / ROOM_W, ry = y / ROOM_H;
    int door_x, door_y;
    doorways(rx, ry, &door_x, &door_y);
    if (cy == 0)
        return cx == door_x ? DOORWAY_RGB : BOARD_RGB_BLOCKED;
    if (cx == 0)
        return cy == door_y ? DOORWAY_RGB : BOARD_RGB_BLOCKED;
    if (rng_below(pillars, 100) < 4)
        return BOARD_RGB_BLOCKED;
    return 0x204060u + 0x300000u * (uint32_t)(rx % 2) + 0x003000u * (uint32_t)(ry % 2);
}

static Board *make_board(bool *rock, const Grid *shape)
{
    uint8_t *px = xmalloc((size_t)N * N, 4);
    Rng pillars = rng_make(99, 5);
    for (int y = 0; y < N; y++)
        for (int x = 0; x < N; x++) {
            size_t i = (size_t)y * N + x;
            uint32_t c = colour_at(x, y, &pillars);
            rock[i] = c == BOARD_RGB_BLOCKED;
            px[i * 4] = (uint8_t)(c >> 16), px[i * 4 + 1] = (uint8_t)(c >> 8);
            px[i * 4 + 2] = (uint8_t)c, px[i * 4 + 3] = 255;
        }
    BoardSpec spec = {.width = N, .height = N, .rgba = px, .shape = shape};
    char err[256];
    Board *b = board_create(&spec, err, sizeof err);
    free(px);
    if (!b) {
        fprintf(stderr, "bench_path: %s\n", err);
        exit(1);
    }
    return b;
}

static void add_door(Mission *m, size_t *cap, BoardPos pos, GridDir side)
{
    if (m->door_count == *cap) {
        *cap = *cap ? 2 * *cap : 1024;
        m->doors = xrealloc(m->doors, *cap, sizeof *m->doors);
    }
    m->doors[m->door_count++] = (MissionDoor){pos, side, DOOR_NORMAL, 0, "", -1, false};
}

/* A closed door on every wall edge between a doorway and the rooms it
 * joins (a doorway's wall edges are exactly those). */
static void add_doors(Mission *m)
{
    size_t cap = 0;
    for (int y = 0; y < N; y++)
        for (int x = 0; x < N; x++) {
            BoardPos p = {x, y};
            if (board_rgb(m->board, p) != DOORWAY_RGB)
                continue;
            for (int d = 0; d < 4; d++) {
                BoardPos q = grid_step(board_grid(m->board), p, (GridDir)d);
                if (!board_walkable(m->board, q) || !board_wall(m->board, p, (GridDir)d))
                    continue;
                /* Doors are named by the square west or north of the edge. */
                if (d == GRID_DIR_EAST || d == GRID_DIR_SOUTH)
                    add_door(m, &cap, p, (GridDir)d);
                else
                    add_door(m, &cap, q, grid_dir_opposite((GridDir)d));
            }
        }
}

static BoardPos random_floor(Rng *r, const bool *rock)
{
    for (;;) {
        BoardPos p = {(int)rng_below(r, N), (int)rng_below(r, N)};
        if (!rock[(size_t)p.y * N + p.x])
            return p;
    }
}

static Mission *make_mission(bool *rock, Rng *r, const Grid *shape)
{
    Mission *m = xcalloc(1, sizeof *m);
    m->board = make_board(rock, shape);
    if (shape)
        m->shape = *shape;
    m->catalogue = catalogue_create();
    PieceType hero;
    memset(&hero, 0, sizeof hero);
    snprintf(hero.id, sizeof hero.id, "hero");
    snprintf(hero.name, sizeof hero.name, "hero");
    hero.kind = PIECE_HERO;
    hero.move_dice = 2;
    hero.attack = hero.defend = 2;
    hero.body = 8;
    hero.width = hero.height = 1;
    catalogue_put(m->catalogue, &hero);
    snprintf(m->id, sizeof m->id, "bench");
    m->rules.hero_move_dice = 2;
    m->heroes = xcalloc(1, sizeof *m->heroes);
    m->hero_count = 1;
    snprintf(m->heroes[0].type, sizeof m->heroes[0].type, "hero");
    m->heroes[0].pos = random_floor(r, rock);
    add_doors(m);
    return m;
}

/* Times n queries of the hero's path search. */
static double run_game(const Game *g, const BoardPos *q, int n, int *lens)
{
    /* One untimed query first: the buffers' first touch is set-up cost. */
    game_path_from(g, 0, q[0], q[1], NULL, 0);
    double ms = 1e300;
    for (int round = 0; round < ROUNDS; round++) {
        double t0 = timer_cpu_ms();
        for (int i = 0; i < n; i++)
            lens[i] = game_path_from(g, 0, q[2 * i], q[2 * i + 1], NULL, 0);
        double t = timer_cpu_ms() - t0;
        ms = t < ms ? t : ms;
    }
    return ms;
}

/* Times game_reachable over a hero's typical move (12 squares) from the
 * hero's square: a query costs what it visits, not the board. */
static double run_reachable(const Game *g, int n, size_t *count)
{
    double ms = 1e300;
    for (int round = 0; round < ROUNDS; round++) {
        double t0 = timer_cpu_ms();
        for (int i = 0; i < n; i++)
            *count = game_reachable(g, 0, 12 * game_move_unit(g), NULL, 0);
        double t = timer_cpu_ms() - t0;
        ms = t < ms ? t : ms;
    }
    return ms;
}

#ifdef HAVE_LIBTCOD
/* libtcod's step cost with the game's corner rule: a diagonal step only
 * when both squares it passes by are open (for the cost check only). */
static float corner_cost(int xf, int yf, int xt, int yt, void *ctx)
{
    const bool *rock = ctx;
    if (rock[(size_t)yt * N + xt])
        return 0.0f;
    if (xf != xt && yf != yt && (rock[(size_t)yf * N + xt] || rock[(size_t)yt * N + xf]))
        return 0.0f;
    return 1.0f;
}

/* The cost of each query's libtcod path in units of 1/5 (-1: none). */
static void tcod_costs(TCOD_path_t path, const BoardPos *q, int n, int *costs)
{
    for (int i = 0; i < n; i++) {
        if (!TCOD_path_compute(path, q[2 * i].x, q[2 * i].y, q[2 * i + 1].x, q[2 * i + 1].y)) {
            costs[i] = -1;
            continue;
        }
        int px = q[2 * i].x, py = q[2 * i].y, cost = 0;
        for (int k = 0; k < TCOD_path_size(path); k++) {
            int x, y;
            TCOD_path_get(path, k, &x, &y);
            cost += x != px && y != py ? 7 : 5;
            px = x, py = y;
        }
        costs[i] = cost;
    }
}

static double run_tcod(bool *rock, const BoardPos *q, int n, int *lens, float diagonal)
{
    TCOD_map_t map = TCOD_map_new(N, N);
    for (int y = 0; y < N; y++)
        for (int x = 0; x < N; x++) {
            bool open = !rock[(size_t)y * N + x];
            TCOD_map_set_properties(map, x, y, open, open);
        }
    TCOD_path_t path = TCOD_path_new_using_map(map, diagonal); /* 0: no diagonal steps */
    TCOD_path_compute(path, q[0].x, q[0].y, q[1].x, q[1].y);
    double ms = 1e300;
    for (int round = 0; round < ROUNDS; round++) {
        double t0 = timer_cpu_ms();
        for (int i = 0; i < n; i++)
            lens[i] = TCOD_path_compute(path, q[2 * i].x, q[2 * i].y, q[2 * i + 1].x,
                                        q[2 * i + 1].y)
                          ? TCOD_path_size(path)
                          : -1;
        double t = timer_cpu_ms() - t0;
        ms = t < ms ? t : ms;
    }
    /* On square8, the cost of each path in units of 1/5 (untimed), by
     * libtcod's own rule and by the game's corner rule. */
    if (diagonal > 0) {
        tcod_costs(path, q, n, lens);
        TCOD_path_t fair = TCOD_path_new_using_function(N, N, corner_cost, rock, diagonal);
        tcod_costs(fair, q, n, lens + n);
        TCOD_path_delete(fair);
    }
    TCOD_path_delete(path);
    TCOD_map_delete(map);
    return ms;
}
#endif

/* On square8: the cost in units of 1/5 of the game's path of each query
 * (untimed), for comparison with libtcod's. */
static void game_costs(const Game *g, const BoardPos *q, int n, int *costs)
{
    BoardPos *out = xmalloc((size_t)N * N, sizeof *out);
    for (int i = 0; i < n; i++) {
        int len = game_path_from(g, 0, q[2 * i], q[2 * i + 1], out, N * N);
        BoardPos at = q[2 * i];
        costs[i] = len < 0 ? -1 : 0;
        for (int k = 0; k < len; k++) {
            costs[i] += out[k].x != at.x && out[k].y != at.y ? 7 : 5;
            at = out[k];
        }
    }
    free(out);
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 100;
    if (n < 1)
        n = 1;
    bool square8 = argc > 2 && strcmp(argv[2], "square8") == 0;
    Grid shape = grid_make(1, 1, GRID_SQUARE8);
    grid_set_diagonal(&shape, 7, 5);
    bool *rock = xmalloc((size_t)N * N, sizeof *rock);
    Rng r = rng_make(2024, 9);
    Mission *m = make_mission(rock, &r, square8 ? &shape : NULL);
    char why[256];
    Game *g = game_create(m, NULL, 1, why, sizeof why);
    if (!g) {
        fprintf(stderr, "bench_path: %s\n", why);
        return 1;
    }
    BoardPos *q = xmalloc((size_t)n * 2, sizeof *q);
    for (int i = 0; i < 2 * n; i++)
        q[i] = random_floor(&r, rock);
    int *ours = xmalloc((size_t)n, sizeof *ours);
    double ms = run_game(g, q, n, ours);
    double ours_rate = n / (ms / 1000.0);
    long total = 0;
    for (int i = 0; i < n; i++)
        total += ours[i];
    printf("board %dx%d%s, %zu rooms, %zu closed doors, %d queries, mean path %.0f squares\n", N,
           N, square8 ? " square8 diagonal-cost 7/5" : "", (size_t)board_room_count(m->board),
           m->door_count, n, (double)total / n);
    if (square8)
        game_costs(g, q, n, ours);
    printf("questboard, the game's search (game_path_from): %8.1f queries/s (%.2f ms/query)\n",
           ours_rate, ms / n);
    size_t reach = 0;
    double rms = run_reachable(g, 10000, &reach);
    printf("questboard, game_reachable over 12 steps (%zu squares): %.1f us/query\n", reach,
           rms * 1000.0 / 10000);
#ifdef HAVE_LIBTCOD
    int *theirs = xmalloc((size_t)n * 2, sizeof *theirs);
    double tms = run_tcod(rock, q, n, theirs, square8 ? 1.4f : 0.0f);
    double tcod_rate = n / (tms / 1000.0);
    int differ = 0, shorter = 0, fair_differ = 0;
    for (int i = 0; i < n; i++) {
        differ += ours[i] != theirs[i];
        shorter += ours[i] < theirs[i];
        fair_differ += square8 && ours[i] != theirs[n + i];
    }
    printf("libtcod A*, same map:                           %8.1f queries/s (%.2f ms/query)\n",
           tcod_rate, tms / n);
    printf("ratio: %.2fx libtcod (target >= 3x); %s differ in %d of %d queries%s\n",
           ours_rate / tcod_rate, square8 ? "costs" : "lengths", differ, n,
           square8 && shorter ? " (the game's SHORTER: a bug)" : "");
    if (square8)
        printf("costs differ from libtcod's with the game's corner rule (its cost callback) in %d "
               "of %d queries\n",
               fair_differ, n);
    free(theirs);
#else
    printf("libtcod A*: not built (libtcod not found)\n");
#endif
    free(ours);
    free(q);
    free(rock);
    game_destroy(g);
    mission_destroy(m);
    return 0;
}
