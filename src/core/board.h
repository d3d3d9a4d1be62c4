/* The board: squares typed by colour, rooms and the walls between them.
 *
 * A board is built once from a grid of RGBA colours and never changes:
 * doors, pieces and everything else that moves lives in the game state and
 * refers to squares and edges of the board.
 *
 * Colour rules (seed 000): #000000 and fully transparent pixels are no
 * square at all (SQUARE_NONE), #c3c3c3 is a square nothing may enter
 * (SQUARE_BLOCKED) and every other colour is walkable; a mission's palette
 * may override the type of a colour. Orthogonally adjacent walkable squares
 * of one colour (or of colours the palette puts in one area) form a room;
 * rooms are numbered 1, 2, 3... in the row-major
 * order of each room's first square, and every other square has room -1.
 * An edge between two neighbours carries a wall when their rooms differ and
 * at least one of them is walkable; the board's outline around walkable
 * squares is wall too.
 */
#pragma once

#include "grid.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef enum SquareType {
    SQUARE_NONE,     /* not part of the board */
    SQUARE_BLOCKED,  /* on the board but nothing may enter (rock) */
    SQUARE_WALKABLE, /* floor */
    SQUARE_TYPE_COUNT
} SquareType;

#define BOARD_RGB_NONE 0x000000u
#define BOARD_RGB_BLOCKED 0xc3c3c3u
/* Most distinct colours a bitmap may use: squares store a 16-bit index. */
#define BOARD_MAX_COLOURS 65536
/* Most rooms a board may have unless its spec says otherwise. A mission has
 * tens or hundreds; the cap keeps a bitmap of one-square rooms (a
 * checkerboard) from costing per-room work and memory for millions. */
#define BOARD_DEFAULT_MAX_ROOMS 250000

/* A mission palette entry that changes the type of one colour, or puts it
 * in an area: colours with the same non-zero area form rooms together (no
 * wall between their squares, as between grass and forest in open
 * country), each square keeping its own colour. */
typedef struct BoardTypeOverride {
    uint32_t rgb; /* 0xRRGGBB */
    SquareType type;
    uint16_t area; /* 0: none */
} BoardTypeOverride;

/* What a board is built from. The pixels are not kept (rgba_given: their
 * block becomes the room array). */
typedef struct BoardSpec {
    int width, height;
    const uint8_t *rgba; /* width * height * 4 bytes, R G B A per pixel */
    const BoardTypeOverride *overrides;
    int override_count;
    int64_t max_rooms; /* refuse more rooms than this; 0: BOARD_DEFAULT_MAX_ROOMS */
    /* Optional: called once the pixels have been read, before the rest of
     * the board is built, so the caller can free them early (peak memory
     * is then the board's own arrays, not those plus the pixels). */
    void (*pixels_done)(void *ctx);
    void *pixels_ctx;
    /* NULL: GRID_SQUARE4. Else the topology, square8 ratio and hex offset
     * of the board (its size is ignored: the bitmap's counts). */
    const Grid *shape;
    /* Optional, instead of rgba: the pixels in a block from
     * xmalloc_big(width * height, 4) that the board takes over, also when
     * board_create fails. Once the squares are typed it becomes the room
     * array (4 bytes a square, like a pixel), so that building makes one
     * fresh board-sized array, the colours (2 bytes a square), instead of
     * that and the rooms. */
    uint8_t *rgba_given;
} BoardSpec;

/* Facts about one room. */
typedef struct BoardRoom {
    uint32_t rgb;      /* the room's colour */
    int64_t squares;   /* number of squares */
    BoardPos first;    /* first square in row-major order */
    BoardPos min, max; /* bounding box, inclusive */
} BoardRoom;

/* Milliseconds spent in each stage of board_create, by the wall clock and
 * in processor time of the building thread (on a loaded machine the wall
 * clock also counts the time spent waiting for a core). Walls are not
 * stored (board_wall compares the rooms on an edge's two sides): their
 * stage counts them for board_wall_count. */
typedef struct BoardTimings {
    double type_ms, label_ms, walls_ms;
    double type_cpu_ms, label_cpu_ms, walls_cpu_ms;
} BoardTimings;

typedef struct Board Board;

/* Builds a board from spec. Returns NULL and writes a message to err when
 * the bitmap cannot make a board (more than BOARD_MAX_COLOURS colours, or
 * more rooms than spec->max_rooms). Aborts only when out of memory. Free
 * with board_destroy. */
Board *board_create(const BoardSpec *spec, char *err, size_t err_size);

/* Frees the board; NULL does nothing. */
void board_destroy(Board *board);

/* The board's grid (size and topology). */
const Grid *board_grid(const Board *board);
int board_width(const Board *board);
int board_height(const Board *board);

/* True when pos lies on the board's rectangle. */
bool board_contains(const Board *board, BoardPos pos);

/* The square's type; SQUARE_NONE off the board. */
SquareType board_type(const Board *board, BoardPos pos);

/* True for an on-board walkable square. */
bool board_walkable(const Board *board, BoardPos pos);

/* The square's colour as 0xRRGGBB (0 off the board or transparent). */
uint32_t board_rgb(const Board *board, BoardPos pos);

/* The square's palette index in [0, board_palette_size). */
int board_colour_index(const Board *board, BoardPos pos);
int board_palette_size(const Board *board);
uint32_t board_palette_rgb(const Board *board, int index);
/* True when palette entry index stands for fully transparent pixels (its
 * RGB reads 0, like black's, but the two are separate entries). */
bool board_palette_transparent(const Board *board, int index);

/* The square's room (1..room_count), or -1 for non-walkable, none and
 * off-board squares. */
int32_t board_room(const Board *board, BoardPos pos);
int32_t board_room_count(const Board *board);

/* Every square's room (board_room), row-major: for loops over square
 * indices that would otherwise ask square by square. */
const int32_t *board_room_array(const Board *board);

/* Facts about room 1..room_count. They are gathered for all rooms at the
 * first call (one pass over the board, 40 bytes a room), so a board nobody
 * asks about rooms costs nothing for them. */
const BoardRoom *board_room_info(const Board *board, int32_t room);

/* True when the edge on side dir (an orthogonal direction) of pos carries
 * a wall. The same edge answers the same from both of its squares. Edges
 * of squares off the board have no wall. */
bool board_wall(const Board *board, BoardPos pos, GridDir dir);

/* Walls as an overview drawing squares as blocks sees them (the picker's
 * preview, the far map): side is north, east, south or west; on hex
 * boards north is either upper edge of the hex and south either lower
 * one, east and west its own. */
bool board_wall_block(const Board *board, BoardPos pos, GridDir side);

/* Number of wall edges on the board, outline included. */
int64_t board_wall_count(const Board *board);

/* Number of walkable squares. */
int64_t board_walkable_count(const Board *board);

/* How long each stage of board_create took. */
BoardTimings board_timings(const Board *board);

/* Default type of a colour before any mission override. */
SquareType board_default_type(uint32_t rgb);

/* Name of a square type: "none", "blocked", "walkable". */
const char *board_type_name(SquareType type);
