/* Safe whole-file reads and atomic writes. */
#define _POSIX_C_SOURCE 200809L
#include "check.h"
#include "core/fileio.h"

#include <sys/stat.h>
#include <unistd.h>

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
    rmdir(dir);
    return check_finish("fileio");
}
