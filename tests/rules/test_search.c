/* Searching: the mission's treasure, the treasure deck, once per hero,
 * rooms only, not with a monster in sight; traps found and disarmed;
 * wandering monsters. */
#include "mission_builder.h"

static void test_treasure(void)
{
    static const char *const rows[] = {"aaab", "aaab"};
    Mission *m = tm_create(rows, 2);
    tm_hero(m, "barbarian", 0, 0);
    tm_hero(m, "dwarf", 0, 1);
    tm_treasure(m, "purse", TREASURE_GOLD, 30, 1, 1);
    tm_treasure(m, "flask", TREASURE_POTION, 2, 1, 1);
    Game *g = tm_game(m, 3);
    GameEvents ev;
    game_events_init(&ev);
    CHECK(tm_do(g, ACTION_SEARCH_TREASURE, 0, -1, 0, 0, &ev));
    CHECK_INT(tm_count(&ev, EVENT_FIND), 2); /* the first searcher finds all */
    CHECK_INT(game_piece(g, 0)->gold, 30);
    CHECK(game_treasure_found(g, 0) && game_treasure_found(g, 1));
    CHECK(!tm_do(g, ACTION_SEARCH_TRAPS, 0, -1, 0, 0, NULL)); /* one action */
    CHECK(tm_do(g, ACTION_END, -1, -1, 0, 0, NULL));
    game_events_clear(&ev);
    CHECK(tm_do(g, ACTION_SEARCH_TREASURE, 1, -1, 0, 0, &ev));
    CHECK_INT(tm_count(&ev, EVENT_FIND), 0);
    CHECK_INT(tm_count(&ev, EVENT_NOTHING_FOUND), 1);
    CHECK(tm_do(g, ACTION_END, -1, -1, 0, 0, NULL)); /* monsters' turn: none */
    CHECK_INT(game_turn(g), 2);
    /* Once per hero and room. */
    CHECK(!tm_do(g, ACTION_SEARCH_TREASURE, 0, -1, 0, 0, NULL));
    CHECK(tm_do(g, ACTION_SEARCH_TRAPS, 0, -1, 0, 0, NULL));
    game_events_free(&ev);
    game_destroy(g);
    tm_destroy(m);
}

static void test_deck_and_rules(void)
{
    /* A winding corridor 'c' (less than half its box) and two rooms. */
    static const char *const rows[] = {
        "cccccc",
        "caabbc",
        "caabbc",
        "cccccc",
    };
    Mission *m = tm_create(rows, 4);
    tm_corridor(m, 'c');
    tm_hero(m, "barbarian", 1, 1);
    tm_hero(m, "dwarf", 0, 0);
    tm_hero(m, "elf", 3, 1);
    tm_monster(m, "", "ogre", 4, 2); /* next to the elf in room b */
    Game *g = tm_game(m, 5);
    GameEvents ev;
    game_events_init(&ev);
    /* No mission treasure in room a: the deck's one card (10 gold, kept). */
    CHECK(tm_do(g, ACTION_SEARCH_TREASURE, 0, -1, 0, 0, &ev));
    CHECK_INT(game_piece(g, 0)->gold, 10);
    CHECK(tm_do(g, ACTION_END, -1, -1, 0, 0, NULL));
    /* Corridors hold no treasure; traps may be searched there. */
    CHECK(!tm_do(g, ACTION_SEARCH_TREASURE, 1, -1, 0, 0, NULL));
    CHECK(tm_do(g, ACTION_SEARCH_TRAPS, 1, -1, 0, 0, NULL));
    CHECK(tm_do(g, ACTION_END, -1, -1, 0, 0, NULL));
    /* A monster in sight forbids searching. */
    CHECK(!tm_do(g, ACTION_SEARCH_TREASURE, 2, -1, 0, 0, NULL));
    CHECK(!tm_do(g, ACTION_SEARCH_TRAPS, 2, -1, 0, 0, NULL));
    game_events_free(&ev);
    game_destroy(g);
    tm_destroy(m);

    /* The deck's one card does not return: a second room finds nothing. */
    m = tm_create(rows, 4);
    tm_corridor(m, 'c');
    tm_hero(m, "barbarian", 1, 1);
    tm_hero(m, "dwarf", 3, 1);
    g = tm_game(m, 5);
    game_events_init(&ev);
    CHECK(tm_do(g, ACTION_SEARCH_TREASURE, 0, -1, 0, 0, NULL));
    CHECK(tm_do(g, ACTION_END, -1, -1, 0, 0, NULL));
    CHECK(tm_do(g, ACTION_SEARCH_TREASURE, 1, -1, 0, 0, &ev));
    CHECK_INT(tm_count(&ev, EVENT_NOTHING_FOUND), 1);
    CHECK_INT(game_piece(g, 1)->gold, 0);
    game_events_free(&ev);
    game_destroy(g);
    tm_destroy(m);
}

static void test_traps_and_wanderers(void)
{
    static const char *const rows[] = {"aaaaa", "aaaaa"};
    Mission *m = tm_create(rows, 2);
    tm_hero(m, "barbarian", 0, 0);
    tm_hero(m, "dwarf", 0, 1);
    tm_trap(m, TRAP_PIT, 1, 1);
    tm_trap(m, TRAP_SPEAR, 4, 1);
    TreasureCard c = {0};
    snprintf(c.id, sizeof c.id, "wm");
    c.kind = TREASURE_WANDERING_MONSTER;
    c.returns = true;
    /* Replace the deck: a catalogue with only a wandering monster card. */
    Catalogue *cat = catalogue_create();
    for (size_t i = 0; i < catalogue_count(m->catalogue); i++)
        catalogue_put(cat, catalogue_at(m->catalogue, i));
    catalogue_add_card(cat, &c);
    catalogue_destroy(m->catalogue);
    m->catalogue = cat;
    snprintf(m->rules.wandering_monster, sizeof m->rules.wandering_monster, "ogre");
    Game *g = tm_game(m, 9);
    GameEvents ev;
    game_events_init(&ev);
    CHECK(!tm_do(g, ACTION_DISARM, 0, -1, 1, 1, NULL)); /* not found yet */
    CHECK(tm_do(g, ACTION_SEARCH_TRAPS, 0, -1, 0, 0, &ev));
    CHECK_INT(tm_count(&ev, EVENT_TRAP_FOUND), 2);
    CHECK(game_trap(g, 0)->found && game_trap(g, 1)->found);
    CHECK(tm_do(g, ACTION_END, -1, -1, 0, 0, NULL));
    CHECK(!tm_do(g, ACTION_DISARM, 1, -1, 4, 1, NULL)); /* out of reach */
    CHECK(tm_do(g, ACTION_DISARM, 1, -1, 1, 1, NULL));   /* next to the dwarf */
    CHECK(game_trap(g, 0)->gone && !game_trap(g, 1)->gone);
    CHECK(!tm_do(g, ACTION_DISARM, 1, -1, 1, 1, NULL));  /* one action a turn */
    game_events_free(&ev);
    game_destroy(g);

    /* A wandering monster appears next to the searcher and attacks. */
    g = tm_game(m, 9);
    game_events_init(&ev);
    CHECK(tm_do(g, ACTION_SEARCH_TREASURE, 0, -1, 0, 0, &ev));
    CHECK_INT(tm_count(&ev, EVENT_WANDERING_MONSTER), 1);
    CHECK_INT(tm_count(&ev, EVENT_ATTACK), 1);
    CHECK_INT(game_piece_count(g), 3);
    const GamePiece *w = game_piece(g, 2);
    CHECK(w->alive && w->revealed && w->side == GAME_SIDE_MONSTERS);
    CHECK_INT(grid_manhattan(w->pos, (BoardPos){0, 0}), 1);
    game_events_free(&ev);
    game_destroy(g);
    tm_destroy(m);
}

/* Issue 10.3: treasure needs a room empty of monsters (US), not only one
 * with no monster in sight; traps need only none in sight. */
static void test_room_empty(void)
{
    static const char *const rows[] = {"aaaa", "aaaa"};
    Mission *m = tm_create(rows, 2);
    tm_hero(m, "barbarian", 0, 0);
    tm_monster(m, "", "ogre", 3, 0);
    tm_furniture(m, "s", "screen", 2, 0); /* hides the ogre from the barbarian */
    tm_furniture(m, "s2", "screen", 2, 1);
    Game *g = tm_game(m, 2);
    CHECK(game_piece(g, 1)->revealed); /* the room shows whole */
    CHECK(!game_line_of_sight(g, (BoardPos){0, 0}, (BoardPos){3, 0}));
    Action a = {ACTION_SEARCH_TREASURE, 0, -1, {0, 0}, -1, 0};
    char why[256];
    CHECK(!game_apply(g, &a, NULL, why, sizeof why));
    CHECK_STR_CONTAINS(why, "a monster is in the room");
    CHECK(tm_do(g, ACTION_SEARCH_TRAPS, 0, -1, 0, 0, NULL));
    game_destroy(g);
    tm_destroy(m);
}

/* Room a, a corridor c through an open door, room d behind a secret
 * door at the corridor's end; a pit in the room, a spear trap in the
 * corridor. */
static Mission *room_and_corridor(void)
{
    static const char *const rows[] = {"aaacccccd", "aaacccccd"};
    Mission *m = tm_create(rows, 2);
    tm_corridor(m, 'c');
    tm_door(m, 2, 0, GRID_DIR_EAST, DOOR_NORMAL);
    m->doors[0].open = true;
    tm_door(m, 7, 0, GRID_DIR_EAST, DOOR_SECRET);
    tm_trap(m, TRAP_PIT, 0, 0);
    tm_trap(m, TRAP_SPEAR, 6, 0);
    return m;
}

/* Issue 25, item 2: a search for traps covers the room or the corridor
 * the hero stands in (RULES.md 7), not what it sees through a door. From
 * the room the corridor's spear trap and secret door were found too (both
 * in sight along row 0); from the corridor, the room's pit. */
static void test_search_scope(void)
{
    Mission *m = room_and_corridor();
    tm_hero(m, "barbarian", 1, 0);
    Game *g = tm_game(m, 3);
    CHECK(game_line_of_sight(g, (BoardPos){1, 0}, (BoardPos){6, 0}));
    GameEvents ev;
    game_events_init(&ev);
    CHECK(tm_do(g, ACTION_SEARCH_TRAPS, 0, -1, 0, 0, &ev));
    CHECK_INT(tm_count(&ev, EVENT_TRAP_FOUND), 1);
    CHECK(game_trap(g, 0)->found && !game_trap(g, 1)->found);
    CHECK_INT(tm_count(&ev, EVENT_SECRET_DOOR_FOUND), 0);
    game_destroy(g);
    tm_destroy(m);

    m = room_and_corridor();
    tm_hero(m, "dwarf", 5, 0);
    g = tm_game(m, 3);
    CHECK(game_line_of_sight(g, (BoardPos){5, 0}, (BoardPos){0, 0}));
    game_events_clear(&ev);
    CHECK(tm_do(g, ACTION_SEARCH_TRAPS, 0, -1, 0, 0, &ev));
    CHECK_INT(tm_count(&ev, EVENT_TRAP_FOUND), 1); /* the spear, in the corridor */
    CHECK(!game_trap(g, 0)->found && game_trap(g, 1)->found);
    CHECK_INT(tm_count(&ev, EVENT_SECRET_DOOR_FOUND), 1); /* on the corridor's wall */
    game_events_free(&ev);
    game_destroy(g);
    tm_destroy(m);
}

/* A purse holds GAME_MAX_GOLD: a room of 101 chests of 100,000 gold
 * fills it and the rest is left (issue 26 item 2: purses were summed
 * without a bound, and enough chests wrapped an int); each find says
 * what it added. */
static void test_full_purse(void)
{
    static const char *const rows[] = {"aa"};
    Mission *m = tm_create(rows, 1);
    tm_hero(m, "barbarian", 0, 0);
    for (int i = 0; i < 101; i++)
        tm_treasure(m, "chest", TREASURE_GOLD, 100000, 1, 0);
    Game *g = tm_game(m, 3);
    GameEvents ev;
    game_events_init(&ev);
    CHECK(tm_do(g, ACTION_SEARCH_TREASURE, 0, -1, 0, 0, &ev));
    CHECK_INT(game_piece(g, 0)->gold, GAME_MAX_GOLD);
    long long sum = 0;
    for (size_t i = 0; i < ev.count; i++)
        if (ev.items[i].kind == EVENT_FIND)
            sum += ev.items[i].value;
    CHECK_INT(sum, GAME_MAX_GOLD);
    game_events_free(&ev);
    game_destroy(g);
    tm_destroy(m);
}

int main(void)
{
    test_search_scope();
    test_full_purse();
    test_room_empty();
    test_treasure();
    test_deck_and_rules();
    test_traps_and_wanderers();
    return check_finish("search");
}
