/* The monster side in New game (issue 22, hotseat), headless with the
 * layout probe: the briefing's heroes page has a row for the monsters,
 * the computer by default, Left/Right (or Return) giving it to Player 1-4
 * and back; the game started from it has a monster player held at this
 * window (its save says so, and its slot header names the player), while
 * the default stays the classic game the computer plays. In that game the
 * last hero's end brings the hand-over screen, even with the hand_over
 * setting off, before the monster side's board shows; its key hands over
 * and the monster player's End turn hands back to the heroes behind a
 * hand-over again. QB_MONSTERSEAT_SHOTS=DIR keeps the frames. */
#define _XOPEN_SOURCE 700 /* mkdtemp */
#include "screen_harness.h"

#include "app/paths.h"
#include "app/play/play.h"
#include "app/screens/briefing.h"
#include "app/screens/gamescreen.h"
#include "app/screens/title.h"
#include "app/slots.h"
#include "match/match.h"

#include <SDL_ttf.h>
#include <stdlib.h>

static const char *top_name(void)
{
    const Screen *s = screens_top(&app);
    return s && s->ops ? s->ops->name : "";
}

/* Saves the game on top into slot file; its header and body. */
static void save_top(const char *file, SlotHeader *h, char **body)
{
    Screen *s = screens_top(&app);
    char err[512];
    size_t size = 0;
    CHECK(s && s->game && s->game->save(s, &app, file, "Test", err, sizeof err));
    CHECK(slots_read(app.saves, file, h, body, &size, err, sizeof err));
}

/* Plays frames until the screen on top is named name (or a bound). */
static bool until_top(const char *name)
{
    for (int i = 0; i < 400 && strcmp(top_name(), name) != 0; i++)
        screens_update(&app, 0.05);
    return strcmp(top_name(), name) == 0;
}

static void check_briefing(void)
{
    char path[4096];
    paths_default_mission(path, sizeof path);
    screens_reset(&app, title_create(&app));
    char err[1024];
    screens_push(&app, briefing_create(&app, path, err, sizeof err));
    key(SDLK_RETURN); /* the heroes */
    frame("heroes");
    CHECK(said("The monsters"));
    CHECK(said("the computer"));
    /* the default: a classic game the computer's monsters play */
    key(SDLK_RETURN); /* "Start the quest" is selected */
    CHECK(strcmp(top_name(), "game") == 0);
    SlotHeader h;
    char *body = NULL;
    save_top("classic.qbsave", &h, &body);
    CHECK_INT(h.monsters, 0);
    CHECK(body && !strstr(body, "\nmonsters player\n"));
    free(body);

    screens_push(&app, briefing_create(&app, path, err, sizeof err));
    key(SDLK_RETURN);
    key(SDLK_UP); /* the monsters' row */
    key(SDLK_RIGHT);
    frame("monsters-player1");
    CHECK(said("Player 1  >"));
    CHECK(said("sees the whole board"));
    key(SDLK_RIGHT);
    key(SDLK_LEFT);
    key(SDLK_LEFT);
    frame("monsters-computer");
    CHECK(said("the computer"));
    key(SDLK_LEFT); /* round the other way: Player 4 */
    frame("monsters-player4");
    CHECK(said("Player 4  >"));
    key(SDLK_RETURN); /* Return on the row: round again */
    key(SDLK_RETURN);
    key(SDLK_RETURN);
    frame("monsters-player2");
    CHECK(said("Player 2  >"));
    key(SDLK_DOWN); /* Start */
    key(SDLK_RETURN);
    CHECK(strcmp(top_name(), "game") == 0);
    save_top("monsters.qbsave", &h, &body);
    CHECK_INT(h.monsters, 2);
    CHECK(body && strstr(body, "\nmonsters player\n"));
    free(body);

    /* the heroes end their turns: the monsters' turn is handed over */
    Play *play = gamescreen_play(screens_top(&app));
    const Game *g = play_game(play);
    for (int i = 0; i < 8 && !game_monsters_turn(g); i++) {
        until_top("game");
        key(SDLK_e);
    }
    CHECK(game_monsters_turn(g));
    CHECK(until_top("handover"));
    frame("handover-monsters");
    CHECK(said("Pass to Player 2"));
    CHECK(said("the monsters' turn"));
    CHECK(!play_monsters_at_keyboard(play)); /* the heroes' board under it */
    key(SDLK_e); /* hands over, and only that */
    CHECK(strcmp(top_name(), "game") == 0);
    screens_update(&app, 0.05); /* the frame after: the monster side's board */
    CHECK(game_monsters_turn(g));
    CHECK(play_monsters_at_keyboard(play));
    frame("monster-turn");
    CHECK(said("The monsters"));
    key(SDLK_e); /* the monster player ends the turn */
    CHECK(until_top("handover"));
    CHECK(!game_monsters_turn(g));
    frame("handover-heroes");
    CHECK(said("Pass to Player 1"));
    CHECK(play_monsters_at_keyboard(play) == false);
    key(SDLK_SPACE);
    screens_update(&app, 0.05);
    CHECK(!play_monsters_at_keyboard(play));
    CHECK(!play_hand_over_due(play));
    CHECK(strcmp(top_name(), "game") == 0);
}

int main(void)
{
    if (!getenv("QUESTBOARD_DATA") || !getenv("TEST_DATA"))
        return 2;
    shots = getenv("QB_MONSTERSEAT_SHOTS");
    SDL_Init(SDL_INIT_VIDEO);
    TTF_Init();
    IMG_Init(IMG_INIT_PNG);
    snprintf(tmpdir, sizeof tmpdir, "/tmp/qb-monsterseat-XXXXXX");
    if (!mkdtemp(tmpdir))
        return 2;
    setenv("XDG_DATA_HOME", tmpdir, 1);
    snprintf(app.pref, sizeof app.pref, "%s/", tmpdir);
    snprintf(app.saves, sizeof app.saves, "%s/saves", tmpdir);
    opts.limits.max_side = 16384, opts.limits.max_squares = 67108864;
    app.opts = &opts;
    app.settings = settings_create(app.pref);
    settings_set_anim_speed(app.settings, SETTINGS_ANIM_INSTANT);
    settings_set_ask_end_turn(app.settings, false);
    char cmd[8400];
    snprintf(cmd, sizeof cmd, "mkdir -p '%s'", app.saves);
    CHECK(system(cmd) == 0);
    static const int sizes[][2] = {{800, 600}, {1920, 1080}};
    static const double scales[] = {1.0, 2.0};
    app.running = true;
    for (size_t s = 0; s < 2; s++) {
        snprintf(config, sizeof config, "%dx%d@%.1f", sizes[s][0], sizes[s][1], scales[s]);
        open_window(sizes[s][0], sizes[s][1], scales[s]);
        if (app.ui)
            check_briefing();
        close_window();
    }
    settings_destroy(app.settings);
    layoutprobe_free(&probe);
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmpdir);
    if (system(cmd) != 0)
        fprintf(stderr, "could not remove %s\n", tmpdir);
    IMG_Quit();
    TTF_Quit();
    SDL_Quit();
    return check_finish("monsterseat");
}
