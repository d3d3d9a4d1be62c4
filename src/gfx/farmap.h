/* The far-zoom picture of a board: one texture holding every square as a
 * small block of its floor's mean colour, walls included, baked once
 * (linear in the board) and drawn with one copy. When squares are only a
 * few pixels wide this replaces square-by-square drawing, so a zoomed-out
 * 512x512 board costs the same as a small one. */
#pragma once

#include "../core/board.h"
#include "tileset.h"

#include <SDL.h>
#include <stdint.h>

typedef struct FarMap FarMap;

/* Bakes board's picture for renderer with the floor colours of tiles.
 * Returns NULL when the renderer cannot hold the texture. */
FarMap *farmap_create(SDL_Renderer *renderer, const Tileset *tiles, const Board *board,
                      uint64_t seed);

/* Frees the texture; NULL does nothing. */
void farmap_destroy(FarMap *far);

/* Draws the picture so the whole board covers board_rect (screen pixels). */
void farmap_draw(const FarMap *far, SDL_Renderer *renderer, SDL_FRect board_rect);
