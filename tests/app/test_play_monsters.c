/* The monster player at the window's keyboard (issue 22, hotseat),
 * headless: the play screen of a game whose monster side Player 2 took
 * (GameSetup.monster_player, play_set_monsters). On
 * tests/data/gfx/monsterseat.xml: the barbarian's end begins the
 * monsters' turn, which waits for its player (the computer does not play
 * it) behind a hand-over the window must ask for; handed over, the board
 * shows the orc no hero has seen, a click chooses the goblin, its squares
 * are shaded, a click walks it up to the barbarian and a click on him
 * attacks; what the rules refuse is refused with a word; End turn hands
 * back, and the heroes' board and log never show the orc (checked after
 * every frame while the heroes look), and they watch what it did in
 * sight; ending the turn with a monster idle asks first. Saves carry the seat: a save made
 * in the monsters' turn restores waiting for the player, or played by the
 * computer when nobody took the side; the autosave's header names the
 * monster player. */
#define _XOPEN_SOURCE 700 /* mkdtemp */
#include "play_util.h"

#include "app/msglog.h"
#include "app/slots.h"
#include "gfx/hud/hud.h"
#include "match/match.h"

#include <SDL_ttf.h>
#include <string.h>
#include <unistd.h>

static char tmpdir[64];

/* True when the scene draws no monster the heroes have not seen. */
static bool heroes_see_no_secret(Play *p)
{
    const Scene *s = play_scene(p);
    const Game *g = play_game(p);
    for (size_t i = 0; i < scene_piece_count(s); i++) {
        const ScenePiece *sp = scene_piece(s, i);
        const GamePiece *gp = game_piece(g, game_piece_at(g, sp->pos));
        if (sp->owner == SCENE_OWNER_MONSTER && (!gp || !gp->revealed))
            return false;
    }
    return true;
}

/* True when the scene draws a monster on pos. */
static bool monster_drawn_at(Play *p, BoardPos pos)
{
    const Scene *s = play_scene(p);
    for (size_t i = 0; i < scene_piece_count(s); i++)
        if (scene_piece(s, i)->owner == SCENE_OWNER_MONSTER &&
            grid_pos_equal(scene_piece(s, i)->pos, pos))
            return true;
    return false;
}

/* True when a line of the window's log names text. */
static bool log_says(Play *p, const char *text)
{
    const MsgLog *l = play_log(p);
    for (size_t i = 0; i < msglog_count(l); i++)
        if (strstr(msglog_line(l, i)->text, text))
            return true;
    return false;
}

/* Runs the animations out, checking every frame the heroes see. */
static void settle_heroes(Play *p)
{
    for (int n = 0; play_animating(p) && n < 10000; n++) {
        play_update(p, 0.05);
        draw(p);
        CHECK(heroes_see_no_secret(p));
    }
}

static Play *new_game(Mission *m, const char *saves)
{
    GameSetup setup = {.monster_player = true};
    PlayOptions po = {.anim_factor = 1.0, .save_dir = saves};
    Play *p = play_create(m, &setup, 7, &po, W, H);
    play_set_monsters(p, 2);
    draw(p);
    return p;
}

/* The heroes' turn, then the monster player's, then the heroes' again. */
static void check_turns(Mission *m, char **save_text, size_t *save_size)
{
    Play *p = new_game(m, tmpdir);
    const Game *g = play_game(p);
    CHECK_INT(play_monsters(p), 2);
    CHECK(!play_hand_over_due(p));
    CHECK(heroes_see_no_secret(p));
    CHECK(!monster_drawn_at(p, (BoardPos){2, 2}));
    CHECK(monster_drawn_at(p, (BoardPos){6, 0})); /* the goblin in sight */
    key(p, SDLK_e); /* the barbarian ends his turn: the monsters' begins */
    settle_heroes(p);
    CHECK(game_monsters_turn(g));
    /* it waits: no computer plays it, nothing moves while time passes */
    for (int i = 0; i < 20; i++)
        play_update(p, 0.1);
    CHECK(game_monsters_turn(g));
    CHECK(grid_pos_equal(game_piece(g, 1)->pos, ((BoardPos){6, 0})));
    /* not handed over yet: the heroes' board, and no monster answers */
    CHECK(play_hand_over_due(p));
    CHECK(!play_monsters_at_keyboard(p));
    draw(p);
    CHECK(heroes_see_no_secret(p));
    CHECK(!monster_drawn_at(p, (BoardPos){2, 2}));
    click_square(p, (BoardPos){6, 0});
    click_square(p, (BoardPos){2, 0});
    CHECK(grid_pos_equal(game_piece(g, 1)->pos, ((BoardPos){6, 0})));
    *save_text = match_save_text(play_match(p), save_size);
    keep(p, "monsters-waiting");

    /* handed over: the monster side's whole board */
    CHECK(play_hand_over(p));
    CHECK(play_monsters_at_keyboard(p));
    CHECK(!play_hand_over_due(p));
    draw(p);
    CHECK(monster_drawn_at(p, (BoardPos){2, 2}));
    CHECK(game_monster_may_act(g, play_selected(p))); /* a monster is chosen */
    /* ending it with the goblin still to move asks first (the setting) */
    play_set_ask_end_turn(p, true);
    key(p, SDLK_e);
    HudModel asked;
    play_hud_model(p, &asked);
    CHECK(asked.question != NULL);
    if (asked.question)
        CHECK_STR_CONTAINS(asked.question->text, "Goblin can still move");
    key(p, SDLK_ESCAPE); /* go on playing */
    CHECK(game_monsters_turn(g));
    play_set_ask_end_turn(p, false);
    /* the orc: no hero has seen it, so it does not act (its card shows) */
    click_square(p, (BoardPos){2, 2});
    CHECK_INT(play_selected(p), 2);
    HudModel hm;
    play_hud_model(p, &hm);
    CHECK_STR_CONTAINS(hm.notice, "does not act");
    click_square(p, (BoardPos){3, 3});
    settle(p);
    CHECK(grid_pos_equal(game_piece(g, 2)->pos, ((BoardPos){2, 2})));
    play_hud_model(p, &hm);
    CHECK_STR_CONTAINS(hm.notice, "Choose a monster");
    /* the goblin: too far (10 squares), then its squares shaded and a
     * click walks it up */
    click_square(p, (BoardPos){6, 0});
    click_square(p, (BoardPos){3, 4});
    settle(p);
    CHECK(grid_pos_equal(game_piece(g, 1)->pos, ((BoardPos){6, 0})));
    play_hud_model(p, &hm);
    CHECK(hm.notice[0] != '\0');
    click_square(p, (BoardPos){2, 2});
    Rgb plain = square_pixel(p, (BoardPos){2, 0}, 0, 0); /* not the orc's to reach */
    click_square(p, (BoardPos){6, 0});
    CHECK_INT(play_selected(p), 1);
    Rgb shaded = square_pixel(p, (BoardPos){2, 0}, 0, 0);
    CHECK(abs(plain.r - shaded.r) + abs(plain.g - shaded.g) + abs(plain.b - shaded.b) > 20);
    keep(p, "monsters-reach");
    click_square(p, (BoardPos){1, 0});
    settle(p);
    CHECK(grid_pos_equal(game_piece(g, 1)->pos, ((BoardPos){1, 0})));
    /* the attack: a click on the barbarian next to it */
    size_t logged = game_log_count(g);
    click_square(p, (BoardPos){0, 0});
    settle(p);
    CHECK_INT(game_log_count(g), logged + 1);
    CHECK_INT(game_log_at(g, logged)->kind, ACTION_ATTACK);
    CHECK_INT(game_log_at(g, logged)->piece, 1);
    CHECK(!game_monster_may_act(g, 1)); /* one attack: done this turn */
    click_square(p, (BoardPos){0, 0});
    settle(p);
    CHECK_INT(game_log_count(g), logged + 1);
    keep(p, "monsters-attacked");
    /* End turn hands back */
    key(p, SDLK_e);
    settle(p);
    CHECK(!game_monsters_turn(g));
    CHECK_INT(game_current(g), 0);
    CHECK_INT(game_turn(g), 2);
    CHECK(play_hand_over_due(p));
    CHECK(!play_hand_over(p));
    CHECK(!play_hand_over_due(p));
    /* the heroes watch the turn from where they last saw the pieces */
    draw(p);
    CHECK(play_animating(p));
    CHECK(heroes_see_no_secret(p));
    CHECK(!monster_drawn_at(p, (BoardPos){2, 2}));
    CHECK(!monster_drawn_at(p, (BoardPos){1, 0})); /* on its way there */
    keep(p, "heroes-watch");
    settle_heroes(p);
    CHECK(!play_hand_over_due(p));
    CHECK(monster_drawn_at(p, (BoardPos){1, 0}));
    /* the heroes read of the goblin's blow once, nothing of the orc */
    int blows = 0;
    for (size_t i = 0; i < msglog_count(play_log(p)); i++)
        blows += strstr(msglog_line(play_log(p), i)->text, "Goblin attacks") != NULL;
    CHECK_INT(blows, 1);
    CHECK(!log_says(p, "Orc"));
    keep(p, "heroes-again");
    /* the heroes' keys work again: he rolls */
    key(p, SDLK_r);
    settle_heroes(p);
    CHECK(game_has_rolled(g));
    /* the round's autosave names the monster player */
    SlotHeader h;
    char *body = NULL, err[512];
    size_t size = 0;
    CHECK(slots_read(tmpdir, SLOTS_AUTOSAVE_FILE, &h, &body, &size, err, sizeof err));
    CHECK_INT(h.monsters, 2);
    free(body);
    play_destroy(p);
}

/* A save made in the monsters' turn: with its player back it waits for
 * him; with nobody on that side the computer plays it. */
static void check_restore(Mission *m, const char *text, size_t size)
{
    PlayOptions po = {.anim_factor = 0};
    char err[512];
    Play *p = play_create_from_save(m, text, size, &po, W, H, err, sizeof err);
    CHECK(p != NULL);
    if (!p)
        return;
    play_set_monsters(p, 2);
    for (int i = 0; i < 10; i++)
        play_update(p, 0.1);
    CHECK(game_monsters_turn(play_game(p)));
    CHECK(play_hand_over_due(p));
    draw(p);
    CHECK(heroes_see_no_secret(p));
    CHECK(play_hand_over(p));
    play_destroy(p);

    p = play_create_from_save(m, text, size, &po, W, H, err, sizeof err);
    CHECK(p != NULL);
    if (!p)
        return;
    settle(p);
    play_update(p, 0.1);
    settle(p);
    CHECK(!game_monsters_turn(play_game(p)));
    CHECK_INT(game_turn(play_game(p)), 2);
    CHECK(!play_hand_over_due(p));
    play_destroy(p);
}

int main(void)
{
    const char *root = getenv("QUESTBOARD_DATA"), *data = getenv("TEST_DATA");
    if (!root || !data)
        return 2;
    SDL_Init(SDL_INIT_VIDEO);
    TTF_Init();
    IMG_Init(IMG_INIT_PNG);
    snprintf(tmpdir, sizeof tmpdir, "/tmp/qb-monsters-XXXXXX");
    CHECK(mkdtemp(tmpdir) != NULL);
    char catalogue[4096], folder[1024];
    snprintf(catalogue, sizeof catalogue, "%s/assets/pieces.xml", root);
    snprintf(folder, sizeof folder, "%s/gfx", data);
    CHECK(play_util_init(W, H, root, data));
    Mission *m = load_mission(catalogue, folder, "monsterseat.xml");
    char *text = NULL;
    size_t size = 0;
    if (m && renderer)
        check_turns(m, &text, &size);
    if (text)
        check_restore(m, text, size);
    free(text);
    mission_destroy(m);
    char path[4200];
    snprintf(path, sizeof path, "%s/%s", tmpdir, SLOTS_AUTOSAVE_FILE);
    remove(path);
    rmdir(tmpdir);
    play_util_finish();
    TTF_Quit();
    IMG_Quit();
    SDL_Quit();
    return check_finish("play_monsters");
}
