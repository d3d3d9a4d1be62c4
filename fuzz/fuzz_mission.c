/* libFuzzer harness over the mission loader (see docs/missions.md,
 * "Fuzzing"). An input is mission XML, optionally followed by the
 * separator "\n==BITMAP==\n" and the bytes of the bitmap the XML names:
 *   - no separator: the XML is loaded with the bundled first-light bitmap;
 *   - separator with nothing before it: the bitmap alone, as a bare
 *     bitmap mission.
 * The catalogue and schemas come from the source tree's assets/. */
#include "config.h"
#include "core/fileio.h"
#include "mission/catalogue.h"
#include "mission/mission.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char separator[] = "\n==BITMAP==\n";
static char catalogue_path[4096];
static Catalogue *catalogue;
static uint8_t *default_bitmap;
static size_t default_bitmap_size;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    const char *root = getenv("QUESTBOARD_DATA");
    if (!root || !*root)
        root = QB_SOURCE_DIR;
    snprintf(catalogue_path, sizeof catalogue_path, "%s/assets/pieces.xml", root);
    ErrorList errs;
    errors_init(&errs, 0);
    catalogue = catalogue_load(catalogue_path, &errs);
    char bitmap[4096], err[256];
    snprintf(bitmap, sizeof bitmap, "%s/missions/first-light/board.png", root);
    if (!catalogue || !fileio_read(bitmap, 1u << 20, &default_bitmap, &default_bitmap_size, err,
                                   sizeof err)) {
        errors_print(&errs, stderr);
        fprintf(stderr, "fuzz_mission: cannot load %s or %s\n", catalogue_path, bitmap);
        abort();
    }
    errors_clear(&errs);
    return 0;
}

static const uint8_t *find_separator(const uint8_t *data, size_t size)
{
    size_t n = sizeof separator - 1;
    for (size_t i = 0; i + n <= size; i++)
        if (memcmp(data + i, separator, n) == 0)
            return data + i;
    return NULL;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const uint8_t *sep = find_separator(data, size);
    const uint8_t *xml = data, *bitmap = default_bitmap;
    size_t xml_size = size, bitmap_size = default_bitmap_size;
    if (sep) {
        xml_size = (size_t)(sep - data);
        bitmap = sep + sizeof separator - 1;
        bitmap_size = size - xml_size - (sizeof separator - 1);
        if (xml_size == 0)
            xml = NULL;
    }
    /* Limits below the game's keep each run fast, but reach boards of a
     * million squares (4096 a side) and, with -max_len=131072, a <types>
     * list past its cap of 1,000; the logic is the same. */
    MissionLoadOptions opts = {.catalogue_path = catalogue_path, .catalogue = catalogue,
                               .max_side = 4096, .max_squares = 1 << 20, .max_rooms = 65536};
    ErrorList errs;
    errors_init(&errs, 0);
    Mission *m = mission_load_memory("fuzz.xml", xml, xml_size, bitmap, bitmap_size, &opts, &errs);
    if (m) {
        /* Touch what users of a loaded mission read. */
        for (size_t i = 0; i < m->furniture_count; i++)
            (void)mission_furniture_at(m, m->furniture[i].pos);
        (void)mission_colour_name(m, 0xffffff);
    } else if (!errors_any(&errs)) {
        abort(); /* a failed load must say why */
    }
    for (size_t i = 0; i < errs.count; i++)
        if (strncmp(errs.items[i], "fuzz.xml", 8) != 0 && strstr(errs.items[i], ": ") == NULL)
            abort(); /* every message names where */
    mission_destroy(m);
    errors_clear(&errs);
    return 0;
}
