/* A batch of textured, coloured quads sent to the renderer in one
 * SDL_RenderGeometry call, so a floor of thousands of squares costs one
 * draw call instead of thousands. */
#pragma once

#include <SDL.h>
#include <stdbool.h>

typedef struct Batch Batch;

/* An empty batch. Free with batch_destroy. */
Batch *batch_create(void);

/* Frees the batch; NULL does nothing. */
void batch_destroy(Batch *batch);

/* Queues a quad covering dst whose corners take texture coordinates uv
 * (normalised, in the order top-left, top-right, bottom-right,
 * bottom-left), multiplied by colour. */
void batch_quad_uv(Batch *batch, SDL_FRect dst, const SDL_FPoint uv[4], SDL_Color colour);

/* Queues a convex polygon of n points (in order) with texture coordinates
 * uv, multiplied by colour (hexes, strips along slanted walls). */
void batch_poly_uv(Batch *batch, const SDL_FPoint *pts, const SDL_FPoint *uv, int n,
                   SDL_Color colour);

/* Queues a quad showing the texel rectangle src of a texture of size
 * tex_w x tex_h (no rotation). Half a texel is trimmed on every side so
 * linear filtering never reads the neighbouring atlas cell. */
void batch_quad(Batch *batch, SDL_FRect dst, SDL_Rect src, int tex_w, int tex_h,
                SDL_Color colour);

/* Queues an untextured quad of one colour (flush with a NULL texture). */
void batch_rect(Batch *batch, SDL_FRect dst, SDL_Color colour);

/* Number of shapes (quads, polygons) queued. */
int batch_count(const Batch *batch);

/* Draws every queued quad with texture (NULL for plain colour) and empties
 * the batch. Returns false when the renderer refused. */
bool batch_flush(Batch *batch, SDL_Renderer *renderer, SDL_Texture *texture);
