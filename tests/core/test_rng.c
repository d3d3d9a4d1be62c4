/* PCG32: fixed outputs (portability), bounds and rough uniformity. */
#include "check.h"
#include "core/rng.h"

#include <inttypes.h>

int main(void)
{
    /* The same seed gives the same numbers; a different seed does not. */
    Rng a = rng_make(42, 54), b = rng_make(42, 54), c = rng_make(43, 54);
    int same = 0;
    for (int i = 0; i < 100; i++) {
        uint32_t x = rng_next(&a);
        CHECK(x == rng_next(&b));
        same += x == rng_next(&c);
    }
    CHECK(same < 3);

    /* PCG32 reference values (pcg32_srandom(42, 54) in O'Neill's demo). */
    Rng r = rng_make(42, 54);
    CHECK(rng_next(&r) == 0xa15c02b7u);
    CHECK(rng_next(&r) == 0x7b47f409u);
    CHECK(rng_next(&r) == 0xba1d3330u);

    /* Bounded draws stay in range and each die face turns up about 1/6. */
    Rng d = rng_make(7, 1);
    int counts[7] = {0};
    for (int i = 0; i < 60000; i++) {
        int v = rng_d6(&d);
        CHECK(v >= 1 && v <= 6);
        counts[v >= 1 && v <= 6 ? v : 0]++;
    }
    CHECK_INT(counts[0], 0);
    for (int f = 1; f <= 6; f++)
        CHECK(counts[f] > 9500 && counts[f] < 10500);
    CHECK_INT(rng_below(&d, 0), 0);
    CHECK_INT(rng_below(&d, 1), 0);
    for (int i = 0; i < 1000; i++)
        CHECK(rng_below(&d, 3) < 3);

    /* Seeds: digits only, 0 to 2^64-1. */
    uint64_t seed = 5;
    CHECK(rng_seed_parse("0", &seed) && seed == 0);
    CHECK(rng_seed_parse("007", &seed) && seed == 7);
    CHECK(rng_seed_parse("18446744073709551615", &seed) && seed == UINT64_MAX);
    const char *bad[] = {"", "-1", "+1", " 1", "1 ", "18446744073709551616", "99999999999999999999",
                         "1e3", "0x10", "12a"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        seed = 5;
        CHECK(!rng_seed_parse(bad[i], &seed));
        CHECK(seed == 5);
    }
    CHECK(!rng_seed_parse(NULL, &seed));
    return check_finish("rng");
}
