#include "helpview.h"

#include "app/uikit.h"

#include "core/alloc.h"

#include <stdio.h>
#include <stdlib.h>

typedef struct HelpView {
    Screen base;
    int scroll; /* first binding row shown */
} HelpView;

static const char *const RULES =
    "Heroes take turns: roll to move (R), then walk with the cursor or mouse and act once: "
    "attack (F), search for treasure (T) or traps (Y), disarm (X) or cast a spell (C: pick it "
    "from the list with 1-9, then click or Enter on a shaded target; Esc cancels). Opening a door "
    "is free. Skulls hit, shields block. After every hero the monsters move. Meet the "
    "mission's objectives (J) to win; if every hero falls, the quest is lost.\n"
    "Controller: D-pad or left stick moves, A confirms, B goes back, Start opens the menu, "
    "shoulders pick the next hero and end the turn, X rolls, Y attacks.";

static void handle(Screen *s, App *app, const UiInput *in)
{
    HelpView *h = (HelpView *)s;
    if (in->action == BINDING_CURSOR_DOWN || in->wheel < 0)
        h->scroll = h->scroll + 1 < BINDING_COUNT ? h->scroll + 1 : h->scroll;
    else if (in->action == BINDING_CURSOR_UP || in->wheel > 0)
        h->scroll = h->scroll > 0 ? h->scroll - 1 : 0;
    else if (in->action == BINDING_BACK || in->action == BINDING_HELP ||
             in->action == BINDING_CONFIRM || in->click)
        screens_pop(app);
}

static void draw(Screen *s, App *app)
{
    HelpView *h = (HelpView *)s;
    uikit_dim(app);
    SDL_Rect r = uikit_centre(app, 860, 640);
    uikit_panel(app, r);
    int pad = screens_px(app, 16), lh = uikit_line(app);
    int y = r.y + pad;
    uikit_title(app, "Help", r.x + pad, y, UIKIT_GOLD);
    y += text_line_height(app->big);
    y = uikit_wrap(app, RULES, r.x + pad, y, r.w - 2 * pad, 8, UIKIT_TEXT) + lh / 2;
    int col = r.x + pad + screens_px(app, 260);
    int bottom = r.y + r.h - pad - lh;
    for (int a = h->scroll; a < BINDING_COUNT && y + lh <= bottom; a++, y += lh) {
        char keys[80];
        const char *k0 = settings_binding(app->settings, (BindingAction)a, 0);
        const char *k1 = settings_binding(app->settings, (BindingAction)a, 1);
        snprintf(keys, sizeof keys, "%s%s%s", k0[0] ? k0 : "-", k1[0] ? "   " : "", k1);
        uikit_text(app, bindings_action_label((BindingAction)a), r.x + pad, y, UIKIT_DIM);
        uikit_text(app, keys, col, y, UIKIT_TEXT);
    }
    uikit_text(app, "Up/Down scroll   Escape closes   keys can be changed in Settings", r.x + pad,
               bottom, UIKIT_DIM);
}

static void destroy(Screen *s)
{
    free(s);
}

const ScreenOps helpview_ops = {"help", handle, NULL, draw, destroy, NULL};

Screen *helpview_create(App *app)
{
    (void)app;
    HelpView *h = xcalloc(1, sizeof *h);
    h->base.ops = &helpview_ops;
    return &h->base;
}
