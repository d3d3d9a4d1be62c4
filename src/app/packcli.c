/* --pack and --check of quest packs, and opening one (packcli.h). */
#define _DEFAULT_SOURCE /* mkdtemp, realpath */
#include "packcli.h"

#include "../core/alloc.h"
#include "../core/fileio.h"
#include "../mission/campaign.h"
#include "../mission/pack_manifest.h"
#include "../mission/pack_unpack.h"
#include "../mission/pack_write.h"
#include "../rules/game.h"
#include "../rules/party_save.h"
#include "../rules/save.h"
#include "cli.h"
#include "packparty.h"
#include "paths.h"
#include "slots.h"
#include "../core/i18n.h"

#include <SDL.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* The entry a saved game goes in. */
#define PACK_GAME_ENTRY "game.qbsave"
/* The entry a campaign save goes in. */
#define PACK_PARTY_ENTRY "party.qbsave"
/* A saved game shipped with a mission. */
#define PACK_REPLAY_ENTRY "replay.qbsave"

/* What a source is. */
typedef enum SourceKind { SOURCE_MISSION, SOURCE_CAMPAIGN, SOURCE_SAVE } SourceKind;

static void catalogue_path(char *buf, size_t size)
{
    paths_data_file("assets/pieces.xml", buf, size);
}

static void schema_path(char *buf, size_t size)
{
    paths_data_file("assets/questpack.xsd", buf, size);
}

/* The last part of path without its folders. */
static const char *base_name(const char *path)
{
    const char *slash = strrchr(path, '/');
    return slash ? slash + 1 : path;
}

/* A folder name fit for an entry name: odd characters become '-', no
 * leading dot; "quest" when nothing is left. */
static void entry_folder(const char *name, char *buf, size_t size)
{
    size_t n = 0;
    for (const char *p = name; *p && n + 1 < size && n < 64; p++) {
        char c = *p;
        bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                  c == '-' || c == '_' || c == '+' || (c == '.' && n > 0);
        buf[n++] = ok ? c : '-';
    }
    buf[n] = '\0';
    if (!n)
        snprintf(buf, size, "quest");
}

/* The folder of path (a copy in buf). */
static void folder_of(const char *path, char *buf, size_t size)
{
    const char *slash = strrchr(path, '/');
    if (!slash)
        snprintf(buf, size, ".");
    else if (slash == path)
        snprintf(buf, size, "/");
    else
        snprintf(buf, size, "%.*s", (int)(slash - path), path);
}

/* A relative path written "./x" or "a/./b" named without the dots. */
static void tidy(const char *rel, char *buf, size_t size)
{
    size_t n = 0;
    buf[0] = '\0';
    for (const char *p = rel; *p;) {
        const char *end = strchr(p, '/');
        size_t len = end ? (size_t)(end - p) : strlen(p);
        if (len && !(len == 1 && p[0] == '.') && n + len + 2 < size) {
            n += (size_t)snprintf(buf + n, size - n, "%s%.*s", n ? "/" : "", (int)len, p);
        }
        p += len + (end ? 1 : 0);
    }
}

/* Adds a loaded mission: its XML as entry xml_entry, its bitmap and its
 * own art beside it. */
static bool add_mission(PackBuilder *b, const Mission *m, const char *xml_entry, ErrorList *errs)
{
    char dir[512], entry[1024], rel[512];
    folder_of(xml_entry, dir, sizeof dir);
    if (!packbuild_add_file(b, xml_entry, m->path, errs))
        return false;
    if (!m->bare && m->bitmap_name) {
        tidy(m->bitmap_name, rel, sizeof rel);
        snprintf(entry, sizeof entry, "%s/%s", dir, rel);
        if (!packbuild_has(b, entry) && !packbuild_add_file(b, entry, m->bitmap_path, errs))
            return false;
    }
    if (m->art_dir) {
        char art[4096], prefix[1024];
        const char *kinds[] = {"tiles", "sprites"};
        for (int i = 0; i < 2; i++) {
            snprintf(art, sizeof art, "%s/%s", m->art_dir, kinds[i]);
            snprintf(prefix, sizeof prefix, "%s/%s", dir, kinds[i]);
            if (!packbuild_add_art(b, prefix, art, errs))
                return false;
        }
    }
    return true;
}

/* The folder name a mission goes under: its folder's own name. */
static void mission_folder(const Mission *m, char *buf, size_t size)
{
    char real[PATH_MAX];
    const char *dir = realpath(m->dir, real) ? real : m->dir;
    entry_folder(base_name(dir), buf, size);
}

static bool pack_mission(PackBuilder *b, const char *path, const BitmapLimits *limits,
                         PackManifest *man, ErrorList *errs)
{
    Mission *m = cli_load_mission(path, limits, errs);
    if (!m)
        return false;
    char folder[128], entry[512];
    mission_folder(m, folder, sizeof folder);
    snprintf(entry, sizeof entry, "%s/%s", folder, base_name(m->path));
    bool ok = add_mission(b, m, entry, errs);
    man->kind = PACK_MISSION;
    man->main = xstrdup(entry);
    man->title = xstrdup(m->name ? m->name : m->id);
    mission_destroy(m);
    return ok;
}

/* Adds loaded campaign c and its missions under its folder's name; the
 * campaign file's entry goes to entry. */
static bool add_campaign(PackBuilder *b, const Campaign *c, const char *cat_path,
                         const Catalogue *cat, const BitmapLimits *limits, char *entry,
                         size_t entry_size, ErrorList *errs)
{
    char real[PATH_MAX], folder[128], mentry[1024], rel[512];
    entry_folder(base_name(realpath(c->dir, real) ? real : c->dir), folder, sizeof folder);
    snprintf(entry, entry_size, "%s/%s", folder, base_name(c->path));
    bool ok = packbuild_add_file(b, entry, c->path, errs);
    MissionLoadOptions opts = {cat_path,           cat,               limits->max_side,
                               limits->max_squares, limits->max_rooms, limits->shape};
    for (size_t i = 0; ok && i < c->mission_count; i++) {
        Mission *m = mission_load(c->missions[i].path, &opts, errs);
        tidy(c->missions[i].rel, rel, sizeof rel);
        snprintf(mentry, sizeof mentry, "%s/%s", folder, rel);
        ok = m && campaign_check_mission(c, m, errs) && add_mission(b, m, mentry, errs);
        mission_destroy(m);
    }
    return ok;
}

static bool pack_campaign(PackBuilder *b, const char *path, const BitmapLimits *limits,
                          PackManifest *man, ErrorList *errs)
{
    char cat_path[4096], entry[1024];
    catalogue_path(cat_path, sizeof cat_path);
    Catalogue *cat = catalogue_load(cat_path, errs);
    Campaign *c = cat ? campaign_load(path, cat_path, cat, errs) : NULL;
    bool ok = c && add_campaign(b, c, cat_path, cat, limits, entry, sizeof entry, errs);
    if (ok) {
        man->kind = PACK_CAMPAIGN;
        man->main = xstrdup(entry);
        man->title = xstrdup(c->name);
    }
    campaign_destroy(c);
    catalogue_destroy(cat);
    return ok;
}

/* A campaign save (body, size bytes, read from path): its campaign with
 * every quest, and the save relinked to names inside the pack
 * (packparty.h). */
static bool pack_party(PackBuilder *b, const char *path, const char *body, size_t size,
                       const BitmapLimits *limits, PackManifest *man, ErrorList *errs)
{
    char cat_path[4096], entry[1024], why[1024], *campaign = NULL;
    uint64_t hash;
    if (!party_save_head(body, size, &campaign, &hash, why, sizeof why)) {
        errors_add(errs, "%s: %s", path, why);
        return false;
    }
    catalogue_path(cat_path, sizeof cat_path);
    Catalogue *cat = catalogue_load(cat_path, errs);
    Campaign *c = cat ? campaign_load(campaign, cat_path, cat, errs) : NULL;
    size_t text_size = 0;
    PackPartyQuest quest = {0};
    char *text = c ? packparty_relink(body, size, c, cat, true, &text_size, &quest, why,
                                          sizeof why)
                   : NULL;
    if (c && !text)
        errors_add(errs, "%s: %s", path, why);
    int step = quest.step;
    bool ok = text && add_campaign(b, c, cat_path, cat, limits, entry, sizeof entry, errs) &&
              packbuild_add(b, PACK_PARTY_ENTRY, (const uint8_t *)text, text_size, errs);
    if (ok) {
        char title[PACK_MAX_TEXT + 1];
        snprintf(title, sizeof title, "%.120s, a party at quest %d of %zu", c->name,
                 step + 1, c->mission_count);
        man->kind = PACK_PARTY;
        man->main = xstrdup(PACK_PARTY_ENTRY);
        man->mission = xstrdup(entry);
        man->title = xstrdup(title);
    }
    free(quest.game);
    free(text);
    free(campaign);
    campaign_destroy(c);
    catalogue_destroy(cat);
    return ok;
}

/* The save inside a save file's bytes (after a slot header), or NULL
 * with the reason in errs; *campaign: it is a campaign save, refused
 * unless campaign_ok. */
static const char *save_body(const char *path, const uint8_t *data, size_t size,
                             size_t *body_size, bool campaign_ok, bool *campaign,
                             ErrorList *errs)
{
    const char *text = (const char *)data;
    size_t skip = 0;
    char why[256];
    if (size >= 15 && strncmp(text, "questboard-slot", 15) == 0) {
        SlotHeader h;
        if (!slots_header_parse(text, size, &h, &skip, why, sizeof why)) {
            errors_add(errs, "%s:1: %s", path, why);
            return NULL;
        }
    }
    *campaign = party_save_is_campaign(text + skip, size - skip);
    if (*campaign && !campaign_ok) {
        errors_add(errs, _("%s: a campaign save: --replay ships the saved game of one mission"),
                   path);
        return NULL;
    }
    *body_size = size - skip;
    return text + skip;
}

static bool pack_save(PackBuilder *b, const char *path, const BitmapLimits *limits,
                      PackManifest *man, ErrorList *errs)
{
    uint8_t *data;
    size_t size, body_size;
    char why[512];
    if (!fileio_read(path, SAVE_MAX_BYTES, &data, &size, why, sizeof why)) {
        errors_add(errs, "%s: %s", path, why);
        return false;
    }
    bool campaign = false;
    const char *body = save_body(path, data, size, &body_size, true, &campaign, errs);
    if (body && campaign) {
        bool packed = pack_party(b, path, body, body_size, limits, man, errs);
        free(data);
        return packed;
    }
    SaveData s = {0};
    bool ok = body && save_parse(body, body_size, &s, why, sizeof why);
    if (body && !ok)
        errors_add(errs, "%s: %s", path, why);
    Mission *m = ok ? cli_load_mission(s.mission_path, limits, errs) : NULL;
    Game *g = m ? save_replay(m, &s, why, sizeof why) : NULL;
    if (m && !g)
        errors_add(errs, _("%s: does not replay on %s: %s"), path, s.mission_path, why);
    ok = g != NULL;
    if (ok) {
        char folder[128], entry[512], title[PACK_MAX_TEXT + 1];
        mission_folder(m, folder, sizeof folder);
        snprintf(entry, sizeof entry, "%s/%s", folder, base_name(m->path));
        ok = add_mission(b, m, entry, errs) &&
             packbuild_add(b, PACK_GAME_ENTRY, data, size, errs);
        snprintf(title, sizeof title, "%s, a game of %zu actions", m->name ? m->name : m->id,
                 game_log_count(g));
        man->kind = PACK_GAME;
        man->main = xstrdup(PACK_GAME_ENTRY);
        man->mission = xstrdup(entry);
        man->title = xstrdup(title);
    }
    game_destroy(g);
    mission_destroy(m);
    save_data_free(&s);
    free(data);
    return ok;
}

/* A saved game shipped with the mission at mission_file (--pack MISSION
 * OUT --replay SAVE): it must replay on that mission (same hash). */
static bool pack_replay(PackBuilder *b, const char *path, const char *mission_file,
                        const BitmapLimits *limits, PackManifest *man, ErrorList *errs)
{
    uint8_t *data;
    size_t size, body_size;
    char why[512];
    if (!fileio_read(path, SAVE_MAX_BYTES, &data, &size, why, sizeof why)) {
        errors_add(errs, "%s: %s", path, why);
        return false;
    }
    bool campaign = false;
    const char *body = save_body(path, data, size, &body_size, false, &campaign, errs);
    SaveData s = {0};
    bool ok = body && save_parse(body, body_size, &s, why, sizeof why);
    if (body && !ok)
        errors_add(errs, "%s: %s", path, why);
    Mission *m = ok ? cli_load_mission(mission_file, limits, errs) : NULL;
    Game *g = m ? save_replay(m, &s, why, sizeof why) : NULL;
    if (m && !g)
        errors_add(errs, _("%s: does not replay on %s: %s"), path, mission_file, why);
    ok = g != NULL && packbuild_add(b, PACK_REPLAY_ENTRY, data, size, errs);
    if (ok)
        man->replay = xstrdup(PACK_REPLAY_ENTRY);
    game_destroy(g);
    mission_destroy(m);
    save_data_free(&s);
    free(data);
    return ok;
}

/* What SOURCE is, and the file to read: a folder's mission.xml or
 * campaign.xml. */
static bool source_of(const char *source, char *file, size_t size, SourceKind *kind,
                      ErrorList *errs)
{
    struct stat st;
    if (stat(source, &st) != 0) {
        errors_add(errs, _("%s: not found"), source);
        return false;
    }
    snprintf(file, size, "%s", source);
    if (S_ISDIR(st.st_mode)) {
        snprintf(file, size, "%s/mission.xml", source);
        if (!fileio_is_file(file))
            snprintf(file, size, "%s/campaign.xml", source);
        if (!fileio_is_file(file)) {
            errors_add(errs, _("%s: a folder without mission.xml or campaign.xml"), source);
            return false;
        }
    }
    uint8_t head[32];
    size_t got = 0;
    uint64_t file_size;
    char why[256];
    if (!fileio_read_head(file, head, sizeof head, &got, &file_size, why, sizeof why)) {
        errors_add(errs, "%s: %s", file, why);
        return false;
    }
    if (got >= 15 && (memcmp(head, "questboard-slot", 15) == 0 ||
                      memcmp(head, "questboard-save", 15) == 0 ||
                      memcmp(head, "questboard-camp", 15) == 0))
        *kind = SOURCE_SAVE;
    else if (cli_is_campaign_xml(file))
        *kind = SOURCE_CAMPAIGN;
    else
        *kind = SOURCE_MISSION;
    return true;
}

/* The pack's bytes, read back as any pack is before they are kept. */
static bool read_back(const uint8_t *bytes, size_t size, const char *out, ErrorList *errs)
{
    char schema[4096];
    schema_path(schema, sizeof schema);
    Pack *p = pack_read_memory(bytes, size, out, schema, NULL, errs);
    pack_destroy(p);
    return p != NULL;
}

static uint8_t *build(const char *source, const PackCliText *text, const BitmapLimits *limits,
                      size_t *size, PackManifest *man, size_t *count, ErrorList *errs)
{
    char file[4096];
    SourceKind kind;
    if (!source_of(source, file, sizeof file, &kind, errs))
        return NULL;
    PackBuilder *b = packbuild_create();
    bool ok = kind == SOURCE_SAVE       ? pack_save(b, file, limits, man, errs)
              : kind == SOURCE_CAMPAIGN ? pack_campaign(b, file, limits, man, errs)
                                        : pack_mission(b, file, limits, man, errs);
    if (ok && text && text->replay && kind != SOURCE_MISSION) {
        errors_add(errs,
                   kind == SOURCE_SAVE
                       ? _("%s: --replay ships a saved game with a mission, and this is a saved game")
                       : _("%s: --replay ships a saved game with a mission, and this is a campaign"),
                   source);
        ok = false;
    }
    if (ok && text && text->replay)
        ok = pack_replay(b, text->replay, file, limits, man, errs);
    uint8_t *bytes = NULL;
    if (ok) {
        if (text && text->title) {
            free(man->title);
            man->title = xstrdup(text->title);
        }
        man->author = xstrdup(text && text->author ? text->author : "unknown");
        man->licence = xstrdup(text && text->licence ? text->licence : "unknown");
        *count = packbuild_count(b);
        bytes = packbuild_finish(b, man, size, errs);
    }
    packbuild_destroy(b);
    return bytes;
}

uint8_t *packcli_build(const char *source, const PackCliText *text, const BitmapLimits *limits,
                       size_t *size, ErrorList *errs)
{
    PackManifest man = {0};
    size_t count = 0;
    uint8_t *bytes = build(source, text, limits, size, &man, &count, errs);
    pack_manifest_clear(&man);
    return bytes;
}

int packcli_pack(const char *source, const char *out, const PackCliText *text, bool force,
                 const BitmapLimits *limits)
{
    ErrorList errs;
    errors_init(&errs, 0);
    if (!pack_path_is_pack(out)) {
        fprintf(stderr, _("questboard: %s: a pack's name ends in %s\n"), out, PACK_EXTENSION);
        return 2;
    }
    if (!force && access(out, F_OK) == 0) {
        fprintf(stderr, _("questboard: %s is there already (--force replaces it)\n"), out);
        return 2;
    }
    PackManifest man = {0};
    size_t size = 0, count = 0;
    uint8_t *bytes = build(source, text, limits, &size, &man, &count, &errs);
    char why[256];
    bool ok = bytes && read_back(bytes, size, out, &errs);
    if (ok && !fileio_write_atomic(out, bytes, size, why, sizeof why)) {
        errors_add(&errs, "%s: %s", out, why);
        ok = false;
    }
    if (ok)
        printf(ngettext("%s: %zu file, %s '%s'\n", "%s: %zu files, %s '%s'\n", count + 1), out,
               count + 1, packcli_kind_text(man.kind), man.title);
    else
        errors_print(&errs, stderr);
    free(bytes);
    pack_manifest_clear(&man);
    errors_clear(&errs);
    return ok ? 0 : 2;
}

bool packcli_missions_root(char *buf, size_t size)
{
    char *pref = SDL_GetPrefPath("questboard", "questboard");
    if (!pref)
        return false;
    snprintf(buf, size, "%smissions", pref);
    SDL_free(pref);
    return true;
}

const char *packcli_kind_text(PackKind kind)
{
    switch (kind) {
    case PACK_MISSION: return C_("pack kind", "mission");
    case PACK_CAMPAIGN: return C_("pack kind", "campaign");
    case PACK_GAME: return C_("pack kind", "game");
    case PACK_PARTY: return C_("pack kind", "party");
    default: return pack_kind_name(kind);
    }
}

/* Fills out from a pack unpacked in dir. */
static void opened(const Pack *p, const char *dir, PackOpened *out)
{
    const PackManifest *m = &p->manifest;
    memset(out, 0, sizeof *out);
    out->kind = m->kind;
    snprintf(out->title, sizeof out->title, "%s", m->title ? m->title : "");
    snprintf(out->dir, sizeof out->dir, "%s", dir);
    snprintf(out->main, sizeof out->main, "%s/%s", dir, m->main);
    if (m->mission)
        snprintf(out->mission, sizeof out->mission, "%s/%s", dir, m->mission);
    if (m->replay)
        snprintf(out->replay, sizeof out->replay, "%s/%s", dir, m->replay);
}

bool packcli_open(const char *path, const char *missions_root, PackOpened *out, ErrorList *errs)
{
    char schema[4096], dir[4096];
    schema_path(schema, sizeof schema);
    Pack *p = pack_read_file(path, schema, errs);
    bool ok = p && pack_unpack_cached(p, missions_root, dir, sizeof dir, errs);
    if (ok)
        opened(p, dir, out);
    pack_destroy(p);
    return ok;
}

bool packcli_mission_of(const char *path, char *mission, size_t size, ErrorList *errs)
{
    char root[4096];
    PackOpened o;
    if (!packcli_missions_root(root, sizeof root)) {
        errors_add(errs, _("%s: no folder to unpack it in: %s"), path, SDL_GetError());
        return false;
    }
    if (!packcli_open(path, root, &o, errs))
        return false;
    if (o.kind == PACK_MISSION || o.kind == PACK_GAME) {
        snprintf(mission, size, "%s", o.kind == PACK_GAME ? o.mission : o.main);
        return true;
    }
    char cat_path[4096];
    catalogue_path(cat_path, sizeof cat_path);
    Catalogue *cat = catalogue_load(cat_path, errs);
    const char *campaign = o.kind == PACK_PARTY ? o.mission : o.main;
    Campaign *c = cat ? campaign_load(campaign, cat_path, cat, errs) : NULL;
    bool ok = c && c->mission_count > 0;
    if (ok)
        snprintf(mission, size, "%s", c->missions[0].path);
    campaign_destroy(c);
    catalogue_destroy(cat);
    return ok;
}

static int by_name(const void *a, const void *b)
{
    return strcmp(((const PackListed *)a)->name, ((const PackListed *)b)->name);
}

size_t packcli_scan(const char *root, PackKind kind, PackListed *out, size_t max)
{
    DIR *d = opendir(root);
    if (!d)
        return 0;
    size_t n = 0, seen = 0;
    struct dirent *e;
    /* a bounded look: a folder of thousands of files lists the first */
    while ((e = readdir(d)) != NULL && n < max && ++seen <= 4 * PACKCLI_LIST_MAX) {
        size_t len = strlen(e->d_name), ext = strlen(PACK_EXTENSION);
        struct stat st;
        PackListed *p = &out[n];
        if (e->d_name[0] == '.' || len <= ext || len - ext >= sizeof p->name ||
            !pack_path_is_pack(e->d_name) ||
            fstatat(dirfd(d), e->d_name, &st, AT_SYMLINK_NOFOLLOW) != 0 || !S_ISREG(st.st_mode))
            continue;
        snprintf(p->name, sizeof p->name, "%.*s", (int)(len - ext), e->d_name);
        snprintf(p->path, sizeof p->path, "%s/%s", root, e->d_name);
        ErrorList errs;
        errors_init(&errs, 0);
        if (packcli_open(p->path, root, &p->opened, &errs) && p->opened.kind == kind)
            n++;
        errors_clear(&errs);
    }
    closedir(d);
    qsort(out, n, sizeof *out, by_name);
    return n;
}

PackInstall packcli_install(const char *path, const char *missions_root, bool replace,
                            char *target, size_t target_size, ErrorList *errs)
{
    uint8_t *data;
    size_t size;
    char why[512], schema[4096];
    if (!fileio_read(path, PACK_MAX_BYTES, &data, &size, why, sizeof why)) {
        errors_add(errs, "%s: %s", path, why);
        return PACK_INSTALL_REFUSED;
    }
    schema_path(schema, sizeof schema);
    Pack *p = pack_read_memory(data, size, path, schema, NULL, errs);
    PackInstall result = PACK_INSTALL_REFUSED;
    /* the file keeps its name, which must be one a folder listing shows */
    char name[256];
    entry_folder(base_name(path), name, sizeof name);
    if (p && snprintf(target, target_size, "%s/%s", missions_root, name) < (int)target_size) {
        if (!replace && access(target, F_OK) == 0) {
            result = PACK_INSTALL_EXISTS;
        } else if (mkdir(missions_root, 0755) != 0 && errno != EEXIST) {
            errors_add(errs, _("%s: cannot make the folder: %s"), missions_root, strerror(errno));
        } else if (!fileio_write_atomic(target, data, size, why, sizeof why)) {
            errors_add(errs, "%s: %s", target, why);
        } else {
            result = PACK_INSTALL_DONE;
        }
    }
    pack_destroy(p);
    free(data);
    return result;
}

static void pack_usage(FILE *out)
{
    fprintf(out,
            _("  --pack SOURCE OUT.questpack\n"
              "                       pack a mission folder or XML, a campaign file, a save\n"
              "                       or a campaign save\n"
              "                       with everything it needs into one file (docs/packs.md)\n"
              "    --title T          the pack's title (default: the mission's name)\n"
              "    --author A         who made it (default: unknown)\n"
              "    --licence L        the licence it is given under (default: unknown)\n"
              "    --force            replace OUT when it is there\n"
              "    --replay SAVE      ship a saved game of the mission with it (watched with\n"
              "                       --replay OUT.questpack)\n"));
}

static int pack_run(const CliArgs *a)
{
    BitmapLimits limits;
    Grid shape;
    if (!cliargs_limits(a, &limits, &shape))
        return 2;
    PackCliText text = {a->value[CLI_OPT_TITLE], a->value[CLI_OPT_AUTHOR],
                        a->value[CLI_OPT_LICENCE], a->with_arg};
    return packcli_pack(a->mode_arg, a->files[0], &text, cliargs_given(a, CLI_OPT_FORCE),
                        &limits);
}

const CliMode packcli_mode = {"pack",
                              N_("SOURCE"),
                              1,
                              1,
                              N_("an OUT.questpack"),
                              CLI_LIMITS | CLI_BIT(CLI_OPT_FORCE) | CLI_BIT(CLI_OPT_TITLE) |
                                  CLI_BIT(CLI_OPT_AUTHOR) | CLI_BIT(CLI_OPT_LICENCE),
                              pack_usage,
                              pack_run};
