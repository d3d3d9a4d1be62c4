#include "batch.h"

#include "../core/alloc.h"

#include <stdlib.h>

struct Batch {
    SDL_Vertex *verts;
    int *indices;
    int nverts, vcap, nidx, icap;
    int shapes;
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

/* Room for n more vertices and k more indices. */
static void reserve(Batch *batch, int n, int k)
{
    if (batch->nverts + n > batch->vcap) {
        batch->vcap = batch->vcap ? batch->vcap * 2 : 4096;
        if (batch->vcap < batch->nverts + n)
            batch->vcap = batch->nverts + n;
        batch->verts = xrealloc(batch->verts, (size_t)batch->vcap, sizeof *batch->verts);
    }
    if (batch->nidx + k > batch->icap) {
        batch->icap = batch->icap ? batch->icap * 2 : 6144;
        if (batch->icap < batch->nidx + k)
            batch->icap = batch->nidx + k;
        batch->indices = xrealloc(batch->indices, (size_t)batch->icap, sizeof *batch->indices);
    }
}

void batch_poly_uv(Batch *batch, const SDL_FPoint *pts, const SDL_FPoint *uv, int n,
                   SDL_Color colour)
{
    reserve(batch, n, 3 * (n - 2));
    int base = batch->nverts;
    for (int i = 0; i < n; i++)
        batch->verts[base + i] = (SDL_Vertex){pts[i], colour, uv[i]};
    for (int i = 1; i + 1 < n; i++) { /* a fan from the first point */
        batch->indices[batch->nidx++] = base;
        batch->indices[batch->nidx++] = base + i;
        batch->indices[batch->nidx++] = base + i + 1;
    }
    batch->nverts += n;
    batch->shapes++;
}

void batch_quad_uv(Batch *batch, SDL_FRect dst, const SDL_FPoint uv[4], SDL_Color colour)
{
    const SDL_FPoint corner[4] = {{dst.x, dst.y},
                                  {dst.x + dst.w, dst.y},
                                  {dst.x + dst.w, dst.y + dst.h},
                                  {dst.x, dst.y + dst.h}};
    batch_poly_uv(batch, corner, uv, 4, colour);
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
    return batch->shapes;
}

bool batch_flush(Batch *batch, SDL_Renderer *renderer, SDL_Texture *texture)
{
    if (batch->shapes == 0)
        return true;
    int rc = SDL_RenderGeometry(renderer, texture, batch->verts, batch->nverts, batch->indices,
                                batch->nidx);
    batch->nverts = batch->nidx = batch->shapes = 0;
    return rc == 0;
}
