/* The HUD's layout and hit tests: a pure function of the output size and the font, so
 * clicks and drawing agree. */

#include "hud_internal.h"

#include "core/i18n.h"

static const char *const LABELS[HUD_CMD_COUNT] = {
    N_("Roll"), N_("Attack"), N_("Cast"), N_("Open door"), N_("Treasure"), N_("Traps"), N_("Disarm"),
    N_("Drink"), N_("Leave"), N_("End turn"), N_("Undo"), N_("Objectives"), N_("Log")};

/* ...and shorter ones for narrow buttons. */
static const char *const SHORT_LABELS[HUD_CMD_COUNT] = {
    NC_("narrow button", "Roll"), NC_("narrow button", "Attack"), NC_("narrow button", "Cast"),
    NC_("narrow button", "Door"), NC_("narrow button", "Treasure"), NC_("narrow button", "Traps"),
    NC_("narrow button", "Disarm"), NC_("narrow button", "Drink"), NC_("narrow button", "Leave"),
    NC_("narrow button", "End"), NC_("narrow button", "Undo"), NC_("narrow button", "Goals"),
    NC_("narrow button", "Log")};

const char *hud_command_label(HudCommand cmd)
{
    return cmd >= 0 && cmd < HUD_CMD_COUNT ? _(LABELS[cmd]) : "?";
}

const char *hud_command_short_label(HudCommand cmd)
{
    return cmd >= 0 && cmd < HUD_CMD_COUNT ? C_("narrow button", SHORT_LABELS[cmd]) : "?";
}

/* --- Layout ---------------------------------------------------------- */

/* The widest button label (or short label), plus padding. */
static int button_min_w(Text *text, int lh, bool narrow)
{
    int widest = 0;
    for (int c = 0; c < HUD_CMD_COUNT; c++) {
        int w, h;
        text_size(text, narrow ? hud_command_short_label((HudCommand)c) : _(LABELS[c]), &w, &h);
        widest = w > widest ? w : widest;
    }
    return widest + lh / 2;
}

void hud_layout(Text *text, int w, int h, HudLayout *out)
{
    hud_layout_folded(text, w, h, false, out);
}

bool hud_panel_crowds(Text *text, int w)
{
    return 17 * text_line_height(text) * 5 > w * 2;
}

bool hud_fold_at(const HudLayout *layout, int x, int y)
{
    return hud_inside(&layout->fold, x, y);
}

void hud_layout_folded(Text *text, int w, int h, bool folded, HudLayout *out)
{
    int lh = text_line_height(text), pad = lh / 2, gap = pad / 2;
    int panel_w = w / 4;
    panel_w = panel_w < 17 * lh ? 17 * lh : panel_w > 26 * lh ? 26 * lh : panel_w;
    if (panel_w > w / 2)
        panel_w = w / 2;
    if (folded)
        panel_w = 2 * lh < w / 2 ? 2 * lh : w / 2;
    int bar_w = w - panel_w;
    /* as few rows of buttons as let their labels fit: two at most, three
     * in a window tall enough to give them up, or where not even the
     * short labels fit two rows (800x600 at UI scale 1.5: "Treas...") */
    int rows = 1, min_w = button_min_w(text, lh, false), max_rows = h >= 24 * lh ? 3 : 2;
    if ((bar_w - 2 * pad) / ((HUD_CMD_COUNT + 1) / 2) < button_min_w(text, lh, true) - lh / 2 + 4)
        max_rows = 3;
    while (rows < max_rows && (bar_w - 2 * pad) / ((HUD_CMD_COUNT + rows - 1) / rows) < min_w)
        rows++;
    int per_row = (HUD_CMD_COUNT + rows - 1) / rows;
    int button_h = 2 * lh + pad / 2;
    /* folded, the panel's status line goes above the buttons (whose turn,
     * what is left to move, a refusal) */
    int status_h = folded ? lh : 0;
    int bar_h = status_h + rows * button_h + (rows - 1) * gap + 2 * pad;
    *out = (HudLayout){.line_h = lh, .window = {0, 0, w, h}, .folded = folded};
    out->board = (SDL_Rect){0, 0, bar_w, h - bar_h};
    out->panel = (SDL_Rect){bar_w, 0, panel_w, h};
    out->bar = (SDL_Rect){0, h - bar_h, bar_w, bar_h};
    /* the tab: the folded strip's top, or the open panel's top-right corner */
    out->fold = folded ? (SDL_Rect){bar_w, 0, panel_w, 2 * lh}
                       : (SDL_Rect){bar_w + panel_w - 2 * lh, 0, 2 * lh, 2 * lh};
    /* the log fills the lower part of the panel */
    /* ...below the piece card, which lists a caster's spells and the
     * effects on the piece when the window is tall enough */
    int log_top = h >= 36 * lh ? 21 * lh : 18 * lh;
    out->log = (SDL_Rect){out->panel.x + pad, log_top, panel_w - 2 * pad, h - log_top - pad};
    if (folded)
        out->log = (SDL_Rect){out->panel.x, h, 0, 0}; /* no log in the strip */
    int bw = (bar_w - 2 * pad - gap * (per_row - 1)) / per_row;
    for (int c = 0; c < HUD_CMD_COUNT; c++) {
        int row = c / per_row, col = c % per_row;
        out->buttons[c] = (SDL_Rect){pad + col * (bw + gap), out->bar.y + status_h + pad + row * (button_h + gap),
                                     bw, button_h};
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

/* The spell list: a row per spell under a title, over the highlighted
 * spell's whole text (HUD_SPELL_DETAIL_LINES, where its row cuts it or has
 * no room for it) and a line of keys, inside the board's view (never over
 * the buttons). Rows are two lines (name, then what it does) when they
 * all fit so, else one; when even one-line rows do not all fit, the list
 * scrolls (HudSpellMenu.first). */
static int spell_room(const HudLayout *l)
{
    return l->board.h - 20 - (4 + HUD_SPELL_DETAIL_LINES) * l->line_h;
}

static int spell_row_h(const HudLayout *l, int count)
{
    int lh = l->line_h;
    return count * (2 * lh + lh / 4) <= spell_room(l) ? 2 * lh + lh / 4 : lh + lh / 8;
}

int hud_spell_rows_shown(const HudLayout *l, int count)
{
    /* not laid out yet (input before the first frame): one row */
    int row_h = spell_row_h(l, count), fit = row_h > 0 ? spell_room(l) / row_h : 1;
    fit = fit < 1 ? 1 : fit;
    return count < fit ? count : fit;
}

SDL_Rect hud_spell_menu_rect(const HudLayout *l, int count)
{
    int lh = l->line_h;
    int w = 40 * lh,
        h = hud_spell_rows_shown(l, count) * spell_row_h(l, count) + (4 + HUD_SPELL_DETAIL_LINES) * lh;
    w = w > l->board.w - 20 ? l->board.w - 20 : w;
    h = h > l->board.h - 20 ? l->board.h - 20 : h;
    return (SDL_Rect){l->board.x + (l->board.w - w) / 2, l->board.y + (l->board.h - h) / 2, w, h};
}

SDL_Rect hud_spell_row(const HudLayout *l, SDL_Rect menu, int count, int slot)
{
    int lh = l->line_h, rh = spell_row_h(l, count);
    return (SDL_Rect){menu.x + lh / 2, menu.y + 2 * lh + slot * rh, menu.w - lh, rh};
}

int hud_spell_at(const HudLayout *l, int count, int first, int x, int y)
{
    SDL_Rect menu = hud_spell_menu_rect(l, count);
    int shown = hud_spell_rows_shown(l, count);
    for (int k = 0; k < shown && first + k < count; k++) {
        SDL_Rect row = hud_spell_row(l, menu, count, k);
        if (hud_inside(&row, x, y))
            return first + k;
    }
    return -1;
}

void hud_spell_keep_visible(const HudLayout *l, HudSpellMenu *sm)
{
    int shown = hud_spell_rows_shown(l, sm->count);
    if (sm->hover >= 0 && sm->hover < sm->first)
        sm->first = sm->hover;
    if (sm->hover >= sm->first + shown)
        sm->first = sm->hover - shown + 1;
    if (sm->first > sm->count - shown)
        sm->first = sm->count - shown;
    if (sm->first < 0)
        sm->first = 0;
}

/* The end panel: a table of the heroes (up to four) under the outcome,
 * then its buttons (three, four with Next mission); over the whole
 * window, which it dims. */
void hud_end_layout(const HudLayout *l, int heroes, bool has_next, SDL_Rect *panel,
                    SDL_Rect buttons[HUD_END_COUNT])
{
    int lh = l->line_h, w = 44 * lh, h = (15 + (heroes < 1 ? 1 : heroes)) * lh;
    w = w > l->window.w - 20 ? l->window.w - 20 : w;
    h = h > l->window.h - 20 ? l->window.h - 20 : h;
    *panel = (SDL_Rect){(l->window.w - w) / 2, (l->window.h - h) / 2, w, h};
    int n = has_next ? HUD_END_COUNT : HUD_END_COUNT - 1, gap = lh, bh = 2 * lh;
    int bw = (w - 2 * lh - (n - 1) * gap) / n;
    int y = panel->y + h - lh - bh;
    for (int c = 0, k = 0; c < HUD_END_COUNT; c++) {
        if (c == HUD_END_NEXT && !has_next) {
            buttons[c] = (SDL_Rect){0, 0, 0, 0};
            continue;
        }
        buttons[c] = (SDL_Rect){panel->x + lh + k * (bw + gap), y, bw, bh};
        k++;
    }
}

int hud_end_button_at(const HudLayout *l, int heroes, bool has_next, int x, int y)
{
    SDL_Rect panel, b[HUD_END_COUNT];
    hud_end_layout(l, heroes, has_next, &panel, b);
    for (int c = 0; c < HUD_END_COUNT; c++)
        if (b[c].w > 0 && hud_inside(&b[c], x, y))
            return c;
    return -1;
}

/* The question: a few lines of text over two buttons, centred over the
 * board (the panel and the bar stay readable beside it). */
void hud_question_layout(const HudLayout *l, SDL_Rect *panel, SDL_Rect buttons[2])
{
    int lh = l->line_h, w = 34 * lh, h = 9 * lh;
    *panel = hud_centred(l, w, h);
    int gap = lh, bh = 2 * lh, bw = (panel->w - 2 * lh - gap) / 2;
    int y = panel->y + panel->h - lh - bh;
    for (int c = 0; c < 2; c++)
        buttons[c] = (SDL_Rect){panel->x + lh + c * (bw + gap), y, bw, bh};
}

int hud_question_button_at(const HudLayout *l, int x, int y)
{
    SDL_Rect panel, b[2];
    hud_question_layout(l, &panel, b);
    for (int c = 0; c < 2; c++)
        if (hud_inside(&b[c], x, y))
            return c;
    return -1;
}

const char *hud_end_label(HudEndChoice c)
{
    static const char *const labels[HUD_END_COUNT] = {N_("Play again"), N_("Next mission"),
                                                      N_("Watch replay"), N_("Back to the title")};
    return c >= 0 && c < HUD_END_COUNT ? _(labels[c]) : "?";
}
