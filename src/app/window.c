/* The window and its loop. The loop only animates: it redraws when an
 * event changed the picture or the play screen is animating (events
 * playing, keys panning), and otherwise sleeps in SDL_WaitEventTimeout.
 * Everything on screen is the play screen's (play.h). */
#include "app.h"
#include "art.h"
#include "paths.h"
#include "play.h"
#include "session.h"
#include "settings.h"
#include "shot.h"

#include "../core/timer.h"
#include "../gfx/render.h"

#include <SDL.h>
#include <SDL_image.h>
#include <SDL_ttf.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define WINDOW_SHARE 0.7  /* default window size as a share of the screen */
#define IDLE_WAIT_MS 500

typedef struct Window {
    SDL_Window *window;
    SDL_Renderer *sdl;
    Renderer *renderer;
    const AppOptions *opts;
    Play *play;
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

static void resized(Window *win)
{
    int ow, oh;
    double ratio = pixel_ratio(win, &ow, &oh);
    play_resize(win->play, ow, oh, ratio);
}

/* Handles what the play screen asks of the window. Returns true when the
 * picture changes. */
static bool apply(Window *win, int asks, const SDL_Event *ev)
{
    if (asks & PLAY_QUIT)
        win->running = false;
    if (ev->type == SDL_WINDOWEVENT && ev->window.event == SDL_WINDOWEVENT_SIZE_CHANGED)
        resized(win);
    if (asks & PLAY_RESET_ART) {
        render_destroy(win->renderer);
        win->renderer = NULL;
        if (!load_art(win, win->opts))
            win->running = false;
    }
    if (asks & PLAY_FULLSCREEN) {
        bool full = SDL_GetWindowFlags(win->window) & SDL_WINDOW_FULLSCREEN_DESKTOP;
        SDL_SetWindowFullscreen(win->window, full ? 0 : SDL_WINDOW_FULLSCREEN_DESKTOP);
    }
    if (asks & PLAY_SCREENSHOT) {
        char path[4096], err[1024];
        if (shot_save_window(win->sdl, path, sizeof path, err, sizeof err))
            printf("questboard: screenshot written to %s\n", path);
        else
            fprintf(stderr, "questboard: %s\n", err);
    }
    return win->running && (asks & (PLAY_REDRAW | PLAY_RESET_ART));
}

static bool handle_events(Window *win, int wait_ms)
{
    SDL_Event ev;
    bool dirty = false;
    if (!SDL_WaitEventTimeout(&ev, wait_ms))
        return false;
    do {
        dirty |= apply(win, play_handle_event(win->play, &ev), &ev);
    } while (win->running && SDL_PollEvent(&ev));
    return dirty;
}

static void run(Window *win)
{
    bool dirty = true;
    double last = timer_now_ms();
    win->running = true;
    while (win->running) {
        if (dirty) {
            play_draw(win->play, win->renderer);
            SDL_RenderPresent(win->sdl);
        }
        dirty = handle_events(win, play_animating(win->play) ? 1 : IDLE_WAIT_MS);
        double now = timer_now_ms(), dt = (now - last) / 1000.0;
        last = now;
        dirty |= play_update(win->play, dt);
    }
}

/* "<pref path>/saves" into buf, or NULL when SDL has no pref path. */
static const char *save_dir(char *buf, size_t size)
{
    char *pref = SDL_GetPrefPath("questboard", "questboard");
    if (!pref)
        return NULL;
    snprintf(buf, size, "%ssaves", pref);
    SDL_free(pref);
    return buf;
}

static int run_window(const AppOptions *opts, const Mission *m)
{
    Window win = {0};
    win.opts = opts;
    char title[256];
    snprintf(title, sizeof title, "Questboard - %s", m->name ? m->name : m->id);
    int status = 2;
    if (!open_window(&win, opts, title))
        fprintf(stderr, "questboard: cannot open a window: %s\n", SDL_GetError());
    else if (load_art(&win, opts)) {
        char *pref = SDL_GetPrefPath("questboard", "questboard");
        Settings *settings = settings_create(pref);
        SDL_free(pref);
        settings_load(settings);
        char saves[4096];
        PlayOptions po = {.reveal = opts->reveal,
                          .debug = opts->debug,
                          .bindings = settings_bindings(settings),
                          .anim_factor = settings_anim_duration_factor(settings_anim_speed(settings)),
                          .save_dir = save_dir(saves, sizeof saves)};
        int ow, oh;
        double ratio = pixel_ratio(&win, &ow, &oh);
        win.play = play_create(m, NULL, (uint64_t)time(NULL) ^ SDL_GetPerformanceCounter(), &po, ow, oh);
        play_resize(win.play, ow, oh, ratio);
        if (!m->bare && play_viewer_reason(win.play)[0])
            fprintf(stderr, "questboard: %s: cannot play: %s\n", m->path, play_viewer_reason(win.play));
        settings_destroy(settings);
        run(&win);
        status = win.renderer ? 0 : 2;
    }
    play_destroy(win.play);
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
        status = run_window(opts, session_mission(session));
    session_destroy(session);
    IMG_Quit();
    TTF_Quit();
    SDL_Quit();
    return status;
}
