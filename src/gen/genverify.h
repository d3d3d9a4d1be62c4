/* Is a mission fair to play? (docs/generator.md, "Fair by construction")
 *
 * From the heroes' squares, under the step rules of the board (walls,
 * doors, blocking furniture, rubble; monsters can be killed, so they do
 * not block), every walkable square must be reachable: so every room
 * is. Secret doors count as walls (the heroes may never find them), a
 * locked door opens once the room holding its key has been reached, so a
 * key behind its own door leaves the rooms behind it unreached. Every
 * objective's target and an exit must be reachable too. Linear in the
 * board plus the placements. The generator runs it on every mission it
 * makes before handing it back; tests run it on the bundled missions.
 * Steps are orthogonal: it is meant for square boards, as the generator
 * makes them.
 */
#pragma once

#include "../mission/errors.h"
#include "../mission/mission.h"

#include <stdbool.h>

/* True when the mission is fair; otherwise false with each problem (at
 * most a few unreachable squares, then a count) in errs. */
bool genverify_mission(const Mission *m, ErrorList *errs);
