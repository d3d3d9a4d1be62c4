/* Command-line tools for mission authors: --check and --dump-rooms. */
#pragma once

#include "../mission/bitmap.h"

#include <stdio.h>

/* Prints "W H N" and then the room index of every square, a row a line.
 * Returns the process exit status: 0, or 2 after printing "FILE: reason"
 * to stderr. */
int cli_dump_rooms(const char *path, const BitmapLimits *limits, FILE *out);

/* Loads the file and prints one line of key=value facts about it.
 * Returns 0, or 2 after printing every error to stderr. */
int cli_check(const char *path, const BitmapLimits *limits, FILE *out);
