/* The board's state and the stages that build it, shared by its modules:
 * board.c (creation, questions, room facts), board_type.c (typing squares
 * by colour), board_label.c (square rooms), board_walls.c (counting square
 * walls, and the wall questions) and board_hex.c (hex rooms and walls). Not part
 * of the public API (board.h is). */
#pragma once

#include "board.h"

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Transparent pixels get a key no RGB colour can have, so an opaque black
 * square and a transparent one stay apart in the palette. */
#define KEY_TRANSPARENT 0x01000000u
typedef struct PaletteEntry {
    uint32_t key;
    SquareType type;
    uint16_t area; /* 0, or the area its colour forms rooms in */
} PaletteEntry;

/* What is gathered on the first question about rooms. Reached through a
 * pointer so that a const Board can fill it in; atomic because threads
 * share boards (bot games in balance.c): the first to finish gathering
 * publishes its array, any other frees its own. */
typedef struct RoomFacts {
    _Atomic(BoardRoom *) info; /* [1..room_count], NULL until asked */
} RoomFacts;

/* Per square: its colour (a palette index: the type is the palette's) and
 * its room. No wall is stored: an edge carries one exactly when the rooms
 * on its two sides differ (board_wall). */
struct Board {
    Grid grid;
    uint16_t *colours;
    int32_t *rooms;
    PaletteEntry *palette;
    int palette_size;
    RoomFacts *facts;
    int32_t room_count;
    int64_t wall_count;
    int64_t walkable_count;
    BoardTimings timings;
};

/* Gives every square its palette index and type (board_type.c); false with
 * a message when the bitmap has more than BOARD_MAX_COLOURS colours. */
bool board_type_squares(Board *b, const BoardSpec *spec, char *err, size_t err_size);

/* Colours that share an area form rooms together: while labelling, every
 * square of an area wears the first colour of its area and type, so the
 * labeller (which compares colours) joins them; afterwards each square gets its own colour
 * back, so rooms keep their squares' colours for tiles and names. Returns
 * the squares' own colours to put back, or NULL when no colour is in an
 * area (the usual case: then this costs one look at the palette). */
uint16_t *board_wear_area_colours(Board *b);

/* Puts back the colours board_wear_area_colours returned and frees them;
 * NULL does nothing. */
void board_restore_colours(Board *b, uint16_t *own);

/* Labels the rooms of a square (or square8) board into rooms[] (one entry
 * a square) from the squares' keys (their colour indices; open[key]:
 * walkable) and writes the count to *count; false with a message naming
 * the pixel when there are more than max_rooms (the second pass stops at
 * the row where that happens). board_label.c. */
bool board_square_label(const Grid *grid, const uint16_t *keys, const uint8_t *open,
                        int32_t *rooms, int64_t max_rooms, int32_t *count, char *err,
                        size_t err_size);

/* The number of wall edges of a square board, outline included (walls are
 * not stored: board_wall compares rooms). board_walls.c. */
int64_t board_square_walls(const Grid *grid, const int32_t *rooms);

/* The palette entry of the square at pos, or NULL off the board. */
static inline const PaletteEntry *board_entry_at(const Board *board, BoardPos pos)
{
    if (!grid_contains(&board->grid, pos))
        return NULL;
    return &board->palette[board->colours[grid_index(&board->grid, pos)]];
}
