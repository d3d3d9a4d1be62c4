#include "text.h"

#include "layoutprobe.h"

#include "../core/alloc.h"
#include "../core/fileio.h"

#include <SDL_ttf.h>
#include <stdio.h>
#include <stdlib.h>

#define FIRST_GLYPH 32
#define LAST_GLYPH 126
#define GLYPHS (LAST_GLYPH - FIRST_GLYPH + 1)
#define LABEL_PX 40  /* glyphs are rendered this tall and scaled down */
#define OUTLINE_PX 3
#define FONT_MAX_BYTES ((size_t)32 << 20)

struct Text {
    SDL_Renderer *renderer;
    TTF_Font *ui;
    uint8_t *ui_data; /* the font file's bytes, read while ui is open */
    SDL_Texture *labels;
    int label_w, label_h; /* atlas size */
    int cell_h;           /* glyph cell height */
    SDL_Rect glyph[GLYPHS];
};

/* Draws one outlined glyph (black outline, white fill) into a new surface. */
static SDL_Surface *outlined_glyph(TTF_Font *font, Uint16 ch)
{
    static const SDL_Color white = {255, 255, 255, 255}, black = {0, 0, 0, 255};
    TTF_SetFontOutline(font, OUTLINE_PX);
    SDL_Surface *back = TTF_RenderGlyph_Blended(font, ch, black);
    TTF_SetFontOutline(font, 0);
    SDL_Surface *front = TTF_RenderGlyph_Blended(font, ch, white);
    if (!back || !front) {
        SDL_FreeSurface(back);
        SDL_FreeSurface(front);
        return NULL;
    }
    SDL_Rect at = {OUTLINE_PX, OUTLINE_PX, front->w, front->h};
    SDL_SetSurfaceBlendMode(front, SDL_BLENDMODE_BLEND);
    SDL_BlitSurface(front, NULL, back, &at);
    SDL_FreeSurface(front);
    return back;
}

static bool build_labels(Text *t, TTF_Font *bold, char *err, size_t err_size)
{
    SDL_Surface *glyphs[GLYPHS] = {0};
    int w = 0, h = 0;
    bool ok = true;
    for (int i = 0; i < GLYPHS && ok; i++) {
        glyphs[i] = outlined_glyph(bold, (Uint16)(FIRST_GLYPH + i));
        ok = glyphs[i] != NULL;
        if (ok) {
            w += glyphs[i]->w + 2;
            h = glyphs[i]->h > h ? glyphs[i]->h : h;
        }
    }
    SDL_Surface *atlas = ok ? SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, SDL_PIXELFORMAT_ARGB8888)
                            : NULL;
    if (atlas) {
        SDL_FillRect(atlas, NULL, 0);
        int x = 0;
        for (int i = 0; i < GLYPHS; i++) {
            SDL_SetSurfaceBlendMode(glyphs[i], SDL_BLENDMODE_NONE);
            t->glyph[i] = (SDL_Rect){x, 0, glyphs[i]->w, h};
            SDL_Rect at = {x, (h - glyphs[i]->h) / 2, glyphs[i]->w, glyphs[i]->h};
            SDL_BlitSurface(glyphs[i], NULL, atlas, &at);
            x += glyphs[i]->w + 2;
        }
        t->labels = SDL_CreateTextureFromSurface(t->renderer, atlas);
        SDL_FreeSurface(atlas);
    }
    for (int i = 0; i < GLYPHS; i++)
        SDL_FreeSurface(glyphs[i]);
    if (!t->labels) {
        snprintf(err, err_size, "label glyphs: %s", ok ? SDL_GetError() : TTF_GetError());
        return false;
    }
    SDL_SetTextureBlendMode(t->labels, SDL_BLENDMODE_BLEND);
    SDL_SetTextureScaleMode(t->labels, SDL_ScaleModeLinear);
    t->label_w = w;
    t->label_h = h;
    t->cell_h = h;
    return true;
}

/* Opens the font at path from memory: read like every file (regular files
 * only, size capped), so a FIFO cannot hang the game. *data holds the
 * bytes until the font is closed. */
static TTF_Font *open_font(const char *path, int px, uint8_t **data, char *err, size_t err_size)
{
    size_t size = 0;
    char why[256];
    *data = NULL;
    if (!fileio_read(path, FONT_MAX_BYTES, data, &size, why, sizeof why)) {
        snprintf(err, err_size, "%s: cannot open font: %s", path, why);
        return NULL;
    }
    SDL_RWops *rw = size <= INT32_MAX ? SDL_RWFromConstMem(*data, (int)size) : NULL;
    TTF_Font *font = rw ? TTF_OpenFontRW(rw, 1, px) : NULL;
    if (!font) {
        snprintf(err, err_size, "%s: cannot open font: %s", path, TTF_GetError());
        free(*data);
        *data = NULL;
    }
    return font;
}

Text *text_create(SDL_Renderer *renderer, const char *font_path, const char *bold_path, int ui_px,
                  char *err, size_t err_size)
{
    Text *t = xcalloc(1, sizeof *t);
    t->renderer = renderer;
    uint8_t *bold_data = NULL;
    t->ui = open_font(font_path, ui_px, &t->ui_data, err, err_size);
    TTF_Font *bold = t->ui ? open_font(bold_path, LABEL_PX, &bold_data, err, err_size) : NULL;
    if (!t->ui || !bold) {
        text_destroy(t);
        return NULL;
    }
    bool ok = build_labels(t, bold, err, err_size);
    TTF_CloseFont(bold);
    free(bold_data);
    if (!ok) {
        text_destroy(t);
        return NULL;
    }
    return t;
}

void text_destroy(Text *text)
{
    if (!text)
        return;
    if (text->ui)
        TTF_CloseFont(text->ui);
    free(text->ui_data);
    if (text->labels)
        SDL_DestroyTexture(text->labels);
    free(text);
}

int text_line_height(const Text *text)
{
    return TTF_FontLineSkip(text->ui);
}

void text_size(Text *text, const char *s, int *w, int *h)
{
    if (TTF_SizeUTF8(text->ui, s, w, h) != 0)
        *w = *h = 0;
}

void text_draw(Text *text, const char *s, int x, int y, SDL_Color colour)
{
    if (!s || !*s)
        return;
    SDL_Surface *surf = TTF_RenderUTF8_Blended(text->ui, s, colour);
    if (!surf)
        return;
    SDL_Texture *tex = SDL_CreateTextureFromSurface(text->renderer, surf);
    if (tex) {
        SDL_Rect dst = {x, y, surf->w, surf->h};
        layoutprobe_text(text->renderer, dst, s);
        SDL_SetTextureAlphaMod(tex, colour.a);
        SDL_RenderCopy(text->renderer, tex, NULL, &dst);
        SDL_DestroyTexture(tex);
    }
    SDL_FreeSurface(surf);
}

static const SDL_Rect *glyph_of(const Text *text, char c)
{
    int i = (unsigned char)c >= FIRST_GLYPH && (unsigned char)c <= LAST_GLYPH ? c - FIRST_GLYPH
                                                                              : '?' - FIRST_GLYPH;
    return &text->glyph[i];
}

/* Glyph cells overlap by their outline so letters sit at normal spacing. */
static float advance(const SDL_Rect *g, float k)
{
    return (float)(g->w - 2 * OUTLINE_PX) * k;
}

float text_label_width(const Text *text, const char *s, float height)
{
    float k = height / (float)text->cell_h, w = 0;
    for (const char *p = s; *p; p++)
        w += advance(glyph_of(text, *p), k);
    return w + 2 * OUTLINE_PX * k;
}

void text_batch(const Text *text, Batch *batch, const char *s, float cx, float cy, float height,
                SDL_Color colour)
{
    float k = height / (float)text->cell_h;
    float x = cx - text_label_width(text, s, height) / 2, y = cy - height / 2;
    for (const char *p = s; *p; p++) {
        const SDL_Rect *g = glyph_of(text, *p);
        SDL_FRect dst = {x, y, (float)g->w * k, height};
        batch_quad(batch, dst, *g, text->label_w, text->label_h, colour);
        x += advance(g, k);
    }
}

SDL_Texture *text_label_texture(const Text *text)
{
    return text->labels;
}
