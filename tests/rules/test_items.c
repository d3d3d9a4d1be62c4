/* Belongings: potions found are kept, not drunk; `use` drinks one as a
 * free action, never above the hero's body points; the US Potion of
 * Healing rolls a die, EU rules restore 4; a hero at 0 body points drinks
 * its own potion before dying; saves bring belongings back. */
#include "mission_builder.h"

#include "rules/save.h"

static bool use(Game *g, int hero, const char *item, GameEvents *ev, char *why, size_t n)
{
    Action a = {ACTION_USE, hero, -1, {0, 0}, -1, GAME_ITEM_REF(game_find_item(g, item))};
    return game_apply(g, &a, ev, why, n);
}

/* The barbarian's room: a poisoned dart (5 body points, when hurt) and two
 * potions. */
static Mission *potion_room(bool hurt)
{
    static const char *const rows[] = {"aaaa", "aaaa"};
    Mission *m = tm_create(rows, 2);
    tm_hero(m, "barbarian", 0, 0);
    if (hurt)
        tm_treasure(m, "dart", TREASURE_HAZARD, 5, 0, 1);
    tm_treasure(m, "tonic", TREASURE_POTION, 3, 1, 1);    /* its own potion: heals 3 */
    tm_treasure_item(m, "flask", TREASURE_POTION, "potion", 2, 1); /* the catalogue's */
    return m;
}

static void test_kept_and_drunk(void)
{
    Mission *m = potion_room(true);
    Game *g = tm_game(m, 11);
    const GamePiece *b = game_piece(g, 0);
    GameEvents ev;
    game_events_init(&ev);
    CHECK(tm_do(g, ACTION_SEARCH_TREASURE, 0, -1, 0, 0, &ev));
    CHECK_INT(tm_count(&ev, EVENT_FIND), 3);
    CHECK_INT(tm_count(&ev, EVENT_HEAL), 0); /* kept, not drunk on sight */
    CHECK_INT(b->body, 3);
    CHECK_INT(game_piece(g, 0)->item_count, 2);
    int tonic = game_find_item(g, "tonic"), flask = game_find_item(g, "potion");
    CHECK(tonic >= 0 && flask >= 0);
    CHECK_INT(game_carries(g, 0, tonic), 1);
    CHECK_INT(game_carries(g, 0, flask), 1);
    CHECK(game_can_use(g, 0, tonic));
    /* Drinking is free: after the search (the action) and before moving. */
    char why[256];
    game_events_clear(&ev);
    CHECK(use(g, 0, "tonic", &ev, why, sizeof why));
    CHECK_INT(tm_count(&ev, EVENT_USE), 1);
    CHECK_INT(b->body, 6);
    CHECK_INT(game_carries(g, 0, tonic), 0);
    CHECK(!use(g, 0, "tonic", NULL, why, sizeof why));
    CHECK_STR_CONTAINS(why, "carries no");
    /* The US potion: one d6, never above the starting body points. */
    game_events_clear(&ev);
    CHECK(use(g, 0, "potion", &ev, why, sizeof why));
    const GameEvent *e = &ev.items[0];
    CHECK(e->kind == EVENT_USE && e->dice_count == 1);
    int want = 6 + e->dice[0] < b->body_max ? 6 + e->dice[0] : b->body_max;
    CHECK_INT(b->body, want);
    CHECK(tm_do(g, ACTION_ROLL, 0, -1, 0, 0, NULL));
    CHECK(tm_do(g, ACTION_MOVE, 0, -1, 3, 0, NULL)); /* the move still comes */
    game_events_free(&ev);
    game_destroy(g);
    tm_destroy(m);
}

static void test_not_hurt_and_eu(void)
{
    Mission *m = potion_room(false);
    Game *g = tm_game(m, 11);
    char why[256];
    CHECK(tm_do(g, ACTION_SEARCH_TREASURE, 0, -1, 0, 0, NULL));
    CHECK(!use(g, 0, "potion", NULL, why, sizeof why));
    CHECK_STR_CONTAINS(why, "is not hurt");
    CHECK(!game_can_use(g, 0, game_find_item(g, "potion")));
    game_destroy(g);
    tm_destroy(m);
    /* EU rules: the Potion of Healing restores 4, no die. */
    m = potion_room(true);
    m->rules.edition = MISSION_EDITION_EU;
    g = tm_game(m, 11);
    GameEvents ev;
    game_events_init(&ev);
    CHECK(tm_do(g, ACTION_SEARCH_TREASURE, 0, -1, 0, 0, NULL));
    CHECK(use(g, 0, "potion", &ev, why, sizeof why));
    CHECK_INT(ev.items[0].dice_count, 0);
    CHECK_INT(game_piece(g, 0)->body, 7);
    game_events_free(&ev);
    game_destroy(g);
    tm_destroy(m);
}

/* The wizard finds a potion (or a purse), opens the door on a titan and
 * ends its turn; the titan strikes. */
static Game *titan_game(bool potion, uint64_t seed, GameEvents *ev, Mission **out)
{
    static const char *const rows[] = {"aab"};
    Mission *m = tm_create(rows, 1);
    tm_hero(m, "wizard", 1, 0);
    tm_monster(m, "", "titan", 2, 0);
    tm_door(m, 1, 0, GRID_DIR_EAST, DOOR_NORMAL);
    if (potion)
        tm_treasure(m, "elixir", TREASURE_POTION, 3, 0, 0);
    else
        tm_treasure(m, "purse", TREASURE_GOLD, 5, 0, 0); /* the same dice follow */
    Game *g = tm_game(m, seed);
    CHECK(tm_do(g, ACTION_SEARCH_TREASURE, 0, -1, 0, 0, NULL));
    CHECK(tm_do(g, ACTION_OPEN, 0, -1, 2, 0, NULL));
    CHECK(game_piece(g, 1)->revealed);
    CHECK(tm_do(g, ACTION_END, -1, -1, 0, 0, ev));
    *out = m;
    return g;
}

/* A hero at 0 body points drinks its own potion before dying (US). */
static void test_drink_at_death(void)
{
    int tried = 0;
    for (uint64_t seed = 1; seed < 200 && tried < 5; seed++) {
        Mission *m;
        GameEvents ev;
        game_events_init(&ev);
        Game *g = titan_game(false, seed, &ev, &m);
        bool died = !game_piece(g, 0)->alive;
        game_destroy(g);
        tm_destroy(m);
        game_events_clear(&ev);
        if (!died) {
            game_events_free(&ev);
            continue;
        }
        tried++;
        g = titan_game(true, seed, &ev, &m);
        const GamePiece *w = game_piece(g, 0);
        CHECK(w->alive);
        CHECK_INT(w->body, 3);
        CHECK_INT(tm_count(&ev, EVENT_USE), 1);
        CHECK_INT(tm_count(&ev, EVENT_DEATH), 0);
        CHECK_INT(game_piece(g, 0)->item_count, 0);
        game_events_free(&ev);
        game_destroy(g);
        tm_destroy(m);
    }
    CHECK_INT(tried, 5);
}

/* A save replays the finds and the drinks: the same belongings. */
static void test_saved(void)
{
    Mission *m = potion_room(true);
    Game *g = tm_game(m, 11);
    char why[256];
    CHECK(tm_do(g, ACTION_SEARCH_TREASURE, 0, -1, 0, 0, NULL));
    CHECK(use(g, 0, "tonic", NULL, why, sizeof why));
    size_t size;
    char *text = save_format(g, "x.xml", &size);
    /* the item by its id: an index would count a mission's own finds */
    CHECK(strstr(text, "\nuse 0 -1 0 0 tonic\n") != NULL);
    SaveData data;
    char err[256];
    CHECK(save_parse(text, size, &data, err, sizeof err));
    CHECK_INT(data.actions[1].kind, ACTION_USE);
    CHECK(data.items[1] && strcmp(data.items[1], "tonic") == 0);
    Game *back = save_replay(m, &data, err, sizeof err);
    CHECK(back != NULL);
    if (back) {
        CHECK_INT(game_piece(back, 0)->item_count, 1);
        CHECK_INT(game_carries(back, 0, game_find_item(g, "potion")), 1);
        CHECK_INT(game_piece(back, 0)->body, game_piece(g, 0)->body);
        game_destroy(back);
    }
    save_data_free(&data);
    free(text);
    game_destroy(g);
    tm_destroy(m);
}

int main(void)
{
    test_kept_and_drunk();
    test_not_hurt_and_eu();
    test_drink_at_death();
    test_saved();
    return check_finish("items");
}
