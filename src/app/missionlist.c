#define _POSIX_C_SOURCE 200809L
#include "missionlist.h"

#include "core/alloc.h"
#include "core/i18n.h"
#include "mission/heroscribe.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

struct MissionList {
    MissionEntry *items;
    size_t count, cap;
    char error[256];
};

MissionList *missionlist_create(void)
{
    return xcalloc(1, sizeof(MissionList));
}

void missionlist_destroy(MissionList *l)
{
    if (!l)
        return;
    free(l->items);
    free(l);
}

/* True when root/name is a real folder (not a link) holding a regular
 * mission.xml (not a link either). */
static bool holds_mission(int root_fd, const char *name)
{
    struct stat st;
    if (fstatat(root_fd, name, &st, AT_SYMLINK_NOFOLLOW) != 0 || !S_ISDIR(st.st_mode))
        return false;
    char inner[MISSIONLIST_ID_MAX + sizeof MISSIONLIST_FILE + 1];
    snprintf(inner, sizeof inner, "%s/%s", name, MISSIONLIST_FILE);
    return fstatat(root_fd, inner, &st, AT_SYMLINK_NOFOLLOW) == 0 && S_ISREG(st.st_mode);
}

/* True when root/name is a regular file (not a link) named *.xml that
 * holds a HeroScribe quest (its first bytes: the root element <quest>);
 * the picker lists quests dropped into the folder as they are. */
static bool holds_quest(int root_fd, const char *name)
{
    const char *dot = strrchr(name, '.');
    struct stat st;
    if (!dot || strcasecmp(dot, ".xml") != 0 ||
        fstatat(root_fd, name, &st, AT_SYMLINK_NOFOLLOW) != 0 || !S_ISREG(st.st_mode))
        return false;
    int fd = openat(root_fd, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0)
        return false;
    uint8_t head[4096];
    ssize_t n = read(fd, head, sizeof head);
    close(fd);
    return n > 0 && heroscribe_sniff(head, (size_t)n);
}

/* Adds root/name/mission.xml, or root/name itself for a quest file (its
 * id: the name without ".xml"). */
static void add(MissionList *l, const char *root, const char *name, MissionOrigin origin,
                bool quest)
{
    MissionEntry e = {.origin = origin};
    snprintf(e.id, sizeof e.id, "%.*s", quest ? (int)(strlen(name) - 4) : (int)strlen(name), name);
    size_t r = strlen(root);
    const char *sep = r > 0 && root[r - 1] == '/' ? "" : "/";
    int n = quest ? snprintf(e.path, sizeof e.path, "%s%s%s", root, sep, name)
                  : snprintf(e.path, sizeof e.path, "%s%s%s/%s", root, sep, name, MISSIONLIST_FILE);
    if (n < 0 || (size_t)n >= sizeof e.path)
        return; /* a root this deep is not worth a mission */
    if (l->count == l->cap) {
        l->cap = l->cap ? l->cap * 2 : 16;
        l->items = xrealloc(l->items, l->cap, sizeof *l->items);
    }
    l->items[l->count++] = e;
}

static int compare(const void *pa, const void *pb)
{
    const MissionEntry *a = pa, *b = pb;
    if (a->origin != b->origin)
        return a->origin < b->origin ? -1 : 1;
    return strcmp(a->id, b->id);
}

size_t missionlist_scan(MissionList *l, const char *root, MissionOrigin origin)
{
    DIR *d = opendir(root);
    if (!d) {
        if (errno != ENOENT)
            snprintf(l->error, sizeof l->error, _("%s: cannot list the missions: %s"), root,
                     strerror(errno));
        return 0;
    }
    size_t before = l->count, seen = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (++seen > MISSIONLIST_SCAN_MAX) {
            snprintf(l->error, sizeof l->error, _("%s: more than %d entries; the rest not listed"),
                     root, MISSIONLIST_SCAN_MAX);
            break;
        }
        if (e->d_name[0] == '.' || strlen(e->d_name) >= MISSIONLIST_ID_MAX)
            continue;
        if (holds_mission(dirfd(d), e->d_name))
            add(l, root, e->d_name, origin, false);
        else if (holds_quest(dirfd(d), e->d_name))
            add(l, root, e->d_name, origin, true);
    }
    closedir(d);
    qsort(l->items, l->count, sizeof *l->items, compare);
    return l->count - before;
}

void missionlist_add_pack(MissionList *l, const char *id, const char *path, MissionOrigin origin)
{
    MissionEntry e = {.origin = origin, .pack = true};
    snprintf(e.id, sizeof e.id, "%s", id);
    if (snprintf(e.path, sizeof e.path, "%s", path) >= (int)sizeof e.path)
        return;
    if (l->count == l->cap) {
        l->cap = l->cap ? l->cap * 2 : 16;
        l->items = xrealloc(l->items, l->cap, sizeof *l->items);
    }
    l->items[l->count++] = e;
    qsort(l->items, l->count, sizeof *l->items, compare);
}

size_t missionlist_count(const MissionList *l)
{
    return l->count;
}

const MissionEntry *missionlist_at(const MissionList *l, size_t i)
{
    return i < l->count ? &l->items[i] : NULL;
}

const char *missionlist_error(const MissionList *l)
{
    return l->error;
}

MissionPathKind missionlist_path_kind(const char *path)
{
    const char *dot = path ? strrchr(path, '.') : NULL;
    if (!dot || strchr(dot, '/'))
        return MISSIONLIST_PATH_OTHER;
    if (strcasecmp(dot, ".xml") == 0)
        return MISSIONLIST_PATH_MISSION;
    if (strcasecmp(dot, ".png") == 0 || strcasecmp(dot, ".bmp") == 0)
        return MISSIONLIST_PATH_BITMAP;
    return MISSIONLIST_PATH_OTHER;
}
