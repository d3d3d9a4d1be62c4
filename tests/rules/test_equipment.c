/* Equipment changes combat and movement exactly as the catalogue says
 * (docs/rules.md, "Equipment"): weapon dice, extra dice against some
 * foes, armour's defence dice, plate armour's single movement die,
 * diagonal strikes past no wall corner, the crossbow at range but never
 * next to the hero, thrown weapons lost until picked up, two-handed
 * weapons and shields, who may use what; kits in saves. The items are the
 * bundled catalogue's. */
#include "mission_builder.h"

#include "rules/save.h"

static Catalogue *bundled;

static int item(const char *id)
{
    int i = catalogue_find_item(bundled, id);
    CHECK(i >= 0);
    return i;
}

/* A board from rows with the bundled catalogue plus the builder's test
 * monsters (titan: 12 attack dice; straw: no defence, 1 body point). */
static Mission *eq_mission(const char *const *rows, int h)
{
    Mission *m = tm_create(rows, h);
    Catalogue *test = m->catalogue;
    m->catalogue = catalogue_clone(bundled);
    catalogue_put(m->catalogue, catalogue_find(test, "titan"));
    catalogue_put(m->catalogue, catalogue_find(test, "ogre"));
    tm_type(m->catalogue, "straw", PIECE_MONSTER, 0, 0, 0, 1, PIECE_BLOCKS_MOVE, 1, 1);
    catalogue_destroy(test);
    return m;
}

/* A setup of every mission hero, each carrying the listed item ids (NULL
 * ends a hero's list; a leading '*' wears it). */
static GameSetup kits(const Mission *m, const char *const *lists[])
{
    GameSetup s = {0};
    s.hero_count = (int)m->hero_count;
    s.has_kits = true;
    for (int h = 0; h < s.hero_count; h++) {
        s.heroes[h] = h;
        for (const char *const *id = lists[h]; *id; id++) {
            bool worn = (*id)[0] == '*';
            s.kits[h].items[s.kits[h].count++] = (GameItem){(int16_t)item(*id + worn), worn};
        }
    }
    return s;
}

static Game *kit_game(const Mission *m, const GameSetup *s, uint64_t seed)
{
    char why[256] = "";
    Game *g = game_create(m, s, seed, why, sizeof why);
    if (!g)
        fprintf(stderr, "game_create: %s\n", why);
    CHECK(g != NULL);
    return g;
}

static bool attack(Game *g, int piece, int target, const char *weapon, GameEvents *ev, char *why)
{
    Action a = {ACTION_ATTACK, piece, target, {0, 0}, -1, weapon ? GAME_ITEM_REF(item(weapon)) : 0};
    char scratch[256];
    return game_apply(g, &a, ev, why ? why : scratch, 256);
}

static const GameEvent *last(const GameEvents *ev, EventKind kind)
{
    for (size_t i = ev->count; i-- > 0;)
        if (ev->items[i].kind == kind)
            return &ev->items[i];
    return NULL;
}

/* The starting kits give the heroes' figures: dice seen in the events. */
static void test_starting_kits(void)
{
    static const char *const rows[] = {"aaaaa", "aaaaa"};
    static const struct {
        const char *hero, *weapon;
        int dice;
    } cases[] = {{"barbarian", "broadsword", 3}, {"dwarf", "shortsword", 2},
                 {"elf", "shortsword", 2}, {"wizard", "dagger", 1}};
    for (size_t i = 0; i < 4; i++) {
        Mission *m = eq_mission(rows, 2);
        tm_hero(m, cases[i].hero, 0, 0);
        tm_monster(m, "", "ogre", 1, 0);
        Game *g = tm_game(m, 7);
        const GamePiece *h = game_piece(g, 0);
        CHECK_INT(h->item_count, 1);
        CHECK_INT(h->items[0].item, item(cases[i].weapon));
        CHECK_INT(game_hand_weapon(g, 0), item(cases[i].weapon));
        GameEvents ev;
        game_events_init(&ev);
        CHECK(attack(g, 0, 1, NULL, &ev, NULL));
        const GameEvent *e = last(&ev, EVENT_ATTACK);
        CHECK(e && e->dice_count == cases[i].dice && e->item == item(cases[i].weapon));
        CHECK_STR_CONTAINS(e ? e->text : NULL, cases[i].weapon[0] == 'b' ? "Broadsword" : "with the");
        game_events_free(&ev);
        game_destroy(g);
        tm_destroy(m);
    }
}

/* Weapon dice, bonus dice against the undead, bare hands, who may use what. */
static void test_attack_dice(void)
{
    static const char *const rows[] = {"aaaaa", "aaaaa"};
    Mission *m = eq_mission(rows, 2);
    tm_hero(m, "barbarian", 0, 0);
    tm_hero(m, "wizard", 0, 1);
    tm_monster(m, "", "skeleton", 1, 0);
    tm_monster(m, "", "orc", 1, 1);
    const char *const barb[] = {"battle_axe", "wraithbane", NULL};
    const char *const wiz[] = {"broadsword", "dagger", NULL};
    const char *const *lists[] = {barb, wiz};
    GameSetup s = kits(m, lists);
    Game *g = kit_game(m, &s, 3);
    /* the skeleton: Wraithbane's 3 + 2 beat the battle axe's 4 */
    CHECK_INT(game_attack_weapon(g, 0, 2, 0, NULL, 0), item("wraithbane"));
    CHECK_INT(game_attack_dice(g, 0, 2, item("wraithbane")), 5);
    CHECK_INT(game_attack_dice(g, 0, 3, item("wraithbane")), 3);
    CHECK_INT(game_attack_dice(g, 0, 2, item("battle_axe")), 4);
    GameEvents ev;
    game_events_init(&ev);
    CHECK(attack(g, 0, 2, NULL, &ev, NULL));
    CHECK_INT(last(&ev, EVENT_ATTACK)->dice_count, 5);
    /* the Wizard may not use the broadsword: it strikes with the dagger */
    CHECK(!game_may_use(g, 1, item("broadsword")));
    CHECK(game_may_use(g, 1, item("dagger")));
    CHECK(tm_do(g, ACTION_END, 0, -1, 0, 0, NULL));
    char why[256] = "";
    CHECK(!attack(g, 1, 3, "broadsword", NULL, why));
    CHECK_STR_CONTAINS(why, "may use");
    CHECK_INT(game_attack_weapon(g, 1, 3, 0, NULL, 0), item("dagger"));
    CHECK(!attack(g, 1, 3, "crossbow", NULL, why));
    CHECK_STR_CONTAINS(why, "does not carry");
    game_events_clear(&ev);
    CHECK(attack(g, 1, 3, NULL, &ev, NULL));
    CHECK_INT(last(&ev, EVENT_ATTACK)->dice_count, 1);
    CHECK_INT(game_piece(g, 1)->item_count, 2); /* a dagger in hand is not thrown */
    game_events_free(&ev);
    game_destroy(g);

    /* A hero whose type names a kit but who carries no weapon: 1 die. */
    const char *const none[] = {NULL};
    const char *const *bare[] = {none, none};
    s = kits(m, bare);
    g = kit_game(m, &s, 3);
    CHECK_INT(game_attack_weapon(g, 0, 2, 0, NULL, 0), -1);
    CHECK_INT(game_attack_dice(g, 0, 2, -1), 1);
    game_destroy(g);
    tm_destroy(m);
}

/* Armour adds defence dice only when worn; plate armour rolls 1 die to move. */
static void test_armour(void)
{
    static const char *const rows[] = {"aaaaaa", "aaaaaa"};
    Mission *m = eq_mission(rows, 2);
    tm_hero(m, "barbarian", 0, 0);
    tm_hero(m, "dwarf", 5, 0);
    tm_hero(m, "elf", 0, 1);
    tm_monster(m, "", "titan", 1, 0);
    const char *const plate[] = {"broadsword", "*plate_armour", "*helmet", "*shield", NULL};
    const char *const mail[] = {"shortsword", "chain_mail", NULL}; /* carried, not worn */
    const char *const deep[] = {"shortsword", "*deepforge_mail", NULL};
    const char *const *lists[] = {plate, mail, deep};
    GameSetup s = kits(m, lists);
    Game *g = kit_game(m, &s, 11);
    CHECK_INT(game_defend_dice(g, 0), 2 + 2 + 1 + 1);
    CHECK_INT(game_defend_dice(g, 1), 2);
    CHECK_INT(game_defend_dice(g, 2), 4);
    CHECK_INT(game_move_dice_count(g, 0), 1);
    CHECK_INT(game_move_dice_count(g, 1), 6); /* the test mission's move-dice */
    CHECK_INT(game_move_dice_count(g, 2), 6); /* deepforge mail weighs nothing */
    GameEvents ev;
    game_events_init(&ev);
    CHECK(tm_do(g, ACTION_ROLL, 0, -1, 0, 0, &ev));
    CHECK_INT(last(&ev, EVENT_ROLL)->dice_count, 1);
    /* the titan strikes the barbarian (lowest id next to it): 6 defence dice */
    CHECK(tm_do(g, ACTION_END, 0, -1, 0, 0, NULL));
    CHECK(tm_do(g, ACTION_END, 1, -1, 0, 0, NULL));
    game_events_clear(&ev);
    CHECK(tm_do(g, ACTION_END, 2, -1, 0, 0, &ev));
    const GameEvent *e = last(&ev, EVENT_ATTACK);
    CHECK(e && e->piece == 3);
    if (e && e->dice2_count)
        CHECK_INT(e->dice2_count, e->target == 0 ? 6 : 4);
    game_events_free(&ev);
    game_destroy(g);

    /* Two worn body armours, or a worn weapon, are refused. */
    const char *const two[] = {"*chain_mail", "*plate_armour", NULL};
    const char *const *bad[] = {two, mail, deep};
    s = kits(m, bad);
    char why[256] = "";
    CHECK(game_create(m, &s, 1, why, sizeof why) == NULL);
    CHECK_STR_CONTAINS(why, "two body items worn");
    const char *const wield[] = {"*broadsword", NULL};
    const char *const *bad2[] = {wield, mail, deep};
    s = kits(m, bad2);
    CHECK(game_create(m, &s, 1, why, sizeof why) == NULL);
    CHECK_STR_CONTAINS(why, "is not worn");
    tm_destroy(m);
}

/* Diagonal strikes: only with weapons that allow them, and never past a
 * wall corner; the battle axe is two-handed. */
static void test_diagonal_and_two_handed(void)
{
    /* rooms a and b: between (3,0) and (4,1) stands a wall corner */
    static const char *const rows[] = {"aaaaa", "aaaab"};
    Mission *m = eq_mission(rows, 2);
    tm_hero(m, "barbarian", 0, 0);
    tm_hero(m, "dwarf", 3, 0);
    tm_monster(m, "", "ogre", 1, 1); /* 2: diagonal to the barbarian, open floor */
    tm_monster(m, "", "ogre", 4, 1); /* 3: diagonal to the dwarf, past a wall corner */
    tm_monster(m, "", "ogre", 2, 1); /* 4: diagonal to the dwarf, open floor */
    const char *const lsw[] = {"longsword", "battle_axe", "*shield", NULL};
    const char *const bsw[] = {"broadsword", "staff", NULL};
    const char *const *lists[] = {lsw, bsw};
    GameSetup s = kits(m, lists);
    Game *g = kit_game(m, &s, 5);
    char why[256] = "";
    /* the battle axe needs both hands and the barbarian wears a shield */
    CHECK(game_attack_weapon(g, 0, 2, GAME_ITEM_REF(item("battle_axe")), why, sizeof why) == -2);
    CHECK_STR_CONTAINS(why, "shield");
    CHECK_INT(game_attack_weapon(g, 0, 2, 0, NULL, 0), item("longsword"));
    GameEvents ev;
    game_events_init(&ev);
    CHECK(attack(g, 0, 2, NULL, &ev, NULL));
    CHECK_INT(last(&ev, EVENT_ATTACK)->dice_count, 3);
    CHECK(tm_do(g, ACTION_END, 0, -1, 0, 0, NULL));
    /* ogre 3 is diagonal across a wall corner: nothing reaches it (and
     * the heroes have not seen it, so the attack itself is refused too) */
    CHECK(game_attack_weapon(g, 1, 3, GAME_ITEM_REF(item("staff")), why, sizeof why) == -2);
    CHECK_STR_CONTAINS(why, "not next to");
    CHECK(!attack(g, 1, 3, "staff", NULL, why));
    /* the broadsword does not strike diagonally; the staff does */
    CHECK(!attack(g, 1, 4, "broadsword", NULL, why));
    CHECK_STR_CONTAINS(why, "cannot reach");
    CHECK_INT(game_attack_weapon(g, 1, 4, 0, NULL, 0), item("staff"));
    game_events_clear(&ev);
    CHECK(attack(g, 1, 4, NULL, &ev, NULL));
    CHECK_INT(last(&ev, EVENT_ATTACK)->dice_count, 1);
    game_events_free(&ev);
    game_destroy(g);
    tm_destroy(m);
}

/* The crossbow: at range in sight, never at a neighbour; not through walls. */
static void test_crossbow(void)
{
    static const char *const rows[] = {"aaaaaa", "aaaaaa", "bbbbbb"};
    Mission *m = eq_mission(rows, 3);
    tm_hero(m, "elf", 0, 0);
    tm_monster(m, "", "ogre", 4, 0);  /* in sight, 4 squares away */
    tm_monster(m, "", "ogre", 0, 1);  /* next to the elf */
    tm_monster(m, "", "ogre", 1, 2);  /* another room: a wall between */
    tm_monster(m, "", "ogre", 1, 1);  /* diagonal neighbour */
    const char *const bow[] = {"crossbow", NULL};
    const char *const *lists[] = {bow};
    GameSetup s = kits(m, lists);
    Game *g = kit_game(m, &s, 9);
    char why[256] = "";
    CHECK_INT(game_attack_weapon(g, 0, 1, 0, NULL, 0), item("crossbow"));
    CHECK(!attack(g, 0, 2, "crossbow", NULL, why));
    CHECK_STR_CONTAINS(why, "cannot reach");
    CHECK_INT(game_attack_weapon(g, 0, 2, 0, NULL, 0), -1); /* bare hands next to it */
    CHECK(!attack(g, 0, 4, "crossbow", NULL, why));
    CHECK(game_attack_weapon(g, 0, 3, 0, why, sizeof why) == -2);
    CHECK_STR_CONTAINS(why, "not next to");
    GameEvents ev;
    game_events_init(&ev);
    CHECK(attack(g, 0, 1, NULL, &ev, NULL));
    const GameEvent *e = last(&ev, EVENT_ATTACK);
    CHECK(e && e->dice_count == 3);
    CHECK_STR_CONTAINS(e ? e->text : NULL, "shoots");
    CHECK_INT(game_piece(g, 0)->item_count, 1); /* a crossbow is not lost */
    game_events_free(&ev);
    game_destroy(g);
    tm_destroy(m);
}

/* A thrown weapon leaves the hero, lies where the target stood, and comes
 * back to whoever steps onto that square. */
static void test_thrown(void)
{
    static const char *const rows[] = {"aaaaaa"};
    bool killed = false;
    for (uint64_t seed = 1; seed < 40 && !killed; seed++) {
        Mission *m = eq_mission(rows, 1);
        tm_hero(m, "dwarf", 0, 0);
        tm_monster(m, "", "straw", 3, 0);
        const char *const axe[] = {"hand_axe", "shortsword", NULL};
        const char *const *lists[] = {axe};
        GameSetup s = kits(m, lists);
        Game *g = kit_game(m, &s, seed);
        /* nothing else reaches from afar: the game throws the hand axe */
        CHECK_INT(game_attack_weapon(g, 0, 1, 0, NULL, 0), item("hand_axe"));
        GameEvents ev;
        game_events_init(&ev);
        CHECK(attack(g, 0, 1, NULL, &ev, NULL));
        CHECK_STR_CONTAINS(last(&ev, EVENT_ATTACK)->text, "throws the Hand Axe");
        CHECK_INT(game_piece(g, 0)->item_count, 1);
        CHECK_INT(game_drop_count(g), 1);
        CHECK(game_drop(g, 0)->pos.x == 3 && game_drop(g, 0)->owner == 0 && !game_drop(g, 0)->taken);
        killed = !game_piece(g, 1)->alive;
        if (killed) {
            CHECK(tm_do(g, ACTION_ROLL, 0, -1, 0, 0, NULL));
            game_events_clear(&ev);
            CHECK(tm_do(g, ACTION_MOVE, 0, -1, 4, 0, &ev));
            CHECK_INT(tm_count(&ev, EVENT_PICK_UP), 1);
            CHECK(game_drop(g, 0)->taken);
            CHECK_INT(game_piece(g, 0)->item_count, 2);
            CHECK_INT(game_piece(g, 0)->items[1].item, item("hand_axe"));
        }
        game_events_free(&ev);
        game_destroy(g);
        tm_destroy(m);
    }
    CHECK(killed);
}

/* Kits and chosen weapons survive a save: the replay is the same game. */
static void test_save(void)
{
    static const char *const rows[] = {"aaaaaa", "aaaaaa"};
    Mission *m = eq_mission(rows, 2);
    tm_hero(m, "barbarian", 0, 0);
    tm_hero(m, "elf", 0, 1);
    tm_monster(m, "", "ogre", 4, 0);
    tm_monster(m, "", "ogre", 1, 1);
    const char *const barb[] = {"spear", "*plate_armour", "*helmet", NULL};
    const char *const elf[] = {"crossbow", "shortsword", NULL};
    const char *const *lists[] = {barb, elf};
    GameSetup s = kits(m, lists);
    Game *g = kit_game(m, &s, 21);
    CHECK(tm_do(g, ACTION_ROLL, 0, -1, 0, 0, NULL));
    CHECK(attack(g, 0, 2, "spear", NULL, NULL)); /* thrown at range */
    CHECK(tm_do(g, ACTION_END, 0, -1, 0, 0, NULL));
    CHECK(attack(g, 1, 3, "shortsword", NULL, NULL));
    size_t size;
    char *text = save_format(g, "test.xml", &size);
    CHECK_STR_CONTAINS(text, "kit 0 3 ");
    CHECK_STR_CONTAINS(text, "w ");
    SaveData d;
    char err[256] = "";
    CHECK(save_parse(text, size, &d, err, sizeof err));
    CHECK(d.setup.has_kits && d.setup.kits[0].count == 3 && d.setup.kits[0].items[1].worn);
    Game *r = save_replay(m, &d, err, sizeof err);
    CHECK(r != NULL);
    if (r) {
        CHECK(game_rng_state(r) == game_rng_state(g));
        CHECK_INT(game_piece(r, 0)->item_count, game_piece(g, 0)->item_count);
        CHECK_INT(game_drop_count(r), 1);
        size_t size2;
        char *again = save_format(r, "test.xml", &size2);
        CHECK(size2 == size && memcmp(again, text, size) == 0);
        free(again);
    }
    game_destroy(r);
    save_data_free(&d);
    free(text);
    game_destroy(g);

    /* A save from before equipment (no kit lines, attacks without a
     * weapon) still reads and replays with the starting kits. */
    const char *old_body = "questboard-save 1\nmission test.xml\nmission-hash 00000000000004d2\n"
                           "seed 5\nheroes 2 0 1\nactions 1\nattack 0 3 0 0\n";
    char old[512];
    snprintf(old, sizeof old, "%schecksum %016llx\n", old_body,
             (unsigned long long)save_checksum(old_body, strlen(old_body)));
    CHECK(!save_parse(old, strlen(old), &d, err, sizeof err) || !d.setup.has_kits);
    /* the barbarian is not next to ogre 3: that attack does not replay */
    r = save_replay(m, &d, err, sizeof err);
    CHECK(r == NULL);
    save_data_free(&d);
    const char *good_body = "questboard-save 1\nmission test.xml\nmission-hash 00000000000004d2\n"
                            "seed 5\nheroes 2 0 1\nactions 2\nend 0 -1 0 0\nattack 1 3 0 0\n";
    snprintf(old, sizeof old, "%schecksum %016llx\n", good_body,
             (unsigned long long)save_checksum(good_body, strlen(good_body)));
    CHECK(save_parse(old, strlen(old), &d, err, sizeof err));
    r = save_replay(m, &d, err, sizeof err);
    CHECK(r != NULL);
    if (r)
        CHECK_INT(game_piece(r, 1)->items[0].item, item("shortsword"));
    game_destroy(r);
    save_data_free(&d);
    tm_destroy(m);
}

int main(void)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/assets/pieces.xml", getenv("QUESTBOARD_DATA"));
    ErrorList errs;
    errors_init(&errs, 0);
    bundled = catalogue_load(path, &errs);
    errors_print(&errs, stderr);
    errors_clear(&errs);
    CHECK(bundled != NULL);
    if (!bundled)
        return check_finish("equipment");
    test_starting_kits();
    test_attack_dice();
    test_armour();
    test_diagonal_and_two_handed();
    test_crossbow();
    test_thrown();
    test_save();
    catalogue_destroy(bundled);
    return check_finish("equipment");
}
