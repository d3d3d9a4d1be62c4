/* Breadth-first paths and reachable sets with a caller-given step rule. */
#include "check.h"
#include "core/path.h"
#include "core/rng.h"

#include <string.h>

/* A map: '#' wall, 'p' passable but no stopping, anything else free. */
typedef struct Map {
    const char *const *rows;
    int w, h;
} Map;

static PathStep step(void *ctx, BoardPos from, BoardPos to, GridDir dir)
{
    (void)from, (void)dir;
    const Map *m = ctx;
    char c = m->rows[to.y][to.x];
    return c == '#' ? PATH_STEP_NO : c == 'p' ? PATH_STEP_PASS : PATH_STEP_STOP;
}

static bool is_goal(void *ctx, BoardPos pos)
{
    const Map *m = ctx;
    return m->rows[pos.y][pos.x] == 'G';
}

/* Random maps: the two-sided mask search agrees with the one-sided
 * callback search on length, and its paths are legal step by step. */
static void random_maps(void)
{
    enum { W = 31, H = 17 };
    static char cells[H][W + 1];
    static const char *rows[H];
    Rng r = rng_make(5, 5);
    Grid g = grid_make(W, H, GRID_SQUARE4);
    PathFinder *pf = path_create(&g);
    BoardPos a[W * H], b[W * H];
    for (int map = 0; map < 40; map++) {
        for (int y = 0; y < H; y++) {
            for (int x = 0; x < W; x++) {
                uint32_t v = rng_below(&r, 100);
                cells[y][x] = v < 25 ? '#' : v < 30 ? 'p' : '.';
            }
            cells[y][W] = '\0';
            rows[y] = cells[y];
        }
        Map m = {rows, W, H};
        PathMask mask[W * H] = {0};
        for (int y = 0; y < H; y++)
            for (int x = 0; x < W; x++) {
                for (int d = 0; d < 4; d++) {
                    BoardPos q = grid_step(&g, (BoardPos){x, y}, (GridDir)d);
                    if (grid_contains(&g, q) && step(&m, (BoardPos){x, y}, q, (GridDir)d))
                        mask[y * W + x] |= (PathMask)(1u << d);
                }
                if (rows[y][x] == 'p')
                    mask[y * W + x] |= PATH_MASK_NO_STOP;
            }
        for (int q = 0; q < 60; q++) {
            BoardPos s = {(int)rng_below(&r, W), (int)rng_below(&r, H)};
            BoardPos t = {(int)rng_below(&r, W), (int)rng_below(&r, H)};
            int limit = rng_below(&r, 3) == 0 ? (int)rng_below(&r, 30) : -1;
            int la = path_find_mask(pf, s, t, limit, mask, a, W * H);
            int lb = path_find(pf, s, t, limit, step, &m, b, W * H);
            CHECK_INT(la, lb);
            BoardPos at = s;
            for (int k = 0; k < la; k++) {
                int d = grid_dir_between(&g, at, a[k]);
                CHECK(d >= 0 && d < 4 && (mask[at.y * W + at.x] & (1u << d)));
                at = a[k];
            }
            CHECK(la <= 0 || grid_pos_equal(at, t));
        }
    }
    path_destroy(pf);
}

/* A goal for the nearest-square searches: squares whose x + y is a
 * multiple of 7 (ctx unused). */
static bool every_seventh(void *ctx, BoardPos pos)
{
    (void)ctx;
    return (pos.x + pos.y) % 7 == 0;
}

/* Random maps: the one-sided mask forms give exactly the callback forms'
 * answers (the same paths, ties included; the same reachable squares in
 * the same order with the same distances). */
static void mask_forms_agree(void)
{
    enum { W = 29, H = 19 };
    static char cells[H][W + 1];
    static const char *rows[H];
    Rng r = rng_make(11, 7);
    Grid g = grid_make(W, H, GRID_SQUARE4);
    PathFinder *pf = path_create(&g);
    BoardPos a[W * H], b[W * H], fa, fb;
    for (int map = 0; map < 40; map++) {
        for (int y = 0; y < H; y++) {
            for (int x = 0; x < W; x++) {
                uint32_t v = rng_below(&r, 100);
                cells[y][x] = v < 22 ? '#' : v < 32 ? 'p' : '.';
            }
            cells[y][W] = '\0';
            rows[y] = cells[y];
        }
        Map m = {rows, W, H};
        PathMask mask[W * H] = {0};
        for (int y = 0; y < H; y++)
            for (int x = 0; x < W; x++) {
                for (int d = 0; d < 4; d++) {
                    BoardPos q = grid_step(&g, (BoardPos){x, y}, (GridDir)d);
                    if (grid_contains(&g, q) && step(&m, (BoardPos){x, y}, q, (GridDir)d))
                        mask[y * W + x] |= (PathMask)(1u << d);
                }
                if (rows[y][x] == 'p')
                    mask[y * W + x] |= PATH_MASK_NO_STOP;
            }
        for (int q = 0; q < 40; q++) {
            BoardPos s = {(int)rng_below(&r, W), (int)rng_below(&r, H)};
            BoardPos t = {(int)rng_below(&r, W), (int)rng_below(&r, H)};
            int limit = rng_below(&r, 3) == 0 ? (int)rng_below(&r, 30) : -1;
            int la = path_find_mask_bfs(pf, s, t, limit, mask, a, W * H);
            int lb = path_find(pf, s, t, limit, step, &m, b, W * H);
            CHECK_INT(la, lb);
            for (int k = 0; k < la && k < lb; k++)
                CHECK(grid_pos_equal(a[k], b[k]));
            la = path_find_nearest_mask(pf, s, limit, mask, every_seventh, NULL, &fa, a, W * H);
            lb = path_find_nearest(pf, s, limit, step, every_seventh, &m, &fb, b, W * H);
            CHECK_INT(la, lb);
            CHECK(la < 0 || grid_pos_equal(fa, fb));
            for (int k = 0; k < la && k < lb; k++)
                CHECK(grid_pos_equal(a[k], b[k]));
            int64_t ca = path_reach_mask(pf, s, limit, mask);
            size_t na = path_reach_list(pf, a, W * H);
            int dist_a[W * H];
            for (int i = 0; i < W * H; i++)
                dist_a[i] = path_distance(pf, grid_pos(&g, i)) * 2 +
                            path_can_stop(pf, grid_pos(&g, i));
            int64_t cb = path_reach(pf, s, limit, step, &m);
            size_t nb = path_reach_list(pf, b, W * H);
            CHECK(ca == cb && na == nb);
            for (size_t k = 0; k < na && k < nb; k++)
                CHECK(grid_pos_equal(a[k], b[k]));
            for (int i = 0; i < W * H; i++)
                CHECK_INT(dist_a[i], path_distance(pf, grid_pos(&g, i)) * 2 +
                                         path_can_stop(pf, grid_pos(&g, i)));
        }
    }
    path_destroy(pf);
}

/* --- Weighted search against a plain Dijkstra reference ------------- */

enum { WW = 23, WH = 17, WN = WW * WH };

/* The reference: O(n^2) Dijkstra over the mask and costs, every square's
 * cheapest cost from s (-1 unreached). */
static void reference_costs(const Grid *g, const PathMask *mask, const PathCosts *c, int s,
                            long long *cost)
{
    bool done[WN] = {false};
    for (int i = 0; i < WN; i++)
        cost[i] = -1;
    cost[s] = 0;
    for (;;) {
        int best = -1;
        for (int i = 0; i < WN; i++)
            if (!done[i] && cost[i] >= 0 && (best < 0 || cost[i] < cost[best]))
                best = i;
        if (best < 0)
            return;
        done[best] = true;
        GridNeighbour nb[GRID_MAX_NEIGHBOURS];
        int n = grid_neighbours(g, grid_pos(g, best), nb);
        for (int k = 0; k < n; k++) {
            if (!(mask[best] & (1u << nb[k].dir)))
                continue;
            int j = (int)grid_index(g, nb[k].pos);
            int w = c->enter ? c->enter[j] : 1;
            if (!w)
                continue;
            long long v = cost[best] + (long long)c->dir[nb[k].dir] * w;
            if (cost[j] < 0 || v < cost[j])
                cost[j] = v;
        }
    }
}

/* A random mask of a grid: about a fifth rock, some pass-only squares,
 * and a few one-way steps refused. */
static void random_mask(const Grid *g, Rng *r, PathMask *mask)
{
    bool rock[WN];
    for (int i = 0; i < WN; i++)
        rock[i] = rng_below(r, 100) < 20;
    for (int i = 0; i < WN; i++) {
        mask[i] = rng_below(r, 100) < 8 ? PATH_MASK_NO_STOP : 0;
        if (rock[i])
            continue;
        GridNeighbour nb[GRID_MAX_NEIGHBOURS];
        int n = grid_neighbours(g, grid_pos(g, i), nb);
        for (int k = 0; k < n; k++)
            if (!rock[grid_index(g, nb[k].pos)] && rng_below(r, 100) < 95)
                mask[i] |= (PathMask)(1u << nb[k].dir);
    }
}

/* Checks a weighted path: legal steps by the mask, ends on goal where one
 * may stop, and costs what was reported. */
static void check_path(const Grid *g, const PathMask *mask, const PathCosts *c, BoardPos s,
                       BoardPos goal, const BoardPos *path, int len, long long cost)
{
    BoardPos at = s;
    long long sum = 0;
    for (int k = 0; k < len; k++) {
        int d = grid_dir_between(g, at, path[k]);
        CHECK(d >= 0 && (mask[grid_index(g, at)] & (1u << d)));
        if (d < 0)
            return;
        sum += (long long)c->dir[d] * (c->enter ? c->enter[grid_index(g, path[k])] : 1);
        at = path[k];
    }
    CHECK(grid_pos_equal(at, goal));
    CHECK(!(mask[grid_index(g, goal)] & PATH_MASK_NO_STOP));
    CHECK_INT(sum, cost);
}

static bool weighted_goal(void *ctx, BoardPos pos)
{
    (void)ctx;
    return (pos.x * 3 + pos.y) % 11 == 0;
}

/* Random maps on square8 with the ratios, square4 and hex with
 * square weights, hex with unit costs: costs, reachable sets, paths and
 * nearest goals equal the reference's; the same query twice gives the
 * same path. */
static void weighted_vs_reference(void)
{
    static const int ratios[][2] = {{1, 1}, {3, 2}, {7, 5}, {2, 1}};
    Rng r = rng_make(77, 3);
    static PathMask mask[WN];
    static uint8_t enter[WN];
    static long long ref[WN];
    static BoardPos out[WN], again[WN];
    int maps = 0;
    for (int kind = 0; kind < 8; kind++) {
        Grid g = grid_make(WW, WH, kind < 4 ? GRID_SQUARE8 : kind < 6 ? GRID_HEX : GRID_SQUARE4);
        if (kind < 4)
            grid_set_diagonal(&g, ratios[kind][0], ratios[kind][1]);
        g.hex_even = kind == 5;
        PathFinder *pf = path_create(&g);
        for (int map = 0; map < 12; map++, maps++) {
            random_mask(&g, &r, mask);
            PathCosts c = path_costs_of(&g);
            bool weights = kind >= 5 || map % 3 == 2;
            for (int i = 0; i < WN; i++)
                enter[i] = (uint8_t)(rng_below(&r, 10) == 0 ? 0 : 1 + rng_below(&r, 4));
            c.enter = weights ? enter : NULL;
            PathRule rule = {mask, NULL, NULL};
            for (int q = 0; q < 12; q++) {
                int si = (int)rng_below(&r, WN);
                BoardPos s = grid_pos(&g, si);
                reference_costs(&g, mask, &c, si, ref);
                long long budget = rng_below(&r, 3) == 0 ? (long long)rng_below(&r, 40) : -1;
                /* reach: every square's cost, and who may stop */
                int64_t stops = path_cost_reach(pf, s, budget, &rule, &c);
                int64_t want_stops = 0;
                for (int i = 0; i < WN; i++) {
                    bool in = ref[i] >= 0 && (budget < 0 || ref[i] <= budget);
                    BoardPos p = grid_pos(&g, i);
                    CHECK_INT(path_cost(pf, p), in ? ref[i] : -1);
                    if (in && i != si && !(mask[i] & PATH_MASK_NO_STOP))
                        want_stops++;
                }
                CHECK_INT(stops, want_stops);
                size_t listed = path_reach_list(pf, out, WN);
                CHECK_INT(listed, want_stops);
                for (size_t k = 1; k < listed; k++) /* cheapest first */
                    CHECK(path_cost(pf, out[k - 1]) <= path_cost(pf, out[k]));
                /* paths to a few goals */
                for (int t = 0; t < 6; t++) {
                    int gi = (int)rng_below(&r, WN);
                    BoardPos goal = grid_pos(&g, gi);
                    int64_t cost = -2;
                    int len = path_cost_find(pf, s, goal, budget, &rule, &c, out, WN, &cost);
                    bool ok = gi == si || (ref[gi] >= 0 && (budget < 0 || ref[gi] <= budget) &&
                                           !(mask[gi] & PATH_MASK_NO_STOP));
                    CHECK_INT(len >= 0, ok);
                    if (len < 0 || gi == si)
                        continue;
                    CHECK_INT(cost, ref[gi]);
                    check_path(&g, mask, &c, s, goal, out, len, cost);
                    int64_t cost2 = -2;
                    CHECK_INT(path_cost_find(pf, s, goal, budget, &rule, &c, again, WN, &cost2), len);
                    for (int k = 0; k < len; k++)
                        CHECK(grid_pos_equal(out[k], again[k]));
                }
                /* the nearest goal: the cheapest accepted stop */
                long long best = -1;
                for (int i = 0; i < WN; i++)
                    if (i != si && ref[i] >= 0 && (budget < 0 || ref[i] <= budget) &&
                        !(mask[i] & PATH_MASK_NO_STOP) && weighted_goal(NULL, grid_pos(&g, i)) &&
                        (best < 0 || ref[i] < best))
                        best = ref[i];
                BoardPos found;
                int64_t cost = -2;
                int len = path_cost_nearest(pf, s, budget, &rule, &c, weighted_goal, &found, out, WN,
                                            &cost);
                CHECK_INT(len >= 0 ? cost : -1, best);
                if (len > 0)
                    check_path(&g, mask, &c, s, found, out, len, cost);
            }
        }
        path_destroy(pf);
    }
    CHECK_INT(maps, 96);
}

static PathStep mask_step(void *ctx, BoardPos from, BoardPos to, GridDir dir)
{
    const PathMask *mask = ctx;
    (void)to;
    int64_t i = (int64_t)from.y * WW + from.x, j = (int64_t)to.y * WW + to.x;
    if (!(mask[i] & (1u << dir)))
        return PATH_STEP_NO;
    return mask[j] & PATH_MASK_NO_STOP ? PATH_STEP_PASS : PATH_STEP_STOP;
}

/* path_find_mask_bfs finds its path without the breadth-first search
 * (backward A*, then the least path in direction order): the same path
 * as path_find's, square for square, with and without a step limit, on
 * random one-way masks of every topology, sparse and open (where shortest
 * paths tie most). */
static void bfs_path_without_bfs(void)
{
    Rng r = rng_make(31, 4);
    static PathMask mask[WN];
    static BoardPos a[WN], b[WN];
    int found = 0;
    for (int kind = 0; kind < 8; kind++) {
        Grid g = grid_make(WW, WH, kind % 4 == 0 ? GRID_SQUARE4
                                   : kind % 4 == 1 ? GRID_SQUARE8
                                                   : GRID_HEX);
        g.hex_even = kind % 4 == 3;
        PathFinder *pf = path_create(&g);
        for (int map = 0; map < 8; map++) {
            random_mask(&g, &r, mask);
            if (kind >= 4) /* open: walls only on a few edges */
                for (int i = 0; i < WN; i++) {
                    GridNeighbour nb[GRID_MAX_NEIGHBOURS];
                    int n = grid_neighbours(&g, grid_pos(&g, i), nb);
                    mask[i] &= PATH_MASK_NO_STOP;
                    for (int k = 0; k < n; k++)
                        if (rng_below(&r, 100) < 97)
                            mask[i] |= (PathMask)(1u << nb[k].dir);
                }
            for (int q = 0; q < 60; q++) {
                BoardPos s = grid_pos(&g, rng_below(&r, WN)), t = grid_pos(&g, rng_below(&r, WN));
                int limit = q % 4 == 0 ? (int)rng_below(&r, 25) : -1;
                int la = path_find_mask_bfs(pf, s, t, limit, mask, a, WN);
                int lb = path_find(pf, s, t, limit, mask_step, mask, b, WN);
                CHECK_INT(la, lb);
                for (int k = 0; k < la && k < lb; k++)
                    CHECK(grid_pos_equal(a[k], b[k]));
                found += la > 0;
            }
        }
        path_destroy(pf);
    }
    CHECK(found > 200); /* paths were found, not only refused */
}

/* The callback rule gives the mask rule's answers, and with unit costs the
 * weighted forms give the breadth-first forms' answers (reachable sets
 * and distances exactly, paths as short), on every topology. */
static void weighted_forms_agree(void)
{
    Rng r = rng_make(8, 8);
    static PathMask mask[WN];
    static BoardPos a[WN], b[WN];
    for (int t = 0; t < GRID_TOPOLOGY_COUNT; t++) {
        Grid g = grid_make(WW, WH, (GridTopology)t);
        grid_set_diagonal(&g, 7, 5);
        PathFinder *pf = path_create(&g);
        for (int map = 0; map < 10; map++) {
            random_mask(&g, &r, mask);
            PathRule by_mask = {mask, NULL, mask}, by_cb = {NULL, mask_step, mask};
            PathCosts c = path_costs_of(&g), unit = c;
            for (int d = 0; d < GRID_DIR_COUNT; d++)
                unit.dir[d] = 1;
            for (int q = 0; q < 20; q++) {
                BoardPos s = grid_pos(&g, rng_below(&r, WN)), goal = grid_pos(&g, rng_below(&r, WN));
                int la = path_cost_find(pf, s, goal, -1, &by_mask, &c, a, WN, NULL);
                int lb = path_cost_find(pf, s, goal, -1, &by_cb, &c, b, WN, NULL);
                CHECK_INT(la, lb);
                for (int k = 0; k < la && k < lb; k++)
                    CHECK(grid_pos_equal(a[k], b[k]));
                la = path_cost_find(pf, s, goal, 9, &by_mask, &unit, a, WN, NULL);
                lb = path_find(pf, s, goal, 9, mask_step, mask, b, WN);
                CHECK_INT(la, lb);
                for (int k = 0; k < la && k < lb; k++)
                    CHECK(grid_pos_equal(a[k], b[k]));
                /* unit costs by the weighted search (weights of one force
                 * it: A* toward the goal) are as short as BFS's; ties may
                 * go another way */
                static uint8_t ones[WN];
                memset(ones, 1, sizeof ones);
                PathCosts unit_w = unit;
                unit_w.enter = ones;
                int64_t cost = -2;
                la = path_cost_find(pf, s, goal, -1, &by_mask, &unit_w, a, WN, &cost);
                lb = path_find_mask_bfs(pf, s, goal, -1, mask, b, WN);
                CHECK_INT(la, lb);
                if (la > 0)
                    check_path(&g, mask, &unit_w, s, goal, a, la, cost);
                path_cost_reach(pf, s, 12, &by_mask, &unit_w);
                size_t na = path_reach_list(pf, a, WN);
                path_reach_mask(pf, s, 12, mask);
                size_t nb = path_reach_list(pf, b, WN);
                CHECK_INT(na, nb);
                for (size_t k = 0; k < na && k < nb; k++)
                    CHECK(grid_pos_equal(a[k], b[k]));
                /* with the ratio's costs and random weights, with and
                 * without a budget: the mask's search (written apart for
                 * speed) settles what the callback's does, in the same
                 * order, at the same costs, and finds the same paths */
                static uint8_t weights[WN];
                for (int i = 0; i < WN; i++)
                    weights[i] = (uint8_t)(rng_below(&r, 8) == 0 ? 0 : 1 + rng_below(&r, 3));
                PathCosts cw = c;
                cw.enter = q % 2 ? weights : NULL;
                int64_t budget = q % 3 == 0 ? (int64_t)rng_below(&r, 60) : -1;
                int64_t sa = path_cost_reach(pf, s, budget, &by_mask, &cw);
                na = path_reach_list(pf, a, WN);
                static int64_t costs_a[WN];
                for (int i = 0; i < WN; i++)
                    costs_a[i] = path_cost(pf, grid_pos(&g, i));
                int64_t sb = path_cost_reach(pf, s, budget, &by_cb, &cw);
                nb = path_reach_list(pf, b, WN);
                CHECK_INT(sa, sb);
                CHECK_INT(na, nb);
                for (size_t k = 0; k < na && k < nb; k++)
                    CHECK(grid_pos_equal(a[k], b[k]));
                for (int i = 0; i < WN; i++)
                    CHECK_INT(costs_a[i], path_cost(pf, grid_pos(&g, i)));
                int64_t ca = -2, cb = -2;
                la = path_cost_find(pf, s, goal, budget, &by_mask, &cw, a, WN, &ca);
                lb = path_cost_find(pf, s, goal, budget, &by_cb, &cw, b, WN, &cb);
                CHECK_INT(la, lb);
                CHECK_INT(ca, cb);
                for (int k = 0; k < la && k < lb; k++)
                    CHECK(grid_pos_equal(a[k], b[k]));
                BoardPos fa = {-1, -1}, fb = {-2, -2};
                la = path_cost_nearest(pf, s, budget, &by_mask, &cw, weighted_goal, &fa, a, WN, &ca);
                lb = path_cost_nearest(pf, s, budget, &by_cb, &cw, weighted_goal, &fb, b, WN, &cb);
                CHECK_INT(la, lb);
                if (la >= 0 && lb >= 0) {
                    CHECK(grid_pos_equal(fa, fb));
                    CHECK_INT(ca, cb);
                }
                for (int k = 0; k < la && k < lb; k++)
                    CHECK(grid_pos_equal(a[k], b[k]));
            }
        }
        path_destroy(pf);
    }
}

int main(void)
{
    random_maps();
    mask_forms_agree();
    weighted_vs_reference();
    weighted_forms_agree();
    bfs_path_without_bfs();
    static const char *const rows[] = {
        "S..#....",
        ".#.#.##.",
        ".#...#G.",
        ".####p#.",
        "......p.",
    };
    Map m = {rows, 8, 5};
    Grid g = grid_make(8, 5, GRID_SQUARE4);
    PathFinder *pf = path_create(&g);
    BoardPos out[64];

    /* Shortest path around the walls; squares after the start. */
    int len = path_find(pf, (BoardPos){0, 0}, (BoardPos){4, 2}, -1, step, &m, out, 64);
    CHECK_INT(len, 6);
    CHECK(grid_pos_equal(out[len - 1], (BoardPos){4, 2}));
    for (int i = 1; i < len; i++)
        CHECK_INT(grid_manhattan(out[i - 1], out[i]), 1);
    /* Too far for a limit, unreachable, onto a pass-only square, to itself. */
    CHECK_INT(path_find(pf, (BoardPos){0, 0}, (BoardPos){4, 2}, 5, step, &m, out, 64), -1);
    CHECK_INT(path_find(pf, (BoardPos){0, 0}, (BoardPos){3, 0}, -1, step, &m, out, 64), -1);
    CHECK_INT(path_find(pf, (BoardPos){0, 0}, (BoardPos){5, 3}, -1, step, &m, out, 64), -1);
    CHECK_INT(path_find(pf, (BoardPos){0, 0}, (BoardPos){0, 0}, -1, step, &m, out, 64), 0);
    /* Through pass-only squares to a free one beyond. */
    len = path_find(pf, (BoardPos){0, 4}, (BoardPos){7, 4}, -1, step, &m, out, 64);
    CHECK_INT(len, 7);

    /* Reachable within 2 steps from (0,0): (1,0), (2,0), (0,1), (0,2). */
    CHECK_INT(path_reach(pf, (BoardPos){0, 0}, 2, step, &m), 4);
    CHECK_INT(path_distance(pf, (BoardPos){2, 0}), 2);
    CHECK_INT(path_distance(pf, (BoardPos){2, 1}), -1);
    CHECK(path_can_stop(pf, (BoardPos){0, 2}));
    CHECK(!path_can_stop(pf, (BoardPos){0, 0}));
    CHECK_INT(path_reach_list(pf, out, 64), 4);
    /* The pass-only squares are reached but not listed. */
    path_reach(pf, (BoardPos){0, 4}, -1, step, &m);
    CHECK_INT(path_distance(pf, (BoardPos){5, 3}), 6);
    CHECK(!path_can_stop(pf, (BoardPos){5, 3}));

    /* Nearest goal. */
    BoardPos found;
    len = path_find_nearest(pf, (BoardPos){0, 0}, -1, step, is_goal, &m, &found, out, 2);
    CHECK(grid_pos_equal(found, (BoardPos){6, 2}));
    CHECK_INT(len, 14); /* round by the top row */
    CHECK_INT(grid_manhattan(out[0], (BoardPos){0, 0}), 1); /* only the first 2 written */

    /* Many queries reuse the buffers (generation marks, no clearing). */
    for (int i = 0; i < 1000; i++)
        CHECK_INT(path_find(pf, (BoardPos){0, 0}, (BoardPos){4, 2}, -1, step, &m, out, 64), 6);
    /* The mask form of the same rule gives the same lengths. */
    PathMask mask[5 * 8] = {0};
    for (int y = 0; y < 5; y++)
        for (int x = 0; x < 8; x++) {
            for (int d = 0; d < 4; d++) {
                BoardPos q = grid_step(&g, (BoardPos){x, y}, (GridDir)d);
                if (grid_contains(&g, q) && step(&m, (BoardPos){x, y}, q, (GridDir)d) != PATH_STEP_NO)
                    mask[y * 8 + x] |= (PathMask)(1u << d);
            }
            if (rows[y][x] == 'p')
                mask[y * 8 + x] |= PATH_MASK_NO_STOP;
        }
    for (int y = 0; y < 5; y++)
        for (int x = 0; x < 8; x++) {
            BoardPos goal = {x, y};
            for (int limit = -1; limit < 12; limit += 4)
                CHECK_INT(path_find_mask(pf, (BoardPos){0, 4}, goal, limit, mask, out, 64),
                          path_find(pf, (BoardPos){0, 4}, goal, limit, step, &m, out, 64));
        }
    CHECK_INT(path_distance(pf, (BoardPos){0, 4}), 0);
    path_find_mask(pf, (BoardPos){0, 4}, (BoardPos){7, 4}, -1, mask, out, 64);
    CHECK_INT(path_distance(pf, (BoardPos){0, 4}), -1);
    path_destroy(pf);
    path_destroy(NULL);
    return check_finish("path");
}
