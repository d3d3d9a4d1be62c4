/* The editor's piece commands: place, door, delete, move, copy and modify
 * (the property panel's changes). What the board makes impossible (a
 * figure on rock, a door where no wall stands) is refused here; what
 * depends on the whole mission (an unreachable room, a key behind its
 * own door) is the live check's. */
#include "../core/alloc.h"
#include "../core/i18n.h"
#include "editcmd_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- squares ---- */

static bool floor_square(EditSession *s, BoardPos p, const char *what, EditAnswer *a)
{
    const Grid *g = editdoc_grid(s->doc);
    if (!grid_contains(g, p))
        return edit_refuse(a, _("%s would stand at %d,%d, outside the %dx%d board"), what, p.x, p.y,
                           g->width, g->height);
    SquareType t = editrooms_type(editdoc_rooms(s->doc), p);
    if (t != SQUARE_WALKABLE)
        return edit_refuse(a, _("%d,%d is %s, not floor: %s needs a floor square"), p.x, p.y,
                           t == SQUARE_BLOCKED ? _("rock") : _("no square"), what);
    return true;
}

/* The figure (hero or monster) on p other than skip, or false. */
static bool figure_at(const Mission *m, BoardPos p, EditThing skip, EditThing *out)
{
    EditThing things[16];
    size_t n = editplace_at(m, p, things, 16);
    for (size_t i = 0; i < n && i < 16; i++)
        if ((things[i].kind == EDIT_HERO || things[i].kind == EDIT_MONSTER) &&
            !(things[i].kind == skip.kind && things[i].index == skip.index)) {
            *out = things[i];
            return true;
        }
    return false;
}

static bool figure_free(EditSession *s, BoardPos p, EditThing skip, EditAnswer *a)
{
    EditThing other;
    const Mission *m = editdoc_mission(s->doc);
    if (!figure_at(m, p, skip, &other))
        return true;
    char what[300];
    editplace_describe(m, other, what, sizeof what);
    return edit_refuse(a, _("%d,%d already holds %s"), p.x, p.y, what);
}

/* Furniture type with rotation at p fits on floor of one room, over no
 * other furniture than skip. */
static bool furniture_fits(EditSession *s, const char *type, int rotation, BoardPos p,
                           EditThing skip, EditAnswer *a)
{
    const Mission *m = editdoc_mission(s->doc);
    EditRooms *rooms = editdoc_rooms(s->doc);
    int w, h;
    editplace_footprint(m, type, rotation, &w, &h);
    for (int dy = 0; dy < h; dy++)
        for (int dx = 0; dx < w; dx++) {
            BoardPos q = {p.x + dx, p.y + dy};
            if (!floor_square(s, q, type, a))
                return false;
            if (!editrooms_same_room(rooms, p, q))
                return edit_refuse(a, _("%s's %dx%d footprint from %d,%d crosses into another room "
                                      "at %d,%d"),
                                   type, w, h, p.x, p.y, q.x, q.y);
            for (size_t i = 0; i < m->furniture_count; i++) {
                EditThing f = {EDIT_FURNITURE, i};
                if (!(skip.kind == EDIT_FURNITURE && skip.index == i) && editplace_covers(m, f, q))
                    return edit_refuse(a, _("%d,%d already holds %s"), q.x, q.y,
                                       m->furniture[i].type);
            }
        }
    return true;
}

/* id=NAME* asks for a fresh id made from NAME (NAME, NAME-2...). */
static const char *fresh_id(EditSession *s, const char *v, char *buf, size_t size)
{
    size_t n = strlen(v);
    if (n < 2 || v[n - 1] != '*')
        return v;
    char stem[MISSION_ID_MAX];
    snprintf(stem, sizeof stem, "%.*s", (int)(n - 1), v);
    editplace_unique_id(editdoc_mission(s->doc), stem, buf, size);
    return buf;
}

static bool id_free(EditSession *s, const char *id, const char *own, EditAnswer *a)
{
    if (!id[0] || (own && strcmp(id, own) == 0))
        return true;
    if (!edit_valid_id(id))
        return edit_refuse(a, _("id '%s': 1 to %d of a-z, 0-9, '_' and '-'"), id, MISSION_ID_MAX - 1);
    if (editplace_id_used(editdoc_mission(s->doc), id))
        return edit_refuse(a, _("id '%s' is already used"), id);
    return true;
}

/* ---- the kinds' properties ---- */

static int name_index(const char *v, const char *(*name)(int), int count)
{
    for (int k = 0; k < count; k++)
        if (strcmp(v, name(k)) == 0)
            return k;
    return -1;
}

static const char *trap_name(int k)
{
    return mission_trap_kind_name((TrapKind)k);
}

static const char *treasure_name(int k)
{
    return mission_treasure_kind_name((TreasureKind)k);
}

static const char *door_name(int k)
{
    return mission_door_kind_name((DoorKind)k);
}

static bool set_monster(EditSession *s, MissionMonster *mo, const char *own_id, int argc,
                        char **argv, int from, EditAnswer *a)
{
    static const char *const keys[] = {"id", "type", NULL};
    const char *v;
    if (!edit_only_options(argc, argv, from, keys, a))
        return false;
    if ((v = edit_option(argc, argv, from, "type"))) {
        const PieceType *t = edit_type(s, v);
        if (!t || t->kind != PIECE_MONSTER)
            return edit_refuse(a, _("'%s' is no monster type of the catalogue"), v);
        snprintf(mo->type, sizeof mo->type, "%s", v);
    }
    char fresh[MISSION_ID_MAX];
    if ((v = edit_option(argc, argv, from, "id"))) {
        v = fresh_id(s, v, fresh, sizeof fresh);
        if (!id_free(s, v, own_id, a))
            return false;
        snprintf(mo->id, sizeof mo->id, "%s", v);
    }
    return true;
}

static bool set_furniture(EditSession *s, MissionFurniture *f, const char *own_id, int argc,
                          char **argv, int from, EditAnswer *a)
{
    static const char *const keys[] = {"id", "type", "rotation", NULL};
    const char *v;
    if (!edit_only_options(argc, argv, from, keys, a))
        return false;
    if ((v = edit_option(argc, argv, from, "type"))) {
        const PieceType *t = edit_type(s, v);
        if (!t || t->kind != PIECE_FURNITURE)
            return edit_refuse(a, _("'%s' is no furniture type of the catalogue"), v);
        snprintf(f->type, sizeof f->type, "%s", v);
    }
    if ((v = edit_option(argc, argv, from, "rotation")) &&
        (!edit_parse_int(v, 0, 270, &f->rotation) || f->rotation % 90))
        return edit_refuse(a, _("rotation=%s: 0, 90, 180 or 270"), v);
    char fresh[MISSION_ID_MAX];
    if ((v = edit_option(argc, argv, from, "id"))) {
        v = fresh_id(s, v, fresh, sizeof fresh);
        if (!id_free(s, v, own_id, a))
            return false;
        snprintf(f->id, sizeof f->id, "%s", v);
    }
    editplace_footprint(editdoc_mission(s->doc), f->type, f->rotation, &f->width, &f->height);
    return true;
}

static bool set_trap(EditSession *s, MissionTrap *t, int argc, char **argv, int from,
                     EditAnswer *a)
{
    static const char *const keys[] = {"kind", "fall", "treasure", "damage", NULL};
    const char *v;
    if (!edit_only_options(argc, argv, from, keys, a))
        return false;
    if ((v = edit_option(argc, argv, from, "kind"))) {
        int k = name_index(v, trap_name, TRAP_KIND_COUNT);
        if (k < 0)
            return edit_refuse(a, _("kind=%s: pit, spear, falling_block or chest"), v);
        t->kind = (TrapKind)k;
    }
    if ((v = edit_option(argc, argv, from, "fall"))) {
        t->has_fall = strcmp(v, "none") != 0;
        if (t->has_fall && !edit_parse_pair(v, &t->fall))
            return edit_refuse(a, _("fall=%s: the landing square X,Y, or none"), v);
    }
    if ((v = edit_option(argc, argv, from, "treasure")))
        snprintf(t->treasure, sizeof t->treasure, "%s", v);
    if ((v = edit_option(argc, argv, from, "damage")) && !edit_parse_int(v, 0, 100, &t->damage))
        return edit_refuse(a, _("damage=%s: 0 to 100 body points"), v);
    if (t->kind != TRAP_FALLING_BLOCK)
        t->has_fall = false;
    if (t->kind != TRAP_CHEST)
        t->treasure[0] = '\0';
    (void)s;
    return true;
}

static bool set_treasure(EditSession *s, MissionTreasure *t, const char *own_id, int argc,
                         char **argv, int from, EditAnswer *a)
{
    static const char *const keys[] = {"id", "name", "kind", "amount", "item", "furniture", NULL};
    const char *v;
    if (!edit_only_options(argc, argv, from, keys, a))
        return false;
    if ((v = edit_option(argc, argv, from, "kind"))) {
        int k = name_index(v, treasure_name, TREASURE_KIND_COUNT);
        if (k < 0)
            return edit_refuse(a, _("kind=%s: gold, potion, item, hazard or wandering_monster"), v);
        t->kind = (TreasureKind)k;
    }
    if ((v = edit_option(argc, argv, from, "name"))) {
        if (strlen(v) >= sizeof t->name)
            return edit_refuse(a, _("a treasure's name is at most %zu characters"), sizeof t->name - 1);
        snprintf(t->name, sizeof t->name, "%s", v);
    }
    if ((v = edit_option(argc, argv, from, "amount")) && !edit_parse_int(v, 0, 100000, &t->amount))
        return edit_refuse(a, _("amount=%s: 0 to 100000"), v);
    if ((v = edit_option(argc, argv, from, "item"))) {
        snprintf(t->item, sizeof t->item, "%s", v);
        t->own_item = false;
    }
    if ((v = edit_option(argc, argv, from, "furniture"))) {
        const Mission *m = editdoc_mission(s->doc);
        bool found = !v[0];
        for (size_t i = 0; i < m->furniture_count && !found; i++)
            found = strcmp(m->furniture[i].id, v) == 0;
        if (!found)
            return edit_refuse(a, _("furniture=%s: no furniture has that id (give it one: "
                                  "modify X Y furniture id=...)"),
                               v);
        snprintf(t->furniture, sizeof t->furniture, "%s", v);
    }
    char fresh[MISSION_ID_MAX];
    if ((v = edit_option(argc, argv, from, "id"))) {
        v = fresh_id(s, v, fresh, sizeof fresh);
        if (!id_free(s, v, own_id, a))
            return false;
        snprintf(t->id, sizeof t->id, "%s", v);
    }
    return true;
}

static bool set_note(MissionNote *n, int argc, char **argv, int from, EditAnswer *a)
{
    static const char *const keys[] = {"text", "label", NULL};
    const char *v;
    if (!edit_only_options(argc, argv, from, keys, a))
        return false;
    if ((v = edit_option(argc, argv, from, "label"))) {
        if (strlen(v) >= sizeof n->label)
            return edit_refuse(a, _("a note's label is at most %zu characters"), sizeof n->label - 1);
        snprintf(n->label, sizeof n->label, "%s", v);
    }
    if ((v = edit_option(argc, argv, from, "text"))) {
        free(n->text);
        n->text = xstrdup(v);
    }
    return true;
}

static bool set_door(EditSession *s, MissionDoor *d, int argc, char **argv, int from,
                     EditAnswer *a)
{
    static const char *const keys[] = {"kind", "key", "open", NULL};
    const char *v;
    if (!edit_only_options(argc, argv, from, keys, a))
        return false;
    if ((v = edit_option(argc, argv, from, "kind"))) {
        int k = name_index(v, door_name, DOOR_KIND_COUNT);
        if (k < 0)
            return edit_refuse(a, _("kind=%s: normal, locked or secret"), v);
        d->kind = (DoorKind)k;
    }
    if ((v = edit_option(argc, argv, from, "key")))
        snprintf(d->key, sizeof d->key, "%s", v);
    if ((v = edit_option(argc, argv, from, "open")) && strcmp(v, "true") && strcmp(v, "false"))
        return edit_refuse(a, _("open=%s: true or false"), v);
    if (v)
        d->open = v[0] == 't';
    if (d->kind != DOOR_LOCKED)
        d->key[0] = '\0';
    if (d->kind != DOOR_NORMAL)
        d->open = false;
    if (d->kind == DOOR_LOCKED && !d->key[0])
        return edit_refuse(a, _("a locked door needs key=ID: the id of the item treasure that opens it"));
    (void)s;
    return true;
}

/* ---- place ---- */

/* What the finder is told when the author gave no name: English in the
 * mission, marked so that a player reads the fixed ones in the game's
 * language (a treasure's name goes through gettext where it is said). */
static void default_treasure_name(MissionTreasure *t)
{
    switch (t->kind) {
    case TREASURE_GOLD: snprintf(t->name, sizeof t->name, "%d gold coins", t->amount); break;
    case TREASURE_POTION: snprintf(t->name, sizeof t->name, "%s", N_("A potion")); break;
    case TREASURE_HAZARD: snprintf(t->name, sizeof t->name, "%s", N_("A hidden hazard")); break;
    case TREASURE_WANDERING_MONSTER: snprintf(t->name, sizeof t->name, "%s", N_("A wandering monster")); break;
    default: snprintf(t->name, sizeof t->name, "%s", t->id[0] ? t->id : N_("A find")); break;
    }
}

static bool place_figure(EditSession *s, const PieceType *t, BoardPos p, int argc, char **argv,
                         EditAnswer *a)
{
    const Mission *m = editdoc_mission(s->doc);
    EditThing none = {EDIT_KIND_COUNT, 0};
    if (!floor_square(s, p, t->id, a) || !figure_free(s, p, none, a))
        return false;
    size_t index;
    if (t->kind == PIECE_HERO) {
        if (argc > 4)
            return edit_refuse(a, _("a hero takes no options"));
        for (size_t i = 0; i < m->hero_count; i++)
            if (strcmp(m->heroes[i].type, t->id) == 0)
                return edit_refuse(a, _("the %s already starts at %d,%d: move it"), t->id,
                                   m->heroes[i].pos.x, m->heroes[i].pos.y);
        if (m->hero_count >= 4)
            return edit_refuse(a, _("at most 4 heroes take part"));
        MissionHero *h = editplace_add(editdoc_mission_edit(s->doc), EDIT_HERO, p, &index);
        snprintf(h->type, sizeof h->type, "%s", t->id);
        edit_say(a, "hero %zu", index);
        return true;
    }
    MissionMonster mo = {.pos = p};
    snprintf(mo.type, sizeof mo.type, "%s", t->id);
    if (!set_monster(s, &mo, NULL, argc, argv, 4, a))
        return false;
    *(MissionMonster *)editplace_add(editdoc_mission_edit(s->doc), EDIT_MONSTER, p, &index) = mo;
    edit_say(a, "monster %zu", index);
    return true;
}

static bool place_furniture(EditSession *s, const PieceType *t, BoardPos p, int argc, char **argv,
                            EditAnswer *a)
{
    MissionFurniture f = {.pos = p};
    snprintf(f.type, sizeof f.type, "%s", t->id);
    EditThing none = {EDIT_KIND_COUNT, 0};
    if (!set_furniture(s, &f, NULL, argc, argv, 4, a) ||
        !furniture_fits(s, f.type, f.rotation, p, none, a))
        return false;
    size_t index;
    *(MissionFurniture *)editplace_add(editdoc_mission_edit(s->doc), EDIT_FURNITURE, p, &index) = f;
    edit_say(a, "furniture %zu", index);
    return true;
}

/* place trap|treasure|rubble|exit|note X Y [options] */
static bool place_other(EditSession *s, EditKind kind, BoardPos p, int argc, char **argv,
                        EditAnswer *a)
{
    size_t index;
    const char *what = editplace_kind_name(kind);
    if (kind != EDIT_NOTE && !edit_option(argc, argv, 4, "furniture") &&
        !floor_square(s, p, what, a))
        return false;
    if ((kind == EDIT_RUBBLE || kind == EDIT_EXIT) && argc > 4)
        return edit_refuse(a, _("%s takes no options"), what);
    if (kind == EDIT_TRAP) {
        MissionTrap t = {.pos = p, .damage = 1};
        if (!set_trap(s, &t, argc, argv, 4, a))
            return false;
        *(MissionTrap *)editplace_add(editdoc_mission_edit(s->doc), kind, p, &index) = t;
    } else if (kind == EDIT_TREASURE) {
        MissionTreasure t = {.pos = p};
        if (!set_treasure(s, &t, NULL, argc, argv, 4, a))
            return false;
        if (!t.name[0])
            default_treasure_name(&t);
        *(MissionTreasure *)editplace_add(editdoc_mission_edit(s->doc), kind, p, &index) = t;
    } else if (kind == EDIT_NOTE) {
        MissionNote n = {.pos = p, .text = xstrdup("")};
        if (!set_note(&n, argc, argv, 4, a)) {
            free(n.text);
            return false;
        }
        MissionNote *added = editplace_add(editdoc_mission_edit(s->doc), kind, p, &index);
        free(added->text);
        *added = n;
    } else {
        editplace_add(editdoc_mission_edit(s->doc), kind, p, &index);
    }
    edit_say(a, "%s %zu", what, index);
    return true;
}

bool editcmd_place(EditSession *s, int argc, char **argv, EditAnswer *a)
{
    BoardPos p;
    if (argc < 4)
        return edit_refuse(a, _("usage: place TYPE X Y [key=value...]"));
    if (!edit_arg_square(s, argv, 2, &p, a))
        return false;
    int kind = editplace_kind_from_name(argv[1]);
    if (kind == EDIT_TRAP || kind == EDIT_TREASURE || kind == EDIT_RUBBLE || kind == EDIT_EXIT ||
        kind == EDIT_NOTE)
        return place_other(s, (EditKind)kind, p, argc, argv, a);
    const PieceType *t = edit_type(s, argv[1]);
    if (!t)
        return edit_refuse(a, _("'%s' is no piece type (a hero, monster or furniture of the "
                              "catalogue) nor trap, treasure, rubble, exit or note"),
                           argv[1]);
    if (t->kind == PIECE_FURNITURE)
        return place_furniture(s, t, p, argc, argv, a);
    return place_figure(s, t, p, argc, argv, a);
}

/* ---- doors ---- */

static int side_from_name(const char *name)
{
    static const char *const long_names[] = {"north", "east", "south", "west", "northeast",
                                             "southeast", "southwest", "northwest"};
    for (int k = 0; k < GRID_DIR_COUNT; k++)
        if (strcmp(name, long_names[k]) == 0)
            return k;
    return grid_dir_from_name(name);
}

/* argv[i] as a side of square p with a square beyond it. */
static bool side_arg(EditSession *s, const char *name, BoardPos p, GridDir *side, EditAnswer *a)
{
    const Grid *g = editdoc_grid(s->doc);
    int d = side_from_name(name);
    if (d < 0 || !grid_is_edge(g, (GridDir)d))
        return edit_refuse(a, _("'%s' is no side of a %s square (%s)"), name,
                           grid_topology_name(g->topology),
                           g->topology == GRID_HEX ? "ne, e, se, sw, w, nw" : "north, east, south, west");
    BoardPos q = grid_step(g, p, (GridDir)d);
    if (!grid_contains(g, q))
        return edit_refuse(a, _("the %s side of %d,%d is the board's edge"), name, p.x, p.y);
    *side = (GridDir)d;
    return true;
}

static bool door_edge(EditSession *s, BoardPos p, GridDir side, EditAnswer *a)
{
    BoardPos q = grid_step(editdoc_grid(s->doc), p, side);
    EditRooms *r = editdoc_rooms(s->doc);
    if (editrooms_type(r, p) != SQUARE_WALKABLE || editrooms_type(r, q) != SQUARE_WALKABLE)
        return edit_refuse(a, _("a door joins two floor squares: %d,%d and %d,%d"), p.x, p.y, q.x,
                           q.y);
    if (!editrooms_wall(r, p, side))
        return edit_refuse(a, _("no wall stands between %d,%d and %d,%d: they are one room"), p.x,
                           p.y, q.x, q.y);
    return true;
}

bool editcmd_door(EditSession *s, int argc, char **argv, EditAnswer *a)
{
    BoardPos p;
    GridDir side;
    if (argc < 4)
        return edit_refuse(a, _("usage: door X Y SIDE [normal|locked key=ID|secret] [open]"));
    if (!edit_arg_square(s, argv, 1, &p, a) || !side_arg(s, argv[3], p, &side, a) ||
        !door_edge(s, p, side, a))
        return false;
    MissionDoor d = {.pos = p, .side = side, .key_treasure = -1};
    for (int i = 4; i < argc; i++) {
        int k = name_index(argv[i], door_name, DOOR_KIND_COUNT);
        if (k >= 0)
            d.kind = (DoorKind)k;
        else if (strcmp(argv[i], "open") == 0)
            d.open = true;
        else if (strncmp(argv[i], "key=", 4) == 0)
            snprintf(d.key, sizeof d.key, "%s", argv[i] + 4);
        else
            return edit_refuse(a, _("'%s': expected normal, locked, secret, open or key=ID"), argv[i]);
    }
    char *none[] = {NULL};
    if (!set_door(s, &d, 0, none, 0, a))
        return false;
    const Mission *m = editdoc_mission(s->doc);
    long at = editplace_door(m, editdoc_grid(s->doc), p, side);
    Mission *w = editdoc_mission_edit(s->doc);
    size_t index = (size_t)at;
    if (at >= 0)
        w->doors[index] = d;
    else
        *(MissionDoor *)editplace_add(w, EDIT_DOOR, p, &index) = d;
    edit_say(a, "door %zu", index);
    return true;
}

/* ---- choosing what a command works on ---- */

/* The thing on square p named by argv[i] ("monster", "door SIDE", or
 * nothing: the first on the square). *next is the argument after it. */
static bool pick(EditSession *s, int argc, char **argv, int i, BoardPos p, EditThing *out,
                 int *next, EditAnswer *a)
{
    const Mission *m = editdoc_mission(s->doc);
    int kind = i < argc && !strchr(argv[i], '=') ? editplace_kind_from_name(argv[i]) : -1;
    if (i < argc && !strchr(argv[i], '=') && kind < 0)
        return edit_refuse(a, _("'%s' is no kind of piece (hero, monster, furniture, trap, "
                              "treasure, rubble, exit, note, door)"),
                           argv[i]);
    *next = kind >= 0 ? i + 1 : i;
    if (kind == EDIT_DOOR) {
        GridDir side;
        if (*next >= argc)
            return edit_refuse(a, _("which side's door? door SIDE"));
        if (!side_arg(s, argv[*next], p, &side, a))
            return false;
        long d = editplace_door(m, editdoc_grid(s->doc), p, side);
        if (d < 0)
            return edit_refuse(a, _("no door on the %s side of %d,%d"), argv[*next], p.x, p.y);
        (*next)++;
        *out = (EditThing){EDIT_DOOR, (size_t)d};
        return true;
    }
    EditThing things[32];
    size_t n = editplace_at(m, p, things, 32);
    for (size_t k = 0; k < n && k < 32; k++)
        if (kind < 0 || things[k].kind == (EditKind)kind) {
            *out = things[k];
            return true;
        }
    return edit_refuse(a, _("no %s on %d,%d"), kind < 0 ? _("piece") : argv[i], p.x, p.y);
}

bool editcmd_delete(EditSession *s, int argc, char **argv, EditAnswer *a)
{
    BoardPos p;
    EditThing t;
    int next;
    if (argc < 3)
        return edit_refuse(a, _("usage: delete X Y [KIND [SIDE]]"));
    if (!edit_arg_square(s, argv, 1, &p, a) || !pick(s, argc, argv, 3, p, &t, &next, a))
        return false;
    if (next != argc)
        return edit_refuse(a, _("'%s': nothing more expected"), argv[next]);
    char what[300];
    editplace_describe(editdoc_mission(s->doc), t, what, sizeof what);
    editplace_remove(editdoc_mission_edit(s->doc), t);
    edit_say(a, "deleted %s", what);
    return true;
}

/* Whether t may stand (dx, dy) from where it is. */
static bool fits_moved(EditSession *s, EditThing t, EditThing skip, int dx, int dy, EditAnswer *a)
{
    const Mission *m = editdoc_mission(s->doc);
    BoardPos at;
    if (!editplace_pos(m, t, &at))
        return edit_refuse(a, _("this piece has no square of its own"));
    BoardPos to = {at.x + dx, at.y + dy};
    const char *what = editplace_kind_name(t.kind);
    switch (t.kind) {
    case EDIT_HERO:
    case EDIT_MONSTER: return floor_square(s, to, what, a) && figure_free(s, to, skip, a);
    case EDIT_FURNITURE: {
        const MissionFurniture *f = &m->furniture[t.index];
        return furniture_fits(s, f->type, f->rotation, to, skip, a);
    }
    case EDIT_NOTE:
        if (!grid_contains(editdoc_grid(s->doc), to))
            return edit_refuse(a, _("%d,%d is outside the board"), to.x, to.y);
        return true;
    case EDIT_DOOR: {
        GridDir side = m->doors[t.index].side;
        if (!grid_contains(editdoc_grid(s->doc), to))
            return edit_refuse(a, _("%d,%d is outside the board"), to.x, to.y);
        if (!grid_contains(editdoc_grid(s->doc), grid_step(editdoc_grid(s->doc), to, side)))
            return edit_refuse(a, _("the door would stand on the board's edge"));
        return door_edge(s, to, side, a);
    }
    default: return floor_square(s, to, what, a);
    }
}

/* move/copy X Y TO_X TO_Y [KIND [SIDE]] */
static bool move_or_copy(EditSession *s, int argc, char **argv, bool copy, EditAnswer *a)
{
    BoardPos p, q;
    EditThing t;
    int next;
    if (argc < 5)
        return edit_refuse(a, _("usage: %s X Y TO_X TO_Y [KIND [SIDE]]"), argv[0]);
    if (!edit_arg_square(s, argv, 1, &p, a) || !edit_arg_square(s, argv, 3, &q, a) ||
        !pick(s, argc, argv, 5, p, &t, &next, a))
        return false;
    if (next != argc)
        return edit_refuse(a, _("'%s': nothing more expected"), argv[next]);
    if (copy && t.kind == EDIT_HERO)
        return edit_refuse(a, _("each hero starts once: place another hero instead"));
    /* a piece grabbed by any of its squares moves by the same offset */
    int dx = q.x - p.x, dy = q.y - p.y;
    EditThing skip = copy ? (EditThing){EDIT_KIND_COUNT, 0} : t;
    if (!fits_moved(s, t, skip, dx, dy, a))
        return false;
    Mission *m = editdoc_mission_edit(s->doc);
    if (copy)
        t = editplace_copy(m, t, dx, dy);
    else
        editplace_shift(m, t, dx, dy);
    char what[300];
    editplace_describe(m, t, what, sizeof what);
    edit_say(a, "%s", what);
    return true;
}

bool editcmd_move(EditSession *s, int argc, char **argv, EditAnswer *a)
{
    return move_or_copy(s, argc, argv, false, a);
}

bool editcmd_copy(EditSession *s, int argc, char **argv, EditAnswer *a)
{
    return move_or_copy(s, argc, argv, true, a);
}

/* ---- modify ---- */

static bool modify_hero(EditSession *s, EditThing t, int argc, char **argv, int from,
                        EditAnswer *a)
{
    static const char *const keys[] = {"type", NULL};
    const char *v = edit_option(argc, argv, from, "type");
    const Mission *m = editdoc_mission(s->doc);
    if (!edit_only_options(argc, argv, from, keys, a))
        return false;
    if (!v)
        return true;
    const PieceType *type = edit_type(s, v);
    if (!type || type->kind != PIECE_HERO)
        return edit_refuse(a, _("'%s' is no hero type of the catalogue"), v);
    for (size_t i = 0; i < m->hero_count; i++)
        if (i != t.index && strcmp(m->heroes[i].type, v) == 0)
            return edit_refuse(a, _("the %s already starts at %d,%d"), v, m->heroes[i].pos.x,
                               m->heroes[i].pos.y);
    snprintf(editdoc_mission_edit(s->doc)->heroes[t.index].type, MISSION_ID_MAX, "%s", v);
    return true;
}

/* t was given the id new_id (already checked): references to old_id
 * follow it. */
static void rename_to(EditSession *s, EditThing t, const char *old_id, const char *new_id)
{
    if (!old_id[0] || strcmp(old_id, new_id) == 0)
        return; /* nothing named it by an id before */
    char fresh[MISSION_ID_MAX];
    snprintf(fresh, sizeof fresh, "%s", new_id);
    Mission *m = editdoc_mission_edit(s->doc);
    editplace_rename(m, t, old_id); /* back to the old id, so the rename finds its references */
    editplace_rename(m, t, fresh);
}

static bool modify_thing(EditSession *s, EditThing t, int argc, char **argv, int from,
                         EditAnswer *a)
{
    const Mission *m = editdoc_mission(s->doc);
    size_t i = t.index;
    char old_id[MISSION_ID_MAX];
    snprintf(old_id, sizeof old_id, "%s", editplace_id(m, t));
    switch (t.kind) {
    case EDIT_HERO: return modify_hero(s, t, argc, argv, from, a);
    case EDIT_MONSTER: {
        MissionMonster mo = m->monsters[i];
        if (!set_monster(s, &mo, old_id, argc, argv, from, a))
            return false;
        editdoc_mission_edit(s->doc)->monsters[i] = mo;
        rename_to(s, t, old_id, mo.id);
        return true;
    }
    case EDIT_FURNITURE: {
        MissionFurniture f = m->furniture[i];
        if (!set_furniture(s, &f, old_id, argc, argv, from, a) ||
            !furniture_fits(s, f.type, f.rotation, f.pos, t, a))
            return false;
        editdoc_mission_edit(s->doc)->furniture[i] = f;
        rename_to(s, t, old_id, f.id);
        return true;
    }
    case EDIT_TRAP: {
        MissionTrap tr = m->traps[i];
        if (!set_trap(s, &tr, argc, argv, from, a))
            return false;
        editdoc_mission_edit(s->doc)->traps[i] = tr;
        return true;
    }
    case EDIT_TREASURE: {
        MissionTreasure tr = m->treasure[i];
        if (!set_treasure(s, &tr, old_id, argc, argv, from, a))
            return false;
        editdoc_mission_edit(s->doc)->treasure[i] = tr;
        rename_to(s, t, old_id, tr.id);
        return true;
    }
    case EDIT_NOTE: {
        MissionNote n = m->notes[i];
        n.text = xstrdup(n.text ? n.text : "");
        if (!set_note(&n, argc, argv, from, a)) {
            free(n.text);
            return false;
        }
        Mission *w = editdoc_mission_edit(s->doc);
        free(w->notes[i].text);
        w->notes[i] = n;
        return true;
    }
    case EDIT_DOOR: {
        MissionDoor d = m->doors[i];
        if (!set_door(s, &d, argc, argv, from, a))
            return false;
        editdoc_mission_edit(s->doc)->doors[i] = d;
        return true;
    }
    default:
        return argc == from || edit_refuse(a, _("%s has nothing to change"),
                                           editplace_kind_name(t.kind));
    }
}

bool editcmd_modify(EditSession *s, int argc, char **argv, EditAnswer *a)
{
    BoardPos p;
    EditThing t;
    int next;
    if (argc < 4)
        return edit_refuse(a, _("usage: modify X Y [KIND [SIDE]] key=value..."));
    if (!edit_arg_square(s, argv, 1, &p, a) || !pick(s, argc, argv, 3, p, &t, &next, a))
        return false;
    if (!modify_thing(s, t, argc, argv, next, a))
        return false;
    char what[300];
    editplace_describe(editdoc_mission(s->doc), t, what, sizeof what);
    edit_say(a, "%s", what);
    return true;
}
