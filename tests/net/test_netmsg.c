/* The online messages' codec (src/net/netmsg.h): every message round
 * trips; what breaks a rule is refused with a reason and keeps nothing. */
#include "check.h"
#include "net/netmsg.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static NetMsg text_msg(NetMsgType type, const char *text)
{
    return (NetMsg){.type = type, .text = text, .text_len = strlen(text)};
}

static void round_trip(const NetMsg *m, size_t cap)
{
    size_t size;
    uint8_t *bytes = netmsg_encode(m, &size);
    CHECK(bytes != NULL);
    if (!bytes)
        return;
    NetMsg d;
    char why[200];
    CHECK(netmsg_decode(bytes, size, cap, &d, why, sizeof why));
    CHECK_INT(d.type, m->type);
    CHECK_INT(d.version, m->version);
    CHECK_INT(d.id, m->id);
    CHECK_INT(d.ok, m->ok);
    CHECK_INT(d.seat, m->type == NET_NOTICE ? m->seat : 0);
    CHECK(strcmp(d.name, m->name) == 0);
    CHECK_INT(d.text_len, m->text ? m->text_len : 0);
    CHECK(!m->text || memcmp(d.text, m->text, m->text_len) == 0);
    CHECK_INT(d.offset, m->offset);
    CHECK_INT(d.bytes_len, m->bytes_len);
    CHECK(!m->bytes || memcmp(d.bytes, m->bytes, m->bytes_len) == 0);
    /* cut anywhere: refused */
    for (size_t cut = 0; cut < size; cut++) {
        NetMsg e;
        CHECK(!netmsg_decode(bytes, cut, cap, &e, why, sizeof why));
        CHECK(why[0] != '\0');
        CHECK(e.text == NULL);
    }
    netmsg_free(&d);
    free(bytes);
}

static void refused(const uint8_t *bytes, size_t size, size_t cap, const char *reason)
{
    NetMsg m;
    char why[200] = "";
    CHECK(!netmsg_decode(bytes, size, cap, &m, why, sizeof why));
    CHECK_STR_CONTAINS(why, reason);
    CHECK(m.text == NULL);
}

int main(void)
{
    NetMsg hello = {.type = NET_HELLO, .version = NET_VERSION, .name = "Ann"};
    round_trip(&hello, NET_CLIENT_MESSAGE_MAX);
    NetMsg welcome = {.type = NET_WELCOME, .version = NET_VERSION, .name = "questboard server"};
    round_trip(&welcome, NET_SERVER_MESSAGE_MAX);
    NetMsg cmd = text_msg(NET_COMMAND, "say héllo, Zoë");
    cmd.id = 77;
    round_trip(&cmd, NET_CLIENT_MESSAGE_MAX);
    NetMsg ans = text_msg(NET_ANSWER, "= 2\nstep 0 -1 1,1 2,1 0 0 - - | Barbarian steps\n\n");
    ans.id = 77;
    ans.ok = true;
    round_trip(&ans, NET_SERVER_MESSAGE_MAX);
    NetMsg notice = text_msg(NET_NOTICE, "1\nturn 0 -1 1,1 1,1 2 0 - - | turn 2: Barbarian");
    notice.notice = NET_NOTICE_EVENTS;
    notice.seat = -1;
    snprintf(notice.name, sizeof notice.name, "Bo");
    round_trip(&notice, NET_SERVER_MESSAGE_MAX);
    notice.seat = 4;
    round_trip(&notice, NET_SERVER_MESSAGE_MAX);
    NetMsg bye = text_msg(NET_BYE, "too many messages");
    round_trip(&bye, NET_SERVER_MESSAGE_MAX);
    /* a chunk carries any bytes, NULs and control characters too */
    static uint8_t piece[NET_CHUNK_MAX];
    for (size_t i = 0; i < sizeof piece; i++)
        piece[i] = (uint8_t)(i * 7);
    NetMsg chunk = {.type = NET_CHUNK, .id = 3, .offset = 12288, .bytes = piece,
                    .bytes_len = sizeof piece};
    round_trip(&chunk, NET_CLIENT_MESSAGE_MAX);
    chunk.bytes_len = 1;
    round_trip(&chunk, NET_CLIENT_MESSAGE_MAX);

    /* what encode will not write */
    size_t size;
    NetMsg bad = text_msg(NET_COMMAND, "say a\nb");
    CHECK(netmsg_encode(&bad, &size) == NULL);
    bad = text_msg(NET_COMMAND, "say \x1b[2J");
    CHECK(netmsg_encode(&bad, &size) == NULL);
    bad = text_msg(NET_ANSWER, "= \xff\xfe\n\n");
    CHECK(netmsg_encode(&bad, &size) == NULL);
    NetMsg long_name = {.type = NET_HELLO, .version = 1};
    memset(long_name.name, 'a', NET_NAME_MAX);
    uint8_t *fits = netmsg_encode(&long_name, &size);
    CHECK(fits != NULL); /* 47 bytes: fine */
    free(fits);

    NetMsg no_bytes = {.type = NET_CHUNK, .id = 1, .bytes = piece, .bytes_len = 0};
    CHECK(netmsg_encode(&no_bytes, &size) == NULL);
    no_bytes.bytes_len = NET_CHUNK_MAX + 1;
    CHECK(netmsg_encode(&no_bytes, &size) == NULL);

    /* hostile bytes */
    static const uint8_t empty[1];
    refused(empty, 0, 100, "cut short");
    static const uint8_t type0[] = {0};
    refused(type0, 1, 100, "unknown message type 0");
    static const uint8_t type9[] = {9};
    refused(type9, 1, 100, "unknown message type 9");
    static const uint8_t magic[] = {1, 'Q', 'B', 'N', 'E', 'X', 0, 1, 0, 0, 0, 0};
    refused(magic, sizeof magic, 100, "not a questboard client");
    static const uint8_t trailing[] = {6, 0, 0, 0, 1, 'x', 'y'};
    refused(trailing, sizeof trailing, 100, "1 bytes after the bye message");
    static const uint8_t huge[] = {6, 0xff, 0xff, 0xff, 0xff, 'x'};
    refused(huge, sizeof huge, 100, "longer than");
    static const uint8_t past[] = {3, 0, 0, 0, 1, 0, 0, 0, 9, 'x'};
    refused(past, sizeof past, 100, "cut short");
    static const uint8_t ctrl[] = {3, 0, 0, 0, 1, 0, 0, 0, 3, 'a', 0, 'b'};
    refused(ctrl, sizeof ctrl, 100, "control characters");
    static const uint8_t line[] = {3, 0, 0, 0, 1, 0, 0, 0, 3, 'a', '\n', 'b'};
    refused(line, sizeof line, 100, "control characters");
    static const uint8_t ok2[] = {4, 0, 0, 0, 1, 2, 0, 0, 0, 0};
    refused(ok2, sizeof ok2, 100, "not 2");
    static const uint8_t kind[] = {5, 42, 0, 0, 0, 0, 0, 0, 0, 0, 0};
    refused(kind, sizeof kind, 100, "unknown notice 42");
    uint8_t name[64] = {1, 'Q', 'B', 'N', 'E', 'T', 0, 1, 0, 0, 0, 48};
    memset(name + 12, 'a', 48);
    refused(name, sizeof name, 100, "longer than 47 bytes");
    static const uint8_t empty_chunk[] = {7, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0};
    refused(empty_chunk, sizeof empty_chunk, 100, "a chunk holds 1 to 6144 bytes, not 0");
    static const uint8_t big_chunk[] = {7, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0x18, 1, 'x'};
    refused(big_chunk, sizeof big_chunk, 100, "not 6145");
    static const uint8_t short_chunk[] = {7, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 4, 'x'};
    refused(short_chunk, sizeof short_chunk, 100, "cut short");
    uint8_t big[200] = {6};
    refused(big, sizeof big, 100, "over the cap of 100");
    return check_finish("netmsg");
}
