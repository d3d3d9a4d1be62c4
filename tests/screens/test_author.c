/* What an author sees of --check's warnings in the window, headless: the
 * picker marks the player's own missions with their warnings ("yours: 2
 * warnings"), its preview and the briefing list them in short; bundled
 * missions show none of it. Every frame passes the layout probe at three
 * window sizes and two UI scales. QB_AUTHOR_SHOTS=DIR keeps the frames. */
#define _XOPEN_SOURCE 700 /* mkdtemp */
#include "screen_harness.h"

#include "app/app.h"
#include "app/paths.h"
#include "app/screens.h"
#include "app/screens/briefing.h"
#include "app/screens/picker.h"
#include "app/screens/title.h"
#include "app/uikit.h"
#include "gfx/layoutprobe.h"

#include <SDL.h>
#include <SDL_image.h>
#include <SDL_ttf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

static void check_screens(void)
{
    char own[4200], bundled[4096];
    snprintf(own, sizeof own, "%smissions/keys/mission.xml", app.pref);
    screens_reset(&app, title_create(&app));
    /* the list: the player's missions marked with their warnings */
    screens_push(&app, picker_create(&app, own));
    frame("picker");
    CHECK(said("yours: 2 warnings"));
    /* the other rows' notes, where the list has room for them (a narrow
     * window shows the highlighted one's in the preview) */
    if (app.out_w - 3 * screens_px(&app, 24) >= 30 * uikit_line(&app)) {
        CHECK(said("your missions")); /* the clean one */
        CHECK(said("bundled"));
    }
    /* the preview of the highlighted one lists them in short; a narrow
     * window (800x600 at UI scale 1.5) shows it instead of the list, on
     * Tab, and Escape goes back to the list */
    bool one_pane = said("Tab or Right: preview");
    if (one_pane) {
        CHECK(said("yours: 2 warnings") && said("your missions") && said("bundled"));
        key(SDLK_TAB);
        frame("picker-preview");
        CHECK(said("Tab or Left: the list"));
    }
    CHECK(said("For the author: 2 warnings"));
    CHECK(said("- line 10: the key 'key_b'"));
    CHECK(said("14x5 squares, 1 hero, 0 monsters, 1 objective"));
    /* where the player's missions go, the folder whole on every window */
    char folder[4200];
    snprintf(folder, sizeof folder, "%smissions/", app.pref);
    CHECK(said(folder));
    if (one_pane) {
        key(SDLK_ESCAPE);
        frame("picker-list");
        CHECK(said("Tab or Right: preview") && strcmp(screens_top(&app)->ops->name, "picker") == 0);
        /* a path typed shows where it is typed */
        key(SDLK_END);
        key(SDLK_RETURN);
        frame("picker-path");
        CHECK(said("Type the path"));
        key(SDLK_ESCAPE);
        keys(SDLK_UP, 1);
    }
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
