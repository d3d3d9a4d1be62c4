/* High contrast (issue 27, the high_contrast setting): text light enough
 * to read at a WCAG contrast ratio of at least 7:1 on every panel, panels
 * opaque and near black, their edges and the selection outlined in white.
 * The drawing code passes its colours through here: outside the mode they
 * come back unchanged. One mode for the whole program (there is one
 * window); the front end sets it from the settings. No SDL: colours are
 * 0xRRGGBB. */
#pragma once

#include <stdbool.h>
#include <stdint.h>

/* Text is lightened to at least this ratio against black... */
#define CONTRAST_TEXT_ON_BLACK 10.0
/* ...and fills under text darkened to at most this relative luminance, so
 * that text keeps (CONTRAST_TEXT_ON_BLACK x 0.05 = 0.5) / (0.018 + 0.05)
 * = 7.35:1 on them. */
#define CONTRAST_FILL_LUMINANCE 0.018
#define CONTRAST_EDGE 0xFFFFFFu

/* Sets the mode (off at start) and tells it. */
void contrast_set_high(bool on);
bool contrast_high(void);

/* WCAG 2 relative luminance of an sRGB colour (0 black .. 1 white). */
double contrast_luminance(uint32_t rgb);

/* WCAG 2 contrast ratio of two colours (1 .. 21). */
double contrast_ratio(uint32_t a, uint32_t b);

/* A text colour: in high contrast mixed toward white (keeping its hue)
 * until it has CONTRAST_TEXT_ON_BLACK against black, or, for dark text
 * (nearer black than white: meant for a light ground, a die's face),
 * black; else rgb. */
uint32_t contrast_text(uint32_t rgb);

/* A fill that text sits on (a panel, a button, a highlighted row): in high
 * contrast black when it is dark already (a panel), else scaled toward
 * black (keeping its hue: a lit button, the current hero's row) to at most
 * CONTRAST_FILL_LUMINANCE; else rgb. */
uint32_t contrast_fill(uint32_t rgb);

/* A panel's or button's edge: CONTRAST_EDGE in high contrast; else rgb. */
uint32_t contrast_edge(uint32_t rgb);
