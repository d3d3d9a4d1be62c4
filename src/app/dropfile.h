/* A file dropped on the window: a quest pack is installed into the
 * player's missions folder (asking before replacing one of its name), a
 * saved game (.qbsave) opens in the replay viewer, anything else opens
 * as a mission (the picker's new-game flow). Not a screen: the stack
 * calls it, and it goes to screens by id. */
#pragma once

#include "screens.h"

void dropfile_open(App *app, const char *path);
