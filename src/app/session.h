/* What the window shows: a loaded mission (or bare bitmap) and the scene
 * drawn from it. The scene is filled from the mission's initial
 * placements; once the rules engine exists it is filled from the game. */
#pragma once

#include "../gfx/scene.h"
#include "../mission/mission.h"
#include "../mission/bitmap.h"

#include <stdbool.h>
#include <stddef.h>

typedef struct Session Session;

/* Loads the mission or bitmap at path with the bundled catalogue. reveal
 * shows what the heroes have not found yet (traps, secret doors, hidden
 * treasure). Returns NULL with the reasons ("FILE:LINE: problem", one a
 * line) in err. */
Session *session_load(const char *path, const BitmapLimits *limits, bool reveal, char *err,
                      size_t err_size);

/* Frees everything; NULL does nothing. */
void session_destroy(Session *session);

/* The mission loaded (owned by the session). */
const Mission *session_mission(const Session *session);

/* The scene to draw. */
const Scene *session_scene(const Session *session);
