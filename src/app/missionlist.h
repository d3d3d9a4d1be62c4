/* The missions the picker offers: the bundled ones (data folder +
 * "missions/") and the player's own (pref path + "missions/"), each a
 * folder holding "mission.xml" (and its bitmap) or a HeroScribe quest file
 * (docs/heroscribe.md); and what a dropped or
 * typed path is. No SDL, no XML: the picker loads a mission (mission_load)
 * only when the player looks at it, for its name and briefing.
 */
#pragma once

#include <stdbool.h>
#include <stddef.h>

#define MISSIONLIST_FILE "mission.xml"
/* Longest folder name kept (the mission's id), including the NUL. */
#define MISSIONLIST_ID_MAX 64
/* Longest path kept, including the NUL. */
#define MISSIONLIST_PATH_MAX 1024
/* A scan looks at this many folder entries at most. */
#define MISSIONLIST_SCAN_MAX 2000

typedef enum { MISSIONLIST_BUNDLED, MISSIONLIST_USER, MISSIONLIST_ORIGIN_COUNT } MissionOrigin;

/* What a path given by the player is, by its extension (any case). */
typedef enum {
    MISSIONLIST_PATH_MISSION, /* .xml: open the mission */
    MISSIONLIST_PATH_BITMAP,  /* .png or .bmp: open the bare board */
    MISSIONLIST_PATH_OTHER,   /* anything else: say what is expected */
    MISSIONLIST_PATH_COUNT
} MissionPathKind;

typedef struct {
    char id[MISSIONLIST_ID_MAX];     /* the folder's name, "first-light" */
    char path[MISSIONLIST_PATH_MAX]; /* root/id/mission.xml */
    MissionOrigin origin;
    bool pack; /* a quest pack's mission (path: where it is unpacked) */
} MissionEntry;

typedef struct MissionList MissionList;

/* An empty list. Never NULL. */
MissionList *missionlist_create(void);

/* Frees the list. NULL does nothing. */
void missionlist_destroy(MissionList *l);

/* Adds every folder of root that holds a regular file mission.xml, and
 * every HeroScribe quest file (*.xml whose root element is <quest>) right
 * in root, listed by its name without ".xml", with origin; the list stays sorted by origin, then id. Skips hidden folders,
 * symbolic links (a mission cannot lead outside its root) and names too
 * long to keep. A missing root adds nothing and is no error; an unreadable
 * one sets missionlist_error. Returns how many missions were added. */
size_t missionlist_scan(MissionList *l, const char *root, MissionOrigin origin);

/* Adds a quest pack's mission: id (the pack's name) at path (its
 * unpacked mission XML), origin; the list stays sorted. */
void missionlist_add_pack(MissionList *l, const char *id, const char *path, MissionOrigin origin);

/* The number of missions found. */
size_t missionlist_count(const MissionList *l);

/* Mission i (owned by l), or NULL when out of range. */
const MissionEntry *missionlist_at(const MissionList *l, size_t i);

/* The last scan problem ("" when none). */
const char *missionlist_error(const MissionList *l);

/* What path is, by its extension (for SDL_DROPFILE and "open by path"). */
MissionPathKind missionlist_path_kind(const char *path);
