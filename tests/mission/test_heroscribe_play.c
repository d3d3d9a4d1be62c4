/* A HeroScribe quest played directly and its `--import` folder play the
 * same game: the bot plays both from the same seeds and every event's
 * text, every action and the dice generator's state must agree. The
 * folder is written as questboard --import writes it (genfile_write) and
 * loaded from disk (PNG decoded back), so the bitmap round trip is part
 * of the check. */
#define _POSIX_C_SOURCE 200809L
#include "check.h"
#include "bot/bot.h"
#include "core/fileio.h"
#include "gen/genfile.h"
#include "mission/heroscribe.h"
#include "mission/mission.h"
#include "rules/game.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char catalogue_path[1024];

/* The bot's game as text: every event line, then the status and rng. */
static char *play(const Mission *m, uint64_t seed)
{
    char why[256] = "";
    Game *g = game_create(m, NULL, seed, why, sizeof why);
    CHECK(g != NULL);
    if (!g) {
        fprintf(stderr, "game_create: %s\n", why);
        return strdup("");
    }
    Bot *bot = bot_create(g);
    GameEvents ev;
    game_events_init(&ev);
    bot_play(bot, g, 3000, &ev);
    size_t size = ev.count * (GAME_EVENT_TEXT + 2) + 64, len = 0;
    char *out = malloc(size);
    out[0] = '\0';
    for (size_t i = 0; i < ev.count; i++)
        len += (size_t)snprintf(out + len, size - len, "%d %s\n", (int)ev.items[i].kind,
                                ev.items[i].text);
    snprintf(out + len, size - len, "status %d rng %llu actions %zu\n", (int)game_status(g),
             (unsigned long long)game_rng_state(g), game_log_count(g));
    CHECK(ev.count > 20); /* the bot played, not just looked */
    game_events_free(&ev);
    bot_destroy(bot);
    game_destroy(g);
    return out;
}

static void same_game(const char *fixture, const char *dir)
{
    char path[1024], xml_path[1200], err[1400];
    snprintf(path, sizeof path, "%s/heroscribe/%s", getenv("TEST_DATA"), fixture);
    MissionLoadOptions opts = {.catalogue_path = catalogue_path};
    ErrorList errs;
    errors_init(&errs, 0);
    Mission *direct = mission_load(path, &opts, &errs);
    /* the import, as questboard --import writes it */
    uint8_t *bytes = NULL;
    size_t size = 0;
    CHECK(fileio_read(path, 1 << 20, &bytes, &size, err, sizeof err));
    Catalogue *cat = catalogue_load(catalogue_path, &errs);
    HeroscribeImport imp;
    CHECK(heroscribe_convert(path, bytes, size, cat, &imp, &errs));
    GenResult r = {.width = imp.width, .height = imp.height, .rgba = imp.rgba, .xml = imp.xml,
                   .xml_size = imp.xml_size};
    CHECK(genfile_write(&r, dir, true, xml_path, sizeof xml_path, err, sizeof err));
    Mission *folder = mission_load(xml_path, &opts, &errs);
    errors_print(&errs, stderr);
    CHECK(direct && folder);
    if (direct && folder) {
        CHECK(strcmp(direct->id, folder->id) == 0);
        for (uint64_t seed = 1; seed <= 2; seed++) {
            char *a = play(direct, seed), *b = play(folder, seed);
            CHECK(strcmp(a, b) == 0);
            if (seed == 1)
                fprintf(stderr, "%s seed 1: %s", fixture, strrchr(a, '\n') > a ? strstr(a, "status") : a);
            free(a);
            free(b);
        }
    }
    mission_destroy(direct);
    mission_destroy(folder);
    heroscribe_free(&imp);
    catalogue_destroy(cat);
    free(bytes);
    errors_clear(&errs);
}

int main(void)
{
    const char *root = getenv("QUESTBOARD_DATA");
    if (!root || !getenv("TEST_DATA")) {
        fprintf(stderr, "QUESTBOARD_DATA and TEST_DATA must be set\n");
        return 1;
    }
    snprintf(catalogue_path, sizeof catalogue_path, "%s/assets/pieces.xml", root);
    char dir[] = "/tmp/qb-heroscribe-XXXXXX";
    CHECK(mkdtemp(dir) != NULL);
    const char *fixtures[] = {"vault-of-vorth.xml", "twin-keeps.xml"};
    for (size_t i = 0; i < 2; i++) {
        char sub[64];
        snprintf(sub, sizeof sub, "%s/%zu", dir, i);
        same_game(fixtures[i], sub);
        char f[128];
        snprintf(f, sizeof f, "%s/mission.xml", sub);
        remove(f);
        snprintf(f, sizeof f, "%s/board.png", sub);
        remove(f);
        rmdir(sub);
    }
    rmdir(dir);
    return check_finish("heroscribe_play");
}
