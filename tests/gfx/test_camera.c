/* The camera: fitting, zooming about a point, panning, visible ranges,
 * seamless square edges, and picking on hex boards (pixel -> hex -> pixel
 * round trips against a nearest-centre reference). */
#include "check.h"

#include "gfx/camera.h"

#include <math.h>
#include <stdint.h>

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

/* The hex nearest to board point (bx, by) by brute force over every hex:
 * pointy-top hexes are exactly the cells of their centres' Voronoi
 * diagram, so this is what picking must give. */
static BoardPos nearest_hex(const Camera *cam, double bx, double by, double *second_gap)
{
    BoardPos best = {-1, -1};
    double d1 = 1e300, d2 = 1e300;
    for (int y = 0; y < cam->board_h; y++)
        for (int x = 0; x < cam->board_w; x++) {
            double cx, cy;
            camera_centre(cam, (BoardPos){x, y}, &cx, &cy);
            double d = (cx - bx) * (cx - bx) + (cy - by) * (cy - by);
            if (d < d1) {
                d2 = d1, d1 = d, best = (BoardPos){x, y};
            } else if (d < d2) {
                d2 = d;
            }
        }
    *second_gap = sqrt(d2) - sqrt(d1);
    return best;
}

/* Screen point of a board point, unrounded (camera_screen_x rounds to
 * whole pixels, for drawing; the mouse can be anywhere in a pixel). */
static double sx_of(const Camera *cam, double bx) { return (bx - cam->x) * cam->scale; }
static double sy_of(const Camera *cam, double by) { return (by - cam->y) * cam->scale; }

static void test_hex_picking(void)
{
    uint64_t seed = 99;
    for (int even = 0; even < 2; even++) {
        Grid g = grid_make(15, 13, GRID_HEX);
        g.hex_even = even;
        Camera cam = camera_make_grid(&g, 1000, 800);
        CHECK(cam.hex && cam.hex_even == (bool)even);
        camera_zoom_at(&cam, 1.7 + even, 400, 300);
        camera_pan(&cam, 37.25, -11.5);
        /* every hex's centre picks it, and lies on the screen where the
         * camera says it does (hex -> pixel -> hex) */
        for (int y = 0; y < 13; y++)
            for (int x = 0; x < 15; x++) {
                double bx, by;
                camera_centre(&cam, (BoardPos){x, y}, &bx, &by);
                double sx = sx_of(&cam, bx), sy = sy_of(&cam, by);
                CHECK(close_to(camera_board_x(&cam, sx), bx) && close_to(camera_board_y(&cam, sy), by));
                CHECK(grid_pos_equal(camera_square_at(&cam, sx, sy), (BoardPos){x, y}));
                /* the pixel the centre is drawn at picks it too */
                CHECK(grid_pos_equal(camera_square_at(&cam, camera_screen_x(&cam, bx),
                                                      camera_screen_y(&cam, by)),
                                     (BoardPos){x, y}));
                /* just inside each corner still picks it */
                for (int k = 0; k < 6; k++) {
                    double kx, ky;
                    camera_hex_corner(&cam, (BoardPos){x, y}, k, &kx, &ky);
                    double px = bx + (kx - bx) * 0.98, py = by + (ky - by) * 0.98;
                    CHECK(grid_pos_equal(camera_square_at(&cam, sx_of(&cam, px), sy_of(&cam, py)),
                                         (BoardPos){x, y}));
                }
            }
        /* exact at the borders: a point a hair either side of an edge's
         * midpoint picks the hex on its side */
        for (int y = 1; y < 12; y++)
            for (int x = 1; x < 14; x++)
                for (int d = 0; d < GRID_DIR_COUNT; d++) {
                    int k0, k1;
                    if (!camera_hex_edge((GridDir)d, &k0, &k1))
                        continue;
                    BoardPos a = {x, y}, b = grid_step(&g, a, (GridDir)d);
                    double ax, ay, bx, by, x0, y0, x1, y1;
                    camera_centre(&cam, a, &ax, &ay);
                    camera_centre(&cam, b, &bx, &by);
                    camera_hex_corner(&cam, a, k0, &x0, &y0);
                    camera_hex_corner(&cam, a, k1, &x1, &y1);
                    double mx = (x0 + x1) / 2, my = (y0 + y1) / 2, e = 1e-4;
                    /* the edge's midpoint is halfway between the centres */
                    CHECK(fabs(mx - (ax + bx) / 2) < 1e-9 && fabs(my - (ay + by) / 2) < 1e-9);
                    BoardPos in = camera_square_at(&cam, sx_of(&cam, mx + (ax - mx) * e),
                                                   sy_of(&cam, my + (ay - my) * e));
                    BoardPos out = camera_square_at(&cam, sx_of(&cam, mx + (bx - mx) * e),
                                                    sy_of(&cam, my + (by - my) * e));
                    CHECK(grid_pos_equal(in, a) && grid_pos_equal(out, b));
                }
        /* random pixels: the picked hex is the nearest centre (points on
         * a border within rounding are skipped), and its centre is a
         * pixel that picks it again (pixel -> hex -> pixel -> hex) */
        int checked = 0;
        for (int i = 0; i < 20000; i++) {
            seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
            double sx = (double)(seed >> 40 & 0xffff) / 65536.0 * 1000;
            double sy = (double)(seed >> 20 & 0xffff) / 65536.0 * 800;
            double bx = camera_board_x(&cam, sx), by = camera_board_y(&cam, sy), gap;
            BoardPos want = nearest_hex(&cam, bx, by, &gap);
            BoardPos got = camera_square_at(&cam, sx, sy);
            if (!grid_contains(&g, got) || gap < 1e-9)
                continue;
            checked++;
            CHECK(grid_pos_equal(got, want));
            double cx, cy;
            camera_centre(&cam, got, &cx, &cy);
            CHECK(grid_pos_equal(camera_square_at(&cam, sx_of(&cam, cx), sy_of(&cam, cy)), got));
        }
        CHECK(checked > 5000);
    }
}

int main(void)
{
    test_fit();
    test_zoom_keeps_point();
    test_pan_and_limits();
    test_squares();
    test_hex_picking();
    return check_finish("camera");
}
