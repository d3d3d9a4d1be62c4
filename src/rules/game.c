#include "game.h"

#include "../core/alloc.h"
#include "../core/utf8.h"
#include "game_internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The generator's stream: fixed, so only the seed chooses the game. */
#define GAME_RNG_STREAM 0x5155455354ull /* "QUEST" */

GameEvent *game_emit(Game *g, EventKind kind, int piece, const char *fmt, ...)
{
    GameEvents *ev = g->out;
    if (ev->count == ev->cap) {
        ev->cap = ev->cap ? ev->cap * 2 : 32;
        ev->items = xrealloc(ev->items, ev->cap, sizeof *ev->items);
    }
    GameEvent *e = &ev->items[ev->count++];
    memset(e, 0, sizeof *e);
    e->kind = kind;
    e->piece = piece;
    e->target = -1;
    e->treasure = -1;
    e->item = -1;
    if (piece >= 0 && (size_t)piece < g->piece_count)
        e->from = e->to = g->pieces[piece].pos;
    va_list ap;
    va_start(ap, fmt);
    game_event_vreword(e, fmt, ap);
    va_end(ap);
    return e;

}

bool game_piece_named(const Game *g, int id)
{
    /* heroes are the first pieces, in setup order */
    return id >= 0 && id < g->setup.hero_count && g->setup.names[id][0];
}

const char *game_piece_name(const Game *g, int id)
{
    if (id < 0 || (size_t)id >= g->piece_count)
        return "";
    return game_piece_named(g, id) ? g->setup.names[id] : g->pieces[id].type->name;
}

bool game_name_ok(const char *name)
{
    const char *end = memchr(name, '\0', GAME_NAME_MAX);
    return end && end != name && utf8_is_plain(name, (size_t)(end - name));
}

bool game_piece_on_board(const Game *g, int id)
{
    return id >= 0 && (size_t)id < g->piece_count && g->pieces[id].alive &&
           !g->pieces[id].escaped;
}

int game_add_piece(Game *g, const PieceType *type, GameSide side, BoardPos pos, int mission_index)
{
    if (g->piece_count == g->piece_cap) {
        g->piece_cap = g->piece_cap ? g->piece_cap * 2 : 16;
        g->pieces = xrealloc(g->pieces, g->piece_cap, sizeof *g->pieces);
    }
    int id = (int)g->piece_count++;
    GamePiece *p = &g->pieces[id];
    memset(p, 0, sizeof *p);
    p->id = id;
    p->type = type;
    p->side = side;
    p->pos = pos;
    p->body = p->body_max = type->body > 0 ? type->body : 1;
    p->alive = true;
    p->revealed = side == GAME_SIDE_HEROES;
    p->mission_index = mission_index;
    g->occupant[game_index(g, pos)] = id;
    g->look_epoch += !p->revealed; /* the heroes' looks count on it (fog.c) */
    return id;
}

/* --- creation -------------------------------------------------------- */

static bool check_setup(const Mission *m, const GameSetup *in, GameSetup *out, char *why,
                        size_t n)
{
    memset(out, 0, sizeof *out);
    if (!in || in->hero_count == 0) {
        out->hero_count = m->hero_count < GAME_MAX_HEROES ? (int)m->hero_count : GAME_MAX_HEROES;
        for (int i = 0; i < out->hero_count; i++)
            out->heroes[i] = i;
    } else {
        if (in->hero_count < 0 || in->hero_count > GAME_MAX_HEROES)
            return game_refuse(why, n, "a game takes 1 to %d heroes", GAME_MAX_HEROES);
        *out = *in;
        for (int i = 0; i < in->hero_count; i++) {
            if (in->heroes[i] < 0 || (size_t)in->heroes[i] >= m->hero_count)
                return game_refuse(why, n, "the mission has no hero %d", in->heroes[i]);
            for (int j = 0; j < i; j++)
                if (in->heroes[j] == in->heroes[i])
                    return game_refuse(why, n, "hero %d chosen twice", in->heroes[i]);
        }
    }
    if (in)
        out->monster_player = in->monster_player;
    if (out->hero_count == 0)
        return game_refuse(why, n, "the mission places no heroes");
    for (int i = 0; i < GAME_MAX_HEROES; i++) {
        if (i >= out->hero_count)
            memset(out->names[i], 0, sizeof out->names[i]); /* no name for a hero not there */
        else if (out->names[i][0] && !game_name_ok(out->names[i]))
            return game_refuse(why, n, "hero %d's name is longer than %d bytes, holds a control "
                               "character or is not UTF-8", i, GAME_NAME_MAX - 1);
    }
    for (int i = 0; in && in->has_kits && i < out->hero_count; i++) {
        char inner[160];
        if (!equip_check_kit(m->catalogue, &in->kits[i], inner, sizeof inner))
            return game_refuse(why, n, "hero %d's kit: %s", i, inner);
    }
    return true;
}

static bool place_square(Game *g, BoardPos pos, const char *what, int line, char *why, size_t n)
{
    if (!board_walkable(g->board, pos))
        return game_refuse(why, n, "line %d: %s at (%d,%d) is not on a walkable square", line,
                           what, pos.x, pos.y);
    if (g->occupant[game_index(g, pos)] >= 0)
        return game_refuse(why, n, "line %d: %s at (%d,%d) shares its square", line, what,
                           pos.x, pos.y);
    return true;
}

static bool add_figures(Game *g, char *why, size_t n)
{
    const Mission *m = g->mission;
    for (int i = 0; i < g->setup.hero_count; i++) {
        const MissionHero *h = &m->heroes[g->setup.heroes[i]];
        const PieceType *t = catalogue_find(m->catalogue, h->type);
        if (!t || t->kind != PIECE_HERO)
            return game_refuse(why, n, "line %d: '%s' is not a hero type", h->line, h->type);
        if (!place_square(g, h->pos, h->type, h->line, why, n))
            return false;
        int id = game_add_piece(g, t, GAME_SIDE_HEROES, h->pos, g->setup.heroes[i]);
        g->pieces[id].spells = spell_book(m->catalogue, t);
        equip_give_kit(g, id, g->setup.has_kits ? &g->setup.kits[i] : NULL);
    }
    for (size_t i = 0; i < m->monster_count; i++) {
        const MissionMonster *mm = &m->monsters[i];
        const PieceType *t = catalogue_find(m->catalogue, mm->type);
        if (!t || t->kind != PIECE_MONSTER)
            return game_refuse(why, n, "line %d: '%s' is not a monster type", mm->line, mm->type);
        if (!place_square(g, mm->pos, mm->type, mm->line, why, n))
            return false;
        game_add_piece(g, t, GAME_SIDE_MONSTERS, mm->pos, (int)i);
    }
    return true;
}

static void mark_squares(Game *g)
{
    const Mission *m = g->mission;
    for (int y = 0; y < g->grid.height; y++)
        for (int x = 0; x < g->grid.width; x++)
            if (board_walkable(g->board, (BoardPos){x, y}))
                g->flags[game_index(g, (BoardPos){x, y})] |= SQF_FLOOR;
    for (size_t i = 0; i < m->furniture_count; i++) {
        const MissionFurniture *f = &m->furniture[i];
        const PieceType *t = catalogue_find(m->catalogue, f->type);
        unsigned fl = t ? t->flags : PIECE_BLOCKS_MOVE;
        for (int y = f->pos.y; y < f->pos.y + f->height; y++)
            for (int x = f->pos.x; x < f->pos.x + f->width; x++) {
                BoardPos p = {x, y};
                if (!board_contains(g->board, p))
                    continue;
                uint8_t *q = &g->flags[game_index(g, p)];
                *q |= (fl & PIECE_BLOCKS_MOVE) ? SQF_FURN_MOVE : 0;
                *q |= (fl & PIECE_BLOCKS_SIGHT) ? SQF_FURN_SIGHT : 0;
                *q |= (fl & PIECE_EXIT) ? SQF_EXIT : 0;
            }
    }
    for (size_t i = 0; i < m->rubble_count; i++)
        if (board_contains(g->board, m->rubble[i].pos))
            g->flags[game_index(g, m->rubble[i].pos)] |= SQF_RUBBLE;
    for (size_t i = 0; i < m->exit_count; i++)
        if (board_contains(g->board, m->exits[i].pos))
            g->flags[game_index(g, m->exits[i].pos)] |= SQF_EXIT;
}

/* The per-square door array of an owned edge side (grid_edge_owned):
 * east; south (a hex's south-east); a hex's south-west. */
static int32_t *door_slots(const Game *g, GridDir side)
{
    if (side == GRID_DIR_EAST)
        return g->door_e;
    return side == GRID_DIR_SOUTHWEST ? g->door_sw : g->door_s;
}

static bool add_doors(Game *g, char *why, size_t n)
{
    const Mission *m = g->mission;
    g->door_count = m->door_count;
    g->doors = xcalloc(m->door_count ? m->door_count : 1, sizeof *g->doors);
    for (size_t i = 0; i < m->door_count; i++) {
        const MissionDoor *d = &m->doors[i];
        BoardPos other = grid_step(&g->grid, d->pos, d->side);
        if (!grid_is_edge(&g->grid, d->side) || !grid_edge_owned(&g->grid, d->side) ||
            !board_contains(g->board, d->pos) || !board_contains(g->board, other))
            return game_refuse(why, n, "line %d: door at (%d,%d) is not between two squares",
                               d->line, d->pos.x, d->pos.y);
        int32_t *slot = &door_slots(g, d->side)[game_index(g, d->pos)];
        if (*slot >= 0)
            return game_refuse(why, n, "line %d: two doors on one edge", d->line);
        *slot = (int32_t)i;
        if (d->kind == DOOR_LOCKED && (d->key_treasure < 0 || (size_t)d->key_treasure >= m->treasure_count))
            return game_refuse(why, n, "line %d: locked door at (%d,%d) has no key", d->line,
                               d->pos.x, d->pos.y);
        g->doors[i] = (GameDoor){d->pos, d->side, d->kind, d->open && d->kind == DOOR_NORMAL,
                                 d->kind != DOOR_SECRET,
                                 d->kind == DOOR_LOCKED ? d->key_treasure : -1};
    }
    return true;
}

static void add_traps(Game *g)
{
    const Mission *m = g->mission;
    g->trap_count = m->trap_count;
    g->traps = xcalloc(m->trap_count ? m->trap_count : 1, sizeof *g->traps);
    bool eu = m->rules.edition == MISSION_EDITION_EU;
    for (size_t i = 0; i < m->trap_count; i++) {
        const MissionTrap *t = &m->traps[i];
        /* EU2 drops the block beside the trap, on the square its arrow marks */
        BoardPos fall = eu && t->kind == TRAP_FALLING_BLOCK && t->has_fall ? t->fall : t->pos;
        g->traps[i] = (GameTrap){t->kind, t->pos, false, false, false, t->damage, fall};
    }
}

static void alloc_squares(Game *g)
{
    size_t area = (size_t)grid_area(&g->grid);
    g->occupant = xmalloc(area, sizeof *g->occupant);
    g->door_e = xmalloc(area, sizeof *g->door_e);
    g->door_s = xmalloc(area, sizeof *g->door_s);
    for (size_t i = 0; i < area; i++)
        g->occupant[i] = g->door_e[i] = g->door_s[i] = -1;
    if (g->grid.topology == GRID_HEX) { /* a hex's third edge of its own */
        g->door_sw = xmalloc(area, sizeof *g->door_sw);
        for (size_t i = 0; i < area; i++)
            g->door_sw[i] = -1;
    }
    g->flags = xcalloc(area, 1);
    g->searched_square = xcalloc(area, 1);
    g->searched_room = xcalloc((size_t)board_room_count(g->board) + 1, 1);
    g->room_revealed = xcalloc((size_t)board_room_count(g->board) + 1, 1);
    g->room_corridor = xcalloc((size_t)board_room_count(g->board) + 1, 1);
    g->pf = path_create(&g->grid);
}

Game *game_create(const Mission *m, const GameSetup *setup, uint64_t seed, char *why,
                  size_t why_size)
{
    if (!m || !m->board || !m->catalogue) {
        game_refuse(why, why_size, "no mission");
        return NULL;
    }
    Game *g = xcalloc(1, sizeof *g);
    g->mission = m;
    g->board = m->board;
    g->grid = *board_grid(m->board);
    g->seed = seed;
    g->rng = rng_make(seed, GAME_RNG_STREAM);
    alloc_squares(g);
    g->enter = mission_square_costs(m);
    g->treasure_found = xcalloc(m->treasure_count + 1, sizeof *g->treasure_found);
    g->objective_met = xcalloc(m->objective_count + 1, sizeof *g->objective_met);
    g->objective_by = xmalloc(m->objective_count + 1, sizeof *g->objective_by);
    for (size_t i = 0; i <= m->objective_count; i++)
        g->objective_by[i] = -1;
    g->actor = -1;
    catalogue_treasure_deck(m->catalogue, &g->card_count);
    g->card_gone = xcalloc(g->card_count + 1, sizeof *g->card_gone);
    add_traps(g);
    mark_squares(g);
    if (!check_setup(m, setup, &g->setup, why, why_size) || !add_doors(g, why, why_size) ||
        !add_figures(g, why, why_size)) {
        game_destroy(g);
        return NULL;
    }
    move_mask_build(g);
    GameEvents scratch;
    game_events_init(&scratch);
    g->out = &scratch;
    turn_begin(g);
    ids_settle(g);
    g->out = NULL;
    game_events_free(&scratch);
    return g;
}

void game_destroy(Game *g)
{
    if (!g)
        return;
    free(g->pieces);
    free(g->occupant);
    free(g->enter);
    free(g->flags);
    free(g->door_e);
    free(g->door_s);
    free(g->door_sw);
    free(g->doors);
    free(g->traps);
    free(g->treasure_found);
    free(g->card_gone);
    free(g->objective_met);
    free(g->objective_by);
    free(g->searched_room);
    free(g->room_revealed);
    free(g->room_corridor);
    free(g->searched_square);
    free(g->trail);
    free(g->log);
    free(g->drops);
    monsters_free(g);
    undo_free(g);
    ids_free(g);
    path_destroy(g->pf);
    move_mask_free(g->masks);
    fog_free(g);
    free(g);
}

static void *dup_array(const void *src, size_t n, size_t size)
{
    void *p = xmalloc(n ? n : 1, size);
    if (n)
        memcpy(p, src, n * size);
    return p;
}

Game *game_clone(const Game *g)
{
    Game *c = xmalloc(1, sizeof *c);
    *c = *g;
    size_t area = (size_t)grid_area(&g->grid), rooms = (size_t)board_room_count(g->board) + 1;
    c->pieces = dup_array(g->pieces, g->piece_count, sizeof *g->pieces);
    c->piece_cap = g->piece_count ? g->piece_count : 1;
    c->occupant = dup_array(g->occupant, area, sizeof *g->occupant);
    c->flags = dup_array(g->flags, area, 1);
    c->enter = g->enter ? dup_array(g->enter, area, 1) : NULL;
    c->door_e = dup_array(g->door_e, area, sizeof *g->door_e);
    c->door_s = dup_array(g->door_s, area, sizeof *g->door_s);
    c->door_sw = g->door_sw ? dup_array(g->door_sw, area, sizeof *g->door_sw) : NULL;
    c->doors = dup_array(g->doors, g->door_count, sizeof *g->doors);
    c->traps = dup_array(g->traps, g->trap_count, sizeof *g->traps);
    c->treasure_found = dup_array(g->treasure_found, g->mission->treasure_count + 1, sizeof(bool));
    c->card_gone = dup_array(g->card_gone, g->card_count + 1, sizeof(bool));
    c->objective_met = dup_array(g->objective_met, g->mission->objective_count + 1, sizeof(bool));
    c->objective_by = dup_array(g->objective_by, g->mission->objective_count + 1, sizeof(int));
    c->room_revealed = dup_array(g->room_revealed, rooms, 1);
    c->room_corridor = dup_array(g->room_corridor, rooms, 1);
    c->searched_room = dup_array(g->searched_room, rooms, 1);
    c->searched_square = dup_array(g->searched_square, area, 1);
    c->trail = dup_array(g->trail, g->trail_len, sizeof *g->trail);
    c->trail_cap = g->trail_len ? g->trail_len : 1;
    c->log = dup_array(g->log, g->log_count, sizeof *g->log);
    c->log_cap = g->log_count ? g->log_count : 1;
    c->drops = dup_array(g->drops, g->drop_count, sizeof *g->drops);
    c->drop_cap = g->drop_count ? g->drop_count : 1;
    c->pf = path_create(&g->grid);
    c->masks = move_mask_clone(g);
    c->masks->costs.enter = c->enter; /* the clone's own weights */
    c->looks = NULL;
    c->out = NULL;
    monsters_clone(c, g);
    undo_clone(c, g);
    ids_clone(c, g);
    return c;
}

Game *game_clone_known(const Game *g)
{
    Game *c = game_clone(g);
    for (size_t k = 0; k < c->piece_count; k++) {
        GamePiece *p = &c->pieces[k];
        if (p->revealed || !game_piece_on_board(c, (int)k))
            continue;
        move_remove_piece(c, (int)k);
        p->escaped = true; /* off the board, not dead: no objective counts it */
    }
    size_t area = (size_t)grid_area(&c->grid);
    for (size_t i = 0; i < area; i++)
        if (!(c->flags[i] & SQF_REVEALED))
            c->flags[i] &= (uint8_t)~(SQF_RUBBLE | SQF_FURN_MOVE | SQF_FURN_SIGHT);
    move_mask_build(c);
    return c;
}

bool game_check(const Game *g, const Action *a, char *why, size_t why_size)
{
    Game *c = game_clone(g);
    bool ok = game_apply(c, a, NULL, why, why_size);
    game_destroy(c);
    return ok;
}

/* --- applying actions ------------------------------------------------ */

static bool dispatch(Game *g, const Action *a, char *why, size_t n)
{
    switch (a->kind) {
    case ACTION_ROLL:
        return turn_apply_roll(g, a, why, n);
    case ACTION_MOVE:
        return move_apply_move(g, a, why, n);
    case ACTION_ATTACK:
        return combat_apply_attack(g, a, why, n);
    case ACTION_SEARCH_TREASURE:
        return search_apply_treasure(g, a, why, n);
    case ACTION_SEARCH_TRAPS:
        return search_apply_traps(g, a, why, n);
    case ACTION_DISARM:
        return trap_apply_disarm(g, a, why, n);
    case ACTION_OPEN:
        return move_apply_open(g, a, why, n);
    case ACTION_LEAVE:
        return turn_apply_leave(g, a, why, n);
    case ACTION_END:
        return turn_apply_end(g, a, why, n);
    case ACTION_CAST:
        return spell_apply_cast(g, a, why, n);
    case ACTION_USE:
        return item_apply_use(g, a, why, n);
    case ACTION_KIND_COUNT:
        break;
    }
    return game_refuse(why, n, "unknown action");
}

static void log_action(Game *g, const Action *a)
{
    if (g->log_count == g->log_cap) {
        g->log_cap = g->log_cap ? g->log_cap * 2 : 64;
        g->log = xrealloc(g->log, g->log_cap, sizeof *g->log);
    }
    g->log[g->log_count++] = *a;
}

bool game_apply(Game *g, const Action *a, GameEvents *out, char *why, size_t why_size)
{
    if (why && why_size)
        why[0] = '\0';
    if (g->status != GAME_STATUS_PLAYING)
        return game_refuse(why, why_size, "the game is over (%s)", game_status_name(g->status));
    if ((unsigned)a->kind >= ACTION_KIND_COUNT)
        return game_refuse(why, why_size, "unknown action");
    if (a->kind != ACTION_END && a->piece != g->current && !g->monster_turn)
        return game_refuse(why, why_size, "it is not piece %d's turn (it is %d's)",
                           game_public_id(g, GAME_ID_PIECE, a->piece), g->current);
    GameEvents scratch;
    game_events_init(&scratch);
    size_t mark = out ? out->count : 0;
    g->out = out ? out : &scratch;
    /* Every handler checks everything before it changes anything, so a
     * refusal leaves the game as it was. */
    g->actor = a->kind == ACTION_END || g->monster_turn ? -1 : a->piece;
    g->end_turn = false;
    /* the monsters' turn takes nothing back (monsters.c) */
    UndoStep *undo = g->monster_turn ? NULL : undo_begin(g, a);
    bool ok = g->monster_turn ? monsters_apply(g, a, why, why_size) : dispatch(g, a, why, why_size);
    if (ok) {
        log_action(g, a);
        turn_check_end(g);
        /* a sprung trap ends the hero's turn: no action after it */
        if (g->end_turn && g->status == GAME_STATUS_PLAYING && g->current == a->piece)
            turn_advance(g);
        g->end_turn = false;
        turn_check_end(g);
        ids_settle(g);
    } else if (out) {
        out->count = mark;
    }
    size_t first = out ? mark : 0;
    /* no events yet: items may be NULL, and NULL + 0 is undefined */
    const GameEvent *fresh = g->out->count > first ? g->out->items + first : NULL;
    undo_end(g, undo, a, ok, fresh, g->out->count - first);
    g->actor = -1;
    g->out = NULL;
    game_events_free(&scratch);
    return ok;
}

void game_events_init(GameEvents *ev)
{
    memset(ev, 0, sizeof *ev);
}

void game_events_clear(GameEvents *ev)
{
    ev->count = 0;
}

void game_events_free(GameEvents *ev)
{
    free(ev->items);
    memset(ev, 0, sizeof *ev);
}

/* --- queries --------------------------------------------------------- */

const Mission *game_mission(const Game *g) { return g->mission; }
uint64_t game_seed(const Game *g) { return g->seed; }
const GameSetup *game_setup(const Game *g) { return &g->setup; }
uint64_t game_rng_state(const Game *g) { return g->rng.state; }
size_t game_piece_count(const Game *g) { return g->piece_count; }
GameStatus game_status(const Game *g) { return g->status; }

GameDefeat game_defeat(const Game *g)
{
    return g->status == GAME_STATUS_DEFEAT ? g->defeat : GAME_DEFEAT_NONE;
}

const char *game_defeat_name(GameDefeat defeat)
{
    static const char *const names[GAME_DEFEAT_COUNT] = {"none", "party-killed", "turn-limit",
                                                         "objective-unmet"};
    return (unsigned)defeat < GAME_DEFEAT_COUNT ? names[defeat] : "?";
}
int game_turn(const Game *g) { return g->turn; }
int game_rounds_played(const Game *g) { return g->hero_round; }
int game_current(const Game *g) { return g->current; }
bool game_has_rolled(const Game *g) { return g->rolled; }
bool game_has_acted(const Game *g) { return g->acted; }
int game_move_left(const Game *g) { return g->move_left; }

int game_move_unit(const Game *g) { return grid_cost_unit(&g->grid); }

int game_square_cost(const Game *g, BoardPos pos)
{
    return g->enter && board_contains(g->board, pos) ? g->enter[game_index(g, pos)] : 1;
}

void game_format_move(const Game *g, int cost, char *buf, size_t size)
{
    int unit = grid_cost_unit(&g->grid);
    if (cost % unit == 0)
        snprintf(buf, size, "%d", cost / unit);
    else if (cost < unit)
        snprintf(buf, size, "%d/%d", cost, unit);
    else
        snprintf(buf, size, "%d %d/%d", cost / unit, cost % unit, unit);
}

const char *game_edge_name(const Game *g, GridDir side)
{
    (void)g;
    static const char *const names[GRID_DIR_COUNT] = {
        "north", "east", "south", "west", "north-east", "south-east", "south-west", "north-west"};
    return side >= 0 && side < GRID_DIR_COUNT ? names[side] : "?";
}
size_t game_door_count(const Game *g) { return g->door_count; }
size_t game_trap_count(const Game *g) { return g->trap_count; }
size_t game_objective_count(const Game *g) { return g->mission->objective_count; }
size_t game_log_count(const Game *g) { return g->log_count; }

bool game_can_move(const Game *g)
{
    return g->current >= 0 && g->rolled && !g->move_closed && g->move_left > 0;
}

int game_move_dice(const Game *g, int *out)
{
    for (int i = 0; i < g->move_dice_count; i++)
        out[i] = g->move_dice[i];
    return g->move_dice_count;
}

const GamePiece *game_piece(const Game *g, int id)
{
    return id >= 0 && (size_t)id < g->piece_count ? &g->pieces[id] : NULL;
}

int game_piece_at(const Game *g, BoardPos pos)
{
    return board_contains(g->board, pos) ? g->occupant[game_index(g, pos)] : -1;
}

const GameDoor *game_door(const Game *g, size_t i)
{
    return i < g->door_count ? &g->doors[i] : NULL;
}

const GameTrap *game_trap(const Game *g, size_t i)
{
    return i < g->trap_count ? &g->traps[i] : NULL;
}

int game_door_at(const Game *g, BoardPos pos, GridDir dir)
{
    if (!grid_is_edge(&g->grid, dir))
        return -1;
    grid_edge_canonical(&g->grid, pos, dir, &pos, &dir);
    if (!board_contains(g->board, pos))
        return -1;
    return door_slots(g, dir)[game_index(g, pos)];
}

bool game_line_of_sight(const Game *g, BoardPos a, BoardPos b)
{
    return board_contains(g->board, a) && board_contains(g->board, b) && fog_sees(g, a, b);
}

static bool square_flag(const Game *g, BoardPos pos, unsigned flag)
{
    return board_contains(g->board, pos) && (g->flags[game_index(g, pos)] & flag);
}

bool game_square_revealed(const Game *g, BoardPos pos) { return square_flag(g, pos, SQF_REVEALED); }
bool game_square_rubble(const Game *g, BoardPos pos) { return square_flag(g, pos, SQF_RUBBLE); }
bool game_square_exit(const Game *g, BoardPos pos) { return square_flag(g, pos, SQF_EXIT); }

int game_objective_by(const Game *g, size_t i)
{
    return i < g->mission->objective_count ? g->objective_by[i] : -1;
}

bool game_objective_met(const Game *g, size_t i)
{
    return i < g->mission->objective_count && g->objective_met[i];
}

bool game_treasure_found(const Game *g, size_t i)
{
    return i < g->mission->treasure_count && g->treasure_found[i];
}

const Action *game_log_at(const Game *g, size_t i)
{
    return i < g->log_count ? &g->log[i] : NULL;
}

/* A piece the players may ask about: on the board and seen. */
static bool piece_known(const Game *g, int piece)
{
    return game_piece_on_board(g, piece) && g->pieces[piece].revealed;
}

size_t game_reachable(const Game *g, int piece, int steps, BoardPos *out, size_t cap)
{
    if (!piece_known(g, piece))
        return 0;
    if (steps < 0)
        steps = piece == g->current && game_can_move(g) ? g->move_left : 0;
    if (steps == 0)
        return 0;
    move_reach(g, piece, steps);
    return path_reach_list(g->pf, out, cap);
}

int game_path(const Game *g, int piece, BoardPos goal, BoardPos *out, int cap)
{
    if (!piece_known(g, piece))
        return -1;
    return game_path_from(g, piece, g->pieces[piece].pos, goal, out, cap);
}

int game_path_from(const Game *g, int piece, BoardPos from, BoardPos goal, BoardPos *out,
                   int cap)
{
    if (!piece_known(g, piece) || !board_contains(g->board, from))
        return -1;
    return move_find_path(g, piece, from, goal, -1, out, cap);
}

int game_move_plan(const Game *g, BoardPos goal, BoardPos *out, int cap, int *cost)
{
    int hero = g->current;
    if (cost)
        *cost = -1;
    if (!game_can_move(g) || !board_contains(g->board, goal) ||
        grid_pos_equal(goal, g->pieces[hero].pos))
        return -1;
    /* the plan the move action follows: within the movement left */
    BoardPos path[MOVE_PATH_MAX];
    int len = move_find_path(g, hero, g->pieces[hero].pos, goal, g->move_left, path, MOVE_PATH_MAX);
    if (len < 0 || len > MOVE_PATH_MAX)
        return -1;
    for (int k = 0; k < len && k < cap; k++)
        out[k] = path[k];
    if (cost)
        *cost = move_path_cost(g, g->pieces[hero].pos, path, len);
    return len;
}

int game_move_cost(const Game *g, int piece, BoardPos goal)
{
    if (!piece_known(g, piece) || !board_contains(g->board, goal) ||
        grid_pos_equal(goal, g->pieces[piece].pos))
        return -1;
    return move_least_cost(g, piece, g->pieces[piece].pos, goal);
}

bool game_adjacent(const Game *g, BoardPos a, BoardPos b)
{
    return board_contains(g->board, a) && board_contains(g->board, b) && move_adjacent(g, a, b);
}

bool game_step_allowed(const Game *g, int piece, BoardPos from, BoardPos to)
{
    int dir = grid_dir_between(&g->grid, from, to);
    if (!piece_known(g, piece) || dir < 0 || !board_contains(g->board, from))
        return false;
    return move_step(g, piece, from, to, (GridDir)dir, MOVE_KNOWN) == PATH_STEP_STOP;
}

/* --- names ----------------------------------------------------------- */

const char *game_action_name(ActionKind kind)
{
    static const char *const names[ACTION_KIND_COUNT] = {
        "roll", "move", "attack", "search-treasure", "search-traps", "disarm", "open", "leave", "end", "cast",
        "use"};
    return (unsigned)kind < ACTION_KIND_COUNT ? names[kind] : "?";
}

const char *game_side_name(GameSide side)
{
    static const char *const names[GAME_SIDE_COUNT] = {"hero", "monster"};
    return (unsigned)side < GAME_SIDE_COUNT ? names[side] : "?";
}

const char *game_status_name(GameStatus status)
{
    static const char *const names[GAME_STATUS_COUNT] = {"playing", "victory", "defeat"};
    return (unsigned)status < GAME_STATUS_COUNT ? names[status] : "?";
}

const char *game_die_face_name(DieFace face)
{
    static const char *const names[DIE_FACE_COUNT] = {"skull", "white", "black"};
    return (unsigned)face < DIE_FACE_COUNT ? names[face] : "?";
}

const char *game_event_name(EventKind kind)
{
    static const char *const names[EVENT_KIND_COUNT] = {
        "turn",     "monsters-turn", "roll",          "step",      "door-opened",
        "attack",   "death",         "reveal",        "find",      "nothing-found",
        "trap-found", "secret-door-found", "trap-sprung", "trap-disarmed", "damage",
        "heal",     "wandering-monster", "left",     "objective-met", "victory",
        "defeat",   "cast",          "status",        "blocked",       "pick-up",
        "use",      "jump",          "undo",          "disarm-failed"};
    return (unsigned)kind < EVENT_KIND_COUNT ? names[kind] : "?";
}

bool game_event_d6(EventKind kind)
{
    return kind == EVENT_ROLL || kind == EVENT_CAST || kind == EVENT_STATUS || kind == EVENT_USE;
}
