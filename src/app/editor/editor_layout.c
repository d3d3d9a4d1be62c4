/* Where the editor's parts go: a bar of buttons along the top, the tools
 * and colours on the left, the tabs on the right, a status line along the
 * bottom, and the board in the middle (the camera spans the whole window;
 * the panels lie over it). Sizes follow the interface font, so every UI
 * scale and window size gets the same layout, smaller or larger. */
#include "editor_internal.h"

#include <string.h>

static const char *const BUTTONS[EDITOR_BUTTON_COUNT] = {N_("New"),  N_("Open"),     N_("Save"),
                                                         N_("Undo"), N_("Redo"),     N_("Simulate"),
                                                         N_("Play-test")};
static const char *const TABS[EDITOR_TAB_COUNT] = {N_("Pieces"), N_("Selected"), N_("Mission"),
                                                   N_("Check")};
/* the tools' names as shown (edittool_name is the command's word) */
static const char *const TOOLS[EDIT_TOOL_COUNT] = {N_("Select"), N_("Pencil"), N_("Line"),
                                                   N_("Rectangle"), N_("Fill"), N_("Eraser"),
                                                   N_("Rock"), N_("Piece"), N_("Door")};

const char *editor_button_label(EditorButton b)
{
    return (unsigned)b < EDITOR_BUTTON_COUNT ? _(BUTTONS[b]) : "";
}

const char *editor_tab_label(EditorTab t)
{
    return (unsigned)t < EDITOR_TAB_COUNT ? _(TABS[t]) : "";
}

const char *editor_tool_label(EditTool t)
{
    return (unsigned)t < EDIT_TOOL_COUNT ? _(TOOLS[t]) : "";
}


static int text_w(App *app, const char *s)
{
    int w = 0, h = 0;
    text_size(app->ui, s, &w, &h);
    return w;
}

/* One row of the top bar's buttons, first to last, ending at the
 * window's right edge less pad, at y. Returns its left edge. */
static int button_row(Editor *e, App *app, int first, int last, int y, int pad)
{
    EditorLayout *L = &e->lay;
    int x = app->out_w - pad, h = uikit_line(app) + pad;
    for (int b = last; b >= first; b--) {
        int w = text_w(app, editor_button_label((EditorButton)b)) + 2 * pad;
        x -= w;
        L->buttons[b] = (SDL_Rect){x, y, w, h};
        x -= pad / 2;
    }
    return x + pad / 2;
}

/* The top bar: the buttons from the right; the title keeps the rest. On
 * a narrow window (German at 800x600, UI scale 1.5) the buttons take two
 * rows, the file's over the edit's, rather than run off the left. */
static void top_bar(Editor *e, App *app, int lh, int pad)
{
    EditorLayout *L = &e->lay;
    L->top = (SDL_Rect){0, 0, app->out_w, lh + 2 * pad};
    int left = button_row(e, app, 0, EDITOR_BUTTON_COUNT - 1, pad / 2, pad);
    if (left >= 4 * lh) /* room for the title's start */
        return;
    int row_h = lh + pad;
    L->top.h = 2 * row_h + pad;
    button_row(e, app, 0, EDITOR_BUTTON_SAVE, pad / 2, pad);
    button_row(e, app, EDITOR_BUTTON_SAVE + 1, EDITOR_BUTTON_COUNT - 1, pad / 2 + row_h, pad);
}

/* The left panel: the tool's name, the tools three to a row, the colour
 * list, its buttons two to a row at the bottom. */
static void left_panel(Editor *e, App *app, int lh, int pad)
{
    EditorLayout *L = &e->lay;
    int y = L->top.h, bottom = app->out_h - (lh + pad);
    /* wider with a larger text size, as at a larger UI scale */
    L->left = (SDL_Rect){0, y, screens_px(app, 186 * screens_text_factor(app)), bottom - y};
    int x = pad, w = L->left.w - 2 * pad;
    L->tool_label = (SDL_Rect){x, y + pad, w, lh};
    int cell = (w - 2 * pad) / 3, row_h = lh + pad;
    int ty = y + pad + lh + pad / 2;
    for (int t = 0; t < EDIT_TOOL_COUNT; t++)
        L->tools[t] = (SDL_Rect){x + (t % 3) * (cell + pad), ty + (t / 3) * (row_h + pad / 2), cell,
                                 row_h};
    int list_top = ty + 3 * (row_h + pad / 2) + pad / 2;
    int bh = lh + pad, half = (w - pad) / 2;
    int by = bottom - pad - 2 * bh - pad / 2;
    for (int b = 0; b < EDITOR_COLOUR_BUTTON_COUNT; b++)
        L->colour_buttons[b] = (SDL_Rect){x + (b % 2) * (half + pad), by + (b / 2) * (bh + pad / 2),
                                          half, bh};
    L->palette = (SDL_Rect){x, list_top, w, by - pad / 2 - list_top};
}

/* The right panel: the tabs (one row, or two when their names do not
 * fit), then the tab's list. */
static void right_panel(Editor *e, App *app, int lh, int pad)
{
    EditorLayout *L = &e->lay;
    int y = L->top.h, bottom = app->out_h - (lh + pad);
    int w = screens_px(app, 250 * screens_text_factor(app));
    L->right = (SDL_Rect){app->out_w - w, y, w, bottom - y};
    int x = L->right.x + pad, inner = w - 2 * pad, need = 0;
    for (int t = 0; t < EDITOR_TAB_COUNT; t++)
        need += text_w(app, editor_tab_label((EditorTab)t)) + pad;
    int per_row = need <= inner ? EDITOR_TAB_COUNT : 2;
    int tw = inner / per_row, th = lh + pad;
    for (int t = 0; t < EDITOR_TAB_COUNT; t++)
        L->tabs[t] = (SDL_Rect){x + (t % per_row) * tw, y + pad + (t / per_row) * th, tw, th};
    int rows = (EDITOR_TAB_COUNT + per_row - 1) / per_row;
    int top = y + pad + rows * th + pad / 2;
    L->content = (SDL_Rect){x, top, inner, bottom - pad - top};
}

void editor_layout(Editor *e, App *app)
{
    double scale = screens_scale(app) * screens_text_factor(app); /* the fonts' scale */
    if (e->laid_w == app->out_w && e->laid_h == app->out_h && e->laid_scale == scale)
        return;
    int lh = uikit_line(app), pad = lh / 3 > 2 ? lh / 3 : 2;
    top_bar(e, app, lh, pad);
    left_panel(e, app, lh, pad);
    right_panel(e, app, lh, pad);
    EditorLayout *L = &e->lay;
    L->status = (SDL_Rect){0, app->out_h - (lh + pad), app->out_w, lh + pad};
    L->board = (SDL_Rect){L->left.w, L->top.h, app->out_w - L->left.w - L->right.w,
                          L->status.y - L->top.h};
    if (L->board.w < 1)
        L->board.w = 1;
    if (L->board.h < 1)
        L->board.h = 1;
    e->laid_w = app->out_w;
    e->laid_h = app->out_h;
    e->laid_scale = scale;
    e->cam_set = false; /* the board's view is fitted to the new space */
}
