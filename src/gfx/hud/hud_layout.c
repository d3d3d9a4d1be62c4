/* The HUD's layout and hit tests: a pure function of the output size and the font, so
 * clicks and drawing agree. */

#include "hud_internal.h"

static const char *const LABELS[HUD_CMD_COUNT] = {
    "Roll", "Attack", "Cast", "Open door", "Treasure", "Traps", "Disarm", "Drink", "Leave",
    "End turn", "Objectives", "Log"};

/* ...and shorter ones for narrow buttons. */
static const char *const SHORT_LABELS[HUD_CMD_COUNT] = {
    "Roll", "Attack", "Cast", "Door", "Treasure", "Traps", "Disarm", "Drink", "Leave", "End",
    "Goals", "Log"};

const char *hud_command_label(HudCommand cmd)
{
    return cmd >= 0 && cmd < HUD_CMD_COUNT ? LABELS[cmd] : "?";
}

const char *hud_command_short_label(HudCommand cmd)
{
    return cmd >= 0 && cmd < HUD_CMD_COUNT ? SHORT_LABELS[cmd] : "?";
}

/* --- Layout ---------------------------------------------------------- */

/* The widest button label or key name, plus padding. */
static int button_min_w(Text *text, int lh)
{
    int widest = 0;
    for (int c = 0; c < HUD_CMD_COUNT; c++) {
        int w, h;
        text_size(text, LABELS[c], &w, &h);
        widest = w > widest ? w : widest;
    }
    return widest + lh / 2;
}

void hud_layout(Text *text, int w, int h, HudLayout *out)
{
    int lh = text_line_height(text), pad = lh / 2, gap = pad / 2;
    int panel_w = w / 4;
    panel_w = panel_w < 17 * lh ? 17 * lh : panel_w > 26 * lh ? 26 * lh : panel_w;
    if (panel_w > w / 2)
        panel_w = w / 2;
    int bar_w = w - panel_w;
    /* as few rows of buttons as let their labels fit: two at most, three
     * in a window tall enough to give them up */
    int rows = 1, min_w = button_min_w(text, lh), max_rows = h >= 24 * lh ? 3 : 2;
    while (rows < max_rows && (bar_w - 2 * pad) / ((HUD_CMD_COUNT + rows - 1) / rows) < min_w)
        rows++;
    int per_row = (HUD_CMD_COUNT + rows - 1) / rows;
    int button_h = 2 * lh + pad / 2;
    int bar_h = rows * button_h + (rows - 1) * gap + 2 * pad;
    *out = (HudLayout){.line_h = lh};
    out->board = (SDL_Rect){0, 0, bar_w, h - bar_h};
    out->panel = (SDL_Rect){bar_w, 0, panel_w, h};
    out->bar = (SDL_Rect){0, h - bar_h, bar_w, bar_h};
    /* the log fills the lower part of the panel */
    /* ...below the piece card, which lists a caster's spells and the
     * effects on the piece when the window is tall enough */
    int log_top = h >= 36 * lh ? 21 * lh : 18 * lh;
    out->log = (SDL_Rect){out->panel.x + pad, log_top, panel_w - 2 * pad, h - log_top - pad};
    int bw = (bar_w - 2 * pad - gap * (per_row - 1)) / per_row;
    for (int c = 0; c < HUD_CMD_COUNT; c++) {
        int row = c / per_row, col = c % per_row;
        out->buttons[c] = (SDL_Rect){pad + col * (bw + gap), out->bar.y + pad + row * (button_h + gap), bw,
                                     button_h};
    }
}

HudCommand hud_button_at(const HudLayout *layout, int x, int y)
{
    for (int c = 0; c < HUD_CMD_COUNT; c++)
        if (hud_inside(&layout->buttons[c], x, y))
            return (HudCommand)c;
    return HUD_CMD_COUNT;
}

bool hud_covers(const HudLayout *layout, int x, int y)
{
    return hud_inside(&layout->panel, x, y) || hud_inside(&layout->bar, x, y);
}

/* The spell list: a row per spell under a title, over a line of keys.
 * It may cover the board and the buttons; rows are two lines (name, then
 * what it does) when they all fit so, else one. */
static int spell_row_h(const HudLayout *l, int count)
{
    int lh = l->line_h, room = l->bar.y + l->bar.h - 20 - 4 * lh;
    return count * (2 * lh + lh / 4) <= room ? 2 * lh + lh / 4 : lh + lh / 8;
}

SDL_Rect hud_spell_menu_rect(const HudLayout *l, int count)
{
    int lh = l->line_h;
    int w = 40 * lh, h = count * spell_row_h(l, count) + 4 * lh;
    int area_h = l->bar.y + l->bar.h;
    w = w > l->board.w - 20 ? l->board.w - 20 : w;
    h = h > area_h - 20 ? area_h - 20 : h;
    return (SDL_Rect){l->board.x + (l->board.w - w) / 2, (area_h - h) / 2, w, h};
}

SDL_Rect hud_spell_row(const HudLayout *l, SDL_Rect menu, int count, int row)
{
    int lh = l->line_h, rh = spell_row_h(l, count);
    return (SDL_Rect){menu.x + lh / 2, menu.y + 2 * lh + row * rh, menu.w - lh, rh};
}

int hud_spell_at(const HudLayout *l, int count, int x, int y)
{
    SDL_Rect menu = hud_spell_menu_rect(l, count);
    for (int i = 0; i < count; i++) {
        SDL_Rect row = hud_spell_row(l, menu, count, i);
        if (row.y + row.h <= menu.y + menu.h - 2 * l->line_h && hud_inside(&row, x, y))
            return i;
    }
    return -1;
}
