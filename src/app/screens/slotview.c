#include "slotview.h"

#include "core/i18n.h"

#include "app/slots.h"
#include "app/textfield.h"
#include "app/uikit.h"

#include "core/alloc.h"
#include "rules/party_save.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define ROW_TEXT 256

typedef struct SlotView {
    Screen base;
    Screen *game; /* NULL: from the title */
    bool save;
    SlotList *list;
    UiMenu menu;
    int first_slot; /* menu index of the list's first file */
    char labels[UIKIT_MENU_MAX][ROW_TEXT];
    char notes[UIKIT_MENU_MAX][ROW_TEXT];
    size_t files[UIKIT_MENU_MAX]; /* list index of each row */
    TextField name;
} SlotView;

static void row_texts(const SlotInfo *info, char *label, char *note)
{
    if (info->damaged) {
        snprintf(label, ROW_TEXT, _("%s (damaged)"), info->file);
        snprintf(note, ROW_TEXT, "%.200s", info->reason);
        return;
    }
    char date[32] = "";
    slots_date_format(info->header.date, date, sizeof date);
    if (strlen(date) >= 16) {
        date[10] = ' ';
        date[16] = '\0'; /* "YYYY-MM-DD HH:MM" */
    }
    snprintf(label, ROW_TEXT, "%.90s - %.90s", info->header.slot, info->header.mission);
    snprintf(note, ROW_TEXT, _("turn %d   %s"), info->header.turn, date);
}

static void refresh(SlotView *v, App *app)
{
    slots_list_destroy(v->list);
    v->list = slots_list_create(app->saves);
    uikit_menu_clear(&v->menu);
    if (v->save)
        uikit_menu_add(&v->menu, _("Save to a new slot with this name"), _("type to change it"), true);
    v->first_slot = v->menu.count;
    for (size_t i = 0; i < slots_list_count(v->list) && v->menu.count < UIKIT_MENU_MAX; i++) {
        const SlotInfo *info = slots_list_at(v->list, i);
        int row = v->menu.count;
        row_texts(info, v->labels[row], v->notes[row]);
        v->files[row] = i;
        uikit_menu_add(&v->menu, v->labels[row], v->notes[row], !info->damaged);
    }
    if (v->menu.count == 0)
        uikit_menu_add(&v->menu, _("No saved games yet"), NULL, false);
}

static void finish_save(SlotView *v, App *app, const char *file, const char *name)
{
    char err[2048];
    if (screens_game_save(v->game, app, file, name, err, sizeof err)) {
        screens_toast(app, _("saved \"%s\" (%s)"), name, file);
        screens_pop(app);
    } else {
        screens_error(app, _("The game was not saved"), err);
    }
}

/* A campaign save resumes the campaign (and its quest); true when the
 * slot holds one (opened, or refused with a message). */
static bool open_campaign(App *app, const char *file, bool *opened)
{
    SlotHeader h;
    char *body = NULL, err[8192];
    size_t size = 0;
    if (!slots_read(app->saves, file, &h, &body, &size, err, sizeof err))
        return false; /* the game's path reports it */
    bool campaign = party_save_is_campaign(body, size);
    /* a campaign refused says why itself */
    *opened = campaign && screens_go(app, SCREEN_CAMPAIGN_SAVE, &(CampaignSaveArgs){file, body, size});
    if (*opened)
        screens_toast(app, _("loaded %s"), file);
    free(body);
    return campaign;
}

/* SCREEN_SLOT: the game or campaign of slot file over a fresh title. */
static bool open_slot(App *app, const void *args)
{
    const char *file = ((const SlotArgs *)args)->file;
    char err[4096];
    bool opened;
    if (open_campaign(app, file, &opened))
        return opened;
    Screen *game = screens_open(app, SCREEN_SAVED_GAME, &(SlotArgs){file}, err, sizeof err);
    if (!game) {
        screens_error(app, _("This save cannot be loaded"), err);
        return false;
    }
    screens_go(app, SCREEN_TITLE, NULL);
    screens_push(app, game);
    screens_toast(app, _("loaded %s"), file);
    return true;
}

/* Saves into a new slot named as the field says. */
static void save_new(SlotView *v, App *app)
{
    char file[SLOTS_FILE_MAX];
    const char *name = v->name.len ? v->name.text : _("Unnamed");
    if (slots_file_for_name(name, file, sizeof file))
        finish_save(v, app, file, name);
}

static void choose(SlotView *v, App *app, int row)
{
    if (v->save && row == 0) {
        save_new(v, app);
        return;
    }
    if (row < v->first_slot)
        return;
    const SlotInfo *info = slots_list_at(v->list, v->files[row]);
    if (!info || info->damaged)
        return;
    if (v->save)
        finish_save(v, app, info->file, info->header.slot);
    else
        open_slot(app, &(SlotArgs){info->file});
}

/* The name field has the keys while the new slot's row is chosen (as
 * when the dialog opens): typing changes the name, Return saves at once
 * (F5, Return), Escape closes; the arrows, the wheel and clicks go to the
 * list. True when the field took the input. */
static bool handle_field(SlotView *v, App *app, const UiInput *in)
{
    SDL_Keycode k = in->ev->type == SDL_KEYDOWN ? in->ev->key.keysym.sym : SDLK_UNKNOWN;
    if (k == SDLK_RETURN || k == SDLK_KP_ENTER)
        save_new(v, app);
    else if (k == SDLK_ESCAPE)
        screens_pop(app);
    else if (k == SDLK_UP || k == SDLK_DOWN || in->pointer || in->wheel)
        return false;
    else
        uikit_field_handle(&v->name, in);
    return true;
}

/* W on a slot of the load list: its game in the replay viewer. */
static bool watch(SlotView *v, App *app, const UiInput *in)
{
    int row = v->menu.selected;
    if (v->save || in->ev->type != SDL_KEYDOWN || in->ev->key.keysym.sym != SDLK_w ||
        row < v->first_slot || row >= v->menu.count)
        return false;
    const SlotInfo *info = slots_list_at(v->list, v->files[row]);
    char path[4400];
    if (!info || info->damaged || !slots_join(app->saves, info->file, path, sizeof path))
        return true;
    screens_go(app, SCREEN_REPLAY, &(ReplayArgs){path});
    return true;
}

static void handle(Screen *s, App *app, const UiInput *in)
{
    SlotView *v = (SlotView *)s;
    if (watch(v, app, in))
        return;
    if (!v->name.focused || !handle_field(v, app, in)) {
        int row = uikit_menu_handle(&v->menu, in);
        if (row == -2)
            screens_pop(app);
        else if (row >= 0)
            choose(v, app, row);
    }
    if (v->save) /* the field follows the new slot's row */
        v->name.focused = v->base.wants_keys = v->menu.selected == 0;
    uikit_text_input(&v->name);
}

static void draw(Screen *s, App *app)
{
    SlotView *v = (SlotView *)s;
    uikit_dim(app);
    SDL_Rect r = uikit_centre(app, 900, 600);
    uikit_panel(app, r);
    int pad = screens_px(app, 16), lh = uikit_line(app);
    uikit_title(app, v->save ? _("Save game") : _("Load game"), r.x + pad, r.y + pad, UIKIT_GOLD);
    int y = r.y + pad + text_line_height(app->big);
    if (v->save) {
        uikit_text(app, _("Name of a new slot:"), r.x + pad, y, UIKIT_DIM);
        y += lh;
        uikit_field_draw(app, &v->name, (SDL_Rect){r.x + pad, y, r.w - 2 * pad, lh + lh / 2});
        y += 2 * lh;
    }
    const char *help = v->name.focused ? _("Type a name, Return saves, Down: a slot to save over, Escape: back")
                       : v->save       ? _("Return: save here (a slot is overwritten), Escape: back")
                                       : _("Return: load, W: watch its replay, Escape: back; "
                                           "damaged saves are greyed");
    /* the hint wraps on a narrow window (800x600 at UI scale 1.5) */
    int bottom = r.y + r.h - pad - lh * uikit_wrap_lines(app, help, r.w - 2 * pad);
    uikit_menu_draw(app, &v->menu, (SDL_Rect){r.x + pad, y, r.w - 2 * pad, bottom - y - lh});
    uikit_wrap(app, help, r.x + pad, bottom, r.w - 2 * pad, 4, UIKIT_DIM);
    if (slots_list_error(v->list)[0])
        uikit_text(app, slots_list_error(v->list), r.x + pad, bottom - lh, UIKIT_BAD);
}

static void destroy(Screen *s)
{
    SlotView *v = (SlotView *)s;
    if (SDL_IsTextInputActive())
        SDL_StopTextInput();
    slots_list_destroy(v->list);
    free(v);
}

static const ScreenOps ops = {"slots", handle, NULL, draw, destroy, NULL};

Screen *slotview_create(App *app, Screen *game, bool save)
{
    SlotView *v = xcalloc(1, sizeof *v);
    v->base.ops = &ops;
    v->game = game;
    v->save = save && game;
    textfield_init(&v->name, game ? screens_game_mission(game) : "", 60);
    refresh(v, app);
    /* saving: the name field has the keys at once, so F5 then Return saves */
    v->name.focused = v->base.wants_keys = v->save;
    uikit_text_input(&v->name);
    return &v->base;
}

static Screen *open_slots(App *app, const void *args, char *err, size_t err_size)
{
    (void)err, (void)err_size;
    const GameMenuArgs *a = args;
    return slotview_create(app, a->game, a->save);
}

const ScreenEntry slotview_entry = {&ops, open_slots, NULL, NULL};
const ScreenEntry slotview_open_entry = {NULL, NULL, open_slot, NULL};
