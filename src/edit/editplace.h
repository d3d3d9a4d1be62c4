/* The placements of a mission description as the editor sees them: every
 * kind of thing the mission format places (heroes' start squares,
 * monsters, furniture, traps, treasure, rubble, exits, notes, doors),
 * found by square, moved, copied, removed and renamed with every
 * reference to an id kept in step. Works on a Mission without its board
 * (the editor's description, editdoc.h); changes go through
 * editdoc_mission_edit. No SDL.
 */
#pragma once

#include "../mission/mission.h"

#include <stdbool.h>
#include <stddef.h>

typedef enum EditKind {
    EDIT_HERO,
    EDIT_MONSTER,
    EDIT_FURNITURE,
    EDIT_TRAP,
    EDIT_TREASURE,
    EDIT_RUBBLE,
    EDIT_EXIT,
    EDIT_NOTE,
    EDIT_DOOR,
    EDIT_KIND_COUNT
} EditKind;

/* One placement: its kind and index in the mission's list of that kind. */
typedef struct EditThing {
    EditKind kind;
    size_t index;
} EditThing;

/* "hero", "monster", "furniture", "trap", "treasure", "rubble", "exit",
 * "note", "door"; and back (-1 when unknown). */
const char *editplace_kind_name(EditKind kind);
int editplace_kind_from_name(const char *name);

/* How many things of this kind the mission places. */
size_t editplace_count(const Mission *m, EditKind kind);

/* The square a thing stands on: a furniture's top-left square, a door's
 * square as written, a treasure in furniture the furniture's square, a
 * chest trap on a treasure the treasure's. False when it has none (a note
 * on the whole mission, a treasure in furniture that does not exist). */
bool editplace_pos(const Mission *m, EditThing t, BoardPos *pos);

/* A furniture type's footprint turned by rotation (0, 90, 180, 270); 1x1
 * for a type the catalogue lacks. */
void editplace_footprint(const Mission *m, const char *type, int rotation, int *w, int *h);

/* True when the thing covers pos (the whole footprint of furniture). */
bool editplace_covers(const Mission *m, EditThing t, BoardPos pos);

/* The things on pos, doors left out, in the order a click picks them:
 * figures, traps, treasure, rubble, exits, notes, then furniture (so a
 * monster on a rug is picked before the rug), then what is inside
 * furniture (treasure, and chest traps on it). Writes at most max;
 * returns how many there are. */
size_t editplace_at(const Mission *m, BoardPos pos, EditThing *out, size_t max);

/* The door on the edge on side dir of pos, whichever of its two squares
 * it was written from; -1 when none. */
long editplace_door(const Mission *m, const Grid *grid, BoardPos pos, GridDir dir);

/* The thing's id ("" when it has none or its kind has no ids). */
const char *editplace_id(const Mission *m, EditThing t);

/* True when a monster, furniture or treasure has this id (they share one
 * name space). */
bool editplace_id_used(const Mission *m, const char *id);

/* An id not yet used: base itself when free, else base-2, base-3... */
void editplace_unique_id(const Mission *m, const char *base, char *out, size_t size);

/* Gives the thing a new id (may be "") and makes every objective, door
 * key, treasure and trap that named the old one name the new one. */
void editplace_rename(Mission *m, EditThing t, const char *id);

/* Removes the thing. Objectives that named it are left (the check
 * reports them); treasure inside removed furniture stays, named by id. */
void editplace_remove(Mission *m, EditThing t);

/* Moves the thing by (dx, dy) squares. A treasure in furniture leaves it
 * for the square it lands on; a chest trap on a treasure stays on it. */
void editplace_shift(Mission *m, EditThing t, int dx, int dy);

/* Adds a copy of the thing (dx, dy) squares away, with a fresh id when it
 * had one; returns the copy. */
EditThing editplace_copy(Mission *m, EditThing t, int dx, int dy);

/* One line about the thing: "monster 2 orc id=boss at 3,4". */
void editplace_describe(const Mission *m, EditThing t, char *buf, size_t size);

/* Adds an empty placement of the kind at the end of its list and returns
 * it: (void *) to the new MissionHero, MissionMonster... (zeroed, pos
 * set, line 0), its index in *index. Notes get text "" allocated. */
void *editplace_add(Mission *m, EditKind kind, BoardPos pos, size_t *index);
