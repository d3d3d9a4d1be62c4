/* Reading a replay for the command line and the window: a save slot, a
 * rules save or a quest pack holding a game (or a mission pack shipped
 * with a replay), and the mission it plays on; --replay FILE --verify
 * (docs/replays.md). No SDL. */
#pragma once

#include "../mission/bitmap.h"
#include "../mission/errors.h"
#include "../mission/mission.h"
#include "../rules/save.h"

#include <stdbool.h>

typedef struct ReplayFile {
    Mission *mission;       /* the mission it plays on (owned) */
    SaveData save;          /* the game */
    char mission_path[4400]; /* where the mission was loaded from (what saves name) */
    char save_path[4400];   /* the save file read (inside the unpacked pack for a pack) */
} ReplayFile;

/* Reads the replay at path (a pack is opened into the user's missions
 * folder) and loads its mission. False with why in errs ("FILE: ...",
 * the pack's refusal, the mission's errors). */
bool replaycli_load(const char *path, const BitmapLimits *limits, ReplayFile *out,
                    ErrorList *errs);

/* replaycli_load printing the reasons on stderr. */
bool replaycli_load_print(const char *path, const BitmapLimits *limits, ReplayFile *out);

/* Frees what replaycli_load filled; the struct is empty after. */
void replaycli_free(ReplayFile *f);

/* --replay FILE --verify: prints "actions=N rounds=N outcome=... state=HEX"
 * and returns 0, or 2 after naming the first action that does not replay,
 * a changed mission or a damaged save. */
int replaycli_verify(const char *path, const BitmapLimits *limits);
