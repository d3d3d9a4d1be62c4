/* The client side of online play: one connection to a questboard server,
 * headless, driven from the caller's loop (docs/network.md, "The client
 * library").
 *
 * netclient_create starts connecting and returns at once; the caller then
 * calls netclient_poll regularly (the window: once a frame with a 0 ms
 * timeout; `--connect`: in its own loop), which services the connection
 * (ENet's pings and resends happen inside it) and hands back one event at
 * a time: connected, an answer to a command, a notice about the game,
 * closed with the reason. Commands are lines of text (the lobby's and the
 * text protocol's, docs/protocol.md), sent with netclient_send, each
 * answered once, in order, with the id netclient_send returned. No SDL;
 * ENet only.
 */
#pragma once

#include "netmsg.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct NetClient NetClient;

typedef enum NetClientEventKind {
    NETCLIENT_NONE,      /* nothing happened within the timeout */
    NETCLIENT_CONNECTED, /* the server welcomed us: commands may be sent */
    NETCLIENT_ANSWER,    /* the answer to command `id` (text in the protocol's framing) */
    NETCLIENT_NOTICE,    /* something happened in our game (notice, seat, name, text) */
    NETCLIENT_CLOSED,    /* the connection is gone (text: why); nothing more comes */
    NETCLIENT_CHUNK,     /* a piece of a file the server sends (`fetch`; nettransfer.h) */
} NetClientEventKind;

/* One event; text stays valid until the next netclient_poll. */
typedef struct NetClientEvent {
    NetClientEventKind kind;
    uint32_t id;     /* ANSWER */
    bool ok;         /* ANSWER: "=" (true) or "?" */
    NetNotice notice; /* NOTICE */
    int seat;        /* NOTICE */
    const char *name; /* NOTICE: the player it is about */
    const char *text; /* ANSWER, NOTICE, CLOSED */
    uint32_t transfer;    /* CHUNK: its transfer's id, ... */
    uint32_t offset;      /* ... where its bytes go ... */
    const uint8_t *bytes; /* ... and bytes_len bytes */
    size_t bytes_len;
} NetClientEvent;

/* Starts connecting to host:port (a name or an address) as name. NULL
 * with the reason when the address cannot be resolved or ENet cannot
 * start. */
NetClient *netclient_create(const char *host, uint16_t port, const char *name, char *why,
                            size_t why_size);

/* Closes the connection politely (a BYE, then the disconnect) and frees
 * the client; NULL does nothing. */
void netclient_destroy(NetClient *c);

/* Services the connection for up to timeout_ms (0: only what is ready)
 * and writes the next event to ev: NETCLIENT_NONE when nothing came. */
void netclient_poll(NetClient *c, int timeout_ms, NetClientEvent *ev);

/* Sends one command line (no line break); returns its id (from 1), or 0
 * when it was not sent (not connected yet, or closed, or the line breaks
 * the rules of netmsg.h). */
uint32_t netclient_send(NetClient *c, const char *line);

/* Sends one CHUNK of an upload (1 to NET_CHUNK_MAX bytes); false when
 * it was not sent. */
bool netclient_send_chunk(NetClient *c, uint32_t transfer, uint32_t offset, const void *bytes,
                          size_t n);

/* True once connected and until closed. */
bool netclient_ready(const NetClient *c);
/* True once closed. */
bool netclient_closed(const NetClient *c);

/* The round trip ENet measures, in milliseconds. */
uint32_t netclient_rtt(const NetClient *c);

/* Starts ENet once for the process (clients and a server alike); false
 * with the reason when it cannot. */
bool net_enet_start(char *why, size_t why_size);
