/* The two files of the meaning checks (mission_check in mission_xml.h):
 * mission_check.c checks where each thing stands (squares on the board,
 * one thing a square, doors on walls, footprints, traps, notes, the
 * palette) and runs the checks in order; mission_check_refs.c checks the
 * names things are known by (catalogue types and items, ids unique and
 * found, keys, treasure, objectives). Internal to src/mission. */
#pragma once

#include "mission_xml.h"

#include <stdbool.h>
#include <stddef.h>

/* Ids sorted for lookups by binary search, so cross-references cost
 * O(n log n) however many placements a file has. */
typedef struct IdIndex {
    const char **ids; /* sorted; each points into the mission */
    size_t *where;    /* the array index each id came from */
    size_t count;
} IdIndex;

typedef struct Checker {
    Mission *m;
    const char *file;
    ErrorList *errs;
    size_t before;
    IdIndex monsters, furniture, items;
} Checker;

/* A square given in the file (not the -1 of an attribute left out). */
static inline bool mcheck_has_square(BoardPos p)
{
    return p.x >= 0 || p.y >= 0;
}

/* --- mission_check.c --- */

/* Checks that what stands on an on-board walkable square. */
bool mcheck_square(Checker *c, BoardPos p, int line, const char *what);

/* --- mission_check_refs.c --- */

/* The indexes of monster, furniture and item treasure ids; freed by
 * mcheck_free_indexes. */
void mcheck_build_indexes(Checker *c);
void mcheck_free_indexes(Checker *c);
/* Looks up a type and checks its kind; reports problems at line. */
const PieceType *mcheck_type(Checker *c, const char *id, PieceKind kind, int line);
/* No id used twice among monsters, furniture and treasure. */
void mcheck_unique_ids(Checker *c);
/* A locked door names the item treasure that opens it (sets key_treasure);
 * no other door takes a key. */
void mcheck_door_key(Checker *c, MissionDoor *d);
/* Each treasure's item, and its furniture or square (sets its room). */
void mcheck_treasure(Checker *c);
/* Chest traps naming a treasure take its square. */
void mcheck_chest_traps(Checker *c);
/* At least one objective (unless bare), each target found, rewards given
 * one way. */
void mcheck_objectives(Checker *c);
