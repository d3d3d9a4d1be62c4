/* The path finder's state and the helpers its three parts share: the
 * breadth-first searches with a callback (path.c), with a step mask
 * (path_mask.c) and the weighted search (path_cost.c). Not part of the
 * public API (path.h is). */
#pragma once

#include "path.h"

#include "alloc.h"

#include <stdbool.h>
#include <stdint.h>

/* Index offsets of the steps of a grid, by row parity (only hex rows
 * differ) and GridDir. */
typedef struct Offsets {
    int64_t off[2][GRID_DIR_COUNT];
} Offsets;

Offsets path_offsets_of(const Grid *grid);

struct PathFinder {
    Grid grid;
    Offsets offsets; /* path_offsets_of(&grid), made once */
    /* mark[i] >> MARK_DIR_BITS == generation: square i was reached by the
     * current query, by a step in direction mark[i] & MARK_DIR_MASK. One
     * 16-bit word a square keeps the working set small on big boards. */
    uint16_t generation;
    uint16_t *mark;
    int32_t *dist;
    uint8_t *stop;     /* 1 when the piece may stop there */
    int32_t *queue;
    int64_t queue_len; /* squares reached by the last query, in order */
    int32_t *queue_back; /* the goal side of path_find_mask */
    int64_t meet_from;   /* the square whose side found the meeting */
    int64_t start;
    struct Bucket *buckets; /* the weighted search's ring of cost buckets */
    int bucket_count;
};



#define MARK_DIR_BITS 3
#define MARK_DIR_MASK 7u
#define MARK_MAX_GENERATION (UINT16_MAX >> MARK_DIR_BITS)

/* The squares pushed at one cost (mod the ring's size), first in first
 * out. */
typedef struct Bucket {
    int32_t *items;
    int64_t len, cap, head;
} Bucket;

/* Makes the finder's ring at least count buckets long. */
void path_buckets_reserve(PathFinder *pf, int count);

static inline void path_bucket_push(Bucket *b, int32_t i)
{
    if (b->len == b->cap) {
        b->cap = b->cap ? 2 * b->cap : 256;
        b->items = xrealloc(b->items, (size_t)b->cap, sizeof *b->items);
    }
    b->items[b->len++] = i;
}

/* Starts a new query: every square's mark of an older one reads as not
 * reached. */
void path_next_generation(PathFinder *pf);

static inline bool path_reached(const PathFinder *pf, int64_t i)
{
    return pf->mark[i] >> MARK_DIR_BITS == pf->generation;
}

static inline uint16_t path_mark_of(uint16_t generation, int dir)
{
    return (uint16_t)(generation << MARK_DIR_BITS | (unsigned)dir);
}

/* Starts a one-sided query from start: a new generation, the queue holding
 * start alone at distance 0. Returns start's index, or -1 off the grid. */
int64_t path_begin(PathFinder *pf, BoardPos start);



/* The parity index of square i's row into Offsets: 1 on shifted hex rows. */
static inline int path_row_parity(const Grid *grid, int64_t i)
{
    return grid->topology == GRID_HEX && grid_hex_shifted(grid, (int)(i / grid->width));
}

/* The square one step back from x along its mark. */
static inline int64_t path_mark_back(const PathFinder *pf, const Offsets *o, int64_t x)
{
    GridDir d = (GridDir)(pf->mark[x] & MARK_DIR_MASK);
    /* x was entered by d from a square of the other row on hexes: step
     * back the opposite way from x's own row. */
    return x + o->off[path_row_parity(&pf->grid, x)][grid_dir_opposite(d)];
}

/* Writes the path to goal (len steps) after a search that kept no
 * distances; returns len. */
int path_trace_len(const PathFinder *pf, int64_t goal, int len, BoardPos *out, int cap);
