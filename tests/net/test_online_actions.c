/* The window's online session (src/app/online.h) playing what the online
 * board's panel sends besides moves and blows: undo, a potion, a spell,
 * against a server in a thread on 127.0.0.1. The mission is First Light
 * with two finds in the heroes' stairway room (a hazard and a potion),
 * written into a data folder of the test's own: the server hosts it as a
 * bundled mission and the client draws it from the same folder. The
 * Barbarian rolls, steps two squares and takes them back (the server
 * accepts undo from the seat on turn, and the move had revealed nothing);
 * searches and is hurt and finds a potion; drinks it; the Wizard casts
 * Courage on himself. The events of each answer come to the session in
 * order, as the board's animations take them. Every wait is bounded. */
#define _GNU_SOURCE /* mkdtemp, setenv */
#include "check.h"
#include "online_data.h"

#include "app/online.h"
#include "app/onlinegame.h"
#include "app/paths.h"
#include "net/netclient.h"
#include "net/netserver.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

typedef bool (*Cond)(Online *o, const void *ctx);

/* Polls until cond holds: at most 3000 rounds and 10 s. */
static bool until(Online *o, Cond cond, const void *ctx)
{
    double end = now() + 10;
    for (int i = 0; i < 3000 && now() < end; i++) {
        online_poll(o);
        if (cond(o, ctx))
            return true;
        nanosleep(&(struct timespec){0, 2000000}, NULL);
    }
    return false;
}

static bool connected(Online *o, const void *ctx)
{
    (void)ctx;
    return online_phase(o) != ONLINE_CONNECTING;
}

static bool seated(Online *o, const void *ctx)
{
    (void)ctx;
    return online_phase(o) == ONLINE_SEATED && online_state(o)->valid && online_my_turn(o);
}

static bool acted(Online *o, const void *ctx)
{
    return online_state(o)->actions > *(const size_t *)ctx;
}

typedef struct Where {
    int id;
    BoardPos pos;
    int body;   /* -1: any */
} Where;

static bool piece_is(Online *o, const void *ctx)
{
    const Where *w = ctx;
    const OnlinePiece *p = onlinegame_piece(online_state(o), w->id);
    return p && grid_pos_equal(p->pos, w->pos) && (w->body < 0 || p->body == w->body);
}

static bool hero_on_turn(Online *o, const void *ctx)
{
    return online_state(o)->current == *(const int *)ctx && online_my_turn(o);
}

static bool logged(Online *o, const void *text)
{
    for (int i = 0; i < online_log_count(o); i++)
        if (strstr(online_log_line(o, i), text))
            return true;
    return false;
}

static volatile int stop_server;
static void *serve(void *arg)
{
    netserver_run(arg, &stop_server);
    return NULL;
}

/* The session's events since the last call, as the board takes them. */
static int take_events(Online *o, EventKind kind, GameEvent *last)
{
    int n = 0;
    GameEvent e;
    while (online_take_event(o, &e))
        if (e.kind == kind) {
            n++;
            *last = e;
        }
    return n;
}

static void play(Online *o)
{
    size_t done = online_state(o)->actions;
    GameEvent e;
    online_command(o, "roll");
    CHECK(until(o, acted, &done));
    CHECK_INT(take_events(o, EVENT_ROLL, &e), 1);
    CHECK(e.dice_count == 2 && e.value == e.dice[0] + e.dice[1]);
    /* two steps, taken back */
    done = online_state(o)->actions;
    online_command(o, "move 0 3 1");
    CHECK(until(o, piece_is, &(Where){0, {3, 1}, -1}));
    CHECK_INT(take_events(o, EVENT_STEP, &e), 2);
    CHECK(e.piece == 0 && grid_pos_equal(e.from, (BoardPos){2, 1}) && grid_pos_equal(e.to, (BoardPos){3, 1}));
    CHECK_INT(online_state(o)->can_undo, 1);
    online_command(o, "undo");
    CHECK(until(o, piece_is, &(Where){0, {1, 1}, -1}));
    CHECK_INT(online_state(o)->can_undo, 0);
    CHECK_INT((int)online_state(o)->actions, (int)done);
    CHECK_INT(take_events(o, EVENT_UNDO, &e), 1);
    CHECK(grid_pos_equal(e.from, (BoardPos){3, 1}) && grid_pos_equal(e.to, (BoardPos){1, 1}));
    /* nothing left to take back: refused, and said */
    online_command(o, "undo");
    CHECK(until(o, logged, "no move to take back"));
    /* the search: hurt, and a potion */
    online_command(o, "search treasure");
    CHECK(until(o, piece_is, &(Where){0, {1, 1}, 6}));
    CHECK_INT(take_events(o, EVENT_DAMAGE, &e), 1);
    CHECK_INT(e.value, 2);
    const OnlinePiece *b = onlinegame_piece(online_state(o), 0);
    CHECK(b && onlinegame_list_has(b->items, "find-4-4") && onlinegame_list_has(b->items, "broadsword"));
    CHECK(b && !onlinegame_list_has(b->items, "find-4"));
    online_command(o, "use 0 find-4-4");
    CHECK(until(o, piece_is, &(Where){0, {1, 1}, 8}));
    b = onlinegame_piece(online_state(o), 0);
    CHECK(b && !onlinegame_list_has(b->items, "find-4-4"));
    /* on to the Wizard, who casts Courage on himself */
    int wizard = 3;
    for (int i = 0; i < 3; i++) {
        done = online_state(o)->actions;
        online_command(o, "end");
        CHECK(until(o, acted, &done));
    }
    CHECK(until(o, hero_on_turn, &wizard));
    const OnlinePiece *w = onlinegame_piece(online_state(o), wizard);
    CHECK(w && w->casts && onlinegame_list_has(w->spells, "courage"));
    CHECK(w && !onlinegame_piece(online_state(o), 0)->casts);
    done = online_state(o)->actions;
    online_command(o, "cast 3 courage 3");
    CHECK(until(o, acted, &done));
    w = onlinegame_piece(online_state(o), wizard);
    CHECK(w && !onlinegame_list_has(w->spells, "courage") && onlinegame_list_has(w->spells, "genie"));
    CHECK(until(o, logged, "Wizard casts Courage"));
    CHECK_INT(take_events(o, EVENT_CAST, &e), 1);
    CHECK(e.piece == wizard && e.target == wizard);
}

int main(void)
{
    char dir[256], why[256];
    CHECK(online_data_make(dir, sizeof dir));
    setenv("QUESTBOARD_DATA", dir, 1);
    CHECK(net_enet_start(why, sizeof why));
    NetServerConfig c = {.bind = "127.0.0.1", .rate = 5000, .burst = 15000};
    NetServer *server = netserver_create(&c, why, sizeof why);
    CHECK(server != NULL);
    if (!server) {
        online_data_remove(dir);
        return check_finish("online_actions");
    }
    pthread_t thread;
    pthread_create(&thread, NULL, serve, server);
    Online *o = online_create("127.0.0.1", netserver_port(server), "Ann", false, NULL, why, sizeof why);
    CHECK(o != NULL);
    if (o) {
        CHECK(until(o, connected, NULL));
        online_host(o, "quiet-cellar seats=1");
        CHECK(until(o, seated, NULL));
        if (online_template(o))
            play(o);
        else
            fprintf(stderr, "no picture: %s\n", online_status(o));
        online_destroy(o);
    }
    stop_server = 1;
    pthread_join(thread, NULL);
    netserver_destroy(server);
    online_data_remove(dir);
    return check_finish("online_actions");
}
