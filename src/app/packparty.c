/* Campaign saves relinked for a quest pack (packparty.h). */
#define _DEFAULT_SOURCE /* realpath */
#include "packparty.h"
#include "core/i18n.h"

#include "../core/alloc.h"
#include "../core/fileio.h"
#include "../match/match.h"
#include "../rules/party_save.h"
#include "../rules/save.h"
#include "paths.h"

#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The last part of path without its folders. */
static const char *base_name(const char *path)
{
    const char *slash = strrchr(path, '/');
    return slash ? slash + 1 : path;
}

/* The mission of c that ref names: by its path as written, its real path
 * or its path relative to the campaign; -1 when none. */
static long mission_index(const Campaign *c, const char *ref)
{
    char real[PATH_MAX];
    bool has_real = realpath(ref, real) != NULL;
    for (size_t i = 0; i < c->mission_count; i++) {
        const CampaignMission *m = &c->missions[i];
        if (strcmp(ref, m->path) == 0 || strcmp(ref, m->rel) == 0 ||
            (has_real && strcmp(real, m->path) == 0))
            return (long)i;
    }
    return -1;
}

/* The game save text with its second line ("mission PATH") naming
 * mission instead, and its checksum line made again. */
static char *relink_game(const char *text, size_t size, const char *mission, size_t *out_size,
                         char *err, size_t err_size)
{
    const char *first = memchr(text, '\n', size);
    const char *second = first ? memchr(first + 1, '\n', size - (size_t)(first + 1 - text)) : NULL;
    /* the checksum line is the last: find where it starts */
    size_t end = size;
    if (end && text[end - 1] == '\n')
        end--;
    while (end && text[end - 1] != '\n')
        end--;
    if (!second || (size_t)(second - text) >= end ||
        strncmp(first + 1, "mission ", 8) != 0) {
        snprintf(err, err_size, _("the quest's game save has no mission line"));
        return NULL;
    }
    size_t head = (size_t)(first + 1 - text), rest = end - (size_t)(second + 1 - text);
    size_t cap = head + strlen(mission) + rest + 64;
    char *out = xmalloc(cap, 1);
    int n = snprintf(out, cap, "%.*smission %s\n%.*s", (int)head, text, mission, (int)rest,
                     second + 1);
    size_t len = (size_t)n;
    len += (size_t)snprintf(out + len, cap - len, "checksum %016" PRIx64 "\n",
                            save_checksum(out, len));
    *out_size = len;
    return out;
}

char *packparty_relink(const char *text, size_t size, const Campaign *c, const Catalogue *cat,
                       bool relative, size_t *out_size, PackPartyQuest *quest, char *err,
                       size_t err_size)
{
    char *game = NULL, *game_new = NULL, ref[4096];
    size_t game_size = 0, game_new_size = 0;
    Party *party = party_save_parse(text, size, c, cat, &game, &game_size, err, err_size);
    if (!party)
        return NULL;
    bool ok = true;
    if (game) {
        ok = match_save_ref(game, game_size, ref, sizeof ref, err, err_size);
        long i = ok ? mission_index(c, ref) : -1;
        if (ok && i < 0) {
            snprintf(err, err_size, _("the quest under way plays %s, not a quest of %s"), ref,
                     c->path);
            ok = false;
        }
        if (ok) {
            const CampaignMission *m = &c->missions[i];
            game_new = relink_game(game, game_size, relative ? m->rel : m->path, &game_new_size,
                                   err, err_size);
            ok = game_new != NULL;
        }
    }
    char *out = ok ? party_save_format(party, relative ? base_name(c->path) : c->path, game_new,
                                       game_new_size, out_size)
                   : NULL;
    if (out && quest) {
        quest->game = game_new;
        quest->size = game_new_size;
        quest->step = party_step(party);
        game_new = NULL;
    }
    free(game);
    free(game_new);
    party_destroy(party);
    return out;
}

char *packparty_open(const char *main, const char *campaign, size_t *out_size,
                     PackPartyQuest *quest, char *err, size_t err_size)
{
    char cat_path[4096], why[1024];
    paths_data_file("assets/pieces.xml", cat_path, sizeof cat_path);
    ErrorList errs;
    errors_init(&errs, 0);
    Catalogue *cat = catalogue_load(cat_path, &errs);
    Campaign *c = cat ? campaign_load(campaign, cat_path, cat, &errs) : NULL;
    uint8_t *data = NULL;
    size_t size = 0;
    char *out = NULL;
    if (!c)
        snprintf(err, err_size, "%s", errs.count ? errs.items[0] : campaign);
    else if (!fileio_read(main, PARTY_SAVE_MAX_BYTES, &data, &size, why, sizeof why))
        snprintf(err, err_size, "%s: %s", main, why);
    else if (!(out = packparty_relink((const char *)data, size, c, cat, false, out_size, quest,
                                      why, sizeof why)))
        snprintf(err, err_size, "%s: %s", main, why);
    free(data);
    campaign_destroy(c);
    catalogue_destroy(cat);
    errors_clear(&errs);
    return out;
}
