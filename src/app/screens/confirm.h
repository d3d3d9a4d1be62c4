/* A question with two answers over the screen below ("Quit Questboard?"
 * Quit / Stay): Return or a click takes the highlighted answer, Escape
 * the second (the safe one). The first answer runs a callback. */
#pragma once

#include "app/screens.h"

/* What the first answer does; the confirm screen is already popped. */
typedef void (*ConfirmAction)(App *app, void *ctx);

/* A new question: title, a line of explanation (may be ""), the answers'
 * labels; yes_first puts the highlight on the first answer. */
Screen *confirm_create(App *app, const char *title, const char *text, const char *yes, const char *no,
                       bool yes_first, ConfirmAction on_yes, void *ctx);

/* The confirm screen frees ctx with free_ctx when it goes, whatever the
 * answer (a ctx made for the question). */
void confirm_own_ctx(Screen *s, void (*free_ctx)(void *ctx));
