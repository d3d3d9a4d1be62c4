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
    char spells[CATALOGUE_NAME_MAX]; /* heroes: elements they cast, "air fire" or "" */
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

/* Most spells a catalogue holds (a hero's unused ones are a bit set). */
#define CATALOGUE_MAX_SPELLS 32
#define CATALOGUE_TEXT_MAX 160

/* What a spell does (docs/rules.md, "Spells"). */
typedef enum SpellEffect {
    SPELL_ATTACK,        /* attacks the target with `dice` combat dice */
    SPELL_DAMAGE,        /* `amount` body points; the target rolls `dice` d6, each 5 or 6 saves one */
    SPELL_HEAL,          /* restores up to `amount` body points */
    SPELL_SKIP_TURN,     /* the target misses its next turn */
    SPELL_SLEEP,         /* the target sleeps until a 6 on one of its mind dice; not the undead */
    SPELL_DOUBLE_MOVE,   /* the target's next movement roll has twice the dice */
    SPELL_PASS_WALLS,    /* the target's next move may cross walls and closed doors */
    SPELL_PASS_MONSTERS, /* the target's next move may pass through monsters */
    SPELL_ATTACK_BONUS,  /* `amount` more dice on the target's next attack */
    SPELL_DEFEND_BONUS,  /* `amount` more defence dice until the target is hurt */
    SPELL_EFFECT_COUNT
} SpellEffect;

typedef struct SpellType {
    char id[CATALOGUE_ID_MAX];       /* "ball_of_flame" */
    char name[CATALOGUE_NAME_MAX];   /* "Ball of Flame" */
    char element[CATALOGUE_ID_MAX];  /* "fire": heroes cast the spells of their elements */
    SpellEffect effect;
    bool targets_monster;            /* else a hero (the caster or one in sight) */
    int amount, dice;
    char text[CATALOGUE_TEXT_MAX];   /* what it does, for players */
    int line;
} SpellType;

/* The spells, in file order; a spell's index is its number in saves. */
size_t catalogue_spell_count(const Catalogue *cat);
const SpellType *catalogue_spell_at(const Catalogue *cat, size_t index);

/* The index of the spell with this id, or -1. */
int catalogue_find_spell(const Catalogue *cat, const char *id);

/* Appends a spell (at most CATALOGUE_MAX_SPELLS; false when full). */
bool catalogue_add_spell(Catalogue *cat, const SpellType *spell);

/* True when the hero type casts spells of this element. */
bool catalogue_hero_casts(const PieceType *hero, const char *element);

/* Checks that every hero type's spell elements name an element some spell
 * has; problems go to errs as "FILE:LINE: message". */
void catalogue_check_spells(const Catalogue *cat, const char *file, ErrorList *errs);

/* "attack", "damage", "heal", "skip-turn", ... */
const char *catalogue_spell_effect_name(SpellEffect effect);

/* Writes flags as the catalogue's space-separated names ("blocks-move
 * searchable") into buf; "" when none. */
void catalogue_flags_format(unsigned flags, char *buf, size_t size);

/* Parses a kind name ("hero", "monster", "furniture"); false if unknown. */
bool catalogue_kind_parse(const char *name, PieceKind *kind);

/* Parses a treasure kind name ("gold", "potion", "item", "hazard",
 * "wandering_monster"); false if unknown. */
bool catalogue_treasure_kind_parse(const char *name, TreasureKind *kind);

/* "gold", "potion", "item", "hazard", "wandering_monster". */
const char *catalogue_treasure_kind_name(TreasureKind kind);
