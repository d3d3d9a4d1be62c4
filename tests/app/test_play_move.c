/* Moving in the window (issue 25, items 5 and 6), headless: the path's
 * label says what the move costs and what it leaves, on diagonal and
 * terrain boards as on plain ones (it said the steps: 6 for a forest path
 * costing 8); a square out of reach says why ("needs 14, the hero has 9");
 * ending a turn with movement unused asks first (a setting turns that
 * off); leaving with an objective undone asks first. */
#include "play_util.h"

#include "gfx/hud/hud.h"
#include "gfx/layoutprobe.h"

#include <SDL_ttf.h>
#include <math.h>
#include <string.h>

static char catalogue[4096];
static const char *root, *data;

static HudModel model(Play *p)
{
    HudModel hm;
    play_hud_model(p, &hm);
    return hm;
}

/* The text of the frame's path label: the drawn text ending in "left)". */
static bool path_label(Play *p, char *out, size_t size)
{
    LayoutProbe probe = {0};
    layoutprobe_begin(&probe);
    draw(p);
    layoutprobe_end();
    const ProbeItem *it = layoutprobe_find(&probe, "left)");
    if (it)
        snprintf(out, size, "%s", it->text);
    layoutprobe_free(&probe);
    return it != NULL;
}

/* "20 1/2" as the window writes movement: whole and fraction joined by a
 * no-break space. */
static void amount(const Game *g, int cost, char *buf, size_t size)
{
    char plain[24];
    game_format_move(g, cost, plain, sizeof plain);
    char *space = strchr(plain, ' ');
    if (space) {
        *space = '\0';
        snprintf(buf, size, "%s\u00a0%s", plain, space + 1);
    } else {
        snprintf(buf, size, "%s", plain);
    }
}

/* The cost of walking path from `from`, step by step as the rules price
 * it: the grid's step cost times the terrain cost of the square entered. */
static int walk_cost(const Game *g, BoardPos from, const BoardPos *path, int n)
{
    const Grid *grid = board_grid(game_mission(g)->board);
    int cost = 0;
    for (int k = 0; k < n; k++) {
        BoardPos a = k ? path[k - 1] : from;
        int dir = grid_dir_between(grid, a, path[k]);
        cost += grid_step_cost(grid, (GridDir)dir) * game_square_cost(g, path[k]);
    }
    return cost;
}

/* Hovers each square the hero reaches whose path costs other than one
 * unit a step, and checks the label; then moves there and checks the
 * movement left is what the label said. Returns how many were checked. */
static int check_labels(Play *p, const char *what)
{
    const Game *g = play_game(p);
    int hero = game_current(g);
    BoardPos from = game_piece(g, hero)->pos;
    BoardPos reach[512], path[512];
    size_t n = game_reachable(g, hero, -1, reach, 512);
    int checked = 0, left = game_move_left(g), unit = game_move_unit(g);
    BoardPos target = {-1, -1};
    int target_cost = 0;
    for (size_t i = 0; i < n && checked < 12; i++) {
        int len = game_path(g, hero, reach[i], path, 512);
        if (len <= 0)
            continue;
        int cost = walk_cost(g, from, path, len);
        if (cost == len * unit || cost > left)
            continue; /* plain steps, or the plan crosses a trap: not this test's */
        double x, y;
        play_square_centre(p, reach[i], &x, &y);
        motion(p, x, y);
        char got[96], want[96], spent[32], rest[32];
        amount(g, cost, spent, sizeof spent);
        amount(g, left - cost, rest, sizeof rest);
        snprintf(want, sizeof want, "%s (%s left)", spent, rest);
        CHECK(path_label(p, got, sizeof got));
        if (strcmp(got, want) != 0) {
            fprintf(stderr, "%s: the label at (%d,%d) says '%s', not '%s'\n", what, reach[i].x, reach[i].y,
                    got, want);
            CHECK(false);
        }
        target = reach[i], target_cost = cost;
        checked++;
    }
    printf("%s: %d path labels with their cost\n", what, checked);
    CHECK(checked > 0);
    if (checked > 0) {
        click_square(p, target);
        settle(p);
        CHECK(grid_pos_equal(game_piece(g, hero)->pos, target));
        CHECK_INT(game_move_left(g), left - target_cost);
    }
    return checked;
}

static Play *start(Mission **m, const char *folder, const char *name, uint64_t seed, bool ask)
{
    *m = load_mission(catalogue, folder, name);
    if (!*m)
        return NULL;
    PlayOptions po = {.anim_factor = 0, .ask_end_turn = ask};
    Play *p = play_create(*m, NULL, seed, &po, W, H);
    draw(p);
    return p;
}

/* Item 5 on the square8 board: a diagonal costs 1 1/2. */
static void check_diagonal_labels(void)
{
    Mission *m;
    Play *p = start(&m, root, "missions/the-leaning-nave/mission.xml", 3, false);
    if (!p)
        return;
    key(p, SDLK_r);
    settle(p);
    check_labels(p, "the-leaning-nave");
    play_destroy(p);
    mission_destroy(m);
}

/* Item 5 with terrain: mud costs 2 a square; item 6: a square out of
 * reach and one no way leads to say why. */
static void check_mud(void)
{
    Mission *m;
    Play *p = start(&m, data, "gfx/mud.xml", 5, false);
    if (!p)
        return;
    const Game *g = play_game(p);
    key(p, SDLK_r);
    settle(p);
    int left = game_move_left(g);
    CHECK(left >= 2);
    /* the far end of the corridor: 7 squares of mud cost 14, more than
     * two dice give */
    click_square(p, (BoardPos){7, 0});
    settle(p);
    HudModel hm = model(p);
    char want[160];
    snprintf(want, sizeof want, "Out of reach: getting there needs 14, %s has %d left.",
             game_piece_name(g, 0), left);
    if (strcmp(hm.notice, want) != 0)
        fprintf(stderr, "mud: the notice says '%s', not '%s'\n", hm.notice, want);
    CHECK(strcmp(hm.notice, want) == 0);
    CHECK(grid_pos_equal(hero_pos(p), (BoardPos){0, 0}));
    /* the red room has no door */
    click_square(p, (BoardPos){1, 2});
    hm = model(p);
    snprintf(want, sizeof want, "%s cannot get there.", game_piece_name(g, 0));
    CHECK(strcmp(hm.notice, want) == 0);
    check_labels(p, "mud");
    play_destroy(p);
    mission_destroy(m);
}

/* Item 6: End turn with movement unused asks first; Escape keeps the
 * turn, E again ends it; no question once the movement is spent or with
 * the setting off. */
static void check_end_turn_asks(void)
{
    Mission *m;
    Play *p = start(&m, data, "gfx/fight.xml", 4, true);
    if (!p)
        return;
    const Game *g = play_game(p);
    int turn = game_turn(g);
    key(p, SDLK_e); /* not rolled */
    settle(p);
    HudModel hm = model(p);
    CHECK(hm.question != NULL);
    CHECK(hm.question && strstr(hm.question->text, "has not moved this turn") != NULL);
    CHECK_INT(game_turn(g), turn);
    key(p, SDLK_ESCAPE);
    CHECK(model(p).question == NULL);
    CHECK_INT(game_turn(g), turn);
    key(p, SDLK_r); /* squares left: asked again, then E ends it */
    settle(p);
    key(p, SDLK_e);
    hm = model(p);
    CHECK(hm.question && strstr(hm.question->text, "can still move") != NULL);
    CHECK_INT(game_turn(g), turn);
    key(p, SDLK_e);
    settle(p);
    CHECK(model(p).question == NULL);
    CHECK_INT(game_turn(g), turn + 1);
    /* the setting off: E ends the turn at once */
    play_set_ask_end_turn(p, false);
    key(p, SDLK_e);
    settle(p);
    CHECK(model(p).question == NULL);
    CHECK_INT(game_turn(g), turn + 2);
    play_destroy(p);
    mission_destroy(m);
}

/* Item 6: leaving while an objective remains asks first, naming it;
 * Stay keeps the hero, Leave takes him out. */
static void check_leave_asks(void)
{
    Mission *m;
    Play *p = start(&m, data, "gfx/mud.xml", 5, false);
    if (!p)
        return;
    const Game *g = play_game(p);
    HudLayout l;
    hud_layout(render_text(renderer), W, H, &l);
    SDL_Rect b = l.buttons[HUD_CMD_LEAVE];
    click_at(p, b.x + b.w / 2, b.y + b.h / 2);
    HudModel hm = model(p);
    CHECK(hm.question != NULL);
    CHECK(hm.question && strstr(hm.question->text, "Slay the orc") != NULL);
    CHECK(hm.question && strstr(hm.question->text, "Leave") == NULL); /* the escape is not listed */
    CHECK(game_piece(g, 0)->alive && !game_piece(g, 0)->escaped);
    key(p, SDLK_RETURN); /* the default answer is Stay */
    settle(p);
    CHECK(model(p).question == NULL);
    CHECK(!game_piece(g, 0)->escaped);
    click_at(p, b.x + b.w / 2, b.y + b.h / 2);
    SDL_Rect panel, answers[2];
    hud_question_layout(&l, &panel, answers);
    click_at(p, answers[0].x + answers[0].w / 2, answers[0].y + answers[0].h / 2);
    settle(p);
    CHECK(game_piece(g, 0)->escaped);
    play_destroy(p);
    mission_destroy(m);
}

/* Issue 25 item 10 on a hex board: the current hero's mark is the hex's
 * own outline, not a square box (whose corners lay on the neighbours):
 * the hex's west side is drawn, the box's top-left corner is not. */
static void check_hex_marks(void)
{
    Mission *m;
    Play *p = start(&m, root, "missions/the-ember-hive/mission.xml", 3, false);
    if (!p)
        return;
    const Game *g = play_game(p);
    BoardPos at = game_piece(g, game_current(g))->pos;
    double x0, y0, x1, y1;
    play_square_centre(p, at, &x0, &y0);
    play_square_centre(p, (BoardPos){at.x + 1, at.y}, &x1, &y1);
    double half = (x1 - x0) / 2; /* half a hex's width */
    motion(p, 1, 1);
    draw(p);
    keep(p, "hex-mark");
    Rgb side = pixel((int)(x0 - half + 1), (int)y0), corner = pixel((int)(x0 - half + 1), (int)(y0 - half + 1));
    printf("hex mark: west side %d,%d,%d, box corner %d,%d,%d\n", side.r, side.g, side.b, corner.r, corner.g,
           corner.b);
    bool gold_side = side.r > 180 && side.g > 140 && side.b < 150;
    bool gold_corner = corner.r > 180 && corner.g > 140 && corner.b < 150;
    CHECK(gold_side);
    CHECK(!gold_corner);
    play_destroy(p);
    mission_destroy(m);
}

/* Issue 25 item 10: a named foe's plate says the mission's name for it
 * ("Skrag the cruel", not "Goblin") and does not lie over the hero on the
 * square below it (no pixel of the plate's red edge there). */
static void check_plate(void)
{
    Mission *m;
    Play *p = start(&m, data, "gfx/plate.xml", 3, false);
    if (!p)
        return;
    const Game *g = play_game(p);
    BoardPos foe = game_piece(g, 1)->pos, hero = game_piece(g, 0)->pos;
    double fx, fy, hx, hy;
    play_square_centre(p, foe, &fx, &fy);
    play_square_centre(p, hero, &hx, &hy);
    double half = (hy - fy) / 2;
    motion(p, 1, 1);
    LayoutProbe probe = {0};
    layoutprobe_begin(&probe);
    draw(p);
    layoutprobe_end();
    CHECK(layoutprobe_find(&probe, "Skrag the cruel") != NULL);
    layoutprobe_free(&probe);
    keep(p, "plate");
    int edge = 0;
    for (int y = (int)(hy - half) + 1; y < (int)(hy + half); y++)
        for (int x = (int)(hx - 2 * half); x < (int)(hx + 2 * half); x++) {
            Rgb c = pixel(x, y);
            edge += abs(c.r - 150) + abs(c.g - 40) + abs(c.b - 32) < 24;
        }
    printf("plate edge pixels over the hero's square: %d\n", edge);
    CHECK_INT(edge, 0);
    play_destroy(p);
    mission_destroy(m);
}

/* Issue 25 item 9: before an attack, the card of the foe the hero could
 * strike says what each side rolls and what the blow takes on average
 * (the game's odds), and the foe's blow back. */
static void check_attack_preview(void)
{
    Mission *m;
    Play *p = start(&m, data, "gfx/fight.xml", 3, false);
    if (!p)
        return;
    const Game *g = play_game(p);
    GameAttackOdds odds;
    CHECK(game_attack_odds(g, 0, 1, &odds));
    double x, y;
    play_square_centre(p, game_piece(g, 1)->pos, &x, &y);
    motion(p, x, y);
    char dice[64], want[96];
    snprintf(dice, sizeof dice, "Attack: %d dice vs %d", odds.attack_dice, odds.defend_dice);
    snprintf(want, sizeof want, "%.1f damage, %d%% to slay", odds.expected_damage, (int)lround(odds.slay * 100));
    LayoutProbe probe = {0};
    layoutprobe_begin(&probe);
    draw(p);
    layoutprobe_end();
    CHECK(layoutprobe_find(&probe, dice) != NULL);
    CHECK(layoutprobe_find(&probe, want) != NULL);
    CHECK(layoutprobe_find(&probe, "...") == NULL); /* the card's lines whole */
    CHECK(layoutprobe_find(&probe, "Its blow: ") != NULL);
    layoutprobe_free(&probe);
    keep(p, "attack-preview");
    play_destroy(p);
    mission_destroy(m);
}

/* Issue 25 item 9: the dice that counted are marked: the attacker's
 * skulls, and the defender's shields of its side that blocked one (no
 * more than the skulls); nothing on other rolls. Then a blow on the
 * fight fixture: its tray marks, and the marked skulls less the marked
 * shields are the damage the log gives. */
static void check_dice_marks(void)
{
    HudDice d = {.kind = HUD_DICE_COMBAT, .count = 3, .count2 = 4, .marks = true,
                 .dice = {DIE_SKULL, DIE_WHITE_SHIELD, DIE_SKULL},
                 .dice2 = {DIE_WHITE_SHIELD, DIE_BLACK_SHIELD, DIE_WHITE_SHIELD, DIE_WHITE_SHIELD},
                 .label_hero = {false, true}};
    static const bool hero_defends[7] = {true, false, true, true, false, true, false};
    for (int i = 0; i < 7; i++)
        CHECK(hud_die_counts(&d, i) == hero_defends[i]);
    d.label_hero[1] = false; /* a monster defends: its black shield blocks */
    CHECK(hud_die_counts(&d, 4) && !hud_die_counts(&d, 3));
    d.marks = false;
    CHECK(!hud_die_counts(&d, 0));
    Mission *m;
    Play *p = start(&m, data, "gfx/fight.xml", 3, false);
    if (!p)
        return;
    key(p, SDLK_f);
    settle(p);
    HudModel hm = model(p);
    CHECK(hm.dice.marks);
    int net = 0;
    for (int i = 0; i < hm.dice.count + hm.dice.count2; i++)
        net += hud_die_counts(&hm.dice, i) ? (i < hm.dice.count ? 1 : -1) : 0;
    const char *damage = strstr(hm.dice.caption, " damage");
    CHECK(damage != NULL);
    if (damage) {
        while (damage > hm.dice.caption && damage[-1] >= '0' && damage[-1] <= '9')
            damage--;
        CHECK_INT(net, atoi(damage));
    }
    keep(p, "dice-marks");
    play_destroy(p);
    mission_destroy(m);
}

/* Issue 25 item 11: the side panel folds away (the fold key, H, or a
 * click on its tab) and opens again; folded, the board takes its width
 * (the fitted board grows), the panel's words are gone but for the tab,
 * and the log takes no wheel. */
static void check_fold_panel(void)
{
    Mission *m;
    Play *p = start(&m, root, "missions/first-light/mission.xml", 1, false);
    if (!p)
        return;
    HudLayout open;
    hud_layout(render_text(renderer), W, H, &open);
    double x0, y0, x1, y1, x2, y2;
    play_square_centre(p, (BoardPos){21, 11}, &x0, &y0);
    LayoutProbe probe = {0};
    layoutprobe_begin(&probe);
    draw(p);
    layoutprobe_end();
    CHECK(layoutprobe_find(&probe, "F1 help") != NULL);
    layoutprobe_free(&probe);
    key(p, SDLK_h);
    CHECK(play_panel_folded(p));
    layoutprobe_begin(&probe);
    draw(p);
    layoutprobe_end();
    CHECK(layoutprobe_find(&probe, "F1 help") == NULL); /* the panel's words are gone */
    CHECK(layoutprobe_find(&probe, "\u00ab") != NULL); /* but its tab */
    layoutprobe_free(&probe);
    keep(p, "panel-folded");
    play_square_centre(p, (BoardPos){21, 11}, &x1, &y1);
    CHECK(x1 > x0 + 50); /* the board, fitted again, reaches further right */
    HudLayout folded;
    hud_layout_folded(render_text(renderer), W, H, true, &folded);
    CHECK(folded.panel.w < open.panel.w / 4 && folded.bar.w > open.bar.w);
    /* a click on the folded tab opens it again, and one on the open tab
     * folds it */
    click_at(p, folded.fold.x + folded.fold.w / 2.0, folded.fold.y + folded.fold.h / 2.0);
    CHECK(!play_panel_folded(p));
    draw(p);
    play_square_centre(p, (BoardPos){21, 11}, &x2, &y2);
    CHECK(fabs(x2 - x0) < 1);
    click_at(p, open.fold.x + open.fold.w / 2.0, open.fold.y + open.fold.h / 2.0);
    CHECK(play_panel_folded(p));
    play_destroy(p);
    mission_destroy(m);
}

/* Issue 25 item 10: the window's notice at the board's top ("the
 * Barbarian's turn") covered the fitted board's top row; with the band it
 * takes, the board is fitted below it, and a refit (0) keeps it so. */
static void check_notice_band(void)
{
    Mission *m;
    /* a board as tall as it is wide: fitted, it fills the view's height */
    Play *p = start(&m, root, "missions/the-drowned-archive/mission.xml", 1, false);
    if (!p)
        return;
    double x, y, x1, y1;
    play_square_centre(p, (BoardPos){10, 0}, &x, &y);
    play_square_centre(p, (BoardPos){10, 1}, &x1, &y1);
    double top = y - (y1 - y) / 2;
    CHECK(top < 60); /* the band a notice takes: the top row lay under it */
    play_set_notice_band(p, 60);
    draw(p);
    play_square_centre(p, (BoardPos){10, 0}, &x, &y);
    play_square_centre(p, (BoardPos){10, 1}, &x1, &y1);
    CHECK(y - (y1 - y) / 2 >= 60);
    key(p, SDLK_0); /* fit the board again */
    draw(p);
    play_square_centre(p, (BoardPos){10, 0}, &x, &y);
    CHECK(y - (y1 - y) / 2 >= 60);
    play_destroy(p);
    mission_destroy(m);
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
    if (renderer) {
        check_diagonal_labels();
        check_mud();
        check_end_turn_asks();
        check_leave_asks();
        check_hex_marks();
        check_plate();
        check_attack_preview();
        check_dice_marks();
        check_fold_panel();
        check_notice_band();
    }
    play_util_finish();
    TTF_Quit();
    IMG_Quit();
    SDL_Quit();
    return check_finish("play_move");
}
