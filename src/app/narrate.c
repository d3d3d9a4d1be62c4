#include "narrate.h"

#include "core/alloc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* One utterance handed to the sink, and when it should be over. */
typedef struct {
    NarrateKind kind;
    uint64_t end_ms;
    char text[NARRATE_TEXT_MAX];
} Utterance;

struct Narrator {
    NarrateSink sink;
    Utterance queue[NARRATE_QUEUE_MAX]; /* oldest first; [0] is being said */
    size_t count;
    char focus[NARRATE_TEXT_MAX];    /* the last focus said ("" none) */
    char last_log[NARRATE_TEXT_MAX]; /* the last log line said */
    uint64_t last_log_ms;
    bool ok;
};

Narrator *narrate_create(NarrateSink sink)
{
    Narrator *n = xcalloc(1, sizeof *n);
    n->sink = sink;
    n->ok = true;
    return n;
}

void narrate_destroy(Narrator *n)
{
    if (!n)
        return;
    if (n->sink.close)
        n->sink.close(n->sink.ctx);
    free(n);
}

/* Marks drawn for the eye and not said: the arrows of a value row
 * ("<  fast  >"), the brackets of the binding being edited, a volume
 * bar's squares (U+25A0, U+25A1). Returns their length in bytes, or 0. */
static size_t drawn_mark(const unsigned char *p)
{
    if (*p == '<' || *p == '>' || *p == '[' || *p == ']')
        return 1;
    if (p[0] == 0xE2 && p[1] == 0x96 && (p[2] == 0xA0 || p[2] == 0xA1))
        return 3;
    return 0;
}

/* text without drawn marks, with runs of spaces, tabs and line breaks as
 * one space, trimmed, cut (between UTF-8 characters) to fit out. */
static void fold(const char *text, char *out, size_t size)
{
    size_t len = 0;
    bool space = false, cut = false;
    for (const unsigned char *p = (const unsigned char *)text; *p; p++) {
        size_t mark = drawn_mark(p);
        if (mark) {
            p += mark - 1;
            continue;
        }
        if (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r') {
            space = len > 0;
            continue;
        }
        if (len + (space ? 2 : 1) >= size) {
            cut = true;
            break;
        }
        if (space)
            out[len++] = ' ';
        space = false;
        out[len++] = (char)*p;
    }
    if (cut) { /* the last character may be cut: back to its start */
        size_t at = len;
        while (at > 0 && ((unsigned char)out[at - 1] & 0xC0) == 0x80)
            at--;
        if (at > 0 && ((unsigned char)out[at - 1] & 0x80))
            len = at - 1;
    }
    out[len] = '\0';
}

/* Drops the utterances over by now. */
static void expire(Narrator *n, uint64_t now)
{
    size_t done = 0;
    while (done < n->count && n->queue[done].end_ms <= now)
        done++;
    memmove(n->queue, n->queue + done, (n->count - done) * sizeof *n->queue);
    n->count -= done;
}

static void stop(Narrator *n)
{
    if (n->sink.cancel)
        n->sink.cancel(n->sink.ctx);
    n->count = 0;
}

/* Hands text to the sink and queues it after the others (the caller made
 * room). */
static void speak(Narrator *n, NarrateKind kind, const char *text, uint64_t now)
{
    uint64_t start = n->count ? n->queue[n->count - 1].end_ms : now;
    Utterance *u = &n->queue[n->count++];
    u->kind = kind;
    u->end_ms = start + NARRATE_MS_BASE + (uint64_t)strlen(text) * NARRATE_MS_PER_CHAR;
    snprintf(u->text, sizeof u->text, "%s", text);
    if (n->sink.speak && !n->sink.speak(n->sink.ctx, text))
        n->ok = false;
}

/* A log line with the queue full: stop, then say again the newest lines
 * not yet begun, leaving room for this one. */
static void make_room(Narrator *n, uint64_t now)
{
    Utterance keep[NARRATE_QUEUE_MAX];
    size_t first = 1; /* [0] was being said: it is cut off, not repeated */
    if (n->count - first > NARRATE_QUEUE_MAX - 1)
        first = n->count - (NARRATE_QUEUE_MAX - 1);
    size_t kept = n->count - first;
    memcpy(keep, n->queue + first, kept * sizeof *keep);
    stop(n);
    for (size_t i = 0; i < kept; i++)
        speak(n, keep[i].kind, keep[i].text, now);
}

void narrate_say(Narrator *n, NarrateKind kind, const char *text, uint64_t now_ms)
{
    char folded[NARRATE_TEXT_MAX];
    fold(text ? text : "", folded, sizeof folded);
    if (!folded[0])
        return;
    expire(n, now_ms);
    if (kind == NARRATE_FOCUS) {
        if (strcmp(folded, n->focus) == 0)
            return;
        snprintf(n->focus, sizeof n->focus, "%s", folded);
        if (n->count)
            stop(n);
    } else {
        if (strcmp(folded, n->last_log) == 0 && now_ms - n->last_log_ms < NARRATE_REPEAT_MS)
            return;
        snprintf(n->last_log, sizeof n->last_log, "%s", folded);
        n->last_log_ms = now_ms;
        if (n->count >= NARRATE_QUEUE_MAX)
            make_room(n, now_ms);
    }
    speak(n, kind, folded, now_ms);
}

void narrate_forget_focus(Narrator *n)
{
    n->focus[0] = '\0';
}

size_t narrate_pending(const Narrator *n, uint64_t now_ms)
{
    size_t pending = 0;
    for (size_t i = 0; i < n->count; i++)
        pending += n->queue[i].end_ms > now_ms;
    return pending;
}

bool narrate_ok(const Narrator *n)
{
    return n->ok;
}
