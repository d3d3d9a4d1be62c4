/* Balance reports: sure wins, sure defeats and unwinnable missions give
 * the counts they must; the Wilson interval's known values; the report is
 * the same on 1 and 3 threads; the JSON has every field. */
#define _XOPEN_SOURCE 700 /* open_memstream */
#include "../rules/mission_builder.h"

#include "bot/balance.h"

#include <math.h>

/* Names the colour of letter c in the palette. */
static void palette_name(Mission *m, char c, const char *name)
{
    MissionPaletteEntry *pe = TM_PUSH(m, palette, palette_count);
    memset(pe, 0, sizeof *pe);
    pe->rgb = tm_colour(c);
    snprintf(pe->name, sizeof pe->name, "%s", name);
}

static char *text_of(const BalanceReport *r, bool json)
{
    char *buf = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&buf, &size);
    if (json)
        balance_print_json(r, -1, out);
    else
        balance_print_text(r, -1, out);
    fclose(out);
    return buf;
}

static BalanceReport *run(const Mission *m, int games, int jobs, int max_rounds)
{
    BalanceOptions o = {games, 1, jobs, max_rounds, NULL, NULL};
    char why[256] = "";
    BalanceReport *r = balance_run(m, &o, why, sizeof why);
    if (!r)
        fprintf(stderr, "balance_run: %s\n", why);
    CHECK(r != NULL);
    return r;
}

/* The goblin to kill cannot hurt a champion: every game is won, in the
 * first rounds. */
static void test_sure_win(void)
{
    static const char *const rows[] = {"aaaaa", "aaaaa"};
    Mission *m = tm_create(rows, 2);
    tm_hero(m, "champion", 0, 0);
    tm_monster(m, "gob", "goblin", 4, 1);
    tm_monster(m, "", "ogre", 4, 0);
    PieceType weak = *catalogue_find(m->catalogue, "goblin");
    weak.attack = 0;
    catalogue_put(m->catalogue, &weak);
    tm_objective(m, OBJECTIVE_KILL, "gob", 0, 0);
    BalanceReport *r = run(m, 20, 2, 0);
    CHECK_INT(balance_games(r), 20);
    CHECK_INT(balance_won(r), 20);
    CHECK_INT(balance_lost(r) + balance_unfinished(r), 0);
    CHECK_INT(balance_objective_met(r, 0), 20);
    CHECK_INT(balance_monster_reached(r, 0), 20);
    double lo, hi;
    balance_win_interval(r, &lo, &hi);
    CHECK(fabs(lo - 0.8389) < 0.001 && hi == 1.0); /* Wilson, 20 of 20 */
    char *text = text_of(r, false);
    CHECK_STR_CONTAINS(text, "won 20 (100.0%; 95% Wilson interval 83.9-100.0%), lost 0");
    CHECK_STR_CONTAINS(text, "rounds to win: median 1.0");
    CHECK_STR_CONTAINS(text, "no hero died");
    CHECK_STR_CONTAINS(text, "monsters never reached (seen by no hero in any game): 0 of 2");
    CHECK(!strstr(text, "time:"));
    free(text);
    balance_destroy(r);
    tm_destroy(m);
}

/* The titan kills the barbarian in its room every time. */
static void test_sure_defeat(void)
{
    static const char *const rows[] = {"aaabbb"};
    Mission *m = tm_create(rows, 1);
    palette_name(m, 'b', "Titan's lair");
    tm_hero(m, "barbarian", 0, 0);
    tm_door(m, 2, 0, GRID_DIR_EAST, DOOR_NORMAL);
    tm_monster(m, "titan", "titan", 5, 0);
    tm_monster(m, "", "ogre", 1, 0);
    tm_objective(m, OBJECTIVE_KILL, "titan", 0, 0);
    BalanceReport *r = run(m, 10, 1, 0);
    CHECK_INT(balance_lost(r), 10);
    CHECK_INT(balance_won(r), 0);
    double lo, hi;
    balance_win_interval(r, &lo, &hi);
    CHECK(lo == 0.0 && fabs(hi - 0.2775) < 0.001); /* Wilson, 0 of 10 */
    char *text = text_of(r, false);
    CHECK_STR_CONTAINS(text, "rounds to win: no game won");
    /* why they were lost (issue 25 item 16) */
    CHECK_INT(balance_lost_by(r, GAME_DEFEAT_PARTY_KILLED), 10);
    CHECK_STR_CONTAINS(text, "lost 10 (party killed 10, turn limit 0, objective unmet 0)");
    CHECK_STR_CONTAINS(text, "heroes lost per game: 1.00");
    CHECK_STR_CONTAINS(text, "barbarian 8.0 of 8 (died in 100% of games)");
    CHECK_STR_CONTAINS(text, "1. Titan's lair, room 2 at (3,0): 10 deaths (100% of all)");
    free(text);
    /* the map of deaths: all ten on squares of the lair, none elsewhere */
    int on_lair = 0, elsewhere = 0;
    for (int x = 0; x < 6; x++) {
        int n = balance_deaths_at(r, (BoardPos){x, 0});
        on_lair += x >= 3 ? n : 0;
        elsewhere += x >= 3 ? 0 : n;
    }
    CHECK_INT(on_lair, 10);
    CHECK_INT(elsewhere, 0);
    CHECK(balance_most_deaths(r) >= 4 && balance_most_deaths(r) <= 10);
    CHECK_INT(balance_deaths_at(r, (BoardPos){9, 0}), 0);
    balance_destroy(r);
    /* the games finished are counted as they finish */
    _Atomic int done = 0;
    BalanceOptions counted = {.games = 3, .first_seed = 1, .jobs = 2, .done = &done};
    char why[256];
    r = balance_run(m, &counted, why, sizeof why);
    CHECK_INT(done, 3);
    balance_destroy(r);
    r = run(m, 1, 1, 0);
    text = text_of(r, false);
    CHECK_STR_CONTAINS(text, "1. Titan's lair, room 2 at (3,0): 1 death (100% of all)");
    free(text);
    balance_destroy(r);
    tm_destroy(m);
}

/* A wall of rock between the hero and his goal, and a monster behind it
 * nobody reaches: every game is unfinished at the round limit. */
static void test_unwinnable(void)
{
    static const char *const rows[] = {"aa#bb"};
    Mission *m = tm_create(rows, 1);
    tm_hero(m, "dwarf", 0, 0);
    tm_monster(m, "", "orc", 4, 0);
    tm_objective(m, OBJECTIVE_REACH_SQUARE, "", 3, 0);
    BalanceReport *r = run(m, 4, 2, 6);
    CHECK_INT(balance_unfinished(r), 4);
    CHECK_INT(balance_monster_reached(r, 0), 0);
    char *text = text_of(r, false);
    CHECK_STR_CONTAINS(text, "unfinished 4 (still playing after round 6)");
    CHECK_STR_CONTAINS(text, "monsters never reached (seen by no hero in any game): 1 of 1");
    CHECK_STR_CONTAINS(text, "  orc at (4,0)");
    free(text);
    balance_destroy(r);
    /* with a turn limit the same games are lost, to the limit */
    m->rules.turn_limit = 3;
    r = run(m, 4, 2, 6);
    CHECK_INT(balance_lost(r), 4);
    CHECK_INT(balance_lost_by(r, GAME_DEFEAT_TURN_LIMIT), 4);
    text = text_of(r, false);
    CHECK_STR_CONTAINS(text, "lost 4 (party killed 0, turn limit 4, objective unmet 0)");
    free(text);
    text = text_of(r, true);
    CHECK_STR_CONTAINS(text, "\"lost_by\": {\"party_killed\": 0, \"turn_limit\": 4, \"objective_unmet\": 0}");
    free(text);
    balance_destroy(r);
    tm_destroy(m);
}

/* A fight that goes either way: the same report on 1 and 3 threads. */
static void test_threads_change_nothing(void)
{
    static const char *const rows[] = {"aaaaaa", "aaaaaa", "aaaaaa"};
    Mission *m = tm_create(rows, 3);
    tm_hero(m, "barbarian", 0, 0);
    tm_hero(m, "elf", 0, 1);
    tm_type(m->catalogue, "warlord", PIECE_MONSTER, 8, 4, 3, 4, PIECE_BLOCKS_MOVE, 1, 1);
    m->rules.hero_move_dice = 2;
    tm_monster(m, "boss", "warlord", 5, 2);
    tm_monster(m, "", "orc", 5, 0);
    tm_monster(m, "", "orc", 4, 1);
    tm_objective(m, OBJECTIVE_KILL, "boss", 0, 0);
    BalanceReport *one = run(m, 60, 1, 0), *three = run(m, 60, 3, 0);
    char *a = text_of(one, false), *b = text_of(three, false);
    CHECK(strcmp(a, b) == 0);
    CHECK(balance_won(one) > 0 && balance_lost(one) > 0); /* not a sure thing */
    free(a);
    free(b);
    char *json = text_of(three, true);
    static const char *const fields[] = {
        "\"mission\": \"test\"", "\"games\": 60", "\"first_seed\": 1", "\"won\": ", "\"lost\": ",
        "\"unfinished\": 0", "\"win_rate\": ",
        "\"win_interval\": {\"method\": \"wilson\", \"confidence\": 0.95, \"low\": ",
        "\"rounds_to_win\": {\"min\": ", "\"median\": ", "\"heroes_lost_per_game\": ",
        "{\"type\": \"barbarian\", \"name\": \"barbarian\", \"body\": 8, \"body_lost_per_game\": ",
        "\"objectives\": [", "\"met_games\": ", "\"deadliest_rooms\": [",
        "\"monsters\": [", "\"reached_games\": ", "\"jobs\": 3\n}"};
    for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++)
        CHECK_STR_CONTAINS(json, fields[i]);
    free(json);
    balance_destroy(one);
    balance_destroy(three);
    tm_destroy(m);
}

/* A mission the rules cannot play gives no report, with the reason. */
static void test_no_game(void)
{
    static const char *const rows[] = {"aa"};
    Mission *m = tm_create(rows, 1);
    BalanceOptions o = {3, 1, 1, 0, NULL, NULL};
    char why[256] = "";
    CHECK(balance_run(m, &o, why, sizeof why) == NULL);
    CHECK(why[0] != '\0');
    tm_destroy(m);
}

int main(void)
{
    (void)tm_game; /* the builder's helper; games here are the report's own */
    test_sure_win();
    test_sure_defeat();
    test_unwinnable();
    test_threads_change_nothing();
    test_no_game();
    return check_finish("balance");
}
