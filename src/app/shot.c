#include "shot.h"

#include "../core/fileio.h"

#include <SDL_image.h>
#include <stdio.h>

bool shot_save_png(SDL_Surface *surface, const char *path, char *err, size_t err_size)
{
    char tmp[4200];
    snprintf(tmp, sizeof tmp, "%s.tmp", path);
    if (IMG_SavePNG(surface, tmp) != 0) {
        snprintf(err, err_size, "%s: cannot write: %s", path, IMG_GetError());
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
