#include "grid.h"

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "numparse.h"

static const GridDir DIRS4[] = {GRID_DIR_NORTH, GRID_DIR_EAST, GRID_DIR_SOUTH, GRID_DIR_WEST};
static const GridDir DIRS8[] = {GRID_DIR_NORTH,     GRID_DIR_EAST,      GRID_DIR_SOUTH,
                                GRID_DIR_WEST,      GRID_DIR_NORTHEAST, GRID_DIR_SOUTHEAST,
                                GRID_DIR_SOUTHWEST, GRID_DIR_NORTHWEST};
/* Clockwise from the north-east, like the squares' clockwise from north. */
static const GridDir DIRS6[] = {GRID_DIR_NORTHEAST, GRID_DIR_EAST, GRID_DIR_SOUTHEAST,
                                GRID_DIR_SOUTHWEST, GRID_DIR_WEST, GRID_DIR_NORTHWEST};

static const char *const DIR_NAMES[GRID_DIR_COUNT] = {"n", "e", "s", "w", "ne", "se", "sw", "nw"};
static const char *const TOPOLOGY_NAMES[GRID_TOPOLOGY_COUNT] = {"square", "square8", "hex"};

Grid grid_make(int width, int height, GridTopology topology)
{
    assert(width > 0 && height > 0);
    assert(topology >= 0 && topology < GRID_TOPOLOGY_COUNT);
    return (Grid){.width = width, .height = height, .topology = topology, .diag_num = 1,
                  .diag_den = 1, .hex_even = false};
}

static int gcd(int a, int b)
{
    while (b) {
        int t = a % b;
        a = b;
        b = t;
    }
    return a;
}

bool grid_set_diagonal(Grid *grid, int num, int den)
{
    if (num < 1 || den < 1 || num > GRID_MAX_RATIO || den > GRID_MAX_RATIO)
        return false;
    int k = gcd(num, den);
    grid->diag_num = num / k;
    grid->diag_den = den / k;
    return true;
}

const GridDir *grid_dirs(const Grid *grid, int *count)
{
    switch (grid->topology) {
    case GRID_SQUARE8:
        *count = 8;
        return DIRS8;
    case GRID_HEX:
        *count = 6;
        return DIRS6;
    default:
        *count = 4;
        return DIRS4;
    }
}

int grid_dir_count(const Grid *grid)
{
    int n;
    grid_dirs(grid, &n);
    return n;
}

bool grid_dir_valid(const Grid *grid, GridDir dir)
{
    if (dir < 0 || dir >= GRID_DIR_COUNT)
        return false;
    switch (grid->topology) {
    case GRID_SQUARE4:
        return dir <= GRID_DIR_WEST;
    case GRID_HEX:
        return dir != GRID_DIR_NORTH && dir != GRID_DIR_SOUTH;
    default:
        return true;
    }
}

const GridDir *grid_edge_dirs(const Grid *grid, int *count)
{
    if (grid->topology == GRID_HEX)
        return grid_dirs(grid, count);
    *count = 4;
    return DIRS4;
}

bool grid_is_edge(const Grid *grid, GridDir dir)
{
    if (grid->topology == GRID_HEX)
        return grid_dir_valid(grid, dir);
    return dir >= GRID_DIR_NORTH && dir <= GRID_DIR_WEST;
}

bool grid_edge_owned(const Grid *grid, GridDir dir)
{
    if (grid->topology == GRID_HEX)
        return dir == GRID_DIR_EAST || dir == GRID_DIR_SOUTHEAST || dir == GRID_DIR_SOUTHWEST;
    return dir == GRID_DIR_EAST || dir == GRID_DIR_SOUTH;
}

void grid_edge_canonical(const Grid *grid, BoardPos pos, GridDir dir, BoardPos *owner,
                         GridDir *side)
{
    if (grid_edge_owned(grid, dir)) {
        *owner = pos;
        *side = dir;
        return;
    }
    *owner = grid_step(grid, pos, dir);
    *side = grid_dir_opposite(dir);
}

int grid_neighbours(const Grid *grid, BoardPos pos, GridNeighbour *out)
{
    int n = 0, count;
    const GridDir *dirs = grid_dirs(grid, &count);
    for (int k = 0; k < count; k++) {
        BoardPos p = grid_step(grid, pos, dirs[k]);
        if (grid_contains(grid, p))
            out[n++] = (GridNeighbour){p, dirs[k]};
    }
    return n;
}

int grid_manhattan(BoardPos a, BoardPos b)
{
    return abs(a.x - b.x) + abs(a.y - b.y);
}

void grid_hex_cube(const Grid *grid, BoardPos pos, int *q, int *r, int *s)
{
    /* Twice the column of the hex's centre, less the row, is even once
     * the first row's shift is taken out: that halved is the axial q. */
    int twice = 2 * pos.x + grid_hex_shifted(grid, pos.y) - grid_hex_shifted(grid, 0) - pos.y;
    *q = twice / 2;
    *r = pos.y;
    *s = -*q - *r;
}

BoardPos grid_hex_from_cube(const Grid *grid, int q, int r)
{
    int twice = 2 * q + r + grid_hex_shifted(grid, 0) - grid_hex_shifted(grid, r);
    return (BoardPos){twice / 2, r};
}

int grid_distance(const Grid *grid, BoardPos a, BoardPos b)
{
    switch (grid->topology) {
    case GRID_SQUARE8: {
        int dx = abs(a.x - b.x), dy = abs(a.y - b.y);
        return dx > dy ? dx : dy;
    }
    case GRID_HEX: {
        int aq, ar, as, bq, br, bs;
        grid_hex_cube(grid, a, &aq, &ar, &as);
        grid_hex_cube(grid, b, &bq, &br, &bs);
        return (abs(aq - bq) + abs(ar - br) + abs(as - bs)) / 2;
    }
    default:
        return grid_manhattan(a, b);
    }
}

int grid_step_cost(const Grid *grid, GridDir dir)
{
    if (grid->topology != GRID_SQUARE8)
        return 1;
    return dir >= GRID_DIR_NORTHEAST ? grid->diag_num : grid->diag_den;
}

int grid_cost_unit(const Grid *grid)
{
    return grid->topology == GRID_SQUARE8 ? grid->diag_den : 1;
}

int64_t grid_cost_distance(const Grid *grid, BoardPos a, BoardPos b)
{
    if (grid->topology != GRID_SQUARE8)
        return grid_distance(grid, a, b);
    int64_t dx = abs(a.x - b.x), dy = abs(a.y - b.y);
    int64_t lo = dx < dy ? dx : dy, hi = dx < dy ? dy : dx;
    int64_t diag = grid->diag_num < 2 * grid->diag_den ? grid->diag_num : 2 * grid->diag_den;
    return lo * diag + (hi - lo) * grid->diag_den;
}

int grid_dir_between(const Grid *grid, BoardPos a, BoardPos b)
{
    if (grid->topology != GRID_HEX) {
        /* each offset is one direction: look it up */
        static const signed char dirs[3][3] = {
            {GRID_DIR_NORTHWEST, GRID_DIR_NORTH, GRID_DIR_NORTHEAST},
            {GRID_DIR_WEST, -1, GRID_DIR_EAST},
            {GRID_DIR_SOUTHWEST, GRID_DIR_SOUTH, GRID_DIR_SOUTHEAST},
        };
        int dx = b.x - a.x, dy = b.y - a.y;
        if (dx < -1 || dx > 1 || dy < -1 || dy > 1)
            return -1;
        int d = dirs[dy + 1][dx + 1];
        return grid->topology == GRID_SQUARE4 && d >= GRID_DIR_NORTHEAST ? -1 : d;
    }
    int count;
    const GridDir *dirs = grid_dirs(grid, &count);
    for (int k = 0; k < count; k++)
        if (grid_pos_equal(grid_step(grid, a, dirs[k]), b))
            return dirs[k];
    return -1;
}

const char *grid_topology_name(GridTopology t)
{
    return t >= 0 && t < GRID_TOPOLOGY_COUNT ? TOPOLOGY_NAMES[t] : "?";
}

int grid_topology_from_name(const char *name)
{
    for (int t = 0; t < GRID_TOPOLOGY_COUNT; t++)
        if (strcmp(name, TOPOLOGY_NAMES[t]) == 0)
            return t;
    return -1;
}

bool grid_parse_shape(const char *text, Grid *grid)
{
    char name[16];
    const char *colon = strchr(text, ':');
    size_t n = colon ? (size_t)(colon - text) : strlen(text);
    if (n >= sizeof name)
        return false;
    memcpy(name, text, n);
    name[n] = '\0';
    int t = grid_topology_from_name(name);
    if (t < 0)
        return false;
    Grid g = grid_make(1, 1, (GridTopology)t);
    if (colon) {
        const char *opt = colon + 1;
        int num, den;
        if (t == GRID_HEX && (strcmp(opt, "odd") == 0 || strcmp(opt, "even") == 0))
            g.hex_even = opt[0] == 'e';
        else if (t != GRID_SQUARE8 || !numparse_pair(opt, '/', 1, GRID_MAX_RATIO, &num, &den) ||
                 !grid_set_diagonal(&g, num, den))
            return false;
    }
    *grid = g;
    return true;
}

const char *grid_dir_name(GridDir dir)
{
    return dir >= 0 && dir < GRID_DIR_COUNT ? DIR_NAMES[dir] : "?";
}

int grid_dir_from_name(const char *name)
{
    for (int d = 0; d < GRID_DIR_COUNT; d++)
        if (strcmp(name, DIR_NAMES[d]) == 0)
            return d;
    return -1;
}
