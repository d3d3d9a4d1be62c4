/* Steps, passing friends but not enemies, the continuous move, doors
 * (closed, opened, locked, secret) and traps. */
#include "mission_builder.h"

static bool step_ok(const Game *g, int piece, int fx, int fy, int tx, int ty)
{
    return game_step_allowed(g, piece, (BoardPos){fx, fy}, (BoardPos){tx, ty});
}

static void test_step_rules(void)
{
    static const char *const rows[] = {
        "aaaaabbbb",
        "aaaaabbbb",
        "aa#aabbbb",
        "aaaaa.bbb",
    };
    Mission *m = tm_create(rows, 4);
    tm_hero(m, "barbarian", 0, 0);
    tm_hero(m, "dwarf", 1, 0);
    tm_monster(m, "o1", "orc", 3, 3);
    tm_monster(m, "og", "ogre", 1, 1);
    tm_door(m, 4, 0, GRID_DIR_EAST, DOOR_NORMAL);
    tm_furniture(m, "t", "table", 0, 3);
    tm_rubble(m, 1, 3);
    Game *g = tm_game(m, 1);
    CHECK(!step_ok(g, 0, 0, 0, -1, 0)); /* off the board */
    CHECK(!step_ok(g, 0, 4, 3, 5, 3));  /* a none square */
    CHECK(!step_ok(g, 0, 2, 1, 2, 2));  /* a blocked square */
    CHECK(!step_ok(g, 0, 4, 1, 5, 1));  /* a wall without a door */
    CHECK(step_ok(g, 0, 4, 0, 5, 0));   /* a closed door a hero opens */
    CHECK(!step_ok(g, 2, 4, 0, 5, 0));  /* ... but monsters do not */
    CHECK(!step_ok(g, 0, 0, 2, 0, 3));  /* furniture */
    CHECK(!step_ok(g, 0, 1, 2, 1, 3));  /* rubble */
    CHECK(!step_ok(g, 0, 2, 0, 1, 0));  /* a friend's square: no stopping */
    CHECK(!step_ok(g, 0, 3, 2, 3, 3));  /* an enemy's square */
    CHECK(step_ok(g, 0, 3, 1, 3, 2));   /* free floor */

    GameEvents ev;
    game_events_init(&ev);
    /* No move before the roll; the barbarian moves, acts, and may not move again. */
    CHECK(!tm_do(g, ACTION_MOVE, 0, -1, 0, 1, NULL));
    CHECK(tm_do(g, ACTION_ROLL, 0, -1, 0, 0, &ev));
    CHECK(!tm_do(g, ACTION_ROLL, 0, -1, 0, 0, NULL));
    int left = game_move_left(g);
    CHECK(left >= 6 && left <= 36);
    CHECK(tm_do(g, ACTION_MOVE, 0, -1, 0, 1, &ev));
    CHECK_INT(game_move_left(g), left - 1);
    CHECK(!tm_do(g, ACTION_MOVE, 1, -1, 0, 2, NULL)); /* not the dwarf's turn */
    CHECK(tm_do(g, ACTION_ATTACK, 0, 3, 0, 0, &ev));  /* the ogre next to it */
    CHECK(!tm_do(g, ACTION_ATTACK, 0, 3, 0, 0, NULL)); /* one action a turn */
    CHECK(!tm_do(g, ACTION_MOVE, 0, -1, 0, 2, NULL)); /* the move is over */
    CHECK(!game_can_move(g));
    CHECK(tm_do(g, ACTION_END, -1, -1, 0, 0, &ev));
    CHECK_INT(game_current(g), 1);
    /* The dwarf acts first, then moves in two parts (no action between),
     * through the closed door, which opens. */
    CHECK(tm_do(g, ACTION_ATTACK, 1, 3, 0, 0, &ev));
    CHECK(tm_do(g, ACTION_ROLL, 1, -1, 0, 0, &ev));
    CHECK(tm_do(g, ACTION_MOVE, 1, -1, 2, 0, &ev));
    CHECK(!game_door(g, 0)->open);
    game_events_clear(&ev);
    CHECK(tm_do(g, ACTION_MOVE, 1, -1, 6, 0, &ev));
    CHECK(game_door(g, 0)->open);
    CHECK_INT(tm_count(&ev, EVENT_DOOR_OPENED), 1);
    CHECK_INT(tm_count(&ev, EVENT_STEP), 4);
    CHECK(step_ok(g, 2, 4, 0, 5, 0)); /* an open door lets monsters through */
    game_events_free(&ev);
    game_destroy(g);
    tm_destroy(m);
}

/* A door written open="true" (a doorway) is open from the first turn:
 * monsters pass it and nobody needs to open it. */
static void test_open_from_start(void)
{
    static const char *const rows[] = {
        "aaaabbbb",
        "aaaabbbb",
    };
    Mission *m = tm_create(rows, 2);
    tm_hero(m, "barbarian", 0, 0);
    tm_monster(m, "o1", "orc", 7, 1);
    tm_door(m, 3, 0, GRID_DIR_EAST, DOOR_NORMAL);
    tm_door(m, 3, 1, GRID_DIR_EAST, DOOR_NORMAL);
    m->doors[0].open = true;
    Game *g = tm_game(m, 1);
    CHECK(game_door(g, 0)->open);
    CHECK(!game_door(g, 1)->open);
    CHECK(step_ok(g, 1, 4, 0, 3, 0));  /* the orc passes the doorway */
    CHECK(!step_ok(g, 1, 4, 1, 3, 1)); /* but not the closed door */
    game_destroy(g);
    tm_destroy(m);
}

static void test_pass_through(void)
{
    static const char *const rows[] = {"aaaaaaa"};
    Mission *m = tm_create(rows, 1);
    tm_hero(m, "barbarian", 0, 0);
    tm_hero(m, "dwarf", 1, 0);
    tm_monster(m, "", "orc", 3, 0);
    tm_monster(m, "", "goblin", 5, 0);
    Game *g = tm_game(m, 1);
    BoardPos path[16];
    CHECK_INT(game_path(g, 0, (BoardPos){2, 0}, path, 16), 2); /* through the dwarf */
    CHECK_INT(game_path(g, 0, (BoardPos){1, 0}, path, 16), -1); /* never onto it */
    CHECK_INT(game_path(g, 0, (BoardPos){4, 0}, path, 16), -1); /* never past the orc */
    CHECK_INT(game_path(g, 2, (BoardPos){6, 0}, path, 16), 3);  /* orc past the goblin */
    CHECK_INT(game_path(g, 3, (BoardPos){2, 0}, path, 16), 3);  /* goblin past the orc */
    CHECK_INT(game_path(g, 2, (BoardPos){0, 0}, path, 16), -1); /* never past heroes */
    CHECK(tm_do(g, ACTION_ROLL, 0, -1, 0, 0, NULL));
    CHECK(tm_do(g, ACTION_MOVE, 0, -1, 2, 0, NULL));
    CHECK_INT(game_piece_at(g, (BoardPos){1, 0}), 1);
    CHECK_INT(game_piece_at(g, (BoardPos){2, 0}), 0);
    CHECK_INT(game_piece_at(g, (BoardPos){0, 0}), -1);
    /* Reachable: only (0,0) back through the dwarf; the orc blocks the rest. */
    BoardPos r[16];
    CHECK_INT(game_reachable(g, 0, -1, r, 16), 1);
    game_destroy(g);
    tm_destroy(m);
}

/* A locked door opens with the item it names, not with any other. */
static void test_key_names_its_door(void)
{
    static const char *const rows[] = {"aab", "aab"};
    Mission *m = tm_create(rows, 2);
    tm_hero(m, "barbarian", 1, 0);
    tm_locked_door(m, 1, 0, GRID_DIR_EAST, 1);
    tm_treasure(m, "iron_key", TREASURE_ITEM, 0, 0, 0);
    tm_treasure(m, "vault_key", TREASURE_ITEM, 0, 2, 1);
    Game *g = tm_game(m, 1);
    CHECK(tm_do(g, ACTION_SEARCH_TREASURE, 0, -1, 0, 0, NULL));
    CHECK(game_treasure_found(g, 0) && !game_treasure_found(g, 1));
    Action open = {ACTION_OPEN, 0, -1, {2, 0}, -1, 0};
    char why[256] = "";
    CHECK(!game_apply(g, &open, NULL, why, sizeof why)); /* the wrong key */
    CHECK_STR_CONTAINS(why, "opens with treasure vault_key");
    CHECK(!game_door(g, 0)->open);
    game_destroy(g);
    tm_destroy(m);
}

static void test_locked_and_secret(void)
{
    static const char *const rows[] = {"aab", "aab"};
    Mission *m = tm_create(rows, 2);
    tm_hero(m, "barbarian", 1, 0);
    tm_hero(m, "dwarf", 1, 1);
    tm_locked_door(m, 1, 0, GRID_DIR_EAST, 0);
    tm_door(m, 1, 1, GRID_DIR_EAST, DOOR_SECRET);
    tm_treasure(m, "iron_key", TREASURE_ITEM, 0, 0, 0);
    Game *g = tm_game(m, 1);
    CHECK(!tm_do(g, ACTION_OPEN, 0, -1, 2, 0, NULL)); /* locked */
    CHECK(tm_do(g, ACTION_ROLL, 0, -1, 0, 0, NULL));
    CHECK(!tm_do(g, ACTION_MOVE, 0, -1, 2, 0, NULL));
    CHECK(!game_step_allowed(g, 0, (BoardPos){1, 1}, (BoardPos){2, 1})); /* secret: a wall */
    GameEvents ev;
    game_events_init(&ev);
    CHECK(tm_do(g, ACTION_SEARCH_TREASURE, 0, -1, 0, 0, &ev));
    CHECK_INT(tm_count(&ev, EVENT_FIND), 1);
    CHECK(game_treasure_found(g, 0));
    CHECK(tm_do(g, ACTION_OPEN, 0, -1, 2, 0, &ev)); /* the key opens it; free */
    CHECK(game_door(g, 0)->open);
    CHECK(tm_do(g, ACTION_END, -1, -1, 0, 0, NULL));
    CHECK(!tm_do(g, ACTION_OPEN, 1, -1, 2, 1, NULL)); /* no door known there */
    game_events_clear(&ev);
    CHECK(tm_do(g, ACTION_SEARCH_TRAPS, 1, -1, 0, 0, &ev));
    CHECK_INT(tm_count(&ev, EVENT_SECRET_DOOR_FOUND), 1);
    CHECK(game_door(g, 1)->found && !game_door(g, 1)->open);
    CHECK(tm_do(g, ACTION_OPEN, 1, -1, 2, 1, NULL));
    CHECK(game_door(g, 1)->open);
    CHECK(!tm_do(g, ACTION_OPEN, 1, -1, 2, 1, NULL)); /* already open */
    game_events_free(&ev);
    game_destroy(g);
    tm_destroy(m);
}

static void test_traps(void)
{
    static const char *const rows[] = {"aaaaaaaa", "aaaaaaaa"};
    Mission *m = tm_create(rows, 2);
    tm_hero(m, "barbarian", 0, 0);
    tm_hero(m, "dwarf", 0, 1);
    tm_trap(m, TRAP_PIT, 2, 0);
    tm_trap(m, TRAP_FALLING_BLOCK, 3, 1);
    Game *g = tm_game(m, 7);
    GameEvents ev;
    game_events_init(&ev);
    CHECK(tm_do(g, ACTION_ROLL, 0, -1, 0, 0, NULL));
    CHECK(tm_do(g, ACTION_MOVE, 0, -1, 5, 0, &ev));
    CHECK_INT(tm_count(&ev, EVENT_TRAP_SPRUNG), 1);
    const GamePiece *b = game_piece(g, 0);
    CHECK(b->pos.x == 2 && b->pos.y == 0); /* the pit ends the move */
    CHECK_INT(b->body, b->body_max - 1);
    /* the pit stays, open and known; the barbarian's turn is over */
    CHECK(!game_trap(g, 0)->gone && game_trap(g, 0)->sprung && game_trap(g, 0)->found);
    CHECK_INT(game_current(g), 1);
    game_events_clear(&ev);
    CHECK(tm_do(g, ACTION_ROLL, 1, -1, 0, 0, NULL));
    CHECK(tm_do(g, ACTION_MOVE, 1, -1, 3, 1, &ev));
    CHECK(game_square_rubble(g, (BoardPos){3, 1}));
    const GamePiece *d = game_piece(g, 1);
    CHECK(!d->alive || (d->pos.x == 2 && d->pos.y == 1)); /* pushed back */
    CHECK_INT(game_piece_at(g, (BoardPos){3, 1}), -1);
    CHECK(!game_step_allowed(g, 0, (BoardPos){3, 0}, (BoardPos){3, 1}));
    game_events_free(&ev);
    game_destroy(g);
    tm_destroy(m);
}

int main(void)
{
    test_step_rules();
    test_open_from_start();
    test_pass_through();
    test_locked_and_secret();
    test_key_names_its_door();
    test_traps();
    return check_finish("move");
}
