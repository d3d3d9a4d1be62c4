/* Undo in the window (issue 17), headless: Ctrl+Z and the Undo button take
 * the hero's last move back when the rules allow it (the button is greyed
 * otherwise and the key says why); the hero is drawn back on its square,
 * the movement left and the action log are as before the move, and the
 * log panel tells the same lines as before it. */
#include "play_util.h"

#include "app/msglog.h"
#include "gfx/hud/hud.h"

#include <SDL_ttf.h>

static void ctrl_z(Play *p)
{
    SDL_Event ev = {0};
    ev.type = SDL_KEYDOWN;
    ev.key.keysym.sym = SDLK_z;
    ev.key.keysym.mod = KMOD_LCTRL;
    play_handle_event(p, &ev);
}

static void click_button(Play *p, HudCommand cmd)
{
    HudLayout l;
    hud_layout(render_text(renderer), W, H, &l);
    SDL_Rect b = l.buttons[cmd];
    click_at(p, b.x + b.w / 2, b.y + b.h / 2);
}

/* The mean colour of the 16x16 pixels around pos's centre, as drawn. */
static Rgb square_mean(Play *p, BoardPos pos)
{
    double cx, cy;
    draw(p); /* the first frame fits the camera */
    play_square_centre(p, pos, &cx, &cy);
    draw(p);
    Rgb sum = {0, 0, 0};
    for (int dy = -8; dy < 8; dy++)
        for (int dx = -8; dx < 8; dx++) {
            Rgb c = pixel((int)cx + dx, (int)cy + dy);
            sum.r += c.r, sum.g += c.g, sum.b += c.b;
        }
    return (Rgb){sum.r / 256, sum.g / 256, sum.b / 256};
}

static bool undo_enabled(Play *p)
{
    HudModel hm;
    play_hud_model(p, &hm);
    return hm.enabled[HUD_CMD_UNDO];
}

static void check_undo(Mission *m)
{
    PlayOptions po = {.anim_factor = 0.5};
    Play *p = play_create(m, NULL, 7, &po, W, H);
    const Game *g = play_game(p);
    CHECK(!undo_enabled(p));
    key(p, SDLK_u); /* nothing to take back: the notice says why */
    HudModel hm;
    play_hud_model(p, &hm);
    CHECK_STR_CONTAINS(hm.notice, "no move to take back");
    key(p, SDLK_r);
    settle(p);
    CHECK(game_has_rolled(g));
    CHECK(!undo_enabled(p));
    BoardPos start = hero_pos(p);
    int left = game_move_left(g);
    size_t logged = game_log_count(g), lines = msglog_count(play_log(p));
    motion(p, 1, 1);
    Rgb hero_px = square_mean(p, start);
    keep(p, "undo-start");
    BoardPos reach[64];
    size_t n = game_reachable(g, 0, -1, reach, 64);
    int taken = 0;
    for (size_t i = 0; i < n && i < 64 && taken == 0; i++) {
        click_square(p, reach[i]);
        settle(p);
        if (grid_pos_equal(hero_pos(p), start))
            continue;
        if (!game_can_undo(g, NULL, 0))
            break; /* that move showed something: it stands */
        CHECK(undo_enabled(p));
        keep(p, "undo-moved");
        ctrl_z(p);
        settle(p);
        CHECK(grid_pos_equal(hero_pos(p), start));
        CHECK_INT(game_move_left(g), left);
        CHECK_INT(game_log_count(g), logged);
        CHECK_INT(msglog_count(play_log(p)), lines);
        play_hud_model(p, &hm);
        CHECK_INT(strlen(hm.notice), 0);
        CHECK_STR_CONTAINS(hm.status, "squares to move");
        CHECK(!undo_enabled(p));
        /* drawn back on its square (the mouse away: no path drawn) */
        motion(p, 1, 1);
        Rgb back = square_mean(p, start), empty = square_mean(p, reach[i]);
        printf("start square %d,%d,%d then %d,%d,%d; the square left %d,%d,%d\n", hero_px.r,
               hero_px.g, hero_px.b, back.r, back.g, back.b, empty.r, empty.g, empty.b);
        CHECK(abs(back.r - hero_px.r) + abs(back.g - hero_px.g) + abs(back.b - hero_px.b) < 12);
        CHECK(abs(back.r - empty.r) + abs(back.g - empty.g) + abs(back.b - empty.b) > 30);
        keep(p, "undo-back");
        /* again, with the button */
        click_square(p, reach[i]);
        settle(p);
        CHECK(!grid_pos_equal(hero_pos(p), start));
        click_button(p, HUD_CMD_UNDO);
        settle(p);
        CHECK(grid_pos_equal(hero_pos(p), start));
        CHECK_INT(game_log_count(g), logged);
        taken++;
    }
    printf("undo in the window: %d move(s) taken back (%zu squares within reach)\n", taken, n);
    CHECK(taken > 0);
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
    char catalogue[4096];
    snprintf(catalogue, sizeof catalogue, "%s/assets/pieces.xml", root);
    CHECK(play_util_init(W, H, root, data));
    Mission *m = load_mission(catalogue, root, "missions/first-light/mission.xml");
    if (m && renderer)
        check_undo(m);
    mission_destroy(m);
    play_util_finish();
    TTF_Quit();
    IMG_Quit();
    SDL_Quit();
    return check_finish("play_undo");
}
