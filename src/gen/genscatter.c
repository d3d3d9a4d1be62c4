#include "genscatter.h"

#include "../core/alloc.h"

#include <stdlib.h>

/* Candidates tried around a point before it stops being active. */
#define SCATTER_TRIES 24

typedef struct Scatter {
    int w, h, r, cell, gw, gh;
    int32_t *grid; /* point index per cell, -1 empty */
    GenList *out;
} Scatter;

static int32_t *cell_at(Scatter *s, BoardPos p)
{
    return &s->grid[(int64_t)(p.y / s->cell) * s->gw + p.x / s->cell];
}

static bool far_enough(Scatter *s, BoardPos p)
{
    int cx = p.x / s->cell, cy = p.y / s->cell;
    int reach = s->r / s->cell + 1;
    for (int y = cy - reach; y <= cy + reach; y++) {
        if (y < 0 || y >= s->gh)
            continue;
        for (int x = cx - reach; x <= cx + reach; x++) {
            if (x < 0 || x >= s->gw)
                continue;
            int32_t k = s->grid[(int64_t)y * s->gw + x];
            if (k < 0)
                continue;
            const BoardPos *q = genlist_at(s->out, (size_t)k);
            int64_t dx = q->x - p.x, dy = q->y - p.y;
            if (dx * dx + dy * dy < (int64_t)s->r * s->r)
                return false;
        }
    }
    return true;
}

static void add_point(Scatter *s, BoardPos p)
{
    *cell_at(s, p) = (int32_t)s->out->count;
    genlist_push(s->out, &p);
}

/* A random square at distance [r, 2r) from p, or p itself when the draw
 * fell outside the ring or the area. */
static BoardPos ring_candidate(Scatter *s, BoardPos p, Rng *rng)
{
    int r = s->r;
    int dx = gen_range(rng, -2 * r + 1, 2 * r - 1), dy = gen_range(rng, -2 * r + 1, 2 * r - 1);
    int64_t d2 = (int64_t)dx * dx + (int64_t)dy * dy;
    BoardPos q = {p.x + dx, p.y + dy};
    if (d2 < (int64_t)r * r || d2 >= 4 * (int64_t)r * r || q.x < 0 || q.y < 0 || q.x >= s->w ||
        q.y >= s->h)
        return p;
    return q;
}

void genscatter_poisson(int w, int h, int r, Rng *rng, GenList *out)
{
    Scatter s = {w, h, r < 1 ? 1 : r, 0, 0, 0, NULL, out};
    /* a cell's diagonal is below r, so a cell holds at most one point */
    s.cell = s.r * 7 / 10 > 0 ? s.r * 7 / 10 : 1;
    s.gw = (w + s.cell - 1) / s.cell;
    s.gh = (h + s.cell - 1) / s.cell;
    s.grid = xmalloc((size_t)s.gw * (size_t)s.gh, sizeof *s.grid);
    for (int64_t i = 0; i < (int64_t)s.gw * s.gh; i++)
        s.grid[i] = -1;
    size_t first = out->count;
    add_point(&s, (BoardPos){gen_range(rng, 0, w - 1), gen_range(rng, 0, h - 1)});
    /* the active list: indices of points still trying neighbours */
    size_t *active = xmalloc((size_t)s.gw * (size_t)s.gh + 1, sizeof *active);
    size_t n_active = 0;
    active[n_active++] = first;
    while (n_active > 0) {
        size_t pick = rng_below(rng, (uint32_t)n_active);
        BoardPos p = *(const BoardPos *)genlist_at(out, active[pick]);
        bool placed = false;
        for (int t = 0; t < SCATTER_TRIES && !placed; t++) {
            BoardPos q = ring_candidate(&s, p, rng);
            if ((q.x != p.x || q.y != p.y) && far_enough(&s, q)) {
                add_point(&s, q);
                active[n_active++] = out->count - 1;
                placed = true;
            }
        }
        if (!placed)
            active[pick] = active[--n_active];
    }
    free(active);
    free(s.grid);
}
