/* File watcher: change detection, the settle time (no report while a file
 * keeps changing), deletion and re-creation, replacement by rename with the
 * same size and time, several files at once. Time is driven by the test. */
#define _POSIX_C_SOURCE 200809L
#include "app/watch.h"
#include "check.h"
#include "core/fileio.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

static char dir[] = "/tmp/qb-watch-XXXXXX";
static char xml[600], png[600];

static void put(const char *path, const char *text)
{
    char err[256];
    CHECK(fileio_write_atomic(path, text, strlen(text), err, sizeof err));
}

/* Polls at every step of 50 ms from t to end and returns the first time a
 * change was reported, or -1. */
static int64_t first_report(Watch *w, int64_t t, int64_t end)
{
    for (; t <= end; t += 50)
        if (watch_poll(w, t))
            return t;
    return -1;
}

static void test_change_and_settle(void)
{
    put(xml, "<mission/>");
    Watch *w = watch_create(250, 400);
    CHECK_INT(watch_add(w, xml), 0);
    CHECK_INT(watch_count(w), 1);
    CHECK_STR_CONTAINS(watch_path(w, 0), "mission.xml");
    CHECK(watch_exists(w, 0));
    CHECK_INT(first_report(w, 0, 2000), -1); /* nothing changed */

    put(xml, "<mission name='a'/>");
    /* Seen at the look at 2250, stable at the looks of 2500 (250 ms) and
     * 2750 (500 ms >= 400): reported then, within a second of the write. */
    CHECK_INT(first_report(w, 2050, 4000), 2750);
    CHECK(watch_changed(w, 0));
    CHECK_INT(first_report(w, 2800, 5000), -1); /* reported once only */

    /* A file written in pieces: every look sees a new size, so there is no
     * report until it stops changing. */
    int64_t t = 5000;
    char text[64] = "<mission";
    for (int i = 0; i < 8; i++, t += 250) {
        strcat(text, " ");
        put(xml, text);
        CHECK(!watch_poll(w, t));
    }
    CHECK_INT(first_report(w, t, t + 2000), t + 250);
    watch_destroy(w);
}

static void test_delete_recreate(void)
{
    put(xml, "<mission/>");
    Watch *w = watch_create(250, 400);
    watch_add(w, xml);
    CHECK(unlink(xml) == 0);
    CHECK(first_report(w, 0, 2000) > 0);
    CHECK(watch_changed(w, 0));
    CHECK(!watch_exists(w, 0));
    CHECK_INT(first_report(w, 2050, 3000), -1);
    put(xml, "<mission again='yes'/>");
    CHECK(first_report(w, 3050, 5000) > 0);
    CHECK(watch_exists(w, 0));
    CHECK(watch_changed(w, 0));

    /* Replaced by rename with the same size and time: a new inode is a
     * change too (editors save this way). */
    struct stat before;
    CHECK(stat(xml, &before) == 0);
    put(xml, "<mission again='yo!'/>");
    struct timespec times[2] = {before.st_atim, before.st_mtim};
    CHECK(utimensat(AT_FDCWD, xml, times, 0) == 0);
    CHECK(first_report(w, 5050, 7000) > 0);
    watch_destroy(w);
}

static void test_several_files(void)
{
    put(xml, "<mission/>");
    unlink(png);
    Watch *w = watch_create(250, 400);
    watch_add(w, xml);
    watch_add(w, png); /* missing for now: appearing is a change */
    CHECK(!watch_exists(w, 1));
    CHECK(!watch_poll(w, 0));
    put(png, "PNG");
    CHECK(!watch_poll(w, 250));
    put(xml, "<mission bitmap='board.png'/>"); /* before the png settled */
    CHECK(!watch_poll(w, 500));
    CHECK(!watch_poll(w, 750)); /* png settled, xml not yet: wait for both */
    CHECK(watch_poll(w, 1000));
    CHECK(watch_changed(w, 0) && watch_changed(w, 1));
    CHECK(watch_exists(w, 1));

    /* Only the png changes: only it is flagged. */
    put(png, "PNG2");
    CHECK_INT(first_report(w, 1250, 3000), 1750);
    CHECK(!watch_changed(w, 0) && watch_changed(w, 1));

    /* Rebase after a reload: changes made before it are not news. */
    put(xml, "<mission bitmap='board.png' name='b'/>");
    watch_rebase(w);
    CHECK_INT(first_report(w, 2000, 4000), -1);

    /* Time going backwards (a new clock) does not block the watcher. */
    put(xml, "<mission/>");
    CHECK(first_report(w, 10, 1000) > 0);

    /* Out-of-range queries are harmless; clearing forgets everything. */
    CHECK(!watch_changed(w, 9) && !watch_exists(w, 9));
    CHECK_INT(strlen(watch_path(w, 9)), 0);
    watch_clear(w);
    CHECK_INT(watch_count(w), 0);
    CHECK(!watch_poll(w, 5000));
    watch_destroy(w);
    watch_destroy(NULL);
}

static void test_zero_times(void)
{
    /* interval 0 and settle 0: every poll looks, and a change is reported at
     * the first look that sees it. */
    put(xml, "<mission/>");
    Watch *w = watch_create(-1, 0);
    watch_add(w, xml);
    CHECK(!watch_poll(w, 0));
    put(xml, "<mission name='z'/>");
    CHECK(watch_poll(w, 0));
    watch_destroy(w);
}

int main(void)
{
    CHECK(mkdtemp(dir) != NULL);
    snprintf(xml, sizeof xml, "%s/mission.xml", dir);
    snprintf(png, sizeof png, "%s/board.png", dir);
    test_change_and_settle();
    test_delete_recreate();
    test_several_files();
    test_zero_times();
    unlink(xml);
    unlink(png);
    CHECK(rmdir(dir) == 0);
    return check_finish("watch");
}
