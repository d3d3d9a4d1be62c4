/* Sight and fog of war: what the heroes have seen. */
#include "game_internal.h"

#include "../core/sight_walk.h"

#include "../core/alloc.h"

#include <ctype.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define FOG_RADIUS 64

static bool edge_blocks(void *ctx, BoardPos pos, GridDir dir)
{
    const Game *g = ctx;
    const StepMasks *m = g->masks;
    if (((m->edge_bits >> dir) & 1u) && grid_contains(&g->grid, pos))
        return !(m->open[game_index(g, pos)] & (1u << dir));
    return !move_edge_open(g, pos, dir, false);
}

/* The heroes' sight: what stands on a square no hero has seen is not
 * there for them (it is revealed as soon as a line reaches it, which
 * happens nearest first, so it then blocks the squares behind it). */
static bool square_blocks(void *ctx, BoardPos pos)
{
    const Game *g = ctx;
    if (!grid_contains(&g->grid, pos))
        return true;
    int64_t i = game_index(g, pos);
    uint8_t f = g->flags[i];
    if (!(f & SQF_FLOOR))
        return true;
    if (!(f & SQF_REVEALED))
        return false;
    return g->occupant[i] >= 0 || (f & (SQF_RUBBLE | SQF_FURN_SIGHT));
}

/* What blocks sight for good: rock, void and off the board, and rubble
 * and furniture that blocks sight once seen (neither ever leaves its
 * square in a game); figures come and go. */
static bool square_blocks_always(void *ctx, BoardPos pos)
{
    const Game *g = ctx;
    if (!grid_contains(&g->grid, pos))
        return true;
    uint8_t f = g->flags[game_index(g, pos)];
    return !(f & SQF_FLOOR) ||
           ((f & SQF_REVEALED) && (f & (SQF_RUBBLE | SQF_FURN_SIGHT)));
}

/* True when nothing but what blocks sight for good stands between a and
 * b (walls, closed doors, square_blocks_always): sight can only be
 * blocked more, so a line these block stays blocked until a door opens. */
static bool fog_sees_through_walls(const Game *g, BoardPos a, BoardPos b)
{
    SightRules rules = {edge_blocks, square_blocks_always, (void *)(uintptr_t)g};
    return sight_walk(&g->grid, a, b, &rules);
}

bool fog_sees(const Game *g, BoardPos a, BoardPos b)
{
    /* the walk inlined, with these blockers inlined into it */
    SightRules rules = {edge_blocks, square_blocks, (void *)(uintptr_t)g};
    return sight_walk(&g->grid, a, b, &rules);
}

bool fog_is_corridor(const Game *g, int32_t room)
{
    if (room < 1 || room > board_room_count(g->board))
        return false;
    /* the palette is asked once a room per game (a game is one thread's) */
    if (!g->room_corridor[room])
        g->room_corridor[room] = mission_room_is_corridor(g->mission, room) ? 2 : 1;
    return g->room_corridor[room] == 2;
}

static void reveal_piece(Game *g, int id)
{
    GamePiece *p = &g->pieces[id];
    if (p->revealed || !p->alive)
        return;
    p->revealed = true;
    game_emit(g, EVENT_REVEAL, id, "%s appears at (%d,%d)", game_piece_name(g, p->id), p->pos.x, p->pos.y);
}

static void reveal_square(Game *g, BoardPos pos)
{
    int64_t i = game_index(g, pos);
    if (!(g->flags[i] & SQF_REVEALED)) {
        g->flags[i] |= SQF_REVEALED;
        g->reveals++;
        /* the heroes' step mask counts furniture and rubble once seen */
        if (g->flags[i] & (SQF_RUBBLE | SQF_FURN_MOVE))
            move_mask_refresh(g, pos);
    }
    if (g->occupant[i] >= 0)
        reveal_piece(g, g->occupant[i]);
}

static void reveal_room(Game *g, int32_t room)
{
    /* Hidden pieces never move, so a room revealed once stays revealed
     * with everything in it: each room is walked only once. */
    if (g->room_revealed[room])
        return;
    g->room_revealed[room] = 1;
    g->reveals++;
    const BoardRoom *r = board_room_info(g->board, room);
    for (int y = r->min.y; y <= r->max.y; y++)
        for (int x = r->min.x; x <= r->max.x; x++)
            if (board_room(g->board, (BoardPos){x, y}) == room)
                reveal_square(g, (BoardPos){x, y});
}

void fog_reveal_at(Game *g, BoardPos pos)
{
    if (!board_contains(g->board, pos))
        return;
    reveal_square(g, pos);
    int32_t room = board_room(g->board, pos);
    if (room > 0 && !fog_is_corridor(g, room))
        reveal_room(g, room);
}

/* True when revealing square i (in room) changes nothing now and never
 * will while Game.look_epoch stays: it is revealed already (for good),
 * its room is a corridor or no room (never revealed whole), and whatever
 * stands on it has been seen (a piece nobody has seen put on a square
 * grows look_epoch). Rooms revealed whole are skipped before. Such a
 * square needs no line of sight, now or later. */
static bool reveal_changes_nothing(const Game *g, int64_t i, int32_t room)
{
    if (!(g->flags[i] & SQF_REVEALED))
        return false;
    int who = g->occupant[i];
    if (who >= 0 && !g->pieces[who].revealed && g->pieces[who].alive)
        return false;
    return room <= 0 || fog_is_corridor(g, room);
}

/* Looks kept, by their viewer's square (direct-mapped: a standard board
 * has fewer squares, so none is ever pushed out there). */
#define FOG_LOOK_SLOTS 1024

/* Fills the look with the squares flooded from at: everything
 * connected to the viewer without crossing a wall or closed door, plus
 * the rock and void around it (the flood mask: steps from walkable
 * squares across open edges; a square8 board's diagonals cross no edge of
 * their own, so the orthogonal flood reaches every square they would).
 * Sight is tested out to FOG_RADIUS steps, which keeps each look bounded
 * on huge boards (no HeroQuest board comes near it). Nearest first, in
 * the flood's order: a square revealed blocks the lines behind it. */
/* Marks a look's square found out of sight before (the top bit of its
 * index: boards have fewer than 2^31 squares). */
#define LOOK_HIDDEN 0x80000000u

static void flood(Game *g, FogLook *look, BoardPos at)
{
    path_flood_mask(g->pf, at, FOG_RADIUS, g->masks->flood, &look->depth);
    look->walls_hid = false;
    size_t n;
    const int32_t *order = path_reach_order(g->pf, &n);
    if (look->cap < n) {
        look->cap = n;
        look->squares = xrealloc(look->squares, n, sizeof *look->squares);
    }
    /* the viewer's own square is not a candidate */
    look->len = n ? n - 1 : 0;
    if (look->len)
        memcpy(look->squares, order + 1, look->len * sizeof *order);
    look->at = at;
    look->epoch = g->look_epoch;
}

/* The look from the square before, when one step across an open edge
 * from it leads to at and nothing was left in it: a look with nothing
 * left to see that flooded everything in reach (its farthest square
 * nearer than FOG_RADIUS, the step adding one at most) and dropped
 * squares only for reasons that do not depend on where the hero stands,
 * is the same for every square of what it flooded: empty. A hero walking
 * through what the party has seen then needs no flood. */
static const FogLook *empty_look_next_door(const Game *g, int hero, BoardPos at)
{
    BoardPos from = g->looked_from[hero];
    if (!grid_contains(&g->grid, from))
        return NULL;
    const FogLook *prev = &g->looks[game_index(g, from) % FOG_LOOK_SLOTS];
    if (prev->epoch != g->look_epoch || !grid_pos_equal(prev->at, from) || prev->len != 0 ||
        prev->walls_hid || prev->depth + 1 >= FOG_RADIUS)
        return NULL;
    int dir = grid_dir_between(&g->grid, from, at);
    if (dir < 0 || !((g->masks->flood[game_index(g, from)] >> dir) & 1u) ||
        !(g->flags[game_index(g, at)] & SQF_FLOOR))
        return NULL;
    return prev;
}

void fog_update_hero(Game *g, int hero)
{
    BoardPos at = g->pieces[hero].pos;
    reveal_square(g, at);
    int32_t own = board_room(g->board, at);
    if (own > 0 && !fog_is_corridor(g, own))
        reveal_room(g, own);
    if (!g->looks)
        g->looks = xcalloc(FOG_LOOK_SLOTS, sizeof *g->looks);
    FogLook *look = &g->looks[game_index(g, at) % FOG_LOOK_SLOTS];
    if (look->epoch != g->look_epoch || !grid_pos_equal(look->at, at)) {
        const FogLook *prev = empty_look_next_door(g, hero, at);
        if (prev) {
            int depth = prev->depth + 1; /* prev may be this very slot */
            look->at = at;
            look->epoch = g->look_epoch;
            look->len = 0;
            look->depth = depth;
            look->walls_hid = false;
        } else {
            flood(g, look, at);
        }
    }
    g->looked_from[hero] = at;
    const int32_t *rooms = board_room_array(g->board);
    size_t kept = 0;
    for (size_t k = 0; k < look->len; k++) {
        uint32_t entry = look->squares[k];
        int64_t i = entry & ~LOOK_HIDDEN;
        int32_t room = rooms[i];
        /* rooms stay revealed: such squares leave the look for good */
        if ((room > 0 && g->room_revealed[room]) || reveal_changes_nothing(g, i, room))
            continue;
        BoardPos p = grid_pos(&g->grid, i);
        if (!fog_sees(g, at, p)) {
            /* Out of sight the second time: if walls and rock alone hide
             * it, it stays hidden from here (a door opening grows
             * look_epoch), and leaves the look. A look from a square
             * passed once is seldom used again, so it seldom pays for
             * this test. */
            if (!(entry & LOOK_HIDDEN))
                look->squares[kept++] = entry | LOOK_HIDDEN;
            else if (fog_sees_through_walls(g, at, p))
                look->squares[kept++] = entry;
            else
                look->walls_hid = true;
            continue;
        }
        look->squares[kept++] = (uint32_t)i;
        reveal_square(g, p);
        if (room > 0 && !fog_is_corridor(g, room))
            reveal_room(g, room);
    }
    look->len = kept;
}

void fog_free(Game *g)
{
    if (!g->looks)
        return;
    for (int k = 0; k < FOG_LOOK_SLOTS; k++)
        free(g->looks[k].squares);
    free(g->looks);
}

void fog_update_all(Game *g)
{
    for (int i = 0; i < g->setup.hero_count; i++)
        if (game_piece_on_board(g, i))
            fog_update_hero(g, i);
}

bool fog_monster_in_sight(const Game *g, BoardPos pos)
{
    for (size_t i = 0; i < g->piece_count; i++) {
        const GamePiece *p = &g->pieces[i];
        if (p->side == GAME_SIDE_MONSTERS && p->revealed && game_piece_on_board(g, (int)i) &&
            fog_sees(g, pos, p->pos))
            return true;
    }
    return false;
}
