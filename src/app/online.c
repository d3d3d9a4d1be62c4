#include "online.h"

#include "eventsay.h"
#include "onlineui.h"
#include "onlinefetch.h"
#include "paths.h"
#include "protocol.h"

#include "../core/alloc.h"
#include "../core/fileio.h"
#include "../core/i18n.h"
#include "../mission/pack.h"
#include "../net/netclient.h"
#include "../net/netserver.h"
#include "../net/nettransfer.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* What an answer is to: each command's answer comes once, in order. */
typedef enum Asked { ASK_HOST, ASK_JOIN, ASK_SEATS, ASK_MISSION, ASK_STATE, ASK_GAME, ASK_HINT, ASK_REACH, ASK_QUIET, ASK_WORDS } Asked;

#define PENDING_MAX 64
#define EVENTS_MAX 512

struct Online {
    NetServer *server; /* hosting here, or NULL */
    NetClient *client;
    OnlinePhase phase;
    char status[ONLINE_LINE_MAX];
    uint32_t pending_id[PENDING_MAX];
    Asked pending[PENDING_MAX];
    int pending_count;
    int join_seat; /* the seat a host or join asked for */
    char code[16], token[64], commit[80];
    int my_seat;
    OnlineSeat seats[ONLINE_SEATS_MAX];
    int seat_count;
    int turn_seat, turn_hero;
    char log[ONLINE_LOG_MAX][ONLINE_LINE_MAX];
    int log_first, log_count;
    Protocol *local; /* the client's copy of the mission: the template game */
    OnlineState state;
    unsigned version;
    bool state_asked; /* a state is on its way: don't ask twice */
    bool state_again; /* something changed since it was asked */
    char over[ONLINE_LINE_MAX];
    char alert[ONLINE_LINE_MAX]; /* a drop, a return, the connection's end: toasted once */
    uint8_t *reach;  /* squares the asked piece may move to (board-sized), or NULL */
    int reach_piece; /* whose they are, -1 none */
    char hint[ONLINE_LINE_MAX]; /* the computer's advice for this seat */
    unsigned hints;
    char host[256];
    uint16_t port;
    char name[64];
    bool rejoining;
    char cache[4096];      /* where fetched missions are kept ("" : nowhere) */
    NetTransfer *fetch;    /* the game's mission on its way from the server */
    uint64_t fetch_hash;   /* its hash, as `mission` told */
    NetTransfer *upload;   /* a pack on its way to the server, to host ... */
    char upload_opts[160]; /* ... with these options */
    char upload_name[64];
    GameEvent *events; /* told, not yet taken by the board: a ring */
    int event_first, event_count;
};

static void logf_(Online *o, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void logf_(Online *o, const char *fmt, ...)
{
    int slot = (o->log_first + o->log_count) % ONLINE_LOG_MAX;
    if (o->log_count == ONLINE_LOG_MAX)
        o->log_first = (o->log_first + 1) % ONLINE_LOG_MAX;
    else
        o->log_count++;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(o->log[slot], ONLINE_LINE_MAX, fmt, ap);
    va_end(ap);
}

static void send_(Online *o, Asked what, const char *line)
{
    if (o->pending_count >= PENDING_MAX)
        return; /* a server that answers nothing: the screen says so by its silence */
    uint32_t id = netclient_send(o->client, line);
    if (!id) {
        snprintf(o->status, sizeof o->status, _("'%.60s' was not sent"), line);
        return;
    }
    o->pending_id[o->pending_count] = id;
    o->pending[o->pending_count++] = what;
}

static void ask_state(Online *o)
{
    if (!online_template(o))
        return;
    if (o->state_asked) {
        o->state_again = true;
        return;
    }
    o->state_asked = true;
    send_(o, ASK_STATE, "state");
}

Online *online_create(const char *host, uint16_t port, const char *name, bool serve,
                      const char *data_dir, char *why, size_t n)
{
    if (!net_enet_start(why, n))
        return NULL;
    Online *o = xcalloc(1, sizeof *o);
    o->my_seat = o->turn_seat = -1;
    o->turn_hero = o->reach_piece = -1;
    if (serve) {
        NetServerConfig c = {.bind = "127.0.0.1", .port = port, .data_dir = data_dir};
        o->server = netserver_create(&c, why, n);
        if (!o->server) {
            free(o);
            return NULL;
        }
        host = "127.0.0.1";
        port = netserver_port(o->server);
    }
    snprintf(o->host, sizeof o->host, "%s", host);
    o->port = port;
    snprintf(o->name, sizeof o->name, "%s", name);
    o->client = netclient_create(host, port, name, why, n);
    if (!o->client) {
        netserver_destroy(o->server);
        free(o);
        return NULL;
    }
    snprintf(o->status, sizeof o->status, _("connecting to %s:%u..."), host, (unsigned)port);
    if (!onlinefetch_cache_dir(o->cache, sizeof o->cache))
        o->cache[0] = '\0';
    return o;
}

void online_set_cache(Online *o, const char *dir)
{
    snprintf(o->cache, sizeof o->cache, "%s", dir ? dir : "");
}

void online_destroy(Online *o)
{
    if (!o)
        return;
    netclient_destroy(o->client);
    /* the client's bye reaches the server before it closes */
    for (int i = 0; o->server && i < 5; i++)
        netserver_step(o->server, 2);
    netserver_destroy(o->server);
    nettransfer_destroy(o->fetch);
    nettransfer_destroy(o->upload);
    protocol_destroy(o->local);
    onlinegame_state_free(&o->state);
    free(o->reach);
    free(o->events);
    free(o);
}

/* --- answers -------------------------------------------------------------------- */

/* Loads the template game from line ("load PATH", "generate ..."); true
 * when its mission's hash is the server's. */
static bool load_template(Online *o, const char *line, uint64_t hash)
{
    protocol_destroy(o->local);
    o->local = protocol_create();
    FILE *sink = fopen("/dev/null", "w");
    bool ok = sink && protocol_execute(o->local, line, sink);
    if (sink)
        fclose(sink);
    const Game *g = ok ? protocol_game(o->local) : NULL;
    if (g && game_mission(g)->hash == hash)
        return true;
    protocol_destroy(o->local);
    o->local = NULL;
    return false;
}

static bool load_path(Online *o, const char *path, uint64_t hash)
{
    char line[4500];
    if (strpbrk(path, " \t#"))
        return false; /* a protocol line cannot hold it */
    snprintf(line, sizeof line, "load %s", path);
    return load_template(o, line, hash);
}

/* Loads the client's copy of the mission the `mission` answer names: its
 * own (bundled), else one fetched before (the cache), else fetches the
 * server's; refuses one whose hash is not the server's. */
static void load_mission(Online *o, const char *text)
{
    char kind[16], a[80] = "", b[64] = "", c[64] = "", line[4400], path[4096];
    uint64_t hash = 0;
    const char *h = strstr(text, " hash ");
    if (!h || sscanf(h, " hash %" SCNx64, &hash) != 1 ||
        sscanf(text, "= %15s %79s %63s %63s", kind, a, b, c) < 2) {
        snprintf(o->status, sizeof o->status, "%s", _("the server named no mission"));
        return;
    }
    bool generated = strcmp(kind, "generate") == 0;
    if (generated) {
        snprintf(line, sizeof line, "generate %s %s%s%s", a, b, strcmp(c, "hash") ? " " : "",
                 strcmp(c, "hash") ? c : "");
    } else {
        char rel[300];
        if (strcmp(kind, "campaign") == 0)
            snprintf(rel, sizeof rel, "missions/campaigns/%s/%s/mission.xml", a, b);
        else
            snprintf(rel, sizeof rel, "missions/%s/mission.xml", a);
        snprintf(line, sizeof line, "load %s", paths_data_file(rel, path, sizeof path));
    }
    /* a pack's mission is never bundled: straight to the cache */
    if (strcmp(kind, "pack") != 0 && load_template(o, line, hash)) {
        ask_state(o);
        return;
    }
    if (!generated && o->cache[0] && onlinefetch_cached(o->cache, hash, path, sizeof path) &&
        load_path(o, path, hash)) {
        ask_state(o);
        return;
    }
    if (generated || !o->cache[0]) {
        snprintf(o->status, sizeof o->status,
                 _("this machine has no copy of the server's mission (%s %s): it cannot be drawn"),
                 kind, a);
        return;
    }
    nettransfer_destroy(o->fetch);
    o->fetch = nettransfer_fetch(o->client);
    o->fetch_hash = hash;
    snprintf(o->status, sizeof o->status, "%s", _("Fetching the server's mission..."));
    logf_(o, "%s", o->status);
}

static void got_seats(Online *o, const char *text)
{
    const char *cur = strchr(text, '\n');
    o->seat_count = 0;
    while (cur && *++cur && o->seat_count < ONLINE_SEATS_MAX) {
        OnlineSeat s = {0};
        int i;
        if (sscanf(cur, "%d %15s %15s %15s %39[^\n]", &i, s.kind, s.heroes, s.state, s.name) == 5)
            o->seats[o->seat_count++] = s;
        cur = strchr(cur, '\n');
    }
}

/* An event for the board to show, its text in the player's language;
 * the oldest gives way to a flood. */
static void queue_event(Online *o, const char *buf)
{
    GameEvent e;
    if (!onlinegame_parse_event(buf, &e))
        return;
    onlinegame_event_said(buf, e.text, sizeof e.text);
    if (!o->events)
        o->events = xcalloc(EVENTS_MAX, sizeof *o->events);
    if (o->event_count == EVENTS_MAX) {
        o->event_first = (o->event_first + 1) % EVENTS_MAX;
        o->event_count--;
    }
    o->events[(o->event_first + o->event_count++) % EVENTS_MAX] = e;
}

/* The events of an action, one log line each (their texts after '|', or
 * said again from their words), and queued for the board's animations. */
static void log_events(Online *o, const char *text)
{
    for (const char *cur = text; cur && *cur; cur = strchr(cur, '\n'), cur = cur ? cur + 1 : NULL) {
        const char *bar = strstr(cur, " | ");
        const char *end = strchr(cur, '\n');
        if (bar && (!end || bar < end)) {
            char line[4096], said[ONLINE_LINE_MAX];
            snprintf(line, sizeof line, "%.*s", (int)((end ? end : cur + strlen(cur)) - cur), cur);
            logf_(o, "%s", onlinegame_event_said(line, said, sizeof said));
            queue_event(o, line);
        }
    }
}

bool online_take_event(Online *o, GameEvent *out)
{
    if (o->event_count == 0)
        return false;
    *out = o->events[o->event_first];
    o->event_first = (o->event_first + 1) % EVENTS_MAX;
    o->event_count--;
    return true;
}

static void got_seated(Online *o, const char *text)
{
    char code[16], token[64];
    const char *commit = strstr(text, "commit ");
    if (sscanf(text, "= %15s token %63s", code, token) != 2)
        return;
    snprintf(o->code, sizeof o->code, "%s", code);
    snprintf(o->token, sizeof o->token, "%s", token);
    if (commit)
        sscanf(commit, "commit %79s", o->commit);
    o->my_seat = o->join_seat;
    o->phase = ONLINE_SEATED;
    snprintf(o->status, sizeof o->status, _("in game %s"), o->code);
    send_(o, ASK_SEATS, "seats");
    send_(o, ASK_MISSION, "mission");
    /* the events' texts in parts, said here in the player's language (a
     * server that does not know it refuses: the English stays) */
    send_(o, ASK_WORDS, "words on");
}

/* `= N X,Y X,Y ...` into the board-sized mask. */
static void got_reach(Online *o, const char *text)
{
    const Game *t = online_template(o);
    if (!t)
        return;
    const Board *b = game_mission(t)->board;
    int w = board_width(b), h = board_height(b), n, used = 0, x, y;
    free(o->reach);
    o->reach = xcalloc((size_t)w * (size_t)h, 1);
    const char *cur = text;
    if (sscanf(cur, "= %d%n", &n, &used) != 1)
        return;
    cur += used;
    for (int i = 0; i < n && sscanf(cur, " %d,%d%n", &x, &y, &used) == 2; i++, cur += used)
        if (x >= 0 && y >= 0 && x < w && y < h)
            o->reach[(size_t)y * (size_t)w + (size_t)x] = 1;
    o->version++;
}

static void answered(Online *o, uint32_t id, bool ok, const char *text)
{
    int k = 0;
    while (k < o->pending_count && o->pending_id[k] != id)
        k++;
    if (k == o->pending_count)
        return;
    Asked what = o->pending[k];
    memmove(o->pending_id + k, o->pending_id + k + 1, (size_t)(o->pending_count - k - 1) * sizeof *o->pending_id);
    memmove(o->pending + k, o->pending + k + 1, (size_t)(o->pending_count - k - 1) * sizeof *o->pending);
    o->pending_count--;
    if (!ok && what == ASK_WORDS)
        return;
    if (!ok) {
        /* in the player's language from its words (`words all`), else as it came */
        eventsay_reason(text, o->status, sizeof o->status);
        if (what == ASK_GAME) { /* the refusal shows; the picture is asked again all the same */
            logf_(o, "%s", o->status);
            ask_state(o);
        }
        if (what == ASK_STATE)
            o->state_asked = false;
        if (what == ASK_HINT) { /* no advice now (not this seat's turn any more) */
            o->hint[0] = '\0';
            o->hints++;
        }
        return;
    }
    switch (what) {
    case ASK_HOST:
    case ASK_JOIN: got_seated(o, text); break;
    case ASK_SEATS: got_seats(o, text); break;
    case ASK_MISSION: load_mission(o, text); break;
    case ASK_STATE: {
        char why[160];
        const Board *b = game_mission(online_template(o))->board;
        o->state_asked = false;
        if (!onlinegame_parse_state(&o->state, text, board_width(b), board_height(b), why, sizeof why))
            snprintf(o->status, sizeof o->status, "%s", why);
        o->version++;
        if (o->state_again) {
            o->state_again = false;
            ask_state(o);
        }
        break;
    }
    case ASK_GAME:
        log_events(o, text);
        ask_state(o);
        break;
    case ASK_HINT:
        snprintf(o->hint, sizeof o->hint, "%.*s", (int)strcspn(text + 2, "\n"), text + 2);
        o->hints++;
        logf_(o, _("Hint: %s"), o->hint);
        break;
    case ASK_REACH: got_reach(o, text); break;
    case ASK_QUIET:
    case ASK_WORDS: break;
    }
}

/* --- notices -------------------------------------------------------------------- */

static void noticed(Online *o, const NetClientEvent *ev)
{
    const char *name = ev->name && ev->name[0] ? ev->name : _("someone");
    const char *text = ev->text ? ev->text : "";
    char said[ONLINE_LINE_MAX]; /* a drop's, a leave's reason in the player's language */
    eventsay_reason(text, said, sizeof said);
    switch (ev->notice) {
    case NET_NOTICE_JOINED: logf_(o, _("%s joined (seat %d)."), name, ev->seat); break;
    case NET_NOTICE_DROPPED:
        logf_(o, _("%s's connection dropped: %s."), name, said);
        snprintf(o->alert, sizeof o->alert, _("%s's connection dropped: %s"), name, said);
        break;
    case NET_NOTICE_BACK:
        logf_(o, _("%s is back."), name);
        snprintf(o->alert, sizeof o->alert, _("%s is back"), name);
        break;
    case NET_NOTICE_LEFT:
        logf_(o, _("%s left: %s."), name, said);
        snprintf(o->alert, sizeof o->alert, _("%s left: %s"), name, said);
        break;
    case NET_NOTICE_COMPUTER:
        logf_(o, _("Seat %d: %s."), ev->seat, said);
        snprintf(o->alert, sizeof o->alert, _("Seat %d: %s"), ev->seat, said);
        break;
    case NET_NOTICE_SAY: logf_(o, "%s: %s", name, text); break;
    case NET_NOTICE_EVENTS: log_events(o, text); ask_state(o); return;
    case NET_NOTICE_TURN: {
        int hero = -1;
        o->turn_seat = ev->seat;
        o->turn_hero = sscanf(text, "hero %d", &hero) == 1 ? hero : -1;
        if (ev->seat == o->my_seat)
            logf_(o, "%s", o->turn_hero < 0 ? _("Your turn: the monsters.") : _("Your turn."));
        else
            logf_(o, _("%s's turn."), name);
        ask_state(o);
        return;
    }
    case NET_NOTICE_OVER: {
        /* "victory seed N salt HEX commit HEX": the status word in the player's words */
        char word[16] = "";
        snprintf(o->over, sizeof o->over, "%s", text);
        sscanf(text, "%15s", word);
        logf_(o, _("The game is over: %s%s"), onlineui_status(word), text + strlen(word));
        ask_state(o);
        return;
    }

    default: return;
    }
    if (ev->notice != NET_NOTICE_SAY)
        send_(o, ASK_SEATS, "seats");
}

/* --- files: a pack uploaded to host, the game's mission fetched ---------------- */

static void fetched(Online *o)
{
    char why[256], mission[4400];
    size_t size = 0;
    const uint8_t *data = nettransfer_data(o->fetch, &size);
    if (!data) {
        eventsay_reason(nettransfer_text(o->fetch), why, sizeof why);
    } else if (!onlinefetch_keep(o->cache, o->fetch_hash, data, size, mission, sizeof mission, why,
                                 sizeof why)) {
        /* why says it */
    } else if (!load_path(o, mission, o->fetch_hash)) {
        snprintf(why, sizeof why, "%s", _("it is not the mission the game is played on"));
    } else {
        logf_(o, _("The server's mission is here (%zu bytes)"), size);
        snprintf(o->status, sizeof o->status, "%s", _("The server's mission is here"));
        ask_state(o);
        why[0] = '\0';
    }
    if (why[0]) {
        snprintf(o->status, sizeof o->status, _("The server's mission cannot be drawn: %s"), why);
        logf_(o, "%s", o->status);
    }
    nettransfer_destroy(o->fetch);
    o->fetch = NULL;
}

static void uploaded(Online *o)
{
    char name[64] = "", hex[80] = "", why[256], line[300];
    const char *text = nettransfer_text(o->upload);
    if (nettransfer_state(o->upload) == NETTRANSFER_DONE &&
        sscanf(text, "= pack %63s %79s", name, hex) == 2) {
        logf_(o, _("The server took the pack %s"), name);
        snprintf(line, sizeof line, "host pack %s %s", hex, o->upload_opts);
        send_(o, ASK_HOST, line);
    } else {
        eventsay_reason(text, why, sizeof why);
        snprintf(o->status, sizeof o->status, _("The server refused the pack: %s"), why);
        logf_(o, "%s", o->status);
    }
    nettransfer_destroy(o->upload);
    o->upload = NULL;
}

/* Takes ev when it is a transfer's. */
static bool transfer_event(Online *o, const NetClientEvent *ev)
{
    bool taken = nettransfer_event(o->fetch, ev);
    return nettransfer_event(o->upload, ev) || taken;
}

/* Moves the transfers on; their ends, and the upload's progress. */
static bool transfers_step(Online *o)
{
    if (!o->fetch && !o->upload)
        return false;
    nettransfer_step(o->fetch);
    nettransfer_step(o->upload);
    if (o->fetch && nettransfer_state(o->fetch) != NETTRANSFER_RUNNING)
        fetched(o);
    if (o->upload && nettransfer_state(o->upload) != NETTRANSFER_RUNNING) {
        uploaded(o);
    } else if (o->upload) {
        size_t total = nettransfer_total_bytes(o->upload);
        snprintf(o->status, sizeof o->status, _("Uploading %s: %d%%"), o->upload_name,
                 total ? (int)(100.0 * (double)nettransfer_done_bytes(o->upload) / (double)total)
                       : 0);
    }
    return true;
}

void online_host_pack(Online *o, const char *path, const char *options)
{
    uint8_t *data = NULL;
    size_t size = 0;
    char why[512];
    if (o->upload)
        return;
    if (!fileio_read(path, PACK_MAX_BYTES, &data, &size, why, sizeof why)) {
        snprintf(o->status, sizeof o->status, "%.80s: %.110s", path, why);
        return;
    }
    onlinefetch_pack_name(path, o->upload_name, sizeof o->upload_name);
    snprintf(o->upload_opts, sizeof o->upload_opts, "%s", options);
    o->upload = nettransfer_upload(o->client, o->upload_name, data, size);
    free(data);
    o->join_seat = 0;
    if (!o->upload)
        snprintf(o->status, sizeof o->status, "%s", _("The pack cannot be sent: not connected"));
    else
        snprintf(o->status, sizeof o->status, _("Uploading %s: %d%%"), o->upload_name, 0);
}

bool online_transferring(const Online *o)
{
    return o->fetch || o->upload;
}

bool online_poll(Online *o)
{
    bool changed = false;
    if (o->server)
        netserver_step(o->server, 0);
    /* bounded: a flood of messages is taken over several frames */
    for (int i = 0; i < 200; i++) {
        NetClientEvent ev;
        netclient_poll(o->client, 0, &ev);
        if (ev.kind == NETCLIENT_NONE)
            break;
        changed = true;
        if (transfer_event(o, &ev))
            continue;
        if (ev.kind == NETCLIENT_CONNECTED) {
            o->phase = ONLINE_LOBBY;
            snprintf(o->status, sizeof o->status, "%s", _("connected"));
            /* the server's refusals and notices with their words, said
             * here in the player's language (an older server refuses:
             * they stay English) */
            send_(o, ASK_WORDS, "words all");
            if (o->rejoining) { /* back into the seat by its token */
                char line[120];
                o->rejoining = false;
                o->join_seat = o->my_seat;
                snprintf(line, sizeof line, "rejoin %s %s", o->code, o->token);
                send_(o, ASK_JOIN, line);
            }
        } else if (ev.kind == NETCLIENT_CLOSED) {
            o->phase = ONLINE_CLOSED;
            char why[ONLINE_LINE_MAX];
            eventsay_closed(ev.text ? ev.text : "", why, sizeof why);
            snprintf(o->status, sizeof o->status, _("the connection is gone: %s"), why);
            logf_(o, "%s", o->status);
            snprintf(o->alert, sizeof o->alert, "%s", o->status);
            break;
        } else if (ev.kind == NETCLIENT_ANSWER) {
            answered(o, ev.id, ev.ok, ev.text ? ev.text : "");
        } else if (ev.kind == NETCLIENT_NOTICE) {
            noticed(o, &ev);
        }
        if (o->server)
            netserver_step(o->server, 0);
    }
    return transfers_step(o) || changed;
}

/* --- commands ------------------------------------------------------------------ */

void online_host(Online *o, const char *args)
{
    char line[300];
    snprintf(line, sizeof line, "host %s", args);
    o->join_seat = 0;
    send_(o, ASK_HOST, line);
}

void online_join(Online *o, const char *code, const char *seat)
{
    char line[100];
    snprintf(line, sizeof line, "join %.16s %.16s", code, seat);
    o->join_seat = atoi(seat);
    send_(o, ASK_JOIN, line);
}

void online_say(Online *o, const char *text)
{
    char line[300];
    snprintf(line, sizeof line, "say %s", text);
    send_(o, ASK_QUIET, line);
    logf_(o, _("You: %s"), text);
}

void online_command(Online *o, const char *line)
{
    send_(o, ASK_GAME, line);
}

void online_ask_reach(Online *o, int piece)
{
    char line[40];
    free(o->reach);
    o->reach = NULL;
    o->reach_piece = piece;
    if (piece < 0)
        return;
    snprintf(line, sizeof line, "reachable %d", piece);
    send_(o, ASK_REACH, line);
}

const uint8_t *online_reach(const Online *o, int *piece)
{
    if (piece)
        *piece = o->reach_piece;
    return o->reach;
}

void online_ask_hint(Online *o)
{
    send_(o, ASK_HINT, "hint");
}

const char *online_hint(const Online *o, unsigned *count)
{
    if (count)
        *count = o->hints;
    return o->hint;
}

bool online_rejoin(Online *o, char *why, size_t n)
{
    if (!o->token[0])
        return snprintf(why, n, "%s", _("no seat to go back to")), false;
    NetClient *c = netclient_create(o->host, o->port, o->name, why, n);
    if (!c)
        return false;
    netclient_destroy(o->client);
    o->client = c;
    o->pending_count = 0;
    o->state_asked = o->state_again = false;
    o->phase = ONLINE_CONNECTING;
    o->rejoining = true;
    snprintf(o->status, sizeof o->status, _("connecting to %.120s:%u again..."), o->host, (unsigned)o->port);

    logf_(o, "%s", o->status);
    return true;
}

bool online_take_alert(Online *o, char *buf, size_t n)
{
    if (!o->alert[0])
        return false;
    snprintf(buf, n, "%s", o->alert);
    o->alert[0] = '\0';
    return true;
}

/* --- reading -------------------------------------------------------------------- */

OnlinePhase online_phase(const Online *o) { return o->phase; }
const char *online_status(const Online *o) { return o->status; }
uint16_t online_local_port(const Online *o) { return o->server ? netserver_port(o->server) : 0; }
const char *online_code(const Online *o) { return o->code; }
const char *online_token(const Online *o) { return o->token; }
const char *online_commit(const Online *o) { return o->commit; }
int online_my_seat(const Online *o) { return o->my_seat; }
int online_seat_count(const Online *o) { return o->seat_count; }
int online_turn_seat(const Online *o) { return o->turn_seat; }
int online_turn_hero(const Online *o) { return o->turn_hero; }
int online_log_count(const Online *o) { return o->log_count; }
const OnlineState *online_state(const Online *o) { return &o->state; }
unsigned online_version(const Online *o) { return o->version; }
const char *online_over(const Online *o) { return o->over; }

const OnlineSeat *online_seat(const Online *o, int i)
{
    return i >= 0 && i < o->seat_count ? &o->seats[i] : NULL;
}

const char *online_my_kind(const Online *o)
{
    const OnlineSeat *s = online_seat(o, o->my_seat);
    return s ? s->kind : "";
}

bool online_plays_hero(const Online *o, int id)
{
    const OnlineSeat *s = online_seat(o, o->my_seat);
    if (!s || strcmp(s->kind, "heroes") != 0)
        return false;
    for (const char *c = s->heroes; *c; c++)
        if (*c - '0' == id && (c == s->heroes || c[-1] == ','))
            return true;
    return false;
}

bool online_my_turn(const Online *o)
{
    return o->my_seat >= 0 && o->turn_seat == o->my_seat && !o->over[0];
}

const char *online_log_line(const Online *o, int i)
{
    return i >= 0 && i < o->log_count ? o->log[(o->log_first + i) % ONLINE_LOG_MAX] : "";
}

const Game *online_template(const Online *o)
{
    return o->local ? protocol_game(o->local) : NULL;
}
