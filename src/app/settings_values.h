/* The values of settings.ini's lines, apart from any setting (settings.c
 * reads the file): booleans, names from a list, and untrusted text made
 * safe to quote in a message. No SDL. */
#pragma once

#include <stdbool.h>
#include <stddef.h>

/* "true", "yes", "on", "1" and "false", "no", "off", "0", any case, into
 * *out; false (and *out untouched) for anything else. */
bool settings_parse_bool(const char *v, bool *out);

/* The index of v among the count names (any case), or -1. */
int settings_parse_name(const char *v, const char *const *names, int count);

/* Copies untrusted text into out (size at least 8) for a message: control
 * bytes become '?', and long text is cut (at a UTF-8 boundary) with
 * "...". Returns out. */
const char *settings_shown(const char *text, char *out, size_t size);

/* True when path is a symbolic link whose target lies outside the folder
 * holding the link (or cannot be resolved): not read as settings. */
bool settings_links_outside(const char *path);

/* "a, b or c" of the count names, into out (size > 0). Returns out. */
const char *settings_names_list(const char *const *names, int count, char *out, size_t size);
