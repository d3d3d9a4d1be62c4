/* Milliseconds per HeroScribe quest: the conversion alone
 * (heroscribe_convert: parse, board, placements, objectives, XML and
 * pixels) and the whole load as the game does it (heroscribe_load: the
 * conversion, then the mission loader's schema, board and checks), for
 * the test quests and a made-up 4x4-board quest with a few thousand
 * objects and long notes. Median of repeated runs.
 *
 * Run: meson compile -C build && build/bench/bench_heroscribe
 */
#include "config.h"
#include "core/fileio.h"
#include "core/timer.h"
#include "mission/heroscribe.h"
#include "mission/mission.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define RUNS 25

static int compare(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static double median(double *v, int n)
{
    qsort(v, (size_t)n, sizeof *v, compare);
    return v[n / 2];
}

static void bench(const char *label, const uint8_t *xml, size_t size, const char *cat_path,
                  const Catalogue *cat)
{
    double conv[RUNS], load[RUNS];
    size_t objects = 0;
    for (int r = 0; r < RUNS; r++) {
        ErrorList errs;
        errors_init(&errs, 0);
        HeroscribeImport imp;
        double t0 = timer_now_ms();
        bool ok = heroscribe_convert("bench.xml", xml, size, cat, &imp, &errs);
        conv[r] = timer_now_ms() - t0;
        if (ok)
            heroscribe_free(&imp);
        MissionLoadOptions opts = {.catalogue_path = cat_path, .catalogue = cat};
        t0 = timer_now_ms();
        Mission *m = heroscribe_load("bench.xml", xml, size, &opts, &errs);
        load[r] = timer_now_ms() - t0;
        if (!m) {
            errors_print(&errs, stderr);
            exit(1);
        }
        objects = m->monster_count + m->furniture_count + m->door_count + m->trap_count +
                  m->rubble_count;
        mission_destroy(m);
        errors_clear(&errs);
    }
    printf("%-28s %8zu bytes %6zu placed   convert %7.2f ms   convert+load %7.2f ms\n", label,
           size, objects, median(conv, RUNS), median(load, RUNS));
}

/* Sixteen boards, every room furnished and guarded, doors all round, long notes. */
static char *big_quest(size_t *size)
{
    size_t cap = 1 << 20, n = 0;
    char *s = malloc(cap);
    n += (size_t)snprintf(s + n, cap - n, "<quest name=\"Big\" width=\"4\" height=\"4\">\n");
    for (int b = 0; b < 16; b++) {
        n += (size_t)snprintf(s + n, cap - n, "<board>\n");
        if (b == 0)
            n += (size_t)snprintf(s + n, cap - n, "<object id=\"Stairway\" left=\"13\" top=\"2\"/>\n");
        static const int rooms[][2] = {{3, 3}, {7, 3}, {11, 3}, {16, 3}, {19, 3}, {23, 3},
                                       {3, 7}, {7, 7}, {19, 7}, {23, 7}, {3, 12}, {19, 12},
                                       {23, 12}, {3, 16}, {7, 16}, {11, 16}, {16, 16}, {23, 16}};
        for (size_t r = 0; r < sizeof rooms / sizeof *rooms; r++) {
            int x = rooms[r][0], y = rooms[r][1];
            n += (size_t)snprintf(s + n, cap - n,
                                  "<object id=\"Orc\" left=\"%d\" top=\"%d\"/>\n"
                                  "<object id=\"Goblin\" left=\"%d\" top=\"%d\"/>\n"
                                  "<object id=\"TreasureChest\" left=\"%d\" top=\"%d\"/>\n"
                                  "<object id=\"PitTrap\" left=\"%d\" top=\"%d\"/>\n",
                                  x, y, x + 1, y, x, y - 1, x + 1, y - 1);
        }
        for (int x = 2; x <= 25; x += 1)
            n += (size_t)snprintf(s + n, cap - n,
                                  "<object id=\"Door\" left=\"%d\" top=\"1\" rotation=\"downward\"/>\n"
                                  "<object id=\"Door\" left=\"%d\" top=\"18\" rotation=\"upward\"/>\n",
                                  x, x);
        n += (size_t)snprintf(s + n, cap - n, "<dark left=\"10\" top=\"8\" width=\"2\" height=\"2\"/>\n</board>\n");
    }
    for (int b = 0; b < 3; b++)
        n += (size_t)snprintf(s + n, cap - n,
                              "<bridge column=\"%d\" row=\"1\" position=\"10\" orientation=\"horizontal\"/>\n",
                              b + 1);
    n += (size_t)snprintf(s + n, cap - n, "<speech>Kill the orcs and find the Silver Chalice.</speech>\n");
    for (int k = 0; k < 200; k++)
        n += (size_t)snprintf(s + n, cap - n,
                              "<note>%c: A long note with <b>bold</b> text, 25 gold coins and a "
                              "chalice of silver, repeated to be long and longer still.</note>\n",
                              'A' + k % 13);
    n += (size_t)snprintf(s + n, cap - n, "</quest>\n");
    *size = n;
    return s;
}

int main(void)
{
    const char *root = getenv("QUESTBOARD_DATA");
    if (!root || !*root)
        root = QB_SOURCE_DIR;
    char cat_path[4096], path[4096], err[256];
    snprintf(cat_path, sizeof cat_path, "%s/assets/pieces.xml", root);
    ErrorList errs;
    errors_init(&errs, 0);
    Catalogue *cat = catalogue_load(cat_path, &errs);
    if (!cat) {
        errors_print(&errs, stderr);
        return 1;
    }
    const char *fixtures[] = {"vault-of-vorth.xml", "twin-keeps.xml"};
    for (size_t i = 0; i < 2; i++) {
        snprintf(path, sizeof path, "%s/tests/data/heroscribe/%s", root, fixtures[i]);
        uint8_t *xml = NULL;
        size_t size = 0;
        if (!fileio_read(path, 1 << 20, &xml, &size, err, sizeof err)) {
            fprintf(stderr, "%s: %s\n", path, err);
            return 1;
        }
        bench(fixtures[i], xml, size, cat_path, cat);
        free(xml);
    }
    size_t size;
    char *big = big_quest(&size);
    bench("made-up 4x4 boards", (const uint8_t *)big, size, cat_path, cat);
    free(big);
    catalogue_destroy(cat);
    return 0;
}
