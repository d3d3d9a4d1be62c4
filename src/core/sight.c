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

bool sight_line(const Grid *grid, BoardPos a, BoardPos b, const SightRules *r)
{
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
