/* The meaning checks of the names a mission uses: catalogue types and
 * items, ids unique among monsters, furniture and treasure and found
 * where they are referred to (keys, treasure in furniture, chest traps,
 * objectives), with a "did you mean" from what there is. */
#include "mission_check_internal.h"

#include "../core/alloc.h"
#include "../core/i18n.h"
#include "../core/suggest.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

void mcheck_build_indexes(Checker *c)
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
    snprintf(buf, size, _(": did you mean '%s'?"), best);
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

const PieceType *mcheck_type(Checker *c, const char *id, PieceKind kind, int line)
{
    const PieceType *t = catalogue_find(c->m->catalogue, id);
    if (!t) {
        char hint[CATALOGUE_ID_MAX + 32];
        errors_add_at(c->errs, c->file, line, _("unknown %s type '%s' (not in the catalogue)%s"),
                      catalogue_kind_name(kind), id, type_hint(c, id, kind, hint, sizeof hint));
        return NULL;
    }
    if (t->kind != kind) {
        errors_add_at(c->errs, c->file, line, _("'%s' is a %s type, not a %s"), id,
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

void mcheck_unique_ids(Checker *c)
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
            errors_add_at(c->errs, c->file, all[i].line, _("id '%s' is already used on line %d"),
                          all[i].id, all[i - 1].line);
    free(all);
}

/* A locked door names the item treasure that opens it; no other door
 * takes a key. */
void mcheck_door_key(Checker *c, MissionDoor *d)
{
    if (d->open && d->kind != DOOR_NORMAL)
        errors_add_at(c->errs, c->file, d->line,
                      _("open=\"true\" on a %s door: only a normal door may start open"),
                      mission_door_kind_name(d->kind));
    if (d->kind != DOOR_LOCKED) {
        if (d->key[0])
            errors_add_at(c->errs, c->file, d->line,
                          _("key=\"%s\" on a %s door: only a locked door takes a key"), d->key,
                          mission_door_kind_name(d->kind));
        return;
    }
    if (!d->key[0]) {
        errors_add_at(c->errs, c->file, d->line,
                      _("a locked door needs key=\"…\": the id of the item treasure that opens it"));
        return;
    }
    long k = index_find(&c->items, d->key);
    char hint[MISSION_ID_MAX + 32];
    if (k < 0)
        errors_add_at(c->errs, c->file, d->line,
                      _("key=\"%s\": no treasure of kind item has that id%s"), d->key,
                      id_hint(&c->items, d->key, hint, sizeof hint));
    d->key_treasure = (int)k;
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
                      _("only potion and item treasures give an item; this one is %s"),
                      mission_treasure_kind_name(t->kind));
    else if (!it)
        errors_add_at(c->errs, c->file, t->line, _("item '%s' is not in the catalogue's <items>"),
                      t->item);
    else if (t->kind == TREASURE_POTION && it->kind != ITEM_POTION)
        errors_add_at(c->errs, c->file, t->line, _("potion treasure gives item '%s', which is not a potion"),
                      t->item);
}

void mcheck_treasure(Checker *c)
{
    Mission *m = c->m;
    char hint[MISSION_ID_MAX + 32];
    for (size_t i = 0; i < m->treasure_count; i++) {
        MissionTreasure *t = &m->treasure[i];
        bool has_square = t->pos.x >= 0 || t->pos.y >= 0;
        if (t->kind == TREASURE_ITEM && !t->id[0] && !t->item[0])
            errors_add_at(c->errs, c->file, t->line, _("an item treasure needs an id"));
        check_treasure_item(c, t);
        if (t->furniture[0]) {
            const MissionFurniture *f = find_furniture(c, t->furniture);
            const PieceType *ft = f ? catalogue_find(m->catalogue, f->type) : NULL;
            if (has_square)
                errors_add_at(c->errs, c->file, t->line,
                              _("treasure names furniture '%s' and a square: give only one"),
                              t->furniture);
            else if (!f)
                errors_add_at(c->errs, c->file, t->line, _("no furniture has the id '%s'%s"),
                              t->furniture, id_hint(&c->furniture, t->furniture, hint, sizeof hint));
            else if (ft && !(ft->flags & PIECE_SEARCHABLE))
                errors_add_at(c->errs, c->file, t->line, _("furniture '%s' (%s) cannot be searched"),
                              t->furniture, ft->name);
            else
                t->room = board_room(m->board, f->pos);
            continue;
        }
        if (t->pos.x < 0 || t->pos.y < 0) {
            errors_add_at(c->errs, c->file, t->line,
                          _("treasure needs furniture=\"id\" or a square x=\"..\" y=\"..\""));
            continue;
        }
        if (mcheck_square(c, t->pos, t->line, _("treasure")))
            t->room = board_room(m->board, t->pos);
    }
}

/* Chest traps naming a treasure take its square: its furniture's first
 * square, or the square written on it. */
void mcheck_chest_traps(Checker *c)
{
    Mission *m = c->m;
    for (size_t i = 0; i < m->trap_count; i++) {
        MissionTrap *t = &m->traps[i];
        if (t->kind != TRAP_CHEST || !t->treasure[0] || mcheck_has_square(t->pos))
            continue;
        const MissionTreasure *tr = NULL;
        for (size_t k = 0; k < m->treasure_count && !tr; k++)
            if (strcmp(m->treasure[k].id, t->treasure) == 0)
                tr = &m->treasure[k];
        const MissionFurniture *f = tr && tr->furniture[0] ? find_furniture(c, tr->furniture) : NULL;
        if (!tr)
            errors_add_at(c->errs, c->file, t->line, _("no treasure has the id '%s'"), t->treasure);
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
                          _("reward: give gold=\"N\" or item=\"ID\", one of the two"));
        else if (item && catalogue_find_item(c->m->catalogue, rw->item) < 0)
            errors_add_at(c->errs, c->file, rw->line,
                          _("reward: unknown item '%s' (items are listed in assets/pieces.xml)"),
                          rw->item);
        if (!gold)
            rw->gold = 0;
    }
}

void mcheck_objectives(Checker *c)
{
    Mission *m = c->m;
    char hint[MISSION_ID_MAX + 32];
    if (m->objective_count == 0 && !m->bare)
        errors_add_at(c->errs, c->file, m->line,
                      _("the mission has no objectives: add <objectives> with at least one"));
    for (size_t i = 0; i < m->objective_count; i++) {
        MissionObjective *o = &m->objectives[i];
        check_rewards(c, o);
        switch (o->kind) {
        case OBJECTIVE_KILL:
            if (index_find(&c->monsters, o->target) < 0)
                errors_add_at(c->errs, c->file, o->line, _("objective: no monster has the id '%s'%s"),
                              o->target, id_hint(&c->monsters, o->target, hint, sizeof hint));
            break;
        case OBJECTIVE_FIND_ITEM:
            if (index_find(&c->items, o->target) < 0)
                errors_add_at(c->errs, c->file, o->line,
                              _("objective: no treasure of kind \"item\" has the id '%s'%s"),
                              o->target, id_hint(&c->items, o->target, hint, sizeof hint));
            break;
        case OBJECTIVE_REACH_SQUARE:
        case OBJECTIVE_REACH_ROOM:
            mcheck_square(c, o->pos, o->line, _("the objective's square"));
            break;
        case OBJECTIVE_ESCAPE:
            if (!has_exit(m))
                errors_add_at(c->errs, c->file, o->line,
                              _("objective: escape needs a way out: add a stairway or <exits>"));
            break;
        case OBJECTIVE_KIND_COUNT:
            break;
        }
    }
}

void mcheck_free_indexes(Checker *c)
{
    index_free(&c->monsters);
    index_free(&c->furniture);
    index_free(&c->items);
}
