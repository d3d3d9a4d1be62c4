/* Narration in the window (issue 27), headless: the exact words a sink in
 * place of speech-dispatcher receives for a scripted sequence (the title
 * menu walked, the settings' Narration row, a game: the board's cursor
 * moved over a room, a hero and a door, a move and its log line), and
 * that a redrawn frame says nothing again. Without speech-dispatcher's
 * library (QUESTBOARD_SPEECHD_LIBRARY naming no file) or its service
 * (SPEECHD_ADDRESS pointing nowhere) turning Narration on says why in a
 * toast and on its row, and the game goes on. QB_NARRATE_SHOTS=DIR keeps
 * the frames. */
#define _XOPEN_SOURCE 700 /* mkdtemp, setenv */
#include "screen_harness.h"

#include "app/narrate.h"
#include "app/paths.h"
#include "app/play/play.h"
#include "app/screens/gamescreen.h"
#include "app/screens/settingsview.h"
#include "app/screens/title.h"
#include "rules/game.h"

#include <SDL_ttf.h>
#include <stdlib.h>

static char spoken[16384];

static bool rec_speak(void *ctx, const char *text)
{
    (void)ctx;
    size_t n = strlen(spoken);
    snprintf(spoken + n, sizeof spoken - n, "%s|", text);
    return true;
}

static void rec_cancel(void *ctx)
{
    (void)ctx;
}

/* What was said since the last call, as "a|b|c|"; compared and cleared. */
static void expect(const char *what)
{
    if (strcmp(spoken, what) != 0)
        fprintf(stderr, "%s: said:     %s\n%s: expected: %s\n", config, spoken, config, what);
    CHECK(strcmp(spoken, what) == 0);
    spoken[0] = '\0';
}

/* Without speech-dispatcher: the row says so, a toast says why (reason;
 * shown, its first line said), and nothing is connected; the screens go
 * on, and turning it off again clears the message. */
static void check_no_service(const char *reason, const char *first_line)
{
    screens_reset(&app, title_create(&app));
    screens_push(&app, settingsview_create(&app));
    keys(SDLK_DOWN, 13); /* the Narration row (settingsview.c's order) */
    frame("settings");
    CHECK(said("Narration"));
    CHECK(!settings_narration(app.settings));
    key(SDLK_RETURN);
    CHECK(settings_narration(app.settings));
    CHECK(app.narrator == NULL);
    CHECK_STR_CONTAINS(app.narration_error, reason);
    CHECK_STR_CONTAINS(app.toast, reason);
    frame("settings-no-service");
    CHECK(said("on, but silent: no speech-dispatcher"));
    CHECK(said(first_line));
    key(SDLK_RETURN);
    CHECK(!settings_narration(app.settings));
    CHECK(app.narration_error[0] == '\0');
    frame("settings-off");
    key(SDLK_ESCAPE);
    frame("title-after-settings");
}

/* A sink recording what is said: the title menu walked, a game's log and
 * cursor, a move. */
static void check_spoken(void)
{
    app.narrator = narrate_create((NarrateSink){rec_speak, rec_cancel, NULL, NULL});
    screens_reset(&app, title_create(&app));
    frame("title");
    frame("title-again"); /* drawn again: nothing new said */
    expect("New game|");
    key(SDLK_DOWN);
    frame("title-2");
    key(SDLK_DOWN);
    frame("title-3");
    key(SDLK_UP);
    frame("title-4");
    expect("Campaign|Random quest|Campaign|");
    char path[4096], err[1024];
    paths_default_mission(path, sizeof path);
    screens_push(&app, gamescreen_create(&app, path, NULL, 7, err, sizeof err));
    screens_update(&app, 0.05);
    frame("game");
    expect("First Light begins.|"); /* the log's first line; no cursor yet */
    key(SDLK_r);
    for (int i = 0; i < 10; i++)
        screens_update(&app, 0.05);
    frame("rolled");
    expect("Barbarian rolls 8 for movement|");
    key(SDLK_RIGHT); /* the cursor appears on the hero whose turn it is */
    frame("cursor-1");
    key(SDLK_RIGHT);
    frame("cursor-2");
    key(SDLK_DOWN);
    frame("cursor-3");
    key(SDLK_DOWN);
    frame("cursor-4");
    frame("cursor-4-again");
    expect("Cellar stairs. Barbarian: your hero, body 8 of 8|Cellar stairs. Dwarf: your hero, body 7 of 7|"
           "Cellar stairs. Wizard: your hero, body 4 of 4|Cellar stairs|");
    key(SDLK_RETURN); /* the Barbarian walks there: the cursor's square has him now */
    for (int i = 0; i < 10; i++)
        screens_update(&app, 0.05);
    frame("moved");
    expect("Cellar stairs. Barbarian: your hero, body 8 of 8|");
    /* the in-game menu over the game: its items, not the board's square */
    key(SDLK_ESCAPE); /* the cursor goes */
    key(SDLK_ESCAPE); /* the menu opens */
    frame("menu");
    key(SDLK_DOWN);
    frame("menu-2");
    expect("Resume|Save|");
    narrate_destroy(app.narrator);
    app.narrator = NULL;
}

int main(void)
{
    if (!getenv("QUESTBOARD_DATA") || !getenv("TEST_DATA"))
        return 2;
    shots = getenv("QB_NARRATE_SHOTS");
    SDL_Init(SDL_INIT_VIDEO);
    TTF_Init();
    IMG_Init(IMG_INIT_PNG);
    snprintf(tmpdir, sizeof tmpdir, "/tmp/qb-narrate-XXXXXX");
    if (!mkdtemp(tmpdir))
        return 2;
    setenv("XDG_DATA_HOME", tmpdir, 1);
    setenv("SPEECHD_ADDRESS", "unix_socket:/nonexistent/questboard-test/speechd.sock", 1);
    snprintf(app.pref, sizeof app.pref, "%s/", tmpdir);
    snprintf(app.saves, sizeof app.saves, "%s/saves", tmpdir);
    opts.limits.max_side = 16384, opts.limits.max_squares = 67108864;
    app.opts = &opts;
    app.settings = settings_create(app.pref);
    settings_set_anim_speed(app.settings, SETTINGS_ANIM_INSTANT);
    settings_set_ask_end_turn(app.settings, false);
    app.running = true;
    snprintf(config, sizeof config, "1280x800@1.0");
    open_window(1280, 800, 1.0);
    if (app.ui) {
        /* the library not installed: loaded only now, so the game
         * started without it and says what to install */
        setenv("QUESTBOARD_SPEECHD_LIBRARY", "/nonexistent/questboard-test/libspeechd.so.2", 1);
        check_no_service("Narration is off: speech-dispatcher's library "
                         "/nonexistent/questboard-test/libspeechd.so.2 is not installed",
                         "Narration is off: speech-dispatcher's library");
        unsetenv("QUESTBOARD_SPEECHD_LIBRARY");
        /* the library there, the service not */
        check_no_service("Narration is off: speech-dispatcher does not answer",
                         "Narration is off: speech-dispatcher does not answer");
        check_spoken();
    }
    close_window();
    settings_destroy(app.settings);
    layoutprobe_free(&probe);
    char cmd[256];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmpdir);
    if (system(cmd) != 0)
        fprintf(stderr, "could not remove %s\n", tmpdir);
    IMG_Quit();
    TTF_Quit();
    SDL_Quit();
    return check_finish("narrate");
}
