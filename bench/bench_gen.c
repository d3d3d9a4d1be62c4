/* Mission generation time per style and board size: 26x19 (the standard
 * board), 256x256, 1024x1024 and 4096x4096. Prints milliseconds per mission (the
 * whole of gen_generate: the layout, population, the XML, reading it back
 * and the fairness check; best of several runs) and milliseconds per
 * million squares, which stays flat or falls as the board grows when the
 * cost is linear; then the stages of one run from 1024x1024 up and the PNG
 * encoding. Times are processor time (the wall clock beside it): the
 * machine is shared. Run: meson compile -C build && build/bench/bench_gen
 * [--quick] [--style S] [--side N] [--seed N] (--quick leaves out
 * 4096x4096; --style and --side keep one style or one board size; --seed
 * times that seed once instead of the best of several seeds, so that two
 * builds are compared on the same map).
 */
#include "config.h"
#include "core/timer.h"
#include "gen/genfile.h"

#include <SDL.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const int SIZES[][3] = {{26, 19, 20}, {256, 256, 5}, {1024, 1024, 3}, {4096, 4096, 2}};

int main(int argc, char **argv)
{
    bool quick = false;
    int only_style = -1, only_side = 0;
    long long only_seed = -1;
    for (int i = 1; i < argc; i++) {
        GenStyle st;
        if (strcmp(argv[i], "--quick") == 0)
            quick = true;
        else if (strcmp(argv[i], "--style") == 0 && i + 1 < argc && gen_style_parse(argv[i + 1], &st))
            only_style = (int)st, i++;
        else if (strcmp(argv[i], "--side") == 0 && i + 1 < argc)
            only_side = atoi(argv[++i]);
        else if (strcmp(argv[i], "--seed") == 0 && i + 1 < argc)
            only_seed = atoll(argv[++i]);
        else {
            fprintf(stderr, "usage: bench_gen [--quick] [--style S] [--side N] [--seed N]\n");
            return 2;
        }
    }
    const char *root = getenv("QUESTBOARD_DATA") ? getenv("QUESTBOARD_DATA") : QB_SOURCE_DIR;
    char cat_path[4096], data_path[4096];
    snprintf(cat_path, sizeof cat_path, "%s/assets/pieces.xml", root);
    snprintf(data_path, sizeof data_path, "%s/assets/generator.xml", root);
    ErrorList errs;
    errors_init(&errs, 0);
    Catalogue *cat = catalogue_load(cat_path, &errs);
    GenData *data = cat ? gendata_load(data_path, &errs) : NULL;
    if (!data) {
        errors_print(&errs, stderr);
        return 2;
    }
    GenSources src = {data, cat, cat_path};
    SDL_Init(0);
    printf("%-8s %-10s %10s %10s %12s %6s %6s %9s\n", "style", "size", "cpu ms", "wall ms",
           "ms/Msquare", "rooms", "tries", "png ms");
    for (int s = 0; s < GEN_STYLE_COUNT; s++)
        for (size_t k = 0; k < sizeof SIZES / sizeof SIZES[0]; k++) {
            if ((quick && SIZES[k][0] > 1000) || (only_style >= 0 && s != only_style) ||
                (only_side && SIZES[k][0] != only_side))
                continue;
            GenOptions o = gen_default_options();
            o.style = (GenStyle)s;
            o.width = SIZES[k][0];
            o.height = SIZES[k][1];
            double best = 1e30, best_wall = 0, png_ms = 0;
            GenResult keep = {0};
            int reps = only_seed >= 0 ? 1 : SIZES[k][2];
            for (int rep = 0; rep < reps; rep++) {
                o.seed = only_seed >= 0 ? (uint64_t)only_seed : 1000u + (uint64_t)rep;
                GenResult r;
                double t0 = timer_cpu_ms(), w0 = timer_now_ms();
                if (!gen_generate(&o, &src, &r, &errs)) {
                    errors_print(&errs, stderr);
                    return 2;
                }
                double ms = timer_cpu_ms() - t0;
                if (ms < best) {
                    best = ms;
                    best_wall = timer_now_ms() - w0;
                    gen_result_free(&keep);
                    keep = r;
                } else {
                    gen_result_free(&r);
                }
            }
            uint8_t *png;
            size_t png_size;
            char err[256];
            double t0 = timer_now_ms();
            if (genfile_png(keep.rgba, keep.width, keep.height, &png, &png_size, err, sizeof err))
                free(png);
            png_ms = timer_now_ms() - t0;
            double msq = (double)o.width * o.height / 1e6;
            printf("%-8s %4dx%-5d %10.2f %10.2f %12.1f %6d %6d %9.1f\n", gen_style_name(o.style),
                   o.width, o.height, best, best_wall, best / msq, keep.stats.rooms,
                   keep.stats.attempts, png_ms);
            if (o.width >= 1024) {
                for (int i = 0; i < keep.stats.stage_count; i++)
                    printf("    %-10s %9.1f ms\n", keep.stats.stage_name[i], keep.stats.stage_ms[i]);
            }
            gen_result_free(&keep);
        }
    SDL_Quit();
    gendata_destroy(data);
    catalogue_destroy(cat);
    return 0;
}
