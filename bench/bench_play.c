/* Milliseconds of the play screen with the software renderer at 1920x1080
 * (no GPU, the slowest case) on the bundled first-light mission: a still
 * frame (board from the layer cache, HUD drawn live), a frame while the
 * events of a round play (each shown event refills the scene with its
 * fog mask, so the board's cache is redrawn; the frame that ends the
 * queue re-checks the buttons with game_check), and the end-turn key
 * handled (game_apply and its first event).
 *
 * Run: meson compile -C build && build/bench/bench_play
 */
#include "config.h"
#include "app/play/play.h"
#include "core/timer.h"
#include "gfx/render.h"
#include "mission/mission.h"

#include <SDL.h>
#include <SDL_image.h>
#include <SDL_ttf.h>
#include <stdio.h>
#include <stdlib.h>

#define VIEW_W 1920
#define VIEW_H 1080
#define FRAMES 60

static void press(Play *p, SDL_Keycode sym)
{
    SDL_Event ev = {0};
    ev.type = SDL_KEYDOWN;
    ev.key.keysym.sym = sym;
    play_handle_event(p, &ev);
}

static double frame(Play *p, Renderer *r, double dt)
{
    double t0 = timer_now_ms();
    play_update(p, dt);
    play_draw(p, r);
    SDL_RenderFlush(render_sdl(r));
    return timer_now_ms() - t0;
}

int main(void)
{
    const char *data = getenv("QUESTBOARD_DATA") ? getenv("QUESTBOARD_DATA") : QB_SOURCE_DIR;
    char tiles[4096], sprites[4096], font[4096], bold[4096], catalogue[4096], mission[4096];
    snprintf(tiles, sizeof tiles, "%s/assets/tiles", data);
    snprintf(sprites, sizeof sprites, "%s/assets/sprites", data);
    snprintf(font, sizeof font, "%s/assets/fonts/DejaVuSans.ttf", data);
    snprintf(bold, sizeof bold, "%s/assets/fonts/DejaVuSans-Bold.ttf", data);
    snprintf(catalogue, sizeof catalogue, "%s/assets/pieces.xml", data);
    snprintf(mission, sizeof mission, "%s/missions/first-light/mission.xml", data);
    if (!getenv("SDL_VIDEODRIVER"))
        SDL_setenv("SDL_VIDEODRIVER", "dummy", 1);
    SDL_Init(SDL_INIT_VIDEO);
    TTF_Init();
    IMG_Init(IMG_INIT_PNG);
    ErrorList errs;
    errors_init(&errs, 0);
    MissionLoadOptions mo = {.catalogue_path = catalogue};
    Mission *m = mission_load(mission, &mo, &errs);
    errors_clear(&errs);
    SDL_Surface *s = SDL_CreateRGBSurfaceWithFormat(0, VIEW_W, VIEW_H, 32, SDL_PIXELFORMAT_ARGB8888);
    SDL_Renderer *sdl = SDL_CreateSoftwareRenderer(s);
    char err[1024];
    RenderPaths paths = {tiles, sprites, font, bold, 15};
    Renderer *r = render_create(sdl, &paths, err, sizeof err);
    if (!m || !r) {
        fprintf(stderr, "bench_play: cannot load %s or the art: %s\n", mission, err);
        return 1;
    }
    PlayOptions po = {.anim_factor = 1.0};
    Play *p = play_create(m, NULL, 42, &po, VIEW_W, VIEW_H);
    frame(p, r, 0);

    double still = 0;
    for (int i = 0; i < FRAMES; i++)
        still += frame(p, r, 0);

    /* a round: every hero ends its turn, the monsters move */
    double playing = 0, action = 0;
    int frames = 0, actions = 0;
    for (int hero = 0; hero < 4; hero++) {
        double t0 = timer_now_ms();
        press(p, SDLK_e);
        action += timer_now_ms() - t0;
        actions++;
        while (play_animating(p) && frames < 5000) {
            playing += frame(p, r, 1.0 / 60);
            frames++;
        }
    }
    printf("play screen %dx%d, software renderer, first-light:\n", VIEW_W, VIEW_H);
    printf("  still frame            %6.2f ms\n", still / FRAMES);
    printf("  frame while events play %6.2f ms (%d frames)\n", frames ? playing / frames : 0.0, frames);
    printf("  end-turn key handled   %6.2f ms (game_apply and the first event)\n",
           actions ? action / actions : 0.0);
    play_destroy(p);
    render_destroy(r);
    SDL_DestroyRenderer(sdl);
    SDL_FreeSurface(s);
    mission_destroy(m);
    IMG_Quit();
    TTF_Quit();
    SDL_Quit();
    return 0;
}
