/* Save slots: the files in the saves folder (the game passes its pref path
 * + "saves/"), what each one holds, and the rules for naming them.
 *
 * THE CONTRACT WITH THE SAVE WRITER. A slot file is one header line,
 * written by slots_header_format (or slots_write), followed by the body:
 * the save text of the rules engine (src/rules/save.h, save_format), as it
 * is, its own "questboard-save 3" first line and checksum included:
 *
 *     questboard-slot 1 slot=Crypt%20run mission=The%20Maze turn=12 date=2026-11-22T12:55:54Z
 *     questboard-save 3
 *     mission missions/first-light/mission.xml
 *     ...
 *
 * slots_read hands back the body, ready for save_parse; line N of the body
 * is line N + 1 of the file (say so in messages). The header is outside the
 * rules' checksum: it is only what a listing shows, checked here.
 *
 * - "questboard-slot" then the header version (1), then space-separated
 *   name=value fields in any order; readers ignore names they do not know,
 *   so later versions may add fields without breaking older listings.
 * - Values are percent-escaped: every byte that is a control character, a
 *   space, '%', '=' or DEL is written %XX (two upper-case hex digits); all
 *   other bytes, UTF-8 included, are written as they are. %00 is refused.
 * - slot: the name the player sees; mission: the mission's display name;
 *   turn: a whole number >= 0; date: when it was written, UTC, ISO 8601
 *   "YYYY-MM-DDTHH:MM:SSZ". All four are required.
 * - The line is at most SLOTS_HEADER_MAX bytes including its '\n', so a
 *   listing reads only the start of each file.
 *
 * Slot FILE names are made here only: "slot-NN.qbsave" for numbered slots,
 * "save-<name>.qbsave" for named ones, "autosave.qbsave" for the autosave.
 * They hold only [a-z0-9-] before the extension (no path separator, no
 * "..", no leading dot) and fit in SLOTS_FILE_MAX. A damaged or unreadable
 * file is listed as damaged with a reason, never fatal.
 */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define SLOTS_HEADER_MAGIC "questboard-slot"
/* How the rules engine's save text (the body) starts. */
#define SLOTS_BODY_MAGIC "questboard-save"
#define SLOTS_HEADER_VERSION 1
#define SLOTS_HEADER_MAX 1024
#define SLOTS_EXTENSION ".qbsave"
#define SLOTS_AUTOSAVE_FILE "autosave" SLOTS_EXTENSION
/* Longest slot and mission names kept, including the NUL. */
#define SLOTS_TEXT_MAX 96
/* Longest file name made, including the NUL. */
#define SLOTS_FILE_MAX 64
/* Numbered slots run from 1 to this. */
#define SLOTS_NUMBER_MAX 99
/* A listing looks at this many files at most. */
#define SLOTS_LIST_MAX 1000
/* The largest save file slots_read accepts. */
#define SLOTS_FILE_BYTES_MAX (16u * 1024 * 1024)

/* Most heroes a "players" field names. */
#define SLOTS_PLAYERS_MAX 8

/* What the header line of a save says. */
typedef struct {
    char slot[SLOTS_TEXT_MAX];
    char mission[SLOTS_TEXT_MAX];
    int turn;
    int64_t date; /* seconds since 1970-01-01 UTC */
    /* Optional (hotseat): the player, '1'..'4', of each hero in hero order,
     * e.g. "1213"; "" when one player plays every hero. */
    char players[SLOTS_PLAYERS_MAX + 1];
    /* Optional (hotseat): the player, 1..4, of the monster side of a game
     * with a monster player; 0 (no field) when the computer plays it. */
    int monsters;
    /* Optional: "victory" or "defeat" once the mission is over, "" while
     * it is played (Continue offers only games still being played). */
    char outcome[12];
} SlotHeader;

/* One file of a listing. */
typedef struct {
    char file[SLOTS_FILE_MAX]; /* name inside the folder */
    bool damaged;              /* then reason says why and header is zero */
    char reason[256];
    SlotHeader header;
    int64_t mtime_ns;
} SlotInfo;

typedef struct SlotList SlotList;

/* Writes h as a header line ending in '\n' into buf. False (buf then "")
 * when it does not fit or h is invalid (negative turn, date before 1970 or
 * after 9999). SLOTS_HEADER_MAX bytes always suffice. */
bool slots_header_format(const SlotHeader *h, char *buf, size_t size)
    __attribute__((warn_unused_result));

/* Parses the header line at the start of data (len bytes, need not be
 * NUL-terminated). On success fills out and *header_len (bytes of the line
 * with its '\n'; header_len may be NULL). False with a reason in err when
 * the line is missing, too long, truncated, of another version, or holds a
 * bad field. Names longer than SLOTS_TEXT_MAX - 1 bytes are refused. */
bool slots_header_parse(const char *data, size_t len, SlotHeader *out, size_t *header_len,
                        char *err, size_t err_size) __attribute__((warn_unused_result));

/* Formats t (seconds since 1970 UTC) as "YYYY-MM-DDTHH:MM:SSZ" into buf
 * (at least 21 bytes). False when t is outside years 1970-9999. */
bool slots_date_format(int64_t t, char *buf, size_t size);

/* Parses "YYYY-MM-DDTHH:MM:SSZ" (a real calendar date) into *t. */
bool slots_date_parse(const char *text, int64_t *t);

/* The file name of numbered slot n (1..SLOTS_NUMBER_MAX) into buf, which
 * needs SLOTS_FILE_MAX bytes. False when n or size is out of range. */
bool slots_file_for_number(int n, char *buf, size_t size);

/* A safe file name for a slot the player named: "save-" + the name with
 * ASCII letters lower-cased, digits kept and every run of anything else
 * made one '-', cut to fit SLOTS_FILE_MAX; "save-unnamed" when nothing is
 * left. buf needs SLOTS_FILE_MAX bytes; false when size is smaller. */
bool slots_file_for_name(const char *name, char *buf, size_t size);

/* True when file is a name this module could have made: [a-z0-9-] then
 * SLOTS_EXTENSION, shorter than SLOTS_FILE_MAX. Rejects separators, "..",
 * and anything else. */
bool slots_file_ok(const char *file);

/* Whether name ends in SLOTS_EXTENSION (a saved game's file, wherever it is). */
bool slots_has_extension(const char *name);

/* folder + "/" + file into buf; false when file is not slots_file_ok or
 * the result does not fit. */
bool slots_join(const char *folder, const char *file, char *buf, size_t size);

/* Writes header and body atomically to folder/file, creating folder (one
 * level) when missing. False with the path and reason in err. */
bool slots_write(const char *folder, const char *file, const SlotHeader *h, const void *body,
                 size_t body_size, char *err, size_t err_size) __attribute__((warn_unused_result));

/* Reads folder/file: fills h and gives the body after the header line in a
 * new NUL-terminated buffer *body (caller frees) of *body_size bytes. False
 * with "<path>: reason" (or "<path>:1: reason" for the header) in err. */
bool slots_read(const char *folder, const char *file, SlotHeader *h, char **body, size_t *body_size,
                char *err, size_t err_size) __attribute__((warn_unused_result));

/* Lists the save files (names ending in SLOTS_EXTENSION) of folder: good
 * ones newest first (by header date, then file time), then damaged ones by
 * name. A missing folder gives an empty list. Never NULL. */
SlotList *slots_list_create(const char *folder);

/* Frees the list. NULL does nothing. */
void slots_list_destroy(SlotList *l);

/* Why the folder could not be listed in full ("" when it could). */
const char *slots_list_error(const SlotList *l);

/* The number of files listed. */
size_t slots_list_count(const SlotList *l);

/* File i of the listing (owned by l), or NULL when out of range. */
const SlotInfo *slots_list_at(const SlotList *l, size_t i);

/* The newest undamaged save of a game still being played (the title
 * screen's Continue), or NULL. */
const SlotInfo *slots_list_most_recent(const SlotList *l);

/* The undamaged autosave, or NULL. */
const SlotInfo *slots_list_autosave(const SlotList *l);

/* The lowest slot number 1..SLOTS_NUMBER_MAX whose file is not in the
 * list, or 0 when all are taken. */
int slots_list_free_number(const SlotList *l);
