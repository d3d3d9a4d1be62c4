#include "camera.h"

#include <math.h>

/* Share of the view left free around the board when fitting. */
#define FIT_MARGIN 0.04

static double clampd(double v, double lo, double hi)
{
    return v < lo ? lo : v > hi ? hi : v;
}

double camera_extent_w(const Camera *cam)
{
    return cam->hex && cam->board_h > 1 ? cam->board_w + 0.5 : cam->board_w;
}

double camera_extent_h(const Camera *cam)
{
    return cam->hex ? (cam->board_h - 1) * CAMERA_HEX_ROW + 2 * CAMERA_HEX_RADIUS : cam->board_h;
}

/* True when hex row y sits half a hex to the right. */
static bool row_shifted(const Camera *cam, int y)
{
    return ((y & 1) != 0) != cam->hex_even;
}

void camera_centre(const Camera *cam, BoardPos pos, double *bx, double *by)
{
    if (!cam->hex) {
        *bx = pos.x + 0.5;
        *by = pos.y + 0.5;
        return;
    }
    *bx = pos.x + 0.5 + (row_shifted(cam, pos.y) ? 0.5 : 0.0);
    *by = CAMERA_HEX_RADIUS + pos.y * CAMERA_HEX_ROW;
}

void camera_hex_corner(const Camera *cam, BoardPos pos, int k, double *bx, double *by)
{
    /* clockwise from the top: 90 degrees up, then every 60 */
    static const double dx[6] = {0, 0.5, 0.5, 0, -0.5, -0.5};
    static const double dy[6] = {-1, -0.5, 0.5, 1, 0.5, -0.5};
    double cx, cy;
    camera_centre(cam, pos, &cx, &cy);
    *bx = cx + dx[k % 6];
    *by = cy + dy[k % 6] * CAMERA_HEX_RADIUS;
}

bool camera_hex_edge(GridDir dir, int *k0, int *k1)
{
    switch (dir) {
    case GRID_DIR_NORTHEAST: *k0 = 0, *k1 = 1; return true;
    case GRID_DIR_EAST: *k0 = 1, *k1 = 2; return true;
    case GRID_DIR_SOUTHEAST: *k0 = 2, *k1 = 3; return true;
    case GRID_DIR_SOUTHWEST: *k0 = 3, *k1 = 4; return true;
    case GRID_DIR_WEST: *k0 = 4, *k1 = 5; return true;
    case GRID_DIR_NORTHWEST: *k0 = 5, *k1 = 0; return true;
    default: return false;
    }
}

/* Keeps at least part of the board on screen so the player cannot lose it. */
static void keep_in_view(Camera *cam)
{
    double vw = cam->view_w / cam->scale, vh = cam->view_h / cam->scale;
    double keep = 1.0; /* squares that stay visible at worst */
    cam->x = clampd(cam->x, keep - vw, camera_extent_w(cam) - keep);
    cam->y = clampd(cam->y, keep - vh, camera_extent_h(cam) - keep);
}

Camera camera_make(int board_w, int board_h, int view_w, int view_h)
{
    Camera cam = {1.0, 0, 0, view_w > 0 ? view_w : 1, view_h > 0 ? view_h : 1, board_w, board_h,
                  false, false, 0};
    camera_fit(&cam);
    return cam;
}

Camera camera_make_grid(const Grid *grid, int view_w, int view_h)
{
    Camera cam = camera_make(grid->width, grid->height, view_w, view_h);
    cam.hex = grid->topology == GRID_HEX;
    cam.hex_even = grid->hex_even;
    camera_fit(&cam);
    return cam;
}

void camera_fit(Camera *cam)
{
    /* the board fits below the inset (ignored in a view too short for it) */
    int inset = cam->inset_top > 0 && cam->inset_top < cam->view_h / 3 ? cam->inset_top : 0;
    double usable_w = cam->view_w * (1.0 - 2 * FIT_MARGIN);
    double usable_h = (cam->view_h - inset) * (1.0 - 2 * FIT_MARGIN);
    double ew = camera_extent_w(cam), eh = camera_extent_h(cam);
    double s = fmin(usable_w / ew, usable_h / eh);
    cam->scale = clampd(s, CAMERA_MIN_SCALE, CAMERA_MAX_SCALE);
    cam->x = ew / 2.0 - cam->view_w / (2.0 * cam->scale);
    cam->y = eh / 2.0 - (inset + (cam->view_h - inset) / 2.0) / cam->scale;
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

/* The hex whose area holds board point (bx, by): the nearest centre,
 * found by rounding fractional cube coordinates (exact up to the
 * doubles' rounding at a border). */
static BoardPos hex_at(const Camera *cam, double bx, double by)
{
    Grid g = grid_make(1, 1, GRID_HEX);
    g.hex_even = cam->hex_even;
    double c0x, c0y;
    camera_centre(cam, (BoardPos){0, 0}, &c0x, &c0y);
    double r = (by - c0y) / CAMERA_HEX_ROW, q = (bx - c0x) - r / 2, s = -q - r;
    double rq = round(q), rr = round(r), rs = round(s);
    double dq = fabs(rq - q), dr = fabs(rr - r), ds = fabs(rs - s);
    if (dq > dr && dq > ds)
        rq = -rr - rs;
    else if (dr > ds)
        rr = -rq - rs;
    return grid_hex_from_cube(&g, (int)rq, (int)rr);
}

BoardPos camera_square_at(const Camera *cam, double sx, double sy)
{
    if (cam->hex)
        return hex_at(cam, camera_board_x(cam, sx), camera_board_y(cam, sy));
    return (BoardPos){(int)floor(camera_board_x(cam, sx)), (int)floor(camera_board_y(cam, sy))};
}

bool camera_visible(const Camera *cam, BoardPos *min, BoardPos *max)
{
    if (cam->hex) {
        /* rows and columns whose hexes may touch the view, one spare */
        double top = camera_board_y(cam, 0), bottom = camera_board_y(cam, cam->view_h);
        min->y = (int)fmax(floor((top - 2 * CAMERA_HEX_RADIUS) / CAMERA_HEX_ROW), 0);
        max->y = (int)fmin(ceil(bottom / CAMERA_HEX_ROW), cam->board_h - 1);
        min->x = (int)fmax(floor(cam->x) - 1, 0);
        max->x = (int)fmin(floor(camera_board_x(cam, cam->view_w)), cam->board_w - 1);
        return min->x <= max->x && min->y <= max->y;
    }
    double x0 = floor(cam->x), y0 = floor(cam->y);
    double x1 = floor(camera_board_x(cam, cam->view_w)), y1 = floor(camera_board_y(cam, cam->view_h));
    min->x = (int)fmax(x0, 0);
    min->y = (int)fmax(y0, 0);
    max->x = (int)fmin(x1, cam->board_w - 1);
    max->y = (int)fmin(y1, cam->board_h - 1);
    return min->x <= max->x && min->y <= max->y;
}
