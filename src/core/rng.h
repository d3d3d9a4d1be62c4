/* The game's one random number generator: PCG32 (O'Neill's permuted
 * congruential generator, XSH RR output over a 64-bit LCG state).
 *
 * It is portable and exact: the same seed gives the same numbers on every
 * platform and compiler, which is what makes games replayable. The state is
 * a plain value type so a game can copy, save and compare it. Never use
 * rand() anywhere in the game.
 */
#pragma once

#include <stdbool.h>
#include <stdint.h>

typedef struct Rng {
    uint64_t state; /* advanced by every draw */
    uint64_t inc;   /* stream selector, always odd */
} Rng;

/* A generator seeded with seed on the given stream (any values). */
Rng rng_make(uint64_t seed, uint64_t stream);

/* The next 32 random bits. */
uint32_t rng_next(Rng *rng);

/* A uniform integer in [0, bound) without modulo bias (bound >= 1);
 * bound 0 gives 0. */
uint32_t rng_below(Rng *rng, uint32_t bound);

/* A six-sided die: 1..6. */
int rng_d6(Rng *rng);

/* Reads a seed as players and files write it: decimal digits only (no
 * sign, no spaces), 0 to 18446744073709551615. The one parser for the
 * protocol's `seed` and the saves' seed line. */
bool rng_seed_parse(const char *text, uint64_t *seed);
