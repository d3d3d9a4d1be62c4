/* The board's picture around a zoom step (issue 17's follow-up), headless
 * like test_play: the frame after a zoom step redraws only the view and a
 * narrow margin, and a few still frames later the margin is widened for
 * panning; both must be the same picture, pixel for pixel, also dragged
 * so that the narrow margin shows, zooming in and out, on the bundled
 * first-light (fog, walls, doors, furniture, figures), the hex
 * the-ember-hive, the square8 the-leaning-nave and the fog fixture. The
 * frame of a zoom step out stretches the last picture and draws the
 * strips it does not reach: the board, not a blank band, at the edges of
 * the view. A first frame is the same drawn alone (--screenshot) and
 * after render_prepare made the textures ahead. */
#include "play_util.h"

#include <SDL_ttf.h>
#include <string.h>

#define STILL_FRAMES 12 /* more than the renderer waits before widening */

static char catalogue[4096];
static const char *root, *data;

/* A copy of the frame's pixels; free with free(). */
static uint32_t *grab(void)
{
    size_t n = (size_t)surface->w * (size_t)surface->h;
    uint32_t *px = malloc(n * sizeof *px);
    for (int y = 0; y < surface->h; y++)
        memcpy(px + (size_t)y * (size_t)surface->w, (const uint8_t *)surface->pixels + y * surface->pitch,
               (size_t)surface->w * sizeof *px);
    return px;
}

/* Pixels of the board's view that differ between a and b, in the band
 * pixels wide along its edges (0: all of it). */
static long differing(const uint32_t *a, const uint32_t *b, SDL_Rect view, int band)
{
    long n = 0;
    for (int y = view.y; y < view.y + view.h; y++)
        for (int x = view.x; x < view.x + view.w; x++) {
            bool edge = x < view.x + band || x >= view.x + view.w - band || y < view.y + band ||
                        y >= view.y + view.h - band;
            if ((band == 0 || edge) && a[(size_t)y * W + x] != b[(size_t)y * W + x])
                n++;
        }
    return n;
}

/* Drags the board by (dx, dy) pixels with the mouse. */
static void drag(Play *p, int dx, int dy)
{
    SDL_Rect view = play_board_rect(p);
    int x = view.x + view.w / 2, y = view.y + view.h / 2;
    SDL_Event ev = {0};
    ev.type = SDL_MOUSEBUTTONDOWN;
    ev.button.button = SDL_BUTTON_LEFT;
    ev.button.x = x, ev.button.y = y;
    play_handle_event(p, &ev);
    motion(p, x + dx, y + dy);
    ev.type = SDL_MOUSEBUTTONUP;
    ev.button.x = x + dx, ev.button.y = y + dy;
    play_handle_event(p, &ev);
}

/* One zoom key, its frame and the frame after it, then the board dragged
 * a little (within the narrow margin: the same quick picture, its margin
 * now in view); that picture and the one after the still frames must be
 * the same. Returns the step's frame and the sharp one after it (free
 * them). */
static uint32_t *zoom_and_compare(Play *p, SDL_Keycode sym, const char *what, uint32_t **after)
{
    key(p, sym);
    play_update(p, 1.0 / 60);
    draw(p);
    uint32_t *step = grab();
    play_update(p, 1.0 / 60);
    draw(p);
    *after = grab();
    drag(p, 20, -20);
    play_update(p, 1.0 / 60);
    draw(p);
    uint32_t *sharp = grab();
    for (int i = 0; i < STILL_FRAMES; i++) {
        play_update(p, 1.0 / 60);
        draw(p);
    }
    uint32_t *settled = grab();
    long d = differing(sharp, settled, play_board_rect(p), 0);
    if (d != 0)
        fprintf(stderr, "%s: %ld pixels differ between the sharp frame and the settled one\n", what, d);
    CHECK(d == 0);
    free(sharp);
    free(settled);
    return step;
}

/* A frame drawn as --screenshot draws it (render_set_one_frame: no
 * cache, no interface layer) against the first frame of a new renderer,
 * the picture a screenshot showed before: every pixel of the window the
 * same. (A settled picture may differ from both by a rounding: its cache
 * is drawn around the camera of an earlier frame.) */
static void check_one_frame(Play *p, const char *what)
{
    char tiles[4096], sprites[4096], font[4096], bold[4096], err[1024];
    snprintf(tiles, sizeof tiles, "%s/gfx/tiles", data);
    snprintf(sprites, sizeof sprites, "%s/gfx/sprites", data);
    snprintf(font, sizeof font, "%s/assets/fonts/DejaVuSans.ttf", root);
    snprintf(bold, sizeof bold, "%s/assets/fonts/DejaVuSans-Bold.ttf", root);
    RenderPaths paths = {tiles, sprites, font, bold, 15};
    Renderer *kept = renderer;
    renderer = render_create(render_sdl(kept), &paths, err, sizeof err);
    CHECK(renderer != NULL);
    if (renderer) {
        draw(p);
        uint32_t *first = grab();
        render_set_one_frame(renderer, true);
        draw(p);
        uint32_t *once = grab();
        long d = differing(first, once, (SDL_Rect){0, 0, W, H}, 0);
        if (d != 0)
            fprintf(stderr, "%s: %ld pixels differ between one frame and a first frame\n", what, d);
        CHECK(d == 0);
        render_destroy(renderer);
        /* the first frame of a renderer whose textures were made ahead
         * (render_prepare, as the app does on an idle moment) */
        renderer = render_create(render_sdl(kept), &paths, err, sizeof err);
        CHECK(renderer != NULL);
        if (renderer) {
            render_prepare(renderer);
            draw(p);
            uint32_t *ahead = grab();
            d = differing(first, ahead, (SDL_Rect){0, 0, W, H}, 0);
            if (d != 0)
                fprintf(stderr, "%s: %ld pixels differ between a first frame made ahead and one not\n", what,
                        d);
            CHECK(d == 0);
            free(ahead);
            render_destroy(renderer);
        }
        free(first);
        free(once);
    }
    renderer = kept;
}

static void check_zoom_pictures(const char *folder, const char *name)
{
    Mission *m = load_mission(catalogue, folder, name);
    if (!m)
        return;
    PlayOptions po = {.anim_factor = 1.0};
    Play *p = play_create(m, NULL, 42, &po, W, H);
    check_one_frame(p, name);
    for (int i = 0; i < STILL_FRAMES; i++)
        draw(p);
    char what[256];
    for (int i = 0; i < 5; i++) {
        snprintf(what, sizeof what, "%s, zoom in %d", name, i + 1);
        uint32_t *after;
        free(zoom_and_compare(p, SDLK_EQUALS, what, &after));
        free(after);
        check_one_frame(p, what);
    }
    for (int i = 0; i < 3; i++) {
        /* in and straight out again, from the quick narrow picture */
        key(p, SDLK_EQUALS);
        for (int f = 0; f < 2; f++) {
            play_update(p, 1.0 / 60);
            draw(p);
        }
        snprintf(what, sizeof what, "%s, zoom out %d", name, i + 1);
        uint32_t *sharp;
        uint32_t *step = zoom_and_compare(p, SDLK_MINUS, what, &sharp);
        /* the step's frame against the sharp picture at its zoom: a blank
         * band where the last picture did not reach would differ all
         * along the edges */
        SDL_Rect view = play_board_rect(p);
        long band = 8, d = differing(step, sharp, view, (int)band);
        long all = 2 * band * (view.w + view.h);
        if (d * 4 > all)
            fprintf(stderr, "%s: %ld of %ld edge pixels of the step differ\n", what, d, all);
        CHECK(d * 4 <= all);
        free(step);
        free(sharp);
    }
    play_destroy(p);
    mission_destroy(m);
}

int main(void)
{
    root = getenv("QUESTBOARD_DATA"), data = getenv("TEST_DATA");
    if (!root || !data)
        return 2;
    SDL_Init(SDL_INIT_VIDEO);
    TTF_Init();
    IMG_Init(IMG_INIT_PNG);
    snprintf(catalogue, sizeof catalogue, "%s/assets/pieces.xml", root);
    CHECK(play_util_init(W, H, root, data));
    if (!renderer)
        return check_finish("play_zoom");
    char missions[4096];
    snprintf(missions, sizeof missions, "%s/missions/first-light", root);
    check_zoom_pictures(missions, "mission.xml");
    /* hexes (filled as polygons) and square8 */
    snprintf(missions, sizeof missions, "%s/missions/the-ember-hive", root);
    check_zoom_pictures(missions, "mission.xml");
    snprintf(missions, sizeof missions, "%s/missions/the-leaning-nave", root);
    check_zoom_pictures(missions, "mission.xml");
    check_zoom_pictures(data, "gfx/fog.xml");
    play_util_finish();
    IMG_Quit();
    TTF_Quit();
    SDL_Quit();
    return check_finish("play_zoom");
}
