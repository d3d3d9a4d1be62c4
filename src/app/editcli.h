/* questboard --edit-script SCRIPT: the mission editor's commands
 * (docs/editor.md) run one a line, headless, each answered in the
 * protocol's framing on standard output. */
#pragma once

#include "cliargs.h"

#include <stdio.h>

/* Runs the commands of in (the script) on a new editor session, answers
 * to out. Returns the exit status: 0 when every command was accepted, 1
 * when one was refused, 2 when the session cannot start (the data
 * folder's catalogue does not load). */
int editcli_run(FILE *in, FILE *out);

/* The mode --edit-script SCRIPT ("-": standard input). */
extern const CliMode editcli_mode;
