/* Line of sight: the walk itself is in sight_walk.h, inline, so that the
 * fog of war can have it with its own blockers inlined; here it is called
 * through the caller's pointers. */
#include "sight.h"

#include "sight_walk.h"

bool sight_line(const Grid *grid, BoardPos a, BoardPos b, const SightRules *rules)
{
    return sight_walk(grid, a, b, rules);
}
