/* Strict whole numbers: the range and the end of the string are checked,
 * nothing wraps (sscanf's "%d" read 4294967308 as 12, so --size
 * 4294967308x12 made a 12x12 board, issue 26 item 5). */
#include "check.h"
#include "core/numparse.h"

#include <limits.h>

static void check_ll(void)
{
    long long v = 7;
    CHECK(numparse_ll("0", 0, 10, &v) && v == 0);
    CHECK(numparse_ll("10", 0, 10, &v) && v == 10);
    CHECK(numparse_ll("007", 0, 10, &v) && v == 7);
    CHECK(numparse_ll("-5", -10, 10, &v) && v == -5);
    CHECK(numparse_ll("9223372036854775807", LLONG_MIN, LLONG_MAX, &v) && v == LLONG_MAX);
    CHECK(numparse_ll("-9223372036854775808", LLONG_MIN, LLONG_MAX, &v) && v == LLONG_MIN);
    v = 7;
    CHECK(!numparse_ll("11", 0, 10, &v));                      /* past max */
    CHECK(!numparse_ll("-1", 0, 10, &v));                      /* no sign when min >= 0 */
    CHECK(!numparse_ll("-11", -10, 10, &v));                   /* under min */
    CHECK(!numparse_ll("9223372036854775808", 0, LLONG_MAX, &v)); /* one past long long */
    CHECK(!numparse_ll("-9223372036854775809", LLONG_MIN, 0, &v));
    CHECK(!numparse_ll("4294967308", 0, INT_MAX, &v));         /* no wrap to 12 */
    CHECK(!numparse_ll("18446744073709551628", 0, LLONG_MAX, &v)); /* nor at 2^64 */
    CHECK(!numparse_ll("99999999999999999999999999999", 0, LLONG_MAX, &v));
    CHECK(!numparse_ll("", 0, 10, &v));
    CHECK(!numparse_ll(NULL, 0, 10, &v));
    CHECK(!numparse_ll(" 5", 0, 10, &v));
    CHECK(!numparse_ll("5 ", 0, 10, &v));
    CHECK(!numparse_ll("+5", 0, 10, &v));
    CHECK(!numparse_ll("5x", 0, 10, &v));
    CHECK(!numparse_ll("0x5", 0, 10, &v));
    CHECK(!numparse_ll("-", -10, 10, &v));
    CHECK(!numparse_ll("--5", -10, 10, &v));
    CHECK(!numparse_ll("5\n", 0, 10, &v));
    CHECK(!numparse_ll("1", 5, 2, &v)); /* an empty range */
    CHECK_INT(v, 7);                    /* untouched by every refusal */
}

static void check_int_and_u64(void)
{
    int i = 3;
    CHECK(numparse_int("2147483647", INT_MIN, INT_MAX, &i) && i == INT_MAX);
    CHECK(numparse_int("-2147483648", INT_MIN, INT_MAX, &i) && i == INT_MIN);
    CHECK(!numparse_int("2147483648", INT_MIN, INT_MAX, &i));
    CHECK(!numparse_int("-2147483649", INT_MIN, INT_MAX, &i));
    uint64_t u = 9;
    CHECK(numparse_u64("18446744073709551615", &u) && u == UINT64_MAX);
    CHECK(numparse_u64("0", &u) && u == 0);
    u = 9;
    CHECK(!numparse_u64("18446744073709551616", &u));
    CHECK(!numparse_u64("-1", &u));
    CHECK(!numparse_u64("1.5", &u));
    CHECK(!numparse_u64("", &u));
    CHECK_INT(u, 9);
}

static void check_prefix_and_pair(void)
{
    long long v;
    const char *end = NULL;
    CHECK(numparse_prefix("42 rest", 0, 100, &v, &end) && v == 42 && end && *end == ' ');
    CHECK(!numparse_prefix(" 42", 0, 100, &v, &end));
    CHECK(!numparse_prefix("142 rest", 0, 100, &v, &end));
    CHECK(!numparse_prefix("4294967396 x", 0, INT_MAX, &v, &end)); /* gold read as 100 before */
    const char *line = "hero 3 -2 x", *cur = line + 4;
    int f = 0;
    CHECK(numparse_field(&cur, 0, 9, &f) && f == 3 && *cur == ' ');
    CHECK(numparse_field(&cur, -5, 9, &f) && f == -2 && *cur == ' ');
    CHECK(!numparse_field(&cur, 0, 9, &f) && *cur == ' '); /* "x": nothing moved */
    cur = line + 3;
    CHECK(!numparse_field(&cur, 0, 9, &f)); /* no space before "3" */
    const char *two = "  3";
    CHECK(!numparse_field(&two, 0, 9, &f)); /* one space only */
    int a = 0, b = 0;
    CHECK(numparse_pair("26x19", 'x', 12, 4096, &a, &b) && a == 26 && b == 19);
    CHECK(numparse_pair("3/2", '/', 1, 100, &a, &b) && a == 3 && b == 2);
    a = b = 0;
    CHECK(!numparse_pair("4294967308x12", 'x', 12, 4096, &a, &b));
    CHECK(!numparse_pair("4294967299/2", '/', 1, 100, &a, &b));
    CHECK(!numparse_pair("26x", 'x', 12, 4096, &a, &b));
    CHECK(!numparse_pair("x19", 'x', 12, 4096, &a, &b));
    CHECK(!numparse_pair("26x19x", 'x', 12, 4096, &a, &b));
    CHECK(!numparse_pair("26 x19", 'x', 12, 4096, &a, &b));
    CHECK(!numparse_pair("26", 'x', 12, 4096, &a, &b));
    CHECK(!numparse_pair("11x19", 'x', 12, 4096, &a, &b));
    CHECK(!numparse_pair("26x4097", 'x', 12, 4096, &a, &b));
    CHECK(a == 0 && b == 0);
}

static void check_hex(void)
{
    uint64_t v = 5;
    CHECK(numparse_hex64("ffffffffffffffff", &v) && v == UINT64_MAX);
    CHECK(numparse_hex64("00000000000000aB", &v) && v == 0xab);
    CHECK(numparse_hex64("0", &v) && v == 0);
    v = 5;
    CHECK(!numparse_hex64("1ffffffffffffffff", &v)); /* 17 digits: sscanf kept UINT64_MAX */
    CHECK(!numparse_hex64("0x12", &v));
    CHECK(!numparse_hex64(" 12", &v));
    CHECK(!numparse_hex64("12 ", &v));
    CHECK(!numparse_hex64("", &v));
    CHECK(!numparse_hex64("g", &v));
    CHECK_INT(v, 5);
}

int main(void)
{
    check_hex();
    check_ll();
    check_int_and_u64();
    check_prefix_and_pair();
    return check_finish("numparse");
}
