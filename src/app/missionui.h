/* A mission as the window's screens show it: loading, the author's
 * warnings and a small map of its board (shared by the picker, the
 * briefing, the game, the campaign and the Random quest screens). */
#pragma once

#include "screens.h"

#include "../mission/errors.h"
#include "../mission/mission.h"

#include <SDL.h>
#include <stdbool.h>
#include <stddef.h>

/* Loads a mission (XML or bare bitmap) with the bundled catalogue and the
 * window's bitmap limits. NULL with every problem, one a line, in err. */
Mission *missionui_load(const App *app, const char *path, char *err, size_t err_size);

/* True when path is a mission in the player's own folder (<pref>/missions/):
 * the missions whose authors see --check's warnings in the window. */
bool missionui_own(const App *app, const char *path);

/* The analysis of m (mission/analysis.h) into warnings (initialised here;
 * the caller clears it); returns how many. */
size_t missionui_warnings(const Mission *m, ErrorList *warnings);

/* Draws up to max_lines lines about warnings (a heading naming how many,
 * then each in its short form, lines as uikit_wrap counts them) from
 * (x, y) in width w; returns the y below. */
int missionui_draw_warnings(App *app, const ErrorList *warnings, int x, int y, int w, int max_lines);

/* The mission's board in small for a preview: a block of texels per
 * square in its colour, walls dark, heroes' squares gold (NULL for a board
 * too large to show). */
SDL_Texture *missionui_map_texture(SDL_Renderer *sdl, const Mission *m);
