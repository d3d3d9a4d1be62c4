/* The play screen headless: drives play_* with synthetic SDL events under
 * the dummy video driver, draws with the software renderer into a
 * surface and checks the game and the pixels. On tests/data/gfx/doors.xml
 * (flat fixture tiles, sprite stand-ins): the barbarian at (0,0) is
 * selected, rolling shades the squares he can reach, the hover shows a
 * path, a click moves him step by step, ending the turn plays the
 * monsters' phase and autosaves, the keyboard cursor moves him too, and
 * walking to the exit at (7,0) and leaving wins: the victory panel shows.
 * The autosave restores the same game. On fight.xml the attack key fights
 * a goblin to the death. On first-light the Wizard casts spells through
 * the spell list and targeting, by keys and by mouse; on sleep.xml the
 * Elf puts a goblin to sleep and it wears a "Zz". A bundled mission is played to its end with the
 * keyboard alone. */
#define _XOPEN_SOURCE 700 /* mkdtemp */
#include "play_util.h"
#include "kbplayer.h"

#include "app/play/play.h"
#include "app/slots.h"
#include "gfx/hud/hud.h"
#include "gfx/layoutprobe.h"
#include "gfx/render.h"
#include "mission/mission.h"

#include <SDL.h>
#include <SDL_image.h>
#include <SDL_ttf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static char tmpdir[64], saves[128];

/* Where hero 0 stands in the scene (what is drawn). */
static BoardPos shown_hero_pos(Play *p)
{
    const Scene *s = play_scene(p);
    for (size_t i = 0; i < scene_piece_count(s); i++)
        if (scene_piece(s, i)->owner == SCENE_OWNER_HERO)
            return scene_piece(s, i)->pos;
    return (BoardPos){-1, -1};
}

static bool file_exists(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0;
}

/* Rolls, then walks towards the exit at (7,0) as far as the roll allows,
 * by mouse or by the keyboard cursor. */
static void walk_east(Play *p, bool keyboard)
{
    const Game *g = play_game(p);
    key(p, SDLK_r);
    settle(p);
    CHECK(game_has_rolled(g));
    BoardPos at = hero_pos(p);
    int steps = game_move_left(g), goal_x = at.x + steps > 7 ? 7 : at.x + steps;
    BoardPos goal = {goal_x, 0};
    if (keyboard) {
        key(p, SDLK_RETURN); /* the cursor appears on the hero */
        for (int i = at.x; i < goal_x; i++)
            key(p, SDLK_RIGHT);
        key(p, SDLK_RETURN);
    } else {
        click_square(p, goal);
    }
    settle(p);
    CHECK(grid_pos_equal(hero_pos(p), goal));
}

static void check_turns(Play *p)
{
    const Game *g = play_game(p);
    CHECK_INT(play_selected(p), 0);
    /* before rolling nothing is shaded; after, the squares he can reach */
    Rgb before = square_pixel(p, (BoardPos){2, 0}, 0, 0);
    click_square(p, (BoardPos){0, 0});
    CHECK_INT(play_selected(p), 0);
    key(p, SDLK_r);
    CHECK(game_has_rolled(g));
    CHECK(play_animating(p)); /* the dice land */
    settle(p);
    int left = game_move_left(g);
    CHECK(left >= 2);
    Rgb shaded = square_pixel(p, (BoardPos){2, 0}, 0, 0);
    /* green, and plainly so (issue 25 item 10: a faint blue read as water) */
    CHECK(abs(shaded.r - before.r) + abs(shaded.g - before.g) + abs(shaded.b - before.b) > 40);
    CHECK(shaded.g > shaded.b + 15 && shaded.g > shaded.r + 15);
    /* hovering a reachable square draws the path: its squares get dots */
    double x, y;
    play_square_centre(p, (BoardPos){2, 0}, &x, &y);
    motion(p, x, y);
    Rgb on_path = square_pixel(p, (BoardPos){1, 0}, 0, 0);
    keep(p, "path");
    CHECK(on_path.r > 230 && on_path.g > 210 && on_path.b < 200);
    /* a click moves him step by step */
    click_square(p, (BoardPos){2, 0});
    CHECK(grid_pos_equal(hero_pos(p), ((BoardPos){2, 0})));
    CHECK(play_animating(p));
    play_update(p, 0.01);
    /* on his way: not yet drawn on the square he is going to */
    CHECK(!grid_pos_equal(shown_hero_pos(p), ((BoardPos){2, 0})));
    keep(p, "moving");
    CHECK(settle(p) > 1);
    CHECK(grid_pos_equal(shown_hero_pos(p), ((BoardPos){2, 0})));
    /* end turn: the monsters' phase plays, a new round begins, autosaved */
    int turn = game_turn(g);
    key(p, SDLK_e);
    play_update(p, 0.2);
    keep(p, "monsters");
    settle(p);
    CHECK_INT(game_turn(g), turn + 1);
    CHECK_INT(game_current(g), 0);
    CHECK(play_autosave_path(p)[0] != '\0');
    CHECK(file_exists(play_autosave_path(p)));
}

/* Plays on to the exit and leaves: victory. */
static void check_victory(Play *p)
{
    const Game *g = play_game(p);
    for (int round = 0; round < 20 && hero_pos(p).x < 7; round++) {
        walk_east(p, round % 2 == 0);
        if (hero_pos(p).x < 7) {
            key(p, SDLK_e);
            settle(p);
        }
    }
    CHECK_INT(hero_pos(p).x, 7);
    /* choosing the hero once on the exit only asks */
    click_square(p, (BoardPos){7, 0});
    settle(p);
    CHECK_INT(game_status(g), GAME_STATUS_PLAYING);
    /* Leave has a button (no default key): click it where the HUD lays
     * it out */
    HudLayout l;
    hud_layout(render_text(renderer), W, H, &l);
    SDL_Rect b = l.buttons[HUD_CMD_LEAVE];
    click_at(p, b.x + b.w / 2, b.y + b.h / 2);
    settle(p);
    CHECK_INT(game_status(g), GAME_STATUS_VICTORY);
    keep(p, "victory");
    key(p, SDLK_j);
    keep(p, "objectives");
    key(p, SDLK_j);
    key(p, SDLK_l);
    keep(p, "log");
    key(p, SDLK_l);
    key(p, SDLK_F1);
    keep(p, "help");
    key(p, SDLK_ESCAPE);
    draw(p);
    /* the victory panel: gold frame around the centre of the board view */
    int gold = 0;
    for (int y = 0; y < H - 60; y++)
        for (int x = 0; x < W / 2; x++) {
            Rgb c = pixel(x, y);
            gold += c.r > 220 && c.g > 170 && c.g < 200 && c.b < 80;
        }
    CHECK(gold > 200);
}

/* fight.xml: the barbarian next to a goblin. F attacks it (the keyboard
 * alone): the target square is shaded red while the dice land, and
 * fighting on (the goblin hits back in the monsters' phase) slays it:
 * victory, one kill. */
static void check_fight(const char *catalogue, const char *data)
{
    Mission *m = load_mission(catalogue, data, "gfx/fight.xml");
    if (!m)
        return;
    PlayOptions po = {.anim_factor = 1.0};
    Play *p = play_create(m, NULL, 11, &po, W, H);
    const Game *g = play_game(p);
    draw(p);
    BoardPos gob = game_piece(g, 1)->pos;
    Rgb calm, red = {0, 0, 0};
    double x, y, x2, y2;
    play_square_centre(p, gob, &x, &y);
    play_square_centre(p, (BoardPos){gob.x + 1, gob.y}, &x2, &y2);
    double corner = (x2 - x) * 0.42; /* inside the square, off the figure */
    calm = square_pixel(p, gob, -corner, -corner);
    for (int round = 0; round < 30 && game_status(g) == GAME_STATUS_PLAYING; round++) {
        key(p, SDLK_f);
        if (round == 0) {
            CHECK(game_has_acted(g));
            play_update(p, 0.3);
            red = square_pixel(p, gob, -corner, -corner);
            keep(p, "attack");
        }
        settle(p);
        if (game_status(g) == GAME_STATUS_PLAYING) {
            key(p, SDLK_e);
            settle(p);
        }
    }
    CHECK(red.r > calm.r + 20 || (red.r > red.g + 40 && calm.r <= calm.g + 40));
    CHECK_INT(game_status(g), GAME_STATUS_VICTORY);
    CHECK(!game_piece(g, 1)->alive);
    HudSummary sum;
    play_summary(p, &sum);
    CHECK_INT(sum.kills, 1);
    CHECK_INT(sum.fallen, 0);
    keep(p, "fight-won");
    play_destroy(p);
    mission_destroy(m);
}

/* The spell list's row of spell id for the current hero: his book (the
 * spells of his elements) in catalogue order, spent ones included. */
static int spell_row(const Game *g, const char *id)
{
    const PieceType *hero = game_piece(g, game_current(g))->type;
    int row = 0;
    for (size_t i = 0; i < game_spell_count(g); i++) {
        if (strcmp(game_spell(g, (int)i)->id, id) == 0)
            return row;
        row += catalogue_hero_casts(hero, game_spell(g, (int)i)->element);
    }
    return -1;
}

static int spell_index(const Game *g, const char *id)
{
    for (size_t i = 0; i < game_spell_count(g); i++)
        if (strcmp(game_spell(g, (int)i)->id, id) == 0)
            return (int)i;
    return -1;
}

/* Ends turns until it is hero's. */
static void turn_of(Play *p, int hero)
{
    for (int i = 0; i < 12 && game_current(play_game(p)) != hero; i++) {
        key(p, SDLK_e);
        settle(p);
    }
}

/* first-light: the Wizard (piece 3) casts through the UI. C opens his
 * spell list and Escape closes it without acting, as it cancels choosing
 * a target; a number chooses Swift Wind, Enter casts it on the first
 * shaded target (the cursor starts there). Next round the mouse does it:
 * the Cast button, a row of the list, then the Wizard himself. */
static void check_cast(const char *catalogue, const char *root)
{
    Mission *m = load_mission(catalogue, root, "missions/first-light/mission.xml");
    if (!m)
        return;
    PlayOptions po = {.anim_factor = 0};
    Play *p = play_create(m, NULL, 3, &po, W, H);
    const Game *g = play_game(p);
    draw(p);
    turn_of(p, 3);
    CHECK_INT(game_current(g), 3);
    const GamePiece *wiz = game_piece(g, 3);
    int swift = spell_index(g, "swift_wind"), skin = spell_index(g, "rock_skin");
    CHECK(swift >= 0 && skin >= 0);
    uint32_t book = wiz->spells;
    CHECK(book & (1u << swift));
    size_t actions = game_log_count(g);

    key(p, SDLK_c);
    keep(p, "spell-list");
    key(p, SDLK_ESCAPE);
    key(p, SDLK_RETURN); /* the list is closed: Enter only places the cursor */
    key(p, SDLK_ESCAPE);
    CHECK(!game_has_acted(g) && game_log_count(g) == actions && wiz->spells == book);
    key(p, SDLK_c);
    key(p, SDLK_1 + spell_row(g, "swift_wind"));
    keep(p, "spell-targets");
    key(p, SDLK_ESCAPE); /* cancels choosing the target */
    key(p, SDLK_RETURN);
    key(p, SDLK_ESCAPE);
    CHECK(!game_has_acted(g) && game_log_count(g) == actions && wiz->spells == book);

    key(p, SDLK_c);
    key(p, SDLK_1 + spell_row(g, "swift_wind"));
    key(p, SDLK_RETURN);
    settle(p);
    CHECK_INT((int)game_log_count(g), (int)actions + 1);
    const Action *cast = game_log_at(g, game_log_count(g) - 1);
    CHECK_INT(cast->kind, ACTION_CAST);
    CHECK_INT(cast->spell, swift);
    CHECK_INT(cast->piece, 3);
    CHECK(game_piece(g, cast->target)->double_move);
    CHECK(!(wiz->spells & (1u << swift)) && game_has_acted(g));
    const MsgLog *log = play_log(p);
    bool logged = false;
    for (size_t i = 0; i < msglog_count(log); i++)
        logged |= msglog_line(log, i)->tag == EVENT_CAST;
    CHECK(logged);
    keep(p, "spell-cast");
    /* a hero who has acted casts nothing: no list opens */
    key(p, SDLK_c);
    key(p, SDLK_1);
    CHECK_INT((int)game_log_count(g), (int)actions + 1);

    /* the next round, by mouse: Rock Skin on himself */
    key(p, SDLK_e);
    settle(p);
    turn_of(p, 3);
    CHECK_INT(game_current(g), 3);
    actions = game_log_count(g);
    HudLayout l;
    hud_layout(render_text(renderer), W, H, &l);
    SDL_Rect b = l.buttons[HUD_CMD_CAST];
    click_at(p, b.x + b.w / 2, b.y + b.h / 2);
    int count = 0;
    for (size_t i = 0; i < game_spell_count(g); i++)
        count += catalogue_hero_casts(wiz->type, game_spell(g, (int)i)->element);
    SDL_Rect menu = hud_spell_menu_rect(&l, count);
    int row = spell_row(g, "rock_skin"), row_y = -1;
    for (int y = menu.y; y < menu.y + menu.h && row_y < 0; y++)
        if (hud_spell_at(&l, count, 0, menu.x + menu.w / 2, y) == row)
            row_y = y + l.line_h / 2;
    CHECK(row_y >= 0);
    click_at(p, menu.x + menu.w / 2, row_y);
    click_square(p, wiz->pos);
    settle(p);
    CHECK_INT((int)game_log_count(g), (int)actions + 1);
    cast = game_log_at(g, game_log_count(g) - 1);
    CHECK(cast->kind == ACTION_CAST && cast->spell == skin && cast->target == 3);
    CHECK(wiz->defend_bonus > 0 && !(wiz->spells & (1u << skin)));
    keep(p, "spell-self");
    play_destroy(p);
    mission_destroy(m);
}

/* Dark blue pixels (the "Zz" tag's ground) at the top right of pos. */
static int sleep_tag_pixels(Play *p, BoardPos pos)
{
    double x, y, x2, y2;
    play_square_centre(p, pos, &x, &y);
    play_square_centre(p, (BoardPos){pos.x + 1, pos.y + 1}, &x2, &y2);
    double half = (x2 - x) / 2;
    draw(p);
    int n = 0;
    for (int py = (int)(y - half - 4); py < (int)y; py++)
        for (int px = (int)x; px < (int)(x + half); px++) {
            Rgb c = pixel(px, py);
            n += c.r < 40 && c.g < 40 && c.b >= 40 && c.b > c.r + 15;
        }
    return n;
}

/* sleep.xml: the Elf casts Sleep on the goblin in sight; it sleeps and
 * a "Zz" tag shows on its square. */
static void check_sleep(const char *catalogue, const char *data)
{
    Mission *m = load_mission(catalogue, data, "gfx/sleep.xml");
    if (!m)
        return;
    PlayOptions po = {.anim_factor = 0};
    Play *p = play_create(m, NULL, 5, &po, W, H);
    const Game *g = play_game(p);
    const GamePiece *gob = game_piece(g, 2);
    int before = sleep_tag_pixels(p, gob->pos);
    key(p, SDLK_c);
    key(p, SDLK_1 + spell_row(g, "sleep"));
    key(p, SDLK_RETURN);
    settle(p);
    CHECK(gob->asleep);
    CHECK(game_log_count(g) == 1 && game_log_at(g, 0)->kind == ACTION_CAST && game_log_at(g, 0)->target == 2);
    int after = sleep_tag_pixels(p, gob->pos);
    CHECK(after > before + 20);
    keep(p, "spell-sleep");
    /* the Wizard's Ball of Flame: the goblin's saving roll shows as d6 */
    key(p, SDLK_e);
    settle(p);
    CHECK_INT(game_current(g), 1);
    key(p, SDLK_c);
    key(p, SDLK_1 + spell_row(g, "ball_of_flame"));
    key(p, SDLK_RETURN);
    settle(p);
    CHECK(game_log_count(g) == 3 && game_log_at(g, 2)->kind == ACTION_CAST);
    keep(p, "spell-flame");
    play_destroy(p);
    mission_destroy(m);
}

/* A whole bundled mission played with the keyboard alone, to its end
 * (to victory when want_victory). */
static void check_whole_mission(const char *catalogue, const char *root, const char *path,
                                uint64_t seed, bool want_victory)
{
    Mission *m = load_mission(catalogue, root, path);
    if (!m)
        return;
    kb_grid = board_grid(m->board);
    kb_route = want_victory;
    PlayOptions po = {.anim_factor = 0.5};
    Play *p = play_create(m, NULL, seed, &po, W, H);
    const Game *g = play_game(p);
    BoardPos *reach = malloc(4096 * sizeof *reach);
    draw(p);
    bool hex = kb_grid->topology == GRID_HEX;
    if (game_move_unit(g) > 1 || hex) {
        /* the status line counts squares ("7 1/2"), not the rules' cost
         * units, and hexes on hex boards */
        key(p, SDLK_r);
        settle(p);
        char amount[32], want[64];
        game_format_move(g, game_move_left(g), amount, sizeof amount);
        snprintf(want, sizeof want, "\n%s %s", amount, hex ? "hex" : "square");
        HudModel hm;
        play_hud_model(p, &hm);
        CHECK_STR_CONTAINS(hm.status, want);
    }
    int actions = 0;
    while (game_status(g) == GAME_STATUS_PLAYING && game_turn(g) <= 80 && actions++ < 2000)
        keyboard_turn(p, reach);
    int kinds[ACTION_KIND_COUNT] = {0};
    for (size_t i = 0; i < game_log_count(g); i++)
        kinds[game_log_at(g, i)->kind]++;
    fprintf(stderr, "whole mission %s: %s at turn %d after %d hero turns, %zu actions (%d moves, %d attacks)\n",
            path, game_status_name(game_status(g)), game_turn(g), actions, game_log_count(g),
            kinds[ACTION_MOVE], kinds[ACTION_ATTACK]);
    CHECK(game_status(g) != GAME_STATUS_PLAYING);
    if (want_victory)
        CHECK_INT(game_status(g), GAME_STATUS_VICTORY);
    CHECK(game_log_count(g) > 50);
    keep(p, !want_victory ? "whole-mission" : kb_grid->topology == GRID_HEX ? "whole-hex" : "whole-square8");
    kb_grid = NULL;
    kb_route = false;
    free(reach);
    play_destroy(p);
    mission_destroy(m);
}

/* Looking at a teammate's card, then choosing a square: the square is
 * for the hero whose turn it is (the click did nothing, without a word,
 * and "It is the Barbarian's turn." stayed). Spent, the movement left
 * reads "0 squares" (it said "0 square"). */
static void check_square_after_teammate(const char *catalogue, const char *root)
{
    Mission *m = load_mission(catalogue, root, "missions/first-light/mission.xml");
    CHECK(m != NULL);
    if (!m)
        return;
    PlayOptions po = {.anim_factor = 0};
    bool tried = false;
    for (uint64_t seed = 1; seed < 20 && !tried; seed++) {
        Play *p = play_create(m, NULL, seed, &po, W, H);
        const Game *g = play_game(p);
        key(p, SDLK_r);
        settle(p);
        int left = game_move_left(g);
        BoardPos reach[256], path[256], goal = {-1, -1};
        size_t n = game_reachable(g, 0, -1, reach, 256);
        for (size_t i = 0; i < n && i < 256 && goal.x < 0; i++)
            if (game_path(g, 0, reach[i], path, 256) == left && game_piece_at(g, reach[i]) < 0)
                goal = reach[i];
        if (goal.x >= 0) {
            tried = true;
            click_square(p, game_piece(g, 1)->pos); /* the Dwarf's card */
            CHECK_INT(play_selected(p), 1);
            HudModel hm;
            play_hud_model(p, &hm);
            CHECK_STR_CONTAINS(hm.notice, "turn");
            click_square(p, goal);
            settle(p);
            CHECK(grid_pos_equal(hero_pos(p), goal));
            CHECK_INT(play_selected(p), 0);
            play_hud_model(p, &hm);
            CHECK(strstr(hm.notice, "turn") == NULL);
            CHECK_STR_CONTAINS(hm.status, "\n0 squares to move");
        }
        play_destroy(p);
    }
    CHECK(tried);
    mission_destroy(m);
}

/* The hover box and the dice tray: after an attack the tray (attacker and
 * defender named) sits at the bottom of the board and the hover box above
 * it (the tray hid the box's lines); under a panel over the board (the
 * log) no hover box at all (it showed below the panel). The layout probe
 * checks the frames. */
static void check_hover_and_dice(const char *catalogue, const char *data)
{
    Mission *m = load_mission(catalogue, data, "gfx/fight.xml");
    if (!m)
        return;
    PlayOptions po = {.anim_factor = 1.0};
    bool tried = false;
    for (uint64_t seed = 1; seed < 30 && !tried; seed++) {
        Play *p = play_create(m, NULL, seed, &po, W, H);
        const Game *g = play_game(p);
        draw(p);
        double x, y;
        play_square_centre(p, game_piece(g, 0)->pos, &x, &y);
        motion(p, x, y);
        key(p, SDLK_f);
        settle(p);
        if (game_status(g) == GAME_STATUS_PLAYING) { /* the goblin stands: no end panel */
            tried = true;
            LayoutProbe probe = {0};
            char report[4096];
            layoutprobe_begin(&probe);
            draw(p);
            layoutprobe_end();
            keep(p, "hover-and-dice");
            size_t n = layoutprobe_check(&probe, W, H, report, sizeof report);
            fputs(report, stderr);
            CHECK_INT((int)n, 0);
            CHECK(layoutprobe_find(&probe, "your hero") != NULL);
            CHECK(layoutprobe_find(&probe, "attacks") != NULL);
            key(p, SDLK_l);
            layoutprobe_begin(&probe);
            draw(p);
            layoutprobe_end();
            n = layoutprobe_check(&probe, W, H, report, sizeof report);
            fputs(report, stderr);
            CHECK_INT((int)n, 0);
            CHECK(layoutprobe_find(&probe, "your hero") == NULL);
            layoutprobe_free(&probe);
        }
        play_destroy(p);
    }
    CHECK(tried);
    mission_destroy(m);
}

int main(void)
{
    const char *root = getenv("QUESTBOARD_DATA"), *data = getenv("TEST_DATA");
    if (!root || !data)
        return 2;
    SDL_Init(SDL_INIT_VIDEO);
    TTF_Init();
    IMG_Init(IMG_INIT_PNG);
    snprintf(tmpdir, sizeof tmpdir, "/tmp/qb-play-XXXXXX");
    if (!mkdtemp(tmpdir))
        return 2;
    snprintf(saves, sizeof saves, "%s/saves", tmpdir);

    char catalogue[4096], mission[4096];
    snprintf(catalogue, sizeof catalogue, "%s/assets/pieces.xml", root);
    snprintf(mission, sizeof mission, "%s/gfx/doors.xml", data);
    ErrorList errs;
    errors_init(&errs, 0);
    MissionLoadOptions mo = {.catalogue_path = catalogue};
    Mission *m = mission_load(mission, &mo, &errs);
    CHECK(m != NULL);
    errors_clear(&errs);
    char err[1024];
    CHECK(play_util_init(W, H, root, data));
    if (!m || !renderer)
        return check_finish("play");

    PlayOptions po = {.anim_factor = 1.0, .save_dir = saves};
    Play *p = play_create(m, NULL, 7, &po, W, H);
    CHECK(play_game(p) != NULL);
    CHECK(play_viewer_reason(p)[0] == '\0');
    /* a campaign's names (the setup's): heroes go by them, monsters and
     * (below) unnamed heroes by their types' */
    GameSetup names = {.hero_count = 1, .heroes = {0}, .names = {"Brak"}};
    Play *np = play_create(m, &names, 7, &po, W, H);
    const Game *named = play_game(np);
    CHECK(named != NULL);
    if (named) {
        int monster = (int)game_piece_count(named) - 1;
        CHECK_STR_CONTAINS(play_piece_name(np, 0), "Brak");
        CHECK(strcmp(play_piece_name(np, monster), game_piece(named, monster)->type->name) == 0);
        draw(np);
    }
    play_destroy(np);
    CHECK(strcmp(play_piece_name(p, 0), game_piece(play_game(p), 0)->type->name) == 0);
    /* a setup the rules refuse gives a viewer, with the reason */
    GameSetup bad = {.hero_count = 1, .heroes = {3}};
    Play *refused = play_create(m, &bad, 7, &po, W, H);
    CHECK(play_game(refused) == NULL && play_viewer_reason(refused)[0] != '\0');
    play_destroy(refused);
    draw(p);
    check_turns(p);

    /* the autosave restores the same game */
    SlotHeader h;
    char *body = NULL;
    size_t size = 0;
    CHECK(slots_read(saves, SLOTS_AUTOSAVE_FILE, &h, &body, &size, err, sizeof err));
    Play *restored = body ? play_create_from_save(m, body, size, &po, W, H, err, sizeof err) : NULL;
    CHECK(restored != NULL);
    if (restored) {
        CHECK_INT(game_turn(play_game(restored)), game_turn(play_game(p)));
        CHECK(grid_pos_equal(hero_pos(restored), hero_pos(p)));
        CHECK(game_rng_state(play_game(restored)) == game_rng_state(play_game(p)));
        /* the log is part of what a save restores: the replay tells it
         * again, line for line (it was wiped before) */
        const MsgLog *old_log = play_log(p), *new_log = play_log(restored);
        CHECK(msglog_count(old_log) > 3);
        CHECK_INT((int)msglog_count(new_log), (int)msglog_count(old_log));
        for (size_t i = 0; i < msglog_count(old_log) && i < msglog_count(new_log); i++) {
            CHECK_STR_CONTAINS(msglog_line(new_log, i)->text, msglog_line(old_log, i)->text);
            CHECK_INT(msglog_line(new_log, i)->turn, msglog_line(old_log, i)->turn);
        }
        /* hot reload swaps in such a restored play screen: the log's
         * history comes along */
        play_copy_view(restored, p);
        CHECK_INT((int)msglog_count(new_log), (int)msglog_count(old_log));
        size_t last = msglog_count(old_log) - 1;
        CHECK_STR_CONTAINS(msglog_line(new_log, last)->text, msglog_line(old_log, last)->text);
        CHECK_INT(msglog_line(new_log, 0)->turn, msglog_line(old_log, 0)->turn);
    }
    free(body);
    play_destroy(restored);
    CHECK(play_create_from_save(m, "nonsense", 8, &po, W, H, err, sizeof err) == NULL);

    check_victory(p);
    play_destroy(p);

    /* instant animations: an action has played out when it returns */
    PlayOptions instant = {.anim_factor = 0};
    Play *quick = play_create(m, NULL, 7, &instant, W, H);
    draw(quick);
    key(quick, SDLK_r);
    CHECK(game_has_rolled(play_game(quick)) && !play_animating(quick));
    key(quick, SDLK_e);
    CHECK(!play_animating(quick) && game_turn(play_game(quick)) == 2);
    draw(quick);
    play_destroy(quick);

    check_fight(catalogue, data);
    check_cast(catalogue, root);
    check_sleep(catalogue, data);
    check_square_after_teammate(catalogue, root);
    check_hover_and_dice(catalogue, data);
    check_whole_mission(catalogue, root, "missions/bone-orchard/mission.xml", 9, false);
    /* the hex and the square8 missions, by keys, to victory */
    check_whole_mission(catalogue, root, "missions/the-ember-hive/mission.xml", 1, true);
    check_whole_mission(catalogue, root, "missions/the-leaning-nave/mission.xml", 1, true);

    /* a bare bitmap is a board viewer: no game */
    MissionLoadOptions bo = {.catalogue_path = catalogue};
    snprintf(mission, sizeof mission, "%s/gfx/rooms.png", data);
    Mission *bare = mission_load(mission, &bo, &errs);
    errors_clear(&errs);
    Play *viewer = bare ? play_create(bare, NULL, 1, NULL, W, H) : NULL;
    CHECK(viewer && play_game(viewer) == NULL);
    if (viewer)
        CHECK_STR_CONTAINS(play_viewer_reason(viewer), "bare bitmap");
    if (viewer) {
        draw(viewer);
        key(viewer, SDLK_r); /* nothing to roll: no crash, nothing changes */
    }
    play_destroy(viewer);
    mission_destroy(bare);

    play_util_finish();
    mission_destroy(m);
    char cmd[256];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmpdir);
    if (system(cmd) != 0)
        fprintf(stderr, "could not remove %s\n", tmpdir);
    IMG_Quit();
    TTF_Quit();
    SDL_Quit();
    return check_finish("play");
}
