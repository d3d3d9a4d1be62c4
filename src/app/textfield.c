#include "textfield.h"

#include <stdint.h>
#include <string.h>

static bool continuation(unsigned char c)
{
    return (c & 0xc0) == 0x80;
}

size_t textfield_utf8_length(const char *s, size_t n)
{
    const unsigned char *u = (const unsigned char *)s;
    if (n == 0)
        return 0;
    if (u[0] < 0x80)
        return 1;
    size_t len;
    unsigned char lo = 0x80, hi = 0xbf; /* allowed range of the second byte */
    if (u[0] >= 0xc2 && u[0] <= 0xdf)
        len = 2;
    else if (u[0] >= 0xe0 && u[0] <= 0xef)
        len = 3;
    else if (u[0] >= 0xf0 && u[0] <= 0xf4)
        len = 4;
    else
        return 0;
    /* These bounds exclude overlong forms, surrogates and > U+10FFFF. */
    if (u[0] == 0xe0)
        lo = 0xa0;
    else if (u[0] == 0xed)
        hi = 0x9f;
    else if (u[0] == 0xf0)
        lo = 0x90;
    else if (u[0] == 0xf4)
        hi = 0x8f;
    if (n < len || u[1] < lo || u[1] > hi)
        return 0;
    for (size_t i = 2; i < len; i++)
        if (!continuation(u[i]))
            return 0;
    return len;
}

/* C0 controls, DEL and the C1 controls (U+0080-U+009F). */
static bool control(const unsigned char *u, size_t len)
{
    return (len == 1 && (u[0] < 0x20 || u[0] == 0x7f)) || (len == 2 && u[0] == 0xc2 && u[1] < 0xa0);
}

void textfield_init(TextField *f, const char *initial, size_t max_bytes)
{
    memset(f, 0, sizeof *f);
    f->max_bytes = max_bytes < TEXTFIELD_CAPACITY ? max_bytes : TEXTFIELD_CAPACITY - 1;
    textfield_insert(f, initial ? initial : "");
}

/* A selection goes before an edit; true when there was one. */
static bool clear_selection(TextField *f)
{
    if (!f->all)
        return false;
    f->all = false;
    bool had = f->len > 0;
    f->len = f->cursor = 0;
    f->text[0] = 0;
    return had;
}

void textfield_select_all(TextField *f)
{
    f->all = f->len > 0;
    f->cursor = f->len;
}

bool textfield_insert(TextField *f, const char *utf8)
{
    size_t n = strlen(utf8);
    if (n)
        clear_selection(f);
    size_t before = f->len;
    for (size_t i = 0; i < n;) {
        size_t len = textfield_utf8_length(utf8 + i, n - i);
        if (len == 0) {
            i++; /* a stray byte: skip it, keep the rest */
            continue;
        }
        if (!control((const unsigned char *)utf8 + i, len)) {
            if (f->len + len > f->max_bytes)
                break;
            memmove(f->text + f->cursor + len, f->text + f->cursor, f->len - f->cursor);
            memcpy(f->text + f->cursor, utf8 + i, len);
            f->len += len;
            f->cursor += len;
        }
        i += len;
    }
    f->text[f->len] = 0;
    return f->len != before;
}

/* The start of the character before byte offset at. */
static size_t previous(const TextField *f, size_t at)
{
    while (at > 0 && continuation((unsigned char)f->text[--at]))
        ;
    return at;
}

/* The start of the character after the one at byte offset at. */
static size_t next(const TextField *f, size_t at)
{
    if (at >= f->len)
        return f->len;
    while (++at < f->len && continuation((unsigned char)f->text[at]))
        ;
    return at;
}

static void cut(TextField *f, size_t from, size_t to)
{
    memmove(f->text + from, f->text + to, f->len - to + 1); /* with the NUL */
    f->len -= to - from;
    f->cursor = from;
}

bool textfield_backspace(TextField *f)
{
    if (clear_selection(f))
        return true;
    if (f->cursor == 0)
        return false;
    cut(f, previous(f, f->cursor), f->cursor);
    return true;
}

bool textfield_delete(TextField *f)
{
    if (clear_selection(f))
        return true;
    if (f->cursor >= f->len)
        return false;
    cut(f, f->cursor, next(f, f->cursor));
    return true;
}

void textfield_left(TextField *f)
{
    f->cursor = f->all ? 0 : previous(f, f->cursor);
    f->all = false;
}

void textfield_right(TextField *f)
{
    f->cursor = f->all ? f->len : next(f, f->cursor);
    f->all = false;
}

void textfield_home(TextField *f)
{
    f->cursor = 0;
    f->all = false;
}

void textfield_end(TextField *f)
{
    f->cursor = f->len;
    f->all = false;
}

bool textfield_any_focused(const TextField *const *fields, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (fields[i] && fields[i]->focused)
            return true;
    return false;
}
