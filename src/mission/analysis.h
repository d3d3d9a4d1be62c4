/* Mission analysis for authors: what makes a mission that loads fine
 * unwinnable, or probably not what its author meant. `questboard --check`
 * prints the findings as warnings (docs/missions.md, section 4).
 *
 * Reachability follows the heroes' step rule (docs/rules.md) from their
 * start squares, in three widening passes over the same search:
 *
 *   0. normal and open doors open; a locked door opens once its key's
 *      room has been reached (a hero can search it there); rubble,
 *      furniture that blocks moves and unfound falling-block traps stop;
 *   1. also through secret doors and past falling-block traps, which need
 *      a search first (say so in a note: it may well be meant);
 *   2. also through every locked door, only to tell why what lies behind
 *      one is out of reach.
 *
 * Steps go across the edges of a square (the four sides; the six of a
 * hex); on square8 boards the diagonal steps are left out, which only
 * matters where a diagonal passes a corner both of whose squares are
 * blocked. Monsters do not block (they can be killed). What no pass reaches, no
 * hero ever can. Warnings: an objective that can never be met; a key
 * behind its own door, keys that lock each other in a cycle, or a door
 * whose key lies behind another door that never opens, or in a room no
 * hero reaches, or in a corridor (never searched for treasure); an exit
 * nobody reaches; a room with no door into it (unless its colour is
 * sealed="true" in the palette, or the heroes start in it); treasure and
 * monsters nobody reaches; a hero who can never move, or heroes boxed in
 * their start rooms; and the bitmap lint of lint.h.
 *
 * Cost: linear in the squares, plus the placements sorted once (no
 * recursion; one byte, a 16-bit gate and a queue entry a square).
 */
#pragma once

#include "errors.h"
#include "mission.h"

#include <stddef.h>

/* Analyses m and adds each warning to warnings, as "FILE:LINE: warning: …"
 * (a placement) or "FILE: square (x,y): warning: …" (a room, a pixel),
 * and each note to notes (may be NULL) as "FILE:LINE: note: …". Bitmap
 * lint names the bitmap file, everything else the mission file. A bare
 * bitmap gets the lint only. Returns how many warnings it added. */
size_t analysis_run(const Mission *m, ErrorList *warnings, ErrorList *notes);

/* A warning or note of analysis_run without its file, for a window that
 * names the mission anyway: "line 12: the key …" or "square (3,4): room 7
 * …" (the word "warning" dropped). Anything else is copied as it is.
 * Returns buf. */
const char *analysis_short(const char *message, char *buf, size_t size);
