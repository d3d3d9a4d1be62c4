/* A campaign save in a quest pack (docs/packs.md, "A campaign save"): the
 * save names its campaign file and its quest's mission by path, which
 * mean nothing on another machine, so the pack holds it relinked to names
 * relative to the campaign's folder, and opening the pack relinks it
 * again to the folder it was unpacked in. The party, the book and the
 * quest's actions are kept as they were; only the two paths and the
 * checksums change. */
#pragma once

#include "../mission/campaign.h"
#include "../mission/catalogue.h"

#include <stdbool.h>
#include <stddef.h>

/* What a campaign save holds besides its party: the quest under way. */
typedef struct PackPartyQuest {
    char *game;  /* its game save, relinked as the campaign save is; NULL
                    between quests (the caller frees it) */
    size_t size;
    int step;    /* the book's step */
} PackPartyQuest;

/* The campaign save text (size bytes, no slot header) read against
 * campaign c (the one it names, same hash) and catalogue cat, written
 * again naming c's file and its quest's mission: relative to c's folder
 * (relative: the campaign file's name and the mission as campaign.xml
 * writes it) or by c's own paths. The caller frees it; NULL with the
 * reason in err for a save that does not read against c, or whose quest
 * is not one of c's missions. quest (NULL: not wanted) receives the
 * quest under way. */
char *packparty_relink(const char *text, size_t size, const Campaign *c, const Catalogue *cat,
                       bool relative, size_t *out_size, PackPartyQuest *quest, char *err,
                       size_t err_size);

/* The campaign save of an opened party pack (main: the save in the
 * unpacked folder, campaign: its campaign file there) relinked to that
 * folder, ready for party_save_head and party_save_parse; quest as for
 * packparty_relink. NULL with the reason in err. */
char *packparty_open(const char *main, const char *campaign, size_t *out_size,
                     PackPartyQuest *quest, char *err, size_t err_size);
