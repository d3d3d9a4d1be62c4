#include "genlink.h"

#include "../core/alloc.h"
#include "../core/unionfind.h"

#include <stdlib.h>
#include <string.h>

/* Nearest neighbours each box offers as candidate pairs. */
#define LINK_NEAREST 3

typedef struct LinkEdge {
    int a, b; /* a < b */
    int gap;  /* squares between their boxes */
} LinkEdge;

/* The boxes being joined: [1..count], dead ones skipped. */
typedef struct LinkSet {
    const GenLinkBox *box;
    int count;
    int width, height; /* the map's */
} LinkSet;

/* Buckets of boxes by their centre. */
typedef struct Buckets {
    int size, gw, gh;
    int *start; /* gw * gh + 1 offsets into ids */
    int *ids;
} Buckets;

typedef struct RouteCtx {
    GenMap *m;
    const GenLinkOptions *o;
    int a, b;
} RouteCtx;

static BoardPos centre(const GenLinkBox *r)
{
    return (BoardPos){(r->min.x + r->max.x) / 2, (r->min.y + r->max.y) / 2};
}

static int box_gap(const GenLinkBox *a, const GenLinkBox *b)
{
    int gx = a->min.x > b->max.x ? a->min.x - b->max.x : b->min.x > a->max.x ? b->min.x - a->max.x : 0;
    int gy = a->min.y > b->max.y ? a->min.y - b->max.y : b->min.y > a->max.y ? b->min.y - a->max.y : 0;
    return gx + gy;
}

static bool live(const LinkSet *s, int r)
{
    return s->box[r].live;
}

static Buckets buckets_make(const LinkSet *s)
{
    int live_count = 0;
    for (int r = 1; r <= s->count; r++)
        live_count += live(s, r);
    Buckets b;
    int64_t per = (int64_t)s->width * s->height / (live_count > 0 ? live_count : 1);
    int spacing = 1;
    while ((int64_t)spacing * spacing < per)
        spacing++;
    b.size = spacing * 2 > 8 ? spacing * 2 : 8;
    b.gw = (s->width + b.size - 1) / b.size;
    b.gh = (s->height + b.size - 1) / b.size;
    size_t cells = (size_t)b.gw * (size_t)b.gh;
    b.start = xcalloc(cells + 1, sizeof *b.start);
    b.ids = xmalloc((size_t)s->count + 1, sizeof *b.ids);
    for (int r = 1; r <= s->count; r++) {
        if (!live(s, r))
            continue;
        BoardPos p = centre(&s->box[r]);
        b.start[(p.y / b.size) * b.gw + p.x / b.size + 1]++;
    }
    for (size_t i = 0; i < cells; i++)
        b.start[i + 1] += b.start[i];
    int *fill = xmalloc(cells + 1, sizeof *fill);
    memcpy(fill, b.start, (cells + 1) * sizeof *fill);
    for (int r = 1; r <= s->count; r++) {
        if (!live(s, r))
            continue;
        BoardPos p = centre(&s->box[r]);
        b.ids[fill[(p.y / b.size) * b.gw + p.x / b.size]++] = r;
    }
    free(fill);
    return b;
}

static void buckets_free(Buckets *b)
{
    free(b->start);
    free(b->ids);
}

static int compare_edges(const void *pa, const void *pb)
{
    const LinkEdge *a = pa, *b = pb;
    if (a->gap != b->gap)
        return a->gap < b->gap ? -1 : 1;
    if (a->a != b->a)
        return a->a < b->a ? -1 : 1;
    return (a->b > b->b) - (a->b < b->b);
}

/* Keeps the LINK_NEAREST nearest of the candidates seen so far. */
static void keep_nearest(LinkEdge *best, int *n, LinkEdge e)
{
    int i;
    if (*n < LINK_NEAREST)
        i = (*n)++;
    else if (compare_edges(&e, &best[LINK_NEAREST - 1]) < 0)
        i = LINK_NEAREST - 1;
    else
        return;
    best[i] = e;
    while (i > 0 && compare_edges(&best[i], &best[i - 1]) < 0) {
        LinkEdge t = best[i];
        best[i] = best[i - 1];
        best[i - 1] = t;
        i--;
    }
}

static LinkEdge edge_of(const LinkSet *s, int r, int t)
{
    LinkEdge e = {r < t ? r : t, r < t ? t : r, box_gap(&s->box[r], &s->box[t])};
    return e;
}

/* Each box's nearest neighbours in its 3x3 buckets, sorted and without
 * repeats. */
static LinkEdge *candidate_edges(const LinkSet *s, const Buckets *b, size_t *count)
{
    size_t cap = (size_t)s->count * LINK_NEAREST + 1, n = 0;
    LinkEdge *edges = xmalloc(cap, sizeof *edges);
    for (int r = 1; r <= s->count; r++) {
        if (!live(s, r))
            continue;
        BoardPos p = centre(&s->box[r]);
        int bx = p.x / b->size, by = p.y / b->size;
        LinkEdge best[LINK_NEAREST];
        int nb = 0;
        for (int y = by - 1; y <= by + 1; y++)
            for (int x = bx - 1; x <= bx + 1; x++) {
                if (x < 0 || y < 0 || x >= b->gw || y >= b->gh)
                    continue;
                int cell = y * b->gw + x;
                for (int k = b->start[cell]; k < b->start[cell + 1]; k++)
                    if (b->ids[k] != r)
                        keep_nearest(best, &nb, edge_of(s, r, b->ids[k]));
            }
        for (int k = 0; k < nb; k++)
            edges[n++] = best[k];
    }
    if (n > 1)
        qsort(edges, n, sizeof *edges, compare_edges);
    size_t u = 0;
    for (size_t i = 0; i < n; i++)
        if (u == 0 || edges[i].a != edges[u - 1].a || edges[i].b != edges[u - 1].b)
            edges[u++] = edges[i];
    *count = u;
    return edges;
}


/* --- carving one passage ------------------------------------------------ */

static int route_cost_of(const RouteCtx *rc, BoardPos p)
{
    const GenMap *m = rc->m;
    int64_t i = genmap_index(m, p);
    if (m->region[i] != 0)
        return -1;
    int top = genmap_top(m, i);
    if (top == GEN_LAYER_PASSAGE)
        return rc->o->passage_cost;
    if (top == GEN_LAYER_ROCK)
        return rc->o->rock_cost + (int)(gen_hash(0x51ab, p.x, p.y) & 1u);
    return -1;
}

static int route_cost(void *ctx, BoardPos p)
{
    return route_cost_of(ctx, p);
}

static bool touches(const GenMap *m, BoardPos p, int region, GridDir *dir)
{
    for (int d = 0; d < 4; d++) {
        BoardPos q = gen_step(p, (GridDir)d);
        if (genmap_contains(m, q) && m->region[genmap_index(m, q)] == region) {
            if (dir)
                *dir = (GridDir)d;
            return true;
        }
    }
    return false;
}

static bool route_goal(void *ctx, BoardPos p)
{
    const RouteCtx *rc = ctx;
    return touches(rc->m, p, rc->b, NULL);
}

/* True when route_cost_of(p) >= 0, without drawing the rock's hash. */
static bool carvable(const GenMap *m, int64_t i)
{
    if (m->region[i] != 0)
        return false;
    int top = genmap_top(m, i);
    return top == GEN_LAYER_PASSAGE || top == GEN_LAYER_ROCK;
}

/* The squares outside region r that touch it and could be carved, in
 * row-major order. Carving turns rock into passage, both carvable, and
 * changes no region, so while regions are joined a region's starts stay
 * the same (carve_passage keeps them). */
static int region_starts(const GenMap *m, int r, BoardPos **starts, int *cap)
{
    const GenRegion *g = &m->regions[r];
    int n = 0;
    for (int y = g->min.y - 1; y <= g->max.y + 1; y++)
        for (int x = g->min.x - 1; x <= g->max.x + 1; x++) {
            BoardPos p = {x, y};
            if (!genmap_contains(m, p) || !carvable(m, genmap_index(m, p)) ||
                !touches(m, p, r, NULL))
                continue;
            if (n == *cap) {
                *cap = *cap ? *cap * 2 : 64;
                *starts = xrealloc(*starts, (size_t)*cap, sizeof **starts);
            }
            (*starts)[n++] = p;
        }
    return n;
}

static void window_of(const GenMap *m, const GenRegion *a, const GenRegion *b, int margin,
                      GenRouteQuery *q)
{
    q->min.x = (a->min.x < b->min.x ? a->min.x : b->min.x) - margin;
    q->min.y = (a->min.y < b->min.y ? a->min.y : b->min.y) - margin;
    q->max.x = (a->max.x > b->max.x ? a->max.x : b->max.x) + margin;
    q->max.y = (a->max.y > b->max.y ? a->max.y : b->max.y) + margin;
    if (q->min.x < 0)
        q->min.x = 0;
    if (q->min.y < 0)
        q->min.y = 0;
    if (q->max.x >= m->grid.width)
        q->max.x = m->grid.width - 1;
    if (q->max.y >= m->grid.height)
        q->max.y = m->grid.height - 1;
}

static void door_into(GenMap *m, BoardPos p, int region, bool loop)
{
    GridDir d;
    if (touches(m, p, region, &d))
        genmap_door_add(m, p, d, DOOR_NORMAL, loop);
}

/* genlink_carve with region a's starts given. */
static bool carve_from(GenCtx *c, const GenLinkOptions *o, int a, int b, bool loop,
                       const BoardPos *starts, int n)
{
    GenMap *m = c->map;
    RouteCtx rc = {m, o, a, b};
    GenRouteQuery q = {{0, 0}, {0, 0}, m->regions[b].min, m->regions[b].max,
                       o->rock_cost, route_cost, route_goal, &rc};
    window_of(m, &m->regions[a], &m->regions[b], o->margin, &q);
    const BoardPos *path;
    int len = genroute_find(c->route, &q, starts, n, &path);
    if (len <= 0)
        return false;
    for (int k = 0; k < len; k++) {
        int64_t i = genmap_index(m, path[k]);
        genmap_remove(m, i, GEN_LAYER_ROCK);
        genmap_add(m, i, GEN_LAYER_PASSAGE);
    }
    /* only the far end of a loop may become secret: the passage stays
     * reachable from the near end */
    door_into(m, path[0], a, false);
    door_into(m, path[len - 1], b, loop);
    return true;
}

bool genlink_carve(GenCtx *c, const GenLinkOptions *o, int a, int b, bool loop)
{
    BoardPos *starts = NULL;
    int cap = 0;
    int n = region_starts(c->map, a, &starts, &cap);
    bool made = carve_from(c, o, a, b, loop, starts, n);
    free(starts);
    return made;
}

/* --- joining everything ------------------------------------------------- */

/* Joins groups left apart by searching rings of buckets further out from
 * each box of a group other than the first live box's. */
static int join_strays(const LinkSet *s, const Buckets *b, int32_t *parent, GenLinkCarve carve,
                       void *ctx)
{
    int made = 0;
    int ring_max = b->gw > b->gh ? b->gw : b->gh;
    int anchor = 1;
    while (anchor <= s->count && !live(s, anchor))
        anchor++;
    for (int r = anchor + 1; r <= s->count; r++) {
        if (!live(s, r) || uf_find(parent, r) == uf_find(parent, anchor))
            continue;
        BoardPos p = centre(&s->box[r]);
        int bx = p.x / b->size, by = p.y / b->size, best = 0, best_gap = 0;
        for (int ring = 1; ring <= ring_max && !best; ring++)
            for (int y = by - ring; y <= by + ring; y++)
                for (int x = bx - ring; x <= bx + ring; x++) {
                    if (x < 0 || y < 0 || x >= b->gw || y >= b->gh ||
                        (abs(x - bx) != ring && abs(y - by) != ring))
                        continue;
                    int cell = y * b->gw + x;
                    for (int k = b->start[cell]; k < b->start[cell + 1]; k++) {
                        int t = b->ids[k];
                        int gap = box_gap(&s->box[r], &s->box[t]);
                        if (uf_find(parent, t) != uf_find(parent, r) && (!best || gap < best_gap)) {
                            best = t;
                            best_gap = gap;
                        }
                    }
                }
        if (best && carve(ctx, r, best, false, true)) {
            uf_join(parent, r, best);
            made++;
        }
    }
    return made;
}

/* Unions every box with the first live box of its group. */
static void join_groups(const LinkSet *s, const int *group, int32_t *parent)
{
    int max = 0;
    for (int r = 1; r <= s->count; r++)
        max = group[r] > max ? group[r] : max;
    int *first = xcalloc((size_t)max + 1, sizeof *first);
    for (int r = 1; r <= s->count; r++) {
        if (!live(s, r) || group[r] <= 0)
            continue;
        if (first[group[r]])
            uf_join(parent, first[group[r]], r);
        else
            first[group[r]] = r;
    }
    free(first);
}

int genlink_join(GenCtx *c, const GenLinkBox *boxes, int count, int width, int height,
                 const int *group, int loop_percent, GenLinkCarve carve, void *ctx)
{
    LinkSet s = {boxes, count, width, height};
    int32_t *parent = xmalloc((size_t)count + 1, sizeof *parent);
    for (int r = 0; r <= count; r++)
        parent[r] = r;
    if (group)
        join_groups(&s, group, parent);
    Buckets b = buckets_make(&s);
    size_t n;
    LinkEdge *edges = candidate_edges(&s, &b, &n);
    bool *used = xcalloc(n + 1, sizeof *used);
    int made = 0;
    for (size_t i = 0; i < n; i++)
        if (uf_find(parent, edges[i].a) != uf_find(parent, edges[i].b) &&
            carve(ctx, edges[i].a, edges[i].b, false, false)) {
            uf_join(parent, edges[i].a, edges[i].b);
            used[i] = true;
            made++;
        }
    for (int round = 0; round < 4; round++) {
        int joined = join_strays(&s, &b, parent, carve, ctx);
        made += joined;
        if (!joined)
            break;
    }
    for (size_t i = 0; i < n; i++)
        if (!used[i] && gen_chance(&c->rng, loop_percent) &&
            carve(ctx, edges[i].a, edges[i].b, true, false))
            made++;
    free(used);
    free(edges);
    buckets_free(&b);
    free(parent);
    return made;
}

typedef struct PassageCarve {
    GenCtx *c;
    const GenLinkOptions *o;
    /* each region's starts, made at its first carve (count -1 before):
     * a region starts several passages, and finding its starts walks its
     * whole box */
    BoardPos **starts;
    int *count;
} PassageCarve;

static bool carve_passage(void *ctx, int a, int b, bool loop, bool far)
{
    PassageCarve *pc = ctx;
    if (loop && pc->c->map->door_list.count + 2 >= GEN_MAX_DOORS)
        return false;
    GenLinkOptions wide = *pc->o;
    if (far)
        wide.margin *= 3;
    if (pc->count[a] < 0) {
        int cap = 0;
        pc->count[a] = region_starts(pc->c->map, a, &pc->starts[a], &cap);
    }
    return carve_from(pc->c, &wide, a, b, loop, pc->starts[a], pc->count[a]);
}

int genlink_connect(GenCtx *c, const GenLinkOptions *o)
{
    GenMap *m = c->map;
    GenLinkBox *boxes = xmalloc((size_t)m->region_count + 1, sizeof *boxes);
    for (int r = 1; r <= m->region_count; r++) {
        const GenRegion *g = &m->regions[r];
        boxes[r] = (GenLinkBox){g->min, g->max, !g->removed && g->squares > 0};
    }
    PassageCarve pc = {c, o, xcalloc((size_t)m->region_count + 1, sizeof *pc.starts),
                       xmalloc((size_t)m->region_count + 1, sizeof *pc.count)};
    for (int r = 0; r <= m->region_count; r++)
        pc.count[r] = -1;
    int made = genlink_join(c, boxes, m->region_count, m->grid.width, m->grid.height, o->group,
                            o->loop_percent, carve_passage, &pc);
    for (int r = 0; r <= m->region_count; r++)
        free(pc.starts[r]);
    free(pc.starts);
    free(pc.count);
    free(boxes);
    return made;
}

/* --- pruning ------------------------------------------------------------- */

static const uint16_t WALK_LAYERS = 1u << GEN_LAYER_GRASS | 1u << GEN_LAYER_FOREST |
                                    1u << GEN_LAYER_HILLS | 1u << GEN_LAYER_CAVE |
                                    1u << GEN_LAYER_PASSAGE | 1u << GEN_LAYER_ROAD |
                                    1u << GEN_LAYER_ROOM;

static void drop_cut_doors(GenMap *m)
{
    size_t keep = 0;
    for (size_t i = 0; i < m->door_list.count; i++) {
        GenDoor *d = genlist_at(&m->door_list, i);
        BoardPos q = gen_step(d->pos, d->side);
        int64_t a = genmap_index(m, d->pos), b = genmap_index(m, q);
        if (genmap_walkable(m, a) && genmap_walkable(m, b)) {
            memmove(genlist_at(&m->door_list, keep++), d, sizeof *d);
        } else {
            m->doors[a] &= (uint8_t)~(d->side == GRID_DIR_EAST ? 1u : 2u);
        }
    }
    m->door_list.count = keep;
}

int64_t genlink_prune(GenCtx *c, BoardPos from, GenLayer filler)
{
    GenMap *m = c->map;
    genmap_distances(m, from);
    int64_t changed = 0;
    for (int64_t i = 0; i < m->area; i++) {
        if (m->dist[i] >= 0 || !genmap_walkable(m, i))
            continue;
        int32_t r = m->region[i];
        if (r > 0 && --m->regions[r].squares == 0)
            m->regions[r].removed = true;
        m->region[i] = 0;
        m->layers[i] = (uint16_t)((m->layers[i] & ~WALK_LAYERS) | 1u << filler);
        changed++;
    }
    if (changed)
        drop_cut_doors(m);
    return changed;
}

/* --- tidying ------------------------------------------------------------- */

static bool passage_at(const GenMap *m, int x, int y)
{
    return genmap_top(m, (int64_t)y * m->grid.width + x) == GEN_LAYER_PASSAGE;
}

/* The squares tidying opened, for the distances kept meanwhile. */
typedef struct Opened {
    int32_t *squares;
    int count, cap;
} Opened;

/* Opens the rock square at (x,y) into passage; false when it is not rock. */
static bool open_rock(GenMap *m, int x, int y, Opened *o)
{
    int64_t i = (int64_t)y * m->grid.width + x;
    if (genmap_top(m, i) != GEN_LAYER_ROCK)
        return false;
    genmap_remove(m, i, GEN_LAYER_ROCK);
    genmap_add(m, i, GEN_LAYER_PASSAGE);
    if (o->count == o->cap) {
        o->cap = o->cap ? o->cap * 2 : 16;
        o->squares = xrealloc(o->squares, (size_t)o->cap, sizeof *o->squares);
    }
    o->squares[o->count++] = (int32_t)i;
    return true;
}

int64_t genlink_tidy(GenCtx *c)
{
    GenMap *m = c->map;
    Opened o = {NULL, 0, 0};
    int before;
    do {
        before = o.count;
        for (int y = 0; y + 1 < m->grid.height; y++)
            for (int x = 0; x + 1 < m->grid.width; x++) {
                bool a = passage_at(m, x, y), b = passage_at(m, x + 1, y);
                bool d = passage_at(m, x, y + 1), e = passage_at(m, x + 1, y + 1);
                /* two passages meeting only at a corner: open a side */
                if (a && e && !b && !d)
                    (void)(open_rock(m, x + 1, y, &o) || open_rock(m, x, y + 1, &o));
                else if (b && d && !a && !e)
                    (void)(open_rock(m, x, y, &o) || open_rock(m, x + 1, y + 1, &o));
            }
    } while (o.count > before);
    /* the start's distances (genlink_prune's) follow the few squares
     * opened instead of a flood of the map again */
    if (m->dist_valid && o.count)
        genmap_distances_opened(m, o.squares, o.count);
    free(o.squares);
    return o.count;
}
