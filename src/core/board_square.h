/* The board's per-square record, shared by the board's builders
 * (board.c, and board_hex.c for hex boards). Not part of the public API. */
#pragma once

#include <stdint.h>

/* Four bytes a square: as big as a pixel, so that a load types the squares
 * over the decoder's pixels (BoardSpec.rgba_given). The room index lives in
 * its own array because the labeller streams through it. Walls are not
 * stored: an edge carries one exactly when the rooms on its two sides
 * differ (board_wall). */
typedef struct Square {
    uint16_t colour;
    uint8_t type;
    uint8_t unused; /* always 0: the labellers compare squares as words */
} Square;
