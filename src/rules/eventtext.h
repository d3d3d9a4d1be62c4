/* An event's log line kept as what it is made of: its English printf
 * formats (string literals, in parts: the line, then what a roll added)
 * and the arguments they took. The event's text stays the English line
 * the protocol prints (docs/protocol.md); a window says the same line in
 * the player's language by rendering the parts again with each format and
 * each text argument (a name, a side, a phrase) translated
 * (eventtext_render). Nothing here reads or changes the game. */
#pragma once

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>

#define EVENTTEXT_PARTS 3
#define EVENTTEXT_ARGS 8
#define EVENTTEXT_POOL 192 /* the text arguments together, with their ends */

typedef struct EventTextArg {
    bool is_text;
    unsigned char at;  /* %s: where its text starts in the pool */
    long long number;  /* %d %i %u %x %c (z, l, ll widened) */
} EventTextArg;

typedef struct EventText {
    const char *format[EVENTTEXT_PARTS]; /* NULL after the last part */
    unsigned char first[EVENTTEXT_PARTS]; /* each part's first argument */
    unsigned char count;                  /* arguments in all */
    unsigned char pool_used;
    EventTextArg args[EVENTTEXT_ARGS];
    char pool[EVENTTEXT_POOL];
} EventText;

/* Empties t. */
void eventtext_clear(EventText *t);

/* Adds a part: fmt, a string literal that outlives t, with its
 * arguments (conversions d i u x c s, flags, width, precision, the
 * length modifiers h l ll z; %%). False, and t unchanged, when the part
 * does not fit or fmt holds another conversion: the line is then not
 * kept in parts (eventtext_render gives "" and callers show the English
 * text). */
bool eventtext_vadd(EventText *t, const char *fmt, va_list ap);
bool eventtext_add(EventText *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Appends more's parts, with their arguments, after t's (a reason said
 * after a prefix of its own). False, and t unchanged, when they do not
 * fit. */
bool eventtext_append(EventText *t, const EventText *more);

/* Whether t holds a line. */
bool eventtext_valid(const EventText *t);

/* The line into buf (always terminated): each part's format through
 * tr_format, each text argument through tr_text (NULL: as is), but for
 * one the format quotes ('%s', "%s", <%s>, „%s“, «%s»...): a name as
 * written (an id, an element, a file, what a player typed), never
 * translated, whatever word of the catalogue it happens to be. A
 * translated format may take its part's arguments by position ("%2$s").
 * Returns the length written; 0 when t holds no line. */
size_t eventtext_render(const EventText *t, const char *(*tr_format)(const char *),
                        const char *(*tr_text)(const char *), char *buf, size_t size);

/* The line's parts as one token for a text protocol (the protocol's
 * `words on`, docs/protocol.md): parts joined by '/', each its format
 * then ",n<number>" or ",t<text>" for each argument, every byte but
 * letters, digits and "-_.~" written as %XX, so the token holds no space,
 * '|' or ','. Returns its length; 0 (and "") when t holds no line or the
 * token does not fit in size. */
size_t eventtext_encode(const EventText *t, char *out, size_t size);

/* Reads a token of eventtext_encode's (len bytes, from an untrusted
 * peer) into t, the formats copied into store (which must outlive t).
 * False, and t empty, unless every part's format takes exactly its
 * arguments, each of its kind (no positions, conversions d i u x c s
 * only), within EVENTTEXT_PARTS, _ARGS and _POOL, with no control
 * character (a %c's number a printable ASCII character, 32 to 126). */
bool eventtext_decode(EventText *t, const char *token, size_t len, char *store, size_t store_size);
