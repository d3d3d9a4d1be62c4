/* Population, shared by every style: distances from the start, the goal
 * room, room themes, furniture by theme, then (after the quest stage)
 * monsters by the difficulty budget, traps in passages and treasure. */
#include "genpopulate.h"

#include "genplace.h"

#include "../core/alloc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Monsters keep this many steps away from the heroes' start. */
#define MONSTER_MIN_DIST 6
/* Traps keep this many steps away from it. */
#define TRAP_MIN_DIST 4

static bool usable(const GenMap *m, int r)
{
    return !m->regions[r].removed && m->regions[r].dist >= 0;
}

static bool stage_distances(GenCtx *c)
{
    /* the entry stage's prune (and the tidying after it) leave the
     * start's distances up to date: a big map's flood is not made twice */
    GenMap *m = c->map;
    if (!m->dist_valid || m->dist_start.x != m->entry.x || m->dist_start.y != m->entry.y)
        genmap_distances(m, m->entry);
    return true;
}

/* The goal room: one of the three farthest regions from the start. */
static bool stage_goal(GenCtx *c)
{
    GenMap *m = c->map;
    int best[3] = {0, 0, 0};
    for (int r = 1; r <= m->region_count; r++) {
        if (!usable(m, r) || r == m->entry_region || m->regions[r].squares < 6)
            continue;
        int d = m->regions[r].dist;
        for (int k = 0; k < 3; k++)
            if (!best[k] || d > m->regions[best[k]].dist) {
                for (int j = 2; j > k; j--)
                    best[j] = best[j - 1];
                best[k] = r;
                break;
            }
    }
    int n = best[2] ? 3 : best[1] ? 2 : best[0] ? 1 : 0;
    if (!n)
        return false;
    int first = gen_range(&c->rng, 0, n - 1);
    for (int k = 0; k < n; k++) {
        c->goal_region = best[(first + k) % n];
        /* an escape leaves by a stairway in the goal room, placed before
         * the furniture takes its corners */
        BoardPos at;
        if (c->goal != GEN_GOAL_ESCAPE || genplace_stairway(c, c->goal_region, &at))
            return true;
    }
    return false;
}

/* A theme of this style with use u, drawn by weight; -1 when none. */
static int pick_theme(GenCtx *c, GenUse u)
{
    int total = 0, n = gendata_theme_count(c->data);
    for (int i = 0; i < n; i++) {
        const GenTheme *t = gendata_theme(c->data, i);
        if ((t->styles & gen_style_bit(c)) && (t->uses >> u & 1u))
            total += t->weight;
    }
    if (!total)
        return -1;
    int pick = gen_range(&c->rng, 0, total - 1);
    for (int i = 0; i < n; i++) {
        const GenTheme *t = gendata_theme(c->data, i);
        if ((t->styles & gen_style_bit(c)) && (t->uses >> u & 1u) && (pick -= t->weight) < 0)
            return i;
    }
    return -1;
}

static GenUse goal_use(GenGoalKind k)
{
    static const GenUse uses[GEN_GOAL_KIND_COUNT] = {GEN_USE_LAIR, GEN_USE_VAULT, GEN_USE_CELL,
                                                     GEN_USE_EXIT, GEN_USE_ROOM, GEN_USE_ROOM};
    return uses[k];
}

static bool stage_themes(GenCtx *c)
{
    GenMap *m = c->map;
    for (int r = 1; r <= m->region_count; r++) {
        if (m->regions[r].removed)
            continue;
        GenUse u = r == m->entry_region  ? GEN_USE_ENTRY
                   : r == c->goal_region ? goal_use(c->goal)
                                         : GEN_USE_ROOM;
        m->regions[r].theme = pick_theme(c, u);
        if (m->regions[r].theme < 0)
            return false;
    }
    return true;
}

static bool stage_furniture(GenCtx *c)
{
    GenMap *m = c->map;
    for (int r = 1; r <= m->region_count; r++) {
        if (m->regions[r].removed)
            continue;
        const GenTheme *t = gendata_theme(c->data, m->regions[r].theme);
        for (int k = 0; k < t->piece_count; k++) {
            const PieceType *pt = catalogue_find(c->cat, t->pieces[k].type);
            if (!pt || pt->kind != PIECE_FURNITURE)
                continue;
            int n = gen_range(&c->rng, t->pieces[k].min, t->pieces[k].max);
            for (int i = 0; i < n; i++)
                genplace_furniture(c, r, pt, NULL);
        }
    }
    return true;
}

/* --- monsters ------------------------------------------------------------ */

int genpopulate_threat(const PieceType *t)
{
    return t->body * (t->attack + t->defend);
}

int genpopulate_party_power(const GenCtx *c)
{
    int p = 0;
    for (size_t i = 0; i < c->map->heroes.count; i++) {
        const MissionHero *h = genlist_at(&c->map->heroes, i);
        const PieceType *t = catalogue_find(c->cat, h->type);
        p += t ? genpopulate_threat(t) : 0;
    }
    return p;
}

/* Room regions the monsters may go to, with running weights (squares,
 * doubled far from the start) for a draw by binary search. */
typedef struct Rooms {
    int *ids;
    int64_t *upto;
    int count;
    int max_dist;
} Rooms;

static Rooms rooms_for_monsters(const GenCtx *c)
{
    const GenMap *m = c->map;
    Rooms rs = {xmalloc((size_t)m->region_count + 1, sizeof(int)),
                xmalloc((size_t)m->region_count + 1, sizeof(int64_t)), 0, 1};
    for (int r = 1; r <= m->region_count; r++)
        if (usable(m, r) && m->regions[r].dist > rs.max_dist)
            rs.max_dist = m->regions[r].dist;
    int64_t sum = 0;
    for (int r = 1; r <= m->region_count; r++) {
        if (!usable(m, r) || r == m->entry_region || m->regions[r].dist < MONSTER_MIN_DIST / 2)
            continue;
        sum += m->regions[r].squares * (m->regions[r].dist * 2 > rs.max_dist ? 2 : 1);
        rs.ids[rs.count] = r;
        rs.upto[rs.count++] = sum;
    }
    return rs;
}

static int draw_room(GenCtx *c, const Rooms *rs)
{
    int64_t total = rs->upto[rs->count - 1];
    int64_t pick = total > UINT32_MAX ? (int64_t)(((uint64_t)rng_next(&c->rng) << 32 | rng_next(&c->rng)) % (uint64_t)total)
                                      : (int64_t)rng_below(&c->rng, (uint32_t)total);
    int lo = 0, hi = rs->count - 1;
    while (lo < hi) {
        int mid = (lo + hi) / 2;
        if (rs->upto[mid] > pick)
            hi = mid;
        else
            lo = mid + 1;
    }
    return rs->ids[lo];
}

/* The strongest threat allowed in a room dist steps from the start: weak
 * monsters near the start, the strongest in the farthest rooms. */
static int threat_cap(const GenCtx *c, int dist, int max_dist, int strongest)
{
    int level = (int)c->opt.difficulty;
    int64_t cap = (int64_t)strongest * (dist + max_dist / 4) / max_dist;
    cap = cap * (2 + level) / 3;
    return cap < 5 ? 5 : (int)cap;
}

/* A monster type for region r: the theme's preferred ones first, else any
 * monster of the catalogue; at most cap and at most left. */
static const PieceType *pick_monster(GenCtx *c, int r, int cap, int left)
{
    const GenTheme *t = gendata_theme(c->data, c->map->regions[r].theme);
    const PieceType *fit[64];
    int n = 0;
    for (int k = 0; k < t->monster_count && n < 64; k++) {
        const PieceType *pt = catalogue_find(c->cat, t->monsters[k]);
        if (pt && pt->kind == PIECE_MONSTER && genpopulate_threat(pt) <= cap &&
            genpopulate_threat(pt) <= left)
            fit[n++] = pt;
    }
    for (size_t i = 0; n == 0 && i < catalogue_count(c->cat); i++) {
        const PieceType *pt = catalogue_at(c->cat, i);
        if (pt->kind == PIECE_MONSTER && genpopulate_threat(pt) <= cap &&
            genpopulate_threat(pt) <= left && n < 64)
            fit[n++] = pt;
    }
    return n ? fit[gen_range(&c->rng, 0, n - 1)] : NULL;
}

static int strongest_monster(const GenCtx *c)
{
    int best = 1;
    for (size_t i = 0; i < catalogue_count(c->cat); i++) {
        const PieceType *pt = catalogue_at(c->cat, i);
        if (pt->kind == PIECE_MONSTER && genpopulate_threat(pt) > best)
            best = genpopulate_threat(pt);
    }
    return best;
}

static int weakest_monster(const GenCtx *c)
{
    int best = 0;
    for (size_t i = 0; i < catalogue_count(c->cat); i++) {
        const PieceType *pt = catalogue_at(c->cat, i);
        if (pt->kind == PIECE_MONSTER && (!best || genpopulate_threat(pt) < best))
            best = genpopulate_threat(pt);
    }
    return best;
}

/* Monsters may fill a third of a region's free squares. */
static bool room_crowded(const GenCtx *c, int r, int *in_room)
{
    return (int64_t)in_room[r] * 3 + 3 > c->map->regions[r].squares;
}

int genpopulate_budget(const GenCtx *c)
{
    const GenDifficultyInfo *d = gendata_difficulty(c->data, (int)c->opt.difficulty);
    int rooms = genmap_live_regions(c->map);
    int64_t b = (int64_t)genpopulate_party_power(c) * d->budget / 100;
    if (rooms > 10)
        b = b * rooms / 10;
    return b > INT32_MAX / 2 ? INT32_MAX / 2 : (int)b;
}

static bool stage_monsters(GenCtx *c)
{
    GenMap *m = c->map;
    Rooms rs = rooms_for_monsters(c);
    int left = genpopulate_budget(c);
    if (m->types.count > 0)
        left -= genpopulate_threat(genlist_at(&m->types, 0)); /* the boss */
    int *in_room = xcalloc((size_t)m->region_count + 1, sizeof *in_room);
    int strongest = strongest_monster(c), misses = 0;
    while (rs.count && left >= weakest_monster(c) && m->monsters.count < GEN_MAX_MONSTERS &&
           misses < 64) {
        int r = draw_room(c, &rs);
        const PieceType *pt =
            pick_monster(c, r, threat_cap(c, m->regions[r].dist, rs.max_dist, strongest), left);
        BoardPos at;
        if (!pt || room_crowded(c, r, in_room) || !genplace_square(c, r, MONSTER_MIN_DIST, &at)) {
            misses++;
            continue;
        }
        misses = 0;
        MissionMonster mo = {0};
        snprintf(mo.type, sizeof mo.type, "%s", pt->id);
        mo.pos = at;
        genlist_push(&m->monsters, &mo);
        m->occ[genmap_index(m, at)] |= GEN_OCC_FIGURE;
        in_room[r]++;
        left -= genpopulate_threat(pt);
    }
    free(in_room);
    free(rs.ids);
    free(rs.upto);
    return true;
}

/* --- traps and treasure --------------------------------------------------- */

/* Walkable squares outside regions (passages, roads) far enough from the
 * start and free: where traps go. */
static GenList trap_squares(const GenCtx *c)
{
    const GenMap *m = c->map;
    GenList l;
    genlist_init(&l, sizeof(BoardPos));
    for (int64_t i = 0; i < m->area; i++) {
        int top = genmap_top(m, i);
        if ((top == GEN_LAYER_PASSAGE || top == GEN_LAYER_ROAD) && m->region[i] == 0 &&
            m->dist[i] >= TRAP_MIN_DIST && genplace_free(m, i)) {
            BoardPos p = genmap_pos(m, i);
            genlist_push(&l, &p);
        }
    }
    return l;
}

static bool stage_traps(GenCtx *c)
{
    GenMap *m = c->map;
    const GenDifficultyInfo *d = gendata_difficulty(c->data, (int)c->opt.difficulty);
    int want = d->traps * genmap_live_regions(m) / 10;
    if (want > GEN_MAX_TRAPS)
        want = GEN_MAX_TRAPS;
    GenList spots = trap_squares(c);
    for (int k = 0; k < want && spots.count > 0; k++) {
        size_t pick = rng_below(&c->rng, (uint32_t)spots.count);
        BoardPos p = *(BoardPos *)genlist_at(&spots, pick);
        *(BoardPos *)genlist_at(&spots, pick) = *(BoardPos *)genlist_at(&spots, spots.count - 1);
        spots.count--;
        MissionTrap t = {.kind = gen_chance(&c->rng, 50) ? TRAP_PIT : TRAP_SPEAR, .pos = p, .damage = 1};
        genlist_push(&m->traps, &t);
        m->occ[genmap_index(m, p)] |= GEN_OCC_TRAP;
    }
    genlist_free(&spots);
    return true;
}

static void add_treasure(GenCtx *c, TreasureKind kind, int amount, const char *name,
                         const char *furniture, BoardPos at)
{
    MissionTreasure t = {0};
    snprintf(t.name, sizeof t.name, "%s", name);
    t.kind = kind;
    t.amount = amount;
    snprintf(t.furniture, sizeof t.furniture, "%s", furniture ? furniture : "");
    t.pos = at;
    genlist_push(&c->map->treasures, &t);
}

/* A card of the catalogue's treasure deck of this kind (gold: one that
 * gives something), so treasure names and amounts come from the data;
 * NULL when the deck has none. */
static const TreasureCard *deck_card(GenCtx *c, TreasureKind kind)
{
    size_t n, fit = 0;
    const TreasureCard *deck = catalogue_treasure_deck(c->cat, &n);
    for (size_t i = 0; i < n; i++)
        fit += deck[i].kind == kind && deck[i].amount > 0;
    if (!fit)
        return NULL;
    size_t pick = rng_below(&c->rng, (uint32_t)fit);
    for (size_t i = 0; i < n; i++)
        if (deck[i].kind == kind && deck[i].amount > 0 && pick-- == 0)
            return &deck[i];
    return NULL;
}

/* Gold in some searchable furniture (on hard, now and then a hazard),
 * potions in some rooms: cards of the treasure deck placed by hand. */
static bool stage_treasure(GenCtx *c)
{
    GenMap *m = c->map;
    for (size_t i = 0; i < m->furniture.count && m->treasures.count < GEN_MAX_TREASURES; i++) {
        MissionFurniture *f = genlist_at(&m->furniture, i);
        const PieceType *t = catalogue_find(c->cat, f->type);
        if (!t || !(t->flags & PIECE_SEARCHABLE) || !gen_chance(&c->rng, 40))
            continue;
        bool hazard = c->opt.difficulty == GEN_DIFFICULTY_HARD && gen_chance(&c->rng, 20);
        const TreasureCard *card = deck_card(c, hazard ? TREASURE_HAZARD : TREASURE_GOLD);
        if (!card)
            continue;
        if (!f->id[0])
            genplace_new_id(c, "f", f->id, sizeof f->id);
        add_treasure(c, card->kind, card->amount, card->name, f->id, f->pos);
    }
    const GenDifficultyInfo *d = gendata_difficulty(c->data, (int)c->opt.difficulty);
    int want = (d->potions * genmap_live_regions(m) + 9) / 10, placed = 0;
    for (int k = 0; k < want * 4 && placed < want && m->treasures.count < GEN_MAX_TREASURES; k++) {
        int r = gen_range(&c->rng, 1, m->region_count);
        BoardPos at;
        const TreasureCard *card = deck_card(c, TREASURE_POTION);
        if (!card || !usable(m, r) || r == m->entry_region || !genplace_square(c, r, 0, &at))
            continue;
        add_treasure(c, TREASURE_POTION, card->amount, card->name, NULL, at);
        placed++;
    }
    return true;
}

static const GenStage STAGES[] = {
    {"distances", stage_distances}, {"goal", stage_goal},       {"themes", stage_themes},
    {"furniture", stage_furniture}, {"quest", genquest_stage},  {"monsters", stage_monsters},
    {"traps", stage_traps},         {"treasure", stage_treasure}, {"paint", genpaint_stage},
    {"xml", genxml_stage},
};

const GenStage *genpopulate_stages(int *count)
{
    *count = (int)(sizeof STAGES / sizeof STAGES[0]);
    return STAGES;
}
