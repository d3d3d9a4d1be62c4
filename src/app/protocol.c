/* realpath, strtok_r */
#define _XOPEN_SOURCE 700
#include "protocol.h"

#include "../core/alloc.h"
#include "protocol_internal.h"
#include "../core/fileio.h"
#include "../core/rng.h"
#include "../rules/save.h"
#include "paths.h"
#include "textfield.h"

#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define PROTOCOL_MAX_ARGS 8
#define PROTOCOL_LINE_MAX 4096

void protocol_say(Answer *a, const char *fmt, ...)
{
    if (a->first) {
        fputs("= ", a->out);
        a->first = false;
    } else {
        fputc('\n', a->out);
    }
    va_list ap;
    va_start(ap, fmt);
    vfprintf(a->out, fmt, ap);
    va_end(ap);
}

bool protocol_refuse(Answer *a, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(a->why, sizeof a->why, fmt, ap);
    va_end(ap);
    return false;
}

Protocol *protocol_create(void)
{
    Protocol *p = xcalloc(1, sizeof *p);
    p->seed = 1;
    game_events_init(&p->events);
    return p;
}

void protocol_destroy(Protocol *p)
{
    if (!p)
        return;
    game_destroy(p->game);
    mission_destroy(p->mission);
    free(p->mission_path);
    game_events_free(&p->events);
    protocol_campaign_end(p);
    catalogue_destroy(p->cat);
    free(p);
}

Protocol *protocol_create_playing(Game *g)
{
    Protocol *p = protocol_create();
    p->game = g;
    p->seed = game_seed(g);
    p->setup = *game_setup(g);
    return p;
}

const Game *protocol_game(const Protocol *p)
{
    return p->game;
}

/* --- arguments ------------------------------------------------------- */

static bool arg_int(const char *s, long min, long max, int *out)
{
    char *end;
    errno = 0;
    long v = s ? strtol(s, &end, 10) : 0;
    if (!s || errno || *end || end == s || v < min || v > max)
        return false;
    *out = (int)v;
    return true;
}

/* Commands name pieces by their public ids (docs/protocol.md, "Ids"): one
 * the heroes have not seen has none, `reveal on` or not, so probing ids
 * tells nothing. */
static bool arg_piece(Answer *a, const Protocol *p, const char *s, int *id)
{
    int pub;
    if (!arg_int(s, 0, INT_MAX, &pub) || (*id = game_id_index(p->game, GAME_ID_PIECE, pub)) < 0)
        return protocol_refuse(a, "'%s' is not a piece id", s ? s : "");
    return true;
}

/* The indices of count things of kind in the order `state` lists them:
 * the known ones by public id, then (after `reveal on`) the unknown ones
 * in file order. The caller frees the list; *n receives its length. */
static int *listing(const Protocol *p, GameIdKind kind, size_t count, size_t *n)
{
    const Game *g = p->game;
    int *order = xmalloc(count + 1, sizeof *order);
    size_t known = game_public_count(g, kind);
    *n = 0;
    for (size_t i = 0; i < known && *n < count; i++)
        order[(*n)++] = game_id_index(g, kind, (int)i);
    for (size_t i = 0; p->reveal && i < count; i++)
        if (game_public_id(g, kind, (int)i) < 0)
            order[(*n)++] = (int)i;
    return order;
}

/* Thing index of kind as `state` writes it: its public id, or "-" for
 * one the heroes do not know (shown only after `reveal on`). */
static const char *id_text(const Game *g, GameIdKind kind, int index, char *buf, size_t size)
{
    int pub = game_public_id(g, kind, index);
    if (pub < 0)
        return "-";
    snprintf(buf, size, "%d", pub);
    return buf;
}

static bool arg_square(Answer *a, const char *x, const char *y, BoardPos *pos)
{
    if (!arg_int(x, INT_MIN, INT_MAX, &pos->x) || !arg_int(y, INT_MIN, INT_MAX, &pos->y))
        return protocol_refuse(a, "expected a square X Y");
    return true;
}

static bool need_game(Answer *a, const Protocol *p)
{
    return p->game ? true : protocol_refuse(a, "no mission loaded (use load PATH)");
}

/* --- printing -------------------------------------------------------- */

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

static void print_event(Answer *a, const Game *g, const GameEvent *event)
{
    GameEvent copy = *event, *e = &copy;
    (void)game_event_public(g, e); /* ids as the players know them */
    protocol_say(a, "%s %d %d %d,%d %d,%d %d %d", game_event_name(e->kind), e->piece, e->target, e->from.x,
        e->from.y, e->to.x, e->to.y, e->value, e->value2);
    /* movement, saving rolls against spells and waking rolls are d6 */
    bool combat = !game_event_d6(e->kind);
    print_dice(a->out, e->dice, e->dice_count, combat);
    print_dice(a->out, e->dice2, e->dice2_count, true);
    fprintf(a->out, " | %s", e->text);
}

static void print_events(Answer *a, const Game *g, const GameEvents *ev)
{
    for (size_t i = 0; i < ev->count; i++)
        print_event(a, g, &ev->items[i]);
}

static const char *yes(bool b)
{
    return b ? "yes" : "no";
}

static void state_turn(Answer *a, const Game *g)
{
    int dice[GAME_MAX_DICE];
    int n = game_move_dice(g, dice);
    protocol_say(a, "status %s turn %d current %d phase %s", game_status_name(game_status(g)),
        game_turn(g), game_current(g), game_current(g) >= 0 ? "hero" : "over");
    protocol_say(a, "rolled %s dice", yes(game_has_rolled(g)));
    print_dice(a->out, dice, n, false);
    /* move-left is in cost units, move-unit of them a square (the ratio's
     * denominator on square8 boards, else 1) */
    fprintf(a->out, " move-left %d can-move %s acted %s can-undo %zu move-unit %d",
            game_move_left(g), yes(game_can_move(g)), yes(game_has_acted(g)), game_undo_count(g),
            game_move_unit(g));
    protocol_say(a, "seed %" PRIu64 " rng %016" PRIx64 " actions %zu", game_seed(g), game_rng_state(g),
        game_log_count(g));
}

/* "spells ID LIST" for every hero that casts, "effects ID LIST" for every
 * piece a spell still acts on. */
static void state_spells(Answer *a, const Protocol *p)
{
    const Game *g = p->game;
    size_t n;
    int *order = listing(p, GAME_ID_PIECE, game_piece_count(g), &n);
    for (size_t i = 0; i < n; i++) {
        const GamePiece *pc = game_piece(g, order[i]);
        char id[16];
        id_text(g, GAME_ID_PIECE, pc->id, id, sizeof id);
        if (pc->side == GAME_SIDE_HEROES && pc->type->spells[0]) {
            protocol_say(a, "spells %s", id);
            int listed = 0;
            for (int s = 0; s < (int)game_spell_count(g); s++)
                if (pc->spells & (1u << s))
                    fprintf(a->out, "%s%s", listed++ ? "," : " ", game_spell(g, s)->id);
            if (!listed)
                fputs(" -", a->out);
        }
        if (!pc->asleep && !pc->skip_turn && !pc->double_move && !pc->pass_walls &&
            !pc->pass_monsters && !pc->attack_bonus && !pc->defend_bonus)
            continue;
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
    free(order);
}

/* "items ID LIST" for every hero (worn armour marked with *), "drop I ITEM
 * X,Y OWNER" for every thrown weapon still lying on the board. */
static void state_items(Answer *a, const Protocol *p)
{
    const Game *g = p->game;
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
        fprintf(a->out, " attack %d defend %d move-dice %d", game_attack_dice(g, pc->id, -1,
                                                                       game_hand_weapon(g, pc->id)),
                game_defend_dice(g, pc->id), game_move_dice_count(g, pc->id));
    }
    for (size_t i = 0; i < game_drop_count(g); i++) {
        const GameDrop *d = game_drop(g, i);
        if (!d->taken)
            protocol_say(a, "drop %zu %s %d,%d %d", i, game_item(g, d->item)->id, d->pos.x, d->pos.y,
                d->owner);
    }
}

static void state_pieces(Answer *a, const Protocol *p)
{
    const Game *g = p->game;
    size_t n;
    int *order = listing(p, GAME_ID_PIECE, game_piece_count(g), &n);
    for (size_t i = 0; i < n; i++) {
        const GamePiece *pc = game_piece(g, order[i]);
        const char *where = pc->escaped ? "escaped" : pc->alive ? "alive" : "dead";
        char id[16];
        protocol_say(a, "piece %s %s %s %d,%d body %d/%d %s %s gold %d",
            id_text(g, GAME_ID_PIECE, pc->id, id, sizeof id), pc->type->id,
            game_side_name(pc->side), pc->pos.x, pc->pos.y, pc->body, pc->body_max, where,
            pc->revealed ? "revealed" : "hidden", pc->gold);
    }
    free(order);
    state_spells(a, p);
    state_items(a, p);
}

/* Doors, traps, objectives and treasure; without `reveal on` only what the
 * heroes know: no secret door, trap or treasure they have not found. */
static void state_things(Answer *a, const Protocol *p)
{
    const Game *g = p->game;
    char id[16];
    size_t n;
    int *order = listing(p, GAME_ID_DOOR, game_door_count(g), &n);
    for (size_t k = 0; k < n; k++) {
        size_t i = (size_t)order[k];
        const GameDoor *d = game_door(g, i);
        /* doors are stored on the edges their square owns: east or south
         * on squares, east, south-east or south-west on hexes */
        const char *side = d->side == GRID_DIR_EAST        ? "east"
                           : d->side == GRID_DIR_SOUTHEAST ? "southeast"
                           : d->side == GRID_DIR_SOUTHWEST ? "southwest"
                                                           : "south";
        protocol_say(a, "door %s %d,%d %s %s %s %s", id_text(g, GAME_ID_DOOR, (int)i, id, sizeof id), d->pos.x, d->pos.y, side, mission_door_kind_name(d->kind),
            d->open ? "open" : "closed", d->found ? "found" : "hidden");
    }
    free(order);
    order = listing(p, GAME_ID_TRAP, game_trap_count(g), &n);
    for (size_t k = 0; k < n; k++) {
        size_t i = (size_t)order[k];
        const GameTrap *t = game_trap(g, i);
        char falls[40] = "";
        if (!grid_pos_equal(t->fall, t->pos))
            snprintf(falls, sizeof falls, " falls %d,%d", t->fall.x, t->fall.y);
        protocol_say(a, "trap %s %s %d,%d %s%s", id_text(g, GAME_ID_TRAP, (int)i, id, sizeof id),
            mission_trap_kind_name(t->kind), t->pos.x, t->pos.y,
            t->gone ? "gone" : t->sprung ? "open" : t->found ? "found" : "hidden", falls);
    }
    const Mission *m = game_mission(g);
    for (size_t i = 0; i < game_objective_count(g); i++)
        protocol_say(a, "objective %zu %s %s", i, mission_objective_kind_name(m->objectives[i].kind),
            game_objective_met(g, i) ? "met" : "open");
    free(order);
    order = listing(p, GAME_ID_TREASURE, m->treasure_count, &n);
    for (size_t k = 0; k < n; k++) {
        size_t i = (size_t)order[k];
        protocol_say(a, "treasure %s %s %s", id_text(g, GAME_ID_TREASURE, (int)i, id, sizeof id),
            m->treasure[i].id[0] ? m->treasure[i].id : "-", game_treasure_found(g, i) ? "found" : "hidden");
    }
    free(order);
}

static void state_fog(Answer *a, const Game *g)
{
    const Board *b = game_mission(g)->board;
    for (int y = 0; y < board_height(b); y++) {
        protocol_say(a, "revealed %d ", y);
        for (int x = 0; x < board_width(b); x++)
            fputc(game_square_revealed(g, (BoardPos){x, y}) ? '1' : '0', a->out);
    }
}

static char square_char(const Game *g, BoardPos pos, bool reveal)
{
    const Mission *m = game_mission(g);
    if (!game_square_revealed(g, pos) && !reveal)
        return '?';
    int id = game_piece_at(g, pos);
    if (id >= 0 && (game_piece(g, id)->revealed || reveal))
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

/* --- commands -------------------------------------------------------- */

bool protocol_start_game(Protocol *p, Mission *m, const char *path, Answer *a)
{
    char why[256];
    Game *g = game_create(m, &p->setup, p->seed, why, sizeof why);
    if (!g)
        return protocol_refuse(a, "%s", why);
    if (p->mission != m) {
        mission_destroy(p->mission);
        p->mission = m;
        char *copy = xstrdup(path);
        free(p->mission_path);
        p->mission_path = copy;
    }
    game_destroy(p->game);
    p->game = g;
    return true;
}

static char *absolute(const char *path)
{
    char buf[PATH_MAX];
    return realpath(path, buf) ? xstrdup(buf) : xstrdup(path);
}

const Catalogue *protocol_catalogue(Protocol *p, Answer *a)
{
    if (p->cat)
        return p->cat;
    char path[4096];
    ErrorList errs;
    errors_init(&errs, 0);
    p->cat = catalogue_load(paths_data_file("assets/pieces.xml", path, sizeof path), &errs);
    if (!p->cat)
        protocol_refuse(a, "%s", errs.count ? errs.items[0] : "cannot load the catalogue");
    errors_clear(&errs);
    return p->cat;
}

Mission *protocol_load_mission(Protocol *p, const char *path, Answer *a)
{
    char cat[4096];
    MissionLoadOptions opts = {0};
    opts.catalogue_path = paths_data_file("assets/pieces.xml", cat, sizeof cat);
    opts.catalogue = protocol_catalogue(p, a);
    if (!opts.catalogue)
        return NULL;
    ErrorList errs;
    errors_init(&errs, 0);
    Mission *m = mission_load(path, &opts, &errs);
    if (!m)
        protocol_refuse(a, "%s%s", errs.count ? errs.items[0] : "cannot load the mission",
               errors_total(&errs) > 1 ? " (and more errors: see questboard --check)" : "");
    errors_clear(&errs);
    return m;
}

static bool cmd_load(Protocol *p, int argc, char **argv, Answer *a)
{
    if (argc > 2)
        return protocol_refuse(a, "usage: load [PATH]");
    char fallback[4096];
    const char *file = argc == 2 ? argv[1] : paths_default_mission(fallback, sizeof fallback);
    Mission *m = protocol_load_mission(p, file, a);
    if (!m)
        return false;
    protocol_campaign_end(p); /* a mission of one's own ends the campaign */
    GameSetup keep = p->setup;
    p->setup = (GameSetup){0};
    char *path = absolute(file);
    bool ok = protocol_start_game(p, m, path, a);
    free(path);
    if (!ok) {
        p->setup = keep;
        mission_destroy(m);
        return false;
    }
    protocol_say(a, "%s %dx%d heroes %d seed %" PRIu64, m->id, board_width(m->board),
        board_height(m->board), game_setup(p->game)->hero_count, p->seed);
    return true;
}

static bool cmd_seed(Protocol *p, int argc, char **argv, Answer *a)
{
    uint64_t v;
    if (argc != 2 || !rng_seed_parse(argv[1], &v))
        return protocol_refuse(a, "usage: seed N (0 to 18446744073709551615)");
    if (p->in_quest)
        return protocol_refuse(a, "a campaign quest is in play: its seed comes from the party");
    uint64_t keep = p->seed;
    p->seed = v;
    if (p->game && !protocol_start_game(p, p->mission, p->mission_path, a)) {
        p->seed = keep;
        return false;
    }
    protocol_say(a, "%" PRIu64, p->seed);
    return true;
}

static bool cmd_heroes(Protocol *p, int argc, char **argv, Answer *a)
{
    if (!need_game(a, p))
        return false;
    GameSetup s = {0};
    if (argc < 2 || argc - 1 > GAME_MAX_HEROES)
        return protocol_refuse(a, "usage: heroes I [I...] (1 to %d mission hero indices)", GAME_MAX_HEROES);
    s.hero_count = argc - 1;
    for (int i = 1; i < argc; i++)
        if (!arg_int(argv[i], 0, INT_MAX, &s.heroes[i - 1]))
            return protocol_refuse(a, "'%s' is not a hero index", argv[i]);
    if (p->in_quest)
        return protocol_refuse(a, "a campaign quest is in play: the party chooses its heroes");
    GameSetup keep = p->setup;
    p->setup = s;
    if (!protocol_start_game(p, p->mission, p->mission_path, a)) {
        p->setup = keep;
        return false;
    }
    protocol_say(a, "%d", s.hero_count);
    return true;
}

static bool cmd_state(Protocol *p, int argc, char **argv, Answer *a)
{
    (void)argc, (void)argv;
    if (!need_game(a, p))
        return false;
    state_turn(a, p->game);
    state_pieces(a, p);
    state_things(a, p);
    state_fog(a, p->game);
    return true;
}

static bool cmd_board(Protocol *p, int argc, char **argv, Answer *a)
{
    (void)argc, (void)argv;
    if (!need_game(a, p))
        return false;
    const Board *b = game_mission(p->game)->board;
    protocol_say(a, "%d %d", board_width(b), board_height(b));
    for (int y = 0; y < board_height(b); y++) {
        protocol_say(a, "%s", "");
        for (int x = 0; x < board_width(b); x++)
            fputc(square_char(p->game, (BoardPos){x, y}, p->reveal), a->out);
    }
    return true;
}

static bool cmd_reveal(Protocol *p, int argc, char **argv, Answer *a)
{
    if (argc != 2 || (strcmp(argv[1], "on") != 0 && strcmp(argv[1], "off") != 0))
        return protocol_refuse(a, "usage: reveal on|off");
    p->reveal = strcmp(argv[1], "on") == 0;
    protocol_say(a, "%s", argv[1]);
    return true;
}

static bool cmd_reachable(Protocol *p, int argc, char **argv, Answer *a)
{
    int id;
    if (!need_game(a, p) || argc != 2 || !arg_piece(a, p, argv[1], &id))
        return a->why[0] ? false : protocol_refuse(a, "usage: reachable PIECE");
    size_t n = game_reachable(p->game, id, -1, NULL, 0);
    BoardPos *list = xmalloc(n + 1, sizeof *list);
    game_reachable(p->game, id, -1, list, n);
    protocol_say(a, "%zu", n);
    for (size_t i = 0; i < n; i++)
        fprintf(a->out, " %d,%d", list[i].x, list[i].y);
    free(list);
    return true;
}

static bool cmd_path(Protocol *p, int argc, char **argv, Answer *a)
{
    int id;
    BoardPos goal;
    if (!need_game(a, p) || argc != 4 || !arg_piece(a, p, argv[1], &id) ||
        !arg_square(a, argv[2], argv[3], &goal))
        return a->why[0] ? false : protocol_refuse(a, "usage: path PIECE X Y");
    int len = game_path(p->game, id, goal, NULL, 0);
    if (len < 0)
        return protocol_refuse(a, "no legal path to (%d,%d)", goal.x, goal.y);
    BoardPos *list = xmalloc((size_t)len + 1, sizeof *list);
    game_path(p->game, id, goal, list, len);
    protocol_say(a, "%d", len);
    for (int i = 0; i < len; i++)
        fprintf(a->out, " %d,%d", list[i].x, list[i].y);
    free(list);
    return true;
}

/* Parses an action command into act. */
static bool parse_action(const Protocol *p, int argc, char **argv, Action *act, Answer *a)
{
    const char *c = argv[0];
    *act = (Action){ACTION_END, game_current(p->game), -1, {0, 0}, -1, 0};
    if (strcmp(c, "roll") == 0 && argc == 1)
        act->kind = ACTION_ROLL;
    else if (strcmp(c, "end") == 0 && argc == 1)
        act->kind = ACTION_END;
    else if (strcmp(c, "search") == 0 && argc == 2 && strcmp(argv[1], "treasure") == 0)
        act->kind = ACTION_SEARCH_TREASURE;
    else if (strcmp(c, "search") == 0 && argc == 2 && strcmp(argv[1], "traps") == 0)
        act->kind = ACTION_SEARCH_TRAPS;
    else if (strcmp(c, "leave") == 0 && argc == 2)
        act->kind = ACTION_LEAVE;
    else if (strcmp(c, "attack") == 0 && (argc == 3 || argc == 4))
        act->kind = ACTION_ATTACK;
    else if (strcmp(c, "cast") == 0 && argc == 4)
        act->kind = ACTION_CAST;
    else if (strcmp(c, "use") == 0 && argc == 3)
        act->kind = ACTION_USE;
    else if ((strcmp(c, "move") == 0 || strcmp(c, "open") == 0 || strcmp(c, "disarm") == 0) &&
             argc == 4)
        act->kind = c[0] == 'm' ? ACTION_MOVE : c[0] == 'o' ? ACTION_OPEN : ACTION_DISARM;
    else
        return protocol_refuse(a, "wrong arguments for %s (see docs/protocol.md)", c);
    if (argc >= 2 && act->kind != ACTION_SEARCH_TREASURE && act->kind != ACTION_SEARCH_TRAPS &&
        !arg_piece(a, p, argv[1], &act->piece))
        return false;
    if (act->kind == ACTION_ATTACK) {
        if (argc == 4) {
            int item = catalogue_find_item(game_mission(p->game)->catalogue, argv[3]);
            if (item < 0)
                return protocol_refuse(a, "'%s' is not an item", argv[3]);
            act->item = GAME_ITEM_REF(item);
        }
        return arg_piece(a, p, argv[2], &act->target);
    }
    if (act->kind == ACTION_USE) {
        int item = game_find_item(p->game, argv[2]);
        if (item < 0)
            return protocol_refuse(a, "'%s' is not an item", argv[2]);
        act->item = GAME_ITEM_REF(item);
    }
    if (act->kind == ACTION_CAST) {
        act->spell = catalogue_find_spell(game_mission(p->game)->catalogue, argv[2]);
        if (act->spell < 0)
            return protocol_refuse(a, "'%s' is not a spell", argv[2]);
        return arg_piece(a, p, argv[3], &act->target);
    }
    if (argc == 4 && !arg_square(a, argv[2], argv[3], &act->pos))
        return false;
    return true;
}

static bool cmd_action(Protocol *p, int argc, char **argv, Answer *a)
{
    if (!need_game(a, p))
        return false;
    Action act;
    if (!parse_action(p, argc, argv, &act, a))
        return false;
    game_events_clear(&p->events);
    if (!game_apply(p->game, &act, &p->events, a->why, sizeof a->why))
        return false;
    protocol_say(a, "%zu", p->events.count);
    print_events(a, p->game, &p->events);
    protocol_campaign_after_action(p);
    return true;
}

/* undo: takes back the current hero's last move, by the rules' own test
 * (game_can_undo), answering like an action. */
static bool cmd_undo(Protocol *p, int argc, char **argv, Answer *a)
{
    (void)argv;
    if (!need_game(a, p))
        return false;
    if (argc != 1)
        return protocol_refuse(a, "usage: undo");
    game_events_clear(&p->events);
    if (!game_undo(p->game, &p->events, a->why, sizeof a->why))
        return false;
    protocol_say(a, "%zu", p->events.count);
    print_events(a, p->game, &p->events);
    return true;
}

/* True when real (a resolved path) is root or lies under it. */
static bool inside(const char *real, const char *root)
{
    size_t n = strlen(root);
    if (strncmp(real, root, n) != 0)
        return false;
    return real[n] == '\0' || real[n] == '/' || (n > 0 && root[n - 1] == '/');
}

/* Protocol saves stay under the working directory, like a mission's
 * bitmap under its folder: PATH is relative, has no ".." part, and what it
 * names resolves inside the working directory, so a symbolic link cannot
 * lead out either. For a save that is the folder the file goes in (the
 * file itself is replaced, never followed); for a restore, the file. */
bool protocol_confined(const char *path, bool existing, Answer *a)
{
    if (path[0] == '/')
        return protocol_refuse(a, "'%s': save paths are relative to the working directory", path);
    for (const char *s = path; *s;) {
        size_t len = strcspn(s, "/");
        if (len == 2 && s[0] == '.' && s[1] == '.')
            return protocol_refuse(a, "'%s': '..' is not allowed in save paths", path);
        s += len + (s[len] == '/');
    }
    char root[PATH_MAX], real[PATH_MAX], folder[PATH_MAX];
    const char *slash = strrchr(path, '/');
    snprintf(folder, sizeof folder, "%.*s", slash ? (int)(slash - path) : 1, slash ? path : ".");
    if (!realpath(".", root))
        return protocol_refuse(a, "cannot resolve the working directory: %s", strerror(errno));
    if (!realpath(existing ? path : folder[0] ? folder : "/", real))
        return protocol_refuse(a, "'%s': %s", existing ? path : folder, strerror(errno));
    if (!inside(real, root))
        return protocol_refuse(a, "'%s' leads outside the working directory", path);
    return true;
}

static bool cmd_save(Protocol *p, int argc, char **argv, Answer *a)
{
    if (!p->party && !need_game(a, p))
        return false;
    if (argc != 2)
        return protocol_refuse(a, "usage: save PATH");
    if (!protocol_confined(argv[1], false, a))
        return false;
    if (p->party)
        return protocol_campaign_save(p, argv[1], a);
    if (!p->mission_path)
        return protocol_refuse(a, "this game was not loaded from a mission file");
    if (!save_write(p->game, p->mission_path, argv[1], a->why, sizeof a->why))
        return false;
    protocol_say(a, "%zu actions", game_log_count(p->game));
    return true;
}

static bool cmd_restore(Protocol *p, int argc, char **argv, Answer *a)
{
    if (argc != 2)
        return protocol_refuse(a, "usage: restore PATH");
    if (!protocol_confined(argv[1], true, a))
        return false;
    if (protocol_campaign_file(argv[1]))
        return protocol_campaign_restore(p, argv[1], a);
    SaveData s;
    if (!save_read(argv[1], &s, a->why, sizeof a->why))
        return false;
    Mission *m = protocol_is_generated(s.mission_path)
                     ? protocol_generated_mission(p, s.mission_path, a)
                     : protocol_load_mission(p, s.mission_path, a);
    Game *g = m ? save_replay(m, &s, a->why, sizeof a->why) : NULL;
    if (!g) {
        mission_destroy(m);
        save_data_free(&s);
        return false;
    }
    protocol_campaign_end(p);
    game_destroy(p->game);
    mission_destroy(p->mission);
    free(p->mission_path);
    p->game = g;
    p->mission = m;
    p->mission_path = xstrdup(s.mission_path);
    p->seed = s.seed;
    p->setup = s.setup;
    protocol_say(a, "%zu actions", s.action_count);
    save_data_free(&s);
    return true;
}

typedef bool (*CommandFn)(Protocol *p, int argc, char **argv, Answer *a);

static const struct {
    const char *name;
    CommandFn fn;
} COMMANDS[] = {
    {"load", cmd_load},       {"seed", cmd_seed},     {"heroes", cmd_heroes},
    {"state", cmd_state},     {"board", cmd_board},   {"reachable", cmd_reachable},
    {"path", cmd_path},       {"roll", cmd_action},   {"move", cmd_action},
    {"attack", cmd_action},   {"search", cmd_action}, {"open", cmd_action},
    {"disarm", cmd_action},   {"leave", cmd_action},  {"end", cmd_action},
    {"cast", cmd_action},     {"use", cmd_action},    {"undo", cmd_undo},
    {"reveal", cmd_reveal},
    {"save", cmd_save},       {"restore", cmd_restore},  {"generate", protocol_cmd_generate},
    {"campaign", protocol_cmd_campaign}, {"shop", protocol_cmd_shop},
    {"buy", protocol_cmd_trade},  {"sell", protocol_cmd_trade},   {"equip", protocol_cmd_trade},
    {"unequip", protocol_cmd_trade}, {"give", protocol_cmd_give}, {"next", protocol_cmd_next},
};

static void list_commands(Answer *a)
{
    protocol_say(a, "%s", "");
    for (size_t i = 0; i < sizeof COMMANDS / sizeof COMMANDS[0]; i++)
        fprintf(a->out, "%s%s", i ? " " : "", COMMANDS[i].name);
    fputs(" help quit", a->out);
}

bool protocol_execute(Protocol *p, const char *line, FILE *out)
{
    char buf[PROTOCOL_LINE_MAX];
    snprintf(buf, sizeof buf, "%s", line);
    buf[strcspn(buf, "\r\n#")] = '\0';
    char *argv[PROTOCOL_MAX_ARGS + 1], *save = NULL;
    int argc = 0;
    for (char *t = strtok_r(buf, " \t", &save); t; t = strtok_r(NULL, " \t", &save))
        argv[argc < PROTOCOL_MAX_ARGS ? argc++ : argc] = t;
    if (argc == 0)
        return true;
    Answer a = {out, true, {0}};
    bool ok = false, quit = strcmp(argv[0], "quit") == 0, found = quit;
    if (quit || strcmp(argv[0], "help") == 0) {
        found = ok = true;
        if (!quit)
            list_commands(&a);
    }
    for (size_t i = 0; !found && i < sizeof COMMANDS / sizeof COMMANDS[0]; i++)
        if (strcmp(argv[0], COMMANDS[i].name) == 0) {
            found = true;
            ok = COMMANDS[i].fn(p, argc, argv, &a);
        }
    if (!found)
        protocol_refuse(&a, "unknown command '%s' (try help)", argv[0]);
    if (ok)
        fputs(a.first ? "=\n\n" : "\n\n", out);
    else
        fprintf(out, "? %s\n\n", a.why[0] ? a.why : "refused");
    fflush(out);
    return !quit;
}

/* What reading one line found. */
typedef enum LineKind { LINE_END, LINE_TEXT, LINE_TOO_LONG, LINE_NUL, LINE_NOT_UTF8 } LineKind;

static bool valid_utf8(const char *s, size_t n)
{
    for (size_t i = 0, len; i < n; i += len)
        if ((len = textfield_utf8_length(s + i, n - i)) == 0)
            return false;
    return true;
}

/* Reads one line into buf (PROTOCOL_LINE_MAX + 1 bytes). The whole line is
 * consumed, up to and with its newline, whatever it holds, so the next
 * read starts at the next line: a bad line gets its own answer and never
 * takes the next command with it. A line holds at most
 * PROTOCOL_LINE_MAX - 1 bytes before its newline ("\r\n" counts as the
 * newline). */
static LineKind read_line(FILE *in, char *buf, size_t *len)
{
    size_t n = 0;
    bool nul = false, over = false;
    int c = getc(in);
    if (c == EOF)
        return LINE_END;
    for (; c != EOF && c != '\n'; c = getc(in)) {
        nul |= c == '\0';
        if (n < PROTOCOL_LINE_MAX)
            buf[n++] = (char)c;
        else
            over = true;
    }
    if (!over && n > 0 && buf[n - 1] == '\r')
        n--;
    if (over || n > PROTOCOL_LINE_MAX - 1)
        return LINE_TOO_LONG;
    buf[n] = '\0';
    *len = n;
    if (nul)
        return LINE_NUL;
    return valid_utf8(buf, n) ? LINE_TEXT : LINE_NOT_UTF8;
}

int protocol_run(FILE *in, FILE *out)
{
    Protocol *p = protocol_create();
    char line[PROTOCOL_LINE_MAX + 1];
    size_t len = 0;
    for (LineKind k; (k = read_line(in, line, &len)) != LINE_END;) {
        static const char *const why[] = {
            [LINE_TOO_LONG] = "line longer than 4095 bytes",
            [LINE_NUL] = "line holds a NUL byte",
            [LINE_NOT_UTF8] = "line is not valid UTF-8",
        };
        if (k != LINE_TEXT) {
            fprintf(out, "? %s\n\n", why[k]);
            fflush(out);
        } else if (!protocol_execute(p, line, out)) {
            break;
        }
    }
    protocol_destroy(p);
    return 0;
}
