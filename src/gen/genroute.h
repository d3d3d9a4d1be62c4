/* The generator's own weighted route search: A* over a window of the
 * map, with the step cost given per square by the caller. It carves
 * dungeon and cave passages (rock costly, existing passages cheap, so new
 * passages join old ones) and lays the wilds' roads over terrain costs
 * (roads cheap for the later searches, so they merge into a network, as
 * in seed 001).
 *
 * Searches are confined to a window the caller chooses (the two ends'
 * boxes and a margin), so a query costs what its window holds and a map
 * of many short links costs time linear in its area. Buffers are kept
 * between queries. Ties are broken by the lower estimate to the goal,
 * then by the order squares were reached, so routes are deterministic.
 */
#pragma once

#include "../core/grid.h"

#include <stdbool.h>

typedef struct GenRoute GenRoute;

typedef struct GenRouteQuery {
    BoardPos min, max;           /* the window searched, inclusive */
    BoardPos goal_min, goal_max; /* the box the estimate aims at */
    int estimate_step;           /* cost per step the estimate assumes */
    /* cost of entering p (>= 1), or -1 when p may not be entered */
    int (*cost)(void *ctx, BoardPos p);
    /* true when p ends the search */
    bool (*goal)(void *ctx, BoardPos p);
    void *ctx;
} GenRouteQuery;

GenRoute *genroute_create(void);
void genroute_destroy(GenRoute *rt);

/* The cheapest route (under the estimate) from one of the starts to a
 * goal square, inside the window. *path receives its squares, a start
 * first and the goal last (owned by rt, valid until the next query).
 * Returns the number of squares, or -1 when no route exists. Starts
 * outside the window or with cost -1 are skipped. */
int genroute_find(GenRoute *rt, const GenRouteQuery *q, const BoardPos *starts, int n_starts,
                  const BoardPos **path);
