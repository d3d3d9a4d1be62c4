/* Typing: every square gets its palette index (one entry per distinct
 * colour) and type, and colours of one area wear one colour while rooms
 * are labelled. */
#include "board.h"

#include "alloc.h"
#include "i18n.h"
#include "board_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Open-addressing map from colour key to palette index, used only while
 * building. */
typedef struct ColourMap {
    uint32_t *keys; /* key + 1, 0 = empty slot */
    int32_t *values;
    size_t capacity;
    size_t count;
} ColourMap;

static size_t colour_hash(uint32_t key, size_t capacity)
{
    return (size_t)((key * 2654435761u) >> 8) & (capacity - 1);
}

static void colour_map_init(ColourMap *map, size_t capacity)
{
    map->keys = xcalloc(capacity, sizeof *map->keys);
    map->values = xcalloc(capacity, sizeof *map->values);
    map->capacity = capacity;
    map->count = 0;
}

static void colour_map_free(ColourMap *map)
{
    free(map->keys);
    free(map->values);
}

static size_t colour_map_slot(const ColourMap *map, uint32_t key)
{
    size_t i = colour_hash(key, map->capacity);
    while (map->keys[i] != 0 && map->keys[i] != key + 1)
        i = (i + 1) & (map->capacity - 1);
    return i;
}

static void colour_map_grow(ColourMap *map)
{
    ColourMap bigger;
    colour_map_init(&bigger, map->capacity * 2);
    for (size_t i = 0; i < map->capacity; i++) {
        if (map->keys[i] == 0)
            continue;
        size_t s = colour_map_slot(&bigger, map->keys[i] - 1);
        bigger.keys[s] = map->keys[i];
        bigger.values[s] = map->values[i];
    }
    bigger.count = map->count;
    colour_map_free(map);
    *map = bigger;
}

SquareType board_default_type(uint32_t rgb)
{
    if (rgb == BOARD_RGB_NONE)
        return SQUARE_NONE;
    if (rgb == BOARD_RGB_BLOCKED)
        return SQUARE_BLOCKED;
    return SQUARE_WALKABLE;
}

const char *board_type_name(SquareType type)
{
    static const char *const names[SQUARE_TYPE_COUNT] = {"none", "blocked", "walkable"};
    return type >= 0 && type < SQUARE_TYPE_COUNT ? names[type] : "?";
}

static SquareType type_of_key(const BoardSpec *spec, uint32_t key)
{
    if (key == KEY_TRANSPARENT)
        return SQUARE_NONE;
    for (int i = 0; i < spec->override_count; i++)
        if (spec->overrides[i].rgb == key)
            return spec->overrides[i].type;
    return board_default_type(key);
}

static uint16_t area_of_key(const BoardSpec *spec, uint32_t key)
{
    for (int i = 0; i < spec->override_count && key != KEY_TRANSPARENT; i++)
        if (spec->overrides[i].rgb == key)
            return spec->overrides[i].area;
    return 0;
}

/* Adds a palette entry for key; false when the palette is full. */
static bool palette_add(Board *b, ColourMap *map, size_t slot, uint32_t key, const BoardSpec *spec)
{
    if (b->palette_size >= BOARD_MAX_COLOURS)
        return false;
    if ((b->palette_size & (b->palette_size - 1)) == 0) {
        size_t cap = b->palette_size ? (size_t)b->palette_size * 2 : 16;
        b->palette = xrealloc(b->palette, cap, sizeof *b->palette);
    }
    b->palette[b->palette_size] = (PaletteEntry){key, type_of_key(spec, key), area_of_key(spec, key)};
    map->keys[slot] = key + 1;
    map->values[slot] = b->palette_size++;
    map->count++;
    return true;
}

static uint32_t pixel_key(const uint8_t *p)
{
    if (p[3] == 0)
        return KEY_TRANSPARENT;
    return (uint32_t)p[0] << 16 | (uint32_t)p[1] << 8 | p[2];
}

/* Finds or adds the palette entry of the pixel at p; -1 when the palette is
 * full. */
static int32_t palette_index(Board *b, ColourMap *map, const uint8_t *p, const BoardSpec *spec)
{
    uint32_t key = pixel_key(p);
    if (map->count * 2 >= map->capacity)
        colour_map_grow(map);
    size_t slot = colour_map_slot(map, key);
    if (map->keys[slot] == 0 && !palette_add(b, map, slot, key, spec))
        return -1;
    return map->values[slot];
}

/* A direct-mapped cache from a pixel's four bytes to its colour, in front
 * of the colour map: the lookup per pixel is a hash, a compare that is
 * nearly always true and a load, with no branch that follows the colours
 * of a noisy bitmap. */
#define PIXEL_CACHE_BITS 8

static size_t pixel_cache_slot(uint32_t word)
{
    return (word * 2654435761u) >> (32 - PIXEL_CACHE_BITS);
}

/* Pixels are typed in blocks of TYPE_BLOCK: a block whose pixels all
 * repeat the last pixel typed (flat areas, most of a real bitmap) takes
 * that pixel's colour with two wide compares and one wide store; other
 * blocks go pixel by pixel through the cache. On noise the block test is
 * nearly always false, so its branch predicts well there too. */
#define TYPE_BLOCK 4 /* type_block_same is written out for 4 */

/* True when the TYPE_BLOCK pixel words from p all equal word. */
static bool type_block_same(const uint8_t *p, uint32_t word)
{
    uint64_t ww = (uint64_t)word << 32 | word, a, b;
    memcpy(&a, p, sizeof a);
    memcpy(&b, p + 8, sizeof b);
    return ((a ^ ww) | (b ^ ww)) == 0;
}

/* Writes colour to the TYPE_BLOCK squares from out. */
static void type_block_fill(uint16_t *out, uint16_t colour)
{
    uint64_t cc = colour * 0x0001000100010001ull;
    memcpy(out, &cc, sizeof cc);
}

/* The pixel cache: a slot answers for the pixel word it holds, with its
 * colour and whether that colour is walkable. */
typedef struct PixelCache {
    uint32_t words[1 << PIXEL_CACHE_BITS];
    uint16_t colours[1 << PIXEL_CACHE_BITS];
    uint8_t walkable[1 << PIXEL_CACHE_BITS];
    ColourMap map;
} PixelCache;

/* Sets cache slot slot to the pixel word word of palette entry index. */
static void pixel_cache_set(const Board *b, PixelCache *c, size_t slot, uint32_t word,
                            int32_t index)
{
    c->words[slot] = word;
    c->colours[slot] = (uint16_t)index;
    c->walkable[slot] = b->palette[index].type == SQUARE_WALKABLE;
}

/* Puts the pixel at p, whose word is word, in its cache slot: the rare
 * way, a look in the colour map. False when the palette is full. */
static bool pixel_cache_fill(Board *b, const BoardSpec *spec, PixelCache *c, const uint8_t *p,
                             uint32_t word)
{
    int32_t index = palette_index(b, &c->map, p, spec);
    if (index < 0)
        return false;
    pixel_cache_set(b, c, pixel_cache_slot(word), word, index);
    return true;
}

/* Types the pixel at p into *out through the cache and adds 1 to *walkable
 * when it is walkable; false when the palette is full. */
static inline bool type_pixel(Board *b, const BoardSpec *spec, PixelCache *c, const uint8_t *p,
                              uint16_t *out, int64_t *walkable)
{
    uint32_t word;
    memcpy(&word, p, sizeof word);
    size_t slot = pixel_cache_slot(word);
    if (c->words[slot] != word && !pixel_cache_fill(b, spec, c, p, word))
        return false;
    *out = c->colours[slot];
    *walkable += c->walkable[slot];
    return true;
}

/* Gives every square its palette index in one pass; *full gets the index
 * of the first pixel whose colour found no room in the palette, or -1.
 * Returns the number of walkable squares typed. */
static int64_t type_pass(Board *b, const BoardSpec *spec, PixelCache *c, int64_t *full)
{
    int64_t area = grid_area(&b->grid), walkable = 0, i = 0;
    uint16_t *colours = b->colours; /* a local: stores to colours cannot change it */
    const uint8_t *rgba = spec->rgba;
    uint32_t last_word; /* the last pixel typed, its colour and walkability */
    memcpy(&last_word, rgba, sizeof last_word);
    size_t last_slot = pixel_cache_slot(last_word);
    uint16_t last = c->colours[last_slot];
    int last_walkable = c->walkable[last_slot];
    *full = -1;
    for (; i + TYPE_BLOCK <= area; i += TYPE_BLOCK) {
        const uint8_t *p = rgba + i * 4;
        if (type_block_same(p, last_word)) {
            type_block_fill(colours + i, last);
            walkable += TYPE_BLOCK * last_walkable;
            continue;
        }
        for (int j = 0; j < TYPE_BLOCK; j++) {
            if (!type_pixel(b, spec, c, p + j * 4, &colours[i + j], &walkable)) {
                *full = i + j;
                return walkable;
            }
        }
        memcpy(&last_word, p + (TYPE_BLOCK - 1) * 4, sizeof last_word);
        last_slot = pixel_cache_slot(last_word);
        last = c->colours[last_slot];
        last_walkable = c->walkable[last_slot];
    }
    for (; i < area; i++) {
        if (!type_pixel(b, spec, c, rgba + i * 4, &colours[i], &walkable)) {
            *full = i;
            return walkable;
        }
    }
    return walkable;
}

/* Gives every square its palette index. */
bool board_type_squares(Board *b, const BoardSpec *spec, char *err, size_t err_size)
{
    PixelCache c;
    colour_map_init(&c.map, 256);
    /* every slot starts as the first pixel's: a slot only answers for the
     * word it holds, so this is right whichever slot it lands in */
    int32_t first = palette_index(b, &c.map, spec->rgba, spec);
    uint32_t first_word;
    memcpy(&first_word, spec->rgba, sizeof first_word);
    for (size_t k = 0; k < sizeof c.words / sizeof c.words[0]; k++)
        pixel_cache_set(b, &c, k, first_word, first);
    int64_t full;
    b->walkable_count = type_pass(b, spec, &c, &full);
    colour_map_free(&c.map);
    if (full < 0)
        return true;
    BoardPos p = grid_pos(&b->grid, full);
    snprintf(err, err_size,
             _("pixel (%d,%d): more than %d distinct colours; a mission bitmap "
               "uses a few flat colours"),
             p.x, p.y, BOARD_MAX_COLOURS);
    return false;
}

/* See board_internal.h. */
uint16_t *board_wear_area_colours(Board *b)
{
    bool any = false;
    for (int i = 0; i < b->palette_size; i++)
        any |= b->palette[i].area != 0;
    if (!any)
        return NULL;
    uint16_t *first = xmalloc((size_t)b->palette_size, sizeof *first);
    for (int i = 0; i < b->palette_size; i++) {
        first[i] = (uint16_t)i;
        for (int j = 0; j < i && b->palette[i].area; j++)
            if (b->palette[j].area == b->palette[i].area &&
                b->palette[j].type == b->palette[i].type) {
                first[i] = (uint16_t)j;
                break;
            }
    }
    size_t area = (size_t)grid_area(&b->grid);
    uint16_t *own = xmalloc(area, sizeof *own);
    for (size_t i = 0; i < area; i++) {
        own[i] = b->colours[i];
        b->colours[i] = first[own[i]];
    }
    free(first);
    return own;
}

void board_restore_colours(Board *b, uint16_t *own)
{
    if (!own)
        return;
    size_t area = (size_t)grid_area(&b->grid);
    for (size_t i = 0; i < area; i++)
        b->colours[i] = own[i];
    free(own);
}
