/* The editor screen while painting (docs/benchmarks.md, "Editing"): a
 * 512x512 board (bench_edit's rooms pattern) in the editor at 1280x800,
 * the pencil dragged across it a few squares a frame, and each frame's
 * CPU milliseconds: the stroke's commands, the rooms relabelled, the
 * board and scene the renderer draws remade from the pixels, and the
 * frame drawn (software renderer, headless). Run:
 * build/bench/bench_edit_screen [FRAMES] */
#include "app/app.h"
#include "app/editor/editor.h"
#include "app/editor/editor_internal.h"
#include "app/settings.h"
#include "core/timer.h"

#include <SDL.h>
#include <SDL_image.h>
#include <SDL_ttf.h>
#include <stdio.h>
#include <stdlib.h>

static App app;
static AppOptions opts;

static void mouse(Uint32 type, int x, int y)
{
    SDL_Event ev = {0};
    ev.type = type;
    if (type == SDL_MOUSEMOTION) {
        ev.motion.x = x, ev.motion.y = y, ev.motion.xrel = 1;
        ev.motion.state = SDL_BUTTON_LMASK;
    } else {
        ev.button.x = x, ev.button.y = y, ev.button.button = SDL_BUTTON_LEFT;
        ev.button.state = type == SDL_MOUSEBUTTONDOWN ? SDL_PRESSED : SDL_RELEASED;
    }
    screens_dispatch(&app, &ev);
}

static int compare(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static void run(Editor *e, const char *line)
{
    EditAnswer a;
    if (editsession_execute(e->session, line, &a) && !a.ok)
        fprintf(stderr, "bench_edit_screen: %s: %s\n", line, a.first);
    editanswer_free(&a);
}

int main(int argc, char **argv)
{
    int frames = argc > 1 ? atoi(argv[1]) : 120;
    if (frames < 10)
        frames = 10;
    SDL_setenv("SDL_VIDEODRIVER", "dummy", 1);
    if (SDL_Init(SDL_INIT_VIDEO) != 0 || TTF_Init() != 0)
        return 1;
    IMG_Init(IMG_INIT_PNG);
    app.opts = &opts;
    app.settings = settings_create(NULL);
    app.window = SDL_CreateWindow("bench", 0, 0, 1280, 800, SDL_WINDOW_HIDDEN);
    app.sdl = SDL_CreateRenderer(app.window, -1, SDL_RENDERER_SOFTWARE);
    app.running = true;
    screens_measure(&app);
    screens_refresh_fonts(&app);
    char err[4096];
    Screen *s = editor_create(&app, NULL, err, sizeof err);
    if (!s) {
        fprintf(stderr, "%s\n", err);
        return 1;
    }
    screens_push(&app, s);
    Editor *e = (Editor *)s;
    static const char *const colours[] = {"8a1f2b", "2b5f8a", "6b4a2b"};
    char line[128];
    run(e, "new 512 512");
    run(e, "batch begin");
    run(e, "rect 0 0 511 511 ffffff");
    for (int y = 0; y < 512; y += 14)
        for (int x = 0; x < 512; x += 18) {
            snprintf(line, sizeof line, "rect %d %d %d %d %s", x + 2, y + 2,
                     x + 17 > 511 ? 511 : x + 17, y + 13 > 511 ? 511 : y + 13,
                     colours[(x / 18 + y / 14) % 3]);
            run(e, line);
        }
    run(e, "batch end");
    e->cam_set = false;
    screens_draw(&app); /* the first frame: fit, bake, cache */
    double *t = malloc((size_t)frames * sizeof *t), *still = malloc((size_t)frames * sizeof *still);
    printf("editor screen 1280x800, 512x512 board, %d painting frames each (CPU ms):\n", frames);
    for (int zoom = 0; zoom < 2; zoom++) {
        SDL_Rect r = e->lay.board;
        if (zoom) /* a play-like scale: about 40 squares across the view */
            for (int i = 0; i < 12; i++)
                camera_zoom_at(&e->cam, 1.25, r.x + r.w / 2.0, r.y + r.h / 2.0);
        screens_draw(&app);
        int step = (int)(e->cam.scale * 0.7) > 3 ? (int)(e->cam.scale * 0.7) : 3;
        int x = r.x + 20, y = r.y + r.h / 3 + zoom * 40;
        e->tools.colour = EDIT_OPAQUE | (zoom ? 0x40804a : 0x4060a0);
        mouse(SDL_MOUSEMOTION, x, y);
        mouse(SDL_MOUSEBUTTONDOWN, x, y);
        for (int f = 0; f < frames; f++) {
            double t0 = timer_cpu_ms();
            /* a frame's worth of drag: a few squares */
            x += step;
            if (x > r.x + r.w - 20) {
                x = r.x + 20;
                y += step;
            }
            mouse(SDL_MOUSEMOTION, x, y);
            screens_update(&app, 1.0 / 60);
            screens_draw(&app);
            t[f] = timer_cpu_ms() - t0;
            t0 = timer_cpu_ms();
            screens_draw(&app); /* the same frame again, nothing changed */
            still[f] = timer_cpu_ms() - t0;
        }
        mouse(SDL_MOUSEBUTTONUP, x, y);
        qsort(t, (size_t)frames, sizeof *t, compare);
        qsort(still, (size_t)frames, sizeof *still, compare);
        printf("  %s (%.1f px a square)\n", zoom ? "zoomed in" : "whole board", e->cam.scale);
        printf("    painting frame   median %7.2f  p95 %7.2f  max %7.2f\n", t[frames / 2],
               t[frames * 95 / 100], t[frames - 1]);
        printf("    unchanged frame  median %7.2f  p95 %7.2f  max %7.2f\n", still[frames / 2],
               still[frames * 95 / 100], still[frames - 1]);
    }
    free(t);
    free(still);
    while (app.depth > 0)
        screens_pop(&app);
    screens_bury(&app);
    render_destroy(app.board);
    text_destroy(app.ui);
    text_destroy(app.big);
    SDL_DestroyRenderer(app.sdl);
    SDL_DestroyWindow(app.window);
    settings_destroy(app.settings);
    IMG_Quit();
    TTF_Quit();
    SDL_Quit();
    return 0;
}
