#define _POSIX_C_SOURCE 200809L
#include "watch.h"

#include "core/alloc.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* What one stat says about a file; two equal states mean "unchanged". */
typedef struct {
    bool exists;
    int64_t mtime_ns, size;
    uint64_t dev, ino;
} FileState;

typedef struct {
    char *path;
    FileState reported; /* the state the caller last heard about */
    FileState seen;     /* the state at the last look */
    int64_t seen_at;    /* when seen last differed from the look before */
    bool pending;       /* seen differs from reported */
    bool changed;       /* part of the last report */
} Watched;

struct Watch {
    Watched *files;
    size_t count;
    int interval_ms, settle_ms;
    int64_t last_look;
    bool looked;
};

static FileState look(const char *path)
{
    FileState f = {0};
    struct stat st;
    if (stat(path, &st) != 0)
        return f;
    f.exists = true;
    f.mtime_ns = (int64_t)st.st_mtim.tv_sec * 1000000000 + st.st_mtim.tv_nsec;
    f.size = (int64_t)st.st_size;
    f.dev = (uint64_t)st.st_dev;
    f.ino = (uint64_t)st.st_ino;
    return f;
}

static bool same(FileState a, FileState b)
{
    return a.exists == b.exists && a.mtime_ns == b.mtime_ns && a.size == b.size && a.dev == b.dev &&
           a.ino == b.ino;
}

Watch *watch_create(int interval_ms, int settle_ms)
{
    Watch *w = xcalloc(1, sizeof *w);
    w->interval_ms = interval_ms > 0 ? interval_ms : 0;
    w->settle_ms = settle_ms > 0 ? settle_ms : 0;
    return w;
}

void watch_destroy(Watch *w)
{
    if (!w)
        return;
    watch_clear(w);
    free(w);
}

size_t watch_add(Watch *w, const char *path)
{
    w->files = xrealloc(w->files, w->count + 1, sizeof *w->files);
    Watched *f = &w->files[w->count];
    memset(f, 0, sizeof *f);
    f->path = xstrdup(path);
    f->reported = f->seen = look(path);
    return w->count++;
}

void watch_clear(Watch *w)
{
    for (size_t i = 0; i < w->count; i++)
        free(w->files[i].path);
    free(w->files);
    w->files = NULL;
    w->count = 0;
}

void watch_rebase(Watch *w)
{
    for (size_t i = 0; i < w->count; i++) {
        Watched *f = &w->files[i];
        f->reported = f->seen = look(f->path);
        f->pending = false;
    }
}

/* Looks at every file; returns true when some change is pending and every
 * pending change has been stable for the settle time. */
static bool look_all(Watch *w, int64_t now)
{
    bool any = false, settled = true;
    for (size_t i = 0; i < w->count; i++) {
        Watched *f = &w->files[i];
        FileState st = look(f->path);
        if (!same(st, f->seen)) {
            f->seen = st;
            f->seen_at = now;
        }
        if (f->seen_at > now) /* the clock went backwards: start over */
            f->seen_at = now;
        f->pending = !same(f->seen, f->reported);
        if (f->pending) {
            any = true;
            settled = settled && now - f->seen_at >= w->settle_ms;
        }
    }
    return any && settled;
}

bool watch_poll(Watch *w, int64_t now_ms)
{
    bool due = !w->looked || now_ms < w->last_look || now_ms - w->last_look >= w->interval_ms;
    if (!due)
        return false;
    w->looked = true;
    w->last_look = now_ms;
    if (!look_all(w, now_ms))
        return false;
    for (size_t i = 0; i < w->count; i++) {
        Watched *f = &w->files[i];
        f->changed = f->pending;
        if (f->pending)
            f->reported = f->seen;
        f->pending = false;
    }
    return true;
}

size_t watch_count(const Watch *w)
{
    return w->count;
}

const char *watch_path(const Watch *w, size_t i)
{
    return i < w->count ? w->files[i].path : "";
}

bool watch_changed(const Watch *w, size_t i)
{
    return i < w->count && w->files[i].changed;
}

bool watch_exists(const Watch *w, size_t i)
{
    return i < w->count && w->files[i].seen.exists;
}
