/* The HeroScribe importer's parts (heroscribe.c reads, heroscribe_place.c
 * lays out and places, heroscribe_text.c reads the notes (marks, the
 * wandering monster, gold), heroscribe_foes.c the named foes and their
 * stats, heroscribe_goals.c the objectives from the speech and notes,
 * heroscribe_write.c writes the XML). Internal to src/mission. */
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
/* Named foes read from the text, at most. */
#define HS_MAX_FOES 16
/* Doors on the board's outer edge (the ways in and out), at most. */
#define HS_MAX_EDGE_DOORS 16

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
    HSP_TYPE, /* a named foe's own monster type (heroscribe_foes.c) */
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
    int stats[5];  /* a type: move, attack, defend, body, mind */
    char label[16];
    char *text;    /* treasure name, objective text, note text, type name (owned) */
    char *source;  /* an objective: the sentence it was read from, or NULL (owned) */
} HsPlaced;

/* A foe the text names (heroscribe_foes.c): "ULAG: MOVEMENT 10 ATTACK 4
 * ...", "Use the Orc figure for Grak", "destroy Verag, a foul Gargoyle".
 * It becomes a monster type of the mission's own, with its name and the
 * stats given (else its figure's), on the figure that stands for it. */
typedef struct HsFoe {
    char name[32];  /* as the players read it: "Ulag" */
    char low[32];   /* lower case, to find it in the text */
    char id[32];    /* its type's and its monster's id: "ulag" */
    const PieceType *figure; /* the catalogue monster standing for it, or NULL */
    int stats[5];   /* move, attack, defend, body, mind, when has_stats */
    bool has_stats;
    int line;       /* the quest line that names it */
    int monster;    /* its monster: an index into placed, or -1 until placed */
    bool killed;    /* a kill objective names it already */
} HsFoe;

/* A door on the board's outer edge (DoorIn, DoorOut, Door at column 0 or
 * 27, row 0 or 20): the heroes' way in or out, on its inside square. */
typedef struct HsEdgeDoor {
    int x, y;
    bool in, out;
    int line;
} HsEdgeDoor;

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
    int kills, finds, kill_phrases, find_phrases, figure_phrases;
    HsFoe foes[HS_MAX_FOES];
    int foe_count;
    HsEdgeDoor edge_doors[HS_MAX_EDGE_DOORS];
    size_t edge_door_count;
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

/* heroscribe_text.c: text helpers the foes and goals share. */
char *hs_lower_copy(const char *s);
bool hs_is_word_char(char c);
/* word (lower case) in text (lower case) as a whole word, or NULL. */
const char *hs_find_word(const char *text, const char *word);
/* The catalogue monster whose name the text starts with (the longest),
 * letters only, any case ("Chaos Warrior", "chaos-warrior"). */
const PieceType *hs_monster_named(const HsQuest *q, const char *text);
/* The room letter (A..V) mark stands in, or 0 (a corridor). */
char hs_mark_room(const HsQuest *q, int mark);
/* The board (0-based, row by row) square (x,y) lies on. */
int hs_board_of(const HsQuest *q, int x, int y);
/* Lower-cases the notes and finds their labels; the wandering monster;
 * gold the notes name; the notes and marks as author notes. */
void hs_read_notes(HsQuest *q);
void hs_add_notes(HsQuest *q);

/* heroscribe_foes.c */
/* The foes whose stats or figure the notes give, placed on their figures. */
void hs_foes_from_notes(HsQuest *q);
/* The foe named in phrase (lower case, after a kill verb; orig the same
 * text in its own case), or -1: a known foe's name, or "NAME, a ... TYPE"
 * (an apposition), which makes the foe. */
int hs_foe_in_phrase(HsQuest *q, const char *phrase, const char *orig, int line);
/* Puts foe f on a monster of its figure (once); false when none is free. */
bool hs_foe_place(HsQuest *q, int f);

/* heroscribe_goals.c: the objectives (docs/heroscribe.md). */
/* The monster of type a singular "kill the X" means (name_low: a word a
 * lettered note about it holds), or NULL. */
HsPlaced *hs_pick_monster(HsQuest *q, const char *type, const char *name_low);

void hs_layout(HsQuest *q);
void hs_place(HsQuest *q);
void hs_objectives(HsQuest *q);
void hs_write(HsQuest *q, HeroscribeImport *out);
