/* questboard --generate DIR: a procedural mission written as a folder
 * (docs/generator.md). */
#pragma once

#include "../gen/gen.h"
#include "cliargs.h"

#include <stdbool.h>
#include <stdio.h>

/* Generates with o into folder dir (replacing its mission only when
 * force) and prints one line to out: the mission file's path, then
 * seed=, style=, size=, difficulty=, heroes=, rooms=, monsters=,
 * attempts= and ms=. Returns the exit status: 0, or 2 after printing
 * every problem to stderr. */
int gencli_run(const char *dir, const GenOptions *o, bool force, FILE *out);

/* A seed for when none was given: different on every call. */
uint64_t gencli_fresh_seed(void);

/* The mode --generate DIR [--style S] [--seed N] [--size WxH] [--heroes N]
 * [--difficulty D] [--force] (cliargs.h). */
extern const CliMode gencli_mode;
