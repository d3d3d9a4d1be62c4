/* The window: settings from the pref path, the window and renderer they
 * ask for, then the screen stack's loop (screens.c). A mission named on
 * the command line opens straight into play over the title screen. */
#define _POSIX_C_SOURCE 200809L /* setenv */
#include "app.h"
#include "editor/editor.h"
#include "gpuprobe.h"
#include "../core/fileio.h"
#include "packcli.h"
#include "packresume.h"
#include "slots.h"
#include "../rules/save.h"
#include "screens/campaignview.h"
#include "screens/errorview.h"
#include "screens/gamescreen.h"
#include "screens/replayview.h"
#include "screens.h"
#include "screens/title.h"
#include "narrate.h"
#include "xcompose.h"
#include "paths.h"
#include "config.h"

#include "../audio/audio.h"
#include "../gfx/contrast.h"
#include "../gfx/palette.h"
#include "../core/i18n.h"

#include <SDL.h>
#include <SDL_image.h>
#include <SDL_ttf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define WINDOW_SHARE 0.7 /* default window size as a share of the screen */

static void window_size(const AppOptions *opts, const Settings *st, bool have_file, int *w, int *h)
{
    SDL_Rect usable = {0, 0, 1280, 800};
    SDL_GetDisplayUsableBounds(0, &usable);
    *w = have_file ? settings_window_width(st) : (int)(usable.w * WINDOW_SHARE);
    *h = have_file ? settings_window_height(st) : (int)(usable.h * WINDOW_SHARE);
    if (opts->width)
        *w = opts->width, *h = opts->height;
}

/* SDL's software renderer draws into the window's surface, which SDL
 * itself shows through an OpenGL texture of its own on X11 unless told
 * otherwise: that loads the GL driver (Mesa's llvmpipe without a GPU:
 * 88 MiB and about 70 ms of processor time) for a copy X11 does directly.
 * Asked for before the window's surface is made, when the software
 * renderer is chosen (SDL_RENDER_DRIVER=software, or no other works); a
 * value the user set for SDL_FRAMEBUFFER_ACCELERATION wins. */
static void direct_surface(void)
{
    SDL_SetHintWithPriority(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0", SDL_HINT_DEFAULT);
}

static bool software_asked(void)
{
    const char *driver = SDL_GetHint(SDL_HINT_RENDER_DRIVER);
    return driver && SDL_strcasecmp(driver, "software") == 0;
}

/* The renderer, when the user names none (SDL_RENDER_DRIVER, which always
 * wins): the accelerated default where a GPU may be reached, SDL's
 * software renderer where OpenGL could only be software (Xvfb, a virtual
 * machine, a forwarded display). There Mesa's llvmpipe costs 70 ms and
 * 88 MiB to start and then blends on the processor all the same; SDL's
 * software renderer draws the same pictures straight into the window's
 * surface. Set as the hint, so the one SDL_CreateRenderer call below
 * treats it as if the user had named it (its vsync simulated alike). */
static void choose_renderer(SDL_Window *window)
{
    const char *driver = SDL_GetHint(SDL_HINT_RENDER_DRIVER);
    if (driver && driver[0])
        return;
    if (gpuprobe_software_only(window))
        SDL_SetHint(SDL_HINT_RENDER_DRIVER, "software");
}

static bool open_window(App *app, bool have_file)
{
    int w, h;
    window_size(app->opts, app->settings, have_file, &w, &h);
    Uint32 flags = SDL_WINDOW_RESIZABLE | SDL_WINDOW_ALLOW_HIGHDPI;
    if (settings_fullscreen(app->settings) && !app->opts->width)
        flags |= SDL_WINDOW_FULLSCREEN_DESKTOP;
    app->window = SDL_CreateWindow("Questboard", SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, w,
                                   h, flags);
    if (!app->window)
        return false;
    if (!have_file && !app->opts->width && !(flags & SDL_WINDOW_FULLSCREEN_DESKTOP))
        settings_note_window_size(app->settings, w, h); /* else the file would say 1280x800 */
    choose_renderer(app->window);
    if (software_asked())
        direct_surface();
    app->sdl = SDL_CreateRenderer(app->window, -1, SDL_RENDERER_ACCELERATED | SDL_RENDERER_PRESENTVSYNC);
    if (!app->sdl) {
        direct_surface();
        app->sdl = SDL_CreateRenderer(app->window, -1, SDL_RENDERER_SOFTWARE);
    }
    return app->sdl != NULL;
}

/* Settings problems, shown once at start (never fatal). */
static void report_settings(App *app)
{
    size_t n = settings_message_count(app->settings);
    if (n == 0)
        return;
    char text[4096];
    size_t len = 0;
    text[0] = '\0';
    for (size_t i = 0; i < n && len + 1 < sizeof text; i++) {
        fprintf(stderr, "questboard: %s\n", settings_message(app->settings, i));
        len += (size_t)snprintf(text + len, sizeof text - len, "%s\n", settings_message(app->settings, i));
    }
    if (len + 1 < sizeof text)
        snprintf(text + len, sizeof text - len, "%s",
                 _("The defaults are used for these; the next change you make rewrites the file."));
    screens_push(app, errorview_create(app, _("The settings file has problems"), text));
}

/* A saved game of a quest pack, on the pack's mission. */
static Screen *pack_game(App *app, const PackOpened *o, char *err, size_t err_size)
{
    uint8_t *data;
    size_t size, skip = 0;
    char why[512];
    if (!fileio_read(o->main, SAVE_MAX_BYTES, &data, &size, why, sizeof why)) {
        snprintf(err, err_size, "%s: %s", o->main, why);
        return NULL;
    }
    SlotHeader h;
    if (size >= 15 && memcmp(data, "questboard-slot", 15) == 0 &&
        !slots_header_parse((const char *)data, size, &h, &skip, why, sizeof why))
        skip = 0;
    Screen *s = gamescreen_create_from_save(app, o->main, (const char *)data + skip, size - skip,
                                            o->mission, err, err_size);
    free(data);
    return s;
}

/* What a quest pack named on the command line holds (docs/packs.md): a
 * mission's game, a campaign's party page, a saved game going on, a
 * campaign save resumed (pushed here; *pushed tells). */
static Screen *pack_screen(App *app, const char *path, uint64_t seed, bool *pushed, char *err,
                           size_t err_size)
{
    char root[4096];
    PackOpened o;
    ErrorList errs;
    errors_init(&errs, 0);
    if (!packcli_missions_root(root, sizeof root) || !packcli_open(path, root, &o, &errs)) {
        size_t n = 0;
        err[0] = '\0';
        for (size_t i = 0; i < errs.count && n + 1 < err_size; i++)
            n += (size_t)snprintf(err + n, err_size - n, "%s%s", i ? "\n" : "", errs.items[i]);
        if (!errs.count)
            snprintf(err, err_size, _("%s: no folder to unpack it in"), path);
        errors_clear(&errs);
        return NULL;
    }
    errors_clear(&errs);
    if (o.kind == PACK_CAMPAIGN)
        return campaignview_create(app, o.main, err, err_size);
    if (o.kind == PACK_GAME)
        return pack_game(app, &o, err, err_size);
    if (o.kind == PACK_PARTY) {
        *pushed = packresume_open(app, &o, err, err_size);
        return NULL;
    }
    return gamescreen_create(app, o.main, NULL, seed, err, err_size);
}

/* The first screens: the title, and the mission of the command line. */
static bool first_screens(App *app)
{
    screens_push(app, title_create(app));
    if (app->opts->edit) {
        char why[8192];
        Screen *editor = editor_create(app, app->opts->mission, why, sizeof why);
        if (!editor) {
            fprintf(stderr, "questboard: %s\n", why);
            return false;
        }
        screens_push(app, editor);
        return true;
    }
    char err[8192];
    if (app->opts->replay) {
        Screen *viewer = replayview_open(app, app->opts->replay, err, sizeof err);
        if (!viewer) {
            fprintf(stderr, "%s\n", err);
            return false;
        }
        screens_push(app, viewer);
        return true;
    }
    if (!app->opts->mission)
        return true;
    uint64_t seed = app->opts->has_seed ? app->opts->seed
                                        : (uint64_t)time(NULL) ^ SDL_GetPerformanceCounter();
    bool pushed = false;
    Screen *game = pack_path_is_pack(app->opts->mission)
                       ? pack_screen(app, app->opts->mission, seed, &pushed, err, sizeof err)
                       : gamescreen_create(app, app->opts->mission, NULL, seed, err, sizeof err);
    if (pushed)
        return true;
    if (!game) {
        fprintf(stderr, "%s\n", err);
        return false;
    }
    screens_push(app, game);
    return true;
}

static int run(App *app)
{
    char *pref = SDL_GetPrefPath("questboard", "questboard");
    if (pref) {
        snprintf(app->pref, sizeof app->pref, "%s", pref);
        snprintf(app->saves, sizeof app->saves, "%ssaves", pref);
    } else {
        fprintf(stderr, _("questboard: no folder for settings and saves: %s\n"), SDL_GetError());
    }
    SDL_free(pref);
    app->settings = settings_create(app->pref[0] ? app->pref : NULL);
    settings_load(app->settings);
    lang_init(settings_language(app->settings));
    palette_set((PaletteVision)settings_colour_vision(app->settings));
    contrast_set_high(settings_high_contrast(app->settings));
    /* Whether there is a settings file at all; never opened here, since a
     * FIFO in its place would block the open. */
    const char *settings_file = settings_path(app->settings);
    bool have_file = settings_file && settings_file[0] && fileio_is_file(settings_file);
    int status = 2;
    app->audio = audio_create_closed(paths_data_dir()); /* opened after the first frame */
    screens_apply_volumes(app);
    bool open = open_window(app, have_file);
    if (!open)
        fprintf(stderr, _("questboard: cannot open a window: %s\n"), SDL_GetError());
    else
        screens_measure(app); /* the first game screen is sized to the window */
    if (open && first_screens(app)) {
        report_settings(app);
        screens_apply_narration(app); /* after the first toasts: a failure is the one shown */
        screens_run(app);
        status = app->ui ? 0 : 2;
    }
    while (app->depth > 0)
        screens_pop(app);
    for (int i = 0; i < app->dead_count; i++)
        app->dead[i]->ops->destroy(app->dead[i]);
    render_destroy(app->board);
    text_destroy(app->ui);
    text_destroy(app->big);
    if (app->pad)
        SDL_GameControllerClose(app->pad);
    if (app->sdl)
        SDL_DestroyRenderer(app->sdl);
    if (app->window)
        SDL_DestroyWindow(app->window);
    audio_destroy(app->audio);
    narrate_destroy(app->narrator);
    settings_destroy(app->settings);
    return status;
}

/* On X11/Wayland systems SDL falls back to an off-screen driver when
 * there is no display, and the game would run for ever unseen. */
static bool display_missing(void)
{
#if defined(__unix__) && !defined(__APPLE__) && !defined(__ANDROID__)
    const char *driver = getenv("SDL_VIDEODRIVER");
    if (driver && driver[0])
        return false; /* the user chose a driver: their call */
    const char *x = getenv("DISPLAY"), *wl = getenv("WAYLAND_DISPLAY");
    return !(x && x[0]) && !(wl && wl[0]);
#else
    return false;
#endif
}

int app_play(const AppOptions *opts)
{
    if (display_missing()) {
        fprintf(stderr, _("questboard: no display found (DISPLAY and WAYLAND_DISPLAY are not set); "
                          "run it in a desktop session, or choose a video driver with SDL_VIDEODRIVER "
                          "(--screenshot draws without one)\n"));
        return 1;
    }
    /* The window's class (X11) and app_id (Wayland) are the desktop
     * entry's id, so the desktop shows the game's name and icon for it;
     * a class the user set is kept. */
    setenv("SDL_VIDEO_X11_WMCLASS", QB_APP_ID, 0);
    setenv("SDL_VIDEO_WAYLAND_WMCLASS", QB_APP_ID, 0);
    SDL_SetHint(SDL_HINT_APP_NAME, "Questboard");
    /* X11's Compose table from a cache from the second start on */
    xcompose_cache_setup();
    if (SDL_Init(SDL_INIT_VIDEO | SDL_INIT_GAMECONTROLLER) != 0 && SDL_Init(SDL_INIT_VIDEO) != 0) {
        fprintf(stderr, _("questboard: cannot start SDL: %s\n"), SDL_GetError());
        return 2;
    }
    if (TTF_Init() != 0) {
        fprintf(stderr, _("questboard: cannot start SDL_ttf: %s\n"), TTF_GetError());
        SDL_Quit();
        return 2;
    }
    IMG_Init(IMG_INIT_PNG);
    App app = {0};
    app.opts = opts;
    int status = run(&app);
    IMG_Quit();
    TTF_Quit();
    SDL_Quit();
    return status;
}
