/* Seeking in a replay (src/match/tape): the bot plays a mission until a
 * game of at least ACTIONS actions (seeds 1, 2, ... until one lasts that
 * long; the replay is its first ACTIONS actions; else the longest of
 * them), then the tape is made
 * and wound to 200 positions spread over the game in a fixed random
 * order, at several keyframe intervals, and from the start (one keyframe:
 * what seeking costs without them). Prints the processor time of making
 * the tape, the median and worst of a seek (tape_at: a keyframe copied
 * and the actions after it replayed, with the log and tally), and the
 * game copies kept.
 *
 * Run: build/bench/bench_seek MISSION.xml [ACTIONS [KEEP]] (KEEP: every KEEPth
 * monster of the mission is kept, 0: none, and its traps are taken away, so that the bot's games last)
 * (docs/benchmarks.md used a generated 80x80 dungeon:
 *  questboard --generate /tmp/g80 --size 80x80 --seed 7) */
#include "config.h"
#include "bot/bot.h"
#include "core/timer.h"
#include "match/tape.h"
#include "mission/load.h"
#include "mission/mission.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SEEKS 200

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* The first game of at least want actions among seeds 1..SEEDS, else the
 * longest; its save parsed into s (cut to want). */
#define SEEDS 4
static bool long_game(const Mission *m, size_t want, SaveData *s, uint64_t *seed_out)
{
    char why[256];
    size_t best = 0;
    for (uint64_t seed = 1; seed <= SEEDS && best < want; seed++) {
        Game *g = game_create(m, NULL, seed, why, sizeof why);
        if (!g)
            return false;
        Bot *bot = bot_create(g);
        bot_play(bot, g, want, NULL);
        bot_destroy(bot);
        if (getenv("BENCH_SEEK_VERBOSE"))
            fprintf(stderr, "seed %llu: %zu actions, %s round %d\n", (unsigned long long)seed,
                    game_log_count(g), game_status_name(game_status(g)), game_turn(g));
        if (game_log_count(g) > best) {
            size_t size;
            char *text = save_format(g, m->path, &size);
            save_data_free(s);
            if (save_parse(text, size, s, why, sizeof why)) {
                best = game_log_count(g);
                if (s->action_count > want)
                    s->action_count = want;
                *seed_out = seed;
            }
            free(text);
        }
        game_destroy(g);
    }
    return best > 0;
}

static void bench_interval(const Mission *m, const SaveData *s, size_t interval, const char *label)
{
    char why[256];
    double t0 = timer_cpu_ms();
    Tape *t = tape_create(m, s, NULL, interval, why, sizeof why);
    double made = timer_cpu_ms() - t0;
    if (!t) {
        fprintf(stderr, "bench_seek: %s\n", why);
        exit(1);
    }
    double ms[SEEKS];
    uint64_t r = 0x9e3779b97f4a7c15u;
    for (int i = 0; i < SEEKS; i++) {
        r = r * 6364136223846793005u + 1442695040888963407u;
        size_t at = (size_t)(r >> 33) % (tape_length(t) + 1);
        double a = timer_cpu_ms();
        Match *mt = tape_at(t, at);
        ms[i] = timer_cpu_ms() - a;
        match_destroy(mt);
    }
    qsort(ms, SEEKS, sizeof *ms, cmp_double);
    size_t keys = tape_length(t) / (interval ? interval : TAPE_DEFAULT_INTERVAL) + 1;
    printf("%-14s make %7.1f ms  seek median %6.2f ms  worst %6.2f ms  keyframes %zu\n", label,
           made, ms[SEEKS / 2], ms[SEEKS - 1], keys);
    tape_destroy(t);
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: bench_seek MISSION.xml [ACTIONS]\n");
        return 2;
    }
    size_t want = argc > 2 ? (size_t)strtoul(argv[2], NULL, 10) : 2000;
    ErrorList errs;
    errors_init(&errs, 0);
    const char *root = getenv("QUESTBOARD_DATA") ? getenv("QUESTBOARD_DATA") : QB_SOURCE_DIR;
    char catalogue[4096];
    snprintf(catalogue, sizeof catalogue, "%s/assets/pieces.xml", root);
    MissionLoadOptions opts = {.catalogue_path = catalogue};
    Mission *m = mission_load(argv[1], &opts, &errs);
    errors_print(&errs, stderr);
    errors_clear(&errs);
    if (!m)
        return 1;
    /* the bot's games end when the quest is done (then the heroes leave)
     * or lost, in a few hundred actions; to play thousands the bench's
     * heroes look for an item that is not there (the quest is never
     * done: the bot explores and searches on), and KEEP thins the
     * monsters (every KEEPth kept, 0: none, the traps taken away too)
     * so that they live that long. The board, the fog and the monsters'
     * turns cost what they cost. */
    for (size_t i = 0; i < m->objective_count; i++)
        if (m->objectives[i].kind == OBJECTIVE_FIND_ITEM || m->objectives[i].kind == OBJECTIVE_KILL)
            snprintf(m->objectives[i].target, sizeof m->objectives[i].target, "not-there");
    size_t keep = argc > 3 ? (size_t)strtoul(argv[3], NULL, 10) : 1;
    if (keep != 1) {
        size_t n = 0;
        for (size_t i = 0; keep && i < m->monster_count; i += keep)
            m->monsters[n++] = m->monsters[i];
        m->monster_count = n;
        m->trap_count = 0;
    }
    SaveData s = {0};
    uint64_t seed = 0;
    if (want == 0 || !long_game(m, want, &s, &seed)) {
        fprintf(stderr, "bench_seek: no bot game of %zu actions on %s\n", want, argv[1]);
        return 1;
    }
    printf("%s: a game of %zu actions (seed %llu), %d seeks to positions spread over it\n",
           argv[1], s.action_count, (unsigned long long)seed, SEEKS);
    bench_interval(m, &s, 8, "every 8");
    bench_interval(m, &s, 32, "every 32");
    bench_interval(m, &s, 128, "every 128");
    bench_interval(m, &s, s.action_count + 1, "from the start");
    save_data_free(&s);
    mission_destroy(m);
    return 0;
}
