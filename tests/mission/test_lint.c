/* The bitmap lint's shortcuts (issue 26 item 7: a one-colour 8192x8192
 * PNG took 3.4 s of CPU to --check, most of it in the lint): colours'
 * first squares found by a scan that stops once each is seen, squares
 * counted only for a warning that names them, the corner pass skipped
 * when no colour makes two rooms. The warnings must stay exactly what the
 * full passes gave: corner touches of one colour (also across a
 * palette area, where a room holds several colours), near colours with
 * their counts, a big one-colour board with none. */
#include "check.h"
#include "core/board.h"
#include "mission/lint.h"
#include "mission/mission.h"

#include <stdlib.h>
#include <string.h>

#define X 0x509050u /* a floor colour */
#define Y 0x905050u /* another */
#define R 0xc3c3c3u /* rock */

static Board *make(const uint32_t *px, int w, int h, const BoardTypeOverride *o, int n)
{
    uint8_t *rgba = malloc((size_t)w * (size_t)h * 4);
    for (int i = 0; i < w * h; i++) {
        rgba[i * 4] = (uint8_t)(px[i] >> 16);
        rgba[i * 4 + 1] = (uint8_t)(px[i] >> 8);
        rgba[i * 4 + 2] = (uint8_t)px[i];
        rgba[i * 4 + 3] = 255;
    }
    BoardSpec spec = {w, h, rgba, o, n, 0, NULL, NULL, NULL, NULL};
    char err[256];
    Board *b = board_create(&spec, err, sizeof err);
    free(rgba);
    CHECK(b != NULL);
    return b;
}

/* How many of out's messages hold text. */
static int has(const ErrorList *out, const char *text)
{
    int n = 0;
    for (size_t i = 0; i < out->count; i++)
        n += strstr(out->items[i], text) != NULL;
    return n;
}

static size_t lint(const Board *b, const Mission *m, ErrorList *out)
{
    errors_init(out, 0);
    return b ? lint_board(b, m, "t.png", out) : 0;
}

/* A room of X and Y (one area) and a room of X alone touch at a corner
 * in X: the room of two colours starts with Y, so counting rooms by
 * their first square's colour would see no colour with two rooms. */
static void test_area_corner(void)
{
    static const uint32_t px[] = {Y, X, R, R, /**/ R, R, X, R, /**/ R, R, R, R};
    BoardTypeOverride o[] = {{X, SQUARE_WALKABLE, 1}, {Y, SQUARE_WALKABLE, 1}};
    Board *b = make(px, 4, 3, o, 2);
    MissionPaletteEntry pal[2];
    memset(pal, 0, sizeof pal);
    pal[0].rgb = X;
    pal[1].rgb = Y;
    snprintf(pal[0].area, sizeof pal[0].area, "hall");
    snprintf(pal[1].area, sizeof pal[1].area, "hall");
    Mission m;
    memset(&m, 0, sizeof m);
    m.palette = pal;
    m.palette_count = 2;
    ErrorList out;
    lint(b, &m, &out);
    CHECK_INT(has(&out, "touch only at the corner of (1,0) and (2,1)"), 1);
    errors_clear(&out);
    board_destroy(b);
}

/* Two rooms of X apart, two touching at a corner: found; near colours
 * named with their counts (counted only then). */
static void test_corner_and_near(void)
{
    static const uint32_t px[] = {X, R, R, X, /**/ R, X, R, R, /**/ R, R, R, X};
    Board *b = make(px, 4, 3, NULL, 0);
    ErrorList out;
    /* (0,0)-(1,1) touch; (3,0) and (3,2) are rooms of one square */
    lint(b, NULL, &out);
    CHECK_INT(has(&out, "touch only at the corner of (0,0) and (1,1)"), 1);
    CHECK_INT(has(&out, "touch only"), 1);
    errors_clear(&out);
    board_destroy(b);
    static const uint32_t near[] = {X, X, X, R, X + 1};
    b = make(near, 5, 1, NULL, 0);
    lint(b, NULL, &out);
    CHECK_INT(has(&out, "colour #509051 (1 square) is within 1 of #509050 (first at (0,0), 3 "
                        "squares)"),
              1);
    errors_clear(&out);
    board_destroy(b);
}

/* One colour, one room: nothing to say. */
static void test_one_colour(void)
{
    int w = 300, h = 200;
    uint32_t *px = malloc((size_t)w * (size_t)h * sizeof *px);
    for (int i = 0; i < w * h; i++)
        px[i] = X;
    Board *b = make(px, w, h, NULL, 0);
    ErrorList out;
    CHECK_INT(lint(b, NULL, &out), 0);
    errors_clear(&out);
    board_destroy(b);
    free(px);
}

int main(void)
{
    test_area_corner();
    test_corner_and_near();
    test_one_colour();
    return check_finish("lint");
}
