/* --replay FILE --verify (replaycli.h). */
#include "replaycli.h"

#include "../core/fileio.h"
#include "../match/replay.h"
#include "cli.h"
#include "packcli.h"
#include "slots.h"

#include <stdlib.h>
#include <string.h>

/* The save to replay and the mission it plays on: a pack's game and
 * mission, or a save file and the mission it names. */
typedef struct ReplaySource {
    uint8_t *data; /* the file's bytes */
    size_t size;
    const char *body; /* the rules save inside (after a slot header) */
    size_t body_size;
    char mission[4400];
} ReplaySource;

static bool read_source(const char *path, ReplaySource *src)
{
    char save_path[4400], why[512];
    snprintf(save_path, sizeof save_path, "%s", path);
    src->mission[0] = '\0';
    if (pack_path_is_pack(path)) {
        char root[4096];
        PackOpened o;
        ErrorList errs;
        errors_init(&errs, 0);
        bool ok = packcli_missions_root(root, sizeof root) && packcli_open(path, root, &o, &errs);
        errors_print(&errs, stderr);
        errors_clear(&errs);
        if (!ok)
            return false;
        if (o.kind != PACK_GAME && !o.replay[0]) {
            fprintf(stderr, "%s: a pack of a %s, with no saved game to replay\n", path,
                    pack_kind_name(o.kind));
            return false;
        }
        snprintf(save_path, sizeof save_path, "%s", o.kind == PACK_GAME ? o.main : o.replay);
        snprintf(src->mission, sizeof src->mission, "%s", o.kind == PACK_GAME ? o.mission : o.main);
    }
    if (!fileio_read(save_path, SAVE_MAX_BYTES, &src->data, &src->size, why, sizeof why)) {
        fprintf(stderr, "%s: %s\n", save_path, why);
        return false;
    }
    size_t skip = 0;
    SlotHeader h;
    if (src->size >= 15 && memcmp(src->data, "questboard-slot", 15) == 0 &&
        !slots_header_parse((const char *)src->data, src->size, &h, &skip, why, sizeof why)) {
        fprintf(stderr, "%s:1: %s\n", save_path, why);
        free(src->data);
        return false;
    }
    src->body = (const char *)src->data + skip;
    src->body_size = src->size - skip;
    return true;
}

static int verify(const char *path, const BitmapLimits *limits)
{
    ReplaySource src;
    if (!read_source(path, &src))
        return 2;
    SaveData s = {0};
    char why[512];
    ErrorList errs;
    errors_init(&errs, 0);
    int status = 2;
    if (!save_parse(src.body, src.body_size, &s, why, sizeof why)) {
        fprintf(stderr, "%s: %s\n", path, why);
    } else {
        Mission *m = cli_load_mission(src.mission[0] ? src.mission : s.mission_path, limits, &errs);
        ReplayCheck rc;
        if (!m) {
            errors_print(&errs, stderr);
        } else if (!replay_verify(m, &s, &rc)) {
            if (rc.failed)
                fprintf(stderr, "%s: action %zu of %zu does not replay: %s\n", path, rc.failed,
                        s.action_count, rc.why);
            else
                fprintf(stderr, "%s: %s\n", path, rc.why);
        } else {
            char hex[DIGEST_HEX_SIZE];
            digest_hex(rc.state, hex);
            printf("actions=%zu rounds=%d outcome=%s state=%s\n", rc.actions, rc.rounds,
                   replay_outcome_name(rc.status), hex);
            status = 0;
        }
        mission_destroy(m);
    }
    save_data_free(&s);
    errors_clear(&errs);
    free(src.data);
    return status;
}

static void replay_usage(FILE *out)
{
    fprintf(out, "  --replay FILE --verify\n"
                 "                       replay a saved game (a save slot, a rules save or a\n"
                 "                       quest pack holding one) without a window and print\n"
                 "                       'actions=N rounds=N outcome=... state=HEX'; exit 2\n"
                 "                       naming the first action that does not replay\n"
                 "                       (docs/replays.md)\n");
}

static int replay_run(const CliArgs *a)
{
    BitmapLimits limits;
    Grid shape;
    if (!cliargs_limits(a, &limits, &shape))
        return 2;
    if (!cliargs_given(a, CLI_OPT_VERIFY)) {
        fprintf(stderr, "questboard: --replay FILE takes --verify (see --help)\n");
        return 2;
    }
    return verify(a->mode_arg, &limits);
}

const CliMode replaycli_mode = {"replay",     "FILE",    0, 0, "no FILE", CLI_LIMITS | CLI_BIT(CLI_OPT_VERIFY),
                                replay_usage, replay_run};
