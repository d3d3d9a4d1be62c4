/* What a seat may see of a game: the one place hidden information is
 * decided (docs/architecture.md, "The match layer").
 *
 * A MatchView is a game seen through one pair of eyes. The heroes' eyes
 * (hero seats and spectators) see the rules' fog of war: the squares some
 * hero has seen, the pieces a hero has seen, the secret doors and traps
 * the heroes have found and the treasure they have taken, and the events
 * that name only such things (docs/rules.md, "What the heroes know"). The
 * monster side and the debug seat see everything. Everything a front end
 * shows a player (the window's picture and hover, the protocol's `state`,
 * `board` and events, later the network's messages) asks a view, never
 * the game's flags directly, so the rule cannot drift between them.
 *
 * Ids: the view's queries below take the rules' own ids and indices
 * (GamePiece.id, door, trap and treasure indices: file order). What a
 * player is told or types is a public id (game.h, "Public ids": numbered
 * as the heroes come to know each thing): view_id and view_index convert,
 * view_told rewrites an event. A thing the heroes do not know has no
 * public id in any view; an all-seeing view shows it without one. No SDL; a view is a value (a game and
 * whose eyes), cheap to make and copy, valid while its game is.
 */
#pragma once

#include "../rules/game.h"

#include <stdbool.h>
#include <stddef.h>

typedef enum MatchSight {
    MATCH_SIGHT_HEROES, /* the heroes' shared sight (the rules' fog) */
    MATCH_SIGHT_ALL,    /* everything: the monster side, the debug seat */
    MATCH_SIGHT_COUNT
} MatchSight;

typedef struct MatchView {
    const Game *game;
    MatchSight sight;
} MatchView;

/* The view of g through sight (a front end that holds a bare game: the
 * screenshot, the scene of a game; a match hands out match_view). */
MatchView view_of(const Game *g, MatchSight sight);

/* True when the view sees everything (no fog). */
bool view_all(const MatchView *v);

/* Piece id as this view knows it, or NULL when the view does not know of
 * it (not seen by a hero, or no such id): for the players it does not
 * exist, so a probe by id tells nothing. */
const GamePiece *view_piece(const MatchView *v, int id);

/* The known piece on pos (alive, on the board), or -1. */
int view_piece_at(const MatchView *v, BoardPos pos);

/* True when the view knows what is on the square (a hero has seen it). */
bool view_square(const MatchView *v, BoardPos pos);

/* True when the view shows a piece of furniture: one of its squares has
 * been seen (a room's contents go on the board when it is revealed). */
bool view_furniture(const MatchView *v, const MissionFurniture *f);

/* Door i, or NULL when the view does not know of it (a secret door the
 * heroes have not found). */
const GameDoor *view_door(const MatchView *v, size_t i);

/* Trap i, or NULL when the view does not know of it (not yet found). */
const GameTrap *view_trap(const MatchView *v, size_t i);

/* True when the view knows of the mission's treasure i (found, or seen
 * by an all-seeing view). */
bool view_treasure(const MatchView *v, size_t i);

/* The public id the view's players call thing index of kind by, or -1
 * when it has none (the heroes do not know of it). */
int view_id(const MatchView *v, GameIdKind kind, int index);

/* The index of the thing the players call id, or -1 when no thing the
 * heroes know has that id (in every view: an all-seeing one too, so
 * probing ids tells nothing). */
int view_index(const MatchView *v, GameIdKind kind, int id);

/* Event e (of the game as it is after the action that made it) as the
 * view's players are told it: its pieces, door, trap and treasure by
 * public id (-1 for one the heroes do not know, which only an all-seeing
 * view is told of). */
GameEvent view_told(const MatchView *v, const GameEvent *e);

/* True when event e (of the game as it is after the action that made it)
 * may be told to this view: every piece it names is known, and the door,
 * trap or treasure it is about too. A step of a piece no hero sees, a
 * trap found by nobody: not told, nor counted. */
bool view_event(const MatchView *v, const GameEvent *e);
