/* The marks' palettes (palette.h). The normal one is the game's own
 * colours. The colour-blind ones keep apart what a red-green (protanopia,
 * deuteranopia) or blue-yellow (tritanopia) confusion would merge by
 * using the axis that stays (blue-yellow, or red-cyan) and lightness:
 * light against dark rings, a white target beside a dark attack. */
#include "palette.h"

typedef struct Palette {
    uint32_t marks[PALETTE_MARK_COUNT];
    uint32_t heroes[PALETTE_HERO_RINGS];
} Palette;

/* monster, reach, path, attack, target; then the heroes' rings. The
 * normal reach is a jade green: a faint blue read as water (issue 25 item
 * 10), and a grass green merged with green floors (test_access). */
static const Palette PALETTES[PALETTE_COUNT] = {
    [PALETTE_NORMAL] = {{0xce2424, 0x3cd28c, 0xffec8c, 0xe6281e, 0x965aff},
                        {0xecbc34, 0x4a90e8, 0x58c060, 0xb070e0, 0xf08a30, 0x40c8c8}},
    /* red and green look alike: yellow, deep blue, pale blue, white
     * heroes; brown monsters */
    [PALETTE_PROTANOPIA] = {{0xa04000, 0x3c8cff, 0xffe640, 0xb04000, 0xffffff},
                            {0xf0e442, 0x0050c8, 0x9ad8ff, 0xf0f0f0, 0x8c6400, 0x404080}},
    [PALETTE_DEUTERANOPIA] = {{0xa04000, 0x3c8cff, 0xffe640, 0xb04000, 0xffffff},
                              {0xf0e442, 0x0050c8, 0x9ad8ff, 0xf0f0f0, 0x8c6400, 0x404080}},
    /* blue and yellow look alike (and green and cyan): red, cyan, pink,
     * white heroes; deep red monsters; reachable squares darkened (a light
     * shade merged with green floors) */
    [PALETTE_TRITANOPIA] = {{0x800000, 0x000030, 0xff6060, 0x900000, 0x00b0b0},
                            {0xff4040, 0x00b0b0, 0xffb0c0, 0xf0f0f0, 0x006060, 0xc08080}},
};

static PaletteVision current = PALETTE_NORMAL;

void palette_set(PaletteVision v)
{
    current = (int)v >= 0 && v < PALETTE_COUNT ? v : PALETTE_NORMAL;
}

PaletteVision palette_get(void)
{
    return current;
}

uint32_t palette_mark(PaletteMark m)
{
    return (int)m >= 0 && m < PALETTE_MARK_COUNT ? PALETTES[current].marks[m] : 0xffffff;
}

uint32_t palette_hero_ring(int place)
{
    if (place < 0)
        place = 0;
    return PALETTES[current].heroes[place % PALETTE_HERO_RINGS];
}
