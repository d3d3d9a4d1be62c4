/* Helpers of the play screen's headless tests (test_play, test_play_feel):
 * a software renderer into a surface, synthetic SDL events, pixels, and
 * running animations to their end. Included once per test program. */
#pragma once

#include "check.h"

#include "app/play/play.h"
#include "gfx/render.h"
#include "mission/mission.h"

#include <SDL.h>
#include <SDL_image.h>
#include <stdio.h>
#include <stdlib.h>

#define W 900
#define H 600

static SDL_Surface *surface;
static Renderer *renderer;

typedef struct Rgb {
    int r, g, b;
} Rgb;

static inline Rgb pixel(int x, int y)
{
    const uint32_t *row = (const uint32_t *)(const void *)((const uint8_t *)surface->pixels + y * surface->pitch);
    uint8_t r, g, b;
    SDL_GetRGB(row[x], surface->format, &r, &g, &b);
    return (Rgb){r, g, b};
}

static inline void draw(Play *p)
{
    play_draw(p, renderer);
    SDL_RenderFlush(render_sdl(renderer));
}

/* With QB_PLAY_SHOTS=DIR set, writes the frame to DIR/NAME.png (to look
 * at the HUD). */
static inline void keep(Play *p, const char *name)
{
    const char *dir = getenv("QB_PLAY_SHOTS");
    if (!dir)
        return;
    char path[4096];
    snprintf(path, sizeof path, "%s/%s.png", dir, name);
    draw(p);
    IMG_SavePNG(surface, path);
}

static inline Rgb square_pixel(Play *p, BoardPos pos, double dx, double dy)
{
    double x, y;
    play_square_centre(p, pos, &x, &y);
    draw(p);
    return pixel((int)(x + dx), (int)(y + dy));
}

/* Loads folder/name with the catalogue; checked to load. */
static inline Mission *load_mission(const char *catalogue, const char *folder, const char *name)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", folder, name);
    ErrorList errs;
    errors_init(&errs, 0);
    MissionLoadOptions mo = {.catalogue_path = catalogue};
    Mission *m = mission_load(path, &mo, &errs);
    errors_clear(&errs);
    CHECK(m != NULL);
    return m;
}

/* When set, key() writes each key press the play screen took (not one
 * that asked to leave it: in the window that opens the in-game menu) to
 * it, one X key name a line: the route the window replays
 * (tests/screens/route_keys.c). */
static FILE *key_record;

static inline void key(Play *p, SDL_Keycode sym)
{
    SDL_Event ev = {0};
    ev.type = SDL_KEYDOWN;
    ev.key.keysym.sym = sym;
    int asks = play_handle_event(p, &ev);
    if (key_record && !(asks & PLAY_QUIT)) {
        /* SDL names letters in upper case; X's key names are lower case */
        const char *name = SDL_GetKeyName(sym);
        if (sym >= SDLK_a && sym <= SDLK_z)
            fprintf(key_record, "%c\n", (char)sym);
        else
            fprintf(key_record, "%s\n", name);
    }
}

static inline void motion(Play *p, double x, double y)
{
    SDL_Event ev = {0};
    ev.type = SDL_MOUSEMOTION;
    ev.motion.x = (int)x, ev.motion.y = (int)y;
    play_handle_event(p, &ev);
}

static inline void click_at(Play *p, double x, double y)
{
    motion(p, x, y);
    SDL_Event ev = {0};
    ev.type = SDL_MOUSEBUTTONDOWN;
    ev.button.button = SDL_BUTTON_LEFT;
    ev.button.x = (int)x, ev.button.y = (int)y;
    play_handle_event(p, &ev);
    ev.type = SDL_MOUSEBUTTONUP;
    play_handle_event(p, &ev);
}

static inline void click_square(Play *p, BoardPos pos)
{
    double x, y;
    play_square_centre(p, pos, &x, &y);
    click_at(p, x, y);
}

/* Runs the animations to their end; returns how many updates it took. */
static inline int settle(Play *p)
{
    int n = 0;
    while (play_animating(p) && n < 10000) {
        play_update(p, 0.05);
        n++;
    }
    return n;
}

static inline BoardPos hero_pos(Play *p)
{
    return game_piece(play_game(p), 0)->pos;
}

/* The software renderer over a w x h surface, with the fixture tiles and
 * the bundled fonts; false when it cannot be made. */
static inline bool play_util_init(int w, int h, const char *root, const char *data)
{
    char tiles[4096], sprites[4096], font[4096], bold[4096], err[1024];
    snprintf(tiles, sizeof tiles, "%s/gfx/tiles", data);
    snprintf(sprites, sizeof sprites, "%s/gfx/sprites", data);
    snprintf(font, sizeof font, "%s/assets/fonts/DejaVuSans.ttf", root);
    snprintf(bold, sizeof bold, "%s/assets/fonts/DejaVuSans-Bold.ttf", root);
    surface = SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, SDL_PIXELFORMAT_ARGB8888);
    SDL_Renderer *sdl = surface ? SDL_CreateSoftwareRenderer(surface) : NULL;
    RenderPaths paths = {tiles, sprites, font, bold, 15};
    renderer = sdl ? render_create(sdl, &paths, err, sizeof err) : NULL;
    if (!renderer)
        fprintf(stderr, "renderer: %s\n", err);
    return renderer != NULL;
}

static inline void play_util_finish(void)
{
    SDL_Renderer *sdl = renderer ? render_sdl(renderer) : NULL;
    render_destroy(renderer);
    if (sdl)
        SDL_DestroyRenderer(sdl);
    SDL_FreeSurface(surface);
}
