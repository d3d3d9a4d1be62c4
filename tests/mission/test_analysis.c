/* The mission analysis of --check: the fixtures in
 * tests/data/missions/analysis each give exactly the warnings and notes of
 * their .expected file (DIR/ standing for the folder); the bundled
 * missions and the docs' examples give none. */
#define _POSIX_C_SOURCE 200809L
#include "check.h"
#include "core/fileio.h"
#include "mission/analysis.h"
#include "mission/mission.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char catalogue_path[1024];

static Mission *load(const char *path)
{
    MissionLoadOptions opts = {.catalogue_path = catalogue_path};
    ErrorList errs;
    errors_init(&errs, 0);
    Mission *m = mission_load(path, &opts, &errs);
    errors_print(&errs, stderr);
    errors_clear(&errs);
    CHECK(m != NULL);
    return m;
}

/* Warnings then notes, a line each, as --check prints them. */
static char *analyse(const Mission *m, size_t *warnings_out)
{
    ErrorList warnings, notes;
    errors_init(&warnings, 0);
    errors_init(&notes, 0);
    *warnings_out = analysis_run(m, &warnings, &notes);
    CHECK_INT(*warnings_out, errors_total(&warnings));
    size_t size = 1;
    for (int pass = 0; pass < 2; pass++) {
        ErrorList *l = pass ? &notes : &warnings;
        for (size_t i = 0; i < l->count; i++)
            size += strlen(l->items[i]) + 1;
    }
    char *text = calloc(size, 1);
    for (int pass = 0; pass < 2; pass++) {
        ErrorList *l = pass ? &notes : &warnings;
        for (size_t i = 0; i < l->count; i++) {
            strcat(text, l->items[i]);
            strcat(text, "\n");
        }
    }
    errors_clear(&warnings);
    errors_clear(&notes);
    return text;
}

/* The expected file with DIR/ replaced by the fixtures' folder. */
static char *expected(const char *dir, const char *name)
{
    char path[1200], why[256];
    snprintf(path, sizeof path, "%s/%s.expected", dir, name);
    uint8_t *raw = NULL;
    size_t size = 0;
    if (!fileio_read(path, 1 << 20, &raw, &size, why, sizeof why)) {
        fprintf(stderr, "%s\n", why);
        CHECK(false);
        return calloc(1, 1);
    }
    char *out = calloc(size * 2 + strlen(dir) * 64 + 1, 1);
    const char *p = (const char *)raw, *end = p + size;
    while (p < end) {
        if (end - p >= 4 && strncmp(p, "DIR/", 4) == 0) {
            strcat(out, dir);
            strcat(out, "/");
            p += 4;
        } else {
            strncat(out, p++, 1);
        }
    }
    free(raw);
    return out;
}

static void test_fixtures(void)
{
    static const struct {
        const char *file;
        int warnings;
    } cases[] = {
        {"key-own.xml", 2},       {"key-cycle.xml", 3},        {"key-chain.xml", 5},
        {"doorless.xml", 3},      {"sealed.xml", 0},           {"near-colour.xml", 2},
        {"secret.xml", 0},        {"exits.xml", 2},            {"boxed.xml", 2},
        {"stuck.xml", 1},         {"corridor-treasure.xml", 2}, {"furniture-objective.xml", 1},
        {"falling.xml", 0},       {"clean.xml", 0},            {"near.png", 2},
        {"almost.png", 2},        {"corner.png", 1},           {"mixed.png", 1},
        {"board.png", 0},         {"hex-doorless.xml", 2},
        {"falling-eu.xml", 0},    {"falling-us.xml", 1},       {"falling-many.xml", 0},
        {"sprites.xml", 1},
    };
    char dir[1024];
    snprintf(dir, sizeof dir, "%s/missions/analysis", getenv("TEST_DATA"));
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char path[1200], name[64];
        snprintf(path, sizeof path, "%s/%s", dir, cases[i].file);
        snprintf(name, sizeof name, "%s", cases[i].file);
        *strrchr(name, '.') = '\0';
        Mission *m = load(path);
        if (!m)
            continue;
        size_t warnings;
        char *got = analyse(m, &warnings), *want = expected(dir, name);
        if (strcmp(got, want) != 0)
            fprintf(stderr, "%s: got\n%s-- expected\n%s--\n", cases[i].file, got, want);
        CHECK(strcmp(got, want) == 0);
        CHECK_INT(warnings, cases[i].warnings);
        free(got);
        free(want);
        mission_destroy(m);
    }
}

/* What authors start from checks clean. */
static void test_clean(void)
{
    static const char *const files[] = {
        "missions/first-light/mission.xml", "missions/bone-orchard/mission.xml",
        "missions/the-drowned-archive/mission.xml", "docs/example/mission.xml",
        "docs/first-mission/mission.xml", "missions/the-ember-hive/mission.xml",
        "missions/the-leaning-nave/mission.xml",
        "missions/campaigns/ashen-crown/1-toll-house/mission.xml",
        "missions/campaigns/ashen-crown/2-sunken-chapel/mission.xml",
        "missions/campaigns/ashen-crown/3-kel-durn/mission.xml",
        "missions/campaigns/ashen-crown/4-star-tower/mission.xml",
        "missions/campaigns/ashen-crown/5-ashen-throne/mission.xml",
    };
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
        char path[1200];
        snprintf(path, sizeof path, "%s/%s", getenv("QUESTBOARD_DATA"), files[i]);
        Mission *m = load(path);
        if (!m)
            continue;
        size_t warnings;
        char *got = analyse(m, &warnings);
        if (warnings)
            fprintf(stderr, "%s", got);
        CHECK_INT(warnings, 0);
        free(got);
        mission_destroy(m);
    }
}

/* A chain of CHAIN locked doors off one corridor, each key in the room
 * behind the door before it, the first key in a room at the corridor's far
 * end: every door is reached before its key, so finding the first key
 * opens them all, one after another. The analysis follows the chain
 * without recursing into it (a thread's small stack would overflow) and
 * finds the last room reached. */
enum { CHAIN = 4000 };

typedef struct ChainRun {
    const Mission *m;
    size_t warnings;
    char *text;
} ChainRun;

static void *chain_worker(void *arg)
{
    ChainRun *run = arg;
    run->text = analyse(run->m, &run->warnings);
    return NULL;
}

static void test_key_chain_depth(void)
{
    const int w = 2 * CHAIN + 3, h = 3;
    uint8_t *rgba = calloc((size_t)w * h * 4, 1); /* black: no square */
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            bool room = y > 0 && x % 2 == 1;
            if (y > 0 && !room)
                continue;
            uint8_t *px = rgba + ((size_t)y * w + x) * 4;
            px[0] = room ? 0xa0 : 0xff;
            px[1] = room ? 0x40 : 0xff;
            px[2] = room ? 0x40 : 0xff;
            px[3] = 0xff;
        }
    size_t cap = (size_t)CHAIN * 160 + 4096, len = 0;
    char *xml = malloc(cap);
    len += (size_t)snprintf(xml + len, cap - len,
                            "<mission id=\"chain\" version=\"1\"><name>chain</name>"
                            "<board bitmap=\"chain.png\"/>"
                            "<palette><colour rgb=\"#ffffff\" name=\"Corridor\"/></palette>"
                            "<heroes><hero type=\"barbarian\" x=\"0\" y=\"0\"/></heroes><doors>");
    /* Door i (1..CHAIN) into the room at x = 2i-1; the room at the far
     * end, x = 2*CHAIN+1, has an ordinary door and the first key. */
    for (int i = 1; i <= CHAIN; i++)
        len += (size_t)snprintf(xml + len, cap - len,
                                "<door x=\"%d\" y=\"1\" side=\"north\" kind=\"locked\" key=\"k%d\"/>",
                                2 * i - 1, i);
    len += (size_t)snprintf(xml + len, cap - len,
                            "<door x=\"%d\" y=\"1\" side=\"north\"/></doors><treasures>",
                            2 * CHAIN + 1);
    len += (size_t)snprintf(xml + len, cap - len,
                            "<treasure id=\"k1\" name=\"Key 1\" kind=\"item\" x=\"%d\" y=\"2\"/>",
                            2 * CHAIN + 1);
    for (int i = 1; i < CHAIN; i++)
        len += (size_t)snprintf(xml + len, cap - len,
                                "<treasure id=\"k%d\" name=\"Key %d\" kind=\"item\" x=\"%d\" y=\"2\"/>",
                                i + 1, i + 1, 2 * i - 1);
    len += (size_t)snprintf(xml + len, cap - len,
                            "</treasures><objectives><reach-room x=\"%d\" y=\"2\" text=\"The last room\"/>"
                            "</objectives></mission>",
                            2 * CHAIN - 1);
    CHECK(len < cap);
    MissionLoadOptions opts = {.catalogue_path = catalogue_path};
    ErrorList errs;
    errors_init(&errs, 0);
    Mission *m = mission_load_pixels("chain.xml", (const uint8_t *)xml, len, w, h, rgba, &opts, &errs);
    errors_print(&errs, stderr);
    errors_clear(&errs);
    CHECK(m != NULL);
    if (m) {
        /* On a thread with a small stack, as an app's worker might be. */
        ChainRun run = {m, 0, NULL};
        pthread_attr_t attr;
        pthread_t thread;
        pthread_attr_init(&attr);
        pthread_attr_setstacksize(&attr, 256 * 1024);
        CHECK(pthread_create(&thread, &attr, chain_worker, &run) == 0);
        pthread_join(thread, NULL);
        pthread_attr_destroy(&attr);
        if (run.warnings)
            fprintf(stderr, "%s", run.text);
        CHECK_INT(run.warnings, 0);
        free(run.text);
        mission_destroy(m);
    }
    free(xml);
    free(rgba);
}

/* The window's short form of a message: no file, no "warning:". */
static void test_short(void)
{
    char buf[256];
    CHECK(strcmp(analysis_short("a/b/mission.xml:12: warning: the key 'k' (line 3) lies behind it", buf,
                                sizeof buf),
                 "line 12: the key 'k' (line 3) lies behind it") == 0);
    CHECK(strcmp(analysis_short("m.xml: square (3,4): warning: room 7 has no door", buf, sizeof buf),
                 "square (3,4): room 7 has no door") == 0);
    CHECK(strcmp(analysis_short("dir 2/near.png: square (2,0): warning: colour #a04141", buf,
                                sizeof buf),
                 "square (2,0): colour #a04141") == 0);
    CHECK(strcmp(analysis_short("m.xml:5: note: only through the secret door", buf, sizeof buf),
                 "line 5: only through the secret door") == 0);
    CHECK(strcmp(analysis_short("something else", buf, sizeof buf), "something else") == 0);
}

int main(void)
{
    test_short();
    snprintf(catalogue_path, sizeof catalogue_path, "%s/assets/pieces.xml",
             getenv("QUESTBOARD_DATA"));
    test_fixtures();
    test_clean();
    test_key_chain_depth();
    return check_finish("analysis");
}
