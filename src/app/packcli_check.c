/* --check FILE.questpack (packcli.h): the pack, then what it holds. */
#define _DEFAULT_SOURCE /* mkdtemp */
#include "packcli.h"

#include "../core/fileio.h"
#include "../gfx/image.h"
#include "../match/match.h"
#include "../mission/pack_unpack.h"
#include "../rules/game.h"
#include "../rules/save.h"
#include "cli.h"
#include "packparty.h"
#include "paths.h"
#include "slots.h"
#include "../core/i18n.h"

#include <stdlib.h>
#include <string.h>

/* The rules save inside a save file (after a slot header, if any). */
static const char *body_of(const char *text, size_t size, size_t *body_size)
{
    size_t skip = 0;
    SlotHeader h;
    char why[256];
    if (size >= 15 && strncmp(text, "questboard-slot", 15) == 0 &&
        !slots_header_parse(text, size, &h, &skip, why, sizeof why))
        skip = 0;
    *body_size = size - skip;
    return text + skip;
}

/* A saved game of the pack replayed on the pack's mission. */
static bool replays(const char *save, const char *mission, const char *name,
                    const BitmapLimits *limits, FILE *out, FILE *err)
{
    uint8_t *data;
    size_t size, body_size;
    char why[512];
    if (!fileio_read(save, SAVE_MAX_BYTES, &data, &size, why, sizeof why)) {
        fprintf(err, "%s: %s\n", name, why);
        return false;
    }
    const char *body = body_of((const char *)data, size, &body_size);
    SaveData s = {0};
    ErrorList errs;
    errors_init(&errs, 0);
    bool ok = save_parse(body, body_size, &s, why, sizeof why);
    Mission *m = ok ? cli_load_mission(mission, limits, &errs) : NULL;
    Game *g = m ? save_replay(m, &s, why, sizeof why) : NULL;
    if (g) {
        const char *status = game_status(g) == GAME_STATUS_VICTORY  ? "victory"
                             : game_status(g) == GAME_STATUS_DEFEAT ? "defeat"
                                                                    : "unfinished";
        fprintf(out, "%s: replays: actions=%zu turn=%d outcome=%s\n", name, game_log_count(g),
                game_turn(g), status);
    } else if (errors_any(&errs)) {
        errors_print(&errs, err);
    } else {
        fprintf(err, _("%s: does not replay on the pack's mission: %s\n"), name, why);
    }
    ok = g != NULL;
    game_destroy(g);
    mission_destroy(m);
    save_data_free(&s);
    errors_clear(&errs);
    free(data);
    return ok;
}

/* A campaign save of the pack read against the pack's campaign, and the
 * quest under way (if any) replayed on its mission. */
static bool party_checks(const char *save, const char *campaign, const char *dir,
                         const char *name, const BitmapLimits *limits, FILE *out, FILE *err)
{
    char why[2048], quest_file[8192], mission[4096];
    size_t size = 0;
    PackPartyQuest q = {0};
    char *text = packparty_open(save, campaign, &size, &q, why, sizeof why);
    if (!text) {
        fprintf(err, "%s: %s\n", name, why);
        return false;
    }
    fprintf(out,
            q.game ? _("%s: a party at step %d of the campaign, in a quest\n")
                   : _("%s: a party at step %d of the campaign, between quests\n"),
            name, q.step);
    bool ok = true;
    if (q.game) {
        snprintf(quest_file, sizeof quest_file, "%s/.quest.qbsave", dir);
        ok = match_save_ref(q.game, q.size, mission, sizeof mission, why, sizeof why) &&
             fileio_write_atomic(quest_file, q.game, q.size, why, sizeof why);
        if (!ok)
            fprintf(err, "%s: %s\n", name, why);
        ok = ok && replays(quest_file, mission, name, limits, out, err);
    }
    free(q.game);
    free(text);
    return ok;
}

/* True when the entry is a mission's art (NAME/tiles/..., NAME/sprites/...). */
static bool is_art(const char *name)
{
    size_t n = strlen(name);
    return n > 4 && strcmp(name + n - 4, ".png") == 0 &&
           (strstr(name, "/tiles/") || strstr(name, "/sprites/"));
}

/* Every art picture decoded as the renderer would; a bad one is a
 * warning (the game skips it). Returns the count of warnings. */
static int check_art(const Pack *p, const char *dir, const char *name, FILE *err)
{
    int warnings = 0;
    for (size_t i = 0; i < p->count; i++) {
        if (!is_art(p->entries[i].name))
            continue;
        char path[8192], why[8192];
        snprintf(path, sizeof path, "%s/%s", dir, p->entries[i].name);
        SDL_Surface *s = image_load_png(path, why, sizeof why);
        if (!s) {
            const char *reason = strncmp(why, path, strlen(path)) == 0 ? why + strlen(path) : why;
            fprintf(err, _("%s: warning: entry '%s'%s; the game skips it\n"), name,
                    p->entries[i].name, reason);
            warnings++;
        }
        SDL_FreeSurface(s);
    }
    return warnings;
}

int packcli_check_unpacked(const Pack *p, const char *dir, const char *name,
                           const BitmapLimits *limits, bool strict, FILE *out, FILE *err)
{
    const PackManifest *m = &p->manifest;
    char main[8192], mission[8192];
    snprintf(main, sizeof main, "%s/%s", dir, m->main);
    int status = 0;
    if (m->kind == PACK_GAME) {
        snprintf(mission, sizeof mission, "%s/%s", dir, m->mission);
        status = cli_check_to(mission, limits, strict, out, err);
        if (status == 0 && !replays(main, mission, m->main, limits, out, err))
            status = 2;
    } else if (m->kind == PACK_PARTY) {
        snprintf(mission, sizeof mission, "%s/%s", dir, m->mission);
        status = cli_check_to(mission, limits, strict, out, err);
        if (status == 0 && !party_checks(main, mission, dir, m->main, limits, out, err))
            status = 2;
    } else {
        status = cli_check_to(main, limits, strict, out, err);
    }
    if (status == 0 && m->replay && m->kind == PACK_MISSION) {
        char replay[8192];
        snprintf(replay, sizeof replay, "%s/%s", dir, m->replay);
        if (!replays(replay, main, m->replay, limits, out, err))
            status = 2;
    }
    if (check_art(p, dir, name, err) > 0 && strict)
        status = 2;
    return status;
}

int packcli_check(const char *path, const BitmapLimits *limits, bool strict, FILE *out)
{
    char schema[4096];
    paths_data_file("assets/questpack.xsd", schema, sizeof schema);
    ErrorList errs;
    errors_init(&errs, 0);
    Pack *p = pack_read_file(path, schema, &errs);
    if (!p) {
        errors_print(&errs, stderr);
        errors_clear(&errs);
        return 2;
    }
    const PackManifest *m = &p->manifest;
    fprintf(out,
            ngettext("%s: pack '%s' by %s, licence %s: a %s, %zu file, every SHA-256 matches\n",
                     "%s: pack '%s' by %s, licence %s: a %s, %zu files, every SHA-256 matches\n",
                     p->count + 1),
            path, m->title, m->author, m->licence, packcli_kind_text(m->kind), p->count + 1);
    /* what it holds is read from a private folder, removed after */
    const char *tmp = getenv("TMPDIR");
    char folder[4096], dir[4200];
    snprintf(folder, sizeof folder, "%s/questboard-check-XXXXXX", tmp && tmp[0] ? tmp : "/tmp");
    int status = 2;
    if (!mkdtemp(folder)) {
        fprintf(stderr, _("%s: cannot make a temporary folder to check it in\n"), path);
    } else {
        snprintf(dir, sizeof dir, "%s/p", folder);
        if (pack_unpack(p, dir, &errs))
            status = packcli_check_unpacked(p, dir, path, limits, strict, out, stderr);
        else
            errors_print(&errs, stderr);
        pack_remove_tree(folder);
    }
    pack_destroy(p);
    errors_clear(&errs);
    return status;
}
