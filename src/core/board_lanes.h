/* Squares as words and four lanes at a time, shared by the board's passes
 * (board_label.c, board_walls.c, board_hex.c). Not part of the public API.
 *
 * A square's four bytes read as one word: two squares are in one room kind
 * exactly when their words match and they are walkable, since edges are
 * still zero while labelling; the wall bits are ORed into the words
 * whatever the byte order. The lanes are the compiler's portable vector
 * types (SSE2 on x86-64, NEON on ARM, plain code elsewhere): four squares
 * or rooms in one value. */
#pragma once

#include "board_square.h"

#include <stdint.h>
#include <string.h>

/* The four bytes of the square at s as one word. */
static inline uint32_t square_word(const Square *s)
{
    uint32_t k;
    memcpy(&k, s, sizeof k);
    return k;
}

/* The word of a square whose only set field is its edges. */
static inline uint32_t edges_word(uint8_t edges)
{
    Square s = {0, 0, edges};
    return square_word(&s);
}

/* The word of a square whose only set field is its type: with type 0xff,
 * the bits that hold the type, whatever the byte order. */
static inline uint32_t type_word(uint8_t type)
{
    Square s = {0, type, 0};
    return square_word(&s);
}

/* Four rooms or labels, and four square words. */
typedef int32_t Lanes __attribute__((vector_size(16)));
typedef uint32_t WordLanes __attribute__((vector_size(16)));
#define LANES 4

static inline Lanes lanes_load(const int32_t *p)
{
    Lanes v;
    memcpy(&v, p, sizeof v);
    return v;
}

static inline void lanes_store(int32_t *p, Lanes v)
{
    memcpy(p, &v, sizeof v);
}

/* The words of the four squares from p. */
static inline WordLanes words_load(const Square *p)
{
    WordLanes v;
    memcpy(&v, p, sizeof v);
    return v;
}

static inline void words_store(Square *p, WordLanes v)
{
    memcpy(p, &v, sizeof v);
}

/* m ? a : b per lane; m is all ones or all zeros in each lane. */
static inline Lanes lanes_select(Lanes m, Lanes a, Lanes b)
{
    return (a & m) | (b & ~m);
}
