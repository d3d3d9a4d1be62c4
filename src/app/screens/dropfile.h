/* A file dropped on the window: a quest pack is installed into the
 * player's missions folder (asking before replacing one of its name), a
 * saved game (.qbsave) opens in the replay viewer, anything else opens
 * as a mission (picker_open_path). */
#pragma once

#include "app/screens.h"

void dropfile_open(App *app, const char *path);
