/* One connection to a server over ENet (netclient.h). */
#include "netclient.h"

#include "../core/alloc.h"
#include "../core/i18n.h"

#include <enet/enet.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* How long a connection attempt and a silent server are given. */
#define CONNECT_TIMEOUT_MS 5000
#define PEER_TIMEOUT_MS 15000

struct NetClient {
    ENetHost *host;
    ENetPeer *peer;
    char name[NET_NAME_MAX + 1];
    bool connected, ready, closed;
    uint32_t next_id;
    NetMsg last;       /* the message the last event points into */
    char reason[256];  /* CLOSED */
};

static pthread_once_t enet_once = PTHREAD_ONCE_INIT;
static bool enet_ok;

static void enet_start_once(void)
{
    /* on Unix ENet's start-up holds nothing to give back at exit */
    enet_ok = enet_initialize() == 0;
}

bool net_enet_start(char *why, size_t n)
{
    pthread_once(&enet_once, enet_start_once);
    if (!enet_ok)
        snprintf(why, n, "%s", _("ENet cannot start"));
    return enet_ok;
}

static bool send_msg(NetClient *c, const NetMsg *m)
{
    size_t size;
    uint8_t *bytes = netmsg_encode(m, &size);
    if (!bytes || !c->peer)
        return free(bytes), false;
    ENetPacket *p = enet_packet_create(bytes, size, ENET_PACKET_FLAG_RELIABLE);
    free(bytes);
    return p && enet_peer_send(c->peer, 0, p) == 0;
}

NetClient *netclient_create(const char *host, uint16_t port, const char *name, char *why,
                            size_t why_size)
{
    if (!net_enet_start(why, why_size))
        return NULL;
    NetClient *c = xcalloc(1, sizeof *c);
    snprintf(c->name, sizeof c->name, "%s", name ? name : "");
    ENetAddress addr = {0};
    addr.port = port;
    if (enet_address_set_host(&addr, host) != 0) {
        snprintf(why, why_size, _("cannot resolve '%s'"), host);
        free(c);
        return NULL;
    }
    c->host = enet_host_create(NULL, 1, 1, 0, 0);
    if (c->host) {
        c->host->maximumPacketSize = NET_SERVER_MESSAGE_MAX;
        c->peer = enet_host_connect(c->host, &addr, 1, NET_VERSION);
    }
    if (!c->peer) {
        snprintf(why, why_size, "%s", _("ENet cannot open a connection"));
        if (c->host)
            enet_host_destroy(c->host);
        free(c);
        return NULL;
    }
    enet_peer_timeout(c->peer, 0, CONNECT_TIMEOUT_MS, PEER_TIMEOUT_MS);
    return c;
}

void netclient_destroy(NetClient *c)
{
    if (!c)
        return;
    if (c->peer && c->connected && !c->closed) {
        NetMsg bye = {.type = NET_BYE, .text = "leaving", .text_len = 7};
        send_msg(c, &bye);
        enet_peer_disconnect_later(c->peer, 0);
        /* a moment for the goodbye to leave; the server copes without it */
        ENetEvent e;
        for (int i = 0; i < 10 && enet_host_service(c->host, &e, 20) >= 0; i++) {
            if (e.type == ENET_EVENT_TYPE_RECEIVE)
                enet_packet_destroy(e.packet);
            if (e.type == ENET_EVENT_TYPE_DISCONNECT)
                break;
        }
    }
    netmsg_free(&c->last);
    enet_host_destroy(c->host);
    free(c);
}

static void close_with(NetClient *c, NetClientEvent *ev, const char *why)
{
    if (!c->closed)
        snprintf(c->reason, sizeof c->reason, "%s", why);
    c->closed = true;
    c->ready = false;
    ev->kind = NETCLIENT_CLOSED;
    ev->text = c->reason;
}

/* What one received message means for the caller. */
static void take_message(NetClient *c, const ENetPacket *p, NetClientEvent *ev)
{
    char why[200];
    netmsg_free(&c->last);
    if (!netmsg_decode(p->data, p->dataLength, NET_SERVER_MESSAGE_MAX, &c->last, why, sizeof why)) {
        enet_peer_disconnect(c->peer, 0);
        close_with(c, ev, why);
        return;
    }
    NetMsg *m = &c->last;
    switch (m->type) {
    case NET_WELCOME:
        c->ready = true;
        ev->kind = NETCLIENT_CONNECTED;
        ev->text = m->name;
        break;
    case NET_ANSWER:
        *ev = (NetClientEvent){.kind = NETCLIENT_ANSWER, .id = m->id, .ok = m->ok, .text = m->text};
        break;
    case NET_NOTICE:
        *ev = (NetClientEvent){.kind = NETCLIENT_NOTICE, .notice = m->notice, .seat = m->seat,
                               .name = m->name, .text = m->text};
        break;
    case NET_CHUNK:
        *ev = (NetClientEvent){.kind = NETCLIENT_CHUNK, .transfer = m->id, .offset = m->offset,
                               .bytes = m->bytes, .bytes_len = m->bytes_len};
        break;
    case NET_BYE:
        snprintf(c->reason, sizeof c->reason, "the server said: %s", m->text);
        c->closed = true;
        close_with(c, ev, c->reason);
        break;
    default:
        enet_peer_disconnect(c->peer, 0);
        close_with(c, ev, N_("the server sent a client's message"));
        break;
    }
}

void netclient_poll(NetClient *c, int timeout_ms, NetClientEvent *ev)
{
    *ev = (NetClientEvent){.kind = NETCLIENT_NONE};
    if (c->closed)
        return;
    ENetEvent e;
    int r = enet_host_service(c->host, &e, timeout_ms > 0 ? (enet_uint32)timeout_ms : 0);
    if (r < 0)
        {
        close_with(c, ev, N_("the network failed"));
        return;
    }
    if (r == 0)
        return;
    switch (e.type) {
    case ENET_EVENT_TYPE_CONNECT: {
        c->connected = true;
        NetMsg hello = {.type = NET_HELLO, .version = NET_VERSION};
        snprintf(hello.name, sizeof hello.name, "%s", c->name);
        if (!send_msg(c, &hello))
            close_with(c, ev, N_("cannot say hello"));
        break;
    }
    case ENET_EVENT_TYPE_RECEIVE:
        take_message(c, e.packet, ev);
        enet_packet_destroy(e.packet);
        break;
    case ENET_EVENT_TYPE_DISCONNECT:
        close_with(c, ev, c->connected ? N_("the server closed the connection")
                                       : N_("no server answered"));
        break;
    default:
        break;
    }
}

uint32_t netclient_send(NetClient *c, const char *line)
{
    if (!c->ready || c->closed)
        return 0;
    uint32_t id = ++c->next_id;
    NetMsg m = {.type = NET_COMMAND, .id = id, .text = line, .text_len = strlen(line)};
    return send_msg(c, &m) ? id : 0;
}

bool netclient_send_chunk(NetClient *c, uint32_t transfer, uint32_t offset, const void *bytes,
                          size_t n)
{
    if (!c->ready || c->closed)
        return false;
    NetMsg m = {.type = NET_CHUNK, .id = transfer, .offset = offset, .bytes = bytes,
                .bytes_len = n};
    return send_msg(c, &m);
}

bool netclient_ready(const NetClient *c)
{
    return c->ready && !c->closed;
}

bool netclient_closed(const NetClient *c)
{
    return c->closed;
}

uint32_t netclient_rtt(const NetClient *c)
{
    return c->peer ? c->peer->roundTripTime : 0;
}
