#include "settingsview.h"

#include "app/lang.h"
#include "app/uikit.h"

#include "audio/audio.h"

#include "core/alloc.h"
#include "core/i18n.h"

#include "gfx/contrast.h"
#include "gfx/palette.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define ROW_TEXT 160
#define SCALE_STEP 0.25
#define TEXT_STEP 25 /* percent */
#define VOLUME_STEP 10
#define VOLUME_BAR 10 /* marks in a volume bar */

enum {
    ROW_FULLSCREEN,
    ROW_SCALE,
    ROW_ANIM,
    ROW_DEBUG,
    ROW_HAND_OVER,
    ROW_ASK_END,
    ROW_MASTER, /* the three volumes, in SettingsVolume order */
    ROW_EFFECTS,
    ROW_MUSIC,
    ROW_MUTE,
    ROW_MOTION,
    ROW_COLOURS,
    ROW_LANGUAGE,
    ROW_NARRATION,
    ROW_CONTRAST,
    ROW_TEXT_SIZE,
    ROW_RESET,
    ROW_FIRST_KEY
};

typedef struct Options {
    Screen base;
    UiMenu menu;
    char notes[UIKIT_MENU_MAX][ROW_TEXT];
    int slot;          /* binding slot edited: 0 primary, 1 alternate */
    bool capturing;    /* waiting for the key to bind */
    char conflicts[512];
} Options;

/* The settings' values as shown (the file's words are settings.c's). */
static const char *const anim_labels[SETTINGS_ANIM_COUNT] = {N_("slow"), N_("normal"), N_("fast"),
                                                             N_("instant")};
static const char *const vision_labels[SETTINGS_VISION_COUNT] = {N_("normal"), N_("protanopia"),
                                                                 N_("deuteranopia"), N_("tritanopia")};

/* "<  ■■■■■■■■□□  80%  >" */
static void volume_note(char *out, const Settings *st, SettingsVolume which)
{
    int v = settings_volume(st, which), full = (v + VOLUME_BAR / 2) / VOLUME_BAR;
    size_t n = (size_t)snprintf(out, ROW_TEXT, "<  ");
    for (int i = 0; i < VOLUME_BAR; i++)
        n += (size_t)snprintf(out + n, ROW_TEXT - n, "%s", i < full ? "\u25a0" : "\u25a1");
    snprintf(out + n, ROW_TEXT - n, "  %3d%%  >%s", v, settings_mute(st) ? _("   (muted)") : "");
}

static void build(Options *o, App *app)
{
    const Settings *st = app->settings;
    int keep = o->menu.selected;
    uikit_menu_clear(&o->menu);
    snprintf(o->notes[ROW_FULLSCREEN], ROW_TEXT, "%s   (F11)", settings_fullscreen(st) ? _("on") : _("off"));
    double now = screens_scale(app);
    if (now < settings_ui_scale(st) - 0.005) /* the window has room for less: what applies */
        snprintf(o->notes[ROW_SCALE], ROW_TEXT, _("<  %.2f  >  (largest that fits this window)"), now);
    else
        snprintf(o->notes[ROW_SCALE], ROW_TEXT, "<  %.2f  >", settings_ui_scale(st));
    snprintf(o->notes[ROW_ANIM], ROW_TEXT, "<  %s  >", _(anim_labels[settings_anim_speed(st)]));
    snprintf(o->notes[ROW_DEBUG], ROW_TEXT, "%s", settings_debug_overlay(st) ? _("on") : _("off"));
    snprintf(o->notes[ROW_HAND_OVER], ROW_TEXT, "%s",
             settings_hand_over(st) ? _("on: \"Pass to Player 2\" between players") : _("off"));
    snprintf(o->notes[ROW_ASK_END], ROW_TEXT, "%s",
             settings_ask_end_turn(st) ? _("on: when the hero could still move") : _("off"));
    for (int v = 0; v < SETTINGS_VOLUME_COUNT; v++)
        volume_note(o->notes[ROW_MASTER + v], st, (SettingsVolume)v);
    snprintf(o->notes[ROW_MUTE], ROW_TEXT, "%s%s", settings_mute(st) ? _("on: no sound") : _("off"),
             audio_active(app->audio) ? "" : _("   (no sound device)"));
    snprintf(o->notes[ROW_MOTION], ROW_TEXT, "%s",
             settings_reduce_motion(st) ? _("on: no shake, flash or tumbling dice") : _("off"));
    snprintf(o->notes[ROW_COLOURS], ROW_TEXT, "<  %s  >",
             _(vision_labels[settings_colour_vision(st)]));
    snprintf(o->notes[ROW_LANGUAGE], ROW_TEXT, "<  %s  >", lang_choice_label(settings_language(st)));
    if (!settings_narration(st))
        snprintf(o->notes[ROW_NARRATION], ROW_TEXT, "%s", _("off"));
    else if (app->narration_error[0])
        snprintf(o->notes[ROW_NARRATION], ROW_TEXT, "%s", _("on, but silent: no speech-dispatcher"));
    else
        snprintf(o->notes[ROW_NARRATION], ROW_TEXT, "%s", _("on: menus, the board and the log are spoken"));
    snprintf(o->notes[ROW_CONTRAST], ROW_TEXT, "%s",
             settings_high_contrast(st) ? _("on: light text on black panels") : _("off"));
    int text_now = (int)(screens_text_factor(app) * 100 + 0.5);
    if (text_now < settings_text_size(st)) /* the window has room for less: what applies */
        snprintf(o->notes[ROW_TEXT_SIZE], ROW_TEXT, _("<  %d%%  >  (largest that fits this window)"), text_now);
    else
        snprintf(o->notes[ROW_TEXT_SIZE], ROW_TEXT, "<  %d%%  >", settings_text_size(st));
    snprintf(o->notes[ROW_RESET], ROW_TEXT, _("window %dx%d"), settings_window_width(st),
             settings_window_height(st));
    uikit_menu_add(&o->menu, _("Fullscreen"), o->notes[ROW_FULLSCREEN], true);
    uikit_menu_add(&o->menu, _("UI scale"), o->notes[ROW_SCALE], true);
    uikit_menu_add(&o->menu, _("Animation speed"), o->notes[ROW_ANIM], true);
    uikit_menu_add(&o->menu, _("Debug overlay at start"), o->notes[ROW_DEBUG], true);
    uikit_menu_add(&o->menu, _("Hotseat hand-over"), o->notes[ROW_HAND_OVER], true);
    uikit_menu_add(&o->menu, _("Ask before ending a turn"), o->notes[ROW_ASK_END], true);
    uikit_menu_add(&o->menu, _("Master volume"), o->notes[ROW_MASTER], true);
    uikit_menu_add(&o->menu, _("Effects volume"), o->notes[ROW_EFFECTS], true);
    uikit_menu_add(&o->menu, _("Music volume"), o->notes[ROW_MUSIC], true);
    uikit_menu_add(&o->menu, _("Mute"), o->notes[ROW_MUTE], true);
    uikit_menu_add(&o->menu, _("Reduce motion"), o->notes[ROW_MOTION], true);
    uikit_menu_add(&o->menu, _("Colours for"), o->notes[ROW_COLOURS], true);
    uikit_menu_add(&o->menu, _("Language"), o->notes[ROW_LANGUAGE], true);
    uikit_menu_add(&o->menu, _("Narration"), o->notes[ROW_NARRATION], true);
    uikit_menu_add(&o->menu, _("High contrast"), o->notes[ROW_CONTRAST], true);
    uikit_menu_add(&o->menu, _("Text size"), o->notes[ROW_TEXT_SIZE], true);
    uikit_menu_add(&o->menu, _("Reset everything to defaults"), o->notes[ROW_RESET], true);
    for (int a = 0; a < BINDING_COUNT; a++) {
        int row = ROW_FIRST_KEY + a;
        char s0[BINDINGS_SHOWN_MAX], s1[BINDINGS_SHOWN_MAX];
        const char *k0 = bindings_shown(settings_binding(st, (BindingAction)a, 0), s0, sizeof s0);
        const char *k1 = bindings_shown(settings_binding(st, (BindingAction)a, 1), s1, sizeof s1);
        snprintf(o->notes[row], ROW_TEXT, "%s%s%s   %s%s%s", o->slot == 0 ? "[" : "",
                 k0[0] ? k0 : "-", o->slot == 0 ? "]" : "", o->slot == 1 ? "[" : "",
                 k1[0] ? k1 : "-", o->slot == 1 ? "]" : "");
        uikit_menu_add(&o->menu, bindings_action_label((BindingAction)a), o->notes[row], true);
    }
    o->menu.selected = keep;
    BindingConflict c[4];
    size_t n = settings_binding_conflicts(st, c, 4);
    o->conflicts[0] = '\0';
    size_t len = 0;
    for (size_t i = 0; i < n && i < 4 && len < sizeof o->conflicts; i++) {
        char key[BINDINGS_SHOWN_MAX];
        len += (size_t)snprintf(o->conflicts + len, sizeof o->conflicts - len, _("%s%s: %s and %s"),
                                i ? "; " : _("Conflict! "), bindings_shown(c[i].key, key, sizeof key),
                                bindings_action_label(c[i].first), bindings_action_label(c[i].second));
    }
}

static void saved(App *app, bool ok)
{
    if (!ok)
        screens_toast(app, "%s", settings_last_error(app->settings));
}

static void toggle_fullscreen(App *app)
{
    bool on = !settings_fullscreen(app->settings);
    SDL_SetWindowFullscreen(app->window, on ? SDL_WINDOW_FULLSCREEN_DESKTOP : 0);
    saved(app, settings_set_fullscreen(app->settings, on));
}

/* A volume step (Return past 100 starts again at 0), applied at once;
 * the effects are heard at their new level. */
static void change_volume(App *app, SettingsVolume which, int dir)
{
    int v = settings_volume(app->settings, which) + (dir ? dir : 1) * VOLUME_STEP;
    if (dir == 0 && v > 100)
        v = 0;
    saved(app, settings_set_volume(app->settings, which, v));
    screens_apply_volumes(app);
    if (which != SETTINGS_VOLUME_MUSIC)
        audio_play(app->audio, "pickup");
}

/* A click on a volume row's note "<  ■■■■■■■■□□  80%  >" works as a
 * slider: on the k-th mark it sets k x 10% (the left half of the first:
 * 0%), on "<" or ">" it steps. True when the click was on the note. */
static bool click_volume(Options *o, App *app, int row, int x)
{
    if (row < ROW_MASTER || row > ROW_MUSIC)
        return false;
    int left = uikit_menu_note_x(app, &o->menu, row), arrow_w, mark_w, h;
    text_size(app->ui, "<  ", &arrow_w, &h);
    text_size(app->ui, "\u25a0", &mark_w, &h);
    if (x < left)
        return false;
    SettingsVolume which = (SettingsVolume)(row - ROW_MASTER);
    int at = x - left - arrow_w;
    if (at < 0) {
        change_volume(app, which, -1);
    } else if (mark_w > 0 && at < VOLUME_BAR * mark_w) {
        int k = at / mark_w, v = (k + 1) * (100 / VOLUME_BAR);
        if (k == 0 && at < mark_w / 2)
            v = 0;
        saved(app, settings_set_volume(app->settings, which, v));
        screens_apply_volumes(app);
        if (which != SETTINGS_VOLUME_MUSIC)
            audio_play(app->audio, "pickup");
    } else {
        change_volume(app, which, 1);
    }
    build(o, app);
    return true;
}

/* Left/right or confirm on a value row. */
static void change(Options *o, App *app, int row, int dir)
{
    Settings *st = app->settings;
    switch (row) {
    case ROW_FULLSCREEN: toggle_fullscreen(app); break;
    case ROW_SCALE: {
        /* from the scale shown: where the window caps the setting (2 at
         * 800x600 applies as 1.5), down is a step below what applies and
         * up goes round, as past the largest */
        double now = screens_scale(app), v = settings_ui_scale(st) + dir * SCALE_STEP;
        bool capped = now < settings_ui_scale(st) - 0.005;
        if (capped && dir < 0)
            v = floor((now - 1e-6) / SCALE_STEP) * SCALE_STEP;
        if (v > SETTINGS_UI_SCALE_MAX + 1e-9 || (capped && dir > 0))
            v = SETTINGS_UI_SCALE_MIN;
        saved(app, settings_set_ui_scale(st, v));
        screens_refresh_fonts(app);
        break;
    }
    case ROW_ANIM:
        saved(app, settings_set_anim_speed(st, (SettingsAnimSpeed)((settings_anim_speed(st) + SETTINGS_ANIM_COUNT + dir) %
                                                              SETTINGS_ANIM_COUNT)));
        break;
    case ROW_DEBUG: saved(app, settings_set_debug_overlay(st, !settings_debug_overlay(st))); break;
    case ROW_HAND_OVER: saved(app, settings_set_hand_over(st, !settings_hand_over(st))); break;
    case ROW_ASK_END: saved(app, settings_set_ask_end_turn(st, !settings_ask_end_turn(st))); break;
    case ROW_MASTER:
    case ROW_EFFECTS:
    case ROW_MUSIC: change_volume(app, (SettingsVolume)(row - ROW_MASTER), dir); break;
    case ROW_MUTE:
        saved(app, settings_set_mute(st, !settings_mute(st)));
        screens_apply_volumes(app);
        break;
    case ROW_MOTION: saved(app, settings_set_reduce_motion(st, !settings_reduce_motion(st))); break;
    case ROW_COLOURS: {
        _Static_assert((int)PALETTE_COUNT == (int)SETTINGS_VISION_COUNT, "one palette a vision");
        int v = (settings_colour_vision(st) + SETTINGS_VISION_COUNT + (dir ? dir : 1)) % SETTINGS_VISION_COUNT;
        saved(app, settings_set_colour_vision(st, (SettingsVision)v));
        palette_set((PaletteVision)v);
        break;
    }
    case ROW_LANGUAGE: {
        /* applied at once: every screen looks its texts up as it draws */
        int l = (settings_language(st) + LANG_COUNT + (dir ? dir : 1)) % LANG_COUNT;
        saved(app, settings_set_language(st, (LangChoice)l));
        lang_init((LangChoice)l);
        break;
    }
    case ROW_NARRATION:
        saved(app, settings_set_narration(st, !settings_narration(st)));
        screens_apply_narration(app);
        break;
    case ROW_CONTRAST:
        saved(app, settings_set_high_contrast(st, !settings_high_contrast(st)));
        contrast_set_high(settings_high_contrast(st));
        break;
    case ROW_TEXT_SIZE: {
        /* Left steps down from what applies, not from a size the window
         * has no room for */
        int now = (int)(screens_text_factor(app) * 100 + 0.5), set = settings_text_size(st);
        int v = (dir < 0 && now < set ? now : set) + (dir ? dir : 1) * TEXT_STEP;
        if (v > SETTINGS_TEXT_SIZE_MAX)
            v = SETTINGS_TEXT_SIZE_MIN;
        saved(app, settings_set_text_size(st, v));
        screens_refresh_fonts(app);
        break;
    }
    case ROW_RESET:
        saved(app, settings_reset(st));
        contrast_set_high(false);
        screens_apply_narration(app);
        lang_init(LANG_SYSTEM);
        palette_set(PALETTE_NORMAL);
        screens_apply_volumes(app);
        SDL_SetWindowFullscreen(app->window, 0);
        screens_refresh_fonts(app);
        break;
    default:
        if (dir == 0)
            o->capturing = o->base.wants_keys = true;
        else
            o->slot = 1 - o->slot;
        break;
    }
    build(o, app);
}

static unsigned mods_of(Uint16 mod)
{
    return (mod & KMOD_SHIFT ? BINDINGS_MOD_SHIFT : 0) | (mod & KMOD_CTRL ? BINDINGS_MOD_CTRL : 0) |
           (mod & KMOD_ALT ? BINDINGS_MOD_ALT : 0);
}

static void capture(Options *o, App *app, const UiInput *in)
{
    if (in->ev->type != SDL_KEYDOWN)
        return;
    SDL_Keycode k = in->ev->key.keysym.sym;
    if (k == SDLK_LSHIFT || k == SDLK_RSHIFT || k == SDLK_LCTRL || k == SDLK_RCTRL ||
        k == SDLK_LALT || k == SDLK_RALT)
        return; /* wait for the key the modifiers go with */
    o->capturing = o->base.wants_keys = false;
    int action = o->menu.selected - ROW_FIRST_KEY;
    char name[BINDINGS_NAME_MAX] = "";
    if (k == SDLK_BACKSPACE || k == SDLK_DELETE) {
        name[0] = '\0'; /* unbind */
    } else if (k == SDLK_ESCAPE && action != BINDING_BACK) {
        build(o, app);
        return;
    } else {
        unsigned m = mods_of(in->ev->key.keysym.mod);
        snprintf(name, sizeof name, "%s%s%s%s", m & BINDINGS_MOD_CTRL ? "Ctrl+" : "",
                 m & BINDINGS_MOD_ALT ? "Alt+" : "", m & BINDINGS_MOD_SHIFT ? "Shift+" : "",
                 SDL_GetKeyName(k));
    }
    saved(app, settings_set_binding(app->settings, (BindingAction)action, o->slot, name));
    build(o, app);
}

static void handle(Screen *s, App *app, const UiInput *in)
{
    Options *o = (Options *)s;
    if (o->capturing) {
        capture(o, app, in);
        return;
    }
    int sel = o->menu.selected;
    if (in->action == BINDING_CURSOR_LEFT || in->action == BINDING_CURSOR_RIGHT) {
        change(o, app, sel, in->action == BINDING_CURSOR_LEFT ? -1 : 1);
        return;
    }
    int row = uikit_menu_handle(&o->menu, in);
    if (row == -2)
        screens_pop(app);
    else if (row >= 0 && in->click && click_volume(o, app, row, in->x))
        return;
    else if (row >= 0)
        change(o, app, row,
               row == ROW_SCALE || row == ROW_ANIM || row == ROW_COLOURS || row == ROW_LANGUAGE || row == ROW_TEXT_SIZE
                   ? 1
                   : 0);
}

static void draw(Screen *s, App *app)
{
    Options *o = (Options *)s;
    build(o, app); /* F11 and resizing change what the rows say */
    uikit_dim(app);
    SDL_Rect r = uikit_centre(app, 900, 680);
    uikit_panel(app, r);
    int pad = screens_px(app, 16), lh = uikit_line(app);
    uikit_title(app, _("Settings"), r.x + pad, r.y + pad, UIKIT_GOLD);
    int y = r.y + pad + text_line_height(app->big);
    if (o->conflicts[0])
        y = uikit_wrap(app, o->conflicts, r.x + pad, y, r.w - 2 * pad, 2, UIKIT_BAD);
    const char *help = o->capturing
                           ? _("Press the key to bind (with Shift/Ctrl/Alt if you like); Backspace unbinds")
                           : _("Return changes or binds, Left/Right adjust (on keys: primary/alternate), Escape back");
    /* the keys on two lines where one is short (German at 800x600, UI
     * scale 1.5), the menu scrolling a row more */
    int help_lines = uikit_wrap_lines(app, help, r.w - 2 * pad) > 1 ? 2 : 1;
    int bottom = r.y + r.h - pad - (2 + help_lines) * lh;
    uikit_menu_draw(app, &o->menu, (SDL_Rect){r.x + pad, y, r.w - 2 * pad, bottom - y - lh / 2}); /* its "v" above the hint */
    uikit_wrap(app, help, r.x + pad, bottom + lh / 2, r.w - 2 * pad, help_lines,
               o->capturing ? UIKIT_GOLD : UIKIT_DIM);
    /* the file's name whole where the line is short (800x600 at UI scale
     * 1.5), its folder cut at the start */
    uikit_folder_hint(app, "", _("Saved at once in"), settings_path(app->settings), r.x + pad,
                      bottom + lh / 2 + help_lines * lh, r.w - 2 * pad);
}

static void destroy(Screen *s)
{
    free(s);
}

static const ScreenOps ops = {"settings", handle, NULL, draw, destroy, NULL};

Screen *settingsview_create(App *app)
{
    Options *o = xcalloc(1, sizeof *o);
    o->base.ops = &ops;
    build(o, app);
    return &o->base;
}

static Screen *open_settings(App *app, const void *args, char *err, size_t err_size)
{
    (void)args, (void)err, (void)err_size;
    return settingsview_create(app);
}

const ScreenEntry settingsview_entry = {&ops, open_settings, NULL, NULL};
