/* Where the game's data files are: the source tree when run from a build
 * folder, else the installed data directory (both from config.h). */
#pragma once

#include <stddef.h>

/* The data folder holding assets/ and missions/; never NULL. An environment
 * variable QUESTBOARD_DATA overrides it (used by tests). */
const char *paths_data_dir(void);

/* Joins the data folder and a relative path into buf. Returns buf. */
char *paths_data_file(const char *relative, char *buf, size_t size);

/* The bundled default mission. Returns buf. */
char *paths_default_mission(char *buf, size_t size);
