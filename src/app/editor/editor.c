/* The editor screen (editor.h): its life, its keys and mouse, the top
 * bar's actions. What each part draws and does is in the files beside it
 * (editor_internal.h). */
#include "editor.h"

#include "core/i18n.h"

#include "editor_internal.h"

#include "app/paths.h"
#include "gfx/layoutprobe.h"
#include "core/alloc.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- status and commands ---- */

void editor_say(Editor *e, bool ok, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(e->message, sizeof e->message, fmt, ap);
    va_end(ap);
    e->message_ok = ok;
}

void editor_changed(Editor *e)
{
    edittools_check_selection(&e->tools, e->session);
}

bool editor_run(Editor *e, const char *fmt, ...)
{
    char line[EDIT_LINE_MAX];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    bool ok = edittools_run(&e->tools, e->session, line);
    if (ok)
        editor_say(e, ok, "%s", e->tools.status);
    else
        editor_say(e, ok, _("Refused: %s"), e->tools.status);
    editor_changed(e);
    return ok;
}

void editor_quote(const char *text, char *buf, size_t size)
{
    size_t n = 0;
    if (size < 3) {
        if (size)
            buf[0] = '\0';
        return;
    }
    buf[n++] = '"';
    for (const char *c = text; *c && n + 3 < size; c++) {
        if (*c == '"' || *c == '\\')
            buf[n++] = '\\';
        buf[n++] = *c == '\n' || *c == '\r' ? ' ' : *c;
    }
    buf[n++] = '"';
    buf[n] = '\0';
}

/* The folder the mission was opened from or saved to, or "". */
static void mission_folder(const Editor *e, char *buf, size_t size)
{
    const char *path = editsession_path(e->session);
    const char *slash = strrchr(path, '/');
    snprintf(buf, size, "%.*s", slash ? (int)(slash - path) : 0, path);
}

/* Saves where the mission came from when it came from a mission.xml of
 * its own folder; else asks where. */
static void save(Editor *e)
{
    char dir[4096];
    mission_folder(e, dir, sizeof dir);
    const char *path = editsession_path(e->session);
    const char *base = strrchr(path, '/');
    bool own = base && strcmp(base + 1, "mission.xml") == 0;
    if (!own || !dir[0]) {
        editor_prompt_open(e, EDITOR_PROMPT_SAVE, _("Save the mission in a folder"),
                           _("board.png and mission.xml are written in it (made when missing)"),
                           dir[0] ? dir : editdoc_mission(editsession_doc(e->session))->id);
        return;
    }
    char q[4200];
    editor_quote(dir, q, sizeof q);
    if (editor_run(e, "save %s", q))
        editor_say(e, true, _("Saved %s"), editsession_path(e->session));
}

void editor_button(Editor *e, App *app, EditorButton b)
{
    switch (b) {
    case EDITOR_BUTTON_NEW:
        editor_prompt_open(e, EDITOR_PROMPT_NEW, _("A new mission"),
                           _("Width and height in squares, then square, square8 (square8:7/5) or "
                             "hex; or generate dungeon|caverns|wilds SEED for a random quest"),
                           "26 19 square");
        break;
    case EDITOR_BUTTON_OPEN:
        editor_prompt_open(e, EDITOR_PROMPT_OPEN, _("Open a mission"),
                           _("A mission.xml, a HeroScribe quest or a PNG or BMP picture"),
                           editsession_path(e->session));
        break;
    case EDITOR_BUTTON_SAVE: save(e); break;
    case EDITOR_BUTTON_UNDO:
    case EDITOR_BUTTON_REDO:
        edittools_cancel(&e->tools, e->session);
        editor_run(e, b == EDITOR_BUTTON_UNDO ? "undo" : "redo");
        break;
    case EDITOR_BUTTON_SIMULATE: editor_sim_start(e, app); break;
    case EDITOR_BUTTON_PLAYTEST: editor_playtest(e, app, false, (BoardPos){0, 0}); break;
    default: break;
    }
}

/* ---- the mouse ---- */

static bool inside(SDL_Rect r, int x, int y)
{
    return x >= r.x && x < r.x + r.w && y >= r.y && y < r.y + r.h;
}

static bool over_board(const Editor *e, int x, int y)
{
    return inside(e->lay.board, x, y);
}

static void pointer_at(Editor *e, int x, int y)
{
    double fx, fy;
    e->has_hover = editor_view_square(e, x, y, &e->hover, &fx, &fy);
    e->hover_fx = fx;
    e->hover_fy = fy;
}

static unsigned mods(void)
{
    SDL_Keymod m = SDL_GetModState();
    return (m & KMOD_SHIFT ? EDIT_MOD_SHIFT : 0) | (m & KMOD_CTRL ? EDIT_MOD_CTRL : 0);
}

static void press(Editor *e, App *app, const SDL_MouseButtonEvent *b)
{
    int x = (int)(b->x * app->pixel_ratio), y = (int)(b->y * app->pixel_ratio);
    if (b->button != SDL_BUTTON_LEFT) {
        /* the other buttons pan, as a drag pans in play */
        e->panning = over_board(e, x, y);
        e->pan_x = x;
        e->pan_y = y;
        return;
    }
    pointer_at(e, x, y);
    if (!e->has_hover)
        return;
    if (e->pick != EDITOR_PICK_NONE) {
        editor_tabs_pick(e, app, e->hover);
        return;
    }
    edittools_press(&e->tools, e->session, e->hover, e->hover_fx, e->hover_fy, mods());
    editor_say(e, e->tools.status_ok, "%s", e->tools.status);
    if (e->tools.tool == EDIT_TOOL_SELECT && e->tools.selected)
        e->tab = EDITOR_TAB_SELECTED;
    editor_changed(e);
}

static void motion(Editor *e, App *app, int x, int y)
{
    if (e->panning) {
        camera_pan(&e->cam, x - e->pan_x, y - e->pan_y);
        e->pan_x = x;
        e->pan_y = y;
        return;
    }
    pointer_at(e, x, y);
    if (e->tools.down && e->has_hover)
        edittools_drag(&e->tools, e->session, e->hover);
    editor_tabs_hint(e, x, y, e->hint, sizeof e->hint);
    (void)app;
}

static void release(Editor *e, App *app, const UiInput *in)
{
    const SDL_MouseButtonEvent *b = &in->ev->button;
    if (b->button != SDL_BUTTON_LEFT) {
        e->panning = false;
        return;
    }
    if (e->tools.down) {
        pointer_at(e, in->x, in->y);
        edittools_release(&e->tools, e->session, e->has_hover ? e->hover : e->tools.last);
        editor_say(e, e->tools.status_ok, "%s", e->tools.status);
        editor_changed(e);
        return;
    }
    if (!in->click)
        return;
    for (int k = 0; k < EDITOR_BUTTON_COUNT; k++)
        if (inside(e->lay.buttons[k], in->x, in->y)) {
            editor_button(e, app, (EditorButton)k);
            return;
        }
    if (inside(e->lay.left, in->x, in->y))
        editor_panels_click(e, app, in->x, in->y);
    else if (inside(e->lay.right, in->x, in->y))
        editor_tabs_click(e, app, in->x, in->y);
}

static void wheel(Editor *e, const UiInput *in)
{
    int x = e->last_x, y = e->last_y;
    if (over_board(e, x, y))
        camera_zoom_at(&e->cam, in->wheel > 0 ? 1.25 : 0.8, x, y);
    else if (inside(e->lay.palette, x, y))
        editor_list_scroll(&e->palette, -in->wheel * 3);
    else if (inside(e->lay.content, x, y))
        editor_list_scroll(&e->list, -in->wheel * 3);
}

/* ---- keys ---- */

/* Escape: what is under way stops; with nothing under way the editor is
 * left (asking once first when the mission has unsaved changes). */
static void escape(Editor *e, App *app)
{
    if (e->pick != EDITOR_PICK_NONE) {
        e->pick = EDITOR_PICK_NONE;
        editor_say(e, true, _("Picking cancelled"));
    } else if (e->tools.down) {
        edittools_cancel(&e->tools, e->session);
        editor_say(e, true, _("Cancelled"));
    } else if (e->tools.selected) {
        e->tools.selected = false;
    } else if (editdoc_modified(editsession_doc(e->session)) && !e->confirm_leave) {
        e->confirm_leave = true;
        editor_say(e, false, _("The mission has unsaved changes: Ctrl+S saves, Escape again "
                               "leaves without saving"));
    } else {
        screens_pop(app);
    }
}

static bool ctrl_key(Editor *e, App *app, SDL_Keycode k, bool shift)
{
    switch (k) {
    case SDLK_z: editor_button(e, app, shift ? EDITOR_BUTTON_REDO : EDITOR_BUTTON_UNDO); return true;
    case SDLK_y: editor_button(e, app, EDITOR_BUTTON_REDO); return true;
    case SDLK_s: editor_button(e, app, EDITOR_BUTTON_SAVE); return true;
    case SDLK_n: editor_button(e, app, EDITOR_BUTTON_NEW); return true;
    case SDLK_o: editor_button(e, app, EDITOR_BUTTON_OPEN); return true;
    default: return false;
    }
}

static bool tool_key(Editor *e, SDL_Keycode k)
{
    for (int t = 0; t < EDIT_TOOL_COUNT; t++)
        if (k == (SDL_Keycode)edittool_key((EditTool)t)) {
            edittools_choose(&e->tools, e->session, (EditTool)t);
            editor_say(e, true, "%s", editor_tool_label((EditTool)t));
            if (t == EDIT_TOOL_PIECE)
                e->tab = EDITOR_TAB_PIECES;
            return true;
        }
    return false;
}

static void view_key(Editor *e, BindingAction action)
{
    double step = e->lay.board.w / 8.0;
    switch (action) {
    case BINDING_ZOOM_IN:
    case BINDING_ZOOM_OUT: {
        SDL_Rect r = e->lay.board;
        camera_zoom_at(&e->cam, action == BINDING_ZOOM_IN ? 1.25 : 0.8, r.x + r.w / 2.0,
                       r.y + r.h / 2.0);
        break;
    }
    case BINDING_REFIT: e->cam_set = false; break;
    case BINDING_CURSOR_UP: camera_pan(&e->cam, 0, step); break;
    case BINDING_CURSOR_DOWN: camera_pan(&e->cam, 0, -step); break;
    case BINDING_CURSOR_LEFT: camera_pan(&e->cam, step, 0); break;
    case BINDING_CURSOR_RIGHT: camera_pan(&e->cam, -step, 0); break;
    case BINDING_OVERLAY: e->overlay = !e->overlay; break;
    default: break;
    }
}

static void key(Editor *e, App *app, const UiInput *in)
{
    const SDL_KeyboardEvent *k = &in->ev->key;
    bool ctrl = k->keysym.mod & KMOD_CTRL, shift = k->keysym.mod & KMOD_SHIFT;
    SDL_Keycode sym = k->keysym.sym;
    if (sym != SDLK_ESCAPE)
        e->confirm_leave = false;
    if (ctrl) {
        ctrl_key(e, app, sym, shift);
        return;
    }
    switch (sym) {
    case SDLK_ESCAPE: escape(e, app); return;
    case SDLK_DELETE:
    case SDLK_BACKSPACE:
        edittools_delete(&e->tools, e->session);
        editor_say(e, e->tools.status_ok, "%s", e->tools.status);
        return;
    case SDLK_TAB: e->tab = (EditorTab)((e->tab + (shift ? EDITOR_TAB_COUNT - 1 : 1)) % EDITOR_TAB_COUNT); return;
    case SDLK_F5: editor_playtest(e, app, shift, e->hover); return;
    case SDLK_F6: editor_sim_start(e, app); return;
    case SDLK_COLON:
    case SDLK_SEMICOLON:
        /* any edit command, typed (docs/editor.md lists them) */
        editor_prompt_command(e, _("A command"), _("Any of the editor's commands: paint 3 4 a04040, "
                                                   "place orc 5 2 id=boss, objective kill boss..."),
                              "", "", "", true);
        e->prompt.swallow = shift || sym == SDLK_COLON ? ':' : ';';
        return;
    case SDLK_LEFTBRACKET:
    case SDLK_RIGHTBRACKET:
        editor_panels_step(e, sym == SDLK_LEFTBRACKET ? -1 : 1);
        return;
    case SDLK_h:
        e->sim.show_map = !e->sim.show_map;
        editor_say(e, true, "%s", e->sim.show_map ? _("The map of deaths shown") : _("The map of deaths hidden"));
        return;
    default: break;
    }
    if (!shift && tool_key(e, sym))
        return;
    view_key(e, in->action);
}

/* ---- the screen ---- */

static void handle(Screen *s, App *app, const UiInput *in)
{
    Editor *e = (Editor *)s;
    editor_layout(e, app);
    if (in->pointer) {
        e->last_x = in->x;
        e->last_y = in->y;
    }
    if (e->prompt.open) {
        editor_prompt_handle(e, app, in);
        return;
    }
    switch (in->ev->type) {
    case SDL_MOUSEBUTTONDOWN: press(e, app, &in->ev->button); break;
    case SDL_MOUSEMOTION: motion(e, app, in->x, in->y); break;
    case SDL_MOUSEBUTTONUP: release(e, app, in); break;
    case SDL_MOUSEWHEEL: wheel(e, in); break;
    case SDL_KEYDOWN: key(e, app, in); break;
    default: break;
    }
}

/* The simulator's progress is drawn when a game ends, and its figures when
 * it is done; the loop goes on waiting for events between (it wakes ten
 * times a second), so the window leaves the processor to the bot. */
static bool update(Screen *s, App *app, double dt)
{
    Editor *e = (Editor *)s;
    (void)dt;
    bool running = e->sim.thread != NULL;
    editor_sim_poll(e);
    int done = running ? atomic_load(&e->sim.done) : -1;
    if ((running && !e->sim.thread) || done != e->sim.drawn_done)
        app->dirty = true;
    e->sim.drawn_done = e->sim.thread ? done : -1;
    return false;
}

static void fill(App *app, SDL_Rect r, SDL_Color c)
{
    SDL_SetRenderDrawBlendMode(app->sdl, SDL_BLENDMODE_BLEND);
    SDL_SetRenderDrawColor(app->sdl, c.r, c.g, c.b, c.a);
    SDL_RenderFillRect(app->sdl, &r);
}

/* A button: a small panel with its label, dimmed when it cannot act. */
void editor_draw_button(App *app, SDL_Rect r, const char *label, bool enabled, bool on)
{
    uikit_panel(app, r);
    if (on)
        fill(app, (SDL_Rect){r.x + 2, r.y + 2, r.w - 4, r.h - 4}, (SDL_Color){96, 64, 28, 255});
    int w, h;
    text_size(app->ui, label, &w, &h);
    int lh = uikit_line(app);
    uikit_text_fit(app, label, r.x + (r.w - (w < r.w - 4 ? w : r.w - 4)) / 2, r.y + (r.h - lh) / 2,
                   r.w - 4, enabled ? (on ? UIKIT_GOLD : UIKIT_TEXT) : UIKIT_DIM);
}

static void top_bar(Editor *e, App *app)
{
    EditorLayout *L = &e->lay;
    uikit_panel(app, L->top);
    EditDoc *doc = editsession_doc(e->session);
    const Mission *m = editdoc_mission(doc);
    const Grid *g = editdoc_grid(doc);
    char title[400];
    snprintf(title, sizeof title, "%s%s  %dx%d %s", editdoc_modified(doc) ? "* " : "",
             m->name && m->name[0] ? m->name : m->id, g->width, g->height,
             grid_topology_name(g->topology));
    int pad = uikit_line(app) / 3;
    /* beside the first row of buttons (the file's: two rows on a narrow window) */
    uikit_text_fit(app, title, pad * 2, L->buttons[0].y + (L->buttons[0].h - uikit_line(app)) / 2,
                   L->buttons[0].x - 3 * pad, UIKIT_GOLD);
    for (int b = 0; b < EDITOR_BUTTON_COUNT; b++) {
        bool enabled = true;
        if (b == EDITOR_BUTTON_UNDO)
            enabled = editdoc_undo_count(doc) > 0;
        if (b == EDITOR_BUTTON_REDO)
            enabled = editdoc_redo_count(doc) > 0;
        editor_draw_button(app, L->buttons[b], editor_button_label((EditorButton)b), enabled,
                           b == EDITOR_BUTTON_SIMULATE && e->sim.thread);
    }
}

static void status_line(Editor *e, App *app)
{
    EditorLayout *L = &e->lay;
    uikit_panel(app, L->status);
    int pad = uikit_line(app) / 3;
    char text[EDIT_STATUS_MAX + 160];
    if (e->pick != EDITOR_PICK_NONE)
        snprintf(text, sizeof text, "%s", _("Click on the board to pick (Escape: cancel)"));
    else if (e->hint[0])
        snprintf(text, sizeof text, "%s", e->hint);
    else if (e->message[0])
        snprintf(text, sizeof text, "%s", e->message);
    else
        snprintf(text, sizeof text, "%s", _("Tools: keys S P L R F E K I D; Ctrl+Z undo, Ctrl+Y redo, "
                                            "Ctrl+S save, F5 play-test, F6 simulate, F3 rooms"));
    char where[48] = "";
    if (e->has_hover)
        snprintf(where, sizeof where, "%d,%d", e->hover.x, e->hover.y);
    int ww = 0, h;
    if (where[0])
        text_size(app->ui, where, &ww, &h);
    int y = L->status.y + (L->status.h - uikit_line(app)) / 2;
    if (ww)
        uikit_text(app, where, L->status.w - pad * 2 - ww, y, UIKIT_DIM);
    bool bad = !e->hint[0] && e->pick == EDITOR_PICK_NONE && e->message[0] && !e->message_ok;
    uikit_text_fit(app, text, pad * 2, y, L->status.w - pad * 5 - ww, bad ? UIKIT_BAD : UIKIT_TEXT);
}

/* ---- the panels, kept as a picture while they do not change ---- */

static uint64_t mix(uint64_t h, const void *data, size_t n)
{
    const unsigned char *p = data;
    for (size_t i = 0; i < n; i++)
        h = (h ^ p[i]) * 0x100000001b3ull;
    return h;
}

static uint64_t mix_list(uint64_t h, const EditorList *l)
{
    h = mix(h, &l->first, sizeof l->first);
    for (int i = 0; i < l->count; i++) {
        const EditorRow *r = &l->rows[i];
        h = mix(h, r->text, strlen(r->text));
        h = mix(h, r->note, strlen(r->note));
        h = mix(h, &r->selected, sizeof r->selected);
        h = mix(h, &r->swatch, sizeof r->swatch);
    }
    return h;
}

/* A number that changes whenever anything the panels show changes: what
 * they draw is hashed, so no change can be missed. 0 (draw every time)
 * while the layout probe records. */
static uint64_t panels_key(Editor *e, App *app)
{
    if (layoutprobe_active())
        return 0;
    EditDoc *doc = editsession_doc(e->session);
    editor_panels_build(e);
    editor_tabs_build(e);
    char sim[160];
    editor_sim_summary(e, sim, sizeof sim);
    struct {
        int w, h, tab, tool;
        double scale;
        EditColour colour;
        unsigned version;
        size_t undo, redo;
        bool modified, selected;
    } state = {app->out_w, app->out_h, e->tab, e->tools.tool, screens_scale(app), e->tools.colour,
               editdoc_version(doc), editdoc_undo_count(doc), editdoc_redo_count(doc),
               editdoc_modified(doc), e->tools.selected};
    uint64_t h = mix(0xcbf29ce484222325ull ^ 0xed17u, &state, sizeof state);
    h = mix(h, e->tools.piece, strlen(e->tools.piece));
    h = mix(h, sim, strlen(sim));
    h = mix_list(h, &e->palette);
    return mix_list(h, &e->list) | 1; /* never 0 */
}

static void draw_panels(Renderer *r, void *ctx)
{
    void **pair = ctx;
    Editor *e = pair[0];
    App *app = pair[1];
    (void)r;
    top_bar(e, app);
    editor_panels_draw(e, app);
    editor_tabs_draw(e, app);
}

static void draw(Screen *s, App *app)
{
    Editor *e = (Editor *)s;
    editor_layout(e, app);
    editor_view_draw(e, app);
    Renderer *r = screens_board_renderer(app);
    void *ctx[2] = {e, app};
    SDL_Rect parts[3] = {e->lay.top, e->lay.left, e->lay.right};
    if (r)
        render_ui_layer(r, panels_key(e, app), parts, 3, draw_panels, ctx);
    else
        draw_panels(NULL, ctx);
    status_line(e, app);
    if (e->prompt.open)
        editor_prompt_draw(e, app);
    app->toast_area = e->lay.board;
}

static void resumed(Screen *s, App *app)
{
    Editor *e = (Editor *)s;
    SDL_SetWindowTitle(app->window, _("Questboard - Editor"));
    e->base.wants_keys = e->prompt.open;
}

static void destroy(Screen *s)
{
    Editor *e = (Editor *)s;
    editor_sim_stop(e);
    editor_view_free(e);
    editsession_destroy(e->session);
    free(e);
}

const ScreenOps editor_ops = {"editor", handle, update, draw, destroy, resumed};

Screen *editor_create(App *app, const char *path, char *err, size_t err_size)
{
    char why[1024];
    EditSession *session = editsession_create(paths_data_dir(), why, sizeof why);
    if (!session) {
        snprintf(err, err_size, _("The editor cannot start: %s"), why);
        return NULL;
    }
    Editor *e = xcalloc(1, sizeof *e);
    e->session = session;
    edittools_init(&e->tools);
    e->base.ops = &editor_ops;
    e->base.opaque = true;
    e->playtest_seed = 1;
    e->party_mask = 0xf;
    if (path && path[0]) {
        char q[4200];
        editor_quote(path, q, sizeof q);
        if (!editor_run(e, "open %s", q)) {
            snprintf(err, err_size, "%s", e->tools.status);
            editsession_destroy(session);
            free(e);
            return NULL;
        }
        editor_say(e, true, _("Opened %s"), path);

    } else {
        editor_say(e, true, _("A new mission: paint rooms, place pieces, add an objective "
                              "(keys S P L R F E K I D choose the tools)"));

    }
    resumed(&e->base, app);
    return &e->base;
}

static Screen *open_editor(App *app, const void *args, char *err, size_t err_size)
{
    return editor_create(app, args ? ((const EditorArgs *)args)->path : NULL, err, err_size);
}

const ScreenEntry editor_entry = {&editor_ops, open_editor, NULL, N_("The editor cannot start")};
