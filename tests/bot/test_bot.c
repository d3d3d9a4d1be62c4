/* The bot: each preference of bot.h on a mission built for it (attack,
 * spells, searching once per party, exploring through doors, a key behind
 * a locked door, a secret door, leaving once the rest is done), refusals
 * never repeated, an unwinnable mission that still ends, the protocol
 * commands, and the same choices for the same seed. */
#include "../rules/mission_builder.h"

#include "bot/bot.h"

static Action choose(Bot *bot, const Game *g)
{
    Action a = {ACTION_KIND_COUNT, -1, -1, {-1, -1}, -1, 0};
    CHECK(bot_choose(bot, g, &a));
    return a;
}

static bool apply(Game *g, const Action *a)
{
    char why[256];
    return game_apply(g, a, NULL, why, sizeof why);
}

/* Applies the bot's choices until it proposes kind (returned true) or the
 * turn ends (false). */
static bool until(Bot *bot, Game *g, ActionKind kind, Action *out)
{
    for (int i = 0; i < 64; i++) {
        Action a = choose(bot, g);
        if (a.kind == kind) {
            *out = a;
            return true;
        }
        if (a.kind == ACTION_END)
            return false;
        apply(g, &a);
    }
    return false;
}

static void test_attacks_the_objective_first(void)
{
    static const char *const rows[] = {"aaaa"};
    Mission *m = tm_create(rows, 1);
    tm_hero(m, "barbarian", 1, 0);
    tm_monster(m, "", "ogre", 0, 0);
    tm_monster(m, "chief", "orc", 2, 0);
    tm_objective(m, OBJECTIVE_KILL, "chief", 0, 0);
    Game *g = tm_game(m, 1);
    Bot *bot = bot_create(g);
    Action a = choose(bot, g);
    CHECK_INT(a.kind, ACTION_ATTACK);
    CHECK_INT(a.piece, 0);
    CHECK_INT(a.target, 2); /* the chief, not the ogre first in id order */
    char line[64];
    bot_command(g, &a, line, sizeof line);
    CHECK(strcmp(line, "attack 0 2") == 0);
    bot_destroy(bot);
    game_destroy(g);
    tm_destroy(m);
}

static void test_walks_to_a_monster_and_wins(void)
{
    /* A corridor, a door, a room with the goblin to kill. */
    static const char *const rows[] = {
        "cccccccc",
        "bbbbbbbb",
    };
    Mission *m = tm_create(rows, 2);
    tm_corridor(m, 'c');
    tm_hero(m, "barbarian", 0, 0);
    tm_door(m, 7, 0, GRID_DIR_SOUTH, DOOR_NORMAL);
    tm_monster(m, "boss", "goblin", 0, 1);
    tm_objective(m, OBJECTIVE_KILL, "boss", 0, 0);
    Game *g = tm_game(m, 2);
    Bot *bot = bot_create(g);
    CHECK_INT(bot_play(bot, g, 2000, NULL), GAME_STATUS_VICTORY);
    CHECK(!game_piece(g, 1)->alive);
    bot_destroy(bot);
    game_destroy(g);
    tm_destroy(m);
}

static void test_searches_each_room_once(void)
{
    static const char *const rows[] = {"aaab", "aaab"};
    Mission *m = tm_create(rows, 2);
    tm_hero(m, "barbarian", 0, 0);
    tm_hero(m, "dwarf", 0, 1);
    tm_treasure(m, "purse", TREASURE_GOLD, 30, 1, 1);
    tm_objective(m, OBJECTIVE_REACH_SQUARE, "", 3, 0); /* behind a wall: never met */
    Game *g = tm_game(m, 3);
    Bot *bot = bot_create(g);
    Action a;
    CHECK(until(bot, g, ACTION_SEARCH_TREASURE, &a));
    CHECK_INT(a.piece, 0);
    CHECK(apply(g, &a));
    CHECK_INT(game_piece(g, 0)->gold, 30);
    /* The barbarian's turn goes on without a second search; the dwarf
     * does not search the room the party already searched. */
    while (game_current(g) == 0) {
        a = choose(bot, g);
        CHECK(a.kind != ACTION_SEARCH_TREASURE);
        apply(g, &a);
    }
    CHECK(!until(bot, g, ACTION_SEARCH_TREASURE, &a));
    bot_destroy(bot);
    game_destroy(g);
    tm_destroy(m);
}

static void test_key_and_locked_door(void)
{
    /* The key lies in room a; the locked door leads from the corridor to
     * room b, where the heroes must stand. */
    static const char *const rows[] = {
        "aaccbb",
        "aaccbb",
    };
    Mission *m = tm_create(rows, 2);
    tm_corridor(m, 'c');
    tm_hero(m, "barbarian", 2, 0);
    tm_treasure(m, "key", TREASURE_ITEM, 0, 0, 0);
    tm_door(m, 1, 1, GRID_DIR_EAST, DOOR_NORMAL);
    tm_locked_door(m, 3, 0, GRID_DIR_EAST, 0);
    tm_objective(m, OBJECTIVE_REACH_ROOM, "", 5, 1);
    Game *g = tm_game(m, 4);
    Bot *bot = bot_create(g);
    CHECK_INT(bot_play(bot, g, 2000, NULL), GAME_STATUS_VICTORY);
    CHECK(game_treasure_found(g, 0));
    bot_destroy(bot);
    game_destroy(g);
    tm_destroy(m);
}

static void test_secret_door(void)
{
    /* Room b is reached only through a secret door from room a. */
    static const char *const rows[] = {"aaabbb"};
    Mission *m = tm_create(rows, 1);
    tm_hero(m, "dwarf", 0, 0);
    tm_door(m, 2, 0, GRID_DIR_EAST, DOOR_SECRET);
    tm_objective(m, OBJECTIVE_REACH_SQUARE, "", 5, 0);
    Game *g = tm_game(m, 5);
    Bot *bot = bot_create(g);
    CHECK_INT(bot_play(bot, g, 2000, NULL), GAME_STATUS_VICTORY);
    CHECK(game_door(g, 0)->found);
    bot_destroy(bot);
    game_destroy(g);
    tm_destroy(m);
}

static void test_leaves_once_done(void)
{
    static const char *const rows[] = {"aaaaaa"};
    Mission *m = tm_create(rows, 1);
    tm_hero(m, "barbarian", 2, 0);
    tm_hero(m, "elf", 3, 0);
    tm_exit(m, 0, 0);
    tm_objective(m, OBJECTIVE_REACH_SQUARE, "", 5, 0);
    tm_objective(m, OBJECTIVE_ESCAPE, "", 0, 0);
    Game *g = tm_game(m, 6);
    Bot *bot = bot_create(g);
    /* Nobody leaves before the square is reached. */
    GameEvents ev;
    game_events_init(&ev);
    CHECK_INT(bot_play(bot, g, 2000, &ev), GAME_STATUS_VICTORY);
    bool reached_first = false;
    for (size_t i = 0; i < ev.count; i++) {
        if (ev.items[i].kind == EVENT_OBJECTIVE_MET && ev.items[i].value == 0)
            reached_first = true;
        if (ev.items[i].kind == EVENT_LEFT)
            CHECK(reached_first);
    }
    CHECK(game_piece(g, 0)->escaped && game_piece(g, 1)->escaped);
    game_events_free(&ev);
    bot_destroy(bot);
    game_destroy(g);
    tm_destroy(m);
}

/* A refused proposal is never made again in the same turn, and a mission
 * that cannot be won still lets bot_play return. */
static void test_unwinnable_ends(void)
{
    static const char *const rows[] = {"aa#bb"};
    Mission *m = tm_create(rows, 1);
    tm_hero(m, "barbarian", 0, 0);
    tm_objective(m, OBJECTIVE_REACH_SQUARE, "", 4, 0);
    Game *g = tm_game(m, 7);
    Bot *bot = bot_create(g);
    Action refused[64];
    int n = 0, choices = 0;
    while (game_turn(g) == 1 && choices++ < 64) {
        Action a = choose(bot, g);
        for (int i = 0; i < n; i++)
            CHECK(a.kind == ACTION_END || a.kind != refused[i].kind ||
                  !grid_pos_equal(a.pos, refused[i].pos) || a.target != refused[i].target);
        if (!apply(g, &a) && n < 64)
            refused[n++] = a;
    }
    CHECK(choices < 64);
    CHECK_INT(bot_play(bot, g, 300, NULL), GAME_STATUS_PLAYING);
    bot_destroy(bot);
    game_destroy(g);
    tm_destroy(m);
}

static void add_spell(Catalogue *cat, const char *id, SpellEffect effect, bool monster, int amount,
                      int dice)
{
    SpellType s;
    memset(&s, 0, sizeof s);
    snprintf(s.id, sizeof s.id, "%s", id);
    snprintf(s.name, sizeof s.name, "%s", id);
    snprintf(s.element, sizeof s.element, "fire");
    s.effect = effect;
    s.targets_monster = monster;
    s.amount = amount;
    s.dice = dice;
    CHECK(catalogue_add_spell(cat, &s));
}

/* The wizard heals a badly hurt friend before anything else, and throws
 * fire at a monster in sight rather than walking up to it. */
static void test_spells(void)
{
    static const char *const rows[] = {"aaaaaaa", "aaaaaaa"};
    Mission *m = tm_create(rows, 2);
    add_spell(m->catalogue, "flame", SPELL_DAMAGE, true, 2, 2);
    add_spell(m->catalogue, "heal", SPELL_HEAL, false, 4, 0);
    PieceType wizard = *catalogue_find(m->catalogue, "wizard");
    snprintf(wizard.spells, sizeof wizard.spells, "fire");
    catalogue_put(m->catalogue, &wizard);
    tm_hero(m, "wizard", 0, 0);
    tm_hero(m, "barbarian", 0, 1);
    tm_monster(m, "", "ogre", 6, 0);
    Game *g = tm_game(m, 8);
    Bot *bot = bot_create(g);
    Action a = choose(bot, g);
    CHECK_INT(a.kind, ACTION_CAST);
    CHECK_INT(a.spell, 0);
    CHECK_INT(a.target, 2);
    char line[64];
    bot_command(g, &a, line, sizeof line);
    CHECK(strcmp(line, "cast 0 flame 2") == 0);
    bot_destroy(bot);
    game_destroy(g);
    /* A frail friend (2 body points) falls into a pit: heal him first. */
    tm_type(m->catalogue, "barbarian", PIECE_HERO, 0, 3, 2, 2, 0, 1, 1);
    tm_trap(m, TRAP_PIT, 1, 1);
    g = tm_game(m, 8);
    CHECK(tm_do(g, ACTION_END, -1, -1, 0, 0, NULL));
    CHECK(tm_do(g, ACTION_ROLL, 1, -1, 0, 0, NULL));
    CHECK(tm_do(g, ACTION_MOVE, 1, -1, 1, 1, NULL)); /* the pit ends his turn */
    CHECK_INT(game_current(g), 0);
    CHECK_INT(game_piece(g, 1)->body, 1);
    bot = bot_create(g);
    a = choose(bot, g);
    CHECK_INT(a.kind, ACTION_CAST);
    CHECK_INT(a.spell, 1);
    CHECK_INT(a.target, 1);
    bot_destroy(bot);
    game_destroy(g);
    tm_destroy(m);
}

/* A badly hurt hero drinks the potion it carries (a free action), and the
 * choice is the protocol's `use` line. */
static void test_drinks_when_hurt(void)
{
    static const char *const rows[] = {"aaaa", "aaaa"};
    Mission *m = tm_create(rows, 2);
    tm_hero(m, "barbarian", 0, 0);
    tm_treasure(m, "dart", TREASURE_HAZARD, 5, 0, 1);
    tm_treasure(m, "tonic", TREASURE_POTION, 3, 1, 1);
    tm_objective(m, OBJECTIVE_REACH_SQUARE, "", 3, 1);
    Game *g = tm_game(m, 9);
    Bot *bot = bot_create(g);
    Action a;
    CHECK(until(bot, g, ACTION_SEARCH_TREASURE, &a));
    CHECK(apply(g, &a));
    CHECK_INT(game_piece(g, 0)->body, 3); /* the dart */
    a = choose(bot, g);
    CHECK_INT(a.kind, ACTION_USE);
    CHECK_INT(a.item, GAME_ITEM_REF(game_find_item(g, "tonic")));
    char line[64];
    bot_command(g, &a, line, sizeof line);
    CHECK(strcmp(line, "use 0 tonic") == 0);
    CHECK(apply(g, &a));
    CHECK_INT(game_piece(g, 0)->body, 6);
    bot_destroy(bot);
    game_destroy(g);
    tm_destroy(m);
}

/* The same seed gives the same game; the choices are protocol commands. */
static void test_same_seed_same_game(void)
{
    static const char *const rows[] = {
        "aaaccbbb",
        "aaaccbbb",
        "aaaccbbb",
    };
    Mission *m = tm_create(rows, 3);
    tm_corridor(m, 'c');
    tm_hero(m, "barbarian", 3, 0);
    tm_hero(m, "elf", 4, 0);
    tm_door(m, 2, 1, GRID_DIR_EAST, DOOR_NORMAL);
    tm_door(m, 4, 1, GRID_DIR_EAST, DOOR_NORMAL);
    tm_monster(m, "one", "orc", 0, 0);
    tm_monster(m, "", "goblin", 7, 2);
    tm_objective(m, OBJECTIVE_KILL, "one", 0, 0);
    tm_objective(m, OBJECTIVE_ESCAPE, "", 0, 0);
    tm_exit(m, 3, 2);
    uint64_t rng[2];
    size_t actions[2];
    for (int run = 0; run < 2; run++) {
        Game *g = tm_game(m, 42);
        Bot *bot = bot_create(g);
        bot_play(bot, g, 2000, NULL);
        CHECK(game_status(g) != GAME_STATUS_PLAYING);
        rng[run] = game_rng_state(g);
        actions[run] = game_log_count(g);
        char line[64];
        for (size_t i = 0; i < game_log_count(g); i++) {
            int len = bot_command(g, game_log_at(g, i), line, sizeof line);
            CHECK(len > 0 && len < (int)sizeof line);
        }
        bot_destroy(bot);
        game_destroy(g);
    }
    CHECK(rng[0] == rng[1]);
    CHECK_INT(actions[0], actions[1]);
    tm_destroy(m);
}

int main(void)
{
    test_attacks_the_objective_first();
    test_walks_to_a_monster_and_wins();
    test_searches_each_room_once();
    test_key_and_locked_door();
    test_secret_door();
    test_leaves_once_done();
    test_unwinnable_ends();
    test_spells();
    test_drinks_when_hurt();
    test_same_seed_same_game();
    return check_finish("bot");
}
