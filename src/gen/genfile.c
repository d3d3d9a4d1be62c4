#define _POSIX_C_SOURCE 200809L
#include "genfile.h"

#include "../core/alloc.h"
#include "../core/fileio.h"
#include "../core/i18n.h"

#include <SDL.h>
#include <SDL_image.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* A growing buffer behind an SDL_RWops, for encoding into memory. */
typedef struct Sink {
    uint8_t *data;
    size_t size, cap;
} Sink;

static size_t sink_write(SDL_RWops *rw, const void *ptr, size_t size, size_t num)
{
    Sink *s = rw->hidden.unknown.data1;
    size_t n = size * num;
    if (s->size + n > s->cap) {
        s->cap = (s->size + n) * 2 + 4096;
        s->data = xrealloc(s->data, s->cap, 1);
    }
    memcpy(s->data + s->size, ptr, n);
    s->size += n;
    return num;
}

static Sint64 sink_size(SDL_RWops *rw)
{
    return (Sint64)((Sink *)rw->hidden.unknown.data1)->size;
}

static Sint64 sink_seek(SDL_RWops *rw, Sint64 offset, int whence)
{
    /* the encoder only appends; it may ask where it is */
    return offset == 0 && whence != RW_SEEK_SET ? sink_size(rw) : -1;
}

static int sink_close(SDL_RWops *rw)
{
    SDL_FreeRW(rw);
    return 0;
}

bool genfile_png(const uint8_t *rgba, int width, int height, uint8_t **png, size_t *size,
                 char *err, size_t err_size)
{
    return genfile_png_alpha(rgba, width, height, false, png, size, err, err_size);
}

bool genfile_png_alpha(const uint8_t *rgba, int width, int height, bool alpha, uint8_t **png,
                       size_t *size, char *err, size_t err_size)
{
    int bytes = alpha ? 4 : 3;
    SDL_Surface *s = SDL_CreateRGBSurfaceWithFormat(
        0, width, height, bytes * 8, alpha ? SDL_PIXELFORMAT_RGBA32 : SDL_PIXELFORMAT_RGB24);
    SDL_RWops *rw = s ? SDL_AllocRW() : NULL;
    if (!s || !rw) {
        snprintf(err, err_size, "board.png: %s", SDL_GetError());
        SDL_FreeSurface(s);
        return false;
    }
    for (int y = 0; y < height; y++) {
        uint8_t *row = (uint8_t *)s->pixels + (size_t)y * (size_t)s->pitch;
        const uint8_t *src = rgba + (size_t)y * (size_t)width * 4;
        for (int x = 0; x < width; x++)
            memcpy(row + x * bytes, src + x * 4, (size_t)bytes);
    }
    Sink sink = {NULL, 0, 0};
    rw->hidden.unknown.data1 = &sink;
    rw->write = sink_write;
    rw->size = sink_size;
    rw->seek = sink_seek;
    rw->close = sink_close;
    bool ok = IMG_SavePNG_RW(s, rw, 1) == 0;
    SDL_FreeSurface(s);
    if (!ok) {
        snprintf(err, err_size, _("board.png: cannot encode: %s"), IMG_GetError());
        free(sink.data);
        return false;
    }
    *png = sink.data;
    *size = sink.size;
    return true;
}

bool genfile_make_folder(const char *dir, char *err, size_t err_size)
{
    char path[4096];
    if (!dir[0]) { /* the walk below starts past the first byte */
        snprintf(err, err_size, _("no folder given: name the folder to write into"));
        return false;
    }
    if (snprintf(path, sizeof path, "%s", dir) >= (int)sizeof path) {
        snprintf(err, err_size, _("the folder's path is too long (%zu bytes, at most %zu): %.60s..."),
                 strlen(dir), sizeof path - 1, dir);
        return false;
    }
    for (char *p = path + 1;; p++) {
        bool end = *p == '\0';
        if (*p == '/' || end) {
            *p = '\0';
            struct stat st;
            if (stat(path, &st) != 0 && mkdir(path, 0777) != 0 && errno != EEXIST) {
                snprintf(err, err_size, _("%s: cannot make the folder: %s"), path, strerror(errno));
                return false;
            }
            if (stat(path, &st) != 0 || !S_ISDIR(st.st_mode)) {
                snprintf(err, err_size, _("%s: not a folder"), path);
                return false;
            }
            if (end)
                return true;
            *p = '/';
        }
    }
}

static bool join(char *buf, size_t size, const char *dir, const char *name, char *err,
                 size_t err_size)
{
    size_t n = strlen(dir);
    bool slash = n > 0 && dir[n - 1] == '/';
    if (snprintf(buf, size, "%s%s%s", dir, slash ? "" : "/", name) >= (int)size) {
        /* the reason first: the path itself may be thousands of bytes */
        snprintf(err, err_size, _("the folder's path is too long (%zu bytes, at most %zu): %.60s..."),
                 n, size - 2 - strlen(name), dir);
        return false;
    }
    return true;
}

bool genfile_check(const char *dir, bool overwrite, char *xml_path, size_t xml_path_size,
                   char *err, size_t err_size)
{
    char png_path[4200];
    struct stat st;
    if (!dir[0]) {
        snprintf(err, err_size, _("no folder given: name the folder to write the mission into"));
        return false;
    }
    if (strlen(dir) > GENFILE_MAX_DIR) {
        snprintf(err, err_size, _("the folder's path is too long (%zu bytes, at most %d): %.60s..."),
                 strlen(dir), GENFILE_MAX_DIR, dir);
        return false;
    }
    if (!join(png_path, sizeof png_path, dir, "board.png", err, err_size) ||
        !join(xml_path, xml_path_size, dir, "mission.xml", err, err_size))
        return false;
    for (int k = 0; !overwrite && k < 2; k++) {
        const char *p = k ? xml_path : png_path;
        if (lstat(p, &st) == 0) {
            snprintf(err, err_size,
                     _("%s already exists: choose another folder, or --force to replace it"), p);
            return false;
        }
    }
    return true;
}

static bool write_file(const char *path, const void *data, size_t size, char *err,
                       size_t err_size)
{
    char why[256];
    if (fileio_write_atomic(path, data, size, why, sizeof why))
        return true;
    snprintf(err, err_size, "%s: %s", path, why);
    return false;
}

bool genfile_write(const GenResult *r, const char *dir, bool overwrite, char *xml_path,
                   size_t xml_path_size, char *err, size_t err_size)
{
    char png_path[4200];
    if (!genfile_check(dir, overwrite, xml_path, xml_path_size, err, err_size) ||
        !join(png_path, sizeof png_path, dir, "board.png", err, err_size))
        return false;
    uint8_t *png = NULL;
    size_t png_size = 0;
    bool ok = genfile_make_folder(dir, err, err_size) &&
              genfile_png(r->rgba, r->width, r->height, &png, &png_size, err, err_size) &&
              write_file(png_path, png, png_size, err, err_size) &&
              write_file(xml_path, r->xml, r->xml_size, err, err_size);
    free(png);
    return ok;
}

bool genfile_generate(const char *assets_dir, const GenOptions *o, const char *dir,
                      bool overwrite, GenResult *out, char *xml_path, size_t xml_path_size,
                      ErrorList *errs)
{
    char cat_path[4096], data_path[4096];
    snprintf(cat_path, sizeof cat_path, "%s/pieces.xml", assets_dir);
    snprintf(data_path, sizeof data_path, "%s/generator.xml", assets_dir);
    memset(out, 0, sizeof *out);
    char err[4400];
    /* the folder first: nothing is generated for a folder that cannot take it */
    if (dir && !genfile_check(dir, overwrite, xml_path, xml_path_size, err, sizeof err)) {
        errors_add(errs, "%s", err);
        return false;
    }
    Catalogue *cat = catalogue_load(cat_path, errs);
    GenData *data = cat ? gendata_load(data_path, errs) : NULL;
    bool ok = data != NULL;
    if (ok) {
        GenSources src = {data, cat, cat_path};
        ok = gen_generate(o, &src, out, errs);
    }
    if (ok && dir && !genfile_write(out, dir, overwrite, xml_path, xml_path_size, err, sizeof err)) {
        errors_add(errs, "%s", err);
        gen_result_free(out);
        ok = false;
    }
    gendata_destroy(data);
    catalogue_destroy(cat);
    return ok;
}
