/* Missions a window fetched from a server (docs/network.md, "Quest packs
 * online"), kept in the user's cache folder: $XDG_CACHE_HOME/questboard/
 * missions (else ~/.cache/questboard/missions). A fetched mission is kept
 * as the pack the server sent, named by the mission's hash (HASH.questpack:
 * the name is ours, never the server's), and opened as any untrusted pack
 * (packcli_open: read and checked, unpacked under CACHE/.unpacked), so
 * nothing is written outside the cache folder. No SDL.
 */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The cache folder's path into out; false when neither XDG_CACHE_HOME
 * (absolute) nor HOME is set. The folder is made when something is kept. */
bool onlinefetch_cache_dir(char *out, size_t size);

/* The mission XML of the mission of that hash kept in cache (opened and
 * unpacked); false when none is kept, or the kept one is damaged. */
bool onlinefetch_cached(const char *cache, uint64_t hash, char *mission, size_t size);

/* Keeps size bytes the server sent for the mission of that hash: read
 * and checked as a pack first, then written atomically as
 * CACHE/HASH.questpack and opened; the mission XML into mission. False
 * with why (and nothing kept). */
bool onlinefetch_keep(const char *cache, uint64_t hash, const uint8_t *data, size_t size,
                      char *mission, size_t mission_size, char *why, size_t why_size);

/* The name a pack file is uploaded under: its file name without
 * .questpack, lower-cased, every other character '-' (at most 48). */
void onlinefetch_pack_name(const char *path, char *out, size_t size);
