/* The window and its loop. The loop only animates: it redraws when an
 * action changed the picture or arrow keys are held, and otherwise sleeps
 * in SDL_WaitEventTimeout. */
#include "app.h"
#include "art.h"
#include "input.h"
#include "paths.h"
#include "session.h"
#include "shot.h"

#include "../core/timer.h"
#include "../gfx/render.h"

#include <SDL.h>
#include <SDL_image.h>
#include <SDL_ttf.h>
#include <stdio.h>

#define WINDOW_SHARE 0.7  /* default window size as a share of the screen */
#define IDLE_WAIT_MS 500
#define KEY_PAN_SPEED 900.0 /* output pixels per second */

typedef struct Window {
    SDL_Window *window;
    SDL_Renderer *sdl;
    Renderer *renderer;
    const Scene *scene;
    const AppOptions *opts;
    ViewState vs;
    InputState in;
    bool running;
} Window;

static void default_size(const AppOptions *opts, int *w, int *h)
{
    SDL_Rect usable = {0, 0, 1280, 800};
    SDL_GetDisplayUsableBounds(0, &usable);
    *w = opts->width ? opts->width : (int)(usable.w * WINDOW_SHARE);
    *h = opts->height ? opts->height : (int)(usable.h * WINDOW_SHARE);
}

/* Output pixels per window coordinate (2 on most HiDPI screens). */
static double pixel_ratio(Window *win, int *out_w, int *out_h)
{
    int ww, wh;
    SDL_GetWindowSize(win->window, &ww, &wh);
    SDL_GetRendererOutputSize(win->sdl, out_w, out_h);
    return ww > 0 ? (double)*out_w / ww : 1.0;
}

static bool open_window(Window *win, const AppOptions *opts, const char *title)
{
    int w, h;
    default_size(opts, &w, &h);
    win->window = SDL_CreateWindow(title, SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, w, h,
                                   SDL_WINDOW_RESIZABLE | SDL_WINDOW_ALLOW_HIGHDPI);
    if (!win->window)
        return false;
    win->sdl = SDL_CreateRenderer(win->window, -1, SDL_RENDERER_ACCELERATED | SDL_RENDERER_PRESENTVSYNC);
    if (!win->sdl)
        win->sdl = SDL_CreateRenderer(win->window, -1, SDL_RENDERER_SOFTWARE);
    return win->sdl != NULL;
}

static bool load_art(Window *win, const AppOptions *opts)
{
    int ow, oh;
    double ratio = pixel_ratio(win, &ow, &oh);
    char err[1024];
    ArtPaths art;
    RenderPaths paths = art_paths(&art, opts->tiles_dir, opts->sprites_dir, (int)(15 * ratio + 0.5));
    win->renderer = render_create(win->sdl, &paths, err, sizeof err);
    if (!win->renderer)
        fprintf(stderr, "questboard: %s\n", err);
    return win->renderer != NULL;
}

static void start_view(Window *win, const AppOptions *opts)
{
    int ow, oh;
    win->in.pixel_ratio = pixel_ratio(win, &ow, &oh);
    const Board *b = scene_board(win->scene);
    win->vs.camera = camera_make(board_width(b), board_height(b), ow, oh);
    win->vs.view = (RenderView){.debug = opts->debug, .reveal = opts->reveal, .show_help = true};
}

/* Handles an action the view does not: returns true when the picture
 * changes. */
static bool apply(Window *win, const Action *a)
{
    if (a->kind == ACTION_QUIT) {
        win->running = false;
        return false;
    }
    if (a->kind == ACTION_RESIZE) {
        int ow, oh;
        win->in.pixel_ratio = pixel_ratio(win, &ow, &oh);
        camera_resize(&win->vs.camera, ow, oh);
        Action hover = {ACTION_HOVER, win->vs.mouse_x, win->vs.mouse_y, 0};
        if (win->vs.has_mouse)
            view_apply(&win->vs, &hover);
        return true;
    }
    if (a->kind == ACTION_RENDER_RESET) {
        render_destroy(win->renderer);
        win->renderer = NULL;
        if (!load_art(win, win->opts))
            win->running = false;
        return win->running;
    }
    if (a->kind == ACTION_SCREENSHOT) {
        char path[4096], err[1024];
        if (shot_save_window(win->sdl, path, sizeof path, err, sizeof err))
            printf("questboard: screenshot written to %s\n", path);
        else
            fprintf(stderr, "questboard: %s\n", err);
        return false;
    }
    return view_apply(&win->vs, a);
}

static bool handle_events(Window *win, int wait_ms)
{
    SDL_Event ev;
    bool dirty = false;
    if (!SDL_WaitEventTimeout(&ev, wait_ms))
        return false;
    do {
        Action a = input_translate(&win->in, &ev);
        dirty |= apply(win, &a);
    } while (SDL_PollEvent(&ev));
    return dirty;
}

static void run(Window *win)
{
    bool dirty = true;
    double last = timer_now_ms();
    win->running = true;
    while (win->running) {
        if (dirty) {
            render_frame(win->renderer, win->scene, &win->vs.camera, &win->vs.view);
            SDL_RenderPresent(win->sdl);
        }
        double dx, dy;
        input_held_pan(&dx, &dy);
        bool moving = dx != 0 || dy != 0;
        dirty = handle_events(win, moving ? 1 : IDLE_WAIT_MS);
        double now = timer_now_ms(), dt = (now - last) / 1000.0;
        last = now;
        if (moving && dt < 0.25) {
            Action pan = {ACTION_PAN, dx * KEY_PAN_SPEED * dt, dy * KEY_PAN_SPEED * dt, 0};
            dirty |= view_apply(&win->vs, &pan);
        }
    }
}

static int play(const AppOptions *opts, const Scene *scene)
{
    Window win = {0};
    win.scene = scene;
    win.opts = opts;
    char title[256];
    snprintf(title, sizeof title, "Questboard - %s", scene_title(scene));
    int status = 2;
    if (!open_window(&win, opts, title))
        fprintf(stderr, "questboard: cannot open a window: %s\n", SDL_GetError());
    else if (load_art(&win, opts)) {
        start_view(&win, opts);
        run(&win);
        status = win.renderer ? 0 : 2;
    }
    render_destroy(win.renderer);
    if (win.sdl)
        SDL_DestroyRenderer(win.sdl);
    if (win.window)
        SDL_DestroyWindow(win.window);
    return status;
}

int app_play(const AppOptions *opts)
{
    if (SDL_Init(SDL_INIT_VIDEO) != 0 || TTF_Init() != 0) {
        fprintf(stderr, "questboard: cannot start SDL: %s\n", SDL_GetError());
        return 2;
    }
    IMG_Init(IMG_INIT_PNG);
    char buf[4096], err[4096];
    const char *file = opts->mission ? opts->mission : paths_default_mission(buf, sizeof buf);
    Session *session = session_load(file, &opts->limits, opts->reveal, err, sizeof err);
    int status = 2;
    if (!session)
        fprintf(stderr, "%s\n", err);
    else
        status = play(opts, session_scene(session));
    session_destroy(session);
    IMG_Quit();
    TTF_Quit();
    SDL_Quit();
    return status;
}
