/* Floor tiles stretched once per size instead of once per square.
 *
 * With SDL's software renderer most of a board redraw after a zoom step
 * is stretching the floor tiles with linear filtering, square by square,
 * though a board repeats a few pictures at two or three sizes (square
 * edges are rounded to whole pixels). A plan collects the squares of one
 * redraw; tilescale_prepare stretches each picture-and-size used more
 * than once into a small texture of its own (kept across zooms, the least
 * recently used freed beyond 12 MB of pixels)
 * and tilescale_draw copies that to each of its squares. The stretch of a
 * whole tile does not depend on where it lands, so the pixels are those
 * of stretching in place; only an opaque atlas (copied, not blended)
 * takes this path, else the squares are stretched in place as before.
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

/* Stretches each picture-and-size of the plan used more than once, or
 * reaching across the edge of clip (NULL: none), into a texture of its
 * own (kept from earlier plans), and frees the least recently used of
 * other zooms beyond 12 MB. It draws into those textures and then sets the current
 * target again, which drops the renderer's clip rectangle: set clip after
 * it. Does nothing when the atlas is blended or the renderer cannot draw
 * into textures. batch must be empty. */
void tilescale_prepare(TileScale *ts, SDL_Renderer *sdl, const Tileset *tiles, Batch *batch,
                       const SDL_Rect *clip);

/* Draws the plan's squares into the current target and empties the plan:
 * each a copy of its stretched tile, or stretched in place when
 * tilescale_prepare made none. batch must be empty. A clip rectangle
 * leaves the pixels inside it as without (copies are pixel for pixel). */
void tilescale_draw(TileScale *ts, SDL_Renderer *sdl, const Tileset *tiles, Batch *batch);

/* Stretches every picture-and-size of the plan not kept yet into a
 * texture of its own, as tilescale_prepare would (lone squares too), and
 * empties the plan without drawing: a zoom step's stretched frame makes
 * ahead the tiles its sharp redraw on the next frame copies. Like
 * tilescale_prepare, it sets the current target again. batch must be
 * empty. */
void tilescale_warm(TileScale *ts, SDL_Renderer *sdl, const Tileset *tiles, Batch *batch);

/* Forgets the stretched tiles (their textures belong to sdl). */
void tilescale_forget(TileScale *ts);
