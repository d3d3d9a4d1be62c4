#include "genroute.h"

#include "../core/alloc.h"
#include "genmap.h"

#include <stdint.h>
#include <stdlib.h>

/* A queued square: the heap's order is (f, h, seq), f and h packed in
 * one word (both >= 0, so the word's order is theirs) so that a
 * comparison is two integer compares. seq makes every key distinct: any
 * exact priority queue pops the same squares in the same order. */
typedef struct HeapItem {
    uint64_t fh; /* f << 32 | h */
    uint32_t seq;
    int32_t cell;
} HeapItem;

/* A window cell's state in one record, so a step reads one cache line
 * where four arrays cost four misses on a big window. Valid only where
 * stamp holds this query's number, so a query never clears what it does
 * not visit. */
typedef struct Cell {
    uint32_t stamp;
    int32_t g;      /* cost so far, -1 not reached */
    int32_t parent; /* window cell reached from, -1 for a start */
    uint32_t closed;
} Cell;

struct GenRoute {
    Cell *cells;
    size_t cells_cap;
    uint32_t query;
    HeapItem *heap; /* a 4-ary heap: half the levels of a binary one */
    size_t heap_count, heap_cap;
    BoardPos *path;
    size_t path_cap;
    uint32_t seq;
};

GenRoute *genroute_create(void)
{
    return xcalloc(1, sizeof(GenRoute));
}

void genroute_destroy(GenRoute *rt)
{
    if (!rt)
        return;
    free(rt->cells);
    free(rt->heap);
    free(rt->path);
    free(rt);
}

static inline bool heap_less(const HeapItem *a, const HeapItem *b)
{
    return a->fh < b->fh || (a->fh == b->fh && a->seq < b->seq);
}

static void heap_push(GenRoute *rt, HeapItem it)
{
    if (rt->heap_count == rt->heap_cap) {
        rt->heap_cap = rt->heap_cap ? rt->heap_cap * 2 : 256;
        rt->heap = xrealloc(rt->heap, rt->heap_cap, sizeof *rt->heap);
    }
    size_t i = rt->heap_count++;
    while (i > 0) {
        size_t up = (i - 1) / 4;
        if (!heap_less(&it, &rt->heap[up]))
            break;
        rt->heap[i] = rt->heap[up];
        i = up;
    }
    rt->heap[i] = it;
}

static HeapItem heap_pop(GenRoute *rt)
{
    HeapItem *h = rt->heap;
    HeapItem top = h[0], last = h[--rt->heap_count];
    size_t i = 0, n = rt->heap_count;
    for (;;) {
        size_t c = 4 * i + 1;
        if (c >= n)
            break;
        size_t end = c + 4 < n ? c + 4 : n, best = c;
        for (size_t k = c + 1; k < end; k++)
            if (heap_less(&h[k], &h[best]))
                best = k;
        if (!heap_less(&h[best], &last))
            break;
        h[i] = h[best];
        i = best;
    }
    if (n)
        h[i] = last;
    return top;
}

static void reserve_cells(GenRoute *rt, size_t cells)
{
    if (cells <= rt->cells_cap && rt->query != UINT32_MAX)
        return;
    free(rt->cells);
    rt->cells = xcalloc(cells, sizeof *rt->cells);
    rt->cells_cap = cells;
    rt->query = 0;
}

/* Makes the cell valid for this query: not reached, not closed. */
static inline Cell *touch(GenRoute *rt, int32_t cell)
{
    Cell *c = &rt->cells[cell];
    if (c->stamp != rt->query)
        *c = (Cell){rt->query, -1, -1, 0};
    return c;
}

static inline int axis_gap(int v, int lo, int hi)
{
    return v < lo ? lo - v : v > hi ? v - hi : 0;
}

static inline int32_t estimate(const GenRouteQuery *q, BoardPos p)
{
    return (int32_t)(axis_gap(p.x, q->goal_min.x, q->goal_max.x) +
                     axis_gap(p.y, q->goal_min.y, q->goal_max.y)) *
           q->estimate_step;
}

/* Reaches cell, the window's cell of p, at cost g from cell `from`. */
static inline void push_cell(GenRoute *rt, const GenRouteQuery *q, BoardPos p, Cell *c,
                             int32_t cell, int32_t g, int32_t from)
{
    c->g = g;
    c->parent = from;
    int32_t h = estimate(q, p);
    heap_push(rt, (HeapItem){(uint64_t)(uint32_t)(g + h) << 32 | (uint32_t)h, rt->seq++, cell});
}

static int trace(GenRoute *rt, const GenRouteQuery *q, int ww, int32_t cell, const BoardPos **path)
{
    int n = 0;
    for (int32_t c = cell; c >= 0; c = rt->cells[c].parent)
        n++;
    if ((size_t)n > rt->path_cap) {
        rt->path_cap = (size_t)n * 2;
        rt->path = xrealloc(rt->path, rt->path_cap, sizeof *rt->path);
    }
    int k = n;
    for (int32_t c = cell; c >= 0; c = rt->cells[c].parent)
        rt->path[--k] = (BoardPos){q->min.x + c % ww, q->min.y + c / ww};
    *path = rt->path;
    return n;
}

int genroute_find(GenRoute *rt, const GenRouteQuery *q, const BoardPos *starts, int n_starts,
                  const BoardPos **path)
{
    int ww = q->max.x - q->min.x + 1, wh = q->max.y - q->min.y + 1;
    if (ww <= 0 || wh <= 0)
        return -1;
    reserve_cells(rt, (size_t)ww * (size_t)wh);
    rt->query++;
    rt->heap_count = 0;
    rt->seq = 0;
    for (int s = 0; s < n_starts; s++) {
        BoardPos p = starts[s];
        if (p.x < q->min.x || p.y < q->min.y || p.x > q->max.x || p.y > q->max.y)
            continue;
        int c = q->cost(q->ctx, p);
        int32_t cell = (p.y - q->min.y) * ww + (p.x - q->min.x);
        Cell *sc = touch(rt, cell);
        if (c >= 0 && (sc->g < 0 || c < sc->g))
            push_cell(rt, q, p, sc, cell, c, -1);
    }
    /* the window's cell of a step in GridDir order (north, east, south,
     * west) */
    const int32_t step[4] = {-ww, 1, ww, -1};
    while (rt->heap_count > 0) {
        HeapItem it = heap_pop(rt);
        Cell *ic = &rt->cells[it.cell];
        int32_t f = (int32_t)(it.fh >> 32), h = (int32_t)(uint32_t)it.fh;
        if (ic->closed || f - h != ic->g)
            continue;
        ic->closed = 1;
        int32_t wy = it.cell / ww, wx = it.cell - wy * ww;
        BoardPos p = {q->min.x + wx, q->min.y + wy};
        if (q->goal(q->ctx, p))
            return trace(rt, q, ww, it.cell, path);
        const bool inside[4] = {wy > 0, wx + 1 < ww, wy + 1 < wh, wx > 0};
        int32_t g0 = ic->g;
        for (int d = 0; d < 4; d++) {
            if (!inside[d])
                continue;
            int32_t nc = it.cell + step[d];
            Cell *c = touch(rt, nc);
            if (c->closed)
                continue;
            BoardPos n = gen_step(p, (GridDir)d);
            int cost = q->cost(q->ctx, n);
            if (cost < 0)
                continue;
            int32_t g = g0 + cost;
            if (c->g < 0 || g < c->g)
                push_cell(rt, q, n, c, nc, g, it.cell);
        }
    }
    return -1;
}
