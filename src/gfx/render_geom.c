#include "render_internal.h"

#include <math.h>

/* The screen rectangle of a block of squares. */
SDL_FRect render_squares_rect(const Camera *cam, double x, double y, double w, double h)
{
    float x0 = (float)camera_screen_x(cam, x), y0 = (float)camera_screen_y(cam, y);
    return (SDL_FRect){x0, y0, (float)camera_screen_x(cam, x + w) - x0,
                       (float)camera_screen_y(cam, y + h) - y0};
}

/* The screen box of a cell: the square itself, or a square one hex wide
 * centred on the hex (where tokens, marks and highlights sit). */
SDL_FRect render_cell_rect(const Camera *cam, BoardPos pos)
{
    if (!cam->hex)
        return render_squares_rect(cam, pos.x, pos.y, 1, 1);
    double cx, cy;
    camera_centre(cam, pos, &cx, &cy);
    return render_squares_rect(cam, cx - 0.5, cy - 0.5, 1, 1);
}

/* The screen points of a hex's six corners, clockwise from the top. */
void render_hex_points(const Camera *cam, BoardPos pos, SDL_FPoint pts[6])
{
    for (int k = 0; k < 6; k++) {
        double bx, by;
        camera_hex_corner(cam, pos, k, &bx, &by);
        pts[k] = (SDL_FPoint){(float)camera_screen_x(cam, bx), (float)camera_screen_y(cam, by)};
    }
}

/* A hex filled from the texel rectangle src (the picture masked to the
 * hexagon), or with plain colour when tex_w is 0. */
void render_queue_hex(Batch *batch, const Camera *cam, BoardPos pos, SDL_Rect src, int tex_w,
                      int tex_h, SDL_Color colour)
{
    SDL_FPoint pts[6], uv[6];
    render_hex_points(cam, pos, pts);
    static const float fx[6] = {0.5f, 1, 1, 0.5f, 0, 0}, fy[6] = {0, 0.25f, 0.75f, 1, 0.75f, 0.25f};
    for (int k = 0; k < 6; k++) {
        if (!tex_w) {
            uv[k] = (SDL_FPoint){fx[k], fy[k]};
            continue;
        }
        float u0 = ((float)src.x + 0.5f) / (float)tex_w, v0 = ((float)src.y + 0.5f) / (float)tex_h;
        float u1 = ((float)(src.x + src.w) - 0.5f) / (float)tex_w;
        float v1 = ((float)(src.y + src.h) - 0.5f) / (float)tex_h;
        uv[k] = (SDL_FPoint){u0 + (u1 - u0) * fx[k], v0 + (v1 - v0) * fy[k]};
    }
    batch_poly_uv(batch, pts, uv, 6, colour);
}

/* A cell of one colour: the square, or the hexagon. */
void render_queue_cell(Batch *batch, const Camera *cam, BoardPos pos, SDL_Color colour)
{
    if (cam->hex)
        render_queue_hex(batch, cam, pos, (SDL_Rect){0, 0, 0, 0}, 0, 0, colour);
    else
        batch_rect(batch, render_squares_rect(cam, pos.x, pos.y, 1, 1), colour);
}

/* A strip t pixels wide along the segment a-b, reaching ext pixels past
 * both ends, its texture running along it. */
void render_queue_strip(Batch *batch, SDL_FPoint a, SDL_FPoint b, float t, float ext, SDL_Color c)
{
    float dx = b.x - a.x, dy = b.y - a.y, len = sqrtf(dx * dx + dy * dy);
    if (len <= 0)
        return;
    float ux = dx / len, uy = dy / len, nx = -uy * t / 2, ny = ux * t / 2;
    a.x -= ux * ext, a.y -= uy * ext, b.x += ux * ext, b.y += uy * ext;
    const SDL_FPoint pts[4] = {{a.x + nx, a.y + ny}, {b.x + nx, b.y + ny}, {b.x - nx, b.y - ny},
                               {a.x - nx, a.y - ny}};
    static const SDL_FPoint uv[4] = {{0, 0}, {1, 0}, {1, 1}, {0, 1}};
    batch_poly_uv(batch, pts, uv, 4, c);
}

/* The screen ends of the edge on side dir of hex pos. */
bool render_hex_edge_points(const Camera *cam, BoardPos pos, GridDir dir, SDL_FPoint *a,
                            SDL_FPoint *b)
{
    int k0, k1;
    if (!camera_hex_edge(dir, &k0, &k1))
        return false;
    SDL_FPoint pts[6];
    render_hex_points(cam, pos, pts);
    *a = pts[k0], *b = pts[k1];
    return true;
}
