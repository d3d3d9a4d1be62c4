/* Path search with a step callback: the finder's buffers and generations,
 * breadth-first reach and paths (path.h), and the helpers path_mask.c and
 * path_cost.c share (path_internal.h). */
#include "path.h"

#include "alloc.h"
#include "path_internal.h"

#include <assert.h>
#include <stdlib.h>

PathFinder *path_create(const Grid *grid)
{
    size_t area = (size_t)grid_area(grid);
    PathFinder *pf = xcalloc(1, sizeof *pf);
    pf->grid = *grid;
    pf->offsets = path_offsets_of(grid);
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

void path_buckets_reserve(PathFinder *pf, int count)
{
    if (pf->bucket_count >= count)
        return;
    pf->buckets = xrealloc(pf->buckets, (size_t)count, sizeof *pf->buckets);
    for (int k = pf->bucket_count; k < count; k++)
        pf->buckets[k] = (Bucket){NULL, 0, 0, 0};
    pf->bucket_count = count;
}

void path_next_generation(PathFinder *pf)
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

/* The rule of one query. */
typedef struct Rule {
    PathStepFn step;
    void *ctx;
} Rule;

int64_t path_begin(PathFinder *pf, BoardPos start)
{
    path_next_generation(pf);
    pf->queue_len = 0;
    pf->start = -1;
    if (!grid_contains(&pf->grid, start))
        return -1;
    int64_t s = grid_index(&pf->grid, start);
    pf->start = s;
    pf->mark[s] = path_mark_of(pf->generation, 0);
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
    if (path_begin(pf, start) < 0)
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
            pf->mark[j] = path_mark_of(gen, d);
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
    return path_reached(pf, i) ? pf->dist[i] : -1;
}

bool path_can_stop(const PathFinder *pf, BoardPos pos)
{
    if (pf->start < 0 || !grid_contains(&pf->grid, pos))
        return false;
    int64_t i = grid_index(&pf->grid, pos);
    return path_reached(pf, i) && pf->stop[i];
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

const int32_t *path_reach_order(const PathFinder *pf, size_t *count)
{
    *count = (size_t)pf->queue_len;
    return pf->queue;
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

Offsets path_offsets_of(const Grid *grid)
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

/* trace() for a search that kept no distances: the length is given. */
int path_trace_len(const PathFinder *pf, int64_t goal, int len, BoardPos *out, int cap)
{
    const Offsets o = pf->offsets;
    int64_t x = goal;
    for (int k = len - 1; k >= 0; k--) {
        if (k < cap)
            out[k] = grid_pos(&pf->grid, x);
        x = path_mark_back(pf, &o, x);
    }
    assert(x == pf->start);
    return len;
}
