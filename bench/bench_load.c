/* Time and peak memory of loading a bitmap into a board, per picture.
 *
 * Writes the four 4096x4096 pictures of bench_label and an 8192x8192
 * checkerboard of two colours (67 million one-square rooms) as indexed
 * PNGs into a temporary folder, then loads each one in a fresh process
 * (this program run again with --child), as `questboard --check` does:
 * read the file, check its header, decode it, build the board. Each file
 * is loaded with the default limits, then with --max-rooms raised to the
 * number of squares. Printed per load: the time to read and decode, the
 * time of board_create (by the wall clock and in processor time: on a
 * shared machine the wall clock also counts waiting for a core), the time
 * of the first question about rooms
 * (board_room_info gathers the facts of every room then), the process's
 * peak resident memory after the build and after the facts, and that peak
 * over the board's square arrays (6 bytes a square: the colours and the
 * room array), less the peak of loading a 1x1 picture (the libraries).
 *
 * Run: meson compile -C build && build/bench/bench_load [--keep DIR]
 */
#define _DEFAULT_SOURCE
#include "core/alloc.h"
#include "core/board.h"
#include "core/timer.h"
#include "mission/bitmap.h"
#include "patterns.h"

#include <SDL.h>
#include <SDL_image.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

typedef struct Picture {
    const char *name;
    int side;
    void (*make)(uint8_t *idx, int n);
} Picture;

static const Picture PICTURES[] = {
    {"rooms", 4096, pattern_rooms},   {"noise", 4096, pattern_noise},
    {"one-colour", 4096, pattern_one}, {"spiral", 4096, pattern_spiral},
    {"checkerboard", 8192, pattern_checkerboard},
};
#define PICTURE_COUNT (int)(sizeof PICTURES / sizeof PICTURES[0])

/* The process's peak resident memory so far, in KB (VmHWM). */
static long peak_rss_kb(void)
{
    FILE *f = fopen("/proc/self/status", "r");
    char line[256];
    long kb = -1;
    while (f && fgets(line, sizeof line, f))
        if (sscanf(line, "VmHWM: %ld kB", &kb) == 1)
            break;
    if (f)
        fclose(f);
    return kb;
}

static void free_pixels(void *bitmap)
{
    bitmap_free(bitmap);
}

/* Loads path with the given room limit as load_board_bitmap does (read,
 * check, decode, then board_create, which types the squares over the
 * decoded pixels and frees the rest of the bitmap once typed),
 * timing each step by the wall clock and in processor time, and prints one
 * line: "ok ROOMS LOAD_MS BUILD_MS BUILD_CPU FACTS_MS PEAK_KB PEAK_FACTS_KB"
 * or "refused LOAD_MS BUILD_MS BUILD_CPU PEAK_KB REASON". */
static int child(const char *path, long long max_rooms)
{
    BitmapLimits lim = bitmap_default_limits();
    if (max_rooms > 0)
        lim.max_rooms = max_rooms;
    char err[512];
    double t0 = timer_now_ms();
    Bitmap bm;
    if (!bitmap_load(path, &lim, &bm, err, sizeof err)) {
        printf("refused %.1f 0 0 %ld %s\n", timer_now_ms() - t0, peak_rss_kb(), err);
        return 0;
    }
    double load_ms = timer_now_ms() - t0;
    /* as load_board_bitmap does: the pixels' block becomes the room array */
    BoardSpec spec = {bm.width,  bm.height, bm.rgba, NULL, 0, lim.max_rooms, free_pixels, &bm,
                      lim.shape, bitmap_take_block(&bm)};
    double t1 = timer_now_ms(), c1 = timer_cpu_ms();
    Board *b = board_create(&spec, err, sizeof err);
    double build_ms = timer_now_ms() - t1, build_cpu = timer_cpu_ms() - c1;
    bitmap_free(&bm);
    long peak = peak_rss_kb();
    if (!b) {
        printf("refused %.1f %.1f %.1f %ld %s\n", load_ms, build_ms, build_cpu, peak, err);
        return 0;
    }
    double t2 = timer_now_ms();
    if (board_room_count(b) >= 1)
        (void)board_room_info(b, 1);
    double facts_ms = timer_now_ms() - t2;
    printf("ok %ld %.1f %.1f %.1f %.1f %ld %ld\n", (long)board_room_count(b), load_ms, build_ms,
           build_cpu, facts_ms, peak, peak_rss_kb());
    board_destroy(b);
    return 0;
}

static bool write_png(const char *path, const uint8_t *idx, int n)
{
    SDL_Surface *s = SDL_CreateRGBSurfaceWithFormat(0, n, n, 8, SDL_PIXELFORMAT_INDEX8);
    if (!s)
        return false;
    SDL_Color colours[4];
    for (int k = 0; k < 4; k++)
        colours[k] = (SDL_Color){(Uint8)(PATTERN_COLOURS[k] >> 16), (Uint8)(PATTERN_COLOURS[k] >> 8),
                                 (Uint8)PATTERN_COLOURS[k], 255};
    SDL_SetPaletteColors(s->format->palette, colours, 0, 4);
    for (int y = 0; y < n; y++)
        memcpy((uint8_t *)s->pixels + (size_t)y * s->pitch, idx + (size_t)y * n, (size_t)n);
    bool ok = IMG_SavePNG(s, path) == 0;
    SDL_FreeSurface(s);
    return ok;
}

/* Runs this program on path in a fresh process and reads its line. */
static bool run_child(const char *self, const char *path, long long max_rooms, char *line,
                      size_t size)
{
    char cmd[2048];
    snprintf(cmd, sizeof cmd, "'%s' --child '%s' %lld", self, path, max_rooms);
    FILE *p = popen(cmd, "r");
    if (!p)
        return false;
    bool got = fgets(line, (int)size, p) != NULL;
    pclose(p);
    line[strcspn(line, "\n")] = '\0';
    return got;
}

static void report(const char *name, const char *limit, const char *line, int side, long base_kb)
{
    double arrays_mb = (double)side * side * 6 / 1048576.0;
    long rooms, peak, peak_facts;
    double load_ms, build_ms, build_cpu, facts_ms;
    if (sscanf(line, "ok %ld %lf %lf %lf %lf %ld %ld", &rooms, &load_ms, &build_ms, &build_cpu,
               &facts_ms, &peak, &peak_facts) == 7) {
        printf("%-12s %-9s %9ld %8.0f %8.0f %8.0f %8.0f %9.0f %9.0f %9.0f %6.2f\n", name, limit,
               rooms, load_ms, build_ms, build_cpu, facts_ms, peak / 1024.0, peak_facts / 1024.0,
               arrays_mb, (peak - base_kb) / 1024.0 / arrays_mb);
        return;
    }
    int used = 0;
    if (sscanf(line, "refused %lf %lf %lf %ld %n", &load_ms, &build_ms, &build_cpu, &peak,
               &used) == 4) {
        printf("%-12s %-9s %9s %8.0f %8.0f %8.0f %8s %9.0f %9s %9.0f %6.2f\n", name, limit,
               "refused", load_ms, build_ms, build_cpu, "-", peak / 1024.0, "-", arrays_mb,
               (peak - base_kb) / 1024.0 / arrays_mb);
        printf("    %s\n", line + used);
        return;
    }
    printf("%-12s %-9s (no result: %s)\n", name, limit, line);
}

int main(int argc, char **argv)
{
    if (argc == 4 && strcmp(argv[1], "--child") == 0)
        return child(argv[2], atoll(argv[3]));
    const char *keep = argc == 3 && strcmp(argv[1], "--keep") == 0 ? argv[2] : NULL;
    if (argc != 1 && !keep) {
        fprintf(stderr, "usage: bench_load [--keep DIR]\n");
        return 2;
    }
    char tmp[] = "/tmp/qb-bench-load-XXXXXX";
    const char *dir = keep ? keep : mkdtemp(tmp);
    if (!dir || (keep && mkdir(keep, 0700) != 0 && access(keep, W_OK) != 0)) {
        perror("bench_load: folder");
        return 1;
    }
    char self[4096];
    ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
    if (n <= 0) {
        perror("bench_load: /proc/self/exe");
        return 1;
    }
    self[n] = '\0';
    char path[PICTURE_COUNT + 1][1024];
    for (int k = 0; k <= PICTURE_COUNT; k++) {
        int side = k < PICTURE_COUNT ? PICTURES[k].side : 1;
        uint8_t *idx = xmalloc((size_t)side * side, 1);
        if (k < PICTURE_COUNT)
            PICTURES[k].make(idx, side);
        else
            idx[0] = 1;
        snprintf(path[k], sizeof path[k], "%s/%s.png", dir,
                 k < PICTURE_COUNT ? PICTURES[k].name : "one-pixel");
        if (!write_png(path[k], idx, side)) {
            fprintf(stderr, "bench_load: cannot write %s: %s\n", path[k], IMG_GetError());
            return 1;
        }
        free(idx);
    }
    char line[1024];
    long base_kb = 0;
    if (run_child(self, path[PICTURE_COUNT], 0, line, sizeof line))
        sscanf(line, "ok %*d %*f %*f %*f %*f %ld", &base_kb);
    printf("loading PNGs in a fresh process each (peak of a 1x1 load: %.1f MB)\n", base_kb / 1024.0);
    printf("%-12s %-9s %9s %8s %8s %8s %8s %9s %9s %9s %6s\n", "bitmap", "rooms cap", "rooms",
           "read ms", "build ms", "cpu ms", "facts ms", "peak MB", "+facts MB", "arrays MB",
           "ratio");
    for (int k = 0; k < PICTURE_COUNT; k++) {
        struct stat st;
        if (stat(path[k], &st) == 0)
            printf("# %s: %dx%d, %lld KB\n", PICTURES[k].name, PICTURES[k].side, PICTURES[k].side,
                   (long long)st.st_size / 1024);
        long long squares = (long long)PICTURES[k].side * PICTURES[k].side;
        if (run_child(self, path[k], 0, line, sizeof line))
            report(PICTURES[k].name, "default", line, PICTURES[k].side, base_kb);
        if (run_child(self, path[k], squares, line, sizeof line))
            report(PICTURES[k].name, "squares", line, PICTURES[k].side, base_kb);
    }
    if (!keep) {
        for (int k = 0; k <= PICTURE_COUNT; k++)
            unlink(path[k]);
        rmdir(dir);
    }
    return 0;
}
