/* A replay as a tape that can be wound anywhere fast (docs/replays.md):
 * a saved game replayed once on its mission, keeping a keyframe (a copy
 * of the game and its tally) every so many actions, so the match at any
 * position is a keyframe plus fewer than that many actions, never a
 * replay from the start.
 *
 * The position is a number of actions, 0 (the game's start) to
 * tape_length. tape_at hands out a new match at a position, with the
 * story (tally, log lines) a game played to there would have: the replay
 * viewer shows it, steps forward from it with match_act, and "continue
 * from here" branches from it (match_branch). Turn marks (where each
 * round and each hero's turn begins) come from the full replay, for the
 * seek bar and for stepping by turn and round.
 *
 * Bookmarks: a position and a short note, kept sorted by position;
 * they are saved with the replay by its owner (a file beside it).
 *
 * No SDL. Memory: one game copy per keyframe, each holding the actions
 * to there (a 2,000-action game at the default interval: about 60
 * copies).
 */
#pragma once

#include "../rules/save.h"
#include "match.h"

#include <stdbool.h>
#include <stddef.h>

typedef struct Tape Tape;

/* Actions between keyframes when tape_create is given 0. */
#define TAPE_DEFAULT_INTERVAL 32

/* At most this many bookmarks on one replay, each note at most
 * TAPE_NOTE_MAX - 1 bytes. */
#define TAPE_MAX_BOOKMARKS 64
#define TAPE_NOTE_MAX 64

typedef struct TapeBookmark {
    size_t at;                 /* a position (actions) */
    char note[TAPE_NOTE_MAX];  /* UTF-8, no newline; may be "" */
} TapeBookmark;

/* A tape of save s on mission m (the one it names: its hash must match;
 * borrowed, it must outlive the tape), replayed once with a keyframe
 * every `interval` actions (0: TAPE_DEFAULT_INTERVAL). mission_ref names
 * the mission in the saves of matches made from it (NULL: s's path).
 * NULL with why: the mission changed, the game cannot start, or
 * "action N of M (kind) does not replay: reason". */
Tape *tape_create(const Mission *m, const SaveData *s, const char *mission_ref, size_t interval,
                  char *why, size_t why_size);

/* Frees the tape; NULL does nothing. */
void tape_destroy(Tape *t);

/* The number of actions of the replay (its last position). */
size_t tape_length(const Tape *t);

/* The match of the full replay (its end), owned by the tape. */
const Match *tape_end(const Tape *t);

/* A new match at position n (clamped to the length): the game as it was
 * after n actions, with the tally and the log lines of those actions,
 * the default seats, MATCH_CHRONICLE | MATCH_LOG. The caller destroys
 * it. Costs one game copy and at most interval - 1 actions. */
Match *tape_at(const Tape *t, size_t n);

/* Action i (0-based) of the replay in the game's own ids (as match_act
 * takes it), or NULL past the end. */
const Action *tape_action(const Tape *t, size_t i);

/* The round the game is in after n actions, and whose turn it is
 * (game_current: the hero's piece id, -1 in the monsters' turn). */
int tape_round_at(const Tape *t, size_t n);
int tape_current_at(const Tape *t, size_t n);

/* Where stepping by one hero's turn (by_round false) or one round goes
 * from n: forward (dir > 0) the next position where a turn (round)
 * begins, else the end; back (dir < 0) the last position before n where
 * one begins, else 0. */
size_t tape_step_turn(const Tape *t, size_t n, int dir, bool by_round);

/* --- Bookmarks -------------------------------------------------------------- */

size_t tape_bookmark_count(const Tape *t);
const TapeBookmark *tape_bookmark(const Tape *t, size_t i);
/* Adds a bookmark at position at (clamped) with note (cut to fit, a
 * newline or other control character made a space); one at the same
 * position has its note replaced. False when TAPE_MAX_BOOKMARKS are
 * there already. */
bool tape_bookmark_add(Tape *t, size_t at, const char *note);
/* Removes bookmark i; false when there is none. */
bool tape_bookmark_remove(Tape *t, size_t i);
/* The bookmarks as text, one "AT NOTE" a line (the caller frees it), and
 * read back from such text: lines that do not read or whose position is
 * past the end are skipped. */
char *tape_bookmarks_format(const Tape *t);
void tape_bookmarks_parse(Tape *t, const char *text);
