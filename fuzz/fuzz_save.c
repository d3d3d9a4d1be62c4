/* libFuzzer harness over the rules engine's save files (src/rules/save.h):
 * the input is a save text. save_parse must refuse it with a reason or
 * accept it; an accepted save is then replayed on the bundled first-light
 * mission (its hash taken as the mission's, so the actions are reached):
 * the replay must give a game or a reason, and a game saves again to text
 * that parses and replays to the same state. The checksum would stop
 * almost every mutation at the last line, so an input whose last line is
 * "checksum fuzz" gets the right checksum put in first. */
#include "config.h"
#include "mission/mission.h"
#include "rules/save.h"

#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static Mission *mission;
static char mission_path[4096];

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    const char *root = getenv("QUESTBOARD_DATA");
    if (!root || !*root)
        root = QB_SOURCE_DIR;
    char catalogue[4096];
    snprintf(catalogue, sizeof catalogue, "%s/assets/pieces.xml", root);
    snprintf(mission_path, sizeof mission_path, "%s/missions/first-light/mission.xml", root);
    MissionLoadOptions opts = {.catalogue_path = catalogue};
    ErrorList errs;
    errors_init(&errs, 0);
    mission = mission_load(mission_path, &opts, &errs);
    if (!mission) {
        errors_print(&errs, stderr);
        abort();
    }
    errors_clear(&errs);
    return 0;
}

/* The text with "checksum fuzz\n" at its end replaced by the real one. */
static char *with_checksum(const uint8_t *data, size_t size, size_t *out_size)
{
    static const char mark[] = "checksum fuzz\n";
    size_t m = sizeof mark - 1;
    char *text = malloc(size + 32);
    memcpy(text, data, size);
    *out_size = size;
    if (size >= m && memcmp(data + size - m, mark, m) == 0 &&
        (size == m || data[size - m - 1] == '\n')) {
        size_t body = size - m;
        *out_size = body + (size_t)snprintf(text + body, 32, "checksum %016" PRIx64 "\n",
                                            save_checksum(text, body));
    }
    return text;
}

static void resave(const Game *g)
{
    size_t n;
    char *text = save_format(g, mission_path, &n), why[256];
    SaveData s;
    if (!save_parse(text, n, &s, why, sizeof why))
        abort(); /* what we write, we read */
    Game *again = save_replay(mission, &s, why, sizeof why);
    if (!again || game_rng_state(again) != game_rng_state(g) ||
        game_log_count(again) != game_log_count(g))
        abort();
    game_destroy(again);
    save_data_free(&s);
    free(text);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    size_t n;
    char *text = with_checksum(data, size, &n), why[512] = "";
    SaveData s;
    if (!save_parse(text, n, &s, why, sizeof why)) {
        if (!why[0] || s.actions || s.mission_path)
            abort(); /* refused with a reason, and nothing kept */
        free(text);
        return 0;
    }
    s.mission_hash = mission->hash;
    why[0] = '\0';
    Game *g = save_replay(mission, &s, why, sizeof why);
    if (!g && !why[0])
        abort();
    if (g)
        resave(g);
    game_destroy(g);
    save_data_free(&s);
    free(text);
    return 0;
}
