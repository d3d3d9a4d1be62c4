/* Grid geometry: index <-> position, bounds, neighbours, edges, distances
 * and costs on the three topologies; distances against brute force. */
#include "check.h"
#include "core/grid.h"

#include <stdlib.h>

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

/* Odd rows shifted right: the hex (1,1) touches (1,0) and (2,0) above,
 * (1,2) and (2,2) below; (1,2) on an unshifted row touches (0,1), (1,1)
 * above. Even-shifted grids mirror it. */
static void test_hex_neighbours(void)
{
    Grid g = grid_make(5, 5, GRID_HEX);
    GridNeighbour n[GRID_MAX_NEIGHBOURS];
    CHECK_INT(grid_neighbours(&g, (BoardPos){1, 1}, n), 6);
    static const int want_odd[6][2] = {{2, 0}, {2, 1}, {2, 2}, {1, 2}, {0, 1}, {1, 0}};
    for (int k = 0; k < 6; k++)
        CHECK(n[k].pos.x == want_odd[k][0] && n[k].pos.y == want_odd[k][1]);
    CHECK(n[0].dir == GRID_DIR_NORTHEAST && n[5].dir == GRID_DIR_NORTHWEST);
    CHECK_INT(grid_neighbours(&g, (BoardPos){1, 2}, n), 6);
    static const int want_even[6][2] = {{1, 1}, {2, 2}, {1, 3}, {0, 3}, {0, 2}, {0, 1}};
    for (int k = 0; k < 6; k++)
        CHECK(n[k].pos.x == want_even[k][0] && n[k].pos.y == want_even[k][1]);
    CHECK_INT(grid_neighbours(&g, (BoardPos){0, 0}, n), 2); /* E and SE only */
    Grid e = g;
    e.hex_even = true;
    CHECK(grid_hex_shifted(&e, 0) && !grid_hex_shifted(&e, 1));
    CHECK_INT(grid_neighbours(&e, (BoardPos){1, 2}, n), 6);
    for (int k = 0; k < 6; k++)
        CHECK(n[k].pos.x == want_odd[k][0] && n[k].pos.y == want_odd[k][1] + 1);
    /* Edges: six, three of them owned; canonical names agree from both sides. */
    int count;
    grid_edge_dirs(&g, &count);
    CHECK_INT(count, 6);
    CHECK(!grid_is_edge(&g, GRID_DIR_NORTH) && grid_is_edge(&g, GRID_DIR_SOUTHWEST));
    CHECK(grid_edge_owned(&g, GRID_DIR_SOUTHWEST) && !grid_edge_owned(&g, GRID_DIR_NORTHEAST));
    const GridDir *dirs = grid_dirs(&g, &count);
    for (int y = 0; y < 5; y++)
        for (int x = 0; x < 5; x++)
            for (int k = 0; k < count; k++) {
                BoardPos p = {x, y}, q = grid_step(&g, p, dirs[k]), o1, o2;
                GridDir s1, s2;
                grid_edge_canonical(&g, p, dirs[k], &o1, &s1);
                grid_edge_canonical(&g, q, grid_dir_opposite(dirs[k]), &o2, &s2);
                CHECK(grid_pos_equal(o1, o2) && s1 == s2 && grid_edge_owned(&g, s1));
                CHECK(grid_pos_equal(grid_step(&g, q, grid_dir_opposite(dirs[k])), p));
                CHECK_INT(grid_dir_between(&g, p, q), dirs[k]);
            }
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
        BoardPos s = grid_step(&g8, a, (GridDir)d);
        CHECK_INT(grid_dir_between(&g8, a, s), d);
        CHECK_INT(grid_dir_between(&g, a, s), d < 4 ? d : -1);
        BoardPos back = grid_step(&g8, s, grid_dir_opposite((GridDir)d));
        CHECK(grid_pos_equal(back, a));
    }
    CHECK_INT(grid_dir_between(&g, a, b), -1);
    CHECK_INT(grid_dir_between(&g, a, a), -1);
    /* Ratios are reduced and range-checked. */
    CHECK(grid_set_diagonal(&g8, 14, 10));
    CHECK(g8.diag_num == 7 && g8.diag_den == 5);
    CHECK(!grid_set_diagonal(&g8, 0, 1) && !grid_set_diagonal(&g8, 101, 1));
    CHECK(g8.diag_num == 7 && g8.diag_den == 5);
    CHECK_INT(grid_cost_unit(&g8), 5);
    CHECK_INT(grid_step_cost(&g8, GRID_DIR_NORTHEAST), 7);
    CHECK_INT(grid_step_cost(&g8, GRID_DIR_WEST), 5);
    CHECK_INT(grid_cost_distance(&g8, a, b), 3 * 7 + 3 * 5);
    /* A diagonal dearer than two orthogonal steps is never worth it. */
    CHECK(grid_set_diagonal(&g8, 3, 1));
    CHECK_INT(grid_cost_distance(&g8, a, b), 9);
    CHECK_INT(grid_topology_from_name("hex"), GRID_HEX);
    CHECK_INT(grid_topology_from_name("square8"), GRID_SQUARE8);
    CHECK_INT(grid_topology_from_name("cube"), -1);
    CHECK_INT(grid_dir_from_name("sw"), GRID_DIR_SOUTHWEST);
}

/* Breadth-first step counts (and Dijkstra costs) over an empty grid are
 * what grid_distance and grid_cost_distance say, from random squares on
 * every topology, both hex offsets and several ratios. */
static void test_distance_brute_force(void)
{
    enum { W = 13, H = 11, N = W * H };
    static const int ratios[][2] = {{1, 1}, {3, 2}, {7, 5}, {2, 1}, {5, 2}};
    for (int t = 0; t < 4; t++) {
        for (int r = 0; r < 5; r++) {
            Grid g = grid_make(W, H, t == 3 ? GRID_HEX : (GridTopology)t);
            g.hex_even = t == 3 && r % 2;
            grid_set_diagonal(&g, ratios[r][0], ratios[r][1]);
            for (int start = 0; start < N; start += 7) {
                long long cost[N];
                int steps[N];
                for (int i = 0; i < N; i++)
                    cost[i] = -1, steps[i] = -1;
                cost[start] = 0;
                steps[start] = 0;
                /* plain Bellman-Ford relaxation: small and obviously right */
                for (bool changed = true; changed;) {
                    changed = false;
                    for (int i = 0; i < N; i++) {
                        if (cost[i] < 0)
                            continue;
                        GridNeighbour nb[GRID_MAX_NEIGHBOURS];
                        int n = grid_neighbours(&g, grid_pos(&g, i), nb);
                        for (int k = 0; k < n; k++) {
                            int j = (int)grid_index(&g, nb[k].pos);
                            long long c = cost[i] + grid_step_cost(&g, nb[k].dir);
                            if (cost[j] < 0 || c < cost[j])
                                cost[j] = c, changed = true;
                            if (steps[j] < 0 || steps[i] + 1 < steps[j])
                                steps[j] = steps[i] + 1, changed = true;
                        }
                    }
                }
                BoardPos s = grid_pos(&g, start);
                for (int i = 0; i < N; i++) {
                    CHECK_INT(grid_distance(&g, s, grid_pos(&g, i)), steps[i]);
                    CHECK_INT(grid_cost_distance(&g, s, grid_pos(&g, i)), cost[i]);
                }
            }
        }
    }
}

/* Cube coordinates: q + r + s = 0, back to the same hex, and neighbours
 * one apart. */
static void test_hex_cube(void)
{
    for (int even = 0; even < 2; even++) {
        Grid g = grid_make(9, 9, GRID_HEX);
        g.hex_even = even;
        for (int y = -3; y < 12; y++)
            for (int x = -3; x < 12; x++) {
                int q, r, s;
                grid_hex_cube(&g, (BoardPos){x, y}, &q, &r, &s);
                CHECK_INT(q + r + s, 0);
                BoardPos p = grid_hex_from_cube(&g, q, r);
                CHECK(p.x == x && p.y == y);
            }
    }
}

/* --topology's text: a ratio out of range is refused, never wrapped
 * (sscanf's %d read square8:4294967299/2 as 3/2, issue 26 item 5). */
static void test_parse_shape(void)
{
    Grid g;
    CHECK(grid_parse_shape("square8:3/2", &g) && g.topology == GRID_SQUARE8 && g.diag_num == 3 &&
          g.diag_den == 2);
    CHECK(grid_parse_shape("square8:100/1", &g) && g.diag_num == 100);
    CHECK(grid_parse_shape("hex:even", &g) && g.topology == GRID_HEX && g.hex_even);
    CHECK(!grid_parse_shape("square8:4294967299/2", &g));
    CHECK(!grid_parse_shape("square8:3/4294967298", &g));
    CHECK(!grid_parse_shape("square8:101/1", &g));
    CHECK(!grid_parse_shape("square8:0/1", &g));
    CHECK(!grid_parse_shape("square8:3/2x", &g));
    CHECK(!grid_parse_shape("square8: 3/2", &g));
    CHECK(!grid_parse_shape("square8:-3/2", &g));
    CHECK(!grid_parse_shape("hex:3/2", &g));
}

int main(void)
{
    test_parse_shape();
    test_index_roundtrip();
    test_bounds();
    test_neighbours();
    test_hex_neighbours();
    test_distance_and_dirs();
    test_distance_brute_force();
    test_hex_cube();
    return check_finish("grid");
}
