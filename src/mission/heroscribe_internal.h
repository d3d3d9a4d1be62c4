/* The HeroScribe importer's parts (heroscribe.c reads, heroscribe_place.c
 * lays out and places, heroscribe_text.c reads the notes and speech for
 * objectives, heroscribe_write.c writes the XML). Internal to
 * src/mission. */
#pragma once

#include "heroscribe.h"

#include <libxml/tree.h>

#include <stdbool.h>
#include <stddef.h>

#define HS_MAX_NOTES 1000
#define HS_MAX_WARNED_IDS 256
/* Kill objectives chosen from the text, at most. */
#define HS_MAX_KILLS 6
#define HS_MAX_FINDS 3
/* Verb phrases looked at, at most, so a text of a thousand "kill"s costs
 * no more than a quest's. */
#define HS_MAX_PHRASES 64

typedef enum HsKind {
    HS_FURNITURE,   /* what: catalogue furniture type */
    HS_CHEST_TRAP,  /* a chest (what) with a chest trap */
    HS_BLOCKED,     /* furniture the game lacks: its squares become rubble; what: why */
    HS_HERO,        /* what: hero type */
    HS_MONSTER,     /* what: monster type */
    HS_DOOR,        /* what: "normal", "open" or "trapped" */
    HS_SECRET_DOOR,
    HS_TRAP,        /* what: trap kind; every footprint square is one trap */
    HS_RUBBLE,
    HS_COSMETIC,    /* drawn only: nothing to import, nothing to say */
    HS_SKIP,        /* known, no counterpart: what says why */
} HsKind;

typedef struct HsObjectInfo {
    const char *id;
    HsKind kind;
    const char *what;
    int w, h; /* footprint at rotation downward */
} HsObjectInfo;

typedef struct HsObject {
    char id[48];
    int left, top; /* rounded, 1-based, board-local */
    int rotation;  /* 0 downward, 1 rightward, 2 upward, 3 leftward */
    int board;
    int line;
} HsObject;

typedef struct HsDark {
    int left, top, width, height, board, line;
} HsDark;

typedef struct HsBridge {
    int column, row, position; /* 1-based boards; position: row or column of the crossing */
    bool vertical;
    int line;
} HsBridge;

typedef struct HsNote {
    char *text;
    char *low;      /* text in lower case (for the heuristics) */
    int line;
    char label[16]; /* the mark it explains ("A", "3"), or "" */
    int mark;       /* index into HsQuest.marks, or -1 */
} HsNote;

typedef struct HsMark {
    char label[16];
    int x, y; /* square (global, 0-based) */
    int line;
} HsMark;

typedef enum HsPlaceKind {
    HSP_HERO,
    HSP_MONSTER,
    HSP_DOOR,
    HSP_FURNITURE,
    HSP_RUBBLE,
    HSP_TRAP,
    HSP_TREASURE,
    HSP_EXIT,
    HSP_OBJECTIVE,
    HSP_NOTE,
    HSP_KIND_COUNT
} HsPlaceKind;

/* One line of the mission XML to be. */
typedef struct HsPlaced {
    HsPlaceKind kind;
    int line; /* the quest's line it comes from */
    int x, y;
    char type[32]; /* hero/monster/furniture type, trap kind, door kind, treasure kind,
                      objective kind ("kill", "find", "escape") */
    char id[32];   /* monster/furniture/treasure id, objective target */
    int rotation;  /* furniture: degrees */
    int side;      /* door: 0 north, 1 east, 2 south, 3 west */
    bool has_fall; /* falling block (EU): its arrow's square fx,fy */
    int fx, fy;
    bool open;
    int amount;
    char label[16];
    char *text; /* treasure name, objective text, note text (owned) */
} HsPlaced;

typedef struct HsQuest {
    const char *name; /* the file, for messages */
    const Catalogue *cat;
    ErrorList *warnings;
    char title[MISSION_TEXT_MAX];
    bool eu;
    int boards_w, boards_h;
    int board_count;
    HsObject *objects;
    size_t object_count;
    HsDark *dark;
    size_t dark_count;
    HsBridge *bridges;
    size_t bridge_count;
    char *speech;
    int speech_line;
    HsNote *notes;
    size_t note_count;
    char warned[HS_MAX_WARNED_IDS][48];
    size_t warned_count;

    /* the board: squares 0-based, all boards with their gaps */
    int width, height;
    char *cell;        /* 0 no square, '.' corridor, 'A'..'V' room, '#' rock, '=' bridge */
    int *occupied;     /* line of what stands there, 0 when free */
    unsigned char *door_edges; /* bit 0: a door on the east edge, bit 1: on the south edge */
    HsMark marks[64];
    size_t mark_count;
    HsPlaced *placed;
    size_t placed_count, placed_cap;
    int stair_x, stair_y; /* top-left square of the first stairway, or -1 */
    int hero_line[4];     /* barbarian, dwarf, elf, wizard: line of its start, or 0 */
    char wandering[MISSION_ID_MAX];
    int wandering_line;
    /* the objectives' heuristics: the monster types on the map, what was
     * chosen, and how many phrases were tried (bounded: the text is the
     * input's) */
    const PieceType *types[32];
    int type_count;
    int kills, finds, kill_phrases, find_phrases;
} HsQuest;

const HsObjectInfo *hs_object_info(const char *id);
bool hs_mark_label(const char *id, char *label, size_t size);
void hs_warn(HsQuest *q, int line, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* Warns about id once: the first object with it names the line. */
void hs_warn_once(HsQuest *q, const char *id, int line, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* The text of an element with mixed content (XHTML in notes): text nodes
 * joined, elements separated by a space, white space folded. New string. */
char *hs_mixed_text(const xmlNode *node);

/* Square (x,y) of the whole board is floor: a corridor, room or bridge. */
bool hs_floor(const HsQuest *q, int x, int y);
/* A new placement (zeroed but for kind and line). */
HsPlaced *hs_add(HsQuest *q, HsPlaceKind kind, int line);

void hs_layout(HsQuest *q);
void hs_place(HsQuest *q);
void hs_objectives(HsQuest *q);
void hs_write(HsQuest *q, HeroscribeImport *out);
