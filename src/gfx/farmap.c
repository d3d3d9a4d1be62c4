#include "farmap.h"

#include "../core/alloc.h"

#include <stdbool.h>
#include <stdlib.h>

#define MAX_TEXELS 4096 /* per side, well within every renderer's limit */
#define MAX_BLOCK 4     /* texels per square side at most */

struct FarMap {
    SDL_Texture *texture;
};

static const SDL_Color WALL = {40, 34, 30, 255};

static SDL_Color square_colour(const Tileset *tiles, const Board *b, BoardPos p, uint64_t seed)
{
    SDL_Color tint;
    int cell = tileset_pick(tiles, b, p, seed, &tint);
    if (cell < 0)
        return tint;
    SDL_Color m = tileset_cell_mean(tiles, cell);
    return (SDL_Color){(uint8_t)(m.r * tint.r / 255), (uint8_t)(m.g * tint.g / 255),
                       (uint8_t)(m.b * tint.b / 255), 255};
}

static void put(SDL_Surface *s, int x, int y, uint32_t value)
{
    uint32_t *row = (uint32_t *)(void *)((uint8_t *)s->pixels + (size_t)y * (size_t)s->pitch);
    row[x] = value;
}

static uint32_t map(SDL_Surface *s, SDL_Color c)
{
    return SDL_MapRGBA(s->format, c.r, c.g, c.b, c.a);
}

/* Paints square p as a k x k block with its walls on the block's sides. */
static void paint_block(SDL_Surface *s, const Board *b, BoardPos p, int k, SDL_Color c)
{
    int x0 = p.x * k, y0 = p.y * k;
    uint32_t v = map(s, c), wall = map(s, WALL);
    for (int dy = 0; dy < k; dy++)
        for (int dx = 0; dx < k; dx++)
            put(s, x0 + dx, y0 + dy, v);
    if (k < 2 || c.a == 0)
        return;
    bool n = board_wall_block(b, p, GRID_DIR_NORTH), so = board_wall_block(b, p, GRID_DIR_SOUTH);
    bool w = board_wall_block(b, p, GRID_DIR_WEST), e = board_wall_block(b, p, GRID_DIR_EAST);
    for (int i = 0; i < k; i++) {
        if (n)
            put(s, x0 + i, y0, wall);
        if (so)
            put(s, x0 + i, y0 + k - 1, wall);
        if (w)
            put(s, x0, y0 + i, wall);
        if (e)
            put(s, x0 + k - 1, y0 + i, wall);
    }
}

static SDL_Surface *bake(const Tileset *tiles, const Board *b, uint64_t seed)
{
    int w = board_width(b), h = board_height(b), side = w > h ? w : h;
    /* boards wider than the texture keep one square in every step */
    int step = (side + MAX_TEXELS - 1) / MAX_TEXELS;
    int k = step > 1 ? 1 : MAX_TEXELS / side < MAX_BLOCK ? MAX_TEXELS / side : MAX_BLOCK;
    int tw = (w + step - 1) / step, th = (h + step - 1) / step;
    SDL_Surface *s = SDL_CreateRGBSurfaceWithFormat(0, tw * k, th * k, 32, SDL_PIXELFORMAT_ARGB8888);
    if (!s)
        return NULL;
    for (int ty = 0; ty < th; ty++)
        for (int tx = 0; tx < tw; tx++) {
            BoardPos p = {tx * step, ty * step};
            SDL_Color c = square_colour(tiles, b, p, seed);
            if (step == 1)
                paint_block(s, b, p, k, c);
            else
                put(s, tx, ty, map(s, c));
        }
    return s;
}

FarMap *farmap_create(SDL_Renderer *renderer, const Tileset *tiles, const Board *board,
                      uint64_t seed)
{
    SDL_Surface *s = bake(tiles, board, seed);
    if (!s)
        return NULL;
    SDL_Texture *t = SDL_CreateTextureFromSurface(renderer, s);
    SDL_FreeSurface(s);
    if (!t)
        return NULL;
    SDL_SetTextureBlendMode(t, SDL_BLENDMODE_BLEND);
    SDL_SetTextureScaleMode(t, SDL_ScaleModeLinear);
    FarMap *far = xcalloc(1, sizeof *far);
    far->texture = t;
    return far;
}

void farmap_destroy(FarMap *far)
{
    if (!far)
        return;
    SDL_DestroyTexture(far->texture);
    free(far);
}

void farmap_draw(const FarMap *far, SDL_Renderer *renderer, SDL_FRect board_rect)
{
    SDL_RenderCopyF(renderer, far->texture, NULL, &board_rect);
}
