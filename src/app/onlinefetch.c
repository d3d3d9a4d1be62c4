/* The cache of fetched missions (onlinefetch.h). */
#include "onlinefetch.h"
#include "core/i18n.h"

#include "packcli.h"
#include "paths.h"

#include "../core/fileio.h"
#include "../mission/pack.h"
#include "../mission/pack_unpack.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

bool onlinefetch_cache_dir(char *out, size_t size)
{
    const char *xdg = getenv("XDG_CACHE_HOME"), *home = getenv("HOME");
    int n;
    if (xdg && xdg[0] == '/')
        n = snprintf(out, size, "%s/questboard/missions", xdg);
    else if (home && home[0])
        n = snprintf(out, size, "%s/.cache/questboard/missions", home);
    else
        return false;
    return n > 0 && (size_t)n < size;
}

/* Makes the cache folder and the two above it (~/.cache/questboard). */
static bool make_dirs(const char *cache, char *why, size_t why_size)
{
    char path[4096];
    snprintf(path, sizeof path, "%s", cache);
    char *cut[3];
    int cuts = 0;
    for (int i = 0; i < 2; i++) {
        char *slash = strrchr(path, '/');
        if (!slash || slash == path)
            break;
        *slash = '\0';
        cut[cuts++] = slash;
    }
    /* the outermost first */
    for (int i = cuts; i >= 0; i--) {
        if (mkdir(path, 0700) != 0 && errno != EEXIST) {
            snprintf(why, why_size, _("cannot make %s: %s"), path, strerror(errno));
            return false;
        }
        if (i > 0)
            *cut[i - 1] = '/';
    }
    return true;
}

static void pack_path(const char *cache, uint64_t hash, char *out, size_t size)
{
    snprintf(out, size, "%s/%016" PRIx64 ".questpack", cache, hash);
}

/* Opens the kept pack at path: the mission XML into mission. */
static bool open_kept(const char *cache, const char *path, char *mission, size_t size,
                      char *why, size_t why_size)
{
    ErrorList errs;
    errors_init(&errs, 0);
    PackOpened o;
    bool ok = packcli_open(path, cache, &o, &errs) && o.kind == PACK_MISSION;
    if (ok)
        snprintf(mission, size, "%s", o.main);
    else
        snprintf(why, why_size, "%s", errs.count ? errs.items[0] : _("not a mission pack"));
    errors_clear(&errs);
    return ok;
}

bool onlinefetch_cached(const char *cache, uint64_t hash, char *mission, size_t size)
{
    char path[4400], why[256];
    pack_path(cache, hash, path, sizeof path);
    return fileio_is_file(path) && open_kept(cache, path, mission, size, why, sizeof why);
}

bool onlinefetch_keep(const char *cache, uint64_t hash, const uint8_t *data, size_t size,
                      char *mission, size_t mission_size, char *why, size_t why_size)
{
    char path[4400], schema[4096];
    paths_data_file("assets/questpack.xsd", schema, sizeof schema);
    ErrorList errs;
    errors_init(&errs, 0);
    Pack *p = pack_read_memory(data, size, _("the server's mission"), schema, NULL, &errs);
    bool ok = p && p->manifest.kind == PACK_MISSION;
    if (!ok)
        snprintf(why, why_size, "%s", errs.count ? errs.items[0] : _("not a mission pack"));
    pack_destroy(p);
    errors_clear(&errs);
    if (!ok || !make_dirs(cache, why, why_size))
        return false;
    pack_path(cache, hash, path, sizeof path);
    if (!fileio_write_atomic(path, data, size, why, why_size))
        return false;
    if (open_kept(cache, path, mission, mission_size, why, why_size))
        return true;
    unlink(path);
    return false;
}

void onlinefetch_pack_name(const char *path, char *out, size_t size)
{
    const char *base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
    size_t n = strlen(base), k = 0;
    if (pack_path_is_pack(base))
        n -= strlen(PACK_EXTENSION);
    for (size_t i = 0; i < n && k + 1 < size && k < 48; i++) {
        char ch = base[i];
        ch = ch >= 'A' && ch <= 'Z' ? (char)(ch - 'A' + 'a') : ch;
        out[k++] = (ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9') || ch == '_' ? ch : '-';
    }
    out[k] = '\0';
    if (k == 0 || out[0] == '-')
        snprintf(out, size, "pack");
}
