/* Every objective kind, victory, and defeat by death, by leaving without
 * the quest and by the turn limit. */
#include "mission_builder.h"

static const char *const ROWS[] = {"aaaab", "aaaab"};

static Mission *base(ObjectiveKind kind, const char *target, int x, int y)
{
    Mission *m = tm_create(ROWS, 2);
    tm_hero(m, "champion", 0, 0);
    tm_hero(m, "dwarf", 0, 1);
    tm_door(m, 3, 0, GRID_DIR_EAST, DOOR_NORMAL);
    tm_objective(m, kind, target, x, y);
    return m;
}

static void test_kill(void)
{
    bool won = false;
    for (int seed = 1; seed < 40 && !won; seed++) {
        Mission *m = base(OBJECTIVE_KILL, "boss", 0, 0);
        tm_monster(m, "boss", "goblin", 1, 0);
        Game *g = tm_game(m, (uint64_t)seed);
        GameEvents ev;
        game_events_init(&ev);
        CHECK(tm_do(g, ACTION_ATTACK, 0, 2, 0, 0, &ev));
        if (!game_piece(g, 2)->alive) {
            won = true;
            CHECK(game_objective_met(g, 0));
            CHECK_INT(game_objective_by(g, 0), 0); /* the champion killed it */
            CHECK_INT(game_status(g), GAME_STATUS_VICTORY);
            CHECK_INT(tm_count(&ev, EVENT_OBJECTIVE_MET), 1);
            CHECK_INT(tm_count(&ev, EVENT_VICTORY), 1);
            CHECK_INT(game_current(g), -1);
            CHECK(!tm_do(g, ACTION_END, -1, -1, 0, 0, NULL)); /* over */
        }
        game_events_free(&ev);
        game_destroy(g);
        tm_destroy(m);
    }
    CHECK(won);
}

static void test_reach(ObjectiveKind kind, int x, int y, int goal_x, int goal_y)
{
    Mission *m = base(kind, "", x, y);
    Game *g = tm_game(m, 1);
    CHECK(tm_do(g, ACTION_ROLL, 0, -1, 0, 0, NULL));
    CHECK_INT(game_objective_by(g, 0), -1);
    CHECK(tm_do(g, ACTION_MOVE, 0, -1, goal_x, goal_y, NULL));
    CHECK(game_objective_met(g, 0));
    CHECK_INT(game_objective_by(g, 0), 0);
    CHECK_INT(game_status(g), GAME_STATUS_VICTORY);
    game_destroy(g);
    tm_destroy(m);
}

static void test_find_item(void)
{
    Mission *m = base(OBJECTIVE_FIND_ITEM, "crown", 0, 0);
    tm_treasure(m, "crown", TREASURE_ITEM, 0, 1, 1);
    Game *g = tm_game(m, 1);
    CHECK_INT(game_status(g), GAME_STATUS_PLAYING);
    CHECK(tm_do(g, ACTION_SEARCH_TREASURE, 0, -1, 0, 0, NULL));
    CHECK_INT(game_status(g), GAME_STATUS_VICTORY);
    game_destroy(g);
    tm_destroy(m);
}

static void test_escape(bool with_quest)
{
    Mission *m = base(OBJECTIVE_ESCAPE, "", 0, 0);
    if (!with_quest) {
        /* A second objective nobody meets: leaving is then a defeat. */
        tm_objective(m, OBJECTIVE_REACH_SQUARE, "", 4, 1);
    }
    tm_furniture(m, "stairs", "stairway", 0, 0);
    tm_exit(m, 0, 1);
    Game *g = tm_game(m, 1);
    CHECK(game_square_exit(g, (BoardPos){0, 0}) && game_square_exit(g, (BoardPos){0, 1}));
    CHECK(tm_do(g, ACTION_LEAVE, 0, -1, 0, 0, NULL));
    CHECK(game_piece(g, 0)->escaped);
    CHECK_INT(game_piece_at(g, (BoardPos){0, 0}), -1);
    CHECK_INT(game_status(g), GAME_STATUS_PLAYING);
    CHECK_INT(game_current(g), 1);
    CHECK(tm_do(g, ACTION_LEAVE, 1, -1, 0, 0, NULL));
    CHECK_INT(game_status(g), with_quest ? GAME_STATUS_VICTORY : GAME_STATUS_DEFEAT);
    game_destroy(g);
    tm_destroy(m);
    /* Not from an ordinary square. */
    m = base(OBJECTIVE_ESCAPE, "", 0, 0);
    g = tm_game(m, 1);
    CHECK(!tm_do(g, ACTION_LEAVE, 0, -1, 0, 0, NULL));
    game_destroy(g);
    tm_destroy(m);
}

/* Issue 25, item 4: leaving in the last round of a turn limit wins in
 * that round, as reaching a square does. The last hero's leave used to
 * play a monsters' turn and start round 2 first, so the escape was won
 * in round 2 of a 1-round quest. */
static void test_escape_at_limit(void)
{
    Mission *m = base(OBJECTIVE_ESCAPE, "", 0, 0);
    m->rules.turn_limit = 1;
    tm_monster(m, "", "goblin", 4, 1); /* behind the door, someone to play a turn */
    tm_exit(m, 0, 0);
    tm_exit(m, 0, 1);
    Game *g = tm_game(m, 1);
    GameEvents ev;
    game_events_init(&ev);
    CHECK(tm_do(g, ACTION_LEAVE, 0, -1, 0, 0, &ev));
    CHECK(tm_do(g, ACTION_LEAVE, 1, -1, 0, 0, &ev));
    CHECK_INT(game_status(g), GAME_STATUS_VICTORY);
    CHECK_INT(game_turn(g), 1);
    CHECK_INT(tm_count(&ev, EVENT_MONSTERS_TURN), 0);
    CHECK_INT(game_current(g), -1);
    game_destroy(g);
    /* leaving with the quest unmet is a defeat in that round too */
    tm_objective(m, OBJECTIVE_REACH_SQUARE, "", 2, 1);
    g = tm_game(m, 1);
    CHECK(tm_do(g, ACTION_LEAVE, 0, -1, 0, 0, NULL));
    CHECK(tm_do(g, ACTION_LEAVE, 1, -1, 0, 0, NULL));
    CHECK_INT(game_status(g), GAME_STATUS_DEFEAT);
    CHECK_INT(game_defeat(g), GAME_DEFEAT_OBJECTIVE_UNMET);
    CHECK_INT(game_turn(g), 1);
    game_events_free(&ev);
    game_destroy(g);
    tm_destroy(m);
}

static void test_defeat(void)
{
    /* Every hero dead. */
    bool lost = false;
    for (int seed = 1; seed < 60 && !lost; seed++) {
        Mission *m = tm_create(ROWS, 2);
        tm_hero(m, "wizard", 0, 0);
        tm_monster(m, "", "titan", 1, 0);
        tm_objective(m, OBJECTIVE_REACH_SQUARE, "", 3, 1);
        Game *g = tm_game(m, (uint64_t)seed);
        GameEvents ev;
        game_events_init(&ev);
        CHECK(tm_do(g, ACTION_END, -1, -1, 0, 0, &ev));
        if (game_status(g) == GAME_STATUS_DEFEAT) {
            lost = true;
            CHECK_INT(game_defeat(g), GAME_DEFEAT_PARTY_KILLED);
            CHECK(!game_piece(g, 0)->alive);
            CHECK_INT(tm_count(&ev, EVENT_DEFEAT), 1);
            CHECK_INT(game_current(g), -1);
        } else {
            CHECK(game_piece(g, 0)->alive);
        }
        game_events_free(&ev);
        game_destroy(g);
        tm_destroy(m);
    }
    CHECK(lost);
    /* The turn limit. */
    Mission *m = base(OBJECTIVE_REACH_SQUARE, "", 4, 1);
    m->rules.turn_limit = 2;
    Game *g = tm_game(m, 1);
    for (int i = 0; i < 3; i++)
        CHECK(tm_do(g, ACTION_END, -1, -1, 0, 0, NULL));
    CHECK_INT(game_status(g), GAME_STATUS_PLAYING);
    CHECK_INT(game_turn(g), 2);
    CHECK_INT(game_defeat(g), GAME_DEFEAT_NONE);
    CHECK(tm_do(g, ACTION_END, -1, -1, 0, 0, NULL));
    CHECK_INT(game_status(g), GAME_STATUS_DEFEAT);
    CHECK_INT(game_defeat(g), GAME_DEFEAT_TURN_LIMIT);
    game_destroy(g);
    tm_destroy(m);
}

int main(void)
{
    test_kill();
    test_reach(OBJECTIVE_REACH_SQUARE, 2, 1, 2, 1);
    test_reach(OBJECTIVE_REACH_ROOM, 4, 0, 4, 1); /* through the door into room b */
    test_find_item();
    test_escape(true);
    test_escape(false);
    test_escape_at_limit();
    test_defeat();
    return check_finish("objectives");
}
