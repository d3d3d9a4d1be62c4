/* Floor tiles stretched once per size instead of once per square.
 *
 * With SDL's software renderer most of a board redraw after a zoom step
 * is stretching the floor tiles with linear filtering, square by square,
 * though a board repeats a few pictures at two or three sizes (square
 * edges are rounded to whole pixels). A plan collects the squares of one
 * redraw; tilescale_draw stretches every picture-and-size used more than
 * once into a small texture of its own (kept while the next redraw still
 * uses it) and copies that to each of its squares; the others are
 * stretched in place as before. The stretch of a whole tile does not
 * depend on where it lands, so the pixels are the same as stretching in
 * place; only an opaque atlas (copied, not blended) takes this path.
 */
#pragma once

#include "batch.h"
#include "tileset.h"

#include <SDL.h>

typedef struct TileScale TileScale;

/* An empty plan and no stretched tiles. Free with tilescale_destroy. */
TileScale *tilescale_create(void);

/* Frees the plan and the stretched tiles; NULL does nothing. */
void tilescale_destroy(TileScale *ts);

/* Adds square dst (whole pixels, in the current target) showing tile
 * cell multiplied by tint (opaque) to the plan. */
void tilescale_add(TileScale *ts, int cell, SDL_Rect dst, SDL_Color tint);

/* Draws the plan's squares into the renderer's current target and empties
 * the plan. batch is an empty batch to queue the squares stretched in
 * place. Tiles used once, or every tile when the atlas is blended or the
 * renderer cannot draw into textures, are stretched in place. */
void tilescale_draw(TileScale *ts, SDL_Renderer *sdl, const Tileset *tiles, Batch *batch);

/* Forgets the stretched tiles (their textures belong to sdl). */
void tilescale_forget(TileScale *ts);
