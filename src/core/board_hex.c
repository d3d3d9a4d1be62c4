#include "board_hex.h"

#include "board.h"

#include <assert.h>
#include <stdio.h>

/* True when the two hexes belong to one room: both walkable, one colour. */
static bool same_room(const Square *a, const Square *b)
{
    return a->type == SQUARE_WALKABLE && b->type == SQUARE_WALKABLE && a->colour == b->colour;
}

/* The root of i, halving the path on the way (iterative). */
static int32_t find(int32_t *parent, int32_t i)
{
    while (parent[i] != i) {
        parent[i] = parent[parent[i]];
        i = parent[i];
    }
    return i;
}

/* Joins the sets of a and b; the smaller index stays root, so a set's
 * root is its first hex in row-major order. */
static void join(int32_t *parent, int32_t a, int32_t b)
{
    a = find(parent, a);
    b = find(parent, b);
    if (a < b)
        parent[b] = a;
    else if (b < a)
        parent[a] = b;
}

bool board_hex_label(const Grid *grid, const Square *squares, int32_t *rooms, int64_t max_rooms,
                     int32_t *count, char *err, size_t err_size)
{
    int w = grid->width, h = grid->height;
    /* First pass: each walkable hex joins its west, north-west and
     * north-east neighbours of the same room (the hexes already seen).
     * Those three touch in a chain (west - north-west - north-east), so
     * when two neighbours in the chain both match they are already one
     * set: a hex takes the label of its first match and joins only when
     * west and north-east match with north-west not between them. */
    for (int y = 0; y < h; y++) {
        /* the row above: columns x-1 and x from an unshifted row, x and
         * x+1 from a shifted one */
        int up = grid_hex_shifted(grid, y) ? 0 : -1;
        for (int x = 0; x < w; x++) {
            int32_t i = (int32_t)((int64_t)y * w + x);
            const Square *s = &squares[i];
            if (s->type != SQUARE_WALKABLE) {
                rooms[i] = -1;
                continue;
            }
            int32_t nw = i - w + up, ne = nw + 1;
            bool west = x > 0 && same_room(s, &squares[i - 1]);
            bool has_nw = y > 0 && x + up >= 0 && same_room(s, &squares[nw]);
            bool has_ne = y > 0 && x + up + 1 < w && same_room(s, &squares[ne]);
            if (west) {
                rooms[i] = rooms[i - 1];
                if (has_ne && !has_nw)
                    join(rooms, i, ne);
            } else if (has_nw) {
                rooms[i] = rooms[nw];
            } else if (has_ne) {
                rooms[i] = rooms[ne];
            } else {
                rooms[i] = i;
            }
        }
    }
    /* Every hex points at its root: parents only ever point to smaller
     * indices, so in index order a parent is already flattened. */
    int64_t area = (int64_t)w * h;
    for (int64_t i = 0; i < area; i++)
        if (rooms[i] >= 0)
            rooms[i] = rooms[rooms[i]];
    /* Numbering: roots in row-major order; others copy their root's
     * number (a root comes before its set's other hexes). */
    int32_t n = 0;
    for (int64_t i = 0; i < area; i++) {
        int32_t v = rooms[i];
        if (v < 0)
            continue;
        if (v == i) {
            if (++n > max_rooms) {
                snprintf(err, err_size,
                         "pixel (%d,%d) starts room %lld, over the limit of %lld rooms (a mission "
                         "has tens or hundreds; --max-rooms raises the limit)",
                         (int)(i % w), (int)(i / w), (long long)max_rooms + 1,
                         (long long)max_rooms);
                return false;
            }
            rooms[i] = n;
        } else {
            rooms[i] = rooms[v];
        }
    }
    *count = n;
    return true;
}

int64_t board_hex_walls(const Grid *grid, Square *squares, const int32_t *rooms)
{
    int w = grid->width, h = grid->height;
    int64_t walls = 0;
    for (int y = 0; y < h; y++) {
        /* Neighbours by offset, not grid_step (this runs for every hex of
         * a board): the row below has the south-west neighbour at column
         * x + dn and the south-east one at x + dn + 1, the row above the
         * north-west one at x + up and the north-east one at x + up + 1. */
        int dn = grid_hex_shifted(grid, y) ? 0 : -1, up = dn;
        const int32_t *row = rooms + (int64_t)y * w;
        const int32_t *below = y + 1 < h ? row + w : NULL;
        for (int x = 0; x < w; x++) {
            int32_t room = row[x];
            /* walkable rooms are >= 1 and everything else -1, so rooms
             * differ exactly where a wall stands (off the board: -1) */
            int32_t east = x + 1 < w ? row[x + 1] : -1;
            int32_t sw = below && x + dn >= 0 ? below[x + dn] : -1;
            int32_t se = below && x + dn + 1 < w ? below[x + dn + 1] : -1;
            uint8_t edges = (uint8_t)((east != room ? EDGE_EAST : 0) | (se != room ? EDGE_SOUTH : 0) |
                                      (sw != room ? EDGE_SOUTHWEST : 0));
            walls += (east != room) + (se != room) + (sw != room);
            squares[(int64_t)y * w + x].edges = edges;
            /* the outline edges no hex on the board owns: west, north-west
             * and north-east off the board */
            if (room > 0)
                walls += (x == 0) + (y == 0 || x + up < 0) + (y == 0 || x + up + 1 >= w);
        }
    }
    return walls;
}

bool board_hex_wall(const Grid *grid, const Square *squares, const int32_t *rooms, BoardPos pos,
                    GridDir dir)
{
    assert(grid_dir_valid(grid, dir));
    BoardPos owner;
    GridDir side;
    grid_edge_canonical(grid, pos, dir, &owner, &side);
    if (!grid_contains(grid, owner))
        return rooms[grid_index(grid, pos)] > 0;
    uint8_t bit = side == GRID_DIR_EAST ? EDGE_EAST : side == GRID_DIR_SOUTHEAST ? EDGE_SOUTH
                                                                                 : EDGE_SOUTHWEST;
    return squares[grid_index(grid, owner)].edges & bit;
}
