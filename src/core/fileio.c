#define _GNU_SOURCE /* syncfs */
#include "fileio.h"

#include "alloc.h"
#include "i18n.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define TEMP_SUFFIX ".tmp"
#define TEMP_RANDOM 6 /* the XXXXXX of mkstemp */

/* Opens path for reading without blocking on FIFOs, and checks that it is a
 * regular file. Returns the descriptor or -1 with err filled. */
static int open_regular(const char *path, struct stat *st, char *err, size_t err_size)
{
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) {
        snprintf(err, err_size, _("cannot open: %s"), strerror(errno));
        return -1;
    }
    if (fstat(fd, st) != 0 || !S_ISREG(st->st_mode)) {
        snprintf(err, err_size, _("not a regular file"));
        close(fd);
        return -1;
    }
    int flags = fcntl(fd, F_GETFL);
    if (flags >= 0)
        (void)fcntl(fd, F_SETFL, flags & ~O_NONBLOCK);
    return fd;
}

static bool read_all(int fd, uint8_t *buf, size_t n, size_t *got, char *err, size_t err_size)
{
    size_t done = 0;
    while (done < n) {
        ssize_t r = read(fd, buf + done, n - done);
        if (r < 0 && errno == EINTR)
            continue;
        if (r < 0) {
            snprintf(err, err_size, _("read error: %s"), strerror(errno));
            return false;
        }
        if (r == 0)
            break;
        done += (size_t)r;
    }
    *got = done;
    return true;
}

bool fileio_read(const char *path, size_t max_bytes, uint8_t **data, size_t *size, char *err,
                 size_t err_size)
{
    struct stat st;
    int fd = open_regular(path, &st, err, err_size);
    if (fd < 0)
        return false;
    if ((uint64_t)st.st_size > max_bytes) {
        snprintf(err, err_size, _("file is %lld bytes, more than the limit of %zu"),
                 (long long)st.st_size, max_bytes);
        close(fd);
        return false;
    }
    size_t n = (size_t)st.st_size;
    uint8_t *buf = xmalloc(n + 1, 1);
    size_t got = 0;
    bool ok = read_all(fd, buf, n, &got, err, err_size);
    close(fd);
    if (!ok) {
        free(buf);
        return false;
    }
    buf[got] = 0;
    *data = buf;
    *size = got;
    return true;
}

bool fileio_read_head(const char *path, uint8_t *buf, size_t n, size_t *got, uint64_t *file_size,
                      char *err, size_t err_size)
{
    struct stat st;
    int fd = open_regular(path, &st, err, err_size);
    if (fd < 0)
        return false;
    *file_size = (uint64_t)st.st_size;
    bool ok = read_all(fd, buf, n, got, err, err_size);
    close(fd);
    return ok;
}

static bool write_fd(int fd, const uint8_t *p, size_t size, bool sync, char *err,
                     size_t err_size)
{
    while (size > 0) {
        ssize_t w = write(fd, p, size);
        if (w < 0 && errno == EINTR)
            continue;
        if (w < 0) {
            snprintf(err, err_size, _("write error: %s"), strerror(errno));
            return false;
        }
        p += w;
        size -= (size_t)w;
    }
    if (sync && fsync(fd) != 0) {
        snprintf(err, err_size, _("cannot flush to disk: %s"), strerror(errno));
        return false;
    }
    return true;
}

/* The length of the target part when name is TARGET.tmpXXXXXX, else 0. */
static size_t temp_target_length(const char *name)
{
    size_t n = strlen(name), s = strlen(TEMP_SUFFIX);
    if (n <= s + TEMP_RANDOM)
        return 0;
    for (size_t i = n - TEMP_RANDOM; i < n; i++) {
        char c = name[i];
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')))
            return 0;
    }
    size_t target = n - TEMP_RANDOM - s;
    return memcmp(name + target, TEMP_SUFFIX, s) == 0 ? target : 0;
}

int fileio_remove_stale_temps(const char *dir, FileioOwnsFn owns, void *ctx)
{
    DIR *d = opendir(dir);
    if (!d)
        return 0;
    int removed = 0;
    time_t now = time(NULL);
    for (struct dirent *e; (e = readdir(d)) != NULL;) {
        size_t target = temp_target_length(e->d_name);
        struct stat st;
        if (target == 0 || target >= 256 || fstatat(dirfd(d), e->d_name, &st, AT_SYMLINK_NOFOLLOW) != 0 ||
            !S_ISREG(st.st_mode) || now - st.st_mtime <= FILEIO_STALE_TEMP_SECONDS)
            continue;
        char name[256];
        memcpy(name, e->d_name, target);
        name[target] = '\0';
        if (owns(name, ctx) && unlinkat(dirfd(d), e->d_name, 0) == 0)
            removed++;
    }
    closedir(d);
    return removed;
}

static bool same_name(const char *target, void *name)
{
    return strcmp(target, name) == 0;
}

/* Removes the stale temporaries of path before a new write. */
static void remove_stale_temps_of(const char *path)
{
    const char *slash = strrchr(path, '/');
    size_t dir_len = slash ? (size_t)(slash - path) : 0;
    char *dir = xmalloc(dir_len + 2, 1);
    snprintf(dir, dir_len + 2, "%.*s", slash ? (int)(dir_len ? dir_len : 1) : 1, slash ? path : ".");
    fileio_remove_stale_temps(dir, same_name, (void *)(uintptr_t)(slash ? slash + 1 : path));
    free(dir);
}

static bool write_atomic(const char *path, const void *data, size_t size, bool sync, char *err,
                         size_t err_size)
{
    size_t len = strlen(path);
    char *tmp = xmalloc(len + 16, 1);
    snprintf(tmp, len + 16, "%s" TEMP_SUFFIX "XXXXXX", path);
    int fd = mkstemp(tmp);
    if (fd < 0) {
        snprintf(err, err_size, _("cannot create a temporary file: %s"), strerror(errno));
        free(tmp);
        return false;
    }
    (void)fchmod(fd, 0644); /* mkstemp makes 0600; saves are ordinary files */
    bool ok = write_fd(fd, data, size, sync, err, err_size);
    if (close(fd) != 0 && ok) {
        snprintf(err, err_size, _("close error: %s"), strerror(errno));
        ok = false;
    }
    if (ok && rename(tmp, path) != 0) {
        snprintf(err, err_size, _("cannot replace the file: %s"), strerror(errno));
        ok = false;
    }
    if (!ok)
        unlink(tmp);
    free(tmp);
    return ok;
}

bool fileio_write_atomic(const char *path, const void *data, size_t size, char *err,
                         size_t err_size)
{
    remove_stale_temps_of(path);
    return write_atomic(path, data, size, true, err, err_size);
}

bool fileio_write_atomic_unsynced(const char *path, const void *data, size_t size, char *err,
                                  size_t err_size)
{
    return write_atomic(path, data, size, false, err, err_size);
}

bool fileio_sync_dir(const char *dir, char *err, size_t err_size)
{
    int fd = open(dir, O_RDONLY | O_DIRECTORY);
    if (fd < 0) {
        snprintf(err, err_size, _("cannot open %s: %s"), dir, strerror(errno));
        return false;
    }
    bool ok = syncfs(fd) == 0;
    if (!ok)
        snprintf(err, err_size, _("cannot flush %s to disk: %s"), dir, strerror(errno));
    close(fd);
    return ok;
}

bool fileio_is_file(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

int64_t fileio_mtime_ns(const char *path)
{
    struct stat st;
    if (stat(path, &st) != 0)
        return -1;
    return (int64_t)st.st_mtim.tv_sec * 1000000000 + st.st_mtim.tv_nsec;
}
