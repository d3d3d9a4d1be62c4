/* The game's step masks (move_mask_begin) against the step rule they
 * encode (move_step_cb): on random boards with rooms, doors of every kind,
 * furniture, rubble, falling-block traps, a key, heroes and monsters, the
 * mask searches the game runs (game_reachable, game_path, game_path_from,
 * the monsters' nearest-hero search) give exactly the callback searches' answers, before
 * and after random play opens doors, finds secret doors and the key, drops
 * rubble and moves, kills and removes pieces. The masks kept up to date
 * incrementally also equal masks rebuilt from scratch after every action. */
#include "mission_builder.h"

#include "core/rng.h"
#include "rules/game_internal.h"

enum { W = 25, H = 17, AREA = W * H };

static Mission *random_mission(Rng *r, const Grid *shape)
{
    static char cells[H][W + 1];
    static const char *rows[H];
    for (int y = 0; y < H; y++) {
        for (int x = 0; x < W; x++) {
            uint32_t v = rng_below(r, 100);
            /* Rooms of 6x4 squares, a letter each; some rock and no-square. */
            cells[y][x] = v < 6 ? '#' : v < 8 ? '.' : (char)('a' + (x / 6 + 5 * (y / 4)) % 20);
        }
        cells[y][W] = '\0';
        rows[y] = cells[y];
    }
    Mission *m = tm_create_shape(rows, H, shape);
    bool hex = shape && shape->topology == GRID_HEX;
    /* Doors on the room walls, of every kind (on the edges a square
     * stores: east and south, or east, south-east and south-west). */
    for (int k = 0; k < 40; k++) {
        int x = (int)rng_below(r, W - 1), y = (int)rng_below(r, H - 1);
        static const GridDir hex_sides[3] = {GRID_DIR_EAST, GRID_DIR_SOUTHEAST, GRID_DIR_SOUTHWEST};
        GridDir side = hex ? hex_sides[rng_below(r, 3)]
                           : rng_below(r, 2) ? GRID_DIR_EAST : GRID_DIR_SOUTH;
        BoardPos p = {x, y};
        bool dup = false;
        for (size_t i = 0; i < m->door_count; i++)
            dup |= grid_pos_equal(m->doors[i].pos, p) && m->doors[i].side == side;
        DoorKind kind = (DoorKind)rng_below(r, DOOR_KIND_COUNT);
        if (!dup && board_wall(m->board, p, side) &&
            board_contains(m->board, grid_step(board_grid(m->board), p, side))) {
            if (kind == DOOR_LOCKED)
                tm_locked_door(m, x, y, side, 0); /* the "key" treasure below */
            else
                tm_door(m, x, y, side, kind);
        }
    }
    /* Figures on distinct walkable squares. */
    bool used[AREA] = {false};
    for (int k = 0; k < 40; k++) {
        BoardPos p = {(int)rng_below(r, W), (int)rng_below(r, H)};
        if (used[p.y * W + p.x] || !board_walkable(m->board, p))
            continue;
        used[p.y * W + p.x] = true;
        if (m->hero_count < 4)
            tm_hero(m, m->hero_count % 2 ? "champion" : "dwarf", p.x, p.y);
        else if (k < 24) {
            char id[16];
            snprintf(id, sizeof id, "m%d", k);
            tm_monster(m, id, k % 3 ? "goblin" : "ogre", p.x, p.y);
        } else if (k < 29)
            tm_furniture(m, "t", "table", p.x, p.y);
        else if (k < 33)
            tm_rubble(m, p.x, p.y);
        else
            tm_trap(m, TRAP_FALLING_BLOCK, p.x, p.y);
    }
    /* Treasure 0 is the key of every locked door; the first room has it. */
    BoardPos first = board_room_info(m->board, 1)->first;
    tm_treasure(m, "key", TREASURE_ITEM, 0, first.x, first.y);
    for (int k = 0; k < 5; k++) {
        BoardPos p = {(int)rng_below(r, W), (int)rng_below(r, H)};
        if (board_room(m->board, p) > 0)
            tm_treasure(m, "coins", TREASURE_GOLD, 5, p.x, p.y);
    }
    return m;
}

/* The monsters' goal (ctx: a MoveCtx, as the callback form passes its
 * rule's context to the goal). */
static bool near_hero(void *ctx, BoardPos pos)
{
    const Game *g = ((const MoveCtx *)ctx)->g;
    for (int d = 0; d < 4; d++) {
        int who = game_piece_at(g, grid_step(&g->grid, pos, (GridDir)d));
        if (who >= 0 && game_piece(g, who)->side == GAME_SIDE_HEROES)
            return true;
    }
    return false;
}

/* The incrementally kept masks equal masks built from scratch, and so do
 * the tables of open edges and the fog's flood. */
static void check_masks_fresh(Game *g)
{
    static PathMask kept[GAME_SIDE_COUNT][AREA], flood[AREA];
    static uint8_t open[AREA], hero_open[AREA];
    for (int s = 0; s < GAME_SIDE_COUNT; s++)
        memcpy(kept[s], g->masks->step[s], sizeof kept[s]);
    memcpy(flood, g->masks->flood, sizeof flood);
    memcpy(open, g->masks->open, sizeof open);
    memcpy(hero_open, g->masks->hero_open, sizeof hero_open);
    move_mask_build(g);
    for (int s = 0; s < GAME_SIDE_COUNT; s++) {
        CHECK(memcmp(kept[s], g->masks->step[s], sizeof kept[s]) == 0);
        /* square boards make their bytes another way than the rule's */
        for (int i = 0; i < AREA; i++)
            CHECK_INT(g->masks->step[s][i], move_mask_byte(g, grid_pos(&g->grid, i), (GameSide)s));
    }
    CHECK(memcmp(flood, g->masks->flood, sizeof flood) == 0);
    CHECK(memcmp(open, g->masks->open, sizeof open) == 0);
    CHECK(memcmp(hero_open, g->masks->hero_open, sizeof hero_open) == 0);
}

/* The reference for game_path_from: the callback search on the board as
 * the heroes know it, a hero's first keeping off known traps. */
static int ref_path(Game *g, PathFinder *pf, int piece, BoardPos from, BoardPos goal,
                    BoardPos *out)
{
    MoveCtx ctx = {g, piece, MOVE_KNOWN, true, goal};
    int len = -1;
    if (g->pieces[piece].side == GAME_SIDE_HEROES)
        len = path_find(pf, from, goal, -1, move_step_cb, &ctx, out, AREA);
    if (len >= 0)
        return len;
    ctx.avoid_traps = false;
    return path_find(pf, from, goal, -1, move_step_cb, &ctx, out, AREA);
}

/* Every search of piece: the mask form against the callback form. */
static void check_piece(Game *g, int piece, Rng *r)
{
    static BoardPos a[AREA], b[AREA];
    PathFinder *pf = path_create(&g->grid);
    MoveCtx ctx = {g, piece, MOVE_KNOWN, false, {0, 0}};
    BoardPos start = g->pieces[piece].pos;
    int steps = (int)rng_below(r, 14);
    size_t na = game_reachable(g, piece, steps, a, AREA);
    path_reach(pf, start, steps, move_step_cb, &ctx);
    size_t nb = path_reach_list(pf, b, AREA);
    CHECK(na == nb);
    for (size_t k = 0; k < na && k < nb; k++)
        CHECK(grid_pos_equal(a[k], b[k]));
    for (int q = 0; q < 6; q++) {
        BoardPos goal = {(int)rng_below(r, W), (int)rng_below(r, H)};
        int la = game_path(g, piece, goal, a, AREA);
        int lb = ref_path(g, pf, piece, start, goal, b);
        CHECK_INT(la, lb);
        for (int k = 0; k < la && k < lb; k++)
            CHECK(grid_pos_equal(a[k], b[k]));
        /* From another square: the piece's own square counts as free. */
        BoardPos from = {(int)rng_below(r, W), (int)rng_below(r, H)};
        la = game_path_from(g, piece, from, goal, a, AREA);
        lb = ref_path(g, pf, piece, from, goal, b);
        CHECK_INT(la, lb);
        for (int k = 0; k < la && k < lb; k++)
            CHECK(grid_pos_equal(a[k], b[k]));
    }
    BoardPos fa = {-1, -1}, fb = {-1, -1};
    ctx.view = move_mask_view(g, piece);
    int la = path_find_nearest_mask(g->pf, start, -1, move_mask_begin(g, piece), near_hero, &ctx,
                                    &fa, a, AREA);
    move_mask_end(g);
    int lb = path_find_nearest(pf, start, -1, move_step_cb, near_hero, &ctx, &fb, b, AREA);
    CHECK_INT(la, lb);
    CHECK(la < 0 || grid_pos_equal(fa, fb));
    for (int k = 0; k < la && k < lb; k++)
        CHECK(grid_pos_equal(a[k], b[k]));
    path_destroy(pf);
}

static void check_game(Game *g, Rng *r)
{
    check_masks_fresh(g);
    for (size_t i = 0; i < g->piece_count; i++)
        if (game_piece_on_board(g, (int)i) && g->pieces[i].revealed)
            check_piece(g, (int)i, r);
    /* The queries left the masks as they found them. */
    check_masks_fresh(g);
}

/* One random action of the current hero, legal or not. */
static void random_action(Game *g, Rng *r)
{
    int hero = game_current(g);
    BoardPos at = g->pieces[hero].pos;
    int ndirs;
    const GridDir *dirs = grid_dirs(&g->grid, &ndirs);
    BoardPos next = grid_step(&g->grid, at, dirs[rng_below(r, (uint32_t)ndirs)]);
    BoardPos reach[64];
    size_t n = game_reachable(g, hero, -1, reach, 64);
    BoardPos to = n ? reach[rng_below(r, (uint32_t)(n < 64 ? n : 64))] : next;
    int other = (int)rng_below(r, (uint32_t)g->piece_count);
    switch (rng_below(r, 9)) {
    case 0:
    case 1:
        tm_do(g, ACTION_ROLL, hero, -1, 0, 0, NULL);
        break;
    case 2:
    case 3:
        tm_do(g, ACTION_MOVE, hero, -1, to.x, to.y, NULL);
        break;
    case 4:
        tm_do(g, ACTION_OPEN, hero, -1, next.x, next.y, NULL);
        break;
    case 5:
        tm_do(g, ACTION_SEARCH_TREASURE, hero, -1, 0, 0, NULL);
        break;
    case 6:
        tm_do(g, ACTION_SEARCH_TRAPS, hero, -1, 0, 0, NULL);
        break;
    case 7:
        tm_do(g, ACTION_ATTACK, hero, other, 0, 0, NULL);
        break;
    default:
        tm_do(g, ACTION_END, hero, -1, 0, 0, NULL);
        break;
    }
}

/* The masks of square8 and hex games, kept up to date through random play,
 * against masks rebuilt and against the rule's own bytes (their searches
 * are the weighted ones, which test_path checks against the callback
 * rule). */
static void other_topologies(void)
{
    Rng r = rng_make(78, 3);
    int games = 0;
    for (int map = 0; map < 16; map++) {
        Grid shape = grid_make(1, 1, map % 2 ? GRID_HEX : GRID_SQUARE8);
        grid_set_diagonal(&shape, 7, 5);
        shape.hex_even = map % 4 == 1;
        Mission *m = random_mission(&r, &shape);
        Game *g = m->hero_count ? tm_game(m, 2000 + (uint64_t)map) : NULL;
        if (!g) {
            tm_destroy(m);
            continue;
        }
        games++;
        check_masks_fresh(g);
        for (int step = 0; step < 120 && game_status(g) == GAME_STATUS_PLAYING; step++) {
            random_action(g, &r);
            check_masks_fresh(g);
        }
        game_destroy(g);
        tm_destroy(m);
    }
    CHECK(games >= 10);
}

int main(void)
{
    other_topologies();
    Rng r = rng_make(77, 3);
    int games = 0, opened = 0;
    for (int map = 0; map < 30; map++) {
        Mission *m = random_mission(&r, NULL);
        Game *g = m->hero_count ? tm_game(m, 1000 + (uint64_t)map) : NULL;
        if (!g) { /* a random board may place no hero */
            tm_destroy(m);
            continue;
        }
        games++;
        check_game(g, &r);
        for (int step = 0; step < 120 && game_status(g) == GAME_STATUS_PLAYING; step++) {
            random_action(g, &r);
            check_game(g, &r);
        }
        for (size_t i = 0; i < g->door_count; i++)
            opened += g->doors[i].open;
        game_destroy(g);
        tm_destroy(m);
    }
    /* The boards were not trivial: games ran and doors opened. */
    CHECK(games >= 20);
    CHECK(opened > 0);
    return check_finish("pathmask");
}
