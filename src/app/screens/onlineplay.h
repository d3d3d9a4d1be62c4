/* The board of an online game: drawn from what this seat is told (the
 * session's picture, app/onlinegame.h) and played through the server:
 * a click moves the hero on turn (or the chosen monster in the monsters'
 * turn), attacks the enemy clicked, opens the door between; Roll, Search,
 * End turn by their keys or the panel's buttons; the hero on turn casts
 * from its book, drinks a potion and takes a quiet move back as in local
 * play (app/onlineboard/onlineboard.h), and the events the seat is told
 * play as in local play (steps, dice, damage floating up). The panel names who
 * plays each seat and whose turn it is, and shows the notices (who
 * dropped and came back) and the chat. Back returns to the lobby. Reached
 * by SCREEN_ONLINE_PLAY (OnlinePlayArgs). */
#pragma once

#include "app/online.h"
#include "app/screens.h"

/* Borrows the session (the lobby below owns and polls it). */
Screen *onlineplay_create(App *app, Online *online);
