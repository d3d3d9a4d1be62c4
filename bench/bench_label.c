/* Room labelling throughput on 4096x4096 bitmaps of four kinds.
 *
 * Prints million squares per second for the labelling stage, and the best
 * time of each stage of board_create and of the whole build. With --dump DIR it also writes each image as raw
 * bytes (one colour index per square) so bench/skimage_label.py can time
 * scikit-image on exactly the same images.
 *
 * Run: meson compile -C build && build/bench/bench_label [--dump /tmp]
 */
#include "core/alloc.h"
#include "core/board.h"
#include "core/timer.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N 4096
#define REPS 3

static const uint32_t COLOURS[4] = {0xffffff, 0x8a1f2b, 0x2b5f8a, 0x6b4a2b};

typedef void (*MakeFn)(uint8_t *idx);

static void make_rooms(uint8_t *idx)
{
    /* 16x12 rooms on a grid, a corridor of colour 0 between them */
    for (int y = 0; y < N; y++)
        for (int x = 0; x < N; x++) {
            int cx = x % 18, cy = y % 14;
            idx[(size_t)y * N + x] =
                (cx < 2 || cy < 2) ? 0 : (uint8_t)(1 + ((x / 18) + (y / 14)) % 3);
        }
}

static void make_noise(uint8_t *idx)
{
    uint64_t s = 12345;
    for (size_t i = 0; i < (size_t)N * N; i++) {
        s = s * 6364136223846793005ULL + 1442695040888963407ULL;
        idx[i] = (uint8_t)((s >> 33) & 3);
    }
}

static void make_one(uint8_t *idx)
{
    memset(idx, 1, (size_t)N * N);
}

static void make_spiral(uint8_t *idx)
{
    for (int y = 0; y < N; y++)
        for (int x = 0; x < N; x++) {
            int d = x < y ? x : y, e = N - 1 - (x > y ? x : y);
            d = d < e ? d : e;
            idx[(size_t)y * N + x] = (uint8_t)(d % 2);
        }
    for (int d = 0; d < N / 2; d += 2) {
        idx[(size_t)(d + 1) * N + d] = 1;
        if (d + 2 < N / 2)
            idx[(size_t)(d + 2) * N + d + 1] = 0;
    }
}

static void to_rgba(const uint8_t *idx, uint8_t *px)
{
    for (size_t i = 0; i < (size_t)N * N; i++) {
        uint32_t c = COLOURS[idx[i]];
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

int main(int argc, char **argv)
{
    const char *dump_dir = argc == 3 && strcmp(argv[1], "--dump") == 0 ? argv[2] : NULL;
    const char *names[] = {"rooms", "noise", "one-colour", "spiral"};
    MakeFn makers[] = {make_rooms, make_noise, make_one, make_spiral};
    uint8_t *idx = xmalloc((size_t)N * N, 1);
    uint8_t *px = xmalloc((size_t)N * N, 4);
    printf("labelling %dx%d (%d runs each, best run)\n", N, N, REPS);
    printf("%-11s %8s %12s %12s %9s %9s %9s\n", "bitmap", "rooms", "label Msq/s", "label ms",
           "type ms", "walls ms", "build ms");
    for (int k = 0; k < 4; k++) {
        makers[k](idx);
        if (dump_dir)
            dump(dump_dir, names[k], idx);
        to_rgba(idx, px);
        double best_label = 1e30, best_build = 1e30, best_type = 1e30, best_walls = 1e30;
        int32_t rooms = 0;
        for (int r = 0; r < REPS; r++) {
            BoardSpec spec = {N, N, px, NULL, 0};
            char err[128];
            double t0 = timer_now_ms();
            Board *b = board_create(&spec, err, sizeof err);
            double build = timer_now_ms() - t0;
            BoardTimings t = board_timings(b);
            rooms = board_room_count(b);
            board_destroy(b);
            best_label = t.label_ms < best_label ? t.label_ms : best_label;
            best_build = build < best_build ? build : best_build;
            best_type = t.type_ms < best_type ? t.type_ms : best_type;
            best_walls = t.walls_ms < best_walls ? t.walls_ms : best_walls;
        }
        printf("%-11s %8d %12.1f %12.1f %9.1f %9.1f %9.1f\n", names[k], rooms,
               (double)N * N / 1e3 / best_label, best_label, best_type, best_walls, best_build);
    }
    free(idx);
    free(px);
    return 0;
}
