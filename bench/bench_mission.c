/* Mission loading time: the bundled missions, then synthetic missions with
 * more and more placements on a 512x512 board, to show the checks grow
 * linearly with the number of placements. Then the analysis of --check
 * (warnings: reachability, keys, bitmap lint) on the bundled missions and
 * on boards of growing size with a door into every room, to show it grows
 * linearly with the squares.
 *
 * Prints milliseconds per load (XML parse + schema + checks + bitmap +
 * board) and per analysis. Run: meson compile -C build && build/bench/bench_mission
 */
#include "config.h"
#include "core/alloc.h"
#include "core/timer.h"
#include "mission/analysis.h"
#include "mission/catalogue.h"
#include "mission/mission.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SIDE 512
#define REPS 5

static void put32(uint8_t *p, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        p[i] = (uint8_t)(v >> (8 * i));
}

/* A 24-bit BMP: 14x14 rooms in four colours separated by white corridors. */
static uint8_t *make_bmp_side(int side, size_t *size)
{
    size_t row = ((size_t)side * 3 + 3) & ~(size_t)3;
    *size = 54 + row * (size_t)side;
    uint8_t *b = xcalloc(*size, 1);
    b[0] = 'B';
    b[1] = 'M';
    put32(b + 2, (uint32_t)*size);
    put32(b + 10, 54);
    put32(b + 14, 40);
    put32(b + 18, (uint32_t)side);
    put32(b + 22, (uint32_t)side);
    b[26] = 1;
    b[28] = 24;
    static const uint32_t colours[4] = {0x8a1f2b, 0x2b5f8a, 0x6b4a2b, 0x5a7a3a};
    for (int y = 0; y < side; y++) {
        uint8_t *p = b + 54 + row * (size_t)(side - 1 - y);
        for (int x = 0; x < side; x++) {
            bool corridor = x % 16 < 2 || y % 16 < 2;
            uint32_t c = corridor ? 0xffffff : colours[(x / 16 + y / 16) % 4];
            p[3 * x] = (uint8_t)c;
            p[3 * x + 1] = (uint8_t)(c >> 8);
            p[3 * x + 2] = (uint8_t)(c >> 16);
        }
    }
    return b;
}

static uint8_t *make_bmp(size_t *size)
{
    return make_bmp_side(SIDE, size);
}

/* A mission on a side x side board of make_bmp_side: a door from the
 * corridor into every room, a monster and a treasure in each, a locked
 * door every 8th room with its key in the room before, and escape by an
 * exit. */
static char *make_doors_xml(int side, size_t *size)
{
    int rooms = (side / 16) * (side / 16);
    size_t cap = 2048 + (size_t)rooms * 400;
    char *x = xmalloc(cap, 1);
    size_t k = (size_t)snprintf(x, cap,
                                "<?xml version=\"1.0\"?>\n<mission id=\"bench\" version=\"1\">\n"
                                "<name>Bench</name><board bitmap=\"board.bmp\"/>\n"
                                "<heroes><hero type=\"barbarian\" x=\"0\" y=\"0\"/></heroes>\n"
                                "<exits><square x=\"1\" y=\"0\"/></exits>\n<doors>\n");
    for (int i = 0; i < rooms; i++) {
        int rx = (i % (side / 16)) * 16 + 2, ry = (i / (side / 16)) * 16 + 2;
        if (i % 8 == 7)
            k += (size_t)snprintf(x + k, cap - k,
                                  "<door x=\"%d\" y=\"%d\" side=\"north\" kind=\"locked\" "
                                  "key=\"k%d\"/>\n", rx, ry, i);
        else
            k += (size_t)snprintf(x + k, cap - k, "<door x=\"%d\" y=\"%d\" side=\"north\"/>\n",
                                  rx, ry);
    }
    k += (size_t)snprintf(x + k, cap - k, "</doors><monsters>\n");
    for (int i = 0; i < rooms; i++)
        k += (size_t)snprintf(x + k, cap - k, "<monster type=\"goblin\" x=\"%d\" y=\"%d\"/>\n",
                              (i % (side / 16)) * 16 + 8, (i / (side / 16)) * 16 + 8);
    k += (size_t)snprintf(x + k, cap - k, "</monsters><treasures>\n");
    for (int i = 0; i < rooms; i++) {
        int rx = (i % (side / 16)) * 16 + 10, ry = (i / (side / 16)) * 16 + 10;
        if (i % 8 == 6)
            k += (size_t)snprintf(x + k, cap - k,
                                  "<treasure id=\"k%d\" name=\"Key\" kind=\"item\" x=\"%d\" "
                                  "y=\"%d\"/>\n", i + 1, rx, ry);
        else
            k += (size_t)snprintf(x + k, cap - k,
                                  "<treasure name=\"Gold\" kind=\"gold\" amount=\"5\" x=\"%d\" "
                                  "y=\"%d\"/>\n", rx, ry);
    }
    k += (size_t)snprintf(x + k, cap - k,
                          "</treasures><objectives><escape/></objectives></mission>\n");
    *size = k;
    return x;
}

/* Best time of the analysis of m; its warnings counted in *warnings. */
static double time_analysis(const Mission *m, size_t *warnings)
{
    double best = 1e30;
    for (int r = 0; r < REPS; r++) {
        ErrorList w, notes;
        errors_init(&w, 0);
        errors_init(&notes, 0);
        double t0 = timer_now_ms();
        *warnings = analysis_run(m, &w, &notes);
        double ms = timer_now_ms() - t0;
        errors_clear(&w);
        errors_clear(&notes);
        best = ms < best ? ms : best;
    }
    return best;
}

static void bench_analysis(const MissionLoadOptions *opts)
{
    static const char *const ids[] = {"first-light", "the-drowned-archive", "bone-orchard"};
    printf("analysis (--check's warnings), best of %d:\n", REPS);
    for (size_t i = 0; i < 3; i++) {
        char path[4096];
        snprintf(path, sizeof path, "%s/missions/%s/mission.xml", QB_SOURCE_DIR, ids[i]);
        ErrorList errs;
        errors_init(&errs, 0);
        Mission *m = mission_load(path, opts, &errs);
        if (!m) {
            errors_print(&errs, stderr);
            exit(1);
        }
        size_t warnings;
        double ms = time_analysis(m, &warnings);
        printf("%-22s %8.3f ms  (%zu warnings)\n", ids[i], ms, warnings);
        mission_destroy(m);
    }
    for (int side = 128; side <= 1024; side *= 2) {
        size_t nb, nx;
        uint8_t *bmp = make_bmp_side(side, &nb);
        char *xml = make_doors_xml(side, &nx);
        ErrorList errs;
        errors_init(&errs, 0);
        Mission *m = mission_load_memory("bench.xml", (const uint8_t *)xml, nx, bmp, nb, opts, &errs);
        if (!m) {
            errors_print(&errs, stderr);
            exit(1);
        }
        size_t warnings;
        double ms = time_analysis(m, &warnings);
        double squares = (double)side * side;
        printf("%4dx%-4d %5zu rooms %8.2f ms  %6.1f ns per square  (%zu warnings)\n", side, side,
               m->door_count, ms, 1e6 * ms / squares, warnings);
        mission_destroy(m);
        free(xml);
        free(bmp);
    }
}

/* A mission with n monsters and n/4 traps on room squares. */
static char *make_xml(int n, size_t *size)
{
    size_t cap = 1024 + (size_t)n * 200;
    char *x = xmalloc(cap, 1);
    size_t k = (size_t)snprintf(x, cap,
                                "<?xml version=\"1.0\"?>\n<mission id=\"bench\" version=\"1\">\n"
                                "<name>Bench</name><board bitmap=\"board.bmp\"/>\n"
                                "<heroes><hero type=\"barbarian\" x=\"0\" y=\"0\"/></heroes>\n"
                                "<objectives><escape/></objectives><exits><square x=\"1\" "
                                "y=\"0\"/></exits>\n<monsters>\n");
    int placed = 0;
    for (int y = 2; y < SIDE && placed < n; y++) {
        for (int xx = 2; xx < SIDE && placed < n; xx++) {
            if (xx % 16 < 2 || y % 16 < 2 || (xx + y) % 3 != 0)
                continue;
            k += (size_t)snprintf(x + k, cap - k,
                                  "<monster type=\"goblin\" x=\"%d\" y=\"%d\"/>\n", xx, y);
            placed++;
        }
    }
    k += (size_t)snprintf(x + k, cap - k, "</monsters><traps>\n");
    for (int i = 0, y = 2; y < SIDE && i < n / 4; y++) {
        for (int xx = 2; xx < SIDE && i < n / 4; xx++) {
            if (xx % 16 < 2 || y % 16 < 2 || (xx + y) % 3 != 1)
                continue;
            k += (size_t)snprintf(x + k, cap - k, "<trap kind=\"pit\" x=\"%d\" y=\"%d\"/>\n",
                                  xx, y);
            i++;
        }
    }
    k += (size_t)snprintf(x + k, cap - k, "</traps></mission>\n");
    *size = k;
    return x;
}

static double time_load(const char *name, const uint8_t *xml, size_t nx, const uint8_t *bmp,
                        size_t nb, const MissionLoadOptions *opts)
{
    double best = 1e30;
    for (int r = 0; r < REPS; r++) {
        ErrorList errs;
        errors_init(&errs, 0);
        double t0 = timer_now_ms();
        Mission *m = mission_load_memory(name, xml, nx, bmp, nb, opts, &errs);
        double ms = timer_now_ms() - t0;
        if (!m) {
            errors_print(&errs, stderr);
            exit(1);
        }
        mission_destroy(m);
        errors_clear(&errs);
        best = ms < best ? ms : best;
    }
    return best;
}

static void bench_bundled(const MissionLoadOptions *opts)
{
    static const char *const ids[] = {"first-light", "the-drowned-archive", "bone-orchard"};
    for (size_t i = 0; i < 3; i++) {
        double best = 1e30;
        char path[4096];
        snprintf(path, sizeof path, "%s/missions/%s/mission.xml", QB_SOURCE_DIR, ids[i]);
        for (int r = 0; r < REPS; r++) {
            ErrorList errs;
            errors_init(&errs, 0);
            double t0 = timer_now_ms();
            Mission *m = mission_load(path, opts, &errs);
            double ms = timer_now_ms() - t0;
            if (!m) {
                errors_print(&errs, stderr);
                exit(1);
            }
            mission_destroy(m);
            errors_clear(&errs);
            best = ms < best ? ms : best;
        }
        printf("%-22s %8.2f ms\n", ids[i], best);
    }
}

int main(void)
{
    char cat_path[4096];
    snprintf(cat_path, sizeof cat_path, "%s/assets/pieces.xml", QB_SOURCE_DIR);
    ErrorList errs;
    errors_init(&errs, 0);
    Catalogue *cat = catalogue_load(cat_path, &errs);
    if (!cat) {
        errors_print(&errs, stderr);
        return 1;
    }
    MissionLoadOptions opts = {.catalogue_path = cat_path, .catalogue = cat};
    printf("bundled missions (best of %d loads, catalogue preloaded):\n", REPS);
    bench_bundled(&opts);
    size_t nb;
    uint8_t *bmp = make_bmp(&nb);
    printf("synthetic %dx%d board, n monsters + n/4 traps (base: n=0, the board alone):\n",
           SIDE, SIDE);
    double base = 0;
    for (int n = 0; n <= 10000; n = n ? n * 10 : 10) {
        size_t nx;
        char *xml = make_xml(n, &nx);
        double ms = time_load("bench.xml", (const uint8_t *)xml, nx, bmp, nb, &opts);
        if (n == 0)
            base = ms;
        printf("n=%-6d %8.2f ms  %7.2f us per placement above base\n", n, ms,
               n ? 1000.0 * (ms - base) / (n * 1.25) : 0.0);
        free(xml);
    }
    free(bmp);
    bench_analysis(&opts);
    catalogue_destroy(cat);
    return 0;
}
