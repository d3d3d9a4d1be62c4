/* Board: square types from colours, room labelling and walls. */
#include "check.h"
#include "core/alloc.h"
#include "core/board.h"

#include <pthread.h>
#include <stdint.h>

/* Colours for the character maps below; '.' is black (none), '#' rock. */
static uint32_t colour_of(char c)
{
    switch (c) {
    case '.':
        return 0x000000;
    case '#':
        return 0xc3c3c3;
    case 'H':
    case '*':
        return 0xffffff;
    default:
        if (c >= 'a' && c <= 'z')
            return 0x080000u * (uint32_t)(c - 'a' + 1) + 0x3399u;
        return 0x100000u * (uint32_t)(c - 'A' + 1) + 0x3377u;
    }
}

static uint8_t *rgba_from_rows(const char *const *rows, int w, int h)
{
    uint8_t *px = xmalloc((size_t)w * h, 4);
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            uint32_t c = colour_of(rows[y][x]);
            uint8_t *p = px + ((size_t)y * w + x) * 4;
            p[0] = (uint8_t)(c >> 16), p[1] = (uint8_t)(c >> 8), p[2] = (uint8_t)c;
            p[3] = rows[y][x] == '~' ? 0 : 255; /* '~': transparent */
        }
    return px;
}

static Board *board_from_rows(const char *const *rows, int h)
{
    int w = (int)strlen(rows[0]);
    uint8_t *px = rgba_from_rows(rows, w, h);
    BoardSpec spec = {.width = w, .height = h, .rgba = px};
    char err[256];
    Board *b = board_create(&spec, err, sizeof err);
    free(px);
    CHECK(b != NULL);
    return b;
}

static int32_t room_at(const Board *b, int x, int y)
{
    return board_room(b, (BoardPos){x, y});
}

/* Builds spec's board again from a copy of its pixels given over
 * (BoardSpec.rgba_given: the squares typed over them in place) and checks
 * that every square's type, colour, room and walls, and the counts, are
 * those of b, built from the pixels kept. */
static void check_given_same(const BoardSpec *spec, const Board *b)
{
    size_t n = (size_t)spec->width * (size_t)spec->height;
    BoardSpec given = *spec;
    given.rgba_given = xmalloc_big(n, 4);
    memcpy(given.rgba_given, spec->rgba, n * 4);
    char err[256];
    Board *g = board_create(&given, err, sizeof err);
    CHECK((g != NULL) == (b != NULL));
    if (!g || !b) {
        board_destroy(g);
        return;
    }
    CHECK_INT(board_room_count(g), board_room_count(b));
    CHECK_INT(board_wall_count(g), board_wall_count(b));
    CHECK_INT(board_walkable_count(g), board_walkable_count(b));
    CHECK_INT(board_palette_size(g), board_palette_size(b));
    int differ = 0;
    for (size_t i = 0; i < n; i++) {
        BoardPos p = grid_pos(board_grid(b), (int64_t)i);
        differ += board_type(g, p) != board_type(b, p) ||
                  board_colour_index(g, p) != board_colour_index(b, p) ||
                  board_room(g, p) != board_room(b, p) ||
                  board_wall(g, p, GRID_DIR_EAST) != board_wall(b, p, GRID_DIR_EAST) ||
                  board_wall(g, p, GRID_DIR_SOUTH) != board_wall(b, p, GRID_DIR_SOUTH);
    }
    CHECK_INT(differ, 0);
    board_destroy(g);
}

static void check_rooms(const Board *b, const int32_t *expected)
{
    int w = board_width(b), h = board_height(b);
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++)
            CHECK_INT(room_at(b, x, y), expected[y * w + x]);
}

static void test_types(void)
{
    const char *rows[] = {"AH#.~"};
    Board *b = board_from_rows(rows, 1);
    CHECK_INT(board_type(b, (BoardPos){0, 0}), SQUARE_WALKABLE);
    CHECK_INT(board_type(b, (BoardPos){1, 0}), SQUARE_WALKABLE);
    CHECK_INT(board_type(b, (BoardPos){2, 0}), SQUARE_BLOCKED);
    CHECK_INT(board_type(b, (BoardPos){3, 0}), SQUARE_NONE);
    CHECK_INT(board_type(b, (BoardPos){4, 0}), SQUARE_NONE); /* transparent */
    CHECK_INT(board_type(b, (BoardPos){5, 0}), SQUARE_NONE); /* off the board */
    CHECK_INT(board_rgb(b, (BoardPos){1, 0}), 0xffffff);
    CHECK_INT(board_rgb(b, (BoardPos){2, 0}), 0xc3c3c3);
    CHECK_INT(board_palette_size(b), 5);
    CHECK_INT(board_walkable_count(b), 2);
    CHECK_INT(room_at(b, 2, 0), -1);
    CHECK_INT(room_at(b, 3, 0), -1);
    CHECK_INT(room_at(b, 4, 0), -1);
    board_destroy(b);
}

static void test_overrides(void)
{
    const char *rows[] = {"AAB#"};
    uint8_t *px = rgba_from_rows(rows, 4, 1);
    BoardTypeOverride ov[] = {{colour_of('B'), SQUARE_BLOCKED, 0}, {0xc3c3c3, SQUARE_WALKABLE, 0}};
    BoardSpec spec = {.width = 4, .height = 1, .rgba = px, .overrides = ov, .override_count = 2};
    char err[128];
    Board *b = board_create(&spec, err, sizeof err);
    CHECK_INT(board_type(b, (BoardPos){2, 0}), SQUARE_BLOCKED);
    CHECK_INT(board_type(b, (BoardPos){3, 0}), SQUARE_WALKABLE);
    CHECK_INT(room_at(b, 2, 0), -1);
    CHECK_INT(room_at(b, 3, 0), 2);
    board_destroy(b);
    free(px);
}

/* Colours the palette puts in one area form rooms together: no wall
 * between A and B squares, while C (no area) and a second A/B patch apart
 * from the first stay rooms of their own; every square keeps its colour,
 * and a room's colour is its first square's. */
static void test_areas(void)
{
    const char *rows[] = {
        "ABBCA",
        "AABCB",
        "#####",
        "BA.AB",
    };
    uint8_t *px = rgba_from_rows(rows, 5, 4);
    BoardTypeOverride ov[] = {{colour_of('A'), SQUARE_WALKABLE, 1},
                              {colour_of('B'), SQUARE_WALKABLE, 1}};
    BoardSpec spec = {.width = 5, .height = 4, .rgba = px, .overrides = ov, .override_count = 2};
    char err[128];
    Board *b = board_create(&spec, err, sizeof err);
    CHECK(b != NULL);
    if (!b) {
        free(px);
        return;
    }
    int expected[] = {1, 1, 1, 2, 3, 1, 1, 1, 2, 3, -1, -1, -1, -1, -1, 4, 4, -1, 5, 5};
    for (int i = 0; i < 20; i++)
        CHECK_INT(room_at(b, i % 5, i / 5), expected[i]);
    CHECK_INT(board_room_count(b), 5);
    CHECK(!board_wall(b, (BoardPos){0, 0}, GRID_DIR_EAST));
    CHECK(!board_wall(b, (BoardPos){1, 1}, GRID_DIR_EAST));
    CHECK(board_wall(b, (BoardPos){2, 0}, GRID_DIR_EAST));
    CHECK_INT(board_rgb(b, (BoardPos){1, 0}), colour_of('B'));
    CHECK_INT(board_room_info(b, 1)->rgb, colour_of('A'));
    CHECK_INT(board_room_info(b, 1)->squares, 6);
    CHECK_INT(board_room_info(b, 4)->rgb, colour_of('B'));
    board_destroy(b);
    /* areas are numbers: another number keeps them apart */
    ov[1].area = 2;
    b = board_create(&spec, err, sizeof err);
    CHECK(b && board_wall(b, (BoardPos){0, 0}, GRID_DIR_EAST));
    board_destroy(b);
    free(px);
}

/* Rooms are numbered by their first square in row-major order, even when
 * a later-numbered label meets an earlier one lower down (the U shape). */
static void test_numbering(void)
{
    const char *rows[] = {
        "BAAB",
        "BABB",
        "BBBC",
    };
    Board *b = board_from_rows(rows, 3);
    const int32_t want[] = {1, 2, 2, 1, 1, 2, 1, 1, 1, 1, 1, 3};
    check_rooms(b, want);
    CHECK_INT(board_room_count(b), 3);
    const BoardRoom *r1 = board_room_info(b, 1);
    CHECK_INT(r1->squares, 8);
    CHECK(r1->first.x == 0 && r1->first.y == 0);
    CHECK(r1->min.x == 0 && r1->max.x == 3 && r1->max.y == 2);
    board_destroy(b);
}

static void test_corner_and_apart(void)
{
    const char *rows[] = {
        "AB.A",
        "BA.A",
    };
    Board *b = board_from_rows(rows, 2);
    /* (0,0) and (1,1) touch only at a corner; the A column on the right
     * has the same colour but is not connected: four A rooms, two B. */
    const int32_t want[] = {1, 2, -1, 3, 4, 5, -1, 3};
    check_rooms(b, want);
    CHECK_INT(board_room_count(b), 5);
    board_destroy(b);
}

/* The seed's example: a hallway and four rooms, rock at (0,2) and (0,3). */
static void test_seed_example(void)
{
    const char *rows[] = {
        "AAAAHHBBBB", "AAAAHHBBBB", "#HHHHHHHHH", "#HHHHHHHHH",
        "CCCCHHDDDD", "CCCCHHDDDD", "CCCCHHDDD.",
    };
    Board *b = board_from_rows(rows, 7);
    CHECK_INT(board_room_count(b), 5);
    CHECK_INT(room_at(b, 0, 0), 1);
    CHECK_INT(room_at(b, 4, 0), 2);
    CHECK_INT(room_at(b, 6, 0), 3);
    CHECK_INT(room_at(b, 0, 2), -1);
    CHECK_INT(room_at(b, 0, 3), -1);
    CHECK_INT(room_at(b, 1, 2), 2);
    CHECK_INT(room_at(b, 0, 4), 4);
    CHECK_INT(room_at(b, 6, 4), 5);
    CHECK_INT(room_at(b, 9, 6), -1);
    board_destroy(b);
}

static bool wall(const Board *b, int x, int y, GridDir d)
{
    return board_wall(b, (BoardPos){x, y}, d);
}

static void test_walls(void)
{
    const char *rows[] = {
        "AAB.",
        "AA##",
    };
    Board *b = board_from_rows(rows, 2);
    CHECK(!wall(b, 0, 0, GRID_DIR_EAST));  /* inside room A */
    CHECK(!wall(b, 0, 0, GRID_DIR_SOUTH)); /* inside room A */
    CHECK(wall(b, 1, 0, GRID_DIR_EAST));   /* A | B */
    CHECK(wall(b, 2, 0, GRID_DIR_WEST));   /* same edge from the other side */
    CHECK(wall(b, 2, 0, GRID_DIR_EAST));   /* B | none */
    CHECK(wall(b, 2, 0, GRID_DIR_SOUTH));  /* B over rock */
    CHECK(!wall(b, 3, 0, GRID_DIR_SOUTH)); /* none over rock: neither walkable */
    CHECK(!wall(b, 2, 1, GRID_DIR_EAST));  /* rock | rock */
    CHECK(wall(b, 1, 1, GRID_DIR_EAST));   /* A | rock */
    CHECK(wall(b, 0, 0, GRID_DIR_NORTH));  /* outline */
    CHECK(wall(b, 0, 0, GRID_DIR_WEST));   /* outline */
    CHECK(wall(b, 0, 1, GRID_DIR_SOUTH));  /* outline */
    CHECK(!wall(b, 3, 0, GRID_DIR_NORTH)); /* outline of a none square */
    CHECK(!wall(b, 2, 1, GRID_DIR_SOUTH)); /* outline of rock */
    CHECK(!wall(b, 5, 5, GRID_DIR_EAST));  /* off the board */
    /* A: 2 north + 2 west + 2 south + 2 east; B: north, east, south
     * (west is shared with A). */
    CHECK_INT(board_wall_count(b), 11);
    board_destroy(b);
}

/* Every edge answers the same from both sides, and the count matches. */
static void check_wall_consistency(const Board *b)
{
    int w = board_width(b), h = board_height(b);
    int64_t count = 0;
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            BoardPos p = {x, y};
            for (int d = 0; d < 4; d++) {
                BoardPos n = grid_step(board_grid(b), p, (GridDir)d);
                bool wl = board_wall(b, p, (GridDir)d);
                bool expect = board_contains(b, n)
                                  ? board_room(b, p) != board_room(b, n)
                                  : board_walkable(b, p);
                CHECK(wl == expect);
                if (board_contains(b, n))
                    CHECK(wl == board_wall(b, n, grid_dir_opposite((GridDir)d)));
                count += wl && (!board_contains(b, n) || d == GRID_DIR_EAST || d == GRID_DIR_SOUTH);
            }
        }
    CHECK_INT(board_wall_count(b), count);
}

static void test_standard_board(void)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/standard-board.txt", getenv("TEST_DATA"));
    FILE *f = fopen(path, "r");
    CHECK(f != NULL);
    if (!f)
        return;
    static char lines[19][64];
    const char *rows[19];
    int h = 0;
    char line[128];
    while (h < 19 && fgets(line, sizeof line, f)) {
        if (line[0] == '#' || line[0] == '\n')
            continue;
        for (char *c = line; *c && *c != '\n'; c++)
            *c = *c == '.' ? '*' : (char)(*c - 'A' + 'a'); /* corridor white, rooms a..v */
        line[26] = 0;
        strcpy(lines[h], line);
        rows[h] = lines[h];
        h++;
    }
    fclose(f);
    CHECK_INT(h, 19);
    Board *b = board_from_rows(rows, h);
    CHECK_INT(board_room_count(b), 23);
    CHECK_INT(board_room_info(b, 1)->squares, 148); /* the corridor starts at (0,0) */
    int64_t room_squares = 0;
    for (int32_t r = 2; r <= board_room_count(b); r++)
        room_squares += board_room_info(b, r)->squares;
    CHECK_INT(room_squares, 346);
    check_wall_consistency(b);
    board_destroy(b);
}

static void test_too_many_colours(void)
{
    int w = 300, h = 300;
    uint8_t *px = xmalloc((size_t)w * h, 4);
    for (int i = 0; i < w * h; i++) {
        px[i * 4] = (uint8_t)(i >> 16), px[i * 4 + 1] = (uint8_t)(i >> 8);
        px[i * 4 + 2] = (uint8_t)i, px[i * 4 + 3] = 255;
    }
    BoardSpec spec = {.width = w, .height = h, .rgba = px};
    char err[256] = "";
    Board *b = board_create(&spec, err, sizeof err);
    CHECK(b == NULL);
    CHECK_STR_CONTAINS(err, "distinct colours");
    free(px);
}

/* A plain reference labeller: breadth-first flood from each unlabelled
 * walkable square in row-major order, with an explicit queue. */
static int32_t reference_label(const uint32_t *col, const uint8_t *walk, int w, int h, int32_t *out)
{
    int64_t n = (int64_t)w * h;
    int64_t *queue = xmalloc((size_t)n, sizeof *queue);
    for (int64_t i = 0; i < n; i++)
        out[i] = walk[i] ? 0 : -1;
    int32_t rooms = 0;
    for (int64_t s = 0; s < n; s++) {
        if (out[s] != 0)
            continue;
        out[s] = ++rooms;
        int64_t head = 0, tail = 0;
        queue[tail++] = s;
        while (head < tail) {
            int64_t i = queue[head++];
            int x = (int)(i % w), y = (int)(i / w);
            int64_t nb[4] = {x > 0 ? i - 1 : -1, x < w - 1 ? i + 1 : -1, y > 0 ? i - w : -1,
                             y < h - 1 ? i + w : -1};
            for (int k = 0; k < 4; k++)
                if (nb[k] >= 0 && out[nb[k]] == 0 && col[nb[k]] == col[i]) {
                    out[nb[k]] = rooms;
                    queue[tail++] = nb[k];
                }
        }
    }
    free(queue);
    return rooms;
}

static uint32_t rng_next(uint64_t *s)
{
    *s = *s * 6364136223846793005ULL + 1442695040888963407ULL;
    return (uint32_t)(*s >> 33);
}

/* The typing pass against a plain reference on random bitmaps made of
 * runs (so whole blocks repeat the pixel before them) mixed with noise:
 * each square's type and palette index, the palette in order of first
 * appearance, transparent pixels of any RGB as one entry, overrides. */
static void types_one(uint64_t seed)
{
    uint64_t s = seed * 104729;
    int w = 1 + (int)(rng_next(&s) % 70), h = 1 + (int)(rng_next(&s) % 30);
    static const uint32_t base[] = {0x000000, 0xc3c3c3, 0xffffff, 0xff0000,
                                    0x00ff00, 0x0000ff, 0x123456, 0xabcdef};
    BoardTypeOverride overrides[] = {{0x123456, SQUARE_BLOCKED, 0}, {0x000000, SQUARE_WALKABLE, 0}};
    int override_count = (int)(rng_next(&s) % 3);
    int64_t n = (int64_t)w * h;
    uint8_t *px = xmalloc((size_t)n, 4);
    int max_run = 1 + (int)(rng_next(&s) % 20);
    for (int64_t i = 0; i < n;) {
        int len = 1 + (int)(rng_next(&s) % (uint32_t)max_run);
        uint32_t c = base[rng_next(&s) % 8];
        bool clear = rng_next(&s) % 10 == 0;
        for (int j = 0; j < len && i < n; j++, i++) {
            px[i * 4] = (uint8_t)(c >> 16), px[i * 4 + 1] = (uint8_t)(c >> 8);
            px[i * 4 + 2] = (uint8_t)c, px[i * 4 + 3] = clear ? 0 : 255;
            if (clear && rng_next(&s) % 2)
                px[i * 4] ^= 0x5a; /* transparent: the RGB does not matter */
        }
    }
    BoardSpec spec = {.width = w, .height = h, .rgba = px, .overrides = overrides,
                      .override_count = override_count};
    char err[128];
    Board *b = board_create(&spec, err, sizeof err);
    check_given_same(&spec, b);
    uint32_t keys[16];
    int nkeys = 0, mismatches = 0;
    int64_t walkable = 0;
    for (int64_t i = 0; i < n; i++) {
        const uint8_t *p = px + i * 4;
        uint32_t rgb = (uint32_t)p[0] << 16 | (uint32_t)p[1] << 8 | p[2];
        uint32_t key = p[3] == 0 ? 0xffffffffu : rgb;
        int index = 0;
        while (index < nkeys && keys[index] != key)
            index++;
        if (index == nkeys)
            keys[nkeys++] = key;
        SquareType type = p[3] == 0 ? SQUARE_NONE : board_default_type(rgb);
        for (int o = 0; o < override_count && p[3] != 0; o++)
            if (overrides[o].rgb == rgb)
                type = overrides[o].type;
        BoardPos pos = grid_pos(board_grid(b), i);
        mismatches += board_type(b, pos) != type || board_colour_index(b, pos) != index;
        walkable += type == SQUARE_WALKABLE;
    }
    if (mismatches)
        fprintf(stderr, "types seed %llu (%dx%d): %d squares differ\n", (unsigned long long)seed,
                w, h, mismatches);
    CHECK_INT(mismatches, 0);
    CHECK_INT(board_palette_size(b), nkeys);
    CHECK_INT(board_walkable_count(b), walkable);
    board_destroy(b);
    free(px);
}

static void test_types_reference(void)
{
    for (uint64_t seed = 1; seed <= 500; seed++)
        types_one(seed);
}

/* A bitmap with one colour too many names the pixel where the palette
 * overflows, here in the middle of a run of repeated pixels' blocks. */
static void test_too_many_colours_pixel(void)
{
    int w = 100, n = BOARD_MAX_COLOURS + 1;
    int h = (n * 3 + w - 1) / w;
    uint8_t *px = xcalloc((size_t)w * h, 4);
    for (int i = 0; i < w * h; i++) {
        int c = i / 3 < n ? i / 3 : n - 1; /* each colour three times */
        px[i * 4] = (uint8_t)(c >> 16), px[i * 4 + 1] = (uint8_t)(c >> 8);
        px[i * 4 + 2] = (uint8_t)c, px[i * 4 + 3] = 255;
    }
    BoardSpec spec = {.width = w, .height = h, .rgba = px};
    char err[256] = "", want[64];
    CHECK(board_create(&spec, err, sizeof err) == NULL);
    int first = (n - 1) * 3;
    snprintf(want, sizeof want, "pixel (%d,%d):", first % w, first / w);
    CHECK_STR_CONTAINS(err, want);
    /* the same with the pixels given over: refused, the block freed (the
     * sanitizer build checks for the leak) */
    check_given_same(&spec, NULL);
    free(px);
}

static void property_one(uint64_t seed)
{
    uint64_t s = seed;
    int w = 1 + (int)(rng_next(&s) % 24), h = 1 + (int)(rng_next(&s) % 24);
    int colours = 1 + (int)(rng_next(&s) % 5);
    static const uint32_t palette[] = {0x000000, 0xc3c3c3, 0xffffff, 0xff0000, 0x00ff00};
    int64_t n = (int64_t)w * h;
    uint8_t *px = xmalloc((size_t)n, 4);
    uint32_t *col = xmalloc((size_t)n, sizeof *col);
    uint8_t *walk = xmalloc((size_t)n, 1);
    for (int64_t i = 0; i < n; i++) {
        col[i] = palette[rng_next(&s) % (uint32_t)colours];
        walk[i] = col[i] != 0 && col[i] != 0xc3c3c3;
        px[i * 4] = (uint8_t)(col[i] >> 16), px[i * 4 + 1] = (uint8_t)(col[i] >> 8);
        px[i * 4 + 2] = (uint8_t)col[i], px[i * 4 + 3] = 255;
    }
    int32_t *ref = xmalloc((size_t)n, sizeof *ref);
    int32_t ref_rooms = reference_label(col, walk, w, h, ref);
    BoardSpec spec = {.width = w, .height = h, .rgba = px};
    char err[128];
    Board *b = board_create(&spec, err, sizeof err);
    CHECK_INT(board_room_count(b), ref_rooms);
    int mismatches = 0;
    for (int64_t i = 0; i < n; i++)
        mismatches += board_room(b, grid_pos(board_grid(b), i)) != ref[i];
    if (mismatches)
        fprintf(stderr, "seed %llu: %d squares differ\n", (unsigned long long)seed, mismatches);
    CHECK_INT(mismatches, 0);
    check_wall_consistency(b);
    board_destroy(b);
    free(px), free(col), free(walk), free(ref);
}

static void test_property_random(void)
{
    for (uint64_t seed = 1; seed <= 2000; seed++)
        property_one(seed);
}

/* Compares a w x h board of palette indices (into cols; alpha 0 where
 * transparent is set) against the reference labeller. */
static void check_against_reference(const uint8_t *idx, int w, int h, const uint32_t *cols,
                                    const bool *transparent, uint64_t seed)
{
    int64_t n = (int64_t)w * h;
    uint8_t *px = xmalloc((size_t)n, 4);
    uint32_t *col = xmalloc((size_t)n, sizeof *col);
    uint8_t *walk = xmalloc((size_t)n, 1);
    for (int64_t i = 0; i < n; i++) {
        uint32_t c = cols[idx[i]];
        bool clear = transparent[idx[i]];
        /* transparent squares are none whatever their RGB: give them one
         * colour of their own for the reference */
        col[i] = clear ? 0x1000000u : c;
        walk[i] = !clear && c != 0 && c != 0xc3c3c3;
        px[i * 4] = (uint8_t)(c >> 16), px[i * 4 + 1] = (uint8_t)(c >> 8);
        px[i * 4 + 2] = (uint8_t)c, px[i * 4 + 3] = clear ? 0 : 255;
    }
    int32_t *ref = xmalloc((size_t)n, sizeof *ref);
    int32_t ref_rooms = reference_label(col, walk, w, h, ref);
    BoardSpec spec = {.width = w, .height = h, .rgba = px};
    char err[128];
    Board *b = board_create(&spec, err, sizeof err);
    check_given_same(&spec, b);
    CHECK_INT(board_room_count(b), ref_rooms);
    int mismatches = 0;
    for (int64_t i = 0; i < n; i++)
        mismatches += board_room(b, grid_pos(board_grid(b), i)) != ref[i];
    if (mismatches)
        fprintf(stderr, "structured seed %llu (%dx%d): %d squares differ\n",
                (unsigned long long)seed, w, h, mismatches);
    CHECK_INT(mismatches, 0);
    /* room facts against a plain count */
    int64_t *count = xcalloc((size_t)ref_rooms + 1, sizeof *count);
    for (int64_t i = 0; i < n; i++)
        count[ref[i] > 0 ? ref[i] : 0]++;
    for (int32_t r = 1; r <= ref_rooms && r <= board_room_count(b); r++)
        CHECK_INT(board_room_info(b, r)->squares, count[r]);
    check_wall_consistency(b);
    board_destroy(b);
    free(count);
    free(px), free(col), free(walk), free(ref);
}

/* Boards with structure, so that the labeller's shortcuts for flat areas,
 * long runs and vertical stripes are taken and mixed with square-by-square
 * work: rows made of runs of random length, rows copied from the one above
 * with a few changes, many colours, rock, black and transparent squares. */
static void property_structured(uint64_t seed)
{
    uint64_t s = seed * 7919;
    int w = 1 + (int)(rng_next(&s) % 80), h = 1 + (int)(rng_next(&s) % 40);
    static const uint32_t base[] = {0x000000, 0xc3c3c3, 0xffffff, 0xff0000, 0x00ff00,
                                    0x0000ff, 0x123456, 0x654321, 0xabcdef, 0x777777,
                                    0x000000, 0xffffff};
    uint32_t cols[12];
    bool transparent[12];
    int ncol = 1 + (int)(rng_next(&s) % 12);
    for (int c = 0; c < 12; c++) {
        cols[c] = base[c];
        transparent[c] = c >= 10; /* black and white with alpha 0 */
    }
    uint8_t *idx = xmalloc((size_t)w * h, 1);
    int max_run = 1 + (int)(rng_next(&s) % 30);
    int copy_rate = (int)(rng_next(&s) % 100); /* percent of rows copied */
    int changes = (int)(rng_next(&s) % 4);
    for (int y = 0; y < h; y++) {
        uint8_t *row = idx + (size_t)y * w;
        if (y > 0 && (int)(rng_next(&s) % 100) < copy_rate) {
            memcpy(row, row - w, (size_t)w);
            for (int k = 0; k < changes; k++) {
                int x = (int)(rng_next(&s) % (uint32_t)w);
                int len = 1 + (int)(rng_next(&s) % (uint32_t)max_run);
                uint8_t c = (uint8_t)(rng_next(&s) % (uint32_t)ncol);
                for (int j = x; j < w && j < x + len; j++)
                    row[j] = c;
            }
            continue;
        }
        for (int x = 0; x < w;) {
            int len = 1 + (int)(rng_next(&s) % (uint32_t)max_run);
            uint8_t c = (uint8_t)(rng_next(&s) % (uint32_t)ncol);
            for (int j = 0; j < len && x < w; j++, x++)
                row[x] = c;
        }
    }
    check_against_reference(idx, w, h, cols, transparent, seed);
    free(idx);
}

static void test_property_structured(void)
{
    for (uint64_t seed = 1; seed <= 2000; seed++)
        property_structured(seed);
}

/* Stripes, checkerboards and staircases: regular patterns where whole
 * chunks follow the row above or the square to the west. */
static void test_patterns(void)
{
    static const uint32_t cols[] = {0xffffff, 0x804020, 0xc3c3c3, 0x000000};
    static const bool transparent[] = {false, false, false, false};
    int sizes[][2] = {{1, 1}, {9, 3}, {17, 5}, {33, 33}, {64, 7}, {70, 40}};
    for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
        int w = sizes[k][0], h = sizes[k][1];
        uint8_t *idx = xmalloc((size_t)w * h, 1);
        for (int pattern = 0; pattern < 8; pattern++) {
            for (int y = 0; y < h; y++)
                for (int x = 0; x < w; x++) {
                    uint8_t v;
                    switch (pattern) {
                    case 0: v = (uint8_t)(x % 2); break;             /* 1-px vertical stripes */
                    case 1: v = (uint8_t)((x / 3) % 3); break;       /* wider stripes, rock */
                    case 2: v = (uint8_t)((x + y) % 2); break;       /* checkerboard */
                    case 3: v = (uint8_t)(((x + y) / 4) % 2); break; /* diagonal bands */
                    case 4: v = (uint8_t)(x == y % w ? 1 : 0); break; /* staircase */
                    case 5: v = (uint8_t)(y % 2 ? 0 : (x % 9 == 8 ? 3 : 1)); break;
                    case 6: v = (uint8_t)((x / 8 + y) % 2); break;   /* chunk-sized blocks */
                    default: v = (uint8_t)(x < w / 2 ? (y % 2) : 2); break;
                    }
                    idx[(size_t)y * w + x] = v;
                }
            check_against_reference(idx, w, h, cols, transparent, (uint64_t)(k * 8 + pattern));
        }
        free(idx);
    }
}

static void fill(uint8_t *px, int64_t i, uint32_t c)
{
    px[i * 4] = (uint8_t)(c >> 16), px[i * 4 + 1] = (uint8_t)(c >> 8);
    px[i * 4 + 2] = (uint8_t)c, px[i * 4 + 3] = 255;
}

/* Concentric rings, even ones of colour A, joined into one 1-pixel-wide
 * spiral corridor: each even ring is cut at (d, d+1) and bridged to the
 * next one at (d+1, d+2). */
static uint8_t *spiral(int n)
{
    uint8_t *px = xmalloc((size_t)n * n, 4);
    for (int y = 0; y < n; y++)
        for (int x = 0; x < n; x++) {
            int d = x < y ? x : y;
            int e = n - 1 - x < n - 1 - y ? n - 1 - x : n - 1 - y;
            d = d < e ? d : e;
            fill(px, (int64_t)y * n + x, d % 2 == 0 ? 0x804020 : 0x206080);
        }
    for (int d = 0; d < n / 2; d += 2) {
        fill(px, (int64_t)(d + 1) * n + d, 0x206080);
        if (d + 2 < n / 2)
            fill(px, (int64_t)(d + 2) * n + d + 1, 0x804020);
    }
    return px;
}

static int pixels_done_calls;

static void count_pixels_done(void *ctx)
{
    (void)ctx;
    pixels_done_calls++;
}

/* A checkerboard of two walkable colours is one room per square: past
 * the room limit it is refused, naming the square that starts the first
 * room too many, and pixels_done is called once either way. */
static void test_room_limit(void)
{
    int n = 600; /* 360,000 one-square rooms, over the default limit */
    uint8_t *px = xmalloc((size_t)n * n, 4);
    for (int y = 0; y < n; y++)
        for (int x = 0; x < n; x++)
            fill(px, (int64_t)y * n + x, (x + y) % 2 ? 0x804020 : 0x206080);
    BoardSpec spec = {.width = n, .height = n, .rgba = px, .pixels_done = count_pixels_done};
    char err[256] = "";
    pixels_done_calls = 0;
    Board *b = board_create(&spec, err, sizeof err);
    CHECK(b == NULL);
    CHECK_INT(pixels_done_calls, 1);
    /* room 250,001 is square 250,000 */
    CHECK_STR_CONTAINS(err, "pixel (400,416) starts room 250001");
    CHECK_STR_CONTAINS(err, "--max-rooms");
    spec.max_rooms = 359999;
    b = board_create(&spec, err, sizeof err);
    CHECK(b == NULL);
    CHECK_STR_CONTAINS(err, "pixel (599,599) starts room 360000");
    spec.max_rooms = 360000;
    b = board_create(&spec, err, sizeof err);
    CHECK(b != NULL);
    CHECK_INT(pixels_done_calls, 3);
    CHECK_INT(board_room_count(b), 360000);
    const BoardRoom *r = board_room_info(b, 360000);
    CHECK(r->first.x == 599 && r->first.y == 599 && r->squares == 1);
    CHECK_INT(r->rgb, 0x206080);
    board_destroy(b);
    free(px);
}

/* Threads share boards (bot games): the first questions about rooms may
 * come from several at once, and all get the same, right facts. */
#define FACT_THREADS 4

static void *ask_room(void *board)
{
    /* the address only, to compare: never written through */
    return (void *)(uintptr_t)board_room_info(board, 2);
}

static void test_facts_threads(void)
{
    const char *rows[] = {"AAB.", "CCB.", "CCBB"};
    for (int round = 0; round < 50; round++) {
        Board *b = board_from_rows(rows, 3);
        pthread_t t[FACT_THREADS];
        void *got[FACT_THREADS];
        int started = 0;
        for (; started < FACT_THREADS; started++)
            if (pthread_create(&t[started], NULL, ask_room, b) != 0)
                break;
        for (int i = 0; i < started; i++)
            pthread_join(t[i], &got[i]);
        const BoardRoom *r = board_room_info(b, 2);
        for (int i = 0; i < started; i++)
            CHECK((uintptr_t)got[i] == (uintptr_t)r);
        CHECK_INT(r->squares, 4);
        CHECK(r->min.x == 2 && r->max.x == 3 && r->max.y == 2);
        board_destroy(b);
    }
}

static void test_big_boards(void)
{
    int n = 4096;
    uint8_t *px = spiral(n);
    BoardSpec spec = {.width = n, .height = n, .rgba = px};
    char err[128];
    Board *b = board_create(&spec, err, sizeof err);
    CHECK_INT(board_room_count(b), 2);
    CHECK_INT(room_at(b, 0, 0), 1);
    CHECK_INT(room_at(b, n / 2 - 2, n / 2 - 2), room_at(b, 0, 0));
    /* the same pixels given over, in a mapped block: the squares are
     * typed over them and the board unmaps them */
    BoardSpec given = spec;
    given.rgba_given = xmalloc_big((size_t)n * n, 4);
    memcpy(given.rgba_given, px, (size_t)n * n * 4);
    Board *g = board_create(&given, err, sizeof err);
    CHECK_INT(board_room_count(g), 2);
    CHECK_INT(board_wall_count(g), board_wall_count(b));
    CHECK_INT(room_at(g, n / 2 - 2, n / 2 - 2), room_at(b, n / 2 - 2, n / 2 - 2));
    CHECK_INT(board_rgb(g, (BoardPos){n / 2, n / 2}), board_rgb(b, (BoardPos){n / 2, n / 2}));
    board_destroy(g);
    board_destroy(b);
    free(px);

    n = 8192;
    px = xmalloc((size_t)n * n, 4);
    memset(px, 0x7f, (size_t)n * n * 4);
    spec = (BoardSpec){.width = n, .height = n, .rgba = px};
    b = board_create(&spec, err, sizeof err);
    CHECK_INT(board_room_count(b), 1);
    CHECK_INT(board_wall_count(b), 4LL * n);
    CHECK_INT(room_at(b, n - 1, n - 1), 1);
    board_destroy(b);
    free(px);
}

int main(void)
{
    test_types();
    test_overrides();
    test_areas();
    test_numbering();
    test_corner_and_apart();
    test_seed_example();
    test_walls();
    test_standard_board();
    test_too_many_colours();
    test_too_many_colours_pixel();
    test_types_reference();
    test_property_random();
    test_property_structured();
    test_patterns();
    test_room_limit();
    test_facts_threads();
    test_big_boards();
    board_destroy(NULL);
    return check_finish("board");
}
