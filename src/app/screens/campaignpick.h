/* The title's Campaign: the bundled campaigns (missions/campaigns/) and
 * the player's own (folders with a campaign.xml in <pref>/campaigns/),
 * each previewed with its name, introduction and quests, or with the
 * loader's FILE:LINE messages when it does not load; Return starts a new
 * party (campaignview.h). */
#pragma once

#include "app/screens.h"

#define CAMPAIGNPICK_FILE "campaign.xml"

Screen *campaignpick_create(App *app);
