/* HeroScribe quests (docs/heroscribe.md): the community's quest editor's
 * XML files, read as Questboard missions.
 *
 * heroscribe_convert turns a quest into what a mission folder holds: the
 * board's pixels (the standard 26x19 board drawn from
 * heroscribe_standard_board, several side by side for multi-board quests)
 * and mission XML text, so direct play and `--import` share one
 * conversion and play the same. The XML goes through the ordinary loader
 * (mission_load_pixels); nothing here builds a Mission by hand.
 *
 * Untrusted input like any mission file: the one DOCTYPE HeroScribe writes
 * is accepted as text and blanked before parsing (no DTD is read, nothing
 * is fetched or expanded; an internal subset or any other DOCTYPE is
 * refused), size and count limits hold, every problem is "FILE:LINE:
 * reason". Objects the game has no counterpart for are skipped with one
 * warning per id. No SDL.
 */
#pragma once

#include "catalogue.h"
#include "errors.h"
#include "mission.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The standard board's side, in squares. */
#define HEROSCRIBE_BOARD_W 26
#define HEROSCRIBE_BOARD_H 19
/* Most boards of a multi-board quest (public files use at most 4). */
#define HEROSCRIBE_MAX_BOARDS 16
/* Most objects, dark rectangles and bridges a quest may hold. */
#define HEROSCRIBE_MAX_OBJECTS 20000

/* Row y (0..18) of the standard board: '.' corridor, 'A'..'V' rooms. */
const char *heroscribe_standard_board(int y);

/* Where one objective of a converted quest came from. */
typedef struct HeroscribeSource {
    char *text;     /* the objective's text: "Kill Verag" */
    char *sentence; /* the quest's sentence it was read from, or NULL (the escape every
                       quest gets) */
    int line;       /* the line of the speech or note holding it, or 0 */
    bool speech;    /* it is in the speech (else in a note) */
} HeroscribeSource;

/* A converted quest. */
typedef struct HeroscribeImport {
    int width, height; /* the board in squares (pixels) */
    uint8_t *rgba;     /* width * height pixels, R G B A */
    char *xml;         /* the mission XML, NUL-terminated */
    size_t xml_size;
    int *lines;        /* lines[i]: the quest line output line i + 1 came from (0: none) */
    size_t line_count;
    char id[MISSION_ID_MAX];
    ErrorList warnings; /* "FILE:LINE: warning: ..." */
    HeroscribeSource *sources; /* one per objective, in the mission's order */
    size_t source_count;
} HeroscribeImport;

/* True when data is an XML document whose root element is <quest>: the
 * prolog (declaration, comments, DOCTYPE) is skipped, nothing parsed. */
bool heroscribe_sniff(const uint8_t *data, size_t size);

/* Converts the quest in data (name: its path, for messages and the
 * mission id). cat is the piece catalogue (for monster names). On success
 * fills out (free with heroscribe_free) and returns true; else false with
 * every problem in errs. */
bool heroscribe_convert(const char *name, const uint8_t *data, size_t size, const Catalogue *cat,
                        HeroscribeImport *out, ErrorList *errs)
    __attribute__((warn_unused_result));

/* Frees what heroscribe_convert made; a zeroed import is fine. */
void heroscribe_free(HeroscribeImport *imp);

/* Converts and loads the quest as a mission (mission_load's HeroScribe
 * branch): messages and every placement's line name the quest's lines,
 * the conversion's warnings ride along in mission->load_warnings. */
Mission *heroscribe_load(const char *path, const uint8_t *data, size_t size,
                         const MissionLoadOptions *opts, ErrorList *errs);
