/* Fills a scene from a mission's initial placements: heroes, monsters and
 * furniture with their catalogue sprites and names, doors, rubble, exits
 * and the palette's room names. What the heroes have not found yet
 * (traps, secret doors, placed treasure) is shown only when reveal is set:
 * the mission author's view. Until the rules engine brings fog of war,
 * every square is revealed. */
#pragma once

#include "../mission/mission.h"
#include "scene.h"

#include <stdbool.h>

/* A new scene for mission (which must outlive it). Free with
 * scene_destroy. */
Scene *scene_from_mission(const Mission *mission, bool reveal);

/* Gives the scene the palette's room names and movement costs, the names
 * in the player's language (the mission's <translations>, mission_lang.h)
 * where it has them. */
void scene_mission_palette(Scene *scene, const Mission *mission);
