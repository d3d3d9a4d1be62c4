/* Strict whole numbers (numparse.h): digits are read one by one into an
 * unsigned magnitude that stops as soon as it passes the largest value a
 * long long may hold, so no length of digits can wrap it. */
#include "numparse.h"

#include <limits.h>

/* The magnitude a '-' may reach: LLONG_MAX + 1. */
#define NUMPARSE_NEG_LIMIT ((unsigned long long)LLONG_MAX + 1u)

/* Reads the digits at s into *mag, up to limit; false past the limit or
 * with no digit. */
static bool read_digits(const char *s, unsigned long long limit, unsigned long long *mag,
                        const char **end)
{
    unsigned long long v = 0;
    const char *p = s;
    for (; *p >= '0' && *p <= '9'; p++) {
        unsigned d = (unsigned)(*p - '0');
        if (v > (limit - d) / 10)
            return false;
        v = v * 10 + d;
    }
    *mag = v;
    *end = p;
    return p != s;
}

bool numparse_prefix(const char *s, long long min, long long max, long long *out,
                     const char **end)
{
    if (!s || min > max)
        return false;
    bool neg = *s == '-' && min < 0;
    unsigned long long mag;
    const char *stop;
    if (!read_digits(s + neg, neg ? NUMPARSE_NEG_LIMIT : (unsigned long long)LLONG_MAX, &mag, &stop))
        return false;
    long long v;
    if (!neg)
        v = (long long)mag;
    else if (mag == NUMPARSE_NEG_LIMIT)
        v = LLONG_MIN;
    else
        v = -(long long)mag;
    if (v < min || v > max)
        return false;
    *out = v;
    *end = stop;
    return true;
}

bool numparse_ll(const char *s, long long min, long long max, long long *out)
{
    long long v;
    const char *end;
    if (!numparse_prefix(s, min, max, &v, &end) || *end)
        return false;
    *out = v;
    return true;
}

bool numparse_int(const char *s, int min, int max, int *out)
{
    long long v;
    if (!numparse_ll(s, min, max, &v))
        return false;
    *out = (int)v;
    return true;
}

bool numparse_u64(const char *s, uint64_t *out)
{
    unsigned long long mag;
    const char *end;
    if (!s || !read_digits(s, UINT64_MAX, &mag, &end) || *end)
        return false;
    *out = mag;
    return true;
}

bool numparse_pair(const char *s, char sep, int min, int max, int *a, int *b)
{
    long long x, y;
    const char *end;
    if (!numparse_prefix(s, min, max, &x, &end) || *end != sep ||
        !numparse_ll(end + 1, min, max, &y))
        return false;
    *a = (int)x;
    *b = (int)y;
    return true;
}

bool numparse_hex64(const char *s, uint64_t *out)
{
    uint64_t v = 0;
    size_t n = 0;
    for (; s && s[n]; n++) {
        char c = s[n];
        int d = c >= '0' && c <= '9'   ? c - '0'
                : c >= 'a' && c <= 'f' ? c - 'a' + 10
                : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                       : -1;
        if (d < 0 || n == 16)
            return false;
        v = v << 4 | (uint64_t)d;
    }
    if (n == 0)
        return false;
    *out = v;
    return true;
}

bool numparse_field(const char **cur, int min, int max, int *out)
{
    long long v;
    const char *end;
    if (**cur != ' ' || !numparse_prefix(*cur + 1, min, max, &v, &end))
        return false;
    *out = (int)v;
    *cur = end;
    return true;
}
