/* The game screen. The board is drawn by the renderer from a scene of the
 * game; the in-game menu opens on Back (Escape, B, Start). Hot reload:
 * the watcher is polled every frame; a changed mission is loaded into new
 * objects and the game's action log replayed on it; success swaps them in
 * (camera and overlay kept), failure shows the loader's messages over the
 * still-running last good version. */
#include "gamescreen.h"

#include "pausemenu.h"
#include "slotview.h"
#include "paths.h"
#include "slots.h"
#include "uikit.h"
#include "watch.h"

#include "../core/alloc.h"
#include "../gfx/scene_mission.h"
#include "../rules/save.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define ZOOM_STEP 1.25
#define PAN_STEP 64.0
#define DRAG_SLOP 4

typedef struct GameScreen {
    Screen base;
    Mission *mission;
    Game *game;
    Scene *scene;
    Camera cam;
    RenderView view;
    bool has_camera;
    Watch *watch;
    char reload_error[12288]; /* shown while the last reload failed */
    char reload_title[256];
    bool pressed, dragging;
    int press_x, press_y, last_x, last_y;
} GameScreen;

static void join_errors(const ErrorList *errs, char *err, size_t err_size)
{
    size_t n = 0;
    err[0] = '\0';
    for (size_t i = 0; i < errs->count && n + 1 < err_size; i++)
        n += (size_t)snprintf(err + n, err_size - n, "%s%s", i ? "\n" : "", errs->items[i]);
    if (errs->dropped && n + 1 < err_size)
        snprintf(err + n, err_size - n, "\n(%zu more errors)", errs->dropped);
}

Mission *gamescreen_load_mission(const App *app, const char *path, char *err, size_t err_size)
{
    char catalogue[4096];
    paths_data_file("assets/pieces.xml", catalogue, sizeof catalogue);
    MissionLoadOptions opts = {.catalogue_path = catalogue,
                               .max_side = app->opts->limits.max_side,
                               .max_squares = app->opts->limits.max_squares};
    ErrorList errs;
    errors_init(&errs, 0);
    Mission *m = mission_load(path, &opts, &errs);
    if (!m)
        join_errors(&errs, err, err_size);
    errors_clear(&errs);
    return m;
}

static void watch_mission(GameScreen *g)
{
    watch_clear(g->watch);
    watch_add(g->watch, g->mission->path);
    if (!g->mission->bare && g->mission->bitmap_path)
        watch_add(g->watch, g->mission->bitmap_path);
}

static void fit_camera(GameScreen *g, App *app)
{
    const Board *b = g->mission->board;
    if (!g->has_camera) {
        g->cam = camera_make(board_width(b), board_height(b), app->out_w, app->out_h);
        g->has_camera = true;
    } else if (g->cam.board_w != board_width(b) || g->cam.board_h != board_height(b)) {
        /* a new board size: keep the zoom and the point at the centre */
        Camera c = camera_make(board_width(b), board_height(b), app->out_w, app->out_h);
        c.scale = g->cam.scale;
        c.x = g->cam.x, c.y = g->cam.y;
        g->cam = c;
    }
}

static GameScreen *make(App *app, Mission *m, Game *game)
{
    GameScreen *g = xcalloc(1, sizeof *g);
    g->base.ops = &gamescreen_ops;
    g->base.opaque = true;
    g->mission = m;
    g->game = game;
    g->scene = scene_from_mission(m, app->opts->reveal);
    g->view = (RenderView){.debug = app->opts->debug || settings_debug_overlay(app->settings),
                           .reveal = app->opts->reveal};
    g->watch = watch_create(WATCH_DEFAULT_INTERVAL_MS, WATCH_DEFAULT_SETTLE_MS);
    watch_mission(g);
    fit_camera(g, app);
    char title[256];
    snprintf(title, sizeof title, "Questboard - %s", scene_title(g->scene));
    SDL_SetWindowTitle(app->window, title);
    return g;
}

Screen *gamescreen_create(App *app, const char *path, const GameSetup *setup, uint64_t seed,
                          char *err, size_t err_size)
{
    Mission *m = gamescreen_load_mission(app, path, err, err_size);
    if (!m)
        return NULL;
    Game *game = game_create(m, setup, seed, err, err_size);
    if (!game) {
        mission_destroy(m);
        return NULL;
    }
    return &make(app, m, game)->base;
}

/* Replays old's actions on a fresh game of m; NULL with why when one no
 * longer fits. */
static Game *replay(const Mission *m, const Game *old, char *why, size_t why_size)
{
    Game *g = game_create(m, game_setup(old), game_seed(old), why, why_size);
    GameEvents ev;
    game_events_init(&ev);
    for (size_t i = 0; g && i < game_log_count(old); i++) {
        game_events_clear(&ev);
        if (!game_apply(g, game_log_at(old, i), &ev, why, why_size)) {
            game_destroy(g);
            g = NULL;
        }
    }
    game_events_free(&ev);
    return g;
}

Screen *gamescreen_create_from_slot(App *app, const char *file, char *err, size_t err_size)
{
    SlotHeader h;
    char *body = NULL, path[8192];
    size_t size = 0;
    if (!slots_read(app->saves, file, &h, &body, &size, err, err_size))
        return NULL;
    slots_join(app->saves, file, path, sizeof path);
    SaveData data = {0};
    char why[1024];
    if (!save_parse(body, size, &data, why, sizeof why)) {
        int line = 0;
        /* the body starts on the file's line 2 */
        if (sscanf(why, "line %d", &line) == 1)
            snprintf(err, err_size, "%s:%d: %s", path, line + 1, strchr(why, ':') ? strchr(why, ':') + 2 : why);
        else
            snprintf(err, err_size, "%s: %s", path, why);
        free(body);
        return NULL;
    }
    free(body);
    Mission *m = gamescreen_load_mission(app, data.mission_path, err, err_size);
    Game *game = NULL;
    if (m && !(game = save_replay(m, &data, why, sizeof why)))
        snprintf(err, err_size, "%s: %s", path, why);
    save_data_free(&data);
    if (!game) {
        mission_destroy(m);
        return NULL;
    }
    return &make(app, m, game)->base;
}

bool gamescreen_save(Screen *s, App *app, const char *file, const char *name, char *err,
                     size_t err_size)
{
    GameScreen *g = (GameScreen *)s;
    size_t size = 0;
    char *text = save_format(g->game, g->mission->path, &size);
    SlotHeader h = {0};
    snprintf(h.slot, sizeof h.slot, "%s", name);
    snprintf(h.mission, sizeof h.mission, "%s", g->mission->name ? g->mission->name : g->mission->id);
    h.turn = game_turn(g->game);
    h.date = (int64_t)time(NULL);
    bool ok = slots_write(app->saves, file, &h, text, size, err, err_size);
    free(text);
    return ok;
}

const char *gamescreen_mission_name(const Screen *s)
{
    const GameScreen *g = (const GameScreen *)s;
    return g->mission->name ? g->mission->name : g->mission->id;
}

/* The reload: new objects first, swapped in only when all is well. */
static void reload(GameScreen *g, App *app)
{
    for (size_t i = 0; i < watch_count(g->watch); i++) {
        if (!watch_exists(g->watch, i)) {
            snprintf(g->reload_title, sizeof g->reload_title, "A mission file is gone");
            snprintf(g->reload_error, sizeof g->reload_error,
                     "%s was removed; the last good version keeps running.", watch_path(g->watch, i));
            return;
        }
    }
    char err[4096];
    Mission *m = gamescreen_load_mission(app, g->mission->path, err, sizeof err);
    if (!m) {
        snprintf(g->reload_title, sizeof g->reload_title, "The edited mission does not load");
        snprintf(g->reload_error, sizeof g->reload_error,
                 "%s\nquestboard --check %s gives the same report. The last good version keeps "
                 "running.",
                 err, g->mission->path);
        fprintf(stderr, "questboard: reload failed:\n%s\n", err);
        return;
    }
    Game *game = replay(m, g->game, err, sizeof err);
    if (!game) {
        mission_destroy(m);
        g->reload_error[0] = '\0';
        screens_toast(app, "the edited mission no longer fits the game in progress (%s): "
                           "the running game is kept", err);
        return;
    }
    game_destroy(g->game);
    scene_destroy(g->scene);
    mission_destroy(g->mission);
    g->mission = m;
    g->game = game;
    g->scene = scene_from_mission(m, app->opts->reveal);
    g->reload_error[0] = '\0';
    fit_camera(g, app);
    watch_mission(g);
    screens_toast(app, "reloaded %s", m->path);
}

static void zoom(GameScreen *g, double factor, int x, int y)
{
    camera_zoom_at(&g->cam, factor, x < 0 ? g->cam.view_w / 2.0 : x,
                   y < 0 ? g->cam.view_h / 2.0 : y);
}

static void hover(GameScreen *g, int x, int y)
{
    g->view.has_hover = true;
    g->view.hover = camera_square_at(&g->cam, x, y);
}

static void pointer(GameScreen *g, const UiInput *in)
{
    const SDL_Event *ev = in->ev;
    if (ev->type == SDL_MOUSEMOTION) {
        int dx = in->x - g->last_x, dy = in->y - g->last_y;
        if (g->pressed && !g->dragging &&
            abs(in->x - g->press_x) + abs(in->y - g->press_y) > DRAG_SLOP) {
            g->dragging = true;
            dx = in->x - g->press_x, dy = in->y - g->press_y;
        }
        if (g->dragging)
            camera_pan(&g->cam, dx, dy);
        g->last_x = in->x, g->last_y = in->y;
        hover(g, in->x, in->y);
        return;
    }
    if (in->click && !g->dragging) {
        hover(g, in->x, in->y);
        g->view.has_selection = true;
        g->view.selected = g->view.hover;
    }
    g->pressed = g->dragging = false;
}

static void cursor(GameScreen *g, int dx, int dy)
{
    BoardPos p = g->view.has_selection ? g->view.selected : (BoardPos){0, 0};
    p.x += dx, p.y += dy;
    if (board_contains(g->mission->board, p)) {
        g->view.has_selection = g->view.has_hover = true;
        g->view.selected = g->view.hover = p;
    }
}

static void handle(Screen *s, App *app, const UiInput *in)
{
    GameScreen *g = (GameScreen *)s;
    if (in->pointer && (in->ev->type == SDL_MOUSEMOTION || in->ev->type == SDL_MOUSEBUTTONUP)) {
        pointer(g, in);
        return;
    }
    if (in->ev->type == SDL_MOUSEBUTTONDOWN) {
        g->pressed = true, g->dragging = false;
        g->press_x = g->last_x = (int)(in->ev->button.x * app->pixel_ratio);
        g->press_y = g->last_y = (int)(in->ev->button.y * app->pixel_ratio);
        return;
    }
    if (in->wheel) {
        zoom(g, in->wheel > 0 ? ZOOM_STEP : 1 / ZOOM_STEP, g->last_x, g->last_y);
        return;
    }
    if (in->ev->type == SDL_WINDOWEVENT && in->ev->window.event == SDL_WINDOWEVENT_SIZE_CHANGED) {
        camera_resize(&g->cam, app->out_w, app->out_h);
        return;
    }
    switch (in->action) {
    case BINDING_BACK: screens_push(app, pausemenu_create(app, s)); break;
    case BINDING_ZOOM_IN: zoom(g, ZOOM_STEP, -1, -1); break;
    case BINDING_ZOOM_OUT: zoom(g, 1 / ZOOM_STEP, -1, -1); break;
    case BINDING_REFIT: camera_fit(&g->cam); break;
    case BINDING_PAN_UP: camera_pan(&g->cam, 0, PAN_STEP); break;
    case BINDING_PAN_DOWN: camera_pan(&g->cam, 0, -PAN_STEP); break;
    case BINDING_PAN_LEFT: camera_pan(&g->cam, PAN_STEP, 0); break;
    case BINDING_PAN_RIGHT: camera_pan(&g->cam, -PAN_STEP, 0); break;
    case BINDING_CURSOR_UP: cursor(g, 0, -1); break;
    case BINDING_CURSOR_DOWN: cursor(g, 0, 1); break;
    case BINDING_CURSOR_LEFT: cursor(g, -1, 0); break;
    case BINDING_CURSOR_RIGHT: cursor(g, 1, 0); break;
    case BINDING_OVERLAY: g->view.debug = !g->view.debug; break;
    case BINDING_OVERLAY_LABELS:
        g->view.label = (DebugLabel)((g->view.label + 1) % DEBUG_LABEL_COUNT);
        break;
    case BINDING_SAVE: screens_push(app, slotview_create(app, s, true)); break;
    case BINDING_LOAD: screens_push(app, slotview_create(app, s, false)); break;
    default: break;
    }
}

static bool update(Screen *s, App *app, double dt)
{
    (void)dt;
    GameScreen *g = (GameScreen *)s;
    if (watch_poll(g->watch, (int64_t)SDL_GetTicks64())) {
        reload(g, app);
        app->dirty = true;
    }
    return false;
}

static void draw_reload_error(GameScreen *g, App *app)
{
    int pad = screens_px(app, 12), lh = uikit_line(app);
    int w = app->out_w - 4 * pad;
    SDL_Rect r = {2 * pad, 2 * pad, w, 9 * lh + 2 * pad};
    uikit_panel(app, r);
    uikit_text(app, g->reload_title, r.x + pad, r.y + pad, UIKIT_BAD);
    uikit_wrap(app, g->reload_error, r.x + pad, r.y + pad + lh + lh / 2, r.w - 2 * pad, 7,
               UIKIT_TEXT);
}

static void draw(Screen *s, App *app)
{
    GameScreen *g = (GameScreen *)s;
    Renderer *r = screens_board_renderer(app);
    if (g->cam.view_w != app->out_w || g->cam.view_h != app->out_h)
        camera_resize(&g->cam, app->out_w, app->out_h);
    if (r)
        render_frame(r, g->scene, &g->cam, &g->view);
    if (g->reload_error[0])
        draw_reload_error(g, app);
}

static void destroy(Screen *s)
{
    GameScreen *g = (GameScreen *)s;
    watch_destroy(g->watch);
    scene_destroy(g->scene);
    game_destroy(g->game);
    mission_destroy(g->mission);
    free(g);
}

const ScreenOps gamescreen_ops = {"game", handle, update, draw, destroy, NULL};
