/* A data folder for the online board's tests (tests/net/test_online_actions,
 * tests/screens/test_onlineplay): the game's assets (a link to the real
 * ones) and one mission, quiet-cellar: First Light with two finds in the
 * heroes' stairway room, a hazard of 2 body points at 3,3 and a potion of
 * 2 at 4,4 (the potion's item id: find-4-4), so a first search there
 * hurts the searcher and gives a potion. Point QUESTBOARD_DATA at it
 * before anything reads the data folder; the server hosts it as a bundled
 * mission and the window draws it from the same folder. The caller
 * defines _GNU_SOURCE (mkdtemp) before any include. */
#pragma once

#include "app/paths.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Copies file from to to, insert put before the first find (NULL: a
 * plain copy); false when it cannot, or find is not there. */
static inline bool online_data_copy(const char *from, const char *to, const char *find, const char *insert)
{
    FILE *in = fopen(from, "rb");
    if (!in)
        return false;
    static char buf[1 << 20];
    size_t n = fread(buf, 1, sizeof buf - 1, in);
    fclose(in);
    buf[n] = '\0';
    FILE *out = fopen(to, "wb");
    if (!out)
        return false;
    const char *at = find ? strstr(buf, find) : NULL;
    if (at) { /* the insert goes before the first find */
        fwrite(buf, 1, (size_t)(at - buf), out);
        fputs(insert, out);
        fwrite(at, 1, n - (size_t)(at - buf), out);
    } else {
        fwrite(buf, 1, n, out);
    }
    return fclose(out) == 0 && (!find || at);
}

/* A data folder of the test's own: the game's assets (a link), and a
 * missions folder with the one mission of this test. */
static inline bool online_data_make(char *dir, size_t n)
{
    char src[4096], path[4096 + 64], from[4096 + 64];
    snprintf(src, sizeof src, "%s", paths_data_dir());
    snprintf(dir, n, "/tmp/qb-online-data-XXXXXX");
    if (!mkdtemp(dir))
        return false;
    snprintf(from, sizeof from, "%s/assets", src);
    snprintf(path, sizeof path, "%s/assets", dir);
    if (symlink(from, path) != 0)
        return false;
    snprintf(path, sizeof path, "%s/missions", dir);
    mkdir(path, 0700);
    snprintf(path, sizeof path, "%s/missions/quiet-cellar", dir);
    mkdir(path, 0700);
    snprintf(from, sizeof from, "%s/missions/first-light/board.png", src);
    snprintf(path, sizeof path, "%s/missions/quiet-cellar/board.png", dir);
    if (!online_data_copy(from, path, NULL, NULL))
        return false;
    snprintf(from, sizeof from, "%s/missions/first-light/mission.xml", src);
    snprintf(path, sizeof path, "%s/missions/quiet-cellar/mission.xml", dir);
    return online_data_copy(from, path, "<treasure name=\"A sack",
                     "<treasure name=\"Loose stones fall on you\" kind=\"hazard\" amount=\"2\" x=\"3\" y=\"3\"/>\n"
                     "    <treasure name=\"A flask of stair-well cordial\" kind=\"potion\" amount=\"2\" x=\"4\" y=\"4\"/>\n"
                     "    ");
}

static inline void online_data_remove(const char *dir)
{
    char path[4096];
    const char *files[] = {"missions/quiet-cellar/board.png", "missions/quiet-cellar/mission.xml",
                           "missions/quiet-cellar", "missions", "assets"};
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
        snprintf(path, sizeof path, "%s/%s", dir, files[i]);
        if (unlink(path) != 0)
            rmdir(path);
    }
    rmdir(dir);
}

