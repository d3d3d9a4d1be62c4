/* Start-up of the whole process: processor time (user and system, from
 * wait4's rusage) and peak resident memory of
 *   shot:  questboard --screenshot OUT.png --size 1280x800 first-light,
 *          the first picture of a mission, start to exit;
 *   title: questboard --size 1280x800, the title screen in a window (run
 *          the bench under tests/xvfb.sh for a display), from start until
 *          it idles (wait_idle), then asked to quit
 *          (SIGTERM, which SDL turns into a quit).
 * Each binary given runs ROUNDS times, the binaries in turn (a baseline
 * beside the build under test, alternated, so both see the same load);
 * prints the median and range of each, and the ratio of the medians to
 * the first binary's.
 *
 * Run: build/bench/bench_start [--title] [--rounds N] [VAR=VALUE...] QUESTBOARD[@DATA]
 *                                [[VAR=VALUE...] BASELINE[@DATA]...]
 * with QUESTBOARD_DATA pointing at the data (the source tree); a binary
 * given as BIN@DATA runs with the data of DATA instead (a baseline's own
 * assets, when the art changed); VAR=VALUE before a binary sets that
 * variable for its runs only (one binary under two settings, without a
 * wrapper script whose shell would be timed too).
 */
#define _DEFAULT_SOURCE
#include "config.h"

#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define MAX_BINS 6
#define MAX_ENV 4
#define MAX_ROUNDS 100

typedef struct Run {
    double cpu_ms;
    double rss_mib;
} Run;

static double tv_ms(struct timeval tv)
{
    return tv.tv_sec * 1e3 + tv.tv_usec / 1e3;
}

/* Nanoseconds the process has run, from /proc/PID/schedstat; -1 when gone. */
static long long ran_ns(pid_t pid)
{
    char path[64];
    snprintf(path, sizeof path, "/proc/%d/schedstat", (int)pid);
    FILE *f = fopen(path, "r");
    long long ns = -1;
    if (f) {
        if (fscanf(f, "%lld", &ns) != 1)
            ns = -1;
        fclose(f);
    }
    return ns;
}

static void sleep_ms(int ms)
{
    struct timespec ts = {ms / 1000, (long)(ms % 1000) * 1000000L};
    nanosleep(&ts, NULL);
}

/* Waits until pid idles: 0.4 s in which no 20 ms stretch used 1 ms of
 * processor time or more (20 s at most). Not "no time at all": the
 * window's loop wakes every 100 ms while it waits for events (tens of
 * microseconds each), so a process waiting on the title never uses none;
 * counted until that, the bench measured 20 s of those wakes. */
static void wait_idle(pid_t pid)
{
    long long last = ran_ns(pid);
    int still = 0;
    for (int i = 0; i < 1000 && still < 20; i++) {
        sleep_ms(20);
        long long now = ran_ns(pid);
        if (now < 0)
            return;
        still = now - last < 1000000 ? still + 1 : 0;
        last = now;
    }
}

typedef struct Bin {
    const char *label;
    char path[4096];
    const char *data;
    char *env[MAX_ENV];
    int nenv;
} Bin;

static bool run_once(const Bin *bin, bool title, Run *out)
{
    const char *data = bin->data;
    char shot[64], mission[4096];
    snprintf(shot, sizeof shot, "/tmp/bench_start_%d.png", (int)getpid());
    snprintf(mission, sizeof mission, "%s/missions/first-light/mission.xml", data);
    pid_t pid = fork();
    if (pid < 0)
        return false;
    if (pid == 0) {
        setenv("QUESTBOARD_DATA", data, 1);
        for (int e = 0; e < bin->nenv; e++)
            putenv(bin->env[e]);
        if (!freopen("/dev/null", "w", stdout) || !freopen("/dev/null", "w", stderr))
            _exit(127);
        if (title)
            execl(bin->path, bin->path, "--size", "1280x800", (char *)NULL);
        else
            execl(bin->path, bin->path, "--screenshot", shot, "--size", "1280x800", mission, (char *)NULL);
        _exit(127);
    }
    if (title) {
        wait_idle(pid);
        kill(pid, SIGTERM);
    }
    int status;
    struct rusage ru;
    if (wait4(pid, &status, 0, &ru) != pid)
        return false;
    remove(shot);
    out->cpu_ms = tv_ms(ru.ru_utime) + tv_ms(ru.ru_stime);
    out->rss_mib = ru.ru_maxrss / 1024.0;
    return title || (WIFEXITED(status) && WEXITSTATUS(status) == 0);
}

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median(double *v, int n)
{
    qsort(v, (size_t)n, sizeof *v, by_value);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* VAR=VALUE: a name of letters, digits and underscores, then '='. */
static bool is_assignment(const char *arg)
{
    size_t n = strspn(arg, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_");
    return n > 0 && arg[n] == '=';
}

int main(int argc, char **argv)
{
    bool title = false;
    int rounds = 15, nbins = 0;
    static Bin bins[MAX_BINS];
    char *env[MAX_ENV];
    int nenv = 0;
    bool bad = false;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--title") == 0)
            title = true;
        else if (strcmp(argv[i], "--rounds") == 0 && i + 1 < argc)
            rounds = atoi(argv[++i]);
        else if (is_assignment(argv[i]) && nenv < MAX_ENV)
            env[nenv++] = argv[i];
        else if (nbins < MAX_BINS) {
            Bin *b = &bins[nbins++];
            b->label = argv[i];
            memcpy(b->env, env, sizeof env);
            b->nenv = nenv;
            nenv = 0;
        } else
            bad = true;
    }
    if (nbins == 0 || nenv > 0 || bad || rounds < 1 || rounds > MAX_ROUNDS) {
        fprintf(stderr, "usage: bench_start [--title] [--rounds N] [VAR=VALUE...] QUESTBOARD[@DATA] "
                        "[[VAR=VALUE...] BASELINE[@DATA]...]\n");
        return 2;
    }
    const char *data = getenv("QUESTBOARD_DATA") ? getenv("QUESTBOARD_DATA") : QB_SOURCE_DIR;
    setenv("QUESTBOARD_DATA", data, 1);
    /* the title run writes settings: into a folder of its own */
    char home[] = "/tmp/bench_start_XXXXXX";
    if (title && mkdtemp(home))
        setenv("XDG_DATA_HOME", home, 1);
    /* BIN@DATA: that binary with its own data */
    for (int b = 0; b < nbins; b++) {
        snprintf(bins[b].path, sizeof bins[b].path, "%s", bins[b].label);
        char *at = strchr(bins[b].path, '@');
        bins[b].data = data;
        if (at) {
            *at = '\0';
            bins[b].data = at + 1;
        }
    }
    static Run runs[MAX_BINS][MAX_ROUNDS];
    for (int r = 0; r < rounds; r++)
        for (int b = 0; b < nbins; b++)
            if (!run_once(&bins[b], title, &runs[b][r])) {
                fprintf(stderr, "bench_start: %s failed\n", bins[b].label);
                return 1;
            }
    printf("%s, 1280x800, %d rounds alternated (processor time, peak RSS):\n",
           title ? "title screen until idle" : "--screenshot of first-light", rounds);
    double first_cpu = 0, first_rss = 0;
    for (int b = 0; b < nbins; b++) {
        double cpu[MAX_ROUNDS], rss[MAX_ROUNDS];
        for (int r = 0; r < rounds; r++)
            cpu[r] = runs[b][r].cpu_ms, rss[r] = runs[b][r].rss_mib;
        double mc = median(cpu, rounds), mr = median(rss, rounds);
        if (b == 0)
            first_cpu = mc, first_rss = mr;
        char name[160] = "";
        for (int e = 0; e < bins[b].nenv; e++)
            snprintf(name + strlen(name), sizeof name - strlen(name), "%s ", bins[b].env[e]);
        snprintf(name + strlen(name), sizeof name - strlen(name), "%s", bins[b].label);
        printf("  %-40s cpu %6.1f ms (%.1f-%.1f)  peak %5.1f MiB (%.1f-%.1f)", name, mc, cpu[0],
               cpu[rounds - 1], mr, rss[0], rss[rounds - 1]);
        if (b > 0)
            printf("  first is %.2fx faster, %.2fx less memory", mc / first_cpu, mr / first_rss);
        printf("\n");
    }
    return 0;
}
