#include "render_internal.h"
#include "core/i18n.h"

#include "../core/alloc.h"
#include "overlay.h"
#include "text.h"
#include "ui.h"

#include <stdio.h>
#include <stdlib.h>

Renderer *render_create(SDL_Renderer *sdl, const RenderPaths *paths, char *err, size_t err_size)
{
    Renderer *r = xcalloc(1, sizeof *r);
    r->sdl = sdl;
    r->batch = batch_create();
    r->scaled = tilescale_create();
    r->sprites = sprites_create(sdl, paths->sprites_dir);
    r->tiles_dir = xstrdup(paths->tiles_dir);
    r->tiles = tileset_load(sdl, paths->tiles_dir, err, err_size);
    if (r->tiles)
        r->text = text_create(sdl, paths->font, paths->bold_font, paths->ui_px > 0 ? paths->ui_px : 15,
                              err, err_size);
    r->disc = render_make_disc(sdl);
    if (!r->tiles || !r->text || !r->disc) {
        if (!r->disc && r->text)
            snprintf(err, err_size, "disc texture: %s", SDL_GetError());
        render_destroy(r);
        return NULL;
    }
    SDL_RendererInfo info;
    r->software = SDL_GetRendererInfo(sdl, &info) == 0 && (info.flags & SDL_RENDERER_SOFTWARE);
    if (tileset_texture(r->tiles))
        SDL_QueryTexture(tileset_texture(r->tiles), NULL, NULL, &r->atlas_w, &r->atlas_h);
    return r;
}

void render_destroy(Renderer *renderer)
{
    if (!renderer)
        return;
    farmap_destroy(renderer->far);
    tilescale_destroy(renderer->scaled);
    if (renderer->cache.texture)
        SDL_DestroyTexture(renderer->cache.texture);
    if (renderer->ui_layer)
        SDL_DestroyTexture(renderer->ui_layer);
    if (renderer->disc)
        SDL_DestroyTexture(renderer->disc);
    text_destroy(renderer->text);
    tileset_destroy(renderer->tiles);
    sprites_destroy(renderer->sprites);
    free(renderer->tiles_dir);
    free(renderer->art_dir);
    batch_destroy(renderer->batch);
    free(renderer->rects);
    free(renderer->pixels);
    free(renderer);
}

const char *render_debug_label_name(DebugLabel label)
{
    static const char *const names[DEBUG_LABEL_COUNT] = {"room", "type", "coords", "cost"};
    return label < DEBUG_LABEL_COUNT ? names[label] : "?";
}

static void draw_far(Renderer *r, const Scene *s, const Camera *cam)
{
    if (!r->far || r->far_board != scene_board(s) || r->far_seed != scene_seed(s)) {
        farmap_destroy(r->far);
        r->far = farmap_create(r->sdl, r->tiles, scene_board(s), scene_seed(s));
        r->far_board = scene_board(s);
        r->far_seed = scene_seed(s);
    }
    if (r->far)
        farmap_draw(r->far, r->sdl,
                    render_squares_rect(cam, 0, 0, camera_extent_w(cam), camera_extent_h(cam)));
    /* figures stay findable as dots of their owner's colour */
    BoardPos lo, hi;
    if (!camera_visible(cam, &lo, &hi))
        return;
    for (size_t i = 0; i < scene_piece_count(s); i++) {
        const ScenePiece *p = scene_piece(s, i);
        if (p->owner != SCENE_OWNER_NONE && render_piece_visible(p, lo, hi) && scene_revealed(s, p->pos)) {
            SDL_FRect sq = render_cell_rect(cam, p->pos);
            float grow = fmaxf(0, 4 - sq.w) / 2; /* at least 4 pixels wide */
            render_draw_disc(r, (SDL_FRect){sq.x - grow, sq.y - grow, sq.w + 2 * grow, sq.h + 2 * grow},
                      render_ring_colour(p));
        }
    }
}

/* The art of the scene's mission: its own tiles and sprites before the
 * bundled ones (docs/tiles.md), reloaded only when the folder changes. */
static void use_art(Renderer *r, const char *art_dir)
{
    if ((!art_dir && !r->art_dir) || (art_dir && r->art_dir && strcmp(art_dir, r->art_dir) == 0))
        return;
    char own_tiles[4096], own_sprites[4096], err[512];
    snprintf(own_tiles, sizeof own_tiles, "%s/tiles", art_dir ? art_dir : "");
    snprintf(own_sprites, sizeof own_sprites, "%s/sprites", art_dir ? art_dir : "");
    Tileset *t = tileset_load_own(r->sdl, art_dir ? own_tiles : NULL, r->tiles_dir, err, sizeof err);
    if (t) {
        tileset_destroy(r->tiles);
        r->tiles = t;
        r->atlas_w = r->atlas_h = 0;
        if (tileset_texture(t))
            SDL_QueryTexture(tileset_texture(t), NULL, NULL, &r->atlas_w, &r->atlas_h);
        tilescale_destroy(r->scaled);
        r->scaled = tilescale_create();
        farmap_destroy(r->far);
        r->far = NULL;
    } else {
        fprintf(stderr, _("questboard: %s (the mission's own tiles are left out)\n"), err);
    }
    sprites_set_own(r->sprites, art_dir ? own_sprites : NULL);
    r->cache.valid = false;
    free(r->art_dir);
    r->art_dir = art_dir ? xstrdup(art_dir) : NULL;
}

void render_fill_background(Renderer *r, SDL_Rect rc)
{
    if (rc.w <= 0 || rc.h <= 0)
        return;
    SDL_SetRenderDrawBlendMode(r->sdl, SDL_BLENDMODE_NONE);
    SDL_SetRenderDrawColor(r->sdl, BACKGROUND.r, BACKGROUND.g, BACKGROUND.b, 255);
    SDL_RenderFillRect(r->sdl, &rc);
    SDL_SetRenderDrawBlendMode(r->sdl, SDL_BLENDMODE_BLEND);
}

/* The background over the whole target but the view (cam's rectangle
 * at the target's top-left), whatever the clip rectangle, as SDL's
 * clear would: the view is cleared by what draws it, and not at all
 * when a copy of the board's cache covers it (a pass over the view
 * saved, a sixth of a still frame). */
static void clear_outside_view(Renderer *r, const Camera *cam)
{
    int w, h;
    SDL_Texture *target = SDL_GetRenderTarget(r->sdl);
    if (target ? SDL_QueryTexture(target, NULL, NULL, &w, &h) != 0
               : SDL_GetRendererOutputSize(r->sdl, &w, &h) != 0) {
        SDL_RenderClear(r->sdl);
        return;
    }
    SDL_Rect clip;
    bool clipped = SDL_RenderIsClipEnabled(r->sdl);
    if (clipped)
        SDL_RenderGetClipRect(r->sdl, &clip);
    SDL_RenderSetClipRect(r->sdl, NULL);
    int vw = SDL_min(cam->view_w, w), vh = SDL_min(cam->view_h, h);
    render_fill_background(r, (SDL_Rect){vw, 0, w - vw, h});
    render_fill_background(r, (SDL_Rect){0, vh, vw, h - vh});
    SDL_RenderSetClipRect(r->sdl, clipped ? &clip : NULL);
}

void render_board(Renderer *renderer, const Scene *scene, const Camera *cam, const RenderView *view)
{
    Renderer *r = renderer;
    use_art(r, scene_art_dir(scene));
    SDL_SetRenderDrawBlendMode(r->sdl, SDL_BLENDMODE_BLEND);
    SDL_SetRenderDrawColor(r->sdl, BACKGROUND.r, BACKGROUND.g, BACKGROUND.b, 255);
    clear_outside_view(r, cam);
    SDL_Rect whole = {0, 0, cam->view_w, cam->view_h};
    BoardPos lo, hi;
    if (!camera_visible(cam, &lo, &hi)) {
        render_fill_background(r, whole);
    } else {
        if (cam->scale < RENDER_FAR_SCALE) {
            render_fill_background(r, whole);
            draw_far(r, scene, cam);
            if (view->debug)
                overlay_draw(r->sdl, r->text, r->batch, scene, cam, view->label, lo, hi);
        } else {
            render_draw_cached(r, scene, cam, view);
        }
        render_draw_highlights(r, scene, cam, view);
        if (view->debug)
            overlay_draw_hover(r->sdl, r->text, r->batch, scene, cam, view);
    }
}

void render_ui(Renderer *renderer, const Scene *scene, const Camera *cam, const RenderView *view)
{
    ui_draw(renderer->sdl, renderer->text, scene, cam, view);
}

void render_frame(Renderer *renderer, const Scene *scene, const Camera *cam, const RenderView *view)
{
    render_board(renderer, scene, cam, view);
    render_ui(renderer, scene, cam, view);
}

/* The layer is as large as the output, so what draws into it keeps its
 * screen coordinates; only the rectangles asked for are copied out. */
static bool ui_layer_ready(Renderer *r)
{
    int w, h;
    if (SDL_GetRendererOutputSize(r->sdl, &w, &h) != 0 || SDL_GetRenderTarget(r->sdl))
        return false;
    if (r->ui_layer && r->ui_w == w && r->ui_h == h)
        return true;
    if (r->ui_layer)
        SDL_DestroyTexture(r->ui_layer);
    r->ui_key = 0;
    r->ui_layer = SDL_CreateTexture(r->sdl, SDL_PIXELFORMAT_ARGB8888, SDL_TEXTUREACCESS_TARGET, w, h);
    if (!r->ui_layer)
        return false;
    /* the parts kept are opaque: copied, not blended */
    SDL_SetTextureBlendMode(r->ui_layer, SDL_BLENDMODE_NONE);
    r->ui_w = w, r->ui_h = h;
    return true;
}

void render_ui_layer(Renderer *r, uint64_t key, const SDL_Rect *rects, int count,
                     void (*draw)(Renderer *r, void *ctx), void *ctx)
{
    if (key == 0 || r->one_frame || !ui_layer_ready(r)) {
        r->ui_key = 0;
        draw(r, ctx);
        return;
    }
    if (key != r->ui_key) {
        if (SDL_SetRenderTarget(r->sdl, r->ui_layer) != 0) {
            r->ui_key = 0;
            draw(r, ctx);
            return;
        }
        draw(r, ctx);
        SDL_SetRenderTarget(r->sdl, NULL);
        r->ui_key = key;
    }
    for (int i = 0; i < count; i++)
        if (rects[i].w > 0 && rects[i].h > 0)
            SDL_RenderCopy(r->sdl, r->ui_layer, &rects[i], &rects[i]);
}

void render_prepare(Renderer *r)
{
    int w, h;
    if (r->one_frame || !ui_layer_ready(r) || SDL_GetRendererOutputSize(r->sdl, &w, &h) != 0)
        return;
    render_cache_prepare(r, w, h);
}

void render_ui_layer_forget(Renderer *r)
{
    r->ui_key = 0;
}

void render_set_one_frame(Renderer *r, bool one_frame)
{
    r->one_frame = one_frame;
}

void render_cache_counts(const Renderer *renderer, int *quick, int *wide)
{
    *quick = renderer->quick_fills;
    *wide = renderer->wide_fills;
}

SDL_Renderer *render_sdl(Renderer *renderer)
{
    return renderer->sdl;
}

Text *render_text(Renderer *renderer)
{
    return renderer->text;
}

SDL_Texture *render_sprite(Renderer *renderer, const char *name)
{
    return sprites_get(renderer->sprites, name);
}
