/* The new-game flow: the mission picker (bundled missions, the player's
 * own under the pref path, or a path typed in), the briefing with the
 * objectives, then the heroes and who plays each (hotseat). */
#pragma once

#include "app/screens.h"
#include "mission/mission.h"

#include <SDL.h>

/* A picker with the mission at preselect (a mission.xml path, or NULL)
 * highlighted when it is in the list. */
Screen *picker_create(App *app, const char *preselect);

/* Opens path (dropped on the window or typed in) in the new-game flow:
 * the title, the picker and the mission's briefing; a path of the wrong
 * kind gets a message. */
void picker_open_path(App *app, const char *path);

/* The mission's board in small for a preview: a block of texels per
 * square in its colour, walls dark, heroes' squares gold (NULL for a board
 * too large to show). The Random quest screen shows its quest with it. */
SDL_Texture *picker_map_texture(SDL_Renderer *sdl, const Mission *m);
