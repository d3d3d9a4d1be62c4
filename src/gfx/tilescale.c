#include "tilescale.h"

#include "../core/alloc.h"

#include <stdbool.h>
#include <stdlib.h>

typedef struct Planned {
    int cell;
    SDL_Rect dst;
    SDL_Color tint;
    SDL_Texture *texture; /* its stretched tile, set by tilescale_prepare */
} Planned;

/* A tile stretched to w x h; used: the current draw needs it. */
typedef struct Stretched {
    int cell, w, h;
    SDL_Texture *texture;
    bool used;
    unsigned stamp; /* the plan that last used it */
} Stretched;

struct TileScale {
    Planned *plan;
    size_t count, cap;
    Stretched *kept;
    size_t kept_count, kept_cap;
    bool copy; /* tilescale_prepare stretched the plan's tiles */
    unsigned stamp; /* plans prepared so far */
};

TileScale *tilescale_create(void)
{
    return xcalloc(1, sizeof(TileScale));
}

void tilescale_forget(TileScale *ts)
{
    for (size_t i = 0; i < ts->kept_count; i++)
        SDL_DestroyTexture(ts->kept[i].texture);
    ts->kept_count = 0;
}

void tilescale_destroy(TileScale *ts)
{
    if (!ts)
        return;
    tilescale_forget(ts);
    free(ts->kept);
    free(ts->plan);
    free(ts);
}

void tilescale_add(TileScale *ts, int cell, SDL_Rect dst, SDL_Color tint)
{
    if (ts->count == ts->cap) {
        ts->cap = ts->cap ? ts->cap * 2 : 1024;
        ts->plan = xrealloc(ts->plan, ts->cap, sizeof *ts->plan);
    }
    ts->plan[ts->count++] = (Planned){cell, dst, tint, NULL};
}

/* Orders the plan by picture and size, so each run is one stretch. */
static int by_key(const void *a, const void *b)
{
    const Planned *p = a, *q = b;
    if (p->cell != q->cell)
        return (p->cell > q->cell) - (p->cell < q->cell);
    if (p->dst.w != q->dst.w)
        return (p->dst.w > q->dst.w) - (p->dst.w < q->dst.w);
    return (p->dst.h > q->dst.h) - (p->dst.h < q->dst.h);
}

static bool same_key(const Planned *p, const Planned *q)
{
    return p->cell == q->cell && p->dst.w == q->dst.w && p->dst.h == q->dst.h;
}

/* The tile stretched exactly as a square of the plan would be: the same
 * quad (half a texel trimmed, batch_quad) at the texture's origin. */
static SDL_Texture *stretch(SDL_Renderer *sdl, const Tileset *tiles, Batch *batch, int cell, int w,
                            int h)
{
    SDL_Texture *atlas = tileset_texture(tiles);
    int aw, ah;
    SDL_QueryTexture(atlas, NULL, NULL, &aw, &ah);
    SDL_Texture *t = SDL_CreateTexture(sdl, SDL_PIXELFORMAT_ARGB8888, SDL_TEXTUREACCESS_TARGET, w, h);
    if (!t)
        return NULL;
    SDL_SetTextureBlendMode(t, SDL_BLENDMODE_NONE);
    SDL_Texture *previous = SDL_GetRenderTarget(sdl);
    bool ok = SDL_SetRenderTarget(sdl, t) == 0;
    if (ok) {
        batch_quad(batch, (SDL_FRect){0, 0, (float)w, (float)h}, tileset_cell_rect(tiles, cell), aw, ah,
                   (SDL_Color){255, 255, 255, 255});
        ok = batch_flush(batch, sdl, atlas);
    }
    SDL_SetRenderTarget(sdl, previous);
    if (!ok) {
        SDL_DestroyTexture(t);
        return NULL;
    }
    return t;
}

/* The kept stretch of p's picture and size, else NULL. */
static SDL_Texture *find_kept(TileScale *ts, const Planned *p)
{
    for (size_t i = 0; i < ts->kept_count; i++) {
        Stretched *s = &ts->kept[i];
        if (s->cell == p->cell && s->w == p->dst.w && s->h == p->dst.h) {
            s->used = true;
            s->stamp = ts->stamp;
            return s->texture;
        }
    }
    return NULL;
}

/* The kept stretch of p's picture and size, made when missing; NULL when
 * it cannot be made. */
static SDL_Texture *find_or_stretch(TileScale *ts, SDL_Renderer *sdl, const Tileset *tiles, Batch *batch,
                                    const Planned *p)
{
    SDL_Texture *kept = find_kept(ts, p);
    if (kept)
        return kept;
    SDL_Texture *t = stretch(sdl, tiles, batch, p->cell, p->dst.w, p->dst.h);
    if (!t)
        return NULL;
    if (ts->kept_count == ts->kept_cap) {
        ts->kept_cap = ts->kept_cap ? ts->kept_cap * 2 : 64;
        ts->kept = xrealloc(ts->kept, ts->kept_cap, sizeof *ts->kept);
    }
    ts->kept[ts->kept_count++] = (Stretched){p->cell, p->dst.w, p->dst.h, t, true, ts->stamp};
    return t;
}

/* Frees the stretches least recently used beyond KEEP_BYTES of pixels,
 * never those of this plan's zoom (squares of w x h pixels, or a pixel
 * more or less where edges round the other way): a player zooming in
 * and out again finds the tiles of the zooms met on the way stretched
 * (stretching them took up to half of the redraw after a zoom step),
 * while memory stays bounded. */
#define KEEP_BYTES (12u << 20)

static bool droppable(const Stretched *s, int w, int h)
{
    return !s->used && (abs(s->w - w) > 1 || abs(s->h - h) > 1);
}

static void drop_unused(TileScale *ts, int w, int h)
{
    size_t bytes = 0;
    for (size_t i = 0; i < ts->kept_count; i++)
        bytes += (size_t)ts->kept[i].w * (size_t)ts->kept[i].h * 4;
    while (bytes > KEEP_BYTES) {
        size_t oldest = ts->kept_count;
        for (size_t i = 0; i < ts->kept_count; i++)
            if (droppable(&ts->kept[i], w, h) &&
                (oldest == ts->kept_count || ts->kept[i].stamp < ts->kept[oldest].stamp))
                oldest = i;
        if (oldest == ts->kept_count)
            break;
        bytes -= (size_t)ts->kept[oldest].w * (size_t)ts->kept[oldest].h * 4;
        SDL_DestroyTexture(ts->kept[oldest].texture);
        ts->kept[oldest] = ts->kept[--ts->kept_count];
    }
    for (size_t i = 0; i < ts->kept_count; i++)
        ts->kept[i].used = false;
}

static bool can_copy(SDL_Renderer *sdl, const Tileset *tiles)
{
    SDL_BlendMode mode;
    SDL_Texture *atlas = tileset_texture(tiles);
    return atlas && SDL_RenderTargetSupported(sdl) && SDL_GetTextureBlendMode(atlas, &mode) == 0 &&
           mode == SDL_BLENDMODE_NONE;
}

static void queue_in_place(Batch *batch, const Tileset *tiles, const Planned *p)
{
    int aw, ah;
    SDL_QueryTexture(tileset_texture(tiles), NULL, NULL, &aw, &ah);
    SDL_FRect dst = {(float)p->dst.x, (float)p->dst.y, (float)p->dst.w, (float)p->dst.h};
    batch_quad(batch, dst, tileset_cell_rect(tiles, p->cell), aw, ah, p->tint);
}

static bool inside(SDL_Rect rc, const SDL_Rect *clip)
{
    return !clip || (rc.x >= clip->x && rc.y >= clip->y && rc.x + rc.w <= clip->x + clip->w &&
                     rc.y + rc.h <= clip->y + clip->h);
}

void tilescale_prepare(TileScale *ts, SDL_Renderer *sdl, const Tileset *tiles, Batch *batch,
                       const SDL_Rect *clip)
{
    ts->copy = ts->count > 0 && can_copy(sdl, tiles);
    if (!ts->copy)
        return;
    ts->stamp++;
    qsort(ts->plan, ts->count, sizeof *ts->plan, by_key);
    for (size_t i = 0; i < ts->count;) {
        size_t end = i + 1;
        while (end < ts->count && same_key(&ts->plan[i], &ts->plan[end]))
            end++;
        /* a lone square inside the clip is stretched in place (cheaper);
         * one across its edge is copied, since SDL rounds the texels of a
         * clipped stretch */
        bool lone = end - i == 1 && inside(ts->plan[i].dst, clip);
        SDL_Texture *t = lone ? find_kept(ts, &ts->plan[i]) : find_or_stretch(ts, sdl, tiles, batch, &ts->plan[i]);
        for (; i < end; i++)
            ts->plan[i].texture = t;
    }
    drop_unused(ts, ts->plan[0].dst.w, ts->plan[0].dst.h);
}

void tilescale_warm(TileScale *ts, SDL_Renderer *sdl, const Tileset *tiles, Batch *batch)
{
    if (ts->count > 0 && can_copy(sdl, tiles)) {
        ts->stamp++;
        qsort(ts->plan, ts->count, sizeof *ts->plan, by_key);
        for (size_t i = 0; i < ts->count; i++)
            if (i == 0 || !same_key(&ts->plan[i - 1], &ts->plan[i]))
                find_or_stretch(ts, sdl, tiles, batch, &ts->plan[i]);
        drop_unused(ts, ts->plan[0].dst.w, ts->plan[0].dst.h);
    }
    ts->count = 0;
    ts->copy = false;
}

void tilescale_draw(TileScale *ts, SDL_Renderer *sdl, const Tileset *tiles, Batch *batch)
{
    for (size_t i = 0; i < ts->count; i++) {
        const Planned *p = &ts->plan[i];
        if (ts->copy && p->texture) {
            /* a tinted square: SDL stretches it the same way into a
             * scratch picture, then copies that with the tint */
            SDL_SetTextureColorMod(p->texture, p->tint.r, p->tint.g, p->tint.b);
            SDL_RenderCopy(sdl, p->texture, NULL, &p->dst);
            SDL_SetTextureColorMod(p->texture, 255, 255, 255);
        } else {
            queue_in_place(batch, tiles, p);
        }
    }
    batch_flush(batch, sdl, tileset_texture(tiles));
    ts->count = 0;
    ts->copy = false;
}
