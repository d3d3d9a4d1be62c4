/* Quest packs on the command line (docs/packs.md): --pack SOURCE OUT
 * makes one, --check FILE.questpack checks one, and packcli_open finds
 * what a pack holds for the window and --screenshot to open. */
#pragma once

#include "../mission/bitmap.h"
#include "cliargs.h"
#include "../mission/errors.h"
#include "../mission/pack.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* --pack SOURCE OUT.questpack, a mode of the command line (cliargs.h). */
extern const CliMode packcli_mode;

/* The manifest's texts --pack writes; NULL: the defaults (the mission's or
 * campaign's name, "unknown"). */
typedef struct PackCliText {
    const char *title;
    const char *author;
    const char *licence;
    const char *replay; /* a save to ship with a mission (--replay SAVE), or NULL */
} PackCliText;

/* Packs SOURCE (a mission folder or XML file, a campaign file or its
 * folder, a save slot or rules save, a slot holding a campaign save) into
 * OUT: everything it names is loaded and checked first (a mission that
 * does not load, a save that does not replay is not packed), the pack is read back as --check reads one,
 * then written atomically. An existing OUT is replaced only with force.
 * Prints "OUT: N files, KIND 'TITLE'" and returns 0, or 2 after printing
 * every error to stderr. */
int packcli_pack(const char *source, const char *out, const PackCliText *text, bool force,
                 const BitmapLimits *limits);

/* The bytes of the pack packcli_pack would write for SOURCE (free them),
 * built in memory; NULL with the reasons in errs. The online server packs
 * a game's mission so for a client that lacks it. */
uint8_t *packcli_build(const char *source, const PackCliText *text, const BitmapLimits *limits,
                       size_t *size, ErrorList *errs);

/* --check FILE.questpack: the pack read and checked (pack.h), then what
 * it holds, unpacked into a private temporary folder (removed after), as
 * --check checks a mission or campaign, a saved game replayed on its
 * mission and every art picture decoded. Prints the pack's line, then the
 * report of what it holds; returns 0, or 2 on errors (or warnings with
 * strict). */
int packcli_check(const char *path, const BitmapLimits *limits, bool strict, FILE *out);

/* What a pack read and checked (pack.h) holds, unpacked in dir, checked
 * as packcli_check checks it, the errors and warnings to err (the online
 * server's check of an uploaded pack). name stands for the pack in
 * messages. Returns 0, or 2 on errors (or warnings with strict). */
int packcli_check_unpacked(const Pack *p, const char *dir, const char *name,
                           const BitmapLimits *limits, bool strict, FILE *out, FILE *err);

/* What opening a pack gives: the folder it is unpacked in and the paths
 * of its entries there. */
typedef struct PackOpened {
    PackKind kind;
    char title[PACK_MAX_TEXT + 1];
    char dir[4096];     /* the unpacked folder */
    char main[4400];    /* the mission XML, campaign file or save */
    char mission[4400]; /* a game's mission, a party's campaign; "" otherwise */
    char replay[4400];  /* a replay shipped along; "" when none */
} PackOpened;

/* Reads and checks the pack at path and unpacks it (once: the same bytes
 * are unpacked once) under missions_root/.unpacked/ (pack_unpack.h):
 * nothing is written anywhere else. False with the reasons in errs. */
bool packcli_open(const char *path, const char *missions_root, PackOpened *out, ErrorList *errs);

/* The mission a pack shows: a mission pack's mission, a game's mission,
 * a campaign's (or a campaign save's) first quest (unpacked as
 * packcli_open does, into the user's missions folder). False with the
 * reasons in errs. */
bool packcli_mission_of(const char *path, char *mission, size_t size, ErrorList *errs);

/* A pack found in the player's missions folder. */
typedef struct PackListed {
    char name[256];     /* its file name without .questpack */
    char path[4400];    /* the pack */
    PackOpened opened;  /* unpacked */
} PackListed;

/* At most this many packs are listed from one folder. */
#define PACKCLI_LIST_MAX 64

/* The quest packs (regular files *.questpack, not hidden, not links)
 * right in root that hold kind, opened as packcli_open does (unpacked once
 * into root/.unpacked), into out (max of them, sorted by name). A pack
 * that is refused is left out. Returns how many. */
size_t packcli_scan(const char *root, PackKind kind, PackListed *out, size_t max);

typedef enum PackInstall {
    PACK_INSTALL_DONE,    /* the pack is in the missions folder */
    PACK_INSTALL_EXISTS,  /* one of that name is there: ask, then again with replace */
    PACK_INSTALL_REFUSED  /* not a pack the game reads (errs says why), or not written */
} PackInstall;

/* Installs the pack at path (a dropped file) into missions_root: read and
 * checked whole first, then copied there atomically under its own file
 * name (odd characters made '-'), the path going to target. A pack of
 * that name already there is replaced only with replace. */
PackInstall packcli_install(const char *path, const char *missions_root, bool replace,
                            char *target, size_t target_size, ErrorList *errs);

/* The user's missions folder (pref path + "missions") into buf; false when
 * there is no pref path. */
bool packcli_missions_root(char *buf, size_t size);

/* What a pack of that kind holds, in the reader's language ("mission",
 * "campaign", "game", "party" in English: pack_kind_name's words). */
const char *packcli_kind_text(PackKind kind);
