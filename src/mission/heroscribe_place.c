/* The board of a HeroScribe quest and what its objects become on it.
 *
 * Boards sit side by side, board i at column i % width and row i / width
 * of the quest's grid, with a one-square gap between them that is no
 * square at all except where a bridge crosses it: a bridge square in a
 * colour of its own, joined to both boards by doorways. Every placement
 * is checked here against this board (floor, one room, a free square, a
 * door on a wall) so that a slip in a quest is a warning naming its line
 * and the rest still plays, never a mission the loader refuses.
 */
#include "heroscribe_internal.h"

#include "../core/alloc.h"
#include "../core/i18n.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define STEP_X (HEROSCRIBE_BOARD_W + 1)
#define STEP_Y (HEROSCRIBE_BOARD_H + 1)

static char cell_at(const HsQuest *q, int x, int y)
{
    return x >= 0 && y >= 0 && x < q->width && y < q->height ? q->cell[y * q->width + x] : 0;
}

bool hs_floor(const HsQuest *q, int x, int y)
{
    char c = cell_at(q, x, y);
    return c != 0 && c != '#';
}

HsPlaced *hs_add(HsQuest *q, HsPlaceKind kind, int line)
{
    if (q->placed_count == q->placed_cap) {
        q->placed_cap = q->placed_cap * 2 + 64;
        q->placed = xrealloc(q->placed, q->placed_cap, sizeof *q->placed);
    }
    HsPlaced *p = &q->placed[q->placed_count++];
    *p = (HsPlaced){.kind = kind, .line = line};
    return p;
}

static void board_origin(const HsQuest *q, int board, int *ox, int *oy)
{
    *ox = (board % q->boards_w) * STEP_X;
    *oy = (board / q->boards_w) * STEP_Y;
}

/* A bridge's gap square and the two board squares it joins; false (with
 * a warning) when the quest's grid has no such crossing. */
static bool bridge_squares(HsQuest *q, const HsBridge *b, int sq[3][2], bool warn)
{
    int c = b->column - 1, r = b->row - 1, p = b->position - 1;
    bool fits = b->vertical ? c < q->boards_w && r + 1 < q->boards_h && p < HEROSCRIBE_BOARD_W
                            : c + 1 < q->boards_w && r < q->boards_h && p < HEROSCRIBE_BOARD_H;
    if (!fits) {
        if (warn)
            hs_warn(q, b->line, _("this %s bridge (column %d, row %d, position %d) leads off the "
                "quest's %dx%d boards: skipped"), b->vertical ? _("vertical") : _("horizontal"),
                b->column, b->row, b->position, q->boards_w, q->boards_h);
        return false;
    }
    int ox = c * STEP_X, oy = r * STEP_Y;
    if (b->vertical) {
        int x = ox + p;
        int ys[3] = {oy + HEROSCRIBE_BOARD_H - 1, oy + HEROSCRIBE_BOARD_H, oy + HEROSCRIBE_BOARD_H + 1};
        for (int i = 0; i < 3; i++)
            sq[i][0] = x, sq[i][1] = ys[i];
    } else {
        int y = oy + p;
        int xs[3] = {ox + HEROSCRIBE_BOARD_W - 1, ox + HEROSCRIBE_BOARD_W, ox + HEROSCRIBE_BOARD_W + 1};
        for (int i = 0; i < 3; i++)
            sq[i][0] = xs[i], sq[i][1] = y;
    }
    return true;
}

void hs_layout(HsQuest *q)
{
    q->width = q->boards_w * STEP_X - 1;
    q->height = q->boards_h * STEP_Y - 1;
    size_t n = (size_t)q->width * (size_t)q->height;
    q->cell = xcalloc(n, 1);
    q->occupied = xcalloc(n, sizeof *q->occupied);
    q->door_edges = xcalloc(n, 1);
    q->stair_x = q->stair_y = -1;
    for (int b = 0; b < q->boards_w * q->boards_h; b++) {
        int ox, oy;
        board_origin(q, b, &ox, &oy);
        for (int y = 0; y < HEROSCRIBE_BOARD_H; y++)
            memcpy(q->cell + (size_t)(oy + y) * q->width + ox, heroscribe_standard_board(y),
                   HEROSCRIBE_BOARD_W);
    }
    /* dark rectangles, clipped to their board: solid rock */
    for (size_t i = 0; i < q->dark_count; i++) {
        const HsDark *d = &q->dark[i];
        int ox, oy;
        board_origin(q, d->board, &ox, &oy);
        for (int y = d->top; y < d->top + d->height && y <= HEROSCRIBE_BOARD_H; y++)
            for (int x = d->left; x < d->left + d->width && x <= HEROSCRIBE_BOARD_W; x++)
                q->cell[(size_t)(oy + y - 1) * q->width + ox + x - 1] = '#';
    }
    for (size_t i = 0; i < q->bridge_count; i++) {
        int sq[3][2];
        if (bridge_squares(q, &q->bridges[i], sq, true))
            q->cell[(size_t)sq[1][1] * q->width + sq[1][0]] = '=';
    }
}

/* ---- doors ----------------------------------------------------------- */

/* Adds a door on the edge between orthogonal neighbours a and b. */
static bool add_door(HsQuest *q, int ax, int ay, int bx, int by, const char *kind, bool open,
                     int line, const char *what, int left, int top)
{
    if (bx < ax || by < ay) {
        int tx = ax, ty = ay;
        ax = bx, ay = by, bx = tx, by = ty;
    }
    if (!hs_floor(q, ax, ay) || !hs_floor(q, bx, by) || cell_at(q, ax, ay) == cell_at(q, bx, by)) {
        if (what)
            hs_warn(q, line, _("%s at (%d,%d) is not on a wall between two floor squares of the "
                    "board: skipped"), what, left, top);
        return false;
    }
    unsigned bit = bx > ax ? 1u : 2u;
    unsigned char *edge = &q->door_edges[(size_t)ay * q->width + ax];
    if (*edge & bit) {
        if (what)
            hs_warn(q, line, _("%s at (%d,%d): this wall already has a door: skipped"), what, left,
                    top);
        return false;
    }
    *edge |= (unsigned char)bit;
    HsPlaced *p = hs_add(q, HSP_DOOR, line);
    p->x = ax, p->y = ay;
    p->side = bit == 1 ? 1 : 2;
    p->open = open;
    snprintf(p->type, sizeof p->type, "%s", kind);
    return true;
}

/* A door on the board's outer edge (one side floor, the other no square
 * at all): the heroes' way in (DoorIn), out (DoorOut) or both (any other
 * door), on its inside square. True when it is one. */
static bool edge_door(HsQuest *q, const HsObject *o, int ax, int ay, int bx, int by)
{
    bool a = hs_floor(q, ax, ay), b = hs_floor(q, bx, by);
    if (a == b || cell_at(q, a ? bx : ax, a ? by : ay) != 0)
        return false;
    if (q->edge_door_count == HS_MAX_EDGE_DOORS) {
        hs_warn(q, o->line, _("more than %d doors on the board's edge: '%s' skipped"),
                HS_MAX_EDGE_DOORS, o->id);
        return true;
    }
    bool in = strcmp(o->id, "DoorOut") != 0, out = strcmp(o->id, "DoorIn") != 0;
    q->edge_doors[q->edge_door_count++] =
        (HsEdgeDoor){a ? ax : bx, a ? ay : by, in, out, o->line};
    return true;
}

static void place_door(HsQuest *q, const HsObject *o, const HsObjectInfo *info)
{
    int ox, oy;
    board_origin(q, o->board, &ox, &oy);
    int ax = ox + o->left - 1, ay = oy + o->top - 1;
    if (info->kind == HS_SECRET_DOOR) {
        /* downward: top edge, rightward: left, upward: bottom, leftward: right */
        static const int dx[4] = {0, -1, 0, 1}, dy[4] = {-1, 0, 1, 0};
        bool inside = o->left >= 1 && o->left <= HEROSCRIBE_BOARD_W && o->top >= 1 &&
                      o->top <= HEROSCRIBE_BOARD_H;
        if (!inside) {
            hs_warn(q, o->line, _("'%s' at (%d,%d) is outside the board: skipped"), o->id, o->left,
                    o->top);
            return;
        }
        add_door(q, ax, ay, ax + dx[o->rotation], ay + dy[o->rotation], "secret", false, o->line,
                 o->id, o->left, o->top);
        return;
    }
    /* a 1x2 piece on the edge between its two squares: downward/upward
     * between rows top and top+1, rightward/leftward between columns */
    bool across = o->rotation & 1;
    int bx = ax + (across ? 1 : 0), by = ay + (across ? 0 : 1);
    bool inside = across ? o->left >= 0 && o->left <= HEROSCRIBE_BOARD_W && o->top >= 1 &&
                               o->top <= HEROSCRIBE_BOARD_H
                         : o->top >= 0 && o->top <= HEROSCRIBE_BOARD_H && o->left >= 1 &&
                               o->left <= HEROSCRIBE_BOARD_W;
    if (!inside) {
        hs_warn(q, o->line, _("'%s' at (%d,%d) is outside the board: skipped"), o->id, o->left,
                o->top);
        return;
    }
    if (edge_door(q, o, ax, ay, bx, by))
        return;
    if (strcmp(info->what, "trapped") == 0)
        hs_warn_once(q, o->id, o->line, _("'%s' is imported as a plain door: the rules have no "
                     "door traps"), o->id);
    add_door(q, ax, ay, bx, by, "normal", strcmp(info->what, "open") == 0, o->line, o->id,
             o->left, o->top);
}

/* A doorway at each end of every bridge, unless the quest put a door there. */
static void bridge_doorways(HsQuest *q)
{
    for (size_t i = 0; i < q->bridge_count; i++) {
        int sq[3][2];
        const HsBridge *b = &q->bridges[i];
        if (!bridge_squares(q, b, sq, false) || cell_at(q, sq[1][0], sq[1][1]) != '=')
            continue;
        for (int end = 0; end < 3; end += 2) {
            int ax = end ? sq[1][0] : sq[0][0], ay = end ? sq[1][1] : sq[0][1];
            unsigned bit = sq[2][0] > sq[1][0] ? 1u : 2u;
            if (q->door_edges[(size_t)ay * q->width + ax] & bit)
                continue;
            if (!hs_floor(q, sq[end][0], sq[end][1])) {
                hs_warn(q, b->line, _("this bridge ends on rock: nobody can cross it"));
                continue;
            }
            add_door(q, sq[end][0], sq[end][1], sq[1][0], sq[1][1], "normal", true, b->line, NULL,
                     0, 0);
        }
    }
}

/* ---- pieces ---------------------------------------------------------- */

/* The object's footprint in board squares (global, 0-based); false with
 * a warning when it leaves its board. */
static bool footprint(HsQuest *q, const HsObject *o, int w, int h, int *x0, int *y0, int *fw,
                      int *fh)
{
    *fw = o->rotation & 1 ? h : w;
    *fh = o->rotation & 1 ? w : h;
    if (o->left < 1 || o->top < 1 || o->left + *fw - 1 > HEROSCRIBE_BOARD_W ||
        o->top + *fh - 1 > HEROSCRIBE_BOARD_H) {
        hs_warn(q, o->line, _("'%s' at (%d,%d) does not fit on the board: skipped"), o->id, o->left,
                o->top);
        return false;
    }
    int ox, oy;
    board_origin(q, o->board, &ox, &oy);
    *x0 = ox + o->left - 1;
    *y0 = oy + o->top - 1;
    return true;
}

/* Every square of the footprint is floor of one room and free. */
static bool footprint_free(HsQuest *q, const HsObject *o, int x0, int y0, int w, int h,
                           bool one_room)
{
    char room = cell_at(q, x0, y0);
    for (int y = y0; y < y0 + h; y++)
        for (int x = x0; x < x0 + w; x++) {
            if (!hs_floor(q, x, y)) {
                hs_warn(q, o->line, _("'%s' at (%d,%d) stands on rock or off the board: skipped"),
                        o->id, o->left, o->top);
                return false;
            }
            if (one_room && cell_at(q, x, y) != room) {
                hs_warn(q, o->line, _("'%s' at (%d,%d) would stand in two rooms: skipped"), o->id,
                        o->left, o->top);
                return false;
            }
            int by = q->occupied[(size_t)y * q->width + x];
            if (by != 0) {
                hs_warn(q, o->line, _("'%s' at (%d,%d) is on a square taken by line %d: skipped"),
                        o->id, o->left, o->top, by < 0 ? -by : by);
                return false;
            }
        }
    return true;
}

static void occupy(HsQuest *q, int x0, int y0, int w, int h, int value)
{
    for (int y = y0; y < y0 + h; y++)
        for (int x = x0; x < x0 + w; x++)
            q->occupied[(size_t)y * q->width + x] = value;
}

/* Our rotation for a HeroScribe one: downward is our 0 (back to the
 * north), rightward faces east so its back is to the west (270), upward
 * 180, leftward 90; a quarter turn more when the catalogue draws the
 * piece the other way round (HeroScribe's tomb is 2x3, ours 3x2), so the
 * footprints agree. */
static int our_rotation(int hs_rotation, int cw, int ch, int fw, int fh)
{
    static const int base[4] = {0, 270, 180, 90};
    int r = base[hs_rotation];
    bool swapped = r == 90 || r == 270;
    int w = swapped ? ch : cw, h = swapped ? cw : ch;
    if (w != fw || h != fh)
        r = (r + 90) % 360;
    return r;
}

static void place_furniture(HsQuest *q, const HsObject *o, const HsObjectInfo *info)
{
    int x0, y0, w, h;
    if (!footprint(q, o, info->w, info->h, &x0, &y0, &w, &h) ||
        !footprint_free(q, o, x0, y0, w, h, info->kind != HS_BLOCKED))
        return;
    if (info->kind == HS_BLOCKED) {
        hs_warn_once(q, o->id, o->line, "'%s': %s", o->id, _(info->what));
        for (int y = y0; y < y0 + h; y++)
            for (int x = x0; x < x0 + w; x++) {
                HsPlaced *p = hs_add(q, HSP_RUBBLE, o->line);
                p->x = x, p->y = y;
            }
        occupy(q, x0, y0, w, h, o->line);
        return;
    }
    const PieceType *t = catalogue_find(q->cat, info->what);
    if (!t || t->kind != PIECE_FURNITURE) {
        hs_warn_once(q, o->id, o->line, _("'%s': the catalogue has no furniture '%s': skipped"),
                     o->id, info->what);
        return;
    }
    bool stair = strcmp(info->what, "stairway") == 0;
    HsPlaced *p = hs_add(q, HSP_FURNITURE, o->line);
    p->x = x0, p->y = y0;
    snprintf(p->type, sizeof p->type, "%s", info->what);
    p->rotation = our_rotation(o->rotation, t->width, t->height, w, h);
    occupy(q, x0, y0, w, h, stair ? -o->line : o->line);
    if (stair && q->stair_x < 0)
        q->stair_x = x0, q->stair_y = y0;
    if (info->kind == HS_CHEST_TRAP) {
        HsPlaced *trap = hs_add(q, HSP_TRAP, o->line);
        trap->x = x0, trap->y = y0;
        snprintf(trap->type, sizeof trap->type, "chest");
    }
}

static void place_squares(HsQuest *q, const HsObject *o, const HsObjectInfo *info)
{
    int x0, y0, w, h;
    if (!footprint(q, o, info->w, info->h, &x0, &y0, &w, &h) ||
        !footprint_free(q, o, x0, y0, w, h, false))
        return;
    for (int y = y0; y < y0 + h; y++)
        for (int x = x0; x < x0 + w; x++) {
            HsPlaced *p = hs_add(q, info->kind == HS_TRAP ? HSP_TRAP : HSP_RUBBLE, o->line);
            p->x = x, p->y = y;
            if (info->kind == HS_TRAP)
                snprintf(p->type, sizeof p->type, "%s", info->what);
        }
    occupy(q, x0, y0, w, h, o->line);
}

static void place_figure(HsQuest *q, const HsObject *o, const HsObjectInfo *info)
{
    int x0, y0, w, h;
    if (!footprint(q, o, 1, 1, &x0, &y0, &w, &h))
        return;
    int *occ = &q->occupied[(size_t)y0 * q->width + x0];
    bool hero = info->kind == HS_HERO;
    int *first = NULL; /* the line of this hero type's start, 0 when none yet */
    if (hero) {
        static const char *const types[4] = {"barbarian", "dwarf", "elf", "wizard"};
        for (int k = 0; k < 4; k++)
            if (strcmp(info->what, types[k]) == 0)
                first = &q->hero_line[k];
        if (first && *first) {
            hs_warn(q, o->line, _("a second '%s' (the first is on line %d): skipped"), o->id, *first);
            return;
        }
        if (*occ < 0) { /* a hero may stand on the stairway */
            if (!hs_floor(q, x0, y0))
                return;
        } else if (!footprint_free(q, o, x0, y0, 1, 1, false)) {
            return;
        }
    } else if (!footprint_free(q, o, x0, y0, 1, 1, false)) {
        return;
    }
    HsPlaced *p = hs_add(q, hero ? HSP_HERO : HSP_MONSTER, o->line);
    p->x = x0, p->y = y0;
    snprintf(p->type, sizeof p->type, "%s", info->what);
    *occ = o->line;
    if (first)
        *first = o->line;
}

static void place_mark(HsQuest *q, const HsObject *o, const char *label)
{
    int x0, y0, w, h;
    if (!footprint(q, o, 1, 1, &x0, &y0, &w, &h))
        return;
    for (size_t i = 0; i < q->mark_count; i++)
        if (strcmp(q->marks[i].label, label) == 0)
            return; /* the first mark of a label anchors its note */
    if (q->mark_count >= sizeof q->marks / sizeof *q->marks)
        return;
    HsMark *m = &q->marks[q->mark_count++];
    snprintf(m->label, sizeof m->label, "%s", label);
    m->x = x0, m->y = y0, m->line = o->line;
}

/* Square (x,y) and (nx,ny) are floor of one room or passage: no wall
 * stands between them on the drawn board. */
static bool same_area(const HsQuest *q, int x, int y, int nx, int ny)
{
    return nx >= 0 && ny >= 0 && nx < q->width && ny < q->height && hs_floor(q, nx, ny) &&
           cell_at(q, x, y) == cell_at(q, nx, ny);
}

/* EU2 drops a falling block on the square its arrow marks. The arrow
 * stands on a square beside the trap (the best one points away from it);
 * one on the trap's own square points at the square. arrow[square] is
 * the rotation + 1 of the first arrow there, 0 for none. */
static void aim_block(HsQuest *q, HsPlaced *trap, const uint8_t *arrow)
{
    static const int step[4][2] = {{0, 1}, {1, 0}, {0, -1}, {-1, 0}}; /* down right up left */
    int best = 0;                                                     /* 2: points away */
    for (int k = -1; k < 4 && best < 2; k++) {
        int ax = trap->x + (k < 0 ? 0 : step[k][0]), ay = trap->y + (k < 0 ? 0 : step[k][1]);
        if (ax < 0 || ay < 0 || ax >= q->width || ay >= q->height)
            continue;
        int r = arrow[(size_t)ay * q->width + ax] - 1;
        if (r < 0)
            continue;
        int tx = ax, ty = ay, score = k >= 0 && r == k ? 2 : 1;
        if (k < 0)
            tx += step[r][0], ty += step[r][1];
        if (score > best && same_area(q, trap->x, trap->y, tx, ty)) {
            best = score;
            trap->has_fall = true;
            trap->fx = tx, trap->fy = ty;
        }
    }
    if (!best)
        hs_warn(q, trap->line, _("the falling block has no arrow beside it in its room or passage: "
                "the block falls on the trap's own square"));
}

/* Under EU rules the falling blocks' arrows matter; the US rules drop
 * the block on the trap's square, and the arrows are pictures. */
static void aim_blocks(HsQuest *q)
{
    if (!q->eu)
        return;
    uint8_t *arrow = xcalloc((size_t)q->width * q->height, 1);
    for (size_t i = 0; i < q->object_count; i++) {
        const HsObject *o = &q->objects[i];
        int x, y, w, h;
        if ((strcmp(o->id, "Arrow") == 0 || strcmp(o->id, "DarkArrow") == 0) &&
            footprint(q, o, 1, 1, &x, &y, &w, &h) && !arrow[(size_t)y * q->width + x])
            arrow[(size_t)y * q->width + x] = (uint8_t)((o->rotation & 3) + 1);
    }
    for (size_t i = 0; i < q->placed_count; i++)
        if (q->placed[i].kind == HSP_TRAP && strcmp(q->placed[i].type, "falling_block") == 0)
            aim_block(q, &q->placed[i], arrow);
    free(arrow);
}

/* Says once per id what is not imported, in the quest's order. */
static void report_skipped(HsQuest *q)
{
    for (size_t i = 0; i < q->object_count; i++) {
        const HsObject *o = &q->objects[i];
        char label[16];
        const HsObjectInfo *info = hs_object_info(o->id);
        if (!info && !hs_mark_label(o->id, label, sizeof label))
            hs_warn_once(q, o->id, o->line, _("unknown HeroScribe object '%s' skipped"), o->id);
        else if (info && info->kind == HS_SKIP)
            hs_warn_once(q, o->id, o->line, _("HeroScribe object '%s' skipped: %s"), o->id,
                         _(info->what));
    }
}

/* What is not imported stays in the converted mission as an author's
 * note on its square, so an author who adds the piece knows where the
 * quest had it. Not played, not shown to players. */
static void note_skipped(HsQuest *q)
{
    enum { MAX_NOTES = 256 }; /* a file of skipped objects stays a loadable mission */
    size_t noted = 0;
    for (size_t i = 0; i < q->object_count && noted < MAX_NOTES; i++) {
        const HsObject *o = &q->objects[i];
        char label[16];
        const HsObjectInfo *info = hs_object_info(o->id);
        bool known = info || hs_mark_label(o->id, label, sizeof label);
        if ((known && (!info || info->kind != HS_SKIP)) || o->left < 1 || o->top < 1 ||
            o->left > HEROSCRIBE_BOARD_W || o->top > HEROSCRIBE_BOARD_H)
            continue;
        int ox, oy;
        board_origin(q, o->board, &ox, &oy);
        HsPlaced *p = hs_add(q, HSP_NOTE, o->line);
        p->x = ox + o->left - 1, p->y = oy + o->top - 1;
        char text[200];
        snprintf(text, sizeof text, "The quest's '%s' (its line %d) stands here; not imported: %s.",
                 o->id, o->line, info ? info->what : "an object the importer does not know");
        p->text = xstrdup(text);
        noted++;
    }
}

/* Up to 4 free squares of the area (room or corridor) of (x,y), nearest
 * first (breadth-first, no recursion), into sq; returns how many. */
static int nearest_free(const HsQuest *q, int x, int y, int sq[4][2])
{
    size_t area = (size_t)q->width * q->height;
    int32_t *queue = xmalloc(area, sizeof *queue);
    uint8_t *seen = xcalloc(area, 1);
    char letter = cell_at(q, x, y);
    size_t head = 0, tail = 0;
    int n = 0;
    queue[tail++] = y * q->width + x;
    seen[y * q->width + x] = 1;
    while (head < tail && n < 4) {
        int at = queue[head++], cx = at % q->width, cy = at / q->width;
        if (q->occupied[at] == 0)
            sq[n][0] = cx, sq[n][1] = cy, n++;
        static const int dx[4] = {0, 1, 0, -1}, dy[4] = {-1, 0, 1, 0};
        for (int d = 0; d < 4; d++) {
            int nx = cx + dx[d], ny = cy + dy[d];
            if (cell_at(q, nx, ny) != letter || seen[ny * q->width + nx])
                continue;
            seen[ny * q->width + nx] = 1;
            queue[tail++] = ny * q->width + nx;
        }
    }
    free(queue);
    free(seen);
    return n;
}

/* The edge door the heroes come in by: the first DoorIn, else the first
 * door on the edge; NULL without one. */
static const HsEdgeDoor *way_in(const HsQuest *q)
{
    for (size_t i = 0; i < q->edge_door_count; i++)
        if (!q->edge_doors[i].out)
            return &q->edge_doors[i];
    for (size_t i = 0; i < q->edge_door_count; i++)
        if (q->edge_doors[i].in)
            return &q->edge_doors[i];
    return NULL;
}

/* The doors on the board's edge are ways out: the DoorOuts and plain
 * doors, or, when every one is a DoorIn, those. */
static void edge_exits(HsQuest *q)
{
    bool out = false;
    for (size_t i = 0; i < q->edge_door_count; i++)
        out |= q->edge_doors[i].out;
    for (size_t i = 0; i < q->edge_door_count; i++) {
        const HsEdgeDoor *d = &q->edge_doors[i];
        if (out && !d->out)
            continue;
        HsPlaced *e = hs_add(q, HSP_EXIT, d->line);
        e->x = d->x, e->y = d->y;
    }
}

/* The heroes the quest does not place start on the stairway, else by the
 * door on the board's edge they come in by (docs/heroscribe.md), else on
 * the first free corridor squares, which then are the exit. */
static void default_heroes(HsQuest *q)
{
    static const char *const types[4] = {"barbarian", "dwarf", "elf", "wizard"};
    for (size_t i = 0; i < q->placed_count; i++)
        if (q->placed[i].kind == HSP_HERO)
            return;
    int sq[4][2], n = 0;
    const HsEdgeDoor *in = way_in(q);
    if (q->stair_x >= 0) {
        for (int k = 0; k < 4; k++)
            sq[n][0] = q->stair_x + k % 2, sq[n][1] = q->stair_y + k / 2, n++;
    } else if (in) {
        n = nearest_free(q, in->x, in->y, sq);
    } else {
        for (int y = 0; y < q->height && n < 4; y++)
            for (int x = 0; x < q->width && n < 4; x++)
                if (cell_at(q, x, y) == '.' && q->occupied[(size_t)y * q->width + x] == 0)
                    sq[n][0] = x, sq[n][1] = y, n++;
        if (n == 0)
            return;
        hs_warn(q, 1, _("the quest has no stairway: the heroes start at (%d,%d) and leave from "
                "where they started"), sq[0][0] + 1, sq[0][1] + 1);
    }
    for (int k = 0; k < n; k++) {
        HsPlaced *p = hs_add(q, HSP_HERO, 0);
        p->x = sq[k][0], p->y = sq[k][1];
        snprintf(p->type, sizeof p->type, "%s", types[k]);
        if (q->stair_x < 0 && !in) {
            HsPlaced *e = hs_add(q, HSP_EXIT, 0);
            e->x = sq[k][0], e->y = sq[k][1];
        }
    }
}

void hs_place(HsQuest *q)
{
    report_skipped(q);
    /* doors first (they take no square), then what takes squares, the
     * furniture before the figures that may stand beside it */
    static const HsKind order[][3] = {
        {HS_DOOR, HS_SECRET_DOOR, HS_DOOR},
        {HS_FURNITURE, HS_CHEST_TRAP, HS_BLOCKED},
        {HS_RUBBLE, HS_TRAP, HS_RUBBLE},
        {HS_MONSTER, HS_HERO, HS_MONSTER},
    };
    for (size_t pass = 0; pass < sizeof order / sizeof *order; pass++) {
        for (size_t i = 0; i < q->object_count; i++) {
            const HsObject *o = &q->objects[i];
            const HsObjectInfo *info = hs_object_info(o->id);
            if (!info || (info->kind != order[pass][0] && info->kind != order[pass][1] &&
                          info->kind != order[pass][2]))
                continue;
            switch (info->kind) {
            case HS_DOOR:
            case HS_SECRET_DOOR: place_door(q, o, info); break;
            case HS_FURNITURE:
            case HS_CHEST_TRAP:
            case HS_BLOCKED: place_furniture(q, o, info); break;
            case HS_RUBBLE:
            case HS_TRAP: place_squares(q, o, info); break;
            case HS_MONSTER:
            case HS_HERO: place_figure(q, o, info); break;
            default: break;
            }
        }
        if (pass == 0)
            bridge_doorways(q);
    }
    for (size_t i = 0; i < q->object_count; i++) {
        char label[16];
        if (hs_mark_label(q->objects[i].id, label, sizeof label))
            place_mark(q, &q->objects[i], label);
    }
    aim_blocks(q);
    note_skipped(q);
    default_heroes(q);
    edge_exits(q);
}
