#include "blend.h"

#include <string.h>

/* floor(v / 255) for v up to 255 * 255, without a division (checked for
 * every such v by test_blend). */
#define DIV255(v) (((v) + 1 + ((v) >> 8)) >> 8)

/* the vector path needs __builtin_convertvector (gcc 9, clang) and the
 * pixels' bytes in little-endian order */
#if defined(__has_builtin) && SDL_BYTEORDER == SDL_LIL_ENDIAN
#if __has_builtin(__builtin_convertvector)
#define BLEND_VECTOR 1
#endif
#endif

#ifdef BLEND_VECTOR
typedef uint8_t U8x16 __attribute__((vector_size(16)));
typedef uint16_t U16x16 __attribute__((vector_size(32)));

/* Sixteen bytes (four pixels) at a time in 16-bit lanes. */
static void blend_row(uint8_t *p, int n, unsigned inva, const uint8_t add[4])
{
    U16x16 mul, plus;
    for (int k = 0; k < 16; k++) {
        mul[k] = (uint16_t)inva;
        plus[k] = add[k & 3];
    }
    int i = 0;
    for (; i + 16 <= n * 4; i += 16) {
        U8x16 in;
        memcpy(&in, p + i, sizeof in);
        U16x16 v = __builtin_convertvector(in, U16x16) * mul;
        v = DIV255(v) + plus;
        U8x16 out = __builtin_convertvector(v, U8x16);
        memcpy(p + i, &out, sizeof out);
    }
    for (; i < n * 4; i++) {
        unsigned v = p[i] * inva;
        p[i] = (uint8_t)(DIV255(v) + add[i & 3]);
    }
}
#else
static void blend_row(uint8_t *p, int n, unsigned inva, const uint8_t add[4])
{
    for (int i = 0; i < n; i++) {
        uint32_t px;
        memcpy(&px, p + 4 * i, 4);
        uint32_t out = 0;
        for (int k = 0; k < 4; k++) {
            unsigned v = ((px >> (8 * k)) & 0xff) * inva;
            out |= (uint32_t)(DIV255(v) + add[k]) << (8 * k);
        }
        memcpy(p + 4 * i, &out, 4);
    }
}
#endif

void blend_fill(uint32_t *pixels, int pitch, SDL_Rect rc, SDL_Color c)
{
    if (rc.w <= 0 || rc.h <= 0)
        return;
    unsigned a = c.a, inva = 255 - a;
    /* the colour premultiplied, from an ARGB8888 pixel's low byte up:
     * blue, green, red, alpha */
    uint8_t add[4];
    add[0] = (uint8_t)(c.b * a / 255), add[1] = (uint8_t)(c.g * a / 255);
    add[2] = (uint8_t)(c.r * a / 255), add[3] = (uint8_t)a;
    uint8_t *row = (uint8_t *)pixels + (size_t)rc.y * (size_t)pitch + (size_t)rc.x * 4;
    for (int y = 0; y < rc.h; y++, row += pitch)
        blend_row(row, rc.w, inva, add);
}
