/* The replay viewer (docs/replays.md): a saved game watched in the
 * window. The board, the HUD, the log and the tally are the play
 * screen's, of the game as it was at the position shown; under them a
 * bar plays and pauses, steps one action, one hero's turn or one round
 * forward and back, seeks by a click on the bar (its marks: where each
 * round begins, and the bookmarks), changes the speed (0.5x to 8x) and
 * the view (the heroes' sight then, the monster side, all), keeps
 * bookmarks with a note (saved beside the replay, FILE.marks), and
 * continues from here: a new game from the position shown, saved into a
 * new slot, the replay left as it was.
 *
 * Every position is wound from the replay's tape (match/tape.h): a seek
 * costs the same anywhere in the game. Stepping forward plays the next
 * action through the play screen, its events animated as in play (dice,
 * floating damage); a step while they play skips them.
 */
#pragma once

#include "app/replaycli.h"
#include "app/screens.h"

extern const ScreenOps replayview_ops;

/* The viewer of the replay at path (a save slot, a rules save, a quest
 * pack holding a game or a mission with a replay). NULL with every
 * problem, one a line, in err. */
Screen *replayview_open(App *app, const char *path, char *err, size_t err_size);

/* The viewer of a game in memory: save text (a rules save) on mission
 * (taken over; mission_path names it in the saves of a game continued
 * from here); label names it in messages, marks_path is where its
 * bookmarks are kept ("" : nowhere). NULL with the reason in err (the
 * mission is then freed). */
Screen *replayview_create(App *app, Mission *mission, const char *mission_path, const char *text,
                          size_t size, const char *label, const char *marks_path, char *err,
                          size_t err_size);

/* The position shown (actions), the replay's length, and whether it
 * plays (tests). */
size_t replayview_at(const Screen *s);
size_t replayview_length(const Screen *s);
bool replayview_playing(const Screen *s);
