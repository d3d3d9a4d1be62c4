/* What the online screens draw alike (the lobby and the board). */
#pragma once

#include "online.h"
#include "screens.h"

#include <SDL.h>

/* The session's news and chat in r, wrapped, the newest at the bottom. */
void onlineui_draw_log(App *app, const Online *o, SDL_Rect r);

/* A seat's kind and state as the server names them (docs/network.md:
 * "heroes", "monsters", "spectator"; "connected", "dropped", "computer",
 * "free"), in the player's language; an unknown word as it came. */
const char *onlineui_seat_kind(const char *kind);
const char *onlineui_seat_state(const char *state);
/* The game's status word ("playing", "victory", "defeat"), shown. */
const char *onlineui_status(const char *status);
