/* The board's per-square record, shared by the board's builders
 * (board.c, and board_hex.c for hex boards). Not part of the public API. */
#pragma once

#include <stdint.h>

/* Edge bits of Square.edges: the edges a square stores (grid_edge_owned).
 * Squares: east and south; hexes: east, south-east (EDGE_SOUTH) and
 * south-west. */
#define EDGE_EAST 1u
#define EDGE_SOUTH 2u
#define EDGE_SOUTHWEST 4u

/* Four bytes a square; the room index lives in its own array because the
 * labeller streams through it. */
typedef struct Square {
    uint16_t colour;
    uint8_t type;
    uint8_t edges;
} Square;
