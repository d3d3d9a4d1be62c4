/* The headless text protocol (questboard --protocol), modelled on the Go
 * Text Protocol: one command a line; every answer starts with "=" (done)
 * or "? reason" (refused; nothing changed) and ends with a blank line.
 * docs/protocol.md lists the commands. It drives a match (match/match.h)
 * as the window does, so bots, tests and tools play the real rules and
 * see what a player's seat may see. No SDL here.
 */
#pragma once

#include "../rules/game.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

typedef struct Protocol Protocol;

/* A protocol session with no mission loaded and seed 1. The piece
 * catalogue comes from the data folder (paths.h). */
Protocol *protocol_create(void);

/* A session playing g, a game made elsewhere (tests: the game as the
 * heroes know it, game_clone_known). The session owns g from now on, not
 * its mission; commands that restart the game are refused until a load. */
Protocol *protocol_create_playing(Game *g);

/* Frees the session and its game; NULL does nothing. */
void protocol_destroy(Protocol *p);

/* Runs one command line and writes its answer (ending in a blank line) to
 * out. Empty lines and lines starting with '#' are ignored (no answer).
 * Returns false once the command was quit. */
bool protocol_execute(Protocol *p, const char *line, FILE *out);

/* Reads commands from in until quit or end of input; returns the exit
 * status (0). */
int protocol_run(FILE *in, FILE *out);

/* The game in play, or NULL before load. */
const Game *protocol_game(const Protocol *p);

/* --- A server's player (docs/network.md) ----------------------------- */

struct Match;

/* A session that plays match (borrowed: never freed by the session)
 * through seat, and shows it through that seat's view (match_view): one
 * player of an online game. Only the commands that read or play the game
 * are taken (state, board, reachable, path, the actions, undo, help);
 * the others are refused, as nothing a player sends may load or write
 * files on the server. `state` hides the seed and the generator's state
 * until the game is over. */
Protocol *protocol_create_seat(struct Match *match, int seat);

/* The match a seat session plays from now on (a campaign's next quest). */
void protocol_seat_rebind(Protocol *p, struct Match *match);

/* The match in play (NULL before load). */
struct Match *protocol_match(Protocol *p);

/* Writes the events of the match's last act as this session's view tells
 * them: the count, then one line an event (the lines an action's answer
 * holds, without "= "). */
void protocol_tell_events(const Protocol *p, FILE *out);

/* Restores the game or campaign save at path, which the caller trusts
 * (a server's own data folder: not confined to the working directory).
 * False with the reason in why. */
bool protocol_restore_trusted(Protocol *p, const char *path, char *why, size_t why_size);
