/* A cache for X11's Compose table. When the window opens, libX11's input
 * method (which SDL opens for text entry: dead keys and compose sequences
 * such as umlauts in the name fields) parses the locale's whole Compose
 * file, thousands of lines: a fifth of the title screen's start. libX11
 * keeps the parsed table in a cache file and maps it on the next start,
 * but only where a cache folder is set up: XCOMPOSECACHE, or
 * ~/.compose-cache when it exists. For a player with neither, the game
 * points XCOMPOSECACHE at a folder of its own cache. No SDL. */
#pragma once

#include <stdbool.h>
#include <stddef.h>

/* The folder to use (into out), from the environment's values (NULL when
 * unset): false when the user has a cache already (xcomposecache set, or
 * home_cache_exists: ~/.compose-cache), when running as root (libX11
 * keeps no cache for root), or with neither XDG_CACHE_HOME nor HOME. */
bool xcompose_cache_dir(const char *xcomposecache, const char *xdg_cache_home, const char *home,
                        bool home_cache_exists, bool root, char *out, size_t out_size);

/* Before the window opens: makes the folder (mode 0700: libX11 refuses a
 * folder others can write) and sets XCOMPOSECACHE for this process. Any
 * failure leaves things as they were (the table is parsed as before). */
void xcompose_cache_setup(void);
