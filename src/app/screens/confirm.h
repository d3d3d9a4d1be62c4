/* A question with two answers over the screen below ("Quit Questboard?"
 * Quit / Stay): Return or a click takes the highlighted answer, Escape
 * the second (the safe one). The first answer runs a callback. */
#pragma once

#include "app/screens.h"

/* A new question: title, a line of explanation (may be ""), the answers'
 * labels; yes_first puts the highlight on the first answer, which runs
 * on_yes (a ConfirmAction, app/screenargs.h). */
Screen *confirm_create(App *app, const char *title, const char *text, const char *yes, const char *no,
                       bool yes_first, ConfirmAction on_yes, void *ctx);
