/* Online play under load, on 127.0.0.1 only: a server (in a thread of
 * this process, as --serve runs it) and N bot clients, each hosting a
 * game of first-light (one player, the computer's monsters) and playing
 * it with `hint` then the command hinted, game after game, for S seconds.
 * Prints the round trip of an action (sent to answered) at p50 and p99,
 * actions a second, games finished, and the server's memory per game
 * (resident memory before the games are hosted and after, over N).
 *
 *   build/bench/bench_net [CLIENTS [SECONDS [DATA_DIR]]]
 *       (default 100 and 60, at most 200 and 600; with DATA_DIR every
 *       game is written there after every action, as --serve --data does)
 */
#define _GNU_SOURCE
#include "core/alloc.h"
#include "net/netclient.h"
#include "net/netserver.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static long rss_kib(void)
{
    FILE *f = fopen("/proc/self/statm", "r");
    long pages = 0, resident = 0;
    if (f) {
        if (fscanf(f, "%ld %ld", &pages, &resident) != 2)
            resident = 0;
        fclose(f);
    }
    return resident * (sysconf(_SC_PAGESIZE) / 1024);
}

typedef struct Server {
    NetServer *s;
    volatile int stop;
    pthread_t thread;
} Server;

static void *serve(void *arg)
{
    Server *sv = arg;
    netserver_run(sv->s, &sv->stop);
    return NULL;
}

typedef enum Phase { HOSTING, HINTING, ACTING, LEAVING } Phase;

typedef struct Bot {
    NetClient *c;
    Phase phase;
    uint32_t waiting;
    double sent_at;
    bool hosted;
} Bot;

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static void send_line(Bot *b, const char *line)
{
    b->waiting = netclient_send(b->c, line);
    b->sent_at = now_s();
}

int main(int argc, char **argv)
{
    int clients = argc > 1 ? atoi(argv[1]) : 100, seconds = argc > 2 ? atoi(argv[2]) : 60;
    if (clients < 1 || clients > 200 || seconds < 1 || seconds > 600) {
        fprintf(stderr, "usage: bench_net [CLIENTS 1-200 [SECONDS 1-600]]\n");
        return 2;
    }
    Server sv = {0};
    NetServerConfig c = {.bind = "127.0.0.1", .port = 0, .max_games = clients + 10,
                         .data_dir = argc > 3 ? argv[3] : NULL,
                         .rate = 100000, .burst = 100000};
    char why[256];
    sv.s = netserver_create(&c, why, sizeof why);
    if (!sv.s) {
        fprintf(stderr, "bench_net: %s\n", why);
        return 1;
    }
    uint16_t port = netserver_port(sv.s);
    pthread_create(&sv.thread, NULL, serve, &sv);
    Bot *bots = xcalloc((size_t)clients, sizeof *bots);
    for (int i = 0; i < clients; i++) {
        char name[32];
        snprintf(name, sizeof name, "bot%d", i);
        bots[i].c = netclient_create("127.0.0.1", port, name, why, sizeof why);
        if (!bots[i].c) {
            fprintf(stderr, "bench_net: %s\n", why);
            return 1;
        }
    }
    /* everyone connected before the figures start */
    for (int ready = 0, round = 0; ready < clients && round < 2000; round++) {
        ready = 0;
        for (int i = 0; i < clients; i++) {
            NetClientEvent e;
            netclient_poll(bots[i].c, 0, &e);
            ready += netclient_ready(bots[i].c);
        }
        usleep(1000);
    }
    long rss_before = rss_kib();
    size_t cap = 1u << 22, count = 0;
    double *rtt = xmalloc(cap, sizeof *rtt);
    long games = 0, hosted = 0, refused = 0;
    long rss_hosted = 0;
    double start = now_s(), end = start + seconds;
    for (int i = 0; i < clients; i++)
        send_line(&bots[i], "host first-light");
    while (now_s() < end) {
        bool any = false;
        for (int i = 0; i < clients; i++) {
            Bot *b = &bots[i];
            NetClientEvent e;
            netclient_poll(b->c, 0, &e);
            if (e.kind == NETCLIENT_CLOSED) {
                fprintf(stderr, "bench_net: client %d closed: %s\n", i, e.text);
                return 1;
            }
            if (e.kind != NETCLIENT_ANSWER || e.id != b->waiting)
                continue;
            any = true;
            double took = now_s() - b->sent_at;
            switch (b->phase) {
            case HOSTING:
                hosted++;
                b->phase = HINTING;
                send_line(b, "hint");
                if (hosted == clients)
                    rss_hosted = rss_kib();
                break;
            case HINTING:
                if (!e.ok) { /* the game is over: the next one */
                    games++;
                    b->phase = LEAVING;
                    send_line(b, "leave");
                    break;
                }
                b->phase = ACTING;
                {
                    char line[256];
                    snprintf(line, sizeof line, "%.*s", (int)strcspn(e.text + 2, "\n"), e.text + 2);
                    send_line(b, line);
                }
                break;
            case ACTING:
                if (count < cap)
                    rtt[count++] = took * 1000.0;
                refused += !e.ok;
                b->phase = HINTING;
                send_line(b, "hint");
                break;
            case LEAVING:
                b->phase = HOSTING;
                send_line(b, "host first-light");
                break;
            }
        }
        if (!any)
            usleep(200);
    }
    double elapsed = now_s() - start;
    qsort(rtt, count, sizeof *rtt, cmp_double);
    int server_games = netserver_game_count(sv.s);
    printf("bench_net: %d clients for %.0f s on 127.0.0.1%s%s\n", clients, elapsed,
           argc > 3 ? ", games written to " : "", argc > 3 ? argv[3] : "");
    printf("  actions answered %zu (%.0f a second, %ld refused), games finished %ld\n", count,
           (double)count / elapsed, refused, games);
    if (count)
        printf("  action round trip: p50 %.2f ms, p99 %.2f ms, max %.2f ms\n", rtt[count / 2],
               rtt[(size_t)((double)count * 0.99)], rtt[count - 1]);
    if (rss_hosted)
        printf("  resident memory: %ld KiB with %d clients connected, %ld KiB once each hosted a "
               "game: %.0f KiB a game (server and client together)\n",
               rss_before, clients, rss_hosted, (double)(rss_hosted - rss_before) / clients);
    printf("  games on the server at the end: %d\n", server_games);
    for (int i = 0; i < clients; i++)
        netclient_destroy(bots[i].c);
    sv.stop = 1;
    pthread_join(sv.thread, NULL);
    netserver_destroy(sv.s);
    free(rtt);
    free(bots);
    return 0;
}
