/* Files over a client's connection, in chunks (docs/network.md, "Quest
 * packs online"): uploading a quest pack to the server, and fetching the
 * game's mission (packed) from it. No SDL, no threads: the caller polls
 * its NetClient as usual and hands every event to nettransfer_event
 * first, then calls nettransfer_step; the transfer is DONE or FAILED in
 * the end, never stuck (a silent server is given up after a time-out).
 *
 * Upload: `upload NAME SIZE SHA256` is sent; its answer "= upload ID
 * chunk N" starts the chunks (a few each step, so a window stays
 * responsive), then `upload end ID`, whose answer ends the transfer (text:
 * "= pack NAME HEX..." or the server's refusal).
 *
 * Fetch: `fetch` is sent; its answer "= fetch ID size N sha256 HEX" is
 * followed by the chunks; the bytes are taken once their SHA-256 is the
 * one announced (and their size within the cap).
 */
#pragma once

#include "netclient.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct NetTransfer NetTransfer;

typedef enum NetTransferState {
    NETTRANSFER_RUNNING,
    NETTRANSFER_DONE,
    NETTRANSFER_FAILED,
} NetTransferState;

/* The most a fetch takes (a quest pack's own cap). */
#define NETTRANSFER_MAX_BYTES (64u << 20)
/* A transfer the server leaves silent this long fails. */
#define NETTRANSFER_TIMEOUT_MS 30000

/* Starts uploading size bytes (copied) as pack name; NULL when the offer
 * cannot be sent (not connected). */
NetTransfer *nettransfer_upload(NetClient *c, const char *name, const uint8_t *data, size_t size);

/* Starts fetching the mission of the game the client sits in. */
NetTransfer *nettransfer_fetch(NetClient *c);

/* Takes ev when it is the transfer's (an answer to its commands, one of
 * its chunks): true then, and the caller passes it on no further. */
bool nettransfer_event(NetTransfer *t, const NetClientEvent *ev);

/* Sends the next chunks of an upload; checks the time-out. */
void nettransfer_step(NetTransfer *t);

NetTransferState nettransfer_state(const NetTransfer *t);

/* The server's last answer (DONE: "= ..."), or why it failed; "" while
 * running. */
const char *nettransfer_text(const NetTransfer *t);

/* A fetch's bytes once DONE (else NULL); size their count. */
const uint8_t *nettransfer_data(const NetTransfer *t, size_t *size);

/* Bytes moved so far, of how many (0 while unknown). */
size_t nettransfer_done_bytes(const NetTransfer *t);
size_t nettransfer_total_bytes(const NetTransfer *t);

void nettransfer_destroy(NetTransfer *t);
