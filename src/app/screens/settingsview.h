/* The settings screen: window, fullscreen, UI scale, animation speed,
 * debug overlay at start, and key bindings (press a key to bind it; pairs
 * sharing a key are listed as a warning). Every change is saved at once. */
#pragma once

#include "app/screens.h"

/* A new settings screen. */
Screen *settingsview_create(App *app);
