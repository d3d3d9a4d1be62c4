/* A mission's briefing and objectives, then its heroes and who plays each
 * (1-4 heroes, hotseat players), then the game. */
#pragma once

#include "app/screens.h"

#include <stddef.h>

/* The briefing of the mission at path. NULL with the loader's messages in
 * err when it does not load. */
Screen *briefing_create(App *app, const char *path, char *err, size_t err_size);

