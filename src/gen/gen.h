/* Procedural missions (docs/generator.md).
 *
 * gen_generate makes an ordinary mission from a style, a seed and a few
 * options: the bitmap's pixels and the mission XML, which genfile writes
 * as board.png + mission.xml. Each style is a pipeline of small stages
 * over the layers of a GenMap (seed 001); population then places heroes,
 * monsters, furniture, traps, treasure, a boss and the objectives by a
 * difficulty budget. Before anything is handed back the XML is parsed by
 * the mission loader's own reader and schema, the board is built from
 * the pixels, the loader's checks run, and the mission is verified fair
 * (genverify: every room, key, exit and objective reachable from the
 * start, doors and keys considered); a layout that fails is made again
 * from the next attempt's seed.
 *
 * Deterministic: integer arithmetic only, one PCG32 stream per attempt,
 * so the same options give the same bytes on every machine. No SDL.
 */
#pragma once

#include "../mission/catalogue.h"
#include "../mission/errors.h"
#include "../mission/mission.h"
#include "gendata.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef enum GenStyle {
    GEN_STYLE_DUNGEON,
    GEN_STYLE_CAVERNS,
    GEN_STYLE_WILDS,
    GEN_STYLE_COUNT
} GenStyle;

typedef enum GenDifficulty {
    GEN_DIFFICULTY_EASY,
    GEN_DIFFICULTY_NORMAL,
    GEN_DIFFICULTY_HARD,
    GEN_DIFFICULTY_COUNT
} GenDifficulty;

/* Board sides the generator makes (the standard board is 26x19). */
#define GEN_MIN_SIDE 12
#define GEN_MAX_SIDE 4096
#define GEN_DEFAULT_WIDTH 26
#define GEN_DEFAULT_HEIGHT 19
/* Layouts tried before giving up. */
#define GEN_MAX_ATTEMPTS 24
/* Stages timed in GenStats. */
#define GEN_MAX_STAGES 24

typedef struct GenOptions {
    GenStyle style;
    uint64_t seed;
    int width, height;        /* GEN_MIN_SIDE..GEN_MAX_SIDE */
    int heroes;               /* party size 1..4 */
    GenDifficulty difficulty;
} GenOptions;

/* How a generation went, for tools and benchmarks. */
typedef struct GenStats {
    int attempts; /* layouts made; 1 when the first was fair */
    int rooms;    /* rooms of the board (board_room_count) */
    int regions;  /* rooms, caves and huts */
    int monsters, furniture, doors, traps;
    int stage_count;
    const char *stage_name[GEN_MAX_STAGES];
    double stage_ms[GEN_MAX_STAGES]; /* of the last attempt */
    double total_ms;                 /* all attempts, verification included */
} GenStats;

/* What generation makes. */
typedef struct GenResult {
    int width, height;
    uint8_t *rgba;   /* width * height pixels, R G B A */
    char *xml;       /* the mission XML, NUL-terminated */
    size_t xml_size; /* without the NUL */
    char id[MISSION_ID_MAX];
    char name[MISSION_TEXT_MAX];
    Mission *mission; /* the verified mission, loaded from the above; owned */
    GenStats stats;
} GenResult;

/* What generation reads: its data and the piece catalogue, with the
 * catalogue's path (the mission schema the result is checked against
 * sits beside it, as for mission_load). */
typedef struct GenSources {
    const GenData *data;
    const Catalogue *catalogue;
    const char *catalogue_path;
} GenSources;

/* Options for the standard board: dungeon, seed 1, 26x19, 4 heroes,
 * normal. */
GenOptions gen_default_options(void);

/* Checks the options' ranges; false with a message naming the option. */
bool gen_check_options(const GenOptions *o, char *err, size_t err_size);

/* Generates a mission. On success fills out (free with gen_result_free)
 * and returns true; on failure returns false with the reasons in errs
 * (bad options, or no fair layout in GEN_MAX_ATTEMPTS tries). The
 * mission's messages name "<id>/mission.xml". */
bool gen_generate(const GenOptions *o, const GenSources *src, GenResult *out, ErrorList *errs)
    __attribute__((warn_unused_result));

/* Frees what gen_generate made; a zeroed result is fine. */
void gen_result_free(GenResult *r);

/* Takes the verified mission out of the result (the caller destroys it
 * with mission_destroy). */
Mission *gen_result_take_mission(GenResult *r);

/* "dungeon", "caverns", "wilds"; parse is case-sensitive. */
const char *gen_style_name(GenStyle s);
bool gen_style_parse(const char *s, GenStyle *out);
/* "easy", "normal", "hard". */
const char *gen_difficulty_name(GenDifficulty d);
bool gen_difficulty_parse(const char *s, GenDifficulty *out);
/* Parses "WxH" within the generator's limits. */
bool gen_size_parse(const char *s, int *w, int *h);
