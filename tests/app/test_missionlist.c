/* Mission discovery: folders with mission.xml in a bundled and a user
 * root, sorted; hidden folders, links, folders without mission.xml and
 * plain files skipped; missing and unreadable roots; path kinds. */
#define _POSIX_C_SOURCE 200809L
#include "app/missionlist.h"
#include "check.h"
#include "core/fileio.h"

#include <sys/stat.h>
#include <unistd.h>

static char dir[] = "/tmp/qb-missions-XXXXXX";

static void make(const char *rel, bool folder)
{
    char path[700], err[256];
    snprintf(path, sizeof path, "%s/%s", dir, rel);
    if (folder)
        CHECK(mkdir(path, 0700) == 0);
    else
        CHECK(fileio_write_atomic(path, "<mission/>", 10, err, sizeof err));
}

static void test_scan(void)
{
    const char *folders[] = {"bundled",       "bundled/first-light", "bundled/bone-orchard",
                             "bundled/empty", "bundled/.hidden",     "user",
                             "user/my-maze",  "user/first-light",    "user/notamission",
                             "outside"};
    for (size_t i = 0; i < sizeof folders / sizeof *folders; i++)
        make(folders[i], true);
    const char *files[] = {"bundled/first-light/mission.xml", "bundled/bone-orchard/mission.xml",
                           "bundled/.hidden/mission.xml",     "bundled/stray.xml",
                           "user/my-maze/mission.xml",        "user/first-light/mission.xml",
                           "user/notamission/board.png",      "outside/mission.xml",
                           "user/Old-Keep.xml"};
    for (size_t i = 0; i < sizeof files / sizeof *files; i++)
        make(files[i], false);
    char path[700], target[700];
    /* A link to a folder outside the root is not followed. */
    snprintf(path, sizeof path, "%s/user/escape", dir);
    snprintf(target, sizeof target, "%s/outside", dir);
    CHECK(symlink(target, path) == 0);
    /* Nor a mission.xml that is a link. */
    make("user/linked", true);
    snprintf(path, sizeof path, "%s/user/linked/mission.xml", dir);
    snprintf(target, sizeof target, "%s/outside/mission.xml", dir);
    CHECK(symlink(target, path) == 0);

    /* A HeroScribe quest dropped into the folder is listed by its name. */
    char err[256];
    static const char quest[] = "<?xml version=\"1.0\"?>\n<!DOCTYPE quest SYSTEM "
                                "\"quest-1.3.dtd\">\n<quest name=\"Old Keep\"/>\n";
    snprintf(path, sizeof path, "%s/user/Old-Keep.xml", dir);
    CHECK(fileio_write_atomic(path, quest, sizeof quest - 1, err, sizeof err));

    MissionList *l = missionlist_create();
    snprintf(path, sizeof path, "%s/user/", dir);
    CHECK_INT(missionlist_scan(l, path, MISSIONLIST_USER), 3);
    snprintf(path, sizeof path, "%s/bundled", dir);
    CHECK_INT(missionlist_scan(l, path, MISSIONLIST_BUNDLED), 2);
    CHECK_INT(missionlist_count(l), 5);
    CHECK_INT(strlen(missionlist_error(l)), 0);
    const char *ids[] = {"bone-orchard", "first-light", "Old-Keep", "first-light", "my-maze"};
    for (size_t i = 0; i < 5; i++) {
        const MissionEntry *e = missionlist_at(l, i);
        CHECK(strcmp(e->id, ids[i]) == 0);
        CHECK_INT(e->origin, i < 2 ? MISSIONLIST_BUNDLED : MISSIONLIST_USER);
        CHECK(fileio_is_file(e->path));
        CHECK_STR_CONTAINS(e->path, i == 2 ? "/user/Old-Keep.xml" : "/mission.xml");
        CHECK(strstr(e->path, "//") == NULL);
    }
    CHECK(missionlist_at(l, 5) == NULL);

    /* A missing root is no error; a file as root is. */
    snprintf(path, sizeof path, "%s/none", dir);
    CHECK_INT(missionlist_scan(l, path, MISSIONLIST_USER), 0);
    CHECK_INT(strlen(missionlist_error(l)), 0);
    snprintf(path, sizeof path, "%s/bundled/stray.xml", dir);
    CHECK_INT(missionlist_scan(l, path, MISSIONLIST_USER), 0);
    CHECK_STR_CONTAINS(missionlist_error(l), "cannot list the missions");
    CHECK_INT(missionlist_count(l), 5);
    missionlist_destroy(l);
    missionlist_destroy(NULL);

    /* Clean up (paths listed above, deepest first). */
    const char *links[] = {"user/escape", "user/linked/mission.xml"};
    for (size_t i = 0; i < 2; i++) {
        snprintf(path, sizeof path, "%s/%s", dir, links[i]);
        CHECK(unlink(path) == 0);
    }
    for (size_t i = 0; i < sizeof files / sizeof *files; i++) {
        snprintf(path, sizeof path, "%s/%s", dir, files[i]);
        CHECK(unlink(path) == 0);
    }
    snprintf(path, sizeof path, "%s/user/linked", dir);
    CHECK(rmdir(path) == 0);
    for (size_t i = sizeof folders / sizeof *folders; i-- > 0;) {
        snprintf(path, sizeof path, "%s/%s", dir, folders[i]);
        CHECK(rmdir(path) == 0);
    }
}

static void test_path_kind(void)
{
    CHECK_INT(missionlist_path_kind("/x/mission.xml"), MISSIONLIST_PATH_MISSION);
    CHECK_INT(missionlist_path_kind("BOARD.PNG"), MISSIONLIST_PATH_BITMAP);
    CHECK_INT(missionlist_path_kind("a.bmp"), MISSIONLIST_PATH_BITMAP);
    CHECK_INT(missionlist_path_kind("a.png.txt"), MISSIONLIST_PATH_OTHER);
    CHECK_INT(missionlist_path_kind("/my.missions/board"), MISSIONLIST_PATH_OTHER);
    CHECK_INT(missionlist_path_kind("noext"), MISSIONLIST_PATH_OTHER);
    CHECK_INT(missionlist_path_kind(""), MISSIONLIST_PATH_OTHER);
    CHECK_INT(missionlist_path_kind(NULL), MISSIONLIST_PATH_OTHER);
}

/* The bundled missions of the source tree are found. */
static void test_bundled(void)
{
    const char *data = getenv("QUESTBOARD_DATA");
    CHECK(data != NULL);
    if (!data)
        return;
    char root[600];
    snprintf(root, sizeof root, "%s/missions", data);
    MissionList *l = missionlist_create();
    CHECK(missionlist_scan(l, root, MISSIONLIST_BUNDLED) >= 1);
    bool first_light = false;
    for (size_t i = 0; i < missionlist_count(l); i++)
        first_light = first_light || strcmp(missionlist_at(l, i)->id, "first-light") == 0;
    CHECK(first_light);
    missionlist_destroy(l);
}

int main(void)
{
    CHECK(mkdtemp(dir) != NULL);
    test_scan();
    test_path_kind();
    test_bundled();
    CHECK(rmdir(dir) == 0);
    return check_finish("missionlist");
}
