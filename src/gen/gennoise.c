#include "gennoise.h"

#include "genmap.h"

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

/* Octave periods up to this keep a table of their fades. */
#define FADE_TABLE 256

/* fade(frac_of(x, p)) for x = r mod p (x >= 0), from the table when p
 * fits it. */
static int32_t fade_at(const int32_t *table, int p, int r)
{
    return p <= FADE_TABLE ? table[r] : fade((int32_t)(((int64_t)r << 16) / p));
}

void gennoise_row(const GenNoise *n, int y, int width, uint16_t *out)
{
    /* sums in 32 bits: 65535 * (2^8 - 1) fits */
    uint32_t sums[256];
    /* Along a row x only counts up: its cell and remainder are stepped
     * instead of divided out per square, the fades come from a table per
     * octave, and a new cell's left side is the last one's right. The
     * values are gennoise_at's, computed alike. */
    int32_t fades[GENNOISE_MAX_OCTAVES][FADE_TABLE];
    for (int o = 0; o < n->octaves; o++) {
        int p = octave_period(n, o);
        for (int r = 0; r < p && r < FADE_TABLE; r++)
            fades[o][r] = fade((int32_t)(((int64_t)r << 16) / p));
    }
    for (int x0 = 0; x0 < width; x0 += 256) {
        int len = width - x0 < 256 ? width - x0 : 256;
        for (int k = 0; k < len; k++)
            sums[k] = 0;
        for (int o = 0; o < n->octaves; o++) {
            int p = octave_period(n, o), shift = n->octaves - 1 - o;
            int32_t cy = cell_of(y, p), sy = fade(frac_of(y, p));
            int32_t cx = x0 / p, r = x0 - cx * p;
            int32_t left = lerp(lattice(n->seed, o, cx, cy), lattice(n->seed, o, cx, cy + 1), sy);
            int32_t right =
                lerp(lattice(n->seed, o, cx + 1, cy), lattice(n->seed, o, cx + 1, cy + 1), sy);
            for (int k = 0; k < len; k++, r++) {
                if (r == p) {
                    r = 0;
                    cx++;
                    left = right;
                    right = lerp(lattice(n->seed, o, cx + 1, cy),
                                 lattice(n->seed, o, cx + 1, cy + 1), sy);
                }
                sums[k] += (uint32_t)lerp(left, right, fade_at(fades[o], p, r)) << shift;
            }
        }
        for (int k = 0; k < len; k++)
            out[x0 + k] = (uint16_t)(sums[k] / (uint32_t)total_weight(n));
    }
}
