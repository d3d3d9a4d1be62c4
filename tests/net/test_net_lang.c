/* A server in a window's process answers in the protocol's English while
 * the window speaks German (issue 27; core/i18n.h, i18n_english_begin).
 * Run under LANGUAGE=de: the server is stepped on the test's own thread,
 * as the window's frame loop steps the one it hosts (app/online.h), and
 * a client on the same thread asks it to host a mission whose bitmap is
 * missing. The loader's reason is a translated text, so without the
 * server's English it came back German. The thread speaks German again
 * after each step, and English on one thread leaves another German. */
#define _GNU_SOURCE /* mkdtemp */
#include "check.h"

#include "app/lang.h"
#include "core/i18n.h"
#include "net/netclient.h"
#include "net/netserver.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define CHECK_STR(got, want)                                                               \
    do {                                                                                   \
        const char *check_g_ = (got);                                                      \
        CHECK(strcmp(check_g_, (want)) == 0);                                              \
        if (strcmp(check_g_, (want)) != 0)                                                 \
            fprintf(stderr, "  got \"%s\", expected \"%s\"\n", check_g_, (want));          \
    } while (0)

static char said_there[64];

static void *other_thread(void *arg)
{
    (void)arg;
    snprintf(said_there, sizeof said_there, "%s %s", _("connected"), i18n_language());
    return NULL;
}

/* English on this thread only; back to German at its end. */
static void check_threads(void)
{
    i18n_english_begin();
    i18n_english_begin(); /* nested: the outer end gives German back */
    CHECK_STR(_("connected"), "connected");
    CHECK_STR(i18n_language(), "en");
    pthread_t t;
    pthread_create(&t, NULL, other_thread, NULL);
    pthread_join(t, NULL);
    CHECK_STR(said_there, "verbunden de");
    i18n_english_end();
    CHECK_STR(_("connected"), "connected");
    i18n_english_end();
    CHECK_STR(_("connected"), "verbunden");
    CHECK_STR(i18n_language(), "de");
}

static void write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    CHECK(f != NULL);
    if (f) {
        fputs(text, f);
        fclose(f);
    }
}

/* Steps the server and polls the client, on this thread, until the
 * answer to id came (at most 2000 rounds, 10 s); NULL if none. */
static char *answer_of(NetServer *s, NetClient *c, uint32_t id)
{
    struct timespec t0, t;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    for (int i = 0; i < 2000; i++) {
        netserver_step(s, 0);
        NetClientEvent ev;
        netclient_poll(c, 2, &ev);
        if (ev.kind == NETCLIENT_ANSWER && ev.id == id)
            return strdup(ev.text ? ev.text : "");
        clock_gettime(CLOCK_MONOTONIC, &t);
        if (t.tv_sec - t0.tv_sec > 10)
            break;
    }
    return NULL;
}

static void check_server(const char *missions)
{
    char why[256];
    NetServerConfig cfg = {.bind = "127.0.0.1", .missions_dir = missions};
    NetServer *s = netserver_create(&cfg, why, sizeof why);
    CHECK(s != NULL);
    if (!s)
        return;
    CHECK_STR(_("connected"), "verbunden");
    NetClient *c = netclient_create("127.0.0.1", netserver_port(s), "Ann", why, sizeof why);
    CHECK(c != NULL);
    for (int i = 0; c && i < 2000 && !netclient_ready(c); i++) {
        netserver_step(s, 0);
        NetClientEvent ev;
        netclient_poll(c, 2, &ev);
    }
    CHECK(c && netclient_ready(c));
    char *a = c ? answer_of(s, c, netclient_send(c, "host broken")) : NULL;
    CHECK(a != NULL);
    if (a) {
        fprintf(stderr, "host broken: %s", a);
        CHECK(a[0] == '?');
        CHECK_STR_CONTAINS(a, "bitmap 'missing.png' not found");
        CHECK(!strstr(a, "nicht gefunden"));
    }
    free(a);
    /* the window's thread speaks German between the steps */
    CHECK_STR(_("connected"), "verbunden");
    CHECK_STR(i18n_language(), "de");
    netclient_destroy(c);
    for (int i = 0; i < 5; i++)
        netserver_step(s, 2);
    netserver_destroy(s);
    CHECK_STR(_("connected"), "verbunden");
}

int main(void)
{
    lang_init(LANG_SYSTEM); /* LANGUAGE=de */
    CHECK_STR(i18n_language(), "de");
    CHECK_STR(_("connected"), "verbunden");
    check_threads();
    char dir[] = "/tmp/qb-net-lang-XXXXXX", sub[64], file[96];
    if (!mkdtemp(dir))
        return 2;
    snprintf(sub, sizeof sub, "%s/broken", dir);
    mkdir(sub, 0755);
    snprintf(file, sizeof file, "%s/mission.xml", sub);
    write_file(file, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                     "<mission id=\"broken\" version=\"1\">\n"
                     "  <name>Broken</name>\n"
                     "  <board bitmap=\"missing.png\"/>\n"
                     "  <heroes><hero type=\"barbarian\" x=\"0\" y=\"0\"/></heroes>\n"
                     "  <objectives><reach x=\"8\" y=\"0\"/></objectives>\n"
                     "</mission>\n");
    check_server(dir);
    remove(file);
    rmdir(sub);
    rmdir(dir);
    return check_finish("net_lang");
}
