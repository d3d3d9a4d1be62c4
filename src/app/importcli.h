/* questboard --import QUEST.xml DIR: a HeroScribe quest written as an
 * ordinary mission folder (docs/heroscribe.md). */
#pragma once

#include "../mission/bitmap.h"
#include "cliargs.h"

#include <stdbool.h>
#include <stdio.h>

/* Converts the quest at path, loads the result as the game would, prints
 * its warnings (the skipped objects, then --check's) to stderr and, unless
 * strict and there were warnings, writes dir/board.png and
 * dir/mission.xml (replacing a mission already there only when force).
 * Prints the mission file's path and facts to out. Returns the exit
 * status: 0, or 2 after printing every problem. */
int importcli_run(const char *path, const char *dir, const BitmapLimits *limits, bool force,
                  bool strict, FILE *out);

/* The mode --import QUEST DIR [--force] [--strict] (cliargs.h). */
extern const CliMode importcli_mode;
