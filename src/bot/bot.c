/* The bot's choices: a fixed order of preferences (bot.h), each a small
 * function that proposes one action or passes. Plans are not kept between
 * calls: every choice is made again from the game as it stands, with a
 * breadth-first search of where the hero can stop (nearest first), so a
 * choice costs time linear in the board. */
#include "bot.h"

#include "../core/alloc.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Choices a turn may take before the bot ends it (a refused choice is not
 * repeated, so a normal turn needs well under a dozen). */
#define BOT_MAX_CHOICES 48
#define BOT_MAX_REFUSED 32
/* A visible monster farther than this (in steps) is left to come to the
 * heroes, unless an objective names it. */
#define BOT_ENGAGE_STEPS 14

enum { BOT_SEARCHED_TREASURE = 1, BOT_SEARCHED_TRAPS = 2 };

/* Enough of a game to tell it has not changed: the same game, with no
 * action applied or taken back since (a refused action changes nothing),
 * in the same turn. */
typedef struct StateKey {
    const Game *game;
    size_t log_count, undo_count;
    int turn, current;
    uint64_t rng;
    GameStatus status;
} StateKey;

static StateKey state_key(const Game *g)
{
    return (StateKey){g,           game_log_count(g), game_undo_count(g), game_turn(g),
                      game_current(g), game_rng_state(g), game_status(g)};
}

static bool same_key(const StateKey *a, const StateKey *b)
{
    return a->game == b->game && a->log_count == b->log_count && a->undo_count == b->undo_count &&
           a->turn == b->turn && a->current == b->current && a->rng == b->rng &&
           a->status == b->status;
}

struct Bot {
    int width, height;
    int32_t rooms;
    uint8_t *room_done;   /* per room: what the party searched it for */
    uint8_t *square_done; /* per square: searched for traps there (corridors) */
    uint8_t *mark;        /* scratch: squares a goal accepts */
    BoardPos *reach;      /* scratch: where the hero can stop, nearest first */
    BoardPos *path;
    size_t reach_count;
    /* What reach and path were found on: they hold for as long as the game
     * stays as it was (a refused proposal changes nothing, and the next
     * choice of the same turn asks the same questions). */
    StateKey key;
    bool reach_fresh; /* reach holds the answer for key */
    int path_len;     /* path holds game_path's answer to path_goal for key (-1: none) */
    BoardPos path_goal;
    /* game_path's length to each square asked, for key: len_at[i] holds
     * while len_stamp[i] == stamp */
    int32_t *len_at;
    uint32_t *len_stamp, stamp;
    /* The turn being played and what was proposed in it. */
    int turn, hero, choices;
    size_t log_count;
    bool proposed;
    Action last;
    BoardPos last_pos;
    Action refused[BOT_MAX_REFUSED];
    int refused_count;
};

/* One choice being made. */
typedef struct Ctx {
    Bot *bot;
    const Game *g;
    const Mission *m;
    const Board *board;
    int hero;
    const GamePiece *me;
} Ctx;

Bot *bot_create(const Game *g)
{
    const Board *b = game_mission(g)->board;
    Bot *bot = xcalloc(1, sizeof *bot);
    bot->width = board_width(b);
    bot->height = board_height(b);
    bot->rooms = board_room_count(b);
    size_t area = (size_t)bot->width * (size_t)bot->height;
    bot->room_done = xcalloc((size_t)bot->rooms + 1, 1);
    bot->square_done = xcalloc(area, 1);
    bot->mark = xcalloc(area, 1);
    bot->reach = xmalloc(area + 1, sizeof *bot->reach);
    bot->path = xmalloc(area + 1, sizeof *bot->path);
    bot->len_at = xmalloc(area + 1, sizeof *bot->len_at);
    bot->len_stamp = xcalloc(area + 1, sizeof *bot->len_stamp);
    bot->turn = bot->hero = -1;
    return bot;
}

void bot_destroy(Bot *bot)
{
    if (!bot)
        return;
    free(bot->room_done);
    free(bot->square_done);
    free(bot->mark);
    free(bot->reach);
    free(bot->path);
    free(bot->len_at);
    free(bot->len_stamp);
    free(bot);
}

/* --- what the heroes know --------------------------------------------- */

static size_t index_of(const Bot *bot, BoardPos p)
{
    return (size_t)p.y * (size_t)bot->width + (size_t)p.x;
}

static bool seen_monster(const GamePiece *p)
{
    return p && p->side == GAME_SIDE_MONSTERS && p->alive && p->revealed;
}

/* True when an attack may go from a to b (game_adjacent: neighbours on
 * the board's grid, no wall or closed door between them). */
static bool next_to(const Game *g, BoardPos a, BoardPos b)
{
    return game_adjacent(g, a, b);
}

/* True when monster id is the target of an objective not yet met. */
static bool wanted(const Game *g, int id)
{
    const Mission *m = game_mission(g);
    const GamePiece *p = game_piece(g, id);
    if (!p || p->mission_index < 0 || !m->monsters[p->mission_index].id[0])
        return false;
    for (size_t i = 0; i < m->objective_count; i++)
        if (m->objectives[i].kind == OBJECTIVE_KILL && !game_objective_met(g, i) &&
            strcmp(m->objectives[i].target, m->monsters[p->mission_index].id) == 0)
            return true;
    return false;
}

/* True when only escaping is left to do (or the mission has no
 * objectives, which is won by leaving). */
static bool escaping(const Game *g)
{
    const Mission *m = game_mission(g);
    for (size_t i = 0; i < m->objective_count; i++)
        if (m->objectives[i].kind != OBJECTIVE_ESCAPE && !game_objective_met(g, i))
            return false;
    return true;
}

static bool monster_in_sight(const Ctx *c)
{
    for (size_t i = 0; i < game_piece_count(c->g); i++) {
        const GamePiece *p = game_piece(c->g, (int)i);
        if (seen_monster(p) && game_line_of_sight(c->g, c->me->pos, p->pos))
            return true;
    }
    return false;
}

static bool corridor_at(const Ctx *c, BoardPos p)
{
    int32_t room = board_room(c->board, p);
    return room < 1 || mission_room_is_corridor(c->m, room);
}

/* A corridor square closed on three sides: where secret doors hide. */
static bool dead_end(const Ctx *c, BoardPos p)
{
    int walls = 0, n;
    const Grid *grid = board_grid(c->board);
    const GridDir *edges = grid_edge_dirs(grid, &n);
    for (int k = 0; k < n; k++) {
        BoardPos q = grid_step(grid, p, edges[k]);
        walls += board_wall(c->board, p, edges[k]) || !board_walkable(c->board, q);
    }
    return walls >= n - 1;
}

/* --- proposing --------------------------------------------------------- */

static bool same_action(const Action *a, const Action *b)
{
    return a->kind == b->kind && a->piece == b->piece && a->target == b->target &&
           grid_pos_equal(a->pos, b->pos) && a->spell == b->spell && a->item == b->item;
}

static bool propose(Ctx *c, Action *out, ActionKind kind, int target, BoardPos pos, int spell)
{
    Action a = {kind, c->hero, target, pos, spell, 0};
    for (int i = 0; i < c->bot->refused_count; i++)
        if (same_action(&a, &c->bot->refused[i]))
            return false;
    *out = a;
    return true;
}

/* --- fighting and spells ----------------------------------------------- */

/* Better target first: an objective's, then the fewest body points. */
static bool better_target(const Game *g, int a, int b)
{
    if (b < 0)
        return true;
    bool wa = wanted(g, a), wb = wanted(g, b);
    if (wa != wb)
        return wa;
    return game_piece(g, a)->body < game_piece(g, b)->body;
}

static bool attack_next_to(Ctx *c, Action *out)
{
    int best = -1;
    for (size_t i = 0; i < game_piece_count(c->g); i++) {
        const GamePiece *p = game_piece(c->g, (int)i);
        if (seen_monster(p) && next_to(c->g, c->me->pos, p->pos) &&
            better_target(c->g, (int)i, best)) {
            Action a = {ACTION_ATTACK, c->hero, (int)i, c->me->pos, -1, 0};
            bool refused = false;
            for (int k = 0; k < c->bot->refused_count; k++)
                refused |= same_action(&a, &c->bot->refused[k]);
            if (!refused)
                best = (int)i;
        }
    }
    return best >= 0 && propose(c, out, ACTION_ATTACK, best, c->me->pos, -1);
}

static bool badly_hurt(const GamePiece *p)
{
    return p->alive && !p->escaped && p->body * 2 <= p->body_max;
}

/* A healing spell on the most hurt hero in sight (the caster counts). */
static bool cast_heal(Ctx *c, Action *out, int spell)
{
    int best = -1;
    for (size_t i = 0; i < game_piece_count(c->g); i++) {
        const GamePiece *p = game_piece(c->g, (int)i);
        if (p->side != GAME_SIDE_HEROES || !badly_hurt(p) || p->pos.x < 0)
            continue;
        if ((int)i != c->hero && !game_line_of_sight(c->g, c->me->pos, p->pos))
            continue;
        if (best < 0 || p->body < game_piece(c->g, best)->body)
            best = (int)i;
    }
    return best >= 0 && propose(c, out, ACTION_CAST, best, c->me->pos, spell);
}

/* A harmful spell on the best monster in sight. */
static bool cast_harm(Ctx *c, Action *out, int spell)
{
    int best = -1;
    for (size_t i = 0; i < game_piece_count(c->g); i++) {
        const GamePiece *p = game_piece(c->g, (int)i);
        if (seen_monster(p) && game_line_of_sight(c->g, c->me->pos, p->pos) &&
            better_target(c->g, (int)i, best))
            best = (int)i;
    }
    return best >= 0 && propose(c, out, ACTION_CAST, best, c->me->pos, spell);
}

/* Healing when a hero is badly hurt; else an attack or damage spell on a
 * monster in sight. Other spells are left unused. */
static bool cast_spell(Ctx *c, Action *out)
{
    for (int pass = 0; pass < 2; pass++)
        for (int s = 0; s < (int)game_spell_count(c->g); s++) {
            if (!game_can_cast(c->g, c->hero, s))
                continue;
            SpellEffect e = game_spell(c->g, s)->effect;
            if (pass == 0 && e == SPELL_HEAL && cast_heal(c, out, s))
                return true;
            if (pass == 1 && (e == SPELL_ATTACK || e == SPELL_DAMAGE) && cast_harm(c, out, s))
                return true;
        }
    return false;
}

/* --- searching ------------------------------------------------------- */

static bool searched(const Ctx *c, BoardPos p, int what)
{
    int32_t room = board_room(c->board, p);
    if (corridor_at(c, p))
        return (c->bot->square_done[index_of(c->bot, p)] & what) != 0;
    return (c->bot->room_done[room] & what) != 0;
}

static bool search_treasure_here(Ctx *c, Action *out)
{
    if (corridor_at(c, c->me->pos) || searched(c, c->me->pos, BOT_SEARCHED_TREASURE) ||
        monster_in_sight(c))
        return false;
    return propose(c, out, ACTION_SEARCH_TREASURE, -1, c->me->pos, -1);
}

/* Secret doors are looked for in rooms and corridor dead ends. */
static bool trap_search_spot(const Ctx *c, BoardPos p)
{
    if (searched(c, p, BOT_SEARCHED_TRAPS))
        return false;
    return !corridor_at(c, p) || dead_end(c, p);
}

static bool search_traps_here(Ctx *c, Action *out)
{
    if (!trap_search_spot(c, c->me->pos) || monster_in_sight(c))
        return false;
    return propose(c, out, ACTION_SEARCH_TRAPS, -1, c->me->pos, -1);
}

static bool disarm_next_to(Ctx *c, Action *out)
{
    for (size_t i = 0; i < game_trap_count(c->g); i++) {
        const GameTrap *t = game_trap(c->g, i);
        if (t->found && !t->gone &&
            (grid_pos_equal(t->pos, c->me->pos) || next_to(c->g, c->me->pos, t->pos)) &&
            propose(c, out, ACTION_DISARM, -1, t->pos, -1))
            return true;
    }
    return false;
}

/* --- moving ------------------------------------------------------------ */

/* Fills bot->reach with every square the hero can stop on, nearest first:
 * once for as long as the game stays as it was (Bot.key). */
static void find_reach(Ctx *c)
{
    if (c->bot->reach_fresh)
        return;
    c->bot->reach_fresh = true;
    size_t cap = (size_t)c->bot->width * (size_t)c->bot->height;
    /* no budget: every square the hero could ever stop on, whatever the
     * terrain and diagonal costs */
    c->bot->reach_count = game_reachable(c->g, c->hero, INT_MAX, c->bot->reach, cap);
    if (c->bot->reach_count > cap)
        c->bot->reach_count = cap;
}

typedef bool (*GoalFn)(const Ctx *c, BoardPos p);

/* game_path from the hero to goal into bot->path, found once per goal
 * for as long as the game stays as it was (Bot.key). */
static int hero_path(const Ctx *c, BoardPos goal)
{
    Bot *bot = c->bot;
    if (bot->path_len >= 0 && grid_pos_equal(bot->path_goal, goal))
        return bot->path_len;
    bot->path_goal = goal;
    bot->path_len = game_path(c->g, c->hero, goal, bot->path, bot->width * bot->height);
    size_t i = index_of(bot, goal);
    bot->len_at[i] = bot->path_len;
    bot->len_stamp[i] = bot->stamp;
    return bot->path_len;
}

/* The length of hero_path's answer, remembered for every square asked
 * for as long as the game stays as it was. */
static int hero_path_len(const Ctx *c, BoardPos goal)
{
    Bot *bot = c->bot;
    size_t i = index_of(bot, goal);
    if (bot->len_stamp[i] == bot->stamp)
        return bot->len_at[i];
    return hero_path(c, goal);
}

/* Proposes a move towards the nearest reachable square goal accepts: as
 * far along the path as the movement left allows, stopping on the last
 * free square. False when no such square or move is left. */
static bool move_towards(Ctx *c, Action *out, GoalFn goal)
{
    Bot *bot = c->bot;
    for (size_t i = 0; i < bot->reach_count; i++) {
        if (!goal(c, bot->reach[i]))
            continue;
        int len = hero_path(c, bot->reach[i]);
        int k = len < game_move_left(c->g) ? len : game_move_left(c->g);
        for (; k > 0; k--)
            if (game_piece_at(c->g, bot->path[k - 1]) < 0 &&
                propose(c, out, ACTION_MOVE, -1, bot->path[k - 1], -1))
                return true;
        return false; /* the nearest goal only: farther ones would undo it */
    }
    return false;
}

/* Marks the squares from which an attack on a chosen monster may go. */
static bool mark_monsters(Ctx *c, bool objective_only)
{
    size_t area = (size_t)c->bot->width * (size_t)c->bot->height;
    memset(c->bot->mark, 0, area);
    bool any = false;
    for (size_t i = 0; i < game_piece_count(c->g); i++) {
        const GamePiece *p = game_piece(c->g, (int)i);
        if (!seen_monster(p) || (objective_only && !wanted(c->g, (int)i)))
            continue;
        GridNeighbour nb[GRID_MAX_NEIGHBOURS];
        int n = grid_neighbours(board_grid(c->board), p->pos, nb);
        for (int k = 0; k < n; k++) {
            BoardPos q = nb[k].pos;
            if (next_to(c->g, q, p->pos)) {
                c->bot->mark[index_of(c->bot, q)] = 1;
                any = true;
            }
        }
    }
    return any;
}

static bool goal_marked(const Ctx *c, BoardPos p)
{
    return c->bot->mark[index_of(c->bot, p)] != 0;
}

/* Like goal_marked, but only within BOT_ENGAGE_STEPS of the hero. A
 * path has at least as many steps as the grid's distance, so a square
 * farther than that needs no search (p is in the reach list, so a path
 * to it exists). */
static bool goal_marked_near(const Ctx *c, BoardPos p)
{
    return goal_marked(c, p) &&
           grid_distance(board_grid(c->board), c->me->pos, p) <= BOT_ENGAGE_STEPS &&
           hero_path_len(c, p) <= BOT_ENGAGE_STEPS;
}

static bool goal_exit(const Ctx *c, BoardPos p)
{
    return game_square_exit(c->g, p);
}

static bool goal_unexplored(const Ctx *c, BoardPos p)
{
    return !game_square_revealed(c->g, p);
}

static bool goal_unsearched_room(const Ctx *c, BoardPos p)
{
    return !corridor_at(c, p) && !searched(c, p, BOT_SEARCHED_TREASURE);
}

static bool goal_trap_search_spot(const Ctx *c, BoardPos p)
{
    return trap_search_spot(c, p);
}

/* Reach objectives not yet met: marks their squares (a whole room for
 * reach-room). Linear in the board. */
static bool mark_reach_objectives(Ctx *c)
{
    size_t area = (size_t)c->bot->width * (size_t)c->bot->height;
    memset(c->bot->mark, 0, area);
    bool any = false;
    for (size_t i = 0; i < c->m->objective_count; i++) {
        const MissionObjective *o = &c->m->objectives[i];
        if (game_objective_met(c->g, i))
            continue;
        if (o->kind == OBJECTIVE_REACH_SQUARE && board_contains(c->board, o->pos)) {
            c->bot->mark[index_of(c->bot, o->pos)] = 1;
            any = true;
        } else if (o->kind == OBJECTIVE_REACH_ROOM) {
            int32_t room = board_room(c->board, o->pos);
            const BoardRoom *r = board_room_info(c->board, room);
            for (int y = r ? r->min.y : 0; r && y <= r->max.y; y++)
                for (int x = r->min.x; x <= r->max.x; x++)
                    if (board_room(c->board, (BoardPos){x, y}) == room)
                        c->bot->mark[index_of(c->bot, (BoardPos){x, y})] = 1;
            any = r != NULL;
        }
    }
    return any;
}

/* Where to go this turn, by the order in bot.h. */
static bool choose_move(Ctx *c, Action *out)
{
    if (!game_can_move(c->g) || game_move_left(c->g) <= 0)
        return false;
    find_reach(c);
    bool fresh = !game_has_acted(c->g);
    if (mark_monsters(c, true) && move_towards(c, out, goal_marked))
        return true;
    if (fresh && mark_monsters(c, false) && move_towards(c, out, goal_marked_near))
        return true;
    if (escaping(c->g))
        return move_towards(c, out, goal_exit);
    if (mark_reach_objectives(c) && move_towards(c, out, goal_marked))
        return true;
    return move_towards(c, out, goal_unexplored) ||
           move_towards(c, out, goal_unsearched_room) ||
           move_towards(c, out, goal_trap_search_spot);
}

static bool leave_here(Ctx *c, Action *out)
{
    return escaping(c->g) && game_square_exit(c->g, c->me->pos) &&
           propose(c, out, ACTION_LEAVE, -1, c->me->pos, -1);
}

/* True when nothing is left to explore: time to look for secret doors. */
static bool explored(Ctx *c)
{
    find_reach(c);
    for (size_t i = 0; i < c->bot->reach_count; i++)
        if (!game_square_revealed(c->g, c->bot->reach[i]))
            return false;
    return true;
}

/* True when a monster the heroes see stands next to the hero. */
static bool in_melee(const Ctx *c)
{
    for (size_t i = 0; i < game_piece_count(c->g); i++) {
        const GamePiece *p = game_piece(c->g, (int)i);
        if (seen_monster(p) && next_to(c->g, c->me->pos, p->pos))
            return true;
    }
    return false;
}

/* Drinks a potion the hero carries once it is badly hurt (free, any time
 * in its turn). */
static bool drink(Ctx *c, Action *out)
{
    if (!badly_hurt(c->me))
        return false;
    for (int i = 0; i < c->me->item_count; i++) {
        int item = c->me->items[i].item;
        if (!game_can_use(c->g, c->hero, item))
            continue;
        Action a = {ACTION_USE, c->hero, -1, c->me->pos, -1, GAME_ITEM_REF(item)};
        bool refused = false;
        for (int k = 0; k < c->bot->refused_count; k++)
            refused |= same_action(&a, &c->bot->refused[k]);
        if (!refused) {
            *out = a;
            return true;
        }
    }
    return false;
}

static bool choose_action(Ctx *c, Action *out)
{
    bool fresh = !game_has_acted(c->g);
    if (leave_here(c, out) || drink(c, out))
        return true;
    if (fresh && (attack_next_to(c, out) || cast_spell(c, out)))
        return true;
    if (!game_has_rolled(c->g) && propose(c, out, ACTION_ROLL, -1, c->me->pos, -1))
        return true;
    if (fresh && !escaping(c->g) && search_treasure_here(c, out))
        return true;
    /* Next to a monster, stay and fight rather than walk off. */
    if (!in_melee(c) && choose_move(c, out))
        return true;
    if (fresh && !escaping(c->g) &&
        ((explored(c) && search_traps_here(c, out)) || disarm_next_to(c, out)))
        return true;
    return propose(c, out, ACTION_END, -1, c->me->pos, -1);
}

/* --- turn bookkeeping ---------------------------------------------------- */

/* Learns from what became of the last proposal: accepted searches are
 * remembered for the party, refused proposals for the rest of the turn. */
static void learn(Bot *bot, const Game *g)
{
    if (!bot->proposed)
        return;
    bot->proposed = false;
    if (game_log_count(g) == bot->log_count) {
        if (bot->refused_count < BOT_MAX_REFUSED)
            bot->refused[bot->refused_count++] = bot->last;
        return;
    }
    const Mission *m = game_mission(g);
    ActionKind k = bot->last.kind;
    if (k != ACTION_SEARCH_TREASURE && k != ACTION_SEARCH_TRAPS)
        return;
    int what = k == ACTION_SEARCH_TREASURE ? BOT_SEARCHED_TREASURE : BOT_SEARCHED_TRAPS;
    int32_t room = board_room(m->board, bot->last_pos);
    if (room < 1 || mission_room_is_corridor(m, room))
        bot->square_done[index_of(bot, bot->last_pos)] |= (uint8_t)what;
    else
        bot->room_done[room] |= (uint8_t)what;
}

static void start_turn_if_new(Bot *bot, const Game *g)
{
    if (game_turn(g) == bot->turn && game_current(g) == bot->hero)
        return;
    bot->turn = game_turn(g);
    bot->hero = game_current(g);
    bot->choices = 0;
    bot->refused_count = 0;
}

bool bot_choose(Bot *bot, const Game *g, Action *out)
{
    learn(bot, g);
    if (game_status(g) != GAME_STATUS_PLAYING || game_current(g) < 0)
        return false;
    start_turn_if_new(bot, g);
    StateKey key = state_key(g);
    if (!same_key(&key, &bot->key)) {
        bot->key = key;
        bot->reach_fresh = false;
        bot->path_len = -1;
        if (++bot->stamp == 0) { /* wrapped: forget every length once */
            memset(bot->len_stamp, 0, (size_t)bot->width * (size_t)bot->height * sizeof *bot->len_stamp);
            bot->stamp = 1;
        }
    }
    Ctx c = {bot, g, game_mission(g), game_mission(g)->board, game_current(g),
             game_piece(g, game_current(g))};
    bool ended = ++bot->choices > BOT_MAX_CHOICES;
    if (ended || !choose_action(&c, out))
        *out = (Action){ACTION_END, c.hero, -1, c.me->pos, -1, 0};
    bot->proposed = true;
    bot->last = *out;
    bot->last_pos = c.me->pos;
    bot->log_count = game_log_count(g);
    return true;
}

GameStatus bot_play(Bot *bot, Game *g, size_t max_actions, GameEvents *events)
{
    Action a;
    char why[256];
    size_t start = game_log_count(g);
    /* Refused choices add no log entry, so the tries are bounded too. */
    for (size_t tries = 0; game_log_count(g) - start < max_actions &&
                           tries / BOT_MAX_CHOICES < max_actions && bot_choose(bot, g, &a);
         tries++)
        (void)game_apply(g, &a, events, why, sizeof why);
    return game_status(g);
}

int bot_command(const Game *g, const Action *action, char *buf, size_t size)
{
    Action pub; /* the protocol names pieces by their public ids */
    game_action_to_public(g, action, &pub);
    const Action *a = &pub;
    switch (a->kind) {
    case ACTION_ROLL: return snprintf(buf, size, "roll");
    case ACTION_MOVE: return snprintf(buf, size, "move %d %d %d", a->piece, a->pos.x, a->pos.y);
    case ACTION_ATTACK: {
        const ItemType *weapon = a->item ? game_item(g, GAME_ITEM_INDEX(a->item)) : NULL;
        return weapon ? snprintf(buf, size, "attack %d %d %s", a->piece, a->target, weapon->id)
                      : snprintf(buf, size, "attack %d %d", a->piece, a->target);
    }
    case ACTION_SEARCH_TREASURE: return snprintf(buf, size, "search treasure");
    case ACTION_SEARCH_TRAPS: return snprintf(buf, size, "search traps");
    case ACTION_DISARM: return snprintf(buf, size, "disarm %d %d %d", a->piece, a->pos.x, a->pos.y);
    case ACTION_OPEN: return snprintf(buf, size, "open %d %d %d", a->piece, a->pos.x, a->pos.y);
    case ACTION_LEAVE: return snprintf(buf, size, "leave %d", a->piece);
    case ACTION_CAST: {
        const SpellType *s = game_spell(g, a->spell);
        return snprintf(buf, size, "cast %d %s %d", a->piece, s ? s->id : "?", a->target);
    }
    case ACTION_USE: {
        const ItemType *it = game_item(g, GAME_ITEM_INDEX(a->item));
        return snprintf(buf, size, "use %d %s", a->piece, it ? it->id : "?");
    }
    case ACTION_END:
    case ACTION_KIND_COUNT: break;
    }
    return snprintf(buf, size, "end");
}
