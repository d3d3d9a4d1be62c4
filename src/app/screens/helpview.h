/* The help overlay (F1 / ?): every key binding and the rules in brief. */
#pragma once

#include "app/screens.h"

extern const ScreenOps helpview_ops;

/* A new help overlay over whatever is open. */
Screen *helpview_create(App *app);
