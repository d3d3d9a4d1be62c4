/* The warnings of the analysis (analysis_internal.h): each objective,
 * treasure, monster, exit, room and hero asked how the heroes reach it. */
#include "analysis_internal.h"

#include "../core/alloc.h"
#include "../core/i18n.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NEVER_MET _("it can never be met")


/* "square" or "hex" in the reader's language (an_cell_word's stays
 * English where a tool reads it). */
static const char *cell_noun(const Analysis *a)
{
    return strcmp(an_cell_word(a), "hex") == 0 ? _("hex") : _("square");
}

/* --- placements ------------------------------------------------------------- */

typedef struct IdIndex {
    const char *id;
    int index;
} IdIndex;

static int compare_id(const void *x, const void *y)
{
    const IdIndex *p = x, *q = y;
    int c = strcmp(p->id, q->id);
    return c ? c : p->index - q->index;
}

/* Ids sorted for find_id (n of them). */
static IdIndex *sort_ids(const char *first, size_t stride, size_t count, size_t *n)
{
    IdIndex *ids = xmalloc(count + 1, sizeof *ids);
    *n = 0;
    for (size_t i = 0; i < count; i++) {
        const char *id = first + i * stride;
        if (id[0])
            ids[(*n)++] = (IdIndex){id, (int)i};
    }
    qsort(ids, *n, sizeof *ids, compare_id);
    return ids;
}

static int find_id(const IdIndex *ids, size_t n, const char *id)
{
    IdIndex probe = {id, -1};
    size_t lo = 0, hi = n;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (compare_id(&ids[mid], &probe) < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < n && strcmp(ids[lo].id, id) == 0 ? ids[lo].index : -1;
}

static void check_objective(Analysis *a, const MissionObjective *o, const int *monster_of,
                            const int *treasure_of, size_t i)
{
    const Mission *m = a->m;
    char lead[300], what[1024];
    snprintf(lead, sizeof lead, _("objective '%s': "), o->text);
    switch (o->kind) {
    case OBJECTIVE_KILL: {
        const MissionMonster *mm = &m->monsters[monster_of[i]];
        snprintf(what, sizeof what, _("the monster '%s' at (%d,%d)"), mm->id, mm->pos.x, mm->pos.y);
        an_report(a, o->line, an_reach_square(a, mm->pos), lead, what, NEVER_MET);
        break;
    }
    case OBJECTIVE_REACH_SQUARE:
        if (board_contains(a->b, o->pos) && (a->flags[an_index_of(a, o->pos)] & SQ_BLOCKED)) {
            snprintf(what, sizeof what, _("%sthe %s (%d,%d) holds furniture or rubble nobody may "
                     "step on: it can never be met"), lead, cell_noun(a), o->pos.x, o->pos.y);
            an_warn_at(a, o->line, what);
            break;
        }
        snprintf(what, sizeof what, _("the %s (%d,%d)"), cell_noun(a), o->pos.x, o->pos.y);
        an_report(a, o->line, an_reach_square(a, o->pos), lead, what, NEVER_MET);
        break;
    case OBJECTIVE_REACH_ROOM:
        snprintf(what, sizeof what, _("the room of (%d,%d)"), o->pos.x, o->pos.y);
        an_report(a, o->line, an_reach_room(a, board_room(a->b, o->pos)), lead, what, NEVER_MET);
        break;
    case OBJECTIVE_FIND_ITEM: {
        const MissionTreasure *t = &m->treasure[treasure_of[i]];
        if (an_corridor(a, t->room)) {
            snprintf(what, sizeof what, _("%sthe item '%s' lies in a corridor, where searching "
                     "finds no treasure: it can never be met"), lead, t->id);
            an_warn_at(a, o->line, what);
            break;
        }
        snprintf(what, sizeof what, _("the room of the item '%s'"), t->id);
        an_report(a, o->line, an_reach_room(a, t->room), lead, what, NEVER_MET);
        break;
    }
    case OBJECTIVE_ESCAPE:
        an_report(a, o->line, an_reach_exits(a), lead, _("every exit"), NEVER_MET);
        break;
    case OBJECTIVE_KIND_COUNT:
        break;
    }
}

/* Marks what the objectives name (so they are not warned about twice) and
 * checks each objective. */
static void check_objectives(Analysis *a, uint8_t *named_monster, uint8_t *named_treasure)
{
    const Mission *m = a->m;
    int *monster_of = xmalloc(m->objective_count + 1, sizeof *monster_of);
    int *treasure_of = xmalloc(m->objective_count + 1, sizeof *treasure_of);
    size_t nm, nt;
    IdIndex *monsters = sort_ids(m->monsters ? m->monsters[0].id : "", sizeof *m->monsters,
                                 m->monster_count, &nm);
    IdIndex *items = sort_ids(m->treasure ? m->treasure[0].id : "", sizeof *m->treasure,
                              m->treasure_count, &nt);
    for (size_t i = 0; i < m->objective_count; i++) {
        const MissionObjective *o = &m->objectives[i];
        monster_of[i] = o->kind == OBJECTIVE_KILL ? find_id(monsters, nm, o->target) : -1;
        treasure_of[i] = o->kind == OBJECTIVE_FIND_ITEM ? find_id(items, nt, o->target) : -1;
        if (treasure_of[i] >= 0 && m->treasure[treasure_of[i]].kind != TREASURE_ITEM)
            treasure_of[i] = -1;
        if (monster_of[i] >= 0)
            named_monster[monster_of[i]] = 1;
        if (treasure_of[i] >= 0)
            named_treasure[treasure_of[i]] = 1;
        if ((o->kind == OBJECTIVE_KILL && monster_of[i] < 0) ||
            (o->kind == OBJECTIVE_FIND_ITEM && treasure_of[i] < 0))
            continue; /* the loader refuses these; nothing to add */
        check_objective(a, o, monster_of, treasure_of, i);
    }
    free(monsters);
    free(items);
    free(monster_of);
    free(treasure_of);
}

/* --- everything else ------------------------------------------------------------ */

static bool is_key(const Analysis *a, int t)
{
    return a->by_key_at[t + 1] > a->by_key_at[t];
}

static void check_treasure(Analysis *a, const uint8_t *named)
{
    const Mission *m = a->m;
    for (size_t i = 0; i < m->treasure_count; i++) {
        const MissionTreasure *t = &m->treasure[i];
        if (named[i] || is_key(a, (int)i))
            continue; /* said with the objective or the door */
        if (an_corridor(a, t->room))
            an_warn_at(a, t->line, _("this treasure lies in a corridor, where searching finds no "
                                "treasure: it can never be found"));
        else
            an_report(a, t->line, an_reach_room(a, t->room), "", _("this treasure"), _("it can never be found"));
    }
}

static void check_monsters(Analysis *a, const uint8_t *named)
{
    const Mission *m = a->m;
    for (size_t i = 0; i < m->monster_count; i++) {
        Reach r = an_reach_square(a, m->monsters[i].pos);
        if (named[i] || r.tier < TIER_FORCED)
            continue;
        char what[128];
        snprintf(what, sizeof what, _("this %s"), m->monsters[i].type);
        an_report(a, m->monsters[i].line, r, "", what, _("it will never be seen or fight"));
    }
}

/* Exits nobody reaches, unless an escape objective already says none is
 * reachable. */
static void check_exits(Analysis *a)
{
    const Mission *m = a->m;
    bool escape = false;
    for (size_t i = 0; i < m->objective_count; i++)
        escape |= m->objectives[i].kind == OBJECTIVE_ESCAPE;
    if (escape && an_reach_exits(a).tier >= TIER_FORCED)
        return;
    for (size_t i = 0; i < m->exit_count; i++)
        if (an_reach_square(a, m->exits[i].pos).tier >= TIER_FORCED)
            an_report(a, m->exits[i].line, an_reach_square(a, m->exits[i].pos), "", _("this exit"),
                   _("nobody can leave by it"));
    for (size_t i = 0; i < m->furniture_count; i++) {
        const MissionFurniture *f = &m->furniture[i];
        const PieceType *t = catalogue_find(m->catalogue, f->type);
        if (!t || !(t->flags & PIECE_EXIT))
            continue;
        Reach best = {TIER_NEVER, 0, board_room(a->b, f->pos)};
        for (int y = f->pos.y; y < f->pos.y + f->height; y++)
            for (int x = f->pos.x; x < f->pos.x + f->width; x++) {
                Reach r = an_reach_square(a, (BoardPos){x, y});
                if (r.tier < best.tier)
                    best = r;
            }
        if (best.tier >= TIER_FORCED)
            an_report(a, f->line, best, "", _("this exit"), _("nobody can leave by it"));
    }
}

/* Rooms with no door at all, except where the heroes start, one-square
 * rooms (the lint speaks of them) and sealed colours. */
static void check_doorless(Analysis *a, const uint8_t *start_room)
{
    for (int32_t r = 1; r <= a->rooms; r++) {
        const BoardRoom *room = board_room_info(a->b, r);
        if (a->room_door[r] || start_room[r] || room->squares < 2 ||
            (a->room_palette[r] & ROOM_SEALED))
            continue;
        const char *name = a->room_name[r];
        char text[512];
        snprintf(text, sizeof text, _("room %d (%s%s%scolour #%06x) has no door: nobody can get in "
                 "(add a <door>, or sealed=\"true\" on its colour in the palette if it is closed on "
                 "purpose)"), (int)r, name ? "'" : "", name ? name : "", name ? "', " : "", room->rgb);
        an_warn_square(a, room->first, text);
    }
}

/* A hero with no step to take, even through every door; heroes who can
 * leave none of the rooms they start in while the board has others. */
static void check_heroes(Analysis *a, uint8_t *start_room)
{
    const Mission *m = a->m;
    int saved = a->mode;
    a->mode = TIER_FORCED;
    for (size_t i = 0; i < m->hero_count; i++) {
        BoardPos p = m->heroes[i].pos;
        int32_t r = board_room(a->b, p);
        if (r >= 1)
            start_room[r] = 1;
        bool moves = false;
        for (int k = 0; k < a->edge_count && !moves; k++) {
            BoardPos q = an_step(a, p, a->edges[k]);
            moves = board_contains(a->b, q) && board_walkable(a->b, q) &&
                    !(a->flags[an_index_of(a, q)] & SQ_BLOCKED) && an_edge_gate(a, p, a->edges[k], 0) >= 0;
        }
        if (!moves)
            an_warn_at(a, m->heroes[i].line, _("this hero can never move: walls, rock, furniture or "
                                          "rubble on every side"));
    }
    a->mode = saved;
    bool out = false, others = false;
    for (int32_t r = 1; r <= a->rooms; r++) {
        out |= !start_room[r] && a->room_tier[r] <= TIER_SEARCH;
        others |= !start_room[r];
    }
    if (m->hero_count && others && !out)
        an_warn_at(a, m->heroes[0].line, _("the heroes are boxed in: no way leads out of the rooms "
                                      "they start in"));
}

/* fall-x/fall-y are the EU placement of the falling block: under US rules
 * the block falls on the trap's own square, and the author should know. */
static void check_falls(Analysis *a)
{
    const Mission *m = a->m;
    if (m->rules.edition == MISSION_EDITION_EU)
        return;
    for (size_t i = 0; i < m->trap_count; i++)
        if (m->traps[i].kind == TRAP_FALLING_BLOCK && m->traps[i].has_fall)
            an_warn_at(a, m->traps[i].line,
                    _("fall-x/fall-y are played only under EU rules (<rules edition=\"eu\">): "
                    "under US rules this block falls on the trap's own square"));
}

void an_check_all(Analysis *a)
{
    const Mission *m = a->m;
    uint8_t *named_monster = xcalloc(m->monster_count + 1, 1);
    uint8_t *named_treasure = xcalloc(m->treasure_count + 1, 1);
    uint8_t *start_room = xcalloc((size_t)a->rooms + 1, 1);
    check_objectives(a, named_monster, named_treasure);
    an_check_locks(a);
    check_exits(a);
    check_treasure(a, named_treasure);
    check_monsters(a, named_monster);
    check_heroes(a, start_room);
    check_doorless(a, start_room);
    check_falls(a);
    free(named_monster);
    free(named_treasure);
    free(start_room);
}
