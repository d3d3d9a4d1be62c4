/* Saved games: a versioned text file holding the mission's path and hash,
 * the seed, the heroes chosen and every accepted action; restoring loads
 * the mission and replays the actions, which gives the identical game
 * (the rules are deterministic). The last line is a checksum of the rest,
 * so a damaged file is refused instead of half-restored.
 *
 *     questboard-save 1
 *     mission missions/first-light/mission.xml
 *     mission-hash 0123456789abcdef
 *     seed 42
 *     heroes 4 0 1 2 3
 *     kit 0 2 5 12w        (only when the setup gives kits: hero, count,
 *     ...                   catalogue item indices, w = worn)
 *     name 0 Brak the Bold (only for a hero going by a name of its own:
 *     ...                   hero, then the rest of the line)
 *     monsters player      (version 2: the monster side plays by actions)
 *     actions 3
 *     roll 0 -1 0 0
 *     move 0 -1 5 7
 *     end -1 -1 0 0
 *     checksum 89abcdef01234567
 *
 * Each action line is: name piece target x y, then a cast's spell index,
 * an attack's weapon item index when it named one, or a use's item
 * index. Writing is atomic (core/fileio.h):
 * a failed save leaves the previous file intact.
 */
#pragma once

#include "game.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define SAVE_FORMAT_VERSION 1
/* The version a game with a monster player is written in: version 1 and
 * a `monsters player` line before the actions (the monster side's moves,
 * attacks and ends are in the log). Every other game is written as
 * version 1, byte for byte as before. */
#define SAVE_FORMAT_MONSTERS 2
#define SAVE_MAX_BYTES (64u << 20)

typedef struct SaveData {
    char *mission_path;
    uint64_t mission_hash;
    uint64_t seed;
    GameSetup setup;
    Action *actions;
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

/* FNV-1a 64 of bytes (the checksum). */
uint64_t save_checksum(const void *data, size_t size);
