/* questboard --screenshot OUT.png --edit [FILE]: the editor drawn once,
 * headless (a hidden window on the dummy video driver, the software
 * renderer), for the docs. */
#include "editor.h"
#include "core/i18n.h"

#include "app/shot.h"
#include "app/settings.h"

#include <SDL.h>
#include <SDL_image.h>
#include <SDL_ttf.h>
#include <stdio.h>
#include <stdlib.h>

#define SHOT_W 1280
#define SHOT_H 800

static int draw(App *app, const AppOptions *opts)
{
    char err[8192];
    Screen *s = editor_create(app, opts->mission, err, sizeof err);
    if (!s) {
        fprintf(stderr, "questboard: %s\n", err);
        return 2;
    }
    screens_push(app, s);
    screens_draw(app);
    SDL_Surface *shot = SDL_CreateRGBSurfaceWithFormat(0, app->out_w, app->out_h, 32,
                                                       SDL_PIXELFORMAT_ARGB8888);
    int status = 2;
    if (shot && SDL_RenderReadPixels(app->sdl, NULL, SDL_PIXELFORMAT_ARGB8888, shot->pixels,
                                     shot->pitch) == 0 &&
        shot_save_png(shot, opts->screenshot, err, sizeof err))
        status = 0;
    else
        fprintf(stderr, "questboard: %s\n", shot ? err : SDL_GetError());
    SDL_FreeSurface(shot);
    while (app->depth > 0)
        screens_pop(app);
    screens_bury(app);
    return status;
}

int editor_screenshot(const AppOptions *opts)
{
    if (!getenv("SDL_VIDEODRIVER"))
        SDL_setenv("SDL_VIDEODRIVER", "dummy", 1);
    if (SDL_Init(SDL_INIT_VIDEO) != 0 || TTF_Init() != 0) {
        fprintf(stderr, _("questboard: cannot start SDL: %s\n"), SDL_GetError());
        return 2;
    }
    IMG_Init(IMG_INIT_PNG);
    App app = {0};
    app.opts = opts;
    app.settings = settings_create(NULL); /* the defaults: a picture for the docs */
    int w = opts->width ? opts->width : SHOT_W, h = opts->height ? opts->height : SHOT_H;
    app.window = SDL_CreateWindow("Questboard", 0, 0, w, h, SDL_WINDOW_HIDDEN);
    app.sdl = app.window ? SDL_CreateRenderer(app.window, -1, SDL_RENDERER_SOFTWARE) : NULL;
    int status = 2;
    if (app.sdl) {
        app.running = true;
        screens_measure(&app);
        screens_refresh_fonts(&app);
        status = app.ui ? draw(&app, opts) : 2;
    } else {
        fprintf(stderr, _("questboard: cannot draw: %s\n"), SDL_GetError());
    }
    render_destroy(app.board);
    text_destroy(app.ui);
    text_destroy(app.big);
    if (app.sdl)
        SDL_DestroyRenderer(app.sdl);
    if (app.window)
        SDL_DestroyWindow(app.window);
    settings_destroy(app.settings);
    IMG_Quit();
    TTF_Quit();
    SDL_Quit();
    return status;
}
