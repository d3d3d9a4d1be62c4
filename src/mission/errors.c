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
    errs->words = NULL;
    errs->count = 0;
    errs->cap = cap ? cap : ERRORS_DEFAULT_CAP;
    errs->dropped = errs->dropped_warnings = errs->dropped_notes = 0;
}

void errors_clear(ErrorList *errs)
{
    for (size_t i = 0; i < errs->count; i++) {
        free(errs->items[i]);
        if (errs->words[i])
            free(errs->words[i]->file);
        free(errs->words[i]);
    }
    free(errs->items);
    free(errs->words);
    errs->items = NULL;
    errs->words = NULL;
    errs->count = 0;
    errs->dropped = errs->dropped_warnings = errs->dropped_notes = 0;
}

/* Takes ownership of msg and words (NULL: none). */
static void errors_push(ErrorList *errs, char *msg, ErrorWords *words)
{
    if (errs->cap == 0)
        errs->cap = ERRORS_DEFAULT_CAP;
    if (errs->count >= errs->cap) {
        errs->dropped++;
        errs->dropped_warnings += strstr(msg, ": warning: ") != NULL;
        errs->dropped_notes += strstr(msg, ": note: ") != NULL && !strstr(msg, ": warning: ");
        free(msg);
        if (words)
            free(words->file);
        free(words);
        return;
    }
    errs->items = xrealloc(errs->items, errs->count + 1, sizeof *errs->items);
    errs->words = xrealloc(errs->words, errs->count + 1, sizeof *errs->words);
    errs->words[errs->count] = words;
    errs->items[errs->count++] = msg;
}

/* Whether the next message is kept (not only counted). */
static bool keeps(const ErrorList *errs)
{
    return errs->count < (errs->cap ? errs->cap : ERRORS_DEFAULT_CAP);
}

/* The parts of a message at file (NULL: none) and line: fmt and its
 * arguments; NULL when eventtext cannot keep them. */
__attribute__((format(printf, 3, 0))) static ErrorWords *words_of(const char *file, int line,
                                                                   const char *fmt, va_list ap)
{
    ErrorWords *w = xcalloc(1, sizeof *w);
    if (!eventtext_vadd(&w->message, fmt, ap)) {
        free(w);
        return NULL;
    }
    w->file = file ? xstrdup(file) : NULL;
    w->line = line;
    return w;
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
    va_list ap, again;
    va_start(ap, fmt);
    va_copy(again, ap);
    char *msg = vformat("", fmt, ap);
    errors_push(errs, msg, keeps(errs) ? words_of(NULL, 0, fmt, again) : NULL);
    va_end(again);
    va_end(ap);
}

void errors_add_at(ErrorList *errs, const char *file, int line, const char *fmt, ...)
{
    char prefix[1200];
    snprintf(prefix, sizeof prefix, "%s:%d: ", file ? file : "(unknown)", line);
    va_list ap, again;
    va_start(ap, fmt);
    va_copy(again, ap);
    char *msg = vformat(prefix, fmt, ap);
    errors_push(errs, msg, keeps(errs) ? words_of(file ? file : "(unknown)", line, fmt, again) : NULL);
    va_end(again);
    va_end(ap);
}

void errors_add_in(ErrorList *errs, const char *file, const char *fmt, ...)
{
    char prefix[1200];
    snprintf(prefix, sizeof prefix, "%s: ", file ? file : "(unknown)");
    va_list ap, again;
    va_start(ap, fmt);
    va_copy(again, ap);
    char *msg = vformat(prefix, fmt, ap);
    errors_push(errs, msg, keeps(errs) ? words_of(file ? file : "(unknown)", 0, fmt, again) : NULL);
    va_end(again);
    va_end(ap);
}

char **errors_take_items(ErrorList *errs, size_t *count)
{
    char **items = errs->items;
    *count = errs->count;
    for (size_t i = 0; i < errs->count; i++) {
        if (errs->words[i])
            free(errs->words[i]->file);
        free(errs->words[i]);
    }
    free(errs->words);
    errs->items = NULL;
    errs->words = NULL;
    errs->count = 0;
    errors_clear(errs);
    return items;
}

const ErrorWords *errors_words(const ErrorList *errs, size_t i)
{
    return i < errs->count ? errs->words[i] : NULL;
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

/* w's message at its place into buf, through tr (NULL: as kept). */
static void render(const ErrorWords *w, const char *(*tr)(const char *), char *buf, size_t size)
{
    size_t n = 0;
    if (w->file && w->line > 0)
        n = (size_t)snprintf(buf, size, "%s:%d: ", w->file, w->line);
    else if (w->file)
        n = (size_t)snprintf(buf, size, "%s: ", w->file);
    if (n < size)
        eventtext_render(&w->message, tr, tr, buf + n, size - n);
}

const char *errors_said(const ErrorList *errs, size_t i, const char *(*tr)(const char *), char *buf,
                        size_t size)
{
    const ErrorWords *w = errors_words(errs, i);
    if (w) {
        render(w, NULL, buf, size);
        if (strcmp(buf, errs->items[i]) == 0) {
            render(w, tr, buf, size);
            return buf;
        }
    }
    snprintf(buf, size, "%s", i < errs->count ? errs->items[i] : "");
    return buf;
}

/* errors_printed_first's: armed by errors_printed_reset, set by the
 * first errors_print after it (a copy: the list is gone by then). */
static _Thread_local struct {
    bool armed, set;
    char text[1024];
    char file[1024];
    ErrorWords words;
} printed;

void errors_printed_reset(void)
{
    printed.armed = true;
    printed.set = false;
}

const ErrorWords *errors_printed_first(const char **text)
{
    if (text)
        *text = printed.set ? printed.text : "";
    return printed.set ? &printed.words : NULL;
}

/* Keeps item i as the first printed, when armed and its parts fit. */
static void keep_printed(const ErrorList *errs, size_t i)
{
    const ErrorWords *w = errs->words[i];
    printed.armed = false;
    if (!w || strlen(errs->items[i]) >= sizeof printed.text ||
        (w->file && strlen(w->file) >= sizeof printed.file))
        return;
    snprintf(printed.text, sizeof printed.text, "%s", errs->items[i]);
    snprintf(printed.file, sizeof printed.file, "%s", w->file ? w->file : "");
    printed.words = *w;
    printed.words.file = w->file ? printed.file : NULL;
    printed.set = true;
}

void errors_print(const ErrorList *errs, FILE *out)
{
    if (printed.armed && errs->count > 0)
        keep_printed(errs, 0);
    for (size_t i = 0; i < errs->count; i++)
        fprintf(out, "%s\n", errs->items[i]);
    char more[96];
    if (errs->dropped)
        fprintf(out, _("... and %s\n"), errors_more_text(errs, more, sizeof more));
}
