/* Fairness in play: the shared bot (src/bot, the one --simulate uses)
 * plays generated missions of every style on easy, one game each, and
 * must win a good share of them, every kind of objective among the wins,
 * with no game left unfinished. It tests the missions, not the bot: a
 * mission the generator calls fair that the bot cannot finish points at
 * the generator. Prints the win rate per style. */
#include "bot/bot.h"
#include "check.h"
#include "gen/gen.h"
#include "rules/game.h"

#include <stdio.h>
#include <stdlib.h>

#define MISSIONS 100
#define MAX_ACTIONS 20000

int main(void)
{
    const char *root = getenv("QUESTBOARD_DATA");
    char cat_path[1024], data_path[1024];
    snprintf(cat_path, sizeof cat_path, "%s/assets/pieces.xml", root ? root : ".");
    snprintf(data_path, sizeof data_path, "%s/assets/generator.xml", root ? root : ".");
    ErrorList errs;
    errors_init(&errs, 0);
    Catalogue *cat = catalogue_load(cat_path, &errs);
    GenData *data = cat ? gendata_load(data_path, &errs) : NULL;
    CHECK(data != NULL);
    if (!data)
        return check_finish("genbot");
    GenSources src = {data, cat, cat_path};
    for (int s = 0; s < GEN_STYLE_COUNT; s++) {
        int won = 0, lost = 0, unfinished = 0;
        int played[OBJECTIVE_KIND_COUNT] = {0}, wins[OBJECTIVE_KIND_COUNT] = {0};
        for (int k = 0; k < MISSIONS; k++) {
            GenOptions o = gen_default_options();
            o.style = (GenStyle)s;
            o.difficulty = GEN_DIFFICULTY_EASY;
            o.seed = 31337u + (uint64_t)k;
            GenResult r;
            CHECK(gen_generate(&o, &src, &r, &errs));
            if (!r.mission)
                continue;
            char why[256];
            Game *g = game_create(r.mission, NULL, (uint64_t)k + 1, why, sizeof why);
            CHECK(g != NULL);
            Bot *bot = g ? bot_create(g) : NULL;
            GameStatus st = g ? bot_play(bot, g, MAX_ACTIONS, NULL) : GAME_STATUS_PLAYING;
            ObjectiveKind kind = r.mission->objectives[0].kind;
            played[kind]++;
            wins[kind] += st == GAME_STATUS_VICTORY;
            won += st == GAME_STATUS_VICTORY;
            lost += st == GAME_STATUS_DEFEAT;
            unfinished += st == GAME_STATUS_PLAYING;
            bot_destroy(bot);
            game_destroy(g);
            gen_result_free(&r);
        }
        printf("%s, easy, 4 heroes, 26x19: the bot won %d, lost %d, left %d unfinished of %d "
               "(%d%%)\n",
               gen_style_name((GenStyle)s), won, lost, unfinished, MISSIONS, won * 100 / MISSIONS);
        CHECK(won * 100 >= MISSIONS * 75);
        CHECK_INT(unfinished, 0);
        for (int kind = 0; kind < OBJECTIVE_KIND_COUNT; kind++)
            CHECK(played[kind] == 0 || wins[kind] > 0);
    }
    errors_print(&errs, stderr);
    errors_clear(&errs);
    gendata_destroy(data);
    catalogue_destroy(cat);
    return check_finish("genbot");
}
