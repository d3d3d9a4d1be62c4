/* Sight and fog of war: what the heroes have seen. */
#include "game_internal.h"

#include "../core/sight.h"

#include "../core/alloc.h"

#include <ctype.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define FOG_RADIUS 64

static bool edge_blocks(void *ctx, BoardPos pos, GridDir dir)
{
    return !move_edge_open(ctx, pos, dir, false);
}

/* The heroes' sight: what stands on a square no hero has seen is not
 * there for them (it is revealed as soon as a line reaches it, which
 * happens nearest first, so it then blocks the squares behind it). */
static bool square_blocks(void *ctx, BoardPos pos)
{
    const Game *g = ctx;
    if (!board_walkable(g->board, pos))
        return true;
    int64_t i = game_index(g, pos);
    if (!(g->flags[i] & SQF_REVEALED))
        return false;
    return g->occupant[i] >= 0 || (g->flags[i] & (SQF_RUBBLE | SQF_FURN_SIGHT));
}

bool fog_sees(const Game *g, BoardPos a, BoardPos b)
{
    SightRules rules = {edge_blocks, square_blocks, (void *)(uintptr_t)g};
    return sight_line(&g->grid, a, b, &rules);
}

bool fog_is_corridor(const Game *g, int32_t room)
{
    return mission_room_is_corridor(g->mission, room);
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

/* Candidate squares: everything connected to the viewer without crossing
 * a wall or closed door, plus the rock and void around it. */
static PathStep flood_step(void *ctx, BoardPos from, BoardPos to, GridDir dir)
{
    const Game *g = ctx;
    /* A square8 board's diagonals cross no edge of their own: the
     * orthogonal flood reaches every square they would. */
    if (!grid_is_edge(&g->grid, dir))
        return PATH_STEP_NO;
    if (!board_walkable(g->board, from) || !move_edge_open(g, from, dir, false))
        return PATH_STEP_NO;
    return PATH_STEP_STOP;
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

void fog_update_hero(Game *g, int hero)
{
    BoardPos at = g->pieces[hero].pos;
    reveal_square(g, at);
    int32_t own = board_room(g->board, at);
    if (own > 0 && !fog_is_corridor(g, own))
        reveal_room(g, own);
    /* Sight is tested out to FOG_RADIUS steps, which keeps each look
     * bounded on huge boards (no HeroQuest board comes near it). */
    path_reach(g->pf, at, FOG_RADIUS, flood_step, g);
    size_t n = path_reach_list(g->pf, NULL, 0);
    BoardPos *list = xmalloc(n + 1, sizeof *list);
    path_reach_list(g->pf, list, n);
    list[n++] = at;
    for (size_t k = 0; k + 1 < n; k++) {
        int32_t room = board_room(g->board, list[k]);
        bool whole = room > 0 && g->room_revealed[room];
        if (whole || !fog_sees(g, at, list[k]))
            continue;
        reveal_square(g, list[k]);
        if (room > 0 && !fog_is_corridor(g, room))
            reveal_room(g, room);
    }
    free(list);
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
