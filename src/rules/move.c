/* Steps, doors and traps: the step rule (move_step, and move_mask_byte,
 * the same rule as one square's byte of the per-side step masks that
 * move_mask.c builds and patches for every path search of the game), hero
 * moves, paths, opening doors, and the squares of traps found or gone. */
#include "move_internal.h"

#include "../core/alloc.h"

/* move_edge_open from the doors and walls themselves: what the open table
 * is made of, and the answer where the table has none. */
static bool edge_open_slow(const Game *g, BoardPos pos, GridDir dir, bool hero_opens)
{
    int d = game_door_at(g, pos, dir);
    if (d >= 0) {
        const GameDoor *door = &g->doors[d];
        if (door->open)
            return true;
        return hero_opens && move_door_openable(g, door);
    }
    return !board_wall(g->board, pos, dir);
}

/* move_edge_open, inline for the step rule's own use. */
static inline __attribute__((always_inline)) bool edge_open(const Game *g, BoardPos pos, GridDir dir,
                                                            bool hero_opens)
{
    const StepMasks *m = g->masks;
    if (m && m->open && ((m->edge_bits >> dir) & 1u) && grid_contains(&g->grid, pos))
        return ((hero_opens ? m->hero_open : m->open)[game_index(g, pos)] >> dir) & 1u;
    return edge_open_slow(g, pos, dir, hero_opens);
}

bool move_edge_open(const Game *g, BoardPos pos, GridDir dir, bool hero_opens)
{
    return edge_open(g, pos, dir, hero_opens);
}

/* The two squares a square8 diagonal step from `from` in direction dir
 * passes by (its orthogonal parts: east or west, north or south). */
static inline __attribute__((always_inline)) void diagonal_corners(const Game *g, BoardPos from, GridDir dir, BoardPos *a, GridDir *da,
                             BoardPos *b, GridDir *db)
{
    *da = dir == GRID_DIR_NORTHEAST || dir == GRID_DIR_SOUTHEAST ? GRID_DIR_EAST : GRID_DIR_WEST;
    *db = dir == GRID_DIR_NORTHEAST || dir == GRID_DIR_NORTHWEST ? GRID_DIR_NORTH : GRID_DIR_SOUTH;
    *a = grid_step(&g->grid, from, *da);
    *b = grid_step(&g->grid, from, *db);
}

static inline __attribute__((always_inline)) bool is_diagonal(const Game *g, GridDir dir)
{
    return g->grid.topology == GRID_SQUARE8 && dir >= GRID_DIR_NORTHEAST;
}

/* One way around a diagonal's corner: from `from` across the edge dir1
 * onto c, then across dir2 onto the diagonal's end. Open when c is floor
 * without rubble or move-blocking furniture (as far as view knows) and
 * neither edge has a wall or a closed door. Pieces are move_step's
 * business. */
static inline __attribute__((always_inline)) bool corner_open(const Game *g, BoardPos from, GridDir dir1, BoardPos c, GridDir dir2,
                        MoveView view)
{
    if (!grid_contains(&g->grid, c))
        return false;
    int64_t i = game_index(g, c);
    if (!(g->flags[i] & SQF_FLOOR))
        return false;
    if (move_square_seen(g, i, view) && (g->flags[i] & (SQF_RUBBLE | SQF_FURN_MOVE)))
        return false;
    return edge_open(g, from, dir1, false) && edge_open(g, c, dir2, false);
}

/* The corner rule of square8 boards (docs/rules.md): a diagonal step is
 * legal only when both squares it passes by may be entered from its start
 * and lead on to its end without a wall, closed door, piece or furniture. */
static inline __attribute__((always_inline)) bool diagonal_open(const Game *g, BoardPos from, GridDir dir, MoveView view)
{
    BoardPos a, b;
    GridDir da, db;
    diagonal_corners(g, from, dir, &a, &da, &b, &db);
    return corner_open(g, from, da, a, db, view) && corner_open(g, from, db, b, da, view);
}

/* True when a figure (one the view knows of, other than piece) stands on
 * a square a diagonal step passes by. */
static bool diagonal_crowded(const Game *g, int piece, BoardPos from, GridDir dir, MoveView view)
{
    BoardPos c[2];
    GridDir da, db;
    diagonal_corners(g, from, dir, &c[0], &da, &c[1], &db);
    for (int k = 0; k < 2; k++) {
        int who = g->occupant[game_index(g, c[k])];
        if (who >= 0 && who != piece && (view == MOVE_FULL || g->pieces[who].revealed))
            return true;
    }
    return false;
}

bool move_adjacent(const Game *g, BoardPos a, BoardPos b)
{
    int dir = grid_dir_between(&g->grid, a, b);
    if (dir < 0)
        return false;
    if (is_diagonal(g, (GridDir)dir))
        return diagonal_open(g, a, (GridDir)dir, MOVE_FULL);
    return edge_open(g, a, (GridDir)dir, false);
}

bool move_square_free(const Game *g, BoardPos pos)
{
    if (!board_walkable(g->board, pos))
        return false;
    int64_t i = game_index(g, pos);
    return g->occupant[i] < 0 && !(g->flags[i] & (SQF_RUBBLE | SQF_FURN_MOVE));
}

/* The step onto `to` under walls, doors, the board, furniture and rubble,
 * pieces not counted: PATH_STEP_STOP, or PATH_STEP_PASS where the side
 * may not stop (or where Pass Through Rock crosses rock), else
 * PATH_STEP_NO. */
static inline __attribute__((always_inline)) PathStep board_step(const Game *g, GameSide side, bool pass_walls, BoardPos from,
                           BoardPos to, GridDir dir, MoveView view)
{
    if (!grid_contains(&g->grid, to))
        return PATH_STEP_NO;
    if (is_diagonal(g, dir)) {
        if (!pass_walls && !diagonal_open(g, from, dir, view))
            return PATH_STEP_NO;
    } else if (!pass_walls && !edge_open(g, from, dir, side == GAME_SIDE_HEROES)) {
        return PATH_STEP_NO;
    }
    int64_t i = game_index(g, to);
    if (!(g->flags[i] & SQF_FLOOR))
        return pass_walls && board_type(g->board, to) == SQUARE_BLOCKED ? PATH_STEP_PASS
                                                                        : PATH_STEP_NO;
    if (move_square_seen(g, i, view)) {
        if (g->flags[i] & SQF_FURN_MOVE)
            return PATH_STEP_NO;
        if (g->flags[i] & SQF_RUBBLE)
            return pass_walls ? PATH_STEP_PASS : PATH_STEP_NO;
    }
    return move_no_stop(g, side, i, view) ? PATH_STEP_PASS : PATH_STEP_STOP;
}

PathStep move_step(const Game *g, int piece, BoardPos from, BoardPos to, GridDir dir,
                   MoveView view)
{
    const GamePiece *p = &g->pieces[piece];
    PathStep s = board_step(g, p->side, p->pass_walls, from, to, dir, view);
    if (s != PATH_STEP_NO && is_diagonal(g, dir) && diagonal_crowded(g, piece, from, dir, view))
        return PATH_STEP_NO;
    if (s != PATH_STEP_STOP)
        return s;
    int who = g->occupant[game_index(g, to)];
    if (who >= 0 && view == MOVE_KNOWN && !g->pieces[who].revealed)
        who = -1; /* a piece the heroes have not seen is not there for them */
    if (who < 0 || who == piece)
        return PATH_STEP_STOP;
    bool friend = g->pieces[who].side == p->side;
    return friend || p->pass_monsters ? PATH_STEP_PASS : PATH_STEP_NO;
}

PathStep move_step_cb(void *ctx, BoardPos from, BoardPos to, GridDir dir)
{
    const MoveCtx *c = ctx;
    PathStep s = move_step(c->g, c->piece, from, to, dir, c->view);
    if (s != PATH_STEP_NO && c->avoid_traps && !grid_pos_equal(to, c->goal) &&
        (c->g->flags[game_index(c->g, to)] & SQF_TRAP))
        return PATH_STEP_NO;
    return s;
}

MoveView move_mask_view(const Game *g, int piece)
{
    return g->pieces[piece].side == GAME_SIDE_HEROES ? MOVE_KNOWN : MOVE_FULL;
}

/* One square's byte of the step mask of side (pieces not counted): the
 * steps board_step allows (stops and passes alike), and whether the side
 * may stop on the square itself. The rule itself: hex boards build their
 * masks with it, square boards with mask_byte_square, which tests check
 * against it. */
PathMask move_mask_byte(const Game *g, BoardPos from, GameSide side)
{
    MoveView view = side == GAME_SIDE_HEROES ? MOVE_KNOWN : MOVE_FULL;
    PathMask bits = 0;
    int n;
    const GridDir *dirs = grid_dirs(&g->grid, &n);
    for (int k = 0; k < n; k++)
        if (board_step(g, side, false, from, grid_step(&g->grid, from, dirs[k]), dirs[k], view) !=
            PATH_STEP_NO)
            bits |= (PathMask)(1u << dirs[k]);
    if (board_contains(g->board, from) && move_no_stop(g, side, game_index(g, from), view))
        bits |= PATH_MASK_NO_STOP;
    return bits;
}

void move_trap_changed(Game *g, int t)
{
    BoardPos at = g->traps[t].pos;
    if (!board_contains(g->board, at))
        return;
    int64_t i = game_index(g, at);
    g->flags[i] &= (uint8_t)~(SQF_PIT | SQF_TRAP);
    /* squares may hold more than one trap: the flags are those of all */
    for (size_t k = 0; k < g->trap_count; k++) {
        const GameTrap *tr = &g->traps[k];
        if (!grid_pos_equal(tr->pos, at) || tr->gone || !tr->found)
            continue;
        g->flags[i] |= SQF_TRAP;
        if (tr->kind == TRAP_PIT)
            g->flags[i] |= SQF_PIT;
    }
    move_mask_refresh(g, at);
}

void move_open_door(Game *g, int d, int piece)
{
    GameDoor *door = &g->doors[d];
    door->open = true;
    door->found = true;
    move_mask_refresh(g, door->pos);
    GameEvent *e = game_emit(g, EVENT_DOOR_OPENED, piece, "%s opens the door at (%d,%d)-%s",
                             game_piece_name(g, piece), door->pos.x, door->pos.y,
                             game_edge_name(g, door->side));
    e->value = d;
    e->from = door->pos;
    e->to = grid_step(&g->grid, door->pos, door->side);
}

/* Updates a piece's square and reports the step; occupancy is the
 * caller's business (a piece in transit occupies nothing). */
void move_step_event(Game *g, int piece, BoardPos to)
{
    GamePiece *p = &g->pieces[piece];
    GameEvent *e = game_emit(g, EVENT_STEP, piece, "%s steps to (%d,%d)", game_piece_name(g, p->id), to.x,
                             to.y);
    e->to = to;
    p->pos = to;
}

void move_transit(Game *g, int piece, const BoardPos *path, int count)
{
    if (count <= 0)
        return;
    GamePiece *p = &g->pieces[piece];
    g->occupant[game_index(g, p->pos)] = -1;
    for (int k = 0; k < count; k++)
        move_step_event(g, piece, path[k]);
    g->occupant[game_index(g, p->pos)] = piece;
    g->look_epoch += !p->revealed; /* the heroes' looks count on it */
}

void move_remove_piece(Game *g, int piece)
{
    GamePiece *p = &g->pieces[piece];
    int64_t i = game_index(g, p->pos);
    if (g->occupant[i] == piece)
        g->occupant[i] = -1;
}

static void trail_push(Game *g, BoardPos pos)
{
    if (g->trail_len == g->trail_cap) {
        g->trail_cap = g->trail_cap ? g->trail_cap * 2 : 32;
        g->trail = xrealloc(g->trail, g->trail_cap, sizeof *g->trail);
    }
    g->trail[g->trail_len++] = pos;
}

/* One step of a hero's move: step, look, then a trap there: a known pit
 * it is passing over is jumped, any other trap springs. Returns false
 * when the move stops here. */
static bool hero_step(Game *g, int hero, BoardPos to, bool passing)
{
    g->move_left -= move_step_cost(g, g->pieces[hero].pos, to);
    move_step_event(g, hero, to);
    equip_pick_up(g, hero, to);
    trail_push(g, to);
    /* every hero looks again: the mover may have stepped out of a line */
    fog_update_all(g);
    int t = trap_underfoot(g, to);
    int64_t i = game_index(g, to);
    if (t < 0)
        return true;
    if (passing && (g->flags[i] & SQF_PIT) && trap_jump(g, hero, t))
        return true;
    if (g->occupant[i] >= 0)
        return true; /* a friend stands on it: the trap is under the friend */
    g->occupant[i] = hero; /* the trap strikes the hero where it stands */
    if (!trap_spring(g, hero, t)) {
        move_remove_piece(g, hero); /* unhurt: in transit again */
        return g->pieces[hero].alive;
    }
    g->move_left = 0;
    g->move_closed = true;
    return false;
}

/* True when the hero may stand on pos at the end of a move. */
static bool may_stop(const Game *g, int hero, BoardPos pos)
{
    if (!board_walkable(g->board, pos))
        return false;
    int64_t i = game_index(g, pos);
    int who = g->occupant[i];
    return !(g->flags[i] & (SQF_RUBBLE | SQF_FURN_MOVE)) && (who < 0 || who == hero);
}

/* The move was barred on a square it may only pass (a friend's, rock
 * crossed by a spell): the hero steps back along its move to the last
 * square it may stand on. Stepping back costs no movement. */
static void settle(Game *g, int hero)
{
    GamePiece *p = &g->pieces[hero];
    while (g->trail_len > 1 && !may_stop(g, hero, p->pos)) {
        g->trail_len--;
        move_step_event(g, hero, g->trail[g->trail_len - 1]);
    }
}

/* Opens the closed door on the way from `from` to `to` (a spell's walk
 * through walls leaves it closed) and looks again. */
static void open_on_the_way(Game *g, int hero, BoardPos from, BoardPos to)
{
    int d = game_door_at(g, from, (GridDir)grid_dir_between(&g->grid, from, to));
    if (d < 0 || g->doors[d].open || g->pieces[hero].pass_walls)
        return;
    move_open_door(g, d, hero);
    fog_update_all(g);
}

/* Walks the hero along the planned path. The plan was made on the board
 * as the heroes knew it; each step is checked on the board as it is, once
 * the hero has looked: when what it now sees bars the next step (or the
 * last square), the move stops, unused squares are kept. */
static void walk(Game *g, int hero, const BoardPos *path, int len)
{
    GamePiece *p = &g->pieces[hero];
    for (int k = 0; k < len && p->alive; k++) {
        BoardPos from = p->pos, to = path[k];
        open_on_the_way(g, hero, from, to);
        if (!game_square_revealed(g, to))
            fog_reveal_at(g, to); /* through a wall, by a spell */
        PathStep s = move_step(g, hero, from, to, (GridDir)grid_dir_between(&g->grid, from, to),
                               MOVE_FULL);
        bool passing = k < len - 1;
        /* a pit is jumped only when no one is in it and the square beyond
         * it is free */
        if (passing && (g->flags[game_index(g, to)] & SQF_PIT) &&
            (g->occupant[game_index(g, to)] >= 0 || !move_square_free(g, path[k + 1])))
            s = PATH_STEP_NO;
        if (s == PATH_STEP_NO || (!passing && s != PATH_STEP_STOP)) {
            GameEvent *e = game_emit(g, EVENT_BLOCKED, hero, "%s stops: the way to (%d,%d) is barred",
                                     game_piece_name(g, p->id), to.x, to.y);
            e->to = to;
            settle(g, hero);
            return;
        }
        if (!hero_step(g, hero, to, passing))
            return;
    }
}

static bool knows_traps(const Game *g)
{
    for (size_t t = 0; t < g->trap_count; t++)
        if (board_contains(g->board, g->traps[t].pos) &&
            (g->flags[game_index(g, g->traps[t].pos)] & SQF_TRAP))
            return true;
    return false;
}

PathCosts move_costs(const Game *g)
{
    return g->masks->costs;
}

int move_step_cost(const Game *g, BoardPos from, BoardPos to)
{
    int dir = grid_dir_between(&g->grid, from, to);
    int step = dir < 0 ? 1 : grid_step_cost(&g->grid, (GridDir)dir);
    return step * (g->enter ? g->enter[game_index(g, to)] : 1);
}

/* One search for move_find_path, keeping off known traps or not. Steps
 * cost move_step_cost (the weighted search; breadth-first when every step
 * costs one). */
static int find_path(const Game *g, int piece, BoardPos from, BoardPos goal, int budget,
                     bool avoid, BoardPos *out, int cap, int64_t *cost)
{
    PathCosts costs = move_costs(g);
    MoveCtx ctx = {g, piece, MOVE_KNOWN, avoid, goal};
    if (g->pieces[piece].side != GAME_SIDE_HEROES || spell_changes_move(g, piece)) {
        PathRule rule = {NULL, move_step_cb, &ctx};
        return path_cost_find(g->pf, from, goal, budget, &rule, &costs, out, cap, cost);
    }
    PathRule rule = {move_mask_begin(g, piece), NULL, &ctx};
    if (avoid)
        move_mask_patch_traps(g, goal);
    int len = path_cost_find(g->pf, from, goal, budget, &rule, &costs, out, cap, cost);
    move_mask_end(g);
    return len;
}

int move_path_cost(const Game *g, BoardPos from, const BoardPos *path, int count)
{
    int cost = 0;
    for (int k = 0; k < count; k++)
        cost += move_step_cost(g, k ? path[k - 1] : from, path[k]);
    return cost;
}

int move_find_path(const Game *g, int piece, BoardPos from, BoardPos goal, int max_steps,
                   BoardPos *out, int cap)
{
    /* A hero keeps off the traps it knows when it can; it may still step
     * on one on purpose (the goal), or cross one when no other way is
     * left (a pit is then jumped). */
    if (g->pieces[piece].side == GAME_SIDE_HEROES && knows_traps(g)) {
        int len = find_path(g, piece, from, goal, max_steps, true, out, cap, NULL);
        if (len >= 0)
            return len;
    }
    return find_path(g, piece, from, goal, max_steps, false, out, cap, NULL);
}

int move_least_cost(const Game *g, int piece, BoardPos from, BoardPos goal)
{
    /* the move keeps off known traps only when that fits its budget, so
     * the least movement that reaches goal is the cheapest path of all */
    int64_t cost = -1;
    int len = find_path(g, piece, from, goal, -1, false, NULL, 0, &cost);
    return len >= 0 && cost >= 0 && cost <= INT32_MAX ? (int)cost : -1;
}

void move_reach(const Game *g, int piece, int budget)
{
    PathCosts costs = move_costs(g);
    MoveCtx ctx = {g, piece, MOVE_KNOWN, false, {0, 0}};
    if (g->pieces[piece].side != GAME_SIDE_HEROES || spell_changes_move(g, piece)) {
        PathRule rule = {NULL, move_step_cb, &ctx};
        path_cost_reach(g->pf, g->pieces[piece].pos, budget, &rule, &costs);
        return;
    }
    PathRule rule = {move_mask_begin(g, piece), NULL, &ctx};
    path_cost_reach(g->pf, g->pieces[piece].pos, budget, &rule, &costs);
    move_mask_end(g);
}

bool move_apply_move(Game *g, const Action *a, char *why, size_t n)
{
    GamePiece *p = &g->pieces[a->piece];
    if (!g->rolled)
        return game_refuse(why, n, "roll the movement dice first");
    if (g->move_closed || g->move_left <= 0)
        return game_refuse(why, n, "%s has no movement left this turn", game_piece_name(g, p->id));
    if (!board_contains(g->board, a->pos))
        return game_refuse(why, n, "(%d,%d) is off the board", a->pos.x, a->pos.y);
    if (grid_pos_equal(a->pos, p->pos))
        return game_refuse(why, n, "%s already stands there", game_piece_name(g, p->id));
    BoardPos path[MOVE_PATH_MAX];
    int len = move_find_path(g, a->piece, p->pos, a->pos, g->move_left, path, MOVE_PATH_MAX);
    if (len < 0 || len > MOVE_PATH_MAX) {
        char left[32];
        game_format_move(g, g->move_left, left, sizeof left);
        return game_refuse(why, n, "no legal path of at most %s squares to (%d,%d)", left,
                           a->pos.x, a->pos.y);
    }
    if (g->trail_len == 0)
        trail_push(g, p->pos);
    g->moved = true;
    g->spell_move_used |= spell_changes_move(g, a->piece);
    g->occupant[game_index(g, p->pos)] = -1;
    walk(g, a->piece, path, len);
    if (p->alive)
        g->occupant[game_index(g, p->pos)] = a->piece;
    return true;
}

bool move_apply_open(Game *g, const Action *a, char *why, size_t n)
{
    BoardPos from = g->pieces[a->piece].pos;
    int dir = grid_dir_between(&g->grid, from, a->pos);
    if (dir < 0 || !grid_is_edge(&g->grid, (GridDir)dir))
        return game_refuse(why, n, "(%d,%d) is not next to the hero", a->pos.x, a->pos.y);
    int d = game_door_at(g, from, (GridDir)dir);
    if (d < 0 || !g->doors[d].found)
        return game_refuse(why, n, "there is no door between (%d,%d) and (%d,%d)", from.x,
                           from.y, a->pos.x, a->pos.y);
    if (g->doors[d].open)
        return game_refuse(why, n, "that door is already open");
    if (!move_door_openable(g, &g->doors[d]))
        return game_refuse(why, n, "that door is locked; it opens with %s",
                           g->mission->treasure[g->doors[d].key].name);
    move_open_door(g, d, a->piece);
    fog_update_all(g);
    return true;
}
