#include "batch.h"

#include "../core/alloc.h"

#include <stdlib.h>

struct Batch {
    SDL_Vertex *verts;
    int *indices;
    int quads, cap;
};

Batch *batch_create(void)
{
    return xcalloc(1, sizeof(Batch));
}

void batch_destroy(Batch *batch)
{
    if (!batch)
        return;
    free(batch->verts);
    free(batch->indices);
    free(batch);
}

void batch_quad_uv(Batch *batch, SDL_FRect dst, const SDL_FPoint uv[4], SDL_Color colour)
{
    if (batch->quads == batch->cap) {
        batch->cap = batch->cap ? batch->cap * 2 : 1024;
        batch->verts = xrealloc(batch->verts, (size_t)batch->cap * 4, sizeof *batch->verts);
        batch->indices = xrealloc(batch->indices, (size_t)batch->cap * 6, sizeof *batch->indices);
    }
    const SDL_FPoint corner[4] = {{dst.x, dst.y},
                                  {dst.x + dst.w, dst.y},
                                  {dst.x + dst.w, dst.y + dst.h},
                                  {dst.x, dst.y + dst.h}};
    int base = batch->quads * 4;
    for (int i = 0; i < 4; i++)
        batch->verts[base + i] = (SDL_Vertex){corner[i], colour, uv[i]};
    static const int order[6] = {0, 1, 2, 0, 2, 3};
    for (int i = 0; i < 6; i++)
        batch->indices[batch->quads * 6 + i] = base + order[i];
    batch->quads++;
}

void batch_quad(Batch *batch, SDL_FRect dst, SDL_Rect src, int tex_w, int tex_h, SDL_Color colour)
{
    float u0 = ((float)src.x + 0.5f) / (float)tex_w, v0 = ((float)src.y + 0.5f) / (float)tex_h;
    float u1 = ((float)(src.x + src.w) - 0.5f) / (float)tex_w;
    float v1 = ((float)(src.y + src.h) - 0.5f) / (float)tex_h;
    const SDL_FPoint uv[4] = {{u0, v0}, {u1, v0}, {u1, v1}, {u0, v1}};
    batch_quad_uv(batch, dst, uv, colour);
}

void batch_rect(Batch *batch, SDL_FRect dst, SDL_Color colour)
{
    static const SDL_FPoint uv[4] = {{0, 0}, {1, 0}, {1, 1}, {0, 1}};
    batch_quad_uv(batch, dst, uv, colour);
}

int batch_count(const Batch *batch)
{
    return batch->quads;
}

bool batch_flush(Batch *batch, SDL_Renderer *renderer, SDL_Texture *texture)
{
    if (batch->quads == 0)
        return true;
    int rc = SDL_RenderGeometry(renderer, texture, batch->verts, batch->quads * 4, batch->indices,
                                batch->quads * 6);
    batch->quads = 0;
    return rc == 0;
}
