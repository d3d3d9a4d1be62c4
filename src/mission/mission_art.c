/* A mission's own art folders (docs/tiles.md, "A mission's own art"). */
#define _XOPEN_SOURCE 700
#include "mission.h"

#include "../core/alloc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* Notes a left-out art folder among the load warnings. */
static void warn(Mission *m, const char *folder, const char *why)
{
    char text[1024];
    snprintf(text, sizeof text,
             "%s:%d: warning: %s/ %s; a mission's own art must be a folder inside the "
             "mission's folder, so it is left out",
             m->path, m->line, folder, why);
    m->load_warnings = xrealloc(m->load_warnings, m->load_warning_count + 1,
                                sizeof *m->load_warnings);
    m->load_warnings[m->load_warning_count++] = xstrdup(text);
}

/* True when dir/folder is a real folder (lstat: a link is not one). */
static bool art_folder(Mission *m, const char *folder)
{
    char path[4096];
    struct stat st;
    if (snprintf(path, sizeof path, "%s/%s", m->dir, folder) >= (int)sizeof path ||
        lstat(path, &st) != 0)
        return false;
    if (S_ISDIR(st.st_mode))
        return true;
    warn(m, folder, S_ISLNK(st.st_mode) ? "is a symbolic link" : "is not a folder");
    return false;
}

void mission_find_art(Mission *m)
{
    bool tiles = art_folder(m, "tiles");
    bool sprites = art_folder(m, "sprites");
    free(m->art_dir);
    m->art_dir = tiles || sprites ? xstrdup(m->dir) : NULL;
}
