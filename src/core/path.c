#include "path.h"

#include "alloc.h"

#include <assert.h>
#include <stdlib.h>

struct PathFinder {
    Grid grid;
    /* mark[i] >> MARK_DIR_BITS == generation: square i was reached by the
     * current query, by a step in direction mark[i] & MARK_DIR_MASK. One
     * 16-bit word a square keeps the working set small on big boards. */
    uint16_t generation;
    uint16_t *mark;
    int32_t *dist;
    uint8_t *stop;     /* 1 when the piece may stop there */
    int32_t *queue;
    int64_t queue_len; /* squares reached by the last query, in order */
    int32_t *queue_back; /* the goal side of path_find_mask */
    int64_t meet_from;   /* the square whose side found the meeting */
    int64_t start;
    struct Bucket *buckets; /* the weighted search's ring of cost buckets */
    int bucket_count;
};

/* The squares pushed at one cost (mod the ring's size), first in first
 * out. */
typedef struct Bucket {
    int32_t *items;
    int64_t len, cap, head;
} Bucket;

PathFinder *path_create(const Grid *grid)
{
    size_t area = (size_t)grid_area(grid);
    PathFinder *pf = xcalloc(1, sizeof *pf);
    pf->grid = *grid;
    pf->mark = xcalloc(area, sizeof *pf->mark);
    pf->dist = xmalloc(area, sizeof *pf->dist);
    pf->stop = xmalloc(area, 1);
    pf->queue = xmalloc(area, sizeof *pf->queue);
    pf->start = -1;
    return pf;
}

void path_destroy(PathFinder *pf)
{
    if (!pf)
        return;
    free(pf->mark);
    free(pf->dist);
    free(pf->stop);
    free(pf->queue);
    free(pf->queue_back);
    for (int k = 0; k < pf->bucket_count; k++)
        free(pf->buckets[k].items);
    free(pf->buckets);
    free(pf);
}

#define MARK_DIR_BITS 3
#define MARK_DIR_MASK 7u
#define MARK_MAX_GENERATION (UINT16_MAX >> MARK_DIR_BITS)

static void next_generation(PathFinder *pf)
{
    if (++pf->generation > MARK_MAX_GENERATION) {
        /* Wrapped after 8191 queries: forget every old mark once (a
         * linear pass, rare enough to cost nothing per query). */
        size_t area = (size_t)grid_area(&pf->grid);
        for (size_t i = 0; i < area; i++)
            pf->mark[i] = 0;
        pf->generation = 1;
    }
}

static bool reached(const PathFinder *pf, int64_t i)
{
    return pf->mark[i] >> MARK_DIR_BITS == pf->generation;
}

static uint16_t mark_of(uint16_t generation, int dir)
{
    return (uint16_t)(generation << MARK_DIR_BITS | (unsigned)dir);
}

/* The rule of one query. */
typedef struct Rule {
    PathStepFn step;
    void *ctx;
} Rule;

static int64_t begin(PathFinder *pf, BoardPos start)
{
    next_generation(pf);
    pf->queue_len = 0;
    pf->start = -1;
    if (!grid_contains(&pf->grid, start))
        return -1;
    int64_t s = grid_index(&pf->grid, start);
    pf->start = s;
    pf->mark[s] = mark_of(pf->generation, 0);
    pf->dist[s] = 0;
    pf->stop[s] = 0;
    pf->queue[pf->queue_len++] = (int32_t)s;
    return s;
}

/* One search: breadth-first from start, stopping early when goal (an
 * index, or -1) or a square accepted by goal_fn is reached. Returns the
 * index of the goal found, or -1. */
static int64_t search(PathFinder *pf, BoardPos start, int max_steps, const Rule *rule,
                      int64_t goal, PathGoalFn goal_fn)
{
    if (begin(pf, start) < 0)
        return -1;
    int w = pf->grid.width, h = pf->grid.height;
    int ndirs;
    const GridDir *dirs = grid_dirs(&pf->grid, &ndirs);
    uint16_t gen = pf->generation;
    for (int64_t head = 0; head < pf->queue_len; head++) {
        int64_t i = pf->queue[head];
        int32_t next_dist = pf->dist[i] + 1;
        if (max_steps >= 0 && next_dist > max_steps)
            continue;
        int32_t i32 = (int32_t)i;
        BoardPos p = {i32 % w, i32 / w};
        for (int k = 0; k < ndirs; k++) {
            GridDir d = dirs[k];
            BoardPos q = grid_step(&pf->grid, p, d);
            if (q.x < 0 || q.y < 0 || q.x >= w || q.y >= h)
                continue;
            int64_t j = (int64_t)q.y * w + q.x;
            if (pf->mark[j] >> MARK_DIR_BITS == gen)
                continue;
            PathStep r = rule->step(rule->ctx, p, q, d);
            if (r == PATH_STEP_NO)
                continue;
            pf->mark[j] = mark_of(gen, d);
            pf->dist[j] = next_dist;
            pf->stop[j] = r == PATH_STEP_STOP;
            pf->queue[pf->queue_len++] = (int32_t)j;
            if (pf->stop[j] && (j == goal || (goal_fn && goal_fn(rule->ctx, q))))
                return j;
        }
    }
    return -1;
}

int64_t path_reach(PathFinder *pf, BoardPos start, int max_steps, PathStepFn step, void *ctx)
{
    Rule rule = {step, ctx};
    search(pf, start, max_steps, &rule, -1, NULL);
    int64_t count = 0;
    for (int64_t k = 1; k < pf->queue_len; k++)
        count += pf->stop[pf->queue[k]];
    return count;
}

int path_distance(const PathFinder *pf, BoardPos pos)
{
    if (pf->start < 0 || !grid_contains(&pf->grid, pos))
        return -1;
    int64_t i = grid_index(&pf->grid, pos);
    return reached(pf, i) ? pf->dist[i] : -1;
}

bool path_can_stop(const PathFinder *pf, BoardPos pos)
{
    if (pf->start < 0 || !grid_contains(&pf->grid, pos))
        return false;
    int64_t i = grid_index(&pf->grid, pos);
    return reached(pf, i) && pf->stop[i];
}

size_t path_reach_list(const PathFinder *pf, BoardPos *out, size_t cap)
{
    size_t n = 0;
    for (int64_t k = 1; k < pf->queue_len; k++) {
        int64_t i = pf->queue[k];
        if (!pf->stop[i])
            continue;
        if (n < cap)
            out[n] = grid_pos(&pf->grid, i);
        n++;
    }
    return n;
}

/* Walks back from the goal along the marks and writes the path forwards. */
static int trace(const PathFinder *pf, int64_t goal, BoardPos *out, int cap)
{
    int len = pf->dist[goal];
    BoardPos p = grid_pos(&pf->grid, goal);
    for (int k = len - 1; k >= 0; k--) {
        if (k < cap)
            out[k] = p;
        unsigned dir = pf->mark[grid_index(&pf->grid, p)] & MARK_DIR_MASK;
        p = grid_step(&pf->grid, p, grid_dir_opposite((GridDir)dir));
    }
    assert(grid_index(&pf->grid, p) == pf->start);
    return len;
}

int path_find(PathFinder *pf, BoardPos start, BoardPos goal, int max_steps, PathStepFn step,
              void *ctx, BoardPos *out, int cap)
{
    if (!grid_contains(&pf->grid, start) || !grid_contains(&pf->grid, goal))
        return -1;
    if (grid_pos_equal(start, goal))
        return 0;
    Rule rule = {step, ctx};
    int64_t g = search(pf, start, max_steps, &rule, grid_index(&pf->grid, goal), NULL);
    return g < 0 ? -1 : trace(pf, g, out, cap);
}

/* One side of the two-sided mask search: a breadth-first frontier grown a
 * whole level at a time, so its level counter is the distance of every
 * square in the current level and no distances need storing. */
typedef struct Side {
    int32_t *queue;
    int64_t head, level_end, len;
    int32_t level;
    uint16_t gen, other; /* this side's and the other side's generation */
    bool backward;       /* searching from the goal against the steps */
} Side;

/* Grows one level of side s. Returns the square where it met the other
 * side, or -1. A forward mark holds the step that reached the square; a
 * backward mark holds the step from the square toward the goal. */
static int64_t grow(PathFinder *pf, Side *s, const PathMask *mask, const int64_t *offset)
{
    uint16_t *mark = pf->mark;
    const int64_t area = grid_area(&pf->grid);
    for (; s->head < s->level_end; s->head++) {
        int64_t i = s->queue[s->head];
        for (int d = 0; d < 4; d++) {
            int64_t j;
            if (!s->backward) {
                if (!(mask[i] & (1u << d)))
                    continue;
                j = i + offset[d];
            } else {
                /* j steps onto i in direction d (so j = i - offset[d]). */
                j = i - offset[d];
                if (j < 0 || j >= area || !(mask[j] & (1u << d)))
                    continue;
            }
            unsigned owner = mark[j] >> MARK_DIR_BITS;
            if (owner == s->gen)
                continue;
            if (owner == s->other) {
                pf->meet_from = i;
                return j;
            }
            mark[j] = mark_of(s->gen, d);
            s->queue[s->len++] = (int32_t)j;
        }
    }
    s->level_end = s->len;
    s->level++;
    return -1;
}

/* Writes the path start..goal through the meeting step a -> b (a marked
 * by the start side, b by the goal side). Returns its length. */
static int trace_mask(const PathFinder *pf, int64_t start, int64_t goal, int64_t a, int64_t b,
                      BoardPos *out, int cap)
{
    const int64_t w = pf->grid.width, offset[4] = {-w, 1, w, -1};
    int na = 0, nb = 0;
    for (int64_t x = a; x != start; x -= offset[pf->mark[x] & MARK_DIR_MASK])
        na++;
    for (int64_t x = b; x != goal; x += offset[pf->mark[x] & MARK_DIR_MASK])
        nb++;
    int len = na + 1 + nb, k = na - 1;
    for (int64_t x = a; x != start; x -= offset[pf->mark[x] & MARK_DIR_MASK], k--)
        if (k < cap)
            out[k] = grid_pos(&pf->grid, x);
    k = na;
    for (int64_t x = b;; x += offset[pf->mark[x] & MARK_DIR_MASK], k++) {
        if (k < cap)
            out[k] = grid_pos(&pf->grid, x);
        if (x == goal)
            break;
    }
    return len;
}

/* Two breadth-first searches, from the start along the steps and from the
 * goal against them, each growing a level at a time (the smaller frontier
 * first) until they meet. On a grid this visits about half the squares of
 * a one-sided search. The first meeting is a shortest path: a square both
 * sides reach is found as soon as the second side gets there. */
static int search_mask(PathFinder *pf, int64_t start, int64_t goal, int max_steps,
                       const PathMask *mask, BoardPos *out, int cap)
{
    next_generation(pf);
    if (pf->generation == MARK_MAX_GENERATION)
        next_generation(pf); /* wraps: both generations must fit */
    uint16_t gf = pf->generation++;
    uint16_t gb = pf->generation;
    const int64_t w = pf->grid.width, offset[4] = {-w, 1, w, -1};
    pf->mark[start] = mark_of(gf, 0);
    pf->mark[goal] = mark_of(gb, 0);
    pf->queue[0] = (int32_t)start;
    pf->queue_back[0] = (int32_t)goal;
    Side f = {pf->queue, 0, 1, 1, 0, gf, gb, false};
    Side b = {pf->queue_back, 0, 1, 1, 0, gb, gf, true};
    while (f.head < f.len && b.head < b.len) {
        if (max_steps >= 0 && f.level + b.level + 1 > max_steps)
            return -1;
        bool forward = f.len - f.head <= b.len - b.head;
        Side *s = forward ? &f : &b;
        int64_t met = grow(pf, s, mask, offset);
        if (met < 0)
            continue;
        /* The meeting step joins meet_from (this side) and met (the other). */
        if (forward)
            return trace_mask(pf, start, goal, pf->meet_from, met, out, cap);
        return trace_mask(pf, start, goal, met, pf->meet_from, out, cap);
    }
    return -1;
}

int path_find_mask(PathFinder *pf, BoardPos start, BoardPos goal, int max_steps,
                   const PathMask *mask, BoardPos *out, int cap)
{
    assert(pf->grid.topology == GRID_SQUARE4);
    /* No distances are kept: path_distance and path_reach_list answer
     * nothing until the next path_reach. */
    pf->start = -1;
    pf->queue_len = 0;
    if (!grid_contains(&pf->grid, start) || !grid_contains(&pf->grid, goal))
        return -1;
    if (grid_pos_equal(start, goal))
        return 0;
    int64_t s = grid_index(&pf->grid, start), g = grid_index(&pf->grid, goal);
    if (mask[g] & PATH_MASK_NO_STOP)
        return -1;
    if (!pf->queue_back) /* only finders that search both ways need it */
        pf->queue_back = xmalloc((size_t)grid_area(&pf->grid), sizeof *pf->queue_back);
    return search_mask(pf, s, g, max_steps, mask, out, cap);
}

/* Index offsets of the steps of a grid, by row parity (only hex rows
 * differ) and GridDir. */
typedef struct Offsets {
    int64_t off[2][GRID_DIR_COUNT];
} Offsets;

static Offsets offsets_of(const Grid *grid)
{
    Offsets o;
    for (int parity = 0; parity < 2; parity++) {
        /* a row that is shifted exactly when parity is 1 */
        int y = grid_hex_shifted(grid, 0) == (parity == 1) ? 0 : 1;
        BoardPos p = {1, y};
        for (int d = 0; d < GRID_DIR_COUNT; d++) {
            o.off[parity][d] = 0;
            if (!grid_dir_valid(grid, (GridDir)d))
                continue;
            BoardPos q = grid_step(grid, p, (GridDir)d);
            o.off[parity][d] = (int64_t)(q.y - p.y) * grid->width + (q.x - p.x);
        }
    }
    return o;
}

/* The parity index of square i's row into Offsets: 1 on shifted hex rows. */
static inline int row_parity(const Grid *grid, int64_t i)
{
    return grid->topology == GRID_HEX && grid_hex_shifted(grid, (int)(i / grid->width));
}

/* The square one step back from x along its mark. */
static inline int64_t mark_back(const PathFinder *pf, const Offsets *o, int64_t x)
{
    GridDir d = (GridDir)(pf->mark[x] & MARK_DIR_MASK);
    /* x was entered by d from a square of the other row on hexes: step
     * back the opposite way from x's own row. */
    return x + o->off[row_parity(&pf->grid, x)][grid_dir_opposite(d)];
}

static const GridDir DIRS4[] = {GRID_DIR_NORTH, GRID_DIR_EAST, GRID_DIR_SOUTH, GRID_DIR_WEST};
static const GridDir DIRS8[] = {GRID_DIR_NORTH,     GRID_DIR_EAST,      GRID_DIR_SOUTH,
                                GRID_DIR_WEST,      GRID_DIR_NORTHEAST, GRID_DIR_SOUTHEAST,
                                GRID_DIR_SOUTHWEST, GRID_DIR_NORTHWEST};
static const GridDir DIRS6[] = {GRID_DIR_NORTHEAST, GRID_DIR_EAST, GRID_DIR_SOUTHEAST,
                                GRID_DIR_SOUTHWEST, GRID_DIR_WEST, GRID_DIR_NORTHWEST};

/* The one-sided search of path_search with the rule read from a mask:
 * the same queue order (grid_dirs order), so the same squares,
 * distances, stops and marks as search() under the rule the mask encodes.
 * A whole level is grown at a time, so the level counter is the distance;
 * per-square distances and stops are written only when keep_dist asks for
 * them (path_reach_mask, which has no goal). Returns the goal index found
 * (its distance in *goal_dist), or -1. Inlined once per topology so the
 * direction loop is unrolled with constant offsets. */
static inline __attribute__((always_inline)) int64_t
bfs_mask(PathFinder *pf, BoardPos start, int max_steps, const PathMask *mask, int64_t goal,
         PathGoalFn goal_fn, void *ctx, bool keep_dist, int *goal_dist, const GridTopology topo)
{
    if (begin(pf, start) < 0)
        return -1;
    const GridDir *dirs = topo == GRID_SQUARE4 ? DIRS4 : topo == GRID_SQUARE8 ? DIRS8 : DIRS6;
    const int ndirs = topo == GRID_SQUARE4 ? 4 : topo == GRID_SQUARE8 ? 8 : 6;
    const Offsets o = offsets_of(&pf->grid);
    const uint16_t gen = pf->generation;
    uint16_t *mark = pf->mark;
    int32_t *queue = pf->queue, *dist = pf->dist;
    uint8_t *stop = pf->stop;
    int64_t len = pf->queue_len, level_end = len;
    int32_t level = 0;
    for (int64_t head = 0; head < len; head++) {
        if (head == level_end) {
            level_end = len;
            level++;
        }
        if (max_steps >= 0 && level + 1 > max_steps)
            break; /* every square left in the queue is at this level */
        int64_t i = queue[head];
        unsigned bits = mask[i] & PATH_MASK_DIRS;
        const int64_t *off = o.off[topo == GRID_HEX ? row_parity(&pf->grid, i) : 0];
        for (int k = 0; k < ndirs; k++) {
            const int d = dirs[k];
            if (!(bits & (1u << d)))
                continue;
            int64_t j = i + off[d];
            if (mark[j] >> MARK_DIR_BITS == gen)
                continue;
            mark[j] = mark_of(gen, d);
            queue[len++] = (int32_t)j;
            if (keep_dist) {
                stop[j] = !(mask[j] & PATH_MASK_NO_STOP);
                dist[j] = level + 1;
            } else if ((j == goal || goal_fn) && !(mask[j] & PATH_MASK_NO_STOP) &&
                       (j == goal || goal_fn(ctx, grid_pos(&pf->grid, j)))) {
                pf->queue_len = len;
                *goal_dist = level + 1;
                return j;
            }
        }
    }
    pf->queue_len = len;
    return -1;
}

static int64_t search_mask1(PathFinder *pf, BoardPos start, int max_steps, const PathMask *mask,
                            int64_t goal, PathGoalFn goal_fn, void *ctx, bool keep_dist,
                            int *goal_dist)
{
    switch (pf->grid.topology) {
    case GRID_SQUARE8:
        return bfs_mask(pf, start, max_steps, mask, goal, goal_fn, ctx, keep_dist, goal_dist,
                        GRID_SQUARE8);
    case GRID_HEX:
        return bfs_mask(pf, start, max_steps, mask, goal, goal_fn, ctx, keep_dist, goal_dist,
                        GRID_HEX);
    default:
        return bfs_mask(pf, start, max_steps, mask, goal, goal_fn, ctx, keep_dist, goal_dist,
                        GRID_SQUARE4);
    }
}

/* trace() for a search that kept no distances: the length is given. */
static int trace_len(const PathFinder *pf, int64_t goal, int len, BoardPos *out, int cap)
{
    const Offsets o = offsets_of(&pf->grid);
    int64_t x = goal;
    for (int k = len - 1; k >= 0; k--) {
        if (k < cap)
            out[k] = grid_pos(&pf->grid, x);
        x = mark_back(pf, &o, x);
    }
    assert(x == pf->start);
    return len;
}

int64_t path_reach_mask(PathFinder *pf, BoardPos start, int max_steps, const PathMask *mask)
{
    int unused;
    search_mask1(pf, start, max_steps, mask, -1, NULL, NULL, true, &unused);
    if (pf->start >= 0)
        pf->dist[pf->start] = 0;
    int64_t count = 0;
    for (int64_t k = 1; k < pf->queue_len; k++)
        count += pf->stop[pf->queue[k]];
    return count;
}

int path_find_mask_bfs(PathFinder *pf, BoardPos start, BoardPos goal, int max_steps,
                       const PathMask *mask, BoardPos *out, int cap)
{
    if (!grid_contains(&pf->grid, start) || !grid_contains(&pf->grid, goal))
        return -1;
    if (grid_pos_equal(start, goal))
        return 0;
    int len = 0;
    int64_t g = search_mask1(pf, start, max_steps, mask, grid_index(&pf->grid, goal), NULL, NULL,
                             false, &len);
    if (g >= 0)
        trace_len(pf, g, len, out, cap);
    /* No distances were written: path_distance must not read stale ones. */
    pf->start = -1;
    return g < 0 ? -1 : len;
}

int path_find_nearest_mask(PathFinder *pf, BoardPos start, int max_steps, const PathMask *mask,
                           PathGoalFn goal, void *ctx, BoardPos *found, BoardPos *out, int cap)
{
    int len = 0;
    int64_t g = search_mask1(pf, start, max_steps, mask, -1, goal, ctx, false, &len);
    if (g < 0) {
        pf->start = -1;
        return -1;
    }
    *found = grid_pos(&pf->grid, g);
    trace_len(pf, g, len, out, cap);
    pf->start = -1;
    return len;
}

int path_find_nearest(PathFinder *pf, BoardPos start, int max_steps, PathStepFn step,
                      PathGoalFn goal, void *ctx, BoardPos *found, BoardPos *out, int cap)
{
    Rule rule = {step, ctx};
    int64_t g = search(pf, start, max_steps, &rule, -1, goal);
    if (g < 0)
        return -1;
    *found = grid_pos(&pf->grid, g);
    return trace(pf, g, out, cap);
}

/* --- Weighted search -------------------------------------------------- */

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

static void buckets_reserve(PathFinder *pf, int count)
{
    if (pf->bucket_count >= count)
        return;
    pf->buckets = xrealloc(pf->buckets, (size_t)count, sizeof *pf->buckets);
    for (int k = pf->bucket_count; k < count; k++)
        pf->buckets[k] = (Bucket){NULL, 0, 0, 0};
    pf->bucket_count = count;
}

static inline void bucket_push(Bucket *b, int32_t i)
{
    if (b->len == b->cap) {
        b->cap = b->cap ? 2 * b->cap : 256;
        b->items = xrealloc(b->items, (size_t)b->cap, sizeof *b->items);
    }
    b->items[b->len++] = i;
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
    pf->mark[j] = mark_of(pf->generation, d);
    pf->dist[j] = (int32_t)nd;
    pf->stop[j] = stop;
    bucket_push(&pf->buckets[(nd + bound(&pf->grid, q, jx, jy)) % nb], (int32_t)j);
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
        const int64_t *off = o->off[row_parity(&pf->grid, i)];
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

/* Dijkstra's search over a ring of buckets (Dial's): squares are settled
 * in order of cost (with one goal: of cost plus the A* bound), equal keys
 * first in first out, into pf->queue. Stops at the first settled square
 * (not start) where the piece may stop and which is the goal or passes
 * the goal test; returns it, or -1. */
static int64_t dial(PathFinder *pf, BoardPos start, Query *q)
{
    int64_t s = begin(pf, start);
    if (s < 0)
        return -1;
    pf->queue_len = 0;
    if (q->goal >= 0) {
        q->goal_pos = grid_pos(&pf->grid, q->goal);
        bound_prices(&pf->grid, q);
    }
    /* A key grows by at most a step's cost plus the bound's rise (at
     * most that cost again) from the square being settled. */
    int nb = (q->goal >= 0 ? 2 : 1) * max_step_cost(&pf->grid, q->costs) + 1;
    buckets_reserve(pf, nb);
    const Offsets o = offsets_of(&pf->grid);
    int64_t first = bound(&pf->grid, q, start.x, start.y);
    bucket_push(&pf->buckets[first % nb], (int32_t)s);
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
    const Offsets o = offsets_of(&pf->grid);
    int len = 0;
    for (int64_t x = goal; x != pf->start; x = mark_back(pf, &o, x))
        len++;
    int k = len - 1;
    for (int64_t x = goal; x != pf->start; x = mark_back(pf, &o, x), k--)
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
        len = rule->mask
                  ? path_find_mask_bfs(pf, start, goal, step_limit(budget), rule->mask, out, cap)
                  : path_find(pf, start, goal, step_limit(budget), rule->step, rule->ctx, out,
                              cap);
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
