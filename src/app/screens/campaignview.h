/* A campaign in the window (docs/rules.md, "Campaigns"): the party (names
 * and hotseat players), the briefing of the next quest, the quest itself
 * (a game screen hosted by this one), the end-of-quest screen (what was
 * won, who fell), the armoury (armoury.h) and the next briefing, until the
 * book is done.
 *
 * The campaign screen owns the catalogue, the Campaign and the Party. Its
 * progress goes into one save slot (app/slots.h) holding the campaign save
 * (rules/party_save.h): written when the party is named, after every
 * purchase, after every action of a quest and when a quest is settled, so
 * the title's Continue resumes it exactly.
 */
#pragma once

#include "app/screens.h"

#include <stdbool.h>
#include <stddef.h>

/* A new party for the campaign file at path, on its party page. NULL
 * with the loader's messages ("FILE:LINE: problem", one a line) in err.
 * The module also resumes a campaign save: SCREEN_CAMPAIGN_SAVE
 * (screens_go), the campaign screen over the title and, when a quest was
 * under way, its game; a damaged, tampered or foreign save, or a changed
 * campaign, is refused with a panel saying why and the slot untouched. */
Screen *campaignview_create(App *app, const char *path, char *err, size_t err_size);
