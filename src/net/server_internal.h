/* The server's inside, shared by its files (not for other modules).
 *
 * netserver.c    peers, the ENet loop, messages, the rate limit, the lobby
 * server_game.c  a game: hosting, seats, acting, telling, the computer
 * server_store.c a game's files in the data folder: writing, resuming
 * server_pack.c  quest packs: uploads in chunks, checking, storing, fetch
 */
#pragma once

#include "netmsg.h"
#include "netserver.h"

#include "../app/protocol.h"
#include "../bot/bot.h"
#include "../core/digest.h"
#include "../match/match.h"

#include <enet/enet.h>
#include <stdio.h>

#define GAME_CODE_LEN 6
#define SEAT_TOKEN_LEN 32
/* four hero players, the monster side and spectators: MATCH_MAX_SEATS */
#define NET_MAX_SEATS 8
#define NET_DEFAULT_GRACE_S 600

typedef struct NetGame NetGame;

/* Longest name a pack is uploaded under (lower-case letters, digits, - _). */
#define SERVER_PACK_NAME_MAX 48

/* A pack being uploaded (one at a time a peer). */
typedef struct Upload {
    uint32_t id;
    char name[SERVER_PACK_NAME_MAX + 1];
    uint8_t sha256[DIGEST_SIZE];
    uint8_t *data; /* size bytes, got of them received */
    size_t size, got;
    double last_at; /* when the offer or the last chunk came */
} Upload;

/* A quest pack the server holds: checked and stored in the packs folder. */
typedef struct ServerPack {
    char name[SERVER_PACK_NAME_MAX + 1];
    char hex[DIGEST_HEX_SIZE]; /* SHA-256 of its bytes */
    char title[208];
    char file[4400];    /* PACKS/NAME.HEX.questpack */
    char mission[4400]; /* its mission XML in PACKS/HEX/ */
} ServerPack;

/* One connected peer. */
typedef struct Peer {
    ENetPeer *enet;
    bool hello;            /* it said hello with our version */
    double connected_at;   /* seconds */
    char name[NET_NAME_MAX + 1];
    double tokens;         /* the rate limit's bucket */
    double refilled_at;
    NetGame *game;         /* the game it sits in, or NULL */
    int seat;
    uint32_t wait_id;      /* a `wait` not answered yet (0: none) */
    Upload *upload;        /* a pack on its way in, or NULL */
    uint32_t failed_id;    /* the last upload that failed before its end ... */
    char failed_why[320];  /* ... and why (told by `upload end`) */
    EventText failed_words; /* the same in parts ("upload ID: " and the reason) */
    uint64_t uploaded;     /* bytes offered by this peer so far */
    uint64_t fetched;      /* bytes fetched by this peer so far */
    uint8_t *fetch;        /* a `fetch`'s bytes, sent in chunks after its answer */
    size_t fetch_size;
    uint32_t fetch_id;
    bool closing;
    bool words;            /* `words all`: refusals and notices carry their words */
} Peer;

/* One seat of a game. */
typedef struct NetSeat {
    MatchSeatKind kind;  /* heroes, monsters or spectator */
    unsigned heroes;     /* hero piece bits */
    bool taken;          /* a player holds it (connected or not) */
    char token[SEAT_TOKEN_LEN + 1];
    char name[NET_NAME_MAX + 1];
    Peer *peer;          /* connected now, or NULL */
    double dropped_at;   /* when its player dropped (0: connected, or never taken) */
    bool computer;       /* the computer plays it now */
    Protocol *session;   /* what its player is told and plays through */
} NetSeat;

struct NetGame {
    char code[GAME_CODE_LEN + 1];
    char title[96];
    char source[160];    /* how it was hosted: "mission ID", "campaign ID", "generate ..." */
    Protocol *host;      /* the game's own session: load, generate, campaign, next, restore */
    Match *match;        /* the host session's match (seats rebound when it changes) */
    Bot *bot;            /* plays hero seats the computer holds */
    Bot *hint_bot;       /* answers `hint` (its own memory of refusals) */
    NetSeat seats[NET_MAX_SEATS];
    int seat_count;
    bool monsters_human; /* the last seat is the monster side's */
    bool drop_bot;       /* a dropped player's seat: the computer plays it (else the game waits) */
    int grace_s;         /* how long a dropped player may come back */
    uint64_t seed;
    uint8_t salt[16];
    char commit[65];     /* SHA-256 of "questboard-seed SEED SALT" */
    bool over_told;
    int told_current, told_turn;
    bool told_monsters;
    uint8_t *pack;        /* the game's mission packed for `fetch` (made once), or NULL */
    size_t pack_size;
    char pack_hex[DIGEST_HEX_SIZE];
    size_t saved_actions; /* the log's length at the last write */
    bool dirty;           /* seats changed since the last write */
};

struct NetServer {
    NetServerConfig cfg;
    char bind[64];
    ENetHost *host;
    Peer **peers;        /* by peer slot (ENetPeer.data points at it too) */
    NetGame **games;
    int game_count;
    char data_dir[4096];
    char missions_dir[4096];
    ServerPack *packs;   /* the packs held (cfg.max_packs at most) */
    int pack_count;
    int upload_count;    /* uploads under way */
    uint32_t next_transfer;
    char packs_dir[4096]; /* DATA/packs, or a private folder removed at the end */
    bool packs_private;
    bool unsynced;    /* written since the last sync to disk */
    double synced_at; /* when */
};

/* --- netserver.c ------------------------------------------------------------ */
double server_now(void);
/* Sends a message to a peer (ignored for NULL or closing peers). */
void server_send(Peer *p, const NetMsg *m);
void server_answer(Peer *p, uint32_t id, bool ok, const char *text);
void server_notice(Peer *p, NetNotice kind, int seat, const char *name, const char *text);
/* A notice whose text is words' English line (a drop's, a leave's), the
 * words after it for a peer that asked for them (`words all`). */
void server_notice_said(Peer *p, NetNotice kind, int seat, const char *name, const EventText *words);
/* Writes "? REASON" and a blank line to out, keeping the reason's parts
 * (game_refuse: fmt an English literal, N_() where a player meets it, so
 * a window says it in its player's language); returns false. */
bool server_refuse(FILE *out, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* A line for the operator on stderr in the operator's language, also
 * from inside the server's English steps: fmt an English msgid (N_()),
 * translated there. */
void server_console(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* An English reason (english) said in the operator's language into buf,
 * from the parts it was made of (words; NULL: none) when they make it,
 * else by the catalogue (a reason without arguments, N_()), else as it
 * is: for server_console's arguments. */
const char *server_console_said(const EventText *words, const char *english, char *buf, size_t size);
/* The loader's messages of errs (and how many more there were) on stderr
 * for the operator, each said from its parts (errors_said). */
void server_console_errors(const ErrorList *errs);
/* Disconnects a peer with a reason. */
void server_kick(Peer *p, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* --- server_game.c ------------------------------------------------------------ */
/* Hosts a game for peer from `host ...`'s arguments; the answer text is
 * written to out ("= CODE token TOKEN" or "? why"). */
NetGame *game_host(NetServer *s, Peer *peer, int argc, char **argv, FILE *out);
void game_destroy_net(NetGame *g);
/* Seats peer in seat (a free one: join; by token: rejoin). */
bool game_join(NetServer *s, NetGame *g, Peer *peer, int seat, FILE *out);
bool game_rejoin(NetServer *s, NetGame *g, Peer *peer, const char *token, FILE *out);
/* `join CODE spectator`: a seat that plays nothing and sees the heroes' view. */
bool game_watch(NetServer *s, NetGame *g, Peer *peer, FILE *out);
/* Peer leaves its seat (left: by `leave`; else dropped). */
void game_part(NetServer *s, NetGame *g, Peer *peer, bool left);
/* A game command of a seated peer: the answer to out. */
void game_command(NetServer *s, NetGame *g, Peer *peer, uint32_t id, const char *line);
/* `words all` of a seated peer: its seat's session says `words on`. */
void game_words(NetGame *g, const Peer *peer);
/* `seats` of g into out; `say`. */
void game_seats(const NetGame *g, FILE *out);
void game_say(NetGame *g, Peer *peer, const char *text);
/* `mission`: how the game was hosted and its mission's hash. */
void game_tell_mission(const NetGame *g, FILE *out);
/* `wait`: answered now or once it is peer's seat's turn. */
void game_wait(NetServer *s, NetGame *g, Peer *peer, uint32_t id);
/* The computer's turns, expired seats, waits and turn notices. */
void game_tick(NetServer *s, NetGame *g);
/* True when nobody is in the game any more: no peer connected, and it
 * is over or no seat is held (every player left, or their grace ran out). */
bool game_finished(const NetGame *g);
/* A random code or token of n characters from alphabet. */
void game_random_text(char *out, size_t n, const char *alphabet);
/* The match's seats from the game's (after it was made or replaced). */
void game_bind(NetGame *g);
/* The resumed game's commitment and seats; the host session restored. */
void game_commit(NetGame *g);

/* --- server_pack.c ------------------------------------------------------------ */
/* The packs folder and the packs kept there; false with why. */
bool packs_open(NetServer *s, char *why, size_t why_size);
void packs_close(NetServer *s);
/* `upload NAME SIZE SHA256`, `upload end ID`, `packs`, `fetch`: the
 * answer to out. */
void packs_command(NetServer *s, Peer *p, int argc, char **argv, FILE *out);
/* A CHUNK from peer p (an upload's piece). */
void packs_chunk(NetServer *s, Peer *p, const NetMsg *m);
/* Sends what a `fetch` answered, once its answer is gone. */
void packs_send_fetch(Peer *p);
/* Peer p is gone: its upload ends. */
void packs_forget(NetServer *s, Peer *p);
/* Uploads silent for longer than the time-out end. */
void packs_tick(NetServer *s);
/* The pack of that name or SHA-256, or NULL. */
const ServerPack *packs_find(const NetServer *s, const char *name_or_hash);

/* --- server_store.c ------------------------------------------------------------ */
/* Writes the game's files if it changed (atomically). */
void store_write(NetServer *s, NetGame *g);
/* Loads every game of the data folder; problems go to stderr. */
void store_load_all(NetServer *s);
/* Flushes what store_write wrote to disk, at most once a second. */
void store_sync(NetServer *s);
/* Removes a finished game's files. */
void store_remove(NetServer *s, const NetGame *g);
