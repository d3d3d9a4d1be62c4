/* Shading on the board: reachable squares, the path and its length, the cursor, the
 * selection, the attack on screen, spell targets and sleepers. */

#include "hud_internal.h"

#include <math.h>
#include <stdio.h>

/* --- Board shading ------------------------------------------------------ */

/* A square's screen rectangle; on hex boards the square one hex wide
 * centred on the hex. */
static SDL_FRect square_rect(const Camera *cam, BoardPos p)
{
    double cx, cy;
    camera_centre(cam, p, &cx, &cy);
    float x0 = (float)camera_screen_x(cam, cx - 0.5), y0 = (float)camera_screen_y(cam, cy - 0.5);
    float x1 = (float)camera_screen_x(cam, cx + 0.5), y1 = (float)camera_screen_y(cam, cy + 0.5);
    return (SDL_FRect){x0, y0, x1 - x0, y1 - y0};
}

/* Fills a square, or on hex boards the hexagon, with the draw colour. */
static void fill_cell(SDL_Renderer *sdl, const Camera *cam, BoardPos p)
{
    if (!cam->hex) {
        SDL_FRect rc = square_rect(cam, p);
        SDL_RenderFillRectF(sdl, &rc);
        return;
    }
    SDL_Vertex v[6];
    Uint8 r, g, b, a;
    SDL_GetRenderDrawColor(sdl, &r, &g, &b, &a);
    for (int k = 0; k < 6; k++) {
        double bx, by;
        camera_hex_corner(cam, p, k, &bx, &by);
        v[k] = (SDL_Vertex){{(float)camera_screen_x(cam, bx), (float)camera_screen_y(cam, by)},
                            {r, g, b, a},
                            {0, 0}};
    }
    static const int fan[12] = {0, 1, 2, 0, 2, 3, 0, 3, 4, 0, 4, 5};
    SDL_RenderGeometry(sdl, NULL, v, 6, fan, 12);
}

static void outline_f(SDL_Renderer *sdl, SDL_FRect rc, float w, SDL_Color c)
{
    SDL_SetRenderDrawColor(sdl, c.r, c.g, c.b, c.a);
    SDL_FRect parts[4] = {{rc.x, rc.y, rc.w, w},
                          {rc.x, rc.y + rc.h - w, rc.w, w},
                          {rc.x, rc.y + w, w, rc.h - 2 * w},
                          {rc.x + rc.w - w, rc.y + w, w, rc.h - 2 * w}};
    SDL_RenderFillRectsF(sdl, parts, 4);
}

static void shade_reach(SDL_Renderer *sdl, const Camera *cam, const uint8_t *reach)
{
    BoardPos lo, hi;
    if (!reach || !camera_visible(cam, &lo, &hi))
        return;
    SDL_SetRenderDrawColor(sdl, 80, 170, 255, 70);
    for (int y = lo.y; y <= hi.y; y++)
        for (int x = lo.x; x <= hi.x; x++)
            if (reach[(size_t)y * (size_t)cam->board_w + (size_t)x])
                fill_cell(sdl, cam, (BoardPos){x, y});
}

static void draw_path(Renderer *r, const Camera *cam, const HudSquares *sq)
{
    SDL_Renderer *sdl = render_sdl(r);
    if (!sq->path || sq->path_len <= 0)
        return;
    for (int i = 0; i < sq->path_len; i++) {
        SDL_FRect rc = square_rect(cam, sq->path[i]);
        float d = rc.w * 0.34f;
        SDL_FRect dot = {rc.x + d, rc.y + d, rc.w - 2 * d, rc.h - 2 * d};
        SDL_SetRenderDrawColor(sdl, 255, 236, 140, 220);
        SDL_RenderFillRectF(sdl, &dot);
    }
    SDL_FRect end = square_rect(cam, sq->path[sq->path_len - 1]);
    outline_f(sdl, end, fmaxf(2.0f, end.w / 16), (SDL_Color){255, 236, 140, 255});
    const char *label = sq->path_label;
    if (!label || !label[0])
        return;
    Text *t = render_text(r);
    int w, h;
    text_size(t, label, &w, &h);
    SDL_Rect tag = {(int)(end.x + end.w) - w - 6, (int)end.y - h / 2, w + 6, h};
    hud_fill(sdl, tag, (SDL_Color){20, 16, 10, 220});
    text_draw(t, label, tag.x + 3, tag.y, GOLD);
}

/* The pieces a chosen spell may target: violet squares. */
static void draw_targets(SDL_Renderer *sdl, const Camera *cam, const BoardPos *targets, int count, float w)
{
    for (int i = 0; targets && i < count; i++) {
        SDL_FRect rc = square_rect(cam, targets[i]);
        SDL_SetRenderDrawColor(sdl, 150, 90, 255, 80);
        fill_cell(sdl, cam, targets[i]);
        outline_f(sdl, rc, w, (SDL_Color){190, 140, 255, 255});
    }
}

/* "Zz" on a tag at the top right of each sleeping piece's square. */
static void draw_asleep(Renderer *r, const Camera *cam, const BoardPos *asleep, int count)
{
    Text *t = render_text(r);
    int tw, th;
    text_size(t, "Zz", &tw, &th);
    for (int i = 0; asleep && i < count; i++) {
        SDL_FRect rc = square_rect(cam, asleep[i]);
        SDL_Rect tag = {(int)(rc.x + rc.w) - tw - 4, (int)rc.y - th / 3, tw + 4, th};
        hud_fill(render_sdl(r), tag, (SDL_Color){20, 24, 48, 230});
        hud_frame(render_sdl(r), tag, MAGIC);
        text_draw(t, "Zz", tag.x + 2, tag.y, MAGIC);
    }
}

void hud_draw_squares(Renderer *r, const Camera *cam, const HudSquares *sq)
{
    SDL_Renderer *sdl = render_sdl(r);
    SDL_SetRenderDrawBlendMode(sdl, SDL_BLENDMODE_BLEND);
    shade_reach(sdl, cam, sq->reach);
    float w = fmaxf(2.0f, (float)cam->scale / 14.0f);
    if (sq->has_current)
        outline_f(sdl, square_rect(cam, sq->current), w, GOLD);
    if (sq->has_selected)
        outline_f(sdl, square_rect(cam, sq->selected), w, (SDL_Color){120, 200, 255, 255});
    draw_path(r, cam, sq);
    if (sq->has_attack) {
        outline_f(sdl, square_rect(cam, sq->attack_from), w, (SDL_Color){255, 255, 255, 230});
        SDL_FRect t = square_rect(cam, sq->attack_to);
        SDL_SetRenderDrawColor(sdl, 230, 40, 30, 90);
        SDL_RenderFillRectF(sdl, &t);
        outline_f(sdl, t, w, (SDL_Color){230, 40, 30, 255});
    }
    draw_targets(sdl, cam, sq->targets, sq->target_count, w);
    draw_asleep(r, cam, sq->asleep, sq->asleep_count);
    if (sq->has_cursor) {
        SDL_FRect rc = square_rect(cam, sq->cursor);
        SDL_SetRenderDrawColor(sdl, 255, 255, 255, 40);
        SDL_RenderFillRectF(sdl, &rc);
        outline_f(sdl, rc, w, (SDL_Color){255, 255, 255, 255});
    }
}
