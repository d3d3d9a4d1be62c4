#include "errors.h"

#include "../core/alloc.h"
#include "../core/i18n.h"

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

/* "1 error", "2 warnings" (ngettext: the plural is the language's). */
static int counted(char *buf, size_t size, size_t n, int kind)
{
    if (kind == 0)
        return snprintf(buf, size, ngettext("%zu error", "%zu errors", n), n);
    if (kind == 1)
        return snprintf(buf, size, ngettext("%zu warning", "%zu warnings", n), n);
    return snprintf(buf, size, ngettext("%zu note", "%zu notes", n), n);
}

/* "3 more errors", when only one kind was dropped. */
static void more_of_one(char *buf, size_t size, size_t n, int kind)
{
    if (kind == 0)
        snprintf(buf, size, ngettext("%zu more error", "%zu more errors", n), n);
    else if (kind == 1)
        snprintf(buf, size, ngettext("%zu more warning", "%zu more warnings", n), n);
    else
        snprintf(buf, size, ngettext("%zu more note", "%zu more notes", n), n);
}

const char *errors_more_text(const ErrorList *errs, char *buf, size_t size)
{
    size_t kinds[3] = {errs->dropped - errs->dropped_warnings - errs->dropped_notes,
                       errs->dropped_warnings, errs->dropped_notes};
    int used = 0, which = -1;
    for (int k = 0; k < 3; k++)
        if (kinds[k]) {
            used++;
            which = k;
        }
    buf[0] = '\0';
    if (used == 1) {
        more_of_one(buf, size, kinds[which], which);
    } else if (used > 1) {
        char list[96] = "";
        size_t n = 0;
        for (int k = 0; k < 3 && n < sizeof list; k++)
            if (kinds[k]) {
                if (n > 0)
                    n += (size_t)snprintf(list + n, sizeof list - n, ", ");
                if (n < sizeof list)
                    n += (size_t)counted(list + n, sizeof list - n, kinds[k], k);
            }
        /* TRANSLATORS: "5 more (3 errors, 2 warnings)" */
        snprintf(buf, size, _("%zu more (%s)"), errs->dropped, list);
    }
    return buf;
}

void errors_print(const ErrorList *errs, FILE *out)
{
    for (size_t i = 0; i < errs->count; i++)
        fprintf(out, "%s\n", errs->items[i]);
    char more[96];
    if (errs->dropped)
        fprintf(out, _("... and %s\n"), errors_more_text(errs, more, sizeof more));
}
