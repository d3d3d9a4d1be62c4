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
} Camera;

/* A camera over a board of the given size, fitted to a view. */
Camera camera_make(int board_w, int board_h, int view_w, int view_h);

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
