#include "helpview.h"

#include "core/i18n.h"

#include "app/uikit.h"

#include "core/alloc.h"

#include <stdio.h>
#include <stdlib.h>

typedef struct HelpView {
    Screen base;
    int scroll; /* first binding row shown */
    char rules[1024];
} HelpView;

/* The primary key of action a as the player bound it, "-" when none. */
static const char *key_of(const App *app, BindingAction a)
{
    const char *k = settings_binding(app->settings, a, 0);
    return k[0] ? k : "-";
}

/* The rules in brief, naming the keys the player has now. */
static void rules_text(const App *app, char *buf, size_t size)
{
    snprintf(buf, size,
             _("Heroes take turns: roll to move (%s), then walk with the cursor or mouse and act once: "
             "attack (%s), search for treasure (%s) or traps (%s), disarm (%s) or cast a spell (%s: "
             "pick it from the list with 1-9, then click or %s on a shaded target; %s cancels). "
             "Opening a door (%s) and drinking a potion (%s) are free; a move can be taken back (%s) "
             "until it showed something new. A trap that springs ends the hero's turn. Skulls hit, "
             "shields block. After every hero the monsters move. Meet the "
             "mission's objectives (%s) to win; if every hero falls, the quest is lost.\n"
             "Controller: D-pad or left stick moves, A confirms, B goes back, Start opens the menu, "
             "shoulders pick the next hero and end the turn, X rolls, Y attacks, Back moves into the "
             "command bar (the D-pad picks any command, A presses it, B leaves), Guide is help. "
             "In the armoury: LB "
             "the armoury's list, RB the hero's bag, A buys or sells, X wears, Y gives gold."),
             key_of(app, BINDING_ROLL), key_of(app, BINDING_ATTACK), key_of(app, BINDING_SEARCH_TREASURE),
             key_of(app, BINDING_SEARCH_TRAPS), key_of(app, BINDING_DISARM), key_of(app, BINDING_CAST_SPELL),
             key_of(app, BINDING_CONFIRM), key_of(app, BINDING_BACK), key_of(app, BINDING_OPEN_DOOR),
             key_of(app, BINDING_DRINK), key_of(app, BINDING_UNDO), key_of(app, BINDING_OBJECTIVES));
}

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
    uikit_title(app, _("Help"), r.x + pad, y, UIKIT_GOLD);
    y += text_line_height(app->big);
    rules_text(app, h->rules, sizeof h->rules); /* the keys may have changed */
    y = uikit_wrap(app, h->rules, r.x + pad, y, r.w - 2 * pad, 8, UIKIT_TEXT) + lh / 2;
    /* the keys' column after the widest action's name (German's are
     * longer, and a larger text size widens them all), at most half the
     * panel, where a longer name is cut */
    int label_w = screens_px(app, 244);
    for (int a = 0; a < BINDING_COUNT; a++) {
        int w = 0, th = 0;
        text_size(app->ui, bindings_action_label((BindingAction)a), &w, &th);
        label_w = w > label_w ? w : label_w;
    }
    label_w = label_w < (r.w - 2 * pad) / 2 ? label_w : (r.w - 2 * pad) / 2;
    int col = r.x + pad + label_w + screens_px(app, 16);
    /* the hint wraps on a narrow window (800x600 at UI scale 1.5) */
    const char *hint = _("Up/Down scroll   Escape closes   keys can be changed in Settings");
    int bottom = r.y + r.h - pad - lh * uikit_wrap_lines(app, hint, r.w - 2 * pad);
    for (int a = h->scroll; a < BINDING_COUNT && y + lh <= bottom; a++, y += lh) {
        char keys[80];
        const char *k0 = settings_binding(app->settings, (BindingAction)a, 0);
        const char *k1 = settings_binding(app->settings, (BindingAction)a, 1);
        snprintf(keys, sizeof keys, "%s%s%s", k0[0] ? k0 : "-", k1[0] ? "   " : "", k1);
        uikit_text_fit(app, bindings_action_label((BindingAction)a), r.x + pad, y, label_w, UIKIT_DIM);
        uikit_text(app, keys, col, y, UIKIT_TEXT);
    }
    uikit_wrap(app, hint, r.x + pad, bottom, r.w - 2 * pad, 4, UIKIT_DIM);
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

static Screen *open_help(App *app, const void *args, char *err, size_t err_size)
{
    (void)args, (void)err, (void)err_size;
    return helpview_create(app);
}

const ScreenEntry helpview_entry = {&helpview_ops, open_help, NULL, NULL};
