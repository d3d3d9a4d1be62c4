#include "genplace.h"

#include "../core/alloc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Random tries before a placement gives up. */
#define PLACE_TRIES 24

bool genplace_free(const GenMap *m, int64_t i)
{
    return m->occ[i] == 0 && genmap_walkable(m, i);
}

void genplace_keep_doorways(GenMap *m)
{
    for (size_t k = 0; k < m->door_list.count; k++) {
        const GenDoor *d = genlist_at(&m->door_list, k);
        m->occ[genmap_index(m, d->pos)] |= GEN_OCC_KEEP;
        m->occ[genmap_index(m, gen_step(d->pos, d->side))] |= GEN_OCC_KEEP;
    }
}

void genplace_new_id(GenCtx *c, const char *prefix, char *out, size_t size)
{
    snprintf(out, size, "%s_%d", prefix, ++c->next_id);
}

/* Whether every square of region r that holds no furniture can reach
 * every other without crossing furniture. */
static bool region_connected(const GenMap *m, int r)
{
    const GenRegion *g = &m->regions[r];
    int w = g->max.x - g->min.x + 1, h = g->max.y - g->min.y + 1;
    int64_t open = 0, start = -1;
    for (int y = g->min.y; y <= g->max.y; y++)
        for (int x = g->min.x; x <= g->max.x; x++) {
            int64_t i = genmap_index(m, (BoardPos){x, y});
            if (m->region[i] == r && !(m->occ[i] & GEN_OCC_FURNITURE)) {
                open++;
                if (start < 0)
                    start = i;
            }
        }
    if (open == 0)
        return false;
    uint8_t *seen = xcalloc((size_t)w * (size_t)h, 1);
    int64_t *queue = xmalloc((size_t)open, sizeof *queue);
    int64_t head = 0, tail = 0;
    BoardPos s = genmap_pos(m, start);
    seen[(s.y - g->min.y) * w + (s.x - g->min.x)] = 1;
    queue[tail++] = start;
    while (head < tail) {
        BoardPos p = genmap_pos(m, queue[head++]);
        for (int d = 0; d < 4; d++) {
            BoardPos q = gen_step(p, (GridDir)d);
            if (q.x < g->min.x || q.y < g->min.y || q.x > g->max.x || q.y > g->max.y)
                continue;
            int64_t j = genmap_index(m, q);
            uint8_t *mark = &seen[(q.y - g->min.y) * w + (q.x - g->min.x)];
            if (*mark || m->region[j] != r || (m->occ[j] & GEN_OCC_FURNITURE))
                continue;
            *mark = 1;
            queue[tail++] = j;
        }
    }
    free(seen);
    free(queue);
    return tail == open;
}

/* The footprint of a piece whose back is against side `side` of the box:
 * rotation and top-left square, or false when it cannot lie there. */
static bool against_side(GenCtx *c, const GenRegion *g, const PieceType *t, int side, int *rot,
                         BoardPos *at, int *fw, int *fh)
{
    *rot = side * 90;
    *fw = side % 2 ? t->height : t->width;
    *fh = side % 2 ? t->width : t->height;
    int bw = g->max.x - g->min.x + 1, bh = g->max.y - g->min.y + 1;
    if (*fw > bw || *fh > bh)
        return false;
    int x = g->min.x + gen_range(&c->rng, 0, bw - *fw), y = g->min.y + gen_range(&c->rng, 0, bh - *fh);
    if (side == 0)
        y = g->min.y;
    else if (side == 1)
        x = g->max.x - *fw + 1;
    else if (side == 2)
        y = g->max.y - *fh + 1;
    else
        x = g->min.x;
    *at = (BoardPos){x, y};
    return true;
}

static bool footprint_free(const GenMap *m, int r, BoardPos at, int fw, int fh)
{
    for (int y = at.y; y < at.y + fh; y++)
        for (int x = at.x; x < at.x + fw; x++) {
            BoardPos p = {x, y};
            if (!genmap_contains(m, p))
                return false;
            int64_t i = genmap_index(m, p);
            if (m->region[i] != r || m->occ[i] != 0)
                return false;
        }
    return true;
}

static void mark_footprint(GenMap *m, BoardPos at, int fw, int fh, bool on)
{
    for (int y = at.y; y < at.y + fh; y++)
        for (int x = at.x; x < at.x + fw; x++) {
            int64_t i = genmap_index(m, (BoardPos){x, y});
            m->occ[i] = on ? (uint8_t)(m->occ[i] | GEN_OCC_FURNITURE)
                           : (uint8_t)(m->occ[i] & ~GEN_OCC_FURNITURE);
        }
}

int genplace_furniture(GenCtx *c, int r, const PieceType *t, const char *id)
{
    GenMap *m = c->map;
    if (m->furniture.count >= GEN_MAX_FURNITURE)
        return -1;
    const GenRegion *g = &m->regions[r];
    bool blocks = (t->flags & PIECE_BLOCKS_MOVE) != 0;
    for (int k = 0; k < PLACE_TRIES; k++) {
        int rot, fw, fh;
        BoardPos at;
        if (!against_side(c, g, t, gen_range(&c->rng, 0, 3), &rot, &at, &fw, &fh) ||
            !footprint_free(m, r, at, fw, fh))
            continue;
        mark_footprint(m, at, fw, fh, true);
        if (blocks && !region_connected(m, r)) {
            mark_footprint(m, at, fw, fh, false);
            continue;
        }
        MissionFurniture f = {0};
        snprintf(f.id, sizeof f.id, "%s", id ? id : "");
        snprintf(f.type, sizeof f.type, "%s", t->id);
        f.pos = at;
        f.rotation = rot;
        f.width = fw;
        f.height = fh;
        genlist_push(&m->furniture, &f);
        return (int)m->furniture.count - 1;
    }
    return -1;
}

void genplace_stairway_at(GenCtx *c, BoardPos at)
{
    GenMap *m = c->map;
    MissionFurniture f = {0};
    snprintf(f.type, sizeof f.type, "stairway");
    f.pos = at;
    f.width = f.height = 2;
    genlist_push(&m->furniture, &f);
    for (int y = at.y; y < at.y + 2; y++)
        for (int x = at.x; x < at.x + 2; x++)
            m->occ[genmap_index(m, (BoardPos){x, y})] |= GEN_OCC_EXIT;
}

bool genplace_stairway(GenCtx *c, int r, BoardPos *at)
{
    GenMap *m = c->map;
    const GenRegion *g = &m->regions[r];
    int first = gen_range(&c->rng, 0, 3);
    for (int k = 0; k < 4; k++) {
        int corner = (first + k) % 4;
        BoardPos p = {corner & 1 ? g->max.x - 1 : g->min.x, corner & 2 ? g->max.y - 1 : g->min.y};
        if (!footprint_free(m, r, p, 2, 2))
            continue;
        genplace_stairway_at(c, p);
        *at = p;
        return true;
    }
    /* a cave has no corners: any 2x2 of it, from a random start */
    int bw = g->max.x - g->min.x + 1, bh = g->max.y - g->min.y + 1;
    int64_t n = (int64_t)bw * bh, start = (int64_t)rng_below(&c->rng, (uint32_t)n);
    for (int64_t k = 0; k < n; k++) {
        int64_t cell = (start + k) % n;
        BoardPos p = {g->min.x + (int)(cell % bw), g->min.y + (int)(cell / bw)};
        if (footprint_free(m, r, p, 2, 2)) {
            genplace_stairway_at(c, p);
            *at = p;
            return true;
        }
    }
    return false;
}

bool genplace_start(GenCtx *c, int r, const BoardPos *landing)
{
    GenMap *m = c->map;
    BoardPos at, squares[4];
    m->entry_region = landing ? 0 : r;
    if (c->goal == GEN_GOAL_ESCAPE) {
        /* no stairway here: the way out is the goal room's */
        for (int k = 0; k < c->opt.heroes; k++) {
            if (!genplace_square(c, r, 0, &squares[k]))
                return false;
            m->occ[genmap_index(m, squares[k])] |= GEN_OCC_FIGURE;
        }
        for (int k = 0; k < c->opt.heroes; k++)
            m->occ[genmap_index(m, squares[k])] &= (uint8_t)~GEN_OCC_FIGURE;
    } else {
        if (landing)
            genplace_stairway_at(c, at = *landing);
        else if (!genplace_stairway(c, r, &at))
            return false;
        for (int d = 0; d < 4; d++)
            squares[d] = (BoardPos){at.x + (d & 1), at.y + (d >> 1)};
    }
    genplace_heroes(c, squares, c->opt.heroes);
    m->entry = squares[0];
    return true;
}

static bool square_ok(const GenMap *m, int r, int64_t i)
{
    return m->region[i] == r && genplace_free(m, i);
}

bool genplace_square(GenCtx *c, int r, int min_dist, BoardPos *out)
{
    GenMap *m = c->map;
    const GenRegion *g = &m->regions[r];
    int bw = g->max.x - g->min.x + 1, bh = g->max.y - g->min.y + 1;
    for (int k = 0; k < PLACE_TRIES; k++) {
        BoardPos p = {g->min.x + gen_range(&c->rng, 0, bw - 1), g->min.y + gen_range(&c->rng, 0, bh - 1)};
        int64_t i = genmap_index(m, p);
        if (square_ok(m, r, i) && m->dist[i] >= min_dist) {
            *out = p;
            return true;
        }
    }
    /* a crowded room: the first free square from a random start */
    int64_t n = (int64_t)bw * bh, start = (int64_t)rng_below(&c->rng, (uint32_t)n);
    for (int64_t k = 0; k < n; k++) {
        int64_t cell = (start + k) % n;
        BoardPos p = {g->min.x + (int)(cell % bw), g->min.y + (int)(cell / bw)};
        int64_t i = genmap_index(m, p);
        if (square_ok(m, r, i) && m->dist[i] >= min_dist) {
            *out = p;
            return true;
        }
    }
    return false;
}

void genplace_heroes(GenCtx *c, const BoardPos *at, int n)
{
    GenMap *m = c->map;
    int placed = 0;
    for (size_t i = 0; i < catalogue_count(c->cat) && placed < n && placed < c->opt.heroes; i++) {
        const PieceType *t = catalogue_at(c->cat, i);
        if (t->kind != PIECE_HERO)
            continue;
        MissionHero h = {0};
        snprintf(h.type, sizeof h.type, "%s", t->id);
        h.pos = at[placed];
        genlist_push(&m->heroes, &h);
        m->occ[genmap_index(m, at[placed])] |= GEN_OCC_FIGURE;
        placed++;
    }
}
