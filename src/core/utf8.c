/* UTF-8 checks (utf8.h), by the table of well-formed byte sequences of
 * the Unicode standard (chapter 3, table 3-7). */
#include "utf8.h"

#include <stdint.h>

static bool continuation(uint8_t c)
{
    return (c & 0xc0) == 0x80;
}

size_t utf8_char_length(const char *s, size_t n)
{
    const uint8_t *u = (const uint8_t *)s;
    if (n == 0)
        return 0;
    if (u[0] < 0x80)
        return 1;
    size_t len;
    uint8_t lo = 0x80, hi = 0xbf; /* the second byte's range */
    if (u[0] >= 0xc2 && u[0] <= 0xdf)
        len = 2;
    else if (u[0] >= 0xe0 && u[0] <= 0xef)
        len = 3;
    else if (u[0] >= 0xf0 && u[0] <= 0xf4)
        len = 4;
    else
        return 0;
    if (u[0] == 0xe0)
        lo = 0xa0; /* no overlong three-byte form */
    else if (u[0] == 0xed)
        hi = 0x9f; /* no surrogates */
    else if (u[0] == 0xf0)
        lo = 0x90; /* no overlong four-byte form */
    else if (u[0] == 0xf4)
        hi = 0x8f; /* nothing past U+10FFFF */
    if (n < len || u[1] < lo || u[1] > hi)
        return 0;
    for (size_t i = 2; i < len; i++)
        if (!continuation(u[i]))
            return 0;
    return len;
}

bool utf8_is_plain(const char *s, size_t n)
{
    const uint8_t *u = (const uint8_t *)s;
    for (size_t i = 0; i < n;) {
        size_t len = utf8_char_length(s + i, n - i);
        if (len == 0 || u[i] < 0x20 || u[i] == 0x7f)
            return false;
        /* C1 controls, U+0080-U+009F: 0xc2 0x80-0x9f */
        if (len == 2 && u[i] == 0xc2 && u[i + 1] < 0xa0)
            return false;
        i += len;
    }
    return true;
}
