#include "confirm.h"

#include "app/uikit.h"

#include "core/alloc.h"

#include <stdio.h>
#include <stdlib.h>

typedef struct Confirm {
    Screen base;
    UiMenu menu;
    char title[128], text[256], yes[64], no[64];
    ConfirmAction on_yes;
    void *ctx;
    void (*free_ctx)(void *ctx);
} Confirm;

static void handle(Screen *s, App *app, const UiInput *in)
{
    Confirm *c = (Confirm *)s;
    int row = uikit_menu_handle(&c->menu, in);
    if (row == 0) {
        ConfirmAction act = c->on_yes;
        void *ctx = c->ctx;
        screens_pop(app);
        if (act)
            act(app, ctx);
    } else if (row == 1 || row == -2) {
        screens_pop(app);
    }
}

static void draw(Screen *s, App *app)
{
    Confirm *c = (Confirm *)s;
    uikit_dim(app);
    int lh = uikit_line(app), pad = screens_px(app, 16);
    int text_lines = c->text[0] ? 2 : 0;
    int h = text_line_height(app->big) + (2 + text_lines) * (lh + lh / 3) + 3 * pad;
    SDL_Rect r = uikit_centre(app, 460, 0);
    r.h = h, r.y = (app->out_h - h) / 2;
    uikit_panel(app, r);
    uikit_title(app, c->title, r.x + pad, r.y + pad, UIKIT_GOLD);
    int y = r.y + pad + text_line_height(app->big) + pad / 2;
    if (c->text[0])
        y = uikit_wrap(app, c->text, r.x + pad, y, r.w - 2 * pad, text_lines, UIKIT_TEXT) + lh / 3;
    uikit_menu_draw(app, &c->menu, (SDL_Rect){r.x + pad, y, r.w - 2 * pad, r.y + r.h - pad - y});
}

static void destroy(Screen *s)
{
    Confirm *c = (Confirm *)s;
    if (c->free_ctx)
        c->free_ctx(c->ctx);
    free(s);
}

static const ScreenOps ops = {"confirm", handle, NULL, draw, destroy, NULL};

Screen *confirm_create(App *app, const char *title, const char *text, const char *yes, const char *no,
                       bool yes_first, ConfirmAction on_yes, void *ctx)
{
    (void)app;
    Confirm *c = xcalloc(1, sizeof *c);
    c->base.ops = &ops;
    snprintf(c->title, sizeof c->title, "%s", title);
    snprintf(c->text, sizeof c->text, "%s", text ? text : "");
    snprintf(c->yes, sizeof c->yes, "%s", yes);
    snprintf(c->no, sizeof c->no, "%s", no);
    c->on_yes = on_yes;
    c->ctx = ctx;
    uikit_menu_add(&c->menu, c->yes, NULL, true);
    uikit_menu_add(&c->menu, c->no, NULL, true);
    c->menu.selected = yes_first ? 0 : 1;
    return &c->base;
}

static Screen *open_confirm(App *app, const void *args, char *err, size_t err_size)
{
    (void)err, (void)err_size;
    const ConfirmArgs *a = args;
    Screen *s = confirm_create(app, a->title, a->text, a->yes, a->no, a->yes_first, a->on_yes, a->ctx);
    ((Confirm *)s)->free_ctx = a->free_ctx;
    return s;
}

const ScreenEntry confirm_entry = {&ops, open_confirm, NULL, NULL};
