/* Painting: every region gets its colour (its theme's, shaded so rooms
 * differ: the first room of a theme keeps the theme's exact colour, which
 * may have floor tiles of its own), touching regions never share one,
 * and the squares become pixels. The colours used, with their names,
 * become the mission's palette. */
#include "genpopulate.h"

#include "../core/alloc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Colours handed out so far, with who owns them (theme and shade), so no
 * two themes or shades end up with one colour by accident. */
typedef struct Taken {
    uint32_t rgb;
    int theme, shade; /* theme -1: a terrain colour or black */
} Taken;

typedef struct Painter {
    Taken *taken;
    int count, cap;
} Painter;

static const GenLayer TERRAIN_LAYER[GEN_TERRAIN_COUNT] = {
    GEN_LAYER_ROCK, GEN_LAYER_PASSAGE, GEN_LAYER_GRASS, GEN_LAYER_FOREST,
    GEN_LAYER_HILLS, GEN_LAYER_ROAD, GEN_LAYER_WATER, GEN_LAYER_MOUNTAIN};

static int find_taken(const Painter *p, uint32_t rgb)
{
    for (int i = 0; i < p->count; i++)
        if (p->taken[i].rgb == rgb)
            return i;
    return -1;
}

static void take(Painter *p, uint32_t rgb, int theme, int shade)
{
    if (p->count == p->cap) {
        p->cap = p->cap ? p->cap * 2 : 64;
        p->taken = xrealloc(p->taken, (size_t)p->cap, sizeof *p->taken);
    }
    p->taken[p->count++] = (Taken){rgb, theme, shade};
}

static int clamp_channel(int v)
{
    return v < 12 ? 12 : v > 243 ? 243 : v;
}

/* Shade 0 is the theme's own colour; others step lighter and darker. */
static uint32_t shade_of(uint32_t base, int shade)
{
    if (shade == 0)
        return base;
    int step = (shade + 1) / 2 * 11 * (shade % 2 ? 1 : -1);
    int r = clamp_channel((int)(base >> 16 & 0xff) + step);
    int g = clamp_channel((int)(base >> 8 & 0xff) + step);
    int b = clamp_channel((int)(base & 0xff) + step);
    return (uint32_t)r << 16 | (uint32_t)g << 8 | (uint32_t)b;
}

/* The colour of (theme, shade): its shade, nudged past colours another
 * theme or shade already owns. */
static uint32_t colour_for(Painter *p, uint32_t base, int theme, int shade)
{
    uint32_t rgb = shade_of(base, shade);
    for (;;) {
        int k = find_taken(p, rgb);
        if (k < 0) {
            take(p, rgb, theme, shade);
            return rgb;
        }
        if (p->taken[k].theme == theme && p->taken[k].shade == shade)
            return rgb;
        rgb = (rgb & 0xffff00u) | ((rgb + 7) & 0xffu);
    }
}

/* True when a region next to region r already has colour rgb. */
static bool neighbour_has(const GenMap *m, int r, uint32_t rgb)
{
    const GenRegion *g = &m->regions[r];
    for (int y = g->min.y - 1; y <= g->max.y + 1; y++)
        for (int x = g->min.x - 1; x <= g->max.x + 1; x++) {
            BoardPos q = {x, y};
            if (!genmap_contains(m, q))
                continue;
            int32_t s = m->region[genmap_index(m, q)];
            if (s > 0 && s != r && m->regions[s].rgb == rgb)
                return true;
        }
    return false;
}

static int themes_of_style(const GenCtx *c)
{
    int n = 0;
    for (int i = 0; i < gendata_theme_count(c->data); i++)
        n += (gendata_theme(c->data, i)->styles & gen_style_bit(c)) != 0;
    return n > 0 ? n : 1;
}

static void colour_regions(GenCtx *c, Painter *p)
{
    GenMap *m = c->map;
    int shades = GEN_MAX_COLOURS / themes_of_style(c);
    int *next = xcalloc((size_t)gendata_theme_count(c->data), sizeof *next);
    for (int r = 1; r <= m->region_count; r++) {
        GenRegion *g = &m->regions[r];
        if (g->removed)
            continue;
        const GenTheme *t = gendata_theme(c->data, g->theme);
        for (int k = 0; k < shades; k++) {
            int shade = (next[g->theme] + k) % shades;
            uint32_t rgb = colour_for(p, t->rgb, g->theme, shade);
            if (k + 1 < shades && neighbour_has(m, r, rgb))
                continue;
            g->rgb = rgb;
            next[g->theme] = shade + 1;
            break;
        }
    }
    free(next);
}

/* name, then its number n from the second on: "Library", "Library II",
 * ... "Library X", "Library 11". */
static void ordinal_name(const char *name, int n, char *out, size_t size)
{
    static const char *const ROMAN[] = {"", "", "II", "III", "IV", "V", "VI", "VII", "VIII",
                                        "IX", "X"};
    if (n <= 1)
        snprintf(out, size, "%s", name);
    else if (n <= 10)
        snprintf(out, size, "%s %s", name, ROMAN[n]);
    else
        snprintf(out, size, "%s %d", name, n);
}

/* How a colour's name is numbered among those of its theme. */
typedef enum Naming {
    NAMING_COUNT, /* the first is "Library", the next "Library II", ... */
    NAMING_BARE,  /* the goal's room: the quest's text says "the Library" */
    NAMING_AFTER_GOAL, /* one of the goal's theme: "Library" is the goal's */
} Naming;

/* The colour's entry of the data (a terrain or a theme), for its name
 * in the other languages. */
typedef struct Named {
    GenEntry entry;
    int index;
} Named;

static void add_colour(GenCtx *c, uint32_t rgb, Named of, const char *name, Naming naming,
                       uint32_t goal_rgb, SquareType type, const char *area, int cost)
{
    int same = 0;
    bool goal_in = false;
    for (int i = 0; i < c->colour_count; i++) {
        if (c->colours[i].rgb == rgb)
            return;
        same += strcmp(c->colours[i].base, name) == 0;
        goal_in |= c->colours[i].rgb == goal_rgb;
    }
    /* each colour is named once (three rooms were all "Kitchen") */
    int number = naming == NAMING_BARE         ? 1
                 : naming == NAMING_AFTER_GOAL ? same + (goal_in ? 1 : 2)
                                               : same + 1;
    c->colours = xrealloc(c->colours, (size_t)c->colour_count + 1, sizeof *c->colours);
    GenColour *e = &c->colours[c->colour_count++];
    e->rgb = rgb;
    snprintf(e->base, sizeof e->base, "%s", name);
    ordinal_name(name, number, e->name, sizeof e->name);
    for (int k = 0; k < gendata_lang_count(c->data); k++)
        ordinal_name(gendata_say(c->data, of.entry, of.index, k)->form[GEN_FORM_TEXT], number,
                     e->lang_name[k], sizeof e->lang_name[k]);
    e->type = type;
    snprintf(e->area, sizeof e->area, "%s", area ? area : "");
    e->cost = type == SQUARE_WALKABLE && cost > 1 ? cost : 1;
}

static int terrain_of(int top)
{
    for (int t = 0; t < GEN_TERRAIN_COUNT; t++)
        if ((int)TERRAIN_LAYER[t] == top)
            return t;
    return GEN_TERRAIN_ROCK;
}

static void paint_pixels(GenCtx *c, bool *used)
{
    GenMap *m = c->map;
    c->rgba = xmalloc((size_t)m->area, 4);
    for (int64_t i = 0; i < m->area; i++) {
        int top = genmap_top(m, i);
        uint32_t rgb = 0;
        if (m->region[i] > 0 && (top == GEN_LAYER_ROOM || top == GEN_LAYER_CAVE)) {
            rgb = m->regions[m->region[i]].rgb;
        } else if (top >= 0) {
            int t = terrain_of(top);
            used[t] = true;
            rgb = gendata_terrain(c->data, (GenTerrain)t)->rgb;
        }
        uint8_t *px = c->rgba + i * 4;
        px[0] = (uint8_t)(rgb >> 16);
        px[1] = (uint8_t)(rgb >> 8);
        px[2] = (uint8_t)rgb;
        px[3] = 255;
    }
}

bool genpaint_stage(GenCtx *c)
{
    Painter p = {0};
    take(&p, BOARD_RGB_NONE, -1, 0);
    take(&p, BOARD_RGB_BLOCKED, -1, 0);
    for (int t = 0; t < GEN_TERRAIN_COUNT; t++)
        take(&p, gendata_terrain(c->data, (GenTerrain)t)->rgb, -1, 0);
    colour_regions(c, &p);
    free(p.taken);
    bool used[GEN_TERRAIN_COUNT] = {0};
    paint_pixels(c, used);
    for (int t = 0; t < GEN_TERRAIN_COUNT; t++) {
        const GenTerrainInfo *ti = gendata_terrain(c->data, (GenTerrain)t);
        if (used[t])
            add_colour(c, ti->rgb, (Named){GEN_ENTRY_TERRAIN, t}, ti->name, NAMING_COUNT, 0, ti->type,
                       ti->area, ti->cost);
    }
    GenMap *m = c->map;
    int goal = c->goal_region >= 1 && c->goal_region <= m->region_count ? c->goal_region : 0;
    uint32_t goal_rgb = goal ? m->regions[goal].rgb : 0;
    for (int r = 1; r <= m->region_count; r++) {
        if (m->regions[r].removed)
            continue;
        Naming naming = !goal                                       ? NAMING_COUNT
                        : m->regions[r].rgb == goal_rgb             ? NAMING_BARE
                        : m->regions[r].theme == m->regions[goal].theme ? NAMING_AFTER_GOAL
                                                                    : NAMING_COUNT;
        int theme = m->regions[r].theme;
        add_colour(c, m->regions[r].rgb, (Named){GEN_ENTRY_THEME, theme},
                   gendata_theme(c->data, theme)->name, naming, goal_rgb, SQUARE_WALKABLE, NULL, 1);
    }
    return true;
}
