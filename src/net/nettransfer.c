/* Uploads and fetches in chunks over a client's connection (nettransfer.h). */
#define _POSIX_C_SOURCE 200809L
#include "nettransfer.h"

#include "../core/alloc.h"
#include "../core/i18n.h"
#include "../core/digest.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* Chunks an upload sends a step: 96 KiB, a few frames' worth. */
#define CHUNKS_A_STEP 16

typedef enum Phase {
    PHASE_OFFERED,  /* upload: the offer's answer awaited; fetch: the fetch's */
    PHASE_SENDING,  /* upload: chunks going out */
    PHASE_ENDED,    /* upload: `upload end` sent, its answer awaited */
    PHASE_RECEIVING /* fetch: chunks coming in */
} Phase;

struct NetTransfer {
    NetClient *c;
    bool fetching;
    Phase phase;
    NetTransferState state;
    uint32_t command; /* the command whose answer is awaited */
    uint32_t id;      /* the server's transfer id */
    uint8_t *data;
    size_t size, done;
    uint8_t sha256[DIGEST_SIZE];
    double last_at;
    char text[1024];
};

static double now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1000.0 + (double)t.tv_nsec / 1e6;
}

static void fail(NetTransfer *t, const char *why)
{
    if (t->state != NETTRANSFER_RUNNING)
        return;
    snprintf(t->text, sizeof t->text, "%s", why);
    t->state = NETTRANSFER_FAILED;
}

static NetTransfer *start(NetClient *c, const char *line)
{
    uint32_t id = netclient_send(c, line);
    if (!id)
        return NULL;
    NetTransfer *t = xcalloc(1, sizeof *t);
    t->c = c;
    t->command = id;
    t->last_at = now_ms();
    return t;
}

NetTransfer *nettransfer_upload(NetClient *c, const char *name, const uint8_t *data, size_t size)
{
    char hex[DIGEST_HEX_SIZE], line[200];
    digest_sha256_hex(data, size, hex);
    snprintf(line, sizeof line, "upload %.60s %zu %s", name, size, hex);
    NetTransfer *t = start(c, line);
    if (!t)
        return NULL;
    t->data = xmalloc(size ? size : 1, 1);
    memcpy(t->data, data, size);
    t->size = size;
    return t;
}

NetTransfer *nettransfer_fetch(NetClient *c)
{
    NetTransfer *t = start(c, "fetch");
    if (t)
        t->fetching = true;
    return t;
}

/* The answer to the offer or the fetch: the transfer's id (and a fetch's
 * size and SHA-256). */
static void started(NetTransfer *t, const NetClientEvent *ev)
{
    unsigned id = 0, chunk = 0;
    size_t size = 0;
    char hex[80] = "";
    if (!ev->ok) {
        fail(t, ev->text);
        return;
    }
    if (!t->fetching) {
        if (sscanf(ev->text, "= upload %u chunk %u", &id, &chunk) != 2 || id == 0) {
            fail(t, _("the server's answer to the offer is not understood"));
            return;
        }
        t->id = id;
        t->phase = PHASE_SENDING;
        return;
    }
    if (sscanf(ev->text, "= fetch %u size %zu sha256 %64s", &id, &size, hex) != 3 || id == 0 ||
        !digest_parse_hex(hex, t->sha256)) {
        fail(t, _("the server's answer to fetch is not understood"));
        return;
    }
    if (size == 0 || size > NETTRANSFER_MAX_BYTES) {
        fail(t, _("the server offers a mission of a size this game does not take"));
        return;
    }
    t->id = id;
    t->size = size;
    t->data = xmalloc(size, 1);
    t->phase = PHASE_RECEIVING;
}

static void received(NetTransfer *t, const NetClientEvent *ev)
{
    if (ev->offset != t->done || ev->bytes_len > t->size - t->done) {
        fail(t, _("the server's chunks do not add up"));
        return;
    }
    memcpy(t->data + t->done, ev->bytes, ev->bytes_len);
    t->done += ev->bytes_len;
    if (t->done < t->size)
        return;
    uint8_t sha[DIGEST_SIZE];
    digest_sha256(t->data, t->size, sha);
    if (memcmp(sha, t->sha256, sizeof sha) != 0) {
        fail(t, _("the fetched bytes' SHA-256 is not the one the server announced"));
        return;
    }
    snprintf(t->text, sizeof t->text, "= fetched %zu bytes", t->size);
    t->state = NETTRANSFER_DONE;
}

bool nettransfer_event(NetTransfer *t, const NetClientEvent *ev)
{
    if (!t)
        return false;
    if (ev->kind == NETCLIENT_CLOSED) {
        fail(t, ev->text);
        return false; /* the caller wants to know too */
    }
    if (t->state != NETTRANSFER_RUNNING)
        return false;
    if (ev->kind == NETCLIENT_ANSWER && ev->id == t->command) {
        t->last_at = now_ms();
        if (t->phase == PHASE_OFFERED)
            started(t, ev);
        else if (t->phase == PHASE_ENDED) {
            snprintf(t->text, sizeof t->text, "%s", ev->text);
            t->state = ev->ok ? NETTRANSFER_DONE : NETTRANSFER_FAILED;
        }
        return true;
    }
    if (ev->kind == NETCLIENT_CHUNK && t->fetching && t->phase == PHASE_RECEIVING &&
        ev->transfer == t->id) {
        t->last_at = now_ms();
        received(t, ev);
        return true;
    }
    return false;
}

void nettransfer_step(NetTransfer *t)
{
    if (!t || t->state != NETTRANSFER_RUNNING)
        return;
    if (now_ms() - t->last_at > NETTRANSFER_TIMEOUT_MS) {
        fail(t, _("the server stopped answering the transfer"));
        return;
    }
    if (t->phase != PHASE_SENDING)
        return;
    for (int n = 0; n < CHUNKS_A_STEP && t->done < t->size; n++) {
        size_t len = t->size - t->done < NET_CHUNK_MAX ? t->size - t->done : NET_CHUNK_MAX;
        if (!netclient_send_chunk(t->c, t->id, (uint32_t)t->done, t->data + t->done, len)) {
            fail(t, _("the connection is gone"));
            return;
        }
        t->done += len;
    }
    t->last_at = now_ms();
    if (t->done < t->size)
        return;
    char line[64];
    snprintf(line, sizeof line, "upload end %u", (unsigned)t->id);
    t->command = netclient_send(t->c, line);
    if (!t->command) {
        fail(t, _("the connection is gone"));
        return;
    }
    t->phase = PHASE_ENDED;
}

NetTransferState nettransfer_state(const NetTransfer *t)
{
    return t->state;
}

const char *nettransfer_text(const NetTransfer *t)
{
    return t->text;
}

const uint8_t *nettransfer_data(const NetTransfer *t, size_t *size)
{
    if (!t->fetching || t->state != NETTRANSFER_DONE)
        return NULL;
    *size = t->size;
    return t->data;
}

size_t nettransfer_done_bytes(const NetTransfer *t)
{
    return t->done;
}

size_t nettransfer_total_bytes(const NetTransfer *t)
{
    return t->size;
}

void nettransfer_destroy(NetTransfer *t)
{
    if (!t)
        return;
    free(t->data);
    free(t);
}
