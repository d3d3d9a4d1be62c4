/* Blending a colour over ARGB8888 pixels in memory, with the arithmetic
 * of SDL's software renderer (SDL_BLENDMODE_BLEND fills), so that a layer
 * blended here is pixel for pixel what SDL would draw, only faster: SDL
 * blends one pixel at a time, this eight bytes at a time.
 *
 * Per channel, with the colour's alpha a and inva = 255 - a:
 *   colour channel: dst * inva / 255 + c * a / 255
 *   alpha:          dst * inva / 255 + a
 * (integer division, as SDL's DRAW_MUL).
 */
#pragma once

#include <SDL.h>
#include <stdint.h>

/* Blends c over rc of the pixels (rows pitch bytes apart; rc already
 * clipped to them). */
void blend_fill(uint32_t *pixels, int pitch, SDL_Rect rc, SDL_Color c);
