/* A modal panel with a title and lines of messages (damaged settings at
 * start, a mission or save that cannot be opened); any key closes it. */
#pragma once

#include "app/screens.h"

/* A new panel; text holds the messages, one a line (copied). */
Screen *errorview_create(App *app, const char *title, const char *text);
