/* Helpers for the protocol tests: run a command, get its answer text. */
#pragma once

#include "app/protocol.h"
#include "check.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Runs one command; returns its answer (caller frees). */
static inline char *pt_run(Protocol *p, const char *line)
{
    char *buf = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&buf, &size);
    protocol_execute(p, line, out);
    fclose(out);
    return buf;
}

/* True when the answer says success. */
static inline bool pt_ok(const char *answer)
{
    return answer && answer[0] == '=';
}

/* Runs a command and checks it succeeded; returns the answer. */
static inline char *pt_must(Protocol *p, const char *line)
{
    char *a = pt_run(p, line);
    if (!pt_ok(a))
        fprintf(stderr, "'%s' failed: %s", line, a ? a : "(no answer)");
    CHECK(pt_ok(a));
    return a;
}

/* The path of a bundled mission under QUESTBOARD_DATA. */
static inline const char *pt_mission(const char *name, char *buf, size_t size)
{
    const char *data = getenv("QUESTBOARD_DATA");
    snprintf(buf, size, "%s/missions/%s/mission.xml", data ? data : ".", name);
    return buf;
}
