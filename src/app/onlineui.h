/* What the online screens draw alike (the lobby and the board). */
#pragma once

#include "online.h"
#include "screens.h"

#include <SDL.h>

/* The session's news and chat in r, wrapped, the newest at the bottom. */
void onlineui_draw_log(App *app, const Online *o, SDL_Rect r);
