/* The online lobby: owns the session (app/online.h) and polls it every
 * frame, also while the board is over it; shows the game's code, where
 * friends join, the seats (who is connected: ready), the chat and the
 * notices of who joined, dropped and came back; Play opens the board
 * (SCREEN_ONLINE_PLAY), Rejoin takes the seat back after a drop, Leave
 * goes back to the Online screen. Reached by SCREEN_LOBBY (LobbyArgs). */
#pragma once

#include "app/screenargs.h"
#include "app/screens.h"

/* Takes the session in a. */
Screen *lobby_create(App *app, const LobbyArgs *a);
