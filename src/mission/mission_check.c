/* Meaning checks of a parsed mission against its board and catalogue:
 * where each thing stands, and the order all checks run in (the names
 * things go by are checked in mission_check_refs.c). */
#include "mission_check_internal.h"

#include "../core/alloc.h"
#include "../core/i18n.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Checks that what stands on an on-board walkable square. */
bool mcheck_square(Checker *c, BoardPos p, int line, const char *what)
{
    const Board *b = c->m->board;
    if (!board_contains(b, p)) {
        errors_add_at(c->errs, c->file, line, _("square (%d,%d): %s is outside the %dx%d board"), p.x,
                      p.y, what, board_width(b), board_height(b));
        return false;
    }
    SquareType t = board_type(b, p);
    if (t == SQUARE_NONE) {
        errors_add_at(c->errs, c->file, line,
                      _("square (%d,%d): %s is on a square that is not part of the board (black "
                      "or transparent)"),
                      p.x, p.y, what);
        return false;
    }
    if (t != SQUARE_WALKABLE) {
        errors_add_at(c->errs, c->file, line,
                      _("square (%d,%d): %s is on a blocked square (colour #%06x) nothing may enter"),
                      p.x, p.y, what, (unsigned)board_rgb(b, p));
        return false;
    }
    return true;
}

/* ---- one thing per square ---- */

typedef enum OccupantKind { OCC_HERO, OCC_EXIT, OCC_OTHER } OccupantKind;

typedef struct Occupant {
    BoardPos pos;
    int line;
    OccupantKind kind;
    const char *what; /* "monster", "furniture", ... */
    const char *type; /* its type id, or "" */
} Occupant;

typedef struct OccupantList {
    Occupant *items;
    size_t count, cap;
} OccupantList;

static void occupy(OccupantList *l, BoardPos pos, int line, OccupantKind kind, const char *what,
                   const char *type)
{
    if (l->count == l->cap) {
        l->cap = l->cap ? l->cap * 2 : 64;
        l->items = xrealloc(l->items, l->cap, sizeof *l->items);
    }
    l->items[l->count++] = (Occupant){pos, line, kind, what, type};
}

static int compare_occupants(const void *a, const void *b)
{
    const Occupant *x = a, *y = b;
    if (x->pos.y != y->pos.y)
        return x->pos.y < y->pos.y ? -1 : 1;
    if (x->pos.x != y->pos.x)
        return x->pos.x < y->pos.x ? -1 : 1;
    return (x->line > y->line) - (x->line < y->line);
}

/* Heroes may start on an exit (the stairway); nothing else shares. */
static bool may_share(const Occupant *a, const Occupant *b)
{
    return (a->kind == OCC_HERO && b->kind == OCC_EXIT) ||
           (a->kind == OCC_EXIT && b->kind == OCC_HERO);
}

static void check_overlaps(Checker *c, OccupantList *l)
{
    /* Found by fuzzing: qsort of an empty (NULL) list is undefined. */
    if (l->count < 2)
        return;
    qsort(l->items, l->count, sizeof *l->items, compare_occupants);
    size_t start = 0;
    for (size_t i = 1; i < l->count; i++) {
        const Occupant *o = &l->items[i];
        if (!grid_pos_equal(o->pos, l->items[start].pos)) {
            start = i;
            continue;
        }
        /* Compare with the first two of the square's group: enough to find
         * a clash (only a hero and an exit may share) without n^2 work. */
        const Occupant *other = &l->items[start];
        if (may_share(o, other) && i > start + 1)
            other = &l->items[start + 1];
        if (other != o && !may_share(o, other))
            errors_add_at(c->errs, c->file, o->line,
                          _("square (%d,%d): %s%s%s is on the same square as %s%s%s (line %d)"),
                          o->pos.x, o->pos.y, o->what, o->type[0] ? " " : "", o->type,
                          other->what, other->type[0] ? " " : "", other->type, other->line);
    }
}

/* ---- placements ---- */

static void check_heroes(Checker *c, OccupantList *occ)
{
    Mission *m = c->m;
    if (m->hero_count == 0)
        errors_add_at(c->errs, c->file, m->line,
                      _("the mission places no heroes: add <heroes> with at least one <hero>"));
    if (m->hero_count > 4)
        errors_add_at(c->errs, c->file, m->heroes[4].line, _("at most 4 heroes may take part"));
    bool any_allowed = false;
    for (int k = 0; k < 4; k++) {
        if (!m->rules.heroes_allowed[k][0])
            continue;
        any_allowed = true;
        mcheck_type(c, m->rules.heroes_allowed[k], PIECE_HERO,
                   m->rules.hero_lines[k] ? m->rules.hero_lines[k] : m->line);
    }
    for (size_t i = 0; i < m->hero_count; i++) {
        MissionHero *h = &m->heroes[i];
        mcheck_type(c, h->type, PIECE_HERO, h->line);
        /* More than 4 heroes is an error already: compare the first few. */
        for (size_t j = 0; j < i && i < 8; j++)
            if (strcmp(m->heroes[j].type, h->type) == 0)
                errors_add_at(c->errs, c->file, h->line, _("hero '%s' is already placed on line %d"),
                              h->type, m->heroes[j].line);
        bool allowed = !any_allowed;
        for (int k = 0; k < 4; k++)
            allowed = allowed || strcmp(m->rules.heroes_allowed[k], h->type) == 0;
        if (!allowed)
            errors_add_at(c->errs, c->file, h->line,
                          _("hero '%s' is not among the heroes <rules> allows"), h->type);
        if (mcheck_square(c, h->pos, h->line, _("hero")))
            occupy(occ, h->pos, h->line, OCC_HERO, _("hero"), h->type);
    }
}

static void check_monsters(Checker *c, OccupantList *occ)
{
    Mission *m = c->m;
    for (size_t i = 0; i < m->monster_count; i++) {
        MissionMonster *mo = &m->monsters[i];
        mcheck_type(c, mo->type, PIECE_MONSTER, mo->line);
        if (mcheck_square(c, mo->pos, mo->line, _("monster")))
            occupy(occ, mo->pos, mo->line, OCC_OTHER, _("monster"), mo->type);
    }
    /* the default wandering monster has no line of its own: the mission's */
    mcheck_type(c, m->rules.wandering_monster, PIECE_MONSTER,
               m->rules.line ? m->rules.line : m->line);
}

static int compare_doors(const void *a, const void *b)
{
    const MissionDoor *x = *(const MissionDoor *const *)a, *y = *(const MissionDoor *const *)b;
    if (x->pos.y != y->pos.y)
        return x->pos.y < y->pos.y ? -1 : 1;
    if (x->pos.x != y->pos.x)
        return x->pos.x < y->pos.x ? -1 : 1;
    if (x->side != y->side)
        return x->side < y->side ? -1 : 1;
    return (x->line < y->line) - (x->line > y->line); /* lines are negated */
}

/* Two doors on one edge, found by sorting the valid doors (negative line
 * marks) by edge; restores the lines. */
static void check_door_edges(Checker *c)
{
    Mission *m = c->m;
    MissionDoor **v = xmalloc(m->door_count + 1, sizeof *v);
    size_t k = 0;
    for (size_t i = 0; i < m->door_count; i++)
        if (m->doors[i].line < 0)
            v[k++] = &m->doors[i];
    if (k > 1)
        qsort(v, k, sizeof *v, compare_doors);
    for (size_t i = 1; i < k; i++)
        if (grid_pos_equal(v[i]->pos, v[i - 1]->pos) && v[i]->side == v[i - 1]->side)
            errors_add_at(c->errs, c->file, -v[i]->line,
                          _("square (%d,%d): there is already a door on this edge (line %d)"),
                          v[i]->pos.x, v[i]->pos.y, -v[i - 1]->line);
    for (size_t i = 0; i < k; i++)
        v[i]->line = -v[i]->line;
    free(v);
}

/* "e, se, sw, w, nw or ne": the sides a door may stand on in grid. */
static const char *edge_names(const Grid *grid, char *buf, size_t size)
{
    int count, edges = 0, n = 0;
    const GridDir *dirs = grid_dirs(grid, &count);
    for (int i = 0; i < count; i++)
        edges += grid_is_edge(grid, dirs[i]);
    buf[0] = '\0';
    for (int i = 0, k = 0; i < count && (size_t)n < size; i++) {
        if (!grid_is_edge(grid, dirs[i]))
            continue;
        k++;
        n += snprintf(buf + n, size - (size_t)n, "%s%s", k == 1 ? "" : k == edges ? " or " : ", ",
                      grid_dir_name(dirs[i]));
    }
    return buf;
}

static void check_doors(Checker *c)
{
    Mission *m = c->m;
    const Board *b = m->board;
    for (size_t i = 0; i < m->door_count; i++) {
        MissionDoor *d = &m->doors[i];
        const Grid *grid = board_grid(b);
        if (!grid_is_edge(grid, d->side)) {
            char sides[64];
            errors_add_at(c->errs, c->file, d->line,
                          _("square (%d,%d): side=\"%s\" is no edge of a %s board (a door stands "
                          "on side %s)"), d->pos.x, d->pos.y, grid_dir_name(d->side),
                          grid_topology_name(grid->topology), edge_names(grid, sides, sizeof sides));
            continue;
        }
        BoardPos other = grid_step(grid, d->pos, d->side);
        mcheck_door_key(c, d);
        if (!mcheck_square(c, d->pos, d->line, _("door")) ||
            !mcheck_square(c, other, d->line, _("the square beyond the door")))
            continue;
        if (board_room(b, d->pos) == board_room(b, other) || !board_wall(b, d->pos, d->side)) {
            errors_add_at(c->errs, c->file, d->line,
                          _("square (%d,%d): a door must stand on a wall between two rooms, but "
                          "(%d,%d) is in the same room"),
                          d->pos.x, d->pos.y, other.x, other.y);
            continue;
        }
        /* Store every edge from the square that owns it (west or north
         * of it on squares; see grid_edge_owned). */
        grid_edge_canonical(grid, d->pos, d->side, &d->pos, &d->side);
        d->line = -d->line; /* marks a door on a valid edge for the pass below */
    }
    check_door_edges(c);
}

static void check_footprint(Checker *c, MissionFurniture *f, const PieceType *t,
                            OccupantList *occ)
{
    const Board *b = c->m->board;
    int32_t room = board_room(b, f->pos);
    for (int dy = 0; dy < f->height; dy++) {
        for (int dx = 0; dx < f->width; dx++) {
            BoardPos p = {f->pos.x + dx, f->pos.y + dy};
            if (!mcheck_square(c, p, f->line, _("furniture")))
                return; /* one message per piece is enough */
            if (board_room(b, p) != room) {
                errors_add_at(c->errs, c->file, f->line,
                              _("square (%d,%d): furniture %s leaves its room: its %dx%d footprint from "
                              "(%d,%d) crosses into another room"),
                              p.x, p.y, f->type, f->width, f->height, f->pos.x,
                              f->pos.y);
                return;
            }
            occupy(occ, p, f->line, t->flags & PIECE_EXIT ? OCC_EXIT : OCC_OTHER, _("furniture"),
                   f->type);
        }
    }
}

static void check_furniture(Checker *c, OccupantList *occ)
{
    Mission *m = c->m;
    for (size_t i = 0; i < m->furniture_count; i++) {
        MissionFurniture *f = &m->furniture[i];
        const PieceType *t = mcheck_type(c, f->type, PIECE_FURNITURE, f->line);
        if (!t)
            continue;
        bool turned = f->rotation == 90 || f->rotation == 270;
        f->width = turned ? t->height : t->width;
        f->height = turned ? t->width : t->height;
        check_footprint(c, f, t, occ);
    }
}

static void check_squares(Checker *c, const MissionSquare *s, size_t n, OccupantKind kind,
                          const char *what, OccupantList *occ)
{
    for (size_t i = 0; i < n; i++)
        if (mcheck_square(c, s[i].pos, s[i].line, what))
            occupy(occ, s[i].pos, s[i].line, kind, what, "");
}

/* The square a falling block lands on (fall-x/fall-y) is the trap's
 * neighbour across a side with no wall: the block drops into the same
 * room or passage, never through a wall or a door. */
static void check_fall(Checker *c, const MissionTrap *t)
{
    if (t->kind != TRAP_FALLING_BLOCK) {
        errors_add_at(c->errs, c->file, t->line,
                      _("only a falling-block trap takes fall-x and fall-y; this one is a %s trap"),
                      mission_trap_kind_name(t->kind));
        return;
    }
    if (t->fall.x < 0 || t->fall.y < 0) {
        errors_add_at(c->errs, c->file, t->line, _("the falling block needs both fall-x and fall-y"));
        return;
    }
    if (!mcheck_square(c, t->fall, t->line, _("the falling block's landing square")))
        return;
    const Board *b = c->m->board;
    const Grid *grid = board_grid(b);
    int dir = grid_dir_between(grid, t->pos, t->fall);
    if (dir < 0 || !grid_is_edge(grid, (GridDir)dir))
        errors_add_at(c->errs, c->file, t->line,
                      _("square (%d,%d): the falling block must land on a square that shares a side "
                      "with its trap (%d,%d)"),
                      t->fall.x, t->fall.y, t->pos.x, t->pos.y);
    else if (board_wall(b, t->pos, (GridDir)dir))
        errors_add_at(c->errs, c->file, t->line,
                      _("square (%d,%d): a wall stands between the falling-block trap (%d,%d) and "
                      "the square its block lands on"),
                      t->fall.x, t->fall.y, t->pos.x, t->pos.y);
}

/* A chest trap on a square (the chest's, or any of its room) shares it
 * with the chest; one naming a treasure is placed by mcheck_chest_traps. */
static void check_traps(Checker *c, OccupantList *occ)
{
    for (size_t i = 0; i < c->m->trap_count; i++) {
        const MissionTrap *t = &c->m->traps[i];
        const char *kind = mission_trap_kind_name(t->kind);
        if (t->kind != TRAP_CHEST && t->treasure[0]) {
            errors_add_at(c->errs, c->file, t->line,
                          _("only a chest trap guards a treasure; a %s trap takes x and y"), kind);
            continue;
        }
        if (t->kind == TRAP_CHEST && t->treasure[0]) {
            if (mcheck_has_square(t->pos))
                errors_add_at(c->errs, c->file, t->line,
                              _("the chest trap names treasure '%s' and a square: give only one"),
                              t->treasure);
            continue;
        }
        if (t->pos.x < 0 || t->pos.y < 0) {
            errors_add_at(c->errs, c->file, t->line, _("a %s trap needs x=\"..\" y=\"..\"%s"), kind,
                          t->kind == TRAP_CHEST ? _(" or treasure=\"id\"") : "");
            continue;
        }
        if (!mcheck_square(c, t->pos, t->line, _("trap")))
            continue;
        if (t->has_fall)
            check_fall(c, t);
        if (t->kind == TRAP_CHEST && board_room(c->m->board, t->pos) <= 0)
            errors_add_at(c->errs, c->file, t->line, _("square (%d,%d): a chest trap must be in a room"),
                          t->pos.x, t->pos.y);
        else if (t->kind != TRAP_CHEST)
            occupy(occ, t->pos, t->line, OCC_OTHER, _("trap"), kind);
    }
}

static void check_notes(Checker *c)
{
    const Mission *m = c->m;
    for (size_t i = 0; i < m->note_count; i++) {
        const MissionNote *n = &m->notes[i];
        if (n->pos.x < 0 && n->pos.y < 0)
            continue;
        if (n->pos.x < 0 || n->pos.y < 0)
            errors_add_at(c->errs, c->file, n->line,
                          _("a note on a square needs both x and y (or neither)"));
        else if (!board_contains(m->board, n->pos))
            errors_add_at(c->errs, c->file, n->line,
                          _("square (%d,%d): the note is outside the %dx%d board"), n->pos.x,
                          n->pos.y, board_width(m->board), board_height(m->board));
    }
}

static int compare_colours(const void *a, const void *b)
{
    const MissionPaletteEntry *x = *(const MissionPaletteEntry *const *)a;
    const MissionPaletteEntry *y = *(const MissionPaletteEntry *const *)b;
    if (x->rgb != y->rgb)
        return x->rgb < y->rgb ? -1 : 1;
    return (x->line > y->line) - (x->line < y->line);
}

static void check_palette(Checker *c)
{
    Mission *m = c->m;
    const MissionPaletteEntry **v = xmalloc(m->palette_count + 1, sizeof *v);
    for (size_t i = 0; i < m->palette_count; i++)
        v[i] = &m->palette[i];
    if (m->palette_count > 1)
        qsort(v, m->palette_count, sizeof *v, compare_colours);
    for (size_t i = 1; i < m->palette_count; i++)
        if (v[i]->rgb == v[i - 1]->rgb)
            errors_add_at(c->errs, c->file, v[i]->line,
                          _("colour #%06x is already in the palette on line %d"),
                          (unsigned)v[i]->rgb, v[i - 1]->line);
    free(v);
}

/* On a hex board the messages name hexes: "hex (x,y): ..." and "on a
 * hex" where the checks, shared by every topology, wrote "square". Only
 * the messages from first on are the checks' own. */
static void name_hexes(const Mission *m, ErrorList *errs, size_t first)
{
    if (board_grid(m->board)->topology != GRID_HEX)
        return;
    static const char *const from[] = {": square (", " on a square ", " on a blocked square",
                                       " on the same square "};
    static const char *const to[] = {": hex (", " on a hex ", " on a blocked hex",
                                     " on the same hex "};
    for (size_t i = first; i < errs->count; i++)
        for (size_t k = 0; k < sizeof from / sizeof *from; k++) {
            char *at = strstr(errs->items[i], from[k]);
            if (!at)
                continue;
            /* the replacement is shorter: shift the rest left in place */
            size_t lf = strlen(from[k]), lt = strlen(to[k]);
            memcpy(at, to[k], lt);
            memmove(at + lt, at + lf, strlen(at + lf) + 1);
        }
}

bool mission_check(Mission *m, ErrorList *errs)
{
    size_t first = errs->count;
    Checker c = {m, m->path, errs, errors_total(errs), {0}, {0}, {0}};
    OccupantList occ = {0};
    mcheck_build_indexes(&c);
    check_palette(&c);
    check_heroes(&c, &occ);
    check_monsters(&c, &occ);
    check_doors(&c);
    check_furniture(&c, &occ);
    check_squares(&c, m->rubble, m->rubble_count, OCC_OTHER, _("rubble"), &occ);
    check_squares(&c, m->exits, m->exit_count, OCC_EXIT, _("exit"), &occ);
    check_traps(&c, &occ);
    check_overlaps(&c, &occ);
    free(occ.items);
    mcheck_unique_ids(&c);
    mcheck_treasure(&c);
    mcheck_chest_traps(&c);
    mission_add_own_items(m);
    mcheck_objectives(&c);
    check_notes(&c);
    mcheck_free_indexes(&c);
    name_hexes(m, errs, first);
    return errors_total(errs) == c.before;
}
