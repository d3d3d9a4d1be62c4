#include "pausemenu.h"

#include "gamescreen.h"
#include "helpview.h"
#include "settingsview.h"
#include "slotview.h"
#include "title.h"
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
    case ITEM_SAVE: screens_push(app, slotview_create(app, p->game, true)); break;
    case ITEM_LOAD: screens_push(app, slotview_create(app, p->game, false)); break;
    case ITEM_SETTINGS: screens_push(app, settingsview_create(app)); break;
    case ITEM_HELP: screens_push(app, helpview_create(app)); break;
    case ITEM_QUIT:
        if (gamescreen_is_playtest(p->game)) {
            screens_pop(app); /* this menu, then the game: the editor is below */
            screens_pop(app);
            break;
        }
        gamescreen_leave(p->game); /* before the title looks for what to Continue */
        title_return(app);
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
    uikit_title(app, "Paused", r.x + pad, r.y + pad, UIKIT_GOLD);
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
    const char *labels[] = {"Resume", "Save", "Load", "Settings", "Help",
                            gamescreen_is_playtest(game) ? "Back to the editor" : "Quit to title"};
    for (int i = 0; i < 6; i++)
        uikit_menu_add(&p->menu, labels[i], NULL, true);
    return &p->base;
}
