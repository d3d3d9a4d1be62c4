/* Command-line tools for mission authors: --check and --dump-rooms. */
#pragma once

#include "../mission/bitmap.h"
#include "../mission/mission.h"

#include <stdbool.h>
#include <stdio.h>

/* True when path names a mission XML file (by its ".xml" ending); other
 * files are read as bare bitmaps. */
bool cli_is_mission_xml(const char *path);

/* Loads a mission (XML or bare bitmap) with the catalogue from the data
 * folder (assets/pieces.xml). NULL with every problem in errs. */
Mission *cli_load_mission(const char *path, const BitmapLimits *limits, ErrorList *errs);

/* Prints "W H N" and then the room index of every square, a row a line.
 * path is a bitmap or a mission XML (whose palette may change types).
 * Returns the process exit status: 0, or 2 after printing every error
 * ("FILE: reason", "FILE:LINE: message") to stderr. */
int cli_dump_rooms(const char *path, const BitmapLimits *limits, FILE *out);

/* Loads the file and prints one line of key=value facts about it; for a
 * mission XML the line ends with heroes= monsters= doors= furniture=
 * objectives=. Returns 0, or 2 after printing every error to stderr. */
int cli_check(const char *path, const BitmapLimits *limits, FILE *out);
