/* Access (issue 27), headless like test_play.
 * - Reduce motion: a hero's hurt neither flashes nor shakes the board, the
 *   dice lie still with their faces up at once, a blow's damage is shown
 *   at once; without it the same fights do all of that (so the test sees
 *   the setting, not a quiet fixture).
 * - Colour vision: the play screen is drawn in each palette and its marks'
 *   pixels are seen through a simulation of protanopia, deuteranopia and
 *   tritanopia (Machado, Oliveira and Fernandes 2009, full severity, on
 *   linear RGB): in the palette made for that vision the heroes' and the
 *   monsters' rings stay apart from each other, and the reachable squares,
 *   the path and the attacked square from each other and from the floor,
 *   by a CIE76 distance; the normal palette does not (why the others
 *   exist).
 * - High contrast: the play screen of a fight (the dice tray's words, the
 *   side panel, the command bar with buttons on and off, the hover box) is
 *   drawn with the layout probe, and every line of text on a panel is
 *   measured in the drawn pixels: its background the commonest colour of
 *   its box, its ink the pixel of most contrast with that. Each has a WCAG
 *   contrast ratio of at least 7 in high contrast; the normal colours have
 *   lines below it (the dim greys: why the mode exists). */
#include "play_util.h"

#include "gfx/contrast.h"
#include "gfx/hud/hud.h"
#include "gfx/layoutprobe.h"
#include "gfx/palette.h"
#include "rules/game.h"

#include <math.h>
#include <SDL_ttf.h>
#include <string.h>

static char catalogue[4096];
static const char *root, *data;
static int view_w = W, view_h = H; /* the play screen's size */

static Play *start(Mission **m, const char *name, uint64_t seed, bool reduce)
{
    *m = load_mission(catalogue, data, name);
    if (!*m)
        return NULL;
    PlayOptions po = {.anim_factor = 1.0, .reduce_motion = reduce};
    Play *p = play_create(*m, NULL, seed, &po, view_w, view_h);
    draw(p);
    return p;
}

static void finish(Play *p, Mission *m)
{
    play_destroy(p);
    mission_destroy(m);
}

/* The Barbarian attacks the goblin: the dice tumble, or with reduce motion
 * lie still, all faces up, and the blow's number is out at once. */
static void check_still_dice(bool reduce)
{
    Mission *m;
    Play *p = start(&m, "gfx/fight.xml", 3, reduce);
    if (!p)
        return;
    key(p, SDLK_f);
    play_update(p, 0.01);
    HudModel hm;
    play_hud_model(p, &hm);
    CHECK(hm.dice.count > 0);
    CHECK(hm.dice.tumbling == !reduce);
    CHECK_INT(hm.dice.shown, reduce ? hm.dice.count + hm.dice.count2 : 0);
    PlayFxView fx;
    play_fx_view(p, &fx);
    CHECK_INT(fx.floats, reduce ? 1 : 0);
    /* the dice stay to be read as long as they would have rolled */
    CHECK(play_animating(p));
    settle(p);
    finish(p, m);
}

/* The goblin hurts a hero: flash and shake, or with reduce motion neither
 * (the damage number is still shown). */
static void check_no_shake(bool reduce)
{
    int hurt = 0, shook = 0;
    for (uint64_t seed = 1; seed < 60 && !hurt; seed++) {
        Mission *m;
        Play *p = start(&m, "gfx/fight.xml", seed, reduce);
        if (!p)
            return;
        const Game *g = play_game(p);
        int before = game_piece(g, 0)->body;
        key(p, SDLK_e); /* the goblin's turn: it attacks */
        for (int i = 0; i < 400 && play_animating(p); i++) {
            play_update(p, 0.02);
            PlayFxView fx;
            play_fx_view(p, &fx);
            shook += fx.flash || fx.shake;
            if (fx.floats > 0 && fx.newest[0] == '-')
                hurt++;
        }
        settle(p);
        if (!hurt)
            CHECK_INT(game_piece(g, 0)->body, before);
        finish(p, m);
    }
    CHECK(hurt > 0);
    if (reduce)
        CHECK_INT(shook, 0);
    else
        CHECK(shook > 0);
}

/* --- colour vision ------------------------------------------------------ */

#define RING_APART 20.0   /* least CIE76 distance between two rings */
#define SQUARE_APART 10.0 /* ...between two see-through square marks */

typedef struct Lab {
    double l, a, b;
} Lab;

static double to_linear(double c)
{
    c /= 255.0;
    return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4);
}

/* c seen with vision v (Machado et al. 2009, severity 1), as CIE Lab. */
static Lab seen(Rgb c, PaletteVision v)
{
    static const double M[PALETTE_COUNT][3][3] = {
        [PALETTE_NORMAL] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}},
        [PALETTE_PROTANOPIA] = {{0.152286, 1.052583, -0.204868},
                                {0.114503, 0.786281, 0.099216},
                                {-0.003882, -0.048116, 1.051998}},
        [PALETTE_DEUTERANOPIA] = {{0.367322, 0.860646, -0.227968},
                                  {0.280085, 0.672501, 0.047413},
                                  {-0.011820, 0.042940, 0.968881}},
        [PALETTE_TRITANOPIA] = {{1.255528, -0.076749, -0.178779},
                                {-0.078411, 0.930809, 0.147602},
                                {0.004733, 0.691367, 0.303900}},
    };
    double in[3] = {to_linear(c.r), to_linear(c.g), to_linear(c.b)}, lin[3];
    for (int i = 0; i < 3; i++) {
        double x = M[v][i][0] * in[0] + M[v][i][1] * in[1] + M[v][i][2] * in[2];
        lin[i] = x < 0 ? 0 : x > 1 ? 1 : x;
    }
    /* linear sRGB to XYZ (D65), then Lab */
    double xyz[3] = {(0.4124 * lin[0] + 0.3576 * lin[1] + 0.1805 * lin[2]) / 0.95047,
                     0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2],
                     (0.0193 * lin[0] + 0.1192 * lin[1] + 0.9505 * lin[2]) / 1.08883};
    double f[3];
    for (int i = 0; i < 3; i++)
        f[i] = xyz[i] > 216.0 / 24389 ? cbrt(xyz[i]) : (24389.0 / 27 * xyz[i] + 16) / 116;
    return (Lab){116 * f[1] - 16, 500 * (f[0] - f[1]), 200 * (f[1] - f[2])};
}

static double apart(Rgb x, Rgb y, PaletteVision v)
{
    Lab a = seen(x, v), b = seen(y, v);
    return sqrt((a.l - b.l) * (a.l - b.l) + (a.a - b.a) * (a.a - b.a) + (a.b - b.b) * (a.b - b.b));
}

/* The least distance between any two of the n colours, seen with v; the
 * two in *pi and *pj. */
static double least_apart(const Rgb *c, int n, PaletteVision v, int *pi, int *pj)
{
    double least = 1e9;
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++)
            if (apart(c[i], c[j], v) < least)
                least = apart(c[i], c[j], v), *pi = i, *pj = j;
    return least;
}

/* The channel-wise median of the pixels at the four points of piece id's
 * ring (right, left, below, above its centre: clear of the token). */
static Rgb ring_pixel(Play *p, int id)
{
    BoardPos at = game_piece(play_game(p), id)->pos;
    double x, y, x1, y1;
    play_square_centre(p, at, &x, &y);
    play_square_centre(p, (BoardPos){at.x + 1, at.y}, &x1, &y1);
    double r = fabs(x1 - x) * 0.42;
    Rgb s[4] = {pixel((int)lround(x + r), (int)lround(y)), pixel((int)lround(x - r), (int)lround(y)),
                pixel((int)lround(x), (int)lround(y + r)), pixel((int)lround(x), (int)lround(y - r))};
    int ch[3][4];
    for (int i = 0; i < 4; i++)
        ch[0][i] = s[i].r, ch[1][i] = s[i].g, ch[2][i] = s[i].b;
    for (int c = 0; c < 3; c++) /* sort four: the middle two's mean */
        for (int i = 0; i < 4; i++)
            for (int j = i + 1; j < 4; j++)
                if (ch[c][j] < ch[c][i]) {
                    int t = ch[c][i];
                    ch[c][i] = ch[c][j];
                    ch[c][j] = t;
                }
    return (Rgb){(ch[0][1] + ch[0][2]) / 2, (ch[1][1] + ch[1][2]) / 2, (ch[2][1] + ch[2][2]) / 2};
}

/* The rings of the four heroes and of a monster on the bundled first
 * mission (revealed), drawn in the palette in force. */
static int rings(Rgb *out)
{
    char folder[2048]; /* with the mission's name, within load_mission's path */
    snprintf(folder, sizeof folder, "%s/missions", root);
    Mission *m = load_mission(catalogue, folder, "first-light/mission.xml");
    if (!m)
        return 0;
    PlayOptions po = {.anim_factor = 0, .reveal = true};
    Play *p = play_create(m, NULL, 1, &po, view_w, view_h);
    const Game *g = play_game(p);
    draw(p);
    int n = 0, monster = -1;
    SDL_Rect board = play_board_rect(p);
    for (int id = 0; id < (int)game_piece_count(g) && n < 5; id++) {
        const GamePiece *gp = game_piece(g, id);
        double x, y;
        play_square_centre(p, gp->pos, &x, &y);
        bool inside = x > board.x + 20 && x < board.x + board.w - 20 && y > board.y + 20 &&
                      y < board.y + board.h - 20;
        if (gp->side == GAME_SIDE_HEROES && n < 4)
            out[n++] = ring_pixel(p, id);
        else if (gp->side == GAME_SIDE_MONSTERS && monster < 0 && inside)
            monster = id;
    }
    CHECK_INT(n, 4);
    CHECK(monster >= 0);
    if (monster >= 0)
        out[n++] = ring_pixel(p, monster);
    keep(p, "rings");
    play_destroy(p);
    mission_destroy(m);
    return n;
}

/* The floor, a reachable square, the path and the attacked square on the
 * fight fixture, drawn in the palette in force: out[0..3]. */
static int square_marks(Rgb *out)
{
    Mission *m;
    Play *p = start(&m, "gfx/fight.xml", 3, false);
    if (!p)
        return 0;
    const Game *g = play_game(p);
    BoardPos hero = game_piece(g, 0)->pos, goal = {-1, -1}, other = {-1, -1};
    double x, y, x1, y1;
    play_square_centre(p, hero, &x, &y);
    play_square_centre(p, (BoardPos){hero.x + 1, hero.y}, &x1, &y1);
    double side = fabs(x1 - x);
    BoardPos floor = {hero.x, hero.y + 1};
    out[0] = square_pixel(p, floor, 0, -side * 0.3);
    key(p, SDLK_r);
    settle(p);
    BoardPos reach[256];
    size_t count = game_reachable(g, 0, -1, reach, 256);
    for (size_t i = 0; i < count; i++) { /* two reachable squares off the hero's row */
        if (reach[i].y == hero.y || game_piece_at(g, reach[i]) >= 0)
            continue;
        if (goal.x < 0)
            goal = reach[i];
        else if (abs(reach[i].x - goal.x) + abs(reach[i].y - goal.y) > 2 && other.x < 0)
            other = reach[i];
    }
    CHECK(goal.x >= 0 && other.x >= 0);
    play_square_centre(p, goal, &x, &y);
    motion(p, x, y);
    out[1] = square_pixel(p, other, -side * 0.25, side * 0.25); /* inside its frame, off the path */
    out[2] = square_pixel(p, goal, 0, 0);             /* the path's dot */
    keep(p, "reach-path");
    motion(p, 0, 0);
    key(p, SDLK_f); /* the goblin is attacked: its square shaded and crossed */
    play_update(p, 0.01);
    out[3] = square_pixel(p, game_piece(g, 1)->pos, 0, -side * 0.3);
    keep(p, "attack");
    settle(p);
    finish(p, m);
    return 4;
}

static void check_colour_vision(void)
{
    static const char *const names[PALETTE_COUNT] = {"normal", "protanopia", "deuteranopia",
                                                     "tritanopia"};
    /* a large screen: squares wide enough to sample inside a ring */
    play_util_finish();
    view_w = 2400, view_h = 1600;
    CHECK(play_util_init(view_w, view_h, root, data));
    if (!renderer)
        return;
    bool normal_merges = false;
    for (int pal = 0; pal < PALETTE_COUNT; pal++) {
        palette_set((PaletteVision)pal);
        Rgb ring[5], marks[4];
        if (rings(ring) != 5 || square_marks(marks) != 4)
            break;
        for (int v = 0; v < PALETTE_COUNT; v++) {
            static const char *const ring_names[5] = {"hero 1", "hero 2", "hero 3", "hero 4", "monster"};
            static const char *const mark_names[4] = {"floor", "reach", "path", "attack"};
            int ri = 0, rj = 0, qi = 0, qj = 0;
            double r = least_apart(ring, 5, (PaletteVision)v, &ri, &rj);
            double q = least_apart(marks, 4, (PaletteVision)v, &qi, &qj);
            printf("palette %-12s seen with %-12s: rings %5.1f apart (%s, %s), square marks %5.1f "
                   "apart (%s, %s)\n",
                   names[pal], names[v], r, ring_names[ri], ring_names[rj], q, mark_names[qi],
                   mark_names[qj]);
            if (pal == PALETTE_NORMAL && (r < RING_APART || q < SQUARE_APART))
                normal_merges = true;
            if (pal != v)
                continue;
            CHECK(r >= RING_APART);
            CHECK(q >= SQUARE_APART);
        }
    }
    palette_set(PALETTE_NORMAL);
    CHECK(normal_merges);
}

static uint32_t rgb_of(Rgb c)
{
    return (uint32_t)c.r << 16 | (uint32_t)c.g << 8 | (uint32_t)c.b;
}

/* The WCAG ratio of the text drawn in r: its ink (the pixel of most
 * contrast) against its background (the commonest colour in r). */
static double text_contrast(SDL_Rect r)
{
    enum { KINDS = 256 };
    static uint32_t colour[KINDS];
    static int count[KINDS];
    int kinds = 0;
    int x0 = r.x < 0 ? 0 : r.x, y0 = r.y < 0 ? 0 : r.y;
    int x1 = r.x + r.w > surface->w ? surface->w : r.x + r.w;
    int y1 = r.y + r.h > surface->h ? surface->h : r.y + r.h;
    for (int y = y0; y < y1; y++)
        for (int x = x0; x < x1; x++) {
            uint32_t c = rgb_of(pixel(x, y));
            int k = 0;
            while (k < kinds && colour[k] != c)
                k++;
            if (k == kinds && kinds < KINDS)
                colour[kinds] = c, count[kinds++] = 0;
            if (k < kinds)
                count[k]++;
        }
    if (kinds == 0)
        return 21;
    int bg = 0;
    for (int k = 1; k < kinds; k++)
        bg = count[k] > count[bg] ? k : bg;
    double most = 1;
    for (int y = y0; y < y1; y++)
        for (int x = x0; x < x1; x++) {
            double ratio = contrast_ratio(rgb_of(pixel(x, y)), colour[bg]);
            most = ratio > most ? ratio : most;
        }
    return most;
}

static bool within(SDL_Rect in, SDL_Rect out)
{
    return in.x >= out.x && in.y >= out.y && in.x + in.w <= out.x + out.w && in.y + in.h <= out.y + out.h;
}

/* The lowest contrast of a line of text on a panel as p draws now; the
 * lines below 7 are listed when loud. */
static double lowest_panel_text(Play *p, bool loud, int *lines)
{
    static LayoutProbe probe;
    layoutprobe_begin(&probe);
    draw(p);
    layoutprobe_end();
    double low = 21;
    *lines = 0;
    int top = 0; /* text under a dialog's dimmed layer is not read */
    for (size_t i = 0; i < probe.count; i++)
        top = probe.items[i].depth > top ? probe.items[i].depth : top;
    for (size_t i = 0; i < probe.count; i++) {
        const ProbeItem *t = &probe.items[i];
        if (t->panel || !t->text[0] || t->rect.w <= 0 || t->depth < top)
            continue;
        bool on_panel = false;
        for (size_t k = 0; k < probe.count && !on_panel; k++)
            on_panel = probe.items[k].panel && within(t->rect, probe.items[k].rect);
        if (!on_panel)
            continue;
        (*lines)++;
        double ratio = text_contrast(t->rect);
        if (ratio < 7 && loud)
            fprintf(stderr, "  %.2f:1  \"%s\" at %d,%d\n", ratio, t->text, t->rect.x, t->rect.y);
        low = ratio < low ? ratio : low;
    }
    layoutprobe_free(&probe);
    return low;
}

static void check_high_contrast(void)
{
    Mission *m;
    Play *p = start(&m, "gfx/fight.xml", 3, true);
    if (!p)
        return;
    key(p, SDLK_r); /* the Barbarian rolls: the dice tray and its words */
    settle(p);
    motion(p, view_w * 0.6, view_h * 0.5); /* the hover box over the board */
    int lines_normal, lines_high;
    double normal = lowest_panel_text(p, false, &lines_normal);
    contrast_set_high(true);
    keep(p, "access-high-contrast");
    double high = lowest_panel_text(p, true, &lines_high);
    contrast_set_high(false);
    fprintf(stderr, "panel text: lowest contrast %.2f:1 normal, %.2f:1 high contrast (%d lines)\n", normal,
            high, lines_high);
    CHECK(lines_high >= 15);
    CHECK_INT(lines_high, lines_normal);
    CHECK(high >= 7.0);
    CHECK(normal < 7.0);
    finish(p, m);
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
        return check_finish("access");
    for (int reduce = 0; reduce < 2; reduce++) {
        check_still_dice(reduce);
        check_no_shake(reduce);
    }
    check_colour_vision();
    check_high_contrast();
    play_util_finish();
    IMG_Quit();
    TTF_Quit();
    SDL_Quit();
    return check_finish("access");
}
