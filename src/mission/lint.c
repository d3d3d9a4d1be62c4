/* Bitmap lint (lint.h). Near colours are found without comparing every
 * pair: each floor colour falls in a cube of LINT_NEAR on a side, the
 * colours are sorted by cube, and each looks only into its own and the 26
 * neighbouring cubes (binary search), so the cost is n log n in the
 * distinct colours. */
#include "lint.h"

#include "../core/alloc.h"
#include "../core/i18n.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define LINT_CELL_BITS 3 /* cubes of 8 = LINT_NEAR */

typedef struct Colour {
    uint32_t rgb;
    int index;      /* board palette index */
    int64_t count;  /* squares of this colour (once counted: ensure_counts) */
    BoardPos first; /* its first square in reading order */
    uint32_t cell;  /* the cube it falls in */
    bool named;     /* the mission's palette names it */
} Colour;

typedef struct Lint {
    const Board *board;
    const Mission *mission;
    const char *name;
    ErrorList *out;
    size_t added;
    Colour *colours; /* by palette index */
    int count;
    bool counted;    /* the colours' counts are known */
} Lint;

static void warn(Lint *l, BoardPos at, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

static void warn(Lint *l, BoardPos at, const char *fmt, ...)
{
    char text[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    errors_add(l->out, "%s: %s (%d,%d): warning: %s", l->name,
               board_grid(l->board)->topology == GRID_HEX ? "hex" : "square", at.x, at.y, text);
    l->added++;
}

static int channel(uint32_t rgb, int shift)
{
    return (int)(rgb >> shift & 0xff);
}

/* The largest difference of one channel. */
static int distance(uint32_t a, uint32_t b)
{
    int d = 0;
    for (int shift = 0; shift <= 16; shift += 8) {
        int c = abs(channel(a, shift) - channel(b, shift));
        d = c > d ? c : d;
    }
    return d;
}

static uint32_t cell_of(uint32_t rgb)
{
    return (uint32_t)(channel(rgb, 16) >> LINT_CELL_BITS) << 16 |
           (uint32_t)(channel(rgb, 8) >> LINT_CELL_BITS) << 8 |
           (uint32_t)(channel(rgb, 0) >> LINT_CELL_BITS);
}

/* Whether the palette names colour rgb (sorted: n entries by colour). */
static bool named(const MissionPaletteEntry *const *sorted, size_t n, uint32_t rgb)
{
    size_t count, at = mission_palette_find(sorted, n, rgb, &count);
    for (size_t k = at; k < at + count; k++)
        if (sorted[k]->name[0])
            return true;
    return false;
}

/* Each colour's first square, scanning only until every colour of the
 * palette (each is on the board) has been seen: a one-colour board of
 * 67 million squares stops at its first. */
static void gather(Lint *l)
{
    const Board *b = l->board;
    const MissionPaletteEntry **sorted = l->mission ? mission_palette_sorted(l->mission) : NULL;
    size_t n = l->mission ? l->mission->palette_count : 0;
    l->count = board_palette_size(b);
    l->colours = xcalloc((size_t)l->count + 1, sizeof *l->colours);
    for (int i = 0; i < l->count; i++) {
        uint32_t rgb = board_palette_rgb(b, i);
        l->colours[i] = (Colour){rgb, i, 0, {-1, -1}, cell_of(rgb), named(sorted, n, rgb)};
    }
    free(sorted);
    int seen = 0;
    for (int y = 0; y < board_height(b) && seen < l->count; y++)
        for (int x = 0; x < board_width(b) && seen < l->count; x++) {
            Colour *c = &l->colours[board_colour_index(b, (BoardPos){x, y})];
            if (c->first.x < 0) {
                c->first = (BoardPos){x, y};
                seen++;
            }
        }
}

/* The squares of each colour: a pass over the board, made only when a
 * warning is to name them. */
static void ensure_counts(Lint *l)
{
    const Board *b = l->board;
    if (l->counted)
        return;
    l->counted = true;
    for (int y = 0; y < board_height(b); y++)
        for (int x = 0; x < board_width(b); x++)
            l->colours[board_colour_index(b, (BoardPos){x, y})].count++;
}

static bool floor_colour(const Lint *l, const Colour *c)
{
    return c->first.x >= 0 && board_type(l->board, c->first) == SQUARE_WALKABLE;
}

static int compare_cell(const void *a, const void *b)
{
    const Colour *x = *(const Colour *const *)a, *y = *(const Colour *const *)b;
    if (x->cell != y->cell)
        return x->cell < y->cell ? -1 : 1;
    return x->index - y->index;
}

/* The first colour of the sorted list in cube cell, or n. */
static size_t lower_bound(Colour **sorted, size_t n, uint32_t cell)
{
    size_t lo = 0, hi = n;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (sorted[mid]->cell < cell)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

/* The nearest other floor colour within LINT_NEAR (NULL if none), looking
 * in the 27 cubes around c's. */
static const Colour *nearest(Colour **sorted, size_t n, const Colour *c)
{
    const Colour *best = NULL;
    int best_d = LINT_NEAR + 1;
    int cr = (int)(c->cell >> 16), cg = (int)(c->cell >> 8 & 0xff), cb = (int)(c->cell & 0xff);
    for (int dr = -1; dr <= 1; dr++)
        for (int dg = -1; dg <= 1; dg++)
            for (int db = -1; db <= 1; db++) {
                if (cr + dr < 0 || cg + dg < 0 || cb + db < 0)
                    continue;
                uint32_t cell = (uint32_t)(cr + dr) << 16 | (uint32_t)(cg + dg) << 8 | (uint32_t)(cb + db);
                for (size_t i = lower_bound(sorted, n, cell); i < n && sorted[i]->cell == cell; i++) {
                    const Colour *o = sorted[i];
                    int d = distance(o->rgb, c->rgb);
                    if (o == c || d > LINT_NEAR || (c->named && o->named))
                        continue;
                    if (d < best_d || (d == best_d && o->index < best->index)) {
                        best = o;
                        best_d = d;
                    }
                }
            }
    return best;
}

/* A floor colour near another: the one with fewer squares is the slip
 * (ties: the later one), reported once. */
static void near_colours(Lint *l)
{
    Colour **sorted = xmalloc((size_t)l->count + 1, sizeof *sorted);
    size_t n = 0;
    for (int i = 0; i < l->count; i++)
        if (floor_colour(l, &l->colours[i]))
            sorted[n++] = &l->colours[i];
    qsort(sorted, n, sizeof *sorted, compare_cell);
    for (int i = 0; i < l->count; i++) {
        const Colour *c = &l->colours[i];
        if (!floor_colour(l, c))
            continue;
        const Colour *o = nearest(sorted, n, c);
        if (o)
            ensure_counts(l);
        if (o && (o->count > c->count || (o->count == c->count && o->index < c->index)))
            warn(l, c->first,
                 ngettext("colour #%06x (%lld square) is within %d of #%06x (first at (%d,%d), %lld "
                          "squares): a slip of the brush? Each colour makes rooms of its own",
                          "colour #%06x (%lld squares) is within %d of #%06x (first at (%d,%d), %lld "
                          "squares): a slip of the brush? Each colour makes rooms of its own",
                          (unsigned long)c->count),
                 c->rgb, (long long)c->count, distance(c->rgb, o->rgb),
                 o->rgb, o->first.x, o->first.y, (long long)o->count);
        else if (!c->named && distance(c->rgb, BOARD_RGB_BLOCKED) <= LINT_NEAR)
            warn(l, c->first, _("colour #%06x is floor, but within %d of rock (#c3c3c3): meant as rock?"),
                 c->rgb, distance(c->rgb, BOARD_RGB_BLOCKED));
        else if (!c->named && distance(c->rgb, BOARD_RGB_NONE) <= LINT_NEAR)
            warn(l, c->first,
                 _("colour #%06x is floor, but within %d of black (no square): meant as no square?"),
                 c->rgb, distance(c->rgb, BOARD_RGB_NONE));
    }
    free(sorted);
}

static void single_squares(Lint *l)
{
    const Board *b = l->board;
    for (int32_t r = 1; r <= board_room_count(b); r++) {
        const BoardRoom *room = board_room_info(b, r);
        if (room->squares == 1 && !l->colours[board_colour_index(b, room->first)].named)
            warn(l, room->first, _("room %d (colour #%06x) is a single square: a stray pixel?"), (int)r,
                 room->rgb);
    }
}

/* True when some colour may make two rooms or more: without one, no two
 * rooms of a colour can touch (one pass over the rooms). A room's colour
 * is its first square's, unless the palette puts colours in areas (a
 * room of several colours): then say true. */
static bool colour_shared(const Lint *l)
{
    const Board *b = l->board;
    for (size_t i = 0; l->mission && i < l->mission->palette_count; i++)
        if (l->mission->palette[i].area[0])
            return true;
    int32_t *rooms = xcalloc((size_t)l->count + 1, sizeof *rooms);
    bool shared = false;
    for (int32_t r = 1; r <= board_room_count(b) && !shared; r++)
        shared = ++rooms[board_colour_index(b, board_room_info(b, r)->first)] > 1;
    free(rooms);
    return shared;
}

/* Same-colour rooms meeting diagonally across a 2x2 block, reported once
 * for each room that is the later of such a pair. */
static void corner_touches(Lint *l)
{
    const Board *b = l->board;
    /* Only square4 boards: on square8 figures do step diagonally, and
     * hexes have no corners between neighbours. */
    if (board_grid(b)->topology != GRID_SQUARE4 || !colour_shared(l))
        return;
    uint8_t *told = xcalloc((size_t)board_room_count(b) + 1, 1);
    /* the rooms array, not board_room per square: a pass over a big
     * generated board's every square */
    const int32_t *rooms = board_room_array(b);
    int w = board_width(b);
    for (int y = 0; y + 1 < board_height(b); y++)
        for (int x = 0; x + 1 < w; x++)
            for (int k = 0; k < 2; k++) {
                BoardPos p = {x + k, y}, q = {x + 1 - k, y + 1};
                int32_t rp = rooms[(int64_t)y * w + p.x], rq = rooms[(int64_t)(y + 1) * w + q.x];
                if (rp < 1 || rq < 1 || rp == rq || board_rgb(b, p) != board_rgb(b, q))
                    continue;
                int32_t later = rp > rq ? rp : rq;
                if (told[later])
                    continue;
                told[later] = 1;
                warn(l, p,
                     _("rooms %d and %d (colour #%06x) touch only at the corner of (%d,%d) and "
                     "(%d,%d): figures never step diagonally, so they are two rooms with a wall "
                     "between"),
                     (int)(rp < rq ? rp : rq), (int)later, board_rgb(b, p), p.x, p.y, q.x, q.y);
            }
    free(told);
}

static void transparent_and_black(Lint *l)
{
    const Colour *clear = NULL, *black = NULL;
    for (int i = 0; i < l->count; i++) {
        const Colour *c = &l->colours[i];
        if (c->first.x < 0 || board_type(l->board, c->first) != SQUARE_NONE)
            continue;
        if (board_palette_transparent(l->board, i))
            clear = c;
        else if (c->rgb == BOARD_RGB_NONE)
            black = c;
    }
    if (clear && black)
        ensure_counts(l);
    if (clear && black)
        warn(l, clear->first,
             _("transparent pixels (%lld, first here) and black ones (%lld, first at (%d,%d)) both "
             "mean no square: fine, but a mixed picture often hides an eraser's slip"),
             (long long)clear->count, (long long)black->count, black->first.x, black->first.y);
}

size_t lint_board(const Board *board, const Mission *mission, const char *name, ErrorList *out)
{
    Lint l = {board, mission, name, out, 0, NULL, 0, false};
    gather(&l);
    near_colours(&l);
    single_squares(&l);
    corner_touches(&l);
    transparent_and_black(&l);
    free(l.colours);
    return l.added;
}
