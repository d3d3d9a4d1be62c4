/* The step rule as step masks (docs/architecture.md, "The step rule is
 * kept as path masks"): the open-edge tables and the per-side step bytes, built
 * at a game's start and refreshed square by square where a door, key,
 * rubble or furniture changes, and the figures (and known traps) patched
 * in per query and out again. The rule itself is move.c's (move_step,
 * move_mask_byte). */
#include "move_internal.h"

#include "../core/alloc.h"

#include <stdlib.h>
#include <string.h>

/* game_door_at for the on-board square pos (index i): on squares the
 * door slots are read directly (east and south edges are stored by the
 * square, west and north ones by its neighbour). */
static inline int door_on(const Game *g, BoardPos pos, int64_t i, GridDir dir)
{
    if (g->grid.topology == GRID_HEX)
        return game_door_at(g, pos, dir);
    switch (dir) {
    case GRID_DIR_EAST:
        return g->door_e[i];
    case GRID_DIR_SOUTH:
        return g->door_s[i];
    case GRID_DIR_WEST:
        return pos.x > 0 ? g->door_e[i - 1] : -1;
    case GRID_DIR_NORTH:
        return pos.y > 0 ? g->door_s[i - g->grid.width] : -1;
    default:
        return -1;
    }
}

/* The open edges and the fog's flood byte of pos (StepMasks.open and
 * .flood), from the doors and walls. */
static void open_set(Game *g, BoardPos pos)
{
    if (!grid_contains(&g->grid, pos))
        return;
    int64_t i = game_index(g, pos);
    bool walkable = g->flags[i] & SQF_FLOOR;
    uint8_t open = 0, hero_open = 0;
    PathMask flood = 0;
    int n;
    const GridDir *edges = grid_edge_dirs(&g->grid, &n);
    for (int k = 0; k < n; k++) {
        /* edge_open_slow for both answers, the door looked up once */
        int d = door_on(g, pos, i, edges[k]);
        bool through = d >= 0 ? g->doors[d].open : !board_wall(g->board, pos, edges[k]);
        if (through || (d >= 0 && move_door_openable(g, &g->doors[d])))
            hero_open |= (uint8_t)(1u << edges[k]);
        if (!through)
            continue;
        open |= (uint8_t)(1u << edges[k]);
        if (walkable && grid_contains(&g->grid, grid_step(&g->grid, pos, edges[k])))
            flood |= (PathMask)(1u << edges[k]);
    }
    g->masks->open[i] = open;
    g->masks->hero_open[i] = hero_open;
    g->look_epoch += g->masks->flood[i] != flood;
    g->masks->flood[i] = flood;
}

/* True when a step (or a diagonal's corner) may end on square j under
 * view: board_step's and corner_open's test of the square itself. */
static inline bool square_enterable(const Game *g, int64_t j, MoveView view)
{
    uint8_t f = g->flags[j];
    return (f & SQF_FLOOR) && !(move_square_seen(g, j, view) && (f & (SQF_RUBBLE | SQF_FURN_MOVE)));
}

/* move_mask_byte on square and square8 boards, from the open-edge tables
 * by index arithmetic, with no call per step: a game's masks are built
 * square by square at its start, and this was most of making a game. */
static PathMask mask_byte_square(const Game *g, BoardPos from, GameSide side)
{
    /* per direction (GridDir order): x and y of the step */
    static const signed char dx[8] = {0, 1, 0, -1, 1, 1, -1, -1};
    static const signed char dy[8] = {-1, 0, 1, 0, -1, 1, 1, -1};
    const StepMasks *m = g->masks;
    MoveView view = side == GAME_SIDE_HEROES ? MOVE_KNOWN : MOVE_FULL;
    int w = g->grid.width, h = g->grid.height;
    int64_t i = game_index(g, from);
    /* which neighbours are on the board, by direction */
    bool on[8];
    for (int d = 0; d < 8; d++) {
        int x = from.x + dx[d], y = from.y + dy[d];
        on[d] = x >= 0 && y >= 0 && x < w && y < h;
    }
    /* orthogonal steps: a hero opens doors on the way, a diagonal's
     * corners never do */
    unsigned edge = side == GAME_SIDE_HEROES ? m->hero_open[i] : m->open[i], open = m->open[i];
    PathMask bits = 0;
    for (int d = GRID_DIR_NORTH; d <= GRID_DIR_WEST; d++)
        if (((edge >> d) & 1u) && on[d] && square_enterable(g, i + dy[d] * (int64_t)w + dx[d], view))
            bits |= (PathMask)(1u << d);
    if (g->grid.topology == GRID_SQUARE8) {
        for (int d = GRID_DIR_NORTHEAST; d <= GRID_DIR_NORTHWEST; d++) {
            /* the corners: east or west (da), north or south (db) */
            int da = dx[d] > 0 ? GRID_DIR_EAST : GRID_DIR_WEST;
            int db = dy[d] < 0 ? GRID_DIR_NORTH : GRID_DIR_SOUTH;
            if (!on[d] || !((open >> da) & 1u) || !((open >> db) & 1u))
                continue;
            int64_t ia = i + dx[d], ib = i + dy[d] * (int64_t)w;
            /* corner_open both ways round, then the square itself */
            if (((m->open[ia] >> db) & 1u) && ((m->open[ib] >> da) & 1u) &&
                square_enterable(g, ia, view) && square_enterable(g, ib, view) &&
                square_enterable(g, ib + dx[d], view))
                bits |= (PathMask)(1u << d);
        }
    }
    if (move_no_stop(g, side, i, view))
        bits |= PATH_MASK_NO_STOP;
    return bits;
}

static void mask_set(Game *g, BoardPos pos)
{
    if (!board_contains(g->board, pos))
        return;
    g->masks->stamp++; /* a kept patching does not hold any more */
    int64_t i = game_index(g, pos);
    bool squares = g->grid.topology != GRID_HEX;
    for (int s = 0; s < GAME_SIDE_COUNT; s++)
        g->masks->step[s][i] = squares ? mask_byte_square(g, pos, (GameSide)s)
                                       : move_mask_byte(g, pos, (GameSide)s);
}

void move_mask_build(Game *g)
{
    size_t area = (size_t)grid_area(&g->grid);
    if (!g->masks)
        g->masks = xcalloc(1, sizeof *g->masks);
    for (int s = 0; s < GAME_SIDE_COUNT; s++)
        if (!g->masks->step[s])
            g->masks->step[s] = xmalloc(area, sizeof *g->masks->step[s]);
    if (!g->masks->open) {
        g->masks->open = xmalloc(area, sizeof *g->masks->open);
        g->masks->hero_open = xmalloc(area, sizeof *g->masks->hero_open);
        g->masks->flood = xcalloc(area, sizeof *g->masks->flood);
    }
    int n;
    const GridDir *edges = grid_edge_dirs(&g->grid, &n);
    g->masks->edge_bits = 0;
    g->look_epoch++;
    g->masks->costs = path_costs_of(&g->grid);
    g->masks->costs.enter = g->enter;
    for (int k = 0; k < n; k++)
        g->masks->edge_bits |= 1u << edges[k];
    /* The open edges first: the step masks read them (a square8 diagonal
     * reads its corners' edges). */
    for (int y = 0; y < g->grid.height; y++)
        for (int x = 0; x < g->grid.width; x++)
            open_set(g, (BoardPos){x, y});
    for (int y = 0; y < g->grid.height; y++)
        for (int x = 0; x < g->grid.width; x++)
            mask_set(g, (BoardPos){x, y});
}

StepMasks *move_mask_clone(const Game *g)
{
    size_t area = (size_t)grid_area(&g->grid);
    StepMasks *m = xcalloc(1, sizeof *m);
    for (int s = 0; s < GAME_SIDE_COUNT; s++) {
        m->step[s] = xmalloc(area, sizeof *m->step[s]);
        memcpy(m->step[s], g->masks->step[s], area * sizeof *m->step[s]);
    }
    m->stamp = g->masks->stamp; /* no patching kept: patched_stamp is 0 */
    m->open = xmalloc(area, sizeof *m->open);
    memcpy(m->open, g->masks->open, area * sizeof *m->open);
    m->hero_open = xmalloc(area, sizeof *m->hero_open);
    memcpy(m->hero_open, g->masks->hero_open, area * sizeof *m->hero_open);
    m->flood = xmalloc(area, sizeof *m->flood);
    memcpy(m->flood, g->masks->flood, area * sizeof *m->flood);
    m->edge_bits = g->masks->edge_bits;
    m->costs = g->masks->costs; /* game_clone points the weights at the clone's own */
    return m;
}

void move_mask_free(StepMasks *m)
{
    if (!m)
        return;
    for (int s = 0; s < GAME_SIDE_COUNT; s++)
        free(m->step[s]);
    free(m->open);
    free(m->hero_open);
    free(m->flood);
    free(m->patch_at);
    free(m->patch_old);
    free(m->patch_new);
    free(m->seen);
    free(m->seeing);
    free(m);
}

void move_mask_refresh(Game *g, BoardPos pos)
{
    /* A diagonal step passes by its corners: on square8 boards the steps
     * a change at pos affects all start at pos or one of its neighbours.
     * A door's edge is stored on both of its squares' open bytes; those
     * are made first, as the step masks read them. */
    GridNeighbour nb[GRID_MAX_NEIGHBOURS];
    int n = grid_neighbours(&g->grid, pos, nb);
    open_set(g, pos);
    for (int k = 0; k < n; k++)
        open_set(g, nb[k].pos);
    mask_set(g, pos);
    for (int k = 0; k < n; k++)
        mask_set(g, nb[k].pos);
}

void move_mask_refresh_doors(Game *g)
{
    for (size_t i = 0; i < g->door_count; i++)
        move_mask_refresh(g, g->doors[i].pos);
}

/* Saves mask[i] for move_mask_end and sets it to v. The patch list lives
 * in the game (buffers reused across queries); a query patches at most a
 * few masks a piece (its own and its neighbours'). */
static inline void patch(StepMasks *m, int64_t i, PathMask v)
{
    if (m->patch_len == m->patch_cap) {
        m->patch_cap = m->patch_cap ? 2 * m->patch_cap : 64;
        m->patch_at = xrealloc(m->patch_at, m->patch_cap, sizeof *m->patch_at);
        m->patch_old = xrealloc(m->patch_old, m->patch_cap, sizeof *m->patch_old);
        m->patch_new = xrealloc(m->patch_new, m->patch_cap, sizeof *m->patch_new);
    }
    m->patch_at[m->patch_len] = i;
    m->patch_new[m->patch_len] = v;
    m->patch_old[m->patch_len++] = m->patch_mask[i];
    m->patch_mask[i] = v;
}

/* No step onto pos from any of its neighbours. */
static void patch_no_entry(const Game *g, BoardPos pos)
{
    PathMask *mask = g->masks->patch_mask;
    int n;
    const GridDir *dirs = grid_dirs(&g->grid, &n);
    for (int k = 0; k < n; k++) {
        BoardPos from = grid_step(&g->grid, pos, dirs[k]);
        if (!grid_contains(&g->grid, from))
            continue;
        int64_t f = game_index(g, from);
        GridDir d = grid_dir_opposite(dirs[k]);
        if (mask[f] & (1u << d))
            patch(g->masks, f, (PathMask)(mask[f] & ~(1u << d)));
    }
}

/* A figure on pos blocks the diagonal steps that pass by it (the corner
 * rule): those between two of its orthogonal neighbours. For each
 * orthogonal neighbour (north, east, south, west) the two diagonals from
 * it that pass by pos: from the north one south-east and south-west, and
 * so on. */
static void patch_corners(const Game *g, BoardPos pos)
{
    static const GridDir orth[4] = {GRID_DIR_NORTH, GRID_DIR_EAST, GRID_DIR_SOUTH, GRID_DIR_WEST};
    static const GridDir diag[4][2] = {{GRID_DIR_SOUTHEAST, GRID_DIR_SOUTHWEST},
                                       {GRID_DIR_SOUTHWEST, GRID_DIR_NORTHWEST},
                                       {GRID_DIR_NORTHEAST, GRID_DIR_NORTHWEST},
                                       {GRID_DIR_NORTHEAST, GRID_DIR_SOUTHEAST}};
    PathMask *mask = g->masks->patch_mask;
    for (int a = 0; a < 4; a++) {
        BoardPos x = grid_step(&g->grid, pos, orth[a]);
        if (!grid_contains(&g->grid, x))
            continue;
        int64_t i = game_index(g, x);
        for (int k = 0; k < 2; k++)
            if (mask[i] & (1u << diag[a][k]))
                patch(g->masks, i, (PathMask)(mask[i] & ~(1u << diag[a][k])));
    }
}

/* What move_mask_begin makes of piece k for a query of side: -1 when the
 * piece is left out, else its square's index times two, plus one for a
 * friend. */
static inline int64_t piece_seen(const Game *g, size_t k, int piece, GameSide side)
{
    const GamePiece *p = &g->pieces[k];
    bool known = side == GAME_SIDE_HEROES; /* move_mask_view */
    if ((int)k == piece || !grid_contains(&g->grid, p->pos) || (known && !p->revealed))
        return -1;
    int64_t i = game_index(g, p->pos);
    if (g->occupant[i] != (int32_t)k)
        return -1; /* not on the board (dead, gone, in transit) */
    return i * 2 + (p->side == side);
}

const PathMask *move_mask_begin(const Game *g, int piece)
{
    StepMasks *m = g->masks;
    GameSide side = g->pieces[piece].side;
    PathMask *mask = m->step[side];
    if (m->seen_cap < g->piece_count) {
        m->seen_cap = g->piece_count;
        m->seen = xrealloc(m->seen, m->seen_cap, sizeof *m->seen);
        m->seeing = xrealloc(m->seeing, m->seen_cap, sizeof *m->seeing);
        m->patched_stamp = 0; /* seen was not kept */
    }
    for (size_t k = 0; k < g->piece_count; k++)
        m->seeing[k] = piece_seen(g, k, piece, side);
    if (m->patched_stamp == m->stamp && m->patched_piece == piece &&
        m->seen_len == g->piece_count &&
        memcmp(m->seen, m->seeing, g->piece_count * sizeof *m->seen) == 0) {
        /* the same patching as last time: made again from its list */
        m->patch_mask = mask;
        for (size_t k = 0; k < m->begin_len; k++) {
            m->patch_old[k] = mask[m->patch_at[k]];
            mask[m->patch_at[k]] = m->patch_new[k];
        }
        m->patch_len = m->begin_len;
        return mask;
    }
    m->patch_len = 0;
    m->patch_mask = mask;
    for (size_t k = 0; k < g->piece_count; k++) {
        int64_t seen = m->seeing[k];
        if (seen < 0)
            continue;
        int64_t i = seen / 2;
        BoardPos at = g->pieces[k].pos;
        if (g->grid.topology == GRID_SQUARE8)
            patch_corners(g, at);
        if (seen & 1) {
            patch(m, i, (PathMask)(mask[i] | PATH_MASK_NO_STOP));
            continue;
        }
        /* An enemy: no step onto its square from any side. */
        patch_no_entry(g, at);
    }
    memcpy(m->seen, m->seeing, g->piece_count * sizeof *m->seen);
    m->seen_len = g->piece_count;
    m->begin_len = m->patch_len; /* patches a query adds after (traps) are its own */
    m->patched_piece = piece;
    m->patched_stamp = m->stamp;
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

/* The known traps other than goal, patched out of the mask (their
 * squares may not be entered). */
void move_mask_patch_traps(const Game *g, BoardPos goal)
{
    for (size_t t = 0; t < g->trap_count; t++) {
        BoardPos at = g->traps[t].pos;
        if (!board_contains(g->board, at) || !(g->flags[game_index(g, at)] & SQF_TRAP) ||
            grid_pos_equal(at, goal))
            continue;
        patch_no_entry(g, at);
    }
}
