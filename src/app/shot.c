#include "shot.h"
#include "core/i18n.h"

#include "../core/fileio.h"

#include <png.h>
#include <setjmp.h>
#include <stdio.h>
#include <string.h>

/* libpng's errors end the write: the message is kept for the caller. */
typedef struct PngWrite {
    jmp_buf jump;
    char message[256];
} PngWrite;

static void png_fail(png_structp png, png_const_charp msg)
{
    PngWrite *w = png_get_error_ptr(png);
    snprintf(w->message, sizeof w->message, "%s", msg);
    longjmp(w->jump, 1);
}

static void png_warn(png_structp png, png_const_charp msg)
{
    (void)png;
    (void)msg;
}

/* The rows of an ARGB8888 surface through libpng's writer, without row
 * filters and at zlib's level 2: a screenshot is written once, and its
 * deflate was a quarter of a --screenshot run at the level 3 of libpng's
 * fast setting (level 2: 20% less time, a 5% larger file; level 1 is no
 * quicker and larger, filters cost more than they save). The pixels are
 * written as they are, alpha too (8-bit RGBA, sRGB). */
static bool write_rows(SDL_Surface *argb, FILE *f, PngWrite *w)
{
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, w, png_fail, png_warn);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    bool ok = false;
    if (!info)
        snprintf(w->message, sizeof w->message, "%s", _("out of memory"));
    else if (setjmp(w->jump) == 0) {
        png_init_io(png, f);
        png_set_IHDR(png, info, (png_uint_32)argb->w, (png_uint_32)argb->h, 8, PNG_COLOR_TYPE_RGBA,
                     PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
        png_set_sRGB(png, info, PNG_sRGB_INTENT_PERCEPTUAL);
        png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_FILTER_NONE);
        png_set_compression_level(png, 2);
        png_write_info(png, info);
        /* ARGB8888 lies in memory as B, G, R, A on a little-endian
         * machine, A, R, G, B on a big-endian one */
        if (SDL_BYTEORDER == SDL_LIL_ENDIAN)
            png_set_bgr(png);
        else
            png_set_swap_alpha(png);
        for (int y = 0; y < argb->h; y++)
            png_write_row(png, (png_const_bytep)argb->pixels + (size_t)y * (size_t)argb->pitch);
        png_write_end(png, NULL);
        ok = true;
    }
    png_destroy_write_struct(&png, &info);
    return ok;
}

static bool write_png(SDL_Surface *surface, const char *path, char *err, size_t err_size)
{
    SDL_Surface *argb = surface;
    if (surface->format->format != SDL_PIXELFORMAT_ARGB8888)
        argb = SDL_ConvertSurfaceFormat(surface, SDL_PIXELFORMAT_ARGB8888, 0);
    if (!argb) {
        snprintf(err, err_size, _("%s: cannot write: %s"), path, SDL_GetError());
        return false;
    }
    PngWrite w = {0};
    snprintf(w.message, sizeof w.message, "%s", _("cannot open"));
    FILE *f = fopen(path, "wb");
    bool ok = f && write_rows(argb, f, &w);
    if (f && fclose(f) != 0 && ok) {
        ok = false;
        snprintf(w.message, sizeof w.message, "%s", _("cannot write"));
    }
    if (!ok)
        snprintf(err, err_size, _("%s: cannot write: %s"), path, w.message);
    if (argb != surface)
        SDL_FreeSurface(argb);
    return ok;
}

bool shot_save_png(SDL_Surface *surface, const char *path, char *err, size_t err_size)
{
    char tmp[4200];
    snprintf(tmp, sizeof tmp, "%s.tmp", path);
    if (!write_png(surface, tmp, err, err_size)) {
        remove(tmp);
        return false;
    }
    if (rename(tmp, path) != 0) {
        snprintf(err, err_size, _("%s: cannot write"), path);
        remove(tmp);
        return false;
    }
    return true;
}

bool shot_save_window(SDL_Renderer *renderer, char *path_out, size_t path_size, char *err,
                      size_t err_size)
{
    int w, h;
    SDL_Surface *s = NULL;
    if (SDL_GetRendererOutputSize(renderer, &w, &h) == 0)
        s = SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, SDL_PIXELFORMAT_ARGB8888);
    if (!s || SDL_RenderReadPixels(renderer, NULL, SDL_PIXELFORMAT_ARGB8888, s->pixels, s->pitch)) {
        snprintf(err, err_size, "screenshot: %s", SDL_GetError());
        SDL_FreeSurface(s);
        return false;
    }
    char *dir = SDL_GetPrefPath("questboard", "questboard");
    bool ok = dir != NULL;
    if (!ok)
        snprintf(err, err_size, _("screenshot: no folder to write to: %s"), SDL_GetError());
    for (int n = 1; ok && n < 10000; n++) {
        snprintf(path_out, path_size, "%sscreenshot-%d.png", dir, n);
        if (!fileio_is_file(path_out))
            break;
    }
    if (ok)
        ok = shot_save_png(s, path_out, err, err_size);
    SDL_free(dir);
    SDL_FreeSurface(s);
    return ok;
}
