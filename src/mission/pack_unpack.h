/* Writing a checked pack's files to disk (docs/packs.md, "Where packs
 * go"). Entry names were checked when the pack was read (pack.h), so
 * joining them to a folder never leaves it; files are created new
 * (O_EXCL, O_NOFOLLOW) inside a folder this module has just made. */
#pragma once

#include "pack.h"

/* Writes every entry and the manifest under the new folder target, which
 * must not exist: into a temporary folder beside it (TARGET.tmpXXXXXX),
 * renamed to target once whole. On any failure the temporary folder is
 * removed and nothing is left behind. False with the reason in errs. */
bool pack_unpack(const Pack *pack, const char *target, ErrorList *errs);

/* The folder of root/.unpacked/ where pack (named by the SHA-256 of its
 * bytes) is unpacked, unpacking it there first unless an earlier unpack of
 * the same bytes is there already. root is the user's missions folder; the
 * folder's path goes to out. Stale temporaries of an interrupted unpack
 * (older than a minute) are removed first. */
bool pack_unpack_cached(const Pack *pack, const char *root, char *out, size_t out_size,
                        ErrorList *errs);

/* Removes the folder tree at path (nftw without following links, so a
 * link inside is removed, never what it points at). */
void pack_remove_tree(const char *path);
