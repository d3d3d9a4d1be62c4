/* libFuzzer harness over the campaign loader (src/mission/campaign.h): the
 * input is a campaign.xml, written into a private folder that also holds
 * two missions (a/mission.xml, b/mission.xml), a folder c/ with no
 * mission, and a link "out" to the bundled missions, outside the folder.
 * campaign_load must refuse the file with reasons, each naming a file, or
 * accept it; an accepted campaign names 1 to 100 missions, each a regular
 * file inside the folder reached without the link, sells no item twice,
 * at no price below 0, and has 1 to 4 heroes. The catalogue and the
 * schema come from the source tree's assets/. */
#define _DEFAULT_SOURCE /* mkdtemp, realpath, symlink */
#include "config.h"
#include "core/fileio.h"
#include "mission/campaign.h"
#include "mission/catalogue.h"

#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char catalogue_path[4096], folder[] = "/tmp/qb-fuzz-campaign-XXXXXX";
static char campaign_path[PATH_MAX], folder_real[PATH_MAX];
static Catalogue *cat;

static void at(char *buf, size_t size, const char *name)
{
    snprintf(buf, size, "%s/%s", folder, name);
}

static void remove_folder(void)
{
    static const char *const files[] = {"a/mission.xml", "b/mission.xml", "out",
                                        "campaign.xml", "a", "b", "c"};
    char path[PATH_MAX];
    for (size_t i = 0; i < sizeof files / sizeof *files; i++) {
        at(path, sizeof path, files[i]);
        if (unlink(path) != 0)
            rmdir(path);
    }
    rmdir(folder);
}

static void must(bool ok, const char *what)
{
    if (!ok) {
        perror(what);
        abort();
    }
}

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
    cat = catalogue_load(catalogue_path, &errs);
    if (!cat) {
        errors_print(&errs, stderr);
        abort();
    }
    errors_clear(&errs);
    must(mkdtemp(folder) != NULL, "fuzz_campaign: folder");
    atexit(remove_folder);
    char path[PATH_MAX], target[PATH_MAX], why[256];
    static const char *const dirs[] = {"a", "b", "c"};
    for (size_t i = 0; i < 3; i++) {
        at(path, sizeof path, dirs[i]);
        must(mkdir(path, 0700) == 0, "fuzz_campaign: mkdir");
    }
    static const char mission[] = "<mission/>\n"; /* its contents are not read here */
    at(path, sizeof path, "a/mission.xml");
    must(fileio_write_atomic(path, mission, sizeof mission - 1, why, sizeof why), why);
    at(path, sizeof path, "b/mission.xml");
    must(fileio_write_atomic(path, mission, sizeof mission - 1, why, sizeof why), why);
    at(path, sizeof path, "out");
    snprintf(target, sizeof target, "%s/missions", root);
    must(symlink(target, path) == 0, "fuzz_campaign: link");
    at(campaign_path, sizeof campaign_path, "campaign.xml");
    must(realpath(folder, folder_real) != NULL, "fuzz_campaign: realpath");
    return 0;
}

/* A mission of an accepted campaign: a regular file inside the folder. */
static bool mission_inside(const CampaignMission *m)
{
    size_t n = strlen(folder_real);
    struct stat st;
    return m->path && strncmp(m->path, folder_real, n) == 0 && m->path[n] == '/' &&
           stat(m->path, &st) == 0 && S_ISREG(st.st_mode) && m->gold >= 0;
}

static void check_campaign(const Campaign *c)
{
    if (c->mission_count < 1 || c->mission_count > 100 || c->hero_count < 1 ||
        c->hero_count > CAMPAIGN_MAX_HEROES || c->starting_gold < 0 || !c->name)
        abort();
    for (size_t i = 0; i < c->mission_count; i++)
        if (!mission_inside(&c->missions[i]))
            abort();
    for (size_t i = 0; i < c->offer_count; i++) {
        const CampaignOffer *o = &c->offers[i];
        if (o->item < 0 || (size_t)o->item >= catalogue_item_count(cat) || o->price < 0)
            abort();
        for (size_t j = 0; j < i; j++)
            if (c->offers[j].item == o->item)
                abort();
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char why[256];
    if (!fileio_write_atomic(campaign_path, data, size, why, sizeof why)) {
        fprintf(stderr, "fuzz_campaign: %s\n", why);
        abort();
    }
    ErrorList errs;
    errors_init(&errs, 0);
    Campaign *c = campaign_load(campaign_path, catalogue_path, cat, &errs);
    if (c)
        check_campaign(c);
    else if (!errors_any(&errs))
        abort(); /* a refusal says why */
    for (size_t i = 0; i < errs.count; i++)
        if (strstr(errs.items[i], ": ") == NULL)
            abort(); /* every message names where */
    campaign_destroy(c);
    errors_clear(&errs);
    return 0;
}
