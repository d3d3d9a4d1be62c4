/* Grid geometry: index <-> position, bounds, neighbours, distances. */
#include "check.h"
#include "core/grid.h"

static void test_index_roundtrip(void)
{
    Grid g = grid_make(7, 5, GRID_SQUARE4);
    CHECK_INT(grid_area(&g), 35);
    for (int64_t i = 0; i < grid_area(&g); i++) {
        BoardPos p = grid_pos(&g, i);
        CHECK_INT(grid_index(&g, p), i);
    }
    CHECK_INT(grid_index(&g, (BoardPos){3, 2}), 17);
    BoardPos p = grid_pos(&g, 34);
    CHECK(p.x == 6 && p.y == 4);
}

static void test_bounds(void)
{
    Grid g = grid_make(3, 2, GRID_SQUARE4);
    CHECK(grid_contains(&g, (BoardPos){0, 0}));
    CHECK(grid_contains(&g, (BoardPos){2, 1}));
    CHECK(!grid_contains(&g, (BoardPos){3, 0}));
    CHECK(!grid_contains(&g, (BoardPos){0, 2}));
    CHECK(!grid_contains(&g, (BoardPos){-1, 0}));
    CHECK(!grid_contains(&g, (BoardPos){0, -1}));
}

static void test_neighbours(void)
{
    Grid g = grid_make(3, 3, GRID_SQUARE4);
    GridNeighbour n[GRID_MAX_NEIGHBOURS];
    CHECK_INT(grid_neighbours(&g, (BoardPos){1, 1}, n), 4);
    CHECK(n[0].dir == GRID_DIR_NORTH && n[0].pos.x == 1 && n[0].pos.y == 0);
    CHECK(n[1].dir == GRID_DIR_EAST && n[1].pos.x == 2 && n[1].pos.y == 1);
    CHECK(n[2].dir == GRID_DIR_SOUTH && n[2].pos.x == 1 && n[2].pos.y == 2);
    CHECK(n[3].dir == GRID_DIR_WEST && n[3].pos.x == 0 && n[3].pos.y == 1);
    CHECK_INT(grid_neighbours(&g, (BoardPos){0, 0}, n), 2);
    CHECK_INT(grid_neighbours(&g, (BoardPos){2, 1}, n), 3);
    Grid g8 = grid_make(3, 3, GRID_SQUARE8);
    CHECK_INT(grid_neighbours(&g8, (BoardPos){1, 1}, n), 8);
    CHECK_INT(grid_neighbours(&g8, (BoardPos){0, 0}, n), 3);
    Grid g1 = grid_make(1, 1, GRID_SQUARE4);
    CHECK_INT(grid_neighbours(&g1, (BoardPos){0, 0}, n), 0);
}

static void test_distance_and_dirs(void)
{
    Grid g = grid_make(10, 10, GRID_SQUARE4);
    Grid g8 = grid_make(10, 10, GRID_SQUARE8);
    BoardPos a = {1, 2}, b = {4, 8};
    CHECK_INT(grid_distance(&g, a, b), 9);
    CHECK_INT(grid_manhattan(b, a), 9);
    CHECK_INT(grid_distance(&g8, a, b), 6);
    CHECK_INT(grid_distance(&g, a, a), 0);
    for (int d = 0; d < GRID_DIR_COUNT; d++) {
        BoardPos s = grid_step(a, (GridDir)d);
        CHECK_INT(grid_dir_between(a, s), d);
        BoardPos back = grid_step(s, grid_dir_opposite((GridDir)d));
        CHECK(grid_pos_equal(back, a));
    }
    CHECK_INT(grid_dir_between(a, b), -1);
    CHECK_INT(grid_dir_between(a, a), -1);
}

int main(void)
{
    test_index_roundtrip();
    test_bounds();
    test_neighbours();
    test_distance_and_dirs();
    return check_finish("grid");
}
