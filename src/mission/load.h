/* Loading a board from a file on disk (bitmap for now; the mission loader
 * builds on this). Joins bitmap decoding (SDL_image) to the SDL-free board.
 */
#pragma once

#include "../core/board.h"
#include "bitmap.h"

#include <stdbool.h>
#include <stddef.h>

/* Loads the bitmap at path and builds its board, applying the given type
 * overrides. Writes the decoding time to *load_ms when it is not NULL.
 * Returns NULL with "PATH: reason" in err on failure. */
Board *load_board_bitmap(const char *path, const BitmapLimits *limits,
                         const BoardTypeOverride *overrides, int override_count, double *load_ms,
                         char *err, size_t err_size);
