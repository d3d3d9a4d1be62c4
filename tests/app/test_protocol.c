/* The protocol: answers, refusals, paths, save and restore, determinism. */
#define _XOPEN_SOURCE 700 /* open_memstream, mkdtemp */
#include "protocol_util.h"

#include "core/fileio.h"
#include "core/rng.h"
#include "rules/save.h"

#include <inttypes.h>

#include <limits.h>
#include <sys/stat.h>
#include <unistd.h>

/* Runs protocol_run on the n bytes of input; returns everything it wrote. */
static char *run_stream(const char *input, size_t n)
{
    FILE *in = fmemopen((void *)(uintptr_t)input, n, "r");
    char *buf = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&buf, &size);
    CHECK(in && out);
    if (in && out)
        protocol_run(in, out);
    if (in)
        fclose(in);
    if (out)
        fclose(out);
    return buf;
}

static int count_answers(const char *transcript)
{
    int n = 0;
    for (const char *s = transcript; *s; s = strchr(s, '\n') ? strchr(s, '\n') + 1 : s + strlen(s))
        n += *s == '=' || *s == '?';
    return n;
}

/* Writes "seed N" padded with spaces to len bytes, then end; returns the
 * bytes written. */
static size_t put_line(char *buf, int seed, size_t len, const char *end)
{
    int n = sprintf(buf, "seed %d", seed);
    memset(buf + n, ' ', len - (size_t)n);
    strcpy(buf + len, end);
    return len + strlen(end);
}

/* Every line gets exactly one answer: a NUL byte, invalid UTF-8 or a line
 * past the limit is refused for that line only, and the next command is
 * answered (a NUL used to take the next line with it). A line may hold
 * 4095 bytes before its newline, and "\r\n" ends a line like "\n". */
static void test_line_reader(void)
{
    static const char nul[] = "seed 5\nse\0ed 6\nseed 7\n";
    char *t = run_stream(nul, sizeof nul - 1);
    CHECK(strcmp(t, "= 5\n\n? line holds a NUL byte\n\n= 7\n\n") == 0);
    free(t);
    static const char utf8[] = "seed 5\nseed \xff\n# caf\xc3\xa9\nseed 8 # \xc3\xa9\nseed \xed\xa0\x80\n"
                               "seed 9\n";
    t = run_stream(utf8, sizeof utf8 - 1);
    CHECK(strcmp(t, "= 5\n\n? line is not valid UTF-8\n\n= 8\n\n? line is not valid UTF-8\n\n"
                    "= 9\n\n") == 0);
    free(t);

    /* exactly 4095 bytes, then 4096, then 4095 and "\r\n" */
    size_t max = 4095;
    char *in = malloc(4 * (max + 8));
    size_t n = put_line(in, 1, max, "\n");
    n += put_line(in + n, 2, max + 1, "\n");
    n += put_line(in + n, 3, max, "\r\n");
    n += put_line(in + n, 4, 6, "\n");
    t = run_stream(in, n);
    CHECK(strcmp(t, "= 1\n\n? line longer than 4095 bytes\n\n= 3\n\n= 4\n\n") == 0);
    CHECK_INT(count_answers(t), 4);
    free(t);
    free(in);
}

/* A save made outside the working directory, or through a link that leads
 * out of it, is refused; one inside it works. */
static void test_save_paths(const char *mission)
{
    char dir[] = "/tmp/qb_paths_XXXXXX", home[PATH_MAX], cmd[1200];
    CHECK(mkdtemp(dir) != NULL);
    CHECK(getcwd(home, sizeof home) != NULL);
    CHECK(mkdir(strcat(strcpy(cmd, dir), "/work"), 0700) == 0);
    CHECK(chdir(cmd) == 0);
    Protocol *p = protocol_create();
    snprintf(cmd, sizeof cmd, "load %s", mission);
    free(pt_must(p, cmd));
    CHECK(mkdir("sub", 0700) == 0);
    CHECK(symlink(dir, "out") == 0); /* leads to the folder above */
    static const struct {
        const char *cmd, *why;
    } refused[] = {
        {"save ../escaped.sav", "'..' is not allowed"},
        {"save sub/../../escaped.sav", "'..' is not allowed"},
        {"save /tmp/escaped.sav", "relative to the working directory"},
        {"save out/escaped.sav", "leads outside the working directory"},
        {"restore ../escaped.sav", "'..' is not allowed"},
        {"restore /etc/hostname", "relative to the working directory"},
    };
    for (size_t i = 0; i < sizeof refused / sizeof *refused; i++) {
        char *a = pt_run(p, refused[i].cmd);
        CHECK_STR_CONTAINS(a, refused[i].why);
        CHECK(a[0] == '?');
        free(a);
    }
    char escaped[300];
    snprintf(escaped, sizeof escaped, "%s/escaped.sav", dir);
    CHECK(!fileio_is_file(escaped));
    /* a save outside, reached through the link: not restored either */
    char err[256];
    CHECK(fileio_write_atomic(escaped, "x", 1, err, sizeof err));
    char *a = pt_run(p, "restore out/escaped.sav");
    CHECK_STR_CONTAINS(a, "leads outside the working directory");
    free(a);
    free(pt_must(p, "save sub/in.sav"));
    free(pt_must(p, "save ./top.sav"));
    free(pt_must(p, "restore sub/in.sav"));
    protocol_destroy(p);
    unlink(escaped);
    unlink("sub/in.sav");
    unlink("top.sav");
    rmdir("sub");
    unlink("out");
    CHECK(chdir(home) == 0);
    rmdir(strcat(strcpy(cmd, dir), "/work"));
    rmdir(dir);
}

/* Counts the hero pieces in a state answer. */
static int state_heroes(const char *state)
{
    int n = 0;
    for (size_t i = 0; state[i]; i++)
        n += strncmp(state + i, " hero ", 6) == 0;
    return n;
}

/* generate's HEROES: the party the mission is made for, as the Random
 * quest screen's Heroes row; the same seed and count give the same game,
 * another count another one, and its save restores with that party. */
static void test_generate_heroes(void)
{
    char dir[] = "/tmp/qb_genh_XXXXXX", home[PATH_MAX];
    CHECK(mkdtemp(dir) != NULL);
    CHECK(getcwd(home, sizeof home) != NULL);
    CHECK(chdir(dir) == 0);
    Protocol *p = protocol_create();
    char *states[5] = {0};
    for (int n = 1; n <= 4; n++) {
        char cmd[64], ref[64];
        snprintf(cmd, sizeof cmd, "generate dungeon 7 %d", n);
        char *a = pt_must(p, cmd);
        snprintf(ref, sizeof ref, "heroes %d ", n);
        CHECK_STR_CONTAINS(a, ref);
        snprintf(ref, sizeof ref, "mission generate:dungeon:7:26x19:normal:%d", n);
        CHECK_STR_CONTAINS(a, ref);
        free(a);
        states[n] = pt_must(p, "state");
        CHECK(state_heroes(states[n]) == n);
        if (n > 1)
            CHECK(strcmp(states[n], states[n - 1]) != 0);
    }
    /* the default is the screen's default, 4; the options in any order */
    char *a = pt_must(p, "generate dungeon 7");
    CHECK_STR_CONTAINS(a, "heroes 4 ");
    free(a);
    char *s = pt_must(p, "state");
    CHECK(strcmp(s, states[4]) == 0);
    free(s);
    a = pt_must(p, "generate caverns 11 easy 2 30x20");
    CHECK_STR_CONTAINS(a, "30x20 heroes 2 ");
    CHECK_STR_CONTAINS(a, "mission generate:caverns:11:30x20:easy:2");
    free(a);
    /* the same seed and count again: the same game, move for move */
    free(pt_must(p, "generate dungeon 7 2"));
    s = pt_must(p, "state");
    CHECK(strcmp(s, states[2]) == 0);
    free(s);
    free(pt_must(p, "roll"));
    free(pt_must(p, "save two.sav"));
    char *played = pt_must(p, "state");
    protocol_destroy(p);
    p = protocol_create();
    free(pt_must(p, "restore two.sav"));
    s = pt_must(p, "state");
    CHECK(strcmp(s, played) == 0);
    CHECK(state_heroes(s) == 2);
    free(s);
    free(played);
    /* a bad count is refused and the game in play is kept */
    static const char *const bad[] = {"0", "5", "-1", "+9", "99999999999999999999"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        char cmd[64], why[64];
        snprintf(cmd, sizeof cmd, "generate wilds 3 %s", bad[i]);
        snprintf(why, sizeof why, "'%s' heroes: a generated party is 1 to 4 heroes", bad[i]);
        a = pt_run(p, cmd);
        CHECK(a[0] == '?');
        CHECK_STR_CONTAINS(a, why);
        free(a);
    }
    s = pt_must(p, "state");
    CHECK(state_heroes(s) == 2);
    free(s);
    for (int n = 1; n <= 4; n++)
        free(states[n]);
    protocol_destroy(p);
    unlink("two.sav");
    CHECK(chdir(home) == 0);
    rmdir(dir);
}

/* g.sav with its mission line's `from` made `to` and its checksum made
 * right again, written to bad.sav. */
static void forge(const char *from, const char *to)
{
    uint8_t *data;
    size_t n;
    char why[256], text[65536];
    CHECK(fileio_read("g.sav", sizeof text - 64, &data, &n, why, sizeof why));
    if (!data)
        return;
    const char *at = strstr((const char *)data, from), *sum = strstr((const char *)data, "checksum ");
    CHECK(at && sum && at < sum);
    if (at && sum) {
        int k = snprintf(text, sizeof text, "%.*s%s%.*s", (int)(at - (char *)data), (char *)data, to,
                         (int)(sum - at - strlen(from)), at + strlen(from));
        snprintf(text + k, sizeof text - (size_t)k, "checksum %016" PRIx64 "\n",
                 save_checksum(text, (size_t)k));
        CHECK(fileio_write_atomic("bad.sav", text, strlen(text), why, sizeof why));
    }
    free(data);
}

/* A save naming a generated mission is checked before anything is
 * generated: a 200-byte save naming generate:dungeon:1:4096x4096:hard:4
 * generated for 18 s and 390 MB before its hash was refused (issue 26
 * item 7); a save playing heroes the reference's party lacks too. */
static void check_hostile_references(void)
{
    Protocol *p = protocol_create();
    forge(":30x20:", ":4096x4096:");
    char *a = pt_run(p, "restore bad.sav");
    CHECK(a[0] == '?');
    CHECK_STR_CONTAINS(a, "4096x4096: a mission generated here is at most 1024x1024");
    free(a);
    forge(":easy:4\n", ":easy:1\n");
    a = pt_run(p, "restore bad.sav");
    CHECK(a[0] == '?');
    CHECK_STR_CONTAINS(a, "the save plays hero 1 of a mission made for 1 heroes");
    free(a);
    unlink("bad.sav");
    protocol_destroy(p);
}

/* generate STYLE SEED [WxH] [DIFFICULTY]: a generated mission is played at
 * once, the same arguments give the same mission, and a save of it is
 * restored by generating it again (in a fresh session). */
static void test_generate(void)
{
    char dir[] = "/tmp/qb_gen_XXXXXX", home[PATH_MAX];
    CHECK(mkdtemp(dir) != NULL);
    CHECK(getcwd(home, sizeof home) != NULL);
    CHECK(chdir(dir) == 0);
    Protocol *p = protocol_create();
    char *a = pt_must(p, "generate wilds 7 30x20 easy");
    CHECK_STR_CONTAINS(a, "30x20 heroes 4");
    CHECK_STR_CONTAINS(a, "mission generate:wilds:7:30x20:easy:4");
    free(a);
    char *board1 = pt_must(p, "board");
    free(pt_must(p, "roll"));
    free(pt_must(p, "save g.sav"));
    char *state1 = pt_must(p, "state");
    /* another mission, then the same one again: the same board */
    free(pt_must(p, "generate dungeon 7"));
    char *board2 = pt_must(p, "board");
    CHECK(strcmp(board1, board2) != 0);
    free(board2);
    free(pt_must(p, "generate wilds 7 30x20 easy"));
    board2 = pt_must(p, "board");
    CHECK(strcmp(board1, board2) == 0);
    free(board2);
    protocol_destroy(p);
    p = protocol_create();
    free(pt_must(p, "restore g.sav"));
    char *state2 = pt_must(p, "state");
    CHECK(strcmp(state1, state2) == 0);
    free(state1);
    free(state2);
    static const struct {
        const char *cmd, *why;
    } refused[] = {
        {"generate", "usage: generate"},
        {"generate mazes 1", "usage: generate"},
        {"generate dungeon x", "'x' is not a seed"},
        {"generate dungeon 1 5x5", "each side 12 to 1024"},
        /* the cap of missions generated here (and named by saves) */
        {"generate dungeon 1 1025x12", "1025x12: a mission generated here is at most 1024x1024"},
        {"generate dungeon 1 4294967308x12", "'4294967308x12' is neither a size"},
        {"generate dungeon 1 26x19 deadly", "'deadly' is neither"},
        {"generate dungeon 1 26x19 easy 3 2", "usage: generate"},
        {"generate dungeon 1 2x", "nor a hero count"},
    };
    for (size_t i = 0; i < sizeof refused / sizeof *refused; i++) {
        a = pt_run(p, refused[i].cmd);
        CHECK_STR_CONTAINS(a, refused[i].why);
        CHECK(a[0] == '?');
        free(a);
    }
    protocol_destroy(p);
    check_hostile_references();
    free(board1);
    unlink("g.sav");
    CHECK(chdir(home) == 0);
    rmdir(dir);
}

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

/* Copies the bundled first mission into dir, with one more monster (a
 * goblin at 14,8, last in the file) when extra; test_public_ids puts
 * hidden things first, where file order would move every id. */
static void write_variant(const char *dir, bool extra)
{
    char src[1024], path[1200], err[256];
    uint8_t *data;
    size_t size;
    const char *data_dir = getenv("QUESTBOARD_DATA");
    snprintf(src, sizeof src, "%s/missions/first-light/board.png", data_dir ? data_dir : ".");
    CHECK(fileio_read(src, 1 << 24, &data, &size, err, sizeof err));
    snprintf(path, sizeof path, "%s/board.png", dir);
    CHECK(fileio_write_atomic(path, data, size, err, sizeof err));
    free(data);
    pt_mission("first-light", src, sizeof src);
    CHECK(fileio_read(src, 1 << 20, &data, &size, err, sizeof err));
    char *xml = malloc(size + 100);
    memcpy(xml, data, size);
    xml[size] = '\0';
    free(data);
    if (extra) {
        char *end = strstr(xml, "</monsters>");
        CHECK(end != NULL);
        const char *add = "<monster type=\"goblin\" x=\"14\" y=\"8\"/>\n  ";
        if (end) {
            memmove(end + strlen(add), end, strlen(end) + 1);
            memcpy(end, add, strlen(add));
        }
    }
    snprintf(path, sizeof path, "%s/mission.xml", dir);
    CHECK(fileio_write_atomic(path, xml, strlen(xml), err, sizeof err));
    free(xml);
}

/* Runs line in both sessions; the answers must match. */
static bool alike(Protocol *a, Protocol *b, const char *line)
{
    char *x = pt_run(a, line), *y = pt_run(b, line);
    bool same = strcmp(x, y) == 0;
    if (!same)
        fprintf(stderr, "'%s' differs:\n%s---\n%s", line, x, y);
    free(x);
    free(y);
    return same;
}

/* Two games that differ only in a monster no hero has seen give the same
 * answers to every command until the monster is revealed. */
static void test_hidden_monster(void)
{
    char dir_a[] = "/tmp/qb_hid_XXXXXX", dir_b[] = "/tmp/qb_hid_XXXXXX", cmd[1200];
    CHECK(mkdtemp(dir_a) != NULL && mkdtemp(dir_b) != NULL);
    write_variant(dir_a, false);
    write_variant(dir_b, true);
    Protocol *a = protocol_create(), *b = protocol_create();
    snprintf(cmd, sizeof cmd, "load %s/mission.xml", dir_a);
    free(pt_must(a, cmd));
    snprintf(cmd, sizeof cmd, "load %s/mission.xml", dir_b);
    free(pt_must(b, cmd));
    char *full = pt_must(b, "reveal on");
    free(full);
    full = pt_must(b, "state");
    /* unseen, it has no id: the players have no number for it */
    CHECK_STR_CONTAINS(full, "piece - goblin monster 14,8 body 1/1 alive hidden");
    free(full);
    free(pt_must(b, "reveal off"));
    char *plain = pt_must(b, "state");
    CHECK(strstr(plain, "piece 15 ") == NULL && strstr(plain, " hidden") == NULL);
    free(plain);
    /* Heroes wander: roll, move to a random reachable square or toward the
     * goblin's room, open doors, end. */
    Rng r = rng_make(5, 9);
    const Game *g = protocol_game(b);
    int steps = 0;
    for (; steps < 600 && !game_piece(g, 15)->revealed && game_status(g) == GAME_STATUS_PLAYING;
         steps++) {
        int me = game_current(g);
        const GamePiece *h = game_piece(g, me);
        int x = (int)rng_below(&r, 22), y = (int)rng_below(&r, 12);
        CHECK(alike(a, b, "state") && alike(a, b, "board"));
        snprintf(cmd, sizeof cmd, "reachable %d", me);
        CHECK(alike(a, b, cmd));
        snprintf(cmd, sizeof cmd, "path %d %d %d", me, x, y);
        CHECK(alike(a, b, cmd));
        snprintf(cmd, sizeof cmd, "path %d 14 8", me);
        CHECK(alike(a, b, cmd));
        switch (rng_below(&r, 7)) {
        case 0: snprintf(cmd, sizeof cmd, "roll"); break;
        case 1: snprintf(cmd, sizeof cmd, "move %d %d %d", me, x, y); break;
        case 2: { /* as far as the movement goes toward the goblin's room */
            BoardPos way[64];
            int len = game_path(g, me, (BoardPos){14, 8}, way, 64), go = game_move_left(g);
            go = len < go ? len : go;
            if (go > 0 && go <= 64)
                snprintf(cmd, sizeof cmd, "move %d %d %d", me, way[go - 1].x, way[go - 1].y);
            else
                snprintf(cmd, sizeof cmd, "roll");
            break;
        }
        case 3: snprintf(cmd, sizeof cmd, "open %d %d %d", me, h->pos.x + (int)rng_below(&r, 3) - 1,
                         h->pos.y + (int)rng_below(&r, 3) - 1); break;
        case 4: snprintf(cmd, sizeof cmd, "search traps"); break;
        case 5: snprintf(cmd, sizeof cmd, "reachable %d", me); break;
        default: snprintf(cmd, sizeof cmd, "end"); break;
        }
        CHECK(alike(a, b, cmd) || game_piece(g, 15)->revealed);
    }
    printf("hidden monster: %d commands alike before it was seen\n", steps);
    CHECK(steps > 20);
    protocol_destroy(a);
    protocol_destroy(b);
    char path[1200];
    const char *dirs[] = {dir_a, dir_b};
    for (int i = 0; i < 2; i++) {
        snprintf(path, sizeof path, "%s/mission.xml", dirs[i]);
        unlink(path);
        snprintf(path, sizeof path, "%s/board.png", dirs[i]);
        unlink(path);
        rmdir(dirs[i]);
    }
}

/* The bundled square8 and hex missions over the protocol: the state
 * names the movement unit, movement is spent in it (a diagonal step at
 * 3/2 costs 3 of a square's 2 units), paths step diagonally on square8
 * and between hex neighbours. */
static void test_topologies(void)
{
    char mission[1024];
    Protocol *p = protocol_create();
    snprintf(mission, sizeof mission, "load %s",
             pt_mission("the-leaning-nave", (char[1024]){0}, 1024));
    char *a = pt_must(p, mission);
    CHECK_STR_CONTAINS(a, "= the-leaning-nave 27x19 heroes 4");
    free(a);
    a = pt_must(p, "state");
    CHECK_STR_CONTAINS(a, "move-unit 2");
    free(a);
    free(pt_must(p, "roll"));
    const Game *g = protocol_game(p);
    int left = game_move_left(g);
    /* the barbarian at (1,1) to (4,3): the diagonals past the dwarf at
     * (2,1), the elf at (1,2) and the wizard at (2,2) are closed by the
     * corner rule, so three straight steps (2 units each, through the
     * dwarf's square) and one diagonal (3) */
    a = pt_must(p, "path 0 4 3");
    CHECK_STR_CONTAINS(a, "= 4 2,1 3,1 3,2 4,3");
    free(a);
    free(pt_must(p, "move 0 4 3"));
    CHECK_INT(game_move_left(g), left - 9);
    protocol_destroy(p);

    p = protocol_create();
    snprintf(mission, sizeof mission, "load %s",
             pt_mission("the-ember-hive", (char[1024]){0}, 1024));
    free(pt_must(p, mission));
    a = pt_must(p, "state");
    CHECK_STR_CONTAINS(a, "move-unit 1");
    CHECK_STR_CONTAINS(a, "door 0 6,9 east normal closed found");
    /* written as (5,7) side="ne": its owner (6,6) holds it south-west */
    CHECK_STR_CONTAINS(a, "door 1 6,6 southwest normal closed found");
    free(a);
    /* the barbarian at (4,8) (an even row) to (5,7): its north-east
     * neighbour is (4,7), so two steps */
    a = pt_must(p, "path 0 5 7");
    CHECK_STR_CONTAINS(a, "= 2 4,7 5,7");
    free(a);
    protocol_destroy(p);
}

/* undo: a quiet move taken back leaves `state` as it was before the
 * move, and a save as well; one that stands is refused with its reason;
 * the answer has one undo event. */
static void test_undo(const char *mission)
{
    char dir[] = "/tmp/qb_undo_XXXXXX", home[PATH_MAX];
    CHECK(mkdtemp(dir) != NULL);
    CHECK(getcwd(home, sizeof home) != NULL);
    CHECK(chdir(dir) == 0);
    Protocol *p = protocol_create();
    char cmd[1200];
    snprintf(cmd, sizeof cmd, "load %s", mission);
    free(pt_must(p, cmd));
    char *a = pt_run(p, "undo");
    CHECK_STR_CONTAINS(a, "? the Barbarian has no move to take back");
    free(a);
    free(pt_must(p, "roll"));
    a = pt_must(p, "state");
    CHECK_STR_CONTAINS(a, "can-undo 0");
    free(a);
    char *reach = pt_must(p, "reachable 0");
    int quiet = 0, loud = 0;
    /* the squares within reach, farthest last: each tried from the start */
    for (const char *s = strchr(reach, ' '); s && (s = strchr(s + 1, ' ')) && quiet + loud < 12;) {
        int x, y;
        if (sscanf(s + 1, "%d,%d", &x, &y) != 2)
            break;
        char *before = pt_must(p, "state");
        free(pt_must(p, "save undo-before.sav"));
        snprintf(cmd, sizeof cmd, "move 0 %d %d", x, y);
        char *moved = pt_run(p, cmd);
        if (!pt_ok(moved)) {
            free(moved);
            free(before);
            continue;
        }
        free(moved);
        char *after = pt_must(p, "state");
        bool can = strstr(after, "can-undo 1") != NULL;
        free(after);
        a = pt_run(p, "undo");
        if (can) {
            quiet++;
            CHECK_STR_CONTAINS(a, "= 1\nundo 0 -1 ");
            char *now = pt_must(p, "state");
            CHECK(strcmp(now, before) == 0);
            free(now);
            free(pt_must(p, "save undo-after.sav"));
            char *x1 = NULL, *x2 = NULL;
            size_t n1 = 0, n2 = 0;
            char err[256];
            CHECK(fileio_read("undo-before.sav", 1u << 20, (uint8_t **)&x1, &n1, err, sizeof err));
            CHECK(fileio_read("undo-after.sav", 1u << 20, (uint8_t **)&x2, &n2, err, sizeof err));
            CHECK(n1 == n2 && x1 && x2 && memcmp(x1, x2, n1) == 0);
            free(x1);
            free(x2);
        } else {
            loud++;
            CHECK_STR_CONTAINS(a, ": it stands");
            free(a);
            free(before);
            break; /* the hero is elsewhere now */
        }
        free(a);
        free(before);
    }
    printf("undo: %d moves taken back, %d stood\n", quiet, loud);
    CHECK(quiet > 0);
    free(reach);
    unlink("undo-before.sav");
    unlink("undo-after.sav");
    protocol_destroy(p);
    CHECK(chdir(home) == 0);
    rmdir(dir);
}

/* EU rules: the falling block lands beside its trap, on the goblin
 * there. The state names the landing square only once the trap is known;
 * the event names the goblin as the target and the square it strikes. */
static void test_falling_eu(void)
{
    char cmd[1200];
    snprintf(cmd, sizeof cmd, "load %s/missions/falling-eu.xml", getenv("TEST_DATA"));
    Protocol *p = protocol_create();
    free(pt_must(p, "seed 3"));
    free(pt_must(p, cmd));
    char *a = pt_must(p, "state");
    CHECK(strstr(a, "trap 0") == NULL);
    free(a);
    free(pt_must(p, "reveal on"));
    a = pt_must(p, "state");
    CHECK_STR_CONTAINS(a, "trap - falling_block 3,2 hidden falls 3,3\n");
    free(a);
    free(pt_must(p, "reveal off"));
    free(pt_must(p, "roll"));
    a = pt_must(p, "move 0 3 2");
    CHECK_STR_CONTAINS(a, "trap-sprung 0 1 3,2 3,3 0 ");
    CHECK_STR_CONTAINS(a, "the block falls on Goblin");
    free(a);
    a = pt_must(p, "state");
    CHECK_STR_CONTAINS(a, "piece 0 barbarian hero 3,2 body 8/8");
    CHECK_STR_CONTAINS(a, "trap 0 falling_block 3,2 gone falls 3,3\n");
    free(a);
    a = pt_must(p, "board");
    CHECK_STR_CONTAINS(a, "\n?..1......\n?..r......\n"); /* rubble beside the trap */
    free(a);
    protocol_destroy(p);
}

/* Writes a one-room US mission for the fields test into dir: the Dwarf,
 * a spear trap beside him, a dart and a Potion of Healing to find. */
static void write_fields_mission(const char *dir)
{
    char src[1024], path[1200], err[256];
    uint8_t *data;
    size_t size;
    snprintf(src, sizeof src, "%s/missions/board.png", getenv("TEST_DATA"));
    CHECK(fileio_read(src, 1 << 20, &data, &size, err, sizeof err));
    snprintf(path, sizeof path, "%s/board.png", dir);
    CHECK(fileio_write_atomic(path, data, size, err, sizeof err));
    free(data);
    static const char xml[] =
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        "<mission id=\"fields\" version=\"1\"><name>Fields</name><board bitmap=\"board.png\"/>\n"
        "<heroes><hero type=\"dwarf\" x=\"0\" y=\"0\"/></heroes>\n"
        "<traps><trap kind=\"spear\" x=\"1\" y=\"0\"/></traps>\n"
        "<treasures><treasure name=\"A dart\" kind=\"hazard\" amount=\"3\" x=\"1\" y=\"1\"/>\n"
        "<treasure name=\"A flask\" kind=\"potion\" item=\"healing_potion\" x=\"1\" y=\"1\"/></treasures>\n"
        "<exits><square x=\"3\" y=\"1\"/></exits><objectives><escape/></objectives>\n"
        "</mission>\n";
    snprintf(path, sizeof path, "%s/mission.xml", dir);
    CHECK(fileio_write_atomic(path, xml, strlen(xml), err, sizeof err));
}

/* Protocol fields (issue 25, item 3): a found Potion of Healing's VALUE
 * is what it heals at most (1d6: 6; it was 0), a drink's DICE are d6
 * numbers (they were faces, 's'), a failed disarm is a `disarm-failed`
 * line with its die as a face letter (it was a `status` line with '2'). */
static void test_fields(void)
{
    char dir[] = "/tmp/qb_fields_XXXXXX", cmd[1200];
    CHECK(mkdtemp(dir) != NULL);
    write_fields_mission(dir);
    snprintf(cmd, sizeof cmd, "load %s/mission.xml", dir);
    Protocol *p = protocol_create();
    free(pt_must(p, cmd));
    char *a = pt_must(p, "search treasure");
    CHECK_STR_CONTAINS(a, "\nfind 0 -1 0,0 0,0 6 1 - - | Dwarf finds: A flask\n");
    free(a);
    a = pt_must(p, "use 0 healing_potion");
    const char *use = strstr(a, "\nuse 0 -1 0,0 0,0 ");
    CHECK(use != NULL);
    if (use) {
        int value, value2;
        char die = 0;
        CHECK(sscanf(use, "\nuse 0 -1 0,0 0,0 %d %d %c", &value, &value2, &die) == 3);
        CHECK(die >= '1' && die <= '6');
        CHECK_INT(value, die - '0');
    }
    free(a);
    int failed = 0;
    for (int seed = 1; seed <= 40 && !failed; seed++) {
        snprintf(cmd, sizeof cmd, "seed %d", seed);
        free(pt_must(p, cmd));
        free(pt_must(p, "search traps"));
        free(pt_must(p, "end"));
        a = pt_must(p, "disarm 0 1 0");
        if (strstr(a, "\ndisarm-failed 0 -1 ")) {
            failed = 1;
            /* trap 0, the Dwarf's black shield, then the spear springs */
            CHECK_STR_CONTAINS(a, "\ndisarm-failed 0 -1 0,0 1,0 0 0 b - | Dwarf fails to disarm "
                                  "the spear trap\ntrap-sprung 0 -1 ");
        } else {
            CHECK_STR_CONTAINS(a, "trap-disarmed 0 -1 ");
        }
        free(a);
    }
    CHECK(failed);
    protocol_destroy(p);
    snprintf(cmd, sizeof cmd, "%s/mission.xml", dir);
    unlink(cmd);
    snprintf(cmd, sizeof cmd, "%s/board.png", dir);
    unlink(cmd);
    rmdir(dir);
}

int main(void)
{
    test_fields();
    test_falling_eu();
    test_topologies();
    test_hidden_monster();
    test_line_reader();
    test_generate();
    test_generate_heroes();
    char mission[1024];
    pt_mission("first-light", mission, sizeof mission);
    test_save_paths(mission);
    test_undo(mission);
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
    /* use: an item by id, drunk only when carried and hurt */
    a = pt_run(p, "use 0 nonsense");
    CHECK_STR_CONTAINS(a, "? 'nonsense' is not an item");
    free(a);
    a = pt_run(p, "use 0 healing_potion");
    CHECK_STR_CONTAINS(a, "? Barbarian carries no Potion of Healing");
    free(a);
    /* an unseen monster is no piece id */
    a = pt_run(p, "path 14 3 3");
    CHECK_STR_CONTAINS(a, "? '14' is not a piece id");
    free(a);
    a = pt_must(p, "reachable 0");
    CHECK(atoi(a + 2) > 0);
    free(a);

    /* Save, play on, restore: the state saved comes back. Saves go under
     * the working directory. */
    char dir[] = "/tmp/qb_proto_XXXXXX", home[PATH_MAX];
    CHECK(mkdtemp(dir) != NULL);
    CHECK(getcwd(home, sizeof home) != NULL);
    CHECK(chdir(dir) == 0);
    const char *save = "a.sav", *broken = "b.sav";
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
    a = pt_run(p, "save nonexistent-dir/x.sav");
    CHECK(a[0] == '?');
    free(a);
    unlink(save);
    unlink(broken);
    CHECK(chdir(home) == 0);
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
