/* Milliseconds per frame of the renderer with the software renderer at
 * 1920x1080 (no GPU, the slowest case): the 26x19 standard board, and a
 * 512x512 board fitted to the window, at play zoom while panning, at the
 * densest square-by-square zoom and with the debug overlay, in processor
 * time (the machine is shared).
 *
 * Run: meson compile -C build && build/bench/bench_render
 */
#include "config.h"
#include "core/alloc.h"
#include "core/board.h"
#include "core/timer.h"
#include "gfx/render.h"
#include "mission/load.h"

#include <SDL.h>
#include <SDL_image.h>
#include <SDL_ttf.h>
#include <stdio.h>
#include <stdlib.h>

#define VIEW_W 1920
#define VIEW_H 1080
#define FRAMES 40
#define BIG 512

static const uint32_t COLOURS[6] = {0x8a1f2b, 0x2b5f8a, 0x6b4a2b, 0x5a7a3a, 0xa06a3c, 0x6a6a80};

/* 12x10 rooms of varied colours on a grid, a corridor between them. */
static Board *big_board(void)
{
    uint8_t *rgba = xmalloc((size_t)BIG * BIG, 4);
    for (int y = 0; y < BIG; y++)
        for (int x = 0; x < BIG; x++) {
            int cx = x % 14, cy = y % 12;
            uint32_t rgb = (cx < 2 || cy < 2) ? 0xffffff : COLOURS[((x / 14) * 7 + (y / 12) * 3) % 6];
            uint8_t *p = &rgba[((size_t)y * BIG + x) * 4];
            p[0] = (uint8_t)(rgb >> 16), p[1] = (uint8_t)(rgb >> 8), p[2] = (uint8_t)rgb, p[3] = 255;
        }
    BoardSpec spec = {.width = BIG, .height = BIG, .rgba = rgba};
    char err[256];
    Board *b = board_create(&spec, err, sizeof err);
    free(rgba);
    return b;
}

typedef struct Bench {
    SDL_Surface *surface;
    SDL_Renderer *sdl;
    Renderer *renderer;
} Bench;

/* Times FRAMES frames, panning by pan pixels a frame (a negative pan
 * zooms a little instead, so every frame redraws from scratch); prints
 * ms/frame. */
static void run(Bench *b, const char *what, const Scene *scene, double scale, double pan, bool debug)
{
    const Board *board = scene_board(scene);
    Camera cam = camera_make(board_width(board), board_height(board), VIEW_W, VIEW_H);
    if (scale > 0)
        camera_zoom_at(&cam, scale / cam.scale, VIEW_W / 2.0, VIEW_H / 2.0);
    RenderView view = {.debug = debug, .show_help = true, .has_hover = true, .hover = {5, 5}};
    render_frame(b->renderer, scene, &cam, &view); /* warm caches, bake */
    SDL_RenderFlush(b->sdl);
    double t0 = timer_cpu_ms();
    for (int i = 0; i < FRAMES; i++) {
        if (pan >= 0)
            camera_pan(&cam, pan, pan * 0.5);
        else
            camera_zoom_at(&cam, i % 2 ? 1.01 : 1 / 1.01, VIEW_W / 2.0, VIEW_H / 2.0);
        render_frame(b->renderer, scene, &cam, &view);
        SDL_RenderFlush(b->sdl);
    }
    double ms = (timer_cpu_ms() - t0) / FRAMES;
    printf("%-46s %7.2f ms/frame  (%5.1f px/square)\n", what, ms, cam.scale);
}

static bool open_bench(Bench *b)
{
    const char *data = getenv("QUESTBOARD_DATA") ? getenv("QUESTBOARD_DATA") : QB_SOURCE_DIR;
    char tiles[4096], sprites[4096], font[4096], bold[4096], err[1024];
    snprintf(tiles, sizeof tiles, "%s/assets/tiles", data);
    snprintf(sprites, sizeof sprites, "%s/assets/sprites", data);
    snprintf(font, sizeof font, "%s/assets/fonts/DejaVuSans.ttf", data);
    snprintf(bold, sizeof bold, "%s/assets/fonts/DejaVuSans-Bold.ttf", data);
    RenderPaths paths = {tiles, sprites, font, bold, 15};
    b->surface = SDL_CreateRGBSurfaceWithFormat(0, VIEW_W, VIEW_H, 32, SDL_PIXELFORMAT_ARGB8888);
    b->sdl = b->surface ? SDL_CreateSoftwareRenderer(b->surface) : NULL;
    b->renderer = b->sdl ? render_create(b->sdl, &paths, err, sizeof err) : NULL;
    if (!b->renderer)
        fprintf(stderr, "bench_render: %s\n", b->sdl ? err : SDL_GetError());
    return b->renderer != NULL;
}

int main(void)
{
    SDL_setenv("SDL_VIDEODRIVER", "dummy", 0);
    if (SDL_Init(SDL_INIT_VIDEO) != 0 || TTF_Init() != 0)
        return 1;
    IMG_Init(IMG_INIT_PNG);
    Bench b = {0};
    char path[4096], err[1024];
    const char *data = getenv("QUESTBOARD_DATA") ? getenv("QUESTBOARD_DATA") : QB_SOURCE_DIR;
    snprintf(path, sizeof path, "%s/tests/data/standard-board.png", data);
    BitmapLimits limits = bitmap_default_limits();
    Board *standard = load_board_bitmap(path, &limits, NULL, 0, NULL, err, sizeof err);
    if (!standard || !open_bench(&b)) {
        fprintf(stderr, "bench_render: %s\n", standard ? "cannot start" : err);
        return 1;
    }
    Board *big = big_board();
    Scene *small_scene = scene_create(standard, 1, "26x19");
    Scene *big_scene = scene_create(big, 1, "512x512");
    printf("software renderer, %dx%d, %d frames each (processor time)\n", VIEW_W, VIEW_H, FRAMES);
    run(&b, "26x19 fitted", small_scene, 0, 0, false);
    run(&b, "26x19 fitted, debug overlay", small_scene, 0, 0, true);
    double t0 = timer_cpu_ms();
    run(&b, "512x512 fitted (far-zoom picture)", big_scene, 0, 0, false);
    printf("%-46s %7.2f ms (includes the first frame's bake)\n", "512x512 fitted, whole run", timer_cpu_ms() - t0);
    run(&b, "512x512 at play zoom, panning", big_scene, 48, 7, false);
    run(&b, "512x512 densest per-square zoom, panning", big_scene, RENDER_FAR_SCALE, 7, false);
    run(&b, "512x512 play zoom, debug overlay, panning", big_scene, 48, 7, true);
    run(&b, "26x19 zooming (full redraw every frame)", small_scene, 0, -1, false);
    run(&b, "512x512 play zoom, zooming (full redraw)", big_scene, 48, -1, false);
    run(&b, "512x512 densest zoom, zooming (full redraw)", big_scene, RENDER_FAR_SCALE + 0.5, -1, false);
    scene_destroy(small_scene);
    scene_destroy(big_scene);
    board_destroy(standard);
    board_destroy(big);
    render_destroy(b.renderer);
    SDL_DestroyRenderer(b.sdl);
    SDL_FreeSurface(b.surface);
    TTF_Quit();
    IMG_Quit();
    SDL_Quit();
    return 0;
}
