/* The server's peers and loop (netserver.h): ENet events, the handshake,
 * strict decoding, the rate limit and caps, and the lobby's commands.
 * A peer that sends anything the codec refuses, floods, or talks before
 * its hello is told why and disconnected; the server goes on. */
#define _POSIX_C_SOURCE 200809L
#include "server_internal.h"

#include "../core/alloc.h"
#include "../core/i18n.h"
#include "netclient.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define HELLO_TIMEOUT_S 10.0
#define MAX_ARGS 8

double server_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

void server_send(Peer *p, const NetMsg *m)
{
    if (!p || p->closing)
        return;
    size_t size;
    uint8_t *bytes = netmsg_encode(m, &size);
    if (!bytes)
        return;
    ENetPacket *pk = enet_packet_create(bytes, size, ENET_PACKET_FLAG_RELIABLE);
    free(bytes);
    if (pk && enet_peer_send(p->enet, 0, pk) != 0)
        enet_packet_destroy(pk);
}

/* text with its first line's words on a line after it ("w:WORDS", "w:-"
 * when there are none), for a peer that asked for them (`words all`;
 * docs/protocol.md, "Event words"): the words are the parts of the
 * latest refusal on this thread (game_refusal_words: the server's
 * server_refuse, the match's seats, the rules), or words given, used
 * only when they make that very line. Freed by the caller. */
static char *with_words(const char *text, const EventText *words)
{
    const char *line = strncmp(text, "? ", 2) == 0 ? text + 2 : text;
    size_t n = strcspn(line, "\n");
    char english[NET_LINE_MAX + 400], said[sizeof english], token[2048];
    snprintf(english, sizeof english, "%.*s", (int)n, line);
    if (!words)
        words = game_refusal_words();
    bool same = eventtext_render(words, NULL, NULL, said, sizeof said) && strcmp(said, english) == 0;
    if (!same || !eventtext_encode(words, token, sizeof token))
        snprintf(token, sizeof token, "-");
    size_t head = (size_t)(line + n - text), size = strlen(text) + strlen(token) + 4;
    char *out = xmalloc(size, 1);
    snprintf(out, size, "%.*s\nw:%s%s", (int)head, text, token, text + head);
    return out;
}

void server_answer(Peer *p, uint32_t id, bool ok, const char *text)
{
    char *said = !ok && p && p->words && strncmp(text, "? ", 2) == 0 ? with_words(text, NULL) : NULL;
    if (said)
        text = said;
    size_t n = strlen(text);
    if (n > NET_TEXT_MAX)
        text = "? the answer is too large to send\n\n", n = strlen(text), ok = false;
    NetMsg m = {.type = NET_ANSWER, .id = id, .ok = ok, .text = text, .text_len = n};
    server_send(p, &m);
    free(said);
}

void server_notice(Peer *p, NetNotice kind, int seat, const char *name, const char *text)
{
    NetMsg m = {.type = NET_NOTICE, .notice = kind, .seat = seat, .text = text,
                .text_len = strlen(text)};
    snprintf(m.name, sizeof m.name, "%s", name ? name : "");
    server_send(p, &m);
}

void server_notice_said(Peer *p, NetNotice kind, int seat, const char *name, const EventText *words)
{
    char text[NET_LINE_MAX + 400];
    if (!eventtext_render(words, NULL, NULL, text, sizeof text))
        text[0] = '\0';
    char *said = p && p->words && text[0] ? with_words(text, words) : NULL;
    server_notice(p, kind, seat, name, said ? said : text);
    free(said);
}

void server_kick(Peer *p, const char *fmt, ...)
{
    if (p->closing)
        return;
    /* one English line (a bye holds no other): a window says it in its
     * player's language by the catalogue (eventsay_closed) */
    char why[400];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, sizeof why, fmt, ap);
    va_end(ap);
    NetMsg m = {.type = NET_BYE, .text = why, .text_len = strlen(why)};
    server_send(p, &m);
    p->closing = true;
    enet_peer_disconnect_later(p->enet, 0);
}

/* --- the operator's console ------------------------------------------------- */

/* The console is the operator's, the wire the protocol's: the server's
 * steps run in English (netserver_step), and these lines alone are said
 * in the operator's language, for a moment (i18n_english_pause), from
 * their msgids and from the words the English reasons kept. */

static const char *say(const char *text)
{
    return gettext(text);
}

void server_console(const char *fmt, ...)
{
    i18n_english_pause();
    va_list ap;
    va_start(ap, fmt);
    vfprintf(stderr, gettext(fmt), ap);
    va_end(ap);
    i18n_english_resume();
}

const char *server_console_said(const EventText *words, const char *english, char *buf, size_t size)
{
    char said[NET_LINE_MAX + 400];
    bool same = words && eventtext_render(words, NULL, NULL, said, sizeof said) &&
                strcmp(said, english) == 0;
    i18n_english_pause();
    if (!same || !eventtext_render(words, say, say, buf, size))
        snprintf(buf, size, "%s", gettext(english)); /* a msgid, or as it is */
    i18n_english_resume();
    return buf;
}

void server_console_errors(const ErrorList *errs)
{
    i18n_english_pause();
    char said[2048];
    for (size_t i = 0; i < errs->count; i++)
        fprintf(stderr, "%s\n", errors_said(errs, i, say, said, sizeof said));
    char more[96];
    if (errs->dropped)
        fprintf(stderr, _("... and %s\n"), errors_more_text(errs, more, sizeof more));
    i18n_english_resume();
}

/* --- life cycle ------------------------------------------------------------- */

NetServer *netserver_create(const NetServerConfig *c, char *why, size_t why_size)
{
    if (!net_enet_start(why, why_size))
        return NULL;
    NetServer *s = xcalloc(1, sizeof *s);
    s->cfg = *c;
    if (s->cfg.max_games <= 0)
        s->cfg.max_games = NETSERVER_DEFAULT_MAX_GAMES;
    if (s->cfg.max_peers <= 0 || s->cfg.max_peers > NETSERVER_MAX_PEERS)
        s->cfg.max_peers = NETSERVER_MAX_PEERS;
    if (s->cfg.rate <= 0)
        s->cfg.rate = 20;
    if (s->cfg.burst <= 0)
        s->cfg.burst = 60;
    snprintf(s->bind, sizeof s->bind, "%s", c->bind ? c->bind : "127.0.0.1");
    snprintf(s->data_dir, sizeof s->data_dir, "%s", c->data_dir ? c->data_dir : "");
    snprintf(s->missions_dir, sizeof s->missions_dir, "%s", c->missions_dir ? c->missions_dir : "");
    ENetAddress addr = {0};
    addr.port = c->port;
    if (enet_address_set_host_ip(&addr, s->bind) != 0) {
        snprintf(why, why_size, _("'%s' is not an IPv4 address to listen on"), s->bind);
        free(s);
        return NULL;
    }
    /* one ENet peer more than the server takes: a connection that finds
     * the server full is told so (else ENet ignores it and it waits) */
    s->host = enet_host_create(&addr, (size_t)s->cfg.max_peers + 1, 1, 0, 0);
    if (!s->host) {
        snprintf(why, why_size, _("cannot listen on %s:%u (in use?)"), s->bind, (unsigned)c->port);
        free(s);
        return NULL;
    }
    /* ENet drops larger packets itself (silently), before putting them
     * together; up to there the decoder refuses what is over the cap and
     * says so */
    s->host->maximumPacketSize = 8 * NET_CLIENT_MESSAGE_MAX;
    s->host->maximumWaitingData = 32 * NET_CLIENT_MESSAGE_MAX;
    ENetAddress bound;
    if (enet_socket_get_address(s->host->socket, &bound) == 0)
        s->host->address.port = bound.port;
    s->peers = xcalloc((size_t)s->cfg.max_peers, sizeof *s->peers);
    s->games = xcalloc((size_t)s->cfg.max_games, sizeof *s->games);
    if (!packs_open(s, why, why_size)) {
        packs_close(s);
        free(s->games);
        free(s->peers);
        enet_host_destroy(s->host);
        free(s);
        return NULL;
    }
    store_load_all(s);
    return s;
}

uint16_t netserver_port(const NetServer *s)
{
    return s->host->address.port;
}

const char *netserver_address(const NetServer *s)
{
    return s->bind;
}

int netserver_game_count(const NetServer *s)
{
    return s->game_count;
}

int netserver_peer_count(const NetServer *s)
{
    int n = 0;
    for (int i = 0; i < s->cfg.max_peers; i++)
        n += s->peers[i] != NULL;
    return n;
}

static void drop_peer(NetServer *s, Peer *p)
{
    packs_forget(s, p);
    if (p->game)
        game_part(s, p->game, p, false);
    size_t slot = (size_t)(p->enet - s->host->peers);
    if (slot < (size_t)s->cfg.max_peers && s->peers[slot] == p)
        s->peers[slot] = NULL;
    p->enet->data = NULL;
    free(p);
}

static void destroy(NetServer *s)
{
    for (int i = 0; i < s->cfg.max_peers; i++)
        if (s->peers[i]) {
            server_kick(s->peers[i], N_("the server is stopping"));
            drop_peer(s, s->peers[i]);
        }
    enet_host_flush(s->host);
    for (int i = 0; i < s->game_count; i++)
        game_destroy_net(s->games[i]);
    free(s->games);
    free(s->peers);
    packs_close(s);
    enet_host_destroy(s->host);
    free(s);
}

/* The server speaks the protocol, English for programs, also when it runs
 * in a window that speaks the player's language (online.h): while it
 * serves and stops it works in English on its thread
 * (i18n_english_begin), so what the loader, the checker or the generator
 * say in its answers and notices stays as documented, and the window's
 * own texts, drawn between the steps, keep the player's language. (What
 * netserver_create says while it starts is the operator's.) */
void netserver_destroy(NetServer *s)
{
    if (!s)
        return;
    i18n_english_begin();
    destroy(s);
    i18n_english_end();
}

/* --- the lobby --------------------------------------------------------------------- */

static NetGame *find_game(NetServer *s, const char *code)
{
    for (int i = 0; i < s->game_count; i++)
        if (strcmp(s->games[i]->code, code) == 0)
            return s->games[i];
    return NULL;
}

static void list_games(NetServer *s, FILE *out)
{
    fprintf(out, "= %d", s->game_count);
    for (int i = 0; i < s->game_count; i++) {
        const NetGame *g = s->games[i];
        int taken = 0;
        for (int k = 0; k < g->seat_count; k++)
            taken += g->seats[k].taken;
        const Game *game = match_game(g->match);
        fprintf(out, "\n%s %d/%d %s turn %d %s", g->code, taken, g->seat_count,
                game_status_name(game_status(game)), game_turn(game), g->title);
    }
    fputs("\n\n", out);
}

/* Splits a line into words (in place). */
static int split(char *line, char **argv)
{
    int argc = 0;
    for (char *t = strtok(line, " \t"); t && argc < MAX_ARGS; t = strtok(NULL, " \t"))
        argv[argc++] = t;
    return argc;
}

bool server_refuse(FILE *out, const char *fmt, ...)
{
    char why[NET_LINE_MAX + 400];
    va_list ap;
    va_start(ap, fmt);
    game_vrefuse(why, sizeof why, fmt, ap); /* its parts: game_refusal_words */
    va_end(ap);
    fprintf(out, "? %s\n\n", why);
    return false;
}

static bool lobby(NetServer *s, Peer *p, uint32_t id, const char *line, FILE *out)
{
    char buf[NET_LINE_MAX + 1], *argv[MAX_ARGS];
    snprintf(buf, sizeof buf, "%s", line);
    int argc = split(buf, argv);
    if (argc == 0) {
        fputs("=\n\n", out);
        return true;
    }
    const char *c = argv[0];
    if (strcmp(c, "games") == 0) {
        list_games(s, out);
    } else if (strcmp(c, "host") == 0) {
        if (p->game)
            server_refuse(out, N_("you sit in game %s: leave it first"), p->game->code);
        else if (s->game_count >= s->cfg.max_games)
            server_refuse(out, N_("the server hosts %d games, its most"), s->game_count);
        else if (argc < 2)
            server_refuse(out, N_("usage: host MISSION|campaign NAME|pack NAME|generate STYLE SEED [WxH] [seats=N[+monsters]] [drop=wait|bot] [grace=SECONDS]"));
        else {
            NetGame *g = game_host(s, p, argc - 1, argv + 1, out);
            if (g)
                s->games[s->game_count++] = g;
        }
    } else if (strcmp(c, "join") == 0 || strcmp(c, "rejoin") == 0) {
        NetGame *g = argc == 3 ? find_game(s, argv[1]) : NULL;
        bool re = c[0] == 'r';
        if (argc != 3)
            server_refuse(out, re ? N_("usage: rejoin CODE TOKEN") : N_("usage: join CODE SEAT"));
        else if (p->game)
            server_refuse(out, N_("you sit in game %s: leave it first"), p->game->code);
        else if (!g)
            server_refuse(out, N_("no game %s on this server"), argv[1]);
        else if (re)
            game_rejoin(s, g, p, argv[2], out);
        else if (strcmp(argv[2], "spectator") == 0) {
            game_watch(s, g, p, out);
        } else {
            char *end;
            long seat = strtol(argv[2], &end, 10);
            if (*end || end == argv[2] || seat < 0 || seat >= g->seat_count)
                server_refuse(out, N_("game %s has seats 0 to %d"), g->code, g->seat_count - 1);
            else
                game_join(s, g, p, (int)seat, out);
        }
    } else if (strcmp(c, "seats") == 0) {
        NetGame *g = argc == 2 ? find_game(s, argv[1]) : p->game;
        if (!g)
            server_refuse(out, argc == 2 ? N_("no game %s on this server") : N_("usage: seats [CODE]"),
                    argc == 2 ? argv[1] : "");
        else
            game_seats(g, out);
    } else if (strcmp(c, "mission") == 0 && argc == 1) {
        if (!p->game)
            server_refuse(out, N_("you sit in no game"));
        else
            game_tell_mission(p->game, out);
    } else if (strcmp(c, "say") == 0) {
        const char *text = line + strspn(line, " \t") + 3;
        text += strspn(text, " \t");
        if (!p->game)
            server_refuse(out, N_("you sit in no game"));
        else {
            game_say(p->game, p, text);
            fputs("=\n\n", out);
        }
    } else if (strcmp(c, "leave") == 0 && argc == 1) {
        if (!p->game)
            server_refuse(out, N_("you sit in no game"));
        else {
            game_part(s, p->game, p, true);
            fputs("=\n\n", out);
        }
    } else if (strcmp(c, "wait") == 0 && argc == 1) {
        if (!p->game)
            server_refuse(out, N_("you sit in no game"));
        else
            game_wait(s, p->game, p, id);
        return true;
    } else if (strcmp(c, "words") == 0 && argc == 2 && strcmp(argv[1], "all") == 0) {
        /* the server's own reasons in parts too (server_answer,
         * server_notice_said), and the seat's event lines as `words on` */
        p->words = true;
        if (p->game)
            game_words(p->game, p);
        fputs("= all\n\n", out);
    } else if (strcmp(c, "words") == 0 && argc == 2 && strcmp(argv[1], "off") == 0) {
        p->words = false;
        if (p->game)
            return false; /* the seat's session turns its lines' words off, and answers */
        fputs("= off\n\n", out);
    } else if (strcmp(c, "upload") == 0 || strcmp(c, "packs") == 0 || strcmp(c, "fetch") == 0) {
        packs_command(s, p, argc, argv, out);
    } else if (strcmp(c, "quit") == 0 || strcmp(c, "help") == 0) {
        fputs(c[0] == 'q' ? "=\n\n"
                          : "= games host join rejoin seats mission say leave wait upload packs fetch words, and in a game: state "
                            "board reachable path roll move attack search open disarm leave end "
                            "cast use undo\n\n",
              out);
    } else {
        return false;
    }
    return true;
}

static void command(NetServer *s, Peer *p, uint32_t id, const char *line)
{
    char *text = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&text, &len);
    if (!out)
        {
        server_kick(p, N_("the server is out of memory"));
        return;
    }
    bool handled = lobby(s, p, id, line, out);
    if (!handled && !p->game)
        server_refuse(out, N_("sit in a game first (host, join or rejoin), or try help"));
    fclose(out);
    if (!handled && p->game)
        game_command(s, p->game, p, id, line);
    else if (len)
        server_answer(p, id, text[0] == '=', text);
    free(text);
    packs_send_fetch(p);
}

/* --- messages ------------------------------------------------------------------------- */

/* The rate limit: a bucket of `burst` commands refilled at `rate` a
 * second; false (the peer is kicked) when it is empty. */
static bool within_rate(NetServer *s, Peer *p)
{
    double now = server_now();
    p->tokens += (now - p->refilled_at) * s->cfg.rate;
    if (p->tokens > s->cfg.burst)
        p->tokens = s->cfg.burst;
    p->refilled_at = now;
    if (p->tokens < 1)
        return false;
    p->tokens -= 1;
    return true;
}

static void receive(NetServer *s, Peer *p, const ENetPacket *pk)
{
    if (p->closing)
        return;
    NetMsg m;
    char why[200];
    if (!netmsg_decode(pk->data, pk->dataLength, NET_CLIENT_MESSAGE_MAX, &m, why, sizeof why)) {
        server_kick(p, N_("bad message: %s"), why);
        return;
    }
    /* the chunks of an upload under way are bounded by its offer, not
     * by the rate of commands; anything else counts */
    bool offered = m.type == NET_CHUNK && p->hello && p->upload && m.id == p->upload->id;
    if (!offered && !within_rate(s, p)) {
        server_kick(p, N_("too many messages"));
        netmsg_free(&m);
        return;
    }
    if (m.type == NET_HELLO && !p->hello) {
        if (m.version != NET_VERSION) {
            server_kick(p, N_("version %u is not spoken here (this server speaks %d)"),
                        (unsigned)m.version, NET_VERSION);
        } else {
            p->hello = true;
            snprintf(p->name, sizeof p->name, "%s", m.name[0] ? m.name : "player");
            NetMsg w = {.type = NET_WELCOME, .version = NET_VERSION};
            snprintf(w.name, sizeof w.name, "questboard %s", "server");
            server_send(p, &w);
        }
    } else if (m.type == NET_COMMAND && p->hello) {
        command(s, p, m.id, m.text);
    } else if (m.type == NET_CHUNK && p->hello) {
        packs_chunk(s, p, &m);
    } else if (m.type == NET_BYE) {
        /* gone now: the others need not wait for ENet's disconnect */
        if (p->game)
            game_part(s, p->game, p, false);
        packs_forget(s, p);
        p->closing = true;
        enet_peer_disconnect_later(p->enet, 0);
    } else {
        if (p->hello)
            server_kick(p, N_("a %s message is not a client's"), netmsg_type_name(m.type));
        else
            server_kick(p, N_("a %s message before hello"), netmsg_type_name(m.type));
    }
    netmsg_free(&m);
}

/* A connection beyond the server's peers (on ENet's spare one): told why,
 * then let go; it has no Peer, so what it sends is not read. */
static void refuse_full(ENetPeer *peer)
{
    const char *why = N_("the server is full");
    NetMsg m = {.type = NET_BYE, .text = why, .text_len = strlen(why)};
    size_t size;
    uint8_t *bytes = netmsg_encode(&m, &size);
    ENetPacket *pk = bytes ? enet_packet_create(bytes, size, ENET_PACKET_FLAG_RELIABLE) : NULL;
    free(bytes);
    if (pk && enet_peer_send(peer, 0, pk) != 0)
        enet_packet_destroy(pk);
    peer->data = NULL;
    enet_peer_disconnect_later(peer, 0);
}

static void on_event(NetServer *s, const ENetEvent *e)
{
    Peer *p = e->peer->data;
    switch (e->type) {
    case ENET_EVENT_TYPE_CONNECT: {
        size_t slot = (size_t)(e->peer - s->host->peers);
        if (slot >= (size_t)s->cfg.max_peers) {
            refuse_full(e->peer);
            break;
        }
        p = xcalloc(1, sizeof *p);
        p->enet = e->peer;
        p->connected_at = p->refilled_at = server_now();
        p->tokens = s->cfg.burst;
        p->seat = -1;
        e->peer->data = p;
        s->peers[slot] = p;
        enet_peer_timeout(e->peer, 0, 5000, 15000);
        break;
    }
    case ENET_EVENT_TYPE_RECEIVE:
        if (p)
            receive(s, p, e->packet);
        enet_packet_destroy(e->packet);
        break;
    case ENET_EVENT_TYPE_DISCONNECT:
        if (p)
            drop_peer(s, p);
        break;
    default:
        break;
    }
}

static void step(NetServer *s, int timeout_ms)
{
    ENetEvent e;
    double until = server_now() + timeout_ms / 1000.0;
    int r = enet_host_service(s->host, &e, (enet_uint32)(timeout_ms > 0 ? timeout_ms : 0));
    for (int n = 0; r > 0 && n < 1000; n++) {
        on_event(s, &e);
        r = enet_host_check_events(s->host, &e);
    }
    (void)until;
    double now = server_now();
    for (int i = 0; i < s->cfg.max_peers; i++) {
        Peer *p = s->peers[i];
        if (p && !p->hello && !p->closing && now - p->connected_at > HELLO_TIMEOUT_S)
            server_kick(p, N_("no hello"));
    }
    packs_tick(s);
    for (int i = 0; i < s->game_count; i++)
        game_tick(s, s->games[i]);
    /* a game nobody is in any more (over and everyone gone, or every
     * seat left and no grace running) is closed, its files removed */
    for (int i = 0; i < s->game_count;) {
        if (!game_finished(s->games[i])) {
            i++;
            continue;
        }
        store_remove(s, s->games[i]);
        game_destroy_net(s->games[i]);
        s->games[i] = s->games[--s->game_count];
    }
    store_sync(s);
    enet_host_flush(s->host);
}

void netserver_step(NetServer *s, int timeout_ms)
{
    i18n_english_begin();
    step(s, timeout_ms);
    i18n_english_end();
}

void netserver_run(NetServer *s, volatile int *stop)
{
    while (!*stop)
        netserver_step(s, 50);
}
