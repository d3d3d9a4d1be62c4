#include "errorview.h"

#include "core/i18n.h"

#include "app/uikit.h"

#include "core/alloc.h"

#include <stdlib.h>

typedef struct ErrorView {
    Screen base;
    char *title, *text;
} ErrorView;

static void handle(Screen *s, App *app, const UiInput *in)
{
    (void)s;
    if (in->action == BINDING_BACK || in->action == BINDING_CONFIRM || in->click)
        screens_pop(app);
}

static void draw(Screen *s, App *app)
{
    ErrorView *e = (ErrorView *)s;
    uikit_dim(app);
    SDL_Rect r = uikit_centre(app, 820, 420);
    uikit_panel(app, r);
    int pad = screens_px(app, 16), lh = uikit_line(app);
    uikit_title_fit(app, e->title, r.x + pad, r.y + pad, r.w - 2 * pad, UIKIT_BAD);
    int y = r.y + pad + text_line_height(app->big);
    int lines = (r.h - (y - r.y) - 2 * lh - pad) / lh;
    uikit_wrap(app, e->text, r.x + pad, y, r.w - 2 * pad, lines, UIKIT_TEXT);
    uikit_text(app, _("Return or Escape closes this panel"), r.x + pad, r.y + r.h - pad - lh,
               UIKIT_DIM);
}

static void destroy(Screen *s)
{
    ErrorView *e = (ErrorView *)s;
    free(e->title);
    free(e->text);
    free(e);
}

static const ScreenOps ops = {"error", handle, NULL, draw, destroy, NULL};

Screen *errorview_create(App *app, const char *title, const char *text)
{
    (void)app;
    ErrorView *e = xcalloc(1, sizeof *e);
    e->base.ops = &ops;
    e->title = xstrdup(title);
    e->text = xstrdup(text);
    return &e->base;
}

static Screen *open_error(App *app, const void *args, char *err, size_t err_size)
{
    (void)err, (void)err_size;
    const ErrorArgs *a = args;
    return errorview_create(app, a->title, a->text);
}

const ScreenEntry errorview_entry = {&ops, open_error, NULL, NULL};
