/* What happened in a game, counted from its events: each piece's body as
 * of the last event counted (the play screen feeds events as it shows
 * them, so health bars change when the blow lands, not before), the
 * rounds played, and per hero the monsters slain, damage dealt and taken,
 * gold and treasure found, for the end-of-mission summary.
 *
 * The game itself keeps no such tally, and a loaded save only has the
 * actions: the play screen rebuilds the chronicle by replaying them
 * (every event again), so a restored game counts exactly as the one that
 * was saved. No SDL.
 */
#pragma once

#include "../rules/game.h"

#include <stdbool.h>
#include <stddef.h>

typedef struct ChronicleHero {
    int piece;          /* piece id */
    int kills;          /* monsters this hero slew */
    int damage_dealt;   /* body points taken from enemies */
    int damage_taken;   /* body points lost (blows, traps, hazards) */
    int gold;           /* gold coins found */
    int finds;          /* treasure found (gold, potions, items) */
} ChronicleHero;

typedef struct Chronicle {
    int rounds;         /* the last round a hero's turn began in (turns played) */
    int kills;          /* monsters slain */
    int finds;          /* treasure found by all heroes */
    int gold;
    int objectives_met;
    GameStatus outcome; /* playing until a victory or defeat event */
    char outcome_text[GAME_EVENT_TEXT]; /* that event's text ("victory: the quest is done") */
    EventText outcome_words;            /* the same in parts, for a window's language */
    int hero_count;
    ChronicleHero heroes[GAME_MAX_HEROES];
    int *body;          /* per piece id: body points as of the last event */
    size_t body_count, body_cap;
    int last_attacker;  /* who struck the last blow or cast the last spell
                           (kills and a spell's damage are theirs) */
} Chronicle;

/* The chronicle of g's start: g must not have played any event yet
 * (a fresh game_create), or be read for its bodies as they are. */
void chronicle_init(Chronicle *c, const Game *g);

/* Frees the body array; the struct is empty after. */
void chronicle_free(Chronicle *c);

/* Counts one event of g (pieces added since init are looked up in g). */
void chronicle_add(Chronicle *c, const Game *g, const GameEvent *e);

/* Body points of piece id as of the last counted event (the game's own
 * value for a piece the chronicle has not seen yet). */
int chronicle_body(const Chronicle *c, const Game *g, int id);

/* The hero entry of piece id, or NULL when id is not a hero. */
const ChronicleHero *chronicle_hero(const Chronicle *c, int id);

/* Copies src into dst (dst's memory reused or grown). */
void chronicle_copy(Chronicle *dst, const Chronicle *src);
