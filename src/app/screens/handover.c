#include "handover.h"

#include "core/i18n.h"

#include "app/uikit.h"

#include "core/alloc.h"

#include <stdio.h>
#include <stdlib.h>

typedef struct Handover {
    Screen base;
    char title[64], line[160], hint[160];
    char old_title[512]; /* the window's title to give back */
} Handover;

/* Any key press (a controller's buttons arrive as keys) or a click hands
 * over; Escape too: it only closes this screen. */
static void handle(Screen *s, App *app, const UiInput *in)
{
    Handover *h = (Handover *)s;
    bool key = in->ev && in->ev->type == SDL_KEYDOWN && !in->repeat;
    if (!key && !in->click)
        return;
    SDL_SetWindowTitle(app->window, h->old_title);
    screens_pop(app);
}

static void draw(Screen *s, App *app)
{
    Handover *h = (Handover *)s;
    /* opaque: the board stays hidden until the next player is there */
    SDL_SetRenderDrawColor(app->sdl, 18, 14, 10, 255);
    SDL_RenderFillRect(app->sdl, NULL);
    int lh = uikit_line(app), pad = screens_px(app, 16), big = text_line_height(app->big);
    SDL_Rect r = uikit_centre(app, 460, 0);
    int text_w = r.w - 2 * pad;
    int lines = uikit_wrap_lines(app, h->line, text_w) + uikit_wrap_lines(app, h->hint, text_w);
    r.h = big + pad / 2 + lines * lh + lh / 2 + 2 * pad;
    r.y = (app->out_h - r.h) / 2;
    uikit_panel(app, r);
    uikit_title(app, h->title, r.x + pad, r.y + pad, UIKIT_GOLD);
    int y = r.y + pad + big + pad / 2;
    y = uikit_wrap(app, h->line, r.x + pad, y, r.w - 2 * pad, 4, UIKIT_TEXT) + lh / 2;
    uikit_wrap(app, h->hint, r.x + pad, y, r.w - 2 * pad, 4, UIKIT_DIM);
}

static void destroy(Screen *s)
{
    free(s);
}

const ScreenOps handover_ops = {"handover", handle, NULL, draw, destroy, NULL};

Screen *handover_create(App *app, int player, const char *hero_name, bool named, int turn)
{
    Handover *h = xcalloc(1, sizeof *h);
    h->base.ops = &handover_ops;
    h->base.opaque = true;
    snprintf(h->title, sizeof h->title, _("Pass to Player %d"), player);
    char whose[96];
    if (hero_name)
        uikit_turn_words(whose, sizeof whose, hero_name, named);
    else
        snprintf(whose, sizeof whose, _("the monsters' turn"));
    snprintf(h->line, sizeof h->line, _("Round %d: %s, played by Player %d."), turn, whose, player);
    snprintf(h->hint, sizeof h->hint,
             _("Player %d: press any key or click when you are ready. The board stays hidden "
             "until then."),
             player);
    snprintf(h->old_title, sizeof h->old_title, "%s", SDL_GetWindowTitle(app->window));
    char title[600];
    snprintf(title, sizeof title, _("Questboard - Pass to Player %d"), player);
    SDL_SetWindowTitle(app->window, title);
    return &h->base;
}

static Screen *open_handover(App *app, const void *args, char *err, size_t err_size)
{
    (void)err, (void)err_size;
    const HandoverArgs *a = args;
    return handover_create(app, a->player, a->hero_name, a->named, a->turn);
}

const ScreenEntry handover_entry = {&handover_ops, open_handover, NULL, NULL};
