/* Grid geometry: positions, indices, neighbours, edges, distances and step
 * costs on the three board topologies.
 *
 * Every module asks the grid for neighbours, steps and distances instead
 * of adding (±1, 0) itself, so the topology is decided here only. Indices
 * are row-major with the origin at the top-left: index = y * w + x.
 *
 * - GRID_SQUARE4: orthogonal steps (HeroQuest).
 * - GRID_SQUARE8: orthogonal and diagonal steps; a diagonal step costs
 *   diag_num/diag_den of an orthogonal one. Costs are kept as integers in
 *   units of 1/diag_den: an orthogonal step costs diag_den, a diagonal one
 *   diag_num. Edges (walls, doors) are the four sides of a square.
 * - GRID_HEX: pointy-top hexes in offset rows. Square (x, y) is the hex at
 *   column x of row y; rows where grid_hex_shifted is true sit half a hex
 *   to the right (odd rows by default, even rows with hex_even). Six
 *   neighbours (NE, E, SE, SW, W, NW), each across one of the six edges.
 */
#pragma once

#include <assert.h>
#include <stdbool.h>
#include <stdint.h>

/* Board coordinates in squares (or hexes), not pixels. */
typedef struct BoardPos {
    int x, y;
} BoardPos;

typedef enum GridTopology {
    GRID_SQUARE4, /* orthogonal steps only (HeroQuest) */
    GRID_SQUARE8, /* orthogonal and diagonal steps */
    GRID_HEX,     /* pointy-top hexes, offset rows */
    GRID_TOPOLOGY_COUNT
} GridTopology;

/* Directions. The first four are the orthogonal ones; squares use them as
 * edge names. Hexes use EAST, WEST and the four diagonals (a hex's
 * NORTHEAST neighbour is up and to the right, across its north-east
 * edge). Every topology numbers step bits by these values. */
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
/* Largest diag_num and diag_den of a square8 ratio. */
#define GRID_MAX_RATIO 100

/* A grid's shape. Plain value type: copy it freely. */
typedef struct Grid {
    int width, height;
    GridTopology topology;
    int diag_num, diag_den; /* square8 diagonal cost ratio, reduced (1/1 default) */
    bool hex_even;          /* hex: even rows are the shifted ones (default: odd) */
} Grid;

/* One neighbour of a square: where it is and in which direction. */
typedef struct GridNeighbour {
    BoardPos pos;
    GridDir dir;
} GridNeighbour;

/* The small questions every search and sight line asks per square are
 * defined here, inline: called through a function they were a third of
 * the simulator's time (docs/benchmarks.md, "Simulation"). */

/* Number of squares. */
static inline int64_t grid_area(const Grid *grid)
{
    return (int64_t)grid->width * grid->height;
}

/* True when pos lies on the grid. */
static inline bool grid_contains(const Grid *grid, BoardPos pos)
{
    return pos.x >= 0 && pos.y >= 0 && pos.x < grid->width && pos.y < grid->height;
}

/* Row-major index of an on-grid pos. */
static inline int64_t grid_index(const Grid *grid, BoardPos pos)
{
    assert(grid_contains(grid, pos));
    return (int64_t)pos.y * grid->width + pos.x;
}

/* Position of an index in [0, area). */
static inline BoardPos grid_pos(const Grid *grid, int64_t index)
{
    assert(index >= 0 && index < grid_area(grid));
    return (BoardPos){(int)(index % grid->width), (int)(index / grid->width)};
}

/* True when row y of a hex grid sits half a hex to the right. */
static inline bool grid_hex_shifted(const Grid *grid, int y)
{
    return ((y & 1) != 0) != grid->hex_even;
}

/* Position one step from pos in direction dir (may be off the grid). On
 * hex grids dir must be one of the six hex directions. */
static inline BoardPos grid_step(const Grid *grid, BoardPos pos, GridDir dir)
{
    assert(dir >= 0 && dir < GRID_DIR_COUNT);
    /* x and y of each direction's step, two bits each (value + 1), in
     * GridDir order: N E S W NE SE SW NW */
    static const uint8_t dx[GRID_DIR_COUNT] = {1, 2, 1, 0, 2, 2, 0, 0};
    static const uint8_t dy[GRID_DIR_COUNT] = {0, 1, 2, 1, 0, 2, 2, 0};
    int x = dx[dir] - 1, y = dy[dir] - 1;
    if (grid->topology == GRID_HEX && y != 0) {
        /* Up and down lead to the two hexes of the next row that touch
         * this one: x and x+1 from a shifted row, x-1 and x otherwise. */
        assert(x != 0);
        bool shifted = grid_hex_shifted(grid, pos.y);
        x = x > 0 ? (shifted ? 1 : 0) : (shifted ? 0 : -1);
    }
    return (BoardPos){pos.x + x, pos.y + y};
}

/* The direction pointing back the other way. */
static inline GridDir grid_dir_opposite(GridDir dir)
{
    assert(dir >= 0 && dir < GRID_DIR_COUNT);
    /* N<->S, E<->W within the first four, NE<->SW, SE<->NW within the rest */
    return (GridDir)((dir & 4) | ((dir + 2) & 3));
}

/* True when both positions are equal. */
static inline bool grid_pos_equal(BoardPos a, BoardPos b)
{
    return a.x == b.x && a.y == b.y;
}

/* A grid of the given size and topology (ratio 1/1, odd rows shifted).
 * Sizes must be positive. */
Grid grid_make(int width, int height, GridTopology topology);

/* Sets the square8 diagonal cost ratio num/den (each 1..GRID_MAX_RATIO),
 * reduced to lowest terms. Returns false (grid unchanged) when out of
 * range. */
bool grid_set_diagonal(Grid *grid, int num, int den);

/* The step directions of the topology in neighbour order (ties break in
 * this order): N E S W; N E S W NE SE SW NW; NE E SE SW W NW. Writes the
 * count to *count. */
const GridDir *grid_dirs(const Grid *grid, int *count);

/* Number of step directions of the topology (4, 8 or 6). */
int grid_dir_count(const Grid *grid);

/* True when dir is a step direction of the topology. */
bool grid_dir_valid(const Grid *grid, GridDir dir);

/* The edges of a square (where walls and doors stand), in order: the four
 * orthogonal sides on square grids, the six sides of a hex. */
const GridDir *grid_edge_dirs(const Grid *grid, int *count);

/* True when dir names an edge of a square of this grid. */
bool grid_is_edge(const Grid *grid, GridDir dir);

/* True when a square stores the edge on its side dir itself: east and
 * south on squares, east, south-east and south-west on hexes. The other
 * edges belong to the neighbour across them. */
bool grid_edge_owned(const Grid *grid, GridDir dir);

/* The edge on side dir of pos, named from the square that stores it
 * (see grid_edge_owned): writes that square and side. */
void grid_edge_canonical(const Grid *grid, BoardPos pos, GridDir dir, BoardPos *owner,
                         GridDir *side);

/* Writes the on-grid neighbours of pos (up to GRID_MAX_NEIGHBOURS) to out,
 * in grid_dirs order, and returns how many there are. */
int grid_neighbours(const Grid *grid, BoardPos pos, GridNeighbour *out);

/* Steps needed between two squares ignoring obstacles: Manhattan on
 * GRID_SQUARE4, Chebyshev on GRID_SQUARE8, hex distance (cube
 * coordinates) on GRID_HEX. */
int grid_distance(const Grid *grid, BoardPos a, BoardPos b);

/* Manhattan distance, whatever the topology. */
int grid_manhattan(BoardPos a, BoardPos b);

/* Cube coordinates of a hex (q + r + s == 0). */
void grid_hex_cube(const Grid *grid, BoardPos pos, int *q, int *r, int *s);

/* The hex at cube coordinates (q, r) (s = -q - r), possibly off the grid. */
BoardPos grid_hex_from_cube(const Grid *grid, int q, int r);

/* Cost of one step in direction dir, in cost units (see grid_cost_unit):
 * diag_num for a square8 diagonal, diag_den for a square8 orthogonal
 * step, 1 on the other topologies. */
int grid_step_cost(const Grid *grid, GridDir dir);

/* Cost units per orthogonal step: diag_den on GRID_SQUARE8, else 1. A
 * movement allowance of n squares is n * grid_cost_unit cost units. */
int grid_cost_unit(const Grid *grid);

/* Cheapest cost between two squares ignoring obstacles, in cost units:
 * octile distance with the ratio on GRID_SQUARE8 (a diagonal is used only
 * when it costs less than two orthogonal steps), grid_distance elsewhere. */
int64_t grid_cost_distance(const Grid *grid, BoardPos a, BoardPos b);

/* Direction from a to b when b is a's neighbour on this grid, else -1. */
int grid_dir_between(const Grid *grid, BoardPos a, BoardPos b);

/* Name of a topology ("square", "square8", "hex") and back; -1 when
 * unknown. */
const char *grid_topology_name(GridTopology t);
int grid_topology_from_name(const char *name);

/* Parses a topology with its options: "square", "square8", "square8:7/5",
 * "hex", "hex:odd", "hex:even" into *grid (topology, ratio and offset;
 * size 1x1). False when it is none of these. */
bool grid_parse_shape(const char *text, Grid *grid);

/* Short name of a direction ("n", "ne", "e", ...) and back; -1 when
 * unknown. */
const char *grid_dir_name(GridDir dir);
int grid_dir_from_name(const char *name);
