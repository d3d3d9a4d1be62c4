/* A mission as the window's screens show it: loaded with the bundled
 * catalogue and the window's bitmap limits, whether it is one of the
 * player's own (whose authors see --check's warnings), those warnings
 * drawn in a panel, and its board in small for a preview. The picker, the
 * briefing, the game, the campaign and the Random quest share it. */
#include "missionui.h"

#include "paths.h"
#include "uikit.h"

#include "../core/i18n.h"
#include "../mission/analysis.h"

#include <stdio.h>
#include <string.h>

static void join_errors(const ErrorList *errs, char *err, size_t err_size)
{
    size_t n = 0;
    err[0] = '\0';
    for (size_t i = 0; i < errs->count && n + 1 < err_size; i++)
        n += (size_t)snprintf(err + n, err_size - n, "%s%s", i ? "\n" : "", errs->items[i]);
    char more[96];
    if (errs->dropped && n + 1 < err_size)
        snprintf(err + n, err_size - n, "\n(%s)", errors_more_text(errs, more, sizeof more));
}

Mission *missionui_load(const App *app, const char *path, char *err, size_t err_size)
{
    char catalogue[4096];
    paths_data_file("assets/pieces.xml", catalogue, sizeof catalogue);
    MissionLoadOptions opts = {.catalogue_path = catalogue,
                               .max_side = app->opts->limits.max_side,
                               .max_squares = app->opts->limits.max_squares,
                               .max_rooms = app->opts->limits.max_rooms,
                               .shape = app->opts->limits.shape};
    ErrorList errs;
    errors_init(&errs, 0);
    Mission *m = mission_load(path, &opts, &errs);
    if (!m)
        join_errors(&errs, err, err_size);
    errors_clear(&errs);
    return m;
}

bool missionui_own(const App *app, const char *path)
{
    char own[4200];
    if (!app->pref[0])
        return false;
    int n = snprintf(own, sizeof own, "%smissions/", app->pref);
    return n > 0 && (size_t)n < sizeof own && strncmp(path, own, (size_t)n) == 0;
}

size_t missionui_warnings(const Mission *m, ErrorList *warnings)
{
    errors_init(warnings, 0);
    return analysis_run(m, warnings, NULL);
}

/* Cuts text (in place) at a word so that it and "..." fit in lines lines
 * of width w: a warning cut short says so rather than stopping mid-word. */
static void fit_lines(App *app, char *text, size_t size, int w, int lines)
{
    if (uikit_wrap_lines(app, text, w) <= lines)
        return;
    size_t len = strlen(text);
    while (len > 0) {
        while (len > 0 && text[len - 1] != ' ')
            len--;
        while (len > 0 && strchr(" ,;:", text[len - 1]))
            len--;
        if (len + 4 > size)
            continue;
        memcpy(text + len, "...", 4);
        if (uikit_wrap_lines(app, text, w) <= lines)
            return;
    }
}

int missionui_draw_warnings(App *app, const ErrorList *warnings, int x, int y, int w, int max_lines)
{
    size_t n = errors_total(warnings);
    if (n == 0 || max_lines < 2)
        return y;
    char head[160], line[1024];
    snprintf(head, sizeof head,
             ngettext("For the author: %zu warning (questboard --check lists it)",
                      "For the author: %zu warnings (questboard --check lists them)", n),
             n);
    if (uikit_wrap_lines(app, head, w) > 1) /* a narrow panel: the short form */
        snprintf(head, sizeof head, ngettext("For the author: %zu warning", "For the author: %zu warnings", n),
                 n);
    int lh = uikit_line(app), bottom = y + max_lines * lh;
    y = uikit_wrap(app, head, x, y, w, 1, UIKIT_BAD);
    for (size_t i = 0; i < warnings->count && bottom - y >= lh; i++) {
        char shown[1040];
        snprintf(shown, sizeof shown, "- %s",
                 analysis_short(warnings->items[i], line, sizeof line));
        int lines = (bottom - y) / lh < 2 ? (bottom - y) / lh : 2;
        fit_lines(app, shown, sizeof shown, w, lines);
        y = uikit_wrap(app, shown, x, y, w, lines, UIKIT_DIM);
    }
    return y;
}

#define MAP_TEXELS 512 /* the map's longer side at most */

/* A square's colour on the map: black for none, grey for rock. */
static uint32_t map_colour(const Board *b, BoardPos pos)
{
    SquareType t = board_type(b, pos);
    return 0xff000000u | (t == SQUARE_NONE ? 0x0c0a09 : t == SQUARE_BLOCKED ? 0x3a3836 : board_rgb(b, pos));
}

/* A hex board's map: pointy-top hexes k texels wide in offset rows, as
 * the board draws them (square blocks made a honeycomb a grid of bricks),
 * a texel of dark between hexes a wall parts, and a gold dot where a hero
 * starts. */
static SDL_Surface *hex_map(const Mission *m, int k)
{
    const Board *b = m->board;
    const Grid *grid = board_grid(b);
    int bw = board_width(b), bh = board_height(b);
    int h = k * 2 * 1000 / 1732, pitch = h * 3 / 4; /* a hex's height, rows 3/4 of it apart */
    h = h < 2 ? 2 : h, pitch = pitch < 1 ? 1 : pitch;
    SDL_Surface *s = SDL_CreateRGBSurfaceWithFormat(0, bw * k + k / 2, (bh - 1) * pitch + h, 32,
                                                    SDL_PIXELFORMAT_ARGB8888);
    if (!s)
        return NULL;
    SDL_FillRect(s, NULL, 0xff0c0a09u);
    for (int y = 0; y < bh; y++)
        for (int x = 0; x < bw; x++) {
            BoardPos pos = {x, y};
            int left = x * k + (grid_hex_shifted(grid, y) ? k / 2 : 0), top = y * pitch;
            bool walled = false; /* a wall on any side: the hex drawn a texel smaller */
            for (int d = 0; d < GRID_DIR_COUNT && board_type(b, pos) == SQUARE_WALKABLE; d++)
                walled |= grid_dir_valid(grid, (GridDir)d) && board_wall_block(b, pos, (GridDir)d);
            int inset = walled && k >= 6 ? 1 : 0;
            /* each texel row of a pointy-top hex: full width in its middle
             * half, narrowing to the points above and below */
            for (int r = inset; r < h - inset; r++) {
                int edge = r < h / 4 ? r : r >= h - h / 4 ? h - 1 - r : h / 4;
                int half = (k / 2) * (edge + 1) / (h / 4 + 1) - inset;
                if (half < 1)
                    half = 1;
                SDL_FillRect(s, &(SDL_Rect){left + k / 2 - half, top + r, 2 * half, 1}, map_colour(b, pos));
            }
        }
    for (size_t i = 0; i < m->hero_count; i++) {
        BoardPos at = m->heroes[i].pos;
        int d = k > 2 ? k / 2 : k;
        int cx = at.x * k + (grid_hex_shifted(grid, at.y) ? k / 2 : 0) + k / 2, cy = at.y * pitch + h / 2;
        SDL_FillRect(s, &(SDL_Rect){cx - d / 2, cy - d / 2, d, d}, 0xffecbc34u);
    }
    return s;
}

/* One block of k x k texels per square: its colour (black for none, grey
 * for rock), a dark line where a wall stands to the east or south, and a
 * gold dot where a hero starts; hexes on a hex board (hex_map). */
SDL_Texture *missionui_map_texture(SDL_Renderer *sdl, const Mission *m)
{
    const Board *b = m->board;
    int bw = board_width(b), bh = board_height(b), side = bw > bh ? bw : bh;
    int k = side > 0 ? MAP_TEXELS / side : 1;
    k = k < 1 ? 1 : k > 16 ? 16 : k;
    if ((int64_t)bw * k > 4096 || (int64_t)bh * k > 4096)
        return NULL; /* a huge board: no preview rather than a huge texture */
    if (board_grid(b)->topology == GRID_HEX) {
        SDL_Surface *hex = hex_map(m, k);
        SDL_Texture *tex = hex ? SDL_CreateTextureFromSurface(sdl, hex) : NULL;
        SDL_FreeSurface(hex);
        return tex;
    }
    SDL_Surface *s = SDL_CreateRGBSurfaceWithFormat(0, bw * k, bh * k, 32, SDL_PIXELFORMAT_ARGB8888);
    if (!s)
        return NULL;
    for (int y = 0; y < bh; y++)
        for (int x = 0; x < bw; x++) {
            BoardPos pos = {x, y};
            SquareType t = board_type(b, pos);
            SDL_Rect r = {x * k, y * k, k, k};
            SDL_FillRect(s, &r, map_colour(b, pos));
            if (k >= 3 && t == SQUARE_WALKABLE) {
                static const SDL_Rect edge[4] = {{0, 0, 16, 1}, {15, 0, 1, 16}, {0, 15, 16, 1}, {0, 0, 1, 16}};
                for (int d = 0; d < 4; d++)
                    if (board_wall_block(b, pos, (GridDir)d)) {
                        SDL_Rect e = {x * k + (edge[d].x ? k - 1 : 0), y * k + (edge[d].y ? k - 1 : 0),
                                      edge[d].w == 16 ? k : 1, edge[d].h == 16 ? k : 1};
                        SDL_FillRect(s, &e, 0xff1a1410u);
                    }
            }
        }
    for (size_t i = 0; i < m->hero_count; i++) {
        BoardPos h = m->heroes[i].pos;
        int d = k > 2 ? k / 2 : k;
        SDL_FillRect(s, &(SDL_Rect){h.x * k + (k - d) / 2, h.y * k + (k - d) / 2, d, d}, 0xffecbc34u);
    }
    SDL_Texture *tex = SDL_CreateTextureFromSurface(sdl, s);
    SDL_FreeSurface(s);
    return tex;
}
