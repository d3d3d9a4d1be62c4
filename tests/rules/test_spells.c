/* Spells: who casts what, targets, each effect, how long effects last, and
 * casts surviving a save. */
#include "mission_builder.h"

#include "rules/save.h"

#include <inttypes.h>

static void add_spell(Catalogue *cat, const char *id, const char *element, SpellEffect effect,
                      bool monster, int amount, int dice)
{
    SpellType s;
    memset(&s, 0, sizeof s);
    snprintf(s.id, sizeof s.id, "%s", id);
    snprintf(s.name, sizeof s.name, "%s", id);
    snprintf(s.element, sizeof s.element, "%s", element);
    s.effect = effect;
    s.targets_monster = monster;
    s.amount = amount;
    s.dice = dice;
    CHECK(catalogue_add_spell(cat, &s));
}

enum { GENIE, SWIFT, TEMPEST, HEAL, ROCK, SKIN, FLAME, COURAGE, SLEEP, VEIL };

/* The test catalogue plus spells: the wizard casts air, earth and fire,
 * the elf water. */
static void add_spells(Mission *m)
{
    Catalogue *cat = m->catalogue;
    add_spell(cat, "genie", "air", SPELL_ATTACK, true, 0, 5);
    add_spell(cat, "swift", "air", SPELL_DOUBLE_MOVE, false, 0, 0);
    add_spell(cat, "tempest", "air", SPELL_SKIP_TURN, true, 0, 0);
    add_spell(cat, "heal", "earth", SPELL_HEAL, false, 4, 0);
    add_spell(cat, "rock", "earth", SPELL_PASS_WALLS, false, 0, 0);
    add_spell(cat, "skin", "earth", SPELL_DEFEND_BONUS, false, 1, 0);
    add_spell(cat, "flame", "fire", SPELL_DAMAGE, true, 2, 2);
    add_spell(cat, "courage", "fire", SPELL_ATTACK_BONUS, false, 2, 0);
    add_spell(cat, "sleep", "water", SPELL_SLEEP, true, 0, 0);
    add_spell(cat, "veil", "water", SPELL_PASS_MONSTERS, false, 0, 0);
    PieceType wizard = *catalogue_find(cat, "wizard"), elf = *catalogue_find(cat, "elf");
    snprintf(wizard.spells, sizeof wizard.spells, "air earth fire");
    snprintf(elf.spells, sizeof elf.spells, "water");
    catalogue_put(cat, &wizard);
    catalogue_put(cat, &elf);
    PieceType undead = *catalogue_find(cat, "goblin");
    snprintf(undead.id, sizeof undead.id, "skeleton");
    undead.flags |= PIECE_UNDEAD;
    catalogue_put(cat, &undead);
    PieceType brute = *catalogue_find(cat, "titan"); /* hits, but not too hard */
    snprintf(brute.id, sizeof brute.id, "brute");
    brute.attack = 3;
    catalogue_put(cat, &brute);
}

static bool cast(Game *g, int piece, int spell, int target, GameEvents *ev, char *why, size_t n)
{
    Action a = {ACTION_CAST, piece, target, {0, 0}, spell, 0};
    return game_apply(g, &a, ev, why, n);
}

static const GameEvent *find_event(const GameEvents *ev, EventKind kind)
{
    for (size_t i = 0; i < ev->count; i++)
        if (ev->items[i].kind == kind)
            return &ev->items[i];
    return NULL;
}

/* Ends the current turn, then more until it is piece's. */
static void turn_of(Game *g, int piece)
{
    CHECK(tm_do(g, ACTION_END, -1, -1, 0, 0, NULL));
    for (int k = 0; k < 12 && game_current(g) != piece; k++)
        CHECK(tm_do(g, ACTION_END, -1, -1, 0, 0, NULL));
    CHECK_INT(game_current(g), piece);
}

static void test_books_and_targets(void)
{
    static const char *const rows[] = {"aaaa#bb", "aaaa#bb", "aaaaabb"};
    Mission *m = tm_create(rows, 3);
    add_spells(m);
    tm_hero(m, "wizard", 0, 0);
    tm_hero(m, "elf", 1, 0);
    tm_hero(m, "barbarian", 2, 0);
    tm_monster(m, "seen", "goblin", 3, 2);
    tm_monster(m, "hidden", "goblin", 6, 0);
    tm_monster(m, "bones", "skeleton", 0, 2);
    Game *g = tm_game(m, 3);
    CHECK(game_piece(g, 0)->spells == 0xffu); /* air, earth, fire: spells 0-7 */
    CHECK(game_piece(g, 1)->spells == 0x300u);
    CHECK(game_piece(g, 2)->spells == 0);
    CHECK(game_can_cast(g, 0, FLAME) && !game_can_cast(g, 0, SLEEP) && !game_can_cast(g, 1, FLAME));
    char why[256];
    CHECK(!cast(g, 0, SLEEP, 3, NULL, why, sizeof why));
    CHECK_STR_CONTAINS(why, "does not cast water spells");
    CHECK(!cast(g, 0, FLAME, 2, NULL, why, sizeof why));
    CHECK_STR_CONTAINS(why, "is cast on a monster");
    CHECK(!cast(g, 0, HEAL, 3, NULL, why, sizeof why));
    CHECK_STR_CONTAINS(why, "is cast on a hero");
    /* Behind rock and never seen: for the heroes it is not there at all
     * (a cast on it once went through and made it miss its turn). */
    CHECK(!game_piece(g, 4)->revealed);
    CHECK(!cast(g, 0, FLAME, 4, NULL, why, sizeof why));
    /* ...and its id is not told: the players have no number for it */
    CHECK_STR_CONTAINS(why, "there is no such piece on the board");
    CHECK(!cast(g, 0, HEAL, 0, NULL, why, sizeof why));
    CHECK_STR_CONTAINS(why, "is not hurt");
    CHECK(!cast(g, 0, 99, 3, NULL, why, sizeof why));
    CHECK(game_log_count(g) == 0); /* refusals change nothing */
    turn_of(g, 1);
    CHECK(!cast(g, 1, SLEEP, 5, NULL, why, sizeof why));
    CHECK_STR_CONTAINS(why, "does not work on the undead");
    GameEvents ev;
    game_events_init(&ev);
    CHECK(cast(g, 1, SLEEP, 3, &ev, why, sizeof why));
    CHECK(find_event(&ev, EVENT_CAST) && find_event(&ev, EVENT_CAST)->value == SLEEP);
    CHECK(game_piece(g, 3)->asleep);
    CHECK(!(game_piece(g, 1)->spells & (1u << SLEEP)));
    CHECK(!cast(g, 1, VEIL, 1, NULL, why, sizeof why)); /* one action a turn */
    CHECK_STR_CONTAINS(why, "already taken an action");
    game_events_free(&ev);
    game_destroy(g);
    tm_destroy(m);
}

/* Ball of Flame: 2 damage less one per saving die of 5 or 6, over many
 * seeds; the spell is gone afterwards. */
static void test_damage(void)
{
    static const char *const rows[] = {"aaaa"};
    int total = 0;
    for (uint64_t seed = 1; seed <= 60; seed++) {
        Mission *m = tm_create(rows, 1);
        add_spells(m);
        tm_hero(m, "wizard", 0, 0);
        tm_monster(m, "", "ogre", 3, 0);
        Game *g = tm_game(m, seed);
        GameEvents ev;
        game_events_init(&ev);
        char why[256];
        CHECK(cast(g, 0, FLAME, 1, &ev, why, sizeof why));
        const GameEvent *c = find_event(&ev, EVENT_CAST);
        CHECK(c && c->dice_count == 2);
        int saved = 0;
        for (int i = 0; c && i < c->dice_count; i++)
            saved += c->dice[i] >= 5;
        CHECK_INT(game_piece(g, 1)->body, 50 - (2 - saved));
        total += 2 - saved;
        CHECK(!game_can_cast(g, 0, FLAME));
        turn_of(g, 0);
        CHECK(!cast(g, 0, FLAME, 1, NULL, why, sizeof why));
        CHECK_STR_CONTAINS(why, "already cast");
        game_events_free(&ev);
        game_destroy(g);
        tm_destroy(m);
    }
    CHECK(total > 60 && total < 100); /* 2 - 2/3 on average: about 80 */
}

static void test_heal_and_genie(void)
{
    static const char *const rows[] = {"aaaa", "aaaa"};
    Mission *m = tm_create(rows, 2);
    add_spells(m);
    tm_hero(m, "wizard", 0, 0);
    tm_hero(m, "barbarian", 1, 0);
    tm_monster(m, "", "brute", 2, 0);
    tm_monster(m, "", "ogre", 0, 1);
    Game *g = tm_game(m, 5);
    for (int k = 0; k < 30 && game_piece(g, 1)->body == 8; k++)
        turn_of(g, 0); /* until the brute has hurt the barbarian */
    int body = game_piece(g, 1)->body;
    CHECK(body < 8 && body > 0);
    GameEvents ev;
    game_events_init(&ev);
    char why[256];
    CHECK(cast(g, 0, HEAL, 1, &ev, why, sizeof why));
    int healed = 8 - body < 4 ? 8 - body : 4;
    CHECK_INT(game_piece(g, 1)->body, body + healed);
    CHECK(find_event(&ev, EVENT_HEAL) && find_event(&ev, EVENT_HEAL)->value == healed);
    turn_of(g, 0);
    game_events_clear(&ev);
    CHECK(cast(g, 0, GENIE, 3, &ev, why, sizeof why));
    const GameEvent *at = find_event(&ev, EVENT_ATTACK);
    CHECK(at && at->dice_count == 5 && at->target == 3 && at->piece == 0);
    game_events_free(&ev);
    game_destroy(g);
    tm_destroy(m);
}

/* Sleep and Tempest: the monster stays put while the spell holds. */
static void test_sleep_and_tempest(void)
{
    static const char *const rows[] = {"aaaaaaaa", "aaaaaaaa"};
    Mission *m = tm_create(rows, 2);
    add_spells(m);
    tm_hero(m, "wizard", 0, 0);
    tm_hero(m, "elf", 0, 1);
    tm_monster(m, "", "goblin", 7, 0);
    tm_monster(m, "", "orc", 6, 1);
    Game *g = tm_game(m, 11);
    char why[256];
    CHECK(cast(g, 0, TEMPEST, 2, NULL, why, sizeof why));
    CHECK(tm_do(g, ACTION_END, -1, -1, 0, 0, NULL));
    CHECK(cast(g, 1, SLEEP, 3, NULL, why, sizeof why));
    GameEvents ev;
    game_events_init(&ev);
    CHECK(tm_do(g, ACTION_END, -1, -1, 0, 0, &ev)); /* the monsters' turn */
    CHECK(grid_pos_equal(game_piece(g, 2)->pos, (BoardPos){7, 0})); /* missed its turn */
    CHECK(!game_piece(g, 2)->skip_turn);
    bool woke = false;
    for (size_t i = 0; i < ev.count; i++)
        if (ev.items[i].kind == EVENT_STATUS && ev.items[i].piece == 3) {
            CHECK_INT(ev.items[i].dice_count, 1); /* the test orc has mind 0: one die */
            woke = ev.items[i].dice[0] == 6;
        }
    CHECK(woke != game_piece(g, 3)->asleep);
    if (!woke)
        CHECK(grid_pos_equal(game_piece(g, 3)->pos, (BoardPos){6, 1}));
    game_events_free(&ev);
    game_destroy(g);
    tm_destroy(m);
}

/* Swift Wind doubles the next roll only; Courage adds attack dice once. */
static void test_bonuses(void)
{
    static const char *const rows[] = {"aaaa"};
    Mission *m = tm_create(rows, 1);
    add_spells(m);
    tm_hero(m, "wizard", 0, 0);
    tm_hero(m, "barbarian", 1, 0);
    tm_monster(m, "", "ogre", 2, 0);
    Game *g = tm_game(m, 21);
    char why[256];
    CHECK(cast(g, 0, SWIFT, 0, NULL, why, sizeof why));
    CHECK(game_piece(g, 0)->double_move);
    CHECK(tm_do(g, ACTION_ROLL, 0, -1, 0, 0, NULL));
    int dice[GAME_MAX_DICE];
    int doubled = game_move_dice(g, dice);
    CHECK(!game_piece(g, 0)->double_move);
    turn_of(g, 0);
    CHECK(tm_do(g, ACTION_ROLL, 0, -1, 0, 0, NULL));
    int usual = game_move_dice(g, dice);
    CHECK(usual >= 1);
    CHECK_INT(doubled, 2 * usual);
    turn_of(g, 0);
    CHECK(cast(g, 0, COURAGE, 1, NULL, why, sizeof why));
    CHECK(tm_do(g, ACTION_END, -1, -1, 0, 0, NULL));
    GameEvents ev;
    game_events_init(&ev);
    CHECK(tm_do(g, ACTION_ATTACK, 1, 2, 0, 0, &ev));
    CHECK(find_event(&ev, EVENT_ATTACK) && find_event(&ev, EVENT_ATTACK)->dice_count == 5);
    CHECK_INT(game_piece(g, 1)->attack_bonus, 0);
    turn_of(g, 1);
    game_events_clear(&ev);
    CHECK(tm_do(g, ACTION_ATTACK, 1, 2, 0, 0, &ev));
    CHECK(find_event(&ev, EVENT_ATTACK) && find_event(&ev, EVENT_ATTACK)->dice_count == 3);
    game_events_free(&ev);
    game_destroy(g);
    tm_destroy(m);
}

/* Rock Skin: one more defence die until the hero is hurt. */
static void test_rock_skin(void)
{
    static const char *const rows[] = {"aaaa"};
    Mission *m = tm_create(rows, 1);
    add_spells(m);
    tm_hero(m, "wizard", 0, 0);
    tm_hero(m, "barbarian", 1, 0);
    tm_monster(m, "", "brute", 2, 0);
    Game *g = tm_game(m, 4);
    char why[256];
    CHECK(cast(g, 0, SKIN, 1, NULL, why, sizeof why));
    CHECK_INT(game_piece(g, 1)->defend_bonus, 1);
    GameEvents ev;
    game_events_init(&ev);
    int defences = 0;
    for (int k = 0; k < 30 && game_piece(g, 1)->body == 8; k++) {
        game_events_clear(&ev);
        turn_of(g, 1);
        CHECK(tm_do(g, ACTION_END, -1, -1, 0, 0, &ev)); /* the brute attacks him */
        for (size_t i = 0; i < ev.count; i++)
            if (ev.items[i].kind == EVENT_ATTACK && ev.items[i].target == 1 &&
                ev.items[i].dice2_count > 0) {
                CHECK_INT(ev.items[i].dice2_count, 3); /* defend 2 + 1 */
                defences++;
            }
    }
    CHECK(defences > 0);
    CHECK(game_piece(g, 1)->body < 8);
    CHECK_INT(game_piece(g, 1)->defend_bonus, 0);
    game_events_free(&ev);
    game_destroy(g);
    tm_destroy(m);
}

/* Pass Through Rock: the next move goes through a wall and past a closed
 * locked door without opening it; afterwards walls hold again. Veil of
 * Mist: the next move passes through a monster. */
static void test_moves(void)
{
    static const char *const rows[] = {"aab", "aab", "ccc"};
    Mission *m = tm_create(rows, 3);
    add_spells(m);
    tm_hero(m, "wizard", 1, 0);
    tm_hero(m, "elf", 0, 2);
    tm_monster(m, "", "ogre", 1, 2);
    tm_treasure(m, "key", TREASURE_ITEM, 0, 2, 0);
    tm_locked_door(m, 1, 1, GRID_DIR_EAST, 0);
    Game *g = tm_game(m, 8);
    CHECK(!game_step_allowed(g, 0, (BoardPos){1, 0}, (BoardPos){2, 0})); /* a wall */
    char why[256];
    CHECK(cast(g, 0, ROCK, 0, NULL, why, sizeof why));
    CHECK(game_step_allowed(g, 0, (BoardPos){1, 0}, (BoardPos){2, 0}));
    CHECK(tm_do(g, ACTION_ROLL, 0, -1, 0, 0, NULL));
    BoardPos r[16];
    size_t n = game_reachable(g, 0, -1, r, 16);
    bool beyond = false;
    for (size_t i = 0; i < n && i < 16; i++)
        beyond |= grid_pos_equal(r[i], (BoardPos){2, 1});
    CHECK(beyond);
    CHECK(tm_do(g, ACTION_MOVE, 0, -1, 2, 1, NULL));
    CHECK(grid_pos_equal(game_piece(g, 0)->pos, (BoardPos){2, 1}));
    CHECK(!game_door(g, 0)->open);
    CHECK(game_piece(g, 0)->pass_walls); /* until the end of this turn */
    CHECK(tm_do(g, ACTION_END, -1, -1, 0, 0, NULL));
    CHECK(!game_piece(g, 0)->pass_walls);
    CHECK(!game_step_allowed(g, 0, (BoardPos){2, 1}, (BoardPos){1, 1}));
    /* the elf: through the ogre at (1,2) to (2,2) */
    CHECK_INT(game_current(g), 1);
    CHECK(tm_do(g, ACTION_ROLL, 1, -1, 0, 0, NULL));
    BoardPos path[8];
    CHECK(game_path(g, 1, (BoardPos){2, 2}, path, 8) < 0);
    CHECK(cast(g, 1, VEIL, 1, NULL, why, sizeof why));
    CHECK_INT(game_path(g, 1, (BoardPos){2, 2}, path, 8), 2);
    CHECK(!game_step_allowed(g, 1, (BoardPos){0, 2}, (BoardPos){1, 2})); /* no stopping on it */
    CHECK(tm_do(g, ACTION_MOVE, 1, -1, 2, 2, NULL));
    CHECK(grid_pos_equal(game_piece(g, 1)->pos, (BoardPos){2, 2}));
    game_destroy(g);
    tm_destroy(m);
}

/* A cast is in the log and a save replays it to the same game. */
static void test_save(void)
{
    static const char *const rows[] = {"aaaa"};
    Mission *m = tm_create(rows, 1);
    add_spells(m);
    tm_hero(m, "wizard", 0, 0);
    tm_monster(m, "", "ogre", 3, 0);
    Game *g = tm_game(m, 9);
    char why[256];
    CHECK(cast(g, 0, FLAME, 1, NULL, why, sizeof why));
    CHECK(tm_do(g, ACTION_END, -1, -1, 0, 0, NULL));
    CHECK(cast(g, 0, COURAGE, 0, NULL, why, sizeof why));
    size_t size = 0;
    char *text = save_format(g, "m.xml", &size);
    CHECK(strstr(text, "\ncast 0 1 0 0 6\n") != NULL);
    SaveData sd;
    char err[256];
    CHECK(save_parse(text, size, &sd, err, sizeof err));
    Game *back = save_replay(m, &sd, err, sizeof err);
    CHECK(back != NULL);
    if (back) {
        CHECK(game_rng_state(back) == game_rng_state(g));
        CHECK_INT(game_piece(back, 1)->body, game_piece(g, 1)->body);
        CHECK(game_piece(back, 0)->spells == game_piece(g, 0)->spells);
        CHECK_INT(game_piece(back, 0)->attack_bonus, 2);
    }
    game_destroy(back);
    save_data_free(&sd);
    /* a cast line without its spell is refused (with a right checksum) */
    char *bad = strstr(text, "\ncast 0 1 0 0 6\n"), *sum = strstr(text, "checksum ");
    if (bad && sum) {
        memcpy(bad, "\ncast 0 1 0 0  \n", 16);
        size_t body = (size_t)(sum - text);
        char *fixed = xmalloc(body + 64, 1);
        memcpy(fixed, text, body);
        int len = snprintf(fixed + body, 64, "checksum %016" PRIx64 "\n", save_checksum(fixed, body));
        CHECK(!save_parse(fixed, body + (size_t)len, &sd, err, sizeof err));
        CHECK_STR_CONTAINS(err, "expected an action");
        free(fixed);
    }
    free(text);
    game_destroy(g);
    tm_destroy(m);
}

/* Issue 10.10: Pass Through Rock crosses rock (#c3c3c3) and rubble but
 * never ends on it. */
static void test_through_rock(void)
{
    static const char *const rows[] = {"aaa##b", "aaa#.b"};
    Mission *m = tm_create(rows, 2);
    add_spells(m);
    tm_hero(m, "wizard", 0, 0);
    tm_rubble(m, 1, 0);
    Game *g = tm_game(m, 8);
    char why[256];
    BoardPos path[16];
    CHECK_INT(game_path(g, 0, (BoardPos){5, 0}, path, 16), -1);
    CHECK(cast(g, 0, ROCK, 0, NULL, why, sizeof why));
    CHECK(!game_step_allowed(g, 0, (BoardPos){0, 0}, (BoardPos){1, 0})); /* rubble: no stopping */
    CHECK(!game_step_allowed(g, 0, (BoardPos){2, 0}, (BoardPos){3, 0})); /* rock: no stopping */
    CHECK_INT(game_path(g, 0, (BoardPos){5, 0}, path, 16), 5); /* over rubble and two rocks */
    CHECK(grid_pos_equal(path[0], (BoardPos){1, 0}));
    CHECK_INT(game_path(g, 0, (BoardPos){3, 0}, path, 16), -1); /* ending on rock */
    CHECK_INT(game_path(g, 0, (BoardPos){1, 0}, path, 16), -1); /* ending on rubble */
    CHECK_INT(game_path(g, 0, (BoardPos){4, 1}, path, 16), -1); /* on no square at all */
    CHECK(tm_do(g, ACTION_ROLL, 0, -1, 0, 0, NULL));
    BoardPos r[32];
    size_t n = game_reachable(g, 0, -1, r, 32);
    for (size_t i = 0; i < n && i < 32; i++)
        CHECK(board_walkable(m->board, r[i]) && !game_square_rubble(g, r[i]));
    CHECK(tm_do(g, ACTION_MOVE, 0, -1, 5, 0, NULL));
    CHECK(grid_pos_equal(game_piece(g, 0)->pos, (BoardPos){5, 0}));
    game_destroy(g);
    tm_destroy(m);
}

int main(void)
{
    test_through_rock();
    test_books_and_targets();
    test_damage();
    test_heal_and_genie();
    test_sleep_and_tempest();
    test_bonuses();
    test_rock_skin();
    test_moves();
    test_save();
    return check_finish("spells");
}
