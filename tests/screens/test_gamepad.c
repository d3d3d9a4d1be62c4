/* A whole mission played with a game controller alone (issue 27,
 * Access), headless: the window's screens get only
 * SDL_CONTROLLERBUTTONDOWN/UP and SDL_CONTROLLERAXISMOTION events, as SDL
 * delivers them from a pad, and the play screen's turns are chosen by
 * test_play's keyboard player (tests/app/kbplayer.h), each of its keys
 * pressed as the controller presses it: the D-pad and the left stick
 * move the cursor, A selects, B goes back (closing the in-game menu that
 * B opens when there is nothing to go back from), X rolls, Y attacks, RB
 * ends the turn, and the commands with no button of their own (open the
 * door, search for treasure) are pressed in the command bar: Back moves
 * the cursor keys into it, the D-pad picks the button, A presses it, B
 * leaves it; the Wizard casts through the bar and his spell list. The game must reach its end, with doors opened and rooms
 * searched through the bar. The bar's focus and the help panel's
 * controller page are drawn with the layout probe. QB_GAMEPAD_SHOTS=DIR
 * keeps the frames; screens_gamepad_de is the same in German (layout). */
#define _XOPEN_SOURCE 700 /* mkdtemp */
#include "screen_harness.h"

#include "app/lang.h"
#include "app/play/play.h"
#include "app/screens/gamescreen.h"
#include "app/screens/title.h"
#include "core/i18n.h"
#include "gfx/hud/hud.h"
#include "rules/game.h"

#include <SDL_ttf.h>
#include <stdlib.h>

static int bar_presses[HUD_CMD_COUNT];

static const char *top_name(void)
{
    const Screen *s = screens_top(&app);
    return s && s->ops ? s->ops->name : "";
}

static void button(SDL_GameControllerButton b)
{
    SDL_Event ev = {0};
    ev.type = SDL_CONTROLLERBUTTONDOWN;
    ev.cbutton.button = (Uint8)b;
    ev.cbutton.state = SDL_PRESSED;
    screens_dispatch(&app, &ev);
    ev.type = SDL_CONTROLLERBUTTONUP;
    ev.cbutton.state = SDL_RELEASED;
    screens_dispatch(&app, &ev);
}

/* The left stick pushed to one side and let go. */
static void stick(SDL_GameControllerAxis axis, Sint16 value)
{
    SDL_Event ev = {0};
    ev.type = SDL_CONTROLLERAXISMOTION;
    ev.caxis.axis = (Uint8)axis;
    ev.caxis.value = value;
    screens_dispatch(&app, &ev);
    ev.caxis.value = 0;
    screens_dispatch(&app, &ev);
}

static void pad_settle(Play *p)
{
    (void)p;
    for (int i = 0; i < 400 && screens_update(&app, 0.05); i++)
        ;
}

/* Presses cmd in the command bar: Back, the D-pad to it, A, B. */
static void bar(Play *p, HudCommand cmd)
{
    button(SDL_CONTROLLER_BUTTON_BACK);
    CHECK_INT(play_bar_focus(p), HUD_CMD_ROLL);
    for (int i = 0; i < (int)cmd; i++)
        button(SDL_CONTROLLER_BUTTON_DPAD_RIGHT);
    CHECK_INT(play_bar_focus(p), cmd);
    button(SDL_CONTROLLER_BUTTON_A);
    pad_settle(p);
    button(SDL_CONTROLLER_BUTTON_B);
    CHECK_INT(play_bar_focus(p), -1);
    bar_presses[cmd]++;
}

/* The key the keyboard player chose, pressed on the controller. */
static void pad_key(Play *p, SDL_Keycode sym)
{
    switch (sym) {
    case SDLK_ESCAPE:
        button(SDL_CONTROLLER_BUTTON_B);
        if (strcmp(top_name(), "pause") == 0) /* nothing to drop: B opened the menu */
            button(SDL_CONTROLLER_BUTTON_B);
        CHECK(strcmp(top_name(), "game") == 0);
        break;
    case SDLK_RETURN: button(SDL_CONTROLLER_BUTTON_A); break;
    case SDLK_LEFT: stick(SDL_CONTROLLER_AXIS_LEFTX, -30000); break;
    case SDLK_RIGHT: stick(SDL_CONTROLLER_AXIS_LEFTX, 30000); break;
    case SDLK_UP: button(SDL_CONTROLLER_BUTTON_DPAD_UP); break;
    case SDLK_DOWN: button(SDL_CONTROLLER_BUTTON_DPAD_DOWN); break;
    case SDLK_r: button(SDL_CONTROLLER_BUTTON_X); break;
    case SDLK_f: button(SDL_CONTROLLER_BUTTON_Y); break;
    case SDLK_e: button(SDL_CONTROLLER_BUTTON_RIGHTSHOULDER); break;
    case SDLK_o: bar(p, HUD_CMD_OPEN); break;
    case SDLK_t: bar(p, HUD_CMD_SEARCH_TREASURE); break;
    default:
        fprintf(stderr, "the keyboard player pressed %s, which has no controller press here\n",
                SDL_GetKeyName(sym));
        CHECK(false);
    }
}

#define KB_KEY pad_key
#define KB_SETTLE pad_settle
#include "kbplayer.h"

static Screen *start(const char *mission, uint64_t seed)
{
    char path[4096], err[4096];
    snprintf(path, sizeof path, "%s/%s", getenv("QUESTBOARD_DATA"), mission);
    Screen *g = gamescreen_create(&app, path, NULL, seed, err, sizeof err);
    CHECK(g != NULL);
    if (!g) {
        fprintf(stderr, "%s\n", err);
        return NULL;
    }
    screens_reset(&app, title_create(&app));
    screens_push(&app, g);
    pad_settle(NULL);
    frame("start"); /* a window draws before the first input: the layout */
    return g;
}

/* The mission's objectives: by the controller Objectives in the bar
 * (Back, the D-pad, A), B leaving the bar and B again closing them; by
 * the keyboard J, and B moving its cursor keys into the bar too. */
static void check_objectives(Play *p)
{
    HudModel hm;
    button(SDL_CONTROLLER_BUTTON_BACK);
    for (int i = 0; i < HUD_CMD_OBJECTIVES; i++)
        button(SDL_CONTROLLER_BUTTON_DPAD_RIGHT);
    button(SDL_CONTROLLER_BUTTON_A);
    pad_settle(p);
    play_hud_model(p, &hm);
    CHECK(hm.show_objectives && hm.has_focus && hm.focus == HUD_CMD_OBJECTIVES);
    frame("objectives");
    /* the briefing wraps to the panel as drawn (800 wide: narrower than
     * its 30 lines), so no line of it is cut */
    CHECK(said("[ ] Return to the cellar stairs and leave the dungeon"));
    CHECK(unsaid("..."));
    button(SDL_CONTROLLER_BUTTON_B); /* leaves the bar, the objectives stay */
    play_hud_model(p, &hm);
    CHECK(hm.show_objectives && !hm.has_focus);
    button(SDL_CONTROLLER_BUTTON_B);
    play_hud_model(p, &hm);
    CHECK(!hm.show_objectives);
    CHECK(strcmp(top_name(), "game") == 0);
    key(SDLK_j);
    play_hud_model(p, &hm);
    CHECK(hm.show_objectives);
    key(SDLK_j);
    play_hud_model(p, &hm);
    CHECK(!hm.show_objectives);
    key(SDLK_b);
    CHECK_INT(play_bar_focus(p), HUD_CMD_ROLL);
    key(SDLK_RIGHT);
    CHECK_INT(play_bar_focus(p), HUD_CMD_ATTACK);
    key(SDLK_b);
    CHECK_INT(play_bar_focus(p), -1);
}

/* The bar's focus drawn, a command without a button pressed in it (a
 * refusal says why), and the help panel's controller page (Guide). */
static void check_bar_and_help(void)
{
    Screen *g = start("missions/first-light/mission.xml", 3);
    if (!g)
        return;
    Play *p = gamescreen_play(g);
    button(SDL_CONTROLLER_BUTTON_BACK);
    char said_roll[256];
    CHECK(play_pointed_words(p, said_roll, sizeof said_roll));
    CHECK(harness_translated || strcmp(said_roll, "Roll") == 0);
    button(SDL_CONTROLLER_BUTTON_DPAD_LEFT); /* wraps round to the last */
    CHECK_INT(play_bar_focus(p), HUD_CMD_COUNT - 1);
    for (int i = 0; i < HUD_CMD_COUNT - 1 - HUD_CMD_DISARM; i++)
        stick(SDL_CONTROLLER_AXIS_LEFTX, -30000);
    CHECK_INT(play_bar_focus(p), HUD_CMD_DISARM);
    button(SDL_CONTROLLER_BUTTON_A);
    pad_settle(p);
    HudModel hm;
    play_hud_model(p, &hm);
    CHECK(hm.has_focus && hm.focus == HUD_CMD_DISARM);
    CHECK(hm.notice && hm.notice[0]); /* nothing to disarm: the reason */
    /* the buttons name the controller's buttons, not the keys */
    CHECK(strcmp(hm.keys[HUD_CMD_ROLL], "X") == 0 && strcmp(hm.keys[HUD_CMD_END], "RB") == 0);
    CHECK(strcmp(hm.keys[HUD_CMD_OPEN], "") == 0);
    frame("command bar");
    char words[256]; /* what narration says of the focus */
    CHECK(play_pointed_words(p, words, sizeof words));
    CHECK(harness_translated || strcmp(words, "Disarm, not possible now") == 0);
    button(SDL_CONTROLLER_BUTTON_B);
    CHECK_INT(play_bar_focus(p), -1);
    CHECK(strcmp(top_name(), "game") == 0);
    button(SDL_CONTROLLER_BUTTON_GUIDE);
    pad_settle(p);
    play_hud_model(p, &hm);
    CHECK(hm.show_help && hm.help_title && strcmp(hm.help_title, "Controller") == 0);
    frame("controller help");
    CHECK(said("Command bar"));
    button(SDL_CONTROLLER_BUTTON_B);
    check_objectives(p);
    screens_reset(&app, title_create(&app));
}

/* first-light: RB ends turns up to the Wizard's; in the bar Cast opens
 * his spell list, the D-pad goes down it to Swift Wind, A chooses it and
 * A casts it on the first shaded target (the cursor starts there), as
 * test_play's check_cast does by keys. */
static void check_cast(void)
{
    Screen *s = start("missions/first-light/mission.xml", 3);
    if (!s)
        return;
    Play *p = gamescreen_play(s);
    const Game *g = play_game(p);
    for (int i = 0; i < 12 && game_current(g) != 3; i++) {
        button(SDL_CONTROLLER_BUTTON_RIGHTSHOULDER);
        pad_settle(p);
    }
    CHECK_INT(game_current(g), 3);
    int swift = -1;
    for (size_t i = 0; i < game_spell_count(g); i++)
        if (strcmp(game_spell(g, (int)i)->id, "swift_wind") == 0)
            swift = (int)i;
    CHECK(swift >= 0);
    size_t actions = game_log_count(g);
    button(SDL_CONTROLLER_BUTTON_BACK);
    for (int i = 0; i < HUD_CMD_CAST; i++)
        button(SDL_CONTROLLER_BUTTON_DPAD_RIGHT);
    button(SDL_CONTROLLER_BUTTON_A);
    HudModel hm;
    play_hud_model(p, &hm);
    CHECK(hm.spell_menu != NULL);
    if (!hm.spell_menu)
        return;
    frame("spell list");
    CHECK(said("D-pad and A: choose    B: cancel")); /* not the keys */
    /* the spell's words in the player's language (assets/pieces.xml's
     * through the catalogue) */
    CHECK(layoutprobe_find(&probe, harness_translated ? "Ein Dschinn greift" : "A genie attacks") != NULL);
    for (int i = 0; i < hm.spell_menu->count && hm.spell_menu->spells[hm.spell_menu->hover] != swift; i++)
        button(SDL_CONTROLLER_BUTTON_DPAD_DOWN);
    CHECK_INT(hm.spell_menu->spells[hm.spell_menu->hover], swift);
    button(SDL_CONTROLLER_BUTTON_A); /* chooses it: the targets are shaded */
    play_hud_model(p, &hm);
    CHECK(hm.notice && strstr(hm.notice, "(B ") != NULL); /* B gives it up, not Esc */
    button(SDL_CONTROLLER_BUTTON_A); /* casts on the first */
    pad_settle(p);
    CHECK_INT((int)game_log_count(g), (int)actions + 1);
    const Action *cast = game_log_at(g, game_log_count(g) - 1);
    CHECK_INT(cast->kind, ACTION_CAST);
    CHECK_INT(cast->spell, swift);
    CHECK_INT(play_bar_focus(p), HUD_CMD_CAST); /* back in the bar once cast */
    button(SDL_CONTROLLER_BUTTON_B);
    CHECK_INT(play_bar_focus(p), -1);
    screens_reset(&app, title_create(&app));
}

/* test_play's first whole mission, by the controller. */
static void check_whole_mission(const char *mission, uint64_t seed)
{
    Screen *g = start(mission, seed);
    if (!g)
        return;
    Play *p = gamescreen_play(g);
    const Game *g_ = play_game(p);
    kb_grid = board_grid(game_mission(g_)->board);
    BoardPos *reach = malloc(4096 * sizeof *reach);
    int turns = 0;
    while (game_status(g_) == GAME_STATUS_PLAYING && game_turn(g_) <= 80 && turns++ < 2000)
        keyboard_turn(p, reach);
    int kinds[ACTION_KIND_COUNT] = {0};
    for (size_t i = 0; i < game_log_count(g_); i++)
        kinds[game_log_at(g_, i)->kind]++;
    fprintf(stderr, "by controller %s: %s at turn %d, %zu actions (%d moves, %d attacks, %d opens, "
                    "%d searches; %d bar presses)\n",
            mission, game_status_name(game_status(g_)), game_turn(g_), game_log_count(g_),
            kinds[ACTION_MOVE], kinds[ACTION_ATTACK], kinds[ACTION_OPEN], kinds[ACTION_SEARCH_TREASURE],
            bar_presses[HUD_CMD_OPEN] + bar_presses[HUD_CMD_SEARCH_TREASURE]);
    CHECK(game_status(g_) != GAME_STATUS_PLAYING);
    CHECK(game_log_count(g_) > 50);
    CHECK(kinds[ACTION_MOVE] > 0 && kinds[ACTION_ATTACK] > 0);
    /* the commands without a button of their own did happen, by the bar */
    CHECK(kinds[ACTION_OPEN] > 0 && kinds[ACTION_SEARCH_TREASURE] > 0);
    frame("whole mission end");
    CHECK(said("D-pad and A choose"));
    kb_grid = NULL;
    free(reach);
    screens_reset(&app, title_create(&app));
}

int main(void)
{
    if (!getenv("QUESTBOARD_DATA") || !getenv("TEST_DATA"))
        return 2;
    shots = getenv("QB_GAMEPAD_SHOTS");
    lang_init(LANG_SYSTEM); /* screens_gamepad_de: LANGUAGE=de */
    harness_translated = strcmp(i18n_language(), "en") != 0;
    SDL_Init(SDL_INIT_VIDEO);
    TTF_Init();
    IMG_Init(IMG_INIT_PNG);
    snprintf(tmpdir, sizeof tmpdir, "/tmp/qb-gamepad-XXXXXX");
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
    app.running = true;
    snprintf(config, sizeof config, "800x600@1.0");
    open_window(800, 600, 1.0);
    if (app.ui) {
        check_bar_and_help();
        check_cast();
        check_whole_mission("missions/bone-orchard/mission.xml", 9);
    }
    close_window();
    settings_destroy(app.settings);
    layoutprobe_free(&probe);
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmpdir);
    if (system(cmd) != 0)
        fprintf(stderr, "could not remove %s\n", tmpdir);
    IMG_Quit();
    TTF_Quit();
    SDL_Quit();
    return check_finish("gamepad");
}
