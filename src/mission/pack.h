/* Quest packs: one file, NAME.questpack, holding a mission, a campaign or
 * a game with its mission(s), the art they ship with and a manifest
 * (docs/packs.md).
 *
 * A pack is a zip archive read with libzip, entirely from memory, and
 * untrusted: before a byte is inflated every entry of the central
 * directory is checked (its name, its kind, duplicates, the count, the
 * sizes and the ratio of size to compressed size against the caps
 * below), then each entry is inflated with a cap at the size its header
 * declared, and finally the manifest (questpack.xml, checked against
 * assets/questpack.xsd) must list every other entry exactly once with its
 * size and SHA-256 (core/digest). The first problem refuses the whole
 * pack with a message naming the entry.
 *
 * This module has no SDL and never touches the disk but through
 * pack_read_file: the online server calls pack_read_memory on the bytes a
 * host sends, with the same caps.
 */
#pragma once

#include "../core/digest.h"
#include "errors.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define PACK_FORMAT_VERSION 1
#define PACK_EXTENSION ".questpack"
/* The manifest's entry name. */
#define PACK_MANIFEST "questpack.xml"

/* Caps (docs/packs.md, "Limits"): the defaults of PackCaps. */
#define PACK_MAX_BYTES (64u << 20)         /* the pack file itself */
#define PACK_MAX_ENTRIES 1024              /* entries, the manifest included */
#define PACK_MAX_ENTRY_BYTES (32u << 20)   /* one entry, inflated */
#define PACK_MAX_TOTAL_BYTES (128u << 20)  /* all entries, inflated */
#define PACK_MAX_RATIO 100                 /* inflated / compressed size ... */
#define PACK_RATIO_FLOOR (64u << 10)       /* ... for entries over 64 KiB */
#define PACK_MAX_NAME 200                  /* bytes of an entry name */
#define PACK_MAX_DEPTH 6                   /* folders in an entry name */
#define PACK_MAX_TEXT 200                  /* bytes of a title, author, licence */

/* The kinds of file in a zip entry's Unix mode (its external attributes'
 * high 16 bits), as the zip format stores them on every system. */
#define PACK_MODE_TYPE 0170000
#define PACK_MODE_FIFO 0010000
#define PACK_MODE_CHAR 0020000
#define PACK_MODE_DIR 0040000
#define PACK_MODE_BLOCK 0060000
#define PACK_MODE_FILE 0100000
#define PACK_MODE_LINK 0120000

/* The caps a reader applies; pack_read_memory takes NULL for the
 * defaults above (a server may pass tighter ones, tests smaller ones). */
typedef struct PackCaps {
    size_t max_bytes;
    size_t max_entries;
    size_t max_entry_bytes;
    size_t max_total_bytes;
    size_t max_ratio;
    size_t ratio_floor;
} PackCaps;

PackCaps pack_default_caps(void);

/* What a pack holds, and so what opening it does. */
typedef enum PackKind {
    PACK_MISSION,  /* a mission (folder): played */
    PACK_CAMPAIGN, /* a campaign file and its missions: the campaign opens */
    PACK_GAME,     /* a saved game and its mission: watched or continued */
    PACK_PARTY,    /* a campaign save and its campaign: the campaign resumes */
    PACK_KIND_COUNT
} PackKind;

typedef struct PackEntry {
    char *name;                 /* checked: see pack_name_problem */
    uint8_t *data;              /* inflated bytes, NUL-terminated (not counted) */
    size_t size;
    uint8_t sha256[DIGEST_SIZE];
} PackEntry;

typedef struct PackManifest {
    int version;
    char *title;
    char *author;
    char *licence;
    PackKind kind;
    char *main;    /* the entry opened: mission XML, campaign file or save */
    char *mission; /* PACK_GAME: the mission (or campaign) entry the save plays on */
    char *replay;  /* a saved game shipped with a mission or campaign, or NULL */
} PackManifest;

typedef struct Pack {
    PackManifest manifest;
    PackEntry *entries; /* every entry but the manifest, in the manifest's order */
    size_t count;
    uint8_t *manifest_bytes; /* the manifest's own text */
    size_t manifest_size;
    uint8_t sha256[DIGEST_SIZE]; /* of the pack file's bytes */
} Pack;

/* Reads and checks size bytes of a pack. name is used in messages
 * ("NAME: entry 'x/y.png': ..."), schema_path is assets/questpack.xsd.
 * Returns the pack, or NULL with the reason in errs. Never reads more than
 * the caps allow, whatever the archive claims. caps NULL: the defaults. */
Pack *pack_read_memory(const uint8_t *data, size_t size, const char *name,
                       const char *schema_path, const PackCaps *caps, ErrorList *errs);

/* Reads the file at path (a regular file of at most PACK_MAX_BYTES) and
 * checks it as pack_read_memory does. */
Pack *pack_read_file(const char *path, const char *schema_path, ErrorList *errs);

/* Frees the pack; NULL does nothing. */
void pack_destroy(Pack *pack);

/* The entry named name, or NULL. */
const PackEntry *pack_find(const Pack *pack, const char *name);

/* Why name may not be an entry name, or NULL when it may: entry names are
 * relative paths of at most PACK_MAX_NAME bytes and PACK_MAX_DEPTH
 * folders, whose parts are ASCII letters, digits, '-', '_', '.' and '+',
 * none empty, none starting with '.' (so no '..' and no hidden files). */
const char *pack_name_problem(const char *name);

/* "mission", "campaign", "game"; pack_kind_parse is its inverse. */
const char *pack_kind_name(PackKind kind);
bool pack_kind_parse(const char *s, PackKind *out);

/* True when path ends in ".questpack" (any case). */
bool pack_path_is_pack(const char *path);
