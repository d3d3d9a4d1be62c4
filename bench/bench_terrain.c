/* Cheapest-path queries over terrain costs on a generated 1024x1024 wilds
 * map (grass 1, forest and hills 2, roads 1, water and mountains blocked,
 * huts with walls and doors): the game's own search (game_path_from: the
 * heroes' step mask, the palette's costs, Dijkstra's search over a bucket
 * queue), next to libtcod's A* and Dijkstra with a cost callback on the
 * same map when libtcod is installed (HAVE_LIBTCOD). The callback reads
 * two arrays made once from the game (the step rule as game_step_allowed
 * answers it, the cost as game_square_cost), so libtcod pays for its
 * search, not for the rules. Both answer the same seeded queries between
 * floor squares; the bench checks that they find paths of the same cost.
 *
 * Each finder runs its queries ROUNDS times and its best round counts,
 * timed in the processor time of the thread (the machine is shared).
 * libtcod's Dijkstra settles the whole map from each start, so it answers
 * a tenth of the queries.
 *
 * Run: meson compile -C build && build/bench/bench_terrain [QUERIES]
 */
#include "config.h"
#include "core/alloc.h"
#include "core/rng.h"
#include "core/timer.h"
#include "gen/gendata.h"
#include "gen/gen.h"
#include "rules/game.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef HAVE_LIBTCOD
#include <libtcod.h>
#endif

#define N 1024
#define ROUNDS 3
#define PATH_CAP (N * N)

/* The map as the heroes see it: per square the steps allowed (bit d for
 * GridDir d) and the cost of entering it. */
typedef struct Map {
    uint8_t *steps;
    uint8_t *cost;
} Map;

static const int DX[4] = {0, 1, 0, -1}, DY[4] = {-1, 0, 1, 0};

static Mission *generate(void)
{
    const char *root = getenv("QUESTBOARD_DATA") ? getenv("QUESTBOARD_DATA") : QB_SOURCE_DIR;
    char cat_path[4096], data_path[4096];
    snprintf(cat_path, sizeof cat_path, "%s/assets/pieces.xml", root);
    snprintf(data_path, sizeof data_path, "%s/assets/generator.xml", root);
    ErrorList errs;
    errors_init(&errs, 0);
    Catalogue *cat = catalogue_load(cat_path, &errs);
    GenData *data = cat ? gendata_load(data_path, &errs) : NULL;
    GenOptions o = gen_default_options();
    o.style = GEN_STYLE_WILDS;
    o.width = o.height = N;
    o.seed = 2024;
    GenResult r = {0};
    Mission *m = NULL;
    if (data) {
        GenSources src = {data, cat, cat_path};
        if (gen_generate(&o, &src, &r, &errs))
            m = gen_result_take_mission(&r);
    }
    if (!m)
        errors_print(&errs, stderr);
    gen_result_free(&r);
    gendata_destroy(data);
    catalogue_destroy(cat);
    errors_clear(&errs);
    return m;
}

static Map read_map(const Game *g)
{
    Map map = {xcalloc((size_t)N * N, 1), xcalloc((size_t)N * N, 1)};
    for (int y = 0; y < N; y++)
        for (int x = 0; x < N; x++) {
            size_t i = (size_t)y * N + x;
            map.cost[i] = (uint8_t)game_square_cost(g, (BoardPos){x, y});
            for (int d = 0; d < 4; d++) {
                BoardPos to = {x + DX[d], y + DY[d]};
                if (to.x >= 0 && to.y >= 0 && to.x < N && to.y < N &&
                    game_step_allowed(g, 0, (BoardPos){x, y}, to))
                    map.steps[i] |= (uint8_t)(1u << d);
            }
        }
    return map;
}

/* A seeded square a hero may stop on and enter from somewhere. */
static BoardPos random_floor(Rng *r, const Game *g, const Map *map)
{
    for (;;) {
        BoardPos p = {(int)rng_below(r, N), (int)rng_below(r, N)};
        size_t i = (size_t)p.y * N + p.x;
        if (map->steps[i] && game_piece_at(g, p) < 0)
            return p;
    }
}

static long path_cost(const Map *map, const BoardPos *path, int len)
{
    long c = 0;
    for (int k = 0; k < len; k++)
        c += map->cost[(size_t)path[k].y * N + path[k].x];
    return c;
}

static double run_game(const Game *g, const Map *map, const BoardPos *q, int n, long *costs,
                       long *steps)
{
    BoardPos *path = xmalloc(PATH_CAP, sizeof *path);
    double best = 1e300;
    for (int round = 0; round < ROUNDS; round++) {
        double t0 = timer_cpu_ms();
        for (int i = 0; i < n; i++) {
            int len = game_path_from(g, 0, q[2 * i], q[2 * i + 1], path, PATH_CAP);
            costs[i] = len < 0 ? -1 : path_cost(map, path, len);
            steps[i] = len;
        }
        double t = timer_cpu_ms() - t0;
        best = t < best ? t : best;
    }
    free(path);
    return best;
}

#ifdef HAVE_LIBTCOD
static float step_cost(int xf, int yf, int xt, int yt, void *ctx)
{
    const Map *map = ctx;
    int d = yt < yf ? 0 : xt > xf ? 1 : yt > yf ? 2 : 3;
    size_t from = (size_t)yf * N + xf, to = (size_t)yt * N + xt;
    return map->steps[from] & (1u << d) ? (float)map->cost[to] : 0.0f;
}

static long tcod_cost(const Map *map, int n, int (*get)(void *, int, int *, int *), void *p)
{
    long c = 0;
    for (int k = 0; k < n; k++) {
        int x, y;
        get(p, k, &x, &y);
        c += map->cost[(size_t)y * N + x];
    }
    return c;
}

static int astar_get(void *p, int k, int *x, int *y)
{
    return TCOD_path_get(p, k, x, y), 0;
}

static int dijkstra_get(void *p, int k, int *x, int *y)
{
    return TCOD_dijkstra_get(p, k, x, y), 0;
}

static double run_astar(Map *map, const BoardPos *q, int n, long *costs)
{
    TCOD_path_t path = TCOD_path_new_using_function(N, N, step_cost, map, 0.0f);
    double best = 1e300;
    for (int round = 0; round < ROUNDS; round++) {
        double t0 = timer_cpu_ms();
        for (int i = 0; i < n; i++)
            costs[i] = TCOD_path_compute(path, q[2 * i].x, q[2 * i].y, q[2 * i + 1].x, q[2 * i + 1].y)
                           ? tcod_cost(map, TCOD_path_size(path), astar_get, path)
                           : -1;
        double t = timer_cpu_ms() - t0;
        best = t < best ? t : best;
    }
    TCOD_path_delete(path);
    return best;
}

static double run_dijkstra(Map *map, const BoardPos *q, int n, long *costs)
{
    TCOD_dijkstra_t dij = TCOD_dijkstra_new_using_function(N, N, step_cost, map, 0.0f);
    double best = 1e300;
    for (int round = 0; round < ROUNDS; round++) {
        double t0 = timer_cpu_ms();
        for (int i = 0; i < n; i++) {
            TCOD_dijkstra_compute(dij, q[2 * i].x, q[2 * i].y);
            costs[i] = TCOD_dijkstra_path_set(dij, q[2 * i + 1].x, q[2 * i + 1].y)
                           ? tcod_cost(map, TCOD_dijkstra_size(dij), dijkstra_get, dij)
                           : -1;
        }
        double t = timer_cpu_ms() - t0;
        best = t < best ? t : best;
    }
    TCOD_dijkstra_delete(dij);
    return best;
}

static int differ(const long *a, const long *b, int n)
{
    int k = 0;
    for (int i = 0; i < n; i++)
        k += a[i] != b[i];
    return k;
}
#endif

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 100;
    if (n < 10)
        n = 10;
    double t0 = timer_cpu_ms();
    Mission *m = generate();
    if (!m)
        return 2;
    double gen_ms = timer_cpu_ms() - t0;
    char why[256];
    Game *g = game_create(m, NULL, 1, why, sizeof why);
    if (!g) {
        fprintf(stderr, "bench_terrain: %s\n", why);
        return 1;
    }
    Map map = read_map(g);
    long dear = 0, open = 0;
    for (size_t i = 0; i < (size_t)N * N; i++) {
        open += map.steps[i] != 0;
        dear += map.steps[i] && map.cost[i] > 1;
    }
    Rng r = rng_make(7, 11);
    BoardPos *q = xmalloc((size_t)n * 2, sizeof *q);
    for (int i = 0; i < 2 * n; i++)
        q[i] = random_floor(&r, g, &map);
    long *ours = xmalloc((size_t)n, sizeof *ours), *steps = xmalloc((size_t)n, sizeof *steps);
    double ms = run_game(g, &map, q, n, ours, steps);
    long total = 0, found = 0, step_total = 0;
    for (int i = 0; i < n; i++)
        if (ours[i] >= 0)
            total += ours[i], step_total += steps[i], found++;
    printf("wilds %dx%d (seed 2024, made in %.0f ms): %ld open squares, %.0f%% of them cost 2\n",
           N, N, gen_ms, open, 100.0 * (double)dear / (double)(open ? open : 1));
    printf("%d queries, %ld with a path: mean cost %.0f over %.0f steps\n", n, found,
           found ? (double)total / found : 0.0, found ? (double)step_total / found : 0.0);
    printf("questboard (game_path_from, weighted): %9.1f queries/s (%.2f ms/query)\n",
           n / (ms / 1000.0), ms / n);
#ifdef HAVE_LIBTCOD
    long *theirs = xmalloc((size_t)n, sizeof *theirs);
    double ams = run_astar(&map, q, n, theirs);
    printf("libtcod A*, cost callback:             %9.1f queries/s (%.2f ms/query)  %.2fx; "
           "costs differ in %d of %d\n",
           n / (ams / 1000.0), ams / n, ams / ms, differ(ours, theirs, n), n);
    int nd = n / 10;
    double dms = run_dijkstra(&map, q, nd, theirs);
    printf("libtcod Dijkstra, cost callback:       %9.1f queries/s (%.2f ms/query)  %.2fx; "
           "costs differ in %d of %d\n",
           nd / (dms / 1000.0), dms / nd, (dms / nd) / (ms / n), differ(ours, theirs, nd), nd);
    free(theirs);
#else
    printf("libtcod: not built (libtcod not found)\n");
#endif
    free(ours);
    free(steps);
    free(q);
    free(map.steps);
    free(map.cost);
    game_destroy(g);
    mission_destroy(m);
    return 0;
}
