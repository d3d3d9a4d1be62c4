/* Named sprites: "pieces/orc" is assets/sprites/pieces/orc.png. Loaded on
 * first use and kept; the piece catalogue names them, so drawing never
 * switches on a piece type. */
#pragma once

#include <SDL.h>
#include <stdbool.h>

typedef struct Sprites Sprites;

/* Most sprite files read (docs/tiles.md): the catalogue names a few dozen. */
#define SPRITES_MAX 1024

/* A cache reading PNGs under dir for renderer. */
Sprites *sprites_create(SDL_Renderer *renderer, const char *dir);

/* Looks in own_dir (a mission's own sprites, docs/tiles.md) before the
 * folder: "pieces/orc" is own_dir/pieces/orc.png when that is a regular
 * file reached through real folders (no link on the way), else the
 * folder's. A change of own_dir forgets the sprites loaded. NULL: none. */
void sprites_set_own(Sprites *sprites, const char *own_dir);

/* Frees every texture; NULL does nothing. */
void sprites_destroy(Sprites *sprites);

/* The texture of a sprite name, or NULL when the file is missing or bad
 * (read as image.h says; reported once on stderr; the caller draws a
 * stand-in), or when SPRITES_MAX names were asked for already. Names may hold
 * only a-z, 0-9, '_', '-' and single '/' between parts, so they never
 * leave the folder. */
SDL_Texture *sprites_get(Sprites *sprites, const char *name);

/* True when name is an acceptable sprite name. */
bool sprites_name_ok(const char *name);
