#define _DEFAULT_SOURCE /* lstat */
#include "sprites.h"
#include "core/i18n.h"

#include "../core/alloc.h"
#include "image.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

typedef struct SpriteEntry {
    char *name;
    SDL_Texture *texture; /* NULL: missing */
} SpriteEntry;

struct Sprites {
    SDL_Renderer *renderer;
    char *dir;
    char *own_dir; /* a mission's own sprites, looked in first; NULL: none */
    SpriteEntry *entries;
    size_t count;
    bool full; /* SPRITES_MAX reached (reported once) */
};

Sprites *sprites_create(SDL_Renderer *renderer, const char *dir)
{
    Sprites *s = xcalloc(1, sizeof *s);
    s->renderer = renderer;
    s->dir = xstrdup(dir);
    return s;
}

/* Forgets every sprite loaded. */
static void forget(Sprites *sprites)
{
    for (size_t i = 0; i < sprites->count; i++) {
        free(sprites->entries[i].name);
        if (sprites->entries[i].texture)
            SDL_DestroyTexture(sprites->entries[i].texture);
    }
    free(sprites->entries);
    sprites->entries = NULL;
    sprites->count = 0;
    sprites->full = false;
}

void sprites_destroy(Sprites *sprites)
{
    if (!sprites)
        return;
    forget(sprites);
    free(sprites->dir);
    free(sprites->own_dir);
    free(sprites);
}

void sprites_set_own(Sprites *sprites, const char *own_dir)
{
    const char *old = sprites->own_dir;
    if ((!old && !own_dir) || (old && own_dir && strcmp(old, own_dir) == 0))
        return;
    forget(sprites);
    free(sprites->own_dir);
    sprites->own_dir = own_dir ? xstrdup(own_dir) : NULL;
}

/* The path of name's file in the own folder when it is there: every
 * folder on the way a real folder and the file a regular file (lstat), so
 * no link leads out of the mission's folder. */
static bool own_path(const Sprites *s, const char *name, char *path, size_t size)
{
    struct stat st;
    if (!s->own_dir || snprintf(path, size, "%s/%s.png", s->own_dir, name) >= (int)size)
        return false;
    size_t base = strlen(s->own_dir);
    path[base] = '\0';
    bool ok = lstat(path, &st) == 0 && S_ISDIR(st.st_mode);
    path[base] = '/';
    for (char *p = path + base + 1; ok && (p = strchr(p, '/')) != NULL; p++) {
        *p = '\0';
        ok = lstat(path, &st) == 0 && S_ISDIR(st.st_mode);
        *p = '/';
    }
    return ok && lstat(path, &st) == 0 && S_ISREG(st.st_mode);
}

bool sprites_name_ok(const char *name)
{
    if (!name || !*name || strlen(name) > 128)
        return false;
    char prev = '/';
    for (const char *p = name; *p; p++) {
        char c = *p;
        bool word = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
        if (!word && !(c == '/' && prev != '/'))
            return false;
        prev = c;
    }
    return prev != '/';
}

static SDL_Texture *load(Sprites *s, const char *name)
{
    if (!sprites_name_ok(name)) {
        fprintf(stderr, _("questboard: bad sprite name \"%s\"\n"), name);
        return NULL;
    }
    char path[4096], err[4352];
    if (!own_path(s, name, path, sizeof path))
        snprintf(path, sizeof path, "%s/%s.png", s->dir, name);
    SDL_Surface *img = image_load_png(path, err, sizeof err);
    SDL_Texture *t = img ? SDL_CreateTextureFromSurface(s->renderer, img) : NULL;
    if (img && !t)
        snprintf(err, sizeof err, "%s: %s", path, SDL_GetError());
    SDL_FreeSurface(img);
    if (!t)
        fprintf(stderr, "questboard: %s (drawing a stand-in)\n", err);
    else
        SDL_SetTextureScaleMode(t, SDL_ScaleModeLinear);
    return t;
}

SDL_Texture *sprites_get(Sprites *sprites, const char *name)
{
    for (size_t i = 0; i < sprites->count; i++)
        if (strcmp(sprites->entries[i].name, name) == 0)
            return sprites->entries[i].texture;
    if (sprites->count >= SPRITES_MAX) {
        if (!sprites->full)
            fprintf(stderr, _("questboard: %s: more than %d sprites asked for; the rest are drawn as "
                            "stand-ins\n"), sprites->dir, SPRITES_MAX);
        sprites->full = true;
        return NULL;
    }
    sprites->entries = xrealloc(sprites->entries, sprites->count + 1, sizeof *sprites->entries);
    SpriteEntry *e = &sprites->entries[sprites->count++];
    e->name = xstrdup(name);
    e->texture = load(sprites, name);
    return e->texture;
}
