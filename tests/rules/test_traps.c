/* Traps as in HeroQuest (docs/rules.md, "Traps"): a sprung trap ends the
 * hero's turn; the pit stays open, costs a die to attack and defend, may
 * be jumped, and no monster stops on it; the spear; the falling block;
 * chest traps; disarming with a tool kit or the Dwarf's skill; paths that
 * keep off known traps; monsters never stopping on an exit. */
#include "mission_builder.h"

#include "rules/game_internal.h"

static int find_kind(const GameEvents *ev, EventKind kind)
{
    for (size_t i = 0; i < ev->count; i++)
        if (ev->items[i].kind == kind)
            return (int)i;
    return -1;
}

/* The barbarian walks into a hidden pit: 1 body point, it stays in the
 * open pit, its turn ends; in the pit it attacks and defends with one die
 * fewer; it climbs out with its next move. */
static void test_pit(void)
{
    static const char *const rows[] = {"aaaaaaaa", "aaaaaaaa"};
    Mission *m = tm_create(rows, 2);
    tm_hero(m, "barbarian", 0, 0);
    tm_hero(m, "dwarf", 0, 1);
    tm_monster(m, "", "ogre", 3, 0); /* harmless (0 attack dice), tough */
    tm_trap(m, TRAP_PIT, 2, 0);
    GameEvents ev;
    game_events_init(&ev);
    Game *g = tm_game(m, 7);
    CHECK(tm_do(g, ACTION_ROLL, 0, -1, 0, 0, NULL));
    CHECK(tm_do(g, ACTION_MOVE, 0, -1, 2, 0, &ev));
    const GamePiece *b = game_piece(g, 0);
    CHECK(grid_pos_equal(b->pos, (BoardPos){2, 0}));
    CHECK_INT(b->body, b->body_max - 1);
    const GameTrap *pit = game_trap(g, 0);
    CHECK(pit->found && pit->sprung && !pit->gone);
    /* The turn is over: no action, no move; the dwarf plays. */
    CHECK_INT(game_current(g), 1);
    CHECK(!tm_do(g, ACTION_ATTACK, 0, 2, 0, 0, NULL));
    CHECK(tm_do(g, ACTION_END, -1, -1, 0, 0, NULL));
    CHECK_INT(game_current(g), 0);
    /* In the pit: 3 attack dice become 2. */
    game_events_clear(&ev);
    CHECK(tm_do(g, ACTION_ATTACK, 0, 2, 0, 0, &ev));
    int at = find_kind(&ev, EVENT_ATTACK);
    CHECK(at >= 0 && ev.items[at].dice_count == 2);
    /* It climbs out with its move (after its action). */
    CHECK(tm_do(g, ACTION_ROLL, 0, -1, 0, 0, NULL));
    game_events_clear(&ev);
    CHECK(tm_do(g, ACTION_MOVE, 0, -1, 2, 1, &ev));
    CHECK(grid_pos_equal(b->pos, (BoardPos){2, 1}));
    CHECK_INT(tm_count(&ev, EVENT_TRAP_SPRUNG), 0);
    CHECK(!game_trap(g, 0)->gone); /* the pit stays */
    game_events_free(&ev);
    game_destroy(g);
    tm_destroy(m);
}

/* Defending in a pit: the titan strikes the barbarian in the pit; it
 * rolls one defence die fewer. */
static void test_pit_defence(void)
{
    static const char *const rows[] = {"aaaa"};
    Mission *m = tm_create(rows, 1);
    tm_hero(m, "barbarian", 0, 0);
    tm_monster(m, "", "titan", 3, 0);
    tm_trap(m, TRAP_PIT, 1, 0);
    int checked = 0;
    for (uint64_t seed = 1; seed < 40 && checked < 3; seed++) {
        Game *g = tm_game(m, seed);
        GameEvents ev;
        game_events_init(&ev);
        CHECK(tm_do(g, ACTION_ROLL, 0, -1, 0, 0, NULL));
        CHECK(tm_do(g, ACTION_MOVE, 0, -1, 1, 0, &ev)); /* into the pit; the titan moves up */
        int at = find_kind(&ev, EVENT_ATTACK);
        if (at >= 0 && ev.items[at].dice2_count > 0) {
            CHECK_INT(ev.items[at].dice2_count, 1); /* 2 defence dice, one fewer */
            checked++;
        }
        game_events_free(&ev);
        game_destroy(g);
    }
    CHECK(checked > 0);
    tm_destroy(m);
}

/* A known pit: paths go around it when they can; passing over it is a
 * jump (a skull: into the pit); no monster stops on it. */
static void test_known_pit(void)
{
    static const char *const rows[] = {"aaaaaa", "aaaaaa"};
    Mission *m = tm_create(rows, 2);
    tm_hero(m, "barbarian", 0, 0);
    tm_trap(m, TRAP_PIT, 2, 0);
    Game *g = tm_game(m, 3);
    BoardPos path[16];
    CHECK_INT(game_path(g, 0, (BoardPos){4, 0}, path, 16), 4); /* straight over: unknown */
    CHECK(grid_pos_equal(path[1], (BoardPos){2, 0}));
    CHECK(tm_do(g, ACTION_SEARCH_TRAPS, 0, -1, 0, 0, NULL));
    CHECK(game_trap(g, 0)->found);
    /* Found: the equally short way below it, a longer one never needed. */
    CHECK_INT(game_path(g, 0, (BoardPos){4, 0}, path, 16), 6);
    for (int k = 0; k < 6; k++)
        CHECK(!grid_pos_equal(path[k], (BoardPos){2, 0}));
    /* An equally short way that keeps off it. */
    CHECK_INT(game_path(g, 0, (BoardPos){3, 1}, path, 16), 4);
    for (int k = 0; k < 4; k++)
        CHECK(!grid_pos_equal(path[k], (BoardPos){2, 0}));
    /* Onto the pit on purpose: the goal itself. */
    CHECK_INT(game_path(g, 0, (BoardPos){2, 0}, path, 16), 2);
    /* The move takes the way around. */
    CHECK(tm_do(g, ACTION_END, -1, -1, 0, 0, NULL));
    CHECK(tm_do(g, ACTION_ROLL, 0, -1, 0, 0, NULL));
    GameEvents ev;
    game_events_init(&ev);
    CHECK(tm_do(g, ACTION_MOVE, 0, -1, 4, 0, &ev));
    CHECK_INT(tm_count(&ev, EVENT_STEP), 6);
    CHECK_INT(tm_count(&ev, EVENT_JUMP) + tm_count(&ev, EVENT_TRAP_SPRUNG), 0);
    CHECK(grid_pos_equal(game_piece(g, 0)->pos, (BoardPos){4, 0}));
    game_events_free(&ev);
    game_destroy(g);
    tm_destroy(m);

    /* A corridor one square wide: the only way is over the pit, a jump. */
    static const char *const line[] = {"aaaaaa"};
    int over = 0, fell = 0;
    for (uint64_t seed = 1; seed < 60; seed++) {
        m = tm_create(line, 1);
        tm_hero(m, "barbarian", 0, 0);
        tm_hero(m, "dwarf", 5, 0);
        tm_trap(m, TRAP_PIT, 2, 0);
        g = tm_game(m, seed);
        CHECK(tm_do(g, ACTION_SEARCH_TRAPS, 0, -1, 0, 0, NULL));
        CHECK(tm_do(g, ACTION_ROLL, 0, -1, 0, 0, NULL));
        game_events_init(&ev);
        CHECK(tm_do(g, ACTION_MOVE, 0, -1, 4, 0, &ev));
        int j = find_kind(&ev, EVENT_JUMP);
        CHECK(j >= 0);
        const GamePiece *b = game_piece(g, 0);
        if (j >= 0 && ev.items[j].value2) {
            over++;
            CHECK(ev.items[j].dice[0] != DIE_SKULL);
            CHECK(grid_pos_equal(b->pos, (BoardPos){4, 0}));
            CHECK_INT(b->body, b->body_max);
            CHECK_INT(tm_count(&ev, EVENT_TRAP_SPRUNG), 0);
        } else if (j >= 0) {
            fell++;
            CHECK(ev.items[j].dice[0] == DIE_SKULL);
            CHECK(grid_pos_equal(b->pos, (BoardPos){2, 0}));
            CHECK_INT(b->body, b->body_max - 1);
            CHECK_INT(game_current(g), 1); /* the turn ends */
        }
        game_events_free(&ev);
        game_destroy(g);
        tm_destroy(m);
    }
    CHECK(over > 10 && fell > 10);
}

/* Monsters never stop on a known pit or an exit; a hidden pit they do
 * not know of either way (they never spring traps). */
static void test_monster_stops(void)
{
    static const char *const line[] = {"aaaaaaa"};
    for (int what = 0; what < 3; what++) {
        Mission *m = tm_create(line, 1);
        tm_hero(m, "barbarian", 6, 0);
        tm_monster(m, "", "goblin", 0, 0);
        if (what == 0)
            tm_trap(m, TRAP_PIT, 5, 0); /* found below */
        else if (what == 1)
            tm_exit(m, 5, 0);
        else
            tm_trap(m, TRAP_PIT, 5, 0); /* left hidden */
        Game *g = tm_game(m, 2);
        if (what == 0) { /* as if a search had found it (the goblin is in sight) */
            g->traps[0].found = true;
            move_trap_changed(g, 0);
        }
        CHECK(tm_do(g, ACTION_END, -1, -1, 0, 0, NULL)); /* the goblin comes */
        BoardPos at = game_piece(g, 1)->pos;
        if (what < 2)
            CHECK(at.x != 5); /* the only square next to the barbarian: it may not stop there */
        else
            CHECK(at.x == 5);
        game_destroy(g);
        tm_destroy(m);
    }
}

/* Spear: one combat die; a skull costs 1 body point and ends the turn,
 * otherwise the move goes on; the trap is gone either way. */
static void test_spear(void)
{
    static const char *const line[] = {"aaaaaa"};
    int hit = 0, missed = 0;
    for (uint64_t seed = 1; seed < 40; seed++) {
        Mission *m = tm_create(line, 1);
        tm_hero(m, "barbarian", 0, 0);
        tm_hero(m, "dwarf", 5, 0);
        tm_trap(m, TRAP_SPEAR, 2, 0);
        Game *g = tm_game(m, seed);
        GameEvents ev;
        game_events_init(&ev);
        CHECK(tm_do(g, ACTION_ROLL, 0, -1, 0, 0, NULL));
        CHECK(tm_do(g, ACTION_MOVE, 0, -1, 4, 0, &ev));
        int s = find_kind(&ev, EVENT_TRAP_SPRUNG);
        CHECK(s >= 0 && ev.items[s].dice_count == 1);
        CHECK(game_trap(g, 0)->gone);
        const GamePiece *b = game_piece(g, 0);
        if (s >= 0 && ev.items[s].dice[0] == DIE_SKULL) {
            hit++;
            CHECK(b->pos.x == 2 && b->body == b->body_max - 1);
            CHECK_INT(game_current(g), 1);
        } else {
            missed++;
            CHECK(b->pos.x == 4 && b->body == b->body_max);
            CHECK_INT(game_current(g), 0);
        }
        game_events_free(&ev);
        game_destroy(g);
        tm_destroy(m);
    }
    CHECK(hit > 5 && missed > 5);
}

/* Two rows of one room: the champion (body 8, so it lives) at (0,0), the
 * dwarf at (5,1), a falling block at (2,0). */
static Mission *block_mission(void)
{
    static const char *const line[] = {"aaaaaa", "aaaaaa"};
    Mission *m = tm_create(line, 2);
    tm_hero(m, "champion", 0, 0);
    tm_hero(m, "dwarf", 5, 1);
    tm_trap(m, TRAP_FALLING_BLOCK, 2, 0);
    return m;
}

/* Falling block: 3 dice, rubble for good, back to the last free square,
 * the turn ends. */
static void test_block(void)
{
    Mission *m = block_mission();
    Game *g = tm_game(m, 4);
    GameEvents ev;
    game_events_init(&ev);
    CHECK(tm_do(g, ACTION_ROLL, 0, -1, 0, 0, NULL));
    CHECK(tm_do(g, ACTION_MOVE, 0, -1, 4, 0, &ev));
    int s = find_kind(&ev, EVENT_TRAP_SPRUNG);
    CHECK(s >= 0 && ev.items[s].dice_count == 3);
    CHECK(game_square_rubble(g, (BoardPos){2, 0}));
    const GamePiece *c = game_piece(g, 0);
    CHECK(!c->alive || grid_pos_equal(c->pos, (BoardPos){1, 0}));
    CHECK_INT(game_current(g), 1);
    game_events_free(&ev);
    game_destroy(g);
    tm_destroy(m);
}

/* The block's event is followed by the hero's step back: with the event
 * list full just then, the list grows and moves while the trap is still
 * writing its damage into the event (caught by AddressSanitizer). Every
 * fill level up to two growths is tried. */
static void test_block_event_list_grows(void)
{
    for (int fill = 0; fill < 70; fill++) {
        Mission *m = block_mission();
        Game *g = tm_game(m, 4);
        GameEvents ev;
        game_events_init(&ev);
        CHECK(tm_do(g, ACTION_ROLL, 0, -1, 0, 0, NULL));
        for (int i = 0; i < fill; i++) { /* earlier events the caller kept, grown as game_emit does */
            if (ev.count == ev.cap) {
                ev.cap = ev.cap ? ev.cap * 2 : 32;
                ev.items = xrealloc(ev.items, ev.cap, sizeof *ev.items);
            }
            memset(&ev.items[ev.count++], 0, sizeof *ev.items);
        }
        size_t before = ev.count;
        CHECK(tm_do(g, ACTION_MOVE, 0, -1, 4, 0, &ev));
        int s = -1;
        for (size_t i = before; i < ev.count; i++)
            if (ev.items[i].kind == EVENT_TRAP_SPRUNG)
                s = (int)i;
        CHECK(s >= 0);
        if (s >= 0) { /* the damage the event reports is the hero's loss */
            const GamePiece *c = game_piece(g, 0);
            CHECK_INT(ev.items[s].value2, c->body_max - c->body);
        }
        game_events_free(&ev);
        game_destroy(g);
        tm_destroy(m);
    }
}

/* The piece on square pos, or -1. */
static int piece_on(const Game *g, BoardPos pos)
{
    for (size_t i = 0; i < game_piece_count(g); i++) {
        const GamePiece *p = game_piece(g, i);
        if (p->alive && game_piece_on_board(g, (int)i) && grid_pos_equal(p->pos, pos))
            return (int)i;
    }
    return -1;
}

/* EU2 falling block with an arrow: the champion steps on the trap at
 * (2,0); the block lands on (2,1) beside it. Whoever stands there rolls
 * the three dice and moves off (north is the champion's: east is free),
 * or, with no free square, is crushed. The champion is not hit; its turn
 * ends. Under US rules the same mission drops the block on the trap. */
static void test_block_eu(void)
{
    static const char *const rows[] = {"aaaaaa", "aaaaaa"};
    /* who stands on the landing square: nobody, a monster, a hero; then a
     * monster boxed in, then US rules */
    for (int variant = 0; variant < 5; variant++) {
        Mission *m = tm_create(rows, 2);
        tm_hero(m, "champion", 0, 0);
        tm_hero(m, "dwarf", variant == 2 ? 2 : 5, 1);
        if (variant == 1 || variant == 4)
            tm_monster(m, "", "ogre", 2, 1);
        if (variant == 3) { /* boxed in: ogres west and east of (2,1) */
            tm_monster(m, "victim", "ogre", 2, 1);
            tm_monster(m, "", "ogre", 1, 1);
            tm_monster(m, "", "ogre", 3, 1);
        }
        tm_trap(m, TRAP_FALLING_BLOCK, 2, 0);
        m->traps[0].has_fall = true;
        m->traps[0].fall = (BoardPos){2, 1};
        m->rules.edition = variant == 4 ? MISSION_EDITION_US : MISSION_EDITION_EU;
        Game *g = tm_game(m, 11);
        int victim = piece_on(g, (BoardPos){2, 1});
        int victim_body = victim >= 0 ? game_piece(g, victim)->body : 0;
        GameEvents ev;
        game_events_init(&ev);
        CHECK(tm_do(g, ACTION_ROLL, 0, -1, 0, 0, NULL));
        CHECK(tm_do(g, ACTION_MOVE, 0, -1, 4, 0, &ev));
        int s = find_kind(&ev, EVENT_TRAP_SPRUNG);
        CHECK(s >= 0);
        const GameEvent *e = &ev.items[s < 0 ? 0 : s];
        const GamePiece *champ = game_piece(g, 0);
        if (variant == 4) { /* US: on the trap's square, as ever */
            CHECK(game_square_rubble(g, (BoardPos){2, 0}));
            CHECK(!game_square_rubble(g, (BoardPos){2, 1}));
            CHECK_INT(e->dice_count, 3);
            CHECK(grid_pos_equal(game_piece(g, victim)->pos, (BoardPos){2, 1}));
        } else {
            CHECK(game_square_rubble(g, (BoardPos){2, 1}));
            CHECK(!game_square_rubble(g, (BoardPos){2, 0}));
            CHECK(grid_pos_equal(champ->pos, (BoardPos){2, 0}));
            CHECK_INT(champ->body, champ->body_max);
            CHECK(grid_pos_equal(e->to, (BoardPos){2, 1}));
            CHECK_INT(e->target, victim);
            CHECK_INT(e->dice_count, victim >= 0 ? 3 : 0);
            CHECK(game_trap(g, 0)->gone);
        }
        if (variant == 0)
            CHECK_INT(e->value2, 0);
        if (variant == 1 || variant == 2) {
            const GamePiece *v = game_piece(g, victim);
            CHECK_INT(v->body, victim_body - e->value2);
            CHECK(!v->alive || grid_pos_equal(v->pos, (BoardPos){3, 1}));
        }
        if (variant == 3) {
            CHECK(!game_piece(g, victim)->alive);
            CHECK(strstr(ev.items[s + 1].text, "nowhere to go") != NULL);
        }
        CHECK_INT(game_current(g), 1); /* the champion's turn ended */
        game_events_free(&ev);
        game_destroy(g);
        tm_destroy(m);
    }
}

/* A chest trap springs on the first treasure search of its room (the
 * treasure is still found, the turn ends), unless found and disarmed
 * first. */
static void test_chest(void)
{
    static const char *const rows[] = {"aaaa", "aaaa"};
    for (int disarm = 0; disarm < 2; disarm++) {
        Mission *m = tm_create(rows, 2);
        tm_hero(m, "dwarf", 0, 0);
        tm_hero(m, "barbarian", 0, 1);
        tm_furniture(m, "box", "table", 3, 0);
        tm_treasure(m, "gems", TREASURE_GOLD, 40, 1, 1);
        tm_trap(m, TRAP_CHEST, 3, 0);
        m->traps[0].damage = 2;
        m->rules.edition = MISSION_EDITION_EU; /* the Dwarf never fails */
        Game *g = tm_game(m, 6);
        GameEvents ev;
        game_events_init(&ev);
        if (disarm) {
            CHECK(tm_do(g, ACTION_SEARCH_TRAPS, 0, -1, 0, 0, NULL));
            CHECK(game_trap(g, 0)->found);
            CHECK(tm_do(g, ACTION_END, -1, -1, 0, 0, NULL));
            CHECK(tm_do(g, ACTION_END, -1, -1, 0, 0, NULL));
            CHECK(tm_do(g, ACTION_ROLL, 0, -1, 0, 0, NULL));
            CHECK(tm_do(g, ACTION_MOVE, 0, -1, 2, 0, NULL));
            CHECK(tm_do(g, ACTION_DISARM, 0, -1, 3, 0, &ev));
            CHECK_INT(tm_count(&ev, EVENT_TRAP_DISARMED), 1);
            CHECK(game_trap(g, 0)->gone);
            CHECK(tm_do(g, ACTION_END, -1, -1, 0, 0, NULL));
            game_events_clear(&ev);
            CHECK(tm_do(g, ACTION_SEARCH_TREASURE, 1, -1, 0, 0, &ev));
            CHECK_INT(tm_count(&ev, EVENT_TRAP_SPRUNG), 0);
            CHECK_INT(game_piece(g, 1)->gold, 40);
        } else {
            CHECK(tm_do(g, ACTION_SEARCH_TREASURE, 0, -1, 0, 0, &ev));
            int s = find_kind(&ev, EVENT_TRAP_SPRUNG);
            CHECK(s >= 0 && ev.items[s].value2 == 2);
            const GamePiece *d = game_piece(g, 0);
            CHECK_INT(d->body, d->body_max - 2);
            CHECK_INT(d->gold, 40); /* the search goes on */
            CHECK_INT(game_current(g), 1); /* the turn ends: no move after */
            game_events_clear(&ev);
            CHECK(tm_do(g, ACTION_SEARCH_TREASURE, 1, -1, 0, 0, &ev));
            CHECK_INT(tm_count(&ev, EVENT_TRAP_SPRUNG), 0); /* once only */
        }
        game_events_free(&ev);
        game_destroy(g);
        tm_destroy(m);
    }
}

/* Disarming: without a tool kit (or the Dwarf's skill) it is refused; a
 * tool kit fails on a skull, the Dwarf only on a black shield (US), and a
 * failure springs the trap on the hero. Counted over many seeds. */
static void test_disarm(void)
{
    static const char *const rows[] = {"aaaa", "aaaa"};
    int tries[2] = {0, 0}, fails[2] = {0, 0};
    for (int who = 0; who < 2; who++)
        for (uint64_t seed = 1; seed <= 300; seed++) {
            Mission *m = tm_create(rows, 2);
            tm_hero(m, who ? "dwarf" : "barbarian", 0, 0);
            tm_trap(m, TRAP_SPEAR, 1, 0);
            if (!who)
                tm_treasure_item(m, "kit", TREASURE_ITEM, "toolkit", 3, 1);
            Game *g = tm_game(m, seed);
            CHECK(tm_do(g, ACTION_SEARCH_TRAPS, 0, -1, 0, 0, NULL));
            CHECK(tm_do(g, ACTION_END, -1, -1, 0, 0, NULL)); /* the monsters, then turn 2 */
            char why[256] = "";
            Action d = {ACTION_DISARM, 0, -1, {1, 0}, -1, 0};
            if (!who) {
                CHECK(!game_apply(g, &d, NULL, why, sizeof why));
                CHECK_STR_CONTAINS(why, "needs a tool kit");
                CHECK(tm_do(g, ACTION_SEARCH_TREASURE, 0, -1, 0, 0, NULL));
                CHECK_INT(game_carries(g, 0, game_find_item(g, "toolkit")), 1);
                CHECK(tm_do(g, ACTION_END, -1, -1, 0, 0, NULL));
            }
            GameEvents ev;
            game_events_init(&ev);
            CHECK(game_apply(g, &d, &ev, why, sizeof why));
            tries[who]++;
            CHECK(game_trap(g, 0)->gone);
            if (tm_count(&ev, EVENT_TRAP_DISARMED) == 0) {
                fails[who]++;
                CHECK_INT(ev.items[0].kind, EVENT_DISARM_FAILED); /* its die is a combat die */
                CHECK(!game_event_d6(ev.items[0].kind));
                CHECK_INT(tm_count(&ev, EVENT_TRAP_SPRUNG), 1);
                CHECK(ev.items[0].dice[0] == (who ? DIE_BLACK_SHIELD : DIE_SKULL));
            } else {
                CHECK(ev.items[0].dice[0] != (who ? DIE_BLACK_SHIELD : DIE_SKULL));
            }
            game_events_free(&ev);
            game_destroy(g);
            tm_destroy(m);
        }
    /* About half for the kit, a sixth for the Dwarf. */
    CHECK(fails[0] > tries[0] / 3 && fails[0] < tries[0] * 2 / 3);
    CHECK(fails[1] > tries[1] / 12 && fails[1] < tries[1] / 4);
}

/* An open pit cannot be disarmed. */
static void test_open_pit_stays(void)
{
    static const char *const rows[] = {"aaaa"};
    Mission *m = tm_create(rows, 1);
    tm_hero(m, "dwarf", 0, 0);
    tm_trap(m, TRAP_PIT, 1, 0);
    Game *g = tm_game(m, 2);
    CHECK(tm_do(g, ACTION_ROLL, 0, -1, 0, 0, NULL));
    CHECK(tm_do(g, ACTION_MOVE, 0, -1, 1, 0, NULL));
    CHECK(game_trap(g, 0)->sprung);
    CHECK(tm_do(g, ACTION_ROLL, 0, -1, 0, 0, NULL)); /* its next turn */
    CHECK(tm_do(g, ACTION_MOVE, 0, -1, 2, 0, NULL));
    Action d = {ACTION_DISARM, 0, -1, {1, 0}, -1, 0};
    char why[256];
    CHECK(!game_apply(g, &d, NULL, why, sizeof why));
    CHECK_STR_CONTAINS(why, "cannot be disarmed");
    game_destroy(g);
    tm_destroy(m);
}

int main(void)
{
    test_pit();
    test_pit_defence();
    test_known_pit();
    test_monster_stops();
    test_spear();
    test_block();
    test_block_eu();
    test_block_event_list_grows();
    test_chest();
    test_disarm();
    test_open_pit_stays();
    return check_finish("traps");
}
