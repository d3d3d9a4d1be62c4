#define _XOPEN_SOURCE 700
#include "pack_unpack.h"

#include "../core/alloc.h"
#include "../core/i18n.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* An unpack's temporary folder untouched this long was left by a game
 * that stopped half-way. */
#define UNPACK_STALE_SECONDS 60

static int remove_one(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
    (void)st;
    (void)ftw;
    if (flag == FTW_DP)
        rmdir(path);
    else
        unlink(path);
    return 0;
}

void pack_remove_tree(const char *path)
{
    nftw(path, remove_one, 16, FTW_DEPTH | FTW_PHYS | FTW_MOUNT);
}

/* Makes the folders of name under root (the last part is the file). */
static bool make_parents(const char *root, const char *name)
{
    char path[4096];
    int n = snprintf(path, sizeof path, "%s/%s", root, name);
    if (n < 0 || n >= (int)sizeof path)
        return false;
    size_t skip = strlen(root) + 1;
    for (char *p = path + skip; (p = strchr(p, '/')) != NULL; p++) {
        *p = '\0';
        bool ok = mkdir(path, 0755) == 0 || errno == EEXIST;
        *p = '/';
        if (!ok)
            return false;
    }
    return true;
}

static bool write_new(const char *root, const char *name, const uint8_t *data, size_t size,
                      char *err, size_t err_size)
{
    char path[4096];
    if (snprintf(path, sizeof path, "%s/%s", root, name) >= (int)sizeof path ||
        !make_parents(root, name)) {
        snprintf(err, err_size, _("cannot make its folder"));
        return false;
    }
    int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
    if (fd < 0) {
        snprintf(err, err_size, _("cannot be created: %s"), strerror(errno));
        return false;
    }
    size_t done = 0;
    while (done < size) {
        ssize_t w = write(fd, data + done, size - done);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0) {
            snprintf(err, err_size, _("cannot be written: %s"), strerror(errno));
            close(fd);
            return false;
        }
        done += (size_t)w;
    }
    if (fsync(fd) != 0 || close(fd) != 0) {
        snprintf(err, err_size, _("cannot be written: %s"), strerror(errno));
        return false;
    }
    return true;
}

bool pack_unpack(const Pack *pack, const char *target, ErrorList *errs)
{
    char tmp[4096];
    if (snprintf(tmp, sizeof tmp, "%s.tmpXXXXXX", target) >= (int)sizeof tmp) {
        errors_add(errs, _("%s: path too long"), target);
        return false;
    }
    if (access(target, F_OK) == 0) {
        errors_add(errs, _("%s: already there"), target);
        return false;
    }
    if (!mkdtemp(tmp)) {
        errors_add(errs, _("%s: cannot make a folder: %s"), tmp, strerror(errno));
        return false;
    }
    char err[256];
    bool ok = write_new(tmp, PACK_MANIFEST, pack->manifest_bytes, pack->manifest_size, err,
                        sizeof err);
    const char *name = PACK_MANIFEST;
    for (size_t i = 0; ok && i < pack->count; i++) {
        name = pack->entries[i].name;
        ok = write_new(tmp, name, pack->entries[i].data, pack->entries[i].size, err, sizeof err);
    }
    if (!ok)
        errors_add(errs, _("%s: entry '%s' %s"), target, name, err);
    if (ok && rename(tmp, target) != 0) {
        errors_add(errs, _("%s: cannot put the unpacked folder in place: %s"), target,
                   strerror(errno));
        ok = false;
    }
    if (!ok)
        pack_remove_tree(tmp);
    return ok;
}

/* True when name looks like NAME.tmpXXXXXX (six letters or digits). */
static bool temp_name(const char *name)
{
    const char *t = strstr(name, ".tmp");
    if (!t || t == name || strlen(t) != 10)
        return false;
    for (int i = 4; i < 10; i++) {
        char c = t[i];
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')))
            return false;
    }
    return true;
}

/* Removes the temporary folders of unpacks in dir untouched for a minute
 * (a younger one may be another game's unpack in progress). */
static void remove_stale(const char *dir)
{
    DIR *d = opendir(dir);
    if (!d)
        return;
    time_t now = time(NULL);
    struct dirent *e;
    for (int seen = 0; (e = readdir(d)) != NULL && seen < 10000; seen++) {
        char path[4096];
        struct stat st;
        if (!temp_name(e->d_name) ||
            snprintf(path, sizeof path, "%s/%s", dir, e->d_name) >= (int)sizeof path ||
            lstat(path, &st) != 0 || !S_ISDIR(st.st_mode) ||
            now - st.st_mtime < UNPACK_STALE_SECONDS)
            continue;
        pack_remove_tree(path);
    }
    closedir(d);
}

/* True when folder dir holds this pack's manifest, byte for byte. */
static bool same_manifest(const Pack *pack, const char *dir)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, PACK_MANIFEST);
    FILE *f = fopen(path, "rb");
    if (!f)
        return false;
    uint8_t *buf = xmalloc(pack->manifest_size + 1, 1);
    size_t got = fread(buf, 1, pack->manifest_size + 1, f);
    fclose(f);
    bool same = got == pack->manifest_size && memcmp(buf, pack->manifest_bytes, got) == 0;
    free(buf);
    return same;
}

bool pack_unpack_cached(const Pack *pack, const char *root, char *out, size_t out_size,
                        ErrorList *errs)
{
    char cache[4096], hex[DIGEST_HEX_SIZE];
    snprintf(cache, sizeof cache, "%s/.unpacked", root);
    if ((mkdir(root, 0755) != 0 && errno != EEXIST) ||
        (mkdir(cache, 0755) != 0 && errno != EEXIST)) {
        errors_add(errs, _("%s: cannot make the folder: %s"), cache, strerror(errno));
        return false;
    }
    struct stat st;
    if (lstat(cache, &st) != 0 || !S_ISDIR(st.st_mode)) {
        errors_add(errs, _("%s: not a folder"), cache);
        return false;
    }
    remove_stale(cache);
    digest_hex(pack->sha256, hex);
    hex[32] = '\0'; /* 128 bits name the bytes well enough */
    if (snprintf(out, out_size, "%s/%s", cache, hex) >= (int)out_size) {
        errors_add(errs, _("%s: path too long"), cache);
        return false;
    }
    if (lstat(out, &st) == 0) {
        if (S_ISDIR(st.st_mode) && same_manifest(pack, out))
            return true;
        pack_remove_tree(out); /* not ours, or damaged: unpack afresh */
    }
    return pack_unpack(pack, out, errs);
}
