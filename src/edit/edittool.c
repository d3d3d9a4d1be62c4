#include "edittool.h"

#include "../core/i18n.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PI 3.14159265358979323846

static const char *const NAMES[EDIT_TOOL_COUNT] = {"select", "pencil", "line", "rect", "fill",
                                                   "eraser", "rock",   "piece", "door"};
static const char KEYS[EDIT_TOOL_COUNT] = {'s', 'p', 'l', 'r', 'f', 'e', 'k', 'i', 'd'};

const char *edittool_name(EditTool tool)
{
    return (unsigned)tool < EDIT_TOOL_COUNT ? NAMES[tool] : "?";
}

char edittool_key(EditTool tool)
{
    return (unsigned)tool < EDIT_TOOL_COUNT ? KEYS[tool] : '?';
}

void edittools_init(EditTools *t)
{
    *t = (EditTools){.tool = EDIT_TOOL_PENCIL, .colour = EDIT_OPAQUE | 0xffffff};
    snprintf(t->piece, sizeof t->piece, "goblin");
}

bool edittools_run(EditTools *t, EditSession *s, const char *line)
{
    EditAnswer a;
    if (!editsession_execute(s, line, &a))
        return true;
    snprintf(t->status, sizeof t->status, "%s", a.first ? a.first : "");
    t->status_ok = a.ok;
    bool ok = a.ok;
    editanswer_free(&a);
    return ok;
}

static bool runf(EditTools *t, EditSession *s, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

static bool runf(EditTools *t, EditSession *s, const char *fmt, ...)
{
    char line[EDIT_LINE_MAX];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    return edittools_run(t, s, line);
}

/* ---- geometry ---- */

size_t edittool_line_squares(const Grid *g, BoardPos p, BoardPos q, BoardPos *out, size_t max)
{
    size_t n = 0;
    if (g->topology == GRID_HEX) {
        int pq, pr, ps, qq, qr, qs;
        grid_hex_cube(g, p, &pq, &pr, &ps);
        grid_hex_cube(g, q, &qq, &qr, &qs);
        int steps = grid_distance(g, p, q);
        for (int i = 0; i <= steps; i++, n++) {
            double k = steps ? (double)i / steps : 0;
            /* a tiny nudge keeps ties off the edge between two hexes */
            double fq = pq + (qq - pq) * k + 1e-6, fr = pr + (qr - pr) * k + 1e-6;
            double fs = -fq - fr;
            long rq = lround(fq), rr = lround(fr), rs = lround(fs);
            double dq = fabs((double)rq - fq), dr = fabs((double)rr - fr), ds = fabs((double)rs - fs);
            if (dq > dr && dq > ds)
                rq = -rr - rs;
            else if (dr > ds)
                rr = -rq - rs;
            if (n < max)
                out[n] = grid_hex_from_cube(g, (int)rq, (int)rr);
        }
        return n;
    }
    int dx = abs(q.x - p.x), dy = -abs(q.y - p.y);
    int sx = p.x < q.x ? 1 : -1, sy = p.y < q.y ? 1 : -1, err = dx + dy;
    for (;; n++) {
        if (n < max)
            out[n] = p;
        if (p.x == q.x && p.y == q.y)
            return n + 1;
        int e2 = 2 * err;
        if (e2 >= dy) {
            err += dy;
            p.x += sx;
        }
        if (e2 <= dx) {
            err += dx;
            p.y += sy;
        }
    }
}

GridDir edittool_nearest_side(const Grid *g, BoardPos p, double fx, double fy)
{
    double dx = fx - 0.5, dy = fy - 0.5;
    if (g->topology != GRID_HEX) {
        if (fabs(dx) > fabs(dy))
            return dx > 0 ? GRID_DIR_EAST : GRID_DIR_WEST;
        return dy > 0 ? GRID_DIR_SOUTH : GRID_DIR_NORTH;
    }
    /* pointy-top hexes: the six edges face every 60 degrees from east */
    static const GridDir around[6] = {GRID_DIR_EAST,      GRID_DIR_SOUTHEAST, GRID_DIR_SOUTHWEST,
                                      GRID_DIR_WEST,      GRID_DIR_NORTHWEST, GRID_DIR_NORTHEAST};
    double angle = atan2(dy, dx); /* y grows downwards: clockwise from east */
    int k = (int)floor((angle + PI / 6) / (PI / 3));
    (void)p;
    return around[((k % 6) + 6) % 6];
}

static const char *side_name(GridDir d)
{
    static const char *const names[] = {"north", "east", "south", "west"};
    return (unsigned)d < 4 ? names[d] : grid_dir_name(d);
}

/* ---- brushes ---- */

static bool brush(EditTool tool)
{
    return tool == EDIT_TOOL_PENCIL || tool == EDIT_TOOL_ERASER || tool == EDIT_TOOL_ROCK;
}

static void colour_text(EditColour c, char *buf, size_t size)
{
    snprintf(buf, size, "%06x", editdoc_rgb(c));
}

/* The brush's command on one square. */
static void brush_square(EditTools *t, EditSession *s, BoardPos p)
{
    char c[16];
    colour_text(t->colour, c, sizeof c);
    if (t->tool == EDIT_TOOL_PENCIL)
        runf(t, s, "paint %d %d %s", p.x, p.y, c);
    else
        runf(t, s, "%s %d %d", t->tool == EDIT_TOOL_ERASER ? "erase" : "rock", p.x, p.y);
}

/* The brush from the last square to p, every square between. */
static void brush_to(EditTools *t, EditSession *s, BoardPos p)
{
    BoardPos line[4096];
    const Grid *g = editdoc_grid(editsession_doc(s));
    size_t n = edittool_line_squares(g, t->last, p, line, 4096);
    for (size_t i = 1; i < n && i < 4096; i++)
        brush_square(t, s, line[i]);
    t->last = p;
}

/* ---- selecting ---- */

/* Selects what is at p: a door on the edge near the pointer, else the
 * first piece on the square. */
static bool pick(EditTools *t, EditSession *s, BoardPos p, double fx, double fy)
{
    const Mission *m = editdoc_mission(editsession_doc(s));
    const Grid *g = editdoc_grid(editsession_doc(s));
    GridDir side = edittool_nearest_side(g, p, fx, fy);
    double edge = fmin(fmin(fx, 1 - fx), fmin(fy, 1 - fy));
    long door = editplace_door(m, g, p, side);
    EditThing things[1];
    t->selected = false;
    if (door >= 0 && edge < 0.25) {
        t->selection = (EditThing){EDIT_DOOR, (size_t)door};
        t->selection_side = side;
    } else if (editplace_at(m, p, things, 1) > 0) {
        t->selection = things[0];
    } else if (door >= 0) {
        t->selection = (EditThing){EDIT_DOOR, (size_t)door};
        t->selection_side = side;
    } else {
        return false;
    }
    t->selected = true;
    t->selection_square = p;
    return true;
}

/* " KIND" or " door SIDE": what names the selection in a command. */
static void selection_words(const EditTools *t, char *buf, size_t size)
{
    if (t->selection.kind == EDIT_DOOR)
        snprintf(buf, size, "door %s", side_name(t->selection_side));
    else
        snprintf(buf, size, "%s", editplace_kind_name(t->selection.kind));
}

void edittools_check_selection(EditTools *t, EditSession *s)
{
    if (!t->selected)
        return;
    const Mission *m = editdoc_mission(editsession_doc(s));
    if (t->selection.index >= editplace_count(m, t->selection.kind)) {
        t->selected = false;
        return;
    }
    if (t->selection.kind == EDIT_DOOR) {
        long d = editplace_door(m, editdoc_grid(editsession_doc(s)), t->selection_square,
                                t->selection_side);
        t->selected = d == (long)t->selection.index;
        return;
    }
    t->selected = editplace_covers(m, t->selection, t->selection_square);
}

void edittools_delete(EditTools *t, EditSession *s)
{
    edittools_check_selection(t, s);
    if (!t->selected) {
        snprintf(t->status, sizeof t->status, _("nothing is selected"));
        t->status_ok = false;
        return;
    }
    char what[64];
    selection_words(t, what, sizeof what);
    if (runf(t, s, "delete %d %d %s", t->selection_square.x, t->selection_square.y, what))
        t->selected = false;
}

/* ---- presses ---- */

void edittools_press(EditTools *t, EditSession *s, BoardPos p, double fx, double fy,
                     unsigned mods)
{
    const Grid *g = editdoc_grid(editsession_doc(s));
    if (!grid_contains(g, p))
        return;
    t->down = true;
    t->mods = mods;
    t->start = t->last = p;
    t->moved = false;
    char c[16];
    colour_text(t->colour, c, sizeof c);
    switch (t->tool) {
    case EDIT_TOOL_PENCIL:
    case EDIT_TOOL_ERASER:
    case EDIT_TOOL_ROCK:
        runf(t, s, "batch begin %s", edittool_name(t->tool));
        t->batch_open = true;
        brush_square(t, s, p);
        break;
    case EDIT_TOOL_FILL:
        runf(t, s, "fill %d %d %s", p.x, p.y, c);
        break;
    case EDIT_TOOL_PIECE:
        runf(t, s, "place %s %d %d %s", t->piece, p.x, p.y, t->piece_options);
        break;
    case EDIT_TOOL_DOOR: {
        GridDir side = edittool_nearest_side(g, p, fx, fy);
        if (mods & EDIT_MOD_SHIFT)
            runf(t, s, "delete %d %d door %s", p.x, p.y, side_name(side));
        else
            runf(t, s, "door %d %d %s %s", p.x, p.y, side_name(side), t->door_options);
        break;
    }
    case EDIT_TOOL_SELECT:
        if (!pick(t, s, p, fx, fy)) {
            snprintf(t->status, sizeof t->status, _("nothing on %d,%d"), p.x, p.y);
            t->status_ok = true;
        } else {
            char what[400];
            editplace_describe(editdoc_mission(editsession_doc(s)), t->selection, what,
                               sizeof what);
            snprintf(t->status, sizeof t->status, "%s", what);
            t->status_ok = true;
        }
        break;
    default: break;
    }
}

void edittools_drag(EditTools *t, EditSession *s, BoardPos p)
{
    if (!t->down || !grid_contains(editdoc_grid(editsession_doc(s)), p))
        return;
    if (brush(t->tool) && !grid_pos_equal(p, t->last))
        brush_to(t, s, p);
    else
        t->last = p;
    if (!grid_pos_equal(p, t->start))
        t->moved = true;
}

void edittools_release(EditTools *t, EditSession *s, BoardPos p)
{
    if (!t->down)
        return;
    const Grid *g = editdoc_grid(editsession_doc(s));
    if (grid_contains(g, p))
        edittools_drag(t, s, p);
    t->down = false;
    char c[16];
    colour_text(t->colour, c, sizeof c);
    BoardPos a = t->start, b = t->last;
    switch (t->tool) {
    case EDIT_TOOL_PENCIL:
    case EDIT_TOOL_ERASER:
    case EDIT_TOOL_ROCK:
        if (t->batch_open)
            edittools_run(t, s, "batch end");
        t->batch_open = false;
        break;
    case EDIT_TOOL_LINE: runf(t, s, "line %d %d %d %d %s", a.x, a.y, b.x, b.y, c); break;
    case EDIT_TOOL_RECT: runf(t, s, "rect %d %d %d %d %s", a.x, a.y, b.x, b.y, c); break;
    case EDIT_TOOL_SELECT:
        if (t->selected && t->moved) {
            char what[64];
            selection_words(t, what, sizeof what);
            bool copy = t->mods & EDIT_MOD_CTRL;
            if (runf(t, s, "%s %d %d %d %d %s", copy ? "copy" : "move", t->selection_square.x,
                     t->selection_square.y, t->selection_square.x + b.x - a.x,
                     t->selection_square.y + b.y - a.y, what)) {
                /* the selection follows the piece (a copy is the new one) */
                t->selection_square.x += b.x - a.x;
                t->selection_square.y += b.y - a.y;
                if (copy)
                    t->selection.index = editplace_count(editdoc_mission(editsession_doc(s)),
                                                         t->selection.kind) - 1;
            }
        }
        break;
    default: break;
    }
}

void edittools_cancel(EditTools *t, EditSession *s)
{
    if (t->down && t->batch_open)
        edittools_run(t, s, "batch end");
    t->batch_open = false;
    t->down = false;
    t->moved = false;
}

void edittools_choose(EditTools *t, EditSession *s, EditTool tool)
{
    edittools_cancel(t, s);
    t->tool = tool;
}
