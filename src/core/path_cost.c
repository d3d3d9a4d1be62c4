/* Weighted search: cheapest paths and reachable sets over integer step
 * costs (Dijkstra over a ring of buckets, A* toward a single goal). */
#include "path.h"

#include "alloc.h"
#include "path_internal.h"

#include <stdlib.h>

PathCosts path_costs_of(const Grid *grid)
{
    PathCosts c = {{0}, NULL};
    for (int d = 0; d < GRID_DIR_COUNT; d++)
        c.dir[d] = (uint16_t)(grid_dir_valid(grid, (GridDir)d) ? grid_step_cost(grid, (GridDir)d)
                                                                : 1);
    return c;
}

bool path_costs_unit(const Grid *grid, const PathCosts *costs)
{
    if (!costs)
        return true;
    if (costs->enter)
        return false;
    int n;
    const GridDir *dirs = grid_dirs(grid, &n);
    for (int k = 0; k < n; k++)
        if (costs->dir[dirs[k]] != 1)
            return false;
    return true;
}

/* The dearest step the costs allow: the size of the bucket ring less one
 * (every square waiting in the ring costs at most this more than the
 * bucket being settled). */
static int max_step_cost(const Grid *grid, const PathCosts *costs)
{
    int n, top = 1;
    const GridDir *dirs = grid_dirs(grid, &n);
    for (int k = 0; k < n; k++)
        if (costs->dir[dirs[k]] > top)
            top = costs->dir[dirs[k]];
    top *= costs->enter ? 255 : 1;
    return top;
}

/* One weighted query's inputs. */
typedef struct Query {
    const PathRule *rule;
    const PathCosts *costs;
    int64_t budget; /* negative: none */
    int64_t goal;   /* a square index, or -1 */
    PathGoalFn goal_fn;
    /* With one goal the search is A*: squares wait in the bucket of their
     * cost plus a lower bound of what is left (the goal's distance priced
     * at the cheapest orthogonal step h_orth and the cheapest diagonal
     * one h_diag). */
    BoardPos goal_pos;
    int64_t h_orth, h_diag;
} Query;

/* The A* bound from (x, y) to the goal: 0 without a single goal. It is
 * consistent (across any step it drops by at most that step's cost, every
 * step costing at least h_orth, diagonals at least h_diag, and h_diag <=
 * 2 h_orth), so every square is still settled once, at its cheapest cost,
 * and the first goal settled is a cheapest one, as with plain Dijkstra. */
static inline int64_t bound(const Grid *g, const Query *q, int x, int y)
{
    if (q->goal < 0)
        return 0;
    if (g->topology == GRID_HEX)
        return grid_distance(g, (BoardPos){x, y}, q->goal_pos) * q->h_orth;
    int64_t dx = llabs((long long)x - q->goal_pos.x), dy = llabs((long long)y - q->goal_pos.y);
    if (g->topology == GRID_SQUARE4)
        return (dx + dy) * q->h_orth;
    int64_t lo = dx < dy ? dx : dy, hi = dx < dy ? dy : dx;
    return lo * q->h_diag + (hi - lo) * q->h_orth;
}

/* bound() for a topology known when compiling (dial_mask), with a goal. */
static inline int64_t bound_topo(const Grid *g, const Query *q, int x, int y,
                                 const GridTopology topo)
{
    if (topo == GRID_HEX)
        return grid_distance(g, (BoardPos){x, y}, q->goal_pos) * q->h_orth;
    int64_t dx = abs(x - q->goal_pos.x), dy = abs(y - q->goal_pos.y);
    if (topo == GRID_SQUARE4)
        return (dx + dy) * q->h_orth;
    int64_t lo = dx < dy ? dx : dy, hi = dx < dy ? dy : dx;
    return lo * q->h_diag + (hi - lo) * q->h_orth;
}

/* x and y of a step in each direction (GridDir order), on squares. */
static const int STEP_DX[GRID_DIR_COUNT] = {0, 1, 0, -1, 1, 1, -1, -1};
static const int STEP_DY[GRID_DIR_COUNT] = {-1, 0, 1, 0, -1, 1, 1, -1};

/* Sets the query's A* step prices from its costs (before any weight,
 * which only makes steps dearer). */
static void bound_prices(const Grid *g, Query *q)
{
    int n;
    const GridDir *dirs = grid_dirs(g, &n);
    int64_t orth = INT32_MAX, diag = INT32_MAX;
    for (int k = 0; k < n; k++) {
        GridDir d = dirs[k];
        bool diagonal = g->topology == GRID_SQUARE8 && d >= GRID_DIR_NORTHEAST;
        int64_t c = q->costs->dir[d];
        if (diagonal)
            diag = c < diag ? c : diag;
        else
            orth = c < orth ? c : orth;
    }
    q->h_orth = orth;
    q->h_diag = diag < 2 * orth ? diag : 2 * orth;
}

/* Relaxes the step from i (cost cost_i) in direction d onto j, at (jx,
 * jy), with step answer `stop` (true: may stop there). Returns true when
 * j was pushed. */
static inline bool relax(PathFinder *pf, const Query *q, int nb, int64_t cost_i, int64_t j, int jx,
                         int jy, GridDir d, bool stop)
{
    int64_t c = q->costs->dir[d];
    if (q->costs->enter) {
        if (!q->costs->enter[j])
            return false;
        c *= q->costs->enter[j];
    }
    int64_t nd = cost_i + c;
    if (nd > INT32_MAX || (q->budget >= 0 && nd > q->budget))
        return false;
    if (pf->mark[j] >> MARK_DIR_BITS == pf->generation && pf->dist[j] <= nd)
        return false;
    pf->mark[j] = path_mark_of(pf->generation, d);
    pf->dist[j] = (int32_t)nd;
    pf->stop[j] = stop;
    path_bucket_push(&pf->buckets[(nd + bound(&pf->grid, q, jx, jy)) % nb], (int32_t)j);
    return true;
}

/* The position of square index i, by offsets from i's own position. */
static inline void step_xy(const Grid *g, int x, int y, GridDir d, int *jx, int *jy)
{
    BoardPos to = g->topology == GRID_HEX ? grid_step(g, (BoardPos){x, y}, d)
                                          : (BoardPos){x + (d == GRID_DIR_EAST || d == GRID_DIR_NORTHEAST ||
                                                            d == GRID_DIR_SOUTHEAST) -
                                                           (d == GRID_DIR_WEST || d == GRID_DIR_NORTHWEST ||
                                                            d == GRID_DIR_SOUTHWEST),
                                                       y + (d == GRID_DIR_SOUTH || d == GRID_DIR_SOUTHEAST ||
                                                            d == GRID_DIR_SOUTHWEST) -
                                                           (d == GRID_DIR_NORTH || d == GRID_DIR_NORTHEAST ||
                                                            d == GRID_DIR_NORTHWEST)};
    *jx = to.x, *jy = to.y;
}

/* Pushes the steps out of settled square i; returns how many. */
static int64_t expand(PathFinder *pf, const Query *q, const Offsets *o, int nb, int64_t i)
{
    const PathRule *rule = q->rule;
    int ndirs;
    const GridDir *dirs = grid_dirs(&pf->grid, &ndirs);
    int64_t cost_i = pf->dist[i], pushed = 0;
    BoardPos p = grid_pos(&pf->grid, i);
    if (rule->mask) {
        unsigned bits = rule->mask[i] & PATH_MASK_DIRS;
        const int64_t *off = o->off[path_row_parity(&pf->grid, i)];
        for (int k = 0; k < ndirs; k++) {
            GridDir d = dirs[k];
            if (!(bits & (1u << d)))
                continue;
            int64_t j = i + off[d];
            int jx, jy;
            step_xy(&pf->grid, p.x, p.y, d, &jx, &jy);
            pushed += relax(pf, q, nb, cost_i, j, jx, jy, d, !(rule->mask[j] & PATH_MASK_NO_STOP));
        }
        return pushed;
    }
    for (int k = 0; k < ndirs; k++) {
        GridDir d = dirs[k];
        BoardPos to = grid_step(&pf->grid, p, d);
        if (!grid_contains(&pf->grid, to))
            continue;
        PathStep r = rule->step(rule->ctx, p, to, d);
        if (r == PATH_STEP_NO)
            continue;
        pushed += relax(pf, q, nb, cost_i, grid_index(&pf->grid, to), to.x, to.y, d,
                        r == PATH_STEP_STOP);
    }
    return pushed;
}

static const GridDir DIRS6[] = {GRID_DIR_NORTHEAST, GRID_DIR_EAST, GRID_DIR_SOUTHEAST,
                                GRID_DIR_SOUTHWEST, GRID_DIR_WEST, GRID_DIR_NORTHWEST};

/* dial() below with the rule read from a mask, written for one topology
 * and with or without the A* bound, so the step loop has constant
 * directions and offsets, the ring slot is counted instead of divided,
 * and a search without a goal never computes positions. It settles the
 * same squares in the same order, with the same marks, costs and stops,
 * as dial() (tests/core/test_path compares them). s is start's index,
 * path_begin done. */
static inline __attribute__((always_inline)) int64_t
dial_mask(PathFinder *pf, int64_t s, Query *q, int nb, const GridTopology topo, const bool astar,
          const bool weights)
{
    /* a reachable set has no goal to test */
    const bool goals = q->goal >= 0 || q->goal_fn;
    const GridDir *dirs = DIRS6; /* hexes only: squares go by the bits */
    const int ndirs = 6;
    const Offsets o = pf->offsets;
    const PathMask *mask = q->rule->mask;
    const uint16_t *dcost = q->costs->dir;
    const uint8_t *enter = weights ? q->costs->enter : NULL;
    const int64_t budget = q->budget < 0 ? INT32_MAX : q->budget < INT32_MAX ? q->budget : INT32_MAX;
    const int w = pf->grid.width;
    const uint16_t gen = pf->generation;
    uint16_t *mark = pf->mark;
    int32_t *dist = pf->dist, *queue = pf->queue;
    uint8_t *stop = pf->stop;
    Bucket *ring = pf->buckets;
    int64_t qlen = 0, pending = 1, found = -1;
    int64_t first = astar ? bound_topo(&pf->grid, q, (int)(s % w), (int)(s / w), topo) : 0;
    int slot = (int)(first % nb);
    path_bucket_push(&ring[slot], (int32_t)s);
    for (int64_t key = first; pending > 0 && found < 0; key++, slot = slot + 1 == nb ? 0 : slot + 1) {
        Bucket *b = &ring[slot];
        while (b->head < b->len) {
            int64_t i = b->items[b->head++];
            pending--;
            int x = 0, y = 0;
            if (astar) {
                y = (int)(i / w);
                x = (int)(i - (int64_t)y * w);
            }
            if (dist[i] + (astar ? bound_topo(&pf->grid, q, x, y, topo) : 0) != key)
                continue; /* reached again more cheaply since */
            queue[qlen++] = (int32_t)i;
            if (goals && i != s && stop[i] &&
                (i == q->goal || (q->goal_fn && q->goal_fn(q->rule->ctx, grid_pos(&pf->grid, i))))) {
                found = i;
                break;
            }
            int64_t cost_i = dist[i];
            unsigned bits = mask[i] & PATH_MASK_DIRS;
            const int64_t *off = o.off[topo == GRID_HEX ? path_row_parity(&pf->grid, i) : 0];
            /* On squares grid_dirs order is GridDir order: only the
             * allowed steps are visited, lowest bit first. */
            for (int k = 0; topo == GRID_HEX ? k < ndirs : bits != 0; k++) {
                GridDir d;
                if (topo == GRID_HEX) {
                    d = dirs[k];
                    if (!(bits & (1u << d)))
                        continue;
                } else {
                    d = (GridDir)__builtin_ctz(bits);
                    bits &= bits - 1;
                }
                int64_t j = i + off[d];
                int64_t c = dcost[d];
                if (weights) {
                    if (!enter[j])
                        continue;
                    c *= enter[j];
                }
                int64_t nd = cost_i + c;
                if (nd > budget)
                    continue;
                if (mark[j] >> MARK_DIR_BITS == gen && dist[j] <= nd)
                    continue;
                mark[j] = path_mark_of(gen, d);
                dist[j] = (int32_t)nd;
                stop[j] = !(mask[j] & PATH_MASK_NO_STOP);
                int64_t rise = nd - key; /* what the key grows by: less than nb */
                if (astar) {
                    int jx, jy;
                    if (topo == GRID_HEX) {
                        step_xy(&pf->grid, x, y, d, &jx, &jy);
                    } else {
                        jx = x + STEP_DX[d];
                        jy = y + STEP_DY[d];
                    }
                    rise += bound_topo(&pf->grid, q, jx, jy, topo);
                }
                int to = slot + (int)rise;
                path_bucket_push(&ring[to >= nb ? to - nb : to], (int32_t)j);
                pending++;
            }
        }
        if (found < 0)
            b->len = b->head = 0;
    }
    pf->queue_len = qlen;
    return found;
}

/* dial_mask for the grid's topology, with or without a goal and weights. */
#define DIAL_MASK_TOPO(topo)                                                               \
    (astar ? (weights ? dial_mask(pf, s, q, nb, topo, true, true)                          \
                      : dial_mask(pf, s, q, nb, topo, true, false))                        \
           : (weights ? dial_mask(pf, s, q, nb, topo, false, true)                         \
                      : dial_mask(pf, s, q, nb, topo, false, false)))

static int64_t dial_mask_any(PathFinder *pf, int64_t s, Query *q, int nb)
{
    bool astar = q->goal >= 0, weights = q->costs->enter != NULL;
    switch (pf->grid.topology) {
    case GRID_SQUARE8:
        return DIAL_MASK_TOPO(GRID_SQUARE8);
    case GRID_HEX:
        return DIAL_MASK_TOPO(GRID_HEX);
    default:
        return DIAL_MASK_TOPO(GRID_SQUARE4);
    }
}

/* Dijkstra's search over a ring of buckets (Dial's): squares are settled
 * in order of cost (with one goal: of cost plus the A* bound), equal keys
 * first in first out, into pf->queue. Stops at the first settled square
 * (not start) where the piece may stop and which is the goal or passes
 * the goal test; returns it, or -1. */
static int64_t dial(PathFinder *pf, BoardPos start, Query *q)
{
    int64_t s = path_begin(pf, start);
    if (s < 0)
        return -1;
    pf->queue_len = 0;
    if (q->goal >= 0) {
        q->goal_pos = grid_pos(&pf->grid, q->goal);
        bound_prices(&pf->grid, q);
        /* every path costs at least the bound: none fits a smaller budget */
        if (q->budget >= 0 && bound(&pf->grid, q, start.x, start.y) > q->budget)
            return -1;
    }
    /* A key grows by at most a step's cost plus the bound's rise (at
     * most that cost again) from the square being settled. */
    int nb = (q->goal >= 0 ? 2 : 1) * max_step_cost(&pf->grid, q->costs) + 1;
    path_buckets_reserve(pf, nb);
    if (q->rule->mask) {
        int64_t found = dial_mask_any(pf, s, q, nb);
        for (int k = 0; k < nb; k++) /* what was left waiting */
            pf->buckets[k].len = pf->buckets[k].head = 0;
        return found;
    }
    const Offsets o = pf->offsets;
    int64_t first = bound(&pf->grid, q, start.x, start.y);
    path_bucket_push(&pf->buckets[first % nb], (int32_t)s);
    int64_t pending = 1, found = -1;
    for (int64_t key = first; pending > 0 && found < 0; key++) {
        Bucket *b = &pf->buckets[key % nb];
        while (b->head < b->len) {
            int64_t i = b->items[b->head++];
            pending--;
            int64_t h = q->goal < 0 ? 0
                                    : bound(&pf->grid, q, (int)(i % pf->grid.width),
                                            (int)(i / pf->grid.width));
            if (pf->dist[i] + h != key)
                continue; /* reached again more cheaply since */
            pf->queue[pf->queue_len++] = (int32_t)i;
            if (i != s && pf->stop[i] &&
                (i == q->goal ||
                 (q->goal_fn && q->goal_fn(q->rule->ctx, grid_pos(&pf->grid, i))))) {
                found = i;
                break;
            }
            pending += expand(pf, q, &o, nb, i);
        }
        if (found < 0)
            b->len = b->head = 0;
    }
    for (int k = 0; k < nb; k++) /* what was left waiting */
        pf->buckets[k].len = pf->buckets[k].head = 0;
    return found;
}

/* Writes the path to goal after a weighted search; returns its steps. */
static int trace_cost(const PathFinder *pf, int64_t goal, BoardPos *out, int cap)
{
    const Offsets o = pf->offsets;
    int len = 0;
    for (int64_t x = goal; x != pf->start; x = path_mark_back(pf, &o, x))
        len++;
    int k = len - 1;
    for (int64_t x = goal; x != pf->start; x = path_mark_back(pf, &o, x), k--)
        if (k < cap)
            out[k] = grid_pos(&pf->grid, x);
    return len;
}

static int step_limit(int64_t budget)
{
    return budget < 0 ? -1 : budget > INT32_MAX ? INT32_MAX : (int)budget;
}

int64_t path_cost_reach(PathFinder *pf, BoardPos start, int64_t budget, const PathRule *rule,
                        const PathCosts *costs)
{
    if (path_costs_unit(&pf->grid, costs)) {
        if (rule->mask)
            return path_reach_mask(pf, start, step_limit(budget), rule->mask);
        return path_reach(pf, start, step_limit(budget), rule->step, rule->ctx);
    }
    Query q = {rule, costs, budget, -1, NULL, {0, 0}, 0, 0};
    dial(pf, start, &q);
    int64_t count = 0;
    for (int64_t k = 1; k < pf->queue_len; k++)
        count += pf->stop[pf->queue[k]];
    return count;
}

int64_t path_cost(const PathFinder *pf, BoardPos pos)
{
    return path_distance(pf, pos);
}

int path_cost_find(PathFinder *pf, BoardPos start, BoardPos goal, int64_t budget,
                   const PathRule *rule, const PathCosts *costs, BoardPos *out, int cap,
                   int64_t *cost)
{
    int len;
    if (path_costs_unit(&pf->grid, costs)) {
        /* a path has at least the grid's distance in steps: none is
         * shorter than that */
        if (budget >= 0 && grid_contains(&pf->grid, start) && grid_contains(&pf->grid, goal) &&
            grid_distance(&pf->grid, start, goal) > budget)
            len = -1;
        else
            len = rule->mask ? path_find_mask_bfs(pf, start, goal, step_limit(budget), rule->mask,
                                                  out, cap)
                             : path_find(pf, start, goal, step_limit(budget), rule->step,
                                         rule->ctx, out, cap);
        pf->start = -1;
        if (cost)
            *cost = len;
        return len;
    }
    len = -1;
    if (grid_contains(&pf->grid, start) && grid_contains(&pf->grid, goal)) {
        if (grid_pos_equal(start, goal)) {
            len = 0;
        } else {
            Query q = {rule, costs, budget, grid_index(&pf->grid, goal), NULL, {0, 0}, 0, 0};
            int64_t g = dial(pf, start, &q);
            if (g >= 0) {
                len = trace_cost(pf, g, out, cap);
                if (cost)
                    *cost = pf->dist[g];
            }
        }
    }
    if (len == 0 && cost)
        *cost = 0;
    pf->start = -1;
    return len;
}

int path_cost_nearest(PathFinder *pf, BoardPos start, int64_t budget, const PathRule *rule,
                      const PathCosts *costs, PathGoalFn goal, BoardPos *found, BoardPos *out,
                      int cap, int64_t *cost)
{
    int len;
    if (path_costs_unit(&pf->grid, costs)) {
        len = rule->mask ? path_find_nearest_mask(pf, start, step_limit(budget), rule->mask, goal,
                                                  rule->ctx, found, out, cap)
                         : path_find_nearest(pf, start, step_limit(budget), rule->step, goal,
                                             rule->ctx, found, out, cap);
        pf->start = -1;
        if (cost)
            *cost = len;
        return len;
    }
    Query q = {rule, costs, budget, -1, goal, {0, 0}, 0, 0};
    int64_t g = dial(pf, start, &q);
    len = -1;
    if (g >= 0) {
        *found = grid_pos(&pf->grid, g);
        len = trace_cost(pf, g, out, cap);
        if (cost)
            *cost = pf->dist[g];
    }
    pf->start = -1;
    return len;
}
