/* Who plays which side of a game in one window (hotseat), and the
 * hand-overs between them: each hero's player, the monster side's player
 * (or the computer), the announcement of whose turn it is (a toast and the
 * window title) and the hand-over screen that hides the board between two
 * players. The game screen holds one (gamescreen.c); saves carry it in
 * their slot header. */
#pragma once

#include "screens.h"
#include "slots.h"

#include "rules/game.h"

#include <stdbool.h>

struct Play;

typedef struct Hotseat {
    int players[GAME_MAX_HEROES]; /* player of each hero id (0-based) */
    int player_heroes;            /* 0: no hotseat announcements */
    int monsters;                 /* the monster side's player 1..4, 0: the computer */
    bool handing;                 /* the hand-over screen between sides is up */
    int announced;                /* hero whose turn was last announced */
} Hotseat;

/* players[i] (0-based) plays the i-th hero; with more than one player
 * each hero's turn is announced. */
void hotseat_set_players(Hotseat *h, struct Play *play, const int *players, int count);

/* The monster side to player 1..4 when the game has a monster player,
 * else the computer (0). */
void hotseat_set_monsters(Hotseat *h, struct Play *play, int player);

/* The players of a save's header, if it names any; and back. */
void hotseat_from_header(Hotseat *h, struct Play *play, const SlotHeader *header);
void hotseat_to_header(const Hotseat *h, SlotHeader *header);

/* Says whose turn it is when the hero or the side changes (called every
 * frame while the game is played). */
void hotseat_announce(Hotseat *h, struct Play *play, App *app);
