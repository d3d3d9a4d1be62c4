/* Reading a replay and --replay FILE --verify (replaycli.h). */
#include "replaycli.h"

#include "../core/fileio.h"
#include "../match/replay.h"
#include "cli.h"
#include "packcli.h"
#include "slots.h"
#include "../core/i18n.h"

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
    char save_path[4400];
} ReplaySource;

static bool read_source(const char *path, ReplaySource *src, ErrorList *errs)
{
    char *save_path = src->save_path, why[512];
    size_t save_path_size = sizeof src->save_path;
    snprintf(save_path, save_path_size, "%s", path);
    src->mission[0] = '\0';
    if (pack_path_is_pack(path)) {
        char root[4096];
        PackOpened o;
        if (!packcli_missions_root(root, sizeof root)) {
            errors_add(errs, _("%s: no folder to unpack it in"), path);
            return false;
        }
        if (!packcli_open(path, root, &o, errs))
            return false;
        if (o.kind != PACK_GAME && !o.replay[0]) {
            errors_add(errs, _("%s: a pack of a %s, with no saved game to replay"), path,
                       packcli_kind_text(o.kind));
            return false;
        }
        snprintf(save_path, save_path_size, "%s", o.kind == PACK_GAME ? o.main : o.replay);
        snprintf(src->mission, sizeof src->mission, "%s", o.kind == PACK_GAME ? o.mission : o.main);
    }
    if (!fileio_read(save_path, SAVE_MAX_BYTES, &src->data, &src->size, why, sizeof why)) {
        errors_add(errs, "%s: %s", save_path, why);
        return false;
    }
    size_t skip = 0;
    SlotHeader h;
    if (src->size >= 15 && memcmp(src->data, "questboard-slot", 15) == 0 &&
        !slots_header_parse((const char *)src->data, src->size, &h, &skip, why, sizeof why)) {
        errors_add(errs, "%s:1: %s", save_path, why);
        free(src->data);
        return false;
    }
    src->body = (const char *)src->data + skip;
    src->body_size = src->size - skip;
    return true;
}

bool replaycli_load(const char *path, const BitmapLimits *limits, ReplayFile *out,
                    ErrorList *errs)
{
    memset(out, 0, sizeof *out);
    ReplaySource src;
    if (!read_source(path, &src, errs))
        return false;
    char why[512];
    bool ok = save_parse(src.body, src.body_size, &out->save, why, sizeof why);
    if (!ok) {
        errors_add(errs, "%s: %s", path, why);
    } else {
        /* a pack's game plays on the pack's mission, whatever the save names */
        snprintf(out->mission_path, sizeof out->mission_path, "%s",
                 src.mission[0] ? src.mission : out->save.mission_path);
        snprintf(out->save_path, sizeof out->save_path, "%s", src.save_path);
        out->mission = cli_load_mission(out->mission_path, limits, errs);
        ok = out->mission != NULL;
    }
    free(src.data);
    if (!ok)
        replaycli_free(out);
    return ok;
}

void replaycli_free(ReplayFile *f)
{
    mission_destroy(f->mission);
    save_data_free(&f->save);
    memset(f, 0, sizeof *f);
}

bool replaycli_load_print(const char *path, const BitmapLimits *limits, ReplayFile *out)
{
    ErrorList errs;
    errors_init(&errs, 0);
    bool ok = replaycli_load(path, limits, out, &errs);
    errors_print(&errs, stderr);
    errors_clear(&errs);
    return ok;
}

int replaycli_verify(const char *path, const BitmapLimits *limits)
{
    ReplayFile f;
    if (!replaycli_load_print(path, limits, &f))
        return 2;
    ReplayCheck rc;
    int status = 2;
    if (!replay_verify(f.mission, &f.save, &rc)) {
        if (rc.failed)
            fprintf(stderr, _("%s: action %zu of %zu does not replay: %s\n"), path, rc.failed,
                    f.save.action_count, rc.why);
        else
            fprintf(stderr, "%s: %s\n", path, rc.why);
    } else {
        char hex[DIGEST_HEX_SIZE];
        digest_hex(rc.state, hex);
        printf("actions=%zu rounds=%d outcome=%s state=%s\n", rc.actions, rc.rounds,
               replay_outcome_name(rc.status), hex);
        status = 0;
    }
    replaycli_free(&f);
    return status;
}

