/* What the protocol's player is told: the state, the board, the events
 * of an action, reachable squares and paths. Everything goes through the
 * player's view (match/view.h): the heroes' sight, or all with
 * `reveal on`. */
#include "protocol_internal.h"

#include "../core/alloc.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

/* --- events -------------------------------------------------------------- */

static char face_letter(int face)
{
    return "swb"[face >= 0 && face < DIE_FACE_COUNT ? face : 0];
}

static void print_dice(FILE *out, const int *dice, int n, bool combat)
{
    fputc(' ', out);
    if (n == 0)
        fputc('-', out);
    for (int i = 0; i < n; i++) {
        if (i)
            fputc(',', out);
        if (combat)
            fputc(face_letter(dice[i]), out);
        else
            fprintf(out, "%d", dice[i]);
    }
}

/* `words on`: the text's parts as one token ("w:-" when it has none, or
 * when they would not say the very text, so they tell nothing more). */
static void print_words(FILE *out, const GameEvent *e)
{
    char said[sizeof e->text], token[2048];
    bool same = eventtext_render(&e->words, NULL, NULL, said, sizeof said) && strcmp(said, e->text) == 0;
    fprintf(out, " w:%s", same && eventtext_encode(&e->words, token, sizeof token) ? token : "-");
}

static void print_event(Answer *a, const Protocol *p, const MatchView *v, const GameEvent *event)
{
    GameEvent told = view_told(v, event), *e = &told; /* in public ids */
    protocol_say(a, "%s %d %d %d,%d %d,%d %d %d", game_event_name(e->kind), e->piece, e->target,
                 e->from.x, e->from.y, e->to.x, e->to.y, e->value, e->value2);
    print_dice(a->out, e->dice, e->dice_count, !game_event_d6(e->kind));
    print_dice(a->out, e->dice2, e->dice2_count, true);
    if (p->words)
        print_words(a->out, e);
    fprintf(a->out, " | %s", e->text);
}

/* The count of the events the player may be told, then each of them. */
void protocol_print_events(Answer *a, const Protocol *p, const GameEvents *ev)
{
    MatchView v = protocol_view(p);
    size_t told = 0;
    for (size_t i = 0; i < ev->count; i++)
        told += view_event(&v, &ev->items[i]);
    protocol_say(a, "%zu", told);
    for (size_t i = 0; i < ev->count; i++)
        if (view_event(&v, &ev->items[i]))
            print_event(a, p, &v, &ev->items[i]);
}

/* --- state ------------------------------------------------------------------ */

/* The indices of count things of kind in the order `state` lists them:
 * the known ones by public id, then (a view that sees all) the unknown
 * ones in file order. The caller frees the list; *n receives its
 * length. */
static int *listing(const MatchView *v, GameIdKind kind, size_t count, size_t *n)
{
    int *order = xmalloc(count + 1, sizeof *order);
    size_t known = game_public_count(v->game, kind);
    *n = 0;
    for (size_t i = 0; i < known && *n < count; i++)
        order[(*n)++] = view_index(v, kind, (int)i);
    for (size_t i = 0; view_all(v) && i < count; i++)
        if (view_id(v, kind, (int)i) < 0)
            order[(*n)++] = (int)i;
    return order;
}

/* Thing index of kind as `state` writes it: its public id, or "-" for
 * one the heroes do not know (shown only after `reveal on`). */
static const char *id_text(const MatchView *v, GameIdKind kind, int index, char *buf, size_t size)
{
    int pub = view_id(v, kind, index);
    if (pub < 0)
        return "-";
    snprintf(buf, size, "%d", pub);
    return buf;
}

static const char *yes(bool b)
{
    return b ? "yes" : "no";
}

/* secret: a server's player while the game is played (the seed is
 * revealed at the end: docs/network.md). */
static void state_turn(Answer *a, const Game *g, bool secret)
{
    int dice[GAME_MAX_DICE];
    int n = game_move_dice(g, dice);
    bool monsters = game_monsters_turn(g);
    protocol_say(a, "status %s turn %d current %d phase %s", game_status_name(game_status(g)),
                 game_turn(g), game_current(g),
                 game_current(g) >= 0 ? "hero" : monsters ? "monsters" : "over");
    protocol_say(a, "rolled %s dice", yes(game_has_rolled(g)));
    print_dice(a->out, dice, n, false);
    /* move-left is in cost units, move-unit of them a square (the ratio's
     * denominator on square8 boards, else 1) */
    fprintf(a->out, " move-left %d can-move %s acted %s can-undo %zu move-unit %d",
            game_move_left(g), yes(game_can_move(g)), yes(game_has_acted(g)), game_undo_count(g),
            game_move_unit(g));
    if (secret)
        protocol_say(a, "seed hidden rng hidden actions %zu", game_log_count(g));
    else
        protocol_say(a, "seed %" PRIu64 " rng %016" PRIx64 " actions %zu", game_seed(g),
                     game_rng_state(g), game_log_count(g));
    /* the monsters' turn of a game with a monster player: who may act */
    for (size_t i = 0; monsters && i < game_piece_count(g); i++)
        if (game_monster_may_act(g, (int)i)) /* only seen monsters act: each has its id */
            protocol_say(a, "acts %d move-left %d", game_public_id(g, GAME_ID_PIECE, (int)i),
                         game_monster_move_left(g, (int)i));
}

/* "effects ID LIST" for a piece a spell still acts on. */
static void state_effects(Answer *a, const GamePiece *pc, const char *id)
{
    if (!pc->asleep && !pc->skip_turn && !pc->double_move && !pc->pass_walls &&
        !pc->pass_monsters && !pc->attack_bonus && !pc->defend_bonus)
        return;
    protocol_say(a, "effects %s", id);
    const struct {
        bool on;
        const char *name;
    } flags[] = {{pc->asleep, "asleep"},           {pc->skip_turn, "skip-turn"},
                 {pc->double_move, "double-move"}, {pc->pass_walls, "pass-walls"},
                 {pc->pass_monsters, "pass-monsters"}};
    for (size_t f = 0; f < sizeof flags / sizeof flags[0]; f++)
        if (flags[f].on)
            fprintf(a->out, " %s", flags[f].name);
    if (pc->attack_bonus)
        fprintf(a->out, " attack+%d", pc->attack_bonus);
    if (pc->defend_bonus)
        fprintf(a->out, " defend+%d", pc->defend_bonus);
}

/* "spells ID LIST" for every hero that casts, "effects ID LIST" for every
 * piece a spell still acts on. */
static void state_spells(Answer *a, const MatchView *v)
{
    const Game *g = v->game;
    size_t n;
    int *order = listing(v, GAME_ID_PIECE, game_piece_count(g), &n);
    for (size_t i = 0; i < n; i++) {
        const GamePiece *pc = view_piece(v, order[i]);
        if (!pc)
            continue;
        char id[16];
        id_text(v, GAME_ID_PIECE, pc->id, id, sizeof id);
        if (pc->side == GAME_SIDE_HEROES && pc->type->spells[0]) {
            protocol_say(a, "spells %s", id);
            int listed = 0;
            for (int s = 0; s < (int)game_spell_count(g); s++)
                if (pc->spells & (1u << s))
                    fprintf(a->out, "%s%s", listed++ ? "," : " ", game_spell(g, s)->id);
            if (!listed)
                fputs(" -", a->out);
        }
        state_effects(a, pc, id);
    }
    free(order);
}

/* "items ID LIST" for every hero (worn armour marked with *), "drop I ITEM
 * X,Y OWNER" for every thrown weapon still lying on the board. */
static void state_items(Answer *a, const Game *g)
{
    for (size_t i = 0; i < game_piece_count(g); i++) {
        const GamePiece *pc = game_piece(g, (int)i);
        if (pc->side != GAME_SIDE_HEROES)
            continue;
        protocol_say(a, "items %d", pc->id);
        for (int k = 0; k < pc->item_count; k++)
            fprintf(a->out, "%s%s%s", k ? "," : " ", game_item(g, pc->items[k].item)->id,
                    pc->items[k].worn ? "*" : "");
        if (!pc->item_count)
            fputs(" -", a->out);
        fprintf(a->out, " attack %d defend %d move-dice %d",
                game_attack_dice(g, pc->id, -1, game_hand_weapon(g, pc->id)),
                game_defend_dice(g, pc->id), game_move_dice_count(g, pc->id));
    }
    for (size_t i = 0; i < game_drop_count(g); i++) {
        const GameDrop *d = game_drop(g, i);
        if (!d->taken)
            protocol_say(a, "drop %zu %s %d,%d %d", i, game_item(g, d->item)->id, d->pos.x,
                         d->pos.y, d->owner);
    }
}

static void state_pieces(Answer *a, const MatchView *v)
{
    const Game *g = v->game;
    size_t n;
    int *order = listing(v, GAME_ID_PIECE, game_piece_count(g), &n);
    for (size_t i = 0; i < n; i++) {
        const GamePiece *pc = view_piece(v, order[i]);
        if (!pc)
            continue;
        const char *where = pc->escaped ? "escaped" : pc->alive ? "alive" : "dead";
        char id[16];
        protocol_say(a, "piece %s %s %s %d,%d body %d/%d %s %s gold %d",
                     id_text(v, GAME_ID_PIECE, pc->id, id, sizeof id), pc->type->id,
                     game_side_name(pc->side), pc->pos.x, pc->pos.y, pc->body, pc->body_max,
                     where, pc->revealed ? "revealed" : "hidden", pc->gold);
    }
    free(order);
    state_spells(a, v);
    state_items(a, g);
}

/* Doors are stored on the edges their square owns: east or south on
 * squares, east, south-east or south-west on hexes. */
static const char *door_side(const GameDoor *d)
{
    return d->side == GRID_DIR_EAST        ? "east"
           : d->side == GRID_DIR_SOUTHEAST ? "southeast"
           : d->side == GRID_DIR_SOUTHWEST ? "southwest"
                                           : "south";
}

/* Doors, traps, objectives and treasure the view knows of: without
 * `reveal on` no secret door, trap or treasure the heroes have not found. */
static void state_things(Answer *a, const MatchView *v)
{
    const Game *g = v->game;
    char id[16];
    size_t n;
    int *order = listing(v, GAME_ID_DOOR, game_door_count(g), &n);
    for (size_t k = 0; k < n; k++) {
        const GameDoor *d = view_door(v, (size_t)order[k]);
        if (d)
            protocol_say(a, "door %s %d,%d %s %s %s %s", id_text(v, GAME_ID_DOOR, order[k], id, sizeof id),
                         d->pos.x, d->pos.y, door_side(d), mission_door_kind_name(d->kind),
                         d->open ? "open" : "closed", d->found ? "found" : "hidden");
    }
    free(order);
    order = listing(v, GAME_ID_TRAP, game_trap_count(g), &n);
    for (size_t k = 0; k < n; k++) {
        const GameTrap *t = view_trap(v, (size_t)order[k]);
        if (!t)
            continue;
        char falls[40] = "";
        if (!grid_pos_equal(t->fall, t->pos))
            snprintf(falls, sizeof falls, " falls %d,%d", t->fall.x, t->fall.y);
        protocol_say(a, "trap %s %s %d,%d %s%s", id_text(v, GAME_ID_TRAP, order[k], id, sizeof id),
                     mission_trap_kind_name(t->kind), t->pos.x,
                     t->pos.y, t->gone ? "gone" : t->sprung ? "open" : t->found ? "found" : "hidden",
                     falls);
    }
    const Mission *m = game_mission(g);
    for (size_t i = 0; i < game_objective_count(g); i++)
        protocol_say(a, "objective %zu %s %s", i,
                     mission_objective_kind_name(m->objectives[i].kind),
                     game_objective_met(g, i) ? "met" : "open");
    free(order);
    order = listing(v, GAME_ID_TREASURE, m->treasure_count, &n);
    for (size_t k = 0; k < n; k++) {
        size_t i = (size_t)order[k];
        if (view_treasure(v, i))
            protocol_say(a, "treasure %s %s %s", id_text(v, GAME_ID_TREASURE, order[k], id, sizeof id),
                         m->treasure[i].id[0] ? m->treasure[i].id : "-",
                         game_treasure_found(g, i) ? "found" : "hidden");
    }
    free(order);
}

/* The squares the heroes have seen: the fog itself, the same in every
 * view (the debug seat is shown where the heroes' fog lies). */
static void state_fog(Answer *a, const Game *g)
{
    const Board *b = game_mission(g)->board;
    for (int y = 0; y < board_height(b); y++) {
        protocol_say(a, "revealed %d ", y);
        for (int x = 0; x < board_width(b); x++)
            fputc(game_square_revealed(g, (BoardPos){x, y}) ? '1' : '0', a->out);
    }
}

bool protocol_cmd_state(Protocol *p, int argc, char **argv, Answer *a)
{
    (void)argc, (void)argv;
    if (!protocol_need_game(a, p))
        return false;
    MatchView v = protocol_view(p);
    state_turn(a, v.game, p->borrowed && game_status(v.game) == GAME_STATUS_PLAYING);
    state_pieces(a, &v);
    state_things(a, &v);
    state_fog(a, v.game);
    return true;
}

/* --- board ------------------------------------------------------------------ */

static char square_char(const MatchView *v, BoardPos pos)
{
    const Game *g = v->game;
    const Mission *m = game_mission(g);
    if (!view_square(v, pos))
        return '?';
    int id = view_piece_at(v, pos);
    if (id >= 0)
        return game_piece(g, id)->side == GAME_SIDE_HEROES ? (char)('1' + id) : 'M';
    SquareType t = board_type(m->board, pos);
    if (t != SQUARE_WALKABLE)
        return t == SQUARE_NONE ? ' ' : '#';
    if (game_square_rubble(g, pos))
        return 'r';
    if (game_square_exit(g, pos))
        return 'x';
    const MissionFurniture *f = mission_furniture_at(m, pos);
    return f ? 'f' : '.';
}

bool protocol_cmd_board(Protocol *p, int argc, char **argv, Answer *a)
{
    (void)argc, (void)argv;
    if (!protocol_need_game(a, p))
        return false;
    MatchView v = protocol_view(p);
    const Board *b = game_mission(v.game)->board;
    protocol_say(a, "%d %d", board_width(b), board_height(b));
    for (int y = 0; y < board_height(b); y++) {
        protocol_say(a, "%s", "");
        for (int x = 0; x < board_width(b); x++)
            fputc(square_char(&v, (BoardPos){x, y}), a->out);
    }
    return true;
}

bool protocol_cmd_words(Protocol *p, int argc, char **argv, Answer *a)
{
    if (argc != 2 || (strcmp(argv[1], "on") != 0 && strcmp(argv[1], "off") != 0))
        return protocol_refuse(a, "usage: words on|off");
    p->words = strcmp(argv[1], "on") == 0;
    protocol_say(a, "%s", argv[1]);
    return true;
}

bool protocol_cmd_reveal(Protocol *p, int argc, char **argv, Answer *a)
{
    if (argc != 2 || (strcmp(argv[1], "on") != 0 && strcmp(argv[1], "off") != 0))
        return protocol_refuse(a, "usage: reveal on|off");
    p->reveal = strcmp(argv[1], "on") == 0;
    protocol_say(a, "%s", argv[1]);
    return true;
}

/* --- reach and paths ----------------------------------------------------------- */

bool protocol_cmd_reachable(Protocol *p, int argc, char **argv, Answer *a)
{
    int id;
    if (!protocol_need_game(a, p) || argc != 2 || !protocol_arg_piece(a, p, argv[1], &id))
        return a->why[0] ? false : protocol_refuse(a, "usage: reachable PIECE");
    const Game *g = protocol_g(p);
    /* a monster in the monsters' turn: where the monster side may move it */
    bool monster = game_monsters_turn(g) && game_piece(g, id)->side == GAME_SIDE_MONSTERS;
    size_t n = monster ? game_monster_reachable(g, id, NULL, 0) : game_reachable(g, id, -1, NULL, 0);
    BoardPos *list = xmalloc(n + 1, sizeof *list);
    if (monster)
        game_monster_reachable(g, id, list, n);
    else
        game_reachable(g, id, -1, list, n);
    protocol_say(a, "%zu", n);
    for (size_t i = 0; i < n; i++)
        fprintf(a->out, " %d,%d", list[i].x, list[i].y);
    free(list);
    return true;
}

bool protocol_cmd_path(Protocol *p, int argc, char **argv, Answer *a)
{
    int id;
    BoardPos goal;
    if (!protocol_need_game(a, p) || argc != 4 || !protocol_arg_piece(a, p, argv[1], &id) ||
        !protocol_arg_square(a, argv[2], argv[3], &goal))
        return a->why[0] ? false : protocol_refuse(a, "usage: path PIECE X Y");
    const Game *g = protocol_g(p);
    int len = game_path(g, id, goal, NULL, 0);
    if (len < 0)
        return protocol_refuse(a, "no legal path to (%d,%d)", goal.x, goal.y);
    BoardPos *list = xmalloc((size_t)len + 1, sizeof *list);
    game_path(g, id, goal, list, len);
    protocol_say(a, "%d", len);
    for (int i = 0; i < len; i++)
        fprintf(a->out, " %d,%d", list[i].x, list[i].y);
    free(list);
    return true;
}
