/* Room labelling throughput on 4096x4096 bitmaps of four kinds.
 *
 * Prints million squares per second for the labelling stage, and the best
 * time of each stage of board_create and of the whole build, by the wall
 * clock, and the processor time of the best build (cpu ms: on a shared
 * machine the wall clock also counts the time spent waiting for a core),
 * the best processor time of each stage (type, label, walls: the
 * BoardTimings cpu fields) and the build rate by processor time
 * (cpu Msq/s, squares over the best build's cpu ms). When Debian's
 * python3-skimage is installed it then times scikit-image's
 * measure.label(connectivity=1) on exactly the same images
 * (bench/skimage_label.py, fed raw colour indices from a temporary folder)
 * and prints both figures and their ratio. With --dump DIR the images are
 * written to DIR and kept; --no-skimage skips the comparison.
 *
 * Then the hex labeller (board_hex.c: 6-connected rooms by union-find)
 * on the rooms and noise images read as hex boards, next to the square
 * labeller's figures on the same pixels.
 *
 * Each build is given its pixels as a load gives them (BoardSpec.rgba_given:
 * a fresh copy in a block of xmalloc_big, made outside the timers, which
 * in a load is the decoder's output, which becomes the room array);
 * --keep-pixels builds from pixels the caller keeps instead (BoardSpec.rgba,
 * as the editor does), the rooms in a fresh array of their own.
 *
 * Run: meson compile -C build && build/bench/bench_label
 */
#define _DEFAULT_SOURCE
#include "core/alloc.h"
#include "core/board.h"
#include "core/timer.h"
#include "patterns.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define N 4096
#define REPS 3

typedef void (*MakeFn)(uint8_t *idx, int n);

/* --keep-pixels: build from the caller's pixels, not a given copy. */
static bool keep_pixels;

static void to_rgba(const uint8_t *idx, uint8_t *px)
{
    for (size_t i = 0; i < (size_t)N * N; i++) {
        uint32_t c = PATTERN_COLOURS[idx[i]];
        px[i * 4] = (uint8_t)(c >> 16), px[i * 4 + 1] = (uint8_t)(c >> 8);
        px[i * 4 + 2] = (uint8_t)c, px[i * 4 + 3] = 255;
    }
}

static void dump(const char *dir, const char *name, const uint8_t *idx)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/qb-bench-%s.raw", dir, name);
    FILE *f = fopen(path, "wb");
    if (!f || fwrite(idx, 1, (size_t)N * N, f) != (size_t)N * N)
        fprintf(stderr, "cannot write %s\n", path);
    if (f)
        fclose(f);
}

static const char *const NAMES[] = {"rooms", "noise", "one-colour", "spiral"};
#define KINDS 4

/* Best labelling rate (Msq/s) of REPS builds of the image in px; *rooms_out
 * gets the number of rooms, *label_cpu_out the best processor time of the
 * label stage. */
static double time_board(const char *name, const uint8_t *px, int32_t *rooms_out,
                         const Grid *shape, double *label_cpu_out)
{
    double best_label = 1e30, best_build = 1e30, best_type = 1e30, best_walls = 1e30;
    double best_cpu = 1e30, best_cpu_stage[3] = {1e30, 1e30, 1e30};
    int32_t rooms = 0;
    for (int r = 0; r < REPS; r++) {
        BoardSpec spec = {
            .width = N, .height = N, .rgba = px, .max_rooms = (int64_t)N * N, .shape = shape};
        if (!keep_pixels) {
            spec.rgba_given = xmalloc_big((size_t)N * N, 4);
            memcpy(spec.rgba_given, px, (size_t)N * N * 4);
        }
        char err[128];
        double t0 = timer_now_ms(), c0 = timer_cpu_ms();
        Board *b = board_create(&spec, err, sizeof err);
        double build = timer_now_ms() - t0, cpu = timer_cpu_ms() - c0;
        if (!b) {
            fprintf(stderr, "bench_label: %s\n", err);
            exit(1);
        }
        BoardTimings t = board_timings(b);
        rooms = board_room_count(b);
        board_destroy(b);
        best_label = t.label_ms < best_label ? t.label_ms : best_label;
        best_build = build < best_build ? build : best_build;
        best_cpu = cpu < best_cpu ? cpu : best_cpu;
        best_type = t.type_ms < best_type ? t.type_ms : best_type;
        best_walls = t.walls_ms < best_walls ? t.walls_ms : best_walls;
        double stage[3] = {t.type_cpu_ms, t.label_cpu_ms, t.walls_cpu_ms};
        for (int k = 0; k < 3; k++)
            best_cpu_stage[k] = stage[k] < best_cpu_stage[k] ? stage[k] : best_cpu_stage[k];
    }
    double rate = (double)N * N / 1e3 / best_label;
    *rooms_out = rooms;
    *label_cpu_out = best_cpu_stage[1];
    printf("%-11s %8d %12.1f %12.1f %9.1f %9.1f %9.1f %9.1f %6.1f %6.1f %6.1f %7.1f\n", name,
           rooms, rate, best_label, best_type, best_walls, best_build, best_cpu, best_cpu_stage[0],
           best_cpu_stage[1], best_cpu_stage[2], (double)N * N / 1e3 / best_cpu);
    return rate;
}

static bool have_skimage(void)
{
    return access(PYTHON, X_OK) == 0 &&
           system(PYTHON " -c 'import skimage.measure' >/dev/null 2>&1") == 0;
}

/* Runs bench/skimage_label.py on the images in dir, echoes its lines and
 * picks its rates, processor times and room counts; false when it did not
 * run. */
static bool run_skimage(const char *dir, double rates[KINDS], double cpu_ms[KINDS],
                        int rooms_out[KINDS])
{
    char cmd[2048];
    snprintf(cmd, sizeof cmd, "%s '%s' '%s'", PYTHON, SKIMAGE_SCRIPT, dir);
    FILE *p = popen(cmd, "r");
    if (!p)
        return false;
    char line[256];
    int found = 0;
    while (fgets(line, sizeof line, p)) {
        fputs(line, stdout);
        char name[32];
        int rooms;
        double rate, ms, cpu;
        if (sscanf(line, "%31s %d %lf %lf %lf", name, &rooms, &rate, &ms, &cpu) != 5)
            continue;
        for (int k = 0; k < KINDS; k++)
            if (strcmp(name, NAMES[k]) == 0) {
                rates[k] = rate;
                cpu_ms[k] = cpu;
                rooms_out[k] = rooms;
                found++;
            }
    }
    return pclose(p) == 0 && found == KINDS;
}

/* Times scikit-image on the images in dir and prints both rates by the
 * wall clock and their ratio, and the ratio of processor times (ours: the
 * label stage's best, label_cpu), which a loaded machine inflates less. */
static void compare_skimage(const char *dir, const double ours[KINDS],
                            const double label_cpu[KINDS], const int32_t our_rooms[KINDS])
{
    double theirs[KINDS], their_cpu[KINDS];
    int their_rooms[KINDS];
    printf("\n");
    fflush(stdout); /* the script's lines come after ours */
    if (!run_skimage(dir, theirs, their_cpu, their_rooms)) {
        printf("(scikit-image did not run: see above)\n");
        return;
    }
    printf("\n%-11s %12s %14s %7s %12s %12s %7s\n", "bitmap", "ours Msq/s", "skimage Msq/s",
           "ratio", "ours cpu ms", "skimage cpu", "ratio");
    for (int k = 0; k < KINDS; k++)
        printf("%-11s %12.1f %14.1f %6.2fx %12.1f %12.1f %6.2fx%s\n", NAMES[k], ours[k], theirs[k],
               ours[k] / theirs[k], label_cpu[k], their_cpu[k], their_cpu[k] / label_cpu[k],
               our_rooms[k] == their_rooms[k] ? "" : "  (room counts differ!)");
}

static void remove_dumps(const char *dir)
{
    char path[1024];
    for (int k = 0; k < KINDS; k++) {
        snprintf(path, sizeof path, "%s/qb-bench-%s.raw", dir, NAMES[k]);
        unlink(path);
    }
    rmdir(dir);
}

int main(int argc, char **argv)
{
    const char *dump_dir = NULL;
    bool compare = true;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--dump") == 0 && i + 1 < argc)
            dump_dir = argv[++i];
        else if (strcmp(argv[i], "--keep-pixels") == 0)
            keep_pixels = true;
        else if (strcmp(argv[i], "--no-skimage") == 0)
            compare = false;
        else {
            fprintf(stderr, "usage: bench_label [--dump DIR] [--no-skimage] [--keep-pixels]\n");
            return 2;
        }
    }
    const char *why_not = !compare ? "--no-skimage"
                          : !have_skimage() ? "python3-skimage is not installed" : NULL;
    compare = why_not == NULL;
    char tmp[] = "/tmp/qb-bench-XXXXXX";
    const char *dir = dump_dir;
    if (compare && !dir) {
        dir = mkdtemp(tmp);
        if (!dir) {
            perror("mkdtemp");
            return 1;
        }
    }
    MakeFn makers[KINDS] = {pattern_rooms, pattern_noise, pattern_one, pattern_spiral};
    uint8_t *idx = xmalloc((size_t)N * N, 1);
    uint8_t *px = xmalloc((size_t)N * N, 4);
    double ours[KINDS], label_cpu[KINDS];
    int32_t rooms[KINDS];
    printf("labelling %dx%d (%d runs each, best run; pixels %s)\n", N, N, REPS,
           keep_pixels ? "kept by the caller" : "given over, as a load does");
    printf("%-11s %8s %12s %12s %9s %9s %9s %9s %6s %6s %6s %7s\n", "bitmap", "rooms",
           "label Msq/s", "label ms", "type ms", "walls ms", "build ms", "cpu ms", "type", "label",
           "walls", "cpu Msq/s");
    for (int k = 0; k < KINDS; k++) {
        makers[k](idx, N);
        if (dir)
            dump(dir, NAMES[k], idx);
        to_rgba(idx, px);
        ours[k] = time_board(NAMES[k], px, &rooms[k], NULL, &label_cpu[k]);
    }
    /* The same rooms and noise pixels as hex boards (odd rows shifted). */
    Grid hex = grid_make(1, 1, GRID_HEX);
    double hex_rate[2], hex_cpu[2];
    int32_t hex_rooms[2];
    printf("\nhex labelling %dx%d, the same pixels as hexes (best of %d)\n", N, N, REPS);
    printf("%-11s %8s %12s %12s %9s %9s %9s %9s %6s %6s %6s %7s\n", "bitmap", "rooms",
           "label Msq/s", "label ms", "type ms", "walls ms", "build ms", "cpu ms", "type", "label",
           "walls", "cpu Msq/s");
    for (int k = 0; k < 2; k++) {
        makers[k](idx, N);
        to_rgba(idx, px);
        hex_rate[k] = time_board(NAMES[k], px, &hex_rooms[k], &hex, &hex_cpu[k]);
    }
    /* the rates by the wall clock, and how many times a square's
     * labelling processor time a hex's takes (target: 1.5 at most) */
    printf("%-11s %12s %12s %7s %13s\n", "bitmap", "hex Msq/s", "square Msq/s", "ratio",
           "hex/sq cpu");
    for (int k = 0; k < 2; k++)
        printf("%-11s %12.1f %12.1f %6.2fx %12.2fx\n", NAMES[k], hex_rate[k], ours[k],
               hex_rate[k] / ours[k], hex_cpu[k] / label_cpu[k]);
    free(idx);
    free(px);
    if (compare)
        compare_skimage(dir, ours, label_cpu, rooms);
    else
        printf("\n(no scikit-image comparison: %s)\n", why_not);
    if (compare && !dump_dir)
        remove_dumps(dir);
    return 0;
}
