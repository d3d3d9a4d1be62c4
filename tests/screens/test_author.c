/* What an author sees of --check's warnings in the window, headless: the
 * picker marks the player's own missions with their warnings ("yours: 2
 * warnings"), its preview and the briefing list them in short; bundled
 * missions show none of it. Every frame passes the layout probe at three
 * window sizes and two UI scales. QB_AUTHOR_SHOTS=DIR keeps the frames. */
#define _XOPEN_SOURCE 700 /* mkdtemp */
#include "check.h"

#include "app/app.h"
#include "app/paths.h"
#include "app/screens.h"
#include "app/screens/briefing.h"
#include "app/screens/picker.h"
#include "app/screens/title.h"
#include "gfx/layoutprobe.h"

#include <SDL.h>
#include <SDL_image.h>
#include <SDL_ttf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static App app;
static AppOptions opts;
static LayoutProbe probe;
static char tmpdir[64], config[64];
static const char *shots;

static void key(SDL_Keycode sym)
{
    SDL_Event ev = {0};
    ev.type = SDL_KEYDOWN;
    ev.key.state = SDL_PRESSED;
    ev.key.keysym.sym = sym;
    ev.key.keysym.scancode = SDL_GetScancodeFromKey(sym);
    screens_dispatch(&app, &ev);
    ev.type = SDL_KEYUP;
    ev.key.state = SDL_RELEASED;
    screens_dispatch(&app, &ev);
}

static void frame(const char *what)
{
    layoutprobe_begin(&probe);
    screens_draw(&app);
    layoutprobe_end();
    char report[8192];
    size_t n = layoutprobe_check(&probe, app.out_w, app.out_h, report, sizeof report);
    if (n)
        fprintf(stderr, "%s %s: %zu layout problem%s\n%s", config, what, n, n == 1 ? "" : "s", report);
    CHECK(n == 0);
    if (!shots)
        return;
    SDL_Surface *s = SDL_CreateRGBSurfaceWithFormat(0, app.out_w, app.out_h, 32, SDL_PIXELFORMAT_ARGB8888);
    if (!s)
        return;
    SDL_RenderReadPixels(app.sdl, NULL, SDL_PIXELFORMAT_ARGB8888, s->pixels, s->pitch);
    char path[4096];
    snprintf(path, sizeof path, "%s/%s-%s.png", shots, config, what);
    IMG_SavePNG(s, path);
    SDL_FreeSurface(s);
}

static bool said(const char *s)
{
    return layoutprobe_find(&probe, s) != NULL;
}

/* Copies a fixture of tests/data/missions/analysis into the player's
 * missions folder as folder/mission.xml (with its board). */
static void install(const char *fixture, const char *folder)
{
    char cmd[32768];
    snprintf(cmd, sizeof cmd,
             "mkdir -p '%smissions/%s' && cp '%s/missions/analysis/%s' '%smissions/%s/mission.xml' && "
             "cp '%s/missions/analysis/board.png' '%smissions/%s/'",
             app.pref, folder, getenv("TEST_DATA"), fixture, app.pref, folder, getenv("TEST_DATA"),
             app.pref, folder);
    CHECK(system(cmd) == 0);
}

static void open_window(int w, int h, double scale)
{
    app.window = SDL_CreateWindow("Questboard", 0, 0, w, h, 0);
    app.sdl = app.window ? SDL_CreateRenderer(app.window, -1, SDL_RENDERER_SOFTWARE) : NULL;
    CHECK(app.sdl != NULL);
    settings_set_ui_scale(app.settings, scale);
    app.font_scale = 0;
    screens_measure(&app);
    screens_refresh_fonts(&app);
}

static void close_window(void)
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

static void check_screens(void)
{
    char own[4200], bundled[4096];
    snprintf(own, sizeof own, "%smissions/keys/mission.xml", app.pref);
    screens_reset(&app, title_create(&app));
    /* the list: the player's missions marked with their warnings */
    screens_push(&app, picker_create(&app, own));
    frame("picker");
    CHECK(said("yours: 2 warnings"));
    CHECK(said("your missions")); /* the clean one */
    CHECK(said("bundled"));
    /* the preview of the highlighted one lists them in short */
    CHECK(said("For the author: 2 warnings"));
    CHECK(said("- line 10: the key 'key_b'"));
    CHECK(said("14x5 squares, 1 hero, 0 monsters, 1 objective"));
    /* where the player's missions go, the folder whole on every window */
    char folder[4200];
    snprintf(folder, sizeof folder, "%smissions/", app.pref);
    CHECK(said(folder));
    /* and so does its briefing */
    key(SDLK_RETURN);
    frame("briefing");
    CHECK(said("For the author: 2 warnings"));
    CHECK(said("- line 10: the key 'key_b'"));
    screens_pop(&app);
    screens_pop(&app);
    /* a bundled mission: no such thing */
    screens_push(&app, picker_create(&app, paths_default_mission(bundled, sizeof bundled)));
    frame("picker-bundled");
    CHECK(!said("For the author"));
    key(SDLK_RETURN);
    frame("briefing-bundled");
    CHECK(!said("For the author"));
}

int main(void)
{
    if (!getenv("QUESTBOARD_DATA") || !getenv("TEST_DATA"))
        return 2;
    shots = getenv("QB_AUTHOR_SHOTS");
    SDL_Init(SDL_INIT_VIDEO);
    TTF_Init();
    IMG_Init(IMG_INIT_PNG);
    snprintf(tmpdir, sizeof tmpdir, "/tmp/qb-author-XXXXXX");
    if (!mkdtemp(tmpdir))
        return 2;
    setenv("XDG_DATA_HOME", tmpdir, 1);
    snprintf(app.pref, sizeof app.pref, "%s/", tmpdir);
    snprintf(app.saves, sizeof app.saves, "%s/saves", tmpdir);
    opts.limits.max_side = 16384, opts.limits.max_squares = 67108864;
    app.opts = &opts;
    app.settings = settings_create(app.pref);
    install("key-own.xml", "keys");
    install("clean.xml", "clean");
    static const int sizes[][2] = {{800, 600}, {1280, 800}, {1920, 1080}};
    static const double scales[] = {1.0, 2.0};
    app.running = true;
    for (size_t s = 0; s < 3; s++)
        for (size_t k = 0; k < 2; k++) {
            snprintf(config, sizeof config, "%dx%d@%.1f", sizes[s][0], sizes[s][1], scales[k]);
            open_window(sizes[s][0], sizes[s][1], scales[k]);
            if (app.ui)
                check_screens();
            close_window();
        }
    settings_destroy(app.settings);
    layoutprobe_free(&probe);
    char cmd[256];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmpdir);
    if (system(cmd) != 0)
        fprintf(stderr, "could not remove %s\n", tmpdir);
    IMG_Quit();
    TTF_Quit();
    SDL_Quit();
    return check_finish("author");
}
