/* The camera: which part of the board the window shows, and how big.
 *
 * Board coordinates are in squares (a square's top-left corner is its
 * integer position), screen coordinates in output pixels (already scaled
 * for HiDPI). Square i's left edge is at camera_screen_x(cam, i), rounded,
 * so neighbouring squares share their edge exactly and never leave a seam.
 * Pure arithmetic, no SDL.
 */
#pragma once

#include "../core/grid.h"

#include <stdbool.h>

/* Smallest and largest zoom, in screen pixels per square. */
#define CAMERA_MIN_SCALE 0.25
#define CAMERA_MAX_SCALE 256.0

typedef struct Camera {
    double scale;       /* screen pixels per square */
    double x, y;        /* board point at the view's top-left corner */
    int view_w, view_h; /* view size in pixels */
    int board_w, board_h;
    bool hex;           /* a hex board: cells are laid out by camera_centre */
    bool hex_even;      /* hex: even rows are the shifted ones */
    int inset_top;      /* pixels at the view's top that camera_fit keeps the
                         * board below (the window's notices lie there) */
} Camera;

/* Hex boards in board units (a hex is 1 wide, point up): rows lie
 * CAMERA_HEX_ROW apart, a hex's corners CAMERA_HEX_RADIUS from its
 * centre; hex (x, y) has its centre at x + 0.5 (+ 0.5 on shifted rows),
 * CAMERA_HEX_RADIUS + y * CAMERA_HEX_ROW. */
#define CAMERA_HEX_ROW 0.86602540378443865   /* sqrt(3) / 2 */
#define CAMERA_HEX_RADIUS 0.57735026918962576 /* 1 / sqrt(3) */

/* A camera over a board of the given size, fitted to a view. */
Camera camera_make(int board_w, int board_h, int view_w, int view_h);

/* A camera over a board of the grid's size and topology, fitted. */
Camera camera_make_grid(const Grid *grid, int view_w, int view_h);

/* The board's size in board units (squares; on hex boards the hexes'
 * bounding box). */
double camera_extent_w(const Camera *cam);
double camera_extent_h(const Camera *cam);

/* Board point of the centre of square (or hex) pos. */
void camera_centre(const Camera *cam, BoardPos pos, double *bx, double *by);

/* Board point of corner k (0..5, clockwise from the top) of hex pos. */
void camera_hex_corner(const Camera *cam, BoardPos pos, int k, double *bx, double *by);

/* The two corners (indices for camera_hex_corner) the edge on side dir of
 * a hex runs between, clockwise; false when dir is no hex edge. */
bool camera_hex_edge(GridDir dir, int *k0, int *k1);

/* Zooms and centres so the whole board fits the view with a margin. */
void camera_fit(Camera *cam);

/* Changes the view size, keeping the board point at the centre still. */
void camera_resize(Camera *cam, int view_w, int view_h);

/* Multiplies the scale by factor (clamped), keeping the board point under
 * the screen point (sx, sy) where it is. */
void camera_zoom_at(Camera *cam, double factor, double sx, double sy);

/* Moves the view by (dx, dy) screen pixels: the board follows the mouse. */
void camera_pan(Camera *cam, double dx, double dy);

/* Screen position of a board point. */
double camera_screen_x(const Camera *cam, double bx);
double camera_screen_y(const Camera *cam, double by);

/* Board point under a screen point. */
double camera_board_x(const Camera *cam, double sx);
double camera_board_y(const Camera *cam, double sy);

/* The square under a screen point (may be off the board). */
BoardPos camera_square_at(const Camera *cam, double sx, double sy);

/* The on-board squares the view shows, as an inclusive range. Returns
 * false when none is visible. */
bool camera_visible(const Camera *cam, BoardPos *min, BoardPos *max);
