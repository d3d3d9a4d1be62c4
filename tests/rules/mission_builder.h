/* Builds small missions in code for the rules tests: a board from
 * character rows (as in tests/core/test_board.c) and a catalogue of test
 * figures. The figures here are test data chosen to make outcomes clear,
 * not the game's content (that lives in assets/pieces.xml). */
#pragma once

#include "check.h"
#include "core/alloc.h"
#include "core/board.h"
#include "mission/mission.h"
#include "rules/game.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* '.' none, '#' rock, letters: one colour each (same letter = one room). */
static inline uint32_t tm_colour(char c)
{
    if (c == '.')
        return 0x000000;
    if (c == '#')
        return 0xc3c3c3;
    return 0x101010u * (uint32_t)(c - 'a' + 1) + 0x000a00u;
}

static inline void tm_type(Catalogue *cat, const char *id, PieceKind kind, int move, int attack,
                    int defend, int body, unsigned flags, int w, int h)
{
    PieceType t;
    memset(&t, 0, sizeof t);
    snprintf(t.id, sizeof t.id, "%s", id);
    snprintf(t.name, sizeof t.name, "%s", id);
    t.kind = kind;
    t.move = kind == PIECE_MONSTER ? move : 0;
    t.move_dice = kind == PIECE_HERO ? 2 : 0;
    t.attack = attack;
    t.defend = defend;
    t.body = body;
    t.width = w;
    t.height = h;
    t.flags = flags;
    catalogue_put(cat, &t);
}

static inline void tm_card(Catalogue *cat, const char *id, TreasureKind kind, int amount, bool returns)
{
    TreasureCard c;
    memset(&c, 0, sizeof c);
    snprintf(c.id, sizeof c.id, "%s", id);
    snprintf(c.name, sizeof c.name, "card %s", id);
    c.kind = kind;
    c.amount = amount;
    c.returns = returns;
    catalogue_add_card(cat, &c);
}

/* An item of the test catalogue: a potion healing heal + dice d6 (eu_heal
 * under EU rules), or a tool disarming with skill. */
static inline void tm_item(Catalogue *cat, const char *id, ItemKind kind, int heal, int dice,
                           int eu_heal, DisarmSkill skill)
{
    ItemType it;
    memset(&it, 0, sizeof it);
    snprintf(it.id, sizeof it.id, "%s", id);
    snprintf(it.name, sizeof it.name, "item %s", id);
    it.kind = kind;
    it.heal = heal;
    it.heal_dice = dice;
    it.eu_heal = eu_heal;
    it.disarm = skill;
    it.flags = skill ? ITEM_DISARMS : 0;
    catalogue_add_item(cat, &it);
}

static Catalogue *tm_catalogue(void)
{
    Catalogue *cat = catalogue_create();
    tm_type(cat, "barbarian", PIECE_HERO, 0, 3, 2, 8, 0, 1, 1);
    tm_type(cat, "dwarf", PIECE_HERO, 0, 2, 2, 7, 0, 1, 1);
    tm_type(cat, "wizard", PIECE_HERO, 0, 1, 2, 4, 0, 1, 1);
    tm_type(cat, "elf", PIECE_HERO, 0, 2, 2, 6, 0, 1, 1);
    tm_type(cat, "orc", PIECE_MONSTER, 8, 3, 2, 1, PIECE_BLOCKS_MOVE, 1, 1);
    tm_type(cat, "goblin", PIECE_MONSTER, 10, 2, 1, 1, PIECE_BLOCKS_MOVE, 1, 1);
    tm_type(cat, "ogre", PIECE_MONSTER, 4, 0, 0, 50, PIECE_BLOCKS_MOVE, 1, 1); /* harmless, tough */
    tm_type(cat, "titan", PIECE_MONSTER, 6, 12, 12, 50, PIECE_BLOCKS_MOVE, 1, 1);
    tm_type(cat, "champion", PIECE_HERO, 0, 12, 2, 8, 0, 1, 1);
    tm_type(cat, "table", PIECE_FURNITURE, 0, 0, 0, 0, PIECE_BLOCKS_MOVE | PIECE_SEARCHABLE, 1, 1);
    tm_type(cat, "screen", PIECE_FURNITURE, 0, 0, 0, 0, PIECE_BLOCKS_MOVE | PIECE_BLOCKS_SIGHT, 1, 1);
    tm_type(cat, "stairway", PIECE_FURNITURE, 0, 0, 0, 0, PIECE_EXIT, 1, 1);
    tm_card(cat, "gold", TREASURE_GOLD, 10, false);
    tm_item(cat, "potion", ITEM_POTION, 0, 1, 4, DISARM_NONE); /* US: 1d6, EU: 4 */
    tm_item(cat, "toolkit", ITEM_TOOL, 0, 0, 0, DISARM_FAILS_ON_SKULL);
    PieceType dwarf = *catalogue_find(cat, "dwarf");
    dwarf.disarm = DISARM_FAILS_ON_BLACK;
    catalogue_put(cat, &dwarf);
    return cat;
}

#define TM_PUSH(m, arr, count) \
    ((m)->arr = xrealloc((m)->arr, (m)->count + 1, sizeof *(m)->arr), &(m)->arr[(m)->count++])

/* tm_create on a board of shape's topology (square8 ratio, hex offset);
 * NULL: square4. */
static Mission *tm_create_shape(const char *const *rows, int h, const Grid *shape);

static inline Mission *tm_create(const char *const *rows, int h)
{
    return tm_create_shape(rows, h, NULL);
}

static Mission *tm_create_shape(const char *const *rows, int h, const Grid *shape)
{
    int w = (int)strlen(rows[0]);
    uint8_t *px = xmalloc((size_t)w * h, 4);
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            uint32_t c = tm_colour(rows[y][x]);
            uint8_t *p = px + ((size_t)y * w + x) * 4;
            p[0] = (uint8_t)(c >> 16), p[1] = (uint8_t)(c >> 8), p[2] = (uint8_t)c, p[3] = 255;
        }
    BoardSpec spec = {.width = w, .height = h, .rgba = px, .shape = shape};
    char err[256];
    Mission *m = xcalloc(1, sizeof *m);
    m->board = board_create(&spec, err, sizeof err);
    free(px);
    CHECK(m->board != NULL);
    m->shape = shape ? *shape : grid_make(1, 1, GRID_SQUARE4);
    m->catalogue = tm_catalogue();
    snprintf(m->id, sizeof m->id, "test");
    m->hash = 1234;
    m->rules.hero_move_dice = 6; /* at least 6 squares: tests do not hang on the roll */
    return m;
}

static inline void tm_hero(Mission *m, const char *type, int x, int y)
{
    MissionHero *h = TM_PUSH(m, heroes, hero_count);
    memset(h, 0, sizeof *h);
    snprintf(h->type, sizeof h->type, "%s", type);
    h->pos = (BoardPos){x, y};
}

static inline void tm_monster(Mission *m, const char *id, const char *type, int x, int y)
{
    MissionMonster *mm = TM_PUSH(m, monsters, monster_count);
    memset(mm, 0, sizeof *mm);
    snprintf(mm->id, sizeof mm->id, "%s", id);
    snprintf(mm->type, sizeof mm->type, "%s", type);
    mm->pos = (BoardPos){x, y};
}

static inline void tm_door(Mission *m, int x, int y, GridDir side, DoorKind kind)
{
    MissionDoor *d = TM_PUSH(m, doors, door_count);
    *d = (MissionDoor){(BoardPos){x, y}, side, kind, 0, "", -1, false};
}

/* A locked door opened by treasure number key (added before or after). */
static inline void tm_locked_door(Mission *m, int x, int y, GridDir side, int key)
{
    tm_door(m, x, y, side, DOOR_LOCKED);
    m->doors[m->door_count - 1].key_treasure = key;
}

static inline void tm_furniture(Mission *m, const char *id, const char *type, int x, int y)
{
    MissionFurniture *f = TM_PUSH(m, furniture, furniture_count);
    memset(f, 0, sizeof *f);
    snprintf(f->id, sizeof f->id, "%s", id);
    snprintf(f->type, sizeof f->type, "%s", type);
    f->pos = (BoardPos){x, y};
    f->width = f->height = 1;
}

static inline void tm_trap(Mission *m, TrapKind kind, int x, int y)
{
    MissionTrap *t = TM_PUSH(m, traps, trap_count);
    memset(t, 0, sizeof *t);
    t->kind = kind;
    t->pos = (BoardPos){x, y};
    t->damage = 1;
}

static inline void tm_rubble(Mission *m, int x, int y)
{
    MissionSquare *s = TM_PUSH(m, rubble, rubble_count);
    *s = (MissionSquare){(BoardPos){x, y}, 0};
}

static inline void tm_exit(Mission *m, int x, int y)
{
    MissionSquare *s = TM_PUSH(m, exits, exit_count);
    *s = (MissionSquare){(BoardPos){x, y}, 0};
}

/* A treasure giving the catalogue item item (potions, items). */
static inline void tm_treasure_item(Mission *m, const char *id, TreasureKind kind, const char *item,
                                    int x, int y);

static inline void tm_treasure(Mission *m, const char *id, TreasureKind kind, int amount, int x, int y)
{
    MissionTreasure *t = TM_PUSH(m, treasure, treasure_count);
    memset(t, 0, sizeof *t);
    snprintf(t->id, sizeof t->id, "%s", id);
    snprintf(t->name, sizeof t->name, "treasure %s", id);
    t->kind = kind;
    t->amount = amount;
    t->pos = (BoardPos){x, y};
    t->room = board_room(m->board, t->pos);
}

static inline void tm_objective(Mission *m, ObjectiveKind kind, const char *target, int x, int y)
{
    MissionObjective *o = TM_PUSH(m, objectives, objective_count);
    memset(o, 0, sizeof *o);
    o->kind = kind;
    snprintf(o->target, sizeof o->target, "%s", target);
    o->pos = (BoardPos){x, y};
    snprintf(o->text, sizeof o->text, "%s", mission_objective_kind_name(kind));
}

static inline void tm_treasure_item(Mission *m, const char *id, TreasureKind kind, const char *item,
                                    int x, int y)
{
    tm_treasure(m, id, kind, 0, x, y);
    snprintf(m->treasure[m->treasure_count - 1].item, sizeof m->treasure[0].item, "%s", item);
}

/* Names the colour of letter c "Corridor" in the palette. */
static inline void tm_corridor(Mission *m, char c)
{
    MissionPaletteEntry *pe = TM_PUSH(m, palette, palette_count);
    memset(pe, 0, sizeof *pe);
    pe->rgb = tm_colour(c);
    snprintf(pe->name, sizeof pe->name, "Corridor");
}

static inline void tm_destroy(Mission *m)
{
    mission_destroy(m);
}

/* A game of m with seed, checked to start. */
static Game *tm_game(Mission *m, uint64_t seed)
{
    char why[256] = "";
    mission_add_own_items(m); /* as the loader does */
    Game *g = game_create(m, NULL, seed, why, sizeof why);
    if (!g)
        fprintf(stderr, "game_create: %s\n", why);
    CHECK(g != NULL);
    return g;
}

/* Applies an action; returns whether it was accepted. Events go to ev
 * when given. */
static inline bool tm_do(Game *g, ActionKind kind, int piece, int target, int x, int y, GameEvents *ev)
{
    Action a = {kind, piece, target, {x, y}, -1, 0};
    char why[256];
    return game_apply(g, &a, ev, why, sizeof why);
}

/* How many events of kind ev holds. */
static inline int tm_count(const GameEvents *ev, EventKind kind)
{
    int n = 0;
    for (size_t i = 0; i < ev->count; i++)
        n += ev->items[i].kind == kind;
    return n;
}
