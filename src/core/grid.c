#include "grid.h"

#include <assert.h>
#include <stdlib.h>

static const BoardPos DIR_DELTA[GRID_DIR_COUNT] = {
    [GRID_DIR_NORTH] = {0, -1},     [GRID_DIR_EAST] = {1, 0},
    [GRID_DIR_SOUTH] = {0, 1},      [GRID_DIR_WEST] = {-1, 0},
    [GRID_DIR_NORTHEAST] = {1, -1}, [GRID_DIR_SOUTHEAST] = {1, 1},
    [GRID_DIR_SOUTHWEST] = {-1, 1}, [GRID_DIR_NORTHWEST] = {-1, -1},
};

static const GridDir DIR_OPPOSITE[GRID_DIR_COUNT] = {
    [GRID_DIR_NORTH] = GRID_DIR_SOUTH,         [GRID_DIR_EAST] = GRID_DIR_WEST,
    [GRID_DIR_SOUTH] = GRID_DIR_NORTH,         [GRID_DIR_WEST] = GRID_DIR_EAST,
    [GRID_DIR_NORTHEAST] = GRID_DIR_SOUTHWEST, [GRID_DIR_SOUTHEAST] = GRID_DIR_NORTHWEST,
    [GRID_DIR_SOUTHWEST] = GRID_DIR_NORTHEAST, [GRID_DIR_NORTHWEST] = GRID_DIR_SOUTHEAST,
};

Grid grid_make(int width, int height, GridTopology topology)
{
    assert(width > 0 && height > 0);
    return (Grid){.width = width, .height = height, .topology = topology};
}

int64_t grid_area(const Grid *grid)
{
    return (int64_t)grid->width * grid->height;
}

bool grid_contains(const Grid *grid, BoardPos pos)
{
    return pos.x >= 0 && pos.y >= 0 && pos.x < grid->width && pos.y < grid->height;
}

int64_t grid_index(const Grid *grid, BoardPos pos)
{
    assert(grid_contains(grid, pos));
    return (int64_t)pos.y * grid->width + pos.x;
}

BoardPos grid_pos(const Grid *grid, int64_t index)
{
    assert(index >= 0 && index < grid_area(grid));
    return (BoardPos){(int)(index % grid->width), (int)(index / grid->width)};
}

BoardPos grid_step(BoardPos pos, GridDir dir)
{
    assert(dir >= 0 && dir < GRID_DIR_COUNT);
    return (BoardPos){pos.x + DIR_DELTA[dir].x, pos.y + DIR_DELTA[dir].y};
}

GridDir grid_dir_opposite(GridDir dir)
{
    assert(dir >= 0 && dir < GRID_DIR_COUNT);
    return DIR_OPPOSITE[dir];
}

int grid_dir_count(const Grid *grid)
{
    return grid->topology == GRID_SQUARE8 ? 8 : 4;
}

int grid_neighbours(const Grid *grid, BoardPos pos, GridNeighbour *out)
{
    int n = 0;
    int dirs = grid_dir_count(grid);
    for (int d = 0; d < dirs; d++) {
        BoardPos p = grid_step(pos, (GridDir)d);
        if (grid_contains(grid, p))
            out[n++] = (GridNeighbour){p, (GridDir)d};
    }
    return n;
}

int grid_manhattan(BoardPos a, BoardPos b)
{
    return abs(a.x - b.x) + abs(a.y - b.y);
}

int grid_distance(const Grid *grid, BoardPos a, BoardPos b)
{
    if (grid->topology == GRID_SQUARE8) {
        int dx = abs(a.x - b.x), dy = abs(a.y - b.y);
        return dx > dy ? dx : dy;
    }
    return grid_manhattan(a, b);
}

bool grid_pos_equal(BoardPos a, BoardPos b)
{
    return a.x == b.x && a.y == b.y;
}

int grid_dir_between(BoardPos a, BoardPos b)
{
    for (int d = 0; d < GRID_DIR_COUNT; d++) {
        BoardPos p = grid_step(a, (GridDir)d);
        if (grid_pos_equal(p, b))
            return d;
    }
    return -1;
}
