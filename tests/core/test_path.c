/* Breadth-first paths and reachable sets with a caller-given step rule. */
#include "check.h"
#include "core/path.h"
#include "core/rng.h"

/* A map: '#' wall, 'p' passable but no stopping, anything else free. */
typedef struct Map {
    const char *const *rows;
    int w, h;
} Map;

static PathStep step(void *ctx, BoardPos from, BoardPos to, GridDir dir)
{
    (void)from, (void)dir;
    const Map *m = ctx;
    char c = m->rows[to.y][to.x];
    return c == '#' ? PATH_STEP_NO : c == 'p' ? PATH_STEP_PASS : PATH_STEP_STOP;
}

static bool is_goal(void *ctx, BoardPos pos)
{
    const Map *m = ctx;
    return m->rows[pos.y][pos.x] == 'G';
}

/* Random maps: the two-sided mask search agrees with the one-sided
 * callback search on length, and its paths are legal step by step. */
static void random_maps(void)
{
    enum { W = 31, H = 17 };
    static char cells[H][W + 1];
    static const char *rows[H];
    Rng r = rng_make(5, 5);
    Grid g = grid_make(W, H, GRID_SQUARE4);
    PathFinder *pf = path_create(&g);
    BoardPos a[W * H], b[W * H];
    for (int map = 0; map < 40; map++) {
        for (int y = 0; y < H; y++) {
            for (int x = 0; x < W; x++) {
                uint32_t v = rng_below(&r, 100);
                cells[y][x] = v < 25 ? '#' : v < 30 ? 'p' : '.';
            }
            cells[y][W] = '\0';
            rows[y] = cells[y];
        }
        Map m = {rows, W, H};
        uint8_t mask[W * H] = {0};
        for (int y = 0; y < H; y++)
            for (int x = 0; x < W; x++) {
                for (int d = 0; d < 4; d++) {
                    BoardPos q = grid_step((BoardPos){x, y}, (GridDir)d);
                    if (grid_contains(&g, q) && step(&m, (BoardPos){x, y}, q, (GridDir)d))
                        mask[y * W + x] |= (uint8_t)(1u << d);
                }
                if (rows[y][x] == 'p')
                    mask[y * W + x] |= PATH_MASK_NO_STOP;
            }
        for (int q = 0; q < 60; q++) {
            BoardPos s = {(int)rng_below(&r, W), (int)rng_below(&r, H)};
            BoardPos t = {(int)rng_below(&r, W), (int)rng_below(&r, H)};
            int limit = rng_below(&r, 3) == 0 ? (int)rng_below(&r, 30) : -1;
            int la = path_find_mask(pf, s, t, limit, mask, a, W * H);
            int lb = path_find(pf, s, t, limit, step, &m, b, W * H);
            CHECK_INT(la, lb);
            BoardPos at = s;
            for (int k = 0; k < la; k++) {
                int d = grid_dir_between(at, a[k]);
                CHECK(d >= 0 && d < 4 && (mask[at.y * W + at.x] & (1u << d)));
                at = a[k];
            }
            CHECK(la <= 0 || grid_pos_equal(at, t));
        }
    }
    path_destroy(pf);
}

/* A goal for the nearest-square searches: squares whose x + y is a
 * multiple of 7 (ctx unused). */
static bool every_seventh(void *ctx, BoardPos pos)
{
    (void)ctx;
    return (pos.x + pos.y) % 7 == 0;
}

/* Random maps: the one-sided mask forms give exactly the callback forms'
 * answers (the same paths, ties included; the same reachable squares in
 * the same order with the same distances). */
static void mask_forms_agree(void)
{
    enum { W = 29, H = 19 };
    static char cells[H][W + 1];
    static const char *rows[H];
    Rng r = rng_make(11, 7);
    Grid g = grid_make(W, H, GRID_SQUARE4);
    PathFinder *pf = path_create(&g);
    BoardPos a[W * H], b[W * H], fa, fb;
    for (int map = 0; map < 40; map++) {
        for (int y = 0; y < H; y++) {
            for (int x = 0; x < W; x++) {
                uint32_t v = rng_below(&r, 100);
                cells[y][x] = v < 22 ? '#' : v < 32 ? 'p' : '.';
            }
            cells[y][W] = '\0';
            rows[y] = cells[y];
        }
        Map m = {rows, W, H};
        uint8_t mask[W * H] = {0};
        for (int y = 0; y < H; y++)
            for (int x = 0; x < W; x++) {
                for (int d = 0; d < 4; d++) {
                    BoardPos q = grid_step((BoardPos){x, y}, (GridDir)d);
                    if (grid_contains(&g, q) && step(&m, (BoardPos){x, y}, q, (GridDir)d))
                        mask[y * W + x] |= (uint8_t)(1u << d);
                }
                if (rows[y][x] == 'p')
                    mask[y * W + x] |= PATH_MASK_NO_STOP;
            }
        for (int q = 0; q < 40; q++) {
            BoardPos s = {(int)rng_below(&r, W), (int)rng_below(&r, H)};
            BoardPos t = {(int)rng_below(&r, W), (int)rng_below(&r, H)};
            int limit = rng_below(&r, 3) == 0 ? (int)rng_below(&r, 30) : -1;
            int la = path_find_mask_bfs(pf, s, t, limit, mask, a, W * H);
            int lb = path_find(pf, s, t, limit, step, &m, b, W * H);
            CHECK_INT(la, lb);
            for (int k = 0; k < la && k < lb; k++)
                CHECK(grid_pos_equal(a[k], b[k]));
            la = path_find_nearest_mask(pf, s, limit, mask, every_seventh, NULL, &fa, a, W * H);
            lb = path_find_nearest(pf, s, limit, step, every_seventh, &m, &fb, b, W * H);
            CHECK_INT(la, lb);
            CHECK(la < 0 || grid_pos_equal(fa, fb));
            for (int k = 0; k < la && k < lb; k++)
                CHECK(grid_pos_equal(a[k], b[k]));
            int64_t ca = path_reach_mask(pf, s, limit, mask);
            size_t na = path_reach_list(pf, a, W * H);
            int dist_a[W * H];
            for (int i = 0; i < W * H; i++)
                dist_a[i] = path_distance(pf, grid_pos(&g, i)) * 2 +
                            path_can_stop(pf, grid_pos(&g, i));
            int64_t cb = path_reach(pf, s, limit, step, &m);
            size_t nb = path_reach_list(pf, b, W * H);
            CHECK(ca == cb && na == nb);
            for (size_t k = 0; k < na && k < nb; k++)
                CHECK(grid_pos_equal(a[k], b[k]));
            for (int i = 0; i < W * H; i++)
                CHECK_INT(dist_a[i], path_distance(pf, grid_pos(&g, i)) * 2 +
                                         path_can_stop(pf, grid_pos(&g, i)));
        }
    }
    path_destroy(pf);
}

int main(void)
{
    random_maps();
    mask_forms_agree();
    static const char *const rows[] = {
        "S..#....",
        ".#.#.##.",
        ".#...#G.",
        ".####p#.",
        "......p.",
    };
    Map m = {rows, 8, 5};
    Grid g = grid_make(8, 5, GRID_SQUARE4);
    PathFinder *pf = path_create(&g);
    BoardPos out[64];

    /* Shortest path around the walls; squares after the start. */
    int len = path_find(pf, (BoardPos){0, 0}, (BoardPos){4, 2}, -1, step, &m, out, 64);
    CHECK_INT(len, 6);
    CHECK(grid_pos_equal(out[len - 1], (BoardPos){4, 2}));
    for (int i = 1; i < len; i++)
        CHECK_INT(grid_manhattan(out[i - 1], out[i]), 1);
    /* Too far for a limit, unreachable, onto a pass-only square, to itself. */
    CHECK_INT(path_find(pf, (BoardPos){0, 0}, (BoardPos){4, 2}, 5, step, &m, out, 64), -1);
    CHECK_INT(path_find(pf, (BoardPos){0, 0}, (BoardPos){3, 0}, -1, step, &m, out, 64), -1);
    CHECK_INT(path_find(pf, (BoardPos){0, 0}, (BoardPos){5, 3}, -1, step, &m, out, 64), -1);
    CHECK_INT(path_find(pf, (BoardPos){0, 0}, (BoardPos){0, 0}, -1, step, &m, out, 64), 0);
    /* Through pass-only squares to a free one beyond. */
    len = path_find(pf, (BoardPos){0, 4}, (BoardPos){7, 4}, -1, step, &m, out, 64);
    CHECK_INT(len, 7);

    /* Reachable within 2 steps from (0,0): (1,0), (2,0), (0,1), (0,2). */
    CHECK_INT(path_reach(pf, (BoardPos){0, 0}, 2, step, &m), 4);
    CHECK_INT(path_distance(pf, (BoardPos){2, 0}), 2);
    CHECK_INT(path_distance(pf, (BoardPos){2, 1}), -1);
    CHECK(path_can_stop(pf, (BoardPos){0, 2}));
    CHECK(!path_can_stop(pf, (BoardPos){0, 0}));
    CHECK_INT(path_reach_list(pf, out, 64), 4);
    /* The pass-only squares are reached but not listed. */
    path_reach(pf, (BoardPos){0, 4}, -1, step, &m);
    CHECK_INT(path_distance(pf, (BoardPos){5, 3}), 6);
    CHECK(!path_can_stop(pf, (BoardPos){5, 3}));

    /* Nearest goal. */
    BoardPos found;
    len = path_find_nearest(pf, (BoardPos){0, 0}, -1, step, is_goal, &m, &found, out, 2);
    CHECK(grid_pos_equal(found, (BoardPos){6, 2}));
    CHECK_INT(len, 14); /* round by the top row */
    CHECK_INT(grid_manhattan(out[0], (BoardPos){0, 0}), 1); /* only the first 2 written */

    /* Many queries reuse the buffers (generation marks, no clearing). */
    for (int i = 0; i < 1000; i++)
        CHECK_INT(path_find(pf, (BoardPos){0, 0}, (BoardPos){4, 2}, -1, step, &m, out, 64), 6);
    /* The mask form of the same rule gives the same lengths. */
    uint8_t mask[5 * 8] = {0};
    for (int y = 0; y < 5; y++)
        for (int x = 0; x < 8; x++) {
            for (int d = 0; d < 4; d++) {
                BoardPos q = grid_step((BoardPos){x, y}, (GridDir)d);
                if (grid_contains(&g, q) && step(&m, (BoardPos){x, y}, q, (GridDir)d) != PATH_STEP_NO)
                    mask[y * 8 + x] |= (uint8_t)(1u << d);
            }
            if (rows[y][x] == 'p')
                mask[y * 8 + x] |= PATH_MASK_NO_STOP;
        }
    for (int y = 0; y < 5; y++)
        for (int x = 0; x < 8; x++) {
            BoardPos goal = {x, y};
            for (int limit = -1; limit < 12; limit += 4)
                CHECK_INT(path_find_mask(pf, (BoardPos){0, 4}, goal, limit, mask, out, 64),
                          path_find(pf, (BoardPos){0, 4}, goal, limit, step, &m, out, 64));
        }
    CHECK_INT(path_distance(pf, (BoardPos){0, 4}), 0);
    path_find_mask(pf, (BoardPos){0, 4}, (BoardPos){7, 4}, -1, mask, out, 64);
    CHECK_INT(path_distance(pf, (BoardPos){0, 4}), -1);
    path_destroy(pf);
    path_destroy(NULL);
    return check_finish("path");
}
