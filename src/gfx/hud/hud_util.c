/* Drawing helpers shared by the HUD's files: boxes, text cut or wrapped to a width,
 * bars of body points. */

#include "hud_internal.h"

#include "gfx/layoutprobe.h"

#include <stdio.h>
#include <string.h>

bool hud_inside(const SDL_Rect *r, int x, int y)
{
    return x >= r->x && x < r->x + r->w && y >= r->y && y < r->y + r->h;
}

/* --- Drawing helpers ------------------------------------------------------ */

void hud_fill(SDL_Renderer *sdl, SDL_Rect rc, SDL_Color c)
{
    SDL_SetRenderDrawColor(sdl, c.r, c.g, c.b, c.a);
    if (c.a < 255) {
        SDL_RenderFillRect(sdl, &rc);
        return;
    }
    /* opaque: the same pixels written, not blended (SDL's software
     * renderer blends pixel by pixel: most of drawing the side panel) */
    SDL_BlendMode mode;
    SDL_GetRenderDrawBlendMode(sdl, &mode);
    SDL_SetRenderDrawBlendMode(sdl, SDL_BLENDMODE_NONE);
    SDL_RenderFillRect(sdl, &rc);
    SDL_SetRenderDrawBlendMode(sdl, mode);
}

void hud_frame(SDL_Renderer *sdl, SDL_Rect rc, SDL_Color c)
{
    c = hud_contrast_edge(c);
    SDL_SetRenderDrawColor(sdl, c.r, c.g, c.b, c.a);
    SDL_RenderDrawRect(sdl, &rc);
    if (contrast_high()) { /* stronger: two pixels */
        SDL_Rect in = {rc.x + 1, rc.y + 1, rc.w - 2, rc.h - 2};
        SDL_RenderDrawRect(sdl, &in);
    }
}

void hud_panel(SDL_Renderer *sdl, SDL_Rect rc, SDL_Color c)
{
    c = hud_contrast_fill(c);
    layoutprobe_panel(rc, c.a);
    hud_fill(sdl, rc, c);
}

void hud_box(SDL_Renderer *sdl, SDL_Rect rc)
{
    hud_panel(sdl, rc, PANEL);
    hud_frame(sdl, rc, PANEL_EDGE);
}

int hud_text_w(Text *t, const char *s)
{
    int w, h;
    text_size(t, s, &w, &h);
    return w;
}

/* Draws s cut with "..." to fit max_w. */
void hud_text_fit(Text *t, const char *s, int x, int y, int max_w, SDL_Color c)
{
    char buf[256];
    snprintf(buf, sizeof buf, "%s", s);
    size_t n = strlen(buf);
    while (n > 3 && hud_text_w(t, buf) > max_w) {
        n--;
        while (n > 0 && ((unsigned char)buf[n] & 0xC0) == 0x80)
            n--; /* never cut inside a UTF-8 character */
        memcpy(buf + n, "...", 4);
    }
    text_draw(t, buf, x, y, c);
}

/* Splits s into lines at most max_w wide (at spaces); calls back per line.
 * Returns the number of lines. */
int hud_wrap(Text *t, const char *s, int max_w, char lines[][160], int max_lines)
{
    int count = 0;
    char word_line[160] = "";
    const char *p = s;
    while (*p && count < max_lines) {
        const char *sp = strchr(p, ' ');
        size_t len = sp ? (size_t)(sp - p) : strlen(p);
        char trial[160];
        snprintf(trial, sizeof trial, "%s%s%.*s", word_line, word_line[0] ? " " : "", (int)len, p);
        if (word_line[0] && hud_text_w(t, trial) > max_w) {
            snprintf(lines[count++], 160, "%s", word_line);
            snprintf(word_line, sizeof word_line, "%.*s", (int)len, p);
        } else {
            snprintf(word_line, sizeof word_line, "%s", trial);
        }
        p += len;
        while (*p == ' ')
            p++;
    }
    if (word_line[0] && count < max_lines)
        snprintf(lines[count++], 160, "%s", word_line);
    return count;
}

/* A bar of body points. */
void hud_body_bar(SDL_Renderer *sdl, int x, int y, int w, int h, int body, int max)
{
    hud_fill(sdl, (SDL_Rect){x, y, w, h}, (SDL_Color){60, 20, 20, 255});
    int fw = max > 0 ? w * (body < 0 ? 0 : body) / max : 0;
    hud_fill(sdl, (SDL_Rect){x, y, fw, h}, body * 3 <= max ? BAD : GOOD);
    hud_frame(sdl, (SDL_Rect){x, y, w, h}, (SDL_Color){0, 0, 0, 255});
}

/* A panel of w x h centred over the board, kept inside it. */
SDL_Rect hud_centred(const HudLayout *l, int w, int h)
{
    w = w > l->board.w - 20 ? l->board.w - 20 : w;
    h = h > l->board.h - 20 ? l->board.h - 20 : h;
    return (SDL_Rect){l->board.x + (l->board.w - w) / 2, l->board.y + (l->board.h - h) / 2, w, h};
}
