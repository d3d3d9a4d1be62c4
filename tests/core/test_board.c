/* Board: square types from colours, room labelling and walls. */
#include "check.h"
#include "core/alloc.h"
#include "core/board.h"

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
    BoardSpec spec = {w, h, px, NULL, 0};
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
    BoardTypeOverride ov[] = {{colour_of('B'), SQUARE_BLOCKED}, {0xc3c3c3, SQUARE_WALKABLE}};
    BoardSpec spec = {4, 1, px, ov, 2};
    char err[128];
    Board *b = board_create(&spec, err, sizeof err);
    CHECK_INT(board_type(b, (BoardPos){2, 0}), SQUARE_BLOCKED);
    CHECK_INT(board_type(b, (BoardPos){3, 0}), SQUARE_WALKABLE);
    CHECK_INT(room_at(b, 2, 0), -1);
    CHECK_INT(room_at(b, 3, 0), 2);
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
                BoardPos n = grid_step(p, (GridDir)d);
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
    BoardSpec spec = {w, h, px, NULL, 0};
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
    BoardSpec spec = {w, h, px, NULL, 0};
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

static void test_big_boards(void)
{
    int n = 4096;
    uint8_t *px = spiral(n);
    BoardSpec spec = {n, n, px, NULL, 0};
    char err[128];
    Board *b = board_create(&spec, err, sizeof err);
    CHECK_INT(board_room_count(b), 2);
    CHECK_INT(room_at(b, 0, 0), 1);
    CHECK_INT(room_at(b, n / 2 - 2, n / 2 - 2), room_at(b, 0, 0));
    board_destroy(b);
    free(px);

    n = 8192;
    px = xmalloc((size_t)n * n, 4);
    memset(px, 0x7f, (size_t)n * n * 4);
    spec = (BoardSpec){n, n, px, NULL, 0};
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
    test_numbering();
    test_corner_and_apart();
    test_seed_example();
    test_walls();
    test_standard_board();
    test_too_many_colours();
    test_property_random();
    test_big_boards();
    board_destroy(NULL);
    return check_finish("board");
}
