/* Walls of square (and square8) boards: the wall bits set from the rooms,
 * and the wall questions of every topology (hex edges through
 * board_hex.c). */
#include "board.h"

#include "alloc.h"
#include "board_hex.h"
#include "board_internal.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

/* A square's four bytes as one word, and the word of a square whose only
 * set field is its edges: the wall bits are ORed into the words, whatever
 * the byte order. Edges are still zero when walls are set. */
static uint32_t square_word(Square s)
{
    uint32_t k;
    memcpy(&k, &s, sizeof k);
    return k;
}

/* Four squares at a time in the compiler's portable vector types (SSE2 on
 * x86-64, NEON on ARM, plain code elsewhere): a wall bit is a compare of
 * two rooms, and lanes do four of those and store four squares at once. */
typedef int32_t WallLanes __attribute__((vector_size(16)));
typedef uint32_t WordLanes __attribute__((vector_size(16)));
#define WALL_LANES 4

static inline WallLanes wall_lanes_load(const int32_t *p)
{
    WallLanes v;
    memcpy(&v, p, sizeof v);
    return v;
}

/* Sets the east and south wall bits of the squares of a row, with its
 * rooms row and the rooms south of it (a row of -1 below the last row);
 * returns the number of walls on those edges and the row's west outline.
 * Two squares differ in room exactly when a wall stands between them:
 * walkable rooms are >= 1 and everything else is -1, which is also what
 * lies beyond the board, so the outline needs no case of its own. */
static int64_t wall_row(Square *restrict sq, const int32_t *restrict row,
                        const int32_t *restrict south, int w)
{
    uint32_t east_bit = square_word((Square){0, 0, EDGE_EAST});
    uint32_t south_bit = square_word((Square){0, 0, EDGE_SOUTH});
    int64_t walls = row[0] > 0;
    WallLanes count = {0, 0, 0, 0};
    int x = 0;
    for (; x + WALL_LANES < w; x += WALL_LANES) {
        WallLanes r = wall_lanes_load(row + x);
        WallLanes east = r != wall_lanes_load(row + x + 1);
        WallLanes down = r != wall_lanes_load(south + x);
        WordLanes words;
        memcpy(&words, sq + x, sizeof words);
        words |= ((WordLanes)east & east_bit) | ((WordLanes)down & south_bit);
        memcpy(sq + x, &words, sizeof words);
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
