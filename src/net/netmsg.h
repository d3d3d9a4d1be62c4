/* The messages of online play and their codec (docs/network.md, "The
 * wire").
 *
 * Every ENet packet holds one message: a type byte, then the type's
 * fields in a fixed order; numbers big-endian, text as a 32-bit length
 * and that many bytes of UTF-8. Decoding is strict: a message is taken
 * only when every byte is accounted for, every length is within its cap,
 * every text is valid UTF-8 with no control character (answers and
 * notices may hold line breaks), and the type and its small fields are
 * known. Whatever fails is refused with a reason, and the server
 * disconnects the peer that sent it with that reason (netserver.c).
 *
 * Client to server: HELLO (magic, version, player name), COMMAND (a
 * request id and one command line: the lobby's or the text protocol's).
 * Server to client: WELCOME (version, server name), ANSWER (the request
 * id, accepted or not, the answer's text in the protocol's framing),
 * NOTICE (something that happened in the player's game: a kind, a seat,
 * a name and text). Either way: BYE (a reason, before disconnecting),
 * CHUNK (a piece of a file in transfer: a quest pack a client uploads, a
 * mission a client fetches; the transfer's id, the piece's offset and up
 * to NET_CHUNK_MAX bytes, docs/network.md, "Quest packs online").
 * No SDL, no ENet here: bytes in, bytes out.
 */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define NET_VERSION 1
#define NET_MAGIC "QBNET"
#define NET_MAGIC_LEN 5
/* Longest player or server name (bytes, without the NUL). */
#define NET_NAME_MAX 47
/* Longest command line (bytes), as the text protocol's. */
#define NET_LINE_MAX 4095
/* Largest message a client may send, and a server. */
#define NET_CLIENT_MESSAGE_MAX 8192
#define NET_SERVER_MESSAGE_MAX (8u << 20)
/* Most bytes of one CHUNK (with its header well within the client cap). */
#define NET_CHUNK_MAX 6144
/* Longest text of an answer or notice. */
#define NET_TEXT_MAX (NET_SERVER_MESSAGE_MAX - 64)

typedef enum NetMsgType {
    NET_HELLO = 1, /* client: magic, version, name */
    NET_WELCOME,   /* server: version, name */
    NET_COMMAND,   /* client: id, text (one line) */
    NET_ANSWER,    /* server: id, ok, text */
    NET_NOTICE,    /* server: notice, seat, name, text */
    NET_BYE,       /* either: text (the reason) */
    NET_CHUNK,     /* either: id (the transfer), offset, bytes */
    NET_MSG_END
} NetMsgType;

/* What a notice tells a player about its game. */
typedef enum NetNotice {
    NET_NOTICE_JOINED,   /* a player took seat (name) */
    NET_NOTICE_DROPPED,  /* seat's player dropped (text: what happens meanwhile) */
    NET_NOTICE_BACK,     /* seat's player came back */
    NET_NOTICE_LEFT,     /* seat's player left it */
    NET_NOTICE_SAY,      /* name (at seat) says text */
    NET_NOTICE_EVENTS,   /* another seat's action: text is its events as this seat may see
                            them, in the protocol's lines ("N", then one event a line) */
    NET_NOTICE_TURN,     /* it is seat's turn (text: "hero ID" or "monsters") */
    NET_NOTICE_OVER,     /* the game is over: text "STATUS seed N salt HEX commit HEX" */
    NET_NOTICE_COMPUTER, /* the computer plays seat now (text: why) */
    NET_NOTICE_END
} NetNotice;

typedef struct NetMsg {
    NetMsgType type;
    uint16_t version;            /* HELLO, WELCOME */
    uint32_t id;                 /* COMMAND, ANSWER, CHUNK (the transfer) */
    uint32_t offset;             /* CHUNK: where its bytes go in the file */
    bool ok;                     /* ANSWER */
    NetNotice notice;            /* NOTICE */
    int seat;                    /* NOTICE: -1 to 126 */
    char name[NET_NAME_MAX + 1]; /* HELLO, WELCOME, NOTICE */
    /* COMMAND, ANSWER, NOTICE, BYE: text_len bytes and a NUL (encode only
     * reads it; after netmsg_decode it points into owned) */
    const char *text;
    size_t text_len;
    /* CHUNK: bytes_len (1 to NET_CHUNK_MAX) bytes of the file, any values
     * (after netmsg_decode they point into owned) */
    const uint8_t *bytes;
    size_t bytes_len;
    char *owned; /* what netmsg_decode allocated (netmsg_free) */
} NetMsg;

/* The bytes of m (the caller frees them); *size their count. NULL when m
 * breaks a rule decoding would refuse (a name too long, text with a
 * control character...): what one side sends, the other takes. */
uint8_t *netmsg_encode(const NetMsg *m, size_t *size);

/* Decodes one message of size bytes, refused (false, the reason in why,
 * out empty) when it is larger than cap or breaks any rule above. */
bool netmsg_decode(const uint8_t *data, size_t size, size_t cap, NetMsg *out, char *why,
                   size_t why_size) __attribute__((warn_unused_result));

/* Frees what netmsg_decode allocated; the message is empty after. */
void netmsg_free(NetMsg *m);

/* "hello", "welcome"...; "joined", "dropped"... */
const char *netmsg_type_name(NetMsgType type);
const char *netmsg_notice_name(NetNotice notice);
