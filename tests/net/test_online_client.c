/* The window's online session without a window (src/app/online.h,
 * onlinegame.h): a player hosts First Light here (a server in the
 * process, on 127.0.0.1) with the monster side a player's; a second
 * session joins the monster seat. The hero player's picture has fog and
 * only the monsters the heroes have seen; the monster player's has every
 * monster and no fog. The hero player plays the heroes' turns, the monster
 * player is told it is the monsters' turn, moves a monster the server
 * says may act and ends the turn; round 2 comes back to the heroes. The
 * state parser refuses a damaged line. Every wait is bounded in polls and
 * in time. */
#include "check.h"

#include "app/online.h"
#include "app/onlinegame.h"
#include "gfx/scene.h"
#include "net/netclient.h"
#include "net/netserver.h"

#include <pthread.h>

#include <stdio.h>
#include <string.h>
#include <time.h>

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

typedef bool (*Cond)(Online *a, Online *b, void *ctx);

/* Polls both sessions until cond holds: at most 2000 rounds and 10 s. */
static bool until(Online *a, Online *b, Cond cond, void *ctx)
{
    double end = now() + 10;
    for (int i = 0; i < 2000 && now() < end; i++) {
        online_poll(a);
        if (b)
            online_poll(b);
        if (cond(a, b, ctx))
            return true;
        nanosleep(&(struct timespec){0, 2000000}, NULL);
    }
    return false;
}

static bool connected(Online *a, Online *b, void *ctx)
{
    (void)ctx;
    return online_phase(a) != ONLINE_CONNECTING && (!b || online_phase(b) != ONLINE_CONNECTING);
}

static bool seated_with_state(Online *a, Online *b, void *ctx)
{
    (void)ctx;
    return online_phase(a) == ONLINE_SEATED && online_state(a)->valid && online_seat_count(a) > 0 &&
           (!b || (online_phase(b) == ONLINE_SEATED && online_state(b)->valid && online_seat_count(b) > 0));
}

static bool my_turn(Online *a, Online *b, void *ctx)
{
    (void)b;
    Online *who = ctx ? (Online *)ctx : a;
    return online_my_turn(who) && online_state(who)->valid &&
           online_state(who)->monsters_phase == (ctx != NULL);
}

static int monsters_in(const OnlineState *st)
{
    int n = 0;
    for (int i = 0; i < st->piece_count; i++)
        n += !st->pieces[i].hero && st->pieces[i].on_board;
    return n;
}

static bool hinted(Online *a, Online *b, void *ctx)
{
    (void)b;
    unsigned n;
    online_hint(a, &n);
    return n != *(unsigned *)ctx;
}

static bool acted(Online *a, Online *b, void *ctx)
{
    (void)b;
    return online_state(a)->actions > *(size_t *)ctx;
}

static bool either_changed(Online *a, Online *b, void *ctx)
{
    const unsigned *v = ctx;
    return online_version(a) != v[0] || online_version(b) != v[1];
}

static bool some_monster_acts(const OnlineState *st)
{
    for (int i = 0; i < st->piece_count; i++)
        if (st->pieces[i].acts)
            return true;
    return false;
}

/* The hero player follows the computer's hints and the monster player
 * ends its turns until a monster the heroes revealed may act: at most
 * 400 commands. */
static bool play_until_a_monster_acts(Online *heroes, Online *monsters)
{
    for (int i = 0; i < 400; i++) {
        if (online_my_turn(monsters) && online_state(monsters)->monsters_phase) {
            if (some_monster_acts(online_state(monsters)))
                return true;
            size_t done = online_state(heroes)->actions;
            online_command(monsters, "end");
            if (!until(heroes, monsters, acted, &done))
                return fprintf(stderr, "the game did not go on (wait 1, command %d)\n", i), false;
        } else if (online_my_turn(heroes)) {
            unsigned n;
            size_t done = online_state(heroes)->actions;
            online_hint(heroes, &n);
            online_ask_hint(heroes);
            if (!until(heroes, monsters, hinted, &n))
                return fprintf(stderr, "the game did not go on (wait 2, command %d)\n", i), false;
            if (!online_hint(heroes, NULL)[0]) /* the turn had passed: no advice */
                continue;
            online_command(heroes, online_hint(heroes, NULL));
            if (!until(heroes, monsters, acted, &done))
                return fprintf(stderr, "the game did not go on (wait 3, command %d)\n", i), false;
        } else {
            unsigned both[2] = {online_version(heroes), online_version(monsters)};
            if (!until(heroes, monsters, either_changed, both))
                return fprintf(stderr, "the game did not go on (wait 4, command %d)\n", i), false;
        }
    }
    return fprintf(stderr, "no monster may act after 400 commands\n"), false;
}

static bool logged(const Online *o, const char *text)
{
    for (int i = 0; i < online_log_count(o); i++)
        if (strstr(online_log_line(o, i), text))
            return true;
    return false;
}

/* The monster seat was told why its roll and its undo are refused. */
static bool refused_undo(Online *a, Online *b, void *ctx)
{
    (void)b, (void)ctx;
    int n = 0;
    for (int i = 0; i < online_log_count(a); i++)
        n += strstr(online_log_line(a, i), "the monsters wait for theirs") != NULL;
    return n >= 2;
}

static void test_parse(void)
{
    OnlineState st = {0};
    char why[200];
    const char *good = "= status playing turn 3 current -1 phase monsters\n"
                       "rolled no dice - move-left 0 can-move no acted no can-undo 0 move-unit 1\n"
                       "seed hidden rng hidden actions 12\n"
                       "acts 5 move-left 8\n"
                       "piece 0 barbarian hero 1,1 body 8/8 alive revealed gold 0\n"
                       "piece 5 orc monster 2,1 body 1/1 alive revealed gold 0\n"
                       "piece - goblin monster 0,0 body 1/1 alive hidden gold 0\n"
                       "door 0 1,0 south normal closed found\n"
                       "trap 0 pit 0,1 found\n"
                       "door - 2,0 south secret closed hidden\n"
                       "revealed 0 110\n"
                       "revealed 1 011\n";
    CHECK(onlinegame_parse_state(&st, good, 3, 2, why, sizeof why));
    CHECK(st.monsters_phase && st.turn == 3 && st.current == -1 && st.actions == 12);
    CHECK_INT(st.piece_count, 3);
    CHECK(onlinegame_piece(&st, -1) == NULL); /* a piece the heroes do not know is named by none */
    CHECK(onlinegame_piece_at(&st, (BoardPos){0, 0}) && onlinegame_piece_at(&st, (BoardPos){0, 0})->id == -1);
    CHECK(onlinegame_piece(&st, 5) && onlinegame_piece(&st, 5)->acts);
    CHECK(!onlinegame_piece(&st, 0)->acts && onlinegame_piece(&st, 0)->hero);
    CHECK(onlinegame_piece_at(&st, (BoardPos){2, 1}) == onlinegame_piece(&st, 5));
    CHECK_INT(st.door_count, 2);
    CHECK_INT(st.trap_count, 1);
    CHECK(st.revealed[0] && st.revealed[1] && !st.revealed[2] && !st.revealed[3] && st.revealed[5]);
    const char *bad = "= status playing turn 1 current 0 phase hero\npiece 0 barbarian hero x,1 body\n";
    CHECK(!onlinegame_parse_state(&st, bad, 3, 2, why, sizeof why));
    CHECK_STR_CONTAINS(why, "state line 2");
    CHECK(!st.valid);
    const char *wide = "= status playing turn 1 current 0 phase hero\nrevealed 0 1111\n";
    CHECK(!onlinegame_parse_state(&st, wide, 3, 2, why, sizeof why));
    onlinegame_state_free(&st);
}

/* Hosting here: the server in the session itself, stepped by its poll. */
static void test_host_here(void)
{
    char why[256];
    Online *o = online_create("127.0.0.1", 0, "Ann", true, NULL, why, sizeof why);
    CHECK(o != NULL);
    if (!o)
        return;
    CHECK(online_local_port(o) != 0);
    CHECK(until(o, NULL, connected, NULL));
    online_host(o, "first-light seats=2");
    CHECK(until(o, NULL, seated_with_state, NULL));
    CHECK(online_code(o)[0] && online_token(o)[0] && online_commit(o)[0]);
    CHECK_INT(online_seat_count(o), 2);
    CHECK(online_plays_hero(o, 0) && !online_plays_hero(o, 1) && online_plays_hero(o, 2));
    CHECK(online_template(o) != NULL);
    online_destroy(o);
}

/* A server of its own thread with a rate limit a quick test does not
 * reach (the window's players are slower than this test). */
static volatile int stop_server;
static void *serve(void *arg)
{
    netserver_run(arg, &stop_server);
    return NULL;
}

int main(void)
{
    test_parse();
    test_host_here();
    char why[256];
    CHECK(net_enet_start(why, sizeof why));
    NetServerConfig c = {.bind = "127.0.0.1", .rate = 5000, .burst = 15000};
    NetServer *server = netserver_create(&c, why, sizeof why);
    CHECK(server != NULL);
    if (!server)
        return check_finish("online_client");
    pthread_t thread;
    pthread_create(&thread, NULL, serve, server);
    Online *heroes = online_create("127.0.0.1", netserver_port(server), "Ann", false, NULL, why,
                                   sizeof why);
    CHECK(heroes != NULL);
    if (!heroes)
        return check_finish("online_client");
    CHECK(until(heroes, NULL, connected, NULL));
    online_host(heroes, "first-light seats=1+monsters");
    CHECK(until(heroes, NULL, seated_with_state, NULL));
    Online *monsters = online_create("127.0.0.1", netserver_port(server), "Mo", false, NULL, why,
                                     sizeof why);
    CHECK(monsters != NULL);
    if (!monsters)
        return check_finish("online_client");
    CHECK(until(heroes, monsters, connected, NULL));
    online_join(monsters, online_code(heroes), "1");
    CHECK(until(heroes, monsters, seated_with_state, NULL));
    CHECK(strcmp(online_my_kind(heroes), "heroes") == 0 && online_plays_hero(heroes, 0));
    CHECK(strcmp(online_my_kind(monsters), "monsters") == 0 && !online_plays_hero(monsters, 0));
    /* what each may see */
    const OnlineState *hs = online_state(heroes), *ms = online_state(monsters);
    CHECK(monsters_in(ms) > monsters_in(hs));
    const Game *tmpl = online_template(heroes);
    CHECK(tmpl != NULL);
    if (tmpl) {
        Scene *scene = scene_create(game_mission(tmpl)->board, 1, NULL);
        onlinegame_fill_scene(scene, tmpl, hs, false);
        CHECK(scene_has_fog(scene));
        size_t hero_view = scene_piece_count(scene);
        onlinegame_fill_scene(scene, online_template(monsters), ms, true);
        CHECK(!scene_has_fog(scene));
        CHECK(scene_piece_count(scene) > hero_view);
        scene_destroy(scene);
    }
    /* the heroes' turns: a roll, then each hero ends */
    CHECK(until(heroes, monsters, my_turn, NULL));
    /* a version bump alone may be a picture asked for before the roll:
     * wait for the action itself */
    size_t done = online_state(heroes)->actions;
    online_command(heroes, "roll");
    CHECK(until(heroes, monsters, acted, &done));
    CHECK(logged(heroes, "rolls"));
    CHECK(online_state(heroes)->rolled);
    CHECK(logged(monsters, "rolls")); /* told as another seat's events */
    online_command(monsters, "roll");  /* not the monster seat's turn: refused, nothing played */
    /* nor may it take back the heroes' moves: undo is the seat on turn's */
    done = online_state(heroes)->actions;
    online_command(monsters, "undo");
    bool refused = until(monsters, heroes, refused_undo, NULL);
    CHECK(refused);
    for (int i = 0; !refused && i < online_log_count(monsters); i++)
        fprintf(stderr, "monsters' log: %s\n", online_log_line(monsters, i));
    CHECK(online_state(heroes)->actions == done);
    for (int hero = 0; hero < 4 && !online_state(heroes)->monsters_phase; hero++) {
        done = online_state(heroes)->actions;
        online_command(heroes, "end");
        CHECK(until(heroes, monsters, acted, &done));
    }
    CHECK(until(heroes, monsters, my_turn, monsters));
    CHECK(!online_my_turn(heroes));
    bool acts = play_until_a_monster_acts(heroes, monsters);
    CHECK(acts);
    for (int i = 0; !acts && i < online_log_count(heroes); i++)
        fprintf(stderr, "heroes' log: %s\n", online_log_line(heroes, i));
    int round = online_state(monsters)->turn;
    /* the monster player plays what the computer advises (a move or an
     * attack of a monster that may act), then ends */
    size_t before = online_state(monsters)->actions;
    unsigned n;
    online_hint(monsters, &n);
    online_ask_hint(monsters);
    CHECK(until(monsters, heroes, hinted, &n));
    const char *hint = online_hint(monsters, NULL);
    CHECK(strncmp(hint, "move ", 5) == 0 || strncmp(hint, "attack ", 7) == 0);
    if (strncmp(hint, "move ", 5) != 0 && strncmp(hint, "attack ", 7) != 0)
        fprintf(stderr, "the monster side's hint: '%s'\n", hint);
    online_command(monsters, hint);
    CHECK(until(monsters, heroes, acted, &before));
    int id = -1;
    BoardPos to;
    if (sscanf(hint, "move %d %d %d", &id, &to.x, &to.y) == 3) {
        const OnlinePiece *moved = onlinegame_piece(online_state(monsters), id);
        CHECK(moved && grid_pos_equal(moved->pos, to));
    }
    online_command(monsters, "end");
    CHECK(until(heroes, monsters, my_turn, NULL));
    CHECK_INT(online_state(heroes)->turn, round + 1);
    /* the monster player's window goes: the hero player is told */
    online_destroy(monsters);
    char alert[ONLINE_LINE_MAX] = "";
    double end = now() + 10;
    for (int i = 0; i < 3000 && now() < end && !strstr(alert, "Mo"); i++) {
        online_poll(heroes);
        online_take_alert(heroes, alert, sizeof alert);
        nanosleep(&(struct timespec){0, 2000000}, NULL);
    }
    CHECK_STR_CONTAINS(alert, "Mo");
    online_destroy(heroes);
    stop_server = 1;
    pthread_join(thread, NULL);
    netserver_destroy(server);
    return check_finish("online_client");
}
