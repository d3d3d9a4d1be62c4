/* Save slots: the header line contract (format, parse, every refusal),
 * dates, safe file names, write/read round-trip, and listing a folder with
 * damaged files among good ones. */
#define _POSIX_C_SOURCE 200809L
#include "app/slots.h"
#include "check.h"
#include "core/fileio.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static char dir[] = "/tmp/qb-slots-XXXXXX";
static char saves[600];

static SlotHeader header(const char *slot, const char *mission, int turn, int64_t date)
{
    SlotHeader h = {.turn = turn, .date = date};
    snprintf(h.slot, sizeof h.slot, "%s", slot);
    snprintf(h.mission, sizeof h.mission, "%s", mission);
    return h;
}

/* Parses text and returns the error ("" on success). */
static const char *parse_error(const char *text)
{
    static char err[256];
    SlotHeader h;
    err[0] = 0;
    if (slots_header_parse(text, strlen(text), &h, NULL, err, sizeof err))
        return "";
    CHECK(err[0] != 0);
    return err;
}

static void test_dates(void)
{
    char buf[32];
    int64_t t = 0;
    CHECK(slots_date_format(0, buf, sizeof buf));
    CHECK_STR_CONTAINS(buf, "1970-01-01T00:00:00Z");
    CHECK(slots_date_format(1795352154, buf, sizeof buf));
    CHECK_STR_CONTAINS(buf, "2026-11-22T12:55:54Z");
    CHECK(slots_date_parse("2026-11-22T12:55:54Z", &t));
    CHECK_INT(t, 1795352154);
    CHECK(slots_date_parse("2024-02-29T00:00:00Z", &t));
    CHECK_INT(t, 1709164800);
    CHECK(slots_date_parse("9999-12-31T23:59:59Z", &t));
    CHECK_INT(t, 253402300799LL);
    CHECK(!slots_date_format(253402300800LL, buf, sizeof buf));
    CHECK(!slots_date_format(-1, buf, sizeof buf));
    CHECK(!slots_date_format(0, buf, 20)); /* no room for the NUL */
    const char *bad[] = {"2023-02-29T00:00:00Z",  "2026-04-31T00:00:00Z",
                         "2026-13-01T00:00:00Z",  "2026-00-10T00:00:00Z",
                         "2026-01-01T24:00:00Z",  "1969-12-31T23:59:59Z",
                         "2026-01-01 00:00:00Z",  "2026-01-01T00:00:00",
                         "2026-01-01T00:00:00Zx", "",
                         "+026-01-01T00:00:00Z"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        CHECK(!slots_date_parse(bad[i], &t));
        if (slots_date_parse(bad[i], &t))
            fprintf(stderr, "  accepted %s\n", bad[i]);
    }
    /* Every day of four years round-trips. */
    for (int64_t d = 19000; d < 19000 + 4 * 366; d++) {
        CHECK(slots_date_format(d * 86400 + 3661, buf, sizeof buf));
        CHECK(slots_date_parse(buf, &t) && t == d * 86400 + 3661);
    }
}

static void test_header_roundtrip(void)
{
    char line[SLOTS_HEADER_MAX], err[256];
    SlotHeader h = header("Before the crypt 100% = win", "Tåg\nof\tthe %20 Maze", 12, 1795352154);
    CHECK(slots_header_format(&h, line, sizeof line));
    CHECK_STR_CONTAINS(line, "questboard-slot 1 slot=Before%20the%20crypt%20100%25%20%3D%20win "
                             "mission=Tåg%0Aof%09the%20%2520%20Maze turn=12 "
                             "date=2026-11-22T12:55:54Z\n");
    CHECK_INT(strchr(line, '\n') - line + 1, strlen(line)); /* exactly one line */
    SlotHeader back;
    size_t hl = 0;
    char file[SLOTS_HEADER_MAX + 16];
    snprintf(file, sizeof file, "%sBODY", line);
    CHECK(slots_header_parse(file, strlen(file), &back, &hl, err, sizeof err));
    CHECK_INT(hl, strlen(line));
    CHECK(strcmp(back.slot, h.slot) == 0);
    CHECK(strcmp(back.mission, h.mission) == 0);
    CHECK_INT(back.turn, 12);
    CHECK_INT(back.date, 1795352154);

    /* The longest names, every one escaped, still fit SLOTS_HEADER_MAX. */
    memset(h.slot, ' ', SLOTS_TEXT_MAX - 1);
    memset(h.mission, '%', SLOTS_TEXT_MAX - 1);
    h.turn = 1000000000;
    CHECK(slots_header_format(&h, line, sizeof line));
    CHECK(slots_header_parse(line, strlen(line), &back, NULL, err, sizeof err));
    CHECK(memcmp(&back, &h, sizeof h) == 0);
    CHECK(!slots_header_format(&h, line, 100)); /* too small: refused, empty */
    CHECK_INT(strlen(line), 0);
    h.turn = -1;
    CHECK(!slots_header_format(&h, line, sizeof line));

    /* Fields in another order, unknown fields, CRLF, extra spaces. */
    const char *other = "questboard-slot 1  date=2026-01-02T03:04:05Z heroes=4 turn=0 "
                        "mission=M slot=S\r\nrest";
    CHECK(slots_header_parse(other, strlen(other), &back, &hl, err, sizeof err));
    CHECK_INT(hl, strlen(other) - 4);
    CHECK(strcmp(back.slot, "S") == 0 && back.turn == 0);
}

/* Hotseat players ride in an optional field: kept when given, "" when not,
 * and refused when they are not one digit 1-4 per hero. */
static void test_header_players(void)
{
    char line[SLOTS_HEADER_MAX], err[256];
    SlotHeader h = header("Two of us", "First Light", 3, 1795352154);
    SlotHeader back;
    CHECK(slots_header_format(&h, line, sizeof line));
    CHECK(strstr(line, "players=") == NULL);
    CHECK(slots_header_parse(line, strlen(line), &back, NULL, err, sizeof err));
    CHECK(strcmp(back.players, "") == 0);
    snprintf(h.players, sizeof h.players, "1213");
    CHECK(slots_header_format(&h, line, sizeof line));
    CHECK_STR_CONTAINS(line, " players=1213\n");
    CHECK(slots_header_parse(line, strlen(line), &back, NULL, err, sizeof err));
    CHECK(strcmp(back.players, "1213") == 0);
    CHECK_STR_CONTAINS(parse_error("questboard-slot 1 slot=a mission=b turn=1 "
                                   "date=2026-11-22T12:55:54Z players=15\n"),
                       "players '15'");
    CHECK_STR_CONTAINS(parse_error("questboard-slot 1 slot=a mission=b turn=1 "
                                   "date=2026-11-22T12:55:54Z players=\n"),
                       "players ''");
    /* the monster side's player likewise (absent: the computer) */
    CHECK(strstr(line, "monsters=") == NULL);
    CHECK_INT(back.monsters, 0);
    h.monsters = 2;
    CHECK(slots_header_format(&h, line, sizeof line));
    CHECK_STR_CONTAINS(line, " players=1213 monsters=2\n");
    CHECK(slots_header_parse(line, strlen(line), &back, NULL, err, sizeof err));
    CHECK_INT(back.monsters, 2);
    h.monsters = 5;
    CHECK(!slots_header_format(&h, line, sizeof line));
    CHECK_STR_CONTAINS(parse_error("questboard-slot 1 slot=a mission=b turn=1 "
                                   "date=2026-11-22T12:55:54Z monsters=0\n"),
                       "monsters '0'");
}

static void test_header_refusals(void)
{
    const char *ok = " slot=a mission=b turn=1 date=2026-01-01T00:00:00Z\n";
    char text[2048];
    CHECK_INT(strlen(parse_error("questboard-slot 1 slot=a mission=b turn=1 "
                                 "date=2026-01-01T00:00:00Z\n")),
              0);
    CHECK_STR_CONTAINS(parse_error(""), "not a Questboard save");
    CHECK_STR_CONTAINS(parse_error("\x89PNG\r\n\x1a\n"), "not a Questboard save");
    CHECK_STR_CONTAINS(parse_error("questboard-slotgame 1\n"), "not a Questboard save");
    snprintf(text, sizeof text, "questboard-slot 2%s", ok);
    CHECK_STR_CONTAINS(parse_error(text), "save format '2' is not 1");
    snprintf(text, sizeof text, "questboard-slot 10%s", ok);
    CHECK_STR_CONTAINS(parse_error(text), "save format '10'");
    CHECK_STR_CONTAINS(parse_error("questboard-slot 1 slot=a mission=b tu"), "ends inside");
    memset(text, 'x', sizeof text);
    memcpy(text, "questboard-slot 1 slot=", 23);
    text[sizeof text - 1] = 0;
    CHECK_STR_CONTAINS(parse_error(text), "longer than 1024");
    CHECK_STR_CONTAINS(parse_error("questboard-slot 1 slot=a turn=1 date=2026-01-01T00:00:00Z\n"),
                       "no 'mission' field");
    CHECK_STR_CONTAINS(parse_error("questboard-slot 1 slot=a slot=b\n"), "'slot' given twice");
    CHECK_STR_CONTAINS(parse_error("questboard-slot 1 slot=a%2\n"), "bad %-escape");
    CHECK_STR_CONTAINS(parse_error("questboard-slot 1 slot=a%zz\n"), "bad %-escape");
    CHECK_STR_CONTAINS(parse_error("questboard-slot 1 slot=a%00b\n"), "escaped NUL");
    CHECK_STR_CONTAINS(parse_error("questboard-slot 1 lonely\n"), "without 'name='");
    CHECK_STR_CONTAINS(parse_error("questboard-slot 1 =x\n"), "without 'name='");
    CHECK_STR_CONTAINS(parse_error("questboard-slot 1 turn=-1\n"), "turn '-1'");
    CHECK_STR_CONTAINS(parse_error("questboard-slot 1 turn=99999999999999999999\n"), "turn");
    CHECK_STR_CONTAINS(parse_error("questboard-slot 1 turn=1x\n"), "turn");
    CHECK_STR_CONTAINS(parse_error("questboard-slot 1 date=yesterday\n"), "date 'yesterday'");
    CHECK_STR_CONTAINS(parse_error("questboard-slot 1 date=2023-02-29T00:00:00Z\n"), "date");
    memset(text, 'n', 300);
    memcpy(text, "questboard-slot 1 slot=", 23);
    memcpy(text + 298, "\n", 2);
    CHECK_STR_CONTAINS(parse_error(text), "too long");
    /* A NUL inside the line: parse by length, not by strlen. */
    const char nul[] = "questboard-slot 1 slot=a\0 mission=b turn=1 date=2026-01-01T00:00:00Z\n";
    SlotHeader h;
    char err[256];
    CHECK(!slots_header_parse(nul, sizeof nul - 1, &h, NULL, err, sizeof err));
    CHECK_STR_CONTAINS(err, "NUL");
}

/* Random damage to a good header: parsing either fails with a reason or
 * gives values within their limits, and never reads past the bytes. */
static void test_header_mutations(void)
{
    SlotHeader h = header("Slot %1", "Mission = two", 42, 1795352154), back;
    char line[SLOTS_HEADER_MAX], err[256];
    CHECK(slots_header_format(&h, line, sizeof line));
    size_t n = strlen(line);
    uint32_t x = 7;
    for (int round = 0; round < 3000; round++) {
        char *copy = malloc(n); /* exact size, no NUL: ASan sees any overread */
        memcpy(copy, line, n);
        for (int k = 0; k < 3; k++) {
            x = x * 1103515245u + 12345u;
            copy[(x >> 8) % n] = (char)(x >> 24);
        }
        x = x * 1103515245u + 12345u;
        size_t len = n - (x >> 8) % 8;
        size_t hl = 0;
        err[0] = 0;
        if (slots_header_parse(copy, len, &back, &hl, err, sizeof err)) {
            CHECK(back.turn >= 0 && back.date >= 0 && hl <= len);
            CHECK(strlen(back.slot) < SLOTS_TEXT_MAX && strlen(back.mission) < SLOTS_TEXT_MAX);
        } else {
            CHECK(err[0] != 0);
        }
        free(copy);
    }
}

static void test_names(void)
{
    char buf[SLOTS_FILE_MAX], path[256];
    CHECK(slots_file_for_number(1, buf, sizeof buf));
    CHECK_STR_CONTAINS(buf, "slot-01.qbsave");
    CHECK(slots_file_for_number(SLOTS_NUMBER_MAX, buf, sizeof buf));
    CHECK(slots_file_ok(buf));
    CHECK(!slots_file_for_number(0, buf, sizeof buf));
    CHECK(!slots_file_for_number(SLOTS_NUMBER_MAX + 1, buf, sizeof buf));
    CHECK(!slots_file_for_number(1, buf, 10));

    CHECK(slots_file_for_name("../../etc/passwd", buf, sizeof buf));
    CHECK(strcmp(buf, "save-etc-passwd.qbsave") == 0);
    CHECK(slots_file_for_name("Before the Crypt!!", buf, sizeof buf));
    CHECK(strcmp(buf, "save-before-the-crypt.qbsave") == 0);
    CHECK(slots_file_for_name("", buf, sizeof buf));
    CHECK(strcmp(buf, "save-unnamed.qbsave") == 0);
    CHECK(slots_file_for_name("....///\\\\", buf, sizeof buf));
    CHECK(strcmp(buf, "save-unnamed.qbsave") == 0);
    CHECK(slots_file_for_name(NULL, buf, sizeof buf));
    CHECK(slots_file_for_name("Tåg", buf, sizeof buf));
    CHECK(strcmp(buf, "save-t-g.qbsave") == 0);
    char longname[300];
    memset(longname, 'a', sizeof longname - 1);
    longname[sizeof longname - 1] = 0;
    CHECK(slots_file_for_name(longname, buf, sizeof buf));
    CHECK(strlen(buf) < SLOTS_FILE_MAX && slots_file_ok(buf));
    CHECK(!slots_file_for_name("x", buf, 20));

    const char *bad[] = {"../x.qbsave", "a/b.qbsave", ".qbsave", "x.qbsave.tmpAB12CD",
                         "X.qbsave",    "a.b.qbsave", "x.sav",   "",
                         "..qbsave"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
        CHECK(!slots_file_ok(bad[i]));
    CHECK(slots_file_ok(SLOTS_AUTOSAVE_FILE));
    CHECK(!slots_join("/saves", "../x.qbsave", path, sizeof path));
    CHECK(slots_join("/saves/", "slot-01.qbsave", path, sizeof path));
    CHECK(strcmp(path, "/saves/slot-01.qbsave") == 0);
    CHECK(slots_join("/saves", "slot-01.qbsave", path, sizeof path));
    CHECK(strcmp(path, "/saves/slot-01.qbsave") == 0);
    CHECK(!slots_join("/saves", "slot-01.qbsave", path, 10));
}

static void put_raw(const char *file, const char *text, size_t len)
{
    char path[700], err[256];
    snprintf(path, sizeof path, "%s/%s", saves, file);
    CHECK(fileio_write_atomic(path, text, len, err, sizeof err));
}

static void test_write_read(void)
{
    char err[512];
    SlotHeader h = header("First", "The Maze", 3, 1795352154), back;
    /* The folder does not exist yet: slots_write makes it. */
    /* The body is the rules engine's save text, kept byte for byte. */
    const char game[] = "questboard-save 1\nseed 42\nchecksum 0123\n";
    CHECK(slots_write(saves, "slot-01.qbsave", &h, game, sizeof game - 1, err, sizeof err));
    char *body = NULL;
    size_t size = 0;
    CHECK(slots_read(saves, "slot-01.qbsave", &back, &body, &size, err, sizeof err));
    CHECK_INT(size, sizeof game - 1);
    CHECK(body && strcmp(body, game) == 0);
    CHECK(strcmp(back.mission, "The Maze") == 0 && back.turn == 3);
    free(body);
    CHECK(!slots_write(saves, "../evil.qbsave", &h, "x", 1, err, sizeof err));
    CHECK_STR_CONTAINS(err, "not a save file name");
    CHECK(!slots_read(saves, "slot-99.qbsave", &back, &body, &size, err, sizeof err));
    CHECK_STR_CONTAINS(err, "slot-99.qbsave: cannot open");
    put_raw("slot-02.qbsave", "junk\n", 5);
    CHECK(!slots_read(saves, "slot-02.qbsave", &back, &body, &size, err, sizeof err));
    CHECK_STR_CONTAINS(err, "slot-02.qbsave:1: not a Questboard save");
    h.turn = -5;
    CHECK(!slots_write(saves, "slot-03.qbsave", &h, "x", 1, err, sizeof err));
    CHECK_STR_CONTAINS(err, "bad turn");
}

static const SlotInfo *find(const SlotList *l, const char *file)
{
    for (size_t i = 0; i < slots_list_count(l); i++)
        if (strcmp(slots_list_at(l, i)->file, file) == 0)
            return slots_list_at(l, i);
    return NULL;
}

static void test_listing(void)
{
    char err[512], path[700];
    /* No folder yet is no error: no saves. */
    snprintf(path, sizeof path, "%s/none", dir);
    SlotList *l = slots_list_create(path);
    CHECK_INT(slots_list_count(l), 0);
    CHECK_INT(strlen(slots_list_error(l)), 0);
    CHECK(slots_list_most_recent(l) == NULL && slots_list_autosave(l) == NULL);
    CHECK_INT(slots_list_free_number(l), 1);
    slots_list_destroy(l);

    SlotHeader a = header("Early", "M1", 2, 1000), b = header("Late", "M2", 9, 3000),
               c = header("Auto", "M2", 8, 2000);
    CHECK(slots_write(saves, "slot-01.qbsave", &a, "", 0, err, sizeof err));
    CHECK(slots_write(saves, "save-late.qbsave", &b, "B", 1, err, sizeof err));
    CHECK(slots_write(saves, SLOTS_AUTOSAVE_FILE, &c, "C", 1, err, sizeof err));
    put_raw("slot-02.qbsave", "\x89PNG\r\n\x1a\n\0\0\0", 11);
    put_raw("slot-03.qbsave", "", 0);
    put_raw("slot-04.qbsave", "questboard-slot 2 slot=x\n", 25);
    put_raw("slot-05.qbsave", "questboard-slot 1 slot=Cut mission=M tu", 39);
    put_raw("slot-06.qbsave", "questboard-save 1\nmission m.xml\n", 32); /* no header */
    put_raw("notes.txt", "not a save", 10);            /* ignored: other extension */
    put_raw("slot-07.qbsave.tmp123456", "partial", 7); /* ignored: a write in progress */
    snprintf(path, sizeof path, "%s/dir.qbsave", saves);
    CHECK(mkdir(path, 0700) == 0);
    snprintf(path, sizeof path, "%s/link.qbsave", saves);
    CHECK(symlink("/etc/passwd", path) == 0);

    l = slots_list_create(saves);
    CHECK_INT(strlen(slots_list_error(l)), 0);
    CHECK_INT(slots_list_count(l), 10);
    /* Good ones newest first, then the damaged by name. */
    CHECK(strcmp(slots_list_at(l, 0)->file, "save-late.qbsave") == 0);
    CHECK(strcmp(slots_list_at(l, 1)->file, SLOTS_AUTOSAVE_FILE) == 0);
    CHECK(strcmp(slots_list_at(l, 2)->file, "slot-01.qbsave") == 0);
    for (size_t i = 3; i < slots_list_count(l); i++)
        CHECK(slots_list_at(l, i)->damaged);
    CHECK(slots_list_at(l, 10) == NULL);
    CHECK(strcmp(slots_list_at(l, 3)->file, "dir.qbsave") == 0);
    CHECK(strcmp(slots_list_at(l, 0)->header.slot, "Late") == 0);
    CHECK_INT(slots_list_at(l, 0)->header.turn, 9);
    CHECK(slots_list_most_recent(l) == slots_list_at(l, 0));
    CHECK(slots_list_autosave(l) == slots_list_at(l, 1));
    CHECK_STR_CONTAINS(find(l, "dir.qbsave")->reason, "not a regular file");
    CHECK_STR_CONTAINS(find(l, "link.qbsave")->reason, "not a regular file");
    CHECK_STR_CONTAINS(find(l, "slot-02.qbsave")->reason, "not a Questboard save");
    CHECK_STR_CONTAINS(find(l, "slot-03.qbsave")->reason, "empty file");
    CHECK_STR_CONTAINS(find(l, "slot-04.qbsave")->reason, "save format '2'");
    CHECK_STR_CONTAINS(find(l, "slot-05.qbsave")->reason, "ends inside");
    CHECK_STR_CONTAINS(find(l, "slot-06.qbsave")->reason, "bare game save without");
    CHECK_INT(slots_list_free_number(l), 7);
    slots_list_destroy(l);

    /* A finished game is not continued: the newest save still being
     * played is (the outcome field round-trips; unknown values refused) */
    SlotHeader won = header("Late", "M2", 9, 3000);
    snprintf(won.outcome, sizeof won.outcome, "victory");
    CHECK(slots_write(saves, "save-late.qbsave", &won, "B", 1, err, sizeof err));
    l = slots_list_create(saves);
    CHECK(strcmp(slots_list_at(l, 0)->file, "save-late.qbsave") == 0);
    CHECK(strcmp(slots_list_at(l, 0)->header.outcome, "victory") == 0);
    CHECK(strcmp(slots_list_most_recent(l)->file, SLOTS_AUTOSAVE_FILE) == 0);
    slots_list_destroy(l);
    CHECK_STR_CONTAINS(parse_error("questboard-slot 1 slot=a mission=b turn=1 "
                                   "date=2026-11-22T12:55:54Z outcome=won\n"),
                       "outcome 'won'");
    CHECK(slots_write(saves, "save-late.qbsave", &b, "B", 1, err, sizeof err));

    /* A damaged autosave is no autosave; the most recent is then another. */
    put_raw(SLOTS_AUTOSAVE_FILE, "questboard-slot 1 slot=Auto\n", 28);
    l = slots_list_create(saves);
    CHECK(slots_list_autosave(l) == NULL);
    CHECK(strcmp(slots_list_most_recent(l)->file, "save-late.qbsave") == 0);
    CHECK_STR_CONTAINS(find(l, SLOTS_AUTOSAVE_FILE)->reason, "no 'mission' field");
    slots_list_destroy(l);

    /* Not a folder at all: an error, and an empty list. */
    snprintf(path, sizeof path, "%s/slot-01.qbsave", saves);
    l = slots_list_create(path);
    CHECK_INT(slots_list_count(l), 0);
    CHECK_STR_CONTAINS(slots_list_error(l), "cannot list the saves");
    slots_list_destroy(l);
    slots_list_destroy(NULL);
}

/* Backdates saves/file by seconds. */
static void age(const char *file, int seconds)
{
    char path[700];
    snprintf(path, sizeof path, "%s/%s", saves, file);
    struct timespec t[2];
    clock_gettime(CLOCK_REALTIME, &t[0]);
    t[0].tv_sec -= seconds;
    t[1] = t[0];
    CHECK(utimensat(AT_FDCWD, path, t, 0) == 0);
}

static bool present(const char *file)
{
    char path[700];
    snprintf(path, sizeof path, "%s/%s", saves, file);
    struct stat st;
    return lstat(path, &st) == 0;
}

/* A save interrupted by kill -9 leaves slot-NN.qbsave.tmpXXXXXX: listing
 * the folder removes the stale ones of slot files; a fresh one (a write in
 * progress) and files not ours stay. */
static void test_stale_temps(void)
{
    put_raw("slot-08.qbsave.tmpQw3rTy", "partial", 7);
    put_raw("autosave.qbsave.tmpAAAAAA", "partial", 7);
    put_raw("Notes.txt.tmpQw3rTy", "mine", 4);
    age("slot-08.qbsave.tmpQw3rTy", FILEIO_STALE_TEMP_SECONDS + 5);
    age("autosave.qbsave.tmpAAAAAA", FILEIO_STALE_TEMP_SECONDS + 5);
    age("Notes.txt.tmpQw3rTy", FILEIO_STALE_TEMP_SECONDS + 5);
    SlotList *l = slots_list_create(saves);
    CHECK(!present("slot-08.qbsave.tmpQw3rTy"));
    CHECK(!present("autosave.qbsave.tmpAAAAAA"));
    CHECK(present("Notes.txt.tmpQw3rTy"));
    CHECK(present("slot-07.qbsave.tmp123456")); /* fresh: a write in progress */
    slots_list_destroy(l);
    char path[700];
    snprintf(path, sizeof path, "%s/Notes.txt.tmpQw3rTy", saves);
    unlink(path);
}

static void clean(void)
{
    const char *files[] = {"slot-01.qbsave",           "slot-02.qbsave", "slot-03.qbsave",
                           "slot-04.qbsave",           "slot-05.qbsave", "save-late.qbsave",
                           SLOTS_AUTOSAVE_FILE,        "notes.txt",      "slot-06.qbsave",
                           "slot-07.qbsave.tmp123456", "link.qbsave"};
    char path[700];
    for (size_t i = 0; i < sizeof files / sizeof *files; i++) {
        snprintf(path, sizeof path, "%s/%s", saves, files[i]);
        unlink(path);
    }
    snprintf(path, sizeof path, "%s/dir.qbsave", saves);
    rmdir(path);
    CHECK(rmdir(saves) == 0);
    CHECK(rmdir(dir) == 0);
}

int main(void)
{
    CHECK(mkdtemp(dir) != NULL);
    snprintf(saves, sizeof saves, "%s/saves", dir);
    test_dates();
    test_header_roundtrip();
    test_header_players();
    test_header_refusals();
    test_header_mutations();
    test_names();
    test_write_read();
    test_listing();
    test_stale_temps();
    clean();
    return check_finish("slots");
}
