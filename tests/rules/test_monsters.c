/* The monsters' turn: chase along a shortest path, attack when adjacent,
 * never through heroes or closed doors, hidden monsters wait, and the same
 * seed plays the same way. */
#include "mission_builder.h"

static void test_chase(void)
{
    static const char *const rows[] = {"aaaaaaaaaaaaaaaa", "aaaaaaaaaaaaaaaa"};
    Mission *m = tm_create(rows, 2);
    tm_hero(m, "barbarian", 0, 0);
    tm_monster(m, "", "orc", 6, 0);    /* 6 squares: reaches and attacks */
    tm_monster(m, "", "ogre", 15, 1);  /* move 4: only comes closer */
    Game *g = tm_game(m, 11);
    CHECK(game_piece(g, 1)->revealed && game_piece(g, 2)->revealed);
    GameEvents ev;
    game_events_init(&ev);
    CHECK(tm_do(g, ACTION_END, -1, -1, 0, 0, &ev));
    CHECK_INT(tm_count(&ev, EVENT_MONSTERS_TURN), 1);
    const GamePiece *orc = game_piece(g, 1), *ogre = game_piece(g, 2);
    /* The orc ends next to the barbarian (5 steps) and attacks it. */
    CHECK(orc->pos.x == 1 && orc->pos.y == 0);
    int orc_steps = 0, attacks = 0;
    for (size_t i = 0; i < ev.count; i++) {
        orc_steps += ev.items[i].kind == EVENT_STEP && ev.items[i].piece == 1;
        attacks += ev.items[i].kind == EVENT_ATTACK && ev.items[i].piece == 1;
    }
    CHECK_INT(orc_steps, 5);
    CHECK_INT(attacks, 1);
    /* The ogre moves its 4 squares toward the nearest free square by the hero. */
    CHECK_INT(grid_manhattan(ogre->pos, (BoardPos){15, 1}), 4);
    CHECK_INT(game_turn(g), 2);
    CHECK_INT(game_current(g), 0);
    game_events_free(&ev);
    game_destroy(g);
    tm_destroy(m);
}

static void test_blocked(void)
{
    /* The orc sees the barbarian over a table but every way round goes
     * through closed doors, which monsters do not open. */
    static const char *const rows[] = {"aaaaaaa", "bbbbbbb"};
    Mission *m = tm_create(rows, 2);
    tm_hero(m, "barbarian", 0, 0);
    tm_monster(m, "", "orc", 6, 0);
    tm_monster(m, "", "orc", 6, 1); /* behind a wall: never seen, never moves */
    tm_furniture(m, "t", "table", 3, 0);
    tm_door(m, 2, 0, GRID_DIR_SOUTH, DOOR_NORMAL);
    tm_door(m, 4, 0, GRID_DIR_SOUTH, DOOR_NORMAL);
    Game *g = tm_game(m, 1);
    CHECK(game_piece(g, 1)->revealed);
    CHECK(!game_piece(g, 2)->revealed);
    BoardPos path[32];
    CHECK(game_path(g, 0, (BoardPos){5, 0}, path, 32) > 0); /* heroes open doors */
    CHECK_INT(game_path(g, 1, (BoardPos){1, 0}, path, 32), -1);
    GameEvents ev;
    game_events_init(&ev);
    CHECK(tm_do(g, ACTION_END, -1, -1, 0, 0, &ev));
    CHECK_INT(tm_count(&ev, EVENT_STEP), 0);
    CHECK_INT(tm_count(&ev, EVENT_ATTACK), 0);
    CHECK(game_piece(g, 1)->pos.x == 6 && game_piece(g, 2)->pos.x == 6);
    game_events_free(&ev);
    game_destroy(g);
    tm_destroy(m);
}

static void test_no_passing_heroes(void)
{
    /* A corridor one square wide: the dwarf stands between the orc and the
     * barbarian; the orc goes for the dwarf, never past it. */
    static const char *const rows[] = {"aaaaaaaa"};
    Mission *m = tm_create(rows, 1);
    tm_hero(m, "barbarian", 0, 0);
    tm_hero(m, "dwarf", 2, 0);
    tm_monster(m, "", "goblin", 7, 0);
    Game *g = tm_game(m, 2);
    CHECK(tm_do(g, ACTION_END, -1, -1, 0, 0, NULL));
    CHECK(tm_do(g, ACTION_END, -1, -1, 0, 0, NULL));
    CHECK(game_piece(g, 2)->pos.x == 3);
    CHECK(game_piece(g, 0)->pos.x == 0);
    game_destroy(g);
    tm_destroy(m);
}

int main(void)
{
    test_chase();
    test_blocked();
    test_no_passing_heroes();
    return check_finish("monsters");
}
