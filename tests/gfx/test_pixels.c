/* Pixels of headless screenshots (questboard --screenshot) of a fixture
 * board drawn with flat fixture tiles and sprite stand-ins, so every
 * colour checked is known: walls between rooms and not inside them, the
 * tint of a colour with no tiles, a colour's own variant, the overlay's
 * digits with --debug only, the same image from two runs, and on a
 * mission (doors.xml, drawn as the play screen with its HUD) a door in
 * its wall gap, a secret door shown only with --reveal (in stone), the
 * doors of a hex board (rimmed, open and secret apart), the owner colours
 * of a hero and a monster, and fog of war over what no hero has seen (the
 * board's outer walls included); the overlay's labels in the squares'
 * corners (figures stay whole), rock striped grey and no square magenta;
 * a padlock on a locked door; --labels room, type, coords and cost (the
 * mud of mud.xml labelled 2 in amber, its floor 1 in white); --reveal's
 * marks: exits framed (one under a figure), a monster tagged.
 * usage: test_pixels QUESTBOARD (TEST_DATA names tests/data) */
#define _XOPEN_SOURCE 700 /* mkdtemp */
#include "check.h"

#include "gfx/camera.h"

#include <SDL.h>
#include <SDL_image.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>

#define SHOT_W 800
#define SHOT_H 400
#define BOARD_W 8
#define BOARD_H 5

static const char *qb;
static char data[2048], tmpdir[64];

typedef struct Rgb {
    int r, g, b;
} Rgb;

/* Runs questboard --screenshot on a fixture with extra arguments; returns
 * its status. */
static int shoot_file(const char *out, const char *extra, const char *fixture)
{
    char cmd[16384];
    snprintf(cmd, sizeof cmd,
             "'%s' --screenshot '%s/%s' --size %dx%d --tiles '%s/gfx/tiles' --sprites "
             "'%s/gfx/sprites' %s '%s/gfx/%s' 2>/dev/null",
             qb, tmpdir, out, SHOT_W, SHOT_H, data, data, extra, data, fixture);
    int rc = system(cmd);
    return WIFEXITED(rc) ? WEXITSTATUS(rc) : -1;
}

static int shoot(const char *out, const char *extra)
{
    return shoot_file(out, extra, "rooms.png");
}

static SDL_Surface *load(const char *name)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", tmpdir, name);
    SDL_Surface *raw = IMG_Load(path);
    if (!raw)
        return NULL;
    SDL_Surface *s = SDL_ConvertSurfaceFormat(raw, SDL_PIXELFORMAT_ARGB8888, 0);
    SDL_FreeSurface(raw);
    return s;
}

static Rgb pixel(SDL_Surface *s, int x, int y)
{
    const uint32_t *row = (const uint32_t *)(const void *)((const uint8_t *)s->pixels + y * s->pitch);
    uint8_t r, g, b;
    SDL_GetRGB(row[x], s->format, &r, &g, &b);
    return (Rgb){r, g, b};
}

static bool near(Rgb a, int r, int g, int b)
{
    return abs(a.r - r) <= 3 && abs(a.g - g) <= 3 && abs(a.b - b) <= 3;
}

static bool dark(Rgb a)
{
    return a.r < 110 && a.g < 110 && a.b < 110;
}

/* Screen position of a board point. */
static int sx(const Camera *cam, double bx) { return (int)camera_screen_x(cam, bx); }
static int sy(const Camera *cam, double by) { return (int)camera_screen_y(cam, by); }

/* Pixels inside square (x, y) (away from its edges) that are near white. */
static int white_pixels(SDL_Surface *s, const Camera *cam, int x, int y)
{
    int n = 0, m = (int)(cam->scale * 0.2);
    for (int py = sy(cam, y) + m; py < sy(cam, y + 1) - m; py++)
        for (int px = sx(cam, x) + m; px < sx(cam, x + 1) - m; px++) {
            Rgb c = pixel(s, px, py);
            n += c.r > 230 && c.g > 230 && c.b > 230;
        }
    return n;
}

static void check_plain(SDL_Surface *s, const Camera *cam)
{
    int mid_y = sy(cam, 2.5);
    /* the red room and the blue room meet at x = 4: a wall strip there */
    CHECK(dark(pixel(s, sx(cam, 4), mid_y)));
    CHECK(dark(pixel(s, sx(cam, 4) + 3, mid_y)));
    CHECK(dark(pixel(s, sx(cam, 4) - 3, mid_y)));
    /* inside the red room, between (1,2) and (2,2): floor, no wall */
    Rgb inside = pixel(s, sx(cam, 2) + 4, mid_y);
    CHECK(near(inside, 200, 0, 0));
    Rgb inside2 = pixel(s, sx(cam, 2) - 4, mid_y);
    CHECK(near(inside2, 200, 0, 0));
    /* red has no tiles: ffffff_1 (200,200,200) tinted by ff0000 */
    CHECK(near(pixel(s, sx(cam, 1.5), sy(cam, 2.5)), 200, 0, 0));
    /* blue has its own variant 0000ff_1, drawn untinted */
    CHECK(near(pixel(s, sx(cam, 6.5), sy(cam, 2.5)), 10, 200, 30));
    /* rock uses c3c3c3_1; the square with no colour shows the background */
    CHECK(near(pixel(s, sx(cam, 0.5), sy(cam, 4.5)), 100, 100, 100));
    Rgb none = pixel(s, sx(cam, 7.5), sy(cam, 4.6));
    CHECK(dark(none) && !near(none, 100, 100, 100));
    /* no overlay: no digits in the rooms */
    CHECK_INT(white_pixels(s, cam, 5, 2), 0);
    CHECK_INT(white_pixels(s, cam, 2, 2), 0);
}

/* Near-white pixels in the part of square (x, y) from (fx0, fy0) to
 * (fx1, fy1), in fractions of the square. */
static int white_in(SDL_Surface *s, const Camera *cam, int x, int y, double fx0, double fy0,
                    double fx1, double fy1)
{
    int n = 0;
    for (int py = sy(cam, y + fy0); py < sy(cam, y + fy1); py++)
        for (int px = sx(cam, x + fx0); px < sx(cam, x + fx1); px++) {
            Rgb c = pixel(s, px, py);
            n += c.r > 230 && c.g > 230 && c.b > 230;
        }
    return n;
}

static void check_debug(SDL_Surface *s, const Camera *cam)
{
    /* room numbers are white digits in the squares' top-left corners,
     * leaving their middle and lower part (where figures stand) clear */
    CHECK(white_in(s, cam, 5, 2, 0, 0, 0.5, 0.5) > 20);
    CHECK(white_in(s, cam, 2, 2, 0, 0, 0.5, 0.5) > 20);
    CHECK_INT(white_in(s, cam, 5, 2, 0.1, 0.5, 0.9, 0.9), 0);
    CHECK_INT(white_in(s, cam, 5, 2, 0.5, 0.1, 0.9, 0.9), 0);
    /* the floor around them is unchanged */
    CHECK(near(pixel(s, sx(cam, 6.7), sy(cam, 2.7)), 10, 200, 30));
    /* rock (0,4) is grey, with dark stripes; no square (7,4) magenta */
    Rgb rock = pixel(s, sx(cam, 0.85), sy(cam, 4.15));
    CHECK(abs(rock.r - rock.g) <= 12 && rock.b >= rock.g && rock.r > 90);
    int stripes = 0;
    for (int k = 1; k < 10; k++)
        stripes += dark(pixel(s, sx(cam, 0.1 * k), sy(cam, 4 + 0.667 - 0.1 * k + 0.03)));
    CHECK(stripes >= 3);
    Rgb none = pixel(s, sx(cam, 7.7), sy(cam, 4.7));
    CHECK(none.r > none.g + 20 && none.b > none.g + 20);
}

static bool near_by(Rgb a, SDL_Color c, int tolerance)
{
    return abs(a.r - c.r) <= tolerance && abs(a.g - c.g) <= tolerance && abs(a.b - c.b) <= tolerance;
}

/* The play screen's board view: the HUD's panel starts at the first
 * column of its edge colour on the top row, its command bar at the first
 * row of that colour in the left column, from the bottom. */
static Camera board_camera(SDL_Surface *s)
{
    static const SDL_Color edge = {92, 72, 46, 255};
    int w = s->w, h = s->h;
    for (int x = 0; x < s->w; x++)
        if (near_by(pixel(s, x, 1), edge, 1)) {
            w = x;
            break;
        }
    for (int y = s->h - 1; y >= 0; y--)
        if (near_by(pixel(s, 1, y), edge, 1)) {
            h = y;
            break;
        }
    return camera_make(BOARD_W, BOARD_H, w, h);
}

static bool same_file(const char *a, const char *b)
{
    char cmd[16384];
    snprintf(cmd, sizeof cmd, "cmp -s '%s/%s' '%s/%s'", tmpdir, a, tmpdir, b);
    return system(cmd) == 0;
}

/* doors.xml is a mission, so the screenshot is the play screen at the
 * start of the game: the HUD beside and under the board, fog of war over
 * what the barbarian at (0,0) has not seen. It has a door between the
 * rooms at row 2, a secret door at row 3 and an orc at (6,1) in the blue
 * room, all drawn as stand-ins. */
static void check_doors(void)
{
    static const SDL_Color door = {150, 96, 48, 255}, hero = {236, 188, 52, 255},
                           monster = {206, 36, 36, 255};
    CHECK_INT(shoot_file("doors.png", "", "doors.xml"), 0);
    CHECK_INT(shoot_file("doors-reveal.png", "--reveal", "doors.xml"), 0);
    SDL_Surface *plain = load("doors.png"), *reveal = load("doors-reveal.png");
    CHECK(plain && reveal);
    if (!plain || !reveal)
        return;
    Camera cam = board_camera(reveal);
    CHECK(cam.view_w < SHOT_W && cam.view_h < SHOT_H); /* the HUD takes the rest */
    Camera fogged = board_camera(plain);
    CHECK(fogged.view_w == cam.view_w && fogged.view_h == cam.view_h);
    int x = sx(&cam, 4);
    /* the door fills its gap in the wall; the wall goes on above it */
    CHECK(near_by(pixel(reveal, x, sy(&cam, 2.5)), door, 3));
    CHECK(dark(pixel(reveal, x, sy(&cam, 1.5))));
    /* the secret door is wall until found (or revealed), then stone */
    CHECK(dark(pixel(plain, x, sy(&cam, 3.5))));
    CHECK(near_by(pixel(reveal, x, sy(&cam, 3.5)), (SDL_Color){128, 124, 116, 255}, 3));
    /* owner rings: gold hero, red monster */
    int ring = (int)(cam.scale * 0.08);
    CHECK(near_by(pixel(plain, sx(&cam, 0.5), sy(&cam, 0) + ring), hero, 8));
    /* (its left side: --reveal tags the orc along its square's top) */
    CHECK(near_by(pixel(reveal, sx(&cam, 6) + ring, sy(&cam, 1.5)), monster, 8));
    /* fog of war: the blue room, out of the barbarian's sight, is dark and
     * its orc is not drawn; the corridor he stands in is lit */
    CHECK(near(pixel(reveal, sx(&cam, 6.5), sy(&cam, 2.5)), 10, 200, 30));
    CHECK(dark(pixel(plain, sx(&cam, 6.5), sy(&cam, 2.5))));
    CHECK(!near_by(pixel(plain, sx(&cam, 6.5), sy(&cam, 1) + ring), monster, 40));
    CHECK(near_by(pixel(plain, sx(&cam, 3.5), sy(&cam, 0.5)), (SDL_Color){200, 200, 200, 255}, 6));
    /* fog dims the board's outer walls as it does the inner ones: the
     * half of the east outline's strip outside the fogged blue room */
    Rgb out_fog = pixel(plain, sx(&cam, 8) + 1, sy(&cam, 2.5));
    Rgb out_lit = pixel(reveal, sx(&cam, 8) + 1, sy(&cam, 2.5));
    CHECK(out_fog.r + out_fog.g + out_fog.b < 60);
    CHECK(out_lit.r + out_lit.g + out_lit.b > 120);
    /* the overlay's labels leave the figures whole: the hero's token looks
     * the same with --debug */
    CHECK_INT(shoot_file("doors-debug.png", "--debug", "doors.xml"), 0);
    SDL_Surface *debug = load("doors-debug.png");
    CHECK(debug != NULL);
    if (debug) {
        for (int k = 3; k <= 7; k++) {
            Rgb a = pixel(debug, sx(&cam, 0.1 * k), sy(&cam, 0.5)), b = pixel(plain, sx(&cam, 0.1 * k), sy(&cam, 0.5));
            CHECK(abs(a.r - b.r) <= 2 && abs(a.g - b.g) <= 2 && abs(a.b - b.b) <= 2);
        }
        SDL_FreeSurface(debug);
    }
    SDL_FreeSurface(plain);
    SDL_FreeSurface(reveal);
}

/* Pixels near colour c (within 10) in the rectangle from (x0, y0) to
 * (x1, y1), screen pixels. */
static int count_near(SDL_Surface *s, SDL_Color c, int x0, int y0, int x1, int y1)
{
    int n = 0;
    for (int y = y0 < 0 ? 0 : y0; y < y1 && y < s->h; y++)
        for (int x = x0 < 0 ? 0 : x0; x < x1 && x < s->w; x++)
            n += near_by(pixel(s, x, y), c, 10);
    return n;
}

/* doors-hex.xml: rooms.png as a hex board, a closed door on the east edge
 * of hex (3,1), an open one on (3,2)'s, a secret one on (3,3)'s (issue 25
 * item 10: a hex door was the square art fitted to the short edge, a
 * speck against the walls, every state the same wood). Each door spans
 * its edge on a dark rim that parts it from floor and wall; the open
 * door is a gap between two posts with its leaf in its hex; the found
 * secret door is stone, not wood, and wall until found. */
static void check_hex_doors(void)
{
    static const SDL_Color wood = {150, 96, 48, 255}, stone = {128, 124, 116, 255},
                           rim = {30, 22, 12, 255};
    CHECK_INT(shoot_file("doors-hex.png", "--reveal", "doors-hex.xml"), 0);
    CHECK_INT(shoot_file("doors-hex-plain.png", "", "doors-hex.xml"), 0);
    SDL_Surface *reveal = load("doors-hex.png"), *plain = load("doors-hex-plain.png");
    CHECK(reveal && plain);
    if (!reveal || !plain)
        return;
    Camera cam = board_camera(reveal);
    cam.hex = true, cam.hex_even = false; /* hex-offset="odd" */
    camera_fit(&cam);
    int mx[4], my[4], edge = (int)(cam.scale * CAMERA_HEX_RADIUS);
    for (int y = 1; y <= 3; y++) {
        double cx, cy;
        camera_centre(&cam, (BoardPos){3, y}, &cx, &cy);
        mx[y] = sx(&cam, cx + 0.5), my[y] = sy(&cam, cy);
    }
    /* the closed door: wood the edge's length, a rim either side of it
     * between the wood and the floors */
    for (int k = -3; k <= 3; k++)
        CHECK(near_by(pixel(reveal, mx[1], my[1] + k * edge / 8), wood, 10));
    int left = mx[1], right = mx[1];
    while (left > 0 && near_by(pixel(reveal, left - 1, my[1]), wood, 10))
        left--;
    while (right < reveal->w - 1 && near_by(pixel(reveal, right + 1, my[1]), wood, 10))
        right++;
    CHECK(right - left + 1 >= (int)(cam.scale * 0.36)); /* as deep as a square board's */
    CHECK(near_by(pixel(reveal, left - 1, my[1]), rim, 10));
    CHECK(near_by(pixel(reveal, right + 1, my[1]), rim, 10));
    /* the open door: no wood nor stone in the gap, a post at each end, the
     * leaf inside its hex (left of the edge) */
    CHECK(!near_by(pixel(reveal, mx[2], my[2]), wood, 30));
    CHECK(!near_by(pixel(reveal, mx[2], my[2]), stone, 30));
    int q = (int)(cam.scale * 0.25);
    CHECK(count_near(reveal, stone, mx[2] - q, my[2] - edge / 2 - q, mx[2] + q, my[2] - edge / 2 + q) > 4);
    CHECK(count_near(reveal, stone, mx[2] - q, my[2] + edge / 2 - q, mx[2] + q, my[2] + edge / 2 + q) > 4);
    int leaf = count_near(reveal, wood, mx[2] - 2 * q, my[2] - 2 * q, mx[2] - q / 4, my[2] + 2 * q);
    CHECK(leaf > (int)(cam.scale * cam.scale * 0.03));
    CHECK_INT(count_near(reveal, wood, mx[2] + q / 4, my[2] - 2 * q, mx[2] + 2 * q, my[2] + 2 * q), 0);
    /* the secret door found (revealed): stone on its rim; unfound: wall */
    CHECK(near_by(pixel(reveal, mx[3], my[3]), stone, 10));
    CHECK(!near_by(pixel(plain, mx[3], my[3]), stone, 30));
    CHECK(!near_by(pixel(plain, mx[3], my[3]), wood, 30));
    SDL_FreeSurface(reveal);
    SDL_FreeSurface(plain);
}

/* A locked door wears a padlock (gold body, iron shackle) where an
 * ordinary door shows only its wood. */
static void check_lock(void)
{
    static const SDL_Color gold = {222, 180, 60, 255};
    CHECK_INT(shoot_file("locked.png", "--reveal", "locked.xml"), 0);
    CHECK_INT(shoot_file("unlocked.png", "--reveal", "doors.xml"), 0);
    SDL_Surface *locked = load("locked.png"), *unlocked = load("unlocked.png");
    CHECK(locked && unlocked);
    if (!locked || !unlocked)
        return;
    Camera cam = board_camera(locked);
    int gold_locked = 0, gold_unlocked = 0, r = (int)(cam.scale * 0.3);
    for (int y = sy(&cam, 2.5) - r; y <= sy(&cam, 2.5) + r; y++)
        for (int x = sx(&cam, 4) - r; x <= sx(&cam, 4) + r; x++) {
            gold_locked += near_by(pixel(locked, x, y), gold, 10);
            gold_unlocked += near_by(pixel(unlocked, x, y), gold, 10);
        }
    CHECK(gold_locked > 20);
    CHECK_INT(gold_unlocked, 0);
    SDL_FreeSurface(locked);
    SDL_FreeSurface(unlocked);
}

/* Pixels near colour c in the part of square (x, y) from (fx0, fy0) to
 * (fx1, fy1), in fractions of the square. */
static int colour_in(SDL_Surface *s, const Camera *cam, SDL_Color c, int x, int y, double fx0,
                     double fy0, double fx1, double fy1)
{
    int n = 0;
    for (int py = sy(cam, y + fy0); py < sy(cam, y + fy1); py++)
        for (int px = sx(cam, x + fx0); px < sx(cam, x + fx1); px++)
            n += near_by(pixel(s, px, py), c, 30);
    return n;
}

/* --reveal's author marks (issue 25 item 17): doors.xml's exit at (7,0)
 * marked with cyan brackets, and mud.xml's under the barbarian at (0,0), which hides
 * its floor mark; doors.xml's orc, placed without an id, tagged with the
 * line placing it in pink along its square's top. None without --reveal. */
static void check_marks(void)
{
    static const SDL_Color cyan = {90, 230, 255, 255}, pink = {255, 190, 255, 255};
    CHECK_INT(shoot_file("mud.png", "", "mud.xml"), 0);
    CHECK_INT(shoot_file("mud-reveal.png", "--reveal", "mud.xml"), 0);
    SDL_Surface *plain = load("doors.png"), *reveal = load("doors-reveal.png");
    SDL_Surface *mud = load("mud.png"), *mud_reveal = load("mud-reveal.png");
    CHECK(plain && reveal && mud && mud_reveal);
    if (plain && reveal && mud && mud_reveal) {
        Camera cam = board_camera(reveal);
        /* the top-left bracket, clear of the exit's own picture and of
         * a figure's ring */
        CHECK(colour_in(reveal, &cam, cyan, 7, 0, 0.0, 0.0, 0.25, 0.25) > 10);
        CHECK_INT(colour_in(plain, &cam, cyan, 7, 0, 0.0, 0.0, 0.25, 0.25), 0);
        CHECK(colour_in(mud_reveal, &cam, cyan, 0, 0, 0.0, 0.0, 0.25, 0.25) > 10);
        CHECK_INT(colour_in(mud, &cam, cyan, 0, 0, 0.0, 0.0, 0.25, 0.25), 0);
        CHECK(colour_in(reveal, &cam, pink, 6, 1, 0.0, 0.0, 1.0, 0.5) > 10);
        CHECK_INT(colour_in(reveal, &cam, pink, 6, 1, 0.0, 0.5, 1.0, 1.0), 0); /* the figure stays whole */
        CHECK_INT(colour_in(plain, &cam, pink, 6, 1, 0.0, 0.0, 1.0, 1.0), 0);
    }
    SDL_FreeSurface(plain);
    SDL_FreeSurface(reveal);
    SDL_FreeSurface(mud);
    SDL_FreeSurface(mud_reveal);
}

/* --labels: the overlay on, with coordinates instead of room numbers. */
static void check_labels(void)
{
    CHECK_INT(shoot("labels-room.png", "--labels room"), 0);
    CHECK_INT(shoot("labels-coords.png", "--labels coords"), 0);
    CHECK_INT(shoot("labels-type.png", "--labels type"), 0);
    CHECK(!same_file("labels-room.png", "labels-coords.png"));
    CHECK(!same_file("labels-room.png", "labels-type.png"));
    CHECK(!same_file("labels-coords.png", "labels-type.png"));
    CHECK(same_file("labels-room.png", "debug.png")); /* room numbers are --debug's default */
    CHECK(shoot("labels-bad.png", "--labels rooms") == 2);
}

/* Pixels of the cost labels' amber in the top-left quarter of square
 * (x, y), where the overlay's tab is. */
static int amber_in(SDL_Surface *s, const Camera *cam, int x, int y)
{
    static const SDL_Color amber = {255, 200, 90, 255};
    int n = 0;
    for (int py = sy(cam, y); py < sy(cam, y + 0.5); py++)
        for (int px = sx(cam, x); px < sx(cam, x + 0.5); px++)
            n += near_by(pixel(s, px, py), amber, 40);
    return n;
}

/* --labels cost (issue 25 item 17) on mud.xml, whose top corridor is mud
 * (cost 2): a dear square's label is amber, a plain one's white. */
static void check_cost_labels(void)
{
    CHECK_INT(shoot_file("labels-cost.png", "--labels cost", "mud.xml"), 0);
    CHECK_INT(shoot_file("labels-mud-room.png", "--labels room", "mud.xml"), 0);
    SDL_Surface *cost = load("labels-cost.png"), *room = load("labels-mud-room.png");
    CHECK(cost && room);
    if (cost && room) {
        Camera cam = board_camera(cost);
        CHECK(amber_in(cost, &cam, 3, 0) > 5);  /* "2" on the mud */
        CHECK(amber_in(cost, &cam, 6, 4) > 5);
        CHECK_INT(amber_in(cost, &cam, 2, 2), 0); /* "1" on the floor: white */
        CHECK(white_in(cost, &cam, 2, 2, 0, 0, 0.5, 0.5) > 5);
        CHECK_INT(amber_in(room, &cam, 3, 0), 0); /* room numbers stay white */
    }
    SDL_FreeSurface(cost);
    SDL_FreeSurface(room);
}


int main(int argc, char **argv)
{
    if (argc < 2 || !getenv("TEST_DATA")) {
        fprintf(stderr, "usage: TEST_DATA=tests/data test_pixels QUESTBOARD\n");
        return 2;
    }
    qb = argv[1];
    snprintf(data, sizeof data, "%s", getenv("TEST_DATA"));
    snprintf(tmpdir, sizeof tmpdir, "/tmp/qb-pixels-XXXXXX");
    if (!mkdtemp(tmpdir))
        return 2;
    Camera cam = camera_make(BOARD_W, BOARD_H, SHOT_W, SHOT_H);

    CHECK_INT(shoot("plain.png", ""), 0);
    CHECK_INT(shoot("plain2.png", ""), 0);
    CHECK_INT(shoot("debug.png", "--debug"), 0);
    SDL_Surface *plain = load("plain.png"), *debug = load("debug.png");
    CHECK(plain && plain->w == SHOT_W && plain->h == SHOT_H);
    CHECK(debug != NULL);
    if (plain)
        check_plain(plain, &cam);
    if (debug)
        check_debug(debug, &cam);
    CHECK(same_file("plain.png", "plain2.png"));
    check_doors();
    check_hex_doors();
    check_lock();
    check_labels();
    check_cost_labels();
    check_marks();
    CHECK(!same_file("plain.png", "debug.png"));

    /* errors exit 2 and write nothing */
    char cmd[16384];
    snprintf(cmd, sizeof cmd, "'%s' --screenshot /nonexistent/dir/out.png '%s/gfx/rooms.png' 2>/dev/null",
             qb, data);
    int rc = system(cmd);
    CHECK(WIFEXITED(rc) && WEXITSTATUS(rc) == 2);
    snprintf(cmd, sizeof cmd, "'%s' --screenshot '%s/missing.png' '%s/gfx/missing.png' 2>/dev/null",
             qb, tmpdir, data);
    rc = system(cmd);
    CHECK(WIFEXITED(rc) && WEXITSTATUS(rc) == 2);
    CHECK(load("missing.png") == NULL);

    SDL_FreeSurface(plain);
    SDL_FreeSurface(debug);
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmpdir);
    if (system(cmd) != 0)
        fprintf(stderr, "could not remove %s\n", tmpdir);
    return check_finish("pixels");
}
