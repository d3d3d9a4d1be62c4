#include "genroute.h"

#include "../core/alloc.h"
#include "genmap.h"

#include <stdint.h>
#include <stdlib.h>

typedef struct HeapItem {
    int32_t f, h;
    uint32_t seq;
    int32_t cell;
} HeapItem;

struct GenRoute {
    /* per window cell; valid only where stamp holds this query's number,
     * so a query never clears what it does not visit */
    uint32_t *stamp;
    int32_t *g;      /* cost so far */
    int32_t *parent; /* window cell reached from, -1 for a start */
    uint8_t *closed;
    size_t cells_cap;
    uint32_t query;
    HeapItem *heap;
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
    free(rt->stamp);
    free(rt->g);
    free(rt->parent);
    free(rt->closed);
    free(rt->heap);
    free(rt->path);
    free(rt);
}

static bool heap_less(const HeapItem *a, const HeapItem *b)
{
    if (a->f != b->f)
        return a->f < b->f;
    if (a->h != b->h)
        return a->h < b->h;
    return a->seq < b->seq;
}

static void heap_push(GenRoute *rt, HeapItem it)
{
    if (rt->heap_count == rt->heap_cap) {
        rt->heap_cap = rt->heap_cap ? rt->heap_cap * 2 : 256;
        rt->heap = xrealloc(rt->heap, rt->heap_cap, sizeof *rt->heap);
    }
    size_t i = rt->heap_count++;
    while (i > 0) {
        size_t up = (i - 1) / 2;
        if (!heap_less(&it, &rt->heap[up]))
            break;
        rt->heap[i] = rt->heap[up];
        i = up;
    }
    rt->heap[i] = it;
}

static HeapItem heap_pop(GenRoute *rt)
{
    HeapItem top = rt->heap[0], last = rt->heap[--rt->heap_count];
    size_t i = 0, n = rt->heap_count;
    for (;;) {
        size_t c = 2 * i + 1;
        if (c >= n)
            break;
        if (c + 1 < n && heap_less(&rt->heap[c + 1], &rt->heap[c]))
            c++;
        if (!heap_less(&rt->heap[c], &last))
            break;
        rt->heap[i] = rt->heap[c];
        i = c;
    }
    if (n)
        rt->heap[i] = last;
    return top;
}

static void reserve_cells(GenRoute *rt, size_t cells)
{
    if (cells <= rt->cells_cap && rt->query != UINT32_MAX)
        return;
    free(rt->stamp);
    free(rt->g);
    free(rt->parent);
    free(rt->closed);
    rt->stamp = xcalloc(cells, sizeof *rt->stamp);
    rt->g = xmalloc(cells, sizeof *rt->g);
    rt->parent = xmalloc(cells, sizeof *rt->parent);
    rt->closed = xmalloc(cells, 1);
    rt->cells_cap = cells;
    rt->query = 0;
}

/* Makes the cell valid for this query: not reached, not closed. */
static void touch(GenRoute *rt, int32_t cell)
{
    if (rt->stamp[cell] != rt->query) {
        rt->stamp[cell] = rt->query;
        rt->g[cell] = -1;
        rt->closed[cell] = 0;
    }
}

static int axis_gap(int v, int lo, int hi)
{
    return v < lo ? lo - v : v > hi ? v - hi : 0;
}

static int32_t estimate(const GenRouteQuery *q, BoardPos p)
{
    return (int32_t)(axis_gap(p.x, q->goal_min.x, q->goal_max.x) +
                     axis_gap(p.y, q->goal_min.y, q->goal_max.y)) *
           q->estimate_step;
}

/* Reaches cell, the window's cell of p, at cost g from cell `from`. */
static void push_cell(GenRoute *rt, const GenRouteQuery *q, BoardPos p, int32_t cell, int32_t g,
                      int32_t from)
{
    rt->g[cell] = g;
    rt->parent[cell] = from;
    int32_t h = estimate(q, p);
    heap_push(rt, (HeapItem){g + h, h, rt->seq++, cell});
}

static int trace(GenRoute *rt, const GenRouteQuery *q, int ww, int32_t cell, const BoardPos **path)
{
    int n = 0;
    for (int32_t c = cell; c >= 0; c = rt->parent[c])
        n++;
    if ((size_t)n > rt->path_cap) {
        rt->path_cap = (size_t)n * 2;
        rt->path = xrealloc(rt->path, rt->path_cap, sizeof *rt->path);
    }
    int k = n;
    for (int32_t c = cell; c >= 0; c = rt->parent[c])
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
        touch(rt, cell);
        if (c >= 0 && (rt->g[cell] < 0 || c < rt->g[cell]))
            push_cell(rt, q, p, cell, c, -1);
    }
    while (rt->heap_count > 0) {
        HeapItem it = heap_pop(rt);
        if (rt->closed[it.cell] || it.f - it.h != rt->g[it.cell])
            continue;
        rt->closed[it.cell] = 1;
        BoardPos p = {q->min.x + it.cell % ww, q->min.y + it.cell / ww};
        if (q->goal(q->ctx, p))
            return trace(rt, q, ww, it.cell, path);
        for (int d = 0; d < 4; d++) {
            BoardPos n = gen_step(p, (GridDir)d);
            if (n.x < q->min.x || n.y < q->min.y || n.x > q->max.x || n.y > q->max.y)
                continue;
            int32_t nc = (n.y - q->min.y) * ww + (n.x - q->min.x);
            touch(rt, nc);
            if (rt->closed[nc])
                continue;
            int c = q->cost(q->ctx, n);
            if (c < 0)
                continue;
            int32_t g = rt->g[it.cell] + c;
            if (rt->g[nc] < 0 || g < rt->g[nc])
                push_cell(rt, q, n, nc, g, it.cell);
        }
    }
    return -1;
}
