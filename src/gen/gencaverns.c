/* The caverns style: rock everywhere, caves shaped by value noise with
 * octaves (thresholded, then smoothed by a cellular automaton), caves too
 * small to matter filled in, each cave split into rooms around points
 * scattered by Poisson-disc sampling (no room too small to stand in),
 * doors between the rooms of a cave (a spanning tree and some loops),
 * passages carved between caves (genlink), and the stairway in a cave. */
#include "genctx.h"
#include "genlink.h"
#include "gennoise.h"
#include "genplace.h"
#include "genscatter.h"

#include "../core/alloc.h"
#include "../core/unionfind.h"

#include <stdlib.h>
#include <string.h>

#define NOISE_PERIOD 6
#define NOISE_OCTAVES 3
/* Noise above this is open cave (about 45% of the squares). */
#define NOISE_THRESHOLD 31000
/* Squares from the edge where caves thin out. */
#define EDGE_FALLOFF 3
#define SMOOTH_PASSES 2
/* Caves smaller than this are filled with rock. */
#define MIN_CAVE 12
/* A room of a cave has at least this many squares. */
#define MIN_REGION 8
/* Points a room is grown from are at least this far apart. */
#define REGION_SPACING 4
#define MIN_REGIONS 3
/* The floor on a finished cave system, by the board's size: a room per
 * this many squares and a door per that many (26x19, the default: 5 rooms
 * and 3 doors; seed 42 once gave 3 rooms and 2 doors). Below it the
 * attempt is thrown away and the next one tried. */
#define SQUARES_PER_ROOM 90
#define SQUARES_PER_DOOR 160
#define MIN_DOORS 2

static bool stage_rock(GenCtx *c)
{
    genmap_fill(c->map, GEN_LAYER_ROCK);
    return true;
}

static int edge_distance(const GenMap *m, int x, int y)
{
    int d = x < y ? x : y;
    int dx = m->grid.width - 1 - x, dy = m->grid.height - 1 - y;
    d = dx < d ? dx : d;
    return dy < d ? dy : d;
}

static void open_cave(GenMap *m, int64_t i)
{
    genmap_remove(m, i, GEN_LAYER_ROCK);
    genmap_add(m, i, GEN_LAYER_CAVE);
}

static void close_cave(GenMap *m, int64_t i)
{
    genmap_remove(m, i, GEN_LAYER_CAVE);
    genmap_add(m, i, GEN_LAYER_ROCK);
}

/* Open cave where the noise is high, thinning out at the edges. */
static bool stage_noise(GenCtx *c)
{
    GenMap *m = c->map;
    int w = m->grid.width;
    GenNoise n = {(uint64_t)rng_next(&c->rng) << 32 | rng_next(&c->rng), NOISE_PERIOD,
                  NOISE_OCTAVES};
    uint16_t *row = xmalloc((size_t)w, sizeof *row);
    GenNoiseRows *rows = gennoise_rows_create(&n, w);
    for (int y = 0; y < m->grid.height; y++) {
        gennoise_rows_get(rows, y, row);
        for (int x = 0; x < w; x++) {
            int d = edge_distance(m, x, y);
            int v = row[x] - (d < EDGE_FALLOFF ? (EDGE_FALLOFF - d) * 9000 : 0);
            if (v > NOISE_THRESHOLD)
                open_cave(m, (int64_t)y * w + x);
        }
    }
    gennoise_rows_destroy(rows);
    free(row);
    return true;
}

/* The cellular automaton of cave generators: a square is rock when five
 * or more of the nine around it (itself included, squares off the map
 * counted as rock) are, so specks fill in and walls smooth out. Each pass
 * reads a copy of the caves, summed down the columns of three rows and
 * then across three columns. */
static bool stage_smooth(GenCtx *c)
{
    GenMap *m = c->map;
    int w = m->grid.width, h = m->grid.height;
    uint8_t *cave = xmalloc((size_t)m->area, 1);
    uint8_t *col = xmalloc((size_t)w, 1);
    for (int pass = 0; pass < SMOOTH_PASSES; pass++) {
        for (int64_t i = 0; i < m->area; i++)
            cave[i] = (uint8_t)genmap_has(m, i, GEN_LAYER_CAVE);
        for (int y = 0; y < h; y++) {
            const uint8_t *mid = cave + (int64_t)y * w;
            const uint8_t *up = y > 0 ? mid - w : NULL, *down = y + 1 < h ? mid + w : NULL;
            for (int x = 0; x < w; x++)
                col[x] = (uint8_t)(mid[x] + (up ? up[x] : 0) + (down ? down[x] : 0));
            for (int x = 0; x < w; x++) {
                int caves = col[x] + (x > 0 ? col[x - 1] : 0) + (x + 1 < w ? col[x + 1] : 0);
                bool open = 9 - caves < 5;
                int64_t i = (int64_t)y * w + x;
                if (open && !mid[x])
                    open_cave(m, i);
                else if (!open && mid[x])
                    close_cave(m, i);
            }
        }
    }
    free(col);
    free(cave);
    return true;
}

/* Writes into root each cave square's cave, as the index of its first
 * square in row-major order (-1 for rock): one pass joining each square
 * with its west and north neighbours, one pointing each at its root. Only
 * the caves' sizes are wanted, so no walk over the squares is needed (a
 * breadth-first walk over a big map touches its memory all over). */
static void label_caves(const GenMap *m, int32_t *root)
{
    const int32_t w = m->grid.width, h = m->grid.height;
    for (int32_t y = 0; y < h; y++)
        for (int32_t x = 0; x < w; x++) {
            int32_t i = y * w + x;
            if (!genmap_has(m, i, GEN_LAYER_CAVE)) {
                root[i] = -1;
                continue;
            }
            root[i] = i;
            if (x > 0 && root[i - 1] >= 0)
                uf_join(root, i, i - 1);
            if (y > 0 && root[i - w] >= 0)
                uf_join(root, i, i - w);
        }
    /* a parent's entry, earlier, already names its root */
    for (int64_t i = 0; i < m->area; i++)
        if (root[i] >= 0)
            root[i] = root[root[i]];
}

static bool stage_caves(GenCtx *c)
{
    GenMap *m = c->map;
    int32_t *root = xmalloc((size_t)m->area, sizeof *root);
    label_caves(m, root);
    /* sizes by root square: only the roots' pages are ever written */
    int32_t *size = xcalloc((size_t)m->area, sizeof *size);
    for (int64_t i = 0; i < m->area; i++)
        if (root[i] >= 0)
            size[root[i]]++;
    int64_t open = 0;
    for (int64_t i = 0; i < m->area; i++) {
        if (root[i] >= 0 && size[root[i]] < MIN_CAVE)
            close_cave(m, i);
        else
            open += root[i] >= 0;
    }
    free(size);
    free(root);
    return open >= MIN_REGION * MIN_REGIONS;
}

/* Grows regions from the queue's squares over unclaimed cave squares,
 * breadth-first (north, east, south, west: the order decides which room
 * takes a square). Only the ids are written: region_facts counts the
 * squares and boxes after. Squares nobody may claim hold -1 meanwhile
 * (claim_marks), so a step reads one array, not the ids and the layers:
 * with 2,400 rooms growing at once the steps land all over a big map. */
static void grow(GenMap *m, int32_t *queue, int64_t head, int64_t *tail)
{
    const int32_t w = m->grid.width, h = m->grid.height;
    int32_t *region = m->region;
    int64_t t = *tail;
    while (head < t) {
        int32_t i = queue[head++];
        int32_t y = i / w, x = i - y * w, r = region[i];
        if (y > 0 && region[i - w] == 0)
            region[i - w] = r, queue[t++] = i - w;
        if (x + 1 < w && region[i + 1] == 0)
            region[i + 1] = r, queue[t++] = i + 1;
        if (y + 1 < h && region[i + w] == 0)
            region[i + w] = r, queue[t++] = i + w;
        if (x > 0 && region[i - 1] == 0)
            region[i - 1] = r, queue[t++] = i - 1;
    }
    *tail = t;
}

/* Marks the squares that are not cave -1 in the (empty) region ids. */
static void claim_marks(GenMap *m)
{
    for (int64_t i = 0; i < m->area; i++)
        m->region[i] = genmap_has(m, i, GEN_LAYER_CAVE) ? 0 : -1;
}

/* Clears claim_marks' marks and gives each region its squares and box
 * (its seed was set when it was made), as genmap_region_add would have
 * square by square. */
static void region_facts(GenMap *m)
{
    for (int r = 1; r <= m->region_count; r++) {
        m->regions[r].squares = 0;
        m->regions[r].min = (BoardPos){m->grid.width, m->grid.height};
        m->regions[r].max = (BoardPos){-1, -1};
    }
    int32_t *region = m->region;
    for (int y = 0; y < m->grid.height; y++) {
        int32_t *row = region + (int64_t)y * m->grid.width;
        for (int x = 0; x < m->grid.width; x++) {
            int32_t id = row[x];
            if (id < 0) {
                row[x] = 0;
                continue;
            }
            if (id == 0)
                continue;
            GenRegion *g = &m->regions[id];
            g->squares++;
            if (x < g->min.x)
                g->min.x = x;
            if (y < g->min.y)
                g->min.y = y;
            if (x > g->max.x)
                g->max.x = x;
            g->max.y = y;
        }
    }
}

/* Spacing of the seed points: wider on big maps, so the rooms stay
 * within GEN_MAX_REGIONS. */
static int region_spacing(const GenMap *m)
{
    int64_t open = 0;
    for (int64_t i = 0; i < m->area; i++)
        open += genmap_has(m, i, GEN_LAYER_CAVE);
    int r = REGION_SPACING;
    while (open / ((int64_t)r * r) > GEN_MAX_REGIONS * 8 / 10)
        r++;
    return r;
}

/* Splits the caves into rooms: one region per scattered point that falls
 * in a cave, grown breadth-first (so each is connected and the nearest
 * squares go to the nearest point); caves no point fell in become one
 * room. */
static bool stage_regions(GenCtx *c)
{
    GenMap *m = c->map;
    GenList points;
    genlist_init(&points, sizeof(BoardPos));
    genscatter_poisson(m->grid.width, m->grid.height, region_spacing(m), &c->rng, &points);
    claim_marks(m);
    int32_t *queue = xmalloc((size_t)m->area, sizeof *queue); /* GEN_MAX_SIDE squared fits */
    int64_t tail = 0;
    for (size_t k = 0; k < points.count && m->region_count < GEN_MAX_REGIONS; k++) {
        int64_t i = genmap_index(m, *(BoardPos *)genlist_at(&points, k));
        if (m->region[i] != 0)
            continue;
        genmap_region_add(m, genmap_region_new(m, GEN_REGION_CAVE), i, GEN_LAYER_CAVE);
        queue[tail++] = (int32_t)i;
    }
    genlist_free(&points);
    grow(m, queue, 0, &tail);
    for (int64_t s = 0; s < m->area; s++) {
        if (m->region[s] != 0)
            continue;
        int64_t head = tail;
        genmap_region_add(m, genmap_region_new(m, GEN_REGION_CAVE), s, GEN_LAYER_CAVE);
        queue[tail++] = (int32_t)s;
        grow(m, queue, head, &tail);
    }
    free(queue);
    region_facts(m);
    return m->region_count >= MIN_REGIONS;
}

/* The neighbouring region sharing most edges with small region r (its
 * box is small, so a short tally does). */
static int best_neighbour(const GenMap *m, int r)
{
    enum { MAX_SEEN = 32 };
    int ids[MAX_SEEN], edges[MAX_SEEN], n = 0;
    const GenRegion *g = &m->regions[r];
    for (int y = g->min.y; y <= g->max.y; y++)
        for (int x = g->min.x; x <= g->max.x; x++) {
            BoardPos p = {x, y};
            if (m->region[genmap_index(m, p)] != r)
                continue;
            for (int d = 0; d < 4; d++) {
                BoardPos q = gen_step(p, (GridDir)d);
                int32_t s = genmap_contains(m, q) ? m->region[genmap_index(m, q)] : 0;
                if (s <= 0 || s == r)
                    continue;
                int k = 0;
                while (k < n && ids[k] != s)
                    k++;
                if (k == n && n < MAX_SEEN) {
                    ids[n] = s;
                    edges[n++] = 0;
                }
                if (k < n)
                    edges[k]++;
            }
        }
    int best = 0;
    for (int k = 0; k < n; k++)
        if (!best || edges[k] > edges[best - 1])
            best = k + 1;
    return best ? ids[best - 1] : 0;
}

static void merge_into(GenMap *m, int r, int into)
{
    GenRegion *g = &m->regions[r];
    for (int y = g->min.y; y <= g->max.y; y++)
        for (int x = g->min.x; x <= g->max.x; x++) {
            int64_t i = genmap_index(m, (BoardPos){x, y});
            if (m->region[i] == r)
                genmap_region_add(m, into, i, GEN_LAYER_CAVE);
        }
    g->squares = 0;
    g->removed = true;
}

/* Rooms too small to stand in join their neighbour with the longest
 * shared wall; one that has none is filled with rock. */
static bool stage_merge(GenCtx *c)
{
    GenMap *m = c->map;
    for (int pass = 0; pass < 3; pass++)
        for (int r = 1; r <= m->region_count; r++) {
            GenRegion *g = &m->regions[r];
            if (g->removed || g->squares >= MIN_REGION)
                continue;
            int into = best_neighbour(m, r);
            if (into) {
                merge_into(m, r, into);
                continue;
            }
            for (int y = g->min.y; y <= g->max.y; y++)
                for (int x = g->min.x; x <= g->max.x; x++) {
                    int64_t i = genmap_index(m, (BoardPos){x, y});
                    if (m->region[i] == r) {
                        m->region[i] = 0;
                        close_cave(m, i);
                    }
                }
            g->squares = 0;
            g->removed = true;
        }
    return genmap_live_regions(m) >= MIN_REGIONS;
}

/* --- doors between the rooms of a cave ------------------------------------ */

typedef struct Pair {
    uint64_t key; /* a << 32 | b with a < b; 0 = empty slot */
    int64_t count;
    BoardPos pos;
    GridDir side;
} Pair;

typedef struct PairMap {
    Pair *slots;
    size_t cap, count;
} PairMap;

static size_t pair_slot(const PairMap *pm, uint64_t key)
{
    size_t i = (size_t)((key * 0x9e3779b97f4a7c15ull) >> 20) & (pm->cap - 1);
    while (pm->slots[i].key && pm->slots[i].key != key)
        i = (i + 1) & (pm->cap - 1);
    return i;
}

static void pair_grow(PairMap *pm)
{
    PairMap big = {xcalloc(pm->cap * 2, sizeof(Pair)), pm->cap * 2, pm->count};
    for (size_t i = 0; i < pm->cap; i++)
        if (pm->slots[i].key)
            big.slots[pair_slot(&big, pm->slots[i].key)] = pm->slots[i];
    free(pm->slots);
    *pm = big;
}

/* Notes the edge between two regions; each pair keeps one of its edges,
 * chosen uniformly (reservoir sampling). */
static void note_edge(GenCtx *c, PairMap *pm, int32_t a, int32_t b, BoardPos p, GridDir side)
{
    if (pm->count * 2 >= pm->cap)
        pair_grow(pm);
    uint64_t key = a < b ? (uint64_t)a << 32 | (uint32_t)b : (uint64_t)b << 32 | (uint32_t)a;
    Pair *e = &pm->slots[pair_slot(pm, key)];
    if (!e->key) {
        e->key = key;
        pm->count++;
    }
    if (rng_below(&c->rng, (uint32_t)(++e->count > UINT32_MAX ? UINT32_MAX : e->count)) == 0) {
        e->pos = p;
        e->side = side;
    }
}

static int compare_pairs(const void *pa, const void *pb)
{
    const Pair *a = pa, *b = pb;
    uint32_t ha = gen_hash(a->key, 1, 2), hb = gen_hash(b->key, 1, 2);
    if (ha != hb)
        return ha < hb ? -1 : 1;
    return (a->key > b->key) - (a->key < b->key);
}

static bool stage_doors(GenCtx *c)
{
    GenMap *m = c->map;
    PairMap pm = {xcalloc(256, sizeof(Pair)), 256, 0};
    for (int64_t i = 0; i < m->area; i++) {
        int32_t a = m->region[i];
        if (a <= 0)
            continue;
        BoardPos p = genmap_pos(m, i);
        for (int d = GRID_DIR_EAST; d <= GRID_DIR_SOUTH; d++) {
            BoardPos q = gen_step(p, (GridDir)d);
            int32_t b = genmap_contains(m, q) ? m->region[genmap_index(m, q)] : 0;
            if (b > 0 && b != a)
                note_edge(c, &pm, a, b, p, (GridDir)d);
        }
    }
    /* a random spanning tree of each cave's rooms, then some loops */
    size_t n = 0;
    for (size_t i = 0; i < pm.cap; i++)
        if (pm.slots[i].key)
            pm.slots[n++] = pm.slots[i];
    qsort(pm.slots, n, sizeof(Pair), compare_pairs);
    int32_t *parent = xmalloc((size_t)m->region_count + 1, sizeof *parent);
    for (int r = 0; r <= m->region_count; r++)
        parent[r] = r;
    for (size_t i = 0; i < n && m->door_list.count < GEN_MAX_DOORS / 2; i++) {
        int32_t a = uf_find(parent, (int32_t)(pm.slots[i].key >> 32));
        int32_t b = uf_find(parent, (int32_t)(pm.slots[i].key & 0xffffffffu));
        bool tree = a != b;
        if (tree)
            parent[a] = b;
        if (tree || gen_chance(&c->rng, 25))
            genmap_door_add(m, pm.slots[i].pos, pm.slots[i].side, DOOR_NORMAL, !tree);
    }
    for (int r = 1; r <= m->region_count; r++)
        m->regions[r].component = uf_find(parent, r);
    free(parent);
    free(pm.slots);
    return true;
}

static bool stage_passages(GenCtx *c)
{
    GenMap *m = c->map;
    int *group = xmalloc((size_t)m->region_count + 1, sizeof *group);
    for (int r = 0; r <= m->region_count; r++)
        group[r] = r ? m->regions[r].component : 0;
    GenLinkOptions o = {15, 3, 1, 8, group};
    genlink_connect(c, &o);
    free(group);
    return true;
}

static bool stage_entry(GenCtx *c)
{
    GenMap *m = c->map;
    genplace_keep_doorways(m);
    int live = genmap_live_regions(m), pick = gen_range(&c->rng, 0, live - 1), r = 0;
    for (r = 1; r <= m->region_count; r++)
        if (!m->regions[r].removed && pick-- == 0)
            break;
    if (!genplace_start(c, r, NULL))
        return false;
    genlink_prune(c, m->entry, GEN_LAYER_ROCK);
    int after = genmap_live_regions(m);
    return after >= MIN_REGIONS && after * 2 >= live;
}

/* The rooms and doors a board of this size should have at least. */
static int room_floor(const GenMap *m)
{
    int64_t n = m->area / SQUARES_PER_ROOM;
    return n > MIN_REGIONS ? (n > GEN_MAX_REGIONS / 2 ? GEN_MAX_REGIONS / 2 : (int)n) : MIN_REGIONS;
}

static size_t door_floor(const GenMap *m)
{
    int64_t n = m->area / SQUARES_PER_DOOR;
    return n > MIN_DOORS ? (n > GEN_MAX_DOORS / 4 ? GEN_MAX_DOORS / 4 : (size_t)n) : MIN_DOORS;
}

static bool stage_tidy(GenCtx *c)
{
    genlink_tidy(c);
    return genmap_live_regions(c->map) >= room_floor(c->map) &&
           c->map->door_list.count >= door_floor(c->map);
}

static const GenStage STAGES[] = {
    {"rock", stage_rock},     {"noise", stage_noise},   {"smooth", stage_smooth},
    {"caves", stage_caves},   {"regions", stage_regions}, {"merge", stage_merge},
    {"doors", stage_doors},   {"passages", stage_passages}, {"entry", stage_entry},
    {"tidy", stage_tidy},
};

const GenStage *gencaverns_stages(int *count)
{
    *count = (int)(sizeof STAGES / sizeof STAGES[0]);
    return STAGES;
}
