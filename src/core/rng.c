#include "rng.h"

#include "numparse.h"

/* The multiplier of the reference PCG32 implementation. */
#define RNG_MULT 6364136223846793005ull

Rng rng_make(uint64_t seed, uint64_t stream)
{
    Rng rng = {0, (stream << 1u) | 1u};
    rng_next(&rng);
    rng.state += seed;
    rng_next(&rng);
    return rng;
}

uint32_t rng_next(Rng *rng)
{
    uint64_t old = rng->state;
    rng->state = old * RNG_MULT + rng->inc;
    uint32_t xorshifted = (uint32_t)(((old >> 18u) ^ old) >> 27u);
    uint32_t rot = (uint32_t)(old >> 59u);
    return (xorshifted >> rot) | (xorshifted << ((-rot) & 31u));
}

uint32_t rng_below(Rng *rng, uint32_t bound)
{
    if (bound <= 1)
        return 0;
    /* Draws below 2^32 mod bound would make small results likelier. */
    uint32_t threshold = (uint32_t)(-bound) % bound;
    for (;;) {
        uint32_t r = rng_next(rng);
        if (r >= threshold)
            return r % bound;
    }
}

int rng_d6(Rng *rng)
{
    return (int)rng_below(rng, 6) + 1;
}

bool rng_seed_parse(const char *text, uint64_t *seed)
{
    return numparse_u64(text, seed);
}
