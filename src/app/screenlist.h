/* Every screen the stack reaches by id (screens.h, screens_go): one line
 * each, SCREEN(ID, ENTRY), giving the id SCREEN_ID and naming the
 * ScreenEntry that the screen's own module defines (how it opens, and how
 * it is placed when more than a push). A new screen adds its line here
 * and, when it takes arguments, their struct to screenargs.h; nothing else
 * learns of it, and no screen includes another's header.
 *
 * This file is read several times (the ids, the registry): no include
 * guard, no #pragma once. */
SCREEN(TITLE, title_entry)
SCREEN(PICKER, picker_entry)
SCREEN(BRIEFING, briefing_entry)
SCREEN(GAME, gamescreen_entry)
SCREEN(QUEST, gamescreen_quest_entry)
SCREEN(SAVED_GAME, gamescreen_saved_entry)
SCREEN(PAUSE, pausemenu_entry)
SCREEN(SLOTS, slotview_entry)
SCREEN(SLOT, slotview_open_entry)
SCREEN(SETTINGS, settingsview_entry)
SCREEN(HELP, helpview_entry)
SCREEN(ERROR, errorview_entry)
SCREEN(CONFIRM, confirm_entry)
SCREEN(CAMPAIGN_PICK, campaignpick_entry)
SCREEN(CAMPAIGN, campaignview_entry)
SCREEN(CAMPAIGN_SAVE, campaignview_save_entry)
SCREEN(ARMOURY, armoury_entry)
SCREEN(HANDOVER, handover_entry)
SCREEN(RANDOM_QUEST, randomquest_entry)
SCREEN(PLAYTEST, gamescreen_playtest_entry)
SCREEN(EDITOR, editor_entry)
SCREEN(ONLINE, onlinemenu_entry)
SCREEN(LOBBY, lobby_entry)
SCREEN(ONLINE_PLAY, onlineplay_entry)
SCREEN(SAVED_TEXT, gamescreen_saved_text_entry)
SCREEN(REPLAY, replayview_entry)
SCREEN(REPLAY_GAME, replayview_game_entry)
