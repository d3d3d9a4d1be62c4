/* Grid geometry: positions, indices, neighbours and distances.
 *
 * Every module asks the grid for neighbours and distances instead of adding
 * (±1, 0) itself, so a hex board or diagonal steps only change this module.
 * Indices are row-major with the origin at the top-left: index = y * w + x.
 */
#pragma once

#include <stdbool.h>
#include <stdint.h>

/* Board coordinates in squares (not pixels). */
typedef struct BoardPos {
    int x, y;
} BoardPos;

/* How squares connect. Only GRID_SQUARE4 is played today; the others are
 * the shapes the API is meant to grow into. */
typedef enum GridTopology {
    GRID_SQUARE4, /* orthogonal steps only (HeroQuest) */
    GRID_SQUARE8, /* orthogonal and diagonal steps */
    GRID_TOPOLOGY_COUNT
} GridTopology;

/* Directions, in the order neighbours are reported. The first four are the
 * orthogonal ones and double as edge names. */
typedef enum GridDir {
    GRID_DIR_NORTH,
    GRID_DIR_EAST,
    GRID_DIR_SOUTH,
    GRID_DIR_WEST,
    GRID_DIR_NORTHEAST,
    GRID_DIR_SOUTHEAST,
    GRID_DIR_SOUTHWEST,
    GRID_DIR_NORTHWEST,
    GRID_DIR_COUNT
} GridDir;

#define GRID_MAX_NEIGHBOURS 8

/* A grid's shape. Plain value type: copy it freely. */
typedef struct Grid {
    int width, height;
    GridTopology topology;
} Grid;

/* One neighbour of a square: where it is and in which direction. */
typedef struct GridNeighbour {
    BoardPos pos;
    GridDir dir;
} GridNeighbour;

/* A grid of the given size and topology. Sizes must be positive. */
Grid grid_make(int width, int height, GridTopology topology);

/* Number of squares. */
int64_t grid_area(const Grid *grid);

/* True when pos lies on the grid. */
bool grid_contains(const Grid *grid, BoardPos pos);

/* Row-major index of an on-grid pos. */
int64_t grid_index(const Grid *grid, BoardPos pos);

/* Position of an index in [0, area). */
BoardPos grid_pos(const Grid *grid, int64_t index);

/* Position one step from pos in direction dir (may be off the grid). */
BoardPos grid_step(BoardPos pos, GridDir dir);

/* The direction pointing back the other way. */
GridDir grid_dir_opposite(GridDir dir);

/* Number of step directions of the topology (4 or 8). */
int grid_dir_count(const Grid *grid);

/* Writes the on-grid neighbours of pos (up to GRID_MAX_NEIGHBOURS) to out,
 * in GridDir order, and returns how many there are. */
int grid_neighbours(const Grid *grid, BoardPos pos, GridNeighbour *out);

/* Steps needed between two squares ignoring obstacles: Manhattan distance
 * on GRID_SQUARE4, Chebyshev distance on GRID_SQUARE8. */
int grid_distance(const Grid *grid, BoardPos a, BoardPos b);

/* Manhattan distance, whatever the topology. */
int grid_manhattan(BoardPos a, BoardPos b);

/* True when both positions are equal. */
bool grid_pos_equal(BoardPos a, BoardPos b);

/* Direction from a to b when they are one step apart, else -1. */
int grid_dir_between(BoardPos a, BoardPos b);
