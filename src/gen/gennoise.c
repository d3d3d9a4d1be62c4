#include "gennoise.h"

#include "genmap.h"

#include "../core/alloc.h"

#include <stdbool.h>
#include <stdlib.h>

/* 3f^2 - 2f^3 for f in [0, 65536), in 16.16 fixed point. */
static int32_t fade(int32_t f)
{
    int64_t f2 = ((int64_t)f * f) >> 16;
    return (int32_t)((f2 * (3 * 65536 - 2 * (int64_t)f)) >> 16);
}

static int32_t lerp(int32_t a, int32_t b, int32_t t)
{
    return a + (int32_t)(((int64_t)(b - a) * t) >> 16);
}

static int32_t lattice(uint64_t seed, int octave, int32_t x, int32_t y)
{
    return (int32_t)(gen_hash(seed + (uint64_t)octave * 0x632be59bd9b4e019ull, x, y) & 0xffffu);
}

static int octave_period(const GenNoise *n, int o)
{
    int p = n->period >> o;
    return p > 0 ? p : 1;
}

/* Floor division for negative coordinates too. */
static int32_t cell_of(int v, int p)
{
    return v >= 0 ? v / p : -((-v + p - 1) / p);
}

static int32_t frac_of(int v, int p)
{
    int r = v - cell_of(v, p) * p;
    return (int32_t)(((int64_t)r << 16) / p);
}

static int total_weight(const GenNoise *n)
{
    return (1 << n->octaves) - 1;
}

int gennoise_at(const GenNoise *n, int x, int y)
{
    int64_t sum = 0;
    for (int o = 0; o < n->octaves; o++) {
        int p = octave_period(n, o);
        int32_t cx = cell_of(x, p), cy = cell_of(y, p);
        int32_t sx = fade(frac_of(x, p)), sy = fade(frac_of(y, p));
        /* down first, then across: gennoise_row's order, so both round alike */
        int32_t left = lerp(lattice(n->seed, o, cx, cy), lattice(n->seed, o, cx, cy + 1), sy);
        int32_t right =
            lerp(lattice(n->seed, o, cx + 1, cy), lattice(n->seed, o, cx + 1, cy + 1), sy);
        sum += (int64_t)lerp(left, right, sx) << (n->octaves - 1 - o);
    }
    return (int)(sum / total_weight(n));
}

/* One octave's state in GenNoiseRows. */
typedef struct NoiseOctave {
    int p;          /* its period */
    int32_t cy;     /* the lattice row the corners below are of */
    bool valid;     /* whether top and bottom hold cy's and cy + 1's */
    int cols;       /* lattice columns a row spans, and the one after */
    int32_t *top, *bottom; /* lattice values of rows cy and cy + 1 */
    int32_t *col;   /* this row's: top and bottom blended down */
    int32_t *fades; /* fade(frac_of(x, p)) by x mod p, for x < width */
} NoiseOctave;

struct GenNoiseRows {
    GenNoise n;
    int width;
    uint64_t inverse; /* the sum's division by the total weight, as a multiplication */
    uint32_t *sums;
    NoiseOctave oct[GENNOISE_MAX_OCTAVES];
};

GenNoiseRows *gennoise_rows_create(const GenNoise *n, int width)
{
    GenNoiseRows *r = xcalloc(1, sizeof *r);
    r->n = *n;
    r->width = width;
    /* a sum is below 2^24 (65535 times a weight under 2^8): with the
     * inverse rounded up to 40 bits, its error stays below 2^-16, under
     * the 1/255 a quotient's fraction keeps from the next integer, so
     * the quotient is exact */
    r->inverse = ((uint64_t)1 << 40) / (uint64_t)total_weight(n) + 1;
    if (total_weight(n) == 1)
        r->inverse = (uint64_t)1 << 40;
    r->sums = xmalloc((size_t)width, sizeof *r->sums);
    for (int o = 0; o < n->octaves; o++) {
        NoiseOctave *t = &r->oct[o];
        t->p = octave_period(n, o);
        t->cols = (width - 1) / t->p + 2;
        t->top = xmalloc((size_t)t->cols, sizeof *t->top);
        t->bottom = xmalloc((size_t)t->cols, sizeof *t->bottom);
        t->col = xmalloc((size_t)t->cols, sizeof *t->col);
        int nf = t->p < width ? t->p : width;
        t->fades = xmalloc((size_t)nf, sizeof *t->fades);
        for (int k = 0; k < nf; k++)
            t->fades[k] = fade((int32_t)(((int64_t)k << 16) / t->p));
    }
    return r;
}

void gennoise_rows_destroy(GenNoiseRows *r)
{
    if (!r)
        return;
    for (int o = 0; o < r->n.octaves; o++) {
        free(r->oct[o].top);
        free(r->oct[o].bottom);
        free(r->oct[o].col);
        free(r->oct[o].fades);
    }
    free(r->sums);
    free(r);
}

/* Brings octave o's corners to lattice row cy (the next row's are the
 * last ones' bottom, moving down). */
static void octave_corners(const GenNoiseRows *r, int o, NoiseOctave *t, int32_t cy)
{
    if (t->valid && cy == t->cy)
        return;
    uint64_t seed = r->n.seed;
    if (t->valid && cy == t->cy + 1) {
        int32_t *swap = t->top;
        t->top = t->bottom;
        t->bottom = swap;
    } else {
        for (int k = 0; k < t->cols; k++)
            t->top[k] = lattice(seed, o, k, cy);
    }
    for (int k = 0; k < t->cols; k++)
        t->bottom[k] = lattice(seed, o, k, cy + 1);
    t->cy = cy;
    t->valid = true;
}

void gennoise_rows_get(GenNoiseRows *r, int y, uint16_t *out)
{
    int w = r->width;
    uint32_t *sums = r->sums;
    for (int x = 0; x < w; x++)
        sums[x] = 0;
    for (int o = 0; o < r->n.octaves; o++) {
        NoiseOctave *t = &r->oct[o];
        int p = t->p, shift = r->n.octaves - 1 - o;
        int32_t cy = cell_of(y, p), sy = fade(frac_of(y, p));
        octave_corners(r, o, t, cy);
        /* each lattice column blended down once (gennoise_at's left and
         * right), then across per square */
        for (int k = 0; k < t->cols; k++)
            t->col[k] = lerp(t->top[k], t->bottom[k], sy);
        const int32_t *col = t->col, *fades = t->fades;
        for (int x0 = 0, cx = 0; x0 < w; x0 += p, cx++) {
            int32_t left = col[cx], right = col[cx + 1];
            int end = x0 + p < w ? x0 + p : w;
            for (int x = x0; x < end; x++)
                sums[x] += (uint32_t)lerp(left, right, fades[x - x0]) << shift;
        }
    }
    for (int x = 0; x < w; x++)
        out[x] = (uint16_t)((sums[x] * r->inverse) >> 40);
}

void gennoise_row(const GenNoise *n, int y, int width, uint16_t *out)
{
    GenNoiseRows *r = gennoise_rows_create(n, width);
    gennoise_rows_get(r, y, out);
    gennoise_rows_destroy(r);
}
