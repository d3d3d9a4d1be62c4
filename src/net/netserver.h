/* The online server (questboard --serve; docs/network.md): many games at
 * once over ENet, the server the authority of every game.
 *
 * Each game is a match played through the text protocol's sessions: the
 * game's own session loads, generates or restores it (the server alone
 * names files), and each seat has a session that plays through that seat
 * and shows the game through its view (match_view), so a player is told
 * exactly what the window or `--protocol` would show that seat, never
 * more. Every accepted action is written to the data folder at once
 * (atomically), and a server started again resumes every game; players
 * come back into their seats with their tokens. One thread; ENet's
 * reliable ordered channel, its pings and time-outs.
 */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct NetServer NetServer;

#define NETSERVER_DEFAULT_PORT 7483
#define NETSERVER_DEFAULT_MAX_GAMES 100
#define NETSERVER_MAX_PEERS 512
#define NETSERVER_PACK_MAX_BYTES (8u << 20)
#define NETSERVER_PEER_MAX_BYTES (32u << 20)
#define NETSERVER_MAX_PACKS 200
#define NETSERVER_MAX_UPLOADS 8
#define NETSERVER_UPLOAD_TIMEOUT_MS 30000

typedef struct NetServerConfig {
    const char *bind;         /* address to listen on; NULL: 127.0.0.1 */
    uint16_t port;            /* 0: any free port (netserver_port tells which) */
    const char *data_dir;     /* where games are kept; NULL: none (nothing survives) */
    const char *missions_dir; /* more missions and campaigns to host; may be NULL */
    int max_games;            /* 0: NETSERVER_DEFAULT_MAX_GAMES */
    int max_peers;            /* 0: NETSERVER_MAX_PEERS */
    /* Per peer: commands a second, and the burst allowed (0: 20 and 60). */
    int rate, burst;
    /* Quest packs hosts upload (docs/network.md, "Quest packs online"); 0:
     * the defaults. The largest pack, the bytes one connection may upload,
     * the packs kept, the uploads under way at once, and how long an
     * upload may stay silent before it is given up. */
    size_t pack_max_bytes;
    size_t peer_max_bytes;
    int max_packs;
    int max_uploads;
    int upload_timeout_ms;
} NetServerConfig;

/* Binds and loads the games kept in data_dir. NULL with the reason. */
NetServer *netserver_create(const NetServerConfig *c, char *why, size_t why_size);

/* The port it listens on, and the address ("127.0.0.1"). */
uint16_t netserver_port(const NetServer *s);
const char *netserver_address(const NetServer *s);

/* Serves for up to timeout_ms: every message that came, the computer's
 * turns, the seats whose time to come back has run out. */
void netserver_step(NetServer *s, int timeout_ms);

/* Serves until *stop becomes true (a signal handler's flag). */
void netserver_run(NetServer *s, volatile int *stop);

/* How many games and connected peers it has now. */
int netserver_game_count(const NetServer *s);
int netserver_peer_count(const NetServer *s);

/* Says goodbye to every peer and frees the server (the games stay in the
 * data folder). */
void netserver_destroy(NetServer *s);
