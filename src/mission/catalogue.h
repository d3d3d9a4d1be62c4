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

/* What a treasure (a mission's or a treasure card) gives the finder. */
typedef enum TreasureKind {
    TREASURE_GOLD,    /* amount gold coins */
    TREASURE_POTION,  /* heals amount body points */
    TREASURE_ITEM,    /* a named item (find-item objectives name its id) */
    TREASURE_HAZARD,  /* amount body points lost */
    TREASURE_WANDERING_MONSTER,
    TREASURE_KIND_COUNT
} TreasureKind;

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

/* One card of the treasure deck drawn when a search finds nothing the
 * mission placed. */
typedef struct TreasureCard {
    char id[CATALOGUE_ID_MAX];     /* "gold_25" */
    char name[CATALOGUE_NAME_MAX]; /* what the finder is told */
    TreasureKind kind;             /* gold, potion, hazard, wandering_monster, item */
    int amount;                    /* gold coins, body points healed or lost */
    bool returns;                  /* goes back into the deck once drawn */
    int line;
} TreasureCard;

/* The treasure deck, one entry per physical card (copies expanded), in file
 * order; *count receives the number of cards. Owned by the catalogue. */
const TreasureCard *catalogue_treasure_deck(const Catalogue *cat, size_t *count);

/* Appends a card to the deck. */
void catalogue_add_card(Catalogue *cat, const TreasureCard *card);

/* Parses a kind name ("hero", "monster", "furniture"); false if unknown. */
bool catalogue_kind_parse(const char *name, PieceKind *kind);

/* Parses a treasure kind name ("gold", "potion", "item", "hazard",
 * "wandering_monster"); false if unknown. */
bool catalogue_treasure_kind_parse(const char *name, TreasureKind *kind);

/* "gold", "potion", "item", "hazard", "wandering_monster". */
const char *catalogue_treasure_kind_name(TreasureKind kind);
