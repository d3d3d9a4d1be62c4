/* Reading art files (floor tiles, sprites).
 *
 * Art folders may be the player's own (--tiles, --sprites), so every file
 * is untrusted like a mission: it is read through fileio (regular files
 * only, at most IMAGE_MAX_BYTES, so a FIFO cannot hang the game), only a
 * PNG signature is accepted and only the PNG decoder runs (SDL_image never
 * guesses the format from the content), and the size in the PNG header is
 * checked against IMAGE_MAX_SIDE before a pixel is decoded.
 */
#pragma once

#include <SDL.h>
#include <stddef.h>

/* Largest art picture, per side (docs/tiles.md). */
#define IMAGE_MAX_SIDE 1024
/* Largest art file: a 1024x1024 PNG of 16-bit RGBA that deflate could not
 * shrink is 8 MiB plus its chunks. */
#define IMAGE_MAX_BYTES ((size_t)9 << 20)

/* Loads the PNG at path. Returns a new surface, or NULL with "PATH:
 * reason" in err. */
SDL_Surface *image_load_png(const char *path, char *err, size_t err_size);
