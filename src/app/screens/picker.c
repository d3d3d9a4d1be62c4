#include "picker.h"

#include "mission/mission_lang.h"

#include "core/i18n.h"

#include "app/missionlist.h"
#include "app/missionui.h"
#include "app/packcli.h"
#include "app/paths.h"
#include "app/textfield.h"
#include "app/uikit.h"

#include "core/alloc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define ROW_TEXT 128
/* The player's missions analysed (for the warnings mark) when the list
 * opens; later ones are analysed when highlighted. */
#define PICKER_ANALYSE_MAX 64

typedef struct Picker {
    Screen base;
    MissionList *list;
    UiMenu menu;
    int path_row;                       /* the "open by path" row */
    char labels[UIKIT_MENU_MAX][ROW_TEXT];
    char notes[UIKIT_MENU_MAX][ROW_TEXT];
    TextField path;
    int shown;                          /* row whose mission is loaded below */
    Mission *mission;                   /* the highlighted mission, or NULL */
    SDL_Texture *map;                   /* its board in small, or NULL */
    char error[2048];                   /* why it did not load */
    ErrorList warnings;                 /* the highlighted mission's, when it is the player's */
    bool note_in_preview;               /* the list's note on it in the preview (one pane) */
    /* A narrow window (800x600 at UI scale 1.5) shows the list or the
     * preview, each the panel's whole width, their names as tabs on the
     * panel's first line (Tab, Left/Right or a click switches). */
    bool one_pane;                      /* as the last frame was drawn */
    bool on_preview;                    /* the preview is the pane shown */
    SDL_Rect tabs[2];                   /* "Missions", "Preview" as drawn */
} Picker;

/* The list's note on one of the player's missions: whether it loads and
 * how many warnings --check gives it. */
static void own_note(App *app, const char *path, char *note, size_t size)
{
    char err[2048];
    Mission *m = missionui_load(app, path, err, sizeof err);
    if (!m) {
        snprintf(note, size, _("yours: does not load"));
        return;
    }
    ErrorList w;
    size_t n = missionui_warnings(m, &w);
    errors_clear(&w);
    mission_destroy(m);
    if (n)
        snprintf(note, size, ngettext("yours: %zu warning", "yours: %zu warnings", n), n);
    else
        snprintf(note, size, _("your missions"));
}

static void fill_menu(Picker *p, App *app, const char *preselect)
{
    char root[4200];
    missionlist_scan(p->list, paths_data_file("missions", root, sizeof root), MISSIONLIST_BUNDLED);
    if (app->pref[0]) {
        snprintf(root, sizeof root, "%smissions", app->pref);
        missionlist_scan(p->list, root, MISSIONLIST_USER);
        /* the mission packs there, unpacked once, listed by their names */
        PackListed *packs = xcalloc(PACKCLI_LIST_MAX, sizeof *packs);
        size_t n = packcli_scan(root, PACK_MISSION, packs, PACKCLI_LIST_MAX);
        for (size_t i = 0; i < n; i++)
            missionlist_add_pack(p->list, packs[i].name, packs[i].opened.main, MISSIONLIST_USER);
        free(packs);
    }
    int analysed = 0;
    for (size_t i = 0; i < missionlist_count(p->list) && p->menu.count < UIKIT_MENU_MAX - 1; i++) {
        const MissionEntry *e = missionlist_at(p->list, i);
        int row = p->menu.count;
        /* the mission's title ("The Leaning Nave"), its folder's name
         * when it has none (a HeroScribe quest, a file that does not parse) */
        mission_file_name(e->path, p->labels[row], ROW_TEXT);
        if (!p->labels[row][0])
            snprintf(p->labels[row], ROW_TEXT, "%s", e->id);
        snprintf(p->notes[row], ROW_TEXT, "%s", e->origin == MISSIONLIST_USER ? _("your missions") : _("bundled"));
        if (e->origin == MISSIONLIST_USER && analysed++ < PICKER_ANALYSE_MAX)
            own_note(app, e->path, p->notes[row], ROW_TEXT);
        if (e->pack) /* what the note says, of a pack: which file it is */
            snprintf(p->notes[row], ROW_TEXT, _("quest pack %s"), e->id);
        uikit_menu_add(&p->menu, p->labels[row], p->notes[row], true);
        if (preselect && strcmp(e->path, preselect) == 0)
            p->menu.selected = row;
    }
    p->path_row = uikit_menu_add(&p->menu, _("Open a mission by path..."), NULL, true);
    p->shown = -1;
}

static const char *row_path(const Picker *p, int row)
{
    if (row == p->path_row)
        return NULL;
    const MissionEntry *e = missionlist_at(p->list, (size_t)row);
    return e ? e->path : NULL;
}

/* Loads the highlighted mission for the preview, once per highlight. */
static void preview(Picker *p, App *app)
{
    if (p->shown == p->menu.selected)
        return;
    p->shown = p->menu.selected;
    mission_destroy(p->mission);
    p->mission = NULL;
    if (p->map)
        SDL_DestroyTexture(p->map);
    p->map = NULL;
    p->error[0] = '\0';
    errors_clear(&p->warnings);
    const char *path = row_path(p, p->shown);
    if (path)
        p->mission = missionui_load(app, path, p->error, sizeof p->error);
    if (p->mission)
        p->map = missionui_map_texture(app->sdl, p->mission);
    if (p->mission && missionui_own(app, path))
        missionui_warnings(p->mission, &p->warnings);
}

/* The map at the bottom of the preview, as large as fits in r under y,
 * keeping the board's proportions; returns the top it left for the text
 * above (the whole of r when there is no room). */
static int draw_map(Picker *p, App *app, SDL_Rect r, int y)
{
    int tw, th, lh = uikit_line(app);
    if (!p->map || SDL_QueryTexture(p->map, NULL, NULL, &tw, &th) != 0 || tw <= 0 || th <= 0)
        return r.y + r.h;
    /* half of what is left, the briefing keeping the rest; on a small
     * window the map keeps 4 lines' height or more while one is left for
     * the briefing's start, and 3 or more before any (the briefing screen
     * shows it whole) */
    int left = r.y + r.h - y, room_h = left / 2;
    if (room_h < 4 * lh)
        room_h = left - lh - lh / 2;
    if (room_h < 3 * lh) /* the map rather than a line of briefing (800x600 at 1.5, one pane) */
        room_h = left;
    if (room_h < 3 * lh)
        return r.y + r.h;
    double k = (double)r.w / tw < (double)room_h / th ? (double)r.w / tw : (double)room_h / th;
    SDL_Rect dst = {r.x + (r.w - (int)(tw * k)) / 2, r.y + r.h - (int)(th * k), (int)(tw * k), (int)(th * k)};
    SDL_RenderCopy(app->sdl, p->map, NULL, &dst);
    return dst.y - lh / 2;
}

static void open_mission(App *app, const char *path)
{
    screens_go(app, SCREEN_BRIEFING, &(BriefingArgs){path, NULL});
}

static bool open_path(App *app, const char *path);

static void handle_field(Picker *p, App *app, const UiInput *in)
{
    SDL_Keycode k = in->ev->type == SDL_KEYDOWN ? in->ev->key.keysym.sym : SDLK_UNKNOWN;
    if (k == SDLK_RETURN || k == SDLK_KP_ENTER) {
        p->path.focused = p->base.wants_keys = false;
        if (p->path.len)
            open_path(app, p->path.text);
    } else if (k == SDLK_ESCAPE) {
        p->path.focused = p->base.wants_keys = false;
    } else {
        uikit_field_handle(&p->path, in);
    }
}

/* The narrow window's tabs: true when the input switched the pane or
 * belongs to the preview (whose rows the list's pointer must not see). */
static bool handle_pane(Picker *p, const UiInput *in)
{
    SDL_Keycode k = in->ev->type == SDL_KEYDOWN ? in->ev->key.keysym.sym : SDLK_UNKNOWN;
    SDL_Point at = {in->x, in->y};
    if (in->click && SDL_PointInRect(&at, &p->tabs[0]))
        p->on_preview = false;
    else if (in->click && SDL_PointInRect(&at, &p->tabs[1]))
        p->on_preview = true;
    else if (k == SDLK_TAB)
        p->on_preview = !p->on_preview;
    else if (in->action == BINDING_CURSOR_RIGHT && p->menu.selected != p->path_row)
        p->on_preview = true;
    else if (p->on_preview && (in->action == BINDING_CURSOR_LEFT || (in->action == BINDING_BACK && !in->repeat)))
        p->on_preview = false; /* back to the list, not out of the picker */
    else
        return p->on_preview && in->pointer;
    return true;
}

static void handle(Screen *s, App *app, const UiInput *in)
{
    Picker *p = (Picker *)s;
    if (p->path.focused)
        handle_field(p, app, in);
    else if (!p->one_pane || !handle_pane(p, in)) {
        int row = uikit_menu_handle(&p->menu, in);
        if (row == -2)
            screens_pop(app);
        else if (row == p->path_row)
            p->path.focused = p->base.wants_keys = true;
        else if (row >= 0 && row_path(p, row))
            open_mission(app, row_path(p, row));
    }
    uikit_text_input(&p->path);
}

/* The highlighted mission in the panel r (drawn by the caller), its text
 * from top down. */
static void draw_preview(Picker *p, App *app, SDL_Rect r, int top)
{
    int pad = screens_px(app, 16), lh = uikit_line(app);
    int x = r.x + pad, y = top, w = r.w - 2 * pad;
    if (p->menu.selected == p->path_row) {
        y = uikit_wrap(app, _("Type the path of a mission XML (or a bare PNG/BMP board) and press "
                            "Return. You can also drop a file on the window."),
                       x, y, w, 4, UIKIT_TEXT);
        uikit_field_draw(app, &p->path, (SDL_Rect){x, y + lh / 2, w, lh + lh / 2});
        return;
    }
    if (!p->mission) {
        uikit_text(app, _("This mission does not load:"), x, y, UIKIT_BAD);
        uikit_wrap(app, p->error, x, y + lh, w, (r.h - 3 * pad) / lh - 1, UIKIT_TEXT);
        return;
    }
    const Mission *m = p->mission;
    const char *name = mission_lang_text(m, MISSION_TR_NAME, 0);
    y = uikit_wrap(app, name && name[0] ? name : m->id, x, y, w, 2, UIKIT_GOLD);
    if (p->note_in_preview && p->menu.notes[p->menu.selected])
        y = uikit_wrap(app, p->menu.notes[p->menu.selected], x, y, w, 2, UIKIT_DIM);
    y += lh / 2;
    char facts[200];
    char heroes[48], monsters[48], goals[48];
    snprintf(heroes, sizeof heroes, ngettext("%zu hero", "%zu heroes", m->hero_count), m->hero_count);
    snprintf(monsters, sizeof monsters, ngettext("%zu monster", "%zu monsters", m->monster_count),
             m->monster_count);
    snprintf(goals, sizeof goals, ngettext("%zu objective", "%zu objectives", m->objective_count),
             m->objective_count);
    /* TRANSLATORS: a mission's board, then its heroes, monsters and objectives */
    snprintf(facts, sizeof facts, _("%dx%d squares, %s, %s, %s"), board_width(m->board),
             board_height(m->board), heroes, monsters, goals);
    y = uikit_wrap(app, facts, x, y, w, 2, UIKIT_DIM) + lh / 2;
    if (errors_total(&p->warnings)) { /* the player's own mission: what --check says */
        /* a third of what is left, and its heading with a first warning
         * where that is less (a short panel, 800x600 at UI scale 1.5) */
        int left = (r.y + r.h - pad - y) / lh, lines = left / 3 < 2 && left >= 2 ? 2 : left / 3;
        y = missionui_draw_warnings(app, &p->warnings, x, y, w, lines) + lh / 2;
    }
    int bottom = draw_map(p, app, (SDL_Rect){x, y, w, r.y + r.h - pad - y}, y);
    const char *briefing = mission_lang_text(m, MISSION_TR_BRIEFING, 0);
    uikit_wrap(app, briefing ? briefing : "", x, y, w, (bottom - y) / lh, UIKIT_TEXT);
}

/* The one pane's list in r: the titles whole, a row's note ("your
 * missions") only where it fits beside its title (the preview gives it
 * too), as uikit's rows measure them. */
static void draw_list(Picker *p, App *app, SDL_Rect r)
{
    int lh = uikit_line(app), pad = lh / 3, room = r.w - pad - 2 * pad - lh / 2, lw, nw, h;
    const char *kept[UIKIT_MENU_MAX];
    memcpy(kept, p->menu.notes, sizeof kept);
    for (int i = 0; i < p->menu.count; i++) {
        if (!p->menu.notes[i])
            continue;
        text_size(app->ui, p->menu.items[i], &lw, &h);
        text_size(app->ui, p->menu.notes[i], &nw, &h);
        if (lw + 2 * pad + nw > room)
            p->menu.notes[i] = NULL;
    }
    uikit_menu_draw(app, &p->menu, r);
    memcpy(p->menu.notes, kept, sizeof kept);
}

/* The narrow window's tabs on the panel's first line, the shown one lit;
 * returns the top left under them. */
static int draw_tabs(Picker *p, App *app, SDL_Rect r)
{
    const char *names[2] = {_("Missions"), _("Preview")};
    int x = r.x, gap = screens_px(app, 24), lh = uikit_line(app);
    for (int t = 0; t < 2; t++) {
        bool lit = p->on_preview == (t == 1);
        int w = uikit_text_fit(app, names[t], x, r.y, r.x + r.w - x, lit ? UIKIT_GOLD : UIKIT_DIM);
        p->tabs[t] = (SDL_Rect){x, r.y, w, lh};
        SDL_SetRenderDrawColor(app->sdl, UIKIT_GOLD.r, UIKIT_GOLD.g, UIKIT_GOLD.b, 255);
        if (lit) /* the shown one underlined */
            SDL_RenderFillRect(app->sdl, &(SDL_Rect){x, r.y + lh, w, screens_px(app, 2)});
        x += w + gap;
    }
    return r.y + lh + lh / 2;
}

/* The key hint and where the player's missions go, the folder whole
 * (the list scrolls for the line it may take). */
static int folder_hint(Picker *p, App *app, int x, int bottom, int w, bool draw)
{
    const char *keys = p->one_pane && !p->path.focused ? p->on_preview ? _("Return: briefing   Tab or Left: the list   Escape: back")
                                                   : _("Return: briefing   Tab or Right: preview   Escape: back")
                                   : _("Return: briefing   Escape: back");
    char folder[4200];
    snprintf(folder, sizeof folder, "%smissions/", app->pref);
    return uikit_folder_hint_lines(app, keys, _("your own missions go in"), folder, x, bottom, w, 3, draw);
}

static void draw(Screen *s, App *app)
{
    Picker *p = (Picker *)s;
    preview(p, app);
    int pad = screens_px(app, 24), lh = uikit_line(app), in = screens_px(app, 10);
    int room = app->out_w - 3 * pad;
    /* the preview beside the list would wrap its facts and cut the
     * titles and notes (800x600 at 1.5, 1280x800 at 2 or at text size
     * 200%, 1920x1080 at 1.5 with text size 200%); the title higher
     * there, for a row more under the tabs */
    p->one_pane = room < 36 * lh;
    int title_y = p->one_pane ? pad / 2 : pad;
    uikit_title(app, _("Choose a mission"), pad, title_y, UIKIT_GOLD);
    int top = title_y + text_line_height(app->big) + pad / 2;
    int hint = folder_hint(p, app, pad, app->out_h - pad, app->out_w - 2 * pad, false);
    int bottom = app->out_h - pad - hint * lh - (hint > 1 ? lh / 2 : lh);
    if (p->one_pane) {
        SDL_Rect r = {pad, top, app->out_w - 2 * pad, bottom - top};
        if (p->path.focused) /* the path typed where the preview shows it */
            p->on_preview = true;
        if (p->on_preview) {
            p->note_in_preview = true;
            uikit_panel(app, r);
            int pin = screens_px(app, 16);
            draw_preview(p, app, r, draw_tabs(p, app, (SDL_Rect){r.x + pin, r.y + pin, r.w - 2 * pin, lh}));
        } else {
            p->on_preview = false;
            uikit_panel(app, r);
            int y = draw_tabs(p, app, (SDL_Rect){r.x + in, r.y + in, r.w - 2 * in, lh});
            int h = r.y + r.h - in - y;
            if (p->menu.count * (lh + lh / 3) > h) /* a line under the rows for the menu's "v" */
                h = r.y + r.h - y - lh;
            draw_list(p, app, (SDL_Rect){r.x + in, y, r.w - 2 * in, h});
        }
    } else {
        p->on_preview = p->note_in_preview = false;
        int left_w = room * 2 / 5;
        SDL_Rect list = {pad, top, left_w, bottom - top};
        uikit_panel(app, list);
        uikit_menu_draw(app, &p->menu, (SDL_Rect){list.x + in, list.y + in, list.w - 2 * in, list.h - 2 * in});
        SDL_Rect r = {2 * pad + left_w, top, room - left_w, bottom - top};
        uikit_panel(app, r);
        draw_preview(p, app, r, r.y + screens_px(app, 16));
    }
    folder_hint(p, app, pad, app->out_h - pad, app->out_w - 2 * pad, true);
}

static void destroy(Screen *s)
{
    Picker *p = (Picker *)s;
    if (SDL_IsTextInputActive())
        SDL_StopTextInput();
    mission_destroy(p->mission);
    if (p->map)
        SDL_DestroyTexture(p->map);
    errors_clear(&p->warnings);
    missionlist_destroy(p->list);
    free(p);
}

static const ScreenOps ops = {"picker", handle, NULL, draw, destroy, NULL};

Screen *picker_create(App *app, const char *preselect)
{
    Picker *p = xcalloc(1, sizeof *p);
    p->base.ops = &ops;
    p->base.opaque = true;
    p->list = missionlist_create();
    errors_init(&p->warnings, 0);
    textfield_init(&p->path, "", TEXTFIELD_CAPACITY - 1);
    fill_menu(p, app, preselect);
    return &p->base;
}

/* The new-game flow for a path dropped on the window or typed in: the
 * title, the picker and the mission's briefing. */
static bool open_path(App *app, const char *path)
{
    if (missionlist_path_kind(path) == MISSIONLIST_PATH_OTHER) {
        screens_toast(app, _("%s: not a mission; expected a .xml mission or a .png/.bmp board"), path);
        return false;
    }
    char err[4096];
    Screen *b = screens_open(app, SCREEN_BRIEFING, &(BriefingArgs){path, NULL}, err, sizeof err);
    if (!b) {
        screens_error(app, _("This mission does not load"), err);
        return false;
    }
    screens_go(app, SCREEN_TITLE, NULL);
    screens_push(app, picker_create(app, path));
    screens_push(app, b);
    return true;
}

static bool go_picker(App *app, const void *args)
{
    const PickerArgs *a = args;
    if (a->brief)
        return open_path(app, a->preselect);
    screens_push(app, picker_create(app, a->preselect));
    return true;
}

static Screen *open_picker(App *app, const void *args, char *err, size_t err_size)
{
    (void)err, (void)err_size;
    return picker_create(app, ((const PickerArgs *)args)->preselect);
}

const ScreenEntry picker_entry = {&ops, open_picker, go_picker, NULL};
