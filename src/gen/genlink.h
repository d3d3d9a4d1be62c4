/* Joining regions into one connected map (internal to src/gen).
 *
 * genlink_connect carves passages between regions, as the tunnelling
 * generator of seed 003 does, but in time linear in the map: candidate
 * pairs are each region's few nearest neighbours (found in a grid of
 * buckets), joined cheapest first while they join separate groups
 * (Kruskal), then a share of the other pairs as loops. Each passage is an
 * A* route (genroute) through rock in a window around the two regions;
 * existing passages cost less than rock, so new passages join old ones.
 * A door stands where a passage meets each region. Groups that no route
 * reaches are found by widening the search; genlink_prune then removes
 * whatever the start still cannot reach.
 */
#pragma once

#include "genctx.h"

typedef struct GenLinkOptions {
    int loop_percent; /* chance for each other near pair to be joined as a loop */
    int rock_cost;    /* cost of carving a rock square */
    int passage_cost; /* cost of following an existing passage */
    int margin;       /* squares around the two regions the route may use */
    /* optional: regions with the same group are joined already (caves
     * split into parts); NULL: each region alone */
    const int *group;
} GenLinkOptions;

/* Carves passages until every region can reach every other (where
 * routes exist). Returns the number of passages carved. */
int genlink_connect(GenCtx *c, const GenLinkOptions *o);

/* What genlink_join joins: boxes [1..count]; dead ones are skipped. */
typedef struct GenLinkBox {
    BoardPos min, max;
    bool live;
} GenLinkBox;

/* Makes a link between boxes a and b; loop: the two are joined already;
 * far: a stray group's link, which may search wider. False when no link
 * could be made. */
typedef bool (*GenLinkCarve)(void *ctx, int a, int b, bool loop, bool far);

/* The joining of genlink_connect for any boxes on a width x height map:
 * nearest pairs cheapest first while they join groups apart (boxes with
 * the same group > 0 count as joined), strays by a wider search, then
 * loop_percent of the other pairs as loops. Returns the links made. */
int genlink_join(GenCtx *c, const GenLinkBox *boxes, int count, int width, int height,
                 const int *group, int loop_percent, GenLinkCarve carve, void *ctx);

/* Turns every walkable square that `from` cannot reach into `filler`
 * (rock, say), drops the doors they touched, and marks regions left
 * without squares removed. Returns the number of squares changed. */
int64_t genlink_prune(GenCtx *c, BoardPos from, GenLayer filler);

/* Carves the route between regions a and b (a passage with a door at
 * each end) within the options' window; false when no route exists. */
bool genlink_carve(GenCtx *c, const GenLinkOptions *o, int a, int b, bool loop);

/* Passages that meet only at a corner would be two rooms with a wall
 * between (figures never step diagonally): opens a rock square beside the
 * corner so they join. Returns the squares opened. */
int64_t genlink_tidy(GenCtx *c);
