/* What each screen takes when the stack goes to it by id (screens.h,
 * screens_go and screens_open; screenlist.h lists the ids). A screen that
 * takes nothing (settings, help, the campaigns' list, the Random quest)
 * is given NULL. These structs are the only thing screens
 * know of each other: a screen includes screens.h, never another screen's
 * header. The pointers are borrowed for the call unless a field says the
 * screen keeps them. */
#pragma once

#include "../rules/game.h"
#include "../rules/party.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct App App;
typedef struct Screen Screen;

/* SCREEN_TITLE: NULL, or back from a game (from_game: the title's cursor
 * goes to Continue, which takes the game up again whatever started it). */
typedef struct TitleArgs {
    bool from_game;
} TitleArgs;

/* SCREEN_ERROR: a modal panel with a title and messages (one a line, copied);
 * any key closes it. */
typedef struct ErrorArgs {
    const char *title;
    const char *text;
} ErrorArgs;

/* What the first answer of a question does; the question is already popped. */
typedef void (*ConfirmAction)(App *app, void *ctx);

/* SCREEN_CONFIRM: a question with two answers over the screen below: the
 * title, a line of explanation (may be ""), the answers' labels;
 * yes_first puts the highlight on the first answer, which runs on_yes(ctx). */
typedef struct ConfirmArgs {
    const char *title, *text, *yes, *no;
    bool yes_first;
    ConfirmAction on_yes;
    void *ctx;
    /* when set, the question owns ctx: free_ctx(ctx) when it goes,
     * whatever the answer (a ctx made for the question) */
    void (*free_ctx)(void *ctx);
} ConfirmArgs;

/* SCREEN_PICKER: the mission picker with the mission at preselect (a
 * mission.xml path, or NULL) highlighted when it is listed. brief: the new
 * game flow for that path (dropped on the window or typed in): the title,
 * the picker and the mission's briefing; a path of the wrong kind gets a
 * message. */
typedef struct PickerArgs {
    const char *preselect;
    bool brief;
} PickerArgs;

/* SCREEN_BRIEFING: the briefing of the mission at path. back names the
 * first page's way back (a static string, kept; NULL: "Back to the
 * missions"). */
typedef struct BriefingArgs {
    const char *path;
    const char *back;
} BriefingArgs;

/* SCREEN_GAME: a new game of the mission at path with setup (NULL: every
 * hero) and seed; players[i] (0-based) plays the i-th hero of the setup
 * (hotseat; player_count 0: no announcements); monsters (1..4) plays the
 * monster side (setup->monster_player), 0: the computer. Goes over the title.
 * SCREEN_PLAYTEST: the editor's play-test of it (no autosave, no next
 * mission; its end panel and in-game menu go back to the screen below). */
typedef struct GameArgs {
    const char *path;
    const GameSetup *setup;
    uint64_t seed;
    const int *players;
    int player_count;
    int monsters;
} GameArgs;

/* A campaign's quest is settled and the player went on (quit: chose Back
 * to the title): what the host of the quest's game screen does then. */
typedef struct GameScreenHost {
    /* The host may pop the game screen. */
    void (*ended)(void *ctx, App *app, bool quit);
    /* The slot written after every action (a file in the saves folder). */
    const char *slot_file;
    const char *slot_name;
    void *ctx;
} GameScreenHost;

/* SCREEN_QUEST: the current quest of party (its mission at path; the
 * party's setup and quest seed) or, with save text, the quest game it
 * restores; campaign_path names the campaign in its saves. The party
 * must outlive the screen; host is copied. */
typedef struct QuestArgs {
    const char *path;
    Party *party;
    const char *campaign_path;
    const char *save;
    size_t save_size;
    const GameScreenHost *host;
} QuestArgs;

/* SCREEN_SAVED_GAME: the game saved in slot file (in the saves folder),
 * replayed; SCREEN_SLOT: whatever slot file holds (a game or a campaign),
 * opened over a fresh title screen, or an error panel. */
typedef struct SlotArgs {
    const char *file;
} SlotArgs;

/* SCREEN_SAVED_TEXT: the game of rules save body (size bytes, read from
 * path, which names it in messages) replayed on the mission at
 * mission_path, whatever mission the save names (a quest pack's game, a
 * replay continued from a position). */
typedef struct SavedTextArgs {
    const char *path;
    const char *body;
    size_t size;
    const char *mission_path;
} SavedTextArgs;

/* SCREEN_REPLAY: the replay viewer on the file at path (a save slot, a
 * rules save, a quest pack holding a game or a mission with a replay);
 * its bookmarks are kept beside it (PATH.marks). */
typedef struct ReplayArgs {
    const char *path;
} ReplayArgs;

/* SCREEN_REPLAY_GAME: the viewer of a game in memory: rules save text
 * (size bytes) on mission, which the viewer takes over (also when it
 * fails); mission_path names the mission in the saves of a game continued
 * from a position, label names the replay in messages, marks_path is
 * where its bookmarks are kept ("": nowhere). */
typedef struct ReplayGameArgs {
    Mission *mission;
    const char *mission_path;
    const char *text;
    size_t size;
    const char *label;
    const char *marks_path;
} ReplayGameArgs;

/* SCREEN_EDITOR: the mission editor on the mission at path (NULL: a new
 * board). */
typedef struct EditorArgs {
    const char *path;
} EditorArgs;

/* SCREEN_CAMPAIGN: a new party for the campaign file at path, on its party
 * page. */
typedef struct CampaignArgs {
    const char *path;
} CampaignArgs;

/* SCREEN_CAMPAIGN_SAVE: the campaign save body (size bytes) read from slot
 * file resumed: the campaign screen over the title and, when a quest was
 * under way, its game; a save refused gets an error panel. */
typedef struct CampaignSaveArgs {
    const char *file;
    const char *body;
    size_t size;
} CampaignSaveArgs;

/* SCREEN_PAUSE (the in-game menu) and SCREEN_SLOTS (the save and load
 * dialogs) over game, a screen holding a game (Screen.game; NULL for the
 * title's Load); save chooses the save dialog. */
typedef struct GameMenuArgs {
    Screen *game;
    bool save;
} GameMenuArgs;

/* Called after each change of the party in the armoury. */
typedef void (*ArmouryChanged)(void *ctx, App *app);

/* SCREEN_ARMOURY: the armoury for party (borrowed; every change is
 * reported to changed(ctx), which saves). */
typedef struct ArmouryArgs {
    Party *party;
    ArmouryChanged changed;
    void *ctx;
} ArmouryArgs;

/* SCREEN_HANDOVER: hotseat hand-over to player (1..4) with hero_name
 * (named: a proper name; NULL: the monster side) in round turn. */
typedef struct HandoverArgs {
    int player;
    const char *hero_name;
    bool named;
    int turn;
} HandoverArgs;

struct Online;

/* SCREEN_LOBBY: the online lobby over a session (app/online.h), which it
 * keeps (and frees); once connected it hosts (host: `host`'s words, e.g.
 * "first-light seats=2"; with pack, a quest pack file uploaded and hosted
 * with host_args its options, "seats=2") or joins game code in seat (a
 * number or "spectator"). The strings are copied. */
typedef struct LobbyArgs {
    struct Online *online;
    bool host;
    const char *host_args;
    const char *pack;
    const char *code, *seat;
} LobbyArgs;

/* SCREEN_ONLINE_PLAY: the board of the session's game; the session is
 * borrowed (the lobby below keeps and polls it). */
typedef struct OnlinePlayArgs {
    struct Online *online;
} OnlinePlayArgs;
