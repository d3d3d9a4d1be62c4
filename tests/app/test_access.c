/* Access (issue 27), headless like test_play: with reduce motion a hero's
 * hurt neither flashes nor shakes the board, the dice lie still with their
 * faces up at once, a blow's damage is shown at once and its number does
 * not rise; without it, the same fights do all of that (so the test sees
 * the setting, not a quiet fixture). */
#include "play_util.h"

#include "gfx/hud/hud.h"

#include <SDL_ttf.h>
#include <string.h>

static char catalogue[4096];
static const char *root, *data;

static Play *start(Mission **m, const char *name, uint64_t seed, bool reduce)
{
    *m = load_mission(catalogue, data, name);
    if (!*m)
        return NULL;
    PlayOptions po = {.anim_factor = 1.0, .reduce_motion = reduce};
    Play *p = play_create(*m, NULL, seed, &po, W, H);
    draw(p);
    return p;
}

static void finish(Play *p, Mission *m)
{
    play_destroy(p);
    mission_destroy(m);
}

/* The Barbarian attacks the goblin: the dice tumble, or with reduce motion
 * lie still, all faces up, and the blow's number is out at once. */
static void check_still_dice(bool reduce)
{
    Mission *m;
    Play *p = start(&m, "gfx/fight.xml", 3, reduce);
    if (!p)
        return;
    key(p, SDLK_f);
    play_update(p, 0.01);
    HudModel hm;
    play_hud_model(p, &hm);
    CHECK(hm.dice.count > 0);
    CHECK(hm.dice.tumbling == !reduce);
    CHECK_INT(hm.dice.shown, reduce ? hm.dice.count + hm.dice.count2 : 0);
    PlayFxView fx;
    play_fx_view(p, &fx);
    CHECK_INT(fx.floats, reduce ? 1 : 0);
    /* the dice stay to be read as long as they would have rolled */
    CHECK(play_animating(p));
    settle(p);
    finish(p, m);
}

/* The goblin hurts a hero: flash and shake, or with reduce motion neither
 * (the damage number is still shown). */
static void check_no_shake(bool reduce)
{
    int hurt = 0, shook = 0;
    for (uint64_t seed = 1; seed < 60 && !hurt; seed++) {
        Mission *m;
        Play *p = start(&m, "gfx/fight.xml", seed, reduce);
        if (!p)
            return;
        const Game *g = play_game(p);
        int before = game_piece(g, 0)->body;
        key(p, SDLK_e); /* the goblin's turn: it attacks */
        for (int i = 0; i < 400 && play_animating(p); i++) {
            play_update(p, 0.02);
            PlayFxView fx;
            play_fx_view(p, &fx);
            shook += fx.flash || fx.shake;
            if (fx.floats > 0 && fx.newest[0] == '-')
                hurt++;
        }
        settle(p);
        if (!hurt)
            CHECK_INT(game_piece(g, 0)->body, before);
        finish(p, m);
    }
    CHECK(hurt > 0);
    if (reduce)
        CHECK_INT(shook, 0);
    else
        CHECK(shook > 0);
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
        return check_finish("access");
    for (int reduce = 0; reduce < 2; reduce++) {
        check_still_dice(reduce);
        check_no_shake(reduce);
    }
    play_util_finish();
    IMG_Quit();
    TTF_Quit();
    SDL_Quit();
    return check_finish("access");
}
