/* The manifest of a quest pack (questpack.xml, assets/questpack.xsd):
 * what the pack holds and the size and SHA-256 of every other entry.
 * pack.c reads it, pack_write.c writes it; docs/packs.md shows one. */
#pragma once

#include "pack.h"

/* Parses pack->manifest_bytes into pack->manifest and checks it against
 * the entries: the version, every entry listed once with its size and
 * SHA-256 and nothing listed that is not there, the entries it names as
 * held present. False with the reason in errs. */
bool pack_manifest_check(Pack *pack, const char *name, const char *schema_path,
                         ErrorList *errs);

/* The manifest text for m and entries (count of them, names and digests
 * filled); the caller frees it. */
char *pack_manifest_format(const PackManifest *m, const PackEntry *entries, size_t count,
                           size_t *size);

/* Frees the manifest's strings; it is empty afterwards. */
void pack_manifest_clear(PackManifest *m);
