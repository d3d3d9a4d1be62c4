/* libFuzzer harness over the HeroScribe importer (docs/heroscribe.md): an
 * input is a quest file. It is converted and loaded as the game loads it
 * (heroscribe_load: the conversion, the mission loader, the checks). A
 * refusal must say why and every message must name the quest; a loaded
 * mission's placements all carry a line of the quest. The catalogue
 * comes from the source tree's assets/. */
#include "config.h"
#include "mission/catalogue.h"
#include "mission/heroscribe.h"
#include "mission/mission.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char catalogue_path[4096];
static Catalogue *catalogue;

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
    if (!catalogue) {
        errors_print(&errs, stderr);
        abort();
    }
    errors_clear(&errs);
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    (void)heroscribe_sniff(data, size);
    MissionLoadOptions opts = {.catalogue_path = catalogue_path, .catalogue = catalogue};
    ErrorList errs;
    errors_init(&errs, 0);
    Mission *m = heroscribe_load("fuzz.xml", data, size, &opts, &errs);
    if (!m && !errors_any(&errs))
        abort(); /* a failed load must say why */
    for (size_t i = 0; i < errs.count; i++)
        if (strncmp(errs.items[i], "fuzz.xml", 8) != 0)
            abort(); /* every message names the quest */
    if (m) {
        for (size_t i = 0; i < m->monster_count; i++)
            if (m->monsters[i].line < 1)
                abort();
        for (size_t i = 0; i < m->load_warning_count; i++)
            if (strncmp(m->load_warnings[i], "fuzz.xml:", 9) != 0)
                abort();
    }
    mission_destroy(m);
    errors_clear(&errs);
    return 0;
}
