#define _POSIX_C_SOURCE 200809L
#define _DEFAULT_SOURCE /* DT_* of readdir */
#include "pack_write.h"

#include "../core/alloc.h"
#include "../core/fileio.h"
#include "../core/i18n.h"
#include "pack_manifest.h"

#include <libxml/xmlstring.h>
#include <zip.h>

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <time.h>

/* Every entry's time: 2000-01-01 00:00 UTC, so packs are reproducible. */
#define PACK_FIXED_TIME ((time_t)946684800)
/* Most files an art folder walk looks at. */
#define ART_MAX_SEEN 20000

struct PackBuilder {
    PackEntry *entries;
    bool *stored; /* per entry: written without compression */
    size_t count, cap;
    uint64_t total;
};

PackBuilder *packbuild_create(void)
{
    return xcalloc(1, sizeof(PackBuilder));
}

void packbuild_destroy(PackBuilder *b)
{
    if (!b)
        return;
    for (size_t i = 0; i < b->count; i++) {
        free(b->entries[i].name);
        free(b->entries[i].data);
    }
    free(b->entries);
    free(b->stored);
    free(b);
}

bool packbuild_has(const PackBuilder *b, const char *name)
{
    for (size_t i = 0; i < b->count; i++)
        if (strcasecmp(b->entries[i].name, name) == 0)
            return true;
    return false;
}

size_t packbuild_count(const PackBuilder *b)
{
    return b->count;
}

static bool is_png_name(const char *name)
{
    size_t n = strlen(name);
    return n > 4 && strcasecmp(name + n - 4, ".png") == 0;
}

bool packbuild_add(PackBuilder *b, const char *name, const void *data, size_t size,
                   ErrorList *errs)
{
    const char *why = pack_name_problem(name);
    if (!why && strcmp(name, PACK_MANIFEST) == 0)
        why = _("is the manifest's name");
    if (!why && packbuild_has(b, name))
        why = _("is already in the pack");
    if (!why && b->count + 1 >= PACK_MAX_ENTRIES)
        why = _("would pass the cap of 1024 entries");
    if (!why && size > PACK_MAX_ENTRY_BYTES)
        why = _("is over 32 MiB (the cap of one entry)");
    if (!why && b->total + size > PACK_MAX_TOTAL_BYTES)
        why = _("takes the pack over 128 MiB (the cap of all entries)");
    if (why) {
        errors_add(errs, _("entry '%s' %s"), name, why);
        return false;
    }
    if (b->count == b->cap) {
        b->cap = b->cap ? 2 * b->cap : 16;
        b->entries = xrealloc(b->entries, b->cap, sizeof *b->entries);
        b->stored = xrealloc(b->stored, b->cap, sizeof *b->stored);
    }
    PackEntry *e = &b->entries[b->count];
    e->name = xstrdup(name);
    e->data = xmalloc(size + 1, 1);
    if (size)
        memcpy(e->data, data, size);
    e->data[size] = '\0';
    e->size = size;
    digest_sha256(e->data, size, e->sha256);
    b->stored[b->count++] = is_png_name(name);
    b->total += size;
    return true;
}

bool packbuild_add_file(PackBuilder *b, const char *name, const char *path, ErrorList *errs)
{
    uint8_t *data;
    size_t size;
    char err[256];
    if (!fileio_read(path, PACK_MAX_ENTRY_BYTES, &data, &size, err, sizeof err)) {
        errors_add(errs, "%s: %s", path, err);
        return false;
    }
    bool ok = packbuild_add(b, name, data, size, errs);
    free(data);
    return ok;
}

/* A folder still to walk: its path on disk and its entry prefix. */
typedef struct Pending {
    char *dir, *prefix;
    int depth;
} Pending;

/* Walks one folder: PNG files are added, folders queued. */
static bool walk_one(PackBuilder *b, Pending p, Pending **queue, size_t *qn, size_t *qcap,
                     size_t *seen, ErrorList *errs)
{
    DIR *d = opendir(p.dir);
    if (!d)
        return true; /* a missing or unreadable folder has no art */
    bool ok = true;
    struct dirent *e;
    while (ok && (e = readdir(d)) != NULL && ++*seen < ART_MAX_SEEN) {
        if (e->d_name[0] == '.')
            continue;
        char path[4096], name[512];
        if (snprintf(path, sizeof path, "%s/%s", p.dir, e->d_name) >= (int)sizeof path ||
            snprintf(name, sizeof name, "%s/%s", p.prefix, e->d_name) >= (int)sizeof name)
            continue;
        struct stat st;
        if (lstat(path, &st) != 0)
            continue;
        if (S_ISDIR(st.st_mode) && p.depth < PACK_MAX_DEPTH - 1) {
            if (*qn == *qcap) {
                *qcap = *qcap ? 2 * *qcap : 8;
                *queue = xrealloc(*queue, *qcap, sizeof **queue);
            }
            (*queue)[(*qn)++] = (Pending){xstrdup(path), xstrdup(name), p.depth + 1};
        } else if (S_ISREG(st.st_mode) && is_png_name(e->d_name)) {
            ok = packbuild_add_file(b, name, path, errs);
        }
    }
    closedir(d);
    return ok;
}

bool packbuild_add_art(PackBuilder *b, const char *prefix, const char *dir, ErrorList *errs)
{
    struct stat st;
    if (lstat(dir, &st) != 0 || !S_ISDIR(st.st_mode))
        return true; /* no folder (or a link to one, never followed): no art */
    size_t qn = 0, qcap = 0, seen = 0;
    Pending *queue = NULL;
    Pending top = {xstrdup(dir), xstrdup(prefix), 0};
    bool ok = walk_one(b, top, &queue, &qn, &qcap, &seen, errs);
    free(top.dir);
    free(top.prefix);
    /* Breadth first through a queue: no recursion, whatever the nesting. */
    for (size_t i = 0; i < qn; i++) {
        if (ok)
            ok = walk_one(b, queue[i], &queue, &qn, &qcap, &seen, errs);
        free(queue[i].dir);
        free(queue[i].prefix);
    }
    free(queue);
    return ok;
}

static bool text_ok(const char *what, const char *s, ErrorList *errs)
{
    if (!s || strlen(s) > PACK_MAX_TEXT || !xmlCheckUTF8((const xmlChar *)s)) {
        errors_add(errs, _("the pack's %s must be valid UTF-8 of at most %d bytes"), what,
                   PACK_MAX_TEXT);
        return false;
    }
    return true;
}

static int entry_cmp(const void *a, const void *b)
{
    return strcmp(((const PackEntry *)a)->name, ((const PackEntry *)b)->name);
}

/* Adds one entry to za from bytes that live until zip_close. */
static bool zip_put(zip_t *za, const char *name, const void *data, size_t size, bool stored)
{
    zip_source_t *s = zip_source_buffer(za, data, size, 0);
    if (!s)
        return false;
    zip_int64_t idx = zip_file_add(za, name, s, ZIP_FL_ENC_UTF_8);
    if (idx < 0) {
        zip_source_free(s);
        return false;
    }
    zip_uint64_t i = (zip_uint64_t)idx;
    return zip_set_file_compression(za, i, stored ? ZIP_CM_STORE : ZIP_CM_DEFLATE, 9) == 0 &&
           zip_file_set_external_attributes(za, i, 0, ZIP_OPSYS_UNIX,
                                            (zip_uint32_t)(PACK_MODE_FILE | 0644) << 16) == 0 &&
           zip_file_set_mtime(za, i, PACK_FIXED_TIME, 0) == 0;
}

/* The archive's bytes: the manifest, then the entries in order. */
static uint8_t *write_zip(const PackBuilder *b, const char *manifest, size_t msize,
                          size_t *size, ErrorList *errs)
{
    zip_error_t ze;
    zip_error_init(&ze);
    zip_source_t *src = zip_source_buffer_create(NULL, 0, 0, &ze);
    zip_t *za = src ? zip_open_from_source(src, ZIP_TRUNCATE, &ze) : NULL;
    uint8_t *out = NULL;
    if (!za) {
        errors_add(errs, _("cannot start the pack: %s"), zip_error_strerror(&ze));
        zip_source_free(src);
        zip_error_fini(&ze);
        return NULL;
    }
    zip_source_keep(src);
    bool ok = zip_put(za, PACK_MANIFEST, manifest, msize, false);
    for (size_t i = 0; ok && i < b->count; i++)
        ok = zip_put(za, b->entries[i].name, b->entries[i].data, b->entries[i].size,
                     b->stored[i]);
    if (!ok || zip_close(za) != 0) {
        errors_add(errs, _("cannot write the pack: %s"), zip_strerror(za));
        zip_discard(za);
    } else {
        zip_stat_t st;
        zip_stat_init(&st);
        if (zip_source_stat(src, &st) == 0 && zip_source_open(src) == 0) {
            out = xmalloc(st.size + 1, 1);
            if (zip_source_read(src, out, st.size) != (zip_int64_t)st.size) {
                free(out);
                out = NULL;
            }
            *size = (size_t)st.size;
            zip_source_close(src);
        }
        if (!out)
            errors_add(errs, _("cannot read back the pack just written"));
    }
    zip_source_free(src);
    zip_error_fini(&ze);
    return out;
}

/* Marks as stored the entries that deflate past the readers' ratio cap;
 * true when there was any. */
static bool store_over_ratio(PackBuilder *b, const uint8_t *zipped, size_t size)
{
    zip_error_t ze;
    zip_error_init(&ze);
    zip_source_t *src = zip_source_buffer_create(zipped, size, 0, &ze);
    zip_t *za = src ? zip_open_from_source(src, ZIP_RDONLY, &ze) : NULL;
    bool any = false;
    if (!za) {
        zip_source_free(src);
        zip_error_fini(&ze);
        return false;
    }
    for (size_t i = 0; i < b->count; i++) {
        zip_stat_t st;
        if (zip_stat(za, b->entries[i].name, 0, &st) == 0 && st.size > PACK_RATIO_FLOOR &&
            st.size / (st.comp_size ? st.comp_size : 1) > PACK_MAX_RATIO / 2) {
            b->stored[i] = true;
            any = true;
        }
    }
    zip_discard(za);
    zip_error_fini(&ze);
    return any;
}

uint8_t *packbuild_finish(PackBuilder *b, const PackManifest *m, size_t *size, ErrorList *errs)
{
    if (!text_ok("title", m->title, errs) || !text_ok("author", m->author, errs) ||
        !text_ok("licence", m->licence, errs))
        return NULL;
    const char *held[] = {m->main, m->mission, m->replay};
    for (int i = 0; i < 3; i++) {
        if (held[i] ? !packbuild_has(b, held[i]) : i == 0) {
            errors_add(errs, _("the pack must hold '%s'"), held[i] ? held[i] : _("its main entry"));
            return NULL;
        }
    }
    /* Name order, stored flags along: sort pairs through a permutation. */
    PackEntry *sorted = xmalloc(b->count + 1, sizeof *sorted);
    memcpy(sorted, b->entries, b->count * sizeof *sorted);
    qsort(sorted, b->count, sizeof *sorted, entry_cmp);
    bool *flags = xmalloc(b->count + 1, sizeof *flags);
    for (size_t i = 0; i < b->count; i++)
        flags[i] = is_png_name(sorted[i].name);
    memcpy(b->entries, sorted, b->count * sizeof *sorted);
    memcpy(b->stored, flags, b->count * sizeof *flags);
    free(sorted);
    free(flags);
    size_t msize;
    char *manifest = pack_manifest_format(m, b->entries, b->count, &msize);
    uint8_t *out = write_zip(b, manifest, msize, size, errs);
    if (out && store_over_ratio(b, out, *size)) {
        free(out);
        out = write_zip(b, manifest, msize, size, errs);
    }
    free(manifest);
    if (out && *size > PACK_MAX_BYTES) {
        errors_add(errs, _("the pack would be %zu bytes, over the cap of 64 MiB"), *size);
        free(out);
        out = NULL;
    }
    return out;
}
