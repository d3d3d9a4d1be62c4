/* The mission editor screen (issue 23, docs/editor.md): paint the board,
 * place the pieces, set the mission, see the live check, simulate and
 * play-test, in the game's window. Every tool issues an edit command
 * (src/edit), so the window does what --edit-script does. */
#pragma once

#include "app/screens.h"

#include <stddef.h>

extern const ScreenOps editor_ops;

/* The editor on the mission at path (a mission XML, a HeroScribe quest or
 * a bare bitmap), or on a new mission when path is NULL or "". NULL with
 * the reason in err when path does not open. */
Screen *editor_create(App *app, const char *path, char *err, size_t err_size);

/* --screenshot OUT.png --edit [FILE]: the editor on FILE (or a new
 * mission) drawn once without a display, written to opts->screenshot.
 * Returns the exit status: 0, or 2 after a message. */
int editor_screenshot(const AppOptions *opts);
