/* The editor's rooms (src/edit/editrooms): after every change of some
 * squares, the incrementally relabelled rooms and walls equal those of a
 * board built from scratch from the same pixels, on the three topologies,
 * with palette overrides (a colour made rock, two colours in one area). */
#include "check.h"
#include "core/alloc.h"
#include "core/board.h"
#include "core/rng.h"
#include "edit/editrooms.h"

#include <stdint.h>
#include <stdlib.h>

/* A few colours, so that paints join and split rooms often. */
static const uint32_t COLOURS[] = {0x000000, 0xc3c3c3, 0xffffff, 0xa04040,
                                   0x4060a0, 0x40804a, 0x123456, 0x654321};
#define NCOLOURS (sizeof COLOURS / sizeof COLOURS[0])

static void set(uint8_t *rgba, int64_t i, uint32_t c, uint8_t alpha)
{
    rgba[i * 4] = (uint8_t)(c >> 16);
    rgba[i * 4 + 1] = (uint8_t)(c >> 8);
    rgba[i * 4 + 2] = (uint8_t)c;
    rgba[i * 4 + 3] = alpha;
}

static const BoardTypeOverride OVERRIDES[] = {
    {0x123456, SQUARE_BLOCKED, 0}, /* a colour made rock */
    {0xa04040, SQUARE_WALKABLE, 1}, /* two colours forming rooms together */
    {0x4060a0, SQUARE_WALKABLE, 1},
};

/* Everything editrooms answers equals what the board answers. */
static int compare(EditRooms *r, const Grid *g, const uint8_t *rgba, bool overrides)
{
    BoardSpec spec = {.width = g->width, .height = g->height, .rgba = rgba, .shape = g,
                      .overrides = overrides ? OVERRIDES : NULL, .override_count = overrides ? 3 : 0};
    char err[256];
    Board *b = board_create(&spec, err, sizeof err);
    CHECK(b != NULL);
    if (!b)
        return 1;
    int bad = 0;
    bad += editrooms_count(r) != board_room_count(b);
    int count;
    const GridDir *dirs = grid_edge_dirs(g, &count);
    for (int y = 0; y < g->height; y++)
        for (int x = 0; x < g->width; x++) {
            BoardPos p = {x, y};
            bad += editrooms_number(r, p) != board_room(b, p);
            bad += editrooms_type(r, p) != board_type(b, p);
            for (int k = 0; k < count; k++)
                bad += editrooms_wall(r, p, dirs[k]) != board_wall(b, p, dirs[k]);
            if (board_room(b, p) > 0)
                bad += editrooms_room_size(r, p) != board_room_info(b, board_room(b, p))->squares;
        }
    board_destroy(b);
    CHECK_INT(bad, 0);
    return bad;
}

static void random_edits(GridTopology topology, bool overrides, uint64_t seed)
{
    Rng rng = rng_make(seed, 7);
    Grid g = grid_make(41, 29, topology);
    int64_t n = grid_area(&g);
    uint8_t *rgba = xmalloc((size_t)n, 4);
    for (int64_t i = 0; i < n; i++)
        set(rgba, i, COLOURS[rng_below(&rng, 4)], 255);
    EditRooms *r = editrooms_create(&g, rgba, overrides ? OVERRIDES : NULL, overrides ? 3 : 0);
    compare(r, &g, rgba, overrides);
    int64_t *changed = xmalloc((size_t)n, sizeof *changed);
    for (int round = 0; round < 150; round++) {
        /* a rectangle, a single square or a transparent one */
        int x0 = (int)rng_below(&rng, (uint32_t)g.width), y0 = (int)rng_below(&rng, (uint32_t)g.height);
        int w = 1 + (int)rng_below(&rng, round % 3 ? 6 : 1), h = 1 + (int)rng_below(&rng, round % 3 ? 5 : 1);
        uint32_t c = COLOURS[rng_below(&rng, NCOLOURS)];
        uint8_t alpha = rng_below(&rng, 10) == 0 ? 0 : 255;
        size_t k = 0;
        for (int y = y0; y < y0 + h && y < g.height; y++)
            for (int x = x0; x < x0 + w && x < g.width; x++) {
                int64_t i = (int64_t)y * g.width + x;
                set(rgba, i, c, alpha);
                changed[k++] = i;
                if (round % 5 == 0)
                    changed[k++] = i; /* repeats are allowed */
            }
        editrooms_update(r, rgba, changed, k);
        if (compare(r, &g, rgba, overrides))
            break;
    }
    /* a relabel of everything with other overrides agrees too */
    editrooms_reset(r, &g, rgba, NULL, 0);
    compare(r, &g, rgba, false);
    free(changed);
    free(rgba);
    editrooms_destroy(r);
}

/* Splitting a room in two and joining it again: the work is the room's
 * size, not the board's. */
static void local_work(void)
{
    Grid g = grid_make(200, 200, GRID_SQUARE4);
    int64_t n = grid_area(&g);
    uint8_t *rgba = xmalloc((size_t)n, 4);
    for (int64_t i = 0; i < n; i++)
        set(rgba, i, (i % 200) < 10 && (i / 200) < 10 ? 0xa04040 : 0xffffff, 255);
    /* the 10x10 red room is walled off from the white by a black ring */
    for (int i = 0; i < 11; i++) {
        set(rgba, 10 * 200 + i, 0, 255);
        set(rgba, i * 200 + 10, 0, 255);
    }
    EditRooms *r = editrooms_create(&g, rgba, NULL, 0);
    int32_t rooms = editrooms_count(r);
    int64_t changed[10];
    for (int y = 0; y < 10; y++) {
        changed[y] = y * 200 + 5;
        set(rgba, changed[y], 0x4060a0, 255);
    }
    editrooms_update(r, rgba, changed, 10);
    CHECK_INT(editrooms_count(r), rooms + 2); /* red split in two, plus the blue wall */
    CHECK(editrooms_last_work(r) <= 100);
    CHECK(editrooms_wall(r, (BoardPos){4, 3}, GRID_DIR_EAST));
    CHECK(!editrooms_same_room(r, (BoardPos){0, 0}, (BoardPos){9, 9}));
    for (int y = 0; y < 10; y++)
        set(rgba, changed[y], 0xa04040, 255);
    editrooms_update(r, rgba, changed, 10);
    CHECK_INT(editrooms_count(r), rooms);
    CHECK(editrooms_same_room(r, (BoardPos){0, 0}, (BoardPos){9, 9}));
    compare(r, &g, rgba, false);
    free(rgba);
    editrooms_destroy(r);
}

/* Cutting a room with a line: the last square splits it in two, and the
 * smaller side is what is walked; a U-shaped room does not split. */
static void cuts(void)
{
    Grid g = grid_make(300, 40, GRID_SQUARE4);
    int64_t n = grid_area(&g);
    uint8_t *rgba = xmalloc((size_t)n, 4);
    for (int64_t i = 0; i < n; i++)
        set(rgba, i, 0xffffff, 255);
    EditRooms *r = editrooms_create(&g, rgba, NULL, 0);
    CHECK_INT(editrooms_count(r), 1);
    /* a wall of rock down column 20, painted from the top, square by square */
    int64_t work = 0;
    for (int y = 0; y < 40; y++) {
        int64_t i = (int64_t)y * 300 + 20;
        set(rgba, i, 0xc3c3c3, 255);
        editrooms_update(r, rgba, &i, 1);
        work += editrooms_last_work(r);
        CHECK_INT(editrooms_count(r), y < 39 ? 1 : 2);
    }
    /* the cut walked the small side (20x40), not the large one */
    CHECK(work < 20 * 40 * 2 + 200);
    CHECK_INT(editrooms_room_size(r, (BoardPos){0, 0}), 20 * 40);
    CHECK_INT(editrooms_room_size(r, (BoardPos){299, 0}), 279 * 40);
    compare(r, &g, rgba, false);
    /* a gap in the wall at the bottom joins them again (one walk of the smaller) */
    int64_t gap = 39 * 300 + 20;
    set(rgba, gap, 0xffffff, 255);
    editrooms_update(r, rgba, &gap, 1);
    CHECK_INT(editrooms_count(r), 1);
    CHECK(editrooms_last_work(r) < 20 * 40 + 10);
    /* closing the gap cuts it again */
    set(rgba, gap, 0x000000, 255);
    editrooms_update(r, rgba, &gap, 1);
    CHECK_INT(editrooms_count(r), 2);
    compare(r, &g, rgba, false);
    free(rgba);
    editrooms_destroy(r);
}

/* A one-square-wide loop of corridor around rock: taking one square out
 * leaves its two neighbours on different arcs, yet joined the long way
 * round, so the room is not cut. */
static void loop(void)
{
    Grid g = grid_make(12, 9, GRID_SQUARE4);
    int64_t n = grid_area(&g);
    uint8_t *rgba = xmalloc((size_t)n, 4);
    for (int64_t i = 0; i < n; i++) {
        int x = (int)(i % 12), y = (int)(i / 12);
        bool band = (x == 1 || x == 10 || y == 1 || y == 7) && x >= 1 && x <= 10 && y >= 1 && y <= 7;
        set(rgba, i, band ? 0xffffff : 0xc3c3c3, 255);
    }
    EditRooms *r = editrooms_create(&g, rgba, NULL, 0);
    CHECK_INT(editrooms_count(r), 1);
    int64_t i = 1 * 12 + 5;
    set(rgba, i, 0xc3c3c3, 255);
    editrooms_update(r, rgba, &i, 1);
    CHECK_INT(editrooms_count(r), 1);
    CHECK_INT(editrooms_room_size(r, (BoardPos){1, 1}), 29);
    compare(r, &g, rgba, false);
    /* a second cut does split it */
    i = 7 * 12 + 5;
    set(rgba, i, 0xc3c3c3, 255);
    editrooms_update(r, rgba, &i, 1);
    CHECK_INT(editrooms_count(r), 2);
    compare(r, &g, rgba, false);
    free(rgba);
    editrooms_destroy(r);
}

int main(void)
{
    for (uint64_t seed = 1; seed <= 4; seed++) {
        random_edits(GRID_SQUARE4, false, seed);
        random_edits(GRID_SQUARE8, true, seed);
        random_edits(GRID_HEX, seed % 2, seed);
    }
    local_work();
    cuts();
    loop();
    return check_finish("editrooms");
}
