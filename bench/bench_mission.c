/* Mission loading time: the bundled missions, then synthetic missions with
 * more and more placements on a 512x512 board, to show the checks grow
 * linearly with the number of placements.
 *
 * Prints milliseconds per load (XML parse + schema + checks + bitmap +
 * board). Run: meson compile -C build && build/bench/bench_mission
 */
#include "config.h"
#include "core/alloc.h"
#include "core/timer.h"
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
static uint8_t *make_bmp(size_t *size)
{
    size_t row = ((size_t)SIDE * 3 + 3) & ~(size_t)3;
    *size = 54 + row * SIDE;
    uint8_t *b = xcalloc(*size, 1);
    b[0] = 'B';
    b[1] = 'M';
    put32(b + 2, (uint32_t)*size);
    put32(b + 10, 54);
    put32(b + 14, 40);
    put32(b + 18, SIDE);
    put32(b + 22, SIDE);
    b[26] = 1;
    b[28] = 24;
    static const uint32_t colours[4] = {0x8a1f2b, 0x2b5f8a, 0x6b4a2b, 0x5a7a3a};
    for (int y = 0; y < SIDE; y++) {
        uint8_t *p = b + 54 + row * (size_t)(SIDE - 1 - y);
        for (int x = 0; x < SIDE; x++) {
            bool corridor = x % 16 < 2 || y % 16 < 2;
            uint32_t c = corridor ? 0xffffff : colours[(x / 16 + y / 16) % 4];
            p[3 * x] = (uint8_t)c;
            p[3 * x + 1] = (uint8_t)(c >> 8);
            p[3 * x + 2] = (uint8_t)(c >> 16);
        }
    }
    return b;
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
    catalogue_destroy(cat);
    return 0;
}
