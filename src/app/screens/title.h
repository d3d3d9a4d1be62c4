/* The title screen: continue (the newest save), new game, campaign,
 * random quest, load, settings, help, quit. */
#pragma once

#include "app/screens.h"

extern const ScreenOps title_ops;

/* A new title screen. */
Screen *title_create(App *app);

/* Goes back to the title screen: pops down to it when it is on the stack,
 * else replaces the whole stack with a new one. */
void title_return(App *app);
