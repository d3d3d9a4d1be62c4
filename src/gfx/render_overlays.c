#include "render_internal.h"

#include <math.h>

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

void render_draw_fog(Renderer *r, const Scene *s, const Camera *cam, BoardPos lo, BoardPos hi)
{
    static const SDL_Color FOG = {8, 6, 6, 235};
    for (int y = lo.y; y <= hi.y; y++)
        for (int x = lo.x; x <= hi.x; x++) {
            BoardPos p = {x, y};
            if (scene_revealed(s, p))
                continue;
            if (cam->hex)
                render_queue_cell(r->batch, cam, p, FOG);
            else
                batch_rect(r->batch, fog_rect(s, cam, p), FOG);
        }
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
