/* End to end: the bot (src/bot) plays each bundled mission from start to
 * victory or defeat through the core API, over several seeds. It checks
 * that the missions are playable to an end by the rules, that some seed
 * wins each mission, and that replaying a finished game's log gives the
 * same game. The same bot then plays a game through the text protocol,
 * one command line per choice, to the same end. */
#define _XOPEN_SOURCE 700 /* open_memstream */
#include "protocol_util.h"

#include "check.h"
#include "core/alloc.h"
#include "mission/mission.h"
#include "rules/game.h"
#include "bot/bot.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define E2E_SEEDS 12
#define E2E_MAX_ACTIONS 4000

static const char *const MISSIONS[] = {"first-light", "bone-orchard", "the-drowned-archive",
                                             "the-ember-hive", "the-leaning-nave"};

static GameStatus play(Game *g)
{
    Bot *bot = bot_create(g);
    GameStatus s = bot_play(bot, g, E2E_MAX_ACTIONS, NULL);
    bot_destroy(bot);
    return s;
}

/* The bot's commands through the protocol give the game bot_play gives;
 * returns how the protocol game ended. */
static GameStatus protocol_game_matches(const Mission *m, const char *path, uint64_t seed)
{
    char why[256], cmd[1200];
    Game *direct = game_create(m, NULL, seed, why, sizeof why);
    Bot *bot = bot_create(direct);
    bot_play(bot, direct, E2E_MAX_ACTIONS, NULL);
    bot_destroy(bot);

    Protocol *p = protocol_create();
    snprintf(cmd, sizeof cmd, "seed %llu", (unsigned long long)seed);
    free(pt_must(p, cmd));
    snprintf(cmd, sizeof cmd, "load %s", path);
    free(pt_must(p, cmd));
    bot = bot_create(protocol_game(p));
    Action a;
    int lines = 0;
    while (lines++ < 20 * E2E_MAX_ACTIONS && bot_choose(bot, protocol_game(p), &a)) {
        bot_command(protocol_game(p), &a, cmd, sizeof cmd);
        free(pt_run(p, cmd));
    }
    CHECK_INT(game_status(protocol_game(p)), game_status(direct));
    CHECK(game_rng_state(protocol_game(p)) == game_rng_state(direct));
    CHECK_INT(game_log_count(protocol_game(p)), game_log_count(direct));
    GameStatus end = game_status(protocol_game(p));
    bot_destroy(bot);
    protocol_destroy(p);
    game_destroy(direct);
    return end;
}

int main(void)
{
    const char *data = getenv("QUESTBOARD_DATA");
    char cat_path[1024], path[1024];
    snprintf(cat_path, sizeof cat_path, "%s/assets/pieces.xml", data ? data : ".");
    MissionLoadOptions opts = {0};
    opts.catalogue_path = cat_path;
    for (size_t i = 0; i < sizeof MISSIONS / sizeof MISSIONS[0]; i++) {
        snprintf(path, sizeof path, "%s/missions/%s/mission.xml", data ? data : ".", MISSIONS[i]);
        ErrorList errs;
        errors_init(&errs, 0);
        Mission *m = mission_load(path, &opts, &errs);
        if (!m)
            errors_print(&errs, stderr);
        errors_clear(&errs);
        CHECK(m != NULL);
        if (!m)
            continue;
        int won = 0, lost = 0;
        uint64_t winning_seed = 0;
        for (uint64_t seed = 1; seed <= E2E_SEEDS; seed++) {
            char why[256];
            Game *g = game_create(m, NULL, seed, why, sizeof why);
            CHECK(g != NULL);
            GameStatus s = play(g);
            won += s == GAME_STATUS_VICTORY;
            if (s == GAME_STATUS_VICTORY && !winning_seed)
                winning_seed = seed;
            if (getenv("E2E_DEBUG")) {
                fprintf(stderr, "%s seed %d: %s turn %d:", MISSIONS[i], (int)seed,
                        game_status_name(s), game_turn(g));
                for (int h = 0; h < 4; h++)
                    fprintf(stderr, " (%d,%d %d%s)", game_piece(g, h)->pos.x, game_piece(g, h)->pos.y,
                            game_piece(g, h)->body, game_piece(g, h)->escaped ? " out" : "");
                fprintf(stderr, " obj0 %d\n", game_objective_met(g, 0));
            }
            lost += s == GAME_STATUS_DEFEAT;
            /* Replaying the log gives the same end. */
            Game *again = game_create(m, NULL, seed, why, sizeof why);
            for (size_t k = 0; k < game_log_count(g); k++)
                CHECK(game_apply(again, game_log_at(g, k), NULL, why, sizeof why));
            CHECK_INT(game_status(again), s);
            CHECK(game_rng_state(again) == game_rng_state(g));
            game_destroy(again);
            game_destroy(g);
        }
        printf("%s: %d won, %d lost of %d seeds\n", MISSIONS[i], won, lost, E2E_SEEDS);
        protocol_game_matches(m, path, 3);
        /* Winnable over the protocol: a won seed, played there line by
         * line, ends in victory (hex and square8 boards too). */
        if (winning_seed)
            CHECK_INT(protocol_game_matches(m, path, winning_seed), GAME_STATUS_VICTORY);
        CHECK_INT(won + lost, E2E_SEEDS); /* every game reaches an end */
        CHECK(won > 0);
        mission_destroy(m);
    }
    return check_finish("e2e");
}
