/* The rules on square8 and hex boards, through the game API: reachable
 * squares against plain references (octile costs with the ratio, cube
 * distance), movement points spent exactly in units of the ratio's
 * denominator, the square8 corner rule (walls, rock, figures), hex
 * adjacency for attacks, monsters moving within the same costs, and saves
 * replayed on both topologies. */
#include "mission_builder.h"

#include "rules/save.h"

static const char *const OPEN[] = {
    "aaaaaaaaa", "aaaaaaaaa", "aaaaaaaaa", "aaaaaaaaa", "aaaaaaaaa",
    "aaaaaaaaa", "aaaaaaaaa", "aaaaaaaaa", "aaaaaaaaa",
};

static Grid shape_of(GridTopology t, int num, int den)
{
    Grid s = grid_make(1, 1, t);
    if (t == GRID_SQUARE8)
        CHECK(grid_set_diagonal(&s, num, den));
    return s;
}

/* Octile cost in units: an orthogonal step den, a diagonal one num. */
static int octile(int dx, int dy, int num, int den)
{
    dx = abs(dx), dy = abs(dy);
    int lo = dx < dy ? dx : dy, hi = dx < dy ? dy : dx;
    return lo * (num < 2 * den ? num : 2 * den) + (hi - lo) * den;
}

static void test_square8_reach(void)
{
    static const int ratios[][2] = {{1, 1}, {3, 2}, {7, 5}, {2, 1}};
    for (int r = 0; r < 4; r++) {
        Grid s = shape_of(GRID_SQUARE8, ratios[r][0], ratios[r][1]);
        Mission *m = tm_create_shape(OPEN, 9, &s);
        tm_hero(m, "barbarian", 4, 4);
        Game *g = tm_game(m, 1);
        int num = s.diag_num, den = s.diag_den;
        CHECK_INT(game_move_unit(g), den);
        BoardPos out[128];
        for (int budget = 0; budget <= 5 * den; budget++) {
            int want = 0;
            for (int y = 0; y < 9; y++)
                for (int x = 0; x < 9; x++)
                    want += (x != 4 || y != 4) && octile(x - 4, y - 4, num, den) <= budget;
            CHECK_INT(game_reachable(g, 0, budget, out, 128), want);
        }
        /* a diagonal line is walked diagonally while that is cheaper */
        if (num < 2 * den)
            CHECK_INT(game_path(g, 0, (BoardPos){7, 7}, out, 16), 3);
        game_destroy(g);
        tm_destroy(m);
    }
}

/* Movement points: whole squares from the dice, spent in units of 1/den. */
static void test_square8_spent_exactly(void)
{
    Grid s = shape_of(GRID_SQUARE8, 3, 2);
    Mission *m = tm_create_shape(OPEN, 9, &s);
    tm_hero(m, "barbarian", 1, 1);
    Game *g = tm_game(m, 5);
    CHECK(tm_do(g, ACTION_ROLL, 0, -1, 0, 0, NULL));
    int left = game_move_left(g);
    /* every square the dice give is 2 units (a hero of the leaning nave
     * had 3 1/2 squares after rolling 7) */
    int dice[GAME_MAX_DICE], rolled = 0, count = game_move_dice(g, dice);
    for (int i = 0; i < count; i++)
        rolled += dice[i];
    CHECK(count > 0);
    CHECK_INT(left, 2 * rolled);
    CHECK(tm_do(g, ACTION_MOVE, 0, -1, 2, 2, NULL)); /* one diagonal: 3/2 */
    CHECK_INT(game_move_left(g), left - 3);
    char buf[32];
    game_format_move(g, game_move_left(g), buf, sizeof buf);
    CHECK_STR_CONTAINS(buf, "1/2");
    CHECK(tm_do(g, ACTION_MOVE, 0, -1, 3, 2, NULL)); /* one orthogonal: 1 */
    CHECK_INT(game_move_left(g), left - 5);
    CHECK(tm_do(g, ACTION_MOVE, 0, -1, 5, 4, NULL)); /* two diagonals: 3 */
    CHECK_INT(game_move_left(g), left - 11);
    /* not one unit more than is left */
    int units = game_move_left(g);
    BoardPos out[128];
    size_t n = game_reachable(g, 0, -1, out, 128);
    for (size_t i = 0; i < n; i++)
        CHECK(octile(out[i].x - 5, out[i].y - 4, 3, 2) <= units);
    game_destroy(g);
    tm_destroy(m);
}

/* No corner cutting: a diagonal step needs both squares it passes by free
 * of rock, walls, closed doors and figures, friends included. */
static void test_square8_corners(void)
{
    static const char *const rows[] = {
        "aaaabbb",
        "a#aabbb",
        "aaaabbb",
        "aaaabbb",
    };
    Grid s = shape_of(GRID_SQUARE8, 7, 5);
    Mission *m = tm_create_shape(rows, 4, &s);
    tm_hero(m, "barbarian", 0, 3);
    tm_hero(m, "dwarf", 1, 3);
    tm_monster(m, "og", "ogre", 3, 3);
    tm_door(m, 3, 0, GRID_DIR_EAST, DOOR_NORMAL);
    Game *g = tm_game(m, 1);
#define STEP(fx, fy, tx, ty) game_step_allowed(g, 0, (BoardPos){fx, fy}, (BoardPos){tx, ty})
    /* rock at (1,1) closes the diagonals passing by it */
    CHECK(!STEP(2, 1, 1, 0));
    CHECK(!STEP(2, 1, 1, 2));
    CHECK(!STEP(1, 0, 0, 1));
    CHECK(STEP(2, 2, 3, 1)); /* by (3,2) and (2,1): open */
    CHECK(STEP(2, 1, 3, 0));
    /* the wall between the rooms: no diagonal across it, even where the
     * door at (3,0) east lets a straight step through */
    CHECK(!STEP(3, 1, 4, 2));
    CHECK(!STEP(3, 1, 4, 0));
    CHECK(!STEP(3, 0, 4, 1));
    CHECK(STEP(3, 0, 4, 0));
    /* figures: the dwarf (a friend) at (1,3) and the ogre at (3,3) */
    CHECK(!STEP(0, 3, 1, 2)); /* by the dwarf */
    CHECK(!STEP(2, 3, 1, 2)); /* by the dwarf */
    CHECK(!STEP(2, 3, 3, 2)); /* by the ogre */
    CHECK(STEP(2, 1, 3, 2));  /* by (3,1) and (2,2): open */
    CHECK(STEP(0, 2, 1, 2));  /* straight steps pass by nothing */
#undef STEP
    /* adjacency for attacks follows the same corner rule */
    CHECK(game_adjacent(g, (BoardPos){2, 2}, (BoardPos){3, 3}));
    CHECK(!game_adjacent(g, (BoardPos){3, 1}, (BoardPos){4, 2}));
    game_destroy(g);
    tm_destroy(m);
}

/* Hex boards: reach against cube distance, the six neighbours are the
 * adjacent squares (for attacks too), walls on hex edges. */
static void test_hex(void)
{
    for (int even = 0; even < 2; even++) {
        Grid s = shape_of(GRID_HEX, 1, 1);
        s.hex_even = even;
        Mission *m = tm_create_shape(OPEN, 9, &s);
        tm_hero(m, "barbarian", 4, 4);
        Game *g = tm_game(m, 1);
        const Grid *grid = board_grid(m->board);
        CHECK_INT(game_move_unit(g), 1);
        BoardPos out[128];
        for (int k = 0; k <= 6; k++) {
            int want = 0;
            for (int y = 0; y < 9; y++)
                for (int x = 0; x < 9; x++)
                    want += (x != 4 || y != 4) && grid_distance(grid, (BoardPos){4, 4}, (BoardPos){x, y}) <= k;
            CHECK_INT(game_reachable(g, 0, k, out, 128), want);
        }
        CHECK_INT(game_reachable(g, 0, 1, out, 128), 6);
        CHECK_INT(game_reachable(g, 0, 2, out, 128), 18);
        for (int y = 2; y <= 6; y++)
            for (int x = 2; x <= 6; x++)
                CHECK(game_adjacent(g, (BoardPos){4, 4}, (BoardPos){x, y}) ==
                      (grid_distance(grid, (BoardPos){4, 4}, (BoardPos){x, y}) == 1));
        game_destroy(g);
        tm_destroy(m);
    }
    /* attacks: the south-east neighbour of (4,4) (an even row, odd rows
     * shifted) is (4,5); (5,5) is two hexes away */
    Grid s = shape_of(GRID_HEX, 1, 1);
    Mission *m = tm_create_shape(OPEN, 9, &s);
    tm_hero(m, "barbarian", 4, 4);
    tm_monster(m, "near", "ogre", 4, 5);
    tm_monster(m, "far", "ogre", 5, 5);
    Game *g = tm_game(m, 1);
    CHECK(!tm_do(g, ACTION_ATTACK, 0, 2, 0, 0, NULL));
    CHECK(tm_do(g, ACTION_ATTACK, 0, 1, 0, 0, NULL));
    game_destroy(g);
    tm_destroy(m);
    /* two rooms: a wall on every edge between them, a door on one */
    static const char *const rows[] = {
        "aaabbb",
        "aaabbb",
        "aaabbb",
    };
    m = tm_create_shape(rows, 3, &s);
    tm_hero(m, "barbarian", 0, 0);
    tm_door(m, 2, 1, GRID_DIR_EAST, DOOR_NORMAL);
    g = tm_game(m, 1);
    CHECK(!game_step_allowed(g, 0, (BoardPos){2, 0}, (BoardPos){3, 0}));
    CHECK(game_step_allowed(g, 0, (BoardPos){2, 0}, (BoardPos){2, 1}));
    CHECK(!game_step_allowed(g, 0, (BoardPos){2, 1}, (BoardPos){3, 0})); /* ne across the wall */
    CHECK(!game_step_allowed(g, 0, (BoardPos){2, 1}, (BoardPos){3, 2})); /* se across the wall */
    CHECK(game_step_allowed(g, 0, (BoardPos){2, 1}, (BoardPos){3, 1}));  /* the door */
    game_destroy(g);
    tm_destroy(m);
}

/* Monsters walk within the same costs: an orc (move 8) on a 3/2 board
 * ends within 8 squares' worth of units of where it stood. */
static void test_square8_monsters(void)
{
    static const char *const rows[] = {
        "aaaaaaaaaaaaaaaa", "aaaaaaaaaaaaaaaa", "aaaaaaaaaaaaaaaa", "aaaaaaaaaaaaaaaa",
        "aaaaaaaaaaaaaaaa", "aaaaaaaaaaaaaaaa", "aaaaaaaaaaaaaaaa", "aaaaaaaaaaaaaaaa",
        "aaaaaaaaaaaaaaaa", "aaaaaaaaaaaaaaaa", "aaaaaaaaaaaaaaaa", "aaaaaaaaaaaaaaaa",
        "aaaaaaaaaaaaaaaa", "aaaaaaaaaaaaaaaa", "aaaaaaaaaaaaaaaa", "aaaaaaaaaaaaaaaa",
    };
    Grid s = shape_of(GRID_SQUARE8, 3, 2);
    Mission *m = tm_create_shape(rows, 16, &s);
    tm_hero(m, "barbarian", 15, 15);
    tm_monster(m, "o", "orc", 0, 0);
    Game *g = tm_game(m, 3);
    CHECK(tm_do(g, ACTION_END, -1, -1, 0, 0, NULL));
    BoardPos at = game_piece(g, 1)->pos;
    int spent = octile(at.x, at.y, 3, 2);
    CHECK(spent > 0 && spent <= 8 * 2);
    /* it closed in as far as 8 squares allow: 5 diagonals (15 units) */
    CHECK_INT(spent, 15);
    CHECK(at.x == at.y);
    game_destroy(g);
    tm_destroy(m);
}

/* A save replays to the same game on both topologies. */
static void test_saves(void)
{
    for (int t = 0; t < 2; t++) {
        Grid s = shape_of(t ? GRID_HEX : GRID_SQUARE8, 7, 5);
        Mission *m = tm_create_shape(OPEN, 9, &s);
        tm_hero(m, "barbarian", 1, 1);
        tm_monster(m, "o", "orc", 7, 7);
        Game *g = tm_game(m, 11);
        CHECK(tm_do(g, ACTION_ROLL, 0, -1, 0, 0, NULL));
        CHECK(tm_do(g, ACTION_MOVE, 0, -1, 3, 3, NULL));
        int left = game_move_left(g);
        size_t size;
        char *text = save_format(g, "m.xml", &size), err[256];
        SaveData sd;
        CHECK(save_parse(text, size, &sd, err, sizeof err));
        Game *again = save_replay(m, &sd, err, sizeof err);
        CHECK(again != NULL);
        if (again) {
            CHECK(grid_pos_equal(game_piece(again, 0)->pos, (BoardPos){3, 3}));
            CHECK_INT(game_move_left(again), left);
            CHECK(game_rng_state(again) == game_rng_state(g));
            CHECK(tm_do(again, ACTION_END, -1, -1, 0, 0, NULL) && tm_do(g, ACTION_END, -1, -1, 0, 0, NULL));
            CHECK(grid_pos_equal(game_piece(again, 1)->pos, game_piece(g, 1)->pos));
        }
        game_destroy(again);
        save_data_free(&sd);
        free(text);
        game_destroy(g);
        tm_destroy(m);
    }
}

int main(void)
{
    test_square8_reach();
    test_square8_spent_exactly();
    test_square8_corners();
    test_square8_monsters();
    test_hex();
    test_saves();
    return check_finish("topology");
}
