/* Terrain costs: the palette's cost="N" makes entering a square of that
 * colour cost N movement points. Moves, reachable squares, paths and the
 * monsters' approach all pay it; a board without costs keeps unit steps. */
#include "mission_builder.h"

/* Open country as the wilds write it: 'a' grass (cost 1), 'f' forest
 * (cost 3), 'h' hills (cost 2), all of one palette area so no wall stands
 * between them; '#' rock. */
static Mission *country(const char *const *rows, int h)
{
    int w = (int)strlen(rows[0]);
    static const char letters[] = "afh";
    static const int costs[] = {1, 3, 2};
    BoardTypeOverride over[3];
    for (int i = 0; i < 3; i++)
        over[i] = (BoardTypeOverride){tm_colour(letters[i]), SQUARE_WALKABLE, 1};
    uint8_t *px = xmalloc((size_t)w * h, 4);
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            uint32_t c = tm_colour(rows[y][x]);
            uint8_t *p = px + ((size_t)y * w + x) * 4;
            p[0] = (uint8_t)(c >> 16), p[1] = (uint8_t)(c >> 8), p[2] = (uint8_t)c, p[3] = 255;
        }
    BoardSpec spec = {.width = w, .height = h, .rgba = px, .overrides = over, .override_count = 3};
    char err[256];
    Mission *m = xcalloc(1, sizeof *m);
    m->board = board_create(&spec, err, sizeof err);
    free(px);
    CHECK(m->board != NULL);
    m->catalogue = tm_catalogue();
    snprintf(m->id, sizeof m->id, "terrain");
    m->hash = 99;
    m->rules.hero_move_dice = 6;
    for (int i = 0; i < 3; i++) {
        MissionPaletteEntry *pe = TM_PUSH(m, palette, palette_count);
        memset(pe, 0, sizeof *pe);
        pe->rgb = tm_colour(letters[i]);
        snprintf(pe->area, sizeof pe->area, "country");
        pe->cost = costs[i];
    }
    return m;
}

static bool has(const BoardPos *list, size_t n, int x, int y)
{
    for (size_t i = 0; i < n; i++)
        if (list[i].x == x && list[i].y == y)
            return true;
    return false;
}

/* The per-square costs follow the colours; no cost anywhere gives NULL
 * (the rules keep to breadth-first search). */
static void test_square_costs(void)
{
    static const char *const rows[] = {"afh#"};
    Mission *m = country(rows, 1);
    uint8_t *c = mission_square_costs(m);
    CHECK(c != NULL);
    CHECK(c[0] == 1 && c[1] == 3 && c[2] == 2 && c[3] == 1);
    free(c);
    for (size_t i = 0; i < m->palette_count; i++)
        m->palette[i].cost = 1;
    CHECK(mission_square_costs(m) == NULL);
    tm_destroy(m);
}

/* Reachable squares and paths pay the terrain: the path goes round the
 * forest when that is cheaper, through it when it is not. */
static void test_paths(void)
{
    static const char *const rows[] = {
        "afffa",
        "aaaaa",
    };
    Mission *m = country(rows, 2);
    tm_hero(m, "barbarian", 0, 0);
    Game *g = tm_game(m, 3);
    CHECK_INT(game_square_cost(g, (BoardPos){1, 0}), 3);
    CHECK_INT(game_square_cost(g, (BoardPos){2, 1}), 1);
    CHECK_INT(game_square_cost(g, (BoardPos){-1, 0}), 1);
    BoardPos path[16];
    /* straight through three forests costs 10, round them 6 */
    int len = game_path(g, 0, (BoardPos){4, 0}, path, 16);
    CHECK_INT(len, 6);
    CHECK(path[0].x == 0 && path[0].y == 1);
    CHECK(path[5].x == 4 && path[5].y == 0);
    /* within 3 points: the forest next door (3) and grass (1, 2, 3) */
    BoardPos reach[16];
    size_t n = game_reachable(g, 0, 3, reach, 16);
    CHECK(has(reach, n, 1, 0));
    CHECK(has(reach, n, 0, 1) && has(reach, n, 1, 1) && has(reach, n, 2, 1));
    CHECK(!has(reach, n, 2, 0) && !has(reach, n, 3, 1));
    CHECK_INT((int)n, 4);
    game_destroy(g);
    tm_destroy(m);
}

/* A move spends the terrain's cost from the movement rolled, and a goal
 * dearer than what is left is refused. */
static void test_move_spends(void)
{
    static const char *const rows[] = {"afhaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"};
    Mission *m = country(rows, 1);
    tm_hero(m, "barbarian", 0, 0);
    Game *g = tm_game(m, 5);
    CHECK(tm_do(g, ACTION_ROLL, 0, -1, 0, 0, NULL));
    int left = game_move_left(g);
    CHECK(tm_do(g, ACTION_MOVE, 0, -1, 1, 0, NULL));
    CHECK_INT(game_move_left(g), left - 3);
    CHECK(tm_do(g, ACTION_MOVE, 0, -1, 2, 0, NULL));
    CHECK_INT(game_move_left(g), left - 5);
    left -= 5;
    /* grass from here: exactly `left` squares further, not one more */
    CHECK(!tm_do(g, ACTION_MOVE, 0, -1, 2 + left + 1, 0, NULL));
    CHECK(tm_do(g, ACTION_MOVE, 0, -1, 2 + left, 0, NULL));
    CHECK_INT(game_move_left(g), 0);
    game_destroy(g);
    tm_destroy(m);
}

/* The monsters' approach pays it too: an ogre (4 points) facing forest
 * gets one square nearer, on grass it would walk four. */
static void test_monster_pays(void)
{
    static const char *const forest[] = {"aaffffa"};
    static const char *const grass[] = {"aaaaaaa"};
    const char *const *boards[] = {forest, grass};
    const int expect_x[] = {5, 2};
    for (int k = 0; k < 2; k++) {
        Mission *m = country(boards[k], 1);
        tm_hero(m, "barbarian", 0, 0);
        tm_monster(m, "og", "ogre", 6, 0);
        Game *g = tm_game(m, 7);
        CHECK(tm_do(g, ACTION_END, -1, -1, 0, 0, NULL));
        const GamePiece *ogre = game_piece(g, 1);
        CHECK_INT(ogre->pos.x, expect_x[k]);
        game_destroy(g);
        tm_destroy(m);
    }
}

/* Clones keep the costs (the bot and analysis play on clones). */
static void test_clone(void)
{
    static const char *const rows[] = {"afa"};
    Mission *m = country(rows, 1);
    tm_hero(m, "barbarian", 0, 0);
    Game *g = tm_game(m, 1);
    Game *c = game_clone(g);
    game_destroy(g);
    CHECK_INT(game_square_cost(c, (BoardPos){1, 0}), 3);
    game_destroy(c);
    tm_destroy(m);
}

/* A palette without costs: every square costs one, steps are counted. */
static void test_no_costs(void)
{
    static const char *const rows[] = {"aaaa", "aaaa"};
    Mission *m = tm_create(rows, 2);
    tm_corridor(m, 'a');
    tm_hero(m, "barbarian", 0, 0);
    CHECK(mission_square_costs(m) == NULL);
    Game *g = tm_game(m, 1);
    CHECK_INT(game_square_cost(g, (BoardPos){3, 1}), 1);
    BoardPos path[8];
    CHECK_INT(game_path(g, 0, (BoardPos){3, 1}, path, 8), 4);
    game_destroy(g);
    tm_destroy(m);
}

int main(void)
{
    test_no_costs();
    test_square_costs();
    test_paths();
    test_move_spends();
    test_monster_pays();
    test_clone();
    return check_finish("terrain");
}
