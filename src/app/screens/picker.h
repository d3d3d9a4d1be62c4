/* The new-game flow: the mission picker (bundled missions, the player's
 * own under the pref path, or a path typed in), the briefing with the
 * objectives, then the heroes and who plays each (hotseat). */
#pragma once

#include "app/screens.h"

/* A picker with the mission at preselect (a mission.xml path, or NULL)
 * highlighted when it is in the list. Going to SCREEN_PICKER with brief
 * (screens_go, PickerArgs) opens a path dropped on the window or typed in
 * in the new-game flow: the title, the picker and the mission's briefing;
 * a path of the wrong kind gets a message. */
Screen *picker_create(App *app, const char *preselect);
