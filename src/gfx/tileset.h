/* Floor pictures chosen by colour name (seed 000, seed 001's indexers).
 *
 * A tile folder holds PNG files named after a square colour in lower-case
 * hex (docs/tiles.md):
 *   RRGGBB_N.png          plain variant N (N >= 1) of that colour
 *   RRGGBB_aMASK_N.png    autotile: MASK 0..15 says which of the 4
 *                         neighbours share the colour (1 N, 2 E, 4 S, 8 W)
 *   RRGGBB_bMASK_N.png    autotile over 8 neighbours: MASK 0..255 adds
 *                         16 NE, 32 SE, 64 SW, 128 NW; a diagonal bit counts
 *                         only when both orthogonal neighbours beside it
 *                         share the colour
 * A square takes the most specific picture its colour has (b, then a, then
 * plain) and among the variants of that picture the one picked by a hash
 * of (x, y, mission seed): the same picture every frame and every run. A
 * colour with no pictures takes a plain ffffff variant tinted by the
 * colour; with no ffffff variants either, a flat fill of the colour.
 *
 * Every picture is packed into one atlas texture so a whole floor is one
 * batched draw.
 */
#pragma once

#include "../core/board.h"

#include <SDL.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef enum TileShape {
    TILE_PLAIN, /* RRGGBB_N */
    TILE_AUTO4, /* RRGGBB_aMASK_N */
    TILE_AUTO8, /* RRGGBB_bMASK_N */
    TILE_AUTOHEX, /* RRGGBB_hMASK_N: hex boards, 6-neighbour mask */
    TILE_SHAPE_COUNT
} TileShape;

/* What a tile file name says. */
typedef struct TileName {
    uint32_t rgb;
    TileShape shape;
    int mask;    /* 0 for plain tiles */
    int variant; /* N >= 1 */
} TileName;

typedef struct Tileset Tileset;

/* Parses a file name (no folder) such as "ffffff_3.png". Returns false
 * when it does not follow the scheme. */
bool tileset_parse_name(const char *file, TileName *out);

/* The variant hash of a square: same inputs, same number, everywhere. */
uint32_t tileset_hash(int x, int y, uint64_t seed);

/* Which of the 4 neighbours of pos share its colour (1 N, 2 E, 4 S, 8 W). */
unsigned tileset_mask4(const Board *board, BoardPos pos);

/* On hex boards: which of the 6 neighbours share its colour (1 NE, 2 E,
 * 4 SE, 8 SW, 16 W, 32 NW). */
unsigned tileset_mask6(const Board *board, BoardPos pos);

/* The 8-neighbour mask (4-neighbour bits plus 16 NE, 32 SE, 64 SW, 128 NW,
 * corners only where both orthogonal sides are set). */
unsigned tileset_mask8(const Board *board, BoardPos pos);

/* Most tile files used from one folder (the first by name), and most
 * folder entries looked at (docs/tiles.md). */
#define TILESET_MAX_FILES 2048
#define TILESET_MAX_ENTRIES 100000

/* Loads the tiles of dir into an atlas for renderer (image.h says how an
 * art file is read). A missing folder gives an empty tileset (flat
 * colours). A tile file that cannot be used (not a regular file, not a
 * PNG, too large, damaged) is skipped with a warning naming it on stderr,
 * and its squares take the tinted fallback. Returns NULL with a message
 * in err only when the atlas itself cannot be made. */
Tileset *tileset_load(SDL_Renderer *renderer, const char *dir, char *err, size_t err_size);

/* The same, with a mission's own tiles first (docs/tiles.md): every
 * colour own_dir has pictures of takes only those; the other colours take
 * dir's. own_dir's files must be regular files (a link is skipped with a
 * warning), so the mission's art never comes from outside its folder.
 * own_dir NULL: tileset_load. */
Tileset *tileset_load_own(SDL_Renderer *renderer, const char *own_dir, const char *dir, char *err,
                          size_t err_size);

/* Frees the tileset and its texture; NULL does nothing. */
void tileset_destroy(Tileset *tileset);

/* Number of pictures loaded. */
int tileset_count(const Tileset *tileset);

/* Number of tile files skipped (unusable, or over TILESET_MAX_FILES). */
int tileset_skipped(const Tileset *tileset);

/* The atlas texture (NULL when empty). */
SDL_Texture *tileset_texture(const Tileset *tileset);

/* Where picture cell lies in the atlas. */
SDL_Rect tileset_cell_rect(const Tileset *tileset, int cell);

/* The mean colour of picture cell. */
SDL_Color tileset_cell_mean(const Tileset *tileset, int cell);

/* The picture for square pos of board: returns its cell and the tint to
 * draw it with, or -1 when the square shows a flat fill of *tint (no
 * picture at all). SQUARE_NONE squares return -1 with alpha 0. */
int tileset_pick(const Tileset *tileset, const Board *board, BoardPos pos, uint64_t seed,
                 SDL_Color *tint);
