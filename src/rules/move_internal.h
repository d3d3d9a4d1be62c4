/* What the two files of the move module share: move.c (the step rule,
 * hero moves, doors and traps) and move_mask.c (the same rule as the
 * per-side step masks the path searches read, and their patching per
 * query). The tests of a square and a door below are inline: every step
 * of every search reads them. Internal to src/rules (game_internal.h
 * declares the rest of the module). */
#pragma once

#include "game_internal.h"

#include <stdbool.h>
#include <stdint.h>

/* True when a hero may open door d (docs/rules.md: a locked door needs the
 * item treasure it names to have been found; secret doors must be found
 * first). */
static inline bool move_door_openable(const Game *g, const GameDoor *d)
{
    switch (d->kind) {
    case DOOR_NORMAL:
        return true;
    case DOOR_SECRET:
        return d->found;
    case DOOR_LOCKED:
        return g->treasure_found[d->key];
    case DOOR_KIND_COUNT:
        break;
    }
    return false;
}

/* True when what stands on square i counts under view: always on the
 * full board, only on squares a hero has seen as the heroes know it. */
static inline __attribute__((always_inline)) bool move_square_seen(const Game *g, int64_t i,
                                                                  MoveView view)
{
    return view == MOVE_FULL || (g->flags[i] & SQF_REVEALED);
}

/* Monsters never stop on an exit (the stairway) or on a pit the heroes
 * know of. */
static inline __attribute__((always_inline)) bool move_no_stop(const Game *g, GameSide side,
                                                              int64_t i, MoveView view)
{
    return side == GAME_SIDE_MONSTERS && move_square_seen(g, i, view) &&
           (g->flags[i] & (SQF_EXIT | SQF_PIT));
}

/* The known traps other than goal patched out of the mask move_mask_begin
 * made (their squares may not be entered); move_mask_end takes them out
 * again with the figures. */
void move_mask_patch_traps(const Game *g, BoardPos goal);
