/* Bitmap lint: what in a mission's picture is probably a slip of the
 * brush. None of it stops a mission from loading; `questboard --check`
 * prints each finding as a warning (docs/missions.md, section 4):
 *
 *   - a floor colour within LINT_NEAR in every channel of another colour
 *     of the board (unless the mission's palette names both), of rock
 *     (#c3c3c3) or of black: one shade off makes a room of its own;
 *   - a room of a single square (unless its colour has a palette name);
 *   - two rooms of one colour that touch only at a corner (figures never
 *     step diagonally, so they are two rooms with a wall between);
 *   - transparent and black pixels both used for "no square".
 *
 * Cost: at most two passes over the squares (the second only when two
 * rooms share a colour) plus the distinct colours sorted once; a third,
 * counting each colour's squares, only when a warning names them.
 */
#pragma once

#include "errors.h"
#include "mission.h"

#include <stddef.h>

/* Colours this close in each of R, G and B count as "near". */
#define LINT_NEAR 8

/* Lints board, naming name (the bitmap's path) in each message:
 * "NAME: square (x,y): warning: …". mission (may be NULL) gives the
 * palette: colours it names are meant. Returns how many warnings it added
 * to out. */
size_t lint_board(const Board *board, const Mission *mission, const char *name, ErrorList *out);
