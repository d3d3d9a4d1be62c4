/* Boards of the other topologies: hex rooms (6-connected) and walls
 * against a plain breadth-first reference on thousands of random bitmaps,
 * both row offsets; square8 boards keep the square rooms and walls. */
#include "check.h"
#include "core/alloc.h"
#include "core/board.h"

#include <stdlib.h>
#include <string.h>

static uint32_t rng_next(uint64_t *s)
{
    *s = *s * 6364136223846793005ULL + 1442695040888963407ULL;
    return (uint32_t)(*s >> 33);
}

/* Reference: flood each unlabelled walkable hex in row-major order over
 * grid_neighbours, an explicit queue. */
static int32_t reference_label(const Grid *g, const uint32_t *col, const uint8_t *walk,
                               int32_t *out)
{
    int64_t n = grid_area(g);
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
            GridNeighbour nb[GRID_MAX_NEIGHBOURS];
            int k = grid_neighbours(g, grid_pos(g, i), nb);
            for (int j = 0; j < k; j++) {
                int64_t q = grid_index(g, nb[j].pos);
                if (out[q] == 0 && col[q] == col[i]) {
                    out[q] = rooms;
                    queue[tail++] = q;
                }
            }
        }
    }
    free(queue);
    return rooms;
}

/* Every edge of every hex: a wall exactly where the rooms differ (or on
 * the outline of a walkable hex), the same answer from both sides, and
 * the count of wall edges is board_wall_count. */
static void check_walls(const Board *b)
{
    const Grid *g = board_grid(b);
    int n;
    const GridDir *edges = grid_edge_dirs(g, &n);
    int64_t owned = 0, outline = 0;
    for (int y = 0; y < g->height; y++)
        for (int x = 0; x < g->width; x++) {
            BoardPos p = {x, y};
            for (int k = 0; k < n; k++) {
                BoardPos q = grid_step(g, p, edges[k]);
                bool wl = board_wall(b, p, edges[k]);
                bool expect = board_contains(b, q) ? board_room(b, p) != board_room(b, q)
                                                   : board_room(b, p) > 0;
                CHECK(wl == expect);
                if (board_contains(b, q))
                    CHECK(wl == board_wall(b, q, grid_dir_opposite(edges[k])));
                if (wl && grid_edge_owned(g, edges[k]))
                    owned++;
                else if (wl && !board_contains(b, q))
                    outline++;
            }
        }
    CHECK_INT(board_wall_count(b), owned + outline);
}

static Board *make(int w, int h, const uint32_t *col, const Grid *shape)
{
    int64_t n = (int64_t)w * h;
    uint8_t *px = xmalloc((size_t)n, 4);
    for (int64_t i = 0; i < n; i++) {
        px[i * 4] = (uint8_t)(col[i] >> 16), px[i * 4 + 1] = (uint8_t)(col[i] >> 8);
        px[i * 4 + 2] = (uint8_t)col[i], px[i * 4 + 3] = 255;
    }
    BoardSpec spec = {.width = w, .height = h, .rgba = px, .shape = shape};
    char err[256];
    Board *b = board_create(&spec, err, sizeof err);
    free(px);
    return b;
}

/* Random bitmaps: runs of one colour (structured: longer runs on wider
 * boards, and rows copied from the one above with a few changes, so that
 * the labeller's whole chunks are taken and mixed with hex-by-hex work). */
static void property_one(uint64_t seed, bool even, bool structured)
{
    uint64_t s = seed * 2654435761u + even + (structured ? 77 : 0);
    int w = 1 + (int)(rng_next(&s) % (structured ? 80 : 30)), h = 1 + (int)(rng_next(&s) % 30);
    int colours = 1 + (int)(rng_next(&s) % 5);
    int run = 1 + (int)(rng_next(&s) % (structured ? 40 : 6)); /* runs make bigger rooms */
    int copy_rate = structured ? (int)(rng_next(&s) % 100) : 0; /* percent of rows copied */
    static const uint32_t palette[] = {0x000000, 0xc3c3c3, 0xffffff, 0xff0000, 0x00ff00};
    int64_t n = (int64_t)w * h;
    uint32_t *col = xmalloc((size_t)n, sizeof *col);
    uint8_t *walk = xmalloc((size_t)n, 1);
    uint32_t c = 0;
    for (int64_t i = 0; i < n; i++) {
        if (i % run == 0)
            c = palette[rng_next(&s) % (uint32_t)colours];
        col[i] = c;
        if (i >= w && i % w == 0 && (int)(rng_next(&s) % 100) < copy_rate) {
            memcpy(col + i, col + i - w, (size_t)w * sizeof *col);
            col[i + rng_next(&s) % (uint32_t)w] = palette[rng_next(&s) % (uint32_t)colours];
            i += w - 1;
            c = col[i];
        }
    }
    for (int64_t i = 0; i < n; i++)
        walk[i] = col[i] != 0 && col[i] != 0xc3c3c3;
    Grid shape = grid_make(1, 1, GRID_HEX);
    shape.hex_even = even;
    Board *b = make(w, h, col, &shape);
    CHECK(b != NULL);
    if (!b)
        return;
    CHECK(board_grid(b)->topology == GRID_HEX && board_grid(b)->hex_even == even);
    int32_t *ref = xmalloc((size_t)n, sizeof *ref);
    int32_t rooms = reference_label(board_grid(b), col, walk, ref);
    CHECK_INT(board_room_count(b), rooms);
    int mismatches = 0;
    for (int64_t i = 0; i < n; i++)
        mismatches += board_room(b, grid_pos(board_grid(b), i)) != ref[i];
    if (mismatches)
        fprintf(stderr, "hex seed %llu even %d: %d hexes differ\n", (unsigned long long)seed,
                even, mismatches);
    CHECK_INT(mismatches, 0);
    /* room facts: sizes and first hexes */
    int64_t *count = xcalloc((size_t)rooms + 1, sizeof *count);
    for (int64_t i = 0; i < n; i++)
        count[ref[i] > 0 ? ref[i] : 0]++;
    for (int32_t r = 1; r <= rooms && r <= board_room_count(b); r++) {
        CHECK_INT(board_room_info(b, r)->squares, count[r]);
        BoardPos f = board_room_info(b, r)->first;
        CHECK_INT(board_room(b, f), r);
    }
    check_walls(b);
    board_destroy(b);
    free(count), free(col), free(walk), free(ref);
}

/* Hexes of one colour touching only through the row offset are one room:
 * (0,0) and (1,1) meet on odd-shifted rows only when (1,1)'s NW is (1,0)
 * ... here a diagonal line of one colour that squares would split. */
static void test_hex_diagonal_room(void)
{
    /* x: red, .: white. Rows 0..3, odd rows shifted right. */
    uint32_t col[4 * 4];
    for (int i = 0; i < 16; i++)
        col[i] = 0xffffff;
    /* (0,0) (0,1) (1,2) (1,3): a line down and to the right on hexes */
    col[0] = col[4] = col[9] = col[13] = 0xff0000;
    Grid hex = grid_make(1, 1, GRID_HEX);
    Board *b = make(4, 4, col, &hex);
    CHECK_INT(board_room(b, (BoardPos){0, 0}), board_room(b, (BoardPos){1, 3}));
    CHECK(board_wall(b, (BoardPos){0, 0}, GRID_DIR_EAST));
    CHECK(!board_wall(b, (BoardPos){0, 0}, GRID_DIR_SOUTHEAST));
    CHECK(board_wall(b, (BoardPos){0, 0}, GRID_DIR_NORTHWEST)); /* outline */
    board_destroy(b);
    Board *sq = make(4, 4, col, NULL);
    CHECK(board_room(sq, (BoardPos){0, 0}) != board_room(sq, (BoardPos){1, 3}));
    board_destroy(sq);
}

/* square8 boards: rooms stay 4-connected, walls on the four sides. */
static void test_square8_same_rooms(void)
{
    uint64_t s = 99;
    for (int t = 0; t < 200; t++) {
        int w = 1 + (int)(rng_next(&s) % 20), h = 1 + (int)(rng_next(&s) % 20);
        uint32_t *col = xmalloc((size_t)w * h, sizeof *col);
        for (int i = 0; i < w * h; i++)
            col[i] = rng_next(&s) % 3 ? 0xffffff : 0xff0000;
        Grid s8 = grid_make(1, 1, GRID_SQUARE8);
        grid_set_diagonal(&s8, 7, 5);
        Board *a = make(w, h, col, NULL), *b = make(w, h, col, &s8);
        CHECK(board_grid(b)->topology == GRID_SQUARE8 && board_grid(b)->diag_num == 7);
        CHECK_INT(board_room_count(a), board_room_count(b));
        CHECK_INT(board_wall_count(a), board_wall_count(b));
        for (int i = 0; i < w * h; i++) {
            BoardPos p = grid_pos(board_grid(a), i);
            CHECK_INT(board_room(a, p), board_room(b, p));
            for (int d = 0; d < 4; d++)
                CHECK(board_wall(a, p, (GridDir)d) == board_wall(b, p, (GridDir)d));
        }
        check_walls(b);
        board_destroy(a), board_destroy(b);
        free(col);
    }
}

/* The room limit names the hex that starts the room past it. */
static void test_hex_room_limit(void)
{
    uint32_t col[6] = {0xffffff, 0x000000, 0xffffff, 0x000000, 0xffffff, 0x000000};
    uint8_t px[24];
    for (int i = 0; i < 6; i++)
        px[i * 4] = px[i * 4 + 1] = px[i * 4 + 2] = (uint8_t)col[i], px[i * 4 + 3] = 255;
    Grid hex = grid_make(1, 1, GRID_HEX);
    BoardSpec spec = {.width = 6, .height = 1, .rgba = px, .max_rooms = 2, .shape = &hex};
    char err[256] = "";
    CHECK(board_create(&spec, err, sizeof err) == NULL);
    CHECK_STR_CONTAINS(err, "pixel (4,0) starts room 3");
}

/* The limit reached in a later row, past its first column: rows of
 * alternating white and black hexes, 6 rooms a row of 12 (rooms do not
 * touch: white hexes in the row above are never next to each other's). */
static void test_hex_room_limit_later_row(void)
{
    int w = 12, h = 4;
    uint8_t px[12 * 4 * 4];
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            uint8_t v = (uint8_t)(y % 2 == 0 && x % 2 == 0 ? 255 : 0);
            uint8_t *p = px + (y * w + x) * 4;
            p[0] = p[1] = p[2] = v, p[3] = 255;
        }
    Grid hex = grid_make(1, 1, GRID_HEX);
    BoardSpec spec = {.width = w, .height = h, .rgba = px, .max_rooms = 8, .shape = &hex};
    char err[256] = "";
    CHECK(board_create(&spec, err, sizeof err) == NULL);
    CHECK_STR_CONTAINS(err, "pixel (4,2) starts room 9");
}

int main(void)
{
    for (uint64_t seed = 1; seed <= 1500; seed++) {
        property_one(seed, false, false);
        property_one(seed, true, false);
    }
    for (uint64_t seed = 1; seed <= 1000; seed++) {
        property_one(seed, false, true);
        property_one(seed, true, true);
    }
    test_hex_diagonal_room();
    test_square8_same_rooms();
    test_hex_room_limit();
    test_hex_room_limit_later_row();
    return check_finish("board_hex");
}
