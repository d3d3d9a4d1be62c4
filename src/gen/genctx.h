/* One generation attempt's state, shared by the stages of the pipeline
 * (internal to src/gen). A stage is a small function that reads what the
 * earlier ones made and adds one thing: a layer, the regions, the
 * passages, the themes, the monsters... It returns false when the
 * attempt cannot go on (too few rooms on this seed, say); the pipeline
 * then starts again from the next attempt's seed.
 */
#pragma once

#include "gen.h"
#include "gendata.h"
#include "genmap.h"
#include "genroute.h"

#include <stdbool.h>

/* Most regions a map gets, whatever its size: every door, monster and
 * piece of furniture is a line of the mission XML, which the loader caps
 * at 1 MiB and 10,000 entries of each kind. Big maps spread them out. */
#define GEN_MAX_REGIONS 2400
#define GEN_MAX_MONSTERS 3000
#define GEN_MAX_FURNITURE 3000
#define GEN_MAX_TRAPS 1200
#define GEN_MAX_TREASURES 1200
#define GEN_MAX_DOORS 8000
#define GEN_MAX_COLOURS 240
#define GEN_MAX_OBJECTIVES 4 /* the generator's: the goal and the way out */

/* A colour of the finished board with its palette line. */
typedef struct GenColour {
    uint32_t rgb;
    char name[CATALOGUE_NAME_MAX]; /* each colour's own: "Library", "Library II" */
    char base[CATALOGUE_NAME_MAX]; /* its theme's or terrain's: "Library" */
    char lang_name[GENDATA_LANG_MAX][CATALOGUE_NAME_MAX]; /* "Bibliothek II" */
    SquareType type; /* SQUARE_WALKABLE unless blocked */
    char area[CATALOGUE_ID_MAX];
    int cost; /* movement to enter (the palette's cost="N"), 1 for most */
} GenColour;

/* The quest's texts in one of the data's other languages, made from the
 * same entries as the English (genquest.c), written as the mission's
 * <translations> (genxml.c). */
typedef struct GenLangText {
    char place[GEN_FORM_COUNT][GENDATA_TEXT_MAX]; /* "in den Versunkenen Hallen von Vorlag" */
    char name[MISSION_TEXT_MAX];
    char briefing[2048];
    char objective[GEN_MAX_OBJECTIVES][MISSION_TEXT_MAX];
    char item[CATALOGUE_NAME_MAX]; /* the artifact's name */
    char key[CATALOGUE_NAME_MAX];  /* the goal room's key's */
} GenLangText;

typedef struct GenCtx {
    GenOptions opt;
    const GenData *data;
    const Catalogue *cat;
    Rng rng;
    GenMap *map;
    GenRoute *route;
    int attempt;
    /* chosen by the quest stages */
    GenGoalKind goal;
    int goal_region;       /* the lair, vault, cell or exit room */
    int boss_monster;      /* index in map->monsters, -1 none */
    char boss_name[CATALOGUE_NAME_MAX + 8]; /* "the " + the boss type's name */
    char item_name[GENDATA_TEXT_MAX];
    char captive[GENDATA_TEXT_MAX];
    char place[GENDATA_TEXT_MAX];   /* "the Sunken Halls of Vorlag" */
    char name[MISSION_TEXT_MAX];
    char briefing[2048];
    /* the entries chosen, for the other languages' words */
    int boss_index, item_index, captive_index, word_index[3];
    int item_treasure, key_treasure; /* in map->treasures, -1 none */
    GenLangText *lang;                 /* gendata_lang_count(data) of them */
    char wandering[CATALOGUE_ID_MAX];
    int next_id;           /* for furniture and treasure ids */
    /* the painted board and its XML */
    uint8_t *rgba;
    GenColour *colours;
    int colour_count;
    char *xml;
    size_t xml_size;
    /* what a style keeps between its stages, freed with style_free */
    void *style_data;
    void (*style_free)(void *style_data);
} GenCtx;

typedef bool (*GenStageFn)(GenCtx *c);

typedef struct GenStage {
    const char *name;
    GenStageFn run;
} GenStage;

/* The layout stages of each style (gendungeon.c, gencaverns.c,
 * genwilds.c); *count receives how many. */
const GenStage *gendungeon_stages(int *count);
const GenStage *gencaverns_stages(int *count);
const GenStage *genwilds_stages(int *count);

/* The stages every style shares after its layout (genpopulate.c,
 * genquest.c, genpaint.c). */
const GenStage *genpopulate_stages(int *count);

/* The style's bit in a GenStyleSet. */
static inline GenStyleSet gen_style_bit(const GenCtx *c)
{
    return 1u << c->opt.style;
}
