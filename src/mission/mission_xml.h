/* The SDL-free half of mission loading: the XML file into a Mission, the
 * bitmap path kept inside the mission's folder, and the meaning checks
 * once the board exists. mission_load (load.c) joins them to the bitmap
 * decoder. Internal to src/mission. */
#pragma once

#include "mission.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Largest number of placements of each kind a mission may hold. */
#define MISSION_MAX_PLACEMENTS 10000

/* A new, empty mission for the file at path (dir = its folder). */
Mission *mission_new(const char *path);

/* Parses and validates the mission XML in data (path names it in messages
 * and gives its folder) against the schema at schema_path. Returns the
 * mission without its board (board = NULL; bitmap_path holds the path as
 * written) with a clone of base plus the mission's own types, or NULL with
 * every problem in errs. */
Mission *mission_parse_xml(const char *path, const uint8_t *data, size_t size,
                           const char *schema_path, const Catalogue *base, ErrorList *errs);

/* Checks that the bitmap path as written stays inside the mission's folder
 * (not absolute, no "..", no symlink leading out) and exists; on success
 * replaces mission->bitmap_path with the resolved path. */
bool mission_resolve_bitmap(Mission *mission, ErrorList *errs);

/* The palette's type overrides for board_create; *count receives how
 * many. The caller frees the array. */
BoardTypeOverride *mission_type_overrides(const Mission *mission, int *count);

/* Checks every placement and objective against the board and catalogue,
 * adding "FILE:LINE: square (x,y): message" errors. Fills in furniture
 * footprints and treasure rooms. Returns true when nothing was wrong. */
bool mission_check(Mission *mission, ErrorList *errs);

/* A bare bitmap as a mission: the four catalogue heroes on the first
 * walkable squares of room 1. Needs mission->board. */
bool mission_place_default_heroes(Mission *mission, ErrorList *errs);

/* FNV-1a 64-bit, continuing from h (start with MISSION_FNV_OFFSET). */
#define MISSION_FNV_OFFSET 0xcbf29ce484222325ull
uint64_t mission_fnv1a(uint64_t h, const uint8_t *data, size_t size);
