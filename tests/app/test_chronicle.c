/* The chronicle: what a game's events add up to (issue 17: "Turns played:
 * 12" after 11 rounds, "Treasure found: 0 (25 gold)" after a 25-gold
 * find; health bars as of the event shown). Games are built in code with
 * the rules tests' mission builder. */
#include "check.h"

#include "../rules/mission_builder.h"

#include "match/chronicle.h"

/* Applies an action and feeds its events to c. */
static bool act(Game *g, Chronicle *c, ActionKind kind, int piece, int target)
{
    GameEvents ev;
    game_events_init(&ev);
    bool ok = tm_do(g, kind, piece, target, 0, 0, &ev);
    for (size_t i = 0; i < ev.count; i++)
        chronicle_add(c, g, &ev.items[i]);
    game_events_free(&ev);
    return ok;
}

/* A hero killed in the monsters' phase of round 1: the game's round
 * counter is already 2, but one round was played. */
static void check_rounds(void)
{
    static const char *const rows[] = {"aaaa"};
    int found = 0;
    for (uint64_t seed = 1; seed < 40 && !found; seed++) {
        Mission *m = tm_create(rows, 1);
        tm_hero(m, "wizard", 0, 0);
        tm_monster(m, "t", "titan", 1, 0);
        Game *g = tm_game(m, seed);
        Chronicle c = {0};
        chronicle_init(&c, g);
        CHECK_INT(c.rounds, 1);
        CHECK(act(g, &c, ACTION_END, -1, -1));
        if (game_status(g) == GAME_STATUS_DEFEAT && game_turn(g) == 2) {
            found = 1;
            CHECK_INT(c.rounds, 1);
            CHECK_INT(game_rounds_played(g), 1); /* the campaign's report counts so too */
            CHECK_INT(c.outcome, GAME_STATUS_DEFEAT);
            CHECK(c.outcome_text[0] != '\0');
            CHECK_INT(chronicle_body(&c, g, 0), 0);
            CHECK_INT(c.heroes[0].damage_taken, 4);
        }
        chronicle_free(&c);
        game_destroy(g);
        tm_destroy(m);
    }
    CHECK(found);
}

/* Gold is treasure: one find of 25 gold counts once, for its finder. */
static void check_gold(void)
{
    static const char *const rows[] = {"aaa", "aaa"};
    Mission *m = tm_create(rows, 2);
    tm_hero(m, "barbarian", 0, 0);
    tm_hero(m, "dwarf", 0, 1);
    tm_treasure(m, "purse", TREASURE_GOLD, 25, 2, 1);
    Game *g = tm_game(m, 3);
    Chronicle c = {0};
    chronicle_init(&c, g);
    CHECK_INT(c.hero_count, 2);
    CHECK(act(g, &c, ACTION_SEARCH_TREASURE, 0, -1));
    CHECK_INT(c.finds, 1);
    CHECK_INT(c.gold, 25);
    CHECK_INT(chronicle_hero(&c, 0)->finds, 1);
    CHECK_INT(chronicle_hero(&c, 0)->gold, 25);
    CHECK_INT(chronicle_hero(&c, 1)->gold, 0);
    CHECK(chronicle_hero(&c, 5) == NULL);
    /* a copy counts on by itself */
    Chronicle copy = {0};
    chronicle_copy(&copy, &c);
    CHECK_INT(copy.gold, 25);
    CHECK_INT(chronicle_body(&copy, g, 1), 7);
    chronicle_free(&copy);
    chronicle_free(&c);
    game_destroy(g);
    tm_destroy(m);
}

/* A blow: the body drops when its event is counted, not before; the kill
 * and the damage (no more than the body left) are the attacker's. */
static void check_blow(void)
{
    static const char *const rows[] = {"aaaa"};
    int found = 0;
    for (uint64_t seed = 1; seed < 40 && !found; seed++) {
        Mission *m = tm_create(rows, 1);
        tm_hero(m, "champion", 0, 0);
        tm_monster(m, "g", "goblin", 1, 0);
        tm_monster(m, "o", "ogre", 3, 0);
        Game *g = tm_game(m, seed);
        Chronicle c = {0};
        chronicle_init(&c, g);
        GameEvents ev;
        game_events_init(&ev);
        CHECK(tm_do(g, ACTION_ATTACK, 0, 1, 0, 0, &ev));
        if (!game_piece(g, 1)->alive) {
            found = 1;
            CHECK_INT(chronicle_body(&c, g, 1), 1); /* nothing counted yet */
            for (size_t i = 0; i < ev.count; i++) {
                chronicle_add(&c, g, &ev.items[i]);
                if (ev.items[i].kind == EVENT_ATTACK)
                    CHECK_INT(chronicle_body(&c, g, 1), 0);
            }
            CHECK_INT(c.kills, 1);
            CHECK_INT(c.heroes[0].kills, 1);
            CHECK_INT(c.heroes[0].damage_dealt, 1);
            CHECK_INT(c.heroes[0].damage_taken, 0);
            CHECK_INT(chronicle_body(&c, g, 2), 50);
        }
        game_events_free(&ev);
        chronicle_free(&c);
        game_destroy(g);
        tm_destroy(m);
    }
    CHECK(found);
}

/* A spell's harm is its caster's (issue 25 item 8: per-hero kills summed
 * to 2 of 3 slain when the Wizard's Fire of Wrath took one): a damage
 * spell without a saving roll kills a goblin; the kill and the damage are
 * the Wizard's, none of it the Barbarian's, who had the turn before. */
static void check_spell(void)
{
    static const char *const rows[] = {"aaaaa", "aaaaa"};
    Mission *m = tm_create(rows, 2);
    SpellType s = {.effect = SPELL_DAMAGE, .targets_monster = true, .amount = 2};
    snprintf(s.id, sizeof s.id, "flame");
    snprintf(s.name, sizeof s.name, "Flame");
    snprintf(s.element, sizeof s.element, "fire");
    CHECK(catalogue_add_spell(m->catalogue, &s));
    PieceType wizard = *catalogue_find(m->catalogue, "wizard");
    snprintf(wizard.spells, sizeof wizard.spells, "fire");
    catalogue_put(m->catalogue, &wizard);
    tm_hero(m, "barbarian", 0, 0);
    tm_hero(m, "wizard", 0, 1);
    tm_monster(m, "g", "goblin", 1, 1);
    Game *g = tm_game(m, 5);
    Chronicle c = {0};
    chronicle_init(&c, g);
    CHECK(act(g, &c, ACTION_END, 0, -1)); /* the Wizard's turn */
    CHECK_INT(game_current(g), 1);
    GameEvents ev;
    game_events_init(&ev);
    Action a = {.kind = ACTION_CAST, .piece = 1, .target = 2, .spell = 0};
    char why[256];
    CHECK(game_apply(g, &a, &ev, why, sizeof why));
    for (size_t i = 0; i < ev.count; i++)
        chronicle_add(&c, g, &ev.items[i]);
    game_events_free(&ev);
    CHECK(!game_piece(g, 2)->alive);
    CHECK_INT(c.kills, 1);
    CHECK_INT(chronicle_hero(&c, 1)->kills, 1);
    CHECK_INT(chronicle_hero(&c, 1)->damage_dealt, 1); /* the goblin had 1 body point */
    CHECK_INT(chronicle_hero(&c, 0)->kills, 0);
    CHECK_INT(chronicle_hero(&c, 0)->damage_dealt, 0);
    chronicle_free(&c);
    game_destroy(g);
    tm_destroy(m);
}

int main(void)
{
    check_rounds();
    check_gold();
    check_blow();
    check_spell();
    return check_finish("chronicle");
}
