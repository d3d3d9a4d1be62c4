/* The mission generator's data: assets/generator.xml (schema
 * assets/generator.xsd), read like every other data file (untrusted,
 * validated, errors with file and line). It holds the content the
 * generator builds with, so no room theme, boss or name is written into
 * the code: the colours of the squares outside rooms, room themes with
 * their furniture and preferred monsters, bosses, artifacts, captives,
 * words for quest names, objective texts and briefings, and the three
 * difficulty levels.
 */
#pragma once

#include "../core/board.h"
#include "../mission/catalogue.h"
#include "../mission/errors.h"

#include <stdbool.h>
#include <stdint.h>

#define GENDATA_TEXT_MAX 128
#define GENDATA_BRIEFING_MAX 1024
#define GENDATA_MAX_PIECES 6
#define GENDATA_MAX_MONSTERS 8
#define GENDATA_LANG_MAX 4 /* languages besides the untagged English */

/* The squares that are not rooms; order of the ids in the file's enum. */
typedef enum GenTerrain {
    GEN_TERRAIN_ROCK,
    GEN_TERRAIN_PASSAGE,
    GEN_TERRAIN_GRASS,
    GEN_TERRAIN_FOREST,
    GEN_TERRAIN_HILLS,
    GEN_TERRAIN_ROAD,
    GEN_TERRAIN_WATER,
    GEN_TERRAIN_MOUNTAIN,
    GEN_TERRAIN_COUNT
} GenTerrain;

/* Bits of a style set (1 << GenStyle in gen.h). */
typedef unsigned GenStyleSet;

/* What a theme may be chosen for. */
typedef enum GenUse {
    GEN_USE_ROOM,  /* any room */
    GEN_USE_ENTRY, /* where the heroes start */
    GEN_USE_LAIR,  /* the boss's room */
    GEN_USE_VAULT, /* where the artifact lies */
    GEN_USE_CELL,  /* where the captive is held */
    GEN_USE_EXIT,  /* the way out of an escape */
    GEN_USE_COUNT
} GenUse;

typedef enum GenGoalKind {
    GEN_GOAL_KILL,
    GEN_GOAL_FIND,
    GEN_GOAL_RESCUE,
    GEN_GOAL_ESCAPE,
    GEN_GOAL_RETURN, /* the escape that follows another objective */
    GEN_GOAL_KEY,    /* a locked goal room: the key's name, a line of briefing */
    GEN_GOAL_KIND_COUNT
} GenGoalKind;

typedef struct GenTerrainInfo {
    char name[CATALOGUE_NAME_MAX];
    uint32_t rgb;
    SquareType type;
    char area[CATALOGUE_ID_MAX]; /* "" when the colour makes rooms of its own */
    int cost;
} GenTerrainInfo;

typedef struct GenThemePiece {
    char type[CATALOGUE_ID_MAX];
    int min, max;
} GenThemePiece;

typedef struct GenTheme {
    char id[CATALOGUE_ID_MAX];
    char name[CATALOGUE_NAME_MAX];
    uint32_t rgb;
    GenStyleSet styles;
    unsigned uses; /* bits of GenUse */
    int weight;
    GenThemePiece pieces[GENDATA_MAX_PIECES];
    int piece_count;
    char monsters[GENDATA_MAX_MONSTERS][CATALOGUE_ID_MAX];
    int monster_count;
} GenTheme;

typedef struct GenBoss {
    char base[CATALOGUE_ID_MAX];
    char name[CATALOGUE_NAME_MAX];
    int body, attack, defend, mind; /* added to the base type's */
    GenStyleSet styles;
} GenBoss;

typedef struct GenWord {
    int list; /* 0 adjective, 1 place, 2 owner */
    char text[GENDATA_TEXT_MAX];
    GenStyleSet styles;
} GenWord;

typedef struct GenGoal {
    GenGoalKind kind;
    char text[GENDATA_TEXT_MAX];
    char briefing[GENDATA_BRIEFING_MAX];
    GenStyleSet styles;
} GenGoal;

/* The forms of an entry's words in another language (a <lang> child,
 * docs/generator.md), which that language's templates ask for as
 * {key.form}: the bare text (a room's or treasure's name), the text with
 * its article in each case, and after "in" and "to" where the language
 * contracts them (German "im Thronsaal", "zur Gruft"). */
typedef enum GenForm {
    GEN_FORM_TEXT,
    GEN_FORM_NOM,
    GEN_FORM_ACC,
    GEN_FORM_DAT,
    GEN_FORM_GEN,
    GEN_FORM_IN,
    GEN_FORM_TO,
    GEN_FORM_COUNT
} GenForm;

/* The kinds of entry that carry words, each numbered in file order
 * (terrain by its GenTerrain). */
typedef enum GenEntry {
    GEN_ENTRY_TERRAIN,
    GEN_ENTRY_THEME,
    GEN_ENTRY_BOSS,
    GEN_ENTRY_ARTIFACT,
    GEN_ENTRY_CAPTIVE,
    GEN_ENTRY_WORD,
    GEN_ENTRY_GOAL,
    GEN_ENTRY_COUNT
} GenEntry;

/* An entry's words in one language. */
typedef struct GenSay {
    char form[GEN_FORM_COUNT][GENDATA_TEXT_MAX]; /* "" when not given */
    char briefing[GENDATA_BRIEFING_MAX];          /* a goal's */
    int line;
} GenSay;

typedef struct GenDifficultyInfo {
    int budget;  /* monsters' strength, percent of the party's */
    int traps;   /* per ten rooms */
    int potions; /* per ten rooms */
    int locked;  /* percent chance the goal room is locked */
    int secret;  /* percent of loop doors that are secret */
} GenDifficultyInfo;

typedef struct GenData GenData;

/* Loads and validates the data file (the schema generator.xsd sits beside
 * it). NULL with every problem in errs as "FILE:LINE: message". */
GenData *gendata_load(const char *path, ErrorList *errs);
void gendata_destroy(GenData *d);

const GenTerrainInfo *gendata_terrain(const GenData *d, GenTerrain t);
int gendata_theme_count(const GenData *d);
const GenTheme *gendata_theme(const GenData *d, int i);
int gendata_boss_count(const GenData *d);
const GenBoss *gendata_boss(const GenData *d, int i);
int gendata_artifact_count(const GenData *d);
const char *gendata_artifact(const GenData *d, int i);
int gendata_captive_count(const GenData *d);
const char *gendata_captive(const GenData *d, int i);
int gendata_word_count(const GenData *d);
const GenWord *gendata_word(const GenData *d, int i);
int gendata_goal_count(const GenData *d);
const GenGoal *gendata_goal(const GenData *d, int i);
/* The languages the file's entries are given in besides English (every
 * entry carries each: the loader refuses a file where one lacks it). */
int gendata_lang_count(const GenData *d);
const char *gendata_lang(const GenData *d, int lang);
/* Entry index of kind e in language lang. */
const GenSay *gendata_say(const GenData *d, GenEntry e, int index, int lang);
/* The attribute of a form: "text", "nom", "acc", "dat", "gen", "in", "to". */
const char *gendata_form_name(GenForm f);
/* level: 0 easy, 1 normal, 2 hard. */
const GenDifficultyInfo *gendata_difficulty(const GenData *d, int level);
