/* The ageing of the board's short-lived effects (the numbers floating up
 * from a struck piece, a falling piece), shared by the play screen's
 * effects and the online board's: each ages by the frame's step and is
 * kept, in order, while younger than its life. */
#pragma once

#include <stddef.h>
#include <string.h>

/* Ages each of the count items (size bytes each, a double age at byte
 * age_at) by step seconds and keeps, in their order, those still younger
 * than life; returns how many are kept. */
static inline int fxage_keep(void *items, int count, size_t size, size_t age_at, double step, double life)
{
    unsigned char *base = items;
    int kept = 0;
    for (int i = 0; i < count; i++) {
        unsigned char *item = base + (size_t)i * size;
        double age;
        memcpy(&age, item + age_at, sizeof age);
        age += step;
        memcpy(item + age_at, &age, sizeof age);
        if (age < life) {
            if (kept != i)
                memmove(base + (size_t)kept * size, item, size);
            kept++;
        }
    }
    return kept;
}
