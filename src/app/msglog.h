/* The combat and event log's history: the last lines the game said, in a
 * ring of fixed capacity, so a long mission never grows memory. The front
 * end adds the text of each GameEvent (and its own notices: "Saved to
 * slot 3", "Screenshot saved to ..."); the log panel shows the newest
 * lines and the history screen scrolls through all that are kept.
 */
#pragma once

#include <stddef.h>
#include <stdint.h>

/* Longest line kept, including the NUL (GAME_EVENT_TEXT is 160). */
#define MSGLOG_TEXT_MAX 160

typedef struct {
    uint64_t seq; /* 1 for the first line ever added, then 2, 3... */
    int turn;     /* the turn it happened in, as the caller counts */
    int tag;      /* the caller's category (event kind, notice), for colour */
    char text[MSGLOG_TEXT_MAX];
} MsgLogLine;

typedef struct MsgLog MsgLog;

/* An empty log keeping the last capacity lines (at least 1). Never NULL. */
MsgLog *msglog_create(size_t capacity);

/* Frees the log. NULL does nothing. */
void msglog_destroy(MsgLog *log);

/* Adds a line (NULL is ""), dropping the oldest when full. Control
 * characters become spaces and a long text is cut between UTF-8
 * characters, so every kept line can be drawn as it is. */
void msglog_add(MsgLog *log, int turn, int tag, const char *text);

/* Forgets every line (a new mission); seq numbers carry on. */
void msglog_clear(MsgLog *log);

/* How many lines are kept (at most the capacity). */
size_t msglog_count(const MsgLog *log);

/* Line i of those kept, 0 the oldest, count - 1 the newest; NULL when out
 * of range. Owned by the log; valid until the next add or clear. */
const MsgLogLine *msglog_line(const MsgLog *log, size_t i);

/* The seq of the newest line ever added (0 before the first): a panel
 * compares it with the last it showed to see whether anything is new. */
uint64_t msglog_last_seq(const MsgLog *log);
