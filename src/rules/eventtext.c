#include "eventtext.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* One conversion of a format: where it starts and ends, its argument's
 * position ("%2$s": 2; 0 when sequential) and kind. */
typedef struct Spec {
    const char *start, *end;
    int position;
    int length;   /* 0, 'h', 'l', 'L' (ll), 'z' */
    char conv;    /* d i u x c s, or '%' */
} Spec;

/* Reads the conversion at p ('%'); false when it is none we take. */
static bool parse_spec(const char *p, Spec *s)
{
    *s = (Spec){.start = p};
    p++;
    if (*p == '%') {
        s->conv = '%';
        s->end = p + 1;
        return true;
    }
    const char *digits = p;
    int n = 0;
    while (*p >= '0' && *p <= '9' && n < 100)
        n = n * 10 + (*p++ - '0');
    if (*p == '$' && p > digits && n > 0)
        s->position = n, p++;
    else
        p = digits;
    while (*p && strchr("-+ #0", *p))
        p++;
    while (*p >= '0' && *p <= '9')
        p++;
    if (*p == '.') {
        p++;
        while (*p >= '0' && *p <= '9')
            p++;
    }
    if (*p == 'h')
        s->length = 'h', p += p[1] == 'h' ? 2 : 1;
    else if (*p == 'l')
        s->length = p[1] == 'l' ? 'L' : 'l', p += p[1] == 'l' ? 2 : 1;
    else if (*p == 'z')
        s->length = 'z', p++;
    if (!*p || !strchr("diuxcs", *p))
        return false;
    s->conv = *p;
    s->end = p + 1;
    return true;
}

void eventtext_clear(EventText *t)
{
    memset(t, 0, sizeof *t);
}

bool eventtext_valid(const EventText *t)
{
    return t->format[0] != NULL;
}

static long long take_number(const Spec *s, va_list *ap)
{
    bool is_signed = s->conv == 'd' || s->conv == 'i' || s->conv == 'c';
    switch (s->length) {
    case 'l': return is_signed ? va_arg(*ap, long) : (long long)va_arg(*ap, unsigned long);
    case 'L': return is_signed ? va_arg(*ap, long long) : (long long)va_arg(*ap, unsigned long long);
    case 'z': return (long long)va_arg(*ap, size_t);
    default: return is_signed ? va_arg(*ap, int) : (long long)va_arg(*ap, unsigned);
    }
}

bool eventtext_vadd(EventText *t, const char *fmt, va_list ap)
{
    int part = 0;
    while (part < EVENTTEXT_PARTS && t->format[part])
        part++;
    if (part == EVENTTEXT_PARTS)
        return false;

    EventText keep = *t;
    va_list args;
    va_copy(args, ap);
    bool ok = true;
    int count = t->count;
    for (const char *p = strchr(fmt, '%'); p && ok; p = strchr(p, '%')) {
        Spec s;
        ok = parse_spec(p, &s) && s.position == 0 && (s.conv == '%' || count < EVENTTEXT_ARGS);
        if (ok && s.conv != '%') {
            EventTextArg *a = &t->args[count++];
            a->is_text = s.conv == 's';
            if (a->is_text) {
                const char *text = va_arg(args, const char *);
                size_t len = text ? strlen(text) : 0;
                ok = t->pool_used + len + 1 <= sizeof t->pool;
                if (ok) {
                    a->at = t->pool_used;
                    memcpy(t->pool + a->at, text ? text : "", len);
                    t->pool[a->at + len] = '\0';
                    t->pool_used = (unsigned char)(t->pool_used + len + 1);
                }
            } else {
                a->number = take_number(&s, &args);
            }
        }
        p = ok ? s.end : p;
    }
    va_end(args);
    if (!ok) {
        *t = keep;
        return false;
    }
    t->format[part] = fmt;
    t->first[part] = (unsigned char)t->count;
    t->count = (unsigned char)count;
    return true;
}

bool eventtext_append(EventText *t, const EventText *more)
{
    int mine = 0, parts = 0;
    while (mine < EVENTTEXT_PARTS && t->format[mine])
        mine++;
    while (parts < EVENTTEXT_PARTS && more->format[parts])
        parts++;
    if (mine + parts > EVENTTEXT_PARTS || t->count + more->count > EVENTTEXT_ARGS ||
        t->pool_used + more->pool_used > EVENTTEXT_POOL)
        return false;
    for (int k = 0; k < parts; k++) {
        t->format[mine + k] = more->format[k];
        t->first[mine + k] = (unsigned char)(t->count + more->first[k]);
    }
    for (int i = 0; i < more->count; i++) {
        EventTextArg a = more->args[i];
        if (a.is_text)
            a.at = (unsigned char)(a.at + t->pool_used);
        t->args[t->count + i] = a;
    }
    memcpy(t->pool + t->pool_used, more->pool, more->pool_used);
    t->pool_used = (unsigned char)(t->pool_used + more->pool_used);
    t->count = (unsigned char)(t->count + more->count);
    return true;
}

bool eventtext_add(EventText *t, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    bool ok = eventtext_vadd(t, fmt, ap);
    va_end(ap);
    return ok;
}

/* Writes one conversion of a (translated) format with the argument a:
 * the format's own flags, width and precision, the value as kept. The
 * conversion is built here from a parsed one (parse_spec), so it is no
 * literal. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
static int put_arg(const EventText *t, const Spec *s, const EventTextArg *a,
                   const char *(*tr_text)(const char *), char *out, size_t size)
{
    char spec[32];
    const char *from = s->start + 1;
    const char *dollar = s->position ? strchr(from, '$') : NULL;
    if (dollar)
        from = dollar + 1;
    /* flags, width, precision: up to the length modifier or conversion */
    size_t n = 0;
    spec[n++] = '%';
    for (const char *p = from; p < s->end - 1 && n < sizeof spec - 4; p++)
        if (!strchr("hlz", *p))
            spec[n++] = *p;
    if (s->conv == 's') {
        spec[n++] = 's', spec[n] = '\0';
        const char *text = a->is_text && a->at < sizeof t->pool ? t->pool + a->at : "";
        if (tr_text && text[0])
            text = tr_text(text);
        return snprintf(out, size, spec, text);
    }
    if (a->is_text)
        return snprintf(out, size, "?");
    if (s->conv == 'c') {
        spec[n++] = 'c', spec[n] = '\0';
        return snprintf(out, size, spec, (int)a->number);
    }
    spec[n++] = 'l', spec[n++] = 'l', spec[n++] = s->conv, spec[n] = '\0';
    if (s->conv == 'u' || s->conv == 'x')
        return snprintf(out, size, spec, (unsigned long long)a->number);
    return snprintf(out, size, spec, a->number);
}
#pragma GCC diagnostic pop

/* Whether the conversion at spec, in fmt, follows an opening quote (ASCII
 * or typographic, as a translation writes it): its argument is a name as
 * written. */
static bool quoted(const char *fmt, const char *spec)
{
    static const char *const opening[] = {"'", "\"", "<", "`", "\xe2\x80\x9e", "\xe2\x80\x9a",
                                          "\xe2\x80\x9c", "\xe2\x80\x98", "\xc2\xab", "\xc2\xbb"};
    for (size_t i = 0; i < sizeof opening / sizeof *opening; i++) {
        size_t n = strlen(opening[i]);
        if ((size_t)(spec - fmt) >= n && memcmp(spec - n, opening[i], n) == 0)
            return true;
    }
    return false;
}

/* Appends part k, its format fmt, to buf at *used. */
static void render_part(const EventText *t, int k, const char *fmt,
                        const char *(*tr_text)(const char *), char *buf, size_t size, size_t *used)
{
    int first = t->first[k];
    int last = k + 1 < EVENTTEXT_PARTS && t->format[k + 1] ? t->first[k + 1] : t->count;
    int next = first;
    const char *p = fmt;
    while (*p && *used + 1 < size) {
        Spec s;
        if (*p != '%' || !parse_spec(p, &s)) {
            buf[(*used)++] = *p++;
            continue;
        }
        int w = 0;
        if (s.conv == '%') {
            buf[(*used)++] = '%';
        } else {
            int at = s.position ? first + s.position - 1 : next++;
            static const EventTextArg none = {.is_text = true, .at = EVENTTEXT_POOL};
            const EventTextArg *a = at >= 0 && at < last ? &t->args[at] : &none;
            w = put_arg(t, &s, a, quoted(fmt, p) ? NULL : tr_text, buf + *used, size - *used);
        }
        if (w > 0)
            *used += (size_t)w < size - *used ? (size_t)w : size - *used - 1;
        p = s.end;
    }
    buf[*used] = '\0';
}

size_t eventtext_render(const EventText *t, const char *(*tr_format)(const char *),
                        const char *(*tr_text)(const char *), char *buf, size_t size)
{
    if (size == 0)
        return 0;
    buf[0] = '\0';
    if (!eventtext_valid(t))
        return 0;
    size_t used = 0;
    for (int k = 0; k < EVENTTEXT_PARTS && t->format[k]; k++)
        render_part(t, k, tr_format ? tr_format(t->format[k]) : t->format[k], tr_text, buf, size,
                    &used);
    return used;
}

/* --- a line's parts as one token (the protocol's `words on`) ---------------- */

/* Appends byte c to out, escaped unless a letter, digit or one of "-_.~". */
static bool put_escaped(char *out, size_t size, size_t *n, unsigned char c)
{
    bool plain = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || strchr("-_.~", c);
    size_t need = plain ? 1 : 3;
    if (c == '\0' || *n + need >= size)
        return false;
    if (plain) {
        out[(*n)++] = (char)c;
    } else {
        static const char hex[] = "0123456789ABCDEF";
        out[(*n)++] = '%';
        out[(*n)++] = hex[c >> 4];
        out[(*n)++] = hex[c & 15];
    }
    return true;
}

static bool put_text(char *out, size_t size, size_t *n, const char *text)
{
    for (const char *p = text; *p; p++)
        if (!put_escaped(out, size, n, (unsigned char)*p))
            return false;
    return true;
}

size_t eventtext_encode(const EventText *t, char *out, size_t size)
{
    if (size == 0)
        return 0;
    out[0] = '\0';
    if (!eventtext_valid(t))
        return 0;
    size_t n = 0;
    bool ok = true;
    for (int k = 0; ok && k < EVENTTEXT_PARTS && t->format[k]; k++) {
        int first = t->first[k];
        int last = k + 1 < EVENTTEXT_PARTS && t->format[k + 1] ? t->first[k + 1] : t->count;
        if (k)
            ok = n + 1 < size, out[n++] = '/';
        ok = ok && put_text(out, size, &n, t->format[k]);
        for (int i = first; ok && i < last; i++) {
            const EventTextArg *a = &t->args[i];
            char num[32];
            int w = a->is_text ? snprintf(num, sizeof num, ",t") : snprintf(num, sizeof num, ",n%lld", a->number);
            ok = w > 0 && n + (size_t)w < size;
            if (ok)
                memcpy(out + n, num, (size_t)w), n += (size_t)w;
            ok = ok && (!a->is_text || put_text(out, size, &n, t->pool + a->at));
        }
    }
    if (!ok) {
        out[0] = '\0';
        return 0;
    }
    out[n] = '\0';
    return n;
}

static int hex_value(char c)
{
    return c >= '0' && c <= '9' ? c - '0' : c >= 'A' && c <= 'F' ? c - 'A' + 10 : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

/* Unescapes the field [p, end) into out (NUL-terminated); false when it
 * holds a bad escape, a control character or does not fit. */
static bool take_field(const char *p, const char *end, char *out, size_t size)
{
    size_t n = 0;
    while (p < end) {
        int c = (unsigned char)*p++;
        if (c == '%') {
            int hi = p < end ? hex_value(p[0]) : -1, lo = p + 1 < end ? hex_value(p[1]) : -1;
            if (hi < 0 || lo < 0)
                return false;
            c = hi * 16 + lo;
            p += 2;
        }
        if (c < 0x20 || c == 0x7f || n + 1 >= size)
            return false;
        out[n++] = (char)c;
    }
    out[n] = '\0';
    return true;
}

/* Checks fmt takes exactly the arguments of part k as kept, each of its
 * kind (text for %s, a number for the others), and adds it. */
static bool add_checked(EventText *t, int k, const char *fmt)
{
    int at = t->first[k];
    for (const char *p = strchr(fmt, '%'); p; p = strchr(p, '%')) {
        Spec s;
        if (!parse_spec(p, &s) || s.position != 0)
            return false;
        if (s.conv != '%') {
            if (at >= t->count || t->args[at].is_text != (s.conv == 's'))
                return false;
            /* a peer's %c says a printable character: no line break, no
             * end of the line inside it (fuzz_words) */
            if (s.conv == 'c' && (t->args[at].number < 0x20 || t->args[at].number > 0x7e))
                return false;
            at++;
        }
        p = s.end;
    }
    if (at != t->count)
        return false;
    t->format[k] = fmt;
    return true;
}

/* Reads one argument field ("n-3", "tOrc") into t; false when bad. */
static bool take_arg(EventText *t, const char *arg, const char *end)
{
    char value[EVENTTEXT_POOL];
    if (t->count == EVENTTEXT_ARGS || arg == end || !take_field(arg + 1, end, value, sizeof value))
        return false;
    EventTextArg *a = &t->args[t->count];
    if (*arg == 't') {
        size_t len = strlen(value);
        if (t->pool_used + len + 1 > sizeof t->pool)
            return false;
        a->is_text = true;
        a->at = t->pool_used;
        memcpy(t->pool + a->at, value, len + 1);
        t->pool_used = (unsigned char)(t->pool_used + len + 1);
    } else {
        char *stop;
        a->number = strtoll(value, &stop, 10);
        if (*arg != 'n' || !value[0] || *stop)
            return false;
    }
    t->count++;
    return true;
}

/* Reads the part [p, end) (a format, then its arguments) as part k. */
static bool take_part(EventText *t, int k, const char *p, const char *end, char *store, size_t size,
                      size_t *used)
{
    const char *field_end = memchr(p, ',', (size_t)(end - p));
    field_end = field_end ? field_end : end;
    char *fmt = store + *used;
    if (*used >= size || p == field_end || !take_field(p, field_end, fmt, size - *used))
        return false;
    *used += strlen(fmt) + 1;
    t->first[k] = t->count;
    for (p = field_end; p < end;) {
        const char *arg_end = memchr(p + 1, ',', (size_t)(end - p - 1));
        arg_end = arg_end ? arg_end : end;
        if (!take_arg(t, p + 1, arg_end))
            return false;
        p = arg_end;
    }
    return add_checked(t, k, fmt);
}

bool eventtext_decode(EventText *t, const char *token, size_t len, char *store, size_t store_size)
{
    eventtext_clear(t);
    const char *p = token, *end = token + len;
    size_t used = 0;
    for (int k = 0; p < end; k++) {
        const char *part_end = memchr(p, '/', (size_t)(end - p));
        part_end = part_end ? part_end : end;
        if (k == EVENTTEXT_PARTS || !take_part(t, k, p, part_end, store, store_size, &used) ||
            part_end + 1 == end) { /* too many parts, a bad one, or a trailing '/' */
            eventtext_clear(t);
            return false;
        }
        p = part_end < end ? part_end + 1 : end;
    }
    return eventtext_valid(t);
}
