/* The save and load dialogs: the slots in the saves folder with slot name,
 * mission, turn and date, newest first; damaged files greyed out with the
 * reason. Saving offers a new named slot (text field) or overwriting one. */
#pragma once

#include "app/screens.h"

#include <stdbool.h>

/* A dialog over game (the game screen, or NULL from the title: load
 * only). save chooses saving, else loading. */
Screen *slotview_create(App *app, Screen *game, bool save);

/* The module also opens a slot's game or campaign over a fresh title
 * screen: SCREEN_SLOT (screens_go). */
