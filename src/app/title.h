/* The title screen: continue (the newest save), new game, load, settings,
 * help, quit. */
#pragma once

#include "screens.h"

extern const ScreenOps title_ops;

/* A new title screen. */
Screen *title_create(App *app);
