/* The game: a deterministic state machine playing one mission by the rules
 * in docs/rules.md.
 *
 * game_apply changes a game (and game_undo takes a move back). It takes one
 * Action; a refused action returns false, changes nothing and says why;
 * an accepted one appends GameEvents (every die, every step, door, attack,
 * death, find, trap, monster step, objective, turn change...) so a front
 * end can animate them and fill a log. Everything else reads a
 * `const Game *`: rendering draws from it plus the Mission.
 *
 * Same mission, setup, seed and actions give the same game, bit for bit:
 * all chance comes from one PCG32 generator (core/rng.h) seeded at
 * creation, and the game records every accepted action (game_log) so a
 * save can replay it.
 *
 * Piece ids are stable for the whole game: the chosen heroes first (0..3,
 * in setup order), then the mission's monsters in file order, then
 * wandering monsters in the order they appear. Dead pieces keep their id.
 * These ids (and the indices of doors, traps and treasure) follow the
 * mission file, so they are the game's own: what the players are told is
 * a public id (game_public_id below), given as the heroes come to know
 * each thing.
 */
#pragma once

#include "../core/board.h"
#include "../mission/mission.h"
#include "eventtext.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define GAME_MAX_HEROES 4
/* Most dice one roll records (figures above it roll this many). */
#define GAME_MAX_DICE 12
#define GAME_EVENT_TEXT 160
/* Longest name a hero may go by, including the NUL. */
#define GAME_NAME_MAX 48

/* Most things one hero carries. */
#define GAME_MAX_ITEMS 32
/* Most gold a hero's purse holds (finds past it are lost): every sum of
 * gold stays far from int's limit (treasure, prices and rewards are at
 * most 100000 each, docs/missions.md). */
#define GAME_MAX_GOLD 10000000

typedef struct Game Game;

/* One thing a hero carries: an item of the catalogue (catalogue_item_at). */
typedef struct GameItem {
    int16_t item; /* catalogue item index */
    bool worn;    /* armour: worn (at most one per slot); weapons and others: false */
} GameItem;

/* What a hero brings into a quest. */
typedef struct GameKit {
    int count;
    GameItem items[GAME_MAX_ITEMS];
} GameKit;

/* Which of the mission's heroes take part, and with what. */
typedef struct GameSetup {
    int hero_count;              /* 0: every hero the mission places (up to 4) */
    int heroes[GAME_MAX_HEROES]; /* indices into mission->heroes, distinct */
    /* false: each hero starts with its type's starting kit (its kit="..."
     * items, armour worn); true: hero i starts with kits[i] exactly (a
     * campaign's belongings). */
    bool has_kits;
    GameKit kits[GAME_MAX_HEROES];
    /* The name hero i goes by in the events' text and refusals (a
     * campaign's party names: "Brak attacks Orc"); "" for its type's name.
     * One printable line: game_name_ok. */
    char names[GAME_MAX_HEROES][GAME_NAME_MAX];
    /* false: the rules' AI plays the monsters' turn inside the last
     * hero's end (every game before the monster player). true: the
     * monsters' turn waits for the monster side's actions (a player, or
     * the computer through game_monster_choose), and they go in the log
     * (docs/rules.md, "The monster player"). */
    bool monster_player;
} GameSetup;

/* The rule for a hero's name, wherever one comes from (the protocol, a
 * save, a campaign save, the window): 1 to GAME_NAME_MAX - 1 bytes of
 * valid UTF-8 with no control character (a newline would forge a protocol
 * answer or a save line, an ESC would reach the terminal). */
bool game_name_ok(const char *name);

typedef enum GameSide { GAME_SIDE_HEROES, GAME_SIDE_MONSTERS, GAME_SIDE_COUNT } GameSide;

typedef enum GameStatus {
    GAME_STATUS_PLAYING,
    GAME_STATUS_VICTORY,
    GAME_STATUS_DEFEAT,
    GAME_STATUS_COUNT
} GameStatus;

/* Why a game was lost (docs/rules.md, "Objectives, victory and defeat"). */
typedef enum GameDefeat {
    GAME_DEFEAT_NONE,            /* not lost (playing, or won) */
    GAME_DEFEAT_PARTY_KILLED,    /* every hero is dead */
    GAME_DEFEAT_TURN_LIMIT,      /* the turn limit passed */
    GAME_DEFEAT_OBJECTIVE_UNMET, /* the heroes left (or the last one left) with objectives unmet */
    GAME_DEFEAT_COUNT
} GameDefeat;

/* A combat die's face (3 skulls, 2 white shields, 1 black shield). */
typedef enum DieFace { DIE_SKULL, DIE_WHITE_SHIELD, DIE_BLACK_SHIELD, DIE_FACE_COUNT } DieFace;

typedef enum ActionKind {
    ACTION_ROLL,            /* roll the movement dice */
    ACTION_MOVE,            /* piece moves along a shortest legal path to pos (a hero, or
                               in the monsters' turn a monster) */
    ACTION_ATTACK,          /* piece attacks the adjacent enemy target (a hero, or in the
                               monsters' turn a monster) */
    ACTION_SEARCH_TREASURE, /* piece searches its room for treasure */
    ACTION_SEARCH_TRAPS,    /* piece searches for traps and secret doors */
    ACTION_DISARM,          /* piece disarms the found trap at pos (own or adjacent square) */
    ACTION_OPEN,            /* piece opens the door between it and adjacent pos (free) */
    ACTION_LEAVE,           /* piece leaves the dungeon from an exit (free, ends its turn) */
    ACTION_END,             /* end the current hero's turn (the monsters' turn) */
    ACTION_CAST,            /* piece casts spell on target (its action) */
    ACTION_USE,             /* piece drinks the potion item it carries (free) */
    ACTION_KIND_COUNT
} ActionKind;

typedef struct Action {
    ActionKind kind;
    int piece;    /* acting piece id (the current hero) */
    int target;   /* ACTION_ATTACK / ACTION_CAST: target piece id */
    BoardPos pos; /* ACTION_MOVE / ACTION_OPEN / ACTION_DISARM */
    int spell;    /* ACTION_CAST: index of the spell in the catalogue */
    /* An item: 1 + its catalogue index, or 0 for none (so a zeroed Action
     * names none). ACTION_ATTACK: the weapon to use (0: the game picks
     * one, game_attack_weapon). ACTION_USE: the potion to drink. */
    int item;
} Action;

/* Action.item for catalogue item index i, and back (-1 for none). */
#define GAME_ITEM_REF(i) ((i) + 1)
#define GAME_ITEM_INDEX(ref) ((ref) - 1)

typedef enum EventKind {
    EVENT_TURN,            /* piece's turn begins (value = turn number) */
    EVENT_MONSTERS_TURN,   /* the monsters' phase begins */
    EVENT_ROLL,            /* piece rolled movement: dice[], value = total */
    EVENT_STEP,            /* piece stepped from -> to */
    EVENT_DOOR_OPENED,     /* value = door index; from/to the squares either side */
    EVENT_ATTACK,          /* piece attacks target: dice[] attack, dice2[] defence, value = damage */
    EVENT_DEATH,           /* piece died at from */
    EVENT_REVEAL,          /* piece became visible at from */
    EVENT_FIND,            /* piece found treasure: text, value = amount, treasure = index or -1 */
    EVENT_NOTHING_FOUND,   /* piece's search found nothing */
    EVENT_TRAP_FOUND,      /* value = trap index, from = its square */
    EVENT_SECRET_DOOR_FOUND, /* value = door index */
    EVENT_TRAP_SPRUNG,     /* piece sprang trap value at from: dice[], damage in value2;
                              an EU falling block strikes to (beside the trap): target is
                              the piece standing there (-1: nobody) and takes the damage */
    EVENT_TRAP_DISARMED,   /* value = trap index */
    EVENT_DAMAGE,          /* piece lost value body points (hazard, trap) */
    EVENT_HEAL,            /* piece regained value body points */
    EVENT_WANDERING_MONSTER, /* piece (new monster) appeared at from */
    EVENT_LEFT,            /* piece left the dungeon from from */
    EVENT_OBJECTIVE_MET,   /* value = objective index */
    EVENT_VICTORY,
    EVENT_DEFEAT,
    EVENT_CAST,            /* piece cast spell value on target; dice[] = the target's saving d6 */
    EVENT_STATUS,          /* piece's state changed: asleep, awake, misses its turn, a spell on it ends */
    EVENT_BLOCKED,         /* piece's move stopped at from: what was just revealed bars to */
    EVENT_PICK_UP,         /* piece picked up a thrown weapon at from: item = its catalogue index */
    EVENT_USE,             /* piece drank item (its catalogue index); value = body points it
                              restores (before the cap); dice[] = the d6 among them */
    EVENT_JUMP,            /* piece jumps the pit (trap value) at to: dice[] one combat die, value2 1 if over */
    EVENT_UNDO,            /* piece's last move was taken back: from -> to, value = movement left */
    EVENT_DISARM_FAILED,   /* piece failed to disarm trap value at to: dice[] its combat die */
    EVENT_KIND_COUNT
} EventKind;

typedef struct GameEvent {
    EventKind kind;
    int piece;      /* who did it, or -1 */
    int target;     /* whom it concerned, or -1 */
    BoardPos from, to;
    int value, value2;
    int dice_count, dice2_count;
    int dice[GAME_MAX_DICE];  /* movement: 1..6; combat: DieFace */
    int dice2[GAME_MAX_DICE]; /* defence: DieFace */
    int treasure;             /* EVENT_FIND: mission treasure index, or -1 (deck) */
    int item;                 /* EVENT_ATTACK: the weapon's catalogue index (-1: none);
                                 EVENT_PICK_UP: the item picked up */
    char text[GAME_EVENT_TEXT]; /* one line for a log, in English */
    EventText words;            /* the same line's formats and arguments, for a
                                   window to say in the player's language */
} GameEvent;

/* Adds to e's line (text and words): fmt, a string literal, with its
 * arguments ("%s jumps the pit", then ": %d skulls"...). */
void game_event_add(GameEvent *e, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Says e's line anew: fmt with its arguments. */
void game_event_reword(GameEvent *e, const char *fmt, ...) __attribute__((format(printf, 2, 3)));


/* A growing list of events; game_apply appends to it. */
typedef struct GameEvents {
    GameEvent *items;
    size_t count, cap;
} GameEvents;

/* A piece in play. */
typedef struct GamePiece {
    int id;
    const PieceType *type; /* from the mission's catalogue */
    GameSide side;
    BoardPos pos;          /* last square (kept after death or leaving) */
    int body, body_max;
    bool alive;            /* false once dead */
    bool escaped;          /* heroes: left by an exit */
    bool revealed;         /* seen by a hero (heroes always are) */
    int gold;              /* heroes: gold found */
    int mission_index;     /* index in mission->heroes / ->monsters, -1 if wandering */
    uint32_t spells;       /* heroes: bit i while catalogue spell i may still be cast */
    /* What spells did to the piece (docs/rules.md, "Spells"). */
    bool asleep;           /* acts again once it rolls a 6 on a mind die */
    bool skip_turn;        /* misses its next turn */
    bool double_move;      /* next movement roll: twice the dice */
    bool pass_walls;       /* next move: through walls and closed doors */
    bool pass_monsters;    /* next move: through monsters */
    int attack_bonus;      /* more dice on the next attack */
    int defend_bonus;      /* more defence dice until hurt */
    /* Heroes: what it carries (weapons, armour, potions, tools). Thrown
     * weapons leave it until picked up (game_drop). */
    int item_count;
    GameItem items[GAME_MAX_ITEMS];
} GamePiece;

/* A thrown weapon lying on the board until a hero steps onto its square. */
typedef struct GameDrop {
    int item;      /* catalogue item index */
    BoardPos pos;
    int owner;     /* the hero who threw it */
    bool taken;    /* picked up (kept so indices stay stable) */
} GameDrop;

typedef struct GameDoor {
    BoardPos pos;
    GridDir side;          /* GRID_DIR_EAST or GRID_DIR_SOUTH of pos */
    DoorKind kind;
    bool open;
    bool found;            /* secret doors: found by a search (others: true) */
    int key;               /* locked doors: the treasure that opens them, else -1 */
} GameDoor;

typedef struct GameTrap {
    TrapKind kind;
    BoardPos pos;
    bool found;            /* revealed by a search, or sprung */
    bool gone;             /* sprung (but pits) or disarmed: no longer there */
    bool sprung;           /* pits: open, and staying on the board */
    int damage;            /* chest traps: body points lost */
    BoardPos fall;         /* falling blocks: the square the block falls on (the
                              trap's own, or under EU rules the mission's fall-x/y) */
} GameTrap;

/* Creates a game of mission m (which must outlive it) with the heroes of
 * setup (NULL: all) and the given seed; the first hero's turn begins.
 * Returns NULL with a reason in why when the setup or the mission cannot
 * make a game (no heroes, unknown piece type, bad hero index). */
Game *game_create(const Mission *m, const GameSetup *setup, uint64_t seed, char *why,
                  size_t why_size);

/* Frees the game; NULL does nothing. */
void game_destroy(Game *g);

/* A copy of g as the heroes know it: every piece, furniture and rubble
 * on a square no hero has seen is taken away (docs/rules.md, "What the
 * heroes know"). Nothing the players may ask (reachable squares, paths,
 * the state a player sees) may differ between g and this copy; the soak
 * test checks that after every command. Free it with game_destroy. */
Game *game_clone_known(const Game *g);

/* A deep copy of g (same mission), e.g. to try actions ahead. Free it
 * with game_destroy. */
Game *game_clone(const Game *g);

/* True when game_apply would accept the action now (else the reason in
 * why); changes nothing. Costs a clone of the game, so call it when the
 * state changes (to enable buttons), not every frame. */
bool game_check(const Game *g, const Action *a, char *why, size_t why_size);

/* The reason the latest refusal on this thread wrote into a why buffer
 * (game_check, game_apply, game_undo...), kept in parts like an event's
 * line (rules/eventtext.h): its English format, a string literal marked
 * for translation, and its arguments, for a window to say the reason in
 * the player's language (app/eventsay.h). Holds no line before the first
 * refusal; a refusal told to no buffer leaves it as it was. */
const EventText *game_refusal_words(void);
/* Makes words the latest refusal's (a reason kept for later and told
 * now: a server's failed upload, told at its end). */
void game_refusal_keep(const EventText *words);

/* Writes the reason to why (fmt, an English string literal, with its
 * arguments) and keeps its parts for game_refusal_words; returns false
 * (for `return game_refuse(...)`). The rules refuse so, and so do the
 * match's seats and the server, whose reasons a window says in its
 * player's language. */
bool game_refuse(char *why, size_t why_size, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
void game_vrefuse(char *why, size_t why_size, const char *fmt, va_list ap) __attribute__((format(printf, 3, 0)));

/* Applies one action. On success appends its events to out (may be NULL)
 * and returns true. On refusal returns false with the reason in why, and
 * the game is exactly as before. */
bool game_apply(Game *g, const Action *a, GameEvents *out, char *why, size_t why_size);

/* Events lists. */
void game_events_init(GameEvents *ev);
void game_events_clear(GameEvents *ev); /* empties, keeps memory */
void game_events_free(GameEvents *ev);

/* --- Read-only queries ---------------------------------------------- */

const Mission *game_mission(const Game *g);
uint64_t game_seed(const Game *g);
const GameSetup *game_setup(const Game *g);
/* The generator's state, for comparing and dumping games. */
uint64_t game_rng_state(const Game *g);

size_t game_piece_count(const Game *g);
/* Piece by id, or NULL when id is out of range. */
const GamePiece *game_piece(const Game *g, int id);
/* Id of the living piece on pos, or -1. */
int game_piece_at(const Game *g, BoardPos pos);
/* What the game calls piece id in its events' text: a hero's name from the
 * setup when it has one, else its type's display name ("Barbarian"). */
const char *game_piece_name(const Game *g, int id);
/* True when piece id is a hero going by a name of its own (a proper name:
 * "Brak's turn", where a type takes an article: "the Barbarian's turn"). */
bool game_piece_named(const Game *g, int id);

GameStatus game_status(const Game *g);
/* Why the game was lost; GAME_DEFEAT_NONE unless its status is defeat. */
GameDefeat game_defeat(const Game *g);
/* "party-killed", "turn-limit", "objective-unmet" ("none"). */
const char *game_defeat_name(GameDefeat defeat);
/* Round number, from 1. */
int game_turn(const Game *g);
/* Rounds played: the round the last hero's turn began in. A game lost in
 * the monsters' phase or at the turn limit has already counted the next
 * round (game_turn), which no hero played. */
int game_rounds_played(const Game *g);
/* The hero whose turn it is, or -1 when the game is over. */
int game_current(const Game *g);
bool game_has_rolled(const Game *g);
bool game_has_acted(const Game *g);
/* True when the current hero may still move (rolled, squares left, and
 * not finished moving by acting after a move). */
bool game_can_move(const Game *g);
/* Movement left in cost units: game_move_unit units a square (an
 * orthogonal step; on square8 boards a diagonal costs the ratio's
 * numerator, docs/rules.md). */
int game_move_left(const Game *g);
/* Cost units per square: the diagonal ratio's denominator on square8
 * boards, else 1. */
int game_move_unit(const Game *g);
/* What entering pos costs on top of the step: the terrain cost of its
 * colour (the palette's cost="N"), 1 by default and off the board. A step
 * costs its grid_step_cost times this. */
int game_square_cost(const Game *g, BoardPos pos);
/* An amount of cost units as squares for people: "7", "7 2/5", "3/5". */
void game_format_move(const Game *g, int cost, char *buf, size_t size);
/* Dice of the current hero's movement roll (count returned, up to
 * GAME_MAX_DICE written). */
int game_move_dice(const Game *g, int *out);

size_t game_door_count(const Game *g);
const GameDoor *game_door(const Game *g, size_t i);
/* Index of the door on the edge between pos and its neighbour in dir, or -1. */
int game_door_at(const Game *g, BoardPos pos, GridDir dir);

size_t game_trap_count(const Game *g);
const GameTrap *game_trap(const Game *g, size_t i);

/* True when b is in line of sight from a now: centre to centre, blocked by
 * walls, closed doors, rock, rubble, figures and sight-blocking furniture
 * (docs/rules.md). */
bool game_line_of_sight(const Game *g, BoardPos a, BoardPos b);
/* True when a hero has seen the square (fog of war). */
bool game_square_revealed(const Game *g, BoardPos pos);
/* True when the square holds rubble (mission rubble or a fallen block). */
bool game_square_rubble(const Game *g, BoardPos pos);
/* True when heroes may leave the dungeon from pos. */
bool game_square_exit(const Game *g, BoardPos pos);

size_t game_objective_count(const Game *g);
bool game_objective_met(const Game *g, size_t i);
/* The hero who met objective i (the one whose action killed the monster
 * or found the item, the one standing on the square or in the room), or
 * -1 (not met, an escape, met during the monsters' turn). */
int game_objective_by(const Game *g, size_t i);
/* True when the mission's treasure i has been found. */
bool game_treasure_found(const Game *g, size_t i);

/* The queries below answer as the heroes know the board: what stands on a
 * square no hero has seen does not count, and a piece the heroes have not
 * seen has no squares and no paths (docs/rules.md, "What the heroes
 * know"). A move follows the same plan and stops when something revealed
 * on the way bars it.
 *
 * Squares piece may stop on within steps cost units (game_move_unit a
 * square; negative: the current hero's movement left, 0 if it may not
 * move). Writes up to cap to out and returns the total. */
size_t game_reachable(const Game *g, int piece, int steps, BoardPos *out, size_t cap);
/* A cheapest legal path for piece to goal (any length), squares after its
 * square written to out (up to cap); returns its number of steps or -1. A
 * hero's path keeps off the traps the heroes have found (pits included)
 * when a path of any length does; the goal itself may be one. */
int game_path(const Game *g, int piece, BoardPos goal, BoardPos *out, int cap);
/* game_path as if piece stood on from (its own square counts as free):
 * planning a move beyond the current one. The same search as game_path
 * and the move action (bench/bench_path measures it). */
int game_path_from(const Game *g, int piece, BoardPos from, BoardPos goal, BoardPos *out,
                   int cap);
/* The path a move of the current hero to goal takes now: the plan
 * ACTION_MOVE follows within the movement left (it may cross a known trap
 * that game_path's any-length search goes round). Squares after the
 * hero's written to out (up to cap); returns the number of steps, or -1
 * when goal is out of reach now. *cost (may be NULL): what the move
 * spends, in cost units (game_move_unit a square). */
int game_move_plan(const Game *g, BoardPos goal, BoardPos *out, int cap, int *cost);
/* The least movement (cost units) a move of piece to goal needs, whatever
 * its movement left ("needs 11, you have 10"); -1 when no legal path
 * leads there on the board as the heroes know it. */
int game_move_cost(const Game *g, int piece, BoardPos goal);
/* True when a and b are neighbours an attack may go between: no wall or
 * closed door on the edge between them, and on square8 boards a diagonal
 * only where the corner rule lets a step through (docs/rules.md). */
bool game_adjacent(const Game *g, BoardPos a, BoardPos b);
/* True when piece may step from `from` onto `to` and stop there (the step
 * rule of docs/rules.md; `to` must be a neighbour of from). */
bool game_step_allowed(const Game *g, int piece, BoardPos from, BoardPos to);

/* The spells of the mission's catalogue (a cast action's spell indexes
 * them), and whether piece may cast spell i now (its turn, no action yet,
 * the spell unused). */
size_t game_spell_count(const Game *g);
const SpellType *game_spell(const Game *g, int i);
bool game_can_cast(const Game *g, int piece, int spell);

/* --- Equipment (docs/rules.md, "Equipment") -------------------------- */

/* The weapon piece would attack target with, choosing as game_apply does
 * when the attack names none: its catalogue index, -1 when it fights
 * bare-handed (or is a monster), -2 when it cannot attack target at all
 * (reason in why, which may be NULL). requested is an Action.item (0:
 * let the game choose). */
int game_attack_weapon(const Game *g, int piece, int target, int requested, char *why,
                       size_t why_size);
/* The weapon a hero strikes a neighbour with when it names none: its
 * catalogue index, or -1 (bare hands, or not a hero). */
int game_hand_weapon(const Game *g, int piece);
/* The combat dice piece rolls attacking target with that weapon (the
 * result of game_attack_weapon), extra dice against its kind and spells'
 * bonus included. */
int game_attack_dice(const Game *g, int piece, int target, int weapon);
/* The combat dice piece rolls to defend now: its type's, worn armour's
 * and spells'. */
int game_defend_dice(const Game *g, int piece);
/* The movement dice hero rolls now (mission rules, plate armour). */
int game_move_dice_count(const Game *g, int hero);

/* What an attack of piece on target would be now, before it is made
 * (the window's attack preview): the dice each side rolls (weapon,
 * armour, spells, a pit), the body points it takes on average and the
 * chance it slays target. The rules' odds: a skull on 3 faces of 6, a
 * hero's block on 2 (white shields), a monster's on 1 (black). */
typedef struct GameAttackOdds {
    int attack_dice, defend_dice;
    double expected_damage; /* body points, at most the target's */
    double slay;            /* 0..1 */
} GameAttackOdds;
/* False (out untouched) when piece cannot attack target now. */
bool game_attack_odds(const Game *g, int piece, int target, GameAttackOdds *out);
/* True when a hero of piece's type may use the catalogue item. */
bool game_may_use(const Game *g, int piece, int item);
/* Thrown weapons on the board (taken ones too). */
size_t game_drop_count(const Game *g);
const GameDrop *game_drop(const Game *g, size_t i);
/* The catalogue item i of the game's mission, or NULL. */
const ItemType *game_item(const Game *g, int i);
/* The number of items in the game's catalogue, and the index of the one
 * with this id, or -1 (a mission's own potions and finds are items of its
 * catalogue too: docs/rules.md, "Belongings"). */
size_t game_item_count(const Game *g);
int game_find_item(const Game *g, const char *id);
/* How many of catalogue item item hero carries. */
int game_carries(const Game *g, int hero, int item);
/* True when hero may drink item now (its turn, it carries the potion, it
 * is hurt): the window's Drink button. */
bool game_can_use(const Game *g, int hero, int item);

/* --- The monster player (docs/rules.md, "The monster player") ------- */

/* True while the monsters' turn waits for the monster side's actions
 * (GameSetup.monster_player): then game_current is -1 and the actions
 * accepted are a monster's ACTION_MOVE and ACTION_ATTACK and the
 * ACTION_END that ends the monsters' turn. */
bool game_monsters_turn(const Game *g);
/* True when monster piece may still do something this monsters' turn: it
 * is awake, revealed and on the board, and has not attacked. */
bool game_monster_may_act(const Game *g, int piece);
/* Movement the monster has left this monsters' turn, in cost units
 * (game_move_unit a square); 0 when it may not move. */
int game_monster_move_left(const Game *g, int piece);
/* The squares monster piece may move to now (its movement left, under
 * the monsters' step rule on the board as it is), nearest first; writes
 * up to cap and returns the total. 0 when it may not move. */
size_t game_monster_reachable(const Game *g, int piece, BoardPos *out, size_t cap);
/* The computer's next action in the monsters' turn: the same choices the
 * rules' AI makes (docs/rules.md, "Monsters' turn"), one at a time: an
 * attack, a move, or ACTION_END when no monster has anything left to do.
 * False when it is not the monsters' turn. */
bool game_monster_choose(const Game *g, Action *out);

/* --- Undo (docs/rules.md, "Undo") ------------------------------------ */

/* True when the current hero's last move may be taken back: it revealed
 * nothing new, met no trap, rolled no die, and the hero has done nothing
 * else since (Wesnoth's rule). Else false with the reason in why. */
bool game_can_undo(const Game *g, char *why, size_t why_size);
/* Takes back the current hero's last move: the game becomes exactly the
 * one in which the move was never made (it leaves the log too, so saves
 * and replays never see it). Appends one EVENT_UNDO to out (may be NULL).
 * Moves may be taken back one after another, to the start of the turn or
 * the hero's last action. False with the reason in why when
 * game_can_undo is. */
bool game_undo(Game *g, GameEvents *out, char *why, size_t why_size);
/* How many moves may be taken back now. */
size_t game_undo_count(const Game *g);

/* --- Public ids (docs/rules.md, "Ids") ------------------------------ */

/* What the players may call by a number. */
typedef enum GameIdKind {
    GAME_ID_PIECE,    /* heroes, monsters, wandering monsters */
    GAME_ID_DOOR,     /* the mission's doors */
    GAME_ID_TRAP,     /* the mission's traps */
    GAME_ID_TREASURE, /* the mission's treasure */
    GAME_ID_KIND_COUNT
} GameIdKind;

/* The game numbers things in the mission file's order (piece ids, door,
 * trap and treasure indices), which would tell a player how many hidden
 * things lie between the ones they know. The players are told public ids
 * instead, numbered 0, 1, ... per kind in the order the heroes come to
 * know each thing: the heroes at the start (so a hero's public id is its
 * piece id), the doors that are not secret at the start in file order,
 * then a monster when it is revealed, a secret door or a trap when it is
 * found (or sprung, or opened), a treasure when it is found. What becomes
 * known by one action (or at the start) is numbered in file order. A
 * public id never changes and never depends on anything the heroes have
 * not seen; saves write them (save.h), so replays give the same ids.
 *
 * The public id of thing index of kind, or -1 while the heroes do not know
 * of it (or index is out of range). */
int game_public_id(const Game *g, GameIdKind kind, int index);
/* The index (piece id, door, trap or treasure index) of the thing whose
 * public id is id, or -1 when no thing the heroes know has that id. */
int game_id_index(const Game *g, GameIdKind kind, int id);
/* How many things of kind the heroes know of (public ids 0 .. n-1). */
size_t game_public_count(const Game *g, GameIdKind kind);
/* Rewrites event e (made by g, as g is after the action that made it) in
 * public ids: piece and target, the door or trap index in value of the
 * door and trap events, the treasure index. An id of something the heroes
 * do not know becomes -1, and the result is false: such an event is not
 * one to tell the players. */
bool game_event_public(const Game *g, GameEvent *e);
/* The action a, written in public ids (piece, target), in the game's own
 * ids in out. False when it names a piece the heroes do not know (out
 * then names -1). */
bool game_action_from_public(const Game *g, const Action *a, Action *out);
/* The action a in public ids (out may be a). */
void game_action_to_public(const Game *g, const Action *a, Action *out);

/* The accepted actions so far, in order (the replay log). */
size_t game_log_count(const Game *g);
const Action *game_log_at(const Game *g, size_t i);

/* Names for text output: "roll", "move"...; "hero"/"monster";
 * "playing"/"victory"/"defeat"; "skull"/"white"/"black"; "step"... */
const char *game_action_name(ActionKind kind);
const char *game_side_name(GameSide side);
const char *game_status_name(GameStatus status);
const char *game_die_face_name(DieFace face);
const char *game_event_name(EventKind kind);
/* True when an event of kind rolls d6 (numbers 1 to 6: movement, saving
 * rolls against spells, waking rolls) in its dice, false when its dice
 * are combat dice (DieFace). */
bool game_event_d6(EventKind kind);
