/* Shortest-path queries per second on a 1024x1024 board with rooms and
 * walls: the game's breadth-first PathFinder (core/path.h) with the step
 * rule read from the board, next to libtcod's A* on the same map when
 * libtcod is installed (HAVE_LIBTCOD).
 *
 * The board: 14x10 rooms walled by rock (#c3c3c3) one square thick, each
 * wall pierced by one doorway at a seeded offset, and seeded rock pillars
 * inside the rooms. Query ends are seeded random floor squares; both
 * finders answer the same queries and their path lengths are compared.
 *
 * Each finder runs the queries ROUNDS times and its best round counts.
 *
 * Run: meson compile -C build && build/bench/bench_path [QUERIES]
 */
#include "core/alloc.h"
#include "core/board.h"
#include "core/path.h"
#include "core/rng.h"
#include "core/timer.h"

#include <stdio.h>
#include <stdlib.h>

#ifdef HAVE_LIBTCOD
#include <libtcod.h>
#endif

#define N 1024
#define ROOM_W 15 /* room plus its west wall */
#define ROOM_H 11 /* room plus its north wall */
#define ROUNDS 3  /* each finder's best round counts (the machine may be busy) */

static bool rock_at(int x, int y, Rng *pillars)
{
    int cx = x % ROOM_W, cy = y % ROOM_H;
    int rx = x / ROOM_W, ry = y / ROOM_H;
    /* The doorway of each wall sits at an offset hashed from the room. */
    Rng h = rng_make((uint64_t)rx * 7919u + (uint64_t)ry, 3);
    int door_x = 1 + (int)rng_below(&h, ROOM_W - 1), door_y = 1 + (int)rng_below(&h, ROOM_H - 1);
    if (cy == 0)
        return cx != door_x;
    if (cx == 0)
        return cy != door_y;
    return rng_below(pillars, 100) < 4;
}

static Board *make_board(bool *rock)
{
    uint8_t *px = xmalloc((size_t)N * N, 4);
    Rng pillars = rng_make(99, 5);
    for (int y = 0; y < N; y++)
        for (int x = 0; x < N; x++) {
            size_t i = (size_t)y * N + x;
            rock[i] = rock_at(x, y, &pillars);
            uint8_t v = rock[i] ? 0xc3 : 0xff;
            px[i * 4] = px[i * 4 + 1] = px[i * 4 + 2] = v;
            px[i * 4 + 3] = 255;
        }
    BoardSpec spec = {N, N, px, NULL, 0};
    char err[256];
    Board *b = board_create(&spec, err, sizeof err);
    free(px);
    if (!b) {
        fprintf(stderr, "bench_path: %s\n", err);
        exit(1);
    }
    return b;
}

static PathStep step(void *ctx, BoardPos from, BoardPos to, GridDir dir)
{
    Board *b = ctx;
    if (!board_walkable(b, to) || board_wall(b, from, dir))
        return PATH_STEP_NO;
    return PATH_STEP_STOP;
}

static BoardPos random_floor(Rng *r, const bool *rock)
{
    for (;;) {
        BoardPos p = {(int)rng_below(r, N), (int)rng_below(r, N)};
        if (!rock[(size_t)p.y * N + p.x])
            return p;
    }
}

/* The same rule as step(), precomputed once: bit d allows leaving a
 * square in direction d. */
static uint8_t *make_mask(const Board *b)
{
    uint8_t *mask = xcalloc((size_t)N * N, 1);
    for (int y = 0; y < N; y++)
        for (int x = 0; x < N; x++)
            for (int d = 0; d < 4; d++) {
                BoardPos p = {x, y}, q = grid_step(p, (GridDir)d);
                if (board_walkable(b, p) && board_walkable(b, q) && !board_wall(b, p, (GridDir)d))
                    mask[(size_t)y * N + x] |= (uint8_t)(1u << d);
            }
    return mask;
}

/* Times n queries; mask NULL: the step callback reading the board. */
static double run_ours(Board *b, const uint8_t *mask, const BoardPos *q, int n, int *lens)
{
    PathFinder *pf = path_create(board_grid(b));
    /* One untimed query first: the buffers' first touch is set-up cost. */
    path_find(pf, q[0], q[1], -1, step, b, NULL, 0);
    double ms = 1e300;
    for (int round = 0; round < ROUNDS; round++) {
        double t0 = timer_now_ms();
        for (int i = 0; i < n; i++)
            lens[i] = mask ? path_find_mask_bfs(pf, q[2 * i], q[2 * i + 1], -1, mask, NULL, 0)
                           : path_find(pf, q[2 * i], q[2 * i + 1], -1, step, b, NULL, 0);
        double t = timer_now_ms() - t0;
        ms = t < ms ? t : ms;
    }
    path_destroy(pf);
    return ms;
}

#ifdef HAVE_LIBTCOD
static double run_tcod(const bool *rock, const BoardPos *q, int n, int *lens)
{
    TCOD_map_t map = TCOD_map_new(N, N);
    for (int y = 0; y < N; y++)
        for (int x = 0; x < N; x++) {
            bool open = !rock[(size_t)y * N + x];
            TCOD_map_set_properties(map, x, y, open, open);
        }
    TCOD_path_t path = TCOD_path_new_using_map(map, 0.0f); /* no diagonal steps */
    TCOD_path_compute(path, q[0].x, q[0].y, q[1].x, q[1].y);
    double ms = 1e300;
    for (int round = 0; round < ROUNDS; round++) {
        double t0 = timer_now_ms();
        for (int i = 0; i < n; i++)
            lens[i] = TCOD_path_compute(path, q[2 * i].x, q[2 * i].y, q[2 * i + 1].x,
                                        q[2 * i + 1].y)
                          ? TCOD_path_size(path)
                          : -1;
        double t = timer_now_ms() - t0;
        ms = t < ms ? t : ms;
    }
    TCOD_path_delete(path);
    TCOD_map_delete(map);
    return ms;
}
#endif

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 100;
    if (n < 1)
        n = 1;
    bool *rock = xmalloc((size_t)N * N, sizeof *rock);
    Board *b = make_board(rock);
    BoardPos *q = xmalloc((size_t)n * 2, sizeof *q);
    Rng r = rng_make(2024, 9);
    for (int i = 0; i < 2 * n; i++)
        q[i] = random_floor(&r, rock);
    int *ours = xmalloc((size_t)n, sizeof *ours), *cb = xmalloc((size_t)n, sizeof *cb);
    uint8_t *mask = make_mask(b);
    double ms = run_ours(b, mask, q, n, ours);
    double cb_ms = run_ours(b, NULL, q, n, cb);
    double ours_rate = n / (ms / 1000.0);
    long total = 0;
    int cb_differ = 0;
    for (int i = 0; i < n; i++) {
        total += ours[i];
        cb_differ += ours[i] != cb[i];
    }
    printf("board %dx%d, %d queries, mean path %.0f steps\n", N, N, n, (double)total / n);
    printf("questboard BFS, mask rule:     %8.1f queries/s (%.2f ms/query)\n", ours_rate, ms / n);
    printf("questboard BFS, callback rule: %8.1f queries/s (%.2f ms/query)%s\n",
           n / (cb_ms / 1000.0), cb_ms / n, cb_differ ? " LENGTHS DIFFER" : "");
    free(mask);
    free(cb);
#ifdef HAVE_LIBTCOD
    int *theirs = xmalloc((size_t)n, sizeof *theirs);
    double tms = run_tcod(rock, q, n, theirs);
    double tcod_rate = n / (tms / 1000.0);
    int differ = 0;
    for (int i = 0; i < n; i++)
        differ += ours[i] != theirs[i];
    printf("libtcod A*:                    %8.1f queries/s (%.2f ms/query)\n", tcod_rate, tms / n);
    printf("ratio (mask rule): %.2fx libtcod (target >= 3x); lengths differ in %d of %d queries\n",
           ours_rate / tcod_rate, differ, n);
    free(theirs);
#else
    printf("libtcod A*: not built (libtcod not found)\n");
#endif
    free(ours);
    free(q);
    free(rock);
    board_destroy(b);
    return 0;
}
