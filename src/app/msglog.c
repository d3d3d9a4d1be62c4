#include "msglog.h"

#include "core/alloc.h"

#include <stdlib.h>
#include <string.h>

struct MsgLog {
    MsgLogLine *lines;
    size_t capacity, first, count; /* the ring: count lines from first */
    uint64_t seq;
};

MsgLog *msglog_create(size_t capacity)
{
    MsgLog *log = xcalloc(1, sizeof *log);
    log->capacity = capacity ? capacity : 1;
    log->lines = xcalloc(log->capacity, sizeof *log->lines);
    return log;
}

void msglog_destroy(MsgLog *log)
{
    if (!log)
        return;
    free(log->lines);
    free(log);
}

/* Copies text into out: control bytes become spaces, and a cut never
 * leaves half a UTF-8 character at the end. */
static void copy_line(char *out, const char *text)
{
    size_t n = 0;
    for (; n < MSGLOG_TEXT_MAX - 1 && text[n]; n++)
        out[n] = ((unsigned char)text[n] < 0x20 || text[n] == 0x7f) ? ' ' : text[n];
    if (text[n])
        while (n > 0 && ((unsigned char)text[n] & 0xc0) == 0x80)
            n--;
    out[n] = 0;
}

void msglog_add(MsgLog *log, int turn, int tag, const char *text)
{
    size_t slot = (log->first + log->count) % log->capacity;
    if (log->count == log->capacity)
        log->first = (log->first + 1) % log->capacity;
    else
        log->count++;
    MsgLogLine *line = &log->lines[slot];
    line->seq = ++log->seq;
    line->turn = turn;
    line->tag = tag;
    copy_line(line->text, text ? text : "");
}

void msglog_clear(MsgLog *log)
{
    log->first = 0;
    log->count = 0;
}

size_t msglog_count(const MsgLog *log)
{
    return log->count;
}

const MsgLogLine *msglog_line(const MsgLog *log, size_t i)
{
    return i < log->count ? &log->lines[(log->first + i) % log->capacity] : NULL;
}

uint64_t msglog_last_seq(const MsgLog *log)
{
    return log->seq;
}
