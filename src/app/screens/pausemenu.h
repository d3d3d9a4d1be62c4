/* The in-game menu (Escape, B, Start): resume, save, load, settings, help,
 * quit to the title. */
#pragma once

#include "app/screens.h"

/* A menu over game, the game screen below it. */
Screen *pausemenu_create(App *app, Screen *game);
