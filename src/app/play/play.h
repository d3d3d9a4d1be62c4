/* The play screen: one mission played in the window with mouse and keys.
 *
 * A Play owns the match (match/match.h: the game, its seats, undo, the
 * story and the autosave policy) and acts through it, the scene drawn
 * from the game as its sight seat sees it (the heroes' fog of war, or all
 * with --reveal), the camera, the selection, hover and keyboard cursor, the queue of
 * GameEvents being animated (steps, dice, attacks, monster moves), the log
 * history and the autosave. It holds no global state, so a screen stack
 * can keep several. The mission is borrowed and must outlive it.
 *
 * The frame loop calls play_handle_event for every SDL event,
 * play_update(dt) every frame and play_draw when something changed (or
 * while play_animating). Turns advance only on the player's actions; the
 * monsters' phase is applied at once by the rules and then shown event by
 * event, accepting no game input until it has played.
 *
 * A bare bitmap (or a mission without heroes) gives a board viewer: the same
 * screen without a game or a HUD.
 */
#pragma once

#include "gfx/render.h"
#include "mission/mission.h"
#include "rules/game.h"
#include "match/match.h"
#include "app/bindings.h"
#include "app/msglog.h"

#include <SDL.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct Play Play;

/* Called as each event is shown (landed false) and once its dice have
 * landed (true; at once for an event without dice): its sound
 * (audio_play_cue). Events of pieces no hero has seen make no cue. */
typedef void (*PlayCueFn)(void *ctx, const Game *g, const GameEvent *e, bool landed);

typedef struct PlayOptions {
    bool reveal;             /* no fog of war (the author's view) */
    bool debug;              /* start with the debug overlay */
    DebugLabel label;        /* what the overlay writes on squares (--labels) */
    const Bindings *bindings; /* NULL: the defaults */
    double anim_factor;      /* animation lengths x this (0: instant; settings_anim_duration_factor) */
    bool reduce_motion;      /* no shake, flash, tumbling dice, rising numbers or shrinking
                                pieces (the reduce_motion setting) */
    const char *save_dir;    /* autosave folder ("<pref path>/saves"); NULL: no autosave
                                (a match made elsewhere keeps its own policy) */
    const char *mission_path; /* recorded in saves; NULL: the mission's own path (a match made
                                 elsewhere names its own) */
    bool watching;           /* the replay viewer: a game watched, no end panel */
    bool ask_end_turn;       /* ending a turn with movement unused asks first
                                (settings_ask_end_turn; play_set_ask_end_turn) */
    PlayCueFn cue;           /* NULL: no sound */
    void *cue_ctx;
} PlayOptions;

/* What handling an event asks of the caller (bits). */
enum {
    PLAY_REDRAW = 1,      /* the picture changed */
    PLAY_QUIT = 2,        /* the player asked to leave (Back with nothing to close) */
    PLAY_SCREENSHOT = 4,  /* the screenshot key */
    PLAY_RESET_ART = 8,   /* the renderer lost its textures: reload them */
    PLAY_FULLSCREEN = 16, /* the fullscreen key: toggle it */
    PLAY_AGAIN = 32,      /* the end panel's Play again: the same mission and heroes anew */
    PLAY_NEXT = 64,       /* ...Next mission */
    PLAY_WATCH = 128,     /* ...Watch replay: the game just played, in the replay viewer */
};

/* A new game of mission m with setup (NULL: every hero) and seed, shown
 * in a w x h output. A bare bitmap, or a mission or setup the rules
 * cannot play, gives a board viewer (play_viewer_reason says why). Never
 * NULL. */
Play *play_create(const Mission *m, const GameSetup *setup, uint64_t seed, const PlayOptions *opts,
                  int w, int h);

/* A game restored from save text (the body of a slot file, save.h) on
 * mission m. NULL with the reason in err when it does not parse or does
 * not replay on m. */
Play *play_create_from_save(const Mission *m, const char *text, size_t size,
                            const PlayOptions *opts, int w, int h, char *err, size_t err_size);

/* A play screen for match, made elsewhere (a campaign's quest, a game
 * moved over from another play screen after hot reload or changed
 * settings): the play screen takes it over. It should keep the story
 * (MATCH_CHRONICLE | MATCH_LOG), which the log and the end panel show.
 * Never NULL. */
Play *play_create_with_match(Match *match, const PlayOptions *opts, int w, int h);

/* The match in play (NULL for a board viewer): saving, settling a
 * campaign's quest, moving it to another play screen. */
Match *play_match(const Play *p);

/* Takes the match away (the caller owns it; the play screen must then be
 * destroyed without being used again). */
Match *play_take_match(Play *p);

/* Frees everything; NULL does nothing. */
void play_destroy(Play *p);

/* The output was resized (output pixels) or its pixels per window
 * coordinate changed (HiDPI). */
void play_resize(Play *p, int w, int h, double pixel_ratio);

/* Handles one SDL event. Returns PLAY_* bits. */
int play_handle_event(Play *p, const SDL_Event *ev);

/* Whether the play screen has the keyboard (it is the top screen): held
 * keys pan only while it does, so typing in a dialog over the game does
 * not move the board. On by default. */
void play_set_keyboard(Play *p, bool has_keyboard);

/* Whether the last input came from a controller: the help panel then
 * lists the controller's buttons instead of the keys. Off by default. */
void play_set_pad_hints(Play *p, bool pad);

/* The command bar's button (a HudCommand) the cursor keys are on, or -1
 * while they move the board's cursor. The command bar key (a
 * controller's Back) moves them into the bar: left and right pick a
 * button, confirm presses it, back or the key again leave. */
int play_bar_focus(const Play *p);

/* Advances animations and held-key panning by dt seconds. Returns true
 * when the picture changed. */
bool play_update(Play *p, double dt);

/* True while events are being animated or keys pan the view: the loop
 * should draw every frame instead of sleeping. */
bool play_animating(const Play *p);

/* Draws the frame (board, shading, HUD) with r into its current target. */
void play_draw(Play *p, Renderer *r);

/* The board's view in output pixels (where the HUD leaves the board). */
SDL_Rect play_board_rect(const Play *p);

/* The game, or NULL for a board viewer. */
const Game *play_game(const Play *p);

/* The scene as drawn now. */
const Scene *play_scene(const Play *p);

/* The square the player points at (the keyboard cursor, else the mouse)
 * in words, for narration: its room ("Unexplored" under the fog), then
 * what stands there and its doors, as sentences; while the cursor keys
 * are in the command bar (play_bar_focus), its button's label instead,
 * and whether it can be pressed now. False when nothing is pointed at
 * (or there is no board). */
bool play_pointed_words(const Play *p, char *buf, size_t size);

/* The selected piece, or -1. */
int play_selected(const Play *p);

/* Where a square is on screen: the centre of pos in output pixels. */
void play_square_centre(const Play *p, BoardPos pos, double *x, double *y);

/* Why there is no game (a bare bitmap, a setup the rules refuse), or ""
 * when there is one. */
const char *play_viewer_reason(const Play *p);

/* The full path of the last autosave written, "" when none yet. */
const char *play_autosave_path(const Play *p);

/* Writes the autosave slot now when the game in play changed since it was
 * last written (the slot is written when a round begins): leaving a game
 * for the title keeps the moves of its last round for Continue. Nothing
 * without a save folder, or once the game is over. */
void play_autosave_unsaved(Play *p);

/* The game in play was saved into a slot as it is now (F5): leaving it
 * writes no autosave until it changes again. */
void play_note_saved(Play *p);

/* The mission title shown in the window's title bar. */
const char *play_title(const Play *p);

/* Gives dst the camera (zoom and position), the overlay settings, the
 * hotseat players and the log's history of src: hot reload and changed
 * settings swap in a new play screen without moving the view or losing
 * what the log said. */
void play_copy_view(Play *dst, const Play *src);

/* Gives dst only the camera and the overlay settings of src (the replay
 * viewer's positions: each has its own log, sight and players). */
void play_copy_camera(Play *dst, const Play *src);

/* The log's history (what the log panel and the history screen show). */
const MsgLog *play_log(const Play *p);

/* Whether the end panel offers Next mission (the host knows the list). */
void play_set_has_next(Play *p, bool has_next);

/* What piece id is called: a hero its name from the game's setup (a
 * campaign's party, game_piece_name), else its type's name; the HUD, the
 * status line, the dice labels and the end panel say the same as the
 * rules' log. */
const char *play_piece_name(const Play *p, int id);

/* The end panel's first button says label instead of Play again (NULL:
 * Play again); it still answers PLAY_AGAIN (a campaign goes on with it). */
void play_set_again_label(Play *p, const char *label);
/* The end panel's last button's words (NULL or "": "Back to the title";
 * a play-test's: "Back to the editor"). */
void play_set_quit_label(Play *p, const char *label);

/* True when the mission is over and its end panel is on screen. */
bool play_end_shown(const Play *p);

/* The hero whose turn is on screen: while the monsters' phase plays
 * the game is already at the next hero's turn, but the screen is not;
 * -1 while the monsters move (or there is no game). */
int play_shown_current(const Play *p);

/* The end-of-mission figures as shown so far: rounds played, kills,
 * treasure and gold, and per hero kills, damage dealt and taken, gold
 * and treasure (counted from the events, rebuilt for a loaded game). */
struct HudSummary;
void play_summary(const Play *p, struct HudSummary *out);

/* What the HUD shows this frame (the panels' model; tests read it). */
struct HudModel;
void play_hud_model(Play *p, struct HudModel *out);

/* The combat effects on screen now (tests read it): floating numbers
 * (the newest one's text), pieces fading out, a hero's hurt flashing the
 * board's edges and shaking it. */
typedef struct PlayFxView {
    int floats;
    char newest[24];
    int dying;
    bool flash, shake;
} PlayFxView;
void play_fx_view(const Play *p, PlayFxView *out);

/* What happened that a toast should tell since the last call ("Objective
 * met: ...", "... finds 25 gold"), as the events land on screen; NULL when
 * nothing. The text stays valid until the next call. */
const char *play_take_news(Play *p);

/* --- The replay viewer (screens/replayview.c) -------------------------------- */

/* Applies action a, the next of a replay, through the seat whose turn it
 * is, its events animated as in play (the viewer's match seats the
 * monster side as a local player, so a monsters' turn played by actions
 * is shown action by action). False (nothing changed) when the rules
 * refuse it. */
bool play_replay_action(Play *p, const Action *a);

/* Ends every animation on screen now (the dice settle, the events left
 * are shown at once): a skipped step. */
void play_finish_events(Play *p);

/* True while the events of the last action are still being shown. */
bool play_events_showing(const Play *p);

/* Animation lengths x factor from now on (the viewer's speed: 1/speed;
 * 0: instant). */
void play_set_anim_factor(Play *p, double factor);
/* Whether ending a hero's turn while it could still move asks first (the
 * setting changed while a game runs). */
void play_set_ask_end_turn(Play *p, bool ask);

/* Records who plays each hero (hotseat), as in SlotHeader.players ("1213",
 * or "" for one player), so autosaves carry it; the match gets one hero
 * seat per player. */
void play_set_players(Play *p, const char *players);

/* Who plays the monster side (hotseat): 0 the computer, 1..4 Player N,
 * as in SlotHeader.monsters, so autosaves carry it. A player plays it
 * only in a game made with GameSetup.monster_player (else the rules' AI
 * moves the monsters inside the last hero's end); the match's monster
 * seat is then a local one, and its turn waits for this window's player
 * (docs/rules.md, "The monster player"). */
void play_set_monsters(Play *p, int player);
int play_monsters(const Play *p);

/* The window shows one side's view (match_view): the heroes' shared
 * sight, or the monster side's whole board while its player plays. True
 * when the side whose turn it is now (the events shown) is not the one
 * whose view is on screen: the caller hides the board for the next
 * player (the hand-over screen) and calls play_hand_over. Never while
 * events play, nor with --reveal. */
bool play_hand_over_due(const Play *p);
/* Shows the view of the side whose turn it is (the log and the tally
 * told again as that side may know them). True when that is the monster
 * side: the window's player now plays the monsters' turn. */
bool play_hand_over(Play *p);
/* True while the window's player plays the monsters' turn (the board was
 * handed over to the monster side, no events playing). */
bool play_monsters_at_keyboard(const Play *p);

/* The window's notices (screens_toast: whose turn it is, a find) take
 * band pixels at the top of the board's view: a fitted board is fitted
 * below them (refit at the next draw when it changes). 0 (the default,
 * and a screenshot's: no notice is drawn) fits it to the whole view. */
void play_set_notice_band(Play *p, int band);

/* Folds the side panel away to its tab, or opens it again (the fold key,
 * a click on the tab): the board and the command bar take its width. */
void play_fold_panel(Play *p);
bool play_panel_folded(const Play *p);
