/* The online screens driven by keys, headless with the layout probe
 * (issue 22, issue 27): the Online screen; a window hosting First Light
 * for two hero players here (a server in the process, on 127.0.0.1) and
 * its lobby; a second Online screen joining it by address and code, first
 * in the host's seat (refused), then in seat 1, and its lobby; a third
 * asking a dedicated server (the test's, on 127.0.0.1) for a game it
 * does not hold (refused), then told that the server stops. Each frame is
 * checked for text cut off or drawn over other text.
 * screens_onlinelobby_de runs the same under LANGUAGE=de: every line
 * drawn must be German, so no English word may be left on screen (names,
 * codes and addresses aside), the server's refusals and its bye among
 * them, the server answering in the protocol's English all the same.
 * QB_ONLINELOBBY_SHOTS=DIR keeps the frames. Every wait is bounded. */
#define _GNU_SOURCE /* mkdtemp, setenv */
#include "screen_harness.h"

#include "app/lang.h"
#include "app/screens/onlinemenu.h"
#include "app/settings.h"
#include "core/i18n.h"
#include "net/netserver.h"

#include <SDL_ttf.h>
#include <ctype.h>
#include <stdlib.h>
#include <time.h>

static NetServer *server; /* the dedicated one, stepped with each frame */

/* One frame of the window: the screens (and the sessions their lobbies
 * poll) updated by 20 ms of game time, the dedicated server stepped. */
static void tick(void)
{
    if (server)
        netserver_step(server, 0);
    screens_update(&app, 0.02);
    screens_bury(&app);
    nanosleep(&(struct timespec){0, 1000000}, NULL);
}

/* Draws the stack with the probe on (not checked: a look while waiting). */
static void look(void)
{
    layoutprobe_begin(&probe);
    screens_draw(&app);
    layoutprobe_end();
}

/* Frames until a line holding s is drawn (s in English or in German, as
 * the run speaks): at most 3000 frames. */
static bool until_said(const char *en, const char *de)
{
    const char *s = harness_translated ? de : en;
    for (int i = 0; i < 3000; i++) {
        tick();
        if (i % 10 == 0) {
            look();
            if (layoutprobe_find(&probe, s))
                return true;
        }
    }
    fprintf(stderr, "never said: %s\n", s);
    return false;
}

/* English words no German line holds (whole words, case as written). */
static const char *const ENGLISH[] = {
    "the", "The", "your", "Your", "is", "of", "and", "to", "with", "for", "from", "not", "no",
    "No", "Join", "join", "joined", "Host", "host", "Play", "Leave", "Back", "Seat", "Seats",
    "seat", "game", "Game", "ready", "free", "heroes", "hero", "player", "players", "Players",
    "connected", "connecting", "here", "News", "refused", "taken", "server", "said", "stopping",
    "gone", "code", "name", "opens", "board", "sends", "stops", "change", "choose", "edit",
    "Friends", "friends", "none", "first", "light", "Light", "First", "someone"};

/* The first English word in s, or NULL. Letters are ASCII letters and
 * any byte of a multi-byte character (so "für" is one word). */
static const char *english_word(const char *s, char *word, size_t size)
{
    for (const char *p = s; *p;) {
        while (*p && !isalpha((unsigned char)*p) && !((unsigned char)*p & 0x80))
            p++;
        size_t n = 0;
        while (p[n] && (isalpha((unsigned char)p[n]) || ((unsigned char)p[n] & 0x80)))
            n++;
        if (!n)
            break;
        snprintf(word, size, "%.*s", (int)n, p);
        for (size_t i = 0; i < sizeof ENGLISH / sizeof ENGLISH[0]; i++)
            if (strlen(ENGLISH[i]) == n && strncmp(p, ENGLISH[i], n) == 0)
                return word;
        p += n;
    }
    return NULL;
}

/* A frame checked for its layout (the harness's frame), for a line cut
 * short to fit ("..." at its end) and, in German, for English left on it. */
static void shown(const char *what)
{
    frame(what);
    for (size_t i = 0; i < probe.count; i++) {
        const ProbeItem *it = &probe.items[i];
        size_t n = strlen(it->text);
        char word[64];
        if (it->panel)
            continue;
        if (n >= 3 && n < sizeof it->text - 1 && strcmp(it->text + n - 3, "...") == 0) {
            fprintf(stderr, "%s %s: cut short: \"%s\"\n", config, what, it->text);
            CHECK(false);
        }
        if (harness_translated && english_word(it->text, word, sizeof word)) {
            fprintf(stderr, "%s %s: English '%s' in \"%s\"\n", config, what, word, it->text);
            CHECK(false);
        }
    }
}

/* The port in the host's lobby ("127.0.0.1:PORT") and the code its
 * window's title ends in. */
static bool where_friends_join(unsigned *port, char *code)
{
    look();
    const char *title = SDL_GetWindowTitle(app.window), *last = strrchr(title, ' ');
    if (!last || strlen(last + 1) != 6)
        return false;
    snprintf(code, 7, "%s", last + 1);
    for (size_t i = 0; i < probe.count; i++) {
        const char *at = strstr(probe.items[i].text, "127.0.0.1:");
        if (at && !probe.items[i].panel && sscanf(at, "127.0.0.1:%u", port) == 1)
            return true;
    }
    return false;
}

/* On the Online screen (its cursor on Host here): the server row edited
 * to address, the code row to code, the seat chosen (0 Ann's, 1 the
 * next), then Join. */
static void join(const char *address, const char *code, int seat)
{
    keys(SDLK_UP, 3); /* Server */
    key(SDLK_RETURN);
    type(address);
    key(SDLK_RETURN);
    keys(SDLK_DOWN, 5); /* Game code */
    key(SDLK_RETURN);
    type(code);
    key(SDLK_RETURN);
    key(SDLK_DOWN); /* Seat: 0 */
    keys(SDLK_RIGHT, seat);
    key(SDLK_DOWN); /* Join */
    key(SDLK_RETURN);
}

static void lobbies(void)
{
    char why[256];
    /* the Online screen */
    setenv("USER", "Ann", 1); /* the name the Online screen offers */
    screens_reset(&app, onlinemenu_create(&app));
    shown("online");
    CHECK(!harness_translated || layoutprobe_find(&probe, "Hier eröffnen"));
    CHECK(!harness_translated || layoutprobe_find(&probe, "Erstes Licht"));
    CHECK(harness_translated || layoutprobe_find(&probe, "First Light"));
    /* Ann hosts First Light for two hero players here */
    key(SDLK_UP); /* Players */
    key(SDLK_RIGHT); /* 2 hero players */
    key(SDLK_DOWN); /* Host here */
    shown("online-host");
    key(SDLK_RETURN);
    CHECK(until_said("Friends join at", "Freunde treten über"));
    unsigned port = 0;
    char code[8] = "";
    CHECK(where_friends_join(&port, code));
    fprintf(stderr, "game %s at port %u\n", code, port);
    shown("lobby-host");
    CHECK(!harness_translated || layoutprobe_find(&probe, "Plätze"));
    /* Bo: the host's seat is refused, seat 1 taken */
    char address[32];
    snprintf(address, sizeof address, "127.0.0.1:%u", port);
    setenv("USER", "Bo", 1);
    screens_push(&app, onlinemenu_create(&app));
    join(address, code, 0);
    char refusal[64];
    snprintf(refusal, sizeof refusal, harness_translated ? "Platz 0 von Partie %s ist besetzt"
                                                         : "seat 0 of game %s is taken", code);
    CHECK(until_said(refusal, refusal));
    shown("lobby-join-refused");
    key(SDLK_ESCAPE); /* leave: the Online screen again, its cursor on Join */
    tick();
    key(SDLK_UP); /* Seat */
    key(SDLK_RIGHT); /* 1 */
    key(SDLK_DOWN);
    key(SDLK_RETURN);
    CHECK(until_said("heroes 1,3: Bo", "Helden 1,3: Bo"));
    shown("lobby-joined");
    /* Cy on a dedicated server: no such game, then the server stops */
    NetServerConfig cfg = {.bind = "127.0.0.1"};
    server = netserver_create(&cfg, why, sizeof why);
    CHECK(server != NULL);
    if (!server)
        return;
    snprintf(address, sizeof address, "127.0.0.1:%u", (unsigned)netserver_port(server));
    setenv("USER", "Cy", 1);
    screens_push(&app, onlinemenu_create(&app));
    join(address, "NOPEXY", 0);
    CHECK(until_said("no game NOPEXY on this server", "keine Partie NOPEXY auf diesem Server"));
    shown("lobby-no-game");
    netserver_destroy(server);
    server = NULL;
    CHECK(until_said("the server is stopping", "der Server wird beendet"));
    shown("lobby-closed");
    while (app.depth > 0)
        screens_pop(&app);
    screens_bury(&app);
}

int main(void)
{
    shots = getenv("QB_ONLINELOBBY_SHOTS");
    lang_init(LANG_SYSTEM); /* screens_onlinelobby_de: LANGUAGE=de */
    harness_translated = strcmp(i18n_language(), "en") != 0;
    SDL_Init(SDL_INIT_VIDEO);
    TTF_Init();
    IMG_Init(IMG_INIT_PNG);
    snprintf(tmpdir, sizeof tmpdir, "/tmp/qb-onlinelobby-XXXXXX");
    if (!mkdtemp(tmpdir))
        return 2;
    setenv("XDG_DATA_HOME", tmpdir, 1);
    snprintf(app.pref, sizeof app.pref, "%s/", tmpdir);
    opts.limits.max_side = 16384, opts.limits.max_squares = 67108864;
    app.opts = &opts;
    app.settings = settings_create(app.pref);
    app.running = true;
    /* the xdotool test's window, and a larger one */
    static const int sizes[][2] = {{900, 600}, {1280, 800}};
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        snprintf(config, sizeof config, "%dx%d@1.0", sizes[i][0], sizes[i][1]);
        open_window(sizes[i][0], sizes[i][1], 1.0);
        if (app.ui)
            lobbies();
        close_window();
    }
    settings_destroy(app.settings);
    layoutprobe_free(&probe);
    char cmd[300];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmpdir);
    if (system(cmd) != 0)
        fprintf(stderr, "could not remove %s\n", tmpdir);
    return check_finish("screens_onlinelobby");
}
