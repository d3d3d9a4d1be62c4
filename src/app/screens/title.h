/* The title screen: continue (the newest save), new game, campaign,
 * random quest, load, settings, help, quit. */
#pragma once

#include "app/screens.h"

extern const ScreenOps title_ops;

/* A new title screen. Going to SCREEN_TITLE (screens_go) pops down to the
 * title when it is on the stack, else replaces the whole stack with a new
 * one. */
Screen *title_create(App *app);
