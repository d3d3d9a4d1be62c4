/* Text with SDL_ttf and the bundled font.
 *
 * Two ways to draw: text_draw renders a UTF-8 string for the interface
 * (titles, the hover box); text_batch draws ASCII labels from a
 * pre-rendered atlas of outlined glyphs, at any height, into a Batch, so
 * hundreds of room numbers cost one draw call and stay legible on any
 * floor colour (white glyphs with a black outline; the colour tints the
 * white).
 */
#pragma once

#include "batch.h"

#include <SDL.h>
#include <stdbool.h>
#include <stddef.h>

typedef struct Text Text;

/* Opens the font file at ui_px pixels for the interface; the label
 * atlas is built from bold_path (may equal font_path) on the first label
 * (a bold font that cannot be opened then leaves labels out, with a
 * message on stderr). Returns NULL with "FILE: reason" in err when the
 * font cannot be opened or bold_path is no readable file. TTF_Init must
 * have been called. */
Text *text_create(SDL_Renderer *renderer, const char *font_path, const char *bold_path, int ui_px,
                  char *err, size_t err_size);

/* Frees fonts and textures; NULL does nothing. */
void text_destroy(Text *text);

/* Height of an interface line in pixels. */
int text_line_height(const Text *text);

/* Size of an interface string in pixels. */
void text_size(Text *text, const char *s, int *w, int *h);

/* Draws an interface string with its top-left corner at (x, y). */
void text_draw(Text *text, const char *s, int x, int y, SDL_Color colour);

/* Width in pixels of an ASCII label drawn height pixels tall. */
float text_label_width(const Text *text, const char *s, float height);

/* Queues an ASCII label centred on (cx, cy), height pixels tall, into
 * batch; flush it with text_label_texture. Other characters show as '?'. */
void text_batch(const Text *text, Batch *batch, const char *s, float cx, float cy, float height,
                SDL_Color colour);

/* The texture text_batch's quads use. */
SDL_Texture *text_label_texture(const Text *text);
