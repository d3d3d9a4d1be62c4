/* Command-line tools for mission authors: --check, --dump-rooms and
 * --simulate. */
#pragma once

#include "../mission/bitmap.h"
#include "cliargs.h"
#include "../mission/mission.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

/* True when path names a mission XML file (by its ".xml" ending); other
 * files are read as bare bitmaps. */
bool cli_is_mission_xml(const char *path);

/* True when path is a campaign file: an XML file whose first element is
 * <campaign> (read from its head). */
bool cli_is_campaign_xml(const char *path);

/* Loads a mission (XML or bare bitmap) with the catalogue from the data
 * folder (assets/pieces.xml). NULL with every problem in errs. */
Mission *cli_load_mission(const char *path, const BitmapLimits *limits, ErrorList *errs);

/* Prints "W H N" and then the room index of every square, a row a line.
 * path is a bitmap or a mission XML (whose palette may change types).
 * Returns the process exit status: 0, or 2 after printing every error
 * ("FILE: reason", "FILE:LINE: message") to stderr. */
int cli_dump_rooms(const char *path, const BitmapLimits *limits, FILE *out);

/* Loads the file, analyses it (src/mission/analysis.h; a bare bitmap gets
 * the bitmap lint of lint.h) and prints one line of key=value facts about
 * it; for a mission XML the line goes on with heroes= monsters= doors=
 * furniture= objectives=, and it always ends with warnings=N. Warnings and
 * notes go to stderr first. A campaign file is checked with every mission
 * it names (each analysed too): "campaign=ID missions=N heroes=N offers=N
 * load_ms= warnings=N". Returns 0; 2 after printing every error to
 * stderr, or when strict and there was a warning. */
int cli_check(const char *path, const BitmapLimits *limits, bool strict, FILE *out);
/* cli_check with its errors and warnings written to err (the online
 * server keeps them to say why it refuses a pack). */
int cli_check_to(const char *path, const BitmapLimits *limits, bool strict, FILE *out, FILE *err);

/* What --simulate was asked for. */
typedef struct CliSimulate {
    int games;           /* N */
    uint64_t first_seed; /* --seed (default 1): games get first_seed .. first_seed + N - 1 */
    int jobs;            /* --jobs (default 1) */
    bool json;           /* --format json */
} CliSimulate;

/* Loads the mission at path and plays sim->games games with the bot
 * (src/bot/balance.h), then prints the balance report (text or JSON) to
 * out. For a campaign file, a report for each of its quests in order,
 * each played alone by a fresh party (text: each under a "== quest I of
 * N: PATH" line; JSON: {"campaign": ID, "quests": [REPORT, ...]}).
 * Returns 0, or 2 after printing the errors when a mission does not load
 * or cannot be played. */
int cli_simulate(const char *path, const BitmapLimits *limits, const CliSimulate *sim, FILE *out);

/* The modes of these tools (cliargs.h): --check FILE [--strict],
 * --dump-rooms FILE and --simulate N MISSION [--jobs K] [--seed S]
 * [--format text|json], each with the bitmap limits and --topology. */
extern const CliMode cli_check_mode;
extern const CliMode cli_dump_rooms_mode;
extern const CliMode cli_simulate_mode;
