/* The editor's board: a picture of the document as the game draws a
 * mission (the same renderer, tiles, walls, doors and sprites; the
 * author's view, with traps and hidden treasure shown), remade from the
 * pixels when they change and from the description when it changes, and
 * the editor's marks over it: the square under the pointer, the
 * selection, the line or rectangle being drawn, the squares the check
 * speaks of, the map of where heroes died. */
#include "editor_internal.h"

#include "bot/balance.h"
#include "core/alloc.h"
#include "gfx/scene_mission.h"
#include "mission/mission_xml.h"

#include <math.h>
#include <stdlib.h>

/* A board of the document's pixels and palette; NULL when none can be
 * made (more colours than a board holds). */
static Board *make_board(EditDoc *doc, char *why, size_t size)
{
    const Grid *g = editdoc_grid(doc);
    int n = 0;
    BoardTypeOverride *over = mission_type_overrides(editdoc_mission(doc), &n);
    BoardSpec spec = {.width = g->width, .height = g->height, .rgba = editdoc_rgba(doc),
                      .overrides = over, .override_count = n,
                      .max_rooms = grid_area(g) + 1, .shape = g};
    Board *b = board_create(&spec, why, size);
    free(over);
    return b;
}

/* The camera fitted to the board's space between the panels; it spans the
 * whole window (the panels lie over the rest). */
static void fit(Editor *e, App *app)
{
    const Grid *g = editdoc_grid(editsession_doc(e->session));
    SDL_Rect r = e->lay.board;
    Camera c = camera_make_grid(g, r.w, r.h);
    c.x -= r.x / c.scale;
    c.y -= r.y / c.scale;
    c.view_w = app->out_w;
    c.view_h = app->out_h;
    e->cam = c;
    e->cam_set = true;
}

void editor_view_sync(Editor *e, App *app)
{
    EditDoc *doc = editsession_doc(e->session);
    const Grid *g = editdoc_grid(doc);
    bool new_pixels = !e->board || editdoc_pixels_version(doc) != e->board_pixels;
    bool new_shape = !e->board || board_width(e->board) != g->width ||
                     board_height(e->board) != g->height ||
                     board_grid(e->board)->topology != g->topology;
    if (new_pixels || !e->scene_valid || e->scene_version != editdoc_version(doc)) {
        char why[256];
        /* the new picture is made before the old is freed, so no address
         * is reused and the renderer's kept pictures see a new board */
        Board *b = new_pixels || e->scene_version != editdoc_version(doc) ? make_board(doc, why, sizeof why)
                                                                           : NULL;
        if (b || e->board) {
            Mission view = *editdoc_mission(doc);
            view.board = b ? b : e->board;
            Scene *s = scene_from_mission(&view, true);
            scene_destroy(e->scene);
            e->scene = s;
            if (b) {
                board_destroy(e->board);
                e->board = b;
            }
        }
        if (!b && new_pixels)
            editor_say(e, false, "%s", why);
        e->board_pixels = editdoc_pixels_version(doc);
        e->scene_version = editdoc_version(doc);
        e->scene_valid = true;
    }
    if (!e->cam_set || new_shape) {
        editor_layout(e, app);
        fit(e, app);
    }
    if (e->cam.view_w != app->out_w || e->cam.view_h != app->out_h)
        fit(e, app);
}

void editor_view_free(Editor *e)
{
    scene_destroy(e->scene);
    board_destroy(e->board);
    e->scene = NULL;
    e->board = NULL;
    e->scene_valid = false;
}

bool editor_view_square(Editor *e, int x, int y, BoardPos *pos, double *fx, double *fy)
{
    SDL_Rect r = e->lay.board;
    if (x < r.x || x >= r.x + r.w || y < r.y || y >= r.y + r.h)
        return false;
    BoardPos p = camera_square_at(&e->cam, x, y);
    const Grid *g = editdoc_grid(editsession_doc(e->session));
    if (!grid_contains(g, p))
        return false;
    double cx, cy;
    camera_centre(&e->cam, p, &cx, &cy);
    double bx = camera_board_x(&e->cam, x), by = camera_board_y(&e->cam, y);
    *fx = bx - cx + 0.5;
    *fy = by - cy + 0.5;
    *pos = p;
    return true;
}

void editor_view_show(Editor *e, BoardPos pos)
{
    double cx, cy;
    camera_centre(&e->cam, pos, &cx, &cy);
    SDL_Rect r = e->lay.board;
    double sx = camera_screen_x(&e->cam, cx), sy = camera_screen_y(&e->cam, cy);
    camera_pan(&e->cam, r.x + r.w / 2.0 - sx, r.y + r.h / 2.0 - sy);
}

/* ---- marks over the board ---- */

/* The screen box of a square (a hex's inner square). */
static SDL_Rect cell(const Editor *e, BoardPos p)
{
    double cx, cy;
    camera_centre(&e->cam, p, &cx, &cy);
    double half = e->cam.hex ? 0.43 : 0.5;
    int x0 = (int)lround(camera_screen_x(&e->cam, cx - half));
    int y0 = (int)lround(camera_screen_y(&e->cam, cy - half));
    int x1 = (int)lround(camera_screen_x(&e->cam, cx + half));
    int y1 = (int)lround(camera_screen_y(&e->cam, cy + half));
    return (SDL_Rect){x0, y0, x1 - x0 > 1 ? x1 - x0 : 1, y1 - y0 > 1 ? y1 - y0 : 1};
}

static void outline(App *app, SDL_Rect r, SDL_Color c, int width)
{
    SDL_SetRenderDrawColor(app->sdl, c.r, c.g, c.b, c.a);
    for (int i = 0; i < width; i++) {
        SDL_Rect k = {r.x + i, r.y + i, r.w - 2 * i, r.h - 2 * i};
        if (k.w > 0 && k.h > 0)
            SDL_RenderDrawRect(app->sdl, &k);
    }
}

static void shade(App *app, SDL_Rect r, SDL_Color c)
{
    SDL_SetRenderDrawBlendMode(app->sdl, SDL_BLENDMODE_BLEND);
    SDL_SetRenderDrawColor(app->sdl, c.r, c.g, c.b, c.a);
    SDL_RenderFillRect(app->sdl, &r);
}

/* Where heroes died in the last simulation, redder where more did. */
static void death_map(Editor *e, App *app)
{
    const BalanceReport *r = e->sim.report;
    if (!e->sim.show_map || !r || balance_most_deaths(r) == 0)
        return;
    BoardPos lo, hi;
    if (!camera_visible(&e->cam, &lo, &hi))
        return;
    int most = balance_most_deaths(r);
    for (int y = lo.y; y <= hi.y; y++)
        for (int x = lo.x; x <= hi.x; x++) {
            int n = balance_deaths_at(r, (BoardPos){x, y});
            if (n)
                shade(app, cell(e, (BoardPos){x, y}),
                      (SDL_Color){230, 30, 20, (Uint8)(70 + 150 * n / most)});
        }
}

/* The squares the check speaks of: red for errors, amber for warnings. */
static void issue_marks(Editor *e, App *app)
{
    const EditCheck *c = editsession_check(e->session);
    int size = (int)(e->cam.scale / 4) > 3 ? (int)(e->cam.scale / 4) : 3;
    for (size_t i = 0; i < c->count; i++) {
        const EditIssue *is = &c->issues[i];
        if (is->square.x < 0 || is->level == EDIT_ISSUE_NOTE)
            continue;
        SDL_Rect r = cell(e, is->square);
        SDL_Color col = is->level == EDIT_ISSUE_ERROR ? (SDL_Color){240, 60, 50, 255}
                                                      : (SDL_Color){240, 180, 40, 255};
        shade(app, (SDL_Rect){r.x + r.w - size - 1, r.y + 1, size, size}, col);
    }
}

/* The line or rectangle being drawn, square by square. */
static void preview(Editor *e, App *app)
{
    const EditTools *t = &e->tools;
    if (!t->down || (t->tool != EDIT_TOOL_LINE && t->tool != EDIT_TOOL_RECT))
        return;
    SDL_Color c = {(Uint8)(t->colour >> 16), (Uint8)(t->colour >> 8), (Uint8)t->colour, 150};
    const Grid *g = editdoc_grid(editsession_doc(e->session));
    if (t->tool == EDIT_TOOL_RECT) {
        int x0 = t->start.x < t->last.x ? t->start.x : t->last.x;
        int x1 = t->start.x < t->last.x ? t->last.x : t->start.x;
        int y0 = t->start.y < t->last.y ? t->start.y : t->last.y;
        int y1 = t->start.y < t->last.y ? t->last.y : t->start.y;
        for (int y = y0; y <= y1; y++)
            for (int x = x0; x <= x1; x++)
                shade(app, cell(e, (BoardPos){x, y}), c);
        return;
    }
    size_t n = edittool_line_squares(g, t->start, t->last, NULL, 0);
    BoardPos *line = xmalloc(n, sizeof *line);
    edittool_line_squares(g, t->start, t->last, line, n);
    for (size_t i = 0; i < n; i++)
        shade(app, cell(e, line[i]), c);
    free(line);
}

/* The selection: its squares outlined in gold, moved with a drag. */
static void selection(Editor *e, App *app)
{
    const EditTools *t = &e->tools;
    if (!t->selected)
        return;
    const Mission *m = editdoc_mission(editsession_doc(e->session));
    BoardPos at;
    if (!editplace_pos(m, t->selection, &at))
        return;
    int w = 1, h = 1;
    if (t->selection.kind == EDIT_FURNITURE) {
        const MissionFurniture *f = &m->furniture[t->selection.index];
        editplace_footprint(m, f->type, f->rotation, &w, &h);
    }
    int dx = 0, dy = 0;
    if (t->down && t->tool == EDIT_TOOL_SELECT) {
        dx = t->last.x - t->start.x;
        dy = t->last.y - t->start.y;
    }
    SDL_Rect a = cell(e, (BoardPos){at.x + dx, at.y + dy});
    SDL_Rect b = cell(e, (BoardPos){at.x + dx + w - 1, at.y + dy + h - 1});
    SDL_Rect r = {a.x, a.y, b.x + b.w - a.x, b.y + b.h - a.y};
    outline(app, r, (SDL_Color){236, 196, 110, 255}, 2);
}

void editor_view_draw(Editor *e, App *app)
{
    editor_view_sync(e, app);
    Renderer *r = screens_board_renderer(app);
    if (!r || !e->scene) {
        SDL_SetRenderDrawColor(app->sdl, 14, 12, 10, 255);
        SDL_RenderClear(app->sdl);
        return;
    }
    RenderView view = {.debug = e->overlay, .label = DEBUG_LABEL_ROOM, .reveal = true,
                       .has_hover = e->has_hover, .hover = e->hover};
    render_board(r, e->scene, &e->cam, &view);
    SDL_Rect clip = e->lay.board;
    SDL_RenderSetClipRect(app->sdl, &clip);
    death_map(e, app);
    issue_marks(e, app);
    preview(e, app);
    selection(e, app);
    if (e->has_hover)
        outline(app, cell(e, e->hover), (SDL_Color){255, 255, 255, 200}, 1);
    SDL_RenderSetClipRect(app->sdl, NULL);
}
