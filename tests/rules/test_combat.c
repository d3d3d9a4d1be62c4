/* Combat dice statistics over many seeded games, blocking by side,
 * damage and death. */
#include "mission_builder.h"

#include <math.h>

static void count_faces(const int *dice, int n, long *faces)
{
    for (int i = 0; i < n; i++)
        faces[dice[i]]++;
}

static int count_of(const int *dice, int n, DieFace f)
{
    int c = 0;
    for (int i = 0; i < n; i++)
        c += dice[i] == (int)f;
    return c;
}

static void check_share(long count, long total, double expected)
{
    double share = (double)count / (double)total;
    if (fabs(share - expected) > 0.015)
        fprintf(stderr, "share %.4f, expected %.4f\n", share, expected);
    CHECK(fabs(share - expected) <= 0.015);
}

/* The attack preview's odds (issue 25 item 9), exact: the Wizard's one
 * die against a goblin's one (a skull not blocked by a black shield:
 * 1/2 x 5/6, which slays its one body point), and the goblin's two
 * against the Wizard's two white-shield dice; none for a foe out of
 * reach. Then the average of many seeded blows against the odds. */
static void check_odds(void)
{
    static const char *const rows[] = {"aaaa"};
    Mission *m = tm_create(rows, 1);
    tm_hero(m, "wizard", 0, 0);
    tm_monster(m, "g", "goblin", 1, 0);
    tm_monster(m, "far", "goblin", 3, 0);
    Game *g = tm_game(m, 1);
    GameAttackOdds o;
    CHECK(game_attack_odds(g, 0, 1, &o));
    CHECK(o.attack_dice == 1 && o.defend_dice == 1);
    CHECK(fabs(o.expected_damage - 5.0 / 12.0) < 1e-9);
    CHECK(fabs(o.slay - 5.0 / 12.0) < 1e-9);
    CHECK(game_attack_odds(g, 1, 0, &o));
    CHECK(o.attack_dice == 2 && o.defend_dice == 2);
    /* hits 1 (1/2) against no block (4/9); hits 2 (1/4): 2 x 4/9 + 1 x 4/9 */
    CHECK(fabs(o.expected_damage - (0.5 * 4.0 / 9.0 + 0.25 * 12.0 / 9.0)) < 1e-9);
    CHECK(!game_attack_odds(g, 0, 2, &o)); /* not next to the Wizard */
    game_destroy(g);
    tm_destroy(m);
    /* the goblin's blows on the Wizard, played: their mean is the odds' */
    long total = 0;
    int blows = 0;
    double expected = 0.0;
    for (uint64_t seed = 1; seed <= 3000; seed++) {
        m = tm_create(rows, 1);
        tm_hero(m, "wizard", 0, 0);
        tm_monster(m, "g", "goblin", 1, 0);
        g = tm_game(m, seed);
        CHECK(game_attack_odds(g, 1, 0, &o));
        expected = o.expected_damage;
        GameEvents ev;
        game_events_init(&ev);
        CHECK(tm_do(g, ACTION_END, -1, -1, 0, 0, &ev)); /* the goblin strikes */
        for (size_t i = 0; i < ev.count; i++)
            if (ev.items[i].kind == EVENT_ATTACK && ev.items[i].piece == 1) {
                total += ev.items[i].value;
                blows++;
                break;
            }
        game_events_free(&ev);
        game_destroy(g);
        tm_destroy(m);
    }
    CHECK(blows > 2500);
    double mean = blows ? (double)total / blows : 0;
    printf("goblin on the Wizard: %.4f body points a blow over %d, odds %.4f\n", mean, blows, expected);
    CHECK(fabs(mean - expected) < 0.05);
}

int main(void)
{
    check_odds();
    static const char *const rows[] = {"aaaa"};
    long faces[DIE_FACE_COUNT] = {0};
    int games = 3000, no_skull_rolls = 0, hero_attacks = 0;
    for (int seed = 1; seed <= games; seed++) {
        Mission *m = tm_create(rows, 1);
        tm_hero(m, "barbarian", 0, 0);
        tm_monster(m, "", "titan", 1, 0);
        Game *g = tm_game(m, (uint64_t)seed);
        GameEvents ev;
        game_events_init(&ev);
        CHECK(tm_do(g, ACTION_ATTACK, 0, 1, 0, 0, &ev));
        CHECK(tm_do(g, ACTION_END, -1, -1, 0, 0, &ev)); /* the titan strikes back */
        for (size_t i = 0; i < ev.count; i++) {
            const GameEvent *e = &ev.items[i];
            if (e->kind != EVENT_ATTACK)
                continue;
            count_faces(e->dice, e->dice_count, faces);
            count_faces(e->dice2, e->dice2_count, faces);
            int skulls = count_of(e->dice, e->dice_count, DIE_SKULL);
            if (skulls == 0) {
                CHECK_INT(e->dice2_count, 0); /* no skulls: no defence roll */
                no_skull_rolls++;
            }
            /* Heroes block with white shields, monsters with black. */
            DieFace shield = e->piece == 0 ? DIE_BLACK_SHIELD : DIE_WHITE_SHIELD;
            int blocks = count_of(e->dice2, e->dice2_count, shield);
            CHECK_INT(e->value, skulls > blocks ? skulls - blocks : 0);
            hero_attacks += e->piece == 0;
        }
        const GamePiece *b = game_piece(g, 0);
        CHECK(b->body >= 0 && b->body <= b->body_max);
        CHECK(b->alive == (b->body > 0));
        game_events_free(&ev);
        game_destroy(g);
        tm_destroy(m);
    }
    CHECK_INT(hero_attacks, games);
    long total = faces[0] + faces[1] + faces[2];
    CHECK(total > 30000);
    check_share(faces[DIE_SKULL], total, 1.0 / 2);
    check_share(faces[DIE_WHITE_SHIELD], total, 1.0 / 3);
    check_share(faces[DIE_BLACK_SHIELD], total, 1.0 / 6);
    /* 3 attack dice without a skull: (1/2)^3 of the hero's attacks. */
    CHECK(no_skull_rolls > games / 8 - 120 && no_skull_rolls < games / 8 + 120);

    /* Death: an orc (1 body point) hit until it dies leaves the board. */
    bool died = false;
    for (int seed = 1; seed < 50 && !died; seed++) {
        Mission *m = tm_create(rows, 1);
        tm_hero(m, "barbarian", 0, 0);
        tm_monster(m, "", "orc", 1, 0);
        Game *g = tm_game(m, (uint64_t)seed);
        GameEvents ev;
        game_events_init(&ev);
        CHECK(tm_do(g, ACTION_ATTACK, 0, 1, 0, 0, &ev));
        if (tm_count(&ev, EVENT_DEATH) == 1) {
            died = true;
            CHECK(!game_piece(g, 1)->alive);
            CHECK_INT(game_piece(g, 1)->body, 0);
            CHECK_INT(game_piece_at(g, (BoardPos){1, 0}), -1);
            CHECK(!tm_do(g, ACTION_ATTACK, 0, 1, 0, 0, NULL));
        }
        game_events_free(&ev);
        game_destroy(g);
        tm_destroy(m);
    }
    CHECK(died);
    return check_finish("combat");
}
