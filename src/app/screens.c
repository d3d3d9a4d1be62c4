/* The screen stack and the loop: events become UiInputs for the top
 * screen, a few keys are the window's own (F1 help, F11 fullscreen, F12
 * screenshot), dropped files are opened (dropfile.h: a pack installed, a
 * save watched, a mission played), and the loop sleeps when
 * nothing animates. The registry: the screens by id (screenlist.h).
 * Narration: the toasts are said as they show, and the top screen's focus
 * as it changes (screens_focus). */
#include "screens.h"

#include "core/i18n.h"

#include "art.h"
#include "dropfile.h"
#include "narrate.h"
#include "narrate_spd.h"
#include "shot.h"
#include "uikit.h"
#include "../audio/audio.h"

#include "gfx/contrast.h"
#include "gfx/layoutprobe.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#define IDLE_WAIT_MS 100   /* wakes to poll the mission's files */
#define TOAST_MS 4000
#define STICK_DEAD 16000   /* left stick travel before it counts as a push */
#define UI_FONT_PX 17
#define TITLE_FONT_PX 40

void screens_push(App *app, Screen *s)
{
    if (app->depth >= SCREENS_MAX) {
        s->ops->destroy(s);
        return;
    }
    app->stack[app->depth++] = s;
    app->toast[0] = '\0'; /* a screen the player opened supersedes the last note */
    app->dirty = true;
}

static void bury(App *app, Screen *s)
{
    /* one input pops at most the whole stack and a reset's new screen */
    if (app->dead_count < 2 * SCREENS_MAX)
        app->dead[app->dead_count++] = s;
    else
        s->ops->destroy(s);
}

void screens_pop(App *app)
{
    if (app->depth == 0)
        return;
    bury(app, app->stack[--app->depth]);
    Screen *top = screens_top(app);
    if (top && top->ops->resumed)
        top->ops->resumed(top, app);
    app->dirty = true;
}

void screens_pop_to(App *app, Screen *s)
{
    while (app->depth > 0 && app->stack[app->depth - 1] != s)
        screens_pop(app);
}

void screens_reset(App *app, Screen *s)
{
    while (app->depth > 0)
        bury(app, app->stack[--app->depth]);
    screens_push(app, s);
}

Screen *screens_top(const App *app)
{
    return app->depth ? app->stack[app->depth - 1] : NULL;
}

Screen *screens_find(const App *app, const ScreenOps *ops)
{
    for (int i = app->depth - 1; i >= 0; i--)
        if (app->stack[i]->ops == ops)
            return app->stack[i];
    return NULL;
}

/* The registry: each screen's entry, defined in its module. */
#define SCREEN(id, entry) extern const ScreenEntry entry;
#include "screenlist.h"
#undef SCREEN

static const ScreenEntry *const registry[SCREEN_COUNT] = {
#define SCREEN(id, entry) [SCREEN_##id] = &entry,
#include "screenlist.h"
#undef SCREEN
};

static const ScreenEntry *entry_of(ScreenId id)
{
    return (unsigned)id < SCREEN_COUNT ? registry[id] : NULL;
}

Screen *screens_open(App *app, ScreenId id, const void *args, char *err, size_t err_size)
{
    const ScreenEntry *e = entry_of(id);
    if (!e || !e->open) {
        snprintf(err, err_size, "screen %d cannot be opened on its own", (int)id);
        return NULL;
    }
    return e->open(app, args, err, err_size);
}

void screens_error(App *app, const char *title, const char *text)
{
    screens_go(app, SCREEN_ERROR, &(ErrorArgs){title, text});
}

bool screens_go(App *app, ScreenId id, const void *args)
{
    const ScreenEntry *e = entry_of(id);
    if (e && e->go)
        return e->go(app, args);
    char err[8192];
    Screen *s = screens_open(app, id, args, err, sizeof err);
    if (s)
        screens_push(app, s);
    else if (id != SCREEN_ERROR)
        screens_error(app, e && e->fails ? _(e->fails) : _("This screen cannot open"), err);
    return s != NULL;
}

bool screens_is(const Screen *s, ScreenId id)
{
    const ScreenEntry *e = entry_of(id);
    return s && e && e->ops && s->ops == e->ops;
}

Screen *screens_find_id(const App *app, ScreenId id)
{
    const ScreenEntry *e = entry_of(id);
    return e && e->ops ? screens_find(app, e->ops) : NULL;
}

bool screens_game_save(Screen *s, App *app, const char *file, const char *name, char *err,
                       size_t err_size)
{
    if (s && s->game && s->game->save)
        return s->game->save(s, app, file, name, err, err_size);
    snprintf(err, err_size, _("no game to save"));
    return false;
}

void screens_game_leave(Screen *s)
{
    if (s && s->game && s->game->leave)
        s->game->leave(s);
}

const char *screens_game_mission(const Screen *s)
{
    return s && s->game && s->game->mission_name ? s->game->mission_name(s) : "";
}

bool screens_game_to_below(const Screen *s)
{
    return s && s->game && s->game->to_below && s->game->to_below(s);
}

void screens_toast(App *app, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(app->toast, sizeof app->toast, fmt, ap);
    va_end(ap);
    printf("questboard: %s\n", app->toast);
    fflush(stdout);
    app->toast_until = SDL_GetTicks64() + TOAST_MS;
    app->dirty = true;
    screens_say(app, NARRATE_LOG, app->toast);
}

void screens_apply_narration(App *app)
{
    bool on = settings_narration(app->settings);
    if (!on) {
        narrate_destroy(app->narrator);
        app->narrator = NULL;
        app->narration_error[0] = '\0';
        return;
    }
    if (app->narrator)
        return;
    NarrateSink sink;
    char err[sizeof app->narration_error];
    if (!narrate_spd_open(i18n_language(), &sink, err, sizeof err)) {
        snprintf(app->narration_error, sizeof app->narration_error, "%s", err);
        screens_toast(app, "%s", err);
        return;
    }
    app->narration_error[0] = '\0';
    app->narrator = narrate_create(sink);
}

void screens_say(App *app, int kind, const char *text)
{
    if (!app->narrator)
        return;
    narrate_say(app->narrator, (NarrateKind)kind, text, SDL_GetTicks64());
    if (narrate_ok(app->narrator))
        return;
    narrate_destroy(app->narrator);
    app->narrator = NULL;
    snprintf(app->narration_error, sizeof app->narration_error, "%s",
             _("Narration stopped: speech-dispatcher no longer answers"));
    screens_toast(app, "%s", app->narration_error);
}

void screens_focus(App *app, const char *text)
{
    if (app->drawing_top)
        screens_say(app, NARRATE_FOCUS, text);
}

double screens_scale(const App *app)
{
    double ratio = app->pixel_ratio > 0 ? app->pixel_ratio : 1.0;
    double room_w = app->out_w / (SCREENS_DESIGN_W * ratio), room_h = app->out_h / (SCREENS_DESIGN_H * ratio);
    double room = room_w < room_h ? room_w : room_h;
    double scale = settings_ui_scale(app->settings);
    scale = scale < room ? scale : room;
    return scale > SCREENS_SCALE_MIN ? scale : SCREENS_SCALE_MIN;
}

double screens_text_factor(const App *app)
{
    double ratio = app->pixel_ratio > 0 ? app->pixel_ratio : 1.0;
    double room_w = app->out_w / (SCREENS_DESIGN_W * ratio), room_h = app->out_h / (SCREENS_DESIGN_H * ratio);
    double room = (room_w < room_h ? room_w : room_h) / screens_scale(app);
    double text = settings_text_size(app->settings) / 100.0;
    text = text < room ? text : room;
    return text > 1.0 ? text : 1.0;
}

int screens_px(const App *app, double n)
{
    double scale = screens_scale(app) * app->pixel_ratio;
    return (int)(n * scale + 0.5);
}

/* The board renderer, made when missing; a failure is toasted when
 * toast is set. */
static Renderer *board_renderer(App *app, bool toast)
{
    if (app->board)
        return app->board;
    char err[1024];
    ArtPaths art;
    RenderPaths paths = art_paths(&art, app->opts->tiles_dir, app->opts->sprites_dir,
                                  screens_px(app, 15 * screens_text_factor(app)));
    app->board = render_create(app->sdl, &paths, err, sizeof err);
    if (!app->board && toast)
        screens_toast(app, "%s", err);
    return app->board;
}

Renderer *screens_board_renderer(App *app)
{
    return board_renderer(app, true);
}

/* On an idle moment (no event, nothing moving) away from the title,
 * once: the board renderer is made with its full-size textures
 * (render_prepare). On the software renderer making those is the system
 * handing out fresh memory, half of a play screen's first frame; made
 * while the player reads a menu or a briefing, the first frame of the
 * game they open only draws. The title itself stays as light as it
 * starts (bench_start --title). A failure is left to the screen that
 * needs the board to tell. */
static void prepare_ahead(App *app)
{
    const Screen *top = app->depth > 0 ? app->stack[app->depth - 1] : NULL;
    if (app->board_ahead || !app->ui || !top || screens_is(top, SCREEN_TITLE))
        return;
    app->board_ahead = true;
    Renderer *r = board_renderer(app, false);
    if (r)
        render_prepare(r);
}

void screens_refresh_fonts(App *app)
{
    double scale = screens_scale(app) * app->pixel_ratio * screens_text_factor(app);
    if (app->ui && scale == app->font_scale)
        return;
    char err[1024];
    ArtPaths art;
    art_paths(&art, NULL, NULL, 0);
    Text *ui = text_create(app->sdl, art.font, art.bold, (int)(UI_FONT_PX * scale + 0.5), err,
                           sizeof err);
    Text *big = ui ? text_create(app->sdl, art.bold, art.bold, (int)(TITLE_FONT_PX * scale + 0.5),
                                 err, sizeof err)
                   : NULL;
    if (!ui || !big) {
        text_destroy(ui);
        fprintf(stderr, "questboard: %s\n", err);
        return;
    }
    text_destroy(app->ui);
    text_destroy(app->big);
    app->ui = ui, app->big = big, app->font_scale = scale;
    /* the board's own labels follow the scale too */
    render_destroy(app->board);
    app->board = NULL;
    app->board_ahead = false;
    app->dirty = true;
}

void screens_measure(App *app)
{
    int ww, wh;
    SDL_GetWindowSize(app->window, &ww, &wh);
    SDL_GetRendererOutputSize(app->sdl, &app->out_w, &app->out_h);
    app->pixel_ratio = ww > 0 ? (double)app->out_w / ww : 1.0;
}

static unsigned key_mods(Uint16 mod)
{
    return (mod & KMOD_SHIFT ? BINDINGS_MOD_SHIFT : 0) | (mod & KMOD_CTRL ? BINDINGS_MOD_CTRL : 0) |
           (mod & KMOD_ALT ? BINDINGS_MOD_ALT : 0);
}

/* A controller button as the binding it stands for. */
static BindingAction pad_action(Uint8 button)
{
    switch (button) {
    case SDL_CONTROLLER_BUTTON_DPAD_UP: return BINDING_CURSOR_UP;
    case SDL_CONTROLLER_BUTTON_DPAD_DOWN: return BINDING_CURSOR_DOWN;
    case SDL_CONTROLLER_BUTTON_DPAD_LEFT: return BINDING_CURSOR_LEFT;
    case SDL_CONTROLLER_BUTTON_DPAD_RIGHT: return BINDING_CURSOR_RIGHT;
    case SDL_CONTROLLER_BUTTON_A: return BINDING_CONFIRM;
    case SDL_CONTROLLER_BUTTON_B: return BINDING_BACK;
    case SDL_CONTROLLER_BUTTON_START: return BINDING_BACK; /* opens the in-game menu */
    case SDL_CONTROLLER_BUTTON_LEFTSHOULDER: return BINDING_NEXT_HERO;
    case SDL_CONTROLLER_BUTTON_RIGHTSHOULDER: return BINDING_END_TURN;
    case SDL_CONTROLLER_BUTTON_X: return BINDING_ROLL;
    case SDL_CONTROLLER_BUTTON_Y: return BINDING_ATTACK;
    /* every command without a button of its own (open, search, disarm,
     * drink, cast, undo, leave, objectives...) is in the command bar */
    case SDL_CONTROLLER_BUTTON_BACK: return BINDING_COMMAND_BAR;
    case SDL_CONTROLLER_BUTTON_GUIDE: return BINDING_HELP;
    default: return BINDING_COUNT;
    }
}

/* The key event the player's binding of action would send: controllers
 * reach every screen (the play screen too) as the keyboard does. */
static bool synth_key(const App *app, BindingAction action, SDL_Event *out)
{
    const char *binding = settings_binding(app->settings, action, 0);
    if (!binding[0])
        binding = settings_binding(app->settings, action, 1);
    unsigned mods;
    char key[BINDINGS_NAME_MAX];
    if (!bindings_parse_key(binding, &mods, key, sizeof key))
        return false;
    SDL_Keycode sym = SDL_GetKeyFromName(key);
    if (sym == SDLK_UNKNOWN)
        return false;
    memset(out, 0, sizeof *out);
    out->type = SDL_KEYDOWN;
    out->key.state = SDL_PRESSED;
    out->key.keysym.sym = sym;
    out->key.keysym.scancode = SDL_GetScancodeFromKey(sym);
    out->key.keysym.mod = (Uint16)((mods & BINDINGS_MOD_SHIFT ? KMOD_LSHIFT : 0) |
                                   (mods & BINDINGS_MOD_CTRL ? KMOD_LCTRL : 0) |
                                   (mods & BINDINGS_MOD_ALT ? KMOD_LALT : 0));
    out->key.timestamp = SDL_GetTicks();
    return true;
}

/* The left stick as D-pad presses, one per push past the dead zone. */
static bool stick_action(App *app, const SDL_ControllerAxisEvent *a, BindingAction *out)
{
    if (a->axis != SDL_CONTROLLER_AXIS_LEFTX && a->axis != SDL_CONTROLLER_AXIS_LEFTY)
        return false;
    int dir = -1;
    if (a->value < -STICK_DEAD)
        dir = a->axis == SDL_CONTROLLER_AXIS_LEFTX ? BINDING_CURSOR_LEFT : BINDING_CURSOR_UP;
    else if (a->value > STICK_DEAD)
        dir = a->axis == SDL_CONTROLLER_AXIS_LEFTX ? BINDING_CURSOR_RIGHT : BINDING_CURSOR_DOWN;
    else if (app->stick_dir >= 0) {
        bool same_axis = (a->axis == SDL_CONTROLLER_AXIS_LEFTX) ==
                         (app->stick_dir == BINDING_CURSOR_LEFT || app->stick_dir == BINDING_CURSOR_RIGHT);
        if (same_axis)
            app->stick_dir = -1;
        return false;
    }
    if (dir < 0 || dir == app->stick_dir)
        return false;
    app->stick_dir = dir;
    *out = (BindingAction)dir;
    return true;
}

static void toggle_fullscreen(App *app)
{
    bool on = !(SDL_GetWindowFlags(app->window) & SDL_WINDOW_FULLSCREEN_DESKTOP);
    if (SDL_SetWindowFullscreen(app->window, on ? SDL_WINDOW_FULLSCREEN_DESKTOP : 0) != 0) {
        screens_toast(app, _("fullscreen: %s"), SDL_GetError());
        return;
    }
    if (!settings_set_fullscreen(app->settings, on))
        screens_toast(app, "%s", settings_last_error(app->settings));
}

static void screenshot(App *app)
{
    char path[4096], err[1024];
    if (shot_save_window(app->sdl, path, sizeof path, err, sizeof err))
        screens_toast(app, _("screenshot written to %s"), path);
    else
        screens_toast(app, "%s", err);
}

/* Keys of the window itself; true when used. */
static bool global_key(App *app, const UiInput *in)
{
    Screen *top = screens_top(app);
    if (in->repeat || (top && top->wants_keys))
        return false;
    switch (in->action) {
    case BINDING_FULLSCREEN: toggle_fullscreen(app); return true;
    case BINDING_SCREENSHOT: screenshot(app); return true;
    case BINDING_HELP:
        if (screens_is(top, SCREEN_GAME))
            return false; /* the play screen has its own help, with its buttons */
        if (top && !screens_is(top, SCREEN_HELP))
            screens_go(app, SCREEN_HELP, NULL);
        return true;
    default: return false;
    }
}

static void window_event(App *app, const SDL_WindowEvent *w)
{
    if (w->event == SDL_WINDOWEVENT_SIZE_CHANGED) {
        screens_measure(app);
        screens_refresh_fonts(app);
        app->board_ahead = false; /* the textures made ahead are of the old size */
        bool full = SDL_GetWindowFlags(app->window) & SDL_WINDOW_FULLSCREEN_DESKTOP;
        int ww, wh;
        SDL_GetWindowSize(app->window, &ww, &wh);
        if (!full && !settings_set_window_size(app->settings, ww, wh))
            screens_toast(app, "%s", settings_last_error(app->settings));
    }
}

void screens_apply_volumes(App *app)
{
    const Settings *st = app->settings;
    AudioVolumes v = {settings_volume(st, SETTINGS_VOLUME_MASTER),
                      settings_volume(st, SETTINGS_VOLUME_EFFECTS),
                      settings_volume(st, SETTINGS_VOLUME_MUSIC), settings_mute(st)};
    audio_set_volumes(app->audio, &v);
}

static void open_pad(App *app, int index)
{
    if (app->pad || !SDL_IsGameController(index))
        return;
    app->pad = SDL_GameControllerOpen(index);
    if (app->pad)
        screens_toast(app, _("controller: %s"), SDL_GameControllerName(app->pad));
}

/* Turns an event into the UiInput of the top screen. False when nothing
 * is left for a screen to handle. */
static bool translate(App *app, SDL_Event *ev, SDL_Event *synth, UiInput *in)
{
    memset(in, 0, sizeof *in);
    in->ev = ev;
    in->action = BINDING_COUNT;
    BindingAction pad = BINDING_COUNT;
    if (ev->type == SDL_CONTROLLERBUTTONDOWN) {
        pad = pad_action(ev->cbutton.button);
        in->from_pad = true;
        in->pad_button = ev->cbutton.button;
    } else if (ev->type == SDL_CONTROLLERAXISMOTION && !stick_action(app, &ev->caxis, &pad)) {
        return false;
    }
    if (ev->type == SDL_CONTROLLERBUTTONDOWN || ev->type == SDL_CONTROLLERAXISMOTION)
        app->pad_last = true;
    else if (ev->type == SDL_KEYDOWN || ev->type == SDL_MOUSEBUTTONDOWN)
        app->pad_last = false;
    if (pad != BINDING_COUNT) {
        if (!synth_key(app, pad, synth))
            return in->from_pad; /* an unbound action: a screen may still use the button */
        in->ev = ev = synth;
    }
    switch (ev->type) {
    case SDL_KEYDOWN:
        in->repeat = ev->key.repeat != 0;
        in->action = bindings_action_for_key(settings_bindings(app->settings),
                                             SDL_GetKeyName(ev->key.keysym.sym),
                                             key_mods(ev->key.keysym.mod));
        return true;
    case SDL_TEXTINPUT:
    case SDL_KEYUP:
    case SDL_MOUSEBUTTONDOWN: return true;
    case SDL_MOUSEMOTION:
        in->pointer = true;
        in->moved = ev->motion.xrel != 0 || ev->motion.yrel != 0;
        in->x = (int)(ev->motion.x * app->pixel_ratio), in->y = (int)(ev->motion.y * app->pixel_ratio);
        return true;
    case SDL_MOUSEBUTTONUP:
        in->pointer = true;
        in->click = ev->button.button == SDL_BUTTON_LEFT;
        in->x = (int)(ev->button.x * app->pixel_ratio), in->y = (int)(ev->button.y * app->pixel_ratio);
        return true;
    case SDL_MOUSEWHEEL:
        in->wheel = ev->wheel.y > 0 ? 1 : ev->wheel.y < 0 ? -1 : 0;
        return true;
    default: return true; /* window events etc.: the game screen may want them */
    }
}

static void dispatch_one(App *app, SDL_Event *ev)
{
    switch (ev->type) {
    case SDL_QUIT: app->running = false; return;
    case SDL_WINDOWEVENT: window_event(app, &ev->window); app->dirty = true; break;
    case SDL_CONTROLLERDEVICEADDED: open_pad(app, ev->cdevice.which); return;
    case SDL_CONTROLLERDEVICEREMOVED:
        if (app->pad && ev->cdevice.which ==
                            SDL_JoystickInstanceID(SDL_GameControllerGetJoystick(app->pad))) {
            SDL_GameControllerClose(app->pad);
            app->pad = NULL;
        }
        return;
    case SDL_DROPFILE:
        dropfile_open(app, ev->drop.file);
        SDL_free(ev->drop.file);
        return;
    case SDL_RENDER_TARGETS_RESET:
    case SDL_RENDER_DEVICE_RESET:
        app->render_resets++;
        render_destroy(app->board);
        app->board = NULL;
        app->board_ahead = false;
        app->font_scale = 0;
        screens_refresh_fonts(app);
        break;
    default: break;
    }
    SDL_Event synth;
    UiInput in;
    if (!translate(app, ev, &synth, &in))
        return;
    if (in.ev->type == SDL_KEYDOWN && global_key(app, &in))
        return;
    Screen *top = screens_top(app);
    if (top) {
        top->ops->handle(top, app, &in);
        app->dirty = true;
    }
}

/* The toast: at the top of its area (the board's view in a game, else the
 * window), wrapped to its width, three lines at most. */
static void draw_toast(App *app)
{
    if (!app->toast[0] || SDL_GetTicks64() > app->toast_until)
        return;
    SDL_Rect area = app->toast_area.w > 0 ? app->toast_area : (SDL_Rect){0, 0, app->out_w, app->out_h};
    int w, h, pad = screens_px(app, 8), lh = uikit_line(app);
    text_size(app->ui, app->toast, &w, &h);
    int max_w = area.w - 4 * pad, lines = 1;
    if (w > max_w) {
        w = max_w;
        lines = uikit_wrap_lines(app, app->toast, w);
        lines = lines < 3 ? lines : 3;
    }
    SDL_Rect r = {area.x + (area.w - w) / 2 - pad, area.y + 2 * pad, w + 2 * pad, lines * lh + 2 * pad};
    SDL_SetRenderDrawBlendMode(app->sdl, SDL_BLENDMODE_BLEND);
    bool high = contrast_high(); /* opaque black, outlined */
    SDL_SetRenderDrawColor(app->sdl, 10 * !high, 10 * !high, 10 * !high, high ? 255 : 240);
    SDL_RenderFillRect(app->sdl, &r);
    if (high) {
        SDL_SetRenderDrawColor(app->sdl, 255, 255, 255, 255);
        SDL_RenderDrawRect(app->sdl, &r);
    }
    layoutprobe_layer(); /* a note floating over the screen for a moment */
    layoutprobe_panel(r, 240);
    uikit_wrap(app, app->toast, r.x + pad, r.y + pad, w, lines, (SDL_Color){240, 230, 200, 255});
}

void screens_draw(App *app)
{
    app->toast_area = (SDL_Rect){0, 0, 0, 0}; /* a screen may narrow it while it draws */
    SDL_SetRenderTarget(app->sdl, NULL);
    SDL_SetRenderDrawColor(app->sdl, SCREENS_BACKGROUND, 255);
    SDL_RenderClear(app->sdl);
    int first = 0;
    for (int i = app->depth - 1; i >= 0; i--)
        if (app->stack[i]->opaque) {
            first = i;
            break;
        }
    for (int i = first; i < app->depth; i++) {
        app->drawing_top = i == app->depth - 1;
        app->stack[i]->ops->draw(app->stack[i], app);
    }
    app->drawing_top = false;
    draw_toast(app);
    SDL_RenderPresent(app->sdl);
}

bool screens_update(App *app, double dt)
{
    bool animating = false;
    for (int i = 0; i < app->depth; i++)
        if (app->stack[i]->ops->update)
            animating |= app->stack[i]->ops->update(app->stack[i], app, dt);
    if (app->toast[0] && SDL_GetTicks64() > app->toast_until) {
        app->toast[0] = '\0';
        app->dirty = true;
    }
    return animating;
}

void screens_bury(App *app)
{
    for (int i = 0; i < app->dead_count; i++)
        app->dead[i]->ops->destroy(app->dead[i]);
    app->dead_count = 0;
}

void screens_dispatch(App *app, SDL_Event *ev)
{
    dispatch_one(app, ev);
    screens_bury(app);
}

void screens_run(App *app)
{
    screens_measure(app);
    screens_refresh_fonts(app);
    if (!app->ui)
        return;
    SDL_StopTextInput(); /* SDL starts with text input on; only fields want it */
    for (int i = 0; i < SDL_NumJoysticks(); i++)
        open_pad(app, i);
    app->running = true;
    app->dirty = true;
    app->stick_dir = -1;
    Uint64 last = SDL_GetTicks64();
    bool animating = false;
    while (app->running && app->depth > 0) {
        if (app->dirty || animating)
            screens_draw(app);
        app->dirty = false;
        audio_open(app->audio); /* once, after the first frame is shown (audio.h) */
        SDL_Event ev;
        if (SDL_WaitEventTimeout(&ev, animating ? 1 : IDLE_WAIT_MS)) {
            do
                screens_dispatch(app, &ev);
            while (app->running && SDL_PollEvent(&ev));
        } else if (!animating) {
            prepare_ahead(app);
        }
        Uint64 now = SDL_GetTicks64();
        animating = screens_update(app, (double)(now - last) / 1000.0);
        screens_bury(app);
        last = now;
    }
    while (app->depth > 0)
        bury(app, app->stack[--app->depth]);
    screens_bury(app);
}
