/* The window's online session (docs/network.md, "The client library"):
 * one connection to a server through netclient, and when the player
 * hosts "here" the server itself in this process (netserver on
 * 127.0.0.1, stepped from the frame loop). It sends the lobby's and the
 * game's commands, routes their answers and the server's notices, and
 * keeps what the online screens show: the game's code and this player's
 * seat and token, the seats, the chat and the notices, whose turn it is,
 * and the seat's picture of the game (onlinegame.h) on the client's own
 * copy of the mission. No SDL: online_poll is called once a frame and
 * never blocks.
 */
#pragma once

#include "onlinegame.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct Online Online;

#define ONLINE_LINE_MAX 200
#define ONLINE_LOG_MAX 200
#define ONLINE_SEATS_MAX 8

typedef enum OnlinePhase {
    ONLINE_CONNECTING, /* waiting for the server's welcome */
    ONLINE_LOBBY,      /* connected, in no game yet */
    ONLINE_SEATED,     /* hosting or joined: the game's code and a seat */
    ONLINE_CLOSED,     /* the connection is gone (online_status says why) */
} OnlinePhase;

typedef struct OnlineSeat {
    char kind[16];     /* heroes, monsters, spectator */
    char heroes[16];   /* "0,2" or "-" */
    char state[16];    /* connected, dropped, computer, free */
    char name[40];
} OnlineSeat;

/* Connects to host:port as name. serve: first starts a server in this
 * process on 127.0.0.1 (port 0: any free port), keeping its games in
 * data_dir (NULL: none), and connects to it. NULL with why. */
Online *online_create(const char *host, uint16_t port, const char *name, bool serve,
                      const char *data_dir, char *why, size_t n);
void online_destroy(Online *o);

/* Services the server (when here) and the connection: handles every
 * answer and notice that came. True when something shown changed. */
bool online_poll(Online *o);

OnlinePhase online_phase(const Online *o);
/* The last thing worth saying: connecting, refusals, why it closed. */
const char *online_status(const Online *o);
/* The port of the server in this process, 0 when none. */
uint16_t online_local_port(const Online *o);

/* Lobby commands (answered through online_poll). args: `host`'s words
 * after "host" ("first-light seats=2+monsters"). */
void online_host(Online *o, const char *args);
void online_join(Online *o, const char *code, const char *seat);
void online_say(Online *o, const char *text);

/* Hosts a game of the quest pack at path (a mission pack of the player's
 * missions folder): uploads it (online_status tells the progress), then
 * `host pack HASH options` (options: "seats=2+monsters"). A refusal is
 * online_status's and the log's. */
void online_host_pack(Online *o, const char *path, const char *options);

/* True while a pack is uploaded or the game's mission fetched. */
bool online_transferring(const Online *o);

/* Where missions fetched from servers are kept (default: the user's
 * cache folder, onlinefetch.h; "" or NULL: nowhere, none is fetched). A
 * mission of the game that this copy of the game lacks is fetched from
 * the server (`fetch`), checked (the pack, its SHA-256, the mission's
 * hash) and kept there. */
void online_set_cache(Online *o, const char *dir);
/* A game command of this seat (`roll`, `move 0 5 3`, `end`): its answer
 * goes into the log; the picture is asked again afterwards. */
void online_command(Online *o, const char *line);

/* After the connection dropped: connects again to the same server and
 * takes the seat back with its token (`rejoin CODE TOKEN`). False with
 * why when there is no seat or no connection can start. */
bool online_rejoin(Online *o, char *why, size_t n);

/* The last drop, return or end of the connection not yet shown (a
 * toast): copied into buf and forgotten; false when none. */
bool online_take_alert(Online *o, char *buf, size_t n);

/* Asks the server where piece may move now (`reachable`); the answer
 * becomes online_reach's mask (one byte a square of the template's
 * board; NULL until it came, or when piece is -1). */
void online_ask_reach(Online *o, int piece);
const uint8_t *online_reach(const Online *o, int *piece);

/* Asks the server what the computer would play for this seat now (the
 * bot for heroes, the AI for monsters); the answer, a command line, is
 * online_hint's (count: how many hints came so far) and goes in the log. */
void online_ask_hint(Online *o);
const char *online_hint(const Online *o, unsigned *count);

const char *online_code(const Online *o);
const char *online_token(const Online *o);
const char *online_commit(const Online *o);
int online_my_seat(const Online *o);
/* This seat's kind: "heroes", "monsters", "spectator" or "" before seats came. */
const char *online_my_kind(const Online *o);
/* True when this seat plays hero id. */
bool online_plays_hero(const Online *o, int id);
int online_seat_count(const Online *o);
const OnlineSeat *online_seat(const Online *o, int i);

/* Whose turn it is, as the last turn notice said: the seat (-1: none
 * told yet) and the hero on turn (-1: the monsters' turn). */
int online_turn_seat(const Online *o);
int online_turn_hero(const Online *o);
/* True when it is this seat's turn. */
bool online_my_turn(const Online *o);

/* The chat, notices and events, oldest first (the last ONLINE_LOG_MAX). */
int online_log_count(const Online *o);
const char *online_log_line(const Online *o, int i);

/* The events this seat was told (its own actions' answers and the
 * others' notices: only what its view lets through), oldest first, in
 * public ids, for the board to show: the next one into out and
 * forgotten; false when none is left. */
bool online_take_event(Online *o, GameEvent *out);

/* The picture: the mission's template game once loaded (else NULL, and
 * online_status says why), the last state, its version (changes with
 * every state). */
const Game *online_template(const Online *o);
const OnlineState *online_state(const Online *o);
unsigned online_version(const Online *o);
/* The game is over: the seed revealed ("" until then). */
const char *online_over(const Online *o);
