/* The play screen's feel and the bugs a player met (issue 17), headless
 * like test_play: what the HUD shows while events play (health bars when
 * the blow lands, whose turn it is during the monsters' phase), the dice
 * tray going away, the keyboard cursor after a turn change, the summary's
 * figures. */
#include "play_util.h"

#include "gfx/hud/hud.h"

#include <SDL_ttf.h>
#include <string.h>

static char catalogue[4096];
static const char *root, *data;

static Play *start(Mission **m, const char *folder, const char *name, uint64_t seed, double anim)
{
    *m = load_mission(catalogue, folder, name);
    if (!*m)
        return NULL;
    PlayOptions po = {.anim_factor = anim};
    Play *p = play_create(*m, NULL, seed, &po, W, H);
    draw(p);
    return p;
}

static void finish(Play *p, Mission *m)
{
    play_destroy(p);
    mission_destroy(m);
}

static HudModel model(Play *p)
{
    HudModel hm;
    play_hud_model(p, &hm);
    return hm;
}

/* Bug 3: the goblin's body drops when the dice have landed, not when the
 * attack begins (the game is already past it). */
static void check_blow_lands(void)
{
    int seen = 0;
    for (uint64_t seed = 1; seed < 30 && !seen; seed++) {
        Mission *m;
        Play *p = start(&m, data, "gfx/fight.xml", seed, 1.0);
        if (!p)
            return;
        const Game *g = play_game(p);
        int before = game_piece(g, 1)->body;
        key(p, SDLK_f);
        if (game_piece(g, 1)->body < before) {
            seen = 1;
            play_update(p, 0.01); /* the first die is landing */
            HudModel hm = model(p);
            CHECK_INT(hud_body(&hm, 1), before);
            CHECK(hm.dice.shown < hm.dice.count + hm.dice.count2);
            play_update(p, 0.6); /* all dice down */
            hm = model(p);
            CHECK_INT(hud_body(&hm, 1), game_piece(g, 1)->body);
        }
        finish(p, m);
    }
    CHECK(seen);
}

/* Bug 2: while the monsters' phase plays, the game is already at the
 * next hero's turn, the screen is not. */
static void check_monsters_turn_shown(void)
{
    Mission *m;
    Play *p = start(&m, data, "gfx/fight.xml", 4, 1.0);
    if (!p)
        return;
    const Game *g = play_game(p);
    CHECK_INT(play_shown_current(p), 0);
    key(p, SDLK_e);
    play_update(p, 0.15);
    CHECK_INT(game_current(g), 0);
    CHECK_INT(play_shown_current(p), -1);
    CHECK_INT(model(p).current, -1);
    settle(p);
    CHECK_INT(play_shown_current(p), 0);
    finish(p, m);
}

/* Bug 7: the dice tray goes away: after a few idle seconds, on the next
 * action, or on a right click. */
static void check_dice_go(void)
{
    Mission *m;
    Play *p = start(&m, data, "gfx/doors.xml", 7, 1.0);
    if (!p)
        return;
    key(p, SDLK_r);
    settle(p);
    CHECK(model(p).dice.kind != HUD_DICE_NONE);
    play_update(p, 2.0);
    CHECK(model(p).dice.kind != HUD_DICE_NONE);
    for (int i = 0; i < 4; i++)
        play_update(p, 1.0);
    CHECK_INT(model(p).dice.kind, HUD_DICE_NONE);
    CHECK(!play_animating(p));
    /* next turn: a roll, then a right click closes the tray */
    key(p, SDLK_e);
    settle(p);
    key(p, SDLK_r);
    settle(p);
    CHECK(model(p).dice.kind != HUD_DICE_NONE);
    SDL_Event ev = {0};
    ev.type = SDL_MOUSEBUTTONDOWN;
    ev.button.button = SDL_BUTTON_RIGHT;
    ev.button.x = 10, ev.button.y = 10;
    play_handle_event(p, &ev);
    ev.type = SDL_MOUSEBUTTONUP;
    play_handle_event(p, &ev);
    CHECK_INT(model(p).dice.kind, HUD_DICE_NONE);
    /* and the next action takes them away */
    key(p, SDLK_e);
    settle(p);
    key(p, SDLK_r);
    settle(p);
    CHECK(model(p).dice.kind != HUD_DICE_NONE);
    key(p, SDLK_y); /* search for traps */
    play_update(p, 0.01);
    CHECK(model(p).dice.kind == HUD_DICE_NONE || strstr(model(p).dice.caption, "rolls") == NULL);
    finish(p, m);
}

/* Bug 13: the keyboard cursor left on the Dwarf during the Barbarian's
 * turn does not make the panel describe the Dwarf during the Elf's. */
static void check_cursor_after_turn(void)
{
    Mission *m;
    Play *p = start(&m, root, "missions/first-light/mission.xml", 3, 0);
    if (!p)
        return;
    const Game *g = play_game(p);
    BoardPos from = game_piece(g, 0)->pos, to = game_piece(g, 1)->pos;
    key(p, SDLK_RETURN); /* the cursor on the Barbarian */
    for (int x = from.x; x != to.x; x += to.x > x ? 1 : -1)
        key(p, to.x > x ? SDLK_RIGHT : SDLK_LEFT);
    for (int y = from.y; y != to.y; y += to.y > y ? 1 : -1)
        key(p, to.y > y ? SDLK_DOWN : SDLK_UP);
    CHECK_INT(model(p).info_piece, 1); /* the cursor points at the Dwarf */
    key(p, SDLK_e);
    settle(p);
    key(p, SDLK_e);
    settle(p);
    CHECK_INT(game_current(g), 2);
    CHECK_INT(model(p).info_piece, 2);
    finish(p, m);
}

/* Bug 11: the summary counts what happened: one kill, its rounds. */
static void check_summary(void)
{
    Mission *m;
    Play *p = start(&m, data, "gfx/fight.xml", 11, 0);
    if (!p)
        return;
    const Game *g = play_game(p);
    for (int round = 0; round < 30 && game_status(g) == GAME_STATUS_PLAYING; round++) {
        key(p, SDLK_f);
        settle(p);
        if (game_status(g) == GAME_STATUS_PLAYING) {
            key(p, SDLK_e);
            settle(p);
        }
    }
    CHECK_INT(game_status(g), GAME_STATUS_VICTORY);
    HudSummary s;
    play_summary(p, &s);
    CHECK_INT(s.kills, 1);
    CHECK_INT(s.turns, game_turn(g));
    CHECK_INT(s.hero_count, 1);
    CHECK_INT(s.heroes[0].kills, 1);
    CHECK(s.heroes[0].damage_dealt >= 1);
    CHECK_STR_CONTAINS(s.outcome, "victory");
    finish(p, m);
}

int main(void)
{
    root = getenv("QUESTBOARD_DATA"), data = getenv("TEST_DATA");
    if (!root || !data)
        return 2;
    SDL_Init(SDL_INIT_VIDEO);
    TTF_Init();
    IMG_Init(IMG_INIT_PNG);
    snprintf(catalogue, sizeof catalogue, "%s/assets/pieces.xml", root);
    CHECK(play_util_init(W, H, root, data));
    if (!renderer)
        return check_finish("play_feel");
    check_blow_lands();
    check_monsters_turn_shown();
    check_dice_go();
    check_cursor_after_turn();
    check_summary();
    play_util_finish();
    IMG_Quit();
    TTF_Quit();
    SDL_Quit();
    return check_finish("play_feel");
}
