/* Sight and fog: walls, closed doors, figures and sight-blocking furniture
 * block; ordinary furniture does not; rooms are revealed whole, corridors
 * by line of sight. */
#include "mission_builder.h"

static bool revealed(const Game *g, int x, int y)
{
    return game_square_revealed(g, (BoardPos){x, y});
}

static bool los(const Game *g, int ax, int ay, int bx, int by)
{
    return game_line_of_sight(g, (BoardPos){ax, ay}, (BoardPos){bx, by});
}

/* Issue 10.13: lines through an exact corner. A line that only touches a
 * corner sees (US); where it passes exactly through the point where two
 * blockers meet, it is blocked only when both ways around are blocked
 * (docs/rules.md explains why not the pure touching reading). */
static void test_corners(void)
{
    static const char *const rows[] = {"aaaa", "aaaa", "aaab", "aabb"};
    Mission *m = tm_create(rows, 4);
    tm_hero(m, "barbarian", 0, 0);
    tm_hero(m, "dwarf", 1, 1);       /* diagonal to the barbarian */
    tm_monster(m, "", "ogre", 1, 0); /* one way around their corner */
    Game *g = tm_game(m, 1);
    /* Two figures diagonally placed: the line between them runs through
     * their shared corner, one way around is open: they see each other. */
    CHECK(los(g, 0, 0, 1, 1) && los(g, 1, 1, 0, 0));
    /* Both ways around blocked (the ogre and a second figure): closed. */
    tm_destroy(m);
    game_destroy(g);
    m = tm_create(rows, 4);
    tm_hero(m, "barbarian", 0, 0);
    tm_hero(m, "dwarf", 1, 1);
    tm_monster(m, "", "ogre", 1, 0);
    tm_monster(m, "", "ogre", 0, 1);
    g = tm_game(m, 1);
    CHECK(!los(g, 0, 0, 1, 1));
    /* Walls meeting at a corner: from inside room a at (2,2), the square
     * of room b diagonally past the corner of the walls is not seen. */
    CHECK(!los(g, 2, 2, 3, 3));
    game_destroy(g);
    tm_destroy(m);
}

int main(void)
{
    test_corners();
    static const char *const rows[] = {
        "cccccccccc",
        "caaaacbbbc",
        "caaaacbbbc",
        "cccccccccc",
    };
    Mission *m = tm_create(rows, 4);
    tm_corridor(m, 'c');
    tm_hero(m, "barbarian", 1, 0);
    tm_monster(m, "", "ogre", 4, 2); /* in room a, out of the door's line */
    tm_monster(m, "", "ogre", 7, 1); /* in room b */
    tm_monster(m, "", "ogre", 6, 0); /* in the corridor, in sight */
    tm_door(m, 1, 0, GRID_DIR_SOUTH, DOOR_NORMAL);
    tm_furniture(m, "t", "table", 8, 3);
    tm_furniture(m, "s", "screen", 0, 2);
    Game *g = tm_game(m, 1);

    /* Corridor: what is in line of sight, up to the ogre that blocks it. */
    CHECK(revealed(g, 0, 0) && revealed(g, 5, 0) && revealed(g, 6, 0));
    CHECK(game_piece(g, 3)->revealed);
    CHECK(!revealed(g, 8, 0)); /* behind the ogre */
    CHECK(!revealed(g, 2, 1)); /* behind the closed door */
    CHECK(!revealed(g, 9, 3));
    CHECK(!game_piece(g, 1)->revealed && !game_piece(g, 2)->revealed);

    CHECK(!los(g, 1, 0, 1, 1)); /* closed door */
    CHECK(!los(g, 1, 0, 1, 2));
    CHECK(!los(g, 2, 0, 2, 1)); /* wall */
    CHECK(!los(g, 5, 0, 7, 0)); /* a figure */
    CHECK(los(g, 9, 3, 7, 3)); /* past the table (furniture does not block) */
    CHECK(los(g, 9, 3, 6, 3));
    /* The screen stands where no hero has looked: not there for them. */
    CHECK(!revealed(g, 0, 2));
    CHECK(los(g, 0, 1, 0, 3));
    CHECK(los(g, 0, 0, 0, 1));

    /* Opening the door shows the whole room a, its ogre too. */
    GameEvents ev;
    game_events_init(&ev);
    CHECK(tm_do(g, ACTION_OPEN, 0, -1, 1, 1, &ev));
    CHECK(los(g, 1, 0, 1, 2));
    for (int y = 1; y <= 2; y++)
        for (int x = 1; x <= 4; x++)
            CHECK(revealed(g, x, y));
    CHECK(game_piece(g, 1)->revealed);
    CHECK(!los(g, 1, 0, 4, 2)); /* revealed although out of sight */
    CHECK_INT(tm_count(&ev, EVENT_REVEAL), 1);
    CHECK(!revealed(g, 7, 1) && !game_piece(g, 2)->revealed); /* room b stays hidden */
    /* Once seen, the screen blocks sight. */
    CHECK(tm_do(g, ACTION_ROLL, 0, -1, 0, 0, NULL));
    CHECK(tm_do(g, ACTION_MOVE, 0, -1, 0, 1, NULL));
    CHECK(revealed(g, 0, 2));
    CHECK(!los(g, 0, 1, 0, 3));
    game_events_free(&ev);
    game_destroy(g);
    tm_destroy(m);
    return check_finish("sight");
}
