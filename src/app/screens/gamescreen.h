/* The game screen: a mission being played, under the in-game menu, help
 * and save dialogs. It owns the mission and the game, watches the
 * mission's files and reloads them when they change (hot reload), and
 * saves into slots. The screens over it save, leave and name its game
 * through Screen.game (screens_game_save...). It is reached by id:
 * SCREEN_GAME (a new game, over the title), SCREEN_QUEST and
 * SCREEN_SAVED_GAME.
 */
#pragma once

#include "app/screens.h"

#include "rules/game.h"
#include "rules/party.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

extern const ScreenOps gamescreen_ops;

/* A new game of the mission at path with setup (NULL: every hero) and
 * seed. NULL with the reasons in err. */
Screen *gamescreen_create(App *app, const char *path, const GameSetup *setup, uint64_t seed,
                          char *err, size_t err_size);

/* The editor's play-test: a new game of the mission at path (the
 * editor's play-test folder) that writes no autosave, offers no next
 * mission, and whose end panel and in-game menu go back to the screen
 * below it (the editor) instead of the title. NULL with the reasons in
 * err. */
Screen *gamescreen_create_playtest(App *app, const char *path, const GameSetup *setup,
                                   uint64_t seed, char *err, size_t err_size);

/* True when s is a game screen of a play-test. */
bool gamescreen_is_playtest(const Screen *s);

/* A quest of a campaign: the current quest of party (its mission at path;
 * the party's setup and quest seed), or, with save text, the quest game
 * it restores. Its match is the party's quest (match_create_quest): it is
 * settled when the player leaves the end panel, then handed to its host
 * (the campaign screen, lower in the stack; GameScreenHost in
 * app/screenargs.h) instead of offering Play again or the next mission;
 * the match writes the campaign save into the host's slot after every
 * action. campaign_path names the campaign in its saves; the party
 * must outlive the screen. The heroes' hotseat players come from the
 * party. NULL with the reasons in err. */
Screen *gamescreen_create_quest(App *app, const char *path, Party *party,
                                const char *campaign_path, const char *save, size_t save_size,
                                const GameScreenHost *host, char *err, size_t err_size);

/* The game saved in slot file (in the saves folder), replayed. NULL with
 * the reasons ("FILE:LINE: problem") in err: a damaged save is reported,
 * never fatal. */
Screen *gamescreen_create_from_slot(App *app, const char *file, char *err, size_t err_size);

/* The game of rules save body (size bytes, read from path, which names it
 * in messages) replayed on the mission at mission_path, whatever mission
 * the save names (a quest pack's game: its mission is the pack's, and the
 * save's mission hash must match it). NULL with the reasons in err. */
Screen *gamescreen_create_from_save(App *app, const char *path, const char *body, size_t size,
                                    const char *mission_path, char *err, size_t err_size);

/* Who plays each chosen hero (hotseat): players[i] (0-based) plays the
 * i-th hero of the setup. With more than one player, each hero's turn is
 * announced with its player's number (toast and window title). */
void gamescreen_set_players(Screen *s, const int *players, int count);

/* Who plays the monster side (hotseat): 0 the computer, 1..4 Player N
 * (in a game made with GameSetup.monster_player). Between the heroes'
 * turns and that player's the hand-over screen hides the board, whatever
 * the hand_over setting, and the board shows each side its own view. */
void gamescreen_set_monsters(Screen *s, int player);

/* The play screen of game screen s (tests look at the game through it). */
struct Play *gamescreen_play(const Screen *s);
