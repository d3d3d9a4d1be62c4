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

int main(void)
{
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
