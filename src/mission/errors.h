/* A list of error messages gathered while loading untrusted files, so all
 * of them can be reported, not just the first. Each message already says
 * where: "FILE:LINE: message" or "FILE:LINE: square (x,y): message".
 */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#define ERRORS_DEFAULT_CAP 100

typedef struct ErrorList {
    char **items;
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
