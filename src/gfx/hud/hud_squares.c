/* Shading on the board: reachable squares, the path and its length, the cursor, the
 * selection, the attack on screen, spell targets and sleepers. Their colours
 * come from the palette in force (palette.h), and each also has a shape of
 * its own, so none is told by colour alone: reachable squares are framed
 * inside, the path is dots with its length, the attacked square is crossed
 * out, a spell's targets carry a diamond, the current hero's square is
 * framed whole and the selection only at its corners. */

#include "hud_internal.h"

#include "gfx/palette.h"

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

/* The edge of a cell, w pixels wide inside it: a square's frame, or on
 * hex boards the hexagon's (a square box around a hex marked its
 * neighbours' corners too). */
static void outline_cell(SDL_Renderer *sdl, const Camera *cam, BoardPos p, float w, SDL_Color c)
{
    if (!cam->hex) {
        outline_f(sdl, square_rect(cam, p), w, c);
        return;
    }
    double cx, cy;
    camera_centre(cam, p, &cx, &cy);
    float mx = (float)camera_screen_x(cam, cx), my = (float)camera_screen_y(cam, cy);
    SDL_Vertex v[12];
    for (int k = 0; k < 6; k++) {
        double bx, by;
        camera_hex_corner(cam, p, k, &bx, &by);
        float ox = (float)camera_screen_x(cam, bx), oy = (float)camera_screen_y(cam, by);
        float dist = sqrtf((mx - ox) * (mx - ox) + (my - oy) * (my - oy));
        float t = dist > w ? w / dist : 1.0f; /* the inner corner, w towards the centre */
        v[k] = (SDL_Vertex){{ox, oy}, c, {0, 0}};
        v[6 + k] = (SDL_Vertex){{ox + (mx - ox) * t, oy + (my - oy) * t}, c, {0, 0}};
    }
    int band[36];
    for (int k = 0; k < 6; k++) {
        int n = (k + 1) % 6;
        int quad[6] = {k, n, 6 + n, k, 6 + n, 6 + k};
        for (int j = 0; j < 6; j++)
            band[6 * k + j] = quad[j];
    }
    SDL_RenderGeometry(sdl, NULL, v, 12, band, 36);
}

/* Only the corners of rc's outline: the selection's brackets, told from
 * the current hero's whole frame by shape. */
static void brackets_f(SDL_Renderer *sdl, SDL_FRect rc, float w, SDL_Color c)
{
    float l = rc.w * 0.3f;
    SDL_SetRenderDrawColor(sdl, c.r, c.g, c.b, c.a);
    SDL_FRect parts[8] = {{rc.x, rc.y, l, w}, {rc.x, rc.y, w, l},
                          {rc.x + rc.w - l, rc.y, l, w}, {rc.x + rc.w - w, rc.y, w, l},
                          {rc.x, rc.y + rc.h - w, l, w}, {rc.x, rc.y + rc.h - l, w, l},
                          {rc.x + rc.w - l, rc.y + rc.h - w, l, w}, {rc.x + rc.w - w, rc.y + rc.h - l, w, l}};
    SDL_RenderFillRectsF(sdl, parts, 8);
}

/* A mark's colour from the palette, with alpha a. */
static SDL_Color mark(PaletteMark m, Uint8 a)
{
    uint32_t c = palette_mark(m);
    return (SDL_Color){(Uint8)(c >> 16), (Uint8)(c >> 8), (Uint8)c, a};
}

/* A line w pixels thick from (x0, y0) to (x1, y1). */
static void thick_line(SDL_Renderer *sdl, float x0, float y0, float x1, float y1, float w, SDL_Color c)
{
    float dx = x1 - x0, dy = y1 - y0, len = sqrtf(dx * dx + dy * dy);
    if (len <= 0)
        return;
    float nx = -dy / len * w / 2, ny = dx / len * w / 2;
    SDL_Vertex v[4] = {{{x0 + nx, y0 + ny}, c, {0, 0}}, {{x1 + nx, y1 + ny}, c, {0, 0}},
                       {{x1 - nx, y1 - ny}, c, {0, 0}}, {{x0 - nx, y0 - ny}, c, {0, 0}}};
    static const int quad[6] = {0, 1, 2, 0, 2, 3};
    SDL_RenderGeometry(sdl, NULL, v, 4, quad, 6);
}

/* Reachable squares: shaded, and framed inside (their shape cue). */
static void shade_reach(SDL_Renderer *sdl, const Camera *cam, const uint8_t *reach)
{
    BoardPos lo, hi;
    if (!reach || !camera_visible(cam, &lo, &hi))
        return;
    SDL_Color c = mark(PALETTE_REACH, 95), frame = mark(PALETTE_REACH, 170);
    float w = fmaxf(1.0f, (float)cam->scale / 24.0f);
    for (int y = lo.y; y <= hi.y; y++)
        for (int x = lo.x; x <= hi.x; x++)
            if (reach[(size_t)y * (size_t)cam->board_w + (size_t)x]) {
                BoardPos p = {x, y};
                SDL_SetRenderDrawColor(sdl, c.r, c.g, c.b, c.a);
                fill_cell(sdl, cam, p);
                if (cam->hex) {
                    outline_cell(sdl, cam, p, w, frame);
                    continue;
                }
                SDL_FRect rc = square_rect(cam, p);
                float in = rc.w * 0.16f;
                outline_f(sdl, (SDL_FRect){rc.x + in, rc.y + in, rc.w - 2 * in, rc.h - 2 * in}, w, frame);
            }
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
        SDL_Color c = mark(PALETTE_PATH, 220);
        SDL_SetRenderDrawColor(sdl, c.r, c.g, c.b, c.a);
        SDL_RenderFillRectF(sdl, &dot);
    }
    SDL_FRect end = square_rect(cam, sq->path[sq->path_len - 1]);
    outline_cell(sdl, cam, sq->path[sq->path_len - 1], fmaxf(2.0f, end.w / 16), mark(PALETTE_PATH, 255));
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

/* The pieces a chosen spell may target: shaded, framed squares with a
 * diamond inside. */
static void draw_targets(SDL_Renderer *sdl, const Camera *cam, const BoardPos *targets, int count, float w)
{
    SDL_Color fill = mark(PALETTE_TARGET, 80), edge = mark(PALETTE_TARGET, 255);
    for (int i = 0; targets && i < count; i++) {
        SDL_FRect rc = square_rect(cam, targets[i]);
        SDL_SetRenderDrawColor(sdl, fill.r, fill.g, fill.b, fill.a);
        fill_cell(sdl, cam, targets[i]);
        outline_cell(sdl, cam, targets[i], w, edge);
        float cx = rc.x + rc.w / 2, cy = rc.y + rc.h / 2, r = rc.w * 0.42f;
        thick_line(sdl, cx, cy - r, cx + r, cy, w, edge);
        thick_line(sdl, cx + r, cy, cx, cy + r, w, edge);
        thick_line(sdl, cx, cy + r, cx - r, cy, w, edge);
        thick_line(sdl, cx - r, cy, cx, cy - r, w, edge);
    }
}

/* The attacked square: shaded, framed and crossed out. */
static void draw_attack(SDL_Renderer *sdl, const Camera *cam, const HudSquares *sq, float w)
{
    outline_cell(sdl, cam, sq->attack_from, w, (SDL_Color){255, 255, 255, 230});
    SDL_FRect t = square_rect(cam, sq->attack_to);
    SDL_Color fill = mark(PALETTE_ATTACK, 90), edge = mark(PALETTE_ATTACK, 255);
    SDL_SetRenderDrawColor(sdl, fill.r, fill.g, fill.b, fill.a);
    fill_cell(sdl, cam, sq->attack_to);
    outline_cell(sdl, cam, sq->attack_to, w, edge);
    float in = t.w * 0.12f;
    thick_line(sdl, t.x + in, t.y + in, t.x + t.w - in, t.y + t.h - in, w * 1.5f, edge);
    thick_line(sdl, t.x + t.w - in, t.y + in, t.x + in, t.y + t.h - in, w * 1.5f, edge);
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
        outline_cell(sdl, cam, sq->current, w, GOLD);
    if (sq->has_selected) {
        SDL_Color sel = {120, 200, 255, 255};
        if (cam->hex) /* no corners to bracket: a thinner hexagon than the current hero's */
            outline_cell(sdl, cam, sq->selected, fmaxf(1.0f, w * 0.5f), sel);
        else
            brackets_f(sdl, square_rect(cam, sq->selected), w * 1.5f, sel);
    }
    draw_path(r, cam, sq);
    if (sq->has_attack)
        draw_attack(sdl, cam, sq, w);
    draw_targets(sdl, cam, sq->targets, sq->target_count, w);
    draw_asleep(r, cam, sq->asleep, sq->asleep_count);
    if (sq->has_cursor) {
        SDL_SetRenderDrawColor(sdl, 255, 255, 255, 40);
        fill_cell(sdl, cam, sq->cursor);
        outline_cell(sdl, cam, sq->cursor, w, (SDL_Color){255, 255, 255, 255});
    }
}
