#define _POSIX_C_SOURCE 200809L
#include "pack.h"

#include "../core/alloc.h"
#include "../core/fileio.h"
#include "../core/i18n.h"
#include "pack_manifest.h"

#include <zip.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static const char *const kind_names[PACK_KIND_COUNT] = {"mission", "campaign", "game", "party"};

const char *pack_kind_name(PackKind kind)
{
    return (unsigned)kind < PACK_KIND_COUNT ? kind_names[kind] : "?";
}

bool pack_kind_parse(const char *s, PackKind *out)
{
    for (int k = 0; k < PACK_KIND_COUNT; k++) {
        if (strcmp(s, kind_names[k]) == 0) {
            *out = (PackKind)k;
            return true;
        }
    }
    return false;
}

bool pack_path_is_pack(const char *path)
{
    size_t n = strlen(path), e = strlen(PACK_EXTENSION);
    return n > e && strcasecmp(path + n - e, PACK_EXTENSION) == 0;
}

static bool name_char_ok(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
           c == '-' || c == '_' || c == '.' || c == '+';
}

const char *pack_name_problem(const char *name)
{
    if (!name[0])
        return _("has an empty name");
    if (name[0] == '/')
        return _("is an absolute path");
    if (strlen(name) > PACK_MAX_NAME)
        return _("has a name over 200 bytes");
    if (name[strlen(name) - 1] == '/')
        return _("is a folder");
    int depth = 0;
    for (const char *part = name;; depth++) {
        const char *end = strchr(part, '/');
        size_t len = end ? (size_t)(end - part) : strlen(part);
        if (len == 2 && part[0] == '.' && part[1] == '.')
            return _("goes up a folder ('..')");
        if (len == 0)
            return _("has an empty path part ('//')");
        if (part[0] == '.')
            return _("is hidden (a part starts with '.')");
        for (size_t i = 0; i < len; i++) {
            if (part[i] == '\\')
                return _("uses '\\' (paths use '/')");
            if (!name_char_ok(part[i]))
                return _("has a character other than letters, digits, '-', '_', '.', '+'");
        }
        if (!end)
            break;
        if (depth >= PACK_MAX_DEPTH)
            return _("is nested more than 6 folders deep");
        part = end + 1;
    }
    return NULL;
}

void pack_destroy(Pack *pack)
{
    if (!pack)
        return;
    for (size_t i = 0; i < pack->count; i++) {
        free(pack->entries[i].name);
        free(pack->entries[i].data);
    }
    free(pack->entries);
    free(pack->manifest_bytes);
    pack_manifest_clear(&pack->manifest);
    free(pack);
}

static int entry_cmp(const void *a, const void *b)
{
    return strcmp(((const PackEntry *)a)->name, ((const PackEntry *)b)->name);
}

static int name_entry_cmp(const void *key, const void *e)
{
    return strcmp(key, ((const PackEntry *)e)->name);
}

const PackEntry *pack_find(const Pack *pack, const char *name)
{
    return bsearch(name, pack->entries, pack->count, sizeof *pack->entries, name_entry_cmp);
}

PackCaps pack_default_caps(void)
{
    return (PackCaps){PACK_MAX_BYTES,       PACK_MAX_ENTRIES, PACK_MAX_ENTRY_BYTES,
                      PACK_MAX_TOTAL_BYTES, PACK_MAX_RATIO,   PACK_RATIO_FLOOR};
}

/* One entry of the central directory, as checked before inflating. */
typedef struct Stat {
    zip_uint64_t index;
    const char *name; /* libzip's, valid while the archive is open */
    size_t size;
} Stat;

/* The entry's kind from its external attributes: NULL for a regular file,
 * else why it is refused. */
static const char *kind_problem(zip_t *za, zip_uint64_t i)
{
    zip_uint8_t opsys;
    zip_uint32_t attr;
    if (zip_file_get_external_attributes(za, i, 0, &opsys, &attr) != 0)
        return _("has unreadable attributes");
    if (attr & 0x10) /* the MS-DOS folder bit, whatever the system */
        return _("is a folder");
    if (opsys != ZIP_OPSYS_UNIX)
        return NULL;
    switch ((attr >> 16) & PACK_MODE_TYPE) {
    case 0:
    case PACK_MODE_FILE: return NULL;
    case PACK_MODE_LINK: return _("is a symbolic link");
    case PACK_MODE_DIR: return _("is a folder");
    case PACK_MODE_CHAR:
    case PACK_MODE_BLOCK: return _("is a device");
    case PACK_MODE_FIFO: return _("is a FIFO");
    default: return _("is not a regular file");
    }
}

/* Checks entry i from the central directory only: name, kind, method,
 * size and ratio. Adds its size to *total. */
static bool check_stat(zip_t *za, zip_uint64_t i, const char *pname, const PackCaps *caps,
                       Stat *out, uint64_t *total, ErrorList *errs)
{
    zip_stat_t st;
    zip_stat_init(&st);
    if (zip_stat_index(za, i, 0, &st) != 0 || !(st.valid & ZIP_STAT_NAME)) {
        errors_add(errs, _("%s: entry %llu: unreadable (%s)"), pname, (unsigned long long)i,
                   zip_strerror(za));
        return false;
    }
    char why[160] = "";
    const char *p = pack_name_problem(st.name);
    if (!p)
        p = kind_problem(za, i);
    if (!p && st.encryption_method != ZIP_EM_NONE)
        p = _("is encrypted");
    if (!p && st.comp_method != ZIP_CM_STORE && st.comp_method != ZIP_CM_DEFLATE)
        p = _("is compressed by a method other than deflate");
    if (p)
        snprintf(why, sizeof why, "%s", p);
    else if (st.size > caps->max_entry_bytes)
        snprintf(why, sizeof why, _("inflates to %llu bytes, over the cap of %zu for one entry"),
                 (unsigned long long)st.size, caps->max_entry_bytes);
    else if (st.size > caps->ratio_floor &&
             st.size / (st.comp_size ? st.comp_size : 1) > caps->max_ratio)
        snprintf(why, sizeof why,
                 _("inflates %llu bytes to %llu, over %zu times (a zip bomb?)"),
                 (unsigned long long)st.comp_size, (unsigned long long)st.size, caps->max_ratio);
    else if ((*total += st.size) > caps->max_total_bytes)
        snprintf(why, sizeof why,
                 _("takes the pack to %llu bytes inflated, over the cap of %zu for all entries"),
                 (unsigned long long)*total, caps->max_total_bytes);
    if (why[0]) {
        errors_add(errs, _("%s: entry '%s' %s"), pname, st.name, why);
        return false;
    }
    *out = (Stat){i, st.name, (size_t)st.size};
    return true;
}

/* Names compared with '/' lowest, so a name is followed directly by the
 * names inside it as a folder; case-insensitively, since two names one
 * case apart are one file on some disks. */
static int stat_cmp(const void *pa, const void *pb)
{
    const unsigned char *a = (const unsigned char *)((const Stat *)pa)->name;
    const unsigned char *b = (const unsigned char *)((const Stat *)pb)->name;
    for (;; a++, b++) {
        int ca = *a == '/' ? 1 : (*a >= 'A' && *a <= 'Z' ? *a + 32 : *a);
        int cb = *b == '/' ? 1 : (*b >= 'A' && *b <= 'Z' ? *b + 32 : *b);
        if (ca != cb || !ca)
            return ca - cb;
    }
}

/* Duplicates, and a name used both as a file and as a folder. */
static bool check_names(Stat *st, size_t n, const char *pname, ErrorList *errs)
{
    qsort(st, n, sizeof *st, stat_cmp);
    for (size_t i = 1; i < n; i++) {
        size_t len = strlen(st[i - 1].name);
        if (stat_cmp(&st[i - 1], &st[i]) == 0) {
            errors_add(errs, _("%s: entry '%s' appears twice (as '%s')"), pname, st[i].name,
                       st[i - 1].name);
            return false;
        }
        if (strncasecmp(st[i].name, st[i - 1].name, len) == 0 && st[i].name[len] == '/') {
            errors_add(errs, _("%s: entry '%s' lies inside '%s', which is a file"), pname,
                       st[i].name, st[i - 1].name);
            return false;
        }
    }
    return true;
}

/* Inflates entry s, reading at most one byte more than its declared size
 * (so an entry that lies about its size costs no more than the cap). */
static bool inflate_entry(zip_t *za, const Stat *s, const char *pname, PackEntry *out,
                          ErrorList *errs)
{
    zip_file_t *zf = zip_fopen_index(za, s->index, 0);
    if (!zf) {
        errors_add(errs, _("%s: entry '%s' cannot be read: %s"), pname, s->name, zip_strerror(za));
        return false;
    }
    uint8_t *buf = xmalloc(s->size + 2, 1);
    size_t got = 0;
    const char *why = NULL;
    while (!why && got <= s->size) {
        zip_int64_t r = zip_fread(zf, buf + got, s->size + 1 - got);
        if (r < 0)
            why = zip_file_strerror(zf);
        else if (r == 0)
            break;
        else
            got += (size_t)r;
    }
    char msg[256];
    if (why)
        snprintf(msg, sizeof msg, _("is damaged: %s"), why);
    else if (got != s->size)
        snprintf(msg, sizeof msg, _("does not inflate to the size its header gives"));
    zip_fclose(zf);
    if (why || got != s->size) {
        errors_add(errs, _("%s: entry '%s' %s"), pname, s->name, msg);
        free(buf);
        return false;
    }
    buf[got] = '\0';
    *out = (PackEntry){xstrdup(s->name), buf, got, {0}};
    digest_sha256(buf, got, out->sha256);
    return true;
}

/* Every entry checked and inflated into pack; the manifest apart. */
static bool read_entries(zip_t *za, const char *pname, const PackCaps *caps, Pack *pack,
                         ErrorList *errs)
{
    zip_int64_t n = zip_get_num_entries(za, 0);
    if (n < 0 || (uint64_t)n > caps->max_entries) {
        errors_add(errs, _("%s: holds %lld entries, over the cap of %zu"), pname, (long long)n,
                   caps->max_entries);
        return false;
    }
    Stat *st = xcalloc((size_t)n + 1, sizeof *st);
    uint64_t total = 0;
    bool ok = true;
    for (zip_uint64_t i = 0; ok && i < (zip_uint64_t)n; i++)
        ok = check_stat(za, i, pname, caps, &st[i], &total, errs);
    ok = ok && check_names(st, (size_t)n, pname, errs);
    pack->entries = xcalloc((size_t)n + 1, sizeof *pack->entries);
    for (size_t i = 0; ok && i < (size_t)n; i++) {
        PackEntry e;
        ok = inflate_entry(za, &st[i], pname, &e, errs);
        if (!ok)
            break;
        if (strcmp(e.name, PACK_MANIFEST) == 0) {
            pack->manifest_bytes = e.data;
            pack->manifest_size = e.size;
            free(e.name);
        } else {
            pack->entries[pack->count++] = e;
        }
    }
    free(st);
    if (ok && !pack->manifest_bytes) {
        errors_add(errs, _("%s: no entry '%s': not a quest pack"), pname, PACK_MANIFEST);
        ok = false;
    }
    if (ok)
        qsort(pack->entries, pack->count, sizeof *pack->entries, entry_cmp);
    return ok;
}

Pack *pack_read_memory(const uint8_t *data, size_t size, const char *name,
                       const char *schema_path, const PackCaps *caps, ErrorList *errs)
{
    PackCaps defaults = pack_default_caps();
    if (!caps)
        caps = &defaults;
    if (size > caps->max_bytes) {
        errors_add(errs, _("%s: %zu bytes, over the cap of %zu for a pack"), name, size,
                   caps->max_bytes);
        return NULL;
    }
    zip_error_t ze;
    zip_error_init(&ze);
    zip_source_t *src = zip_source_buffer_create(size ? data : (const uint8_t *)"", size, 0, &ze);
    zip_t *za = src ? zip_open_from_source(src, ZIP_RDONLY, &ze) : NULL;
    if (!za) {
        errors_add(errs, _("%s: not a quest pack (a zip archive): %s"), name,
                   zip_error_strerror(&ze));
        zip_source_free(src);
        zip_error_fini(&ze);
        return NULL;
    }
    zip_error_fini(&ze);
    Pack *pack = xcalloc(1, sizeof *pack);
    bool ok = read_entries(za, name, caps, pack, errs);
    zip_discard(za); /* also frees src */
    ok = ok && pack_manifest_check(pack, name, schema_path, errs);
    if (!ok) {
        pack_destroy(pack);
        return NULL;
    }
    digest_sha256(data, size, pack->sha256);
    return pack;
}

Pack *pack_read_file(const char *path, const char *schema_path, ErrorList *errs)
{
    uint8_t *data;
    size_t size;
    char err[256];
    if (!fileio_read(path, PACK_MAX_BYTES, &data, &size, err, sizeof err)) {
        errors_add(errs, "%s: %s", path, err);
        return NULL;
    }
    Pack *pack = pack_read_memory(data, size, path, schema_path, NULL, errs);
    free(data);
    return pack;
}
