/* The test pictures of the board benchmarks, as colour indices 0..3 of
 * n x n squares (bench_label, bench_load). */
#pragma once

#include <stdint.h>
#include <string.h>

static const uint32_t PATTERN_COLOURS[4] = {0xffffff, 0x8a1f2b, 0x2b5f8a, 0x6b4a2b};

/* 16x12 rooms on a grid, a corridor of colour 0 between them. */
static inline void pattern_rooms(uint8_t *idx, int n)
{
    for (int y = 0; y < n; y++)
        for (int x = 0; x < n; x++) {
            int cx = x % 18, cy = y % 14;
            idx[(size_t)y * n + x] =
                (cx < 2 || cy < 2) ? 0 : (uint8_t)(1 + ((x / 18) + (y / 14)) % 3);
        }
}

/* Every square one of the 4 colours at random. */
static inline void pattern_noise(uint8_t *idx, int n)
{
    uint64_t s = 12345;
    for (size_t i = 0; i < (size_t)n * n; i++) {
        s = s * 6364136223846793005ULL + 1442695040888963407ULL;
        idx[i] = (uint8_t)((s >> 33) & 3);
    }
}

/* One room. */
static inline void pattern_one(uint8_t *idx, int n)
{
    memset(idx, 1, (size_t)n * n);
}

/* Concentric 1-square rings joined into one spiral corridor: 2 rooms. */
static inline void pattern_spiral(uint8_t *idx, int n)
{
    for (int y = 0; y < n; y++)
        for (int x = 0; x < n; x++) {
            int d = x < y ? x : y, e = n - 1 - (x > y ? x : y);
            d = d < e ? d : e;
            idx[(size_t)y * n + x] = (uint8_t)(d % 2);
        }
    for (int d = 0; d < n / 2; d += 2) {
        idx[(size_t)(d + 1) * n + d] = 1;
        if (d + 2 < n / 2)
            idx[(size_t)(d + 2) * n + d + 1] = 0;
    }
}

/* Two colours in a checkerboard: every square its own room. */
static inline void pattern_checkerboard(uint8_t *idx, int n)
{
    for (int y = 0; y < n; y++)
        for (int x = 0; x < n; x++)
            idx[(size_t)y * n + x] = (uint8_t)((x + y) & 1);
}
