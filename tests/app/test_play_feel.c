/* The play screen's feel and the bugs a player met (issue 17), headless
 * like test_play: what the HUD shows while events play (health bars when
 * the blow lands, whose turn it is during the monsters' phase), the dice
 * tray going away, the keyboard cursor after a turn change, the summary's
 * figures. */
#include "play_util.h"

#include "app/msglog.h"
#include "gfx/hud/hud.h"
#include "gfx/layoutprobe.h"

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
            play_update(p, 1.5); /* all dice down (half a second of tumble, then one each 0.16 s) */
            hm = model(p);
            CHECK_INT(hud_body(&hm, 1), game_piece(g, 1)->body);
        }
        finish(p, m);
    }
    CHECK(seen);
}

/* Log lines that tell a monster's attack. */
static int attack_lines(Play *p)
{
    int n = 0;
    const MsgLog *log = play_log(p);
    for (size_t i = 0; i < msglog_count(log); i++)
        n += strstr(msglog_line(log, i)->text, "Goblin attacks") != NULL;
    return n;
}

/* Issue 25 item 9, the monsters' pace: three goblins next to the
 * barbarian attack one at a time, each told once its dice have landed,
 * at the chosen speed: at normal speed a blow takes at least the half
 * second its dice tumble, at the slow speed (twice as long) at least a
 * second; all three passed in half a second before. */
static void check_monsters_pace(void)
{
    const double factors[2] = {1.0, 2.0};
    for (int f = 0; f < 2; f++) {
        Mission *m;
        Play *p = start(&m, data, "gfx/mob.xml", 3, factors[f]);
        if (!p)
            return;
        key(p, SDLK_e);
        double t = 0, told[3] = {0};
        int seen = attack_lines(p);
        CHECK_INT(seen, 0); /* nothing told before the first dice land */
        while (t < 30 && seen < 3 && play_animating(p)) {
            play_update(p, 0.02);
            t += 0.02;
            int now = attack_lines(p);
            CHECK(now <= seen + 1); /* one at a time */
            for (int k = seen; k < now && k < 3; k++)
                told[k] = t;
            seen = now;
        }
        CHECK_INT(seen, 3);
        double tumble = 0.5 * factors[f];
        CHECK(told[0] >= tumble);
        CHECK(told[1] - told[0] >= tumble);
        CHECK(told[2] - told[1] >= tumble);
        finish(p, m);
    }
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

/* The row of spell id in the current hero's list (his book in catalogue
 * order), or -1. */
static int book_row(const Game *g, const char *id)
{
    const PieceType *hero = game_piece(g, game_current(g))->type;
    int row = 0;
    for (size_t i = 0; i < game_spell_count(g); i++) {
        if (!catalogue_hero_casts(hero, game_spell(g, (int)i)->element))
            continue;
        if (strcmp(game_spell(g, (int)i)->id, id) == 0)
            return row;
        row++;
    }
    return -1;
}

static void end_turns_until(Play *p, int hero)
{
    for (int i = 0; i < 12 && game_current(play_game(p)) != hero; i++) {
        key(p, SDLK_e);
        settle(p);
    }
}

/* Bug 9: a spell keeps its number once another is spent; the spent one is
 * listed greyed and its number casts nothing. */
static void check_spell_numbers(void)
{
    Mission *m;
    Play *p = start(&m, root, "missions/first-light/mission.xml", 3, 0);
    if (!p)
        return;
    const Game *g = play_game(p);
    end_turns_until(p, 3);
    int skin = book_row(g, "rock_skin"), swift = book_row(g, "swift_wind");
    CHECK(skin >= 0 && swift >= 0 && swift < skin);
    key(p, SDLK_c);
    key(p, SDLK_1 + swift);
    key(p, SDLK_RETURN);
    settle(p);
    CHECK_INT(game_log_at(g, game_log_count(g) - 1)->kind, ACTION_CAST);
    key(p, SDLK_e);
    settle(p);
    end_turns_until(p, 3);
    CHECK_INT(book_row(g, "rock_skin"), skin);
    size_t actions = game_log_count(g);
    key(p, SDLK_c);
    HudModel hm = model(p);
    CHECK(hm.spell_menu != NULL);
    if (hm.spell_menu) {
        CHECK(hm.spell_menu->spent[swift]);
        CHECK(!hm.spell_menu->spent[skin]);
        CHECK(hm.spell_menu->hover != swift);
    }
    key(p, SDLK_1 + swift); /* spent: nothing happens but a notice */
    CHECK_STR_CONTAINS(model(p).notice, "already cast");
    CHECK(game_log_count(g) == actions);
    key(p, SDLK_1 + skin); /* Rock Skin, still under its number */
    key(p, SDLK_RETURN);
    settle(p);
    CHECK_INT((int)game_log_count(g), (int)actions + 1);
    const Action *cast = game_log_at(g, game_log_count(g) - 1);
    CHECK(cast->kind == ACTION_CAST && strcmp(game_spell(g, cast->spell)->id, "rock_skin") == 0);
    finish(p, m);
}

/* Bug 10: Water of Healing with only the Dwarf hurt, out of the Elf's
 * sight, says so; not that some unhurt hero cannot be seen. */
static void check_heal_refusal(void)
{
    int seen = 0;
    for (uint64_t seed = 1; seed < 60 && !seen; seed++) {
        Mission *m;
        Play *p = start(&m, data, "gfx/heal.xml", seed, 0);
        if (!p)
            return;
        const Game *g = play_game(p);
        key(p, SDLK_e);
        settle(p);
        key(p, SDLK_e);
        settle(p);
        const GamePiece *elf = game_piece(g, 0), *dwarf = game_piece(g, 1);
        if (game_current(g) == 0 && dwarf->alive && dwarf->body < dwarf->body_max && elf->body == elf->body_max) {
            seen = 1;
            key(p, SDLK_c);
            key(p, SDLK_1 + book_row(g, "water_of_healing"));
            const char *notice = model(p).notice;
            CHECK_STR_CONTAINS(notice, "Elf cannot see Dwarf");
            CHECK(strstr(notice, "not hurt") == NULL);
        }
        finish(p, m);
    }
    CHECK(seen);
    /* nobody hurt: it says so */
    Mission *m;
    Play *p = start(&m, data, "gfx/heal.xml", 1, 0);
    if (!p)
        return;
    key(p, SDLK_c);
    key(p, SDLK_1 + book_row(play_game(p), "water_of_healing"));
    CHECK_STR_CONTAINS(model(p).notice, "no hero is hurt");
    finish(p, m);
}

/* Bug 14: the help panel names the keys as bound (Roll moved to G) and
 * every window key: save, load, overlay labels, fullscreen, undo. */
static void check_help_keys(void)
{
    Mission *m = load_mission(catalogue, data, "gfx/doors.xml");
    if (!m)
        return;
    Bindings b;
    bindings_init_defaults(&b);
    char why[128];
    CHECK(bindings_set(&b, BINDING_ROLL, 0, "G", why, sizeof why));
    PlayOptions po = {.anim_factor = 0, .bindings = &b};
    Play *p = play_create(m, NULL, 1, &po, W, H);
    key(p, SDLK_F1);
    HudModel hm = model(p);
    CHECK(hm.show_help);
    CHECK_STR_CONTAINS(hm.help, "G\tRoll to move");
    CHECK(strstr(hm.help, "R\tRoll") == NULL);
    CHECK_STR_CONTAINS(hm.help, "F5\tSave game");
    CHECK_STR_CONTAINS(hm.help, "F9\tLoad game");
    CHECK_STR_CONTAINS(hm.help, "F4\tOverlay labels");
    CHECK_STR_CONTAINS(hm.help, "F11\tFullscreen");
    CHECK_STR_CONTAINS(hm.help, "Ctrl+Z\tUndo");
    CHECK_STR_CONTAINS(hm.help, "F1\tHelp, then rules");
    draw(p);
    /* F1 again: the rules in brief (issue 25 item 12: F1 listed keys
     * only); a third time closes the panel */
    key(p, SDLK_F1);
    hm = model(p);
    CHECK(hm.show_help && hm.help_title && strstr(hm.help_title, "rules"));
    CHECK_STR_CONTAINS(hm.help, "skull");
    CHECK_STR_CONTAINS(hm.help, "secret doors");
    CHECK_STR_CONTAINS(hm.help, "ends that hero's turn");
    draw(p);
    key(p, SDLK_F1);
    CHECK(!model(p).show_help);
    finish(p, m);
}

/* Bug 14: a fitted board is fitted again when the window is resized (the
 * far corner stays in view); once the player zoomed, the zoom stays. */
static void check_refit(void)
{
    Mission *m;
    Play *p = start(&m, data, "gfx/doors.xml", 1, 0);
    if (!p)
        return;
    BoardPos corner = {7, 4};
    double x0, y0, x1, y1;
    play_square_centre(p, (BoardPos){0, 0}, &x0, &y0);
    play_square_centre(p, corner, &x1, &y1);
    double span = x1 - x0;
    play_resize(p, W / 2, H / 2, 1.0);
    draw(p);
    play_square_centre(p, corner, &x1, &y1);
    CHECK(x1 < W / 2 && y1 < H / 2);
    play_square_centre(p, (BoardPos){0, 0}, &x0, &y0);
    CHECK(x1 - x0 < span * 0.8); /* smaller squares */
    play_resize(p, W, H, 1.0);
    draw(p);
    key(p, SDLK_EQUALS); /* zoom in */
    play_square_centre(p, (BoardPos){0, 0}, &x0, &y0);
    play_square_centre(p, corner, &x1, &y1);
    double zoomed = x1 - x0;
    play_resize(p, W - 100, H - 100, 1.0);
    draw(p);
    play_square_centre(p, (BoardPos){0, 0}, &x0, &y0);
    play_square_centre(p, corner, &x1, &y1);
    CHECK(x1 - x0 > zoomed * 0.99 && x1 - x0 < zoomed * 1.01);
    finish(p, m);
}

/* The side panel and the command bar come from the renderer's picture of
 * them (render_ui_layer) while what they show is unchanged: at every
 * frame of a fight, with the mouse over pieces, the log scrolled and a
 * hero hurt, the frame equals one drawn with the picture forgotten. */
static int panel_diff(Play *p)
{
    SDL_Rect rc = play_board_rect(p);
    draw(p);
    size_t size = (size_t)surface->pitch * (size_t)surface->h;
    uint8_t *cached = malloc(size);
    if (!cached)
        return 1;
    memcpy(cached, surface->pixels, size);
    render_ui_layer_forget(renderer);
    draw(p);
    int diff = 0;
    for (int y = 0; y < surface->h; y++)
        for (int x = 0; x < surface->w; x++) {
            if (x >= rc.x && x < rc.x + rc.w && y >= rc.y && y < rc.y + rc.h)
                continue; /* the board: drawn live */
            size_t at = (size_t)y * (size_t)surface->pitch + (size_t)x * 4;
            diff += memcmp(cached + at, (uint8_t *)surface->pixels + at, 4) != 0;
        }
    free(cached);
    return diff;
}

static void check_hud_cache(void)
{
    Mission *m;
    Play *p = start(&m, data, "gfx/fight.xml", 5, 1.0);
    if (!p)
        return;
    const Game *g = play_game(p);
    int frames = 0, stale = 0;
    for (int round = 0; round < 12 && game_status(g) == GAME_STATUS_PLAYING; round++) {
        for (int k = 0; k < 3; k++) {
            BoardPos at = game_piece(g, k % (int)game_piece_count(g))->pos;
            double x, y;
            play_square_centre(p, at, &x, &y);
            motion(p, x, y);
            stale += panel_diff(p) != 0, frames++;
        }
        key(p, round % 2 ? SDLK_f : SDLK_r);
        while (play_animating(p) && frames < 4000) {
            play_update(p, 0.05);
            stale += panel_diff(p) != 0, frames++;
        }
        key(p, SDLK_e);
        while (play_animating(p) && frames < 4000) {
            play_update(p, 0.05);
            stale += panel_diff(p) != 0, frames++;
        }
    }
    CHECK(frames > 50);
    CHECK_INT(stale, 0);
    finish(p, m);
}

/* True when a line of the play screen's log holds text. */
static bool log_says(Play *p, const char *text)
{
    const MsgLog *log = play_log(p);
    for (size_t i = 0; i < msglog_count(log); i++)
        if (strstr(msglog_line(log, i)->text, text))
            return true;
    return false;
}

/* Dice and combat: the dice tumble before they land (a click on the board
 * settles them at once), the attacker's and the defender's are labelled,
 * the damage floats over the struck piece, a slain one fades out, the
 * objective met is news for a toast; at instant speed no effects. */
static void check_combat_fx(void)
{
    int kills = 0;
    for (uint64_t seed = 1; seed < 40 && !kills; seed++) {
        Mission *m;
        Play *p = start(&m, data, "gfx/fight.xml", seed, 1.0);
        if (!p)
            return;
        const Game *g = play_game(p);
        key(p, SDLK_f);
        play_update(p, 0.01);
        HudModel hm = model(p);
        CHECK(hm.dice.tumbling);
        CHECK_INT(hm.dice.shown, 0);
        CHECK_STR_CONTAINS(hm.dice.label[0], "Barbarian attacks");
        CHECK_STR_CONTAINS(hm.dice.label[1], "Goblin defends");
        CHECK(hm.dice.label_hero[0] && !hm.dice.label_hero[1]);
        /* issue 25 item 9: the result is held until the dice land: the
         * tray says who strikes whom, the log has no line of it yet */
        CHECK_STR_CONTAINS(hm.dice.caption, "attacks Goblin");
        CHECK(strstr(hm.dice.caption, "damage") == NULL);
        CHECK(!log_says(p, "blocked"));
        /* the tumble lasts long enough to follow: none has landed after
         * 0.3 s at normal speed (the first landed after 0.2 s) */
        play_update(p, 0.3);
        CHECK_INT(model(p).dice.shown, 0);
        CHECK(!log_says(p, "blocked"));
        PlayFxView fx;
        play_fx_view(p, &fx);
        CHECK_INT(fx.floats, 0); /* nothing lands before the dice */
        double x, y;
        play_square_centre(p, game_piece(g, 0)->pos, &x, &y);
        click_at(p, x, y); /* skip: the dice settle */
        hm = model(p);
        CHECK_INT(hm.dice.shown, hm.dice.count + hm.dice.count2);
        CHECK(!hm.dice.tumbling);
        CHECK_STR_CONTAINS(hm.dice.caption, "damage"); /* landed: the result */
        CHECK(log_says(p, "blocked"));
        play_fx_view(p, &fx);
        CHECK_INT(fx.floats, 1);
        if (game_piece(g, 1)->alive) {
            CHECK_STR_CONTAINS(fx.newest, "no harm");
        } else {
            kills++;
            CHECK(fx.newest[0] == '-');
            play_update(p, 0.5); /* the death shows */
            play_fx_view(p, &fx);
            CHECK_INT(fx.dying, 1);
            CHECK(!play_end_shown(p)); /* the end panel waits for the effects */
            settle(p);
            CHECK(play_end_shown(p));
            const char *news = play_take_news(p);
            CHECK(news != NULL);
            if (news)
                CHECK_STR_CONTAINS(news, "Objective met: Slay the goblin");
            CHECK(play_take_news(p) == NULL);
        }
        finish(p, m);
    }
    CHECK(kills > 0);
    /* instant speed: the dice are down at once, no effects */
    Mission *m;
    Play *p = start(&m, data, "gfx/fight.xml", 3, 0);
    if (p) {
        key(p, SDLK_f);
        play_update(p, 0.01);
        PlayFxView fx;
        play_fx_view(p, &fx);
        CHECK_INT(fx.floats + fx.dying, 0);
        finish(p, m);
    }
}

/* A hero hurt by a monster: the board's edges flash red and it shakes. */
static void check_hero_hurt(void)
{
    int hurt = 0;
    for (uint64_t seed = 1; seed < 60 && !hurt; seed++) {
        Mission *m;
        Play *p = start(&m, data, "gfx/fight.xml", seed, 1.0);
        if (!p)
            return;
        const Game *g = play_game(p);
        int before = game_piece(g, 0)->body;
        key(p, SDLK_e); /* the goblin's turn: it attacks */
        for (int i = 0; i < 400 && play_animating(p); i++) {
            play_update(p, 0.02);
            PlayFxView fx;
            play_fx_view(p, &fx);
            if (fx.flash && fx.shake && fx.floats > 0 && fx.newest[0] == '-') {
                hurt++;
                break;
            }
        }
        settle(p);
        if (!hurt)
            CHECK_INT(game_piece(g, 0)->body, before); /* no flash: no harm */
        finish(p, m);
    }
    CHECK(hurt > 0);
}

/* At 800x600 and at the test's size (W x H), the side panel's line that
 * starts with find reads want whole, and nothing is cut off or overlaps;
 * the screen is left at W x H. */
static void check_panel_line(Play *p, const char *find, const char *want)
{
    int sizes[2][2] = {{800, 600}, {W, H}};
    for (int i = 0; i < 2; i++) {
        play_resize(p, sizes[i][0], sizes[i][1], 1.0);
        LayoutProbe probe = {0};
        layoutprobe_begin(&probe);
        draw(p);
        layoutprobe_end();
        const ProbeItem *line = layoutprobe_find(&probe, find);
        CHECK(line != NULL);
        if (line)
            CHECK_STR_CONTAINS(line->text, want);
        char report[2048];
        size_t problems = layoutprobe_check(&probe, sizes[i][0], sizes[i][1], report, sizeof report);
        if (problems)
            fprintf(stderr, "%s", report);
        CHECK_INT((int)problems, 0);
        layoutprobe_free(&probe);
    }
    play_resize(p, W, H, 1.0);
}

/* Bug 14: "Barbarian - esca..." was cut off: an escaped hero's line says
 * "escaped" where his body bar was, whole, inside the panel (the layout
 * probe checks every text of the frame). */
static void check_escaped_line(void)
{
    Mission *m;
    Play *p = start(&m, data, "gfx/leave.xml", 1, 0);
    if (!p)
        return;
    const Game *g = play_game(p);
    click_square(p, game_piece(g, 0)->pos);
    click_square(p, game_piece(g, 0)->pos); /* on the exit: leave */
    settle(p);
    CHECK(game_piece(g, 0)->escaped);
    check_panel_line(p, "escaped", "escaped");
    finish(p, m);
}

/* A hero's purse was cut off ("7/8  1..." for 100 gold on a 900-pixel
 * window): with 1250 gold found, the Barbarian's line shows "8/8  1250g"
 * whole, at 800x600 and at the test's size, the bar shortened for it. */
static void check_gold_line(void)
{
    Mission *m;
    Play *p = start(&m, data, "gfx/gold.xml", 1, 0);
    if (!p)
        return;
    key(p, SDLK_t); /* the hoard lies in the Barbarian's room */
    settle(p);
    CHECK_INT(game_piece(play_game(p), 0)->gold, 1250);
    check_panel_line(p, "8/8  1", "8/8  1250g");
    keep(p, "gold-line");
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
    check_monsters_pace();
    check_dice_go();
    check_cursor_after_turn();
    check_summary();
    check_spell_numbers();
    check_heal_refusal();
    check_help_keys();
    check_refit();
    check_hud_cache();
    check_combat_fx();
    check_hero_hurt();
    check_escaped_line();
    check_gold_line();
    play_util_finish();
    IMG_Quit();
    TTF_Quit();
    SDL_Quit();
    return check_finish("play_feel");
}
