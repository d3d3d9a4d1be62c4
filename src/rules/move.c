/* Steps, doors and traps: the step rule (move_step, and the same rule as
 * the per-side step masks every path search of the game reads), hero
 * moves, opening doors and disarming traps. */
#include "game_internal.h"

#include "../core/alloc.h"

#include <stdlib.h>
#include <string.h>

/* True when a hero may open door d (docs/rules.md: a locked door needs the
 * item treasure it names to have been found; secret doors must be found
 * first). */
static bool door_openable(const Game *g, const GameDoor *d)
{
    switch (d->kind) {
    case DOOR_NORMAL:
        return true;
    case DOOR_SECRET:
        return d->found;
    case DOOR_LOCKED:
        return g->treasure_found[d->key];
    case DOOR_KIND_COUNT:
        break;
    }
    return false;
}

bool move_edge_open(const Game *g, BoardPos pos, GridDir dir, bool hero_opens)
{
    int d = game_door_at(g, pos, dir);
    if (d >= 0) {
        const GameDoor *door = &g->doors[d];
        if (door->open)
            return true;
        return hero_opens && door_openable(g, door);
    }
    return !board_wall(g->board, pos, dir);
}

bool move_adjacent(const Game *g, BoardPos a, BoardPos b)
{
    int dir = grid_dir_between(a, b);
    return dir >= 0 && dir < 4 && move_edge_open(g, a, (GridDir)dir, false);
}

bool move_square_free(const Game *g, BoardPos pos)
{
    if (!board_walkable(g->board, pos))
        return false;
    int64_t i = game_index(g, pos);
    return g->occupant[i] < 0 && !(g->flags[i] & (SQF_RUBBLE | SQF_FURN_MOVE));
}

PathStep move_step(const Game *g, int piece, BoardPos from, BoardPos to, GridDir dir)
{
    if (!board_walkable(g->board, to))
        return PATH_STEP_NO;
    const GamePiece *p = &g->pieces[piece];
    bool hero = p->side == GAME_SIDE_HEROES;
    if (!p->pass_walls && !move_edge_open(g, from, dir, hero))
        return PATH_STEP_NO;
    int64_t i = game_index(g, to);
    if (g->flags[i] & (SQF_RUBBLE | SQF_FURN_MOVE))
        return PATH_STEP_NO;
    int who = g->occupant[i];
    if (who < 0 || who == piece)
        return PATH_STEP_STOP;
    bool friend = g->pieces[who].side == p->side;
    return friend || p->pass_monsters ? PATH_STEP_PASS : PATH_STEP_NO;
}

PathStep move_step_cb(void *ctx, BoardPos from, BoardPos to, GridDir dir)
{
    const MoveCtx *c = ctx;
    return move_step(c->g, c->piece, from, to, dir);
}

/* One square's byte of the step mask of side (pieces not counted): the
 * steps move_step allows onto free squares. */
static uint8_t mask_byte(const Game *g, BoardPos from, GameSide side)
{
    uint8_t bits = 0;
    for (int d = 0; d < 4; d++) {
        BoardPos to = grid_step(from, (GridDir)d);
        if (!board_walkable(g->board, to) ||
            !move_edge_open(g, from, (GridDir)d, side == GAME_SIDE_HEROES) ||
            (g->flags[game_index(g, to)] & (SQF_RUBBLE | SQF_FURN_MOVE)))
            continue;
        bits |= (uint8_t)(1u << d);
    }
    return bits;
}

static void mask_set(Game *g, BoardPos pos)
{
    if (!board_contains(g->board, pos))
        return;
    int64_t i = game_index(g, pos);
    for (int s = 0; s < GAME_SIDE_COUNT; s++)
        g->masks->step[s][i] = mask_byte(g, pos, (GameSide)s);
}

void move_mask_build(Game *g)
{
    size_t area = (size_t)grid_area(&g->grid);
    if (!g->masks)
        g->masks = xcalloc(1, sizeof *g->masks);
    for (int s = 0; s < GAME_SIDE_COUNT; s++)
        if (!g->masks->step[s])
            g->masks->step[s] = xmalloc(area, 1);
    for (int y = 0; y < g->grid.height; y++)
        for (int x = 0; x < g->grid.width; x++)
            mask_set(g, (BoardPos){x, y});
}

StepMasks *move_mask_clone(const Game *g)
{
    size_t area = (size_t)grid_area(&g->grid);
    StepMasks *m = xcalloc(1, sizeof *m);
    for (int s = 0; s < GAME_SIDE_COUNT; s++) {
        m->step[s] = xmalloc(area, 1);
        memcpy(m->step[s], g->masks->step[s], area);
    }
    return m;
}

void move_mask_free(StepMasks *m)
{
    if (!m)
        return;
    for (int s = 0; s < GAME_SIDE_COUNT; s++)
        free(m->step[s]);
    free(m->patch_at);
    free(m->patch_old);
    free(m);
}

void move_mask_refresh(Game *g, BoardPos pos)
{
    mask_set(g, pos);
    for (int d = 0; d < 4; d++)
        mask_set(g, grid_step(pos, (GridDir)d));
}

void move_mask_refresh_doors(Game *g)
{
    for (size_t i = 0; i < g->door_count; i++)
        move_mask_refresh(g, g->doors[i].pos);
}

/* Saves mask[i] for move_mask_end and sets it to v. The patch list lives
 * in the game (buffers reused across queries); a query patches at most
 * five bytes a piece. */
static void patch(StepMasks *m, int64_t i, uint8_t v)
{
    if (m->patch_len == m->patch_cap) {
        m->patch_cap = m->patch_cap ? 2 * m->patch_cap : 64;
        m->patch_at = xrealloc(m->patch_at, m->patch_cap, sizeof *m->patch_at);
        m->patch_old = xrealloc(m->patch_old, m->patch_cap, 1);
    }
    m->patch_at[m->patch_len] = i;
    m->patch_old[m->patch_len++] = m->patch_mask[i];
    m->patch_mask[i] = v;
}

const uint8_t *move_mask_begin(const Game *g, int piece)
{
    StepMasks *m = g->masks;
    GameSide side = g->pieces[piece].side;
    uint8_t *mask = m->step[side];
    m->patch_len = 0;
    m->patch_mask = mask;
    for (size_t k = 0; k < g->piece_count; k++) {
        const GamePiece *p = &g->pieces[k];
        if ((int)k == piece || !board_contains(g->board, p->pos))
            continue;
        int64_t i = game_index(g, p->pos);
        if (g->occupant[i] != (int32_t)k)
            continue; /* not on the board (dead, gone, in transit) */
        if (p->side == side) {
            patch(m, i, (uint8_t)(mask[i] | PATH_MASK_NO_STOP));
            continue;
        }
        /* An enemy: no step onto its square from any side. */
        for (int d = 0; d < 4; d++) {
            BoardPos from = grid_step(p->pos, grid_dir_opposite((GridDir)d));
            if (!board_contains(g->board, from))
                continue;
            int64_t f = game_index(g, from);
            patch(m, f, (uint8_t)(mask[f] & ~(1u << d)));
        }
    }
    return mask;
}

void move_mask_end(const Game *g)
{
    StepMasks *m = g->masks;
    /* Backwards, so a byte patched twice gets its first value back. */
    while (m->patch_len > 0) {
        m->patch_len--;
        m->patch_mask[m->patch_at[m->patch_len]] = m->patch_old[m->patch_len];
    }
}

int move_trap_at(const Game *g, BoardPos pos)
{
    for (size_t i = 0; i < g->trap_count; i++)
        if (!g->traps[i].gone && grid_pos_equal(g->traps[i].pos, pos))
            return (int)i;
    return -1;
}

void move_open_door(Game *g, int d, int piece)
{
    GameDoor *door = &g->doors[d];
    door->open = true;
    door->found = true;
    move_mask_refresh(g, door->pos);
    GameEvent *e = game_emit(g, EVENT_DOOR_OPENED, piece, "%s opens the door at (%d,%d)-%s",
                             game_piece_name(g, piece), door->pos.x, door->pos.y,
                             door->side == GRID_DIR_EAST ? "east" : "south");
    e->value = d;
    e->from = door->pos;
    e->to = grid_step(door->pos, door->side);
}

/* Updates a piece's square and reports the step; occupancy is the
 * caller's business (a piece in transit occupies nothing). */
static void step_to(Game *g, int piece, BoardPos to)
{
    GamePiece *p = &g->pieces[piece];
    GameEvent *e = game_emit(g, EVENT_STEP, piece, "%s steps to (%d,%d)", p->type->name, to.x,
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
        step_to(g, piece, path[k]);
    g->occupant[game_index(g, p->pos)] = piece;
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

/* The falling block fills the hero's square: it steps back to the last
 * free square of its move (its start square is always free). */
static void push_back(Game *g, int hero, BoardPos blocked)
{
    for (size_t k = g->trail_len; k-- > 0;) {
        BoardPos p = g->trail[k];
        if (!grid_pos_equal(p, blocked) && move_square_free(g, p)) {
            step_to(g, hero, p);
            return;
        }
    }
}

static int roll_skulls(Game *g, GameEvent *e, int dice)
{
    int skulls = 0;
    for (int i = 0; i < dice; i++) {
        DieFace f = combat_roll_face(g);
        if (i < GAME_MAX_DICE)
            e->dice[e->dice_count++] = (int)f;
        skulls += f == DIE_SKULL;
    }
    return skulls;
}

/* Springs trap t on the hero's square; returns true when the move ends. */
static bool spring_trap(Game *g, int hero, int t)
{
    GameTrap *trap = &g->traps[t];
    trap->gone = true;
    trap->found = true;
    GameEvent *e = game_emit(g, EVENT_TRAP_SPRUNG, hero, "%s springs a %s trap",
                             game_piece_name(g, hero), mission_trap_kind_name(trap->kind));
    e->value = t;
    int damage = 1;
    bool ends = true;
    if (trap->kind == TRAP_SPEAR) {
        damage = roll_skulls(g, e, 1);
        ends = damage > 0;
    } else if (trap->kind == TRAP_FALLING_BLOCK) {
        damage = roll_skulls(g, e, 3);
        g->flags[game_index(g, trap->pos)] |= SQF_RUBBLE;
        move_mask_refresh(g, trap->pos);
        push_back(g, hero, trap->pos);
    }
    e->value2 = damage;
    g->occupant[game_index(g, g->pieces[hero].pos)] = hero;
    combat_damage(g, hero, damage);
    g->occupant[game_index(g, g->pieces[hero].pos)] = -1;
    return ends;
}

/* One step of a hero's move: open a closed door on the way, step, spring a
 * trap. Returns false when the move stops here. */
static bool hero_step(Game *g, int hero, BoardPos to)
{
    BoardPos from = g->pieces[hero].pos;
    int d = game_door_at(g, from, (GridDir)grid_dir_between(from, to));
    /* through a wall by a spell, a closed door stays closed */
    if (d >= 0 && !g->doors[d].open && !g->pieces[hero].pass_walls)
        move_open_door(g, d, hero);
    step_to(g, hero, to);
    equip_pick_up(g, hero, to);
    trail_push(g, to);
    g->move_left--;
    fog_update_hero(g, hero);
    int t = move_trap_at(g, to);
    if (t >= 0 && g->occupant[game_index(g, to)] < 0 && spring_trap(g, hero, t)) {
        g->move_left = 0;
        return false;
    }
    return true;
}

int move_find_path(const Game *g, int piece, BoardPos from, BoardPos goal, int max_steps,
                   BoardPos *out, int cap)
{
    if (spell_changes_move(g, piece)) {
        MoveCtx ctx = {g, piece};
        return path_find(g->pf, from, goal, max_steps, move_step_cb, &ctx, out, cap);
    }
    int len = path_find_mask_bfs(g->pf, from, goal, max_steps, move_mask_begin(g, piece), out, cap);
    move_mask_end(g);
    return len;
}

void move_reach(const Game *g, int piece, int steps)
{
    if (spell_changes_move(g, piece)) {
        MoveCtx ctx = {g, piece};
        path_reach(g->pf, g->pieces[piece].pos, steps, move_step_cb, &ctx);
        return;
    }
    path_reach_mask(g->pf, g->pieces[piece].pos, steps, move_mask_begin(g, piece));
    move_mask_end(g);
}

bool move_apply_move(Game *g, const Action *a, char *why, size_t n)
{
    GamePiece *p = &g->pieces[a->piece];
    if (!g->rolled)
        return game_refuse(why, n, "roll the movement dice first");
    if (g->move_closed || g->move_left <= 0)
        return game_refuse(why, n, "%s has no movement left this turn", p->type->name);
    if (!board_contains(g->board, a->pos))
        return game_refuse(why, n, "(%d,%d) is off the board", a->pos.x, a->pos.y);
    if (grid_pos_equal(a->pos, p->pos))
        return game_refuse(why, n, "%s already stands there", p->type->name);
    BoardPos path[256];
    int len = move_find_path(g, a->piece, p->pos, a->pos, g->move_left, path, 256);
    if (len < 0 || len > 256)
        return game_refuse(why, n, "no legal path of at most %d squares to (%d,%d)",
                           g->move_left, a->pos.x, a->pos.y);
    if (g->trail_len == 0)
        trail_push(g, p->pos);
    g->moved = true;
    g->spell_move_used |= spell_changes_move(g, a->piece);
    g->occupant[game_index(g, p->pos)] = -1;
    for (int k = 0; k < len && p->alive; k++)
        if (!hero_step(g, a->piece, path[k]))
            break;
    if (p->alive)
        g->occupant[game_index(g, p->pos)] = a->piece;
    return true;
}

bool move_apply_open(Game *g, const Action *a, char *why, size_t n)
{
    BoardPos from = g->pieces[a->piece].pos;
    int dir = grid_dir_between(from, a->pos);
    if (dir < 0 || dir >= 4)
        return game_refuse(why, n, "(%d,%d) is not next to the hero", a->pos.x, a->pos.y);
    int d = game_door_at(g, from, (GridDir)dir);
    if (d < 0 || !g->doors[d].found)
        return game_refuse(why, n, "there is no door between (%d,%d) and (%d,%d)", from.x,
                           from.y, a->pos.x, a->pos.y);
    if (g->doors[d].open)
        return game_refuse(why, n, "that door is already open");
    if (!door_openable(g, &g->doors[d]))
        return game_refuse(why, n, "that door is locked; it opens with %s",
                           g->mission->treasure[g->doors[d].key].name);
    move_open_door(g, d, a->piece);
    fog_update_all(g);
    return true;
}

bool move_apply_disarm(Game *g, const Action *a, char *why, size_t n)
{
    if (!turn_may_act(g, a, why, n))
        return false;
    BoardPos from = g->pieces[a->piece].pos;
    int t = move_trap_at(g, a->pos);
    if (t < 0 || !g->traps[t].found)
        return game_refuse(why, n, "no known trap at (%d,%d)", a->pos.x, a->pos.y);
    if (!grid_pos_equal(from, a->pos) && !move_adjacent(g, from, a->pos))
        return game_refuse(why, n, "the trap at (%d,%d) is out of reach", a->pos.x, a->pos.y);
    turn_use_action(g);
    g->traps[t].gone = true;
    GameEvent *e = game_emit(g, EVENT_TRAP_DISARMED, a->piece, "%s disarms the %s trap",
                             game_piece_name(g, a->piece),
                             mission_trap_kind_name(g->traps[t].kind));
    e->value = t;
    e->to = a->pos;
    return true;
}
