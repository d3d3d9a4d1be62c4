/* The camera: fitting, zooming about a point, panning, visible ranges and
 * seamless square edges. */
#include "check.h"

#include "gfx/camera.h"

#include <math.h>

static int close_to(double a, double b)
{
    return fabs(a - b) < 1e-6;
}

static void test_fit(void)
{
    Camera cam = camera_make(26, 19, 1920, 1080);
    /* the whole board is on screen, centred, with a margin */
    CHECK(camera_screen_x(&cam, 0) > 0);
    CHECK(camera_screen_x(&cam, 26) < 1920);
    CHECK(camera_screen_y(&cam, 0) > 0);
    CHECK(camera_screen_y(&cam, 19) < 1080);
    double left = camera_screen_x(&cam, 0), right = 1920 - camera_screen_x(&cam, 26);
    CHECK(fabs(left - right) <= 1);
    BoardPos lo, hi;
    CHECK(camera_visible(&cam, &lo, &hi));
    CHECK_INT(lo.x, 0);
    CHECK_INT(lo.y, 0);
    CHECK_INT(hi.x, 25);
    CHECK_INT(hi.y, 18);
}

static void test_zoom_keeps_point(void)
{
    Camera cam = camera_make(26, 19, 1000, 800);
    double bx = camera_board_x(&cam, 300), by = camera_board_y(&cam, 200);
    camera_zoom_at(&cam, 2.0, 300, 200);
    CHECK(close_to(camera_board_x(&cam, 300), bx));
    CHECK(close_to(camera_board_y(&cam, 200), by));
    double s = cam.scale;
    camera_zoom_at(&cam, 1e9, 0, 0);
    CHECK(close_to(cam.scale, CAMERA_MAX_SCALE));
    camera_zoom_at(&cam, 1e-9, 0, 0);
    CHECK(close_to(cam.scale, CAMERA_MIN_SCALE));
    CHECK(s > CAMERA_MIN_SCALE);
}

static void test_pan_and_limits(void)
{
    Camera cam = camera_make(26, 19, 1000, 800);
    camera_zoom_at(&cam, 4.0, 500, 400);
    double x = cam.x;
    camera_pan(&cam, 100, 0); /* dragging right moves the view left */
    CHECK(close_to(cam.x, x - 100 / cam.scale));
    /* the board can never be pushed off screen entirely */
    camera_pan(&cam, 1e7, 1e7);
    BoardPos lo, hi;
    CHECK(camera_visible(&cam, &lo, &hi));
    camera_pan(&cam, -1e7, -1e7);
    CHECK(camera_visible(&cam, &lo, &hi));
    camera_fit(&cam);
    CHECK(camera_visible(&cam, &lo, &hi) && hi.x == 25 && hi.y == 18);
}

static void test_squares(void)
{
    Camera cam = camera_make(512, 512, 1920, 1080);
    camera_zoom_at(&cam, 13.7, 123, 456);
    /* adjacent squares share their edge exactly: no seams, no overlaps */
    for (int i = 0; i < 512; i++)
        CHECK(camera_screen_x(&cam, i + 1) - camera_screen_x(&cam, i) >= 0);
    BoardPos p = camera_square_at(&cam, 500, 500);
    CHECK(camera_screen_x(&cam, p.x) <= 500 && camera_screen_x(&cam, p.x + 1) >= 500);
    BoardPos lo, hi;
    CHECK(camera_visible(&cam, &lo, &hi));
    CHECK(hi.x - lo.x + 1 <= 1920 / cam.scale + 2);
    camera_resize(&cam, 800, 600);
    CHECK_INT(cam.view_w, 800);
}

int main(void)
{
    test_fit();
    test_zoom_keeps_point();
    test_pan_and_limits();
    test_squares();
    return check_finish("camera");
}
