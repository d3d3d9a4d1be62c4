#include "randomquest.h"

#include "core/i18n.h"

#include "app/gencli.h"
#include "app/missionui.h"
#include "app/paths.h"
#include "app/uikit.h"

#include "core/alloc.h"
#include "core/fileio.h"
#include "core/rng.h"
#include "gen/gendata.h"
#include "gen/genfile.h"
#include "mission/mission_lang.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define ROW_TEXT 160

enum { ROW_STYLE, ROW_SIZE, ROW_DIFFICULTY, ROW_HEROES, ROW_SEED, ROW_NEW_SEED, ROW_GO, ROW_BACK };

/* The boards offered: the standard one, then larger quests. */
static const struct {
    int w, h;
    const char *note;
} SIZES[] = {
    {26, 19, N_("the standard board")}, {32, 24, N_("a little larger")}, {40, 30, N_("large")},
    {52, 38, N_("twice the standard")}, {64, 48, N_("a long quest")},    {128, 96, N_("an expedition")},
};
#define SIZE_COUNT ((int)(sizeof SIZES / sizeof SIZES[0]))

/* the styles' and difficulties' names as shown (the folder's and the
 * command line's stay gen_style_name's and gen_difficulty_name's) */
static const char *const STYLE_LABELS[GEN_STYLE_COUNT] = {N_("dungeon"), N_("caverns"), N_("wilds")};
static const char *const DIFFICULTY_LABELS[GEN_DIFFICULTY_COUNT] = {N_("easy"), N_("normal"), N_("hard")};

static const char *const STYLE_NOTES[GEN_STYLE_COUNT] = {
    N_("rooms and passages cut in rock"), N_("caves shaped by the rock's grain"),
    N_("open country, towns and roads")};

typedef struct RandomQuest {
    Screen base;
    UiMenu menu;
    char notes[ROW_BACK + 1][ROW_TEXT];
    GenOptions opt;
    int size; /* index in SIZES */
    TextField seed;
    GenData *data;
    Catalogue *cat;
    char cat_path[4096];
    char load_error[1024]; /* the generator's data did not load */
    /* the quest of the current options, made in memory for the preview
     * and written as it is */
    bool fresh;            /* result/preview match opt */
    bool made;             /* result holds a quest */
    GenResult result;
    char gen_error[1024];  /* why no quest came of these options */
    SDL_Texture *map;
    /* A narrow window (800x600 at UI scale 1.5) shows the options or the
     * preview, each the panel's whole width, their names as tabs (Tab or
     * a click switches; Left/Right change the highlighted option on both). */
    bool one_pane;         /* as the last frame was drawn */
    bool on_preview;       /* the preview is the pane shown */
    SDL_Rect tabs[2];      /* "Options", "Preview" as drawn */
} RandomQuest;

void randomquest_folder_name(const GenOptions *o, char *out, size_t size)
{
    if (o->width == GEN_DEFAULT_WIDTH && o->height == GEN_DEFAULT_HEIGHT &&
        o->difficulty == GEN_DIFFICULTY_NORMAL && o->heroes == 4)
        snprintf(out, size, "%s-%" PRIu64, gen_style_name(o->style), o->seed);
    else
        snprintf(out, size, "%s-%" PRIu64 "-%dx%d-%s-%d", gen_style_name(o->style), o->seed,
                 o->width, o->height, gen_difficulty_name(o->difficulty), o->heroes);
}

static void forget(RandomQuest *q)
{
    gen_result_free(&q->result);
    memset(&q->result, 0, sizeof q->result);
    if (q->map)
        SDL_DestroyTexture(q->map);
    q->map = NULL;
    q->made = q->fresh = false;
    q->gen_error[0] = '\0';
}

/* Makes the quest of the current options (once per change of them). */
static void make(RandomQuest *q, App *app)
{
    if (q->fresh || !q->data)
        return;
    forget(q);
    q->fresh = true;
    ErrorList errs;
    errors_init(&errs, 4);
    GenSources src = {q->data, q->cat, q->cat_path};
    q->made = gen_generate(&q->opt, &src, &q->result, &errs);
    if (q->made)
        q->map = missionui_map_texture(app->sdl, q->result.mission);
    else
        snprintf(q->gen_error, sizeof q->gen_error, "%s",
                 errs.count ? errs.items[0] : _("no fair quest came of these options"));
    errors_clear(&errs);
}

static void set_seed_text(RandomQuest *q)
{
    char buf[32];
    snprintf(buf, sizeof buf, "%" PRIu64, q->opt.seed);
    textfield_init(&q->seed, buf, 20);
}

static void build(RandomQuest *q, App *app)
{
    int keep = q->menu.selected;
    uikit_menu_clear(&q->menu);
    snprintf(q->notes[ROW_STYLE], ROW_TEXT, "<  %s  >", _(STYLE_LABELS[q->opt.style]));
    snprintf(q->notes[ROW_SIZE], ROW_TEXT, "<  %dx%d  >", SIZES[q->size].w, SIZES[q->size].h);
    snprintf(q->notes[ROW_DIFFICULTY], ROW_TEXT, "<  %s  >", _(DIFFICULTY_LABELS[q->opt.difficulty]));
    snprintf(q->notes[ROW_HEROES], ROW_TEXT, "<  %d  >", q->opt.heroes);
    snprintf(q->notes[ROW_SEED], ROW_TEXT, "%.40s", q->seed.focused ? "" : q->seed.text);
    bool can = q->made && app->pref[0];
    snprintf(q->notes[ROW_GO], ROW_TEXT, "%s",
             !app->pref[0] ? _("no folder for your missions") : q->made ? "" : _("no quest"));
    uikit_menu_add(&q->menu, _("Style"), q->notes[ROW_STYLE], true);
    uikit_menu_add(&q->menu, _("Board"), q->notes[ROW_SIZE], true);
    uikit_menu_add(&q->menu, _("Difficulty"), q->notes[ROW_DIFFICULTY], true);
    uikit_menu_add(&q->menu, _("Heroes"), q->notes[ROW_HEROES], true);
    uikit_menu_add(&q->menu, _("Seed"), q->notes[ROW_SEED], true);
    uikit_menu_add(&q->menu, _("New seed"), NULL, true);
    uikit_menu_add(&q->menu, _("Read the briefing"), q->notes[ROW_GO], can);
    uikit_menu_add(&q->menu, _("Back"), NULL, true);
    q->menu.selected = keep;
    if (q->menu.disabled[q->menu.selected])
        q->menu.selected = ROW_SEED;
}

/* Left/right (dir -1/1) or Return (dir 0: the next value) on a value row. */
static void change(RandomQuest *q, int row, int dir)
{
    int step = dir ? dir : 1;
    switch (row) {
    case ROW_STYLE:
        q->opt.style = (GenStyle)((q->opt.style + GEN_STYLE_COUNT + step) % GEN_STYLE_COUNT);
        break;
    case ROW_SIZE:
        q->size = (q->size + SIZE_COUNT + step) % SIZE_COUNT;
        q->opt.width = SIZES[q->size].w;
        q->opt.height = SIZES[q->size].h;
        break;
    case ROW_DIFFICULTY:
        q->opt.difficulty =
            (GenDifficulty)((q->opt.difficulty + GEN_DIFFICULTY_COUNT + step) % GEN_DIFFICULTY_COUNT);
        break;
    case ROW_HEROES: q->opt.heroes = (q->opt.heroes - 1 + 4 + step) % 4 + 1; break;
    case ROW_NEW_SEED:
        q->opt.seed = gencli_fresh_seed();
        set_seed_text(q);
        break;
    default: return;
    }
    q->fresh = false;
}

/* Writes the quest into <pref>/missions/<folder>/ and opens its briefing.
 * A folder already there is this very quest, maybe edited since by its
 * author: it is opened as it is, never overwritten. */
static void go(RandomQuest *q, App *app)
{
    char name[128], dir[4400], xml[4600], err[4800];
    randomquest_folder_name(&q->opt, name, sizeof name);
    snprintf(dir, sizeof dir, "%smissions/%s", app->pref, name);
    snprintf(xml, sizeof xml, "%s/mission.xml", dir);
    if (fileio_is_file(xml)) {
        screens_toast(app, _("%s was made before: your copy is opened"), name);
    } else if (!genfile_write(&q->result, dir, false, xml, sizeof xml, err, sizeof err)) {
        screens_error(app, _("The quest cannot be written"), err);
        return;
    }
    /* the briefing's way back is to this screen, not to the missions' list */
    screens_go(app, SCREEN_BRIEFING, &(BriefingArgs){xml, _("Back to the random quest")});
}

static void handle_seed(RandomQuest *q, App *app, const UiInput *in)
{
    SDL_Keycode k = in->ev && in->ev->type == SDL_KEYDOWN ? in->ev->key.keysym.sym : SDLK_UNKNOWN;
    if (k == SDLK_RETURN || k == SDLK_KP_ENTER) {
        uint64_t v;
        if (rng_seed_parse(q->seed.text, &v)) {
            if (v != q->opt.seed)
                q->fresh = false;
            q->opt.seed = v;
        } else {
            screens_toast(app, _("'%s' is not a seed: digits only, 0 to 18446744073709551615"),
                          q->seed.text);
        }
        q->seed.focused = q->base.wants_keys = false;
        set_seed_text(q);
    } else if (k == SDLK_ESCAPE) {
        q->seed.focused = q->base.wants_keys = false;
        set_seed_text(q);
    } else if (in->ev && in->ev->type == SDL_TEXTINPUT) {
        /* a seed is digits: anything else typed is left out */
        const char *t = in->ev->text.text;
        if (t[0] >= '0' && t[0] <= '9' && t[1] == '\0')
            uikit_field_handle(&q->seed, in);
    } else {
        uikit_field_handle(&q->seed, in);
    }
}

/* The narrow window's tabs: true when the input switched the pane or
 * was the preview's (Return reads the briefing, Escape goes back to the
 * options, the list's rows are not under the pointer). */
static bool handle_pane(RandomQuest *q, App *app, const UiInput *in)
{
    SDL_Keycode k = in->ev->type == SDL_KEYDOWN ? in->ev->key.keysym.sym : SDLK_UNKNOWN;
    SDL_Point at = {in->x, in->y};
    if (in->click && SDL_PointInRect(&at, &q->tabs[0]))
        q->on_preview = false;
    else if (in->click && SDL_PointInRect(&at, &q->tabs[1]))
        q->on_preview = true;
    else if (k == SDLK_TAB)
        q->on_preview = !q->on_preview;
    else if (!q->on_preview || in->action == BINDING_CURSOR_LEFT || in->action == BINDING_CURSOR_RIGHT)
        return false;
    else if (in->action == BINDING_BACK && !in->repeat)
        q->on_preview = false;
    else if (in->action == BINDING_CONFIRM && !in->repeat) {
        make(q, app);
        if (q->made)
            go(q, app);
    }
    return true;
}

static void handle(Screen *s, App *app, const UiInput *in)
{
    RandomQuest *q = (RandomQuest *)s;
    if (q->seed.focused) {
        handle_seed(q, app, in);
    } else if (q->one_pane && handle_pane(q, app, in)) {
        /* the tabs' */
    } else if (in->action == BINDING_CURSOR_LEFT || in->action == BINDING_CURSOR_RIGHT) {
        change(q, q->menu.selected, in->action == BINDING_CURSOR_LEFT ? -1 : 1);
    } else {
        int row = uikit_menu_handle(&q->menu, in);
        if (row == -2 || row == ROW_BACK) {
            screens_pop(app);
            return;
        }
        if (row == ROW_SEED) {
            q->seed.focused = q->base.wants_keys = true;
            textfield_select_all(&q->seed);
        } else if (row == ROW_GO) {
            make(q, app);
            if (q->made)
                go(q, app);
        } else if (row >= 0) {
            change(q, row, 0);
        }
    }
    uikit_text_input(&q->seed);
}

/* The quest in short: its name, size and figures, the map, the briefing. */
static void draw_preview(RandomQuest *q, App *app, SDL_Rect r, int top)
{
    int pad = screens_px(app, 16), lh = uikit_line(app);
    int x = r.x + pad, y = top, w = r.w - 2 * pad;
    if (!q->made) {
        uikit_text(app, _("No quest"), x, y, UIKIT_BAD);
        uikit_wrap(app, q->load_error[0] ? q->load_error : q->gen_error, x, y + lh, w,
                   (r.y + r.h - pad - y) / lh - 1, UIKIT_TEXT);
        return;
    }
    const Mission *m = q->result.mission;
    /* in the player's language: the generator writes its texts in every
     * language of its data (<translations>) */
    const char *name = mission_lang_text(m, MISSION_TR_NAME, 0), *briefing = mission_lang_text(m, MISSION_TR_BRIEFING, 0);
    uikit_text_fit(app, name && name[0] ? name : m->id, x, y, w, UIKIT_GOLD);
    y += lh + lh / 4;
    char facts[400];
    char rooms[48], monsters[48];
    snprintf(rooms, sizeof rooms, ngettext("%d room", "%d rooms", q->result.stats.rooms), q->result.stats.rooms);
    snprintf(monsters, sizeof monsters, ngettext("%zu monster", "%zu monsters", m->monster_count),
             m->monster_count);
    /* TRANSLATORS: style: what it makes; the board (its size in words), rooms, monsters */
    snprintf(facts, sizeof facts, _("%s: %s; %dx%d squares (%s), %s, %s"), _(STYLE_LABELS[q->opt.style]),
             _(STYLE_NOTES[q->opt.style]), board_width(m->board), board_height(m->board),
             _(SIZES[q->size].note), rooms, monsters);
    y = uikit_wrap(app, facts, x, y, w, 3, UIKIT_DIM) + lh / 2;
    int bottom = r.y + r.h - pad;
    int tw, th;
    if (q->map && SDL_QueryTexture(q->map, NULL, NULL, &tw, &th) == 0 && tw > 0 && th > 0) {
        /* two thirds of what is left, one line and a half kept for the
         * briefing's start where that is less (800x600 at UI scale 1.5) */
        int room_h = (bottom - y) * 2 / 3;
        if (bottom - y - room_h < lh + lh / 2)
            room_h = bottom - y - lh - lh / 2;
        double k = (double)w / tw < (double)room_h / th ? (double)w / tw : (double)room_h / th;
        SDL_Rect dst = {x + (w - (int)(tw * k)) / 2, y, (int)(tw * k), (int)(th * k)};
        SDL_RenderCopy(app->sdl, q->map, NULL, &dst);
        y = dst.y + dst.h + lh / 2;
    }
    if (bottom - y >= lh)
        uikit_wrap(app, briefing ? briefing : "", x, y, w, (bottom - y) / lh, UIKIT_TEXT);
}

/* The narrow window's tabs on the panel's first line, the shown one lit
 * and underlined; returns the top left under them. */
static int draw_tabs(RandomQuest *q, App *app, SDL_Rect r)
{
    const char *names[2] = {_("Options"), _("Preview")};
    int x = r.x, gap = screens_px(app, 24), lh = uikit_line(app);
    for (int t = 0; t < 2; t++) {
        bool lit = q->on_preview == (t == 1);
        int w = uikit_text_fit(app, names[t], x, r.y, r.x + r.w - x, lit ? UIKIT_GOLD : UIKIT_DIM);
        q->tabs[t] = (SDL_Rect){x, r.y, w, lh};
        SDL_SetRenderDrawColor(app->sdl, UIKIT_GOLD.r, UIKIT_GOLD.g, UIKIT_GOLD.b, 255);
        if (lit)
            SDL_RenderFillRect(app->sdl, &(SDL_Rect){x, r.y + lh, w, screens_px(app, 2)});
        x += w + gap;
    }
    return r.y + lh + lh / 2;
}

/* The options, in r at the list's top y; the seed's field over its row
 * while it is typed. */
static void draw_options(RandomQuest *q, App *app, SDL_Rect r)
{
    uikit_menu_draw(app, &q->menu, r);
    if (q->seed.focused && ROW_SEED >= q->menu.first &&
        ROW_SEED - q->menu.first < q->menu.visible) {
        SDL_Rect row = q->menu.rows[ROW_SEED - q->menu.first];
        uikit_field_draw(app, &q->seed, (SDL_Rect){row.x + row.w / 3, row.y, row.w - row.w / 3, row.h});
    }
}

static int draw_hint(RandomQuest *q, App *app, int pad, bool draw)
{
    int lh = uikit_line(app), w = app->out_w - 2 * pad;
    if (q->seed.focused) {
        if (draw)
            uikit_wrap(app, _("Type the seed, Return keeps it, Escape cancels"), pad, app->out_h - pad - lh, w, 1,
                       UIKIT_DIM);
        return 1;
    }
    char folder[4200];
    snprintf(folder, sizeof folder, "%smissions/", app->pref);
    const char *keys = !q->one_pane   ? _("Left/Right change, Return: the briefing")
                       : q->on_preview ? _("Left/Right change, Tab: the options, Return: the briefing")
                                       : _("Left/Right change, Tab: preview, Return: the briefing");
    if (!q->one_pane) { /* the folder before the keys, as it always was */
        if (draw)
            uikit_folder_hint(app, keys, _("the quest is kept in"), folder, pad, app->out_h - pad - lh, w);
        return 1;
    }
    /* two lines at most: the eight options stay whole under the tabs, the
     * folder cut at its start if need be */
    return uikit_folder_hint_lines(app, keys, _("the quest is kept in"), folder, pad, app->out_h - pad, w, 2, draw);
}

static void draw(Screen *s, App *app)
{
    RandomQuest *q = (RandomQuest *)s;
    make(q, app);
    build(q, app);
    int pad = screens_px(app, 24), lh = uikit_line(app), in = screens_px(app, 10);
    int room = app->out_w - 3 * pad;
    /* the preview beside the options would cut their values ("<  norm...")
     * or its facts ("open country"): one pane at a time, the title higher
     * to leave the options' rows whole under the tabs */
    q->one_pane = room < 30 * lh;
    int title_y = q->one_pane ? pad / 2 : pad;
    uikit_title(app, _("Random quest"), pad, title_y, UIKIT_GOLD);
    int hint = draw_hint(q, app, pad, false);
    int top = title_y + text_line_height(app->big) + pad / 2;
    int bottom = app->out_h - pad - hint * lh - (hint > 1 ? lh / 2 : lh);
    if (q->one_pane) {
        SDL_Rect r = {pad, top, app->out_w - 2 * pad, bottom - top};
        uikit_panel(app, r);
        if (q->seed.focused)
            q->on_preview = false;
        if (q->on_preview) {
            int pin = screens_px(app, 16);
            draw_preview(q, app, r, draw_tabs(q, app, (SDL_Rect){r.x + pin, r.y + pin, r.w - 2 * pin, lh}));
        } else {
            int y = draw_tabs(q, app, (SDL_Rect){r.x + in, r.y + in, r.w - 2 * in, lh});
            int h = r.y + r.h - in - y;
            if (q->menu.count * (lh + lh / 3) > h) /* a line under the rows for the menu's "v" */
                h = r.y + r.h - y - lh;
            draw_options(q, app, (SDL_Rect){r.x + in, y, r.w - 2 * in, h});
        }
    } else {
        q->on_preview = false;
        int left_w = room / 2;
        SDL_Rect list = {pad, top, left_w, bottom - top};
        uikit_panel(app, list);
        draw_options(q, app, (SDL_Rect){list.x + in, list.y + in, list.w - 2 * in, list.h - 2 * in});
        SDL_Rect r = {2 * pad + left_w, top, room - left_w, bottom - top};
        uikit_panel(app, r);
        draw_preview(q, app, r, r.y + screens_px(app, 16));
    }
    draw_hint(q, app, pad, true);
}

static void destroy(Screen *s)
{
    RandomQuest *q = (RandomQuest *)s;
    if (SDL_IsTextInputActive())
        SDL_StopTextInput();
    forget(q);
    gendata_destroy(q->data);
    catalogue_destroy(q->cat);
    free(q);
}

static const ScreenOps ops = {"random quest", handle, NULL, draw, destroy, NULL};

Screen *randomquest_create(App *app)
{
    (void)app;
    RandomQuest *q = xcalloc(1, sizeof *q);
    q->base.ops = &ops;
    q->base.opaque = true;
    q->opt = gen_default_options();
    q->opt.seed = gencli_fresh_seed();
    set_seed_text(q);
    q->menu.selected = ROW_GO;
    paths_data_file("assets/pieces.xml", q->cat_path, sizeof q->cat_path);
    char data_path[4096];
    paths_data_file("assets/generator.xml", data_path, sizeof data_path);
    ErrorList errs;
    errors_init(&errs, 4);
    q->cat = catalogue_load(q->cat_path, &errs);
    q->data = q->cat ? gendata_load(data_path, &errs) : NULL;
    if (!q->data)
        snprintf(q->load_error, sizeof q->load_error, "%s",
                 errs.count ? errs.items[0] : _("the generator's data does not load"));
    errors_clear(&errs);
    return &q->base;
}

static Screen *open_random(App *app, const void *args, char *err, size_t err_size)
{
    (void)args, (void)err, (void)err_size;
    return randomquest_create(app);
}

const ScreenEntry randomquest_entry = {&ops, open_random, NULL, NULL};
