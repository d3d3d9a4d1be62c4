/* The message codec (netmsg.h): fixed fields, big-endian numbers,
 * length-prefixed UTF-8, nothing optional, every byte checked. */
#define _POSIX_C_SOURCE 200809L /* strnlen */
#include "netmsg.h"

#include "../core/alloc.h"
#include "../core/utf8.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const TYPE_NAMES[NET_MSG_END] = {
    [NET_HELLO] = "hello",   [NET_WELCOME] = "welcome", [NET_COMMAND] = "command",
    [NET_ANSWER] = "answer", [NET_NOTICE] = "notice",   [NET_BYE] = "bye",
    [NET_CHUNK] = "chunk"};
static const char *const NOTICE_NAMES[NET_NOTICE_END] = {
    "joined", "dropped", "back", "left", "say", "events", "turn", "over", "computer"};

const char *netmsg_type_name(NetMsgType type)
{
    return type > 0 && type < NET_MSG_END ? TYPE_NAMES[type] : "?";
}

const char *netmsg_notice_name(NetNotice notice)
{
    return notice >= 0 && notice < NET_NOTICE_END ? NOTICE_NAMES[notice] : "?";
}

/* --- text rules ------------------------------------------------------- */

/* A name: 0 to NET_NAME_MAX bytes of plain UTF-8. */
static bool name_ok(const char *s, size_t n)
{
    return n <= NET_NAME_MAX && utf8_is_plain(s, n);
}

/* Text: valid UTF-8 whose only control character is the line break
 * (when lines are allowed), checked one line at a time. */
static bool text_ok(const char *s, size_t n, bool lines)
{
    size_t start = 0;
    for (size_t i = 0; i <= n; i++) {
        if (i < n && s[i] != '\n')
            continue;
        if (i < n && !lines)
            return false;
        if (!utf8_is_plain(s + start, i - start))
            return false;
        start = i + 1;
    }
    return true;
}

/* The text limits of a message type: its cap, and whether lines are allowed. */
static size_t text_cap(NetMsgType t, bool *lines)
{
    *lines = t == NET_ANSWER || t == NET_NOTICE;
    switch (t) {
    case NET_COMMAND: return NET_LINE_MAX;
    case NET_BYE: return 512;
    case NET_ANSWER:
    case NET_NOTICE: return NET_TEXT_MAX;
    default: return 0;
    }
}

/* --- encoding ---------------------------------------------------------- */

typedef struct Out {
    uint8_t *p;
    size_t len, cap;
} Out;

static void put(Out *o, const void *data, size_t n)
{
    if (o->len + n > o->cap) {
        while (o->len + n > o->cap)
            o->cap = o->cap ? 2 * o->cap : 64;
        o->p = xrealloc(o->p, o->cap, 1);
    }
    memcpy(o->p + o->len, data, n);
    o->len += n;
}

static void put_u8(Out *o, unsigned v)
{
    uint8_t b = (uint8_t)v;
    put(o, &b, 1);
}

static void put_u16(Out *o, unsigned v)
{
    uint8_t b[2] = {(uint8_t)(v >> 8), (uint8_t)v};
    put(o, b, 2);
}

static void put_u32(Out *o, uint32_t v)
{
    uint8_t b[4] = {(uint8_t)(v >> 24), (uint8_t)(v >> 16), (uint8_t)(v >> 8), (uint8_t)v};
    put(o, b, 4);
}

static void put_str(Out *o, const char *s, size_t n)
{
    put_u32(o, (uint32_t)n);
    put(o, s, n);
}

uint8_t *netmsg_encode(const NetMsg *m, size_t *size)
{
    if (m->type <= 0 || m->type >= NET_MSG_END)
        return NULL;
    size_t name_len = strnlen(m->name, sizeof m->name);
    if (!name_ok(m->name, name_len))
        return NULL;
    bool lines;
    size_t cap = text_cap(m->type, &lines);
    const char *text = m->text ? m->text : "";
    size_t text_len = m->text ? m->text_len : 0;
    if (cap && (text_len > cap || !text_ok(text, text_len, lines)))
        return NULL;
    if (m->type == NET_NOTICE && (m->notice < 0 || m->notice >= NET_NOTICE_END || m->seat < -1 ||
                                  m->seat > 126))
        return NULL;
    if (m->type == NET_CHUNK && (!m->bytes || m->bytes_len == 0 || m->bytes_len > NET_CHUNK_MAX))
        return NULL;
    Out o = {0};
    put_u8(&o, m->type);
    switch (m->type) {
    case NET_HELLO:
        put(&o, NET_MAGIC, NET_MAGIC_LEN);
        put_u16(&o, m->version);
        put_str(&o, m->name, name_len);
        break;
    case NET_WELCOME:
        put_u16(&o, m->version);
        put_str(&o, m->name, name_len);
        break;
    case NET_COMMAND:
        put_u32(&o, m->id);
        put_str(&o, text, text_len);
        break;
    case NET_ANSWER:
        put_u32(&o, m->id);
        put_u8(&o, m->ok);
        put_str(&o, text, text_len);
        break;
    case NET_NOTICE:
        put_u8(&o, m->notice);
        put_u8(&o, (unsigned)(m->seat + 1));
        put_str(&o, m->name, name_len);
        put_str(&o, text, text_len);
        break;
    case NET_BYE:
        put_str(&o, text, text_len);
        break;
    case NET_CHUNK:
        put_u32(&o, m->id);
        put_u32(&o, m->offset);
        put_str(&o, (const char *)m->bytes, m->bytes_len);
        break;
    default:
        break;
    }
    *size = o.len;
    return o.p;
}

/* --- decoding ------------------------------------------------------------ */

typedef struct In {
    const uint8_t *p;
    size_t left;
    char *why;
    size_t why_size;
    bool bad;
} In;

static bool refuse(In *in, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static bool refuse(In *in, const char *fmt, ...)
{
    if (!in->bad) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(in->why, in->why_size, fmt, ap);
        va_end(ap);
    }
    in->bad = true;
    return false;
}

static bool take(In *in, void *out, size_t n)
{
    if (in->bad || in->left < n)
        return in->bad ? false : refuse(in, "the message is cut short");
    memcpy(out, in->p, n);
    in->p += n;
    in->left -= n;
    return true;
}

static unsigned get_u8(In *in)
{
    uint8_t b = 0;
    take(in, &b, 1);
    return b;
}

static unsigned get_u16(In *in)
{
    uint8_t b[2] = {0};
    take(in, b, 2);
    return (unsigned)b[0] << 8 | b[1];
}

static uint32_t get_u32(In *in)
{
    uint8_t b[4] = {0};
    take(in, b, 4);
    return (uint32_t)b[0] << 24 | (uint32_t)b[1] << 16 | (uint32_t)b[2] << 8 | b[3];
}

/* A name field into out (NET_NAME_MAX + 1 bytes). */
static void get_name(In *in, char *out, const char *what)
{
    uint32_t n = get_u32(in);
    if (in->bad)
        return;
    if (n > NET_NAME_MAX || n > in->left)
        {
        refuse(in, "the %s is longer than %d bytes", what, NET_NAME_MAX);
        return;
    }
    take(in, out, n);
    out[n] = '\0';
    if (!name_ok(out, n))
        refuse(in, "the %s is not plain UTF-8 text", what);
}

/* The text field of m. */
static void get_text(In *in, NetMsg *m)
{
    bool lines;
    size_t cap = text_cap(m->type, &lines);
    uint32_t n = get_u32(in);
    if (in->bad)
        return;
    if (n > cap)
        {
        refuse(in, "the %s's text is longer than %zu bytes", netmsg_type_name(m->type),
                            cap);
        return;
    }
    if (n > in->left)
        {
        refuse(in, "the message is cut short");
        return;
    }
    m->owned = xmalloc(n + 1, 1);
    take(in, m->owned, n);
    m->owned[n] = '\0';
    m->text = m->owned;
    m->text_len = n;
    if (!text_ok(m->text, n, lines))
        refuse(in, lines ? "the text is not UTF-8 lines without control characters"
                         : "the line is not UTF-8 without control characters");
}

/* The bytes of a CHUNK: 1 to NET_CHUNK_MAX, any values. */
static void get_bytes(In *in, NetMsg *m)
{
    uint32_t n = get_u32(in);
    if (in->bad)
        return;
    if (n == 0 || n > NET_CHUNK_MAX) {
        refuse(in, "a chunk holds 1 to %d bytes, not %u", NET_CHUNK_MAX, (unsigned)n);
        return;
    }
    if (n > in->left) {
        refuse(in, "the message is cut short");
        return;
    }
    m->owned = xmalloc(n, 1);
    take(in, m->owned, n);
    m->bytes = (const uint8_t *)m->owned;
    m->bytes_len = n;
}

bool netmsg_decode(const uint8_t *data, size_t size, size_t cap, NetMsg *out, char *why,
                   size_t why_size)
{
    memset(out, 0, sizeof *out);
    In in = {data, size, why, why_size, false};
    if (size > cap)
        refuse(&in, "a message of %zu bytes is over the cap of %zu", size, cap);
    unsigned type = get_u8(&in);
    if (!in.bad && (type == 0 || type >= NET_MSG_END))
        refuse(&in, "unknown message type %u", type);
    out->type = (NetMsgType)type;
    switch (in.bad ? NET_MSG_END : out->type) {
    case NET_HELLO: {
        char magic[NET_MAGIC_LEN];
        if (take(&in, magic, sizeof magic) && memcmp(magic, NET_MAGIC, NET_MAGIC_LEN) != 0)
            refuse(&in, "not a questboard client");
        out->version = (uint16_t)get_u16(&in);
        get_name(&in, out->name, "player name");
        break;
    }
    case NET_WELCOME:
        out->version = (uint16_t)get_u16(&in);
        get_name(&in, out->name, "server name");
        break;
    case NET_COMMAND:
        out->id = get_u32(&in);
        get_text(&in, out);
        break;
    case NET_ANSWER: {
        out->id = get_u32(&in);
        unsigned ok = get_u8(&in);
        if (!in.bad && ok > 1)
            refuse(&in, "an answer is accepted (1) or refused (0), not %u", ok);
        out->ok = ok == 1;
        get_text(&in, out);
        break;
    }
    case NET_NOTICE: {
        unsigned kind = get_u8(&in), seat = get_u8(&in);
        if (!in.bad && kind >= NET_NOTICE_END)
            refuse(&in, "unknown notice %u", kind);
        if (!in.bad && seat > 127)
            refuse(&in, "seat %u out of range", seat);
        out->notice = (NetNotice)kind;
        out->seat = (int)seat - 1;
        get_name(&in, out->name, "name");
        get_text(&in, out);
        break;
    }
    case NET_BYE:
        get_text(&in, out);
        break;
    case NET_CHUNK:
        out->id = get_u32(&in);
        out->offset = get_u32(&in);
        get_bytes(&in, out);
        break;
    default:
        break;
    }
    if (!in.bad && in.left)
        refuse(&in, "%zu bytes after the %s message", in.left, netmsg_type_name(out->type));
    if (in.bad) {
        netmsg_free(out);
        return false;
    }
    return true;
}

void netmsg_free(NetMsg *m)
{
    free(m->owned);
    memset(m, 0, sizeof *m);
}
