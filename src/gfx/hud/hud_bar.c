/* The command bar along the bottom and the dice tray over the board. */

#include "hud_internal.h"

#include <stdio.h>

/* --- Buttons and dice ---------------------------------------------------- */

void hud_draw_buttons(SDL_Renderer *sdl, Text *t, const HudLayout *l, const HudModel *m)
{
    hud_panel(sdl, l->bar, (SDL_Color){30, 25, 21, 255});
    hud_fill(sdl, (SDL_Rect){l->bar.x, l->bar.y, l->bar.w, 2}, PANEL_EDGE);
    for (int c = 0; c < HUD_CMD_COUNT; c++) {
        SDL_Rect b = l->buttons[c];
        bool on = m->enabled[c] && !m->animating;
        bool lit = (c == HUD_CMD_OBJECTIVES && m->show_objectives) || (c == HUD_CMD_LOG && m->show_log);
        hud_panel(sdl, b, lit ? (SDL_Color){96, 74, 40, 255} : on ? BUTTON : BUTTON_OFF);
        hud_frame(sdl, b, on ? BUTTON_EDGE : PANEL_EDGE);
        const char *label = hud_text_w(t, hud_command_label((HudCommand)c)) > b.w - 4
                                ? hud_command_short_label((HudCommand)c)
                                : hud_command_label((HudCommand)c);
        int lw = hud_text_w(t, label);
        int ty = b.y + (b.h - 2 * l->line_h) / 2;
        if (lw > b.w - 4)
            hud_text_fit(t, label, b.x + 2, ty, b.w - 4, on ? BODY : DIM);
        else
            text_draw(t, label, b.x + (b.w - lw) / 2, ty, on ? BODY : DIM);
        const char *key = m->keys[c] && m->keys[c][0] ? m->keys[c] : "";
        if (key[0]) {
            int kw = hud_text_w(t, key);
            text_draw(t, key, b.x + (b.w - kw) / 2, ty + l->line_h, on ? GOLD : DIM);
        }
    }
}

static const char *const FACE_SPRITES[DIE_FACE_COUNT] = {"ui/die_skull", "ui/die_white_shield",
                                                          "ui/die_black_shield"};

static void draw_die(Renderer *r, const char *sprite, SDL_Rect dst, const char *fallback, Uint8 alpha)
{
    SDL_Texture *tex = render_sprite(r, sprite);
    if (tex) {
        SDL_SetTextureAlphaMod(tex, alpha);
        SDL_RenderCopy(render_sdl(r), tex, NULL, &dst);
        SDL_SetTextureAlphaMod(tex, 255);
        return;
    }
    hud_fill(render_sdl(r), dst, (SDL_Color){230, 226, 214, alpha});
    int w, h;
    text_size(render_text(r), fallback, &w, &h);
    text_draw(render_text(r), fallback, dst.x + (dst.w - w) / 2, dst.y + (dst.h - h) / 2,
              (SDL_Color){20, 20, 20, alpha});
}

void hud_draw_dice(Renderer *r, const HudLayout *l, const HudModel *m)
{
    const HudDice *d = &m->dice;
    if (d->kind == HUD_DICE_NONE || d->count + d->count2 == 0)
        return;
    SDL_Renderer *sdl = render_sdl(r);
    Text *t = render_text(r);
    int lh = l->line_h, size = 2 * lh + lh / 2, gap = lh / 2;
    int n = d->count + d->count2;
    int w = n * size + (n - 1) * gap + (d->count2 ? 2 * gap : 0) + 2 * gap;
    int cw = hud_text_w(t, d->caption) + 2 * gap;
    if (cw > l->board.w - 2 * gap)
        cw = l->board.w - 2 * gap;
    int bw = w > cw ? w : cw;
    SDL_Rect rc = {l->board.x + (l->board.w - bw) / 2, l->board.y + l->board.h - size - 2 * lh - 2 * gap,
                   bw, size + lh + 2 * gap};
    Uint8 alpha = (Uint8)(d->alpha < 0 ? 0 : d->alpha > 255 ? 255 : d->alpha);
    hud_panel(sdl, rc, (SDL_Color){PANEL.r, PANEL.g, PANEL.b, (Uint8)(PANEL.a * alpha / 255)});
    hud_frame(sdl, rc, (SDL_Color){PANEL_EDGE.r, PANEL_EDGE.g, PANEL_EDGE.b, alpha});
    int x = rc.x + (rc.w - w) / 2 + gap, y = rc.y + gap;
    for (int i = 0; i < n && i < d->shown; i++) {
        bool defence = i >= d->count;
        int v = defence ? d->dice2[i - d->count] : d->dice[i];
        char sprite[32], fb[8];
        if (d->kind == HUD_DICE_MOVE) {
            snprintf(sprite, sizeof sprite, "ui/d6_%d", v >= 1 && v <= 6 ? v : 1);
            snprintf(fb, sizeof fb, "%d", v);
        } else {
            snprintf(sprite, sizeof sprite, "%s", FACE_SPRITES[v >= 0 && v < DIE_FACE_COUNT ? v : 0]);
            snprintf(fb, sizeof fb, "%c", "SWB"[v >= 0 && v < DIE_FACE_COUNT ? v : 0]);
        }
        int dx = x + i * (size + gap) + (defence ? 2 * gap : 0);
        if (defence && i == d->count)
            hud_fill(sdl, (SDL_Rect){dx - 2 * gap + gap / 2 - 1, y, 2, size}, PANEL_EDGE);
        draw_die(r, sprite, (SDL_Rect){dx, y, size, size}, fb, alpha);
    }
    hud_text_fit(t, d->caption, rc.x + gap, y + size + gap / 2, rc.w - 2 * gap,
                 (SDL_Color){BODY.r, BODY.g, BODY.b, alpha});
}
