/* The bot: plays the heroes' side of a game the way a sensible party
 * would, through the same actions as the window and the protocol.
 *
 * It sees only what the players see: squares the heroes have revealed,
 * monsters they have seen, doors and traps once found, the objectives and
 * what the game says (events, refusals). Each hero, on its turn:
 *
 *   1. leaves from an exit once everything but escaping is done; drinks a
 *      potion it carries once badly hurt (at half its body points or less);
 *   2. attacks a monster next to it (the one an objective names first,
 *      then the weakest), or heals a badly hurt hero in sight, or casts
 *      an attack spell on a monster in sight;
 *   3. rolls; searches the room it stands in for treasure when the party
 *      has not; then moves (unless a monster is next to it) towards, in
 *      this order: an objective's monster, a seen monster near by, an exit
 *      when escaping, a reach objective, the nearest unexplored square,
 *      the nearest room nobody has searched for treasure, and last the
 *      rooms and dead ends nobody has searched for secret doors;
 *   4. once nothing is left to explore, searches for traps and secret
 *      doors, or disarms a found trap next to it;
 *   5. ends its turn.
 *
 * The bot is deterministic (no chance of its own): the same game gives the
 * same choices, so a seed replays. It never changes the game itself:
 * bot_choose only proposes; the caller applies (game_apply, or the
 * protocol command bot_command writes). bot_play does both in a loop.
 * A Bot remembers, for one game, which rooms the party searched and which
 * choices the rules refused this turn (so a refused choice is not made
 * again); give every game its own Bot. Not thread-safe, but bots of
 * different games share nothing.
 */
#pragma once

#include "../rules/game.h"

#include <stdbool.h>
#include <stddef.h>

typedef struct Bot Bot;

/* A bot for game g (its mission's board size; the game itself is read on
 * every call, not kept). Free with bot_destroy. */
Bot *bot_create(const Game *g);

/* Frees the bot; NULL does nothing. */
void bot_destroy(Bot *bot);

/* The next action for the hero whose turn it is, written to out. Returns
 * false when the game is over. Apply it (or not) before calling again: a
 * choice that did not change the game (refused) is not offered again
 * during this hero's turn, and after a bounded number of choices in one
 * turn the bot ends it, so a caller's loop always moves on. */
bool bot_choose(Bot *bot, const Game *g, Action *out);

/* Plays g until it is over or max_actions actions were accepted, choosing
 * with bot_choose and applying with game_apply; the events of every
 * accepted action are appended to events (may be NULL). Returns the
 * game's status. */
GameStatus bot_play(Bot *bot, Game *g, size_t max_actions, GameEvents *events);

/* Writes action a (in the game's own piece ids) as a protocol command
 * line, with the public ids the protocol takes, without the newline
 * ("move 0 5 3", "cast 3 ball_of_flame 7", "search treasure", "end"; see
 * docs/protocol.md). Returns the length it needs (snprintf-style). */
int bot_command(const Game *g, const Action *a, char *buf, size_t size);
