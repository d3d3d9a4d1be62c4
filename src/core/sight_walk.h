/* The walk behind sight_line (sight.h), inline: a caller that looks along
 * many lines with blockers of its own (the fog of war) includes this and
 * calls sight_walk with constant callbacks, which the compiler then
 * inlines into the walk; sight_line is the same walk called through the
 * pointers. Part of the sight module (sight.c), not a module of its own.
 */
#pragma once

#include "grid.h"
#include "sight.h"

#include <stdbool.h>
#include <stdlib.h>

/* One step of the walk: crossing the edge on side dir of *p into the next
 * square, which must not block unless it is the target. */
static inline __attribute__((always_inline)) bool
sight_cross(const Grid *g, const SightRules *r, BoardPos *p, GridDir dir, BoardPos target)
{
    if (r->edge_blocks(r->ctx, *p, dir))
        return false;
    *p = grid_step(g, *p, dir);
    return grid_pos_equal(*p, target) || !r->square_blocks(r->ctx, *p);
}

/* Through a corner: clear when either way around it is clear. */
static inline __attribute__((always_inline)) bool
sight_corner(const Grid *g, const SightRules *r, BoardPos *p, GridDir hx, GridDir vy,
             BoardPos target)
{
    BoardPos a = *p, b = *p;
    bool via_x = sight_cross(g, r, &a, hx, target) && sight_cross(g, r, &a, vy, target);
    bool via_y = sight_cross(g, r, &b, vy, target) && sight_cross(g, r, &b, hx, target);
    *p = grid_step(g, grid_step(g, *p, hx), vy);
    return via_x || via_y;
}

/* --- Hexes ----------------------------------------------------------- */

/* Scale of the exact arithmetic: a sample's cube coordinates are kept as
 * integers times N * SIGHT_HEX_SCALE (N: the hex distance), so a nudge of
 * a few units moves a point off an edge without ever reaching the middle
 * of a hex. */
#define SIGHT_HEX_SCALE 64

/* One cube coordinate of the samples along a line, rounded to the
 * nearest integer step by step without a division: at sample i the
 * coordinate is v = (a * n + (b - a) * i) * SCALE + nudge in units of
 * unit = n * SCALE, rounded to round = floor((v + unit / 2) / unit)
 * (v is never half way: the nudge keeps it off), with rest = v + unit / 2
 * - round * unit in [0, unit). Each sample adds (b - a) * SCALE, at most
 * one unit either way, so the rest wraps at most once. */
typedef struct SightAxis {
    long long round, rest, step;
} SightAxis;

static inline void sight_axis_advance(SightAxis *x, long long unit)
{
    x->rest += x->step;
    if (x->rest >= unit) {
        x->rest -= unit;
        x->round++;
    } else if (x->rest < 0) {
        x->rest += unit;
        x->round--;
    }
}

/* The direction of the neighbour at cube offset (dq, dr), or -1. */
static inline int sight_hex_dir(int dq, int dr)
{
    if (dr == 0)
        return dq == 1 ? GRID_DIR_EAST : dq == -1 ? GRID_DIR_WEST : -1;
    if (dr == -1)
        return dq == 1 ? GRID_DIR_NORTHEAST : dq == 0 ? GRID_DIR_NORTHWEST : -1;
    if (dr == 1)
        return dq == 0 ? GRID_DIR_SOUTHEAST : dq == -1 ? GRID_DIR_SOUTHWEST : -1;
    return -1;
}

/* One nudged line from a to b (sign +1 or -1): the hexes at each of its
 * hex-distance samples, from the cube coordinates interpolated exactly and
 * rounded the usual way (round all three, fix the one that moved most so
 * that they sum to zero; ties of that test go to q, then r). Every edge
 * between consecutive hexes and every hex between the ends must be
 * clear. */
static inline __attribute__((always_inline)) bool
sight_hex_walk(const Grid *g, BoardPos a, BoardPos b, int sign, const SightRules *r)
{
    static const int nudge[3] = {1, 2, -3};
    int ca[3], cb[3];
    grid_hex_cube(g, a, &ca[0], &ca[1], &ca[2]);
    grid_hex_cube(g, b, &cb[0], &cb[1], &cb[2]);
    int n = grid_distance(g, a, b);
    long long unit = (long long)n * SIGHT_HEX_SCALE, half = unit / 2;
    SightAxis axis[3];
    for (int k = 0; k < 3; k++)
        axis[k] = (SightAxis){ca[k], sign * nudge[k] + half,
                              (long long)(cb[k] - ca[k]) * SIGHT_HEX_SCALE};
    int shift0 = grid_hex_shifted(g, 0);
    BoardPos p = a;
    int pq = ca[0], pr = ca[1];
    for (int i = 1; i <= n; i++) {
        long long rnd[3], diff[3];
        for (int k = 0; k < 3; k++) {
            sight_axis_advance(&axis[k], unit);
            rnd[k] = axis[k].round;
            diff[k] = llabs(half - axis[k].rest);
        }
        if (diff[0] >= diff[1] && diff[0] >= diff[2])
            rnd[0] = -rnd[1] - rnd[2];
        else if (diff[1] >= diff[2])
            rnd[1] = -rnd[0] - rnd[2];
        int q = (int)rnd[0], rr = (int)rnd[1];
        if (q == pq && rr == pr)
            continue;
        /* grid_hex_from_cube */
        BoardPos h = {(2 * q + rr + shift0 - grid_hex_shifted(g, rr)) / 2, rr};
        int dir = sight_hex_dir(q - pq, rr - pr);
        if (dir < 0 || !grid_contains(g, h) || r->edge_blocks(r->ctx, p, (GridDir)dir))
            return false;
        if (!grid_pos_equal(h, b) && r->square_blocks(r->ctx, h))
            return false;
        p = h;
        pq = q, pr = rr;
    }
    return grid_pos_equal(p, b);
}

/* sight_line (sight.h). */
static inline __attribute__((always_inline)) bool
sight_walk(const Grid *grid, BoardPos a, BoardPos b, const SightRules *r)
{
    if (grid->topology == GRID_HEX) {
        /* A line along an edge between two hexes is nudged to both sides:
         * visible when either side is clear (as a line through a corner
         * of squares), which also makes sight symmetric. */
        return sight_hex_walk(grid, a, b, 1, r) || sight_hex_walk(grid, a, b, -1, r);
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
            ok = sight_cross(grid, r, &p, hx, b);
            i++;
        } else if (i >= dx || ty < tx) {
            ok = sight_cross(grid, r, &p, vy, b);
            j++;
        } else {
            ok = sight_corner(grid, r, &p, hx, vy, b);
            i++, j++;
        }
        if (!ok)
            return false;
    }
    return true;
}
