/* Path search on a grid with a caller-given step rule: a callback, or a
 * per-square mask (the fast form the game uses).
 *
 * The plain forms count steps (every step costs one): breadth-first
 * search gives shortest paths and exact reachable sets; ties are broken
 * by the grid's neighbour order (grid_dirs: north, east, south, west on
 * squares), so results are deterministic. The weighted forms (path_cost_*)
 * take integer step costs, per direction and optionally per entered
 * square, and give cheapest paths by Dijkstra's search over a bucket
 * queue (no floats, no heap). A PathFinder
 * keeps its buffers between queries and marks squares with a generation
 * number instead of clearing them, so a query costs only what it visits.
 * The search is iterative (a queue, no recursion). Not thread-safe: one
 * finder serves one query at a time.
 */
#pragma once

#include "grid.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* What a step onto a square allows. */
typedef enum PathStep {
    PATH_STEP_NO,   /* the step is refused */
    PATH_STEP_PASS, /* the piece may go through but not stop there */
    PATH_STEP_STOP, /* the piece may go through and stop there */
    PATH_STEP_COUNT
} PathStep;

/* The step rule: may a piece step from `from` to its neighbour `to`
 * (which lies on the grid) in direction dir? */
typedef PathStep (*PathStepFn)(void *ctx, BoardPos from, BoardPos to, GridDir dir);

/* A goal test for path_find_nearest. */
typedef bool (*PathGoalFn)(void *ctx, BoardPos pos);

typedef struct PathFinder PathFinder;

/* A finder for grids of the given shape. Free with path_destroy. */
PathFinder *path_create(const Grid *grid);

/* Frees the finder; NULL does nothing. */
void path_destroy(PathFinder *pf);

/* Explores from start over at most max_steps steps (negative: no limit).
 * Afterwards path_distance and path_can_stop answer for every square until
 * the next query. Returns the number of squares where the piece may stop
 * (start excluded). */
int64_t path_reach(PathFinder *pf, BoardPos start, int max_steps, PathStepFn step, void *ctx);

/* Steps from the last query's start to pos, or -1 when it was not reached. */
int path_distance(const PathFinder *pf, BoardPos pos);

/* True when the last query reached pos and the piece may stop there. */
bool path_can_stop(const PathFinder *pf, BoardPos pos);

/* Writes the squares where the piece may stop after the last path_reach
 * (start excluded) to out in the order found (nearest first), up to cap;
 * returns how many there are in total. */
size_t path_reach_list(const PathFinder *pf, BoardPos *out, size_t cap);

/* The squares the last path_reach, path_reach_mask or path_flood_mask
 * reached, as row-major indices in the order found (the start first, then
 * nearest first), stops and passes alike; writes their number to *count.
 * Valid until the next query. */
const int32_t *path_reach_order(const PathFinder *pf, size_t *count);

/* A shortest legal path from start to goal of at most max_steps steps
 * (negative: no limit), ending on a square where the piece may stop.
 * Writes its squares after start to out (up to cap) and returns its length,
 * or -1 when there is none. start == goal gives 0. */
int path_find(PathFinder *pf, BoardPos start, BoardPos goal, int max_steps, PathStepFn step,
              void *ctx, BoardPos *out, int cap);

/* A step mask: one per square. Bit d (a GridDir) allows the step from the
 * square in direction d (never off the grid); PATH_MASK_NO_STOP marks a
 * square one may pass but not stop on. Sixteen bits hold the eight
 * directions of every topology and the flag. */
typedef uint16_t PathMask;
#define PATH_MASK_NO_STOP 0x100u
#define PATH_MASK_DIRS 0xffu

/* path_find with the step rule given as a mask, for rules that do not
 * change between queries (the game uses path_find_mask_bfs below, whose
 * ties are path_find's). It searches from both ends at once (about half
 * the squares of a one-sided search) and finds a path of the same, shortest
 * length, though ties may break differently than path_find's: bit d (a GridDir) of mask[i] allows the step
 * from square i in direction d (onto an on-grid square), and
 * PATH_MASK_NO_STOP marks squares one may only pass. mask holds one byte
 * per square, row-major. Only for GRID_SQUARE4. It keeps no distances, so
 * path_distance answers -1 (and path_reach_list nothing) until the next
 * path_reach. */
int path_find_mask(PathFinder *pf, BoardPos start, BoardPos goal, int max_steps,
                   const PathMask *mask, BoardPos *out, int cap);

/* The step rule as a mask (see path_find_mask): path_reach, path_find and
 * path_find_nearest below take it instead of a callback and give exactly
 * the same answers as the callback forms under the rule the mask encodes
 * (same queue order, so the same paths, ties included): one-sided
 * breadth-first search reading one mask per square visited. The mask must
 * not allow steps off the grid. Every topology. */

/* path_reach with a mask; path_distance, path_can_stop and
 * path_reach_list answer afterwards as for path_reach. */
int64_t path_reach_mask(PathFinder *pf, BoardPos start, int max_steps, const PathMask *mask);

/* The squares path_reach_mask reaches, in the same order, for
 * path_reach_order only: no distances or stops are kept, so path_distance
 * answers -1 until the next path_reach. Returns how many squares were
 * reached (start included); *levels (may be NULL) gets the steps to the
 * farthest of them, which is max_steps when the limit may have cut the
 * search short (below max_steps, everything reachable was reached). */
size_t path_flood_mask(PathFinder *pf, BoardPos start, int max_steps, const PathMask *mask,
                       int *levels);

/* path_find with a mask: the same path as path_find (unlike
 * path_find_mask, whose ties may differ). Keeps no distances, so
 * path_distance answers -1 until the next path_reach. */
int path_find_mask_bfs(PathFinder *pf, BoardPos start, BoardPos goal, int max_steps,
                       const PathMask *mask, BoardPos *out, int cap);

/* path_find_nearest with a mask; goal gets ctx. Keeps no distances. */
int path_find_nearest_mask(PathFinder *pf, BoardPos start, int max_steps, const PathMask *mask,
                           PathGoalFn goal, void *ctx, BoardPos *found, BoardPos *out, int cap);

/* Like path_find, to the nearest square (not start) where the piece may
 * stop and goal accepts. Writes that square to *found. */
int path_find_nearest(PathFinder *pf, BoardPos start, int max_steps, PathStepFn step,
                      PathGoalFn goal, void *ctx, BoardPos *found, BoardPos *out, int cap);

/* --- Weighted search --------------------------------------------------- */

/* Most a single step may cost (direction cost times square weight). */
#define PATH_MAX_STEP_COST 65535

/* Step costs of a weighted search. A step from i in direction d onto j
 * costs dir[d] * (enter ? enter[j] : 1); enter[j] == 0 refuses the step.
 * Costs are in whatever integer unit the caller counts in (the game uses
 * grid_cost_unit: on a square8 board with diagonals of 7/5, an orthogonal
 * step costs 5 and a diagonal one 7). */
typedef struct PathCosts {
    uint16_t dir[GRID_DIR_COUNT]; /* each >= 1 for the grid's directions */
    const uint8_t *enter;         /* NULL, or one weight per square (row-major) */
} PathCosts;

/* The grid's own costs: grid_step_cost for every direction, no weights. */
PathCosts path_costs_of(const Grid *grid);

/* True when every step of the grid costs one (so breadth-first search
 * answers, and the weighted forms use it). */
bool path_costs_unit(const Grid *grid, const PathCosts *costs);

/* The step rule of a weighted search: a mask when mask is not NULL, else
 * the callback step with ctx (goal tests get ctx too). */
typedef struct PathRule {
    const PathMask *mask;
    PathStepFn step;
    void *ctx;
} PathRule;

/* Cheapest-path forms. Squares are settled in order of cost, squares of
 * equal cost in the order they were reached (first in, first out); a
 * square's path is the first found of its final cost, and neighbours are
 * tried in grid_dirs order. With unit costs that is exactly breadth-first
 * search, so these give the plain forms' answers, ties included (and run
 * them). Costs saturate: paths dearer than INT32_MAX are not found. */

/* Settles every square of cost at most budget (negative: no limit) from
 * start. Afterwards path_cost, path_distance (the same: cost), path_can_stop
 * and path_reach_list (cheapest first) answer. Returns the number of squares
 * where the piece may stop (start excluded). */
int64_t path_cost_reach(PathFinder *pf, BoardPos start, int64_t budget, const PathRule *rule,
                        const PathCosts *costs);

/* Cost from the last query's start to pos, or -1 when not reached. */
int64_t path_cost(const PathFinder *pf, BoardPos pos);

/* A cheapest legal path from start to goal of cost at most budget
 * (negative: no limit), ending where the piece may stop. Writes its
 * squares after start to out (up to cap), its cost to *cost (may be NULL),
 * and returns its number of steps, or -1 when there is none. start == goal
 * gives 0. Keeps no reachable set (path_cost answers -1 until the next
 * reach). */
int path_cost_find(PathFinder *pf, BoardPos start, BoardPos goal, int64_t budget,
                   const PathRule *rule, const PathCosts *costs, BoardPos *out, int cap,
                   int64_t *cost);

/* Like path_cost_find, to the cheapest square (not start) where the piece
 * may stop and goal accepts (ctx: rule->ctx); writes it to *found. */
int path_cost_nearest(PathFinder *pf, BoardPos start, int64_t budget, const PathRule *rule,
                      const PathCosts *costs, PathGoalFn goal, BoardPos *found, BoardPos *out,
                      int cap, int64_t *cost);
