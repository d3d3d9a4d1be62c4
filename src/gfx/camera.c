#include "camera.h"

#include <math.h>

/* Share of the view left free around the board when fitting. */
#define FIT_MARGIN 0.04

static double clampd(double v, double lo, double hi)
{
    return v < lo ? lo : v > hi ? hi : v;
}

/* Keeps at least part of the board on screen so the player cannot lose it. */
static void keep_in_view(Camera *cam)
{
    double vw = cam->view_w / cam->scale, vh = cam->view_h / cam->scale;
    double keep = 1.0; /* squares that stay visible at worst */
    cam->x = clampd(cam->x, keep - vw, cam->board_w - keep);
    cam->y = clampd(cam->y, keep - vh, cam->board_h - keep);
}

Camera camera_make(int board_w, int board_h, int view_w, int view_h)
{
    Camera cam = {1.0, 0, 0, view_w > 0 ? view_w : 1, view_h > 0 ? view_h : 1, board_w, board_h};
    camera_fit(&cam);
    return cam;
}

void camera_fit(Camera *cam)
{
    double usable_w = cam->view_w * (1.0 - 2 * FIT_MARGIN);
    double usable_h = cam->view_h * (1.0 - 2 * FIT_MARGIN);
    double s = fmin(usable_w / cam->board_w, usable_h / cam->board_h);
    cam->scale = clampd(s, CAMERA_MIN_SCALE, CAMERA_MAX_SCALE);
    cam->x = cam->board_w / 2.0 - cam->view_w / (2.0 * cam->scale);
    cam->y = cam->board_h / 2.0 - cam->view_h / (2.0 * cam->scale);
}

void camera_resize(Camera *cam, int view_w, int view_h)
{
    double cx = camera_board_x(cam, cam->view_w / 2.0);
    double cy = camera_board_y(cam, cam->view_h / 2.0);
    cam->view_w = view_w > 0 ? view_w : 1;
    cam->view_h = view_h > 0 ? view_h : 1;
    cam->x = cx - cam->view_w / (2.0 * cam->scale);
    cam->y = cy - cam->view_h / (2.0 * cam->scale);
    keep_in_view(cam);
}

void camera_zoom_at(Camera *cam, double factor, double sx, double sy)
{
    double bx = camera_board_x(cam, sx), by = camera_board_y(cam, sy);
    cam->scale = clampd(cam->scale * factor, CAMERA_MIN_SCALE, CAMERA_MAX_SCALE);
    cam->x = bx - sx / cam->scale;
    cam->y = by - sy / cam->scale;
    keep_in_view(cam);
}

void camera_pan(Camera *cam, double dx, double dy)
{
    cam->x -= dx / cam->scale;
    cam->y -= dy / cam->scale;
    keep_in_view(cam);
}

double camera_screen_x(const Camera *cam, double bx)
{
    return floor((bx - cam->x) * cam->scale + 0.5);
}

double camera_screen_y(const Camera *cam, double by)
{
    return floor((by - cam->y) * cam->scale + 0.5);
}

double camera_board_x(const Camera *cam, double sx)
{
    return cam->x + sx / cam->scale;
}

double camera_board_y(const Camera *cam, double sy)
{
    return cam->y + sy / cam->scale;
}

BoardPos camera_square_at(const Camera *cam, double sx, double sy)
{
    return (BoardPos){(int)floor(camera_board_x(cam, sx)), (int)floor(camera_board_y(cam, sy))};
}

bool camera_visible(const Camera *cam, BoardPos *min, BoardPos *max)
{
    double x0 = floor(cam->x), y0 = floor(cam->y);
    double x1 = floor(camera_board_x(cam, cam->view_w)), y1 = floor(camera_board_y(cam, cam->view_h));
    min->x = (int)fmax(x0, 0);
    min->y = (int)fmax(y0, 0);
    max->x = (int)fmin(x1, cam->board_w - 1);
    max->y = (int)fmin(y1, cam->board_h - 1);
    return min->x <= max->x && min->y <= max->y;
}
