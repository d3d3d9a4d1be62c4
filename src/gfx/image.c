#include "image.h"
#include "core/i18n.h"

#include "../core/fileio.h"

#include <SDL_image.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Signature, then the IHDR chunk's length, type, width and height. */
#define PNG_HEAD_BYTES 24

static const uint8_t PNG_SIGNATURE[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};

static uint32_t be32(const uint8_t *p)
{
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

/* Checks what the first bytes of a file say; the size goes to *w, *h. */
static bool check_head(const uint8_t *h, size_t n, uint32_t *w, uint32_t *ht, char *why,
                       size_t why_size)
{
    if (n < sizeof PNG_SIGNATURE || memcmp(h, PNG_SIGNATURE, sizeof PNG_SIGNATURE) != 0) {
        snprintf(why, why_size, _("not a PNG file (art must be PNG)"));
        return false;
    }
    if (n < PNG_HEAD_BYTES || be32(h + 8) != 13 || memcmp(h + 12, "IHDR", 4) != 0) {
        snprintf(why, why_size, _("damaged PNG: no image header"));
        return false;
    }
    *w = be32(h + 16);
    *ht = be32(h + 20);
    if (*w == 0 || *ht == 0 || *w > IMAGE_MAX_SIDE || *ht > IMAGE_MAX_SIDE) {
        snprintf(why, why_size, _("picture is %lux%lu, art may be 1x1 to %dx%d"),
                 (unsigned long)*w, (unsigned long)*ht, IMAGE_MAX_SIDE, IMAGE_MAX_SIDE);
        return false;
    }
    return true;
}

static SDL_Surface *decode(const uint8_t *data, size_t size, uint32_t w, uint32_t h, char *why,
                           size_t why_size)
{
    SDL_RWops *rw = SDL_RWFromConstMem(data, (int)size);
    SDL_Surface *s = rw ? IMG_LoadPNG_RW(rw) : NULL;
    if (rw)
        SDL_RWclose(rw);
    if (!s) {
        snprintf(why, why_size, _("damaged PNG (%s)"), IMG_GetError());
        return NULL;
    }
    if ((uint32_t)s->w != w || (uint32_t)s->h != h) {
        snprintf(why, why_size, _("decoded size %dx%d differs from the header's"), s->w, s->h);
        SDL_FreeSurface(s);
        return NULL;
    }
    return s;
}

SDL_Surface *image_load_png(const char *path, char *err, size_t err_size)
{
    char why[256];
    uint8_t head[PNG_HEAD_BYTES];
    size_t got = 0;
    uint64_t file_size = 0;
    uint32_t w, h;
    /* The head alone decides whether the file is worth reading. */
    if (!fileio_read_head(path, head, sizeof head, &got, &file_size, why, sizeof why) ||
        !check_head(head, got, &w, &h, why, sizeof why)) {
        snprintf(err, err_size, "%s: %s", path, why);
        return NULL;
    }
    uint8_t *data = NULL;
    size_t size = 0;
    SDL_Surface *s = NULL;
    /* The file may have changed since its head was read: check again. */
    if (fileio_read(path, IMAGE_MAX_BYTES, &data, &size, why, sizeof why) &&
        check_head(data, size, &w, &h, why, sizeof why))
        s = decode(data, size, w, h, why, sizeof why);
    free(data);
    if (!s)
        snprintf(err, err_size, "%s: %s", path, why);
    return s;
}
