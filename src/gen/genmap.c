#include "genmap.h"

#include "../core/alloc.h"

#include <stdlib.h>
#include <string.h>

#define DOOR_EAST GENMAP_DOOR_EAST
#define DOOR_SOUTH GENMAP_DOOR_SOUTH
#define DOOR_EAST_SECRET GENMAP_DOOR_EAST_SECRET
#define DOOR_SOUTH_SECRET GENMAP_DOOR_SOUTH_SECRET

GenMap *genmap_create(int w, int h)
{
    GenMap *m = xcalloc(1, sizeof *m);
    m->grid = grid_make(w, h, GRID_SQUARE4);
    m->area = (int64_t)w * h;
    size_t n = (size_t)m->area;
    m->layers = xcalloc(n, sizeof *m->layers);
    m->region = xcalloc(n, sizeof *m->region);
    m->doors = xcalloc(n, sizeof *m->doors);
    m->occ = xcalloc(n, sizeof *m->occ);
    m->dist = xcalloc(n, sizeof *m->dist);
    m->region_cap = 64;
    m->regions = xcalloc((size_t)m->region_cap, sizeof *m->regions);
    genlist_init(&m->door_list, sizeof(GenDoor));
    genlist_init(&m->heroes, sizeof(MissionHero));
    genlist_init(&m->monsters, sizeof(MissionMonster));
    genlist_init(&m->furniture, sizeof(MissionFurniture));
    genlist_init(&m->traps, sizeof(MissionTrap));
    genlist_init(&m->treasures, sizeof(MissionTreasure));
    genlist_init(&m->exits, sizeof(MissionSquare));
    genlist_init(&m->objectives, sizeof(MissionObjective));
    genlist_init(&m->types, sizeof(PieceType));
    return m;
}

void genmap_free_squares(GenMap *m)
{
    free(m->layers);
    free(m->region);
    free(m->doors);
    free(m->occ);
    free(m->dist);
    m->layers = NULL;
    m->region = NULL;
    m->doors = NULL;
    m->occ = NULL;
    m->dist = NULL;
    m->dist_valid = false;
}

void genmap_destroy(GenMap *m)
{
    if (!m)
        return;
    genmap_free_squares(m);
    free(m->regions);
    genlist_free(&m->door_list);
    genlist_free(&m->heroes);
    genlist_free(&m->monsters);
    genlist_free(&m->furniture);
    genlist_free(&m->traps);
    genlist_free(&m->treasures);
    genlist_free(&m->exits);
    genlist_free(&m->objectives);
    genlist_free(&m->types);
    free(m);
}

void genmap_fill(GenMap *m, GenLayer layer)
{
    for (int64_t i = 0; i < m->area; i++)
        genmap_add(m, i, layer);
}

int genmap_region_new(GenMap *m, GenRegionKind kind)
{
    if (m->region_count + 1 >= m->region_cap) {
        m->region_cap *= 2;
        m->regions = xrealloc(m->regions, (size_t)m->region_cap, sizeof *m->regions);
    }
    int id = ++m->region_count;
    GenRegion *r = &m->regions[id];
    memset(r, 0, sizeof *r);
    r->kind = kind;
    r->min = (BoardPos){m->grid.width, m->grid.height};
    r->max = (BoardPos){-1, -1};
    r->theme = -1;
    r->dist = -1;
    return id;
}

/* The square and bit that hold the edge on side dir of p; false when the
 * edge is on the board's outline. */
static bool door_slot(const GenMap *m, BoardPos p, GridDir dir, int64_t *i, uint8_t *bit)
{
    BoardPos q = gen_step(p, dir);
    if (!genmap_contains(m, p) || !genmap_contains(m, q))
        return false;
    if (dir == GRID_DIR_WEST || dir == GRID_DIR_NORTH) {
        p = q;
        dir = grid_dir_opposite(dir);
    }
    *i = genmap_index(m, p);
    *bit = dir == GRID_DIR_EAST ? DOOR_EAST : DOOR_SOUTH;
    return true;
}

int genmap_door_add(GenMap *m, BoardPos p, GridDir dir, DoorKind kind, bool loop)
{
    int64_t i;
    uint8_t bit;
    if (!door_slot(m, p, dir, &i, &bit) || (m->doors[i] & bit))
        return -1;
    m->doors[i] |= bit;
    GenDoor d = {genmap_pos(m, i), bit == DOOR_EAST ? GRID_DIR_EAST : GRID_DIR_SOUTH, kind, loop,
                 ""};
    genlist_push(&m->door_list, &d);
    return (int)m->door_list.count - 1;
}

bool genmap_door_at(const GenMap *m, BoardPos p, GridDir dir)
{
    int64_t i;
    uint8_t bit;
    return door_slot(m, p, dir, &i, &bit) && (m->doors[i] & bit);
}

void genmap_door_set_kind(GenMap *m, size_t index, DoorKind kind)
{
    GenDoor *d = genlist_at(&m->door_list, index);
    d->kind = kind;
    int64_t i = genmap_index(m, d->pos);
    uint8_t secret = d->side == GRID_DIR_EAST ? DOOR_EAST_SECRET : DOOR_SOUTH_SECRET;
    m->doors[i] = kind == DOOR_SECRET ? (uint8_t)(m->doors[i] | secret)
                                      : (uint8_t)(m->doors[i] & ~secret);
}

/* Bits of step_table's squares: walkable (a key other than -1), and a
 * figure may step to the east or south neighbour (genmap_step). */
enum { STEP_OPEN = 1, STEP_EAST = 2, STEP_SOUTH = 4, STEP_SEEN = 8 };

/* True when a figure may cross from square i, of key ki, to its east or
 * south neighbour, of key kj (crosses with both keys known). */
static inline bool crosses_keys(const GenMap *m, int64_t i, int32_t ki, int32_t kj, GridDir dir)
{
    if (kj == -1)
        return false;
    if (ki == kj)
        return true;
    uint8_t bits = m->doors[i];
    return dir == GRID_DIR_EAST ? (bits & (DOOR_EAST | DOOR_EAST_SECRET)) == DOOR_EAST
                                : (bits & (DOOR_SOUTH | DOOR_SOUTH_SECRET)) == DOOR_SOUTH;
}

static void row_keys(const GenMap *m, int32_t y, int32_t *keys)
{
    int32_t w = m->grid.width;
    for (int32_t x = 0; x < w; x++)
        keys[x] = genmap_key(m, (int64_t)y * w + x);
}

/* One row-major pass writing every square's step bits: a walk then reads
 * one byte per square where it read the layers, ids and doors of both
 * sides of every step, all over a big map. Each square's key is found
 * once, kept for its row and the row above. */
static uint8_t *step_table(const GenMap *m)
{
    int32_t w = m->grid.width, h = m->grid.height;
    uint8_t *t = xmalloc((size_t)m->area, 1);
    int32_t *rows = xmalloc((size_t)w * 2, sizeof *rows);
    int32_t *cur = rows, *next = rows + w;
    row_keys(m, 0, cur);
    for (int32_t y = 0; y < h; y++) {
        if (y + 1 < h)
            row_keys(m, y + 1, next);
        for (int32_t x = 0; x < w; x++) {
            int32_t i = y * w + x;
            int32_t ki = cur[x];
            if (ki == -1) {
                t[i] = 0;
                continue;
            }
            unsigned bits = STEP_OPEN;
            if (x + 1 < w && crosses_keys(m, i, ki, cur[x + 1], GRID_DIR_EAST))
                bits |= STEP_EAST;
            if (y + 1 < h && crosses_keys(m, i, ki, next[x], GRID_DIR_SOUTH))
                bits |= STEP_SOUTH;
            t[i] = (uint8_t)bits;
        }
        int32_t *swap = cur;
        cur = next;
        next = swap;
    }
    free(rows);
    return t;
}

int64_t genmap_distances(GenMap *m, BoardPos start)
{
    for (int64_t i = 0; i < m->area; i++)
        m->dist[i] = -1;
    /* the same breadth-first order as genmap_step square by square (the
     * distances do not depend on it, but they are the walk's), its steps
     * read from step_table: a big board's floods (entry, distances) were
     * a sixth of its generation */
    int32_t w = m->grid.width, h = m->grid.height;
    uint8_t *t = step_table(m);
    int32_t *dist = m->dist;
    int32_t *queue = xmalloc((size_t)m->area, sizeof *queue); /* GEN_MAX_SIDE squared fits */
    int64_t head = 0, tail = 0;
    int32_t s = (int32_t)genmap_index(m, start);
    dist[s] = 0;
    queue[tail++] = s;
    t[s] |= STEP_SEEN;
    /* a square reached is marked in its own step bits (STEP_SEEN): a step
     * reads one byte of the square it looks at, where reading its
     * distance too cost a cache miss more per neighbour; the queue holds
     * one distance after the other, so a square's is its level's */
    int32_t level = 0;
    int64_t level_end = tail;
    while (head < tail) {
        if (head == level_end)
            level++, level_end = tail;
        int32_t i = queue[head++];
        if (!(t[i] & STEP_OPEN))
            continue;
        int32_t y = i / w, x = i - y * w;
        int32_t di = level + 1;
        /* north, east, south, west: genmap_step's order; a step north is
         * the square above's step south, west the one before's east */
        if (y > 0 && (t[i - w] & (STEP_SOUTH | STEP_SEEN)) == STEP_SOUTH)
            t[i - w] |= STEP_SEEN, dist[i - w] = di, queue[tail++] = i - w;
        if (x + 1 < w && (t[i] & STEP_EAST) && !(t[i + 1] & STEP_SEEN))
            t[i + 1] |= STEP_SEEN, dist[i + 1] = di, queue[tail++] = i + 1;
        if (y + 1 < h && (t[i] & STEP_SOUTH) && !(t[i + w] & STEP_SEEN))
            t[i + w] |= STEP_SEEN, dist[i + w] = di, queue[tail++] = i + w;
        if (x > 0 && (t[i - 1] & (STEP_EAST | STEP_SEEN)) == STEP_EAST)
            t[i - 1] |= STEP_SEEN, dist[i - 1] = di, queue[tail++] = i - 1;
    }
    free(queue);
    free(t);
    /* a region's distance is its nearest square's: the least of its
     * squares reached, as unsigned (-1, not reached, is the largest);
     * a run of squares of one region along a row is one lookup */
    for (int r = 1; r <= m->region_count; r++)
        m->regions[r].dist = -1;
    int32_t run = 0;
    uint32_t best = UINT32_MAX;
    for (int64_t i = 0; i < m->area; i++) {
        int32_t r = m->region[i];
        if (r != run) {
            if (run > 0 && best < (uint32_t)m->regions[run].dist)
                m->regions[run].dist = (int32_t)best;
            run = r;
            best = UINT32_MAX;
        }
        if ((uint32_t)dist[i] < best)
            best = (uint32_t)dist[i];
    }
    if (run > 0 && best < (uint32_t)m->regions[run].dist)
        m->regions[run].dist = (int32_t)best;
    m->dist_valid = true;
    m->dist_start = start;
    return tail;
}

/* A square to settle at a distance (genmap_distances_opened). */
typedef struct DistItem {
    uint32_t dist;
    int32_t square;
} DistItem;

static int compare_dist_items(const void *pa, const void *pb)
{
    const DistItem *a = pa, *b = pb;
    if (a->dist != b->dist)
        return a->dist < b->dist ? -1 : 1;
    return (a->square > b->square) - (a->square < b->square);
}

/* Lowers square i to distance d when that is nearer (-1, unreached, is
 * the farthest as unsigned); true when it did. */
static bool lower_dist(GenMap *m, int32_t i, uint32_t d)
{
    if (d >= (uint32_t)m->dist[i])
        return false;
    m->dist[i] = (int32_t)d;
    int32_t r = m->region[i];
    if (r > 0 && d < (uint32_t)m->regions[r].dist)
        m->regions[r].dist = (int32_t)d;
    return true;
}

void genmap_distances_opened(GenMap *m, const int32_t *squares, int n)
{
    /* Every square an added one brings nearer is found from it: the
     * first added square on a new shortest way gets its distance from
     * its neighbour before it, whose old distance is still right. So the
     * added squares are seeded from their neighbours, and squares are
     * settled in order of distance (the seeds sorted, merged with a
     * first-in-first-out queue whose distances never fall), each lowering
     * its neighbours; a square is passed on only where it got nearer. */
    DistItem *seeds = xmalloc((size_t)n + 1, sizeof *seeds);
    int ns = 0;
    for (int k = 0; k < n; k++) {
        BoardPos p = genmap_pos(m, squares[k]);
        uint32_t best = UINT32_MAX;
        for (int d = 0; d < 4; d++)
            if (genmap_step(m, p, (GridDir)d)) {
                uint32_t nd = (uint32_t)m->dist[genmap_index(m, gen_step(p, (GridDir)d))];
                best = nd < best ? nd : best;
            }
        if (best != UINT32_MAX && lower_dist(m, squares[k], best + 1))
            seeds[ns++] = (DistItem){best + 1, squares[k]};
    }
    qsort(seeds, (size_t)ns, sizeof *seeds, compare_dist_items);
    size_t cap = 64, head = 0, tail = 0;
    DistItem *queue = xmalloc(cap, sizeof *queue);
    int next_seed = 0;
    while (next_seed < ns || head < tail) {
        DistItem it;
        if (head < tail && (next_seed == ns || queue[head].dist <= seeds[next_seed].dist))
            it = queue[head++];
        else
            it = seeds[next_seed++];
        if ((uint32_t)m->dist[it.square] != it.dist)
            continue; /* lowered again since */
        BoardPos p = genmap_pos(m, it.square);
        for (int d = 0; d < 4; d++) {
            if (!genmap_step(m, p, (GridDir)d))
                continue;
            int32_t j = (int32_t)genmap_index(m, gen_step(p, (GridDir)d));
            if (!lower_dist(m, j, it.dist + 1))
                continue;
            if (tail == cap) {
                /* the settled front is dropped before growing */
                memmove(queue, queue + head, (tail - head) * sizeof *queue);
                tail -= head;
                head = 0;
                if (tail == cap) {
                    cap *= 2;
                    queue = xrealloc(queue, cap, sizeof *queue);
                }
            }
            queue[tail++] = (DistItem){it.dist + 1, j};
        }
    }
    free(queue);
    free(seeds);
}

int64_t genmap_reach(const GenMap *m, BoardPos start, int32_t avoid, uint8_t *seen)
{
    /* genmap_distances' walk over step_table without the distances: any
     * order marks the same squares. The squares of region avoid, and
     * those reached, carry STEP_SEEN in their step bits, so a step reads
     * one byte of the square it looks at. */
    int32_t w = m->grid.width, h = m->grid.height;
    uint8_t *t = step_table(m);
    const int32_t *region = m->region;
    for (int64_t i = 0; i < m->area; i++)
        if (region[i] == avoid)
            t[i] |= STEP_SEEN;
    int32_t *queue = xmalloc((size_t)m->area, sizeof *queue);
    int64_t head = 0, tail = 0;
    int32_t s = (int32_t)genmap_index(m, start);
    seen[s] = 1;
    t[s] |= STEP_SEEN;
    queue[tail++] = s;
    while (head < tail) {
        int32_t i = queue[head++];
        if (!(t[i] & STEP_OPEN))
            continue;
        int32_t y = i / w, x = i - y * w;
        const int32_t next[4] = {i - w, i + 1, i + w, i - 1};
        const bool can[4] = {y > 0 && (t[i - w] & STEP_SOUTH), x + 1 < w && (t[i] & STEP_EAST),
                             y + 1 < h && (t[i] & STEP_SOUTH), x > 0 && (t[i - 1] & STEP_EAST)};
        for (int d = 0; d < 4; d++) {
            int32_t j = next[d];
            if (!can[d] || (t[j] & STEP_SEEN))
                continue;
            t[j] |= STEP_SEEN;
            seen[j] = 1;
            queue[tail++] = j;
        }
    }
    free(queue);
    free(t);
    return tail;
}

int genmap_live_regions(const GenMap *m)
{
    int n = 0;
    for (int r = 1; r <= m->region_count; r++)
        n += !m->regions[r].removed;
    return n;
}

void genlist_init(GenList *l, size_t item_size)
{
    l->items = NULL;
    l->count = l->cap = 0;
    l->size = item_size;
}

void genlist_free(GenList *l)
{
    free(l->items);
    l->items = NULL;
    l->count = l->cap = 0;
}

void *genlist_push(GenList *l, const void *item)
{
    if (l->count == l->cap) {
        l->cap = l->cap ? l->cap * 2 : 16;
        l->items = xrealloc(l->items, l->cap, l->size);
    }
    void *slot = genlist_at(l, l->count++);
    memcpy(slot, item, l->size);
    return slot;
}

int gen_range(Rng *rng, int lo, int hi)
{
    return lo + (int)rng_below(rng, (uint32_t)(hi - lo + 1));
}

bool gen_chance(Rng *rng, int percent)
{
    return (int)rng_below(rng, 100) < percent;
}
