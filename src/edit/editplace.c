#include "editplace.h"

#include "../core/alloc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const KIND_NAMES[EDIT_KIND_COUNT] = {
    "hero", "monster", "furniture", "trap", "treasure", "rubble", "exit", "note", "door",
};

const char *editplace_kind_name(EditKind kind)
{
    return (unsigned)kind < EDIT_KIND_COUNT ? KIND_NAMES[kind] : "?";
}

int editplace_kind_from_name(const char *name)
{
    for (int k = 0; k < EDIT_KIND_COUNT; k++)
        if (strcmp(name, KIND_NAMES[k]) == 0)
            return k;
    return -1;
}

/* A kind's list inside the mission: where its array and count live. */
typedef struct List {
    void **items;
    size_t *count;
    size_t size;
} List;

static List list_of(Mission *m, EditKind k)
{
    switch (k) {
    case EDIT_HERO: return (List){(void **)&m->heroes, &m->hero_count, sizeof *m->heroes};
    case EDIT_MONSTER: return (List){(void **)&m->monsters, &m->monster_count, sizeof *m->monsters};
    case EDIT_FURNITURE:
        return (List){(void **)&m->furniture, &m->furniture_count, sizeof *m->furniture};
    case EDIT_TRAP: return (List){(void **)&m->traps, &m->trap_count, sizeof *m->traps};
    case EDIT_TREASURE: return (List){(void **)&m->treasure, &m->treasure_count, sizeof *m->treasure};
    case EDIT_RUBBLE: return (List){(void **)&m->rubble, &m->rubble_count, sizeof *m->rubble};
    case EDIT_EXIT: return (List){(void **)&m->exits, &m->exit_count, sizeof *m->exits};
    case EDIT_NOTE: return (List){(void **)&m->notes, &m->note_count, sizeof *m->notes};
    case EDIT_DOOR: return (List){(void **)&m->doors, &m->door_count, sizeof *m->doors};
    default: return (List){NULL, NULL, 0};
    }
}

size_t editplace_count(const Mission *m, EditKind kind)
{
    switch (kind) {
    case EDIT_HERO: return m->hero_count;
    case EDIT_MONSTER: return m->monster_count;
    case EDIT_FURNITURE: return m->furniture_count;
    case EDIT_TRAP: return m->trap_count;
    case EDIT_TREASURE: return m->treasure_count;
    case EDIT_RUBBLE: return m->rubble_count;
    case EDIT_EXIT: return m->exit_count;
    case EDIT_NOTE: return m->note_count;
    case EDIT_DOOR: return m->door_count;
    default: return 0;
    }
}

static const MissionFurniture *furniture_by_id(const Mission *m, const char *id)
{
    for (size_t i = 0; id[0] && i < m->furniture_count; i++)
        if (strcmp(m->furniture[i].id, id) == 0)
            return &m->furniture[i];
    return NULL;
}

static const MissionTreasure *treasure_by_id(const Mission *m, const char *id)
{
    for (size_t i = 0; id[0] && i < m->treasure_count; i++)
        if (strcmp(m->treasure[i].id, id) == 0)
            return &m->treasure[i];
    return NULL;
}

static bool treasure_pos(const Mission *m, const MissionTreasure *t, BoardPos *pos)
{
    if (!t->furniture[0]) {
        *pos = t->pos;
        return true;
    }
    const MissionFurniture *f = furniture_by_id(m, t->furniture);
    if (f)
        *pos = f->pos;
    return f != NULL;
}

bool editplace_pos(const Mission *m, EditThing t, BoardPos *pos)
{
    if (t.index >= editplace_count(m, t.kind))
        return false;
    size_t i = t.index;
    switch (t.kind) {
    case EDIT_HERO: *pos = m->heroes[i].pos; return true;
    case EDIT_MONSTER: *pos = m->monsters[i].pos; return true;
    case EDIT_FURNITURE: *pos = m->furniture[i].pos; return true;
    case EDIT_TRAP: {
        const MissionTreasure *tr = m->traps[i].treasure[0] ? treasure_by_id(m, m->traps[i].treasure)
                                                            : NULL;
        if (m->traps[i].treasure[0])
            return tr && treasure_pos(m, tr, pos);
        *pos = m->traps[i].pos;
        return true;
    }
    case EDIT_TREASURE: return treasure_pos(m, &m->treasure[i], pos);
    case EDIT_RUBBLE: *pos = m->rubble[i].pos; return true;
    case EDIT_EXIT: *pos = m->exits[i].pos; return true;
    case EDIT_NOTE:
        *pos = m->notes[i].pos;
        return pos->x >= 0 && pos->y >= 0;
    case EDIT_DOOR: *pos = m->doors[i].pos; return true;
    default: return false;
    }
}

void editplace_footprint(const Mission *m, const char *type, int rotation, int *w, int *h)
{
    const PieceType *t = m->catalogue ? catalogue_find(m->catalogue, type) : NULL;
    int tw = t && t->kind == PIECE_FURNITURE ? t->width : 1;
    int th = t && t->kind == PIECE_FURNITURE ? t->height : 1;
    bool turned = rotation == 90 || rotation == 270;
    *w = turned ? th : tw;
    *h = turned ? tw : th;
}

bool editplace_covers(const Mission *m, EditThing t, BoardPos pos)
{
    BoardPos at;
    if (t.kind == EDIT_DOOR || !editplace_pos(m, t, &at))
        return false;
    if (t.kind != EDIT_FURNITURE)
        return grid_pos_equal(at, pos);
    int w, h;
    const MissionFurniture *f = &m->furniture[t.index];
    editplace_footprint(m, f->type, f->rotation, &w, &h);
    return pos.x >= at.x && pos.x < at.x + w && pos.y >= at.y && pos.y < at.y + h;
}

/* A treasure inside furniture, or a chest trap on a treasure: they have
 * no square of their own and are picked after what holds them. */
static bool contained(const Mission *m, EditThing t)
{
    return (t.kind == EDIT_TREASURE && m->treasure[t.index].furniture[0]) ||
           (t.kind == EDIT_TRAP && m->traps[t.index].treasure[0]);
}

size_t editplace_at(const Mission *m, BoardPos pos, EditThing *out, size_t max)
{
    static const EditKind order[] = {EDIT_HERO,   EDIT_MONSTER, EDIT_TRAP, EDIT_TREASURE,
                                     EDIT_RUBBLE, EDIT_EXIT,    EDIT_NOTE, EDIT_FURNITURE,
                                     EDIT_TREASURE, EDIT_TRAP};
    size_t n = 0;
    for (size_t k = 0; k < sizeof order / sizeof order[0]; k++)
        for (size_t i = 0; i < editplace_count(m, order[k]); i++) {
            EditThing t = {order[k], i};
            /* loose ones in the first round, contained ones after furniture */
            if (contained(m, t) != (k >= 8) || !editplace_covers(m, t, pos))
                continue;
            if (n < max)
                out[n] = t;
            n++;
        }
    return n;
}

long editplace_door(const Mission *m, const Grid *grid, BoardPos pos, GridDir dir)
{
    if (!grid_is_edge(grid, dir))
        return -1;
    BoardPos owner, d_owner;
    GridDir side, d_side;
    grid_edge_canonical(grid, pos, dir, &owner, &side);
    for (size_t i = 0; i < m->door_count; i++) {
        const MissionDoor *d = &m->doors[i];
        if (!grid_is_edge(grid, d->side))
            continue;
        grid_edge_canonical(grid, d->pos, d->side, &d_owner, &d_side);
        if (grid_pos_equal(owner, d_owner) && side == d_side)
            return (long)i;
    }
    return -1;
}

const char *editplace_id(const Mission *m, EditThing t)
{
    if (t.index >= editplace_count(m, t.kind))
        return "";
    switch (t.kind) {
    case EDIT_MONSTER: return m->monsters[t.index].id;
    case EDIT_FURNITURE: return m->furniture[t.index].id;
    case EDIT_TREASURE: return m->treasure[t.index].id;
    default: return "";
    }
}

/* The id field of a thing, or NULL for kinds without ids. */
static char *id_field(Mission *m, EditThing t)
{
    if (t.index >= editplace_count(m, t.kind))
        return NULL;
    switch (t.kind) {
    case EDIT_MONSTER: return m->monsters[t.index].id;
    case EDIT_FURNITURE: return m->furniture[t.index].id;
    case EDIT_TREASURE: return m->treasure[t.index].id;
    default: return NULL;
    }
}

bool editplace_id_used(const Mission *m, const char *id)
{
    static const EditKind named[] = {EDIT_MONSTER, EDIT_FURNITURE, EDIT_TREASURE};
    for (size_t k = 0; id[0] && k < 3; k++)
        for (size_t i = 0; i < editplace_count(m, named[k]); i++)
            if (strcmp(editplace_id(m, (EditThing){named[k], i}), id) == 0)
                return true;
    return false;
}

void editplace_unique_id(const Mission *m, const char *base, char *out, size_t size)
{
    char stem[MISSION_ID_MAX];
    snprintf(stem, sizeof stem, "%s", base[0] ? base : "piece");
    /* a copy of "boss-2" is "boss-3", not "boss-2-2" */
    char *dash = strrchr(stem, '-');
    if (dash && dash[1] && strspn(dash + 1, "0123456789") == strlen(dash + 1))
        *dash = '\0';
    snprintf(out, size, "%s", base);
    for (int n = 2; !out[0] || editplace_id_used(m, out); n++) {
        char suffix[16];
        int k = snprintf(suffix, sizeof suffix, "-%d", n);
        int room = (int)(MISSION_ID_MAX - 1) - k;
        snprintf(out, size, "%.*s%s", room, stem, suffix);
    }
}

static void replace_id(char *field, size_t size, const char *old, const char *id)
{
    if (old[0] && strcmp(field, old) == 0)
        snprintf(field, size, "%s", id);
}

void editplace_rename(Mission *m, EditThing t, const char *id)
{
    char *field = id_field(m, t);
    if (!field)
        return;
    char old[MISSION_ID_MAX];
    snprintf(old, sizeof old, "%s", field);
    snprintf(field, MISSION_ID_MAX, "%s", id);
    for (size_t i = 0; i < m->objective_count; i++) {
        MissionObjective *o = &m->objectives[i];
        if ((t.kind == EDIT_MONSTER && o->kind == OBJECTIVE_KILL) ||
            (t.kind == EDIT_TREASURE && o->kind == OBJECTIVE_FIND_ITEM))
            replace_id(o->target, sizeof o->target, old, id);
    }
    if (t.kind == EDIT_FURNITURE)
        for (size_t i = 0; i < m->treasure_count; i++)
            replace_id(m->treasure[i].furniture, MISSION_ID_MAX, old, id);
    if (t.kind == EDIT_TREASURE) {
        for (size_t i = 0; i < m->door_count; i++)
            replace_id(m->doors[i].key, MISSION_ID_MAX, old, id);
        for (size_t i = 0; i < m->trap_count; i++)
            replace_id(m->traps[i].treasure, MISSION_ID_MAX, old, id);
    }
}

void editplace_remove(Mission *m, EditThing t)
{
    List l = list_of(m, t.kind);
    if (!l.count || t.index >= *l.count)
        return;
    if (t.kind == EDIT_NOTE)
        free(m->notes[t.index].text);
    char *base = *l.items;
    memmove(base + t.index * l.size, base + (t.index + 1) * l.size,
            (*l.count - t.index - 1) * l.size);
    (*l.count)--;
}

void *editplace_add(Mission *m, EditKind kind, BoardPos pos, size_t *index)
{
    List l = list_of(m, kind);
    *l.items = xrealloc(*l.items, *l.count + 1, l.size);
    char *item = (char *)*l.items + *l.count * l.size;
    memset(item, 0, l.size);
    *index = (*l.count)++;
    switch (kind) {
    case EDIT_HERO: ((MissionHero *)item)->pos = pos; break;
    case EDIT_MONSTER: ((MissionMonster *)item)->pos = pos; break;
    case EDIT_FURNITURE: ((MissionFurniture *)item)->pos = pos; break;
    case EDIT_TRAP: ((MissionTrap *)item)->pos = pos; ((MissionTrap *)item)->damage = 1; break;
    case EDIT_TREASURE: ((MissionTreasure *)item)->pos = pos; break;
    case EDIT_RUBBLE:
    case EDIT_EXIT: ((MissionSquare *)item)->pos = pos; break;
    case EDIT_NOTE:
        ((MissionNote *)item)->pos = pos;
        ((MissionNote *)item)->text = xstrdup("");
        break;
    case EDIT_DOOR: ((MissionDoor *)item)->pos = pos; ((MissionDoor *)item)->key_treasure = -1; break;
    default: break;
    }
    return item;
}

static BoardPos moved(BoardPos p, int dx, int dy)
{
    return (BoardPos){p.x + dx, p.y + dy};
}

void editplace_shift(Mission *m, EditThing t, int dx, int dy)
{
    if (t.index >= editplace_count(m, t.kind))
        return;
    size_t i = t.index;
    BoardPos at;
    switch (t.kind) {
    case EDIT_HERO: m->heroes[i].pos = moved(m->heroes[i].pos, dx, dy); break;
    case EDIT_MONSTER: m->monsters[i].pos = moved(m->monsters[i].pos, dx, dy); break;
    case EDIT_FURNITURE: m->furniture[i].pos = moved(m->furniture[i].pos, dx, dy); break;
    case EDIT_TRAP:
        if (editplace_pos(m, t, &at))
            m->traps[i].pos = moved(at, dx, dy);
        m->traps[i].treasure[0] = '\0';
        break;
    case EDIT_TREASURE:
        if (editplace_pos(m, t, &at))
            m->treasure[i].pos = moved(at, dx, dy);
        m->treasure[i].furniture[0] = '\0';
        break;
    case EDIT_RUBBLE: m->rubble[i].pos = moved(m->rubble[i].pos, dx, dy); break;
    case EDIT_EXIT: m->exits[i].pos = moved(m->exits[i].pos, dx, dy); break;
    case EDIT_NOTE: m->notes[i].pos = moved(m->notes[i].pos, dx, dy); break;
    case EDIT_DOOR: m->doors[i].pos = moved(m->doors[i].pos, dx, dy); break;
    default: break;
    }
}

EditThing editplace_copy(Mission *m, EditThing t, int dx, int dy)
{
    List l = list_of(m, t.kind);
    if (!l.count || t.index >= *l.count)
        return t;
    size_t index;
    char *item = editplace_add(m, t.kind, (BoardPos){0, 0}, &index);
    if (t.kind == EDIT_NOTE)
        free(((MissionNote *)item)->text);
    memcpy(item, (char *)*l.items + t.index * l.size, l.size);
    if (t.kind == EDIT_NOTE)
        m->notes[index].text = xstrdup(m->notes[t.index].text ? m->notes[t.index].text : "");
    EditThing copy = {t.kind, index};
    char *id = id_field(m, copy);
    if (id && id[0]) {
        char fresh[MISSION_ID_MAX];
        id[0] = '\0'; /* the copy's own id must not count as taken */
        editplace_unique_id(m, editplace_id(m, t), fresh, sizeof fresh);
        snprintf(id, MISSION_ID_MAX, "%s", fresh);
    }
    editplace_shift(m, copy, dx, dy);
    return copy;
}

static void describe_square(char *buf, size_t size, const char *head, BoardPos p)
{
    snprintf(buf, size, "%s at %d,%d", head, p.x, p.y);
}

void editplace_describe(const Mission *m, EditThing t, char *buf, size_t size)
{
    char head[300];
    BoardPos p = {-1, -1};
    bool placed = editplace_pos(m, t, &p);
    size_t i = t.index;
    const char *kind = editplace_kind_name(t.kind);
    switch (t.kind) {
    case EDIT_HERO: snprintf(head, sizeof head, "hero %zu %s", i, m->heroes[i].type); break;
    case EDIT_MONSTER:
        snprintf(head, sizeof head, "monster %zu %s%s%s", i, m->monsters[i].type,
                 m->monsters[i].id[0] ? " id=" : "", m->monsters[i].id);
        break;
    case EDIT_FURNITURE:
        snprintf(head, sizeof head, "furniture %zu %s%s%s rotation=%d", i, m->furniture[i].type,
                 m->furniture[i].id[0] ? " id=" : "", m->furniture[i].id,
                 m->furniture[i].rotation);
        break;
    case EDIT_TRAP:
        snprintf(head, sizeof head, "trap %zu %s", i, mission_trap_kind_name(m->traps[i].kind));
        break;
    case EDIT_TREASURE:
        snprintf(head, sizeof head, "treasure %zu %s%s%s", i,
                 mission_treasure_kind_name(m->treasure[i].kind), m->treasure[i].id[0] ? " id=" : "",
                 m->treasure[i].id);
        break;
    case EDIT_DOOR:
        snprintf(head, sizeof head, "door %zu %s side=%s", i,
                 mission_door_kind_name(m->doors[i].kind), grid_dir_name(m->doors[i].side));
        break;
    default: snprintf(head, sizeof head, "%s %zu", kind, i); break;
    }
    if (placed)
        describe_square(buf, size, head, p);
    else
        snprintf(buf, size, "%s", head);
}
