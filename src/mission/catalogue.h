/* The piece catalogue: every piece type (heroes, monsters, furniture) with
 * its figures, footprint, flags and sprite, loaded from assets/pieces.xml
 * (validated against assets/pieces.xsd). Content lives in data, not in
 * switch statements: rules and rendering read these fields.
 */
#pragma once

#include "errors.h"

#include <stdbool.h>
#include <stddef.h>

#define CATALOGUE_ID_MAX 32
#define CATALOGUE_NAME_MAX 64

typedef enum PieceKind {
    PIECE_HERO,
    PIECE_MONSTER,
    PIECE_FURNITURE,
    PIECE_KIND_COUNT
} PieceKind;

/* Bit flags of a piece type. */
enum {
    PIECE_BLOCKS_MOVE = 1u << 0,  /* nothing may step onto its squares */
    PIECE_BLOCKS_SIGHT = 1u << 1, /* lines of sight stop at it */
    PIECE_SEARCHABLE = 1u << 2,   /* may hold treasure found by searching */
    PIECE_EXIT = 1u << 3,         /* heroes leave the dungeon here (stairway) */
    PIECE_UNDEAD = 1u << 4,       /* skeletons, zombies, mummies */
};

typedef struct PieceType {
    char id[CATALOGUE_ID_MAX];     /* "barbarian", "chaos_warrior", "table" */
    char name[CATALOGUE_NAME_MAX]; /* "Chaos Warrior" */
    PieceKind kind;
    int move;       /* monsters: squares per turn; heroes: 0 (they roll) */
    int move_dice;  /* heroes: number of d6 rolled for movement */
    int attack;     /* combat dice rolled to attack */
    int defend;     /* combat dice rolled to defend */
    int body;       /* body points */
    int mind;       /* mind points */
    int width;      /* footprint in squares, unrotated (1 for figures) */
    int height;
    unsigned flags; /* PIECE_* bits */
    char sprite[CATALOGUE_NAME_MAX]; /* under assets/sprites/, no ".png" */
    int line;       /* line of its definition, for messages */
} PieceType;

typedef struct Catalogue Catalogue;

/* Loads and validates a catalogue file. On failure returns NULL and adds
 * every problem to errs as "FILE:LINE: message". */
Catalogue *catalogue_load(const char *path, ErrorList *errs);

/* An empty catalogue (for building one in code, e.g. tests). */
Catalogue *catalogue_create(void);

/* A deep copy, e.g. so a mission can add types without touching the
 * shared one. */
Catalogue *catalogue_clone(const Catalogue *cat);

void catalogue_destroy(Catalogue *cat);

/* Adds or replaces a type (a mission may define its own). */
void catalogue_put(Catalogue *cat, const PieceType *type);

/* The type with this id, or NULL. */
const PieceType *catalogue_find(const Catalogue *cat, const char *id);

size_t catalogue_count(const Catalogue *cat);
const PieceType *catalogue_at(const Catalogue *cat, size_t index);

/* "hero", "monster", "furniture". */
const char *catalogue_kind_name(PieceKind kind);
