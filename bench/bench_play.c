/* Milliseconds of the play screen with the software renderer at 1920x1080
 * (no GPU, the slowest case) on the bundled first-light mission: the first
 * and second frames apart (layout, the board's cache and the panels'
 * picture filled),
 * a still frame (the board from its cache, the panels from their picture),
 * a frame while the events of a round play (an event that changes the
 * scene refills the board's cache; the frame that ends the queue
 * re-checks the buttons with game_check), the end-turn key handled
 * (game_apply and its first event), and zoom steps: the zoom keys from the
 * fitted board in to the closest zoom and back out, twice, each step's
 * frame (the last cache stretched) and the frame after it (the board's
 * cache redrawn sharp at the new zoom, the view and a narrow margin),
 * and apart the frames that widen the board's cache to its full margin
 * (a still view some frames after a quick redraw; they would otherwise
 * count among the still frames or the frames after a zoom step).
 *
 * Times are this thread's CPU time (CLOCK_THREAD_CPUTIME_ID), so other
 * work on a shared machine does not count; each line gives the median
 * and the worst of its samples.
 *
 * Run: meson compile -C build && build/bench/bench_play
 *
 * Before the first frame it calls render_prepare, which makes the board's
 * cache and the interface layer (fresh memory) as the app does while it
 * waits for the player, and times it on its own line; --cold leaves it
 * out, so the first frame makes them as it did before.
 *
 * --dump DIR also writes every frame it times after the first ones as
 * DIR/NNN.png (the same frames each run: the game is seeded), so two
 * builds' pictures can be compared (compare -metric AE).
 *
 * --steps prints each zoom step's two frames on a line of its own (which
 * zooms the worst frames are at); --still N times N still frames instead
 * of 60 (a profile of the still frame).
 */
#define _POSIX_C_SOURCE 200809L
#include "config.h"
#include "app/play/play.h"
#include "gfx/render.h"
#include "mission/mission.h"

#include <SDL.h>
#include <SDL_image.h>
#include <SDL_ttf.h>
#include <stdio.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define VIEW_W 1920
#define VIEW_H 1080
#define FRAMES 60
#define SAMPLES_MAX 6000

/* Milliseconds of CPU time this thread has used. */
static double cpu_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

typedef struct Samples {
    double v[SAMPLES_MAX];
    int n;
} Samples;

static void add(Samples *s, double ms)
{
    if (ms >= 0 && s->n < SAMPLES_MAX)
        s->v[s->n++] = ms;
}

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static void report(const char *what, Samples *s, const char *note)
{
    if (!s->n)
        return;
    qsort(s->v, (size_t)s->n, sizeof s->v[0], by_value);
    printf("  %-26s median %6.2f ms, worst %6.2f ms (%d)%s\n", what, s->v[s->n / 2], s->v[s->n - 1],
           s->n, note);
}

static void press(Play *p, SDL_Keycode sym)
{
    SDL_Event ev = {0};
    ev.type = SDL_KEYDOWN;
    ev.key.keysym.sym = sym;
    play_handle_event(p, &ev);
}

static const char *dump_dir;
static SDL_Surface *dump_surface;
static int dump_count;

/* Writes the frame just drawn when --dump asked for it (untimed). */
static void dump(void)
{
    if (!dump_dir)
        return;
    char path[4096];
    snprintf(path, sizeof path, "%s/%03d.png", dump_dir, dump_count++);
    if (IMG_SavePNG(dump_surface, path) != 0)
        fprintf(stderr, "bench_play: %s: %s\n", path, SDL_GetError());
}

static Samples widen;
static bool first_frames = true; /* the first two frames count as such */

/* Times one frame; a frame that widened the board's cache (a still view
 * some frames after a quick redraw) goes to its own line. */
static double frame_ex(Play *p, Renderer *r, double dt, bool write)
{
    int quick, wide, wide_after;
    render_cache_counts(r, &quick, &wide);
    double t0 = cpu_ms();
    play_update(p, dt);
    play_draw(p, r);
    SDL_RenderFlush(render_sdl(r));
    double ms = cpu_ms() - t0;
    render_cache_counts(r, &quick, &wide_after);
    if (wide_after != wide && !first_frames) {
        add(&widen, ms);
        ms = -1;
    }
    if (write)
        dump();
    return ms;
}

static double frame(Play *p, Renderer *r, double dt)
{
    return frame_ex(p, r, dt, true);
}

int main(int argc, char **argv)
{
    bool cold = false, steps = false;
    int still_frames = FRAMES;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--dump") && i + 1 < argc) {
            dump_dir = argv[++i];
        } else if (!strcmp(argv[i], "--cold")) {
            cold = true;
        } else if (!strcmp(argv[i], "--steps")) {
            steps = true;
        } else if (!strcmp(argv[i], "--still") && i + 1 < argc && atoi(argv[i + 1]) > 0) {
            still_frames = atoi(argv[++i]);
            still_frames = SDL_min(still_frames, SAMPLES_MAX);
        } else {
            fprintf(stderr, "usage: bench_play [--cold] [--steps] [--still N] [--dump DIR]\n");
            return 2;
        }
    }
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
    dump_surface = s;
    SDL_Renderer *sdl = SDL_CreateSoftwareRenderer(s);
    char err[1024];
    RenderPaths paths = {tiles, sprites, font, bold, 15};
    Renderer *r = render_create(sdl, &paths, err, sizeof err);
    if (!m || !r) {
        fprintf(stderr, "bench_play: cannot load %s or the art: %s\n", mission, err);
        return 1;
    }
    static Samples prepared, first, second, still, playing, action, step, after;
    /* what the app makes ahead while it waits for the player (render_prepare) */
    double before = cpu_ms();
    if (!cold)
        render_prepare(r);
    add(&prepared, cpu_ms() - before);
    PlayOptions po = {.anim_factor = 1.0};
    Play *p = play_create(m, NULL, 42, &po, VIEW_W, VIEW_H);
    add(&first, frame(p, r, 0));
    add(&second, frame(p, r, 0));
    first_frames = false;
    for (int i = 0; i < still_frames; i++)
        add(&still, frame_ex(p, r, 0, i == 0));

    /* a round: every hero ends its turn, the monsters move */
    for (int hero = 0; hero < 4; hero++) {
        double t0 = cpu_ms();
        press(p, SDLK_e);
        add(&action, cpu_ms() - t0);
        for (int frames = 0; play_animating(p) && frames < 5000; frames++)
            add(&playing, frame(p, r, 1.0 / 60));
    }
    frame(p, r, 1.0 / 60); /* the window draws the end of the round */
    /* zoom steps: in to the closest zoom and out again, twice */
    for (int dir = 0; dir < 4; dir++)
        for (int i = 0; i < 12; i++) {
            double t0 = cpu_ms();
            press(p, dir % 2 ? SDLK_MINUS : SDLK_EQUALS);
            double key = cpu_ms() - t0;
            double ms = frame(p, r, 1.0 / 60);
            add(&step, ms < 0 ? ms : key + ms);
            double af = frame(p, r, 1.0 / 60);
            if (steps)
                printf("step %d %d: key+frame %.2f after %.2f\n", dir, i, ms < 0 ? ms : key + ms, af);
            add(&after, af);
        }
    printf("play screen %dx%d, software renderer, first-light (CPU time):\n", VIEW_W, VIEW_H);
    report("made ahead", &prepared, cold ? " nothing (--cold)" : " render_prepare, the app's idle moment");
    report("first frame", &first, " layout, the caches filled");
    report("second frame", &second, "");
    report("still frame", &still, "");
    report("frame while events play", &playing, "");
    report("end-turn key handled", &action, " game_apply and the first event");
    report("zoom step (key and frame)", &step, "");
    report("frame after a zoom step", &after, " the view's picture redrawn sharp");
    report("cache widened", &widen, " a still view, some frames after");
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
