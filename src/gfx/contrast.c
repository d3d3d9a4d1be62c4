#include "contrast.h"

#include <math.h>

static bool high;

void contrast_set_high(bool on)
{
    high = on;
}

bool contrast_high(void)
{
    return high;
}

static double linear(unsigned v)
{
    double c = v / 255.0;
    return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4);
}

double contrast_luminance(uint32_t rgb)
{
    return 0.2126 * linear((rgb >> 16) & 0xFF) + 0.7152 * linear((rgb >> 8) & 0xFF) +
           0.0722 * linear(rgb & 0xFF);
}

double contrast_ratio(uint32_t a, uint32_t b)
{
    double la = contrast_luminance(a), lb = contrast_luminance(b);
    return la > lb ? (la + 0.05) / (lb + 0.05) : (lb + 0.05) / (la + 0.05);
}

/* Each channel moved a share t (0..1) from c toward target. */
static uint32_t mix(uint32_t c, unsigned target, double t)
{
    uint32_t out = 0;
    for (int shift = 16; shift >= 0; shift -= 8) {
        double v = (double)((c >> shift) & 0xFF);
        out |= (uint32_t)lround(v + (target - v) * t) << shift;
    }
    return out;
}

uint32_t contrast_text(uint32_t rgb)
{
    if (!high)
        return rgb;
    if (contrast_ratio(rgb, 0xFFFFFFu) > contrast_ratio(rgb, 0))
        return 0; /* dark text is meant for a light ground (a die's face) */
    /* twenty steps at most; white itself has 21:1 */
    for (int step = 0; step <= 20; step++) {
        uint32_t c = mix(rgb, 255, step / 20.0);
        if (contrast_ratio(c, 0) >= CONTRAST_TEXT_ON_BLACK)
            return c;
    }
    return 0xFFFFFFu;
}

uint32_t contrast_fill(uint32_t rgb)
{
    if (!high)
        return rgb;
    if (contrast_luminance(rgb) <= CONTRAST_FILL_LUMINANCE)
        return 0; /* a dark panel: black */
    for (int step = 0; step <= 40; step++) {
        uint32_t c = mix(rgb, 0, step / 40.0);
        if (contrast_luminance(c) <= CONTRAST_FILL_LUMINANCE)
            return c;
    }
    return 0;
}

uint32_t contrast_edge(uint32_t rgb)
{
    return high ? CONTRAST_EDGE : rgb;
}
