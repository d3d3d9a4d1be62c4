/* The game's state, shared by the rule modules of src/rules (not part of
 * the public API: front ends use game.h). Each rule module owns one job:
 * move (steps, doors, traps), combat (dice, damage), fog (sight, reveal),
 * search (treasure, traps, secret doors), ai (monsters' turn) and turn
 * (turn order, objectives, end of game).
 */
#pragma once

#include "game.h"

#include "../core/i18n.h"
#include "../core/path.h"
#include "../core/rng.h"

/* Per-square flags. */
enum {
    SQF_RUBBLE = 1u << 0,      /* mission rubble or fallen block */
    SQF_FURN_MOVE = 1u << 1,   /* furniture that blocks steps */
    SQF_FURN_SIGHT = 1u << 2,  /* furniture that blocks sight */
    SQF_EXIT = 1u << 3,        /* heroes may leave here */
    SQF_REVEALED = 1u << 4,    /* seen by a hero */
    SQF_PIT = 1u << 5,         /* a pit the heroes know of (found or open) */
    SQF_TRAP = 1u << 6,        /* a trap the heroes know of, still there */
    SQF_FLOOR = 1u << 7,       /* a walkable square of the board (never changes) */
};

/* Which board a search or step plans on: as it is (the monsters, who know
 * the dungeon; a step being made), or as the heroes know it (what stands
 * on squares no hero has seen does not count: players' queries and
 * plans). */
typedef enum MoveView { MOVE_FULL, MOVE_KNOWN } MoveView;

/* The step rule as path masks (core/path.h), one per side: bit d of
 * step[side][i] allows the step from square i in direction d under walls,
 * doors, the board and furniture/rubble, pieces not counted;
 * PATH_MASK_NO_STOP marks squares the side may pass but not stop on
 * (monsters: exits and found pits). The heroes' mask is the board as the
 * heroes know it (MOVE_KNOWN: what stands on a square nobody has seen does
 * not count), the monsters' the board as it is (MOVE_FULL: the monsters'
 * turn). Kept in step with the board state by move_mask_refresh; pieces
 * are patched in per query (move_mask_begin) and patched out again
 * (move_mask_end). A cache behind a pointer, so queries on a const Game
 * may patch it. */
/* Why no move may be taken back now (undo.c). */
typedef enum UndoBlock {
    UNDO_NONE,     /* a move may be taken back */
    UNDO_NO_MOVE,  /* the hero has not moved since its turn began or its last action */
    UNDO_REVEALED, /* the last move (or a door) revealed something new */
    UNDO_TRAP,     /* the last move met a trap or rolled a die */
    UNDO_ACTED,    /* the hero acted after moving */
} UndoBlock;

/* What one quiet move changed (undo.c). */
typedef struct UndoStep UndoStep;

/* What one monster may still do in a monsters' turn played by actions
 * (monsters.c). */
typedef struct MonsterTurn {
    int move_left; /* cost units */
    uint8_t flags; /* MONSTER_* */
} MonsterTurn;
enum {
    MONSTER_ACTS = 1,     /* awake, revealed, on the board when the turn began */
    MONSTER_MOVED = 2,    /* it has moved (the computer moves a monster once) */
    MONSTER_ATTACKED = 4, /* it has attacked: nothing more this turn */
};

typedef struct StepMasks {
    PathMask *step[GAME_SIDE_COUNT];
    /* Per square, bit d (a GridDir naming an edge): the edge on side d lets
     * a step or a look through (no wall, or an open door): what
     * move_edge_open answers without a hero opening doors, read by every
     * step rule and sight line. edge_bits: the edge directions of the
     * topology (the bits open may hold). */
    uint8_t *open;
    /* The same with a hero opening doors: also a closed door the hero
     * could open (move_edge_open with hero_opens). */
    uint8_t *hero_open;
    unsigned edge_bits;
    /* The fog's flood (fog_update_hero) as a path mask: from a walkable
     * square, the open edges toward on-board squares. */
    PathMask *flood;
    PathCosts costs; /* move_costs: the grid's step costs and the game's weights */
    PathMask *patch_mask; /* the mask move_mask_begin patched */
    int64_t *patch_at;    /* the patched squares, in order */
    PathMask *patch_old;  /* their masks before the patch */
    PathMask *patch_new;  /* and after it */
    size_t patch_len, patch_cap;
    /* The last patching, to be done again by its list when nothing it
     * read has changed: the same piece, the step masks unchanged (stamp
     * grows at every byte made) and every figure where it was (seen:
     * what move_mask_begin found of each piece, seen_len of them). */
    uint64_t stamp, patched_stamp;
    int patched_piece;
    size_t begin_len; /* how many of the patches were move_mask_begin's */
    int64_t *seen, *seeing;
    size_t seen_len, seen_cap;
} StepMasks;

/* The squares a look from square at floods (fog.c): the flood from at,
 * nearest first, less the squares whose reveal can never change anything
 * again while look_epoch stays, and those walls and rock hide from at
 * (fog_update_hero). A look from the same square, with no door opened
 * since, goes over the same squares in the same order, so the flood is
 * not made again, whichever hero looks. A cache: a clone starts
 * without. */
typedef struct FogLook {
    BoardPos at;
    uint64_t epoch; /* Game.look_epoch it was made under; 0: none */
    uint32_t *squares; /* square indices (fog.c keeps a flag in the top bit) */
    size_t len, cap;
    int depth;         /* steps from at to the farthest square flooded */
    bool walls_hid;    /* squares left it because walls hide them from at */
} FogLook;

/* Public ids of one kind (ids.c): index -> public id (-1: not known yet)
 * and public id -> index. */
typedef struct GameIds {
    int *pub;
    int *index;
    size_t count; /* public ids given */
    size_t cap;   /* both arrays' length */
} GameIds;

struct Game {
    const Mission *mission;
    const Board *board;
    Grid grid;
    uint64_t seed;
    Rng rng;
    GameSetup setup;

    GamePiece *pieces;
    size_t piece_count, piece_cap;
    int32_t *occupant; /* per square: living piece id or -1 */
    uint8_t *enter;    /* per square: terrain cost of entering it, NULL when all are 1 */
    uint8_t *flags;    /* per square: SQF_* */
    int32_t *door_e, *door_s; /* per square: door on its east/south edge or -1 */
    int32_t *door_sw;         /* hex boards: door on its south-west edge (door_s: south-east) */
    GameDoor *doors;
    size_t door_count;
    GameTrap *traps;
    size_t trap_count;
    bool *treasure_found;
    bool *card_gone;   /* treasure deck cards drawn and not returned */
    size_t card_count;
    bool *objective_met;
    int *objective_by; /* per objective: the hero who met it, or -1 */
    int actor;         /* the hero whose action is being applied, -1 in an end */
    uint8_t *room_revealed;   /* per room: 1 once revealed whole */
    /* per room: mission_room_is_corridor, asked on first use (fog.c):
     * 0 not asked yet, 1 a room, 2 a corridor */
    uint8_t *room_corridor;
    uint8_t *searched_room;   /* per room: bit (hero*2 + kind) searched */
    uint8_t *searched_square; /* per corridor square: same bits */

    GameStatus status;
    GameDefeat defeat; /* why it was lost (turn.c) */
    int turn;
    int hero_round; /* the round the last hero's turn began in (rounds played) */
    int current;   /* hero id whose turn it is, -1 when over */
    bool rolled, acted, moved, move_closed;
    bool spell_move_used; /* the current hero moved with a spell's help */
    bool end_turn;        /* a trap sprang: the hero's turn ends after this action */
    int move_left;
    int move_dice[GAME_MAX_DICE];
    int move_dice_count;
    BoardPos *trail; /* squares of the current hero's move so far, start first */
    size_t trail_len, trail_cap;

    PathFinder *pf;
    StepMasks *masks; /* the step rule as path masks (move_mask.c) */
    Action *log;
    size_t log_count, log_cap;
    GameEvents *out; /* where events go during game_apply (never NULL then) */
    GameDrop *drops;  /* thrown weapons on the board */
    size_t drop_count, drop_cap;
    /* Undo (undo.c): the current hero's moves that may be taken back,
     * oldest first, and why there are none when there are none. */
    UndoStep *undo;
    size_t undo_count, undo_cap;
    UndoBlock undo_block;
    uint64_t reveals; /* squares and rooms revealed so far (fog.c, search.c) */
    FogLook *looks; /* fog.c: FOG_LOOK_SLOTS kept looks, by viewer square; NULL until one */
    BoardPos looked_from[GAME_MAX_HEROES]; /* fog.c: each hero's last look, if kept */
    /* Grows when the fog's flood mask changes (a door opens) and when a
     * piece nobody has seen is put on a square: the heroes' kept looks
     * are made again then. */
    uint64_t look_epoch;
    GameIds ids[GAME_ID_KIND_COUNT]; /* public ids (ids.c) */
    /* The monster player (monsters.c): true while the monsters' turn
     * waits for actions; what each piece may still do in it (one entry a
     * piece, as many as there were when the turn began). */
    bool monster_turn;
    MonsterTurn *mturn;
    size_t mturn_count;
};

/* --- game.c: shared helpers ------------------------------------------ */
/* Row-major index of an on-board square. */
static inline int64_t game_index(const Game *g, BoardPos pos)
{
    return (int64_t)pos.y * g->grid.width + pos.x;
}
/* Name of an edge side for messages: "east", "south-west"... */
const char *game_edge_name(const Game *g, GridDir side);
/* Appends an event with a printf-style log text; returns it to fill in. */
GameEvent *game_emit(Game *g, EventKind kind, int piece, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
/* event.c: game_event_reword with a va_list (game_emit's line). */
void game_event_vreword(GameEvent *e, const char *fmt, va_list ap) __attribute__((format(printf, 2, 0)));
/* Puts a new piece on the free square pos; returns its id. */

int game_add_piece(Game *g, const PieceType *type, GameSide side, BoardPos pos, int mission_index);
/* Refuses an action on piece id, which is not on the board as the players
 * know it: "there is no piece N on the board" by its public id. */
bool game_refuse_no_piece(const Game *g, int id, char *why, size_t why_size);
/* True when id is a living piece still in the dungeon. */
bool game_piece_on_board(const Game *g, int id);

/* --- ids.c ----------------------------------------------------------- */
/* Gives public ids to what the heroes came to know since the last call
 * (revealed pieces, found doors and traps, found treasure), in file
 * order; called at the end of game_create and of every accepted action. */
void ids_settle(Game *g);
/* Copies src's ids into c (game_clone); frees them. */
void ids_clone(Game *c, const Game *src);
void ids_free(Game *g);

/* --- move.c, move_mask.c (the step masks) ---------------------------- */
/* The step rule for piece (see docs/rules.md) on the board as view sees it. */
PathStep move_step(const Game *g, int piece, BoardPos from, BoardPos to, GridDir dir,
                   MoveView view);
/* True when the edge on side dir of pos lets a step through: no wall, or
 * an open door; with hero_opens, also a closed door a hero could open. */
bool move_edge_open(const Game *g, BoardPos pos, GridDir dir, bool hero_opens);
/* True when the two squares are orthogonal neighbours with no wall or
 * closed door between them (attack and disarm reach). */
bool move_adjacent(const Game *g, BoardPos a, BoardPos b);
/* The context of move_step_cb: whose step rule. The game's searches read
 * the step masks instead (move_mask_begin); the callback is the rule they
 * encode, and tests/rules/test_pathmask checks that both agree. */
typedef struct MoveCtx {
    const Game *g;
    int piece;
    MoveView view;
    bool avoid_traps; /* refuse steps onto known traps other than goal */
    BoardPos goal;
} MoveCtx;
/* move_step as a PathStepFn; ctx is a MoveCtx. */
PathStep move_step_cb(void *ctx, BoardPos from, BoardPos to, GridDir dir);
/* Builds both step masks from the board state (game creation). */
void move_mask_build(Game *g);
/* The step mask byte of pos for side made from the step rule itself
 * (move_mask_build makes square boards' bytes another, faster way; tests
 * compare the two). */
PathMask move_mask_byte(const Game *g, BoardPos from, GameSide side);
/* A copy of g's masks (game_clone). */
StepMasks *move_mask_clone(const Game *g);
/* Frees the masks; NULL does nothing. */
void move_mask_free(StepMasks *m);
/* Recomputes the step masks of pos and its neighbours after pos, or an
 * edge of pos, changed (a door opened or found, rubble fell). */
void move_mask_refresh(Game *g, BoardPos pos);
/* Recomputes the masks around every door (a key was found). */
void move_mask_refresh_doors(Game *g);
/* The step mask of piece's side with the pieces patched in: friends may
 * be passed (PATH_MASK_NO_STOP), enemies not entered; the mask then gives
 * exactly move_step's rule for piece under its side's view (heroes:
 * MOVE_KNOWN, so only pieces the heroes have seen are patched in;
 * monsters: MOVE_FULL). Undo with move_mask_end before the game
 * changes. */
const PathMask *move_mask_begin(const Game *g, int piece);
/* The view move_mask_begin's mask gives for piece. */
MoveView move_mask_view(const Game *g, int piece);
/* Restores the mask move_mask_begin patched. */
void move_mask_end(const Game *g);
/* The move, open and disarm actions (game_apply's contract). */
/* The piece's cheapest path from `from` to goal within budget cost units
 * (grid_cost_unit a square; -1: any) and its reachable squares within
 * budget, into g->pf, as the heroes know the board (MOVE_KNOWN); a hero's
 * path keeps off known traps when it can. By the heroes' step mask, or by
 * the step rule itself for monsters and while a spell changes how the
 * piece moves. Steps cost grid_step_cost. */
int move_find_path(const Game *g, int piece, BoardPos from, BoardPos goal, int budget,
                   BoardPos *out, int cap);
/* The longest path a move action walks (a longer plan is refused). */
#define MOVE_PATH_MAX 256
void move_reach(const Game *g, int piece, int budget);
/* Cost of walking path[0..count) from `from` (move_step_cost a step). */
int move_path_cost(const Game *g, BoardPos from, const BoardPos *path, int count);
/* The least movement (cost units) a move of piece from from to goal
 * needs, whatever its budget; -1 when no legal path leads there. */
int move_least_cost(const Game *g, int piece, BoardPos from, BoardPos goal);
/* Cost of the step from `from` onto its neighbour `to`: grid_step_cost of
 * its direction times the terrain cost of `to`. */
int move_step_cost(const Game *g, BoardPos from, BoardPos to);
/* The weighted search's costs: the grid's step costs and the terrain. */
PathCosts move_costs(const Game *g);
bool move_apply_move(Game *g, const Action *a, char *why, size_t n);
bool move_apply_open(Game *g, const Action *a, char *why, size_t n);
/* Reports piece's step to `to` and puts it there; occupancy is the
 * caller's business. */
void move_step_event(Game *g, int piece, BoardPos to);
/* Opens door d (event by piece). */
void move_open_door(Game *g, int d, int piece);
/* Moves piece along the first count squares of path (it may pass
 * squares it could not stop on), one EVENT_STEP each. */
void move_transit(Game *g, int piece, const BoardPos *path, int count);
/* Takes a piece off the board (death or leaving). */
void move_remove_piece(Game *g, int piece);
/* True when a figure may be placed on pos (walkable, empty, no furniture
 * or rubble). */
bool move_square_free(const Game *g, BoardPos pos);

/* --- combat.c -------------------------------------------------------- */
/* One combat die from the game's generator. */
DieFace combat_roll_face(Game *g);
/* Attacker attacks defender; records the event; may kill. */
void combat_attack(Game *g, int attacker, int defender);
/* Loses amount body points with an EVENT_DAMAGE line (hazards, spells). */
void combat_hurt(Game *g, int piece, int amount);
/* Regains up to amount body points with an EVENT_HEAL line (potions, spells). */
void combat_heal(Game *g, int piece, int amount);
/* A spell's attack: dice combat dice from caster's spell named name. */
void combat_spell_attack(Game *g, int caster, int defender, int dice, const char *name);
/* The attack action: checks, then attacks (game_apply's contract). */
bool combat_apply_attack(Game *g, const Action *a, char *why, size_t n);
/* Takes up to amount body points from piece; kills it at 0. */
void combat_damage(Game *g, int piece, int amount);

/* The trap flags (SQF_PIT, SQF_TRAP) of trap t's square and the masks
 * around it, after t was found, sprung or removed. */
void move_trap_changed(Game *g, int t);

/* --- trap.c ---------------------------------------------------------- */
/* The trap still on pos that a step springs (not a chest trap), or -1. */
int trap_underfoot(const Game *g, BoardPos pos);
/* Springs trap t on hero, which occupies its square: damage, rubble, the
 * pit staying open. True (and end_turn set) when the hero's turn ends: a
 * spear ends it only on a skull. */
bool trap_spring(Game *g, int hero, int t);
/* Hero jumps the known pit t it is passing over: one combat die, a skull
 * fails. True when it is over (it goes on); false: the caller springs it. */
bool trap_jump(Game *g, int hero, int t);
/* The first treasure search in hero's room springs the chest trap there. */
void trap_spring_chest(Game *g, int hero);
/* The disarm action (game_apply's contract). */
bool trap_apply_disarm(Game *g, const Action *a, char *why, size_t n);
/* True when piece stands in an open pit (one die fewer to attack and to
 * defend, at least one). */
bool trap_in_pit(const Game *g, int piece);

/* --- equip.c: what heroes carry and how it changes the rules --------- */
/* How an attack is made. */
typedef struct EquipAttack {
    int weapon;  /* catalogue item index, -1 bare-handed (or a monster) */
    int slot;    /* its index in the attacker's items, -1 */
    bool thrown; /* the weapon leaves the hero and lands on the target's square */
    bool shot;   /* a ranged weapon at range */
} EquipAttack;
/* Gives hero its belongings at the start: the kit, or its type's starting
 * kit (armour worn) when kit is NULL. */
void equip_give_kit(Game *g, int hero, const GameKit *kit);
/* Checks a setup's kits against the catalogue (indices, worn armour). */
bool equip_check_kit(const Catalogue *cat, const GameKit *kit, char *why, size_t n);
/* The weapon and manner of attacker's attack on target (requested is an
 * Action.item); false with the reason when it cannot attack it. */
bool equip_choose(const Game *g, int attacker, int target, int requested, EquipAttack *out,
                  char *why, size_t n);
/* Combat dice of the attack (weapon dice, extra against the target's kind;
 * a monster's or bare hands' figure), spells not counted. */
int equip_attack_dice(const Game *g, int attacker, int target, int weapon);
/* Defence dice of piece (type, worn armour), spells not counted. */
int equip_defend_dice(const Game *g, int piece);
/* Movement dice of hero from worn armour, or 0 when armour sets none. */
int equip_move_dice(const Game *g, int hero);
/* The thrown weapon leaves attacker's belongings and lies at pos. */
void equip_throw(Game *g, int attacker, const EquipAttack *how, BoardPos pos);
/* Hero steps onto pos: it picks up any thrown weapons lying there. */
void equip_pick_up(Game *g, int hero, BoardPos pos);

/* --- fog.c ----------------------------------------------------------- */
/* True when b is in line of sight from a under the game's blockers, as
 * the heroes know them: figures, rubble and furniture on squares no hero
 * has seen do not block. */
bool fog_sees(const Game *g, BoardPos a, BoardPos b);
/* Reveals the square (and the whole room when it is a room): a hero
 * stepping there through a wall sees it. */
void fog_reveal_at(Game *g, BoardPos pos);
/* Reveals everything hero sees; new pieces get EVENT_REVEAL. */
void fog_update_hero(Game *g, int hero);
/* fog_update_hero for every hero on the board. */
void fog_update_all(Game *g);
/* True when the room is played as a corridor (docs/rules.md). */
bool fog_is_corridor(const Game *g, int32_t room);
/* True when a revealed living monster is in sight of pos. */
bool fog_monster_in_sight(const Game *g, BoardPos pos);
/* Frees the kept looks (game_destroy). */
void fog_free(Game *g);

/* --- search.c -------------------------------------------------------- */
/* The two search actions (game_apply's contract: check, then change). */
bool search_apply_treasure(Game *g, const Action *a, char *why, size_t n);
bool search_apply_traps(Game *g, const Action *a, char *why, size_t n);

/* --- spell.c: casting and what spells do ------------------------------ */
/* The spells a hero of type t starts a quest with (bit i: catalogue spell i). */
uint32_t spell_book(const Catalogue *cat, const PieceType *t);
bool spell_apply_cast(Game *g, const Action *a, char *why, size_t n);
/* A sleeping or storm-struck monster's turn: true when it may act. */
bool spell_monster_wakes(Game *g, int monster);
/* The end of a hero's turn: spells for its next move end once it moved. */
void spell_turn_over(Game *g, int hero);
/* True when the piece's move uses a spell (searches go by the step
 * rule with the spell, not by the masks). */
bool spell_changes_move(const Game *g, int piece);

/* --- item.c: belongings ---------------------------------------------- */
/* Puts the catalogue item named id into hero's belongings (EVENT_FIND
 * already said so); false when the catalogue has no such item. */
bool item_give(Game *g, int hero, const char *id);
/* The most body points the potion with catalogue id `id` restores under
 * the game's rules (its fixed amount plus 6 a die it rolls; under EU
 * rules its EU amount when it has one), or -1 when id names no potion. */
int item_heal_most(const Game *g, const char *id);
/* The use action (drink a potion): checks, then drinks. */
bool item_apply_use(Game *g, const Action *a, char *why, size_t n);
/* A hero at 0 body points drinks its own healing potion, if it carries
 * one (US rule); true when that saved it. */
bool item_drink_at_death(Game *g, int hero);
/* The best way hero has to disarm traps: its own (the Dwarf's) or a
 * tool it carries; *tool gets that tool's item, or -1. */
DisarmSkill item_disarm_skill(const Game *g, int hero, int *tool);

/* --- undo.c: taking a move back ---------------------------------------- */
/* Before action a: a record of what a move may change (NULL when a is no
 * move). */
UndoStep *undo_begin(const Game *g, const Action *a);
/* After action a (accepted when ok) with its events[0..count): keeps the
 * record when the move was quiet, else drops every record; frees s. */
void undo_end(Game *g, UndoStep *s, const Action *a, bool ok, const GameEvent *events,
              size_t count);
/* Drops every record; why says why none may be taken back now. */
void undo_clear(Game *g, UndoBlock why);
/* The records of g, copied into its clone c (game_clone). */
void undo_clone(Game *c, const Game *g);
/* Frees the records (game_destroy). */
void undo_free(Game *g);

/* --- ai.c ------------------------------------------------------------ */
/* Plays every revealed monster once. */
void ai_monsters_turn(Game *g);
/* The hero next to pos a monster attacks (fewest body points, then the
 * lowest id), or -1. */
int ai_adjacent_hero(const Game *g, BoardPos pos);
/* The squares monster walks toward the nearest square next to a hero
 * this turn (its whole move), written to path; their count (0: it stays). */
int ai_approach_path(const Game *g, int monster, BoardPos *path, int cap);

/* --- monsters.c: the monsters' turn played by actions ------------------ */
/* The monsters' turn begins, waiting for actions: each sleeping monster
 * rolls to wake, in id order. */
void monsters_turn_begin(Game *g);
/* A monster's move or attack, or the end of the monsters' turn
 * (game_apply's contract). */
bool monsters_apply(Game *g, const Action *a, char *why, size_t n);
/* Frees the monsters' turn state (game_destroy); copies it (game_clone). */
void monsters_free(Game *g);
void monsters_clone(Game *c, const Game *g);

/* --- turn.c ---------------------------------------------------------- */
/* The roll, end and leave actions (game_apply's contract). */
bool turn_apply_roll(Game *g, const Action *a, char *why, size_t n);
bool turn_apply_end(Game *g, const Action *a, char *why, size_t n);
bool turn_apply_leave(Game *g, const Action *a, char *why, size_t n);
/* Checks whether the acting hero may take an action now. */
bool turn_may_act(const Game *g, const Action *a, char *why, size_t n);
/* Marks the current hero's action as taken (closing a started move). */
void turn_use_action(Game *g);
/* Starts the first hero's turn. */
void turn_begin(Game *g);
/* Re-evaluates objectives, victory and defeat. */
void turn_check_end(Game *g);
/* Moves on from the current hero (after end or leaving). */
void turn_advance(Game *g);
/* After the monsters' turn: the next round begins (or the turn limit is
 * passed). */
void turn_next_round(Game *g);
