/* The protocol: answers, refusals, paths, save and restore, determinism. */
#define _XOPEN_SOURCE 700 /* open_memstream, mkdtemp */
#include "protocol_util.h"

#include "core/fileio.h"

#include <unistd.h>

/* Plays a fixed script and returns the whole transcript. */
static char *transcript(const char *mission, unsigned seed)
{
    static const char *const script[] = {
        "roll", "reachable 0", "move 0 3 3", "search traps", "end", "roll", "move 1 4 4",
        "search treasure", "end", "end", "end", "roll", "move 0 5 2", "end", "state",
    };
    Protocol *p = protocol_create();
    char cmd[1200];
    snprintf(cmd, sizeof cmd, "seed %u", seed);
    char *all = pt_run(p, cmd);
    snprintf(cmd, sizeof cmd, "load %s", mission);
    char *loaded = pt_must(p, cmd);
    size_t len = strlen(all) + strlen(loaded);
    all = realloc(all, len + 1);
    strcat(all, loaded);
    free(loaded);
    for (size_t i = 0; i < sizeof script / sizeof script[0]; i++) {
        char *a = pt_run(p, script[i]);
        len += strlen(a);
        all = realloc(all, len + 1);
        strcat(all, a);
        free(a);
    }
    protocol_destroy(p);
    return all;
}

int main(void)
{
    char mission[1024];
    pt_mission("first-light", mission, sizeof mission);
    Protocol *p = protocol_create();
    char cmd[1200], *a;

    /* Before a mission: refusals with reasons; unknown commands. */
    a = pt_run(p, "state");
    CHECK_STR_CONTAINS(a, "? no mission loaded");
    free(a);
    a = pt_run(p, "dance");
    CHECK_STR_CONTAINS(a, "? unknown command");
    free(a);
    a = pt_run(p, "load /nonexistent/mission.xml");
    CHECK(a[0] == '?');
    free(a);
    a = pt_run(p, "# a comment");
    CHECK_INT(strlen(a), 0);
    free(a);

    snprintf(cmd, sizeof cmd, "load %s", mission);
    a = pt_must(p, cmd);
    CHECK_STR_CONTAINS(a, "heroes");
    CHECK(strcmp(a + strlen(a) - 2, "\n\n") == 0);
    free(a);
    a = pt_must(p, "state");
    CHECK_STR_CONTAINS(a, "status playing turn 1 current 0");
    CHECK_STR_CONTAINS(a, "piece 0 ");
    CHECK_STR_CONTAINS(a, "revealed 0 ");
    free(a);
    free(pt_must(p, "board"));

    /* Moves need the roll; a refused command changes nothing. */
    char *before = pt_must(p, "state");
    a = pt_run(p, "move 0 3 3");
    CHECK_STR_CONTAINS(a, "? roll the movement dice first");
    free(a);
    a = pt_run(p, "move 1 3 3");
    CHECK_STR_CONTAINS(a, "not piece 1's turn");
    free(a);
    a = pt_run(p, "attack 0 999");
    CHECK(a[0] == '?');
    free(a);
    char *after = pt_must(p, "state");
    CHECK(strcmp(before, after) == 0);
    free(before);
    free(after);

    a = pt_must(p, "roll");
    CHECK_STR_CONTAINS(a, "roll 0 ");
    free(a);
    a = pt_must(p, "path 0 3 2");
    CHECK(strncmp(a, "= 2 ", 4) == 0 || strncmp(a, "= 3 ", 4) == 0 || strncmp(a, "= 1 ", 4) == 0);
    free(a);
    a = pt_run(p, "path 0 -5 -5");
    CHECK(a[0] == '?');
    free(a);
    a = pt_must(p, "reachable 0");
    CHECK(atoi(a + 2) > 0);
    free(a);

    /* Save, play on, restore: the state saved comes back. */
    char dir[] = "/tmp/qb_proto_XXXXXX";
    CHECK(mkdtemp(dir) != NULL);
    char save[300], broken[300];
    snprintf(save, sizeof save, "%s/a.sav", dir);
    snprintf(broken, sizeof broken, "%s/b.sav", dir);
    char *saved_state = pt_must(p, "state");
    snprintf(cmd, sizeof cmd, "save %s", save);
    free(pt_must(p, cmd));
    free(pt_must(p, "end"));
    free(pt_must(p, "end"));
    snprintf(cmd, sizeof cmd, "restore %s", save);
    free(pt_must(p, cmd));
    char *restored = pt_must(p, "state");
    CHECK(strcmp(saved_state, restored) == 0);
    free(restored);

    /* A damaged save is refused and the game in play stays. */
    uint8_t *data;
    size_t size;
    char err[256];
    CHECK(fileio_read(save, 1 << 20, &data, &size, err, sizeof err));
    data[size / 3] ^= 4;
    CHECK(fileio_write_atomic(broken, data, size, err, sizeof err));
    free(data);
    snprintf(cmd, sizeof cmd, "restore %s", broken);
    a = pt_run(p, cmd);
    CHECK_STR_CONTAINS(a, "?");
    free(a);
    restored = pt_must(p, "state");
    CHECK(strcmp(saved_state, restored) == 0);
    free(restored);
    free(saved_state);
    a = pt_run(p, "save /nonexistent-dir/x.sav");
    CHECK(a[0] == '?');
    free(a);
    unlink(save);
    unlink(broken);
    rmdir(dir);

    /* quit ends the session. */
    FILE *devnull = fopen("/dev/null", "w");
    CHECK(!protocol_execute(p, "quit", devnull));
    fclose(devnull);
    protocol_destroy(p);

    /* Same seed and commands: the same transcript, byte for byte. */
    char *t1 = transcript(mission, 5), *t2 = transcript(mission, 5), *t3 = transcript(mission, 6);
    CHECK(strcmp(t1, t2) == 0);
    CHECK(strcmp(t1, t3) != 0);
    free(t1);
    free(t2);
    free(t3);
    return check_finish("protocol");
}
