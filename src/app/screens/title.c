#include "title.h"

#include "core/i18n.h"

#include "app/paths.h"
#include "app/slots.h"
#include "app/uikit.h"

#include "core/alloc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { ITEM_CONTINUE, ITEM_NEW, ITEM_CAMPAIGN, ITEM_RANDOM, ITEM_EDITOR, ITEM_ONLINE, ITEM_LOAD,
       ITEM_SETTINGS, ITEM_HELP, ITEM_QUIT };

typedef struct Title {
    Screen base;
    UiMenu menu;
    char continue_file[SLOTS_FILE_MAX];
    char continue_note[256];
    bool back_from_game; /* TitleArgs.from_game: Continue is what comes next */
    SDL_Texture *band;   /* the backdrop's band of stones (draw_backdrop), NULL: none yet */
    int band_w, band_tile;
    unsigned band_resets; /* app->render_resets when it was made */
} Title;

/* Continue is enabled when a good save exists; its note says which. */
static void refresh(Title *t, App *app)
{
    SlotList *l = slots_list_create(app->saves);
    const SlotInfo *best = slots_list_most_recent(l);
    t->continue_file[0] = t->continue_note[0] = '\0';
    if (best) {
        snprintf(t->continue_file, sizeof t->continue_file, "%s", best->file);
        if (best->header.turn > 0)
            snprintf(t->continue_note, sizeof t->continue_note, _("%s, turn %d"), best->header.mission,
                     best->header.turn);
        else /* a campaign between quests */
            snprintf(t->continue_note, sizeof t->continue_note, "%s", best->header.mission);
    }
    slots_list_destroy(l);
    int keep = t->menu.selected;
    uikit_menu_clear(&t->menu);
    uikit_menu_add(&t->menu, _("Continue"), t->continue_note, best != NULL);
    uikit_menu_add(&t->menu, _("New game"), NULL, true);
    uikit_menu_add(&t->menu, _("Campaign"), NULL, true);
    uikit_menu_add(&t->menu, _("Random quest"), NULL, true);
    uikit_menu_add(&t->menu, _("Editor"), NULL, true);
    uikit_menu_add(&t->menu, _("Online"), NULL, true);
    uikit_menu_add(&t->menu, _("Load"), NULL, true);
    uikit_menu_add(&t->menu, _("Settings"), NULL, true);
    uikit_menu_add(&t->menu, _("Help"), NULL, true);
    uikit_menu_add(&t->menu, _("Quit"), NULL, true);
    if (keep > 0 || best)
        t->menu.selected = best && keep == 0 ? 0 : keep > 0 ? keep : 1;
    /* back from a game: Continue takes it up again, whatever was chosen
     * to start it (New game, Load) */
    if (best && t->back_from_game)
        t->menu.selected = 0;
    t->back_from_game = false;
    SDL_SetWindowTitle(app->window, "Questboard");
}

static void quit(App *app, void *ctx)
{
    (void)ctx;
    app->running = false;
}

static void handle(Screen *s, App *app, const UiInput *in)
{
    Title *t = (Title *)s;
    char buf[4096];
    switch (uikit_menu_handle(&t->menu, in)) {
    case ITEM_CONTINUE: screens_go(app, SCREEN_SLOT, &(SlotArgs){t->continue_file}); break;
    case ITEM_NEW:
        screens_go(app, SCREEN_PICKER, &(PickerArgs){paths_default_mission(buf, sizeof buf), false});
        break;
    case ITEM_CAMPAIGN: screens_go(app, SCREEN_CAMPAIGN_PICK, NULL); break;
    case ITEM_RANDOM: screens_go(app, SCREEN_RANDOM_QUEST, NULL); break;
    case ITEM_EDITOR: screens_go(app, SCREEN_EDITOR, &(EditorArgs){NULL}); break;
    case ITEM_ONLINE: screens_go(app, SCREEN_ONLINE, NULL); break;
    case ITEM_LOAD: screens_go(app, SCREEN_SLOTS, &(GameMenuArgs){NULL, false}); break;
    case ITEM_SETTINGS: screens_go(app, SCREEN_SETTINGS, NULL); break;
    case ITEM_HELP: screens_go(app, SCREEN_HELP, NULL); break;
    case ITEM_QUIT: app->running = false; break; /* chosen: no question */
    case -2: /* Escape: a key easily pressed once too often asks first */
        screens_go(app, SCREEN_CONFIRM,
                   &(ConfirmArgs){_("Quit Questboard?"), "", _("Quit"), _("Stay"), true, quit, NULL, NULL});
        break;
    default: break;
    }
}

#define BACKDROP_SHADES 5 /* a stone's shade repeats every five stones down and across */

/* One band of the flagstone backdrop: the window's width, five rows of
 * stones (the pattern's period down), each stone one of five dark shades,
 * the window's background in the one-pixel joints around each. Every
 * pixel line inside a row of stones is the same: made once, copied down
 * (SDL_FillRect a stone at a time cost 3 ms here, see draw_backdrop). */
static Uint32 *band_line(SDL_Surface *s, int y)
{
    return (Uint32 *)(void *)((Uint8 *)s->pixels + (size_t)y * (size_t)s->pitch);
}

static SDL_Texture *make_band(App *app, int w, int tile)
{
    int h = BACKDROP_SHADES * tile;
    SDL_Surface *s = SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, SDL_PIXELFORMAT_ARGB8888);
    if (!s)
        return NULL;
    Uint32 joint = SDL_MapRGBA(s->format, SCREENS_BACKGROUND, 255), stone[BACKDROP_SHADES];
    for (int k = 0; k < BACKDROP_SHADES; k++) {
        int shade = 22 + k * 3;
        stone[k] =
            SDL_MapRGBA(s->format, (Uint8)shade, (Uint8)(shade - 4), (Uint8)(shade - 8), 255);
    }
    for (int row = 0; row < BACKDROP_SHADES; row++) {
        Uint32 *inner = band_line(s, row * tile + 1);
        for (int x = 0; x < w; x++) {
            int in = x % tile;
            unsigned k = ((unsigned)(x / tile) * 7u + (unsigned)row * 13u) % BACKDROP_SHADES;
            inner[x] = in == 0 || in == tile - 1 ? joint : stone[k];
        }
        for (int y = row * tile; y < (row + 1) * tile; y++) {
            Uint32 *p = band_line(s, y);
            if (y == row * tile || y == (row + 1) * tile - 1)
                for (int x = 0; x < w; x++)
                    p[x] = joint;
            else if (p != inner)
                memcpy(p, inner, (size_t)w * sizeof *p);
        }
    }
    SDL_Texture *band = SDL_CreateTextureFromSurface(app->sdl, s);
    SDL_FreeSurface(s);
    if (band)
        SDL_SetTextureBlendMode(band, SDL_BLENDMODE_NONE);
    return band;
}

/* A dark flagstone pattern behind the menu, copied band by band from one
 * texture made for the window's width and UI scale. Drawn stone by stone
 * it cost 17 ms of the title's 70 at 1280x800 on the software renderer:
 * SDL fills a narrow rectangle's rows with streaming stores and finishes
 * each row's last pixels with plain ones into the same cache lines, ten
 * times a memset's time; a band's rows are whole lines, copied. */
static void draw_backdrop(Title *t, App *app)
{
    int tile = screens_px(app, 48);
    if (tile < 3 || app->out_w <= 0 || app->out_h <= 0)
        return;
    if (t->band && (t->band_w != app->out_w || t->band_tile != tile ||
                    t->band_resets != app->render_resets)) {
        SDL_DestroyTexture(t->band);
        t->band = NULL;
    }
    if (!t->band) {
        t->band = make_band(app, app->out_w, tile);
        t->band_w = app->out_w, t->band_tile = tile, t->band_resets = app->render_resets;
    }
    if (!t->band)
        return;
    int h = BACKDROP_SHADES * tile;
    for (int y = 0; y < app->out_h; y += h)
        SDL_RenderCopy(app->sdl, t->band, NULL, &(SDL_Rect){0, y, app->out_w, h});
}

static void draw(Screen *s, App *app)
{
    Title *t = (Title *)s;
    draw_backdrop(t, app);
    int lh = uikit_line(app), pad = screens_px(app, 16);
    int tw, th;
    text_size(app->big, "QUESTBOARD", &tw, &th);
    int w = screens_px(app, 420), rows = 10, h = rows * (lh + lh / 3) + 2 * pad;
    /* a sixth of the way down; higher where the menu under it would not
     * fit (800x600 at UI scale 1.25 put the menu over the subtitle) */
    int y = app->out_h / 6, below = th + 2 * lh + h;
    if (y + below > app->out_h - 2 * lh)
        y = app->out_h - 2 * lh - below > pad / 2 ? app->out_h - 2 * lh - below : pad / 2;
    uikit_title(app, "QUESTBOARD", (app->out_w - tw) / 2, y, UIKIT_GOLD);
    const char *sub = _("a dungeon crawl on a board of squares");
    int sw, sh;
    text_size(app->ui, sub, &sw, &sh);
    int top = y + th + 2 * lh;
    if (top + h > app->out_h - 2 * lh) /* a small window or a large UI scale */
        top = app->out_h - 2 * lh - h > 0 ? app->out_h - 2 * lh - h : 0;
    if (top >= y + th + lh) /* the subtitle where the menu leaves it room */
        uikit_text(app, sub, (app->out_w - sw) / 2, y + th, UIKIT_DIM);
    SDL_Rect panel = {(app->out_w - w) / 2, top, w, h};
    uikit_panel(app, panel);
    uikit_menu_draw(app, &t->menu, (SDL_Rect){panel.x + pad, panel.y + pad, w - 2 * pad, h - 2 * pad});
    const char *foot = _("Arrows or mouse choose, Return confirms, F1 help, F11 fullscreen");
    text_size(app->ui, foot, &sw, &sh);
    if (sw < app->out_w)
        uikit_text(app, foot, (app->out_w - sw) / 2, app->out_h - 3 * lh / 2, UIKIT_DIM);
}

static void resumed(Screen *s, App *app)
{
    refresh((Title *)s, app);
}

static void destroy(Screen *s)
{
    Title *t = (Title *)s;
    if (t->band)
        SDL_DestroyTexture(t->band);
    free(t);
}

const ScreenOps title_ops = {"title", handle, NULL, draw, destroy, resumed};

Screen *title_create(App *app)
{
    Title *t = xcalloc(1, sizeof *t);
    t->base.ops = &title_ops;
    t->base.opaque = true;
    refresh(t, app);
    return &t->base;
}

static Screen *open_title(App *app, const void *args, char *err, size_t err_size)
{
    (void)args, (void)err, (void)err_size;
    return title_create(app);
}

/* Going to the title pops down to it when it is on the stack, else
 * replaces the whole stack with a new one; back from a game (TitleArgs)
 * its cursor goes to Continue. */
static bool go_title(App *app, const void *args)
{
    const TitleArgs *a = args;
    Screen *title = screens_find(app, &title_ops);
    if (title) {
        if (a && a->from_game)
            ((Title *)title)->back_from_game = true;
        screens_pop_to(app, title);
    } else
        screens_reset(app, title_create(app));
    return true;
}

const ScreenEntry title_entry = {&title_ops, open_title, go_title, NULL};
