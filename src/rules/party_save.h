/* The campaign save: a party, its place in the book and, when a quest is
 * under way, the game save of that quest (save.h), in one versioned text
 * whose last line is a checksum of the rest, so a damaged or tampered
 * file is refused whole:
 *
 *     questboard-campaign 1
 *     campaign /…/missions/campaigns/ashen-crown/campaign.xml
 *     campaign-hash 0123456789abcdef
 *     seed 42
 *     book 2 0 quest                 step, attempt, stage
 *     results won won -
 *     hero barbarian 0 120 2 0 0 Brak%20the%20Bold
 *     kit broadsword,helmet*,wraithbane      (* worn; - when none)
 *     …                               one hero and one kit line per hero
 *     quest 14                        in a quest: the next 14 lines are its game save
 *     questboard-save 3
 *     …
 *     checksum 89abcdef01234567
 *
 * hero lines: type, hotseat player, gold, quests survived, generation,
 * fallen (0/1), the name percent-escaped. Items are catalogue ids, so a
 * save survives items added to the catalogue. The window stores it in a
 * save slot (app/slots.h) like a game; restoring a quest replays its game
 * save, which gives the identical game.
 */
#pragma once

#include "party.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define PARTY_SAVE_VERSION 1
#define PARTY_SAVE_MAX_BYTES (64u << 20)

/* The text of party p, whose campaign was loaded from campaign_path (no
 * line breaks), with game_save (size bytes, save_format's text; NULL when
 * no quest is under way). The caller frees it; *size receives its length. */
char *party_save_format(const Party *p, const char *campaign_path, const char *game_save,
                        size_t game_size, size_t *size);

/* True when text starts like a campaign save (not a game save). */
bool party_save_is_campaign(const char *text, size_t size);

/* Reads the campaign a save belongs to, after checking the whole text's
 * checksum and version: its path (free it) and hash. False with "line N:
 * problem" in err otherwise. */
bool party_save_head(const char *text, size_t size, char **campaign_path, uint64_t *hash,
                     char *err, size_t err_size) __attribute__((warn_unused_result));

/* Parses the whole save against campaign c (which must be the one
 * party_save_head named, same hash) and catalogue cat. Returns the party,
 * and in *game_save (free it; NULL when between quests) the text of the
 * quest's game save; NULL with the reason in err for a damaged, tampered
 * or foreign save, a changed campaign or an unknown item. */
Party *party_save_parse(const char *text, size_t size, const Campaign *c, const Catalogue *cat,
                        char **game_save, size_t *game_size, char *err, size_t err_size);
