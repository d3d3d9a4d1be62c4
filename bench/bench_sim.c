/* Bot games per second of `questboard --simulate`, this build against a
 * baseline build, on every bundled mission (the five missions and the
 * campaign's five quests), in the same run.
 *
 * Each program runs as a child process, `--simulate N --jobs J MISSION`,
 * its report thrown away; the two programs take turns, ROUNDS times, the
 * order swapped every round so that neither always runs on a warmer
 * machine. The child's processor time (user + system, from wait4) is what
 * counts: the build machine is shared, and waiting for a core is not the
 * program's cost. Best round of each. With --jobs 2 processor time adds
 * up over the threads, so the wall clock is printed beside it (it shows
 * the gain of the second job only on an idle machine). The figures
 * leave out each process's start (loading the mission, 10-20 ms): a run
 * of one game is timed too, and the games are what the long run took
 * beyond it.
 *
 * Run: build/bench/bench_sim --baseline OTHER_BUILD/src/questboard
 *      [--games N] [--rounds R] [--jobs J] [MISSION...]
 * Without --baseline only this build is timed. docs/benchmarks.md,
 * "Simulation", has the figures and how the baseline was built.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <spawn.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

#define MAX_MISSIONS 64

static const char *const BUNDLED[] = {
    "missions/first-light/mission.xml",
    "missions/the-drowned-archive/mission.xml",
    "missions/bone-orchard/mission.xml",
    "missions/the-ember-hive/mission.xml",
    "missions/the-leaning-nave/mission.xml",
    "missions/campaigns/ashen-crown/1-toll-house/mission.xml",
    "missions/campaigns/ashen-crown/2-sunken-chapel/mission.xml",
    "missions/campaigns/ashen-crown/3-kel-durn/mission.xml",
    "missions/campaigns/ashen-crown/4-star-tower/mission.xml",
    "missions/campaigns/ashen-crown/5-ashen-throne/mission.xml",
};

typedef struct Timing {
    double cpu, wall; /* seconds */
} Timing;

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* Runs exe --simulate games --jobs jobs mission; false when it fails. */
static bool run(const char *exe, const char *mission, int games, int jobs, Timing *out)
{
    char n[32], j[32];
    snprintf(n, sizeof n, "%d", games);
    snprintf(j, sizeof j, "%d", jobs);
    char prog[1024], sim[] = "--simulate", jobs_opt[] = "--jobs", where[1024];
    snprintf(prog, sizeof prog, "%s", exe);
    snprintf(where, sizeof where, "%s", mission);
    char *argv[] = {prog, sim, n, jobs_opt, j, where, NULL};
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
    double t0 = now();
    pid_t pid;
    int err = posix_spawn(&pid, exe, &fa, NULL, argv, environ);
    posix_spawn_file_actions_destroy(&fa);
    if (err != 0) {
        fprintf(stderr, "bench_sim: cannot run %s: %s\n", exe, strerror(err));
        return false;
    }
    int status;
    struct rusage ru;
    if (wait4(pid, &status, 0, &ru) != pid || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        fprintf(stderr, "bench_sim: %s --simulate %s %s failed\n", exe, n, mission);
        return false;
    }
    out->wall = now() - t0;
    out->cpu = (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec * 1e-6 +
               (double)ru.ru_stime.tv_sec + (double)ru.ru_stime.tv_usec * 1e-6;
    return true;
}

static void keep_best(Timing *best, const Timing *t)
{
    if (best->cpu == 0 || t->cpu < best->cpu)
        best->cpu = t->cpu;
    if (best->wall == 0 || t->wall < best->wall)
        best->wall = t->wall;
}

/* Seconds a game, the start's cost taken off: what the games-long run
 * took beyond the one-game run, over the games beyond the first. */
static Timing per_game(const Timing t[2], int games)
{
    if (games < 2)
        return t[0];
    return (Timing){(t[0].cpu - t[1].cpu) / (games - 1), (t[0].wall - t[1].wall) / (games - 1)};
}

static void usage(void)
{
    fprintf(stderr, "usage: bench_sim [--baseline QUESTBOARD] [--games N] [--rounds R] "
                    "[--jobs J] [MISSION...]\n");
    exit(2);
}

int main(int argc, char **argv)
{
    const char *baseline = NULL, *exe = QUESTBOARD_EXE;
    const char *missions[MAX_MISSIONS];
    int mission_count = 0, games = 200, rounds = 3, jobs = 1;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--baseline") == 0 && i + 1 < argc)
            baseline = argv[++i];
        else if (strcmp(argv[i], "--games") == 0 && i + 1 < argc)
            games = atoi(argv[++i]);
        else if (strcmp(argv[i], "--rounds") == 0 && i + 1 < argc)
            rounds = atoi(argv[++i]);
        else if (strcmp(argv[i], "--jobs") == 0 && i + 1 < argc)
            jobs = atoi(argv[++i]);
        else if (argv[i][0] == '-' || mission_count == MAX_MISSIONS)
            usage();
        else
            missions[mission_count++] = argv[i];
    }
    if (games < 1 || rounds < 1 || jobs < 1)
        usage();
    static char paths[sizeof BUNDLED / sizeof BUNDLED[0]][1024];
    if (mission_count == 0)
        for (size_t k = 0; k < sizeof BUNDLED / sizeof BUNDLED[0]; k++) {
            snprintf(paths[k], sizeof paths[k], "%s/%s", SOURCE_ROOT, BUNDLED[k]);
            missions[mission_count++] = paths[k];
        }
    printf("%d games a run, --jobs %d, best of %d rounds; games/s by processor time "
           "(wall clock in brackets)\n",
           games, jobs, rounds);
    printf("%-28s %22s %22s %8s\n", "mission", baseline ? "baseline" : "", "this build",
           baseline ? "ratio" : "");
    double lowest = 0;
    for (int m = 0; m < mission_count; m++) {
        /* [0]: games runs, [1]: one-game runs (the start's cost) */
        Timing base[2] = {{0, 0}, {0, 0}}, mine[2] = {{0, 0}, {0, 0}};
        for (int r = 0; r < rounds; r++) {
            Timing t;
            for (int turn = 0; turn < 4; turn++) {
                bool base_turn = (turn % 2 == 0) == (r % 2 == 0);
                int one = turn >= 2;
                if (base_turn && !baseline)
                    continue;
                if (!run(base_turn ? baseline : exe, missions[m], one ? 1 : games, jobs, &t))
                    return 1;
                keep_best(base_turn ? &base[one] : &mine[one], &t);
            }
        }
        const char *name = strstr(missions[m], "missions/");
        name = name ? name + 9 : missions[m];
        char label[1024];
        snprintf(label, sizeof label, "%s", name);
        char *cut = strstr(label, "/mission.xml");
        if (cut)
            *cut = '\0';
        char *folder = strrchr(label, '/');
        folder = folder ? folder + 1 : label;
        char b[64] = "", n[64];
        Timing bg = per_game(base, games), mg = per_game(mine, games);
        if (baseline)
            snprintf(b, sizeof b, "%8.1f (%8.1f)", 1 / bg.cpu, 1 / bg.wall);
        snprintf(n, sizeof n, "%8.1f (%8.1f)", 1 / mg.cpu, 1 / mg.wall);
        if (baseline) {
            double ratio = bg.cpu / mg.cpu;
            lowest = m == 0 || ratio < lowest ? ratio : lowest;
            printf("%-28s %22s %22s %7.1fx\n", folder, b, n, ratio);
        } else {
            printf("%-28s %22s %22s\n", folder, b, n);
        }
        fflush(stdout);
    }
    if (baseline)
        printf("lowest ratio: %.1fx\n", lowest);
    return 0;
}
