/* Four lanes at a time, shared by the board's passes (board_label.c,
 * board_walls.c, board_hex.c). Not part of the public API.
 *
 * The labellers compare squares by key: a square's colour index (the
 * area's first colour while labelling, board_wear_area_colours), widened
 * to a word in the lanes. The lanes are the compiler's portable vector
 * types (SSE2 on x86-64, NEON on ARM, plain code elsewhere): four squares
 * or rooms in one value. */
#pragma once

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

/* Four rooms or labels, and four keys as words. */
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

/* m ? a : b per lane; m is all ones or all zeros in each lane. */
static inline Lanes lanes_select(Lanes m, Lanes a, Lanes b)
{
    return (a & m) | (b & ~m);
}

/* True when the eight keys from a match the eight from b: the labellers'
 * test for a chunk that takes its labels whole from the row above. */
static inline bool keys8_equal(const uint16_t *a, const uint16_t *b)
{
    uint64_t a0, a1, b0, b1;
    memcpy(&a0, a, sizeof a0);
    memcpy(&a1, a + 4, sizeof a1);
    memcpy(&b0, b, sizeof b0);
    memcpy(&b1, b + 4, sizeof b1);
    return ((a0 ^ b0) | (a1 ^ b1)) == 0;
}

/* The labellers' lane paths need __builtin_shufflevector (gcc 12 and
 * later, clang); other compilers, and the board_scalar and
 * board_hex_scalar tests, take the plain C paths. */
#if defined(__has_builtin) && !defined(BOARD_SCALAR_LABELS)
#if __has_builtin(__builtin_shufflevector)
#define BOARD_LABEL_LANES 1
#endif
#endif

#ifdef BOARD_LABEL_LANES
#ifdef __SSE2__
#include <emmintrin.h>
#endif

/* The keys of the four squares from p, as words. */
static inline WordLanes keys_load(const uint16_t *p)
{
    typedef uint16_t KeyLanes __attribute__((vector_size(8)));
    KeyLanes v;
    memcpy(&v, p, sizeof v);
    return __builtin_convertvector(v, WordLanes);
}

/* One bit per lane, lane 0 lowest. */
static inline unsigned lanes_mask(Lanes m)
{
#ifdef __SSE2__
    return (unsigned)_mm_movemask_ps(_mm_castsi128_ps((__m128i)m));
#else
    Lanes b = m & (Lanes){1, 2, 4, 8};
    return (unsigned)(b[0] | b[1] | b[2] | b[3]);
#endif
}

/* The labels of four squares in a row once each square whose west lane
 * matches it (west: all ones in its lane) has taken its west neighbour's
 * label: a scan over runs of matching lanes in two steps of doubling
 * width; lanes whose run reaches back past the first take lw, the label
 * of the square west of the four. */
static inline Lanes lanes_take_west(Lanes lab, Lanes west, int32_t lw)
{
    Lanes ones = ~(Lanes){0};
    Lanes pend = west; /* still to take the label of a lane further west */
    lab = lanes_select(pend, __builtin_shufflevector(lab, lab, 0, 0, 1, 2), lab);
    pend &= __builtin_shufflevector(pend, ones, 4, 0, 1, 2);
    lab = lanes_select(pend, __builtin_shufflevector(lab, lab, 0, 0, 0, 1), lab);
    pend &= __builtin_shufflevector(pend, ones, 4, 5, 0, 1);
    return lanes_select(pend, (Lanes){lw, lw, lw, lw}, lab);
}

/* Appends x + lane for each set lane of m to list[*count...], without a
 * branch (where labels meet, at random on noise); list needs a vector's
 * slack past its last entry. */
static inline void lanes_note(int32_t *list, int *count, Lanes m, int x)
{
    /* for each mask of lanes, the set lanes in order, and how many */
    static const Lanes at[16] = {
        {0, 0, 0, 0}, {0, 0, 0, 0}, {1, 0, 0, 0}, {0, 1, 0, 0},
        {2, 0, 0, 0}, {0, 2, 0, 0}, {1, 2, 0, 0}, {0, 1, 2, 0},
        {3, 0, 0, 0}, {0, 3, 0, 0}, {1, 3, 0, 0}, {0, 1, 3, 0},
        {2, 3, 0, 0}, {0, 2, 3, 0}, {1, 2, 3, 0}, {0, 1, 2, 3},
    };
    static const uint8_t n[16] = {0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4};
    unsigned bits = lanes_mask(m);
    lanes_store(list + *count, (Lanes){x, x, x, x} + at[bits]);
    *count += n[bits];
}
#endif
