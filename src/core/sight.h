/* Line of sight between square (or hex) centres.
 *
 * The line from the centre of one square to the centre of another crosses
 * squares and the edges between them. It is blocked when it crosses an
 * edge the caller says blocks (a wall, a closed door) or passes through a
 * square the caller says blocks (a figure, rubble, rock); the two end
 * squares themselves never block. A line that only touches a corner
 * counts as visible (RULES.md 6): where it passes exactly through a
 * corner, it is blocked only when both ways around the corner are.
 * Integer arithmetic only, so results are exact and portable.
 */
#pragma once

#include "grid.h"

#include <stdbool.h>

/* The caller's blockers. */
typedef struct SightRules {
    /* True when the edge on side dir of pos blocks sight. */
    bool (*edge_blocks)(void *ctx, BoardPos pos, GridDir dir);
    /* True when the square pos (never an end of the line) blocks sight. */
    bool (*square_blocks)(void *ctx, BoardPos pos);
    void *ctx;
} SightRules;

/* On hex grids the line is sampled at each of its hex-distance steps by
 * interpolating cube coordinates exactly (integers) and rounding; where
 * it runs exactly along an edge between two hexes (a tie), it is nudged
 * to either side and is visible when either way is clear. Square8 grids
 * use the square line.
 *
 * True when b is visible from a. A square always sees itself. Both must
 * lie on grid. */
bool sight_line(const Grid *grid, BoardPos a, BoardPos b, const SightRules *rules);
