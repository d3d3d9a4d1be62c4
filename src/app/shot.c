#include "shot.h"

#include "../core/fileio.h"

#include <png.h>
#include <stdio.h>
#include <string.h>

/* libpng's simplified writer with its fast setting (zlib's quickest
 * level, no filter search): a screenshot is written once and the file is
 * about twice SDL_image's, but SDL_image's default level took two thirds
 * of a --screenshot run. The pixels are the same: 8-bit sRGB with alpha
 * is written as it is. */
static bool write_png(SDL_Surface *surface, const char *path, char *err, size_t err_size)
{
    SDL_Surface *argb = surface;
    if (surface->format->format != SDL_PIXELFORMAT_ARGB8888)
        argb = SDL_ConvertSurfaceFormat(surface, SDL_PIXELFORMAT_ARGB8888, 0);
    if (!argb) {
        snprintf(err, err_size, "%s: cannot write: %s", path, SDL_GetError());
        return false;
    }
    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    image.width = (png_uint_32)argb->w;
    image.height = (png_uint_32)argb->h;
    /* ARGB8888 lies in memory as B, G, R, A on a little-endian machine */
    image.format = SDL_BYTEORDER == SDL_LIL_ENDIAN ? PNG_FORMAT_BGRA : PNG_FORMAT_ARGB;
    image.flags = PNG_IMAGE_FLAG_FAST;
    bool ok = png_image_write_to_file(&image, path, 0, argb->pixels, argb->pitch, NULL) != 0;
    if (!ok)
        snprintf(err, err_size, "%s: cannot write: %s", path, image.message);
    png_image_free(&image);
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
        snprintf(err, err_size, "%s: cannot write", path);
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
        snprintf(err, err_size, "screenshot: no folder to write to: %s", SDL_GetError());
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
