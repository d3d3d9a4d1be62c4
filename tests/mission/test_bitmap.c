/* Bitmap loading: formats decoded to exact colours, and every refusal. */
#define _POSIX_C_SOURCE 200809L
#include "check.h"
#include "core/alloc.h"
#include "core/board.h"
#include "mission/bitmap.h"
#include "mission/load.h"

#include <SDL.h>
#include <SDL_image.h>
#include <stdlib.h>
#include <unistd.h>

static const char *data_path(const char *name)
{
    static char buf[1024];
    snprintf(buf, sizeof buf, "%s/%s", getenv("TEST_DATA"), name);
    return buf;
}

static uint32_t pixel(const Bitmap *bm, int x, int y)
{
    const uint8_t *p = bm->rgba + ((size_t)y * bm->width + x) * 4;
    return (uint32_t)p[0] << 16 | (uint32_t)p[1] << 8 | p[2];
}

/* Every encoding of the seed example decodes to the same exact colours. */
static void test_formats(void)
{
    const char *names[] = {"seed-example.png", "seed-example-24.bmp", "seed-example-32.bmp",
                           "seed-example-indexed.bmp", "seed-example-indexed.png"};
    BitmapLimits lim = bitmap_default_limits();
    for (size_t i = 0; i < sizeof names / sizeof *names; i++) {
        Bitmap bm;
        char err[512];
        bool ok = bitmap_load(data_path(names[i]), &lim, &bm, err, sizeof err);
        if (!ok)
            fprintf(stderr, "%s\n", err);
        CHECK(ok);
        if (!ok)
            continue;
        CHECK_INT(bm.width, 10);
        CHECK_INT(bm.height, 7);
        CHECK_INT(pixel(&bm, 0, 0), 0xc82828);  /* red room */
        CHECK_INT(pixel(&bm, 4, 0), 0xffffff);  /* hallway */
        CHECK_INT(pixel(&bm, 0, 2), 0xc3c3c3);  /* rock */
        CHECK_INT(pixel(&bm, 9, 6), 0x000000);  /* none */
        CHECK_INT(pixel(&bm, 6, 4), 0x3c5ac8);  /* blue room */
        CHECK_INT(bm.rgba[3], 255);
        /* a PNG's pixels are in a block that can be taken over (a board
         * types its squares over it); a BMP's are in the surface */
        bool png = strstr(names[i], ".png") != NULL;
        uint8_t *block = bitmap_take_block(&bm);
        CHECK(png ? block == bm.rgba : block == NULL);
        CHECK(bitmap_take_block(&bm) == NULL);
        bitmap_free(&bm);
        if (block)
            CHECK_INT(block[3], 255); /* still there after bitmap_free */
        xfree_big(block, 10 * 7, 4);
    }
}

static void test_transparent(void)
{
    BitmapLimits lim = bitmap_default_limits();
    char err[512];
    Board *b = load_board_bitmap(data_path("transparent.png"), &lim, NULL, 0, NULL, err, sizeof err);
    CHECK(b != NULL);
    if (!b)
        return;
    CHECK_INT(board_type(b, (BoardPos){1, 1}), SQUARE_WALKABLE);
    CHECK_INT(board_type(b, (BoardPos){2, 0}), SQUARE_NONE);
    CHECK_INT(board_room(b, (BoardPos){3, 1}), -1);
    CHECK_INT(board_room_count(b), 1);
    board_destroy(b);
}

/* Each refusal names the file and says why. */
static void expect_refusal(const char *name, const BitmapLimits *lim, const char *why)
{
    Bitmap bm;
    char err[512] = "";
    const char *path = data_path(name);
    CHECK(!bitmap_load(path, lim, &bm, err, sizeof err));
    CHECK_STR_CONTAINS(err, path);
    CHECK_STR_CONTAINS(err, why);
    CHECK(bm.rgba == NULL);
}

/* A damaged PNG is refused with our message only: the decoder writes
 * nothing of its own ("libpng error: …") to stderr. */
static void test_decoder_quiet(void)
{
    char path[] = "/tmp/qb-stderr-XXXXXX";
    int fd = mkstemp(path);
    CHECK(fd >= 0);
    if (fd < 0)
        return;
    fflush(stderr);
    int saved = dup(2);
    dup2(fd, 2);
    BitmapLimits lim = bitmap_default_limits();
    Bitmap bm;
    char err[512];
    bool ok = bitmap_load(data_path("bad-idat.png"), &lim, &bm, err, sizeof err);
    ok |= bitmap_load(data_path("bad-truncated.png"), &lim, &bm, err, sizeof err);
    fflush(stderr);
    dup2(saved, 2);
    close(saved);
    CHECK(!ok);
    CHECK_INT(lseek(fd, 0, SEEK_END), 0);
    close(fd);
    unlink(path);
}

static void test_refusals(void)
{
    BitmapLimits lim = bitmap_default_limits();
    expect_refusal("missing.png", &lim, "cannot open");
    expect_refusal("bad-16bit.png", &lim, "16-bit PNG");
    expect_refusal("bad-16bit.bmp", &lim, "16-bit BMP");
    expect_refusal("bad-rle.bmp", &lim, "RLE");
    expect_refusal("bad-truncated.png", &lim, "truncated");
    expect_refusal("bad-truncated.bmp", &lim, "too short");
    expect_refusal("bad-huge.png", &lim, "over the limit");
    expect_refusal("bad-bomb.png", &lim, "too short");
    expect_refusal("bad-notimage.png", &lim, "not a PNG or BMP");
    expect_refusal("bad-gif.png", &lim, "this is a GIF image: save it as PNG");
    expect_refusal("bad-empty.bmp", &lim, "empty file");
    expect_refusal("bad-idat.png", &lim, "damaged or truncated PNG image (");
    expect_refusal("bad-zero-width.png", &lim, "no pixels");
    expect_refusal(".", &lim, "not a regular file");
    BitmapLimits small = {.max_side = 8, .max_squares = 1000};
    expect_refusal("seed-example.png", &small, "over the limit");
    BitmapLimits few = {.max_side = 100, .max_squares = 60};
    expect_refusal("seed-example.png", &few, "over the limit");
}

/* A single-colour 8192x8192 PNG loads end to end. */
static void test_big_png(void)
{
    int n = 8192;
    SDL_Surface *s = SDL_CreateRGBSurfaceWithFormat(0, n, n, 24, SDL_PIXELFORMAT_RGB24);
    CHECK(s != NULL);
    if (!s)
        return;
    SDL_FillRect(s, NULL, SDL_MapRGB(s->format, 90, 60, 30));
    char path[] = "/tmp/qb-big-XXXXXX";
    int fd = mkstemp(path);
    close(fd);
    CHECK(IMG_SavePNG(s, path) == 0);
    SDL_FreeSurface(s);
    BitmapLimits lim = bitmap_default_limits();
    char err[512];
    Board *b = load_board_bitmap(path, &lim, NULL, 0, NULL, err, sizeof err);
    CHECK(b != NULL);
    if (b) {
        CHECK_INT(board_room_count(b), 1);
        CHECK_INT(board_rgb(b, (BoardPos){n - 1, n - 1}), 0x5a3c1e);
    }
    board_destroy(b);
    unlink(path);
}

int main(void)
{
    test_formats();
    test_transparent();
    test_refusals();
    test_decoder_quiet();
    test_big_png();
    return check_finish("bitmap");
}
