/* A list of error messages gathered while loading untrusted files, so all
 * of them can be reported, not just the first. Each message already says
 * where: "FILE:LINE: message" or "FILE:LINE: square (x,y): message".
 *
 * Each message also keeps its parts when it can (ErrorWords): where, and
 * the format and arguments it was written with (rules/eventtext.h, the
 * same parts an event's line keeps). A message written in English (the
 * online server's check of a pack, which answers in the protocol's
 * English) can so be said again in another language: the server sends
 * the parts on its `w:` line (docs/protocol.md, "Event words") and the
 * window says them in its player's.
 */
#pragma once

#include "../rules/eventtext.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#define ERRORS_DEFAULT_CAP 100

/* A message's parts: its place and its message's format and arguments
 * (the format as the caller gave it: an English literal when written in
 * English). */
typedef struct ErrorWords {
    char *file;        /* the place's file; NULL when the message names none itself */
    int line;          /* its line (errors_add_at); 0: "FILE: message" */
    EventText message; /* the message after the place */
} ErrorWords;

typedef struct ErrorList {
    char **items;
    ErrorWords **words; /* each item's parts, NULL where they were not kept */
    size_t count;
    size_t cap;        /* at most this many are kept */
    size_t dropped;    /* how many more there were */
    size_t dropped_warnings, dropped_notes; /* of those, ": warning: " and ": note: " ones */
} ErrorList;

/* Starts an empty list keeping at most cap messages (0: the default). */
void errors_init(ErrorList *errs, size_t cap);

/* Frees the messages; the list is empty afterwards. */
void errors_clear(ErrorList *errs);

/* Adds a printf-style message. */
void errors_add(ErrorList *errs, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Adds "FILE:LINE: message". */
void errors_add_at(ErrorList *errs, const char *file, int line, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* Adds "FILE: message" (a file no line of which is at fault: a bitmap). */
void errors_add_in(ErrorList *errs, const char *file, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* Item i's parts, or NULL when it kept none (its format took a conversion
 * eventtext does not keep, or its arguments were too long). */
const ErrorWords *errors_words(const ErrorList *errs, size_t i);

/* Item i said again from its parts into buf, each format and text
 * argument through tr (gettext: in the reader's language); the item as
 * it is when it kept none, or they do not make it. */
const char *errors_said(const ErrorList *errs, size_t i, const char *(*tr)(const char *), char *buf,
                        size_t size);

/* The first message errors_print printed on this thread since
 * errors_printed_reset, with its parts (NULL when none was printed, or
 * it kept no parts): a report written as text and read back (the online
 * server's check of a pack, whose first line is the reason it refuses)
 * said again from its parts. text is the message as printed. */
void errors_printed_reset(void);
const ErrorWords *errors_printed_first(const char **text);

/* The kept messages, handed to the caller (who frees each and the
 * array), their parts dropped; *count receives how many. The list is
 * empty afterwards. */
char **errors_take_items(ErrorList *errs, size_t *count);

/* True when at least one error was added. */
bool errors_any(const ErrorList *errs);

/* Total number of errors, kept or dropped. */
size_t errors_total(const ErrorList *errs);

/* What the dropped messages were, for "... and %s": "3 more errors",
 * "2 more warnings", "5 more (3 errors, 2 warnings)"; "" when none was.
 * A message is a warning or a note by its ": warning: " or ": note: "
 * after the place, as every finding is written. */
const char *errors_more_text(const ErrorList *errs, char *buf, size_t size);

/* Prints every kept message, one a line, then what was dropped. */
void errors_print(const ErrorList *errs, FILE *out);
