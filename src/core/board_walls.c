/* Walls of square (and square8) boards: the wall bits set from the rooms,
 * and the wall questions of every topology (hex edges through
 * board_hex.c). */
#include "board.h"

#include "board_hex.h"
#include "board_internal.h"

#include <assert.h>

/* Sets the east and south wall bits of row y, with south the row below
 * (NULL for the last row); returns the number of walls on those edges and
 * on the row's west (and for the first row, north) outline. Two squares
 * differ in room exactly when a wall stands between them: walkable rooms
 * are >= 1 and everything else is -1. Beyond the board every walkable
 * square has a wall. */
static int64_t wall_row(Square *restrict sq, const int32_t *restrict row,
                        const int32_t *restrict south, int w, bool first_row)
{
    int64_t walls = row[0] > 0;
    if (first_row)
        for (int x = 0; x < w; x++)
            walls += row[x] > 0;
    int64_t east_walls = 0, south_walls = 0;
    for (int x = 0; x + 1 < w; x++) {
        int east = row[x] != row[x + 1];
        int down = south ? row[x] != south[x] : row[x] > 0;
        sq[x].edges = (uint8_t)(east * EDGE_EAST | down * EDGE_SOUTH);
        east_walls += east;
        south_walls += down;
    }
    int last = w - 1;
    int east = row[last] > 0;
    int down = south ? row[last] != south[last] : row[last] > 0;
    sq[last].edges = (uint8_t)(east * EDGE_EAST | down * EDGE_SOUTH);
    return walls + east_walls + south_walls + east + down;
}

int64_t board_square_walls(const Grid *grid, Square *squares, const int32_t *rooms)
{
    int64_t walls = 0;
    for (int y = 0; y < grid->height; y++) {
        int64_t i = (int64_t)y * grid->width;
        const int32_t *row = rooms + i;
        walls += wall_row(squares + i, row, y + 1 < grid->height ? row + grid->width : NULL,
                          grid->width, y == 0);
    }
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

bool board_wall(const Board *board, BoardPos pos, GridDir dir)
{
    if (board->grid.topology == GRID_HEX) {
        if (!grid_contains(&board->grid, pos))
            return false;
        return board_hex_wall(&board->grid, board->squares, board->rooms, pos, dir);
    }
    assert(dir >= GRID_DIR_NORTH && dir <= GRID_DIR_WEST);
    const Square *s = board_square_at(board, pos);
    if (!s)
        return false;
    switch (dir) {
    case GRID_DIR_EAST:
        return s->edges & EDGE_EAST;
    case GRID_DIR_SOUTH:
        return s->edges & EDGE_SOUTH;
    default: {
        /* West and north edges belong to the neighbour; on the outline
         * nothing owns them, so the rule is applied here. */
        BoardPos n = grid_step(&board->grid, pos, dir);
        const Square *o = board_square_at(board, n);
        if (!o)
            return s->type == SQUARE_WALKABLE && board->rooms[grid_index(&board->grid, pos)] > 0;
        return o->edges & (dir == GRID_DIR_WEST ? EDGE_EAST : EDGE_SOUTH);
    }
    }
}
