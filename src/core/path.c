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
};

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
    int ndirs = grid_dir_count(&pf->grid);
    uint16_t gen = pf->generation;
    for (int64_t head = 0; head < pf->queue_len; head++) {
        int64_t i = pf->queue[head];
        int32_t next_dist = pf->dist[i] + 1;
        if (max_steps >= 0 && next_dist > max_steps)
            continue;
        int32_t i32 = (int32_t)i;
        BoardPos p = {i32 % w, i32 / w};
        for (int d = 0; d < ndirs; d++) {
            BoardPos q = grid_step(p, (GridDir)d);
            if (q.x < 0 || q.y < 0 || q.x >= w || q.y >= h)
                continue;
            int64_t j = (int64_t)q.y * w + q.x;
            if (pf->mark[j] >> MARK_DIR_BITS == gen)
                continue;
            PathStep r = rule->step(rule->ctx, p, q, (GridDir)d);
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
        p = grid_step(p, grid_dir_opposite((GridDir)dir));
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
static int64_t grow(PathFinder *pf, Side *s, const uint8_t *mask, const int64_t *offset)
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
                       const uint8_t *mask, BoardPos *out, int cap)
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
                   const uint8_t *mask, BoardPos *out, int cap)
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

/* The one-sided search of path_search with the rule read from a mask:
 * the same queue order (north, east, south, west), so the same squares,
 * distances, stops and marks as search() under the rule the mask encodes.
 * A whole level is grown at a time, so the level counter is the distance;
 * per-square distances and stops are written only when keep_dist asks for
 * them (path_reach_mask, which has no goal). Returns the goal index found
 * (its distance in *goal_dist), or -1. */
static int64_t search_mask1(PathFinder *pf, BoardPos start, int max_steps, const uint8_t *mask,
                            int64_t goal, PathGoalFn goal_fn, void *ctx, bool keep_dist,
                            int *goal_dist)
{
    if (begin(pf, start) < 0)
        return -1;
    const int64_t w = pf->grid.width, offset[4] = {-w, 1, w, -1};
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
        unsigned bits = mask[i] & 15u;
        for (int d = 0; d < 4; d++) {
            if (!(bits & (1u << d)))
                continue;
            int64_t j = i + offset[d];
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

/* trace() for a search that kept no distances: the length is given. */
static int trace_len(const PathFinder *pf, int64_t goal, int len, BoardPos *out, int cap)
{
    const int64_t w = pf->grid.width, offset[4] = {-w, 1, w, -1};
    int64_t x = goal;
    for (int k = len - 1; k >= 0; k--) {
        if (k < cap)
            out[k] = grid_pos(&pf->grid, x);
        x -= offset[pf->mark[x] & MARK_DIR_MASK];
    }
    assert(x == pf->start);
    return len;
}

int64_t path_reach_mask(PathFinder *pf, BoardPos start, int max_steps, const uint8_t *mask)
{
    assert(pf->grid.topology == GRID_SQUARE4);
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
                       const uint8_t *mask, BoardPos *out, int cap)
{
    assert(pf->grid.topology == GRID_SQUARE4);
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

int path_find_nearest_mask(PathFinder *pf, BoardPos start, int max_steps, const uint8_t *mask,
                           PathGoalFn goal, void *ctx, BoardPos *found, BoardPos *out, int cap)
{
    assert(pf->grid.topology == GRID_SQUARE4);
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
