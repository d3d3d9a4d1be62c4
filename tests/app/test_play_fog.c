/* The window shows nothing the heroes have not seen (issue 10): on
 * tests/data/gfx/fog.xml and fog-plain.xml, which differ only in an orc and
 * a chest in a room nobody has opened, every frame is the same, pixel for
 * pixel: before and after the roll, with the reachable squares shaded, and
 * with the mouse on the orc's square (path, hover card). The unexplored
 * room's chest is not in the scene until the room is revealed (it is with
 * --reveal). Then belongings: a search finds a flask and a dart; the hero
 * card lists what he carries, and the Drink key (P) and button drink the
 * flask as a free action. */
#define _XOPEN_SOURCE 700
#include "play_util.h"

#include "gfx/hud/hud.h"

#include <SDL_ttf.h>
#include <string.h>

static uint8_t *frame_copy(void)
{
    size_t n = (size_t)surface->pitch * (size_t)surface->h;
    uint8_t *copy = malloc(n);
    memcpy(copy, surface->pixels, n);
    return copy;
}

/* Draws both and compares the frames; says where they first differ. */
static bool same_frame(Play *a, Play *b, const char *when)
{
    draw(a);
    uint8_t *first = frame_copy();
    draw(b);
    size_t n = (size_t)surface->pitch * (size_t)surface->h;
    bool same = memcmp(first, surface->pixels, n) == 0;
    for (size_t i = 0; !same && i < n; i += 4)
        if (memcmp(first + i, (uint8_t *)surface->pixels + i, 4) != 0) {
            fprintf(stderr, "%s: frames differ first at (%zu,%zu)\n", when,
                    (i % (size_t)surface->pitch) / 4, i / (size_t)surface->pitch);
            break;
        }
    free(first);
    return same;
}

static int furniture_in_scene(const Play *p)
{
    const Scene *s = play_scene(p);
    int n = 0;
    for (size_t i = 0; i < scene_piece_count(s); i++)
        n += scene_piece(s, i)->owner == SCENE_OWNER_NONE;
    return n;
}

static void both(Play *a, Play *b, SDL_Keycode k)
{
    key(a, k);
    key(b, k);
    settle(a);
    settle(b);
}

static void hover(Play *p, BoardPos pos)
{
    double x, y;
    play_square_centre(p, pos, &x, &y);
    motion(p, x, y);
}

static void check_fog(Mission *with, Mission *plain, const char *root)
{
    (void)root;
    PlayOptions po = {.anim_factor = 0.5};
    Play *a = play_create(with, NULL, 3, &po, W, H), *b = play_create(plain, NULL, 3, &po, W, H);
    CHECK(same_frame(a, b, "start"));
    CHECK_INT(furniture_in_scene(a), 0); /* the chest's room is unexplored */
    click_square(a, (BoardPos){0, 0});
    click_square(b, (BoardPos){0, 0});
    both(a, b, SDLK_r);
    CHECK(game_move_left(play_game(a)) >= 3);
    CHECK(same_frame(a, b, "rolled, reachable squares shaded"));
    hover(a, (BoardPos){2, 2});
    hover(b, (BoardPos){2, 2});
    CHECK(same_frame(a, b, "the mouse on the orc's square"));
    hover(a, (BoardPos){0, 3});
    hover(b, (BoardPos){0, 3});
    CHECK(same_frame(a, b, "the mouse on the chest's square"));
    keep(a, "fog-hover");
    /* Through the door: the red room, its orc and its chest appear. */
    click_square(a, (BoardPos){1, 1});
    settle(a);
    CHECK(game_piece(play_game(a), 1)->revealed);
    CHECK_INT(furniture_in_scene(a), 1);
    keep(a, "fog-opened");
    play_destroy(a);
    play_destroy(b);
    /* --reveal shows it from the start. */
    PlayOptions shown = {.anim_factor = 0.5, .reveal = true};
    a = play_create(with, NULL, 3, &shown, W, H);
    CHECK_INT(furniture_in_scene(a), 1);
    play_destroy(a);
}

static void check_drink(Mission *m)
{
    PlayOptions po = {.anim_factor = 0.5};
    Play *p = play_create(m, NULL, 3, &po, W, H);
    const Game *g = play_game(p);
    HudModel hm;
    play_hud_model(p, &hm);
    CHECK(!hm.enabled[HUD_CMD_DRINK]);
    key(p, SDLK_t); /* search: the dart and the flask */
    settle(p);
    const GamePiece *b = game_piece(g, 0);
    CHECK_INT(b->body, b->body_max - 3);
    CHECK_INT(game_carries(g, 0, game_find_item(g, "find-5-0")), 1);
    play_hud_model(p, &hm);
    CHECK(hm.enabled[HUD_CMD_DRINK]);
    click_square(p, (BoardPos){0, 0}); /* the card shows his belongings */
    keep(p, "drink-before");
    key(p, SDLK_p);
    settle(p);
    CHECK_INT(b->body, b->body_max - 1);
    CHECK(game_log_at(g, game_log_count(g) - 1)->kind == ACTION_USE);
    CHECK_INT(game_carries(g, 0, game_find_item(g, "find-5-0")), 0);
    play_hud_model(p, &hm);
    CHECK(!hm.enabled[HUD_CMD_DRINK]);
    keep(p, "drink-after");
    play_destroy(p);

    /* The button drinks too. */
    p = play_create(m, NULL, 3, &po, W, H);
    g = play_game(p);
    key(p, SDLK_t);
    settle(p);
    draw(p);
    play_hud_model(p, &hm);
    CHECK(hm.enabled[HUD_CMD_DRINK]);
    HudLayout l;
    hud_layout(render_text(renderer), W, H, &l);
    SDL_Rect button = l.buttons[HUD_CMD_DRINK];
    click_at(p, button.x + button.w / 2, button.y + button.h / 2);
    settle(p);
    CHECK(game_log_at(g, game_log_count(g) - 1)->kind == ACTION_USE);
    CHECK_INT(game_piece(g, 0)->body, game_piece(g, 0)->body_max - 1);
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
    char catalogue[4096], folder[4096];
    snprintf(catalogue, sizeof catalogue, "%s/assets/pieces.xml", root);
    snprintf(folder, sizeof folder, "%s/gfx", data);
    CHECK(play_util_init(W, H, root, data));
    Mission *with = load_mission(catalogue, folder, "fog.xml");
    Mission *plain = load_mission(catalogue, folder, "fog-plain.xml");
    if (with && plain && renderer) {
        check_fog(with, plain, root);
        check_drink(with);
    }
    mission_destroy(with);
    mission_destroy(plain);
    play_util_finish();
    TTF_Quit();
    IMG_Quit();
    SDL_Quit();
    return check_finish("play_fog");
}
