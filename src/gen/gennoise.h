/* Value noise with octaves, in integers only, so the same seed gives the
 * same terrain on every machine and compiler (no floating point).
 *
 * A lattice of random values (a hash of the seed, the octave and the
 * lattice point) every `period` squares, blended with a smoothstep
 * curve; each further octave halves the period and the weight. Values
 * run from 0 to 65535. Cost is a few multiplications per square and
 * octave: gennoise_row reuses each lattice cell's corners along a row.
 */
#pragma once

#include <stdint.h>

#define GENNOISE_MAX 65535
#define GENNOISE_MAX_OCTAVES 8

typedef struct GenNoise {
    uint64_t seed;
    int period;  /* squares between lattice points of the first octave, >= 1 */
    int octaves; /* 1..GENNOISE_MAX_OCTAVES */
} GenNoise;

/* The noise at one square. */
int gennoise_at(const GenNoise *n, int x, int y);

/* The noise of squares (0..width-1, y) into out: the same values as
 * gennoise_at, faster. */
void gennoise_row(const GenNoise *n, int y, int width, uint16_t *out);

/* Many rows of one noise, width squares each (a map's, top down): each
 * octave's lattice values along the row are kept while the rows stay in
 * the same lattice cells, so they are drawn once per cell row instead of
 * once per cell and row (on a big map of short periods the draws were
 * most of the noise). Rows may be asked in any order; the same values as
 * gennoise_at. */
typedef struct GenNoiseRows GenNoiseRows;
GenNoiseRows *gennoise_rows_create(const GenNoise *n, int width);
void gennoise_rows_get(GenNoiseRows *r, int y, uint16_t *out);
void gennoise_rows_destroy(GenNoiseRows *r);
