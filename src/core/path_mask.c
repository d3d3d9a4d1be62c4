/* Path search with the step rule as a per-square mask: the one-sided
 * breadth-first search the game runs (reachable sets, paths, nearest
 * goals) and the two-sided path_find_mask. */
#include "path.h"

#include "alloc.h"
#include "path_internal.h"

#include <assert.h>
#include <stdlib.h>

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
            mark[j] = path_mark_of(s->gen, d);
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
    path_next_generation(pf);
    if (pf->generation == MARK_MAX_GENERATION)
        path_next_generation(pf); /* wraps: both generations must fit */
    uint16_t gf = pf->generation++;
    uint16_t gb = pf->generation;
    const int64_t w = pf->grid.width, offset[4] = {-w, 1, w, -1};
    pf->mark[start] = path_mark_of(gf, 0);
    pf->mark[goal] = path_mark_of(gb, 0);
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
    if (path_begin(pf, start) < 0)
        return -1;
    const GridDir *dirs = DIRS6; /* hexes only: squares go by the bits */
    const int ndirs = 6;
    const Offsets o = pf->offsets;
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
        const int64_t *off = o.off[topo == GRID_HEX ? path_row_parity(&pf->grid, i) : 0];
        /* On squares grid_dirs order is GridDir order: only the allowed
         * steps are visited, lowest bit first. */
        for (int k = 0; topo == GRID_HEX ? k < ndirs : bits != 0; k++) {
            int d;
            if (topo == GRID_HEX) {
                d = dirs[k];
                if (!(bits & (1u << d)))
                    continue;
            } else {
                d = __builtin_ctz(bits);
                bits &= bits - 1;
            }
            int64_t j = i + off[d];
            if (mark[j] >> MARK_DIR_BITS == gen)
                continue;
            mark[j] = path_mark_of(gen, d);
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
    *goal_dist = level; /* no goal: the level the search ended at */
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

size_t path_flood_mask(PathFinder *pf, BoardPos start, int max_steps, const PathMask *mask,
                       int *levels)
{
    int level = 0;
    search_mask1(pf, start, max_steps, mask, -1, NULL, NULL, false, &level);
    pf->start = -1; /* no distances were written */
    if (levels)
        *levels = level;
    return (size_t)pf->queue_len;
}

/* --- The breadth-first search's path without the breadth-first search ---
 *
 * The one-sided search reaches the squares of each level in the order of
 * the steps that lead to them from the start, read as strings of
 * directions in grid_dirs order: a square's parent is the first square of
 * the level before with a step onto it, and so on back to the start. Its
 * path to the goal is therefore the least such string, in that order,
 * among all shortest paths. Knowing every square's exact number of steps
 * to the goal where it matters, that path is walked from the start by
 * taking, at each square, the first direction whose square is one step
 * nearer the goal. Those numbers come from A* run backwards from the goal
 * toward the start (steps against the mask, a consistent bound: the grid's
 * distance to the start), which settles every square whose steps to the
 * goal plus that bound do not exceed the path's length: every square on
 * a shortest path, and far fewer squares than a breadth-first search out
 * to the goal's distance. */

/* x and y of a step in each direction (GridDir order), on squares. */
static const int LEX_DX[GRID_DIR_COUNT] = {0, 1, 0, -1, 1, 1, -1, -1};
static const int LEX_DY[GRID_DIR_COUNT] = {-1, 0, 1, 0, -1, 1, 1, -1};

/* Steps from (x, y) to the start at least: Manhattan on squares,
 * Chebyshev on square8, hex distance on hexes (sq, sr: the start's cube
 * q and r). */
static inline int64_t lex_bound(const Grid *g, const GridTopology topo, int x, int y, BoardPos s,
                                int sq, int sr)
{
    if (topo == GRID_HEX) {
        int q, r, z;
        grid_hex_cube(g, (BoardPos){x, y}, &q, &r, &z);
        int dq = q - sq, dr = r - sr, dz = -dq - dr;
        return (abs(dq) + abs(dr) + abs(dz)) / 2;
    }
    int dx = abs(x - s.x), dy = abs(y - s.y);
    if (topo == GRID_SQUARE8)
        return dx > dy ? dx : dy;
    return dx + dy;
}

/* The backward A*: from goal g toward start s, every square settled whose
 * key (steps to g plus the bound) is at most the start's, which is the
 * path's length; returns it, or -1 when there is no path of at most
 * max_steps (negative: no limit) steps. The key grows by 0, 1 or 2 a step,
 * so three buckets make the ring. Marks and distances are pf's. */
static inline __attribute__((always_inline)) int64_t
lex_settle(PathFinder *pf, int64_t s, int64_t g, int max_steps, const PathMask *mask,
           const GridTopology topo)
{
    const Grid *grid = &pf->grid;
    const int w = grid->width;
    const int64_t area = grid_area(grid);
    const GridDir *dirs = topo == GRID_SQUARE4 ? DIRS4 : topo == GRID_SQUARE8 ? DIRS8 : DIRS6;
    const int ndirs = topo == GRID_SQUARE4 ? 4 : topo == GRID_SQUARE8 ? 8 : 6;
    const Offsets o = pf->offsets;
    BoardPos sp = grid_pos(grid, s);
    int sq = 0, sr = 0, sz;
    if (topo == GRID_HEX)
        grid_hex_cube(grid, sp, &sq, &sr, &sz);
    path_next_generation(pf);
    const uint16_t gen = pf->generation;
    uint16_t *mark = pf->mark;
    int32_t *dist = pf->dist;
    path_buckets_reserve(pf, 3);
    Bucket *ring = pf->buckets;
    BoardPos gp = grid_pos(grid, g);
    int64_t first = lex_bound(grid, topo, gp.x, gp.y, sp, sq, sr);
    mark[g] = path_mark_of(gen, 0);
    dist[g] = 0;
    path_bucket_push(&ring[first % 3], (int32_t)g);
    int64_t pending = 1, length = -1;
    for (int64_t key = first; pending > 0; key++) {
        if ((length >= 0 && key > length) || (max_steps >= 0 && key > max_steps))
            break; /* no square here lies on a short enough path */
        Bucket *b = &ring[key % 3];
        while (b->head < b->len) {
            int64_t v = b->items[b->head++];
            pending--;
            int y = (int)(v / w), x = (int)(v - (int64_t)y * w);
            if (dist[v] + lex_bound(grid, topo, x, y, sp, sq, sr) != key)
                continue; /* reached again with fewer steps since */
            if (v == s)
                length = key; /* the rest of this key is settled too */
            const int64_t *off = o.off[topo == GRID_HEX ? path_row_parity(grid, v) : 0];
            int32_t nd = dist[v] + 1;
            for (int k = 0; k < ndirs; k++) {
                /* u steps in direction d onto v */
                const GridDir d = dirs[k];
                int64_t u = v + off[grid_dir_opposite(d)];
                BoardPos up;
                if (topo == GRID_HEX) {
                    up = grid_step(grid, (BoardPos){x, y}, grid_dir_opposite(d));
                    if (!grid_contains(grid, up))
                        continue;
                } else {
                    /* off the top or bottom by index; a step that wraps
                     * across a side lands on the other side's edge
                     * square, whose mask has no step off the board */
                    if (u < 0 || u >= area)
                        continue;
                    up = (BoardPos){x - LEX_DX[d], y - LEX_DY[d]};
                }
                if (!(mask[u] & (1u << d)))
                    continue;
                if (mark[u] >> MARK_DIR_BITS == gen && dist[u] <= nd)
                    continue;
                mark[u] = path_mark_of(gen, d);
                dist[u] = nd;
                int64_t ku = nd + lex_bound(grid, topo, up.x, up.y, sp, sq, sr);
                path_bucket_push(&ring[ku % 3], (int32_t)u);
                pending++;
            }
        }
        b->len = b->head = 0;
    }
    for (int k = 0; k < 3; k++)
        ring[k].len = ring[k].head = 0;
    return length;
}

/* Walks the least path of length steps from s (lex_settle done): at each
 * square the first allowed direction onto a square one step nearer the
 * goal. */
static void lex_walk(const PathFinder *pf, int64_t s, int64_t length, const PathMask *mask,
                     BoardPos *out, int cap)
{
    int n;
    const GridDir *dirs = grid_dirs(&pf->grid, &n);
    const uint16_t gen = pf->generation;
    int64_t u = s;
    for (int64_t k = 0; k < length; k++) {
        const int64_t *off = pf->offsets.off[path_row_parity(&pf->grid, u)];
        int64_t next = -1;
        for (int i = 0; i < n && next < 0; i++) {
            GridDir d = dirs[i];
            int64_t v = u + off[d];
            if ((mask[u] & (1u << d)) && pf->mark[v] >> MARK_DIR_BITS == gen &&
                pf->dist[v] == pf->dist[u] - 1)
                next = v;
        }
        assert(next >= 0);
        if (k < cap)
            out[k] = grid_pos(&pf->grid, next);
        u = next;
    }
}

int path_find_mask_bfs(PathFinder *pf, BoardPos start, BoardPos goal, int max_steps,
                       const PathMask *mask, BoardPos *out, int cap)
{
    /* No distances are left: path_distance must not read these. */
    pf->start = -1;
    pf->queue_len = 0;
    if (!grid_contains(&pf->grid, start) || !grid_contains(&pf->grid, goal))
        return -1;
    if (grid_pos_equal(start, goal))
        return 0;
    int64_t s = grid_index(&pf->grid, start), g = grid_index(&pf->grid, goal);
    if (mask[g] & PATH_MASK_NO_STOP)
        return -1; /* the search never stops there */
    int64_t length;
    switch (pf->grid.topology) {
    case GRID_SQUARE8:
        length = lex_settle(pf, s, g, max_steps, mask, GRID_SQUARE8);
        break;
    case GRID_HEX:
        length = lex_settle(pf, s, g, max_steps, mask, GRID_HEX);
        break;
    default:
        length = lex_settle(pf, s, g, max_steps, mask, GRID_SQUARE4);
        break;
    }
    if (length < 0)
        return -1;
    lex_walk(pf, s, length, mask, out, cap);
    return (int)length;
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
    path_trace_len(pf, g, len, out, cap);
    pf->start = -1;
    return len;
}
