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
#define CATALOGUE_KIT_MAX 160

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

/* How a hero or a tool disarms found traps: not at all, or by rolling one
 * combat die that fails on the face named (US: the tool kit fails on a
 * skull, the Dwarf only on a black shield). Ordered best last. */
typedef enum DisarmSkill {
    DISARM_NONE,
    DISARM_FAILS_ON_SKULL,
    DISARM_FAILS_ON_WHITE,
    DISARM_FAILS_ON_BLACK,
    DISARM_SKILL_COUNT
} DisarmSkill;

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
    char kit[CATALOGUE_KIT_MAX];     /* heroes: item ids of the starting kit, "broadsword" */
    DisarmSkill disarm;              /* heroes: disarming without a tool kit */
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

/* Most piece types one list (pieces.xml, a mission's <types>) may define. */
#define CATALOGUE_MAX_TYPES 1000

/* Adds or replaces a type (a mission may define its own). Types are found
 * by id through a hash table. */
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
    char item[CATALOGUE_ID_MAX];   /* potions and items: the item the finder keeps, or "" */
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

/* --- Items: equipment, artifacts, potions and tools ------------------ */

/* Most items a catalogue holds (heroes carry them as indices). */
#define CATALOGUE_MAX_ITEMS 256

typedef enum ItemKind {
    ITEM_WEAPON, /* attacks with `attack` dice */
    ITEM_ARMOUR, /* worn in a slot: `defend` more defence dice */
    ITEM_POTION, /* drunk: restores `heal` body points */
    ITEM_TOOL,   /* carried for what it lets the hero do (the tool kit disarms) */
    ITEM_QUEST,  /* a mission's own find (a key, a ledger): never in <items> */
    ITEM_KIND_COUNT
} ItemKind;

/* Where armour is worn: a hero wears at most one item per slot. */
typedef enum ItemSlot {
    ITEM_SLOT_NONE, /* weapons, potions, tools */
    ITEM_SLOT_BODY, /* chain mail, plate armour */
    ITEM_SLOT_HEAD, /* helmet */
    ITEM_SLOT_SHIELD,
    ITEM_SLOT_CLOAK,
    ITEM_SLOT_COUNT
} ItemSlot;

/* Bit flags of an item type. */
enum {
    ITEM_DIAGONAL = 1u << 0,  /* weapons: may strike a diagonal neighbour */
    ITEM_RANGED = 1u << 1,    /* weapons: shoots at range in sight, never at a neighbour */
    ITEM_THROWN = 1u << 2,    /* weapons: may be thrown at range; lost until picked up */
    ITEM_TWO_HANDED = 1u << 3, /* weapons: never used while a shield is worn */
    ITEM_ARTIFACT = 1u << 4,  /* a quest treasure: awarded, never sold in the armoury */
    ITEM_DISARMS = 1u << 5,   /* tools: lets its carrier disarm traps */
};

typedef struct ItemType {
    char id[CATALOGUE_ID_MAX];     /* "broadsword" */
    char name[CATALOGUE_NAME_MAX]; /* "Broadsword" */
    ItemKind kind;
    ItemSlot slot;
    int price;      /* gold coins in the armoury (sold back for half); 0: not for sale */
    int attack;     /* weapons: combat dice */
    int defend;     /* armour: extra defence dice while worn */
    int move_dice;  /* armour: while worn the hero rolls this many movement dice (0: as usual) */
    int heal;       /* potions: body points restored, plus heal_dice d6 */
    int heal_dice;
    int eu_heal;    /* potions under EU rules: body points restored instead; 0: as above */
    DisarmSkill disarm; /* tools with ITEM_DISARMS: how they disarm */
    int bonus;      /* weapons: more attack dice against the monsters named in `against` */
    char against[CATALOGUE_NAME_MAX]; /* monster type ids or flag names ("undead"), spaced */
    unsigned flags; /* ITEM_* bits */
    char users[CATALOGUE_NAME_MAX];   /* hero type ids who may use it, spaced; "" = every hero */
    char sprite[CATALOGUE_NAME_MAX];  /* under assets/sprites/, no ".png" */
    char text[CATALOGUE_TEXT_MAX];    /* what it does, for players */
    int line;
} ItemType;

/* The items in file order; an item's index is how games hold it. */
size_t catalogue_item_count(const Catalogue *cat);
const ItemType *catalogue_item_at(const Catalogue *cat, size_t index);

/* The index of the item with this id, or -1. */
int catalogue_find_item(const Catalogue *cat, const char *id);

/* Appends an item (at most CATALOGUE_MAX_ITEMS; false when full). */
bool catalogue_add_item(Catalogue *cat, const ItemType *item);

/* True when a hero of type hero may use (wield, wear, drink) the item. */
bool catalogue_item_usable(const ItemType *item, const PieceType *hero);

/* True when the item's extra attack dice count against monster type t. */
bool catalogue_item_against(const ItemType *item, const PieceType *t);
/* What the item's extra dice count against, in words for a player: the
 * types by name, plural, and the flags with an article ("orc goblin":
 * "orcs and goblins"; "undead": "the undead"); "" when nothing. */
void catalogue_item_against_words(const Catalogue *cat, const ItemType *item, char *buf, size_t size);

/* The items of a hero type's starting kit, as indices: up to cap written
 * to out, the number returned (ids the catalogue lacks are skipped;
 * catalogue_check_items reports them). */
size_t catalogue_hero_kit(const Catalogue *cat, const PieceType *hero, int *out, size_t cap);

/* Checks the items against the piece types: users and kits name hero
 * types and items that exist, every item has a hero who may use it, and
 * each hero may use its own kit. Problems go to errs as "FILE:LINE: ...". */
void catalogue_check_items(const Catalogue *cat, const char *file, ErrorList *errs);

/* Checks that the treasure deck's cards name items that exist, potions
 * for potion cards; problems go to errs as "FILE:LINE: ...". */
void catalogue_check_cards(const Catalogue *cat, const char *file, ErrorList *errs);

/* "none", "skull", "white", "black" (the face disarming fails on). */
const char *catalogue_disarm_name(DisarmSkill skill);

/* "weapon", "armour", "potion", "tool", "quest"; "none", "body", "head", "shield", "cloak". */
const char *catalogue_item_kind_name(ItemKind kind);
const char *catalogue_item_slot_name(ItemSlot slot);

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
