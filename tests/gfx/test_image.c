/* Art folders are untrusted input: tiles and sprites are read through
 * fileio (a FIFO cannot hang), PNG only (an SVG named .png is refused), the
 * header's size is checked before decoding, a folder gives at most
 * TILESET_MAX_FILES tiles, and a bad file is skipped with the tinted
 * fallback instead of failing the whole tileset. */
#define _DEFAULT_SOURCE
#include "check.h"

#include "gfx/image.h"
#include "gfx/sprites.h"
#include "gfx/tileset.h"

#include <SDL.h>
#include <SDL_image.h>
#include <stdint.h>
#include <sys/stat.h>
#include <unistd.h>

static char dir[64];

static const char *in_dir(const char *name)
{
    static char path[256];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    return path;
}

/* Writes a w x h PNG of one colour. */
static void write_png(const char *name, int w, int h, uint32_t rgb)
{
    SDL_Surface *s = SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, SDL_PIXELFORMAT_ARGB8888);
    CHECK(s != NULL);
    if (!s)
        return;
    SDL_FillRect(s, NULL, 0xff000000u | rgb);
    CHECK(IMG_SavePNG(s, in_dir(name)) == 0);
    SDL_FreeSurface(s);
}

static void write_bytes(const char *name, const void *data, size_t n)
{
    FILE *f = fopen(in_dir(name), "wb");
    CHECK(f != NULL);
    if (f) {
        CHECK(fwrite(data, 1, n, f) == n);
        fclose(f);
    }
}

static const char SVG[] =
    "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"64\" height=\"64\">"
    "<rect width=\"64\" height=\"64\" fill=\"#00ff00\"/></svg>\n";

/* A PNG signature and header claiming 100000 x 100000 pixels, nothing
 * after: decoding it aborted an ASan build inside SDL. */
static const uint8_t HUGE_HEADER[33] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n', 0, 0, 0, 13,
                                        'I', 'H', 'D', 'R', 0, 1, 0x86, 0xa0, 0, 1, 0x86, 0xa0,
                                        8, 6, 0, 0, 0, 0, 0, 0, 0};

static void test_image(void)
{
    char err[512];
    write_png("good.png", 3, 2, 0x112233);
    SDL_Surface *s = image_load_png(in_dir("good.png"), err, sizeof err);
    CHECK(s && s->w == 3 && s->h == 2);
    SDL_FreeSurface(s);

    CHECK(mkfifo(in_dir("fifo.png"), 0600) == 0);
    CHECK(image_load_png(in_dir("fifo.png"), err, sizeof err) == NULL);
    CHECK_STR_CONTAINS(err, "fifo.png: not a regular file");

    write_bytes("svg.png", SVG, sizeof SVG - 1);
    CHECK(image_load_png(in_dir("svg.png"), err, sizeof err) == NULL);
    CHECK_STR_CONTAINS(err, "svg.png: not a PNG file");

    write_bytes("huge.png", HUGE_HEADER, sizeof HUGE_HEADER);
    CHECK(image_load_png(in_dir("huge.png"), err, sizeof err) == NULL);
    CHECK_STR_CONTAINS(err, "huge.png: picture is 100000x100000, art may be 1x1 to 1024x1024");

    write_png("wide.png", IMAGE_MAX_SIDE + 1, 1, 0x445566);
    CHECK(image_load_png(in_dir("wide.png"), err, sizeof err) == NULL);
    CHECK_STR_CONTAINS(err, "picture is 1025x1");
    write_png("edge.png", IMAGE_MAX_SIDE, 1, 0x445566);
    s = image_load_png(in_dir("edge.png"), err, sizeof err);
    CHECK(s && s->w == IMAGE_MAX_SIDE);
    SDL_FreeSurface(s);

    write_bytes("cut.png", HUGE_HEADER, 20);
    CHECK(image_load_png(in_dir("cut.png"), err, sizeof err) == NULL);
    CHECK_STR_CONTAINS(err, "no image header");
    CHECK(image_load_png(dir, err, sizeof err) == NULL);
    CHECK(image_load_png(in_dir("missing.png"), err, sizeof err) == NULL);
    const char *names[] = {"good.png", "fifo.png", "svg.png", "huge.png", "wide.png", "edge.png",
                           "cut.png"};
    for (size_t i = 0; i < sizeof names / sizeof *names; i++)
        unlink(in_dir(names[i]));
}

/* A folder of good and bad tiles: the bad ones are skipped, their colour
 * takes the tinted ffffff fallback, and the tileset loads. */
static void test_tileset_bad_files(SDL_Renderer *r)
{
    write_png("ffffff_1.png", 4, 4, 0xc8c8c8);
    write_png("c3c3c3_1.png", 4, 4, 0x505050);
    CHECK(mkfifo(in_dir("0000ff_1.png"), 0600) == 0);         /* hung the game */
    write_bytes("00ff00_1.png", SVG, sizeof SVG - 1);         /* drawn as SVG */
    write_bytes("ff0000_1.png", HUGE_HEADER, sizeof HUGE_HEADER);
    write_png("ff0000_2.png", IMAGE_MAX_SIDE + 1, 2, 0xff0000); /* decoded in full */
    char err[512] = "";
    Tileset *t = tileset_load(r, dir, err, sizeof err);
    CHECK(t != NULL);
    if (t) {
        CHECK_INT(tileset_count(t), 2);
        CHECK_INT(tileset_skipped(t), 4);
        uint8_t rgba[3 * 4] = {0, 0, 255, 255, 0, 255, 0, 255, 255, 0, 0, 255};
        BoardSpec spec = {.width = 3, .height = 1, .rgba = rgba};
        Board *b = board_create(&spec, err, sizeof err);
        for (int x = 0; x < 3; x++) {
            SDL_Color tint;
            int cell = tileset_pick(t, b, (BoardPos){x, 0}, 1, &tint);
            CHECK(cell >= 0);
            if (cell >= 0)
                CHECK_INT(tileset_cell_mean(t, cell).r, 0xc8); /* the white tile, tinted */
            CHECK_INT(tint.r, rgba[x * 4]);
            CHECK_INT(tint.b, rgba[x * 4 + 2]);
        }
        board_destroy(b);
    }
    tileset_destroy(t);
    const char *names[] = {"ffffff_1.png", "c3c3c3_1.png", "0000ff_1.png", "00ff00_1.png",
                           "ff0000_1.png", "ff0000_2.png"};
    for (size_t i = 0; i < sizeof names / sizeof *names; i++)
        unlink(in_dir(names[i]));
}

/* More tile files than TILESET_MAX_FILES: the first by name are used. */
static void test_tileset_cap(SDL_Renderer *r)
{
    write_png("one.png", 1, 1, 0x808080);
    uint8_t *png = NULL;
    FILE *f = fopen(in_dir("one.png"), "rb");
    long n = 0;
    if (f) {
        fseek(f, 0, SEEK_END);
        n = ftell(f);
        rewind(f);
        png = malloc((size_t)n);
        CHECK(png && fread(png, 1, (size_t)n, f) == (size_t)n);
        fclose(f);
    }
    unlink(in_dir("one.png"));
    int total = TILESET_MAX_FILES + 40;
    char name[64];
    for (int i = 0; i < total && png; i++) {
        snprintf(name, sizeof name, "%06x_1.png", (unsigned)i + 1);
        write_bytes(name, png, (size_t)n);
    }
    char err[512];
    Tileset *t = tileset_load(r, dir, err, sizeof err);
    CHECK(t != NULL);
    if (t) {
        CHECK_INT(tileset_count(t), TILESET_MAX_FILES);
        CHECK_INT(tileset_skipped(t), 40);
    }
    tileset_destroy(t);
    for (int i = 0; i < total; i++) {
        snprintf(name, sizeof name, "%06x_1.png", (unsigned)i + 1);
        unlink(in_dir(name));
    }
    free(png);
}

static void test_sprites(SDL_Renderer *r)
{
    CHECK(mkdir(in_dir("pieces"), 0700) == 0);
    write_png("pieces/orc.png", 8, 8, 0x00aa00);
    CHECK(mkfifo(in_dir("pieces/goblin.png"), 0600) == 0);
    write_bytes("pieces/zombie.png", SVG, sizeof SVG - 1);
    write_bytes("pieces/giant.png", HUGE_HEADER, sizeof HUGE_HEADER);
    Sprites *s = sprites_create(r, dir);
    CHECK(sprites_get(s, "pieces/orc") != NULL);
    CHECK(sprites_get(s, "pieces/goblin") == NULL);
    CHECK(sprites_get(s, "pieces/zombie") == NULL);
    CHECK(sprites_get(s, "pieces/giant") == NULL);
    /* past SPRITES_MAX names nothing more is read, even a good file */
    char name[32];
    for (int i = 0; i < SPRITES_MAX; i++) {
        snprintf(name, sizeof name, "missing-%d", i);
        (void)sprites_get(s, name);
    }
    sprites_destroy(s);
    s = sprites_create(r, dir);
    for (int i = 0; i < SPRITES_MAX; i++) {
        snprintf(name, sizeof name, "missing-%d", i);
        (void)sprites_get(s, name);
    }
    CHECK(sprites_get(s, "pieces/orc") == NULL);
    sprites_destroy(s);
    const char *names[] = {"pieces/orc.png", "pieces/goblin.png", "pieces/zombie.png",
                           "pieces/giant.png"};
    for (size_t i = 0; i < sizeof names / sizeof *names; i++)
        unlink(in_dir(names[i]));
    rmdir(in_dir("pieces"));
}

int main(void)
{
    alarm(120); /* a FIFO read the old way blocks forever: fail instead */
    snprintf(dir, sizeof dir, "/tmp/qb-art-XXXXXX");
    CHECK(mkdtemp(dir) != NULL);
    SDL_Surface *target = SDL_CreateRGBSurfaceWithFormat(0, 64, 64, 32, SDL_PIXELFORMAT_ARGB8888);
    SDL_Renderer *r = SDL_CreateSoftwareRenderer(target);
    test_image();
    test_tileset_bad_files(r);
    test_tileset_cap(r);
    test_sprites(r);
    SDL_DestroyRenderer(r);
    SDL_FreeSurface(target);
    rmdir(dir);
    return check_finish("image");
}
