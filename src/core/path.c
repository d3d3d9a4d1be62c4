#include "path.h"

#include "alloc.h"

#include <assert.h>
#include <stdlib.h>

struct PathFinder {
    Grid grid;
    uint32_t generation; /* squares with mark == generation were reached */
    uint32_t *mark;
    int32_t *dist;
    uint8_t *from_dir; /* direction of the step that reached the square */
    uint8_t *stop;     /* 1 when the piece may stop there */
    int32_t *queue;
    int64_t queue_len; /* squares reached by the last query, in order */
    int64_t start;
};

PathFinder *path_create(const Grid *grid)
{
    size_t area = (size_t)grid_area(grid);
    PathFinder *pf = xcalloc(1, sizeof *pf);
    pf->grid = *grid;
    pf->mark = xcalloc(area, sizeof *pf->mark);
    pf->dist = xmalloc(area, sizeof *pf->dist);
    pf->from_dir = xmalloc(area, 1);
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
    free(pf->from_dir);
    free(pf->stop);
    free(pf->queue);
    free(pf);
}

static void next_generation(PathFinder *pf)
{
    if (++pf->generation == 0) {
        /* Wrapped after 2^32 queries: forget every old mark once. */
        size_t area = (size_t)grid_area(&pf->grid);
        for (size_t i = 0; i < area; i++)
            pf->mark[i] = 0;
        pf->generation = 1;
    }
}

static bool reached(const PathFinder *pf, int64_t i)
{
    return pf->mark[i] == pf->generation;
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
    pf->mark[s] = pf->generation;
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
    uint32_t gen = pf->generation;
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
            if (pf->mark[j] == gen)
                continue;
            PathStep r = rule->step(rule->ctx, p, q, (GridDir)d);
            if (r == PATH_STEP_NO)
                continue;
            pf->mark[j] = gen;
            pf->dist[j] = next_dist;
            pf->from_dir[j] = (uint8_t)d;
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

/* Walks back from the goal along from_dir and writes the path forwards. */
static int trace(const PathFinder *pf, int64_t goal, BoardPos *out, int cap)
{
    int len = pf->dist[goal];
    BoardPos p = grid_pos(&pf->grid, goal);
    for (int k = len - 1; k >= 0; k--) {
        if (k < cap)
            out[k] = p;
        p = grid_step(p, grid_dir_opposite((GridDir)pf->from_dir[grid_index(&pf->grid, p)]));
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

/* The mask search works on indices only: the mask's bits already keep
 * steps on the grid, so no coordinates (and no divisions) are needed. */
static int64_t search_mask(PathFinder *pf, BoardPos start, int max_steps, const uint8_t *mask,
                           int64_t goal)
{
    if (begin(pf, start) < 0)
        return -1;
    int64_t w = pf->grid.width;
    const int64_t offset[4] = {-w, 1, w, -1}; /* north, east, south, west */
    uint32_t gen = pf->generation;
    uint32_t *mark = pf->mark;
    int32_t *dist = pf->dist, *queue = pf->queue;
    uint8_t *from_dir = pf->from_dir;
    int64_t len = pf->queue_len;
    /* Level by level, so no distance needs storing: the level counter is
     * the distance of every square in it. */
    int32_t level = 0;
    for (int64_t head = 0, level_end = len; head < len; head++) {
        if (head == level_end) {
            level_end = len;
            level++;
        }
        if (max_steps >= 0 && level >= max_steps)
            break;
        int64_t i = queue[head];
        unsigned bits = mask[i] & 15u;
        for (int d = 0; bits; d++, bits >>= 1) {
            int64_t j = i + offset[d];
            if (!(bits & 1u) || mark[j] == gen)
                continue;
            mark[j] = gen;
            from_dir[j] = (uint8_t)d;
            queue[len++] = (int32_t)j;
            if (j == goal && !(mask[j] & PATH_MASK_NO_STOP)) {
                dist[j] = level + 1;
                pf->queue_len = len;
                return j;
            }
        }
    }
    pf->queue_len = len;
    return -1;
}

int path_find_mask(PathFinder *pf, BoardPos start, BoardPos goal, int max_steps,
                   const uint8_t *mask, BoardPos *out, int cap)
{
    assert(pf->grid.topology == GRID_SQUARE4);
    if (!grid_contains(&pf->grid, start) || !grid_contains(&pf->grid, goal))
        return -1;
    if (grid_pos_equal(start, goal))
        return 0;
    int64_t g = search_mask(pf, start, max_steps, mask, grid_index(&pf->grid, goal));
    int len = g < 0 ? -1 : trace(pf, g, out, cap);
    /* Only the goal's distance was kept: path_distance has no answers. */
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
