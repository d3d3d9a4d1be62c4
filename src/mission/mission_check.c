/* Meaning checks of a parsed mission against its board and catalogue. */
#include "mission_xml.h"

#include "../core/alloc.h"
#include "../core/suggest.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Ids sorted for lookups by binary search, so cross-references cost
 * O(n log n) however many placements a file has. */
typedef struct IdIndex {
    const char **ids; /* sorted; each points into the mission */
    size_t *where;    /* the array index each id came from */
    size_t count;
} IdIndex;

typedef struct Checker {
    Mission *m;
    const char *file;
    ErrorList *errs;
    size_t before;
    IdIndex monsters, furniture, items;
} Checker;

typedef struct IdEntry {
    const char *id;
    size_t where;
} IdEntry;

static int compare_entries(const void *a, const void *b)
{
    return strcmp(((const IdEntry *)a)->id, ((const IdEntry *)b)->id);
}

/* Indexes ids[0..n) (NULL or "" entries are skipped); frees ids. */
static IdIndex index_ids(const char **ids, size_t n)
{
    IdEntry *e = xmalloc(n + 1, sizeof *e);
    size_t k = 0;
    for (size_t i = 0; i < n; i++)
        if (ids[i] && ids[i][0])
            e[k++] = (IdEntry){ids[i], i};
    free(ids);
    if (k > 1)
        qsort(e, k, sizeof *e, compare_entries);
    IdIndex idx = {xmalloc(k + 1, sizeof(char *)), xmalloc(k + 1, sizeof(size_t)), k};
    for (size_t i = 0; i < k; i++) {
        idx.ids[i] = e[i].id;
        idx.where[i] = e[i].where;
    }
    free(e);
    return idx;
}

static void build_indexes(Checker *c)
{
    const Mission *m = c->m;
    const char **v = xmalloc(m->monster_count + 1, sizeof *v);
    for (size_t i = 0; i < m->monster_count; i++)
        v[i] = m->monsters[i].id;
    c->monsters = index_ids(v, m->monster_count);
    v = xmalloc(m->furniture_count + 1, sizeof *v);
    for (size_t i = 0; i < m->furniture_count; i++)
        v[i] = m->furniture[i].id;
    c->furniture = index_ids(v, m->furniture_count);
    v = xmalloc(m->treasure_count + 1, sizeof *v);
    for (size_t i = 0; i < m->treasure_count; i++)
        v[i] = m->treasure[i].kind == TREASURE_ITEM ? m->treasure[i].id : NULL;
    c->items = index_ids(v, m->treasure_count);
}

/* The array index of id, or -1. */
static long index_find(const IdIndex *idx, const char *id)
{
    size_t lo = 0, hi = idx->count;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        int d = strcmp(idx->ids[mid], id);
        if (d == 0)
            return (long)idx->where[mid];
        if (d < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return -1;
}

/* ": did you mean 'x'?" when a candidate is close to word, else "". */
static const char *did_you_mean(const char *best, char *buf, size_t size)
{
    if (!best)
        return "";
    snprintf(buf, size, ": did you mean '%s'?", best);
    return buf;
}

static const char *id_hint(const IdIndex *idx, const char *id, char *buf, size_t size)
{
    return did_you_mean(suggest_closest(id, idx->ids, idx->count), buf, size);
}

static void index_free(IdIndex *idx)
{
    free(idx->ids);
    free(idx->where);
}

/* Checks that what stands on an on-board walkable square. */
static bool check_square(Checker *c, BoardPos p, int line, const char *what)
{
    const Board *b = c->m->board;
    if (!board_contains(b, p)) {
        errors_add_at(c->errs, c->file, line, "square (%d,%d): %s is outside the %dx%d board", p.x,
                      p.y, what, board_width(b), board_height(b));
        return false;
    }
    SquareType t = board_type(b, p);
    if (t == SQUARE_NONE) {
        errors_add_at(c->errs, c->file, line,
                      "square (%d,%d): %s is on a square that is not part of the board (black "
                      "or transparent)",
                      p.x, p.y, what);
        return false;
    }
    if (t != SQUARE_WALKABLE) {
        errors_add_at(c->errs, c->file, line,
                      "square (%d,%d): %s is on a blocked square (colour #%06x) nothing may enter",
                      p.x, p.y, what, (unsigned)board_rgb(b, p));
        return false;
    }
    return true;
}

/* Looks up a type and checks its kind; reports problems at line. */
static const char *type_hint(const Checker *c, const char *id, PieceKind kind, char *buf,
                             size_t size)
{
    Suggestion s;
    suggest_begin(&s, id);
    for (size_t i = 0; i < catalogue_count(c->m->catalogue); i++) {
        const PieceType *t = catalogue_at(c->m->catalogue, i);
        if (t->kind == kind)
            suggest_offer(&s, t->id);
    }
    return did_you_mean(suggest_result(&s), buf, size);
}

static const PieceType *check_type(Checker *c, const char *id, PieceKind kind, int line)
{
    const PieceType *t = catalogue_find(c->m->catalogue, id);
    if (!t) {
        char hint[CATALOGUE_ID_MAX + 32];
        errors_add_at(c->errs, c->file, line, "unknown %s type '%s' (not in the catalogue)%s",
                      catalogue_kind_name(kind), id, type_hint(c, id, kind, hint, sizeof hint));
        return NULL;
    }
    if (t->kind != kind) {
        errors_add_at(c->errs, c->file, line, "'%s' is a %s type, not a %s", id,
                      catalogue_kind_name(t->kind), catalogue_kind_name(kind));
        return NULL;
    }
    return t;
}

/* ---- names shared by monsters, furniture and treasure ---- */

typedef struct NamedThing {
    const char *id;
    int line;
} NamedThing;

static int compare_named(const void *a, const void *b)
{
    const NamedThing *x = a, *y = b;
    int d = strcmp(x->id, y->id);
    return d ? d : (x->line > y->line) - (x->line < y->line);
}

static void check_unique_ids(Checker *c)
{
    Mission *m = c->m;
    size_t n = m->monster_count + m->furniture_count + m->treasure_count, k = 0;
    NamedThing *all = xmalloc(n + 1, sizeof *all);
    for (size_t i = 0; i < m->monster_count; i++)
        if (m->monsters[i].id[0])
            all[k++] = (NamedThing){m->monsters[i].id, m->monsters[i].line};
    for (size_t i = 0; i < m->furniture_count; i++)
        if (m->furniture[i].id[0])
            all[k++] = (NamedThing){m->furniture[i].id, m->furniture[i].line};
    for (size_t i = 0; i < m->treasure_count; i++)
        if (m->treasure[i].id[0])
            all[k++] = (NamedThing){m->treasure[i].id, m->treasure[i].line};
    qsort(all, k, sizeof *all, compare_named);
    for (size_t i = 1; i < k; i++)
        if (strcmp(all[i].id, all[i - 1].id) == 0)
            errors_add_at(c->errs, c->file, all[i].line, "id '%s' is already used on line %d",
                          all[i].id, all[i - 1].line);
    free(all);
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
                          "square (%d,%d): %s%s%s is on the same square as %s%s%s (line %d)",
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
                      "the mission places no heroes: add <heroes> with at least one <hero>");
    if (m->hero_count > 4)
        errors_add_at(c->errs, c->file, m->heroes[4].line, "at most 4 heroes may take part");
    bool any_allowed = false;
    for (int k = 0; k < 4; k++) {
        if (!m->rules.heroes_allowed[k][0])
            continue;
        any_allowed = true;
        check_type(c, m->rules.heroes_allowed[k], PIECE_HERO,
                   m->rules.hero_lines[k] ? m->rules.hero_lines[k] : m->line);
    }
    for (size_t i = 0; i < m->hero_count; i++) {
        MissionHero *h = &m->heroes[i];
        check_type(c, h->type, PIECE_HERO, h->line);
        /* More than 4 heroes is an error already: compare the first few. */
        for (size_t j = 0; j < i && i < 8; j++)
            if (strcmp(m->heroes[j].type, h->type) == 0)
                errors_add_at(c->errs, c->file, h->line, "hero '%s' is already placed on line %d",
                              h->type, m->heroes[j].line);
        bool allowed = !any_allowed;
        for (int k = 0; k < 4; k++)
            allowed = allowed || strcmp(m->rules.heroes_allowed[k], h->type) == 0;
        if (!allowed)
            errors_add_at(c->errs, c->file, h->line,
                          "hero '%s' is not among the heroes <rules> allows", h->type);
        if (check_square(c, h->pos, h->line, "hero"))
            occupy(occ, h->pos, h->line, OCC_HERO, "hero", h->type);
    }
}

static void check_monsters(Checker *c, OccupantList *occ)
{
    Mission *m = c->m;
    for (size_t i = 0; i < m->monster_count; i++) {
        MissionMonster *mo = &m->monsters[i];
        check_type(c, mo->type, PIECE_MONSTER, mo->line);
        if (check_square(c, mo->pos, mo->line, "monster"))
            occupy(occ, mo->pos, mo->line, OCC_OTHER, "monster", mo->type);
    }
    /* the default wandering monster has no line of its own: the mission's */
    check_type(c, m->rules.wandering_monster, PIECE_MONSTER,
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
                          "square (%d,%d): there is already a door on this edge (line %d)",
                          v[i]->pos.x, v[i]->pos.y, -v[i - 1]->line);
    for (size_t i = 0; i < k; i++)
        v[i]->line = -v[i]->line;
    free(v);
}

/* A locked door names the item treasure that opens it; no other door
 * takes a key. */
static void check_door_key(Checker *c, MissionDoor *d)
{
    if (d->open && d->kind != DOOR_NORMAL)
        errors_add_at(c->errs, c->file, d->line,
                      "open=\"true\" on a %s door: only a normal door may start open",
                      mission_door_kind_name(d->kind));
    if (d->kind != DOOR_LOCKED) {
        if (d->key[0])
            errors_add_at(c->errs, c->file, d->line,
                          "key=\"%s\" on a %s door: only a locked door takes a key", d->key,
                          mission_door_kind_name(d->kind));
        return;
    }
    if (!d->key[0]) {
        errors_add_at(c->errs, c->file, d->line,
                      "a locked door needs key=\"…\": the id of the item treasure that opens it");
        return;
    }
    long k = index_find(&c->items, d->key);
    char hint[MISSION_ID_MAX + 32];
    if (k < 0)
        errors_add_at(c->errs, c->file, d->line,
                      "key=\"%s\": no treasure of kind item has that id%s", d->key,
                      id_hint(&c->items, d->key, hint, sizeof hint));
    d->key_treasure = (int)k;
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
                          "square (%d,%d): side=\"%s\" is no edge of a %s board (a door stands "
                          "on side %s)", d->pos.x, d->pos.y, grid_dir_name(d->side),
                          grid_topology_name(grid->topology), edge_names(grid, sides, sizeof sides));
            continue;
        }
        BoardPos other = grid_step(grid, d->pos, d->side);
        check_door_key(c, d);
        if (!check_square(c, d->pos, d->line, "door") ||
            !check_square(c, other, d->line, "the square beyond the door"))
            continue;
        if (board_room(b, d->pos) == board_room(b, other) || !board_wall(b, d->pos, d->side)) {
            errors_add_at(c->errs, c->file, d->line,
                          "square (%d,%d): a door must stand on a wall between two rooms, but "
                          "(%d,%d) is in the same room",
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
            if (!check_square(c, p, f->line, "furniture"))
                return; /* one message per piece is enough */
            if (board_room(b, p) != room) {
                errors_add_at(c->errs, c->file, f->line,
                              "square (%d,%d): furniture %s leaves its room: its %dx%d footprint from "
                              "(%d,%d) crosses into another room",
                              p.x, p.y, f->type, f->width, f->height, f->pos.x,
                              f->pos.y);
                return;
            }
            occupy(occ, p, f->line, t->flags & PIECE_EXIT ? OCC_EXIT : OCC_OTHER, "furniture",
                   f->type);
        }
    }
}

static void check_furniture(Checker *c, OccupantList *occ)
{
    Mission *m = c->m;
    for (size_t i = 0; i < m->furniture_count; i++) {
        MissionFurniture *f = &m->furniture[i];
        const PieceType *t = check_type(c, f->type, PIECE_FURNITURE, f->line);
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
        if (check_square(c, s[i].pos, s[i].line, what))
            occupy(occ, s[i].pos, s[i].line, kind, what, "");
}

static bool has_square(BoardPos p)
{
    return p.x >= 0 || p.y >= 0;
}

/* The square a falling block lands on (fall-x/fall-y) is the trap's
 * neighbour across a side with no wall: the block drops into the same
 * room or passage, never through a wall or a door. */
static void check_fall(Checker *c, const MissionTrap *t)
{
    if (t->kind != TRAP_FALLING_BLOCK) {
        errors_add_at(c->errs, c->file, t->line,
                      "only a falling-block trap takes fall-x and fall-y; this one is a %s trap",
                      mission_trap_kind_name(t->kind));
        return;
    }
    if (t->fall.x < 0 || t->fall.y < 0) {
        errors_add_at(c->errs, c->file, t->line, "the falling block needs both fall-x and fall-y");
        return;
    }
    if (!check_square(c, t->fall, t->line, "the falling block's landing square"))
        return;
    const Board *b = c->m->board;
    const Grid *grid = board_grid(b);
    int dir = grid_dir_between(grid, t->pos, t->fall);
    if (dir < 0 || !grid_is_edge(grid, (GridDir)dir))
        errors_add_at(c->errs, c->file, t->line,
                      "square (%d,%d): the falling block must land on a square that shares a side "
                      "with its trap (%d,%d)",
                      t->fall.x, t->fall.y, t->pos.x, t->pos.y);
    else if (board_wall(b, t->pos, (GridDir)dir))
        errors_add_at(c->errs, c->file, t->line,
                      "square (%d,%d): a wall stands between the falling-block trap (%d,%d) and "
                      "the square its block lands on",
                      t->fall.x, t->fall.y, t->pos.x, t->pos.y);
}

/* A chest trap on a square (the chest's, or any of its room) shares it
 * with the chest; one naming a treasure is placed by check_chest_traps. */
static void check_traps(Checker *c, OccupantList *occ)
{
    for (size_t i = 0; i < c->m->trap_count; i++) {
        const MissionTrap *t = &c->m->traps[i];
        const char *kind = mission_trap_kind_name(t->kind);
        if (t->kind != TRAP_CHEST && t->treasure[0]) {
            errors_add_at(c->errs, c->file, t->line,
                          "only a chest trap guards a treasure; a %s trap takes x and y", kind);
            continue;
        }
        if (t->kind == TRAP_CHEST && t->treasure[0]) {
            if (has_square(t->pos))
                errors_add_at(c->errs, c->file, t->line,
                              "the chest trap names treasure '%s' and a square: give only one",
                              t->treasure);
            continue;
        }
        if (t->pos.x < 0 || t->pos.y < 0) {
            errors_add_at(c->errs, c->file, t->line, "a %s trap needs x=\"..\" y=\"..\"%s", kind,
                          t->kind == TRAP_CHEST ? " or treasure=\"id\"" : "");
            continue;
        }
        if (!check_square(c, t->pos, t->line, "trap"))
            continue;
        if (t->has_fall)
            check_fall(c, t);
        if (t->kind == TRAP_CHEST && board_room(c->m->board, t->pos) <= 0)
            errors_add_at(c->errs, c->file, t->line, "square (%d,%d): a chest trap must be in a room",
                          t->pos.x, t->pos.y);
        else if (t->kind != TRAP_CHEST)
            occupy(occ, t->pos, t->line, OCC_OTHER, "trap", kind);
    }
}

static const MissionFurniture *find_furniture(const Checker *c, const char *id)
{
    long i = index_find(&c->furniture, id);
    return i < 0 ? NULL : &c->m->furniture[i];
}

/* item="…" names a catalogue item, a potion for a potion. */
static void check_treasure_item(Checker *c, const MissionTreasure *t)
{
    if (!t->item[0])
        return;
    int item = catalogue_find_item(c->m->catalogue, t->item);
    const ItemType *it = item >= 0 ? catalogue_item_at(c->m->catalogue, (size_t)item) : NULL;
    if (t->kind != TREASURE_POTION && t->kind != TREASURE_ITEM)
        errors_add_at(c->errs, c->file, t->line,
                      "only potion and item treasures give an item; this one is %s",
                      mission_treasure_kind_name(t->kind));
    else if (!it)
        errors_add_at(c->errs, c->file, t->line, "item '%s' is not in the catalogue's <items>",
                      t->item);
    else if (t->kind == TREASURE_POTION && it->kind != ITEM_POTION)
        errors_add_at(c->errs, c->file, t->line, "potion treasure gives item '%s', which is not a potion",
                      t->item);
}

static void check_treasure(Checker *c)
{
    Mission *m = c->m;
    char hint[MISSION_ID_MAX + 32];
    for (size_t i = 0; i < m->treasure_count; i++) {
        MissionTreasure *t = &m->treasure[i];
        bool has_square = t->pos.x >= 0 || t->pos.y >= 0;
        if (t->kind == TREASURE_ITEM && !t->id[0] && !t->item[0])
            errors_add_at(c->errs, c->file, t->line, "an item treasure needs an id");
        check_treasure_item(c, t);
        if (t->furniture[0]) {
            const MissionFurniture *f = find_furniture(c, t->furniture);
            const PieceType *ft = f ? catalogue_find(m->catalogue, f->type) : NULL;
            if (has_square)
                errors_add_at(c->errs, c->file, t->line,
                              "treasure names furniture '%s' and a square: give only one",
                              t->furniture);
            else if (!f)
                errors_add_at(c->errs, c->file, t->line, "no furniture has the id '%s'%s",
                              t->furniture, id_hint(&c->furniture, t->furniture, hint, sizeof hint));
            else if (ft && !(ft->flags & PIECE_SEARCHABLE))
                errors_add_at(c->errs, c->file, t->line, "furniture '%s' (%s) cannot be searched",
                              t->furniture, ft->name);
            else
                t->room = board_room(m->board, f->pos);
            continue;
        }
        if (t->pos.x < 0 || t->pos.y < 0) {
            errors_add_at(c->errs, c->file, t->line,
                          "treasure needs furniture=\"id\" or a square x=\"..\" y=\"..\"");
            continue;
        }
        if (check_square(c, t->pos, t->line, "treasure"))
            t->room = board_room(m->board, t->pos);
    }
}

/* Chest traps naming a treasure take its square: its furniture's first
 * square, or the square written on it. */
static void check_chest_traps(Checker *c)
{
    Mission *m = c->m;
    for (size_t i = 0; i < m->trap_count; i++) {
        MissionTrap *t = &m->traps[i];
        if (t->kind != TRAP_CHEST || !t->treasure[0] || has_square(t->pos))
            continue;
        const MissionTreasure *tr = NULL;
        for (size_t k = 0; k < m->treasure_count && !tr; k++)
            if (strcmp(m->treasure[k].id, t->treasure) == 0)
                tr = &m->treasure[k];
        const MissionFurniture *f = tr && tr->furniture[0] ? find_furniture(c, tr->furniture) : NULL;
        if (!tr)
            errors_add_at(c->errs, c->file, t->line, "no treasure has the id '%s'", t->treasure);
        else if (tr->room > 0)
            t->pos = f ? f->pos : tr->pos;
    }
}

static bool has_exit(const Mission *m)
{
    if (m->exit_count)
        return true;
    for (size_t i = 0; i < m->furniture_count; i++) {
        const PieceType *t = catalogue_find(m->catalogue, m->furniture[i].type);
        if (t && (t->flags & PIECE_EXIT))
            return true;
    }
    return false;
}

static void check_rewards(Checker *c, MissionObjective *o)
{
    for (int i = 0; i < o->reward_count; i++) {
        MissionReward *rw = &o->rewards[i];
        bool gold = rw->gold >= 0, item = rw->item[0] != '\0';
        if (gold == item)
            errors_add_at(c->errs, c->file, rw->line,
                          "reward: give gold=\"N\" or item=\"ID\", one of the two");
        else if (item && catalogue_find_item(c->m->catalogue, rw->item) < 0)
            errors_add_at(c->errs, c->file, rw->line,
                          "reward: unknown item '%s' (items are listed in assets/pieces.xml)",
                          rw->item);
        if (!gold)
            rw->gold = 0;
    }
}

static void check_objectives(Checker *c)
{
    Mission *m = c->m;
    char hint[MISSION_ID_MAX + 32];
    if (m->objective_count == 0 && !m->bare)
        errors_add_at(c->errs, c->file, m->line,
                      "the mission has no objectives: add <objectives> with at least one");
    for (size_t i = 0; i < m->objective_count; i++) {
        MissionObjective *o = &m->objectives[i];
        check_rewards(c, o);
        switch (o->kind) {
        case OBJECTIVE_KILL:
            if (index_find(&c->monsters, o->target) < 0)
                errors_add_at(c->errs, c->file, o->line, "objective: no monster has the id '%s'%s",
                              o->target, id_hint(&c->monsters, o->target, hint, sizeof hint));
            break;
        case OBJECTIVE_FIND_ITEM:
            if (index_find(&c->items, o->target) < 0)
                errors_add_at(c->errs, c->file, o->line,
                              "objective: no treasure of kind \"item\" has the id '%s'%s",
                              o->target, id_hint(&c->items, o->target, hint, sizeof hint));
            break;
        case OBJECTIVE_REACH_SQUARE:
        case OBJECTIVE_REACH_ROOM:
            check_square(c, o->pos, o->line, "the objective's square");
            break;
        case OBJECTIVE_ESCAPE:
            if (!has_exit(m))
                errors_add_at(c->errs, c->file, o->line,
                              "objective: escape needs a way out: add a stairway or <exits>");
            break;
        case OBJECTIVE_KIND_COUNT:
            break;
        }
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
                          "a note on a square needs both x and y (or neither)");
        else if (!board_contains(m->board, n->pos))
            errors_add_at(c->errs, c->file, n->line,
                          "square (%d,%d): the note is outside the %dx%d board", n->pos.x,
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
                          "colour #%06x is already in the palette on line %d",
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
    build_indexes(&c);
    check_palette(&c);
    check_heroes(&c, &occ);
    check_monsters(&c, &occ);
    check_doors(&c);
    check_furniture(&c, &occ);
    check_squares(&c, m->rubble, m->rubble_count, OCC_OTHER, "rubble", &occ);
    check_squares(&c, m->exits, m->exit_count, OCC_EXIT, "exit", &occ);
    check_traps(&c, &occ);
    check_overlaps(&c, &occ);
    free(occ.items);
    check_unique_ids(&c);
    check_treasure(&c);
    check_chest_traps(&c);
    mission_add_own_items(m);
    check_objectives(&c);
    check_notes(&c);
    index_free(&c.monsters);
    index_free(&c.furniture);
    index_free(&c.items);
    name_hexes(m, errs, first);
    return errors_total(errs) == c.before;
}
