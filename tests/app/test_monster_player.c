#define _POSIX_C_SOURCE 200809L
/* The monster player (docs/rules.md, "The monster player"): the monsters'
 * turn of a game with GameSetup.monster_player waits for the monster
 * side's actions, under the AI's legality; the computer playing that
 * side by actions plays the classic AI's games; saves of such games
 * say so (version 3; version 2 ones still read) and replay; the protocol's `seat monsters`. */
#include "app/protocol.h"
#include "bot/bot.h"
#include "match/match.h"
#include "mission/load.h"
#include "rules/mission_builder.h"
#include "rules/save.h"

#include <stdio.h>

static Game *player_game(Mission *m, uint64_t seed)
{
    mission_add_own_items(m);
    GameSetup s = {.monster_player = true};
    char why[256] = "";
    Game *g = game_create(m, &s, seed, why, sizeof why);
    if (!g)
        fprintf(stderr, "game_create: %s\n", why);
    CHECK(g != NULL);
    return g;
}

static void test_turn(void)
{
    static const char *const rows[] = {"aaaaaaaaaaaaaaaa", "aaaaaaaaaaaaaaaa"};
    Mission *m = tm_create(rows, 2);
    tm_hero(m, "barbarian", 0, 0);
    tm_monster(m, "", "orc", 12, 0); /* move 8 */
    tm_monster(m, "", "ogre", 15, 1);
    Game *g = player_game(m, 5);
    CHECK(game_setup(g)->monster_player);
    CHECK(!game_monsters_turn(g));
    /* monsters do not act in the heroes' turn */
    CHECK(!tm_do(g, ACTION_MOVE, 1, -1, 10, 0, NULL));
    GameEvents ev;
    game_events_init(&ev);
    CHECK(tm_do(g, ACTION_END, 0, -1, 0, 0, &ev));
    CHECK_INT(tm_count(&ev, EVENT_MONSTERS_TURN), 1);
    CHECK_INT(tm_count(&ev, EVENT_STEP), 0); /* the AI did not play */
    CHECK(game_monsters_turn(g));
    CHECK_INT(game_current(g), -1);
    CHECK(game_monster_may_act(g, 1) && game_monster_may_act(g, 2));
    CHECK(!game_monster_may_act(g, 0));
    CHECK_INT(game_monster_move_left(g, 1), 8);
    /* heroes do not act in the monsters' turn */
    CHECK(!tm_do(g, ACTION_ROLL, 0, -1, 0, 0, NULL));
    CHECK(!tm_do(g, ACTION_ATTACK, 0, 1, 0, 0, NULL));
    /* too far, not next to the hero, a hero's square, no such monster */
    CHECK(!tm_do(g, ACTION_MOVE, 1, -1, 1, 0, NULL));
    CHECK(!tm_do(g, ACTION_ATTACK, 1, 0, 0, 0, NULL));
    CHECK(!tm_do(g, ACTION_MOVE, 1, -1, 0, 0, NULL));
    CHECK(!tm_do(g, ACTION_MOVE, 7, -1, 5, 0, NULL));
    BoardPos reach[64];
    size_t n = game_monster_reachable(g, 1, reach, 64);
    CHECK(n > 0);
    for (size_t i = 0; i < n && i < 64; i++)
        CHECK(grid_manhattan(reach[i], (BoardPos){12, 0}) <= 8);
    /* two moves within its 8 squares, then the attack */
    CHECK(tm_do(g, ACTION_MOVE, 1, -1, 8, 0, NULL));
    CHECK_INT(game_monster_move_left(g, 1), 4);
    CHECK(!tm_do(g, ACTION_MOVE, 1, -1, 1, 0, NULL)); /* 7 more: too far */
    CHECK(tm_do(g, ACTION_MOVE, 1, -1, 4, 0, NULL));
    CHECK(!tm_do(g, ACTION_ATTACK, 1, 0, 0, 0, NULL)); /* not next to it yet */
    CHECK_INT(game_monster_move_left(g, 1), 0);
    CHECK(!tm_do(g, ACTION_MOVE, 1, -1, 3, 0, NULL));
    int body = game_piece(g, 0)->body;
    /* the ogre walks up beside the hero and attacks (no dice: no harm) */
    CHECK(!tm_do(g, ACTION_MOVE, 2, -1, 1, 1, NULL)); /* 14 squares, move 4 */
    CHECK(tm_do(g, ACTION_MOVE, 2, -1, 11, 1, NULL));
    game_events_clear(&ev);
    CHECK(tm_do(g, ACTION_END, -1, -1, 0, 0, &ev));
    CHECK(!game_monsters_turn(g));
    CHECK_INT(game_turn(g), 2);
    CHECK_INT(game_current(g), 0);
    CHECK_INT(game_piece(g, 0)->body, body);
    /* round 2: the orc, at 4,0, walks to 1,0 and attacks; then nothing more */
    CHECK(tm_do(g, ACTION_END, 0, -1, 0, 0, NULL));
    CHECK(tm_do(g, ACTION_MOVE, 1, -1, 1, 0, NULL));
    game_events_clear(&ev);
    CHECK(tm_do(g, ACTION_ATTACK, 1, 0, 0, 0, &ev));
    CHECK_INT(tm_count(&ev, EVENT_ATTACK), 1);
    CHECK(!tm_do(g, ACTION_ATTACK, 1, 0, 0, 0, NULL));
    CHECK(!tm_do(g, ACTION_MOVE, 1, -1, 2, 0, NULL));
    CHECK(!game_monster_may_act(g, 1));
    /* the save names the monster player and replays every action */
    size_t size;
    char *text = save_format(g, "test", &size);
    CHECK_STR_CONTAINS(text, "questboard-save 3\n");
    CHECK_STR_CONTAINS(text, "\nmonsters player\nactions ");
    CHECK_STR_CONTAINS(text, "\nattack 1 0 0 0\n");
    SaveData sd;
    char why[256];
    CHECK(save_parse(text, size, &sd, why, sizeof why));
    CHECK(sd.setup.monster_player);
    Game *r = save_replay(m, &sd, why, sizeof why);
    CHECK(r != NULL);
    if (r) {
        CHECK(game_rng_state(r) == game_rng_state(g));
        CHECK(game_monsters_turn(r));
        CHECK(!game_monster_may_act(r, 1));
        CHECK_INT(game_monster_move_left(r, 2), 4);
        game_destroy(r);
    }
    save_data_free(&sd);
    /* a clone carries the monsters' turn */
    Game *c = game_clone(g);
    CHECK(game_monsters_turn(c) && game_monster_may_act(c, 2));
    game_destroy(c);
    /* version 1 knew no such line */
    char *v1 = xstrdup(text);
    v1[16] = '1';
    size_t start = size - 1;
    while (start > 0 && v1[start - 1] != '\n')
        start--;
    snprintf(v1 + start, size + 1 - start, "checksum %016llx\n",
             (unsigned long long)save_checksum(v1, start));
    CHECK(!save_parse(v1, strlen(v1), &sd, why, sizeof why));
    CHECK_STR_CONTAINS(why, "needs a version 2 save");
    /* version 2, written before public ids, always had it */
    char *v2 = xstrdup(text);
    char *line = strstr(v2, "monsters player\n");
    CHECK(line != NULL);
    if (line)
        memmove(line, line + 16, strlen(line + 16) + 1);
    v2[16] = '2';
    start = strlen(v2);
    while (start > 0 && v2[start - 1] != '\n')
        start--;
    snprintf(v2 + start, strlen(v2) + 1 - start, "checksum %016llx\n",
             (unsigned long long)save_checksum(v2, start));
    CHECK(!save_parse(v2, strlen(v2), &sd, why, sizeof why));
    CHECK_STR_CONTAINS(why, "expected 'monsters player'");
    free(v2);
    free(v1);
    free(text);
    game_events_free(&ev);
    game_destroy(g);
    tm_destroy(m);
}

/* A sleeping monster rolls at the start of the monsters' turn; asleep,
 * it may not act. The classic game's save stays version 1. */
static void test_classic_save(void)
{
    static const char *const rows[] = {"aaaaaaaa"};
    Mission *m = tm_create(rows, 1);
    tm_hero(m, "barbarian", 0, 0);
    tm_monster(m, "", "orc", 6, 0);
    Game *g = tm_game(m, 3);
    CHECK(tm_do(g, ACTION_END, 0, -1, 0, 0, NULL));
    size_t size;
    char *text = save_format(g, "test", &size);
    CHECK_STR_CONTAINS(text, "questboard-save 3\n");
    CHECK(!strstr(text, "monsters"));
    free(text);
    game_destroy(g);
    tm_destroy(m);
}

/* Hero positions, bodies, the generator, the round: what the two ways of
 * playing the monsters must agree on. */
static bool same_state(const Game *a, const Game *b)
{
    if (game_status(a) != game_status(b) || game_piece_count(a) != game_piece_count(b))
        return false;
    /* a game won by its last action: the AI's turn may still have come
     * inside it (the round counted on), the turn by actions has not */
    if (game_status(a) != GAME_STATUS_PLAYING)
        return true;
    if (game_turn(a) != game_turn(b) || game_rng_state(a) != game_rng_state(b))
        return false;
    for (size_t i = 0; i < game_piece_count(a); i++) {
        const GamePiece *p = game_piece(a, (int)i), *q = game_piece(b, (int)i);
        if (!grid_pos_equal(p->pos, q->pos) || p->body != q->body || p->alive != q->alive ||
            p->revealed != q->revealed)
            return false;
    }
    return true;
}

static bool any_asleep(const Game *g)
{
    for (size_t i = 0; i < game_piece_count(g); i++)
        if (game_piece(g, (int)i)->asleep)
            return true;
    return false;
}

/* The bot plays the heroes of two games of a bundled mission: the AI
 * inside the last hero's end, and the computer by actions
 * (game_monster_choose). While no monster sleeps (the waking rolls come
 * at the start of the turn played by actions, between the monsters'
 * attacks in the AI's) the two games are the same after every action of
 * the heroes. Returns the hero actions compared. */
static int compare_games(const Mission *m, uint64_t seed, bool *whole)
{
    char why[256];
    GameSetup s = {.monster_player = true};
    Game *a = game_create(m, NULL, seed, why, sizeof why);
    Game *b = game_create(m, &s, seed, why, sizeof why);
    CHECK(a && b);
    if (!a || !b)
        return 0;
    /* one bot: it chooses on game a, and game b is the same game */
    Bot *bot = bot_create(a);
    int compared = 0;
    *whole = false;
    for (int step = 0; step < 4000 && game_status(a) == GAME_STATUS_PLAYING; step++) {
        Action act, mon;
        if (!bot_choose(bot, a, &act))
            break;
        bool asleep = any_asleep(b);
        /* the bot's choice may be refused: alike in both games */
        bool ok = game_apply(a, &act, NULL, why, sizeof why);
        CHECK(ok == game_apply(b, &act, NULL, why, sizeof why));
        for (int k = 0; k < 1000 && game_monster_choose(b, &mon); k++)
            CHECK(game_apply(b, &mon, NULL, why, sizeof why));
        CHECK(!game_monsters_turn(b));
        if (asleep || any_asleep(b))
            break;
        if (!same_state(a, b)) {
            fprintf(stderr, "%s seed %llu: the games part after %s at step %d (turn %d/%d %s/%s)\n",
                    m->id, (unsigned long long)seed, game_action_name(act.kind), step, game_turn(a),
                    game_turn(b), game_status_name(game_status(a)), game_status_name(game_status(b)));
            CHECK(false);
            break;
        }
        compared++;
        *whole = game_status(a) != GAME_STATUS_PLAYING;
    }
    bot_destroy(bot);
    game_destroy(a);
    game_destroy(b);
    return compared;
}

static void test_same_games(void)
{
    const char *data = getenv("QUESTBOARD_DATA");
    static const char *const missions[] = {"first-light", "bone-orchard", "the-ember-hive",
                                           "the-drowned-archive", "the-leaning-nave"};
    char cat[1024], path[1024];
    snprintf(cat, sizeof cat, "%s/assets/pieces.xml", data ? data : ".");
    MissionLoadOptions opts = {0};
    opts.catalogue_path = cat;
    int total = 0, whole = 0;
    for (size_t i = 0; i < sizeof missions / sizeof missions[0]; i++) {
        snprintf(path, sizeof path, "%s/missions/%s/mission.xml", data ? data : ".", missions[i]);
        ErrorList errs;
        errors_init(&errs, 0);
        Mission *m = mission_load(path, &opts, &errs);
        errors_clear(&errs);
        CHECK(m != NULL);
        if (!m)
            continue;
        for (uint64_t seed = 1; seed <= 4; seed++) {
            bool done = false;
            total += compare_games(m, seed, &done);
            whole += done;
        }
        mission_destroy(m);
    }
    printf("same games: %d hero actions compared, %d whole games alike\n", total, whole);
    CHECK(total > 500);
    CHECK(whole >= 5);
}

/* The protocol: `seat monsters human`, the monster side's commands, and
 * `seat monsters computer` in the middle of the monsters' turn. */
static char *run(Protocol *p, const char *line)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    protocol_execute(p, line, f);
    fclose(f);
    return buf;
}

static void test_protocol(void)
{
    Protocol *p = protocol_create();
    char *s = run(p, "seat monsters human");
    CHECK_STR_CONTAINS(s, "= monsters human");
    free(s);
    const char *data = getenv("QUESTBOARD_DATA");
    char line[1200];
    snprintf(line, sizeof line, "load %s/missions/first-light/mission.xml", data ? data : ".");
    free(run(p, line));
    for (int i = 0; i < 4; i++)
        free(run(p, "end"));
    s = run(p, "state");
    CHECK_STR_CONTAINS(s, "phase monsters");
    free(s);
    s = run(p, "roll");
    CHECK_STR_CONTAINS(s, "? in the monsters' turn");
    free(s);
    s = run(p, "end");
    CHECK_STR_CONTAINS(s, "turn 2: Barbarian");
    free(s);
    /* a classic game under way cannot become one with a monster player */
    free(run(p, "seed 8"));
    free(run(p, "seat monsters computer"));
    CHECK(!game_setup(protocol_game(p))->monster_player);
    free(run(p, "roll"));
    s = run(p, "seat monsters human");
    CHECK_STR_CONTAINS(s, "? the monster side can be given to a player only before");
    free(s);
    /* before its first action it can: the same seed again */
    free(run(p, "seed 9"));
    CHECK(!game_setup(protocol_game(p))->monster_player);
    s = run(p, "seat monsters human");
    CHECK_STR_CONTAINS(s, "= monsters human");
    free(s);
    for (int i = 0; i < 4; i++)
        free(run(p, "end"));
    CHECK(game_monsters_turn(protocol_game(p)));
    s = run(p, "seat monsters computer");
    CHECK_STR_CONTAINS(s, "= monsters computer");
    CHECK_STR_CONTAINS(s, "turn 2: Barbarian");
    free(s);
    CHECK(!game_monsters_turn(protocol_game(p)));
    protocol_destroy(p);
}

int main(void)
{
    test_turn();
    test_classic_save();
    test_protocol();
    test_same_games();
    return check_finish("monster_player");
}
