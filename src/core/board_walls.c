/* Walls of square (and square8) boards: counting them, and the wall
 * questions of every topology. No wall is stored: an edge carries a wall
 * exactly when the rooms on its two sides differ, walkable rooms being
 * >= 1 and everything else -1, which is also what lies off the board (so
 * the outline of walkable squares is wall). */
#include "board.h"

#include "alloc.h"
#include "board_hex.h"
#include "board_internal.h"
#include "board_lanes.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

/* Counts the walls on the east and south edges of a row's squares, with
 * its rooms row and the rooms south of it (a row of -1 below the last
 * row), and on the row's west outline: four squares at a time in lanes
 * (board_lanes.h), a wall being a compare of two rooms. */
static int64_t wall_row(const int32_t *restrict row, const int32_t *restrict south, int w)
{
    int64_t walls = row[0] > 0;
    Lanes count = {0, 0, 0, 0};
    int x = 0;
    for (; x + LANES < w; x += LANES) {
        Lanes r = lanes_load(row + x);
        count -= (r != lanes_load(row + x + 1)) + (r != lanes_load(south + x));
    }
    walls += count[0] + count[1] + count[2] + count[3];
    for (; x < w; x++)
        walls += (x + 1 < w ? row[x] != row[x + 1] : row[x] > 0) + (row[x] != south[x]);
    return walls;
}

int64_t board_square_walls(const Grid *grid, const int32_t *rooms)
{
    int w = grid->width;
    /* what lies beyond the south side: no room */
    int32_t *beyond = xmalloc((size_t)w, sizeof *beyond);
    memset(beyond, 0xff, (size_t)w * sizeof *beyond);
    /* the north outline: the walkable squares of the first row */
    int64_t walls = 0;
    for (int x = 0; x < w; x++)
        walls += rooms[x] > 0;
    for (int y = 0; y < grid->height; y++) {
        const int32_t *row = rooms + (int64_t)y * w;
        walls += wall_row(row, y + 1 < grid->height ? row + w : beyond, w);
    }
    free(beyond);
    return walls;
}

bool board_wall_block(const Board *board, BoardPos pos, GridDir side)
{
    if (board->grid.topology != GRID_HEX || side == GRID_DIR_EAST || side == GRID_DIR_WEST)
        return board_wall(board, pos, side);
    if (side == GRID_DIR_NORTH)
        return board_wall(board, pos, GRID_DIR_NORTHEAST) || board_wall(board, pos, GRID_DIR_NORTHWEST);
    return board_wall(board, pos, GRID_DIR_SOUTHEAST) || board_wall(board, pos, GRID_DIR_SOUTHWEST);
}

/* The square one step east, south, west or north of square i at pos, or
 * -1 off the board: the board's own offsets, for the callers that ask
 * every square (movement, sight, drawing). */
static int64_t square_step(const Grid *grid, BoardPos pos, int64_t i, GridDir dir)
{
    switch (dir) {
    case GRID_DIR_EAST:
        return pos.x + 1 < grid->width ? i + 1 : -1;
    case GRID_DIR_SOUTH:
        return pos.y + 1 < grid->height ? i + grid->width : -1;
    case GRID_DIR_WEST:
        return pos.x > 0 ? i - 1 : -1;
    default:
        return pos.y > 0 ? i - grid->width : -1;
    }
}

bool board_wall(const Board *board, BoardPos pos, GridDir dir)
{
    const Grid *grid = &board->grid;
    if (!grid_contains(grid, pos))
        return false;
    int64_t i = grid_index(grid, pos), n;
    if (grid->topology == GRID_HEX) {
        assert(grid_dir_valid(grid, dir));
        BoardPos to = grid_step(grid, pos, dir);
        n = grid_contains(grid, to) ? grid_index(grid, to) : -1;
    } else {
        assert(dir >= GRID_DIR_NORTH && dir <= GRID_DIR_WEST);
        n = square_step(grid, pos, i, dir);
    }
    /* off the board: the outline of a walkable square */
    return n < 0 ? board->rooms[i] > 0 : board->rooms[i] != board->rooms[n];
}
