#include "sight.h"

#include <stdlib.h>

/* One step of the walk: crossing the edge on side dir of *p into the next
 * square, which must not block unless it is the target. */
static bool cross(const Grid *g, const SightRules *r, BoardPos *p, GridDir dir, BoardPos target)
{
    if (r->edge_blocks(r->ctx, *p, dir))
        return false;
    *p = grid_step(g, *p, dir);
    return grid_pos_equal(*p, target) || !r->square_blocks(r->ctx, *p);
}

/* Through a corner: clear when either way around it is clear. */
static bool corner(const Grid *g, const SightRules *r, BoardPos *p, GridDir hx, GridDir vy,
                   BoardPos target)
{
    BoardPos a = *p, b = *p;
    bool via_x = cross(g, r, &a, hx, target) && cross(g, r, &a, vy, target);
    bool via_y = cross(g, r, &b, vy, target) && cross(g, r, &b, hx, target);
    *p = grid_step(g, grid_step(g, *p, hx), vy);
    return via_x || via_y;
}

/* --- Hexes ----------------------------------------------------------- */

/* Scale of the exact arithmetic: a sample's cube coordinates are kept as
 * integers times N * HEX_SCALE (N: the hex distance), so a nudge of a
 * few units moves a point off an edge without ever reaching the middle of
 * a hex. */
#define HEX_SCALE 64

/* Rounds v / unit to the nearest integer (v never lies half way: the
 * nudge keeps it off). */
static long long round_div(long long v, long long unit)
{
    long long q = v >= 0 ? (v + unit / 2) / unit : -((-v + unit / 2) / unit);
    return q;
}

/* The hex at sample i of n along the line a -> b, with the nudge sign
 * (+1 or -1): cube coordinates interpolated exactly, then rounded the
 * usual way (round all three, fix the one that moved most so that they
 * sum to zero; ties of that test go to q, then r). */
static BoardPos hex_sample(const Grid *g, const int *ca, const int *cb, int n, int i, int sign)
{
    static const int nudge[3] = {1, 2, -3};
    long long unit = (long long)n * HEX_SCALE, v[3], rnd[3], diff[3];
    for (int k = 0; k < 3; k++) {
        v[k] = ((long long)ca[k] * n + (long long)(cb[k] - ca[k]) * i) * HEX_SCALE +
               sign * nudge[k];
        rnd[k] = round_div(v[k], unit);
        diff[k] = llabs(rnd[k] * unit - v[k]);
    }
    if (diff[0] >= diff[1] && diff[0] >= diff[2])
        rnd[0] = -rnd[1] - rnd[2];
    else if (diff[1] >= diff[2])
        rnd[1] = -rnd[0] - rnd[2];
    return grid_hex_from_cube(g, (int)rnd[0], (int)rnd[1]);
}

/* One nudged line from a to b: every edge between consecutive hexes and
 * every hex between the ends must be clear. */
static bool hex_walk(const Grid *g, BoardPos a, BoardPos b, int sign, const SightRules *r)
{
    int ca[3], cb[3];
    grid_hex_cube(g, a, &ca[0], &ca[1], &ca[2]);
    grid_hex_cube(g, b, &cb[0], &cb[1], &cb[2]);
    int n = grid_distance(g, a, b);
    BoardPos p = a;
    for (int i = 1; i <= n; i++) {
        BoardPos q = hex_sample(g, ca, cb, n, i, sign);
        if (grid_pos_equal(q, p))
            continue;
        int dir = grid_dir_between(g, p, q);
        if (dir < 0 || !grid_contains(g, q) || r->edge_blocks(r->ctx, p, (GridDir)dir))
            return false;
        if (!grid_pos_equal(q, b) && r->square_blocks(r->ctx, q))
            return false;
        p = q;
    }
    return grid_pos_equal(p, b);
}

bool sight_line(const Grid *grid, BoardPos a, BoardPos b, const SightRules *r)
{
    if (grid->topology == GRID_HEX) {
        /* A line along an edge between two hexes is nudged to both sides:
         * visible when either side is clear (as a line through a corner
         * of squares), which also makes sight symmetric. */
        return hex_walk(grid, a, b, 1, r) || hex_walk(grid, a, b, -1, r);
    }
    int dx = abs(b.x - a.x), dy = abs(b.y - a.y);
    GridDir hx = b.x > a.x ? GRID_DIR_EAST : GRID_DIR_WEST;
    GridDir vy = b.y > a.y ? GRID_DIR_SOUTH : GRID_DIR_NORTH;
    BoardPos p = a;
    /* i and j count the vertical and horizontal edges crossed so far; the
     * next vertical edge lies at parameter (2i+1)/(2dx) along the line and
     * the next horizontal one at (2j+1)/(2dy): compare them exactly. */
    int i = 0, j = 0;
    while (i < dx || j < dy) {
        long long tx = (long long)(2 * i + 1) * dy, ty = (long long)(2 * j + 1) * dx;
        bool ok;
        if (j >= dy || (i < dx && tx < ty)) {
            ok = cross(grid, r, &p, hx, b);
            i++;
        } else if (i >= dx || ty < tx) {
            ok = cross(grid, r, &p, vy, b);
            j++;
        } else {
            ok = corner(grid, r, &p, hx, vy, b);
            i++, j++;
        }
        if (!ok)
            return false;
    }
    return true;
}
