/* Saved games: a versioned text file holding the mission's path and hash,
 * the seed, the heroes chosen and every accepted action; restoring loads
 * the mission and replays the actions, which gives the identical game
 * (the rules are deterministic). The last line is a checksum of the rest,
 * so a damaged file is refused instead of half-restored.
 *
 *     questboard-save 3
 *     mission missions/first-light/mission.xml
 *     mission-hash 0123456789abcdef
 *     seed 42
 *     heroes 4 0 1 2 3
 *     kit 0 2 5 12w        (only when the setup gives kits: hero, count,
 *     ...                   catalogue item indices, w = worn)
 *     name 0 Brak the Bold (only for a hero going by a name of its own:
 *     ...                   hero, then the rest of the line)
 *     monsters player      (only when the monster side plays by actions)
 *     actions 3
 *     roll 0 -1 0 0
 *     move 0 -1 5 7
 *     end -1 -1 0 0
 *     checksum 89abcdef01234567
 *
 * Each action line is: name piece target x y, then a cast's spell index,
 * an attack's weapon item id when it named one, or a use's item id
 * (`use 0 -1 0 0 healing_potion`). From version 3 on, pieces are written
 * by their public ids (game.h, "Public ids") and items by id, as the
 * players knew them, so a save tells nothing of what no hero saw (a
 * catalogue index would count the mission's own finds before it).
 * Version 1 and 2 saves, which wrote the game's own piece ids and item
 * indices, still load. Writing is atomic (core/fileio.h): a failed save
 * leaves the previous file intact.
 */
#pragma once

#include "game.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define SAVE_FORMAT_VERSION 3
/* The first version written in public ids (piece ids as the players knew
 * them, items by id); versions before it wrote the game's own piece ids
 * and item indices. */
#define SAVE_FORMAT_PUBLIC 3
/* Version 2 was version 1 plus a `monsters player` line (a game whose
 * monster side plays by actions); from version 3 on that line is there
 * exactly when the game has a monster player. */
#define SAVE_FORMAT_MONSTERS 2
/* The oldest version read. */
#define SAVE_FORMAT_OLDEST 1
#define SAVE_MAX_BYTES (64u << 20)

typedef struct SaveData {
    int version; /* the file's format version */
    char *mission_path;
    uint64_t mission_hash;
    uint64_t seed;
    GameSetup setup;
    Action *actions; /* as written: public piece ids from version 3 on (save_action) */
    char **items;    /* version 3: per action, the item id it names, or NULL */
    size_t action_count;
} SaveData;

/* The save text of g, whose mission was loaded from mission_path (no
 * newlines). The caller frees it; *size receives its length. */
char *save_format(const Game *g, const char *mission_path, size_t *size);

/* Writes the save of g to path atomically. False with a reason in err. */
bool save_write(const Game *g, const char *mission_path, const char *path, char *err,
                size_t err_size) __attribute__((warn_unused_result));

/* Parses save text. False with "line N: problem" in err for a damaged,
 * truncated or foreign file or an unknown version; out is then empty. */
bool save_parse(const char *text, size_t size, SaveData *out, char *err, size_t err_size)
    __attribute__((warn_unused_result));

/* Reads and parses the save file at path. */
bool save_read(const char *path, SaveData *out, char *err, size_t err_size)
    __attribute__((warn_unused_result));

/* Frees what save_parse filled; the struct is empty afterwards. */
void save_data_free(SaveData *s);

/* Replays a parsed save on mission m, which must be the mission it names
 * (same hash). Returns the game, or NULL with the reason in err (hash
 * mismatch, an action the rules refuse). */
Game *save_replay(const Mission *m, const SaveData *s, char *err, size_t err_size);

/* Action i of s as g applies it now: the piece ids of a version 3 save
 * are public ids, turned into the game's own by g, the game replaying
 * the save's actions before i. False with a reason in why when the save
 * names a piece the players could not have known. */
bool save_action(const Game *g, const SaveData *s, size_t i, Action *out, char *why,
                 size_t why_size);

/* FNV-1a 64 of bytes (the checksum). */
uint64_t save_checksum(const void *data, size_t size);
