/* The dungeon style (seed 003, tunnelling): rock everywhere, rooms of
 * random sizes that never overlap or touch, passages carved between them
 * (genlink: every room joined, passages joining passages, some loops),
 * doors where passages meet rooms, and the stairway in the entry room or
 * on a landing widened in a passage. */
#include "genctx.h"
#include "genlink.h"
#include "genplace.h"

#include "../core/alloc.h"

#include <stdlib.h>

/* Room sides; every room is at least 3x3 so the stairway and a piece of
 * furniture fit. */
#define ROOM_MIN 3
#define ROOM_MAX_W 7
#define ROOM_MAX_H 6
/* Big boards get a few great halls too. */
#define HALL_MAX_W 10
#define HALL_MAX_H 8
#define MIN_ROOMS 3

static bool stage_rock(GenCtx *c)
{
    genmap_fill(c->map, GEN_LAYER_ROCK);
    return true;
}

/* True when the room with its one-square border of rock touches no other
 * room. */
static bool room_fits(const GenMap *m, BoardPos at, int w, int h)
{
    for (int y = at.y - 1; y <= at.y + h; y++)
        for (int x = at.x - 1; x <= at.x + w; x++) {
            BoardPos p = {x, y};
            if (genmap_contains(m, p) && genmap_has(m, genmap_index(m, p), GEN_LAYER_ROOM))
                return false;
        }
    return true;
}

static void dig_room(GenMap *m, BoardPos at, int w, int h)
{
    int id = genmap_region_new(m, GEN_REGION_ROOM);
    for (int y = at.y; y < at.y + h; y++)
        for (int x = at.x; x < at.x + w; x++) {
            int64_t i = genmap_index(m, (BoardPos){x, y});
            genmap_remove(m, i, GEN_LAYER_ROCK);
            genmap_region_add(m, id, i, GEN_LAYER_ROOM);
        }
}

/* Tunnelling's room placement: random rectangles, kept when they touch
 * no other room. Tries grow with the area, so big boards fill evenly;
 * each try costs its rectangle, so the stage is linear. */
static bool stage_rooms(GenCtx *c)
{
    GenMap *m = c->map;
    int W = m->grid.width, H = m->grid.height;
    int64_t tries = m->area / 6;
    bool halls = W >= 40 && H >= 30;
    for (int64_t t = 0; t < tries && m->region_count < GEN_MAX_REGIONS; t++) {
        bool hall = halls && gen_chance(&c->rng, 8);
        int w = gen_range(&c->rng, ROOM_MIN, hall ? HALL_MAX_W : ROOM_MAX_W);
        int h = gen_range(&c->rng, ROOM_MIN, hall ? HALL_MAX_H : ROOM_MAX_H);
        if (w > W || h > H)
            continue;
        BoardPos at = {gen_range(&c->rng, 0, W - w), gen_range(&c->rng, 0, H - h)};
        if (room_fits(m, at, w, h))
            dig_room(m, at, w, h);
    }
    return m->region_count >= MIN_ROOMS;
}

static bool stage_passages(GenCtx *c)
{
    GenLinkOptions o = {30, 3, 1, 6, NULL};
    genlink_connect(c, &o);
    return true;
}

/* A 2x2 landing widened out of a passage for the stairway: all four
 * squares passage or rock, at least one of them passage. */
static bool find_landing(GenCtx *c, BoardPos *at)
{
    GenMap *m = c->map;
    int64_t start = (int64_t)rng_below(&c->rng, (uint32_t)(m->area > UINT32_MAX ? UINT32_MAX : m->area));
    for (int64_t k = 0; k < m->area; k++) {
        int64_t i = (start + k) % m->area;
        BoardPos p = genmap_pos(m, i);
        if (p.x + 1 >= m->grid.width || p.y + 1 >= m->grid.height ||
            !genmap_has(m, i, GEN_LAYER_PASSAGE))
            continue;
        bool ok = true;
        for (int d = 0; d < 4 && ok; d++) {
            int64_t j = genmap_index(m, (BoardPos){p.x + (d & 1), p.y + (d >> 1)});
            int top = genmap_top(m, j);
            ok = (top == GEN_LAYER_PASSAGE || top == GEN_LAYER_ROCK) && m->occ[j] == 0;
        }
        if (ok) {
            *at = p;
            return true;
        }
    }
    return false;
}

static void widen_landing(GenMap *m, BoardPos at)
{
    for (int d = 0; d < 4; d++) {
        int64_t j = genmap_index(m, (BoardPos){at.x + (d & 1), at.y + (d >> 1)});
        genmap_remove(m, j, GEN_LAYER_ROCK);
        genmap_add(m, j, GEN_LAYER_PASSAGE);
    }
}

/* The heroes' start: the stairway in a random room or on a landing
 * widened in a passage (for an escape, free squares of the room).
 * Everything the start cannot reach is turned back into rock. */
static bool stage_entry(GenCtx *c)
{
    GenMap *m = c->map;
    genplace_keep_doorways(m);
    int r = gen_range(&c->rng, 1, m->region_count);
    BoardPos at;
    bool landing = c->goal != GEN_GOAL_ESCAPE && gen_chance(&c->rng, 40) && find_landing(c, &at);
    if (landing)
        widen_landing(m, at);
    if (!genplace_start(c, r, landing ? &at : NULL))
        return false;
    int before = genmap_live_regions(m);
    genlink_prune(c, m->entry, GEN_LAYER_ROCK);
    /* a start cut off from most of the map: try another layout */
    return genmap_live_regions(m) >= MIN_ROOMS && genmap_live_regions(m) * 2 >= before;
}

static bool stage_tidy(GenCtx *c)
{
    genlink_tidy(c);
    return true;
}

static const GenStage STAGES[] = {
    {"rock", stage_rock},
    {"rooms", stage_rooms},
    {"passages", stage_passages},
    {"entry", stage_entry},
    {"tidy", stage_tidy},
};

const GenStage *gendungeon_stages(int *count)
{
    *count = (int)(sizeof STAGES / sizeof STAGES[0]);
    return STAGES;
}
