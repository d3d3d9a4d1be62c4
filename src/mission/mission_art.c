/* A mission's own art folders (docs/tiles.md, "A mission's own art"). */
#define _XOPEN_SOURCE 700
#include "mission.h"

#include "../core/alloc.h"
#include "../core/fileio.h"
#include "../core/i18n.h"
#include "../core/suggest.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* Notes a left-out art folder among the load warnings. */
static void warn(Mission *m, const char *folder, const char *why)
{
    char text[1024];
    snprintf(text, sizeof text,
             _("%s:%d: warning: %s/ %s; a mission's own art must be a folder inside the "
             "mission's folder, so it is left out"),
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
    warn(m, folder, S_ISLNK(st.st_mode) ? _("is a symbolic link") : _("is not a folder"));
    return false;
}

void mission_find_art(Mission *m)
{
    bool tiles = art_folder(m, "tiles");
    bool sprites = art_folder(m, "sprites");
    free(m->art_dir);
    m->art_dir = tiles || sprites ? xstrdup(m->dir) : NULL;
}

/* True when dir/NAME.png is a regular file reached through real folders
 * (lstat all the way: a mission's own art never leads out by a link), as
 * the renderer looks for a mission's own sprites. */
static bool own_picture(const char *dir, const char *name)
{
    char path[4096];
    struct stat st;
    int n = snprintf(path, sizeof path, "%s/sprites/%s.png", dir, name);
    if (n < 0 || n >= (int)sizeof path)
        return false;
    size_t base = strlen(dir);
    bool ok = true;
    for (char *p = path + base + 1; ok && (p = strchr(p, '/')) != NULL; p++) {
        *p = '\0';
        ok = lstat(path, &st) == 0 && S_ISDIR(st.st_mode);
        *p = '/';
    }
    return ok && lstat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/* Offers the pictures of folder (their names without ".png") to s, each
 * as sub/NAME; keeps the closest in best. At most 4096 entries read. */
static void offer_pictures(Suggestion *s, const char *folder, const char *sub, char *best,
                           size_t size)
{
    DIR *d = opendir(folder);
    if (!d)
        return;
    struct dirent *e;
    for (int k = 0; k < 4096 && (e = readdir(d)); k++) {
        size_t n = strlen(e->d_name);
        if (e->d_name[0] == '.' || n < 5 || strcmp(e->d_name + n - 4, ".png") != 0)
            continue;
        char name[512];
        snprintf(name, sizeof name, "%s%s%.*s", sub, sub[0] ? "/" : "", (int)(n - 4), e->d_name);
        int before = s->best_distance;
        suggest_offer(s, name);
        if (s->best_distance < before)
            snprintf(best, size, "%s", name);
    }
    closedir(d);
}

size_t mission_check_sprites(const Mission *m, ErrorList *warnings)
{
    size_t added = 0;
    for (size_t i = 0; m->sprites_dir && i < m->own_type_count; i++) {
        const PieceType *t = catalogue_find(m->catalogue, m->own_types[i]);
        if (!t || !t->sprite[0])
            continue;
        char shared[4096];
        snprintf(shared, sizeof shared, "%s/%s.png", m->sprites_dir, t->sprite);
        if ((m->art_dir && own_picture(m->art_dir, t->sprite)) || fileio_is_file(shared))
            continue;
        /* the pictures beside the one named, in both folders */
        const char *slash = strrchr(t->sprite, '/');
        char sub[CATALOGUE_NAME_MAX], folder[4096], best[512] = "";
        snprintf(sub, sizeof sub, "%.*s", slash ? (int)(slash - t->sprite) : 0, t->sprite);
        Suggestion s;
        suggest_begin(&s, t->sprite);
        snprintf(folder, sizeof folder, "%s/%s", m->sprites_dir, sub);
        offer_pictures(&s, folder, sub, best, sizeof best);
        if (m->art_dir) {
            snprintf(folder, sizeof folder, "%s/sprites/%s", m->art_dir, sub);
            offer_pictures(&s, folder, sub, best, sizeof best);
        }
        char hint[600] = "";
        if (suggest_result(&s) && best[0])
            snprintf(hint, sizeof hint, _(": did you mean '%s'?"), best);
        errors_add(warnings,
                   _("%s:%d: warning: %s '%s': sprite=\"%s\" names no picture (neither "
                   "sprites/%s.png in the mission's folder nor the game's own), so the game "
                   "draws a stand-in%s"),
                   m->path, t->line, catalogue_kind_name(t->kind), t->id, t->sprite, t->sprite,
                   hint);
        added++;
    }
    return added;
}
