#include "pausemenu.h"

#include "core/i18n.h"

#include "app/uikit.h"

#include "core/alloc.h"

#include <stdlib.h>

enum { ITEM_RESUME, ITEM_SAVE, ITEM_LOAD, ITEM_SETTINGS, ITEM_HELP, ITEM_QUIT };

typedef struct PauseMenu {
    Screen base;
    Screen *game;
    UiMenu menu;
} PauseMenu;

static void handle(Screen *s, App *app, const UiInput *in)
{
    PauseMenu *p = (PauseMenu *)s;
    switch (uikit_menu_handle(&p->menu, in)) {
    case ITEM_RESUME:
    case -2: screens_pop(app); break;
    case ITEM_SAVE: screens_go(app, SCREEN_SLOTS, &(GameMenuArgs){p->game, true}); break;
    case ITEM_LOAD: screens_go(app, SCREEN_SLOTS, &(GameMenuArgs){p->game, false}); break;
    case ITEM_SETTINGS: screens_go(app, SCREEN_SETTINGS, NULL); break;
    case ITEM_HELP: screens_go(app, SCREEN_HELP, NULL); break;
    case ITEM_QUIT:
        if (screens_game_to_below(p->game)) {
            screens_pop(app); /* this menu, then the game: the editor is below */
            screens_pop(app);
            break;
        }
        screens_game_leave(p->game); /* before the title looks for what to Continue */
        screens_go(app, SCREEN_TITLE, &(TitleArgs){true});
        break;
    default: break;
    }
}

static void draw(Screen *s, App *app)
{
    PauseMenu *p = (PauseMenu *)s;
    uikit_dim(app);
    int lh = uikit_line(app), pad = screens_px(app, 16);
    int h = text_line_height(app->big) + 6 * (lh + lh / 3) + 3 * pad;
    SDL_Rect r = uikit_centre(app, 400, 0);
    r.h = h, r.y = (app->out_h - h) / 2;
    uikit_panel(app, r);
    uikit_title(app, _("Paused"), r.x + pad, r.y + pad, UIKIT_GOLD);
    int top = r.y + pad + text_line_height(app->big) + pad / 2;
    uikit_menu_draw(app, &p->menu, (SDL_Rect){r.x + pad, top, r.w - 2 * pad, r.y + r.h - pad - top});
}

static void destroy(Screen *s)
{
    free(s);
}

static const ScreenOps ops = {"pause", handle, NULL, draw, destroy, NULL};

Screen *pausemenu_create(App *app, Screen *game)
{
    (void)app;
    PauseMenu *p = xcalloc(1, sizeof *p);
    p->base.ops = &ops;
    p->game = game;
    const char *labels[] = {_("Resume"), _("Save"), _("Load"), _("Settings"), _("Help"),
                            screens_game_to_below(game) ? _("Back to the editor") : _("Quit to title")};
    for (int i = 0; i < 6; i++)
        uikit_menu_add(&p->menu, labels[i], NULL, true);
    return &p->base;
}

static Screen *open_pause(App *app, const void *args, char *err, size_t err_size)
{
    (void)err, (void)err_size;
    return pausemenu_create(app, ((const GameMenuArgs *)args)->game);
}

const ScreenEntry pausemenu_entry = {&ops, open_pause, NULL, NULL};
