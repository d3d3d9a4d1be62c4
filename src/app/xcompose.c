#define _POSIX_C_SOURCE 200809L /* setenv */
#include "xcompose.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

bool xcompose_cache_dir(const char *xcomposecache, const char *xdg_cache_home, const char *home,
                        bool home_cache_exists, bool root, char *out, size_t out_size)
{
    if ((xcomposecache && xcomposecache[0]) || home_cache_exists || root)
        return false;
    int n;
    /* XDG: a relative XDG_CACHE_HOME is to be ignored */
    if (xdg_cache_home && xdg_cache_home[0] == '/')
        n = snprintf(out, out_size, "%s/questboard/compose", xdg_cache_home);
    else if (home && home[0] == '/')
        n = snprintf(out, out_size, "%s/.cache/questboard/compose", home);
    else
        return false;
    return n > 0 && (size_t)n < out_size;
}

/* mkdir -p, the last two levels (questboard, compose) at 0700. */
static bool make_dirs(char *path)
{
    for (char *p = path + 1; *p; p++) {
        if (*p != '/')
            continue;
        *p = '\0';
        bool ok = mkdir(path, 0700) == 0 || errno == EEXIST;
        *p = '/';
        if (!ok)
            return false;
    }
    struct stat st;
    if (mkdir(path, 0700) != 0 && errno != EEXIST)
        return false;
    /* libX11 uses the folder only if it is ours and nobody else writes it */
    return stat(path, &st) == 0 && S_ISDIR(st.st_mode) && st.st_uid == getuid() &&
           (st.st_mode & 0022) == 0;
}

void xcompose_cache_setup(void)
{
    const char *home = getenv("HOME");
    bool home_cache = false;
    char dir[4096];
    if (home && home[0]) {
        struct stat st;
        snprintf(dir, sizeof dir, "%s/.compose-cache", home);
        home_cache = stat(dir, &st) == 0 && S_ISDIR(st.st_mode);
    }
    if (!xcompose_cache_dir(getenv("XCOMPOSECACHE"), getenv("XDG_CACHE_HOME"), home, home_cache,
                            geteuid() == 0, dir, sizeof dir))
        return;
    if (make_dirs(dir))
        setenv("XCOMPOSECACHE", dir, 1);
}
