/* The generator's working state, shared by the stages of every style
 * (internal to src/gen).
 *
 * As in the layered tile generators of seed 001, the map holds one layer
 * per kind of square (rock, room, cave, passage, grass, forest, ...): a
 * bit per square and layer. A stage reads the layers the earlier stages
 * made and adds or removes one layer. What a square finally is comes from
 * its top layer (genmap_top). Rooms, caves and huts are regions: every
 * square of one has the region's id, and regions keep their facts
 * (bounding box, size, theme, colour). Doors stand on edges between two
 * squares of different rooms, as in a mission. Population adds what is
 * placed on the board (heroes, monsters, furniture...), kept as the same
 * value types a loaded Mission uses, so the XML writer and the checks
 * read one shape.
 */
#pragma once

#include "../core/grid.h"
#include "../core/rng.h"
#include "../mission/mission.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Layers, lowest first: a square is its highest layer (see genmap_top). */
typedef enum GenLayer {
    GEN_LAYER_ROCK,     /* solid rock, filled in first by dungeons and caverns */
    GEN_LAYER_GRASS,    /* the wilds' ground */
    GEN_LAYER_FOREST,
    GEN_LAYER_HILLS,
    GEN_LAYER_WATER,
    GEN_LAYER_MOUNTAIN,
    GEN_LAYER_CAVE,     /* open cave floor */
    GEN_LAYER_PASSAGE,  /* a carved passage */
    GEN_LAYER_ROAD,
    GEN_LAYER_ROOM,     /* a room or hut: its square belongs to a region */
    GEN_LAYER_COUNT
} GenLayer;

typedef enum GenRegionKind {
    GEN_REGION_ROOM, /* a rectangular dungeon room */
    GEN_REGION_CAVE, /* a part of a cave */
    GEN_REGION_HUT,  /* a building in the wilds */
    GEN_REGION_KIND_COUNT
} GenRegionKind;

/* A room, cave part or hut. */
typedef struct GenRegion {
    GenRegionKind kind;
    BoardPos min, max; /* bounding box, inclusive */
    int64_t squares;
    BoardPos seed;     /* a square of the region */
    int component;     /* caverns: the cave it is part of */
    int theme;         /* index of its theme in the generator data, -1 none yet */
    uint32_t rgb;      /* its colour, 0 until coloured */
    int dist;          /* steps from the heroes' start to its nearest square, -1 unreached */
    bool removed;      /* cut off and turned back into rock */
} GenRegion;

/* A door in the making (sides are east or south of pos). */
typedef struct GenDoor {
    BoardPos pos;
    GridDir side;
    DoorKind kind;
    bool loop;       /* the far end of a loop passage: the map stays connected without it */
    char key[MISSION_ID_MAX];
} GenDoor;

/* Bits of GenMap.occ: what population put on a square. */
enum {
    GEN_OCC_FURNITURE = 1u << 0,
    GEN_OCC_FIGURE = 1u << 1,  /* a hero or monster */
    GEN_OCC_TRAP = 1u << 2,
    GEN_OCC_KEEP = 1u << 3,    /* keep clear: a doorway, the way onto the stairway */
    GEN_OCC_EXIT = 1u << 4,    /* stairway or exit square */
};

/* A growing array of fixed-size items. */
typedef struct GenList {
    void *items;
    size_t count, cap, size;
} GenList;

typedef struct GenMap {
    Grid grid;
    int64_t area;
    uint16_t *layers;  /* a bit per GenLayer per square */
    int32_t *region;   /* region id per square (0: none) */
    uint8_t *doors;    /* door bits per square: 1 east, 2 south */
    uint8_t *occ;      /* GEN_OCC_* per square (population) */
    int32_t *dist;     /* steps from the start (population), -1 unreached */
    GenRegion *regions; /* [1..region_count] */
    int region_count, region_cap;
    GenList door_list;  /* GenDoor */
    /* What population places, in mission value types. */
    GenList heroes, monsters, furniture, traps, treasures, exits, objectives; /* Mission* types */
    GenList types;      /* PieceType: the mission's own (the boss) */
    int entry_region;   /* where the heroes start (0: a passage or the open) */
    BoardPos entry;     /* the heroes' first square */
    /* dist (and the regions' dist) are genmap_distances from dist_start
     * over the map as it is: set by genmap_distances, kept true by
     * genlink_prune (which changes only squares the walk did not reach)
     * and genlink_tidy (genmap_distances_opened), so the population's
     * distances stage does not flood the map again */
    bool dist_valid;
    BoardPos dist_start;
} GenMap;

/* A map of w x h squares with no layer set. Free with genmap_destroy. */
GenMap *genmap_create(int w, int h);
void genmap_destroy(GenMap *m);

/* Frees the per-square arrays (layers, regions, doors, occupancy,
 * distances) once the pixels are painted; lists stay. */
void genmap_free_squares(GenMap *m);

/* One orthogonal step: the generator makes square boards, so it needs no
 * grid to ask (dir is north, east, south or west). */
static inline BoardPos gen_step(BoardPos p, GridDir dir)
{
    static const int dx[4] = {0, 1, 0, -1}, dy[4] = {-1, 0, 1, 0};
    return (BoardPos){p.x + dx[dir & 3], p.y + dy[dir & 3]};
}

static inline int64_t genmap_index(const GenMap *m, BoardPos p)
{
    return (int64_t)p.y * m->grid.width + p.x;
}

/* A map has at most GEN_MAX_SIDE squares a side, so its indices fit 32
 * bits: the 32-bit division costs a fraction of a 64-bit one, which the
 * floods pay per square. */
static inline BoardPos genmap_pos(const GenMap *m, int64_t i)
{
    uint32_t u = (uint32_t)i, w = (uint32_t)m->grid.width;
    return (BoardPos){(int)(u % w), (int)(u / w)};
}

static inline bool genmap_contains(const GenMap *m, BoardPos p)
{
    return p.x >= 0 && p.y >= 0 && p.x < m->grid.width && p.y < m->grid.height;
}

static inline bool genmap_has(const GenMap *m, int64_t i, GenLayer layer)
{
    return (m->layers[i] >> layer) & 1u;
}

static inline void genmap_add(GenMap *m, int64_t i, GenLayer layer)
{
    m->layers[i] = (uint16_t)(m->layers[i] | 1u << layer);
}

static inline void genmap_remove(GenMap *m, int64_t i, GenLayer layer)
{
    m->layers[i] = (uint16_t)(m->layers[i] & ~(1u << layer));
}

/* Adds layer to every square. */
void genmap_fill(GenMap *m, GenLayer layer);

/* The square's top layer, or -1 when it has none (no square). Inline,
 * as the helpers below: the floods over big boards call them per square
 * and neighbour. */
static inline int genmap_top(const GenMap *m, int64_t i)
{
    unsigned bits = m->layers[i];
    if (!bits)
        return -1;
#if defined(__GNUC__)
    return 31 - __builtin_clz(bits);
#else
    int top = 15;
    while (!(bits >> top & 1u))
        top--;
    return top;
#endif
}

/* The layers figures may stand on. */
#define GENMAP_WALKABLE_LAYERS                                                                   \
    (1u << GEN_LAYER_GRASS | 1u << GEN_LAYER_FOREST | 1u << GEN_LAYER_HILLS |                     \
     1u << GEN_LAYER_CAVE | 1u << GEN_LAYER_PASSAGE | 1u << GEN_LAYER_ROAD | 1u << GEN_LAYER_ROOM)

/* True when the top layer is one figures walk on. */
static inline bool genmap_walkable(const GenMap *m, int64_t i)
{
    int top = genmap_top(m, i);
    return top >= 0 && (GENMAP_WALKABLE_LAYERS >> top & 1u);
}

/* What a square connects with without a door: its region id for region
 * squares, GENMAP_KEY_OPEN for walkable squares outside regions (passages,
 * roads, open ground: one colour family that never needs doors), -1 for
 * squares nobody enters. Two neighbours with different keys have a wall. */
#define GENMAP_KEY_OPEN (-2)
static inline int32_t genmap_key(const GenMap *m, int64_t i)
{
    if (!genmap_walkable(m, i))
        return -1;
    return m->region[i] > 0 ? m->region[i] : GENMAP_KEY_OPEN;
}

/* A new region of the given kind with an empty box; returns its id. */
int genmap_region_new(GenMap *m, GenRegionKind kind);

/* Puts square i into region id (adds GEN_LAYER_ROOM or keeps the cave
 * layer) and grows the region's facts. */
static inline void genmap_region_add(GenMap *m, int id, int64_t i, GenLayer layer)
{
    GenRegion *r = &m->regions[id];
    BoardPos p = genmap_pos(m, i);
    if (r->squares == 0)
        r->seed = p;
    r->squares++;
    if (p.x < r->min.x)
        r->min.x = p.x;
    if (p.y < r->min.y)
        r->min.y = p.y;
    if (p.x > r->max.x)
        r->max.x = p.x;
    if (p.y > r->max.y)
        r->max.y = p.y;
    m->region[i] = id;
    genmap_add(m, i, layer);
}

/* Adds a door on the edge on side dir (orthogonal) of p, unless one is
 * there; returns its index in door_list or -1 when there was one. */
int genmap_door_add(GenMap *m, BoardPos p, GridDir dir, DoorKind kind, bool loop);

/* True when a door stands on the edge on side dir of p. */
bool genmap_door_at(const GenMap *m, BoardPos p, GridDir dir);

/* Changes the kind of door `index` of door_list (secret doors are walls
 * to genmap_step). */
void genmap_door_set_kind(GenMap *m, size_t index, DoorKind kind);

/* True when a figure may step from p to its neighbour in dir: both
 * walkable, and the same key or a door between. Locked doors count as
 * open, secret ones as walls (the heroes may never find them). */
static inline bool genmap_step(const GenMap *m, BoardPos p, GridDir dir);

/* Breadth-first steps from start over genmap_step into m->dist (-1 where
 * not reached); region dists are the least of their squares. Returns the
 * number of squares reached. */
int64_t genmap_distances(GenMap *m, BoardPos start);

/* Brings m->dist and the regions' dist, genmap_distances' of the map
 * before squares[0..n) were made walkable, to what genmap_distances
 * would give now (the added squares can only shorten ways): the cost
 * follows the squares brought nearer, not the map. */
void genmap_distances_opened(GenMap *m, const int32_t *squares, int n);

/* Marks in seen (area bytes, zeroed) the squares reached from start over
 * genmap_step without entering a square of region avoid; returns their
 * number. */
int64_t genmap_reach(const GenMap *m, BoardPos start, int32_t avoid, uint8_t *seen);

/* Number of regions not removed. */
int genmap_live_regions(const GenMap *m);

/* Lists. */
void genlist_init(GenList *l, size_t item_size);
void genlist_free(GenList *l);
/* Appends a copy of item; returns the new item. */
void *genlist_push(GenList *l, const void *item);
static inline void *genlist_at(const GenList *l, size_t i)
{
    return (char *)l->items + i * l->size;
}

/* A uniform integer in [lo, hi] (hi >= lo). */
int gen_range(Rng *rng, int lo, int hi);

/* True with probability percent / 100. */
bool gen_chance(Rng *rng, int percent);

/* A 32-bit hash of a seed and two coordinates, for noise lattices and
 * other draws that must not depend on the order of evaluation. Inline:
 * the noise draws it per lattice point and the passage search per rock
 * square it looks at. */
static inline uint32_t gen_hash(uint64_t seed, int32_t x, int32_t y)
{
    /* splitmix64's finaliser over the three words */
    uint64_t z = seed ^ ((uint64_t)(uint32_t)x << 32 | (uint32_t)y);
    z += 0x9e3779b97f4a7c15ull;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    z ^= z >> 31;
    return (uint32_t)(z >> 32) ^ (uint32_t)z;
}

/* Door bits of GenMap.doors: a door on the square's east or south edge,
 * and whether it is secret (a wall to the fairness searches). */
#define GENMAP_DOOR_EAST 1u
#define GENMAP_DOOR_SOUTH 2u
#define GENMAP_DOOR_EAST_SECRET 4u
#define GENMAP_DOOR_SOUTH_SECRET 8u

static inline bool genmap_step(const GenMap *m, BoardPos p, GridDir dir)
{
    BoardPos q = gen_step(p, dir);
    if (!genmap_contains(m, q))
        return false;
    int64_t i = genmap_index(m, p), j = genmap_index(m, q);
    int32_t a = genmap_key(m, i), b = genmap_key(m, j);
    if (a == -1 || b == -1)
        return false;
    if (a == b)
        return true;
    /* a door that is not secret on the edge between them, kept by the
     * square west or north of it */
    bool ew = dir == GRID_DIR_EAST || dir == GRID_DIR_WEST;
    uint8_t bits = m->doors[dir == GRID_DIR_EAST || dir == GRID_DIR_SOUTH ? i : j];
    return ew ? (bits & (GENMAP_DOOR_EAST | GENMAP_DOOR_EAST_SECRET)) == GENMAP_DOOR_EAST
              : (bits & (GENMAP_DOOR_SOUTH | GENMAP_DOOR_SOUTH_SECRET)) == GENMAP_DOOR_SOUTH;
}
