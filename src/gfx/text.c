#include "text.h"
#include "core/i18n.h"

#include "contrast.h"
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

/* The label atlas, made on first use: rendering the 95 outlined glyphs
 * took a tenth of the first picture's start-up, which mostly draws no
 * label. Kept apart so the label functions, which take a const Text,
 * can make it. */
typedef struct Labels {
    char *bold_path;
    bool tried; /* made, or failed to (then labels stay empty) */
    SDL_Texture *texture;
    int w, h;   /* atlas size */
    int cell_h; /* glyph cell height */
    SDL_Rect glyph[GLYPHS];
} Labels;

struct Text {
    SDL_Renderer *renderer;
    TTF_Font *ui;
    uint8_t *ui_data; /* the font file's bytes, read while ui is open */
    Labels *labels;
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

static bool build_labels(Labels *t, SDL_Renderer *renderer, TTF_Font *bold)
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
        t->texture = SDL_CreateTextureFromSurface(renderer, atlas);
        SDL_FreeSurface(atlas);
    }
    for (int i = 0; i < GLYPHS; i++)
        SDL_FreeSurface(glyphs[i]);
    if (!t->texture) {
        fprintf(stderr, _("questboard: label glyphs: %s\n"), ok ? SDL_GetError() : TTF_GetError());
        return false;
    }
    SDL_SetTextureBlendMode(t->texture, SDL_BLENDMODE_BLEND);
    SDL_SetTextureScaleMode(t->texture, SDL_ScaleModeLinear);
    t->w = w;
    t->h = h;
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
        snprintf(err, err_size, _("%s: cannot open font: %s"), path, why);
        return NULL;
    }
    SDL_RWops *rw = size <= INT32_MAX ? SDL_RWFromConstMem(*data, (int)size) : NULL;
    TTF_Font *font = rw ? TTF_OpenFontRW(rw, 1, px) : NULL;
    if (!font) {
        snprintf(err, err_size, _("%s: cannot open font: %s"), path, TTF_GetError());
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
    t->labels = xcalloc(1, sizeof *t->labels);
    t->labels->bold_path = xstrdup(bold_path);
    t->ui = open_font(font_path, ui_px, &t->ui_data, err, err_size);
    /* the bold font is opened on the first label; a missing file is told
     * now, as the other font's */
    if (t->ui && !fileio_is_file(bold_path))
        snprintf(err, err_size, _("%s: cannot open font: not a readable file"), bold_path);
    if (!t->ui || !fileio_is_file(bold_path)) {
        text_destroy(t);
        return NULL;
    }
    return t;
}

/* The label atlas, made on the first call; NULL when it cannot be made. */
static const Labels *labels(const Text *text)
{
    Labels *l = text->labels;
    if (!l->tried) {
        l->tried = true;
        uint8_t *data = NULL;
        char err[512];
        TTF_Font *bold = open_font(l->bold_path, LABEL_PX, &data, err, sizeof err);
        if (!bold)
            fprintf(stderr, "questboard: %s\n", err);
        else if (!build_labels(l, text->renderer, bold) && l->texture) {
            SDL_DestroyTexture(l->texture);
            l->texture = NULL;
        }
        if (bold)
            TTF_CloseFont(bold);
        free(data);
    }
    return l->texture ? l : NULL;
}

void text_destroy(Text *text)
{
    if (!text)
        return;
    if (text->ui)
        TTF_CloseFont(text->ui);
    free(text->ui_data);
    if (text->labels) {
        if (text->labels->texture)
            SDL_DestroyTexture(text->labels->texture);
        free(text->labels->bold_path);
        free(text->labels);
    }
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
    if (contrast_high()) { /* light and opaque: readable on every panel */
        uint32_t c = contrast_text((uint32_t)colour.r << 16 | (uint32_t)colour.g << 8 | colour.b);
        colour = (SDL_Color){(Uint8)(c >> 16), (Uint8)(c >> 8), (Uint8)c, 255};
    }
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

static const SDL_Rect *glyph_of(const Labels *l, char c)
{
    int i = (unsigned char)c >= FIRST_GLYPH && (unsigned char)c <= LAST_GLYPH ? c - FIRST_GLYPH
                                                                              : '?' - FIRST_GLYPH;
    return &l->glyph[i];
}

/* Glyph cells overlap by their outline so letters sit at normal spacing. */
static float advance(const SDL_Rect *g, float k)
{
    return (float)(g->w - 2 * OUTLINE_PX) * k;
}

float text_label_width(const Text *text, const char *s, float height)
{
    const Labels *l = labels(text);
    if (!l)
        return 0;
    float k = height / (float)l->cell_h, w = 0;
    for (const char *p = s; *p; p++)
        w += advance(glyph_of(l, *p), k);
    return w + 2 * OUTLINE_PX * k;
}

void text_batch(const Text *text, Batch *batch, const char *s, float cx, float cy, float height,
                SDL_Color colour)
{
    const Labels *l = labels(text);
    if (!l)
        return;
    float k = height / (float)l->cell_h;
    float x = cx - text_label_width(text, s, height) / 2, y = cy - height / 2;
    for (const char *p = s; *p; p++) {
        const SDL_Rect *g = glyph_of(l, *p);
        SDL_FRect dst = {x, y, (float)g->w * k, height};
        batch_quad(batch, dst, *g, l->w, l->h, colour);
        x += advance(g, k);
    }
}

SDL_Texture *text_label_texture(const Text *text)
{
    const Labels *l = labels(text);
    return l ? l->texture : NULL;
}
