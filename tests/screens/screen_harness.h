/* The headless screen tests' harness (test_layout, test_author,
 * test_randomquest): one App on a software renderer of a hidden window,
 * key and text events as SDL delivers them, and frames drawn with the
 * layout probe on, each checked for cut-off or overlapping text. A test
 * sets config ("WxH@scale") for its messages and shots (a folder, or NULL)
 * to keep every frame as a PNG. */
#pragma once

#include "check.h"

#include "app/app.h"
#include "app/screens.h"
#include "gfx/layoutprobe.h"

#include <SDL.h>
#include <SDL_image.h>
#include <stdio.h>
#include <string.h>

static App app;
static AppOptions opts;
static LayoutProbe probe;
static char config[64], tmpdir[64];
static const char *shots;
static int frames, problem_frames;

static inline void key_mod(SDL_Keycode sym, Uint16 mod)
{
    SDL_Event ev = {0};
    ev.type = SDL_KEYDOWN;
    ev.key.state = SDL_PRESSED;
    ev.key.keysym.sym = sym;
    ev.key.keysym.scancode = SDL_GetScancodeFromKey(sym);
    ev.key.keysym.mod = mod;
    screens_dispatch(&app, &ev);
    ev.type = SDL_KEYUP;
    ev.key.state = SDL_RELEASED;
    screens_dispatch(&app, &ev);
}

static inline void key(SDL_Keycode sym)
{
    key_mod(sym, KMOD_NONE);
}

static inline void keys(SDL_Keycode sym, int times)
{
    for (int i = 0; i < times; i++)
        key(sym);
}

/* Types text as SDL delivers it to a focused field: one event a character. */
static inline void type(const char *text)
{
    for (const char *c = text; *c; c++) {
        SDL_Event ev = {0};
        ev.type = SDL_TEXTINPUT;
        ev.text.text[0] = *c;
        screens_dispatch(&app, &ev);
    }
}

/* Writes the frame as drawn now to shots/CONFIG-WHAT.png (spaces as _). */
static inline void keep(const char *what)
{
    if (!shots)
        return;
    SDL_Surface *s = SDL_CreateRGBSurfaceWithFormat(0, app.out_w, app.out_h, 32, SDL_PIXELFORMAT_ARGB8888);
    if (!s)
        return;
    SDL_RenderReadPixels(app.sdl, NULL, SDL_PIXELFORMAT_ARGB8888, s->pixels, s->pitch);
    char path[4096];
    snprintf(path, sizeof path, "%s/%s-%s.png", shots, config, what);
    for (char *c = path + strlen(shots) + 1; *c; c++)
        if (*c == ' ')
            *c = '_';
    IMG_SavePNG(s, path);
    SDL_FreeSurface(s);
}

/* Draws the stack once with the probe on and checks the layout. */
static inline void frame(const char *what)
{
    layoutprobe_begin(&probe);
    screens_draw(&app);
    layoutprobe_end();
    char report[8192];
    size_t n = layoutprobe_check(&probe, app.out_w, app.out_h, report, sizeof report);
    frames++;
    if (n) {
        problem_frames++;
        fprintf(stderr, "%s %s: %zu layout problem%s\n%s", config, what, n, n == 1 ? "" : "s", report);
    }
    CHECK(n == 0);
    keep(what);
}

/* Set by a run in another language than English (test_layout under
 * LANGUAGE=de): the English run checks what the screens say, this one
 * only how they are laid out, so said() and unsaid() hold always. */
static bool harness_translated;

/* True when the last frame drew a line containing s. */
static inline bool said(const char *s)
{
    return harness_translated || layoutprobe_find(&probe, s) != NULL;
}

/* True when the last frame drew no line containing s. */
static inline bool unsaid(const char *s)
{
    return harness_translated || layoutprobe_find(&probe, s) == NULL;
}

static inline void open_window(int w, int h, double scale)
{
    app.window = SDL_CreateWindow("Questboard", 0, 0, w, h, 0);
    app.sdl = app.window ? SDL_CreateRenderer(app.window, -1, SDL_RENDERER_SOFTWARE) : NULL;
    CHECK(app.sdl != NULL);
    settings_set_ui_scale(app.settings, scale);
    app.font_scale = 0;
    screens_measure(&app);
    screens_refresh_fonts(&app);
    CHECK(app.ui != NULL && app.out_w == w && app.out_h == h);
}

static inline void close_window(void)
{
    while (app.depth > 0)
        screens_pop(&app);
    screens_bury(&app);
    render_destroy(app.board);
    text_destroy(app.ui);
    text_destroy(app.big);
    app.board = NULL, app.ui = app.big = NULL;
    SDL_DestroyRenderer(app.sdl);
    SDL_DestroyWindow(app.window);
}
