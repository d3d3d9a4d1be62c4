/* blend_fill against SDL's own software renderer: the same colour blended
 * over the same pixels, by SDL (a filled rectangle, and a rectangle queued
 * as geometry as the renderer's batches do) and by blend_fill, must give
 * the same bytes. Every pixel byte under every alpha is covered, so the
 * division by 255 is checked for all of its inputs. */
#include "check.h"

#include "gfx/blend.h"

#include <SDL.h>
#include <stdbool.h>
#include <string.h>

#define SIDE 256

static uint32_t lcg(uint32_t *state)
{
    *state = *state * 1664525u + 1013904223u;
    return *state >> 8;
}

/* Pixels whose bytes run through 0..255 along each row (a different
 * start per channel and row), so every byte value meets every alpha. */
static void fill_pattern(SDL_Surface *s)
{
    for (int y = 0; y < SIDE; y++) {
        uint32_t *row = (uint32_t *)(void *)((uint8_t *)s->pixels + y * s->pitch);
        for (int x = 0; x < SIDE; x++) {
            uint32_t b = (uint32_t)(x & 255), g = (uint32_t)((x + 85 + y) & 255);
            uint32_t r = (uint32_t)((x + 170 + 3 * y) & 255), a = (uint32_t)((255 - x + y) & 255);
            row[x] = a << 24 | r << 16 | g << 8 | b;
        }
    }
}

/* One row per alpha: row y blended with alpha y, by SDL through draw
 * (geometry or a fill) and by blend_fill; the bytes compared. */
static void check_against_sdl(bool geometry)
{
    SDL_Surface *sdl_side = SDL_CreateRGBSurfaceWithFormat(0, SIDE, SIDE, 32, SDL_PIXELFORMAT_ARGB8888);
    SDL_Surface *ours = SDL_CreateRGBSurfaceWithFormat(0, SIDE, SIDE, 32, SDL_PIXELFORMAT_ARGB8888);
    CHECK(sdl_side && ours);
    fill_pattern(sdl_side);
    fill_pattern(ours);
    SDL_Renderer *r = SDL_CreateSoftwareRenderer(sdl_side);
    CHECK(r != NULL);
    SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_BLEND);
    uint32_t seed = geometry ? 7u : 11u;
    for (int y = 0; y < SIDE; y++) {
        SDL_Color c = {(Uint8)lcg(&seed), (Uint8)lcg(&seed), (Uint8)lcg(&seed), (Uint8)y};
        if (y % 16 == 0)
            c.r = c.g = c.b = 255; /* the extremes too */
        SDL_Rect rc = {y % 7, y, SIDE - y % 7 - y % 5, 1};
        if (geometry) {
            SDL_Vertex v[4] = {{{(float)rc.x, (float)rc.y}, c, {0, 0}},
                               {{(float)(rc.x + rc.w), (float)rc.y}, c, {1, 0}},
                               {{(float)(rc.x + rc.w), (float)(rc.y + 1)}, c, {1, 1}},
                               {{(float)rc.x, (float)(rc.y + 1)}, c, {0, 1}}};
            int idx[6] = {0, 1, 2, 0, 2, 3};
            CHECK_INT(SDL_RenderGeometry(r, NULL, v, 4, idx, 6), 0);
        } else {
            SDL_SetRenderDrawColor(r, c.r, c.g, c.b, c.a);
            CHECK_INT(SDL_RenderFillRect(r, &rc), 0);
        }
        blend_fill(ours->pixels, ours->pitch, rc, c);
    }
    SDL_RenderFlush(r);
    int differ = 0;
    for (int y = 0; y < SIDE; y++)
        differ += memcmp((uint8_t *)sdl_side->pixels + y * sdl_side->pitch,
                         (uint8_t *)ours->pixels + y * ours->pitch, SIDE * 4) != 0;
    CHECK_INT(differ, 0);
    SDL_DestroyRenderer(r);
    SDL_FreeSurface(sdl_side);
    SDL_FreeSurface(ours);
}

/* A rectangle blends inside itself only. */
static void check_bounds(void)
{
    uint32_t px[8 * 8];
    for (int i = 0; i < 64; i++)
        px[i] = 0xff102030u;
    blend_fill(px, 8 * 4, (SDL_Rect){2, 3, 3, 2}, (SDL_Color){255, 255, 255, 128});
    for (int y = 0; y < 8; y++)
        for (int x = 0; x < 8; x++) {
            bool inside = x >= 2 && x < 5 && y >= 3 && y < 5;
            CHECK(inside ? px[y * 8 + x] != 0xff102030u : px[y * 8 + x] == 0xff102030u);
        }
    blend_fill(px, 8 * 4, (SDL_Rect){0, 0, 0, 5}, (SDL_Color){255, 0, 0, 255});
    CHECK_INT(px[0], 0xff102030u);
}

int main(void)
{
    SDL_SetHint(SDL_HINT_VIDEODRIVER, "dummy");
    check_against_sdl(false);
    check_against_sdl(true);
    check_bounds();
    return check_finish("blend");
}
