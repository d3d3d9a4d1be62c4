/* Replays: a saved game stepped through again (docs/replays.md). This
 * part needs no window: a replay is verified action by action
 * (--replay FILE --verify), and a game's state is named by a digest, so
 * two replays that end in the same state print the same line. */
#pragma once

#include "../core/digest.h"
#include "../rules/game.h"
#include "../rules/save.h"

#include <stdbool.h>
#include <stddef.h>

typedef struct ReplayCheck {
    size_t actions;      /* actions replayed (all of them when it verifies) */
    int rounds;          /* the round the game is in (game_turn) */
    GameStatus status;
    uint8_t state[DIGEST_SIZE]; /* replay_state_digest of the game after them */
    size_t failed;       /* the 1-based number of the first action refused, 0: none */
    char why[512];       /* why it was refused, or why the game could not start */
} ReplayCheck;

/* The SHA-256 of everything a game's state is made of: the turn, the
 * current hero and what it has done, the generator's state, every piece
 * (square, body, life, gold, spells, marks, items), every door, trap,
 * thrown weapon, objective and treasure, and the revealed and rubble
 * squares; the same state, the same digest on every machine. */
void replay_state_digest(const Game *g, uint8_t out[DIGEST_SIZE]);

/* Replays save s on mission m (the mission it names: its hash must
 * match) from a fresh game, one action at a time. True when every action
 * replays; out holds the counts and the final state's digest, or the
 * first action refused (out->failed) and why. */
bool replay_verify(const Mission *m, const SaveData *s, ReplayCheck *out);

/* "victory", "defeat" or "unfinished". */
const char *replay_outcome_name(GameStatus status);
