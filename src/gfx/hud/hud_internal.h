/* The HUD's inside, shared by its files (not for other modules).
 *
 * hud.c          hud_draw (the panels in their order) and hud_summary
 * hud_layout.c   hud_layout, hit tests, the spell list's rows
 * hud_util.c     boxes, text cut or wrapped to a width, body bars
 * hud_squares.c  shading on the board (hud_draw_squares)
 * hud_panel.c    the right-hand panel: status, heroes, piece card, log
 * hud_bar.c      the command bar and the dice tray
 * hud_overlays.c objectives, log history, help, spell list, the end, a question
 * hud_key.c      the key of the panel and bar's cached picture
 */
#pragma once

#include "hud.h"

#include "gfx/contrast.h"

#include <SDL.h>
#include <stdbool.h>

/* c as high contrast wants it (gfx/contrast.h; unchanged outside it): a
 * fill that text sits on, opaque and near black; an edge, white. */
static inline SDL_Color hud_contrast_fill(SDL_Color c)
{
    if (!contrast_high())
        return c;
    uint32_t v = contrast_fill((uint32_t)c.r << 16 | (uint32_t)c.g << 8 | c.b);
    return (SDL_Color){(Uint8)(v >> 16), (Uint8)(v >> 8), (Uint8)v, 255};
}

static inline SDL_Color hud_contrast_edge(SDL_Color c)
{
    return contrast_high() ? (SDL_Color){255, 255, 255, 255} : c;
}

static const SDL_Color PANEL = {22, 18, 16, 248};
static const SDL_Color PANEL_EDGE = {92, 72, 46, 255};
static const SDL_Color TITLE = {244, 222, 170, 255};
static const SDL_Color BODY = {236, 232, 224, 255};
static const SDL_Color DIM = {150, 140, 130, 255};
static const SDL_Color GOOD = {130, 210, 120, 255};
static const SDL_Color BAD = {236, 96, 80, 255};
static const SDL_Color GOLD = {236, 188, 52, 255};
static const SDL_Color MAGIC = {176, 196, 255, 255};
static const SDL_Color BUTTON = {58, 46, 36, 255};
static const SDL_Color BUTTON_OFF = {36, 31, 28, 255};
static const SDL_Color BUTTON_EDGE = {150, 118, 70, 255};

#define NOTICE_LINE 256

/* hud_layout.c */
const char *hud_command_short_label(HudCommand cmd); /* "Door" for narrow buttons */
SDL_Rect hud_spell_row(const HudLayout *l, SDL_Rect menu, int count, int row);
#define HUD_SPELL_DETAIL_LINES 2 /* the highlighted spell's text under the rows */

/* hud_util.c */
bool hud_inside(const SDL_Rect *r, int x, int y);
void hud_fill(SDL_Renderer *sdl, SDL_Rect rc, SDL_Color c);
void hud_frame(SDL_Renderer *sdl, SDL_Rect rc, SDL_Color c);
void hud_panel(SDL_Renderer *sdl, SDL_Rect rc, SDL_Color c); /* a fill text sits on */
void hud_box(SDL_Renderer *sdl, SDL_Rect rc); /* a panel with its edge */
int hud_text_w(Text *t, const char *s);
void hud_text_fit(Text *t, const char *s, int x, int y, int max_w, SDL_Color c); /* cut with "..." */
int hud_wrap(Text *t, const char *s, int max_w, char lines[][160], int max_lines); /* at spaces */
void hud_body_bar(SDL_Renderer *sdl, int x, int y, int w, int h, int body, int max);
SDL_Rect hud_centred(const HudLayout *l, int w, int h); /* a panel centred over the board */

/* hud_panel.c */
SDL_Color hud_log_colour(int tag);
void hud_draw_log_lines(Text *t, const MsgLog *log, SDL_Rect rc, int lh, int scroll);
void hud_draw_panel(SDL_Renderer *sdl, Text *t, const HudLayout *l, const HudModel *m);

/* hud_bar.c */
void hud_draw_buttons(SDL_Renderer *sdl, Text *t, const HudLayout *l, const HudModel *m);
void hud_draw_dice(Renderer *r, const HudLayout *l, const HudModel *m);

/* hud_key.c: a hash of what the panel and the bar show (0 while the
 * layout probe records) */
uint64_t hud_key(const HudLayout *l, const HudModel *m, const void *font);

/* hud_overlays.c */
void hud_draw_objectives(SDL_Renderer *sdl, Text *t, const HudLayout *l, const HudModel *m);
void hud_draw_history(SDL_Renderer *sdl, Text *t, const HudLayout *l, const HudModel *m);
void hud_draw_help(SDL_Renderer *sdl, Text *t, const HudLayout *l, const HudModel *m);
void hud_draw_spell_menu(SDL_Renderer *sdl, Text *t, const HudLayout *l, const HudModel *m);
void hud_draw_end(SDL_Renderer *sdl, Text *t, const HudLayout *l, const HudModel *m);
void hud_draw_question(SDL_Renderer *sdl, Text *t, const HudLayout *l, const HudModel *m);
