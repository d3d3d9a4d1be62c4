#include "render_internal.h"

#include "../core/alloc.h"
#include "blend.h"

#include <math.h>
#include <stdlib.h>

/* Wall strips are centred on their edge, so the board's outline walls
 * stick out of it by half a strip and their shadow: a fogged square on
 * the outline is dimmed that much further out, or its outer wall would
 * stay bright while every inner wall is dimmed. */
static SDL_FRect fog_rect(const Scene *s, const Camera *cam, BoardPos p)
{
    SDL_FRect rc = render_squares_rect(cam, p.x, p.y, 1, 1);
    const Board *b = scene_board(s);
    float t = fmaxf(2.0f, 2 * roundf((float)cam->scale * WALL_SHARE / 2));
    float out = t / 2 + fmaxf(1.0f, roundf(t * 0.35f)) + 1;
    if (p.x == 0)
        rc.x -= out, rc.w += out;
    if (p.y == 0)
        rc.y -= out, rc.h += out;
    if (p.x == board_width(b) - 1)
        rc.w += out;
    if (p.y == board_height(b) - 1)
        rc.h += out;
    return rc;
}

/* Rectangles few enough to be read back each alone however much of
 * their bounding box they cover. */
#define BLEND_FEW 24

/* Pixels of fog blended in memory at a time (a band of rows). */
#define BLEND_BAND_PIXELS (64 * 1024)

/* A rectangle with whole-pixel corners (fog_rect's are), as SDL's
 * software renderer turns a filled quad into one: corners truncated. */
static SDL_Rect whole_rect(SDL_FRect f)
{
    return (SDL_Rect){(int)f.x, (int)f.y, SDL_max((int)f.w, 1), SDL_max((int)f.h, 1)};
}

/* The part of the render target drawing reaches: the target's size,
 * within the clip rectangle. False when the renderer is not drawing into
 * a texture at scale 1. */
static bool target_bounds(Renderer *r, SDL_Rect *bounds)
{
    SDL_Texture *target = SDL_GetRenderTarget(r->sdl);
    float sx, sy;
    SDL_RenderGetScale(r->sdl, &sx, &sy);
    if (!target || sx != 1.0f || sy != 1.0f)
        return false;
    *bounds = (SDL_Rect){0, 0, 0, 0};
    SDL_QueryTexture(target, NULL, NULL, &bounds->w, &bounds->h);
    if (SDL_RenderIsClipEnabled(r->sdl)) {
        SDL_Rect clip;
        SDL_RenderGetClipRect(r->sdl, &clip);
        if (!SDL_IntersectRect(bounds, &clip, bounds))
            *bounds = (SDL_Rect){0, 0, 0, 0};
    }
    return true;
}

/* Blends colour over the rectangles first..end-1 of r->rects (clipped to
 * the target) where they meet box: box read back from the render target
 * in bands of rows, blended by blend_fill and written again. The bands
 * stay in the processor's cache while they are blended and written, and
 * the buffer stays small. False when nothing could be read back. */
static bool blend_box(Renderer *r, SDL_Rect box, int first, int end, SDL_Color colour)
{
    int band = SDL_max(1, BLEND_BAND_PIXELS / box.w);
    size_t need = (size_t)band * (size_t)box.w;
    if (need > r->pixels_cap) {
        free(r->pixels);
        r->pixels = xmalloc(need, sizeof *r->pixels);
        r->pixels_cap = need;
    }
    int pitch = box.w * 4;
    for (int y0 = box.y; y0 < box.y + box.h; y0 += band) {
        SDL_Rect part = {box.x, y0, box.w, SDL_min(band, box.y + box.h - y0)};
        /* the read flushes SDL's queue: everything drawn so far is in it */
        bool read = SDL_RenderReadPixels(r->sdl, &part, SDL_PIXELFORMAT_ARGB8888, r->pixels, pitch) == 0;
        if (!read && y0 == box.y)
            return false; /* nothing blended yet: SDL draws it all */
        for (int i = first; read && i < end; i++) {
            SDL_Rect rc;
            if (SDL_IntersectRect(&r->rects[i], &part, &rc))
                blend_fill(r->pixels, pitch, (SDL_Rect){rc.x - part.x, rc.y - part.y, rc.w, rc.h}, colour);
        }
        if (!read || SDL_UpdateTexture(SDL_GetRenderTarget(r->sdl), &part, r->pixels, pitch) != 0)
            SDL_Log("blend: %s", SDL_GetError());
    }
    return true;
}

bool render_blend_rects(Renderer *r, int n, SDL_Color colour)
{
    SDL_Rect bounds, box = {0, 0, 0, 0};
    if (!r->software || !target_bounds(r, &bounds))
        return false;
    long long area = 0;
    for (int i = 0; i < n; i++) {
        SDL_Rect rc;
        if (!SDL_IntersectRect(&r->rects[i], &bounds, &rc))
            rc.w = rc.h = 0;
        r->rects[i] = rc;
        area += (long long)rc.w * rc.h;
        if (rc.w > 0 && box.w > 0)
            SDL_UnionRect(&box, &rc, &box);
        else if (rc.w > 0)
            box = rc;
    }
    if (area == 0)
        return true;
    /* a few large rectangles (the fog's runs) are read back each alone,
     * so the pixels between them are neither read nor written */
    if (n > BLEND_FEW && area * 4 >= (long long)box.w * box.h)
        return blend_box(r, box, 0, n, colour);
    /* scattered (the walls' shadows): each rectangle read back alone, in
     * turn, so where two overlap the second blends over the first as
     * SDL's would */
    bool any = false;
    for (int i = 0; i < n; i++)
        if (r->rects[i].w > 0 && r->rects[i].h > 0) {
            if (!blend_box(r, r->rects[i], i, i + 1, colour) && !any) {
                /* nothing blended yet: SDL draws it all */
                return false;
            }
            any = true;
        }
    return true;
}

void render_reserve_rects(Renderer *r, int n)
{
    if (n <= r->rects_cap)
        return;
    r->rects_cap = SDL_max(n, 2 * r->rects_cap);
    r->rects = xrealloc(r->rects, (size_t)r->rects_cap, sizeof *r->rects);
}

/* Joins each run rects[row..n-1] to a run of the rows above that spans
 * the same columns and ends where it begins (so the union is both, and
 * the pixels blended the same); the new count. */
static int merge_rows(SDL_Rect *rects, int n, int row)
{
    int kept = row;
    for (int i = row; i < n; i++) {
        SDL_Rect rc = rects[i];
        bool joined = false;
        for (int j = row - 1; j >= 0 && !joined; j--) {
            SDL_Rect *up = &rects[j];
            if (up->x == rc.x && up->w == rc.w && up->y + up->h == rc.y) {
                up->h += rc.h;
                joined = true;
            }
        }
        if (!joined)
            rects[kept++] = rc;
    }
    return kept;
}

void render_draw_fog(Renderer *r, const Scene *s, const Camera *cam, BoardPos lo, BoardPos hi)
{
    static const SDL_Color FOG = {8, 6, 6, 235};
    if (cam->hex) {
        for (int y = lo.y; y <= hi.y; y++)
            for (int x = lo.x; x <= hi.x; x++)
                if (!scene_revealed(s, (BoardPos){x, y}))
                    render_queue_cell(r->batch, cam, (BoardPos){x, y}, FOG);
        batch_flush(r->batch, r->sdl, NULL);
        return;
    }
    int n = 0;
    for (int y = lo.y; y <= hi.y; y++) {
        int row = n; /* the runs of this row start here */
        for (int x = lo.x; x <= hi.x; x++) {
            BoardPos p = {x, y};
            if (scene_revealed(s, p))
                continue;
            SDL_Rect rc = whole_rect(fog_rect(s, cam, p));
            /* a square's rectangle begins where the last one's ends, on
             * the same rows: one run (they never overlap, so the pixels
             * blended are the same) */
            SDL_Rect *last = n > row ? &r->rects[n - 1] : NULL;
            if (last && x > lo.x && !scene_revealed(s, (BoardPos){x - 1, y}) && last->x + last->w == rc.x &&
                last->y == rc.y && last->h == rc.h) {
                last->w += rc.w;
                continue;
            }
            render_reserve_rects(r, n + 1);
            r->rects[n++] = rc;
        }
        n = merge_rows(r->rects, n, row);
    }
    if (render_blend_rects(r, n, FOG))
        return;
    for (int i = 0; i < n; i++)
        if (r->rects[i].w > 0 && r->rects[i].h > 0)
            batch_rect(r->batch,
                       (SDL_FRect){(float)r->rects[i].x, (float)r->rects[i].y, (float)r->rects[i].w,
                                   (float)r->rects[i].h},
                       FOG);
    batch_flush(r->batch, r->sdl, NULL);
}

static void outline(Batch *batch, SDL_FRect rc, float w, SDL_Color c)
{
    batch_rect(batch, (SDL_FRect){rc.x, rc.y, rc.w, w}, c);
    batch_rect(batch, (SDL_FRect){rc.x, rc.y + rc.h - w, rc.w, w}, c);
    batch_rect(batch, (SDL_FRect){rc.x, rc.y + w, w, rc.h - 2 * w}, c);
    batch_rect(batch, (SDL_FRect){rc.x + rc.w - w, rc.y + w, w, rc.h - 2 * w}, c);
}

void render_draw_highlights(Renderer *r, const Scene *s, const Camera *cam, const RenderView *view)
{
    const Board *b = scene_board(s);
    float w = fmaxf(2.0f, (float)cam->scale / 20.0f);
    if (cam->hex) {
        SDL_FPoint pts[6];
        if (view->has_hover && board_contains(b, view->hover)) {
            render_queue_cell(r->batch, cam, view->hover, (SDL_Color){255, 255, 255, 36});
            render_hex_points(cam, view->hover, pts);
            for (int k = 0; k < 6; k++)
                render_queue_strip(r->batch, pts[k], pts[(k + 1) % 6], w, w / 2,
                            (SDL_Color){255, 255, 255, 170});
        }
        if (view->has_selection && board_contains(b, view->selected)) {
            render_hex_points(cam, view->selected, pts);
            for (int k = 0; k < 6; k++)
                render_queue_strip(r->batch, pts[k], pts[(k + 1) % 6], w * 1.5f, w * 0.75f,
                            (SDL_Color){255, 208, 64, 255});
        }
        batch_flush(r->batch, r->sdl, NULL);
        return;
    }
    if (view->has_hover && board_contains(b, view->hover)) {
        SDL_FRect rc = render_squares_rect(cam, view->hover.x, view->hover.y, 1, 1);
        batch_rect(r->batch, rc, (SDL_Color){255, 255, 255, 36});
        outline(r->batch, rc, w, (SDL_Color){255, 255, 255, 170});
    }
    if (view->has_selection && board_contains(b, view->selected))
        outline(r->batch, render_squares_rect(cam, view->selected.x, view->selected.y, 1, 1), w * 1.5f,
                (SDL_Color){255, 208, 64, 255});
    batch_flush(r->batch, r->sdl, NULL);
}
