/* The window's picture of an online game (docs/network.md, "The client
 * library"): the client never holds the game (it has neither the seed nor
 * the hidden pieces), so what it draws is built from what its seat is
 * told: the `state` answer parsed here, drawn on the client's own copy of
 * the mission (named by the server's `mission` answer and checked by its
 * hash). No SDL, no network: the online screens feed it text.
 */
#pragma once

#include "../core/board.h"
#include "../gfx/scene.h"
#include "../rules/game.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define ONLINE_MAX_PIECES 256
#define ONLINE_MAX_DOORS 512
#define ONLINE_MAX_TRAPS 256

typedef struct OnlinePiece {
    int id; /* its public id (-1: one the heroes do not know, told to the monster seat) */
    char type[32];
    bool hero;
    BoardPos pos;
    int body, body_max;
    bool on_board; /* alive and not escaped */
    bool acts;     /* the monsters' turn: it may still act */
    bool casts;    /* a hero with a spell book: spells lists what is left */
    char spells[256]; /* the spells not yet cast, "ID,ID" ("" none) */
    char items[256];  /* a hero's belongings, "ID,ID*" (* worn; "" none) */
} OnlinePiece;

typedef struct OnlineDoor {
    BoardPos pos;
    GridDir side;
    DoorKind kind;
    bool open;
} OnlineDoor;

typedef struct OnlineTrap {
    int kind; /* TrapKind */
    BoardPos pos, fall;
    bool gone;
} OnlineTrap;

/* One `state` answer. */
typedef struct OnlineState {
    bool valid;
    char status[16]; /* playing, victory, defeat */
    int turn, current; /* current: the hero on turn, -1 none */
    bool monsters_phase;
    bool rolled;
    int move_left, move_unit;
    int can_undo; /* moves of the hero on turn that may be taken back */
    size_t actions;
    OnlinePiece pieces[ONLINE_MAX_PIECES];
    int piece_count;
    OnlineDoor doors[ONLINE_MAX_DOORS];
    int door_count;
    OnlineTrap traps[ONLINE_MAX_TRAPS];
    int trap_count;
    int width, height;
    uint8_t *revealed; /* width x height, 1: a hero has seen it */
} OnlineState;

/* Parses a `state` answer for a board of w x h squares into st (whose
 * earlier content it frees). False with the line that does not parse in
 * why; st is then not valid. */
bool onlinegame_parse_state(OnlineState *st, const char *text, int w, int h, char *why, size_t n);

/* One event line of an action's answer or an events notice ("step 0 -1
 * 1,1 2,1 0 0 - - | Barbarian steps to (2,1)", docs/protocol.md) into e,
 * in public ids. False when it is no event line. */
bool onlinegame_parse_event(const char *line, GameEvent *e);

/* The event line's text in the player's language into buf: said again
 * from the parts the server sends after `words on` (the line's "w:"
 * token, rules/eventtext.h), each format and word translated
 * (app/eventsay.h); the English text after " | " when the line carries
 * none or a token that does not read. */
const char *onlinegame_event_said(const char *line, char *buf, size_t size);

/* Makes dst (zeroed, or an earlier copy) a copy of src with its own fog. */
void onlinegame_state_copy(OnlineState *dst, const OnlineState *src);
/* The piece with id, to change (a picture being animated), or NULL. */
OnlinePiece *onlinegame_piece_mut(OnlineState *st, int id);

/* Frees what st holds (not st). */
void onlinegame_state_free(OnlineState *st);

/* The piece with id, or NULL. */
const OnlinePiece *onlinegame_piece(const OnlineState *st, int id);
/* True when list ("a,b*,c", a piece's spells or items) names id. */
bool onlinegame_list_has(const char *list, const char *id);
/* The living piece on pos, or NULL. */
const OnlinePiece *onlinegame_piece_at(const OnlineState *st, BoardPos pos);

/* Fills scene from st on the client's copy of the game's mission: the
 * template is a game of that mission (any seed), used only for what does
 * not change (furniture, exits, the pieces' figures, names and rings).
 * all_seen: the monster seat's picture, no fog. */
void onlinegame_fill_scene(Scene *scene, const Game *tmpl, const OnlineState *st, bool all_seen);
