/* Safe whole-file reads and atomic writes. */
#define _POSIX_C_SOURCE 200809L
#include "check.h"
#include "core/fileio.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* Creates dir/name, last changed age seconds ago. */
static void make_file(const char *dir, const char *name, int age)
{
    char path[512], err[256];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    CHECK(fileio_write_atomic(path, "x", 1, err, sizeof err));
    struct timespec t[2];
    clock_gettime(CLOCK_REALTIME, &t[0]);
    t[0].tv_sec -= age;
    t[1] = t[0];
    CHECK(utimensat(AT_FDCWD, path, t, 0) == 0);
}

static bool exists(const char *dir, const char *name)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    struct stat st;
    return lstat(path, &st) == 0;
}

/* Interrupted atomic writes leave TARGET.tmpXXXXXX behind: the next write
 * of TARGET removes the stale ones (not a fresh one, which may be another
 * writer's, nor other names, nor links). */
static void test_stale_temps(const char *dir)
{
    const int old = FILEIO_STALE_TEMP_SECONDS + 30;
    make_file(dir, "slot.sav.tmpAb3xYz", old);
    make_file(dir, "slot.sav.tmp000000", old);
    make_file(dir, "slot.sav.tmpFresh1", 0);
    make_file(dir, "other.sav.tmpAb3xYz", old);
    make_file(dir, "slot.sav.tmp12345", old);   /* five characters */
    make_file(dir, "slot.sav.tmpab-dez", old);  /* not mkstemp's */
    char link[512];
    snprintf(link, sizeof link, "%s/slot.sav.tmpLinkXy", dir);
    CHECK(symlink("/nonexistent", link) == 0);
    char path[512], err[256];
    snprintf(path, sizeof path, "%s/slot.sav", dir);
    CHECK(fileio_write_atomic(path, "save", 4, err, sizeof err));
    CHECK(!exists(dir, "slot.sav.tmpAb3xYz"));
    CHECK(!exists(dir, "slot.sav.tmp000000"));
    CHECK(exists(dir, "slot.sav.tmpFresh1"));
    CHECK(exists(dir, "other.sav.tmpAb3xYz"));
    CHECK(exists(dir, "slot.sav.tmp12345"));
    CHECK(exists(dir, "slot.sav.tmpab-dez"));
    CHECK(exists(dir, "slot.sav.tmpLinkXy"));
    CHECK(exists(dir, "slot.sav"));
    const char *left[] = {"slot.sav.tmpFresh1", "other.sav.tmpAb3xYz", "slot.sav.tmp12345",
                          "slot.sav.tmpab-dez", "slot.sav.tmpLinkXy", "slot.sav"};
    for (size_t i = 0; i < sizeof left / sizeof *left; i++) {
        snprintf(path, sizeof path, "%s/%s", dir, left[i]);
        unlink(path);
    }
}

static void test_roundtrip(const char *dir)
{
    char path[512], err[256];
    snprintf(path, sizeof path, "%s/file.txt", dir);
    CHECK(fileio_write_atomic(path, "hello", 5, err, sizeof err));
    uint8_t *data = NULL;
    size_t size = 0;
    CHECK(fileio_read(path, 100, &data, &size, err, sizeof err));
    CHECK_INT(size, 5);
    CHECK(data && memcmp(data, "hello", 6) == 0); /* NUL-terminated */
    free(data);
    CHECK(fileio_write_atomic(path, "bye", 3, err, sizeof err));
    CHECK(fileio_read(path, 100, &data, &size, err, sizeof err));
    CHECK_INT(size, 3);
    free(data);
    CHECK(!fileio_read(path, 2, &data, &size, err, sizeof err));
    CHECK_STR_CONTAINS(err, "limit");
    CHECK(fileio_is_file(path));
    CHECK(fileio_mtime_ns(path) > 0);
    unlink(path);
}

static void test_refusals(const char *dir)
{
    char path[512], err[256];
    uint8_t *data = NULL;
    size_t size = 0;
    snprintf(path, sizeof path, "%s/missing", dir);
    CHECK(!fileio_read(path, 100, &data, &size, err, sizeof err));
    CHECK_STR_CONTAINS(err, "cannot open");
    CHECK(!fileio_read(dir, 100, &data, &size, err, sizeof err));
    CHECK_STR_CONTAINS(err, "not a regular file");
    /* A FIFO must be refused at once, not block waiting for a writer. */
    snprintf(path, sizeof path, "%s/fifo", dir);
    CHECK(mkfifo(path, 0600) == 0);
    CHECK(!fileio_read(path, 100, &data, &size, err, sizeof err));
    CHECK_STR_CONTAINS(err, "not a regular file");
    unlink(path);
    /* A failed atomic write leaves nothing behind and the old file intact. */
    snprintf(path, sizeof path, "%s/nodir/file", dir);
    CHECK(!fileio_write_atomic(path, "x", 1, err, sizeof err));
    CHECK(!fileio_is_file(path));
}

int main(void)
{
    char dir[] = "/tmp/qb-fileio-XXXXXX";
    CHECK(mkdtemp(dir) != NULL);
    test_roundtrip(dir);
    test_refusals(dir);
    test_stale_temps(dir);
    CHECK(rmdir(dir) == 0);
    return check_finish("fileio");
}
