/* The wilds style, after the layered tile generators of seed 001: grass
 * everywhere, then water, mountains, forest and hills from value noise,
 * each layer blocked by the ones placed before it (no mountain on water,
 * no forest on either); towns scattered by Poisson-disc sampling, each a
 * clearing with huts (rooms with a door) around a square; the way in on
 * the edge of the map; then the road network: neighbouring towns joined in
 * order of distance by A* over terrain costs, roads cheap for the later
 * searches so they merge into a network, a town already reached by road
 * joined no more; a clean-up pass takes the terrain off the roads (fords
 * and passes where a road crosses water or mountains); and whatever the
 * start cannot reach becomes mountain. Open country (grass, forest, hills,
 * road) is one area: rooms without walls between its colours. */
#include "genctx.h"
#include "genlink.h"
#include "gennoise.h"
#include "genplace.h"
#include "genscatter.h"

#include "../core/alloc.h"

#include <stdlib.h>

/* A terrain layer from noise: where the noise is above `above` (or below
 * `below` when above is 0), unless a blocking layer is there already. */
typedef struct TerrainRule {
    GenLayer layer;
    int period, octaves;
    int above, below;
    uint16_t blocked_by; /* layer bits */
} TerrainRule;

static const TerrainRule RULES[] = {
    {GEN_LAYER_WATER, 14, 3, 0, 17000, 0},
    {GEN_LAYER_MOUNTAIN, 11, 3, 46000, 0, 1u << GEN_LAYER_WATER},
    {GEN_LAYER_FOREST, 7, 2, 38000, 0, 1u << GEN_LAYER_WATER | 1u << GEN_LAYER_MOUNTAIN},
    {GEN_LAYER_HILLS, 9, 2, 44000, 0,
     1u << GEN_LAYER_WATER | 1u << GEN_LAYER_MOUNTAIN | 1u << GEN_LAYER_FOREST},
};

/* Towns are at least this far apart (wider on big maps, for the caps). */
#define TOWN_SPACING 7
#define CLEARING 2
#define HUT_MIN 3
#define HUT_MAX 4
#define MIN_HUTS 3

/* Road costs per square entered: roads cheapest, so later roads follow
 * earlier ones; water and mountains dear but possible (a ford, a pass). */
#define COST_ROAD 1
#define COST_GRASS 3
#define COST_ROUGH 6
#define COST_WATER 30
#define COST_MOUNTAIN 40
#define ROAD_MARGIN 10

static bool lay_road(GenCtx *c, BoardPos a, BoardPos b, int margin);

typedef struct Town {
    BoardPos centre;
} Town;

typedef struct Wilds {
    GenCtx *c;
    GenList towns; /* Town; [0] is the way in on the edge */
} Wilds;

static const uint16_t TERRAIN_BITS = 1u << GEN_LAYER_FOREST | 1u << GEN_LAYER_HILLS |
                                     1u << GEN_LAYER_WATER | 1u << GEN_LAYER_MOUNTAIN;

static bool stage_grass(GenCtx *c)
{
    genmap_fill(c->map, GEN_LAYER_GRASS);
    return true;
}

static void apply_rule(GenCtx *c, const TerrainRule *r)
{
    GenMap *m = c->map;
    int w = m->grid.width;
    GenNoise n = {(uint64_t)rng_next(&c->rng) << 32 | rng_next(&c->rng), r->period, r->octaves};
    uint16_t *row = xmalloc((size_t)w, sizeof *row);
    GenNoiseRows *rows = gennoise_rows_create(&n, w);
    for (int y = 0; y < m->grid.height; y++) {
        gennoise_rows_get(rows, y, row);
        for (int x = 0; x < w; x++) {
            int64_t i = (int64_t)y * w + x;
            bool hit = r->above ? row[x] > r->above : row[x] < r->below;
            if (hit && !(m->layers[i] & r->blocked_by))
                genmap_add(m, i, r->layer);
        }
    }
    gennoise_rows_destroy(rows);
    free(row);
}

static bool stage_water(GenCtx *c)
{
    apply_rule(c, &RULES[0]);
    return true;
}

static bool stage_mountains(GenCtx *c)
{
    apply_rule(c, &RULES[1]);
    return true;
}

static bool stage_forest(GenCtx *c)
{
    apply_rule(c, &RULES[2]);
    return true;
}

static bool stage_hills(GenCtx *c)
{
    apply_rule(c, &RULES[3]);
    return true;
}

/* --- towns ------------------------------------------------------------- */

static Wilds *wilds_of(GenCtx *c)
{
    return c->style_data;
}

static void clear_around(GenMap *m, BoardPos at, int radius)
{
    for (int y = at.y - radius; y <= at.y + radius; y++)
        for (int x = at.x - radius; x <= at.x + radius; x++) {
            BoardPos p = {x, y};
            if (genmap_contains(m, p) && !genmap_has(m, genmap_index(m, p), GEN_LAYER_ROOM))
                m->layers[genmap_index(m, p)] &= (uint16_t)~TERRAIN_BITS;
        }
}

static bool rect_free(const GenMap *m, BoardPos at, int w, int h, BoardPos keep_clear)
{
    for (int y = at.y - 1; y <= at.y + h; y++)
        for (int x = at.x - 1; x <= at.x + w; x++) {
            BoardPos p = {x, y};
            bool inside = x >= at.x && y >= at.y && x < at.x + w && y < at.y + h;
            if (!genmap_contains(m, p)) {
                if (inside)
                    return false;
                continue;
            }
            int64_t i = genmap_index(m, p);
            if (genmap_has(m, i, GEN_LAYER_ROOM) || genmap_has(m, i, GEN_LAYER_ROAD) ||
                (x == keep_clear.x && y == keep_clear.y))
                return false;
            if (inside && (genmap_has(m, i, GEN_LAYER_WATER) || genmap_has(m, i, GEN_LAYER_MOUNTAIN)))
                return false;
        }
    return true;
}

/* The side of the hut at `at` (w x h) facing the town square, and the
 * squares on both sides of its door there. */
static GridDir door_side(BoardPos at, int w, int h, BoardPos centre, BoardPos *in, BoardPos *out)
{
    int cx = at.x + w / 2, cy = at.y + h / 2;
    int dx = centre.x - cx, dy = centre.y - cy;
    GridDir d;
    if (abs(dx) > abs(dy))
        d = dx > 0 ? GRID_DIR_EAST : GRID_DIR_WEST;
    else
        d = dy > 0 ? GRID_DIR_SOUTH : GRID_DIR_NORTH;
    *in = (BoardPos){d == GRID_DIR_EAST ? at.x + w - 1 : d == GRID_DIR_WEST ? at.x : cx,
                     d == GRID_DIR_SOUTH ? at.y + h - 1 : d == GRID_DIR_NORTH ? at.y : cy};
    *out = gen_step(*in, d);
    return d;
}

static void build_hut(GenMap *m, BoardPos at, int w, int h)
{
    int id = genmap_region_new(m, GEN_REGION_HUT);
    for (int y = at.y; y < at.y + h; y++)
        for (int x = at.x; x < at.x + w; x++) {
            int64_t i = genmap_index(m, (BoardPos){x, y});
            m->layers[i] &= (uint16_t)~TERRAIN_BITS;
            genmap_region_add(m, id, i, GEN_LAYER_ROOM);
        }
}

/* Up to two huts around the town square, each with a door towards it
 * and nothing but open ground in front of the door. */
static void build_huts(GenCtx *c, BoardPos centre)
{
    GenMap *m = c->map;
    int want = gen_range(&c->rng, 1, 2);
    for (int t = 0; t < 12 && want > 0 && m->region_count < GEN_MAX_REGIONS; t++) {
        int w = gen_range(&c->rng, HUT_MIN, HUT_MAX), h = gen_range(&c->rng, HUT_MIN, HUT_MAX);
        BoardPos at = {centre.x + gen_range(&c->rng, -w - 3, 3),
                       centre.y + gen_range(&c->rng, -h - 3, 3)};
        if (!rect_free(m, at, w, h, centre))
            continue;
        BoardPos in, out;
        GridDir d = door_side(at, w, h, centre, &in, &out);
        if (!genmap_contains(m, out))
            continue;
        build_hut(m, at, w, h);
        genmap_door_add(m, in, d, DOOR_NORMAL, false);
        /* a path from the door to the town square, whatever lies between */
        lay_road(c, out, centre, HUT_MAX + 2);
        want--;
    }
}

/* Spacing of the towns: closer on small maps, wider on big ones so huts
 * stay within the caps. */
static int town_spacing(const GenMap *m)
{
    int side = m->grid.width < m->grid.height ? m->grid.width : m->grid.height;
    int r = side / 3 < TOWN_SPACING ? (side / 3 > 4 ? side / 3 : 4) : TOWN_SPACING;
    while (m->area / ((int64_t)r * r) > GEN_MAX_REGIONS / 2)
        r++;
    return r;
}

static bool open_ground(const GenMap *m, BoardPos p)
{
    int64_t i = genmap_index(m, p);
    return !genmap_has(m, i, GEN_LAYER_WATER) && !genmap_has(m, i, GEN_LAYER_MOUNTAIN) &&
           !genmap_has(m, i, GEN_LAYER_ROOM);
}

/* The way in: a square of open ground on the edge of the map. */
static BoardPos edge_square(GenCtx *c)
{
    GenMap *m = c->map;
    int w = m->grid.width, h = m->grid.height;
    int64_t perimeter = 2 * (int64_t)(w + h) - 4, start = rng_below(&c->rng, (uint32_t)perimeter);
    for (int64_t k = 0; k < perimeter; k++) {
        int64_t e = (start + k) % perimeter;
        BoardPos p = e < w ? (BoardPos){(int)e, 0}
                     : e < w + h - 1 ? (BoardPos){w - 1, (int)(e - w + 1)}
                     : e < 2 * w + h - 2 ? (BoardPos){(int)(2 * w + h - 3 - e), h - 1}
                                         : (BoardPos){0, (int)(perimeter - e)};
        if (open_ground(m, p))
            return p;
    }
    return (BoardPos){gen_range(&c->rng, 0, w - 1), 0};
}

static bool stage_towns(GenCtx *c)
{
    GenMap *m = c->map;
    Wilds *wd = wilds_of(c);
    BoardPos way_in = edge_square(c);
    clear_around(m, way_in, 1);
    genlist_push(&wd->towns, &(Town){way_in});
    GenList points;
    genlist_init(&points, sizeof(BoardPos));
    genscatter_poisson(m->grid.width, m->grid.height, town_spacing(m), &c->rng, &points);
    for (size_t k = 0; k < points.count; k++) {
        BoardPos p = *(BoardPos *)genlist_at(&points, k);
        if (p.x < 3 || p.y < 3 || p.x >= m->grid.width - 3 || p.y >= m->grid.height - 3 ||
            grid_manhattan(p, way_in) < town_spacing(m))
            continue;
        clear_around(m, p, CLEARING);
        genmap_add(m, genmap_index(m, p), GEN_LAYER_ROAD);
        build_huts(c, p);
        genlist_push(&wd->towns, &(Town){p});
    }
    genlist_free(&points);
    /* a small map with few huts: more around the towns it has */
    for (int round = 0; round < 3 && m->region_count < MIN_HUTS; round++)
        for (size_t k = 1; k < wd->towns.count; k++)
            build_huts(c, ((Town *)genlist_at(&wd->towns, k))->centre);
    return m->region_count >= MIN_HUTS;
}

/* --- roads --------------------------------------------------------------- */

static int road_cost(void *ctx, BoardPos p)
{
    const GenMap *m = ctx;
    int64_t i = genmap_index(m, p);
    int top = genmap_top(m, i);
    switch (top) {
    case GEN_LAYER_ROAD: return COST_ROAD;
    case GEN_LAYER_GRASS: return COST_GRASS;
    case GEN_LAYER_FOREST:
    case GEN_LAYER_HILLS: return COST_ROUGH;
    case GEN_LAYER_WATER: return COST_WATER;
    case GEN_LAYER_MOUNTAIN: return COST_MOUNTAIN;
    default: return -1;
    }
}

typedef struct RoadGoal {
    GenMap *m;
    BoardPos to;
} RoadGoal;

static int road_cost_goal(void *ctx, BoardPos p)
{
    return road_cost(((RoadGoal *)ctx)->m, p);
}

static bool road_goal(void *ctx, BoardPos p)
{
    const RoadGoal *g = ctx;
    return p.x == g->to.x && p.y == g->to.y;
}

/* Lays the cheapest road between two squares within a window around them;
 * false when none exists. */
static bool lay_road(GenCtx *c, BoardPos a, BoardPos b, int margin)
{
    GenMap *m = c->map;
    RoadGoal goal = {m, b};
    GenRouteQuery q = {{(a.x < b.x ? a.x : b.x) - margin, (a.y < b.y ? a.y : b.y) - margin},
                       {(a.x > b.x ? a.x : b.x) + margin, (a.y > b.y ? a.y : b.y) + margin},
                       b, b, COST_ROAD * 2, road_cost_goal, road_goal, &goal};
    q.min.x = q.min.x < 0 ? 0 : q.min.x;
    q.min.y = q.min.y < 0 ? 0 : q.min.y;
    q.max.x = q.max.x >= m->grid.width ? m->grid.width - 1 : q.max.x;
    q.max.y = q.max.y >= m->grid.height ? m->grid.height - 1 : q.max.y;
    const BoardPos *path;
    int n = genroute_find(c->route, &q, &a, 1, &path);
    for (int k = 0; k < n; k++)
        genmap_add(m, genmap_index(m, path[k]), GEN_LAYER_ROAD);
    return n > 0;
}

static bool carve_road(void *ctx, int a, int b, bool loop, bool far)
{
    Wilds *wd = ctx;
    const Town *ta = genlist_at(&wd->towns, (size_t)a - 1), *tb = genlist_at(&wd->towns, (size_t)b - 1);
    (void)loop;
    return lay_road(wd->c, ta->centre, tb->centre, far ? ROAD_MARGIN * 3 : ROAD_MARGIN);
}

/* Neighbouring towns by distance; a town joined already is joined no
 * more, but a share of the other pairs makes loops. */
static bool stage_roads(GenCtx *c)
{
    Wilds *wd = wilds_of(c);
    int n = (int)wd->towns.count;
    GenLinkBox *boxes = xmalloc((size_t)n + 1, sizeof *boxes);
    for (int k = 0; k < n; k++) {
        BoardPos p = ((Town *)genlist_at(&wd->towns, (size_t)k))->centre;
        boxes[k + 1] = (GenLinkBox){p, p, true};
    }
    genlink_join(c, boxes, n, c->map->grid.width, c->map->grid.height, NULL, 15, carve_road, wd);
    free(boxes);
    return true;
}

/* Seed 001's clean-up: a road square carries no other terrain. */
static bool stage_cleanup(GenCtx *c)
{
    GenMap *m = c->map;
    for (int64_t i = 0; i < m->area; i++)
        if (genmap_has(m, i, GEN_LAYER_ROAD))
            m->layers[i] &= (uint16_t)~TERRAIN_BITS;
    return true;
}

/* --- the start --------------------------------------------------------- */

/* The party on the way in and the road squares next to it, which are the
 * exits too; for an escape, in a hut (the way out is the goal hut's
 * stairway). What the start cannot reach becomes mountain. */
static bool stage_entry(GenCtx *c)
{
    GenMap *m = c->map;
    genplace_keep_doorways(m);
    if (c->goal == GEN_GOAL_ESCAPE) {
        int live = genmap_live_regions(m), pick = gen_range(&c->rng, 0, live - 1), r;
        for (r = 1; r <= m->region_count; r++)
            if (!m->regions[r].removed && pick-- == 0)
                break;
        if (!genplace_start(c, r, NULL))
            return false;
    } else {
        BoardPos way_in = ((Town *)genlist_at(&wilds_of(c)->towns, 0))->centre, at[4];
        int n = 0;
        for (int y = way_in.y - 1; y <= way_in.y + 1 && n < 4; y++)
            for (int x = way_in.x - 1; x <= way_in.x + 1 && n < 4; x++) {
                BoardPos p = {x, y};
                if (!genmap_contains(m, p) || !genplace_free(m, genmap_index(m, p)) ||
                    m->region[genmap_index(m, p)] != 0)
                    continue;
                at[n++] = p;
            }
        if (n < c->opt.heroes)
            return false;
        for (int k = 0; k < n; k++) {
            MissionSquare e = {at[k], 0};
            genlist_push(&m->exits, &e);
            m->occ[genmap_index(m, at[k])] |= GEN_OCC_EXIT;
        }
        genplace_heroes(c, at, n);
        m->entry = at[0];
        m->entry_region = 0;
    }
    int before = genmap_live_regions(m);
    genlink_prune(c, m->entry, GEN_LAYER_MOUNTAIN);
    return genmap_live_regions(m) >= MIN_HUTS && genmap_live_regions(m) * 2 >= before;
}

static void wilds_free(void *style_data)
{
    Wilds *wd = style_data;
    genlist_free(&wd->towns);
    free(wd);
}

static bool stage_begin(GenCtx *c)
{
    Wilds *wd = xcalloc(1, sizeof *wd);
    wd->c = c;
    genlist_init(&wd->towns, sizeof(Town));
    c->style_data = wd;
    c->style_free = wilds_free;
    return stage_grass(c);
}

static const GenStage STAGES[] = {
    {"grass", stage_begin},        {"water", stage_water},   {"mountains", stage_mountains},
    {"forest", stage_forest},      {"hills", stage_hills},   {"towns", stage_towns},
    {"roads", stage_roads},        {"cleanup", stage_cleanup}, {"entry", stage_entry},
};

const GenStage *genwilds_stages(int *count)
{
    *count = (int)(sizeof STAGES / sizeof STAGES[0]);
    return STAGES;
}
