/* Online in German (issue 27). A server in a window's process answers in
 * the protocol's English while the window speaks German (core/i18n.h,
 * i18n_english_begin).
 * Run under LANGUAGE=de: the server is stepped on the test's own thread,
 * as the window's frame loop steps the one it hosts (app/online.h), and
 * a client on the same thread asks it to host a mission whose bitmap is
 * missing. The loader's reason is a translated text, so without the
 * server's English it came back German. The thread speaks German again
 * after each step, and English on one thread leaves another German.
 * A connection that sent `words all` gets each refusal's words on a line
 * after it (`w:-` when it has none), one that did not the bare reason.
 * A pack's offer refused and a bye (too many messages, a full server) are
 * said in German too, and so are the reasons the server refuses a pack's
 * contents for (the loader's messages: a bitmap that is no picture, an
 * XML error, no zip archive). Then two window sessions (app/online.h): Bo's refusals (a seat
 * taken, not his turn, the protocol's own: no such piece id, no square)
 * and Ann's news of his drop are said in German from the server's
 * words. */
#define _GNU_SOURCE /* mkdtemp */
#include "check.h"

#include "app/eventsay.h"
#include "app/lang.h"
#include "app/online.h"
#include "core/i18n.h"
#include "mission/pack_write.h"
#include "net/netclient.h"
#include "net/netserver.h"
#include "net/nettransfer.h"

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

/* A mission pack of one mission XML and its bitmap's bytes. */
static uint8_t *pack_of(const char *xml, const char *bitmap, size_t bitmap_size, size_t *size)
{
    ErrorList errs;
    errors_init(&errs, 0);
    PackBuilder *b = packbuild_create();
    CHECK(packbuild_add(b, "bad/mission.xml", xml, strlen(xml), &errs));
    CHECK(packbuild_add(b, "bad/board.png", bitmap, bitmap_size, &errs));
    char title[] = "Bad", author[] = "Tess", licence[] = "CC0", main_entry[] = "bad/mission.xml";
    PackManifest m = {.version = PACK_FORMAT_VERSION, .title = title, .author = author,
                      .licence = licence, .kind = PACK_MISSION, .main = main_entry};
    uint8_t *bytes = packbuild_finish(b, &m, size, &errs);
    errors_print(&errs, stderr);
    errors_clear(&errs);
    packbuild_destroy(b);
    CHECK(bytes != NULL);
    return bytes;
}

/* Uploads size bytes as pack name, the server stepped here; its answer
 * (freed by the caller). */
static char *upload_on(NetServer *s, NetClient *c, const char *name, const uint8_t *data, size_t size)
{
    NetTransfer *t = nettransfer_upload(c, name, data, size);
    CHECK(t != NULL);
    struct timespec t0, now;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    for (int i = 0; t && i < 20000 && nettransfer_state(t) == NETTRANSFER_RUNNING; i++) {
        netserver_step(s, 0);
        NetClientEvent ev;
        netclient_poll(c, 2, &ev);
        nettransfer_event(t, &ev);
        nettransfer_step(t);
        clock_gettime(CLOCK_MONOTONIC, &now);
        if (now.tv_sec - t0.tv_sec > 20)
            break;
    }
    char *text = strdup(t ? nettransfer_text(t) : "");
    nettransfer_destroy(t);
    return text;
}

/* Packs whose contents the server refuses, from a connection that asked
 * for words: the loader's message, English on the wire, is said in German
 * from its words (the pack's label and entry, its place, its format). */
static void check_pack_refusals(NetServer *s, NetClient *c)
{
    static const char png[] = "\x89PNG\r\n\x1a\n";
    static const char bad_xml[] = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                                  "<mission id=\"bad\" version=\"1\">\n"
                                  "  <name>Bad</name>\n"
                                  "  <board bitmap=\"board.png\"/>\n"
                                  "  <heroes><hero type=\"barbarian\" x=\"0\" y=\"0\"/></heroes>\n"
                                  "  <objectives><reach x=\"8\" y=\"0\"/></objectives>\n"
                                  "</mission>\n";
    static const char amp_xml[] = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                                  "<mission id=\"bad\" version=\"1\">\n"
                                  "  <name>Bread & Salt</name>\n"
                                  "</mission>\n";
    static const char junk[] = "this is no picture";
    struct {
        const char *xml, *bitmap;
        size_t bitmap_size;
        int line;
        const char *english;
    } cases[] = {
        {bad_xml, junk, sizeof junk - 1, 4, "bitmap 'board.png': not a PNG or BMP image (unknown signature)"},
        {amp_xml, png, sizeof png - 1, 3, "a lone '&': write &amp; for a plain &"},
    };
    char german[2][400];
    snprintf(german[0], sizeof german[0], _("bitmap '%s': %s"), "board.png",
             _("not a PNG or BMP image (unknown signature)"));
    snprintf(german[1], sizeof german[1], "%s", _("a lone '&': write &amp; for a plain &"));
    for (int i = 0; i < 2; i++) {
        size_t size = 0;
        uint8_t *bytes = pack_of(cases[i].xml, cases[i].bitmap, cases[i].bitmap_size, &size);
        char *a = bytes ? upload_on(s, c, "bad", bytes, size) : NULL;
        char english[600], want[900], said[900];
        snprintf(english, sizeof english, "? bad.questpack: entry bad/mission.xml:%d: %s\nw:",
                 cases[i].line, cases[i].english);
        CHECK(a && strncmp(a, english, strlen(english)) == 0 && !strstr(a, "w:-"));
        int n = snprintf(want, sizeof want, _("%s: entry %s:%d: "), "bad.questpack", "bad/mission.xml",
                         cases[i].line);
        snprintf(want + n, sizeof want - (size_t)n, "%s", german[i]);
        CHECK(strcmp(german[i], cases[i].english) != 0); /* the catalogue knows it */
        if (a) {
            fprintf(stderr, "upload bad: %s", a);
            CHECK_STR(eventsay_reason(a, said, sizeof said), want);
            CHECK_STR_CONTAINS(said, "bad.questpack: Eintrag bad/mission.xml:");
        }
        free(a);
        free(bytes);
    }
    /* not a zip archive at all: the pack reader's message, its name in it */
    static const uint8_t not_zip[] = "this is no zip archive";
    char *a = upload_on(s, c, "junk", not_zip, sizeof not_zip - 1);
    CHECK(a && strncmp(a, "? junk.questpack: not a quest pack (a zip archive): ", 52) == 0 &&
          !strstr(a, "w:-"));
    if (a) {
        char said[600];
        fprintf(stderr, "upload junk: %s", a);
        CHECK(strncmp(eventsay_reason(a, said, sizeof said), "junk.questpack: ", 16) == 0);
        CHECK(!strstr(said, "not a quest pack"));
    }
    free(a);
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
    /* a reason's words only for a connection that asked for them */
    a = c ? answer_of(s, c, netclient_send(c, "join NOPE 0")) : NULL;
    CHECK(a && strcmp(a, "? no game NOPE on this server\n\n") == 0);
    free(a);
    a = c ? answer_of(s, c, netclient_send(c, "words all")) : NULL;
    CHECK(a && strcmp(a, "= all\n\n") == 0);
    free(a);
    if (c)
        check_pack_refusals(s, c);
    a = c ? answer_of(s, c, netclient_send(c, "join NOPE 0")) : NULL;
    const char *head = "? no game NOPE on this server\nw:";
    CHECK(a && strncmp(a, head, strlen(head)) == 0);
    if (a) {
        fprintf(stderr, "join NOPE 0: %s", a);
        char said[200];
        CHECK_STR(eventsay_reason(a, said, sizeof said), "keine Partie NOPE auf diesem Server");
        CHECK(a[strlen(a) - 1] == '\n' && a[strlen(a) - 2] == '\n'); /* still ends in a blank line */
    }
    free(a);
    /* a pack's offer refused, in its words too */
    a = c ? answer_of(s, c, netclient_send(c, "upload pack many 00")) : NULL;
    head = "? 'many' is not a size in bytes\nw:";
    CHECK(a && strncmp(a, head, strlen(head)) == 0 && !strstr(a, "w:-"));
    if (a) {
        char said[300];
        CHECK_STR(eventsay_reason(a, said, sizeof said), "„many“ ist keine Größe in Bytes");
    }
    free(a);
    /* the lobby's usage line */
    a = c ? answer_of(s, c, netclient_send(c, "join")) : NULL;
    if (a) {
        char said[300];
        CHECK_STR(eventsay_reason(a, said, sizeof said), "Aufruf: join CODE PLATZ");
    }
    free(a);
    /* a host's options */
    a = c ? answer_of(s, c, netclient_send(c, "host first-light seats=9")) : NULL;
    if (a) {
        char said[300];
        CHECK_STR(eventsay_reason(a, said, sizeof said),
                  "seats=N oder seats=N+monsters, mit 1 bis 4 Heldenspielern");
    }
    free(a);
    /* one not kept in parts ("w:-": the rules' words of an earlier
     * refusal do not make it): the English said */
    CHECK_STR(eventsay_reason("? 'many' is not a size in bytes\nw:-\n\n", why, sizeof why),
              "'many' is not a size in bytes");
    /* a reason without words but without arguments either: the catalogue's */
    CHECK_STR(eventsay_reason("? too many messages\n\n", why, sizeof why), "zu viele Nachrichten");
    /* too many commands at once: the bye's reason in German */
    for (int i = 0; c && i < 80; i++)
        netclient_send(c, "games");
    const char *closed = NULL;
    for (int i = 0; c && i < 2000 && !closed; i++) {
        netserver_step(s, 0);
        NetClientEvent ev;
        netclient_poll(c, 2, &ev);
        if (ev.kind == NETCLIENT_CLOSED)
            closed = ev.text;
    }
    CHECK(closed && strcmp(closed, "the server said: too many messages") == 0);
    if (closed) {
        fprintf(stderr, "closed: %s\n", closed);
        CHECK_STR(eventsay_closed(closed, why, sizeof why), "der Server sagt: zu viele Nachrichten");
    }
    CHECK_STR(eventsay_closed("no server answered", why, sizeof why), "kein Server hat geantwortet");
    CHECK_STR(eventsay_closed("the server said: version 9 is not spoken here (this server speaks 3)", why,
                              sizeof why),
              "der Server sagt: Version 9 wird hier nicht gesprochen (dieser Server spricht 3)");
    CHECK_STR(eventsay_closed("the server said: a bye message before hello", why, sizeof why),
              "der Server sagt: eine Nachricht „bye“ vor der Begrüßung");
    CHECK_STR(eventsay_closed("the server said: something new", why, sizeof why),
              "der Server sagt: something new");
    /* the window's thread speaks German between the steps */
    CHECK_STR(_("connected"), "verbunden");
    CHECK_STR(i18n_language(), "de");
    netclient_destroy(c);
    for (int i = 0; i < 5; i++)
        netserver_step(s, 2);
    netserver_destroy(s);
    CHECK_STR(_("connected"), "verbunden");
}

/* A server of one connection: a second is told it is full (it waited
 * before, ENet ignoring it), said in German. */
static void check_full(void)
{
    char why[256];
    NetServerConfig cfg = {.bind = "127.0.0.1", .max_peers = 1};
    NetServer *s = netserver_create(&cfg, why, sizeof why);
    CHECK(s != NULL);
    if (!s)
        return;
    NetClient *a = netclient_create("127.0.0.1", netserver_port(s), "Ann", why, sizeof why);
    NetClient *b = NULL;
    const char *closed = NULL;
    for (int i = 0; a && i < 2000 && !closed; i++) {
        netserver_step(s, 0);
        NetClientEvent ev;
        netclient_poll(a, 2, &ev);
        if (!b && netclient_ready(a))
            b = netclient_create("127.0.0.1", netserver_port(s), "Bo", why, sizeof why);
        if (b) {
            netclient_poll(b, 0, &ev);
            if (ev.kind == NETCLIENT_CLOSED)
                closed = ev.text;
        }
    }
    CHECK(closed && strcmp(closed, "the server said: the server is full") == 0);
    if (closed)
        CHECK_STR(eventsay_closed(closed, why, sizeof why), "der Server sagt: der Server ist voll");
    CHECK(a && netclient_ready(a)); /* the first stays */
    netclient_destroy(b);
    netclient_destroy(a);
    for (int i = 0; i < 5; i++)
        netserver_step(s, 2);
    netserver_destroy(s);
}

/* --- the window's sessions: refusals and notices in German ---------------------- */

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

typedef bool (*Until)(Online *a, Online *b);

/* Polls both sessions (a hosts the server) until cond: 3000 rounds, 10 s. */
static bool until(Online *a, Online *b, Until cond)
{
    double end = now_s() + 10;
    for (int i = 0; i < 3000 && now_s() < end; i++) {
        online_poll(a);
        if (b)
            online_poll(b);
        if (cond(a, b))
            return true;
        nanosleep(&(struct timespec){0, 1000000}, NULL);
    }
    return false;
}

static bool both_connected(Online *a, Online *b)
{
    return online_phase(a) == ONLINE_LOBBY && (!b || online_phase(b) == ONLINE_LOBBY);
}

static bool a_seated(Online *a, Online *b)
{
    (void)b;
    return online_phase(a) == ONLINE_SEATED && online_my_turn(a);
}

static bool b_seated(Online *a, Online *b)
{
    (void)a;
    return online_phase(b) == ONLINE_SEATED && online_seat_count(b) == 2;
}

static char wanted[200];

static bool b_status(Online *a, Online *b)
{
    (void)a;
    return strstr(online_status(b), wanted) != NULL;
}

static bool a_alert(Online *a, Online *b)
{
    (void)b;
    char alert[ONLINE_LINE_MAX];
    return online_take_alert(a, alert, sizeof alert) && snprintf(wanted, sizeof wanted, "%s", alert) > 0;
}

static bool a_logged(Online *a, Online *b)
{
    (void)b;
    for (int i = 0; i < online_log_count(a); i++)
        if (strstr(online_log_line(a, i), wanted))
            return true;
    return false;
}

/* Ann hosts First Light for two hero players here, Bo joins seat 1 from
 * another session. Bo's refusals (not his turn, a taken seat) and Ann's
 * notice of Bo's drop are said in German from their words. */
static void check_sessions(void)
{
    char why[256];
    Online *a = online_create("127.0.0.1", 0, "Ann", true, NULL, why, sizeof why);
    CHECK(a != NULL);
    if (!a)
        return;
    online_set_cache(a, "");
    Online *b = online_create("127.0.0.1", online_local_port(a), "Bo", false, NULL, why, sizeof why);
    CHECK(b != NULL);
    if (!b) {
        online_destroy(a);
        return;
    }
    online_set_cache(b, "");
    CHECK(until(a, b, both_connected));
    online_host(a, "first-light seats=2");
    CHECK(until(a, b, a_seated));
    online_join(b, online_code(a), "0"); /* Ann's */
    snprintf(wanted, sizeof wanted, "Platz 0 von Partie %s ist besetzt", online_code(a));
    CHECK(until(a, b, b_status));
    online_join(b, online_code(a), "1");
    CHECK(until(a, b, b_seated));
    online_command(b, "roll"); /* the Barbarian's turn, Ann's */
    snprintf(wanted, sizeof wanted, "Barbar ist am Zug, gespielt von Ann");
    CHECK(until(a, b, b_status));
    fprintf(stderr, "Bo's refusal: %s\n", online_status(b));
    online_command(b, "attack 999 998"); /* the protocol's own refusal */
    snprintf(wanted, sizeof wanted, "„999“ ist keine Figurennummer");
    CHECK(until(a, b, b_status));
    online_command(b, "move 0 x y");
    snprintf(wanted, sizeof wanted, "erwartet war ein Feld X Y");
    CHECK(until(a, b, b_status));
    fprintf(stderr, "Bo's refusal: %s\n", online_status(b));
    online_destroy(b);
    CHECK(until(a, NULL, a_alert));
    fprintf(stderr, "Ann's alert: %s\n", wanted);
    CHECK_STR(wanted, "Die Verbindung von Bo ist abgebrochen: die Partie wartet, bis zu 600 s lang");
    snprintf(wanted, sizeof wanted, "die Partie wartet, bis zu 600 s lang.");
    CHECK(a_logged(a, NULL));
    online_destroy(a);
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
    check_full();
    check_sessions();
    remove(file);
    rmdir(sub);
    rmdir(dir);
    return check_finish("net_lang");
}
