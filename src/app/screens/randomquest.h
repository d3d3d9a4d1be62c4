/* The title's Random quest: style, board size, difficulty, party size and
 * seed (shown, editable, "New seed"), a preview of the quest those make,
 * then the briefing and play. The quest is written as an ordinary mission
 * folder into the player's missions folder (<pref>/missions/), so the
 * picker lists it afterwards to replay or edit. */
#pragma once

#include "app/screens.h"
#include "gen/gen.h"

#include <stddef.h>

/* A new Random quest screen with a fresh seed. */
Screen *randomquest_create(App *app);

/* The folder name the screen writes a quest of these options to:
 * "wilds-7" on the standard board at normal difficulty for four heroes,
 * else with the size, difficulty and party: "wilds-7-40x30-hard-2". */
void randomquest_folder_name(const GenOptions *o, char *out, size_t size);
