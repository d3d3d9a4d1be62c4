#include "errors.h"

#include "../core/alloc.h"

#include <stdarg.h>
#include <string.h>
#include <stdio.h>
#include <stdlib.h>

void errors_init(ErrorList *errs, size_t cap)
{
    errs->items = NULL;
    errs->count = 0;
    errs->cap = cap ? cap : ERRORS_DEFAULT_CAP;
    errs->dropped = errs->dropped_warnings = errs->dropped_notes = 0;
}

void errors_clear(ErrorList *errs)
{
    for (size_t i = 0; i < errs->count; i++)
        free(errs->items[i]);
    free(errs->items);
    errs->items = NULL;
    errs->count = 0;
    errs->dropped = errs->dropped_warnings = errs->dropped_notes = 0;
}

/* Takes ownership of msg. */
static void errors_push(ErrorList *errs, char *msg)
{
    if (errs->cap == 0)
        errs->cap = ERRORS_DEFAULT_CAP;
    if (errs->count >= errs->cap) {
        errs->dropped++;
        errs->dropped_warnings += strstr(msg, ": warning: ") != NULL;
        errs->dropped_notes += strstr(msg, ": note: ") != NULL && !strstr(msg, ": warning: ");
        free(msg);
        return;
    }
    errs->items = xrealloc(errs->items, errs->count + 1, sizeof *errs->items);
    errs->items[errs->count++] = msg;
}

/* GCC's -fsanitize=undefined adds a fmt == NULL path of its own and then
 * warns about it ("null format string"); fmt is never NULL here. */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-truncation"
#endif
/* The whole message, however long (a 4,200-byte folder's error was cut
 * at 1,023 bytes, before its reason). */
__attribute__((format(printf, 2, 0))) static char *vformat(const char *prefix, const char *fmt,
                                                        va_list ap)
{
    va_list again;
    va_copy(again, ap);
    int body = vsnprintf(NULL, 0, fmt, ap);
    size_t p = strlen(prefix), n = p + (body > 0 ? (size_t)body : 0) + 1;
    char *msg = xmalloc(n, 1);
    memcpy(msg, prefix, p);
    vsnprintf(msg + p, n - p, fmt, again);
    va_end(again);
    return msg;
}
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif

void errors_add(ErrorList *errs, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    errors_push(errs, vformat("", fmt, ap));
    va_end(ap);
}

void errors_add_at(ErrorList *errs, const char *file, int line, const char *fmt, ...)
{
    char prefix[1200];
    snprintf(prefix, sizeof prefix, "%s:%d: ", file ? file : "(unknown)", line);
    va_list ap;
    va_start(ap, fmt);
    errors_push(errs, vformat(prefix, fmt, ap));
    va_end(ap);
}

bool errors_any(const ErrorList *errs)
{
    return errs->count + errs->dropped > 0;
}

size_t errors_total(const ErrorList *errs)
{
    return errs->count + errs->dropped;
}

/* "1 error", "2 warnings". */
static int counted(char *buf, size_t size, size_t n, const char *word)
{
    return snprintf(buf, size, "%zu %s%s", n, word, n == 1 ? "" : "s");
}

const char *errors_more_text(const ErrorList *errs, char *buf, size_t size)
{
    size_t kinds[3] = {errs->dropped - errs->dropped_warnings - errs->dropped_notes,
                       errs->dropped_warnings, errs->dropped_notes};
    static const char *const words[3] = {"error", "warning", "note"};
    int used = 0, which = -1;
    for (int k = 0; k < 3; k++)
        if (kinds[k]) {
            used++;
            which = k;
        }
    buf[0] = '\0';
    if (used == 1) {
        snprintf(buf, size, "%zu more %s%s", kinds[which], words[which],
                 kinds[which] == 1 ? "" : "s");
    } else if (used > 1) {
        size_t n = (size_t)snprintf(buf, size, "%zu more (", errs->dropped);
        for (int k = 0; k < 3 && n < size; k++)
            if (kinds[k]) {
                if (buf[n - 1] != '(')
                    n += (size_t)snprintf(buf + n, size - n, ", ");
                if (n < size)
                    n += (size_t)counted(buf + n, size - n, kinds[k], words[k]);
            }
        if (n < size)
            snprintf(buf + n, size - n, ")");
    }
    return buf;
}

void errors_print(const ErrorList *errs, FILE *out)
{
    for (size_t i = 0; i < errs->count; i++)
        fprintf(out, "%s\n", errs->items[i]);
    char more[96];
    if (errs->dropped)
        fprintf(out, "... and %s\n", errors_more_text(errs, more, sizeof more));
}
