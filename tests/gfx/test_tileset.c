/* Tile names, variant hashing, neighbour masks and picking from a fixture
 * tile folder. */
#include "check.h"

#include "gfx/tileset.h"

#include <SDL.h>
#include <SDL_image.h>

static void test_names(void)
{
    TileName t;
    CHECK(tileset_parse_name("ffffff_1.png", &t));
    CHECK_INT(t.rgb, 0xffffff);
    CHECK_INT(t.shape, TILE_PLAIN);
    CHECK_INT(t.variant, 1);
    CHECK(tileset_parse_name("2b5f8a_a13_2.png", &t));
    CHECK_INT(t.rgb, 0x2b5f8a);
    CHECK_INT(t.shape, TILE_AUTO4);
    CHECK_INT(t.mask, 13);
    CHECK_INT(t.variant, 2);
    CHECK(tileset_parse_name("2b5f8a_b255_1.png", &t));
    CHECK_INT(t.shape, TILE_AUTO8);
    CHECK_INT(t.mask, 255);
    const char *bad[] = {"FFFFFF_1.png", "ffffff_0.png", "ffffff_01.png", "ffffff_1.PNG",
                         "ffffff_1.png.bak", "fffff_1.png", "ffffff-1.png", "2b5f8a_a16_1.png",
                         "2b5f8a_b256_1.png", "2b5f8a_a_1.png", "ffffff_.png", "ffffff_12345.png"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
        CHECK(!tileset_parse_name(bad[i], &t));
}

static void test_hash(void)
{
    CHECK_INT(tileset_hash(3, 4, 99), tileset_hash(3, 4, 99));
    CHECK(tileset_hash(3, 4, 99) != tileset_hash(4, 3, 99));
    CHECK(tileset_hash(3, 4, 99) != tileset_hash(3, 4, 100));
    /* spread: 8 variants are all used over a small area */
    int used[8] = {0};
    for (int y = 0; y < 16; y++)
        for (int x = 0; x < 16; x++)
            used[tileset_hash(x, y, 7) % 8] = 1;
    for (int i = 0; i < 8; i++)
        CHECK(used[i]);
}

static Board *board_from(const char *rows[], int w, int h)
{
    uint8_t rgba[64 * 4];
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            uint8_t *p = &rgba[(y * w + x) * 4];
            char c = rows[y][x];
            uint32_t rgb = c == 'A' ? 0x2b5f8a : c == 'W' ? 0xffffff : c == 'R' ? 0xff0000 : 0;
            p[0] = (uint8_t)(rgb >> 16), p[1] = (uint8_t)(rgb >> 8), p[2] = (uint8_t)rgb, p[3] = 255;
        }
    BoardSpec spec = {.width = w, .height = h, .rgba = rgba};
    char err[256];
    return board_create(&spec, err, sizeof err);
}

static void test_masks(void)
{
    const char *rows[] = {"WAA.", "AAAW", "WAWW"};
    Board *b = board_from(rows, 4, 3);
    CHECK(b != NULL);
    /* (1,1): A above, A right, A below, A left */
    CHECK_INT(tileset_mask4(b, (BoardPos){1, 1}), 15);
    /* (2,0): west A, south A; off-board north, none east */
    CHECK_INT(tileset_mask4(b, (BoardPos){2, 0}), 4 | 8);
    /* (0,1): east only (north and south are W) */
    CHECK_INT(tileset_mask4(b, (BoardPos){0, 1}), 2);
    /* (1,1) in 8: NE (2,0) is A with N and E set; NW (0,0) is W; SE, SW W */
    CHECK_INT(tileset_mask8(b, (BoardPos){1, 1}), 15 | 16);
    /* a corner bit needs both sides: (2,1) has N, W; NW (1,0) is A */
    CHECK_INT(tileset_mask8(b, (BoardPos){2, 1}), 1 | 8 | 128);
    board_destroy(b);
}

static void test_pick(void)
{
    char dir[2048];
    snprintf(dir, sizeof dir, "%s/gfx/tiles", getenv("TEST_DATA"));
    SDL_Surface *target = SDL_CreateRGBSurfaceWithFormat(0, 64, 64, 32, SDL_PIXELFORMAT_ARGB8888);
    SDL_Renderer *r = SDL_CreateSoftwareRenderer(target);
    char err[512];
    Tileset *t = tileset_load(r, dir, err, sizeof err);
    CHECK(t != NULL);
    if (t) {
        CHECK_INT(tileset_count(t), 3);
        const char *rows[] = {"WR.", "WRW"};
        Board *b = board_from(rows, 3, 2);
        SDL_Color tint;
        int cell = tileset_pick(t, b, (BoardPos){0, 0}, 1, &tint);
        CHECK(cell >= 0 && tint.r == 255 && tint.g == 255 && tint.b == 255);
        SDL_Color mean = tileset_cell_mean(t, cell);
        CHECK_INT(mean.r, 200);
        /* red has no tiles: a white variant tinted red */
        int red = tileset_pick(t, b, (BoardPos){1, 0}, 1, &tint);
        CHECK_INT(red, cell);
        CHECK(tint.r == 255 && tint.g == 0 && tint.b == 0);
        /* no square: nothing drawn */
        CHECK_INT(tileset_pick(t, b, (BoardPos){2, 0}, 1, &tint), -1);
        CHECK_INT(tint.a, 0);
        board_destroy(b);
    }
    tileset_destroy(t);
    /* a missing folder is an empty tileset: flat colours */
    Tileset *empty = tileset_load(r, "/nonexistent/tiles", err, sizeof err);
    CHECK(empty && tileset_count(empty) == 0 && !tileset_texture(empty));
    tileset_destroy(empty);
    tileset_destroy(NULL);
    SDL_DestroyRenderer(r);
    SDL_FreeSurface(target);
}

/* The autotile fixture's red channel is 16 * mask. */
static void test_autotiles(void)
{
    char dir[2048];
    snprintf(dir, sizeof dir, "%s/gfx/autotiles", getenv("TEST_DATA"));
    SDL_Surface *target = SDL_CreateRGBSurfaceWithFormat(0, 64, 64, 32, SDL_PIXELFORMAT_ARGB8888);
    SDL_Renderer *r = SDL_CreateSoftwareRenderer(target);
    char err[512];
    Tileset *t = tileset_load(r, dir, err, sizeof err);
    CHECK(t != NULL);
    if (t) {
        CHECK_INT(tileset_count(t), 17); /* README.md is not a tile */
        const char *rows[] = {"WAA.", "AAAW", "WAWW"};
        Board *b = board_from(rows, 4, 3);
        for (int y = 0; y < 3; y++)
            for (int x = 0; x < 4; x++) {
                BoardPos p = {x, y};
                if (rows[y][x] != 'A')
                    continue;
                SDL_Color tint;
                int cell = tileset_pick(t, b, p, 5, &tint);
                CHECK(cell >= 0);
                if (cell >= 0)
                    CHECK_INT(tileset_cell_mean(t, cell).r, 16 * (int)tileset_mask4(b, p));
            }
        board_destroy(b);
    }
    tileset_destroy(t);
    SDL_DestroyRenderer(r);
    SDL_FreeSurface(target);
}

int main(void)
{
    test_names();
    test_hash();
    test_masks();
    test_pick();
    test_autotiles();
    return check_finish("tileset");
}
