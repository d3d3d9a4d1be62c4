/* Writing quest packs (docs/packs.md): entries gathered in memory, then
 * one zip archive written with libzip, the manifest first and every other
 * entry in name order, with fixed times and modes, so the same files
 * always make the same bytes. PNG files are stored as they are (they are
 * compressed already), everything else deflated, unless deflating takes
 * an entry past the readers' ratio cap.
 *
 * What goes in is the caller's choice (src/app/packcli.c loads a mission,
 * campaign or save to find its files); this module checks only what every
 * pack must satisfy: entry names (pack_name_problem), no duplicates, the
 * caps of pack.h.
 */
#pragma once

#include "pack.h"

typedef struct PackBuilder PackBuilder;

PackBuilder *packbuild_create(void);
void packbuild_destroy(PackBuilder *b);

/* Adds size bytes (copied) as entry name. False with the reason in errs
 * for a bad or repeated name or a cap passed. */
bool packbuild_add(PackBuilder *b, const char *name, const void *data, size_t size,
                   ErrorList *errs);

/* Adds the regular file at path as entry name. */
bool packbuild_add_file(PackBuilder *b, const char *name, const char *path, ErrorList *errs);

/* Adds the PNG files under folder dir (regular files only: symbolic links
 * and anything else are left out, so nothing outside dir is packed; at
 * most PACK_MAX_DEPTH levels), as prefix/RELATIVE. A missing folder adds
 * nothing. */
bool packbuild_add_art(PackBuilder *b, const char *prefix, const char *dir, ErrorList *errs);

/* True when an entry of that name was added. */
bool packbuild_has(const PackBuilder *b, const char *name);

/* Number of entries added. */
size_t packbuild_count(const PackBuilder *b);

/* The pack: m's texts (title, author, licence: valid UTF-8, at most
 * PACK_MAX_TEXT bytes) and what it holds, which must be entries added,
 * then the entries. Returns the bytes (free them) or NULL with the reason
 * in errs. */
uint8_t *packbuild_finish(PackBuilder *b, const PackManifest *m, size_t *size, ErrorList *errs);
