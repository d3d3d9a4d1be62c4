/* Online play on 127.0.0.1, in one process: a server in a thread and
 * headless clients (src/net/netclient.h).
 * - loopback: two hero players and a monster player play a seeded mission
 *   to the end; the final state and the save equal the same commands
 *   through the text protocol, and the seed revealed matches the
 *   commitment;
 * - hidden information: over generated games, nothing a hero player is
 *   told names a piece, door, trap or treasure the monster player's view
 *   shows as unknown to the heroes, nor counts one;
 * - seats: chat, out-of-turn refusals, a player dropping and coming back;
 * - hostile peers: malformed, wrong version, before hello, oversized,
 *   flood: each disconnected with its reason; the server goes on. */
#include "net_harness.h"

#include "app/paths.h"
#include "app/protocol.h"
#include "core/digest.h"
#include "core/fileio.h"
#include "match/match.h"

#include <enet/enet.h>
#include <inttypes.h>
#include <sys/stat.h>
#include <unistd.h>

static char data_dir[256];

/* Plays with `hint` until the game is over: each turn, the client whose
 * turn it is plays what the computer would. The lines played go to log
 * (one line each, in order). Returns the actions played. */
static int play_out(TestClient **clients, int n, FILE *log, int max)
{
    int played = 0;
    for (int step = 0; step < max; step++) {
        bool any = false;
        for (int i = 0; i < n && !any; i++) {
            char *h = tc_cmd(clients[i], "hint");
            if (h[0] == '=') {
                char line[256];
                snprintf(line, sizeof line, "%.*s", (int)strcspn(h + 2, "\n"), h + 2);
                free(tc_cmd(clients[i], "%s", line));
                fprintf(log, "%s\n", line);
                played++;
                any = true;
            } else if (strstr(h, "the game is over")) {
                free(h);
                return played;
            }
            free(h);
        }
        if (!any) {
            for (int i = 0; i < n; i++) {
                char *h = tc_cmd(clients[i], "hint"), *st = tc_cmd(clients[i], "state");
                fprintf(stderr, "client %d: %s%.300s\n", i, h, st);
                free(h), free(st);
            }
        }
        CHECK(any);
        if (!any)
            break;
    }
    return played;
}

static char *protocol_answer(Protocol *p, const char *line)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    protocol_execute(p, line, f);
    fclose(f);
    return buf;
}

static void test_loopback(TestServer *t)
{
    TestClient *a = tc_connect(t->port, "Ann"), *b = tc_connect(t->port, "Bo"),
               *m = tc_connect(t->port, "Mo");
    char code[16], token[64], commit[80] = "";
    char *ans = tc_cmd(a, "host first-light seats=2+monsters");
    CHECK(tc_seat_answer(ans, code, token));
    const char *c = strstr(ans, "commit ");
    if (c)
        sscanf(c, "commit %64s", commit);
    free(ans);
    ans = tc_cmd(b, "join %s 1", code);
    CHECK_STR_CONTAINS(ans, "token");
    free(ans);
    ans = tc_cmd(m, "join %s 2", code);
    CHECK_STR_CONTAINS(ans, "token");
    free(ans);
    ans = tc_cmd(a, "seats");
    CHECK_STR_CONTAINS(ans, "0 heroes 0,2 connected Ann");
    CHECK_STR_CONTAINS(ans, "1 heroes 1,3 connected Bo");
    CHECK_STR_CONTAINS(ans, "2 monsters - connected Mo");
    free(ans);
    /* the seed stays on the server */
    ans = tc_cmd(m, "state");
    CHECK_STR_CONTAINS(ans, "seed hidden rng hidden");
    free(ans);

    char *lines = NULL;
    size_t lines_len = 0;
    FILE *log = open_memstream(&lines, &lines_len);
    TestClient *all[] = {a, b, m};
    int played = play_out(all, 3, log, 5000);
    fclose(log);
    printf("loopback: %d commands to the end\n", played);
    CHECK(played > 20);
    tc_drain(a, 200);
    /* the seed revealed, and the commitment it was */
    const char *over = strstr(a->told, "! over -1 -\n");
    CHECK(over != NULL);
    uint64_t seed = 0;
    char salt[40] = "", commit2[80] = "";
    if (over)
        CHECK(sscanf(over, "! over -1 -\n%*s seed %" SCNu64 " salt %39s commit %79s", &seed, salt,
                     commit2) == 3);
    CHECK(strcmp(commit, commit2) == 0);
    char text[128], hex[DIGEST_HEX_SIZE];
    snprintf(text, sizeof text, "questboard-seed %" PRIu64 " %s", seed, salt);
    digest_sha256_hex(text, strlen(text), hex);
    CHECK(strcmp(hex, commit) == 0);

    /* the same commands through the protocol give the same game */
    Protocol *p = protocol_create();
    char path[1024], line[1200];
    paths_data_file("missions/first-light/mission.xml", path, sizeof path);
    snprintf(line, sizeof line, "seed %" PRIu64, seed);
    free(protocol_answer(p, line));
    free(protocol_answer(p, "seat monsters human"));
    snprintf(line, sizeof line, "load %s", path);
    free(protocol_answer(p, line));
    for (char *l = strtok(lines, "\n"); l; l = strtok(NULL, "\n"))
        free(protocol_answer(p, l));
    char *mine = tc_cmd(a, "state"), *theirs = protocol_answer(p, "state");
    CHECK(strcmp(mine, theirs) == 0);
    free(mine), free(theirs);
    free(protocol_answer(p, "reveal on"));
    mine = tc_cmd(m, "state"), theirs = protocol_answer(p, "state");
    CHECK(strcmp(mine, theirs) == 0);
    free(mine), free(theirs);
    size_t size;
    char *save = match_save_text(protocol_match(p), &size);
    snprintf(path, sizeof path, "%s/%s.save", data_dir, code);
    uint8_t *kept = NULL;
    size_t kept_size = 0;
    char why[256];
    CHECK(fileio_read(path, 1u << 24, &kept, &kept_size, why, sizeof why));
    CHECK(kept && kept_size == size && memcmp(kept, save, size) == 0);
    CHECK_STR_CONTAINS(save, "monsters player");
    free(kept);
    free(save);
    free(lines);
    protocol_destroy(p);
    tc_close(a), tc_close(b), tc_close(m);
}

/* --- hidden information ------------------------------------------------------ */

#define MAXID 512

typedef struct Truth {
    bool piece_known[MAXID], door_hidden[MAXID], trap_hidden[MAXID], treasure_hidden[MAXID];
} Truth;

static void read_truth(const char *state, Truth *t)
{
    memset(t, 0, sizeof *t);
    for (const char *l = state; l && *l; l = strchr(l, '\n'), l = l ? l + 1 : NULL) {
        int id;
        char rest[256];
        if (sscanf(l, "%*[= ]piece %d %*s %*s %*s body %*s %*s %255s", &id, rest) == 2 ||
            sscanf(l, "piece %d %*s %*s %*s body %*s %*s %255s", &id, rest) == 2) {
            if (id >= 0 && id < MAXID)
                t->piece_known[id] = strncmp(rest, "revealed", 8) == 0;
        } else if (sscanf(l, "door %d", &id) == 1 && id >= 0 && id < MAXID) {
            const char *end = strchr(l, '\n');
            t->door_hidden[id] = strstr(l, " hidden") && (!end || strstr(l, " hidden") < end);
        } else if (sscanf(l, "trap %d", &id) == 1 && id >= 0 && id < MAXID) {
            const char *end = strchr(l, '\n');
            t->trap_hidden[id] = strstr(l, " hidden") && (!end || strstr(l, " hidden") < end);
        } else if (sscanf(l, "treasure %d", &id) == 1 && id >= 0 && id < MAXID) {
            const char *end = strchr(l, '\n');
            t->treasure_hidden[id] = strstr(l, " hidden") && (!end || strstr(l, " hidden") < end);
        }
    }
}

/* Everything in a hero player's state must be known to the heroes. */
static int check_state(const char *state, const Truth *t)
{
    int bad = 0;
    for (const char *l = state; l && *l; l = strchr(l, '\n'), l = l ? l + 1 : NULL) {
        int id;
        if (strncmp(l, "= ", 2) == 0)
            l += 2;
        int was = bad;
        if (sscanf(l, "piece %d", &id) == 1)
            bad += id < 0 || id >= MAXID || !t->piece_known[id];
        else if (sscanf(l, "door %d", &id) == 1)
            bad += id < 0 || id >= MAXID || t->door_hidden[id];
        else if (sscanf(l, "trap %d", &id) == 1)
            bad += id < 0 || id >= MAXID || t->trap_hidden[id];
        else if (sscanf(l, "treasure %d", &id) == 1)
            bad += id < 0 || id >= MAXID || t->treasure_hidden[id];
        if (bad != was && getenv("NET_DEBUG"))
            fprintf(stderr, "leak: %.80s\n", l);
    }
    return bad;
}

/* The event notices told since the last check: each names only pieces the
 * heroes know, and its count is the lines it holds. */
static int check_events(TestClient *tc, const Truth *t, int *events)
{
    int bad = 0;
    const char *at = tc->told + tc->read_at;
    while ((at = strstr(at, "! events ")) != NULL) {
        const char *body = strchr(at, '\n');
        if (!body)
            break;
        body++;
        int count = atoi(body);
        int lines = 0;
        const char *l = strchr(body, '\n');
        while (l && l[1] && l[1] != '\n') {
            l++;
            int piece, target;
            char kind[64];
            if (sscanf(l, "%63s %d %d", kind, &piece, &target) == 3) {
                bad += piece >= MAXID || (piece >= 0 && !t->piece_known[piece]);
                bad += target >= MAXID || (target >= 0 && strcmp(kind, "objective-met") != 0 &&
                                           !t->piece_known[target]);
            }
            lines++;
            l = strchr(l, '\n');
        }
        if (getenv("NET_DEBUG") && count != lines)
            fprintf(stderr, "count %d lines %d: %.200s\n", count, lines, body);
        bad += count != lines;
        *events += lines;
        at = body;
    }
    tc->read_at = tc->told_len;
    return bad;
}

static void test_hidden(TestServer *t)
{
    int bad = 0, events = 0, checks = 0;
    for (int seed = 1; seed <= 4; seed++) {
        TestClient *h = tc_connect(t->port, "Hero"), *m = tc_connect(t->port, "Master");
        char code[16], token[64];
        char *ans = tc_cmd(h, "host generate dungeon %d 26x19 seats=1+monsters", seed);
        CHECK(tc_seat_answer(ans, code, token));
        free(ans);
        free(tc_cmd(m, "join %s 1", code));
        TestClient *all[] = {h, m};
        for (int step = 0; step < 3000; step++) {
            char *line = NULL;
            TestClient *who = NULL;
            for (int i = 0; i < 2 && !who; i++) {
                char *hint = tc_cmd(all[i], "hint");
                if (hint[0] == '=') {
                    who = all[i];
                    line = xstrdup(hint + 2);
                    line[strcspn(line, "\n")] = '\0';
                }
                free(hint);
            }
            if (!who)
                break;
            free(tc_cmd(who, "%s", line));
            free(line);
            tc_drain(h, 5);
            char *truth = tc_cmd(m, "state"), *seen = tc_cmd(h, "state"), *board = tc_cmd(h, "board");
            Truth tr;
            read_truth(truth, &tr);
            bad += check_state(seen, &tr);
            bad += check_events(h, &tr, &events);
            checks++;
            free(truth), free(seen), free(board);
        }
        tc_close(h), tc_close(m);
    }
    printf("hidden: %d checks, %d events told to heroes, %d leaks\n", checks, events, bad);
    CHECK(checks > 100);
    CHECK(events > 100);
    CHECK_INT(bad, 0);
}

/* --- seats ----------------------------------------------------------------------- */

static void test_seats(TestServer *t)
{
    TestClient *a = tc_connect(t->port, "Ann"), *b = tc_connect(t->port, "Bo");
    char code[16], token[64], code2[16], token_b[64];
    char *ans = tc_cmd(a, "host first-light seats=2 drop=wait grace=60");
    CHECK(tc_seat_answer(ans, code, token));
    free(ans);
    ans = tc_cmd(b, "join %s 0", code);
    CHECK_STR_CONTAINS(ans, "? seat 0 of game");
    free(ans);
    ans = tc_cmd(b, "join %s 1", code);
    CHECK(tc_seat_answer(ans, code2, token_b));
    free(ans);
    /* out of turn: refused, nothing changed */
    ans = tc_cmd(b, "roll");
    CHECK_STR_CONTAINS(ans, "? it is Barbarian's turn, played by Ann");
    free(ans);
    ans = tc_cmd(b, "load missions/first-light/mission.xml");
    CHECK_STR_CONTAINS(ans, "is not played over the network");
    free(ans);
    ans = tc_cmd(b, "host first-light");
    CHECK_STR_CONTAINS(ans, "? you sit in game");
    free(ans);
    ans = tc_cmd(a, "say hello, Bo");
    CHECK(ans[0] == '=');
    free(ans);
    tc_drain(b, 100);
    CHECK_STR_CONTAINS(b->told, "! say 0 Ann\nhello, Bo\n");
    /* Bo drops and comes back with the token */
    tc_close(b);
    for (int i = 0; i < 30 && !strstr(a->told, "! dropped 1 Bo"); i++)
        tc_drain(a, 100);
    CHECK_STR_CONTAINS(a->told, "! dropped 1 Bo\nthe game waits for up to 60 s");
    ans = tc_cmd(a, "seats");
    CHECK_STR_CONTAINS(ans, "1 heroes 1,3 dropped Bo");
    free(ans);
    b = tc_connect(t->port, "Bo");
    ans = tc_cmd(b, "rejoin %s wrongtoken", code);
    CHECK_STR_CONTAINS(ans, "? no seat of game");
    free(ans);
    ans = tc_cmd(b, "rejoin %s %s", code, token_b);
    CHECK_STR_CONTAINS(ans, token_b);
    free(ans);
    tc_drain(a, 200);
    CHECK_STR_CONTAINS(a->told, "! back 1 Bo");
    ans = tc_cmd(a, "games");
    CHECK_STR_CONTAINS(ans, code);
    free(ans);
    ans = tc_cmd(b, "leave");
    CHECK(ans[0] == '=');
    free(ans);
    tc_drain(a, 200);
    CHECK_STR_CONTAINS(a->told, "! left 1 Bo");
    /* a spectator: told the heroes' view, plays nothing */
    TestClient *c = tc_connect(t->port, "Cy");
    ans = tc_cmd(c, "join %s spectator", code);
    CHECK(tc_seat_answer(ans, code2, token_b));
    free(ans);
    ans = tc_cmd(c, "roll");
    CHECK_STR_CONTAINS(ans, "? a spectator does not play");
    free(ans);
    ans = tc_cmd(a, "roll");
    CHECK(ans[0] == '=');
    free(ans);
    for (int i = 0; i < 20 && !strstr(c->told, "! events 0"); i++)
        tc_drain(c, 50);
    CHECK_STR_CONTAINS(c->told, "! events 0 -\n1\nroll 0 -1");
    ans = tc_cmd(a, "seats");
    CHECK_STR_CONTAINS(ans, "2 spectator - connected Cy");
    free(ans);
    tc_close(a), tc_close(b), tc_close(c);
}

/* A campaign, a mission of the server's --missions folder, a generated
 * quest: hosted, played a little, left. */
static void test_sources(TestServer *t)
{
    TestClient *a = tc_connect(t->port, "Ann");
    char code[16], token[64];
    char *ans = tc_cmd(a, "host campaign ashen-crown seats=2");
    CHECK(tc_seat_answer(ans, code, token));
    free(ans);
    ans = tc_cmd(a, "state");
    CHECK_STR_CONTAINS(ans, "= status playing turn 1");
    free(ans);
    ans = tc_cmd(a, "roll");
    CHECK_STR_CONTAINS(ans, "rolls");
    free(ans);
    ans = tc_cmd(a, "mission"); /* the quest's folder: a window draws its board */
    CHECK_STR_CONTAINS(ans, "= campaign ashen-crown 1-toll-house hash ");
    free(ans);
    free(tc_cmd(a, "leave"));
    ans = tc_cmd(a, "host campaign ashen-crown seats=1+monsters");
    CHECK_STR_CONTAINS(ans, "? a campaign's monsters are the computer's");
    free(ans);
    ans = tc_cmd(a, "host my-quest seats=1+monsters");
    CHECK(tc_seat_answer(ans, code, token));
    free(ans);
    ans = tc_cmd(a, "state");
    CHECK_STR_CONTAINS(ans, "piece 0 barbarian hero 1,1");
    free(ans);
    ans = tc_cmd(a, "mission");
    CHECK_STR_CONTAINS(ans, "= mission my-quest hash ");
    free(ans);
    free(tc_cmd(a, "leave"));
    ans = tc_cmd(a, "host nowhere");
    CHECK_STR_CONTAINS(ans, "? this server has no mission 'nowhere'");
    free(ans);
    ans = tc_cmd(a, "host generate wilds 7 30x20 seats=1");
    CHECK(tc_seat_answer(ans, code, token));
    free(ans);
    ans = tc_cmd(a, "board");
    CHECK_STR_CONTAINS(ans, "= 30 20");
    free(ans);
    ans = tc_cmd(a, "mission");
    CHECK_STR_CONTAINS(ans, "= generate wilds 7 30x20 hash ");
    free(ans);
    ans = tc_cmd(a, "host generate dungeon 1 5000x5000");
    CHECK(ans[0] == '?');
    free(ans);
    free(tc_cmd(a, "leave"));
    tc_close(a);
}

/* --- hostile peers ------------------------------------------------------------------ */

/* A raw ENet peer sends packets; returns the BYE's reason (or "") once
 * the server closes on it. */
static char *raw_session(uint16_t port, const uint8_t *const *packets, const size_t *sizes,
                         int count, int repeat)
{
    ENetHost *h = enet_host_create(NULL, 1, 1, 0, 0);
    ENetAddress addr = {0};
    enet_address_set_host_ip(&addr, "127.0.0.1");
    addr.port = port;
    ENetPeer *peer = enet_host_connect(h, &addr, 1, 0);
    ENetEvent e;
    char *reason = xstrdup("");
    bool up = false, gone = false;
    for (int i = 0; i < 200 && !up; i++)
        if (enet_host_service(h, &e, 10) > 0 && e.type == ENET_EVENT_TYPE_CONNECT)
            up = true;
    CHECK(up);
    for (int r = 0; r < repeat && !gone; r++)
        for (int i = r ? count - 1 : 0; i < count; i++)
            enet_peer_send(peer, 0, enet_packet_create(packets[i], sizes[i], ENET_PACKET_FLAG_RELIABLE));
    for (int i = 0; i < 600 && !gone; i++) {
        if (enet_host_service(h, &e, 10) <= 0)
            continue;
        if (e.type == ENET_EVENT_TYPE_RECEIVE) {
            NetMsg m;
            char why[128];
            if (netmsg_decode(e.packet->data, e.packet->dataLength, NET_SERVER_MESSAGE_MAX, &m,
                              why, sizeof why)) {
                if (m.type == NET_BYE) {
                    free(reason);
                    reason = xstrdup(m.text);
                }
                netmsg_free(&m);
            }
            enet_packet_destroy(e.packet);
        } else if (e.type == ENET_EVENT_TYPE_DISCONNECT) {
            gone = true;
        }
    }
    CHECK(gone);
    enet_host_destroy(h);
    return reason;
}

static void expect_kick(uint16_t port, const uint8_t *bytes, size_t size, int repeat,
                        const char *why)
{
    const uint8_t *packets[2];
    size_t sizes[2];
    static const uint8_t hello[] = {1, 'Q', 'B', 'N', 'E', 'T', 0, NET_VERSION, 0, 0, 0, 1, 'x'};
    int n = 0;
    if (repeat > 1) { /* the flood: a hello first, then commands */
        packets[n] = hello, sizes[n++] = sizeof hello;
    }
    packets[n] = bytes, sizes[n++] = size;
    char *reason = raw_session(port, packets, sizes, n, repeat);
    CHECK_STR_CONTAINS(reason, why);
    free(reason);
}

static void test_hostile(TestServer *t)
{
    static const uint8_t garbage[] = {0x47, 0x45, 0x54, 0x20, 0x2f};
    expect_kick(t->port, garbage, sizeof garbage, 1, "bad message: unknown message type 71");
    static const uint8_t old[] = {1, 'Q', 'B', 'N', 'E', 'T', 0, 9, 0, 0, 0, 0};
    expect_kick(t->port, old, sizeof old, 1, "version 9 is not spoken here");
    static const uint8_t early[] = {3, 0, 0, 0, 1, 0, 0, 0, 5, 'g', 'a', 'm', 'e', 's'};
    expect_kick(t->port, early, sizeof early, 1, "before hello");
    uint8_t *big = xcalloc(20000, 1);
    big[0] = 3;
    expect_kick(t->port, big, 20000, 1, "over the cap of 8192");
    free(big);
    static const uint8_t cut[] = {1, 'Q', 'B'};
    expect_kick(t->port, cut, sizeof cut, 1, "cut short");
    static const uint8_t games[] = {3, 0, 0, 0, 1, 0, 0, 0, 5, 'g', 'a', 'm', 'e', 's'};
    expect_kick(t->port, games, sizeof games, 400, "too many messages");
    /* still serving */
    TestClient *a = tc_connect(t->port, "Ann");
    char *ans = tc_cmd(a, "games");
    CHECK(ans[0] == '=');
    free(ans);
    ans = tc_cmd(a, "host ../../etc/passwd");
    CHECK_STR_CONTAINS(ans, "is not a mission name");
    free(ans);
    ans = tc_cmd(a, "host campaign /etc");
    CHECK_STR_CONTAINS(ans, "is not a campaign name");
    free(ans);
    tc_close(a);
}

int main(void)
{
    snprintf(data_dir, sizeof data_dir, "/tmp/qb-net-test-XXXXXX");
    CHECK(mkdtemp(data_dir) != NULL);
    /* the server's own missions: first-light again, as my-quest */
    char missions[300], link[400], target[1024];
    snprintf(missions, sizeof missions, "%s/missions", data_dir);
    CHECK(mkdir(missions, 0700) == 0);
    snprintf(link, sizeof link, "%s/my-quest", missions);
    paths_data_file("missions/first-light", target, sizeof target);
    CHECK(symlink(target, link) == 0);
    TestServer *t = th_server(data_dir, missions, 5000);
    test_seats(t);
    test_sources(t);
    test_loopback(t);
    test_hidden(t);
    th_server_stop(t);
    /* the rate limit as --serve has it */
    t = th_server(NULL, NULL, 0);
    test_hostile(t);
    th_server_stop(t);
    char cmd[300];
    snprintf(cmd, sizeof cmd, "rm -rf %s", data_dir);
    CHECK(system(cmd) == 0);
    return check_finish("net");
}
