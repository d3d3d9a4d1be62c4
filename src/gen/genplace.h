/* Putting things on the generated map (internal to src/gen): furniture
 * that fits a region without cutting it in two, the stairway, heroes,
 * and free squares for monsters, traps and treasure. Every placement
 * marks GenMap.occ so nothing lands on top of anything else, and
 * doorways stay clear.
 */
#pragma once

#include "genctx.h"

/* True when nothing is on square i and figures may stand there. */
bool genplace_free(const GenMap *m, int64_t i);

/* Marks both squares of every door GEN_OCC_KEEP, so furniture never
 * blocks a door. */
void genplace_keep_doorways(GenMap *m);

/* Puts a piece of furniture of type t into region r, its back against
 * the region's side where it can, without splitting the region's free
 * squares. id may be NULL. Returns its index in map->furniture, or -1
 * when it does not fit. */
int genplace_furniture(GenCtx *c, int r, const PieceType *t, const char *id);

/* Puts the stairway (2x2, exit) into a corner of region r; writes its
 * top-left square. False when no corner fits. */
bool genplace_stairway(GenCtx *c, int r, BoardPos *at);

/* Puts the stairway at top-left `at` (its four squares must be free and
 * walkable). */
void genplace_stairway_at(GenCtx *c, BoardPos at);

/* The heroes' start in region r: on the stairway (in a corner of r, or
 * at *landing when not NULL: a 2x2 of passage), or for an escape on free
 * squares of r (the way out is elsewhere). Sets map->entry and
 * entry_region. False when nothing fits. */
bool genplace_start(GenCtx *c, int r, const BoardPos *landing);

/* A random free square of region r (0: any walkable square outside
 * regions with dist >= min_dist), not a doorway. False when none. */
bool genplace_square(GenCtx *c, int r, int min_dist, BoardPos *out);

/* Places the party (the first opt.heroes hero types of the catalogue) on
 * the given squares, in order. */
void genplace_heroes(GenCtx *c, const BoardPos *at, int n);

/* A new id "<prefix>_<n>" for furniture and treasure. */
void genplace_new_id(GenCtx *c, const char *prefix, char *out, size_t size);
