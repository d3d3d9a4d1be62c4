/* A mission: the board (from its bitmap) plus everything the XML places on
 * it, checked for meaning. The data is plain and read-only once loaded:
 * rules copy what they need into the game state, rendering reads it.
 *
 * All positions are board squares: 0-based, x right, y down. Every
 * placement remembers the XML line it came from so later checks and the
 * game can point authors at it.
 */
#pragma once

#include "../core/board.h"
#include "catalogue.h"
#include "errors.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define MISSION_FORMAT_VERSION 1
#define MISSION_ID_MAX CATALOGUE_ID_MAX
#define MISSION_TEXT_MAX 128
#define MISSION_NOTE_LABEL_MAX 16

typedef enum DoorKind { DOOR_NORMAL, DOOR_LOCKED, DOOR_SECRET, DOOR_KIND_COUNT } DoorKind;

typedef enum TrapKind {
    TRAP_PIT,
    TRAP_SPEAR,
    TRAP_FALLING_BLOCK,
    TRAP_CHEST, /* springs on the first treasure search of its room */
    TRAP_KIND_COUNT
} TrapKind;

/* Which rulebook decides where HeroQuest's editions differ. */
typedef enum MissionEdition { MISSION_EDITION_US, MISSION_EDITION_EU, MISSION_EDITION_COUNT } MissionEdition;

typedef enum ObjectiveKind {
    OBJECTIVE_KILL,        /* kill the monster whose id is target */
    OBJECTIVE_REACH_SQUARE,/* any hero stands on pos */
    OBJECTIVE_REACH_ROOM,  /* any hero stands in the room containing pos */
    OBJECTIVE_ESCAPE,      /* every living hero has left by an exit */
    OBJECTIVE_FIND_ITEM,   /* the treasure item whose id is target is found */
    OBJECTIVE_KIND_COUNT
} ObjectiveKind;

typedef struct MissionHero {
    char type[MISSION_ID_MAX]; /* catalogue id of a hero type */
    BoardPos pos;
    int line;
} MissionHero;

typedef struct MissionMonster {
    char id[MISSION_ID_MAX];   /* optional name objectives refer to ("" if none) */
    char type[MISSION_ID_MAX]; /* catalogue id of a monster type */
    BoardPos pos;
    int line;
} MissionMonster;

/* A door sits on the edge between pos and its neighbour in direction side;
 * the loader normalises side to GRID_DIR_EAST or GRID_DIR_SOUTH. */
typedef struct MissionDoor {
    BoardPos pos;
    GridDir side;
    DoorKind kind;
    int line;
    char key[MISSION_ID_MAX]; /* locked doors: id of the item treasure that opens it */
    int key_treasure;         /* index of that treasure, set by the checks; else -1 */
    bool open;                /* open from the start (a doorway, an open door) */
} MissionDoor;

typedef struct MissionFurniture {
    char id[MISSION_ID_MAX];   /* optional name treasure and traps refer to */
    char type[MISSION_ID_MAX]; /* catalogue id of a furniture type */
    BoardPos pos;              /* top-left square of the rotated footprint */
    int rotation;              /* 0, 90, 180 or 270 degrees clockwise */
    int width, height;         /* rotated footprint in squares */
    int line;
} MissionFurniture;

typedef struct MissionSquare {
    BoardPos pos;
    int line;
} MissionSquare;

typedef struct MissionTrap {
    TrapKind kind;
    BoardPos pos;                  /* chest traps naming a treasure: set by the checks */
    char treasure[MISSION_ID_MAX]; /* chest traps: the treasure guarded, or "" */
    int damage;                    /* chest traps: body points lost (default 1) */
    /* falling blocks: the square next to the trap the block falls into
     * under EU rules (the arrow of a HeroScribe map); without one, or
     * under US rules, it falls on the trap's own square */
    bool has_fall;
    BoardPos fall;
    int line;
} MissionTrap;

typedef struct MissionTreasure {
    char id[MISSION_ID_MAX];
    char name[MISSION_TEXT_MAX];    /* what the finder is told */
    TreasureKind kind;
    int amount;
    char furniture[MISSION_ID_MAX]; /* inside this furniture id, or "" */
    char item[MISSION_ID_MAX];      /* potions and items: the catalogue item kept, or "" */
    bool own_item;                  /* item was made for this treasure (mission_add_own_items) */
    int32_t room;                   /* else: found by searching this room */
    BoardPos pos;                   /* a square of that room, as written */
    int line;
} MissionTreasure;

/* What meeting an objective earns in a campaign. */
#define MISSION_MAX_REWARDS 4
typedef struct MissionReward {
    int gold;                  /* coins for every hero alive at the end, or 0 */
    char item[MISSION_ID_MAX]; /* a catalogue item for the hero who met it, or "" */
    int line;
} MissionReward;

typedef struct MissionObjective {
    ObjectiveKind kind;
    char target[MISSION_ID_MAX]; /* monster id (kill) or treasure id (find) */
    BoardPos pos;                /* reach-square / reach-room */
    char text[MISSION_TEXT_MAX]; /* what the player reads */
    int line;
    MissionReward rewards[MISSION_MAX_REWARDS];
    int reward_count;
} MissionObjective;

/* An author's note: about the whole mission, or on a square (the letter
 * and number marks of HeroScribe quests). Never shown to players in play;
 * the author's view (--reveal) shows notes on squares. */
typedef struct MissionNote {
    char label[MISSION_NOTE_LABEL_MAX]; /* "A", "12", or "" */
    BoardPos pos;                       /* the square, or (-1,-1): the whole mission */
    char *text;
    int line;
} MissionNote;

/* What a translation (<translations>, mission_lang.h) stands for. */
typedef enum {
    MISSION_TR_NAME,
    MISSION_TR_BRIEFING,
    MISSION_TR_VICTORY,
    MISSION_TR_DEFEAT,
    MISSION_TR_OBJECTIVE, /* objective n's text */
    MISSION_TR_NOTE,      /* note n's text */
    MISSION_TR_ROOM,      /* a palette colour's room name; index: its 0xRRGGBB */
    MISSION_TR_TREASURE,  /* treasure n's name (the treasure found, a key a door names) */
    MISSION_TR_KIND_COUNT
} MissionTrKind;

#define MISSION_LANG_MAX 36 /* an xml:lang value ("de", "pt-BR") */

/* A text of the mission in one language: <name xml:lang="de">, or
 * <objective n="2" xml:lang="de" text="..."/> for the second objective. */
typedef struct MissionTranslation {
    MissionTrKind kind;
    int index; /* objective or note (from 0), a room's colour (0xRRGGBB); 0 for the others */
    char lang[MISSION_LANG_MAX];
    char *text;
    int line;
} MissionTranslation;

typedef struct MissionPaletteEntry {
    uint32_t rgb;
    bool has_type;
    SquareType type;
    char name[CATALOGUE_NAME_MAX]; /* "Throne room", or "" */
    bool has_corridor;             /* corridor="…" was given */
    bool corridor;                 /* its value */
    bool sealed;                   /* sealed="true": its rooms have no door on purpose */
    char area[MISSION_ID_MAX];     /* area="…": colours of one area form rooms together; "" none */
    int cost;                      /* cost="N": movement to enter a square of it, 1..MISSION_MAX_COST */
    int line;
} MissionPaletteEntry;

/* Most a palette colour's cost="N" may be (a step's cost is one byte). */
#define MISSION_MAX_COST 100

/* Optional rule settings. */
typedef struct MissionRules {
    int hero_move_dice;                         /* default 2 */
    char heroes_allowed[4][MISSION_ID_MAX];     /* "" entries unused; all "" = any */
    char wandering_monster[MISSION_ID_MAX];     /* monster type, default "orc" */
    int turn_limit;                             /* 0 = none */
    MissionEdition edition;                     /* default US */
    int line;                                   /* of <rules> (0: none, the mission's) */
    int hero_lines[4];                          /* of each heroes_allowed <hero> */
} MissionRules;

#define MISSION_MOOD_MAX 16

typedef struct Mission {
    char *path;        /* the file loaded (XML or bitmap) */
    char *dir;         /* its folder */
    char *bitmap_path; /* resolved bitmap path inside dir */
    char *bitmap_name; /* the bitmap as the XML names it (relative to dir), or NULL */
    /* dir when the mission ships art of its own (a folder tiles/ or
     * sprites/ beside its XML, docs/tiles.md), else NULL */
    char *art_dir;
    int bitmap_line;   /* line of <board> in the XML (0 for a bare bitmap) */
    bool bare;         /* loaded from a bare bitmap, not an XML file */
    int line;          /* line of <mission> (0 for a bare bitmap) */
    char id[MISSION_ID_MAX];
    int version;
    char *name;
    char *briefing;
    char *victory_text; /* <victory>: read at the end when the quest is won ("" if none) */
    char *defeat_text;  /* <defeat>: ...when it is lost */
    uint64_t seed;     /* for sprite variants; from the XML or a hash of the id */
    uint64_t hash;     /* FNV-1a of the XML and bitmap bytes, for saves */
    /* <music mood="...">: the ambient music (a Mood of common.xsd); ""
     * when the mission names none (the default of assets/sounds.xml) */
    char mood[MISSION_MOOD_MAX];
    int mood_line;

    Board *board;
    /* <board topology diagonal-cost hex-offset>: the board's topology, its
     * square8 ratio and hex offset (the size is the bitmap's; board_grid
     * has the board's own). */
    Grid shape;
    Catalogue *catalogue; /* the shared catalogue plus the mission's own types */

    MissionPaletteEntry *palette;
    size_t palette_count;
    MissionHero *heroes;
    size_t hero_count;
    MissionMonster *monsters;
    size_t monster_count;
    MissionDoor *doors;
    size_t door_count;
    MissionFurniture *furniture;
    size_t furniture_count;
    MissionSquare *rubble;
    size_t rubble_count;
    MissionTrap *traps;
    size_t trap_count;
    MissionTreasure *treasure;
    size_t treasure_count;
    MissionSquare *exits; /* extra exit squares besides stairway furniture */
    size_t exit_count;
    MissionObjective *objectives;
    size_t objective_count;
    MissionNote *notes;
    size_t note_count;
    /* <translations>: the texts above in other languages, in file order
     * (mission_lang.h picks the player's) */
    MissionTranslation *translations;
    size_t translation_count;
    MissionRules rules;
    /* What the loader tolerated ("FILE:LINE: warning: ..."): the objects of
     * a HeroScribe quest it skipped (heroscribe.h). analysis_run reports
     * them first, so --check, --strict and the picker see them. */
    char **load_warnings;
    size_t load_warning_count;
    /* The ids of the types the mission's <types> defines (their sprites
     * are checked: mission_check_sprites), in file order. */
    char (*own_types)[CATALOGUE_ID_MAX];
    size_t own_type_count;
    /* The game's shared sprite folder (assets/sprites beside the
     * catalogue the mission was loaded with), or NULL. */
    char *sprites_dir;
} Mission;

typedef struct MissionLoadOptions {
    const char *catalogue_path; /* assets/pieces.xml; the schemas sit beside it */
    const Catalogue *catalogue; /* optional: already loaded from catalogue_path */
    int max_side;               /* bitmap limits (0: defaults) */
    long long max_squares;
    long long max_rooms;        /* most rooms on the board (0: BOARD_DEFAULT_MAX_ROOMS) */
    const Grid *shape;          /* NULL: the mission's own topology (square for a bare
                                   bitmap); else this one (--topology) */
} MissionLoadOptions;

/* Looks for the mission's own art: sets m->art_dir when m->dir holds a
 * folder tiles/ or sprites/. A tiles or sprites there that is a symbolic
 * link or no folder is left out with a load warning, so the renderer
 * never reads art from outside the mission's folder through it. */
void mission_find_art(Mission *m);

/* Warns (`FILE:LINE: warning: …`, at the type's line) about each sprite
 * of the mission's own types that names no picture: neither
 * sprites/NAME.png in the mission's own art folder nor NAME.png in
 * m->sprites_dir, so the game would draw a stand-in. Adds a did-you-mean
 * from the pictures of that folder. Returns how many it added. Does
 * nothing without m->sprites_dir. */
size_t mission_check_sprites(const Mission *m, ErrorList *warnings);

/* Loads a mission XML file, or a bare bitmap (PNG/BMP) as a mission with
 * the four heroes on the first walkable squares of room 1 and nothing
 * else. On failure returns NULL with every problem in errs (up to its cap),
 * each naming file and line. Never reads outside the mission's folder. */
Mission *mission_load(const char *path, const MissionLoadOptions *opts, ErrorList *errs);

/* Like mission_load, but from bytes in memory: xml (named xml_name in
 * messages; NULL/0 for a bare bitmap) and the bitmap's bytes, which stand
 * for whatever file the XML names. Reads no mission file from disk (the
 * catalogue and schemas still come from opts). Used by the fuzzer. */
Mission *mission_load_memory(const char *xml_name, const uint8_t *xml, size_t xml_size,
                             const uint8_t *bitmap, size_t bitmap_size,
                             const MissionLoadOptions *opts, ErrorList *errs);

/* Like mission_load_memory, with the bitmap already decoded: width x
 * height pixels, R G B A (the generator's, checked before it writes any
 * file). Needs no SDL. opts->catalogue_path still names where the
 * schemas are; the limits apply to the pixels' size. The hash covers the
 * XML and the pixel bytes. */
Mission *mission_load_pixels(const char *xml_name, const uint8_t *xml, size_t xml_size, int width,
                             int height, const uint8_t *rgba, const MissionLoadOptions *opts,
                             ErrorList *errs);

/* Frees the mission; NULL does nothing. */
void mission_destroy(Mission *mission);

/* The <name> of the mission file at path, read without loading the
 * mission (its bitmap, its checks): what a list of missions shows, in
 * the player's language when its <translations> have it (mission_lang.h).
 * "" when the file has none, does not parse or is no mission. */
void mission_file_name(const char *path, char *buf, size_t size);

/* A deep copy of everything but the board (the copy's board is NULL): the
 * editor's undo keeps a mission's description as it was. Free it with
 * mission_destroy. A new field of Mission that mission_destroy frees must
 * be copied in mission_clone.c too. */
Mission *mission_clone(const Mission *mission);

/* Resolves rel, a path an XML file (file, line) names relative to its
 * folder dir, safely: relative, no "..", its real path inside dir's real
 * path (no symbolic link leads out), a regular file. what ("bitmap",
 * "mission") and owner ("mission", "campaign") word the messages. On
 * success *out is the real path (free it); else false with the reason. */
bool mission_confine(const char *dir, const char *rel, const char *what, const char *owner,
                     const char *file, int line, char **out, ErrorList *errs);
/* Makes every potion and item treasure that names no catalogue item an
 * item of the mission's own catalogue (a potion restoring its amount, or a
 * quest item), and names it in the treasure's item: id the treasure's id,
 * or "find-X-Y" after the square it is found on (its own or its
 * furniture's; "find-X-Y-2"... for more there) when it has none or a
 * catalogue item has it, never its place in the file. Heroes carry them like any item. The loader calls it; missions
 * built in code call it before game_create. Calling it again changes
 * nothing. */
void mission_add_own_items(Mission *mission);

/* The terrain costs: per square (row-major), what entering it costs in
 * movement (the palette's cost="N" of its colour, 1 when none), or NULL
 * when every square costs 1 (the rules then keep to breadth-first
 * search). Free the array. Linear in the board's area. */
uint8_t *mission_square_costs(const Mission *mission);

/* Display name of a colour from the palette, or NULL. */
const char *mission_colour_name(const Mission *mission, uint32_t rgb);

/* True when the rooms of this room's colour count as a corridor (seen
 * square by square, searched square by square, never for treasure): the
 * palette's corridor="true"/"false" when given, else a palette name
 * containing "corridor" or "passage", else (no name) when the room fills
 * less than half of its bounding box, because corridors wind. False for
 * room indices below 1. */
bool mission_room_is_corridor(const Mission *mission, int32_t room);

/* mission_room_is_corridor's rule for room r, given e, the first palette
 * entry of its colour with a corridor attribute or a name (NULL if none),
 * for callers that look the palette up themselves. */
bool mission_palette_corridor(const MissionPaletteEntry *e, const BoardRoom *r);

/* The palette's entries sorted by colour, ties in file order (free the
 * array), so that a caller asking about many colours (the analysis, the
 * lint) pays log(palette) a colour rather than the palette's length. */
const MissionPaletteEntry **mission_palette_sorted(const Mission *mission);

/* Where colour rgb's entries start in sorted (n entries), their number in
 * *count (0 when the palette lacks the colour). */
size_t mission_palette_find(const MissionPaletteEntry *const *sorted, size_t n, uint32_t rgb,
                            size_t *count);

/* The furniture whose footprint covers pos, or NULL. */
const MissionFurniture *mission_furniture_at(const Mission *mission, BoardPos pos);

/* The door on the edge on side dir (orthogonal) of pos, whichever of its
 * two squares it was written from, or NULL. */
const MissionDoor *mission_door_at(const Mission *mission, BoardPos pos, GridDir dir);

/* True when heroes may leave the dungeon from pos: an <exits> square or a
 * square of furniture whose type has PIECE_EXIT (the stairway). */
bool mission_is_exit(const Mission *mission, BoardPos pos);

/* Names: "normal"/"locked"/"secret", "pit"/"spear"/"falling_block"/"chest",
 * "us"/"eu", ... */
const char *mission_edition_name(MissionEdition edition);
const char *mission_door_kind_name(DoorKind kind);
const char *mission_trap_kind_name(TrapKind kind);
const char *mission_treasure_kind_name(TreasureKind kind);
const char *mission_objective_kind_name(ObjectiveKind kind);
