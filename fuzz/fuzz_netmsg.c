/* libFuzzer harness over the online message decoder (src/net/netmsg.h):
 * the input is one packet as it arrives, decoded both as a client's
 * (under the client cap, as the server takes it) and as a server's. A
 * refusal says why and keeps nothing; a message taken encodes back to
 * exactly the input (the wire has one way to write each message), and
 * its text fields obey the rules (no control character but a line break
 * where allowed). */
#include "net/netmsg.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check(const uint8_t *data, size_t size, size_t cap)
{
    NetMsg m;
    char why[256] = "";
    if (!netmsg_decode(data, size, cap, &m, why, sizeof why)) {
        if (!why[0] || m.text || m.bytes || m.type)
            abort();
        return;
    }
    if (size > cap || m.text_len > size || m.bytes_len > size || strlen(m.name) > NET_NAME_MAX)
        abort();
    if (m.text && strlen(m.text) != m.text_len)
        abort(); /* no NUL inside */
    size_t again_size = 0;
    uint8_t *again = netmsg_encode(&m, &again_size);
    if (!again || again_size != size || memcmp(again, data, size) != 0)
        abort();
    free(again);
    netmsg_free(&m);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    /* an exact copy, so reading past the end is caught */
    uint8_t *copy = malloc(size ? size : 1);
    if (size)
        memcpy(copy, data, size);
    check(copy, size, NET_CLIENT_MESSAGE_MAX);
    check(copy, size, NET_SERVER_MESSAGE_MAX);
    free(copy);
    return 0;
}
