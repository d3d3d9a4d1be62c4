/* Hotseat hand-over: between two players' heroes, or between the heroes
 * and the monster side's player, a screen that hides
 * the board and says "Pass to Player 2" with the hero whose turn it is,
 * until that player presses a key or clicks (the key does nothing else,
 * so a key meant for the last hero cannot act for the next one). Shown
 * by the game screen when the hand_over setting is on, and always between
 * the heroes and a monster player (the heroes must not see that side's
 * board). While it is up
 * the window's title says so too; the old title comes back after it. */
#pragma once

#include "app/screens.h"

#include <stdbool.h>

/* The screen for player (1..4) taking over with hero_name (named: a
 * proper name, see uikit_turn_words; NULL: the monster side) in round
 * turn. */
Screen *handover_create(App *app, int player, const char *hero_name, bool named, int turn);

extern const ScreenOps handover_ops;
