/* Rooms and walls of hex boards (GRID_HEX): the board's builder calls
 * these instead of the square labeller and wall pass. Same rules as on
 * squares: 6-connected walkable hexes of one colour form a room, rooms
 * are numbered 1, 2, 3... in row-major order of their first hex, every
 * other hex has room -1; an edge carries a wall when the rooms on its two
 * sides differ, and the outline of walkable hexes is wall. Not part of
 * the public API (board.h is). */
#pragma once

#include "grid.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Labels rooms into rooms[] (one entry a hex) from the hexes' keys (their
 * colour indices; open[key]: walkable). Writes the count to *count; false
 * with a message naming the pixel when there are more than max_rooms. Iterative and linear (union-find with
 * the smaller index as root, then one numbering pass). */
bool board_hex_label(const Grid *grid, const uint16_t *keys, const uint8_t *open, int32_t *rooms,
                     int64_t max_rooms, int32_t *count, char *err, size_t err_size);

/* The number of wall edges of a hex board, outline included (walls are
 * not stored: board_wall compares rooms). */
int64_t board_hex_walls(const Grid *grid, const int32_t *rooms);
