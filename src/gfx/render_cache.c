#include "render_internal.h"

#include "overlay.h"

#include <math.h>

#define CACHE_MARGIN 256  /* pixels drawn beyond each side of the view */
/* After a zoom step or a change of the scene the cache is redrawn with a
 * narrow margin, so the sharp picture costs little more than the view;
 * once the view has stayed put this many frames it is widened again. */
#define CACHE_MARGIN_QUICK 32
#define CACHE_SETTLE_FRAMES 8

/* The squares draw_range draws: lo..hi, and the plates of the figures
 * on plate_lo..plate_hi. clip, when not NULL, bounds the floor, its grid
 * and the fog, the layers that cover whole squares: they are copied and
 * filled pixel for pixel (tilescale.c), so clipping leaves every pixel
 * inside as it was. sprite_clip bounds the sprites between them, which
 * are stretched, so that clipping them shifts their texels: a cache
 * draws them whole (NULL). */
typedef struct DrawRange {
    BoardPos lo, hi, plate_lo, plate_hi;
    const SDL_Rect *clip, *sprite_clip;
} DrawRange;

/* The board drawn square by square, for close and middle zoom: all but
 * the highlights. */
static void draw_range(Renderer *r, const Scene *s, const Camera *cam, const RenderView *view,
                       DrawRange range)
{
    BoardPos lo = range.lo, hi = range.hi;
    render_draw_floor(r, s, cam, lo, hi, range.clip);
    render_draw_grid_lines(r, s, cam, lo, hi);
    SDL_RenderSetClipRect(r->sdl, range.sprite_clip);
    render_draw_marks(r, s, cam, lo, hi);
    render_draw_furniture(r, s, cam, lo, hi);
    render_draw_walls(r, s, cam, lo, hi);
    render_draw_doors(r, s, cam, lo, hi);
    render_draw_figures(r, s, cam, lo, hi, range.plate_lo, range.plate_hi);
    SDL_RenderSetClipRect(r->sdl, range.clip);
    if (scene_has_fog(s) && !view->reveal)
        render_draw_fog(r, s, cam, lo, hi);
    SDL_RenderSetClipRect(r->sdl, NULL);
    if (view->debug)
        overlay_draw(r->sdl, r->text, r->batch, s, cam, view->label, lo, hi);
    if (view->marks)
        overlay_draw_marks(r->sdl, r->text, r->batch, s, cam, lo, hi);
}

/* Every square cam shows. */
static void draw_near(Renderer *r, const Scene *s, const Camera *cam, const RenderView *view)
{
    BoardPos lo, hi;
    if (camera_visible(cam, &lo, &hi))
        draw_range(r, s, cam, view, (DrawRange){lo, hi, lo, hi, NULL, NULL});
}

/* True when the cache shows what the view would at its own zoom. */
static bool cache_same_picture(const LayerCache *c, const Scene *s, const RenderView *view)
{
    return c->valid && c->scene == s && c->version == scene_version(s) && c->debug == view->debug &&
           c->label == view->label && c->reveal == view->reveal && c->marks == view->marks;
}

/* True when the view lies inside the cache's drawn part at zoom scale. */
static bool cache_covers(const LayerCache *c, const Camera *cam, double scale)
{
    double right = cam->x + cam->view_w / cam->scale, bottom = cam->y + cam->view_h / cam->scale;
    double x0 = c->x + c->off_x / scale, y0 = c->y + c->off_y / scale;
    return cam->x >= x0 && cam->y >= y0 && right <= x0 + c->w / scale && bottom <= y0 + c->h / scale;
}

static bool cache_fits(const LayerCache *c, const Scene *s, const Camera *cam, const RenderView *view)
{
    return cache_same_picture(c, s, view) && c->scale == cam->scale && cache_covers(c, cam, c->scale);
}

/* A texture of at least w x h for the cache. */
static bool cache_texture(Renderer *r, int w, int h)
{
    LayerCache *c = &r->cache;
    if (c->texture && c->tex_w >= w && c->tex_h >= h)
        return true;
    if (c->texture)
        SDL_DestroyTexture(c->texture);
    c->valid = false;
    c->texture = SDL_CreateTexture(r->sdl, SDL_PIXELFORMAT_ARGB8888, SDL_TEXTUREACCESS_TARGET, w, h);
    if (!c->texture)
        return false;
    /* filled with the opaque background: copied, not blended */
    SDL_SetTextureBlendMode(c->texture, SDL_BLENDMODE_NONE);
    c->tex_w = w, c->tex_h = h;
    return true;
}

void render_cache_prepare(Renderer *r, int view_w, int view_h)
{
    cache_texture(r, view_w + 2 * CACHE_MARGIN, view_h + 2 * CACHE_MARGIN);
}

/* The squares a cache drawn for the full margin around the view would
 * show (their plates reach far), and of them those near enough the part
 * margin pixels around the view to reach into it: a wall strip, its
 * shadow and a figure's marker stick out of their square by less than a
 * quarter square (and a door is looked for one square further). */
static bool cache_range(const Camera *wide, const Camera *cam, int margin, DrawRange *range)
{
    if (!camera_visible(wide, &range->plate_lo, &range->plate_hi))
        return false;
    int reach = margin + (int)ceil(cam->scale / 4) + 4;
    Camera part = *cam;
    part.x = cam->x - reach / cam->scale, part.y = cam->y - reach / cam->scale;
    part.view_w = cam->view_w + 2 * reach, part.view_h = cam->view_h + 2 * reach;
    BoardPos lo, hi;
    if (!camera_visible(&part, &lo, &hi))
        return false;
    range->lo = (BoardPos){SDL_max(lo.x, range->plate_lo.x), SDL_max(lo.y, range->plate_lo.y)};
    range->hi = (BoardPos){SDL_min(hi.x, range->plate_hi.x), SDL_min(hi.y, range->plate_hi.y)};
    return true;
}

/* Redraws the cache around the view, margin pixels beyond each side, at
 * the same place in the texture and in the same order as with the full
 * margin: every square, wall and plate that reaches the part drawn is
 * drawn, so its pixels are those of a full redraw. Returns false when
 * the renderer cannot draw into textures. */
/* The camera of a cache drawn around cam: its texture's top-left lies
 * CACHE_MARGIN pixels above and left of the view's. */
static Camera cache_camera(const Camera *cam)
{
    Camera at = *cam;
    at.x = cam->x - CACHE_MARGIN / cam->scale;
    at.y = cam->y - CACHE_MARGIN / cam->scale;
    at.view_w = cam->view_w + 2 * CACHE_MARGIN, at.view_h = cam->view_h + 2 * CACHE_MARGIN;
    return at;
}

/* Draws the part of the cache margin pixels around the view, in the
 * cache's coordinates (camera at), into the current target. */
static void fill_part(Renderer *r, const Scene *s, const Camera *cam, const Camera *at,
                      const RenderView *view, int margin)
{
    int off = CACHE_MARGIN - margin, w = cam->view_w + 2 * margin, h = cam->view_h + 2 * margin;
    /* only the part drawn: the rest of the texture is never shown */
    SDL_SetRenderDrawBlendMode(r->sdl, SDL_BLENDMODE_NONE);
    SDL_SetRenderDrawColor(r->sdl, BACKGROUND.r, BACKGROUND.g, BACKGROUND.b, 255);
    SDL_RenderFillRect(r->sdl, &(SDL_Rect){off, off, w, h});
    SDL_SetRenderDrawBlendMode(r->sdl, SDL_BLENDMODE_BLEND);
    SDL_Rect part = {off, off, w, h};
    DrawRange range;
    range.clip = &part, range.sprite_clip = NULL;
    if (cache_range(at, cam, margin, &range))
        draw_range(r, s, at, view, range);
}

static bool cache_fill(Renderer *r, const Scene *s, const Camera *cam, const RenderView *view, int margin)
{
    LayerCache *c = &r->cache;
    Camera at = cache_camera(cam);
    if (!cache_texture(r, at.view_w, at.view_h) || SDL_SetRenderTarget(r->sdl, c->texture) != 0)
        return false;
    int off = CACHE_MARGIN - margin, w = cam->view_w + 2 * margin, h = cam->view_h + 2 * margin;
    fill_part(r, s, cam, &at, view, margin);
    SDL_SetRenderTarget(r->sdl, NULL);
    c->off_x = c->off_y = off, c->w = w, c->h = h, c->valid = true, c->wide = margin >= CACHE_MARGIN;
    if (c->wide)
        r->wide_fills++;
    else
        r->quick_fills++;
    c->scale = cam->scale, c->x = at.x, c->y = at.y, c->view = *cam;
    c->scene = s, c->version = scene_version(s);
    c->debug = view->debug, c->reveal = view->reveal, c->label = view->label;
    c->marks = view->marks;
    return true;
}

/* Draws the squares under the screen rectangle strip directly, clipped
 * to it (the part of a zoom step's frame the last cache does not reach). */
static void draw_strip(Renderer *r, const Scene *s, const Camera *cam, const RenderView *view, SDL_Rect strip)
{
    if (strip.w <= 0 || strip.h <= 0)
        return;
    render_fill_background(r, strip);
    Camera sc = *cam;
    sc.x = cam->x + strip.x / cam->scale, sc.y = cam->y + strip.y / cam->scale;
    sc.view_w = strip.w, sc.view_h = strip.h;
    DrawRange range = {.clip = &strip, .sprite_clip = &strip};
    if (!camera_visible(&sc, &range.lo, &range.hi) ||
        !camera_visible(cam, &range.plate_lo, &range.plate_hi))
        return;
    /* a square further, for the walls and markers reaching into it */
    range.lo = (BoardPos){SDL_max(range.lo.x - 1, 0), SDL_max(range.lo.y - 1, 0)};
    range.hi = (BoardPos){SDL_min(range.hi.x + 1, cam->board_w - 1), SDL_min(range.hi.y + 1, cam->board_h - 1)};
    draw_range(r, s, cam, view, range);
}

/* Makes ahead the stretched floor tiles the next frame's quick fill
 * around cam (cache_fill with the narrow margin) copies: at a zoom met
 * for the first time, stretching them was a third of that frame at
 * close zoom, while this frame only stretched the last cache. */
static void warm_quick_fill(Renderer *r, const Scene *s, const Camera *cam)
{
    Camera at = cache_camera(cam);
    DrawRange range;
    if (cache_range(&at, cam, CACHE_MARGIN_QUICK, &range))
        render_warm_floor(r, s, &at, range.lo, range.hi);
}

/* The frame of a zoom step: the cache of the last zoom stretched to the
 * new one, when it shows the same picture; the strips of the view it does
 * not cover (zooming out of a cache drawn with the narrow margin) are
 * drawn directly. The next frame at a steady zoom redraws it sharp
 * (cache_fill). */
static bool draw_stretched(Renderer *r, const Scene *s, const Camera *cam, const RenderView *view)
{
    const LayerCache *c = &r->cache;
    if (!cache_same_picture(c, s, view))
        return false;
    /* only the part in view: SDL's software renderer would stretch the
     * whole cache into a scratch picture first */
    double k = cam->scale / c->scale, ox = (c->x - cam->x) * cam->scale, oy = (c->y - cam->y) * cam->scale;
    int x0 = (int)floor(-ox / k), y0 = (int)floor(-oy / k);
    int x1 = x0 + (int)ceil(cam->view_w / k) + 1, y1 = y0 + (int)ceil(cam->view_h / k) + 1;
    x0 = SDL_max(x0, c->off_x), y0 = SDL_max(y0, c->off_y);
    x1 = SDL_min(x1, c->off_x + c->w), y1 = SDL_min(y1, c->off_y + c->h);
    /* less than half the view left: drawing it directly costs as much */
    if ((double)(x1 - x0) * (y1 - y0) * k * k < 0.5 * cam->view_w * cam->view_h)
        return false;
    SDL_Rect src = {x0, y0, x1 - x0, y1 - y0};
    SDL_Rect dst = {(int)lround(ox + src.x * k), (int)lround(oy + src.y * k), (int)lround(src.w * k),
                    (int)lround(src.h * k)};
    if (SDL_RenderCopy(r->sdl, c->texture, &src, &dst) != 0)
        return false;
    int w = cam->view_w, h = cam->view_h, top = SDL_max(dst.y, 0), bottom = SDL_min(dst.y + dst.h, h);
    if (top == 0 && bottom == h && dst.x <= 0 && dst.x + dst.w >= w) {
        warm_quick_fill(r, s, cam);
        return true;
    }
    draw_strip(r, s, cam, view, (SDL_Rect){0, 0, w, top});
    draw_strip(r, s, cam, view, (SDL_Rect){0, bottom, w, h - bottom});
    draw_strip(r, s, cam, view, (SDL_Rect){0, top, dst.x, bottom - top});
    draw_strip(r, s, cam, view, (SDL_Rect){dst.x + dst.w, top, w - dst.x - dst.w, bottom - top});
    return true;
}

/* Draws the cache again when the view left it or changed, narrow unless
 * the view only panned at the same zoom; widens a narrow cache once the
 * view has settled. Returns false when the cache cannot be used. */
static bool cache_update(Renderer *r, const Scene *s, const Camera *cam, const RenderView *view)
{
    LayerCache *c = &r->cache;
    if (cache_fits(c, s, cam, view)) {
        /* around the same camera as the narrow part (the view may have
         * moved a little since), so every square keeps its place in the
         * texture: SDL's triangles round by their position there */
        if (!c->wide && ++r->settled >= CACHE_SETTLE_FRAMES) {
            Camera around = c->view;
            cache_fill(r, s, &around, view, CACHE_MARGIN);
        }
        return true;
    }
    bool pan = cache_same_picture(c, s, view) && c->scale == cam->scale;
    r->settled = 0;
    return cache_fill(r, s, cam, view, pan ? CACHE_MARGIN : CACHE_MARGIN_QUICK);
}

/* The first frame's cache drawn straight onto the target, for a renderer
 * that draws one frame only (render_set_one_frame): SDL's viewport shifts
 * it by the margin, so every coordinate drawn is the cache's own (SDL
 * rounds them there, before the shift) and the pixels are those the
 * cache would have shown, without its texture (twice the view). */
static void draw_once(Renderer *r, const Scene *s, const Camera *cam, const RenderView *view)
{
    Camera at = cache_camera(cam);
    SDL_RenderSetViewport(r->sdl, &(SDL_Rect){-CACHE_MARGIN, -CACHE_MARGIN, at.view_w, at.view_h});
    fill_part(r, s, cam, &at, view, CACHE_MARGIN_QUICK);
    SDL_RenderSetViewport(r->sdl, NULL);
}

void render_draw_cached(Renderer *r, const Scene *s, const Camera *cam, const RenderView *view)
{
    if (r->one_frame) {
        draw_once(r, s, cam, view);
        return;
    }
    /* While the zoom changes from frame to frame, a cache (twice the view)
     * would be thrown away at once: stretch the last one, else draw the
     * view directly. The first frame is no zoom step: it fills the cache
     * at once rather than drawing the board twice (directly, then into the
     * cache on the next frame). */
    bool zooming = r->last_scale != 0 && cam->scale != r->last_scale;
    r->last_scale = cam->scale;
    if (zooming && !cache_fits(&r->cache, s, cam, view) && draw_stretched(r, s, cam, view)) {
        SDL_RenderSetClipRect(r->sdl, NULL);
        return;
    }
    SDL_Rect whole = {0, 0, cam->view_w, cam->view_h};
    if (zooming ? !cache_fits(&r->cache, s, cam, view) : !cache_update(r, s, cam, view)) {
        r->cache.valid = false;
        render_fill_background(r, whole);
        draw_near(r, s, cam, view);
        return;
    }
    /* only the part in view: the margin beyond it lies under the
     * interface (a fifth more pixels to copy with the full margin) */
    const LayerCache *c = &r->cache;
    SDL_Rect dst = {(int)lround((c->x - cam->x) * cam->scale) + c->off_x,
                    (int)lround((c->y - cam->y) * cam->scale) + c->off_y, c->w, c->h};
    SDL_Rect shown;
    if (!SDL_IntersectRect(&dst, &whole, &shown))
        shown = (SDL_Rect){0, 0, 0, 0};
    if (!SDL_RectEquals(&shown, &whole))
        render_fill_background(r, whole);
    SDL_Rect src = {c->off_x + shown.x - dst.x, c->off_y + shown.y - dst.y, shown.w, shown.h};
    if (shown.w > 0)
        SDL_RenderCopy(r->sdl, c->texture, &src, &shown);
}
