/* The online lobby: owns the session (app/online.h) and polls it every
 * frame, also while the board is over it; shows the game's code, where
 * friends join, the seats (who is connected: ready), the chat and the
 * notices of who joined, dropped and came back; Play opens the board
 * (onlineplay.h), Leave goes back to the Online screen. */
#pragma once

#include "app/online.h"
#include "app/screens.h"

/* What to do once connected. */
typedef struct LobbyIntent {
    bool host;        /* host (args) or join (code, seat) */
    char args[200];   /* "first-light seats=2+monsters" */
    char code[16];
    char seat[16];    /* a seat number or "spectator" */
} LobbyIntent;

/* Takes the session. */
Screen *lobby_create(App *app, Online *online, const LobbyIntent *intent);

/* The session's news and chat in r, wrapped, the newest at the bottom. */
void lobby_draw_log(App *app, const Online *o, SDL_Rect r);
