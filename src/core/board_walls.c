/* Walls of square (and square8) boards: the wall bits set from the rooms,
 * and the wall questions of every topology (hex edges through
 * board_hex.c). */
#include "board.h"

#include "alloc.h"
#include "board_hex.h"
#include "board_internal.h"
#include "board_lanes.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

/* Four squares at a time in lanes (board_lanes.h): a wall bit is a
 * compare of two rooms, and lanes do four of those and store four squares
 * at once. */

/* Sets the east and south wall bits of the squares of a row, with its
 * rooms row and the rooms south of it (a row of -1 below the last row);
 * returns the number of walls on those edges and the row's west outline.
 * Two squares differ in room exactly when a wall stands between them:
 * walkable rooms are >= 1 and everything else is -1, which is also what
 * lies beyond the board, so the outline needs no case of its own. */
static int64_t wall_row(Square *restrict sq, const int32_t *restrict row,
                        const int32_t *restrict south, int w)
{
    uint32_t east_bit = edges_word(EDGE_EAST);
    uint32_t south_bit = edges_word(EDGE_SOUTH);
    int64_t walls = row[0] > 0;
    Lanes count = {0, 0, 0, 0};
    int x = 0;
    for (; x + LANES < w; x += LANES) {
        Lanes r = lanes_load(row + x);
        Lanes east = r != lanes_load(row + x + 1);
        Lanes down = r != lanes_load(south + x);
        WordLanes words = words_load(sq + x);
        words |= ((WordLanes)east & east_bit) | ((WordLanes)down & south_bit);
        words_store(sq + x, words);
        count -= east + down;
    }
    walls += count[0] + count[1] + count[2] + count[3];
    for (; x < w; x++) {
        int east = x + 1 < w ? row[x] != row[x + 1] : row[x] > 0;
        int down = row[x] != south[x];
        sq[x].edges = (uint8_t)(east * EDGE_EAST | down * EDGE_SOUTH);
        walls += east + down;
    }
    return walls;
}

int64_t board_square_walls(const Grid *grid, Square *squares, const int32_t *rooms)
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
        int64_t i = (int64_t)y * w;
        const int32_t *row = rooms + i;
        walls += wall_row(squares + i, row, y + 1 < grid->height ? row + w : beyond, w);
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
