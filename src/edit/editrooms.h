/* The editor's rooms: the board's rooms and walls kept up to date while
 * pixels change, relabelling only the rooms a change touches.
 *
 * The same rules as board_create (core/board.h): black and transparent
 * pixels are no square, #c3c3c3 is rock, every other colour floor; the
 * palette's overrides change a colour's type or put it in an area; walkable
 * squares of one colour (or one area) that share an edge form a room
 * (the four sides of a square, the six of a hex); a wall stands between
 * two squares of different rooms when one of them is floor, and around the
 * board's walkable squares.
 *
 * A change of some squares relabels only the rooms that held them or
 * touch them: their squares are found by walking the old rooms, and
 * labelled again by breadth-first search (iterative, one queue), so a
 * stroke costs the size of the rooms it touches, not the board's. Rooms
 * have internal ids that stay put while other rooms change; their numbers
 * as the board gives them (1, 2, 3... in row-major order of their first
 * squares) are worked out in one pass when first asked after a change.
 * No SDL.
 */
#pragma once

#include "../core/board.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct EditRooms EditRooms;

/* Labels the grid's pixels (R G B A bytes a square, row-major) with the
 * palette's overrides (copied; may be NULL when count is 0). The pixels
 * are read, not kept. */
EditRooms *editrooms_create(const Grid *grid, const uint8_t *rgba, const BoardTypeOverride *over,
                            int count);

/* Frees the rooms; NULL does nothing. */
void editrooms_destroy(EditRooms *rooms);

/* Labels everything again: a new grid (size or topology), new overrides,
 * or pixels changed everywhere. */
void editrooms_reset(EditRooms *rooms, const Grid *grid, const uint8_t *rgba,
                     const BoardTypeOverride *over, int count);

/* The pixels of these squares (row-major indices; repeats allowed) now
 * hold new colours in rgba: relabels the rooms they touch. */
void editrooms_update(EditRooms *rooms, const uint8_t *rgba, const int64_t *squares, size_t n);

/* The grid labelled. */
const Grid *editrooms_grid(const EditRooms *rooms);

/* The square's type (SQUARE_NONE off the grid). */
SquareType editrooms_type(const EditRooms *rooms, BoardPos pos);

/* The square's room numbered as board_room numbers it (1..count), or -1
 * for squares in no room and off the grid. The first call after a change
 * numbers every room (one pass over the grid). */
int32_t editrooms_number(EditRooms *rooms, BoardPos pos);

/* True when both squares are floor of the same room. */
bool editrooms_same_room(const EditRooms *rooms, BoardPos a, BoardPos b);

/* Squares of the room holding pos (0 when pos is in none). */
int64_t editrooms_room_size(const EditRooms *rooms, BoardPos pos);

/* Number of rooms. */
int32_t editrooms_count(const EditRooms *rooms);

/* True when the edge on side dir (an edge of the topology) of pos carries
 * a wall, as board_wall answers for a board of the same pixels. */
bool editrooms_wall(const EditRooms *rooms, BoardPos pos, GridDir dir);

/* Squares relabelled by the last update or reset: what it cost. */
int64_t editrooms_last_work(const EditRooms *rooms);
