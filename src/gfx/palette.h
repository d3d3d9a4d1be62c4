/* The colours of the board's marks, chosen for the player's colour vision
 * (issue 27): the heroes' rings, the monsters' ring, the reachable squares,
 * the path, the attack's target and a spell's targets. The normal palette
 * is the game's own; the others are picked so that, seen through a
 * simulation of protanopia, deuteranopia or tritanopia (Machado, Oliveira
 * and Fernandes 2009, full severity), every ring stays apart from every
 * other and every square mark from every other (tests/app/test_access.c
 * measures it on the drawn play screen). The marks also differ by shape,
 * so colour is never the only cue.
 *
 * One palette is in force for the whole program (there is one window);
 * the front end sets it from the settings. No SDL here: colours are
 * 0xRRGGBB. */
#pragma once

#include <stdint.h>

typedef enum {
    PALETTE_NORMAL,
    PALETTE_PROTANOPIA,
    PALETTE_DEUTERANOPIA,
    PALETTE_TRITANOPIA,
    PALETTE_COUNT
} PaletteVision;

typedef enum {
    PALETTE_MONSTER, /* the monsters' ring */
    PALETTE_REACH,   /* squares the hero can reach (drawn see-through) */
    PALETTE_PATH,    /* the path's dots and its end */
    PALETTE_ATTACK,  /* the attacked square */
    PALETTE_TARGET,  /* a spell's targets */
    PALETTE_MARK_COUNT
} PaletteMark;

#define PALETTE_HERO_RINGS 6

/* The palette in force (PALETTE_NORMAL at start); a bad value is normal. */
void palette_set(PaletteVision v);
PaletteVision palette_get(void);

/* A mark's colour, 0xRRGGBB, in the palette in force. */
uint32_t palette_mark(PaletteMark m);

/* The ring of the hero at place (0-based order in the party; more than
 * PALETTE_HERO_RINGS heroes wrap around). */
uint32_t palette_hero_ring(int place);
