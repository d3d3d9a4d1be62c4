/* Reading mission bitmaps (PNG, BMP) into exact RGBA colours.
 *
 * The only module under src/mission that uses SDL: SDL_image decodes, but
 * only after this module has identified the format from the file's own
 * signature, checked the header's size against the limits and checked the
 * file is long enough for what it claims. SDL_image never guesses formats
 * here, so no other decoder ever runs on an untrusted file.
 */
#pragma once

#include "../core/grid.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Largest bitmap accepted, and most rooms of the board built from it. */
typedef struct BitmapLimits {
    int max_side;        /* per side, in pixels */
    int64_t max_squares; /* width * height */
    int64_t max_rooms;   /* 0: BOARD_DEFAULT_MAX_ROOMS (core/board.h) */
    /* --topology: the board's topology instead of the mission's (NULL:
     * the mission's; a bare bitmap's is square). Not a limit, but it
     * travels with them to every load. */
    const Grid *shape;
} BitmapLimits;

#define BITMAP_DEFAULT_MAX_SIDE 16384
#define BITMAP_DEFAULT_MAX_SQUARES 67108864LL

/* A decoded bitmap: width * height pixels, R G B A bytes each. */
typedef struct Bitmap {
    int width, height;
    uint8_t *rgba;
    void *owner; /* the decoder's surface; bitmap_free frees it */
    /* the block of xmalloc_big(width * height, 4) that holds the pixels
     * (PNG), or NULL when the surface holds them (BMP) */
    uint8_t *block;
} Bitmap;

typedef enum BitmapFormat { BITMAP_UNKNOWN, BITMAP_PNG, BITMAP_BMP } BitmapFormat;

/* The default limits. */
BitmapLimits bitmap_default_limits(void);

/* Identifies a bitmap format from the first bytes of a file. */
BitmapFormat bitmap_sniff(const uint8_t *head, size_t n);

/* Checks the header of the file at path (its first bytes only) against the
 * limits and the file's size; on failure writes "PATH: reason" to err.
 * Used before reading a whole file that may be large. */
bool bitmap_check_file(const char *path, const BitmapLimits *limits, char *err, size_t err_size)
    __attribute__((warn_unused_result));

/* Loads the file at path. On failure returns false with a message in err
 * of the form "PATH: reason". On success the caller frees out with
 * bitmap_free. */
bool bitmap_load(const char *path, const BitmapLimits *limits, Bitmap *out, char *err,
                 size_t err_size) __attribute__((warn_unused_result));

/* Decodes a bitmap held in memory; name is used in messages. */
bool bitmap_decode(const char *name, const uint8_t *data, size_t size, const BitmapLimits *limits,
                   Bitmap *out, char *err, size_t err_size) __attribute__((warn_unused_result));

/* Frees the pixels of a loaded bitmap (safe on a zeroed Bitmap). */
void bitmap_free(Bitmap *bitmap);

/* Takes the pixels over: returns their block (from xmalloc_big(width *
 * height, 4)), which the caller frees or gives to board_create
 * (BoardSpec.rgba_given), or NULL when they are not in such a block.
 * bitmap_free then frees only the rest; rgba stays as it was. */
uint8_t *bitmap_take_block(Bitmap *bitmap);
