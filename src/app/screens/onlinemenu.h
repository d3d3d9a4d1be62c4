/* The title's Online screen: the player's name, then host a game (a
 * server in this process, or on a server by address) or join one by
 * address, game code and seat; each opens the lobby (lobby.h). */
#pragma once

#include "app/screens.h"

Screen *onlinemenu_create(App *app);
