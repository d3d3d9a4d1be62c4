/* Headless screenshots: one frame drawn by the software renderer into a
 * surface, no window and no display: the play screen at the start of
 * the game (with fog of war unless --reveal), or the board of a bare
 * bitmap. */
#include "app.h"
#include "art.h"
#include "paths.h"
#include "play/play.h"
#include "packcli.h"
#include "session.h"
#include "shot.h"

#include "../gfx/render.h"
#include "../core/i18n.h"

#include <SDL.h>
#include <SDL_image.h>
#include <SDL_ttf.h>
#include <stdio.h>
#include <stdlib.h>

#define DEFAULT_W 1280
#define DEFAULT_H 800

/* Draws the play screen of match (taken over) or, when NULL, of a new
 * game of m, and writes it. */
static int draw_and_save(const Mission *m, Match *match, const AppOptions *opts, int w, int h)
{
    SDL_Surface *surface = SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, SDL_PIXELFORMAT_ARGB8888);
    SDL_Renderer *sdl = surface ? SDL_CreateSoftwareRenderer(surface) : NULL;
    if (!sdl) {
        fprintf(stderr, _("questboard: cannot create a %dx%d software renderer: %s\n"), w, h,
                SDL_GetError());
        SDL_FreeSurface(surface);
        match_destroy(match);
        return 2;
    }
    char err[1024];
    ArtPaths art;
    RenderPaths paths = art_paths(&art, opts->tiles_dir, opts->sprites_dir, h >= 1200 ? 20 : 15);
    Renderer *r = render_create(sdl, &paths, err, sizeof err);
    int status = 2;
    if (!r) {
        fprintf(stderr, "questboard: %s\n", err);
    } else {
        /* the game's start: a fixed seed, so two runs give the same bytes */
        PlayOptions po = {.reveal = opts->reveal, .debug = opts->debug,
                          .label = (DebugLabel)opts->label};
        Play *play = match ? play_create_with_match(match, &po, w, h)
                           : play_create(m, NULL, m->seed, &po, w, h);
        match = NULL;
        render_set_one_frame(r, true);
        play_draw(play, r);
        play_destroy(play);
        SDL_RenderFlush(sdl);
        status = shot_save_png(surface, opts->screenshot, err, sizeof err) ? 0 : 2;
        if (status)
            fprintf(stderr, "questboard: %s\n", err);
    }
    match_destroy(match); /* not drawn: the renderer failed */
    render_destroy(r);
    SDL_DestroyRenderer(sdl);
    SDL_FreeSurface(surface);
    return status;
}

static bool start_sdl(void)
{
    /* no window is opened, so no display is needed */
    if (!getenv("SDL_VIDEODRIVER"))
        SDL_setenv("SDL_VIDEODRIVER", "dummy", 1);
    if (SDL_Init(SDL_INIT_VIDEO) != 0 || TTF_Init() != 0) {
        fprintf(stderr, _("questboard: cannot start SDL: %s\n"), SDL_GetError());
        return false;
    }
    IMG_Init(IMG_INIT_PNG);
    return true;
}

static void stop_sdl(void)
{
    IMG_Quit();
    TTF_Quit();
    SDL_Quit();
}

int app_screenshot_match(Match *match, const AppOptions *opts)
{
    if (!start_sdl()) {
        match_destroy(match);
        return 2;
    }
    int status = draw_and_save(match_mission(match), match, opts, opts->width ? opts->width : DEFAULT_W,
                               opts->height ? opts->height : DEFAULT_H);
    stop_sdl();
    return status;
}

int app_screenshot(const AppOptions *opts)
{
    if (!start_sdl())
        return 2;
    char buf[4096], err[4096];
    const char *file = opts->mission ? opts->mission : paths_default_mission(buf, sizeof buf);
    char unpacked[4096];
    if (pack_path_is_pack(file)) { /* the mission the pack shows */
        ErrorList errs;
        errors_init(&errs, 0);
        bool ok = packcli_mission_of(file, unpacked, sizeof unpacked, &errs);
        errors_print(&errs, stderr);
        errors_clear(&errs);
        if (!ok)
            return 2;
        file = unpacked;
    }
    Session *session = session_load(file, &opts->limits, opts->reveal, err, sizeof err);
    int status = 2;
    if (!session)
        fprintf(stderr, "%s\n", err);
    else
        status = draw_and_save(session_mission(session), NULL, opts, opts->width ? opts->width : DEFAULT_W,
                               opts->height ? opts->height : DEFAULT_H);
    session_destroy(session);
    stop_sdl();
    return status;
}
