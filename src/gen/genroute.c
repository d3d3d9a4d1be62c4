#include "genroute.h"

#include "../core/alloc.h"
#include "genmap.h"

#include <stdint.h>
#include <stdlib.h>

/* The queue's order is (f, h, seq): seq makes every key distinct, so
 * any exact priority queue pops the same squares in the same order. It
 * is a bucket queue: one bucket per f (costs are integers, f >= 0), each
 * a binary heap on h and seq packed in one word; the buckets' heaps stay
 * small where one heap over everything queued was most of a search's
 * time. f may fall below the last popped (the estimate can exceed a
 * step's cost), so a push below the lowest bucket moves it back. */
typedef struct QueueItem {
    uint64_t hs; /* h << 32 | seq */
    int32_t cell;
} QueueItem;

typedef struct Bucket {
    QueueItem *items;
    uint32_t count, cap;
} Bucket;

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
    Bucket *buckets; /* [f], kept between queries */
    size_t bucket_cap;
    size_t queued;     /* items in all buckets */
    size_t low, high;  /* no item below low; none above high */
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
    for (size_t f = 0; f < rt->bucket_cap; f++)
        free(rt->buckets[f].items);
    free(rt->buckets);
    free(rt->path);
    free(rt);
}

static void queue_push(GenRoute *rt, uint32_t f, uint32_t h, int32_t cell)
{
    if (f >= rt->bucket_cap) {
        size_t cap = rt->bucket_cap ? rt->bucket_cap : 256;
        while (cap <= f)
            cap *= 2;
        rt->buckets = xrealloc(rt->buckets, cap, sizeof *rt->buckets);
        for (size_t k = rt->bucket_cap; k < cap; k++)
            rt->buckets[k] = (Bucket){NULL, 0, 0};
        rt->bucket_cap = cap;
    }
    Bucket *b = &rt->buckets[f];
    if (b->count == b->cap) {
        b->cap = b->cap ? b->cap * 2 : 16;
        b->items = xrealloc(b->items, b->cap, sizeof *b->items);
    }
    QueueItem it = {(uint64_t)h << 32 | rt->seq++, cell};
    uint32_t i = b->count++;
    while (i > 0) {
        uint32_t up = (i - 1) / 2;
        if (b->items[up].hs <= it.hs)
            break;
        b->items[i] = b->items[up];
        i = up;
    }
    b->items[i] = it;
    if (rt->queued++ == 0 || f < rt->low)
        rt->low = f;
    if (f > rt->high)
        rt->high = f;
}

/* Takes the least item: its f, h and cell. The queue is not empty. */
static int32_t queue_pop(GenRoute *rt, int32_t *f, int32_t *h)
{
    while (rt->buckets[rt->low].count == 0)
        rt->low++;
    Bucket *b = &rt->buckets[rt->low];
    QueueItem *q = b->items;
    QueueItem top = q[0], last = q[--b->count];
    uint32_t i = 0, n = b->count;
    for (;;) {
        uint32_t c = 2 * i + 1;
        if (c >= n)
            break;
        if (c + 1 < n && q[c + 1].hs < q[c].hs)
            c++;
        if (last.hs <= q[c].hs)
            break;
        q[i] = q[c];
        i = c;
    }
    if (n)
        q[i] = last;
    rt->queued--;
    *f = (int32_t)rt->low;
    *h = (int32_t)(top.hs >> 32);
    return top.cell;
}

/* Empties the buckets a query left items in. */
static void queue_clear(GenRoute *rt)
{
    for (size_t f = rt->low; rt->queued && f <= rt->high && f < rt->bucket_cap; f++)
        rt->buckets[f].count = 0;
    rt->queued = 0;
    rt->low = rt->high = 0;
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
    queue_push(rt, (uint32_t)(g + h), (uint32_t)h, cell);
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
    queue_clear(rt);
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
    while (rt->queued > 0) {
        int32_t f, h;
        int32_t cell = queue_pop(rt, &f, &h);
        Cell *ic = &rt->cells[cell];
        if (ic->closed || f - h != ic->g)
            continue;
        ic->closed = 1;
        int32_t wy = cell / ww, wx = cell - wy * ww;
        BoardPos p = {q->min.x + wx, q->min.y + wy};
        if (q->goal(q->ctx, p))
            return trace(rt, q, ww, cell, path);
        const bool inside[4] = {wy > 0, wx + 1 < ww, wy + 1 < wh, wx > 0};
        int32_t g0 = ic->g;
        for (int d = 0; d < 4; d++) {
            if (!inside[d])
                continue;
            int32_t nc = cell + step[d];
            Cell *c = touch(rt, nc);
            if (c->closed)
                continue;
            BoardPos n = gen_step(p, (GridDir)d);
            int cost = q->cost(q->ctx, n);
            if (cost < 0)
                continue;
            int32_t g = g0 + cost;
            if (c->g < 0 || g < c->g)
                push_cell(rt, q, n, c, nc, g, cell);
        }
    }
    return -1;
}
