/* The quest: the boss (a catalogue monster made stronger, as the mission's
 * own type), the objectives, a locked goal room with its key hidden where
 * the heroes can reach it without passing the lock, secret doors among
 * the loop doors, the name and the briefing. Texts come from the
 * generator's data. */
#include "genpopulate.h"

#include "genplace.h"

#include "../core/alloc.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BOSS_TYPE_ID "gen_boss"
#define BOSS_ID "boss"
#define ARTIFACT_ID "artifact"
#define KEY_ID "key"

static const char *goal_room_name(const GenCtx *c)
{
    return gendata_theme(c->data, c->map->regions[c->goal_region].theme)->name;
}

/* Cuts s to fit size bytes on a character boundary (UTF-8). */
static void fit_utf8(char *s, size_t size)
{
    size_t n = strlen(s);
    if (n < size)
        return;
    n = size - 1;
    while (n > 0 && ((unsigned char)s[n] & 0xc0) == 0x80)
        n--;
    s[n] = '\0';
}

/* printf into out, cut on a character boundary when it does not fit
 * (words of the data file have no length the compiler can see). */
static void print_fit(char *out, size_t size, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

static void print_fit(char *out, size_t size, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(out, size, fmt, ap);
    va_end(ap);
    if (n < 0 || (size_t)n < size)
        return;
    size_t len = size - 1; /* drop a character cut in two */
    while (len > 0 && ((unsigned char)out[len] & 0xc0) == 0x80)
        len--;
    out[len] = '\0';
}

/* Starts every sentence with a capital. */
static void capitalise(char *s)
{
    bool start = true;
    for (char *p = s; *p; p++) {
        if (start && islower((unsigned char)*p))
            *p = (char)toupper((unsigned char)*p);
        if (*p != ' ')
            start = *p == '.' || *p == '!' || *p == '?';
    }
}

/* Replaces {boss}, {item}, {captive}, {room} and {place} in text and
 * starts every sentence with a capital. */
static void fill_text(const GenCtx *c, const char *text, char *out, size_t size)
{
    const struct {
        const char *key, *value;
    } vars[] = {{"{boss}", c->boss_name},    {"{item}", c->item_name},
                {"{captive}", c->captive},   {"{room}", goal_room_name(c)},
                {"{place}", c->place}};
    size_t n = 0;
    out[0] = '\0';
    for (const char *p = text; *p && n + 1 < size;) {
        bool replaced = false;
        for (size_t v = 0; v < sizeof vars / sizeof vars[0] && !replaced; v++) {
            size_t kl = strlen(vars[v].key);
            if (strncmp(p, vars[v].key, kl) == 0) {
                n += (size_t)snprintf(out + n, size - n, "%s", vars[v].value);
                n = n < size ? n : size - 1;
                p += kl;
                replaced = true;
            }
        }
        if (!replaced)
            out[n++] = *p++;
        out[n] = '\0';
    }
    fit_utf8(out, size);
    capitalise(out);
}

/* --- the other languages ------------------------------------------------- */

/* What {key.form} says in language k: the chosen entry's form. */
static const char *lang_value(const GenCtx *c, int k, const char *key, GenForm f)
{
    const GenData *d = c->data;
    if (strcmp(key, "boss") == 0)
        return gendata_say(d, GEN_ENTRY_BOSS, c->boss_index, k)->form[f];
    if (strcmp(key, "item") == 0)
        return gendata_say(d, GEN_ENTRY_ARTIFACT, c->item_index, k)->form[f];
    if (strcmp(key, "captive") == 0)
        return gendata_say(d, GEN_ENTRY_CAPTIVE, c->captive_index, k)->form[f];
    if (strcmp(key, "room") == 0)
        return gendata_say(d, GEN_ENTRY_THEME, c->map->regions[c->goal_region].theme, k)->form[f];
    if (strcmp(key, "place") == 0)
        return c->lang[k].place[f];
    return NULL;
}

/* The value of a placeholder's name ("room.in", "boss"), NULL when it is
 * none (gendata has refused templates with unknown ones). */
static const char *lang_placeholder(const GenCtx *c, int k, const char *name)
{
    char key[32];
    const char *dot = strchr(name, '.');
    size_t kl = dot ? (size_t)(dot - name) : strlen(name);
    if (kl >= sizeof key)
        return NULL;
    memcpy(key, name, kl);
    key[kl] = '\0';
    for (int f = 0; f < GEN_FORM_COUNT; f++)
        if (strcmp(dot ? dot + 1 : "text", gendata_form_name((GenForm)f)) == 0)
            return lang_value(c, k, key, (GenForm)f);
    return NULL;
}

/* fill_text for language k: {key} and {key.form} take the chosen
 * entries' words in k (the same entries as the English, so no draw
 * depends on the language). */
static void fill_lang(const GenCtx *c, int k, const char *text, char *out, size_t size)
{
    size_t n = 0;
    out[0] = '\0';
    for (const char *p = text; *p && n + 1 < size;) {
        const char *end = *p == '{' ? strchr(p, '}') : NULL;
        char name[64];
        const char *value = NULL;
        if (end && end - p - 1 < (ptrdiff_t)sizeof name) {
            snprintf(name, sizeof name, "%.*s", (int)(end - p - 1), p + 1);
            value = lang_placeholder(c, k, name);
        }
        if (value) {
            n += (size_t)snprintf(out + n, size - n, "%s", value);
            n = n < size ? n : size - 1;
            p = end + 1;
        } else {
            out[n++] = *p++;
            out[n] = '\0';
        }
    }
    fit_utf8(out, size);
    capitalise(out);
}

static int goal_index(const GenCtx *c, const GenGoal *g)
{
    return (int)(g - gendata_goal(c->data, 0));
}

static const GenSay *goal_say(const GenCtx *c, const GenGoal *g, int k)
{
    return gendata_say(c->data, GEN_ENTRY_GOAL, goal_index(c, g), k);
}

static int lang_count(const GenCtx *c)
{
    return gendata_lang_count(c->data);
}

/* A goal text of this kind for the style, drawn at random. */
static const GenGoal *pick_goal(GenCtx *c, GenGoalKind kind)
{
    int fit = 0, n = gendata_goal_count(c->data);
    for (int i = 0; i < n; i++)
        fit += gendata_goal(c->data, i)->kind == kind &&
               (gendata_goal(c->data, i)->styles & gen_style_bit(c));
    int pick = gen_range(&c->rng, 0, fit - 1);
    for (int i = 0; i < n; i++) {
        const GenGoal *g = gendata_goal(c->data, i);
        if (g->kind == kind && (g->styles & gen_style_bit(c)) && pick-- == 0)
            return g;
    }
    return gendata_goal(c->data, 0);
}

/* A word of the list for the style, drawn at random: its index. */
static int pick_word(GenCtx *c, int list)
{
    int fit = 0, n = gendata_word_count(c->data);
    for (int i = 0; i < n; i++)
        fit += gendata_word(c->data, i)->list == list &&
               (gendata_word(c->data, i)->styles & gen_style_bit(c));
    int pick = gen_range(&c->rng, 0, fit - 1);
    for (int i = 0; i < n; i++) {
        const GenWord *w = gendata_word(c->data, i);
        if (w->list == list && (w->styles & gen_style_bit(c)) && pick-- == 0)
            return i;
    }
    return 0;
}

/* --- the boss --------------------------------------------------------- */

static PieceType boss_type(const GenBoss *b, const PieceType *base)
{
    PieceType t = *base;
    snprintf(t.id, sizeof t.id, "%s", BOSS_TYPE_ID);
    snprintf(t.name, sizeof t.name, "%s", b->name);
    t.body += b->body;
    t.attack += b->attack;
    t.defend += b->defend;
    t.mind += b->mind;
    t.line = 0;
    return t;
}

/* The bosses of this style whose base type the catalogue has: one that
 * takes at most 60% of the budget, else the weakest. */
static bool choose_boss(GenCtx *c, PieceType *out, int *index)
{
    int budget = genpopulate_budget(c), fit = 0, weakest = -1, weakest_threat = 0;
    int n = gendata_boss_count(c->data);
    PieceType types[64];
    bool ok[64] = {0};
    for (int i = 0; i < n && i < 64; i++) {
        const GenBoss *b = gendata_boss(c->data, i);
        const PieceType *base = catalogue_find(c->cat, b->base);
        if (!base || base->kind != PIECE_MONSTER || !(b->styles & gen_style_bit(c)))
            continue;
        types[i] = boss_type(b, base);
        int threat = genpopulate_threat(&types[i]);
        if (weakest < 0 || threat < weakest_threat) {
            weakest = i;
            weakest_threat = threat;
        }
        ok[i] = threat * 10 <= budget * 6;
        fit += ok[i];
    }
    if (weakest < 0)
        return false;
    int pick = fit ? gen_range(&c->rng, 0, fit - 1) : -1;
    for (int i = 0; i < n && i < 64; i++)
        if (ok[i] && pick-- == 0) {
            *out = types[i];
            *index = i;
            return true;
        }
    *out = types[weakest];
    *index = weakest;
    return true;
}

static bool place_boss(GenCtx *c)
{
    GenMap *m = c->map;
    PieceType t;
    BoardPos at;
    if (!choose_boss(c, &t, &c->boss_index) || !genplace_square(c, c->goal_region, 0, &at))
        return false;
    genlist_push(&m->types, &t);
    MissionMonster mo = {0};
    snprintf(mo.id, sizeof mo.id, "%s", BOSS_ID);
    snprintf(mo.type, sizeof mo.type, "%s", t.id);
    mo.pos = at;
    genlist_push(&m->monsters, &mo);
    m->occ[genmap_index(m, at)] |= GEN_OCC_FIGURE;
    c->boss_monster = (int)m->monsters.count - 1;
    snprintf(c->boss_name, sizeof c->boss_name, "the %s", t.name);
    return true;
}

/* --- objectives ------------------------------------------------------- */

static void add_objective(GenCtx *c, ObjectiveKind kind, const char *target, BoardPos pos,
                          const GenGoal *g)
{
    MissionObjective o = {0};
    o.kind = kind;
    snprintf(o.target, sizeof o.target, "%s", target);
    o.pos = pos;
    fill_text(c, g->text, o.text, sizeof o.text);
    size_t at = c->map->objectives.count;
    for (int k = 0; k < lang_count(c) && at < GEN_MAX_OBJECTIVES; k++)
        fill_lang(c, k, goal_say(c, g, k)->form[GEN_FORM_TEXT], c->lang[k].objective[at],
                  sizeof c->lang[k].objective[at]);
    genlist_push(&c->map->objectives, &o);
}

/* A searchable piece of furniture of region r to hide something in
 * (placing the smallest searchable type when there is none); -1 when
 * none fits. */
static int hiding_place(GenCtx *c, int r)
{
    GenMap *m = c->map;
    for (size_t i = 0; i < m->furniture.count; i++) {
        const MissionFurniture *f = genlist_at(&m->furniture, i);
        const PieceType *t = catalogue_find(c->cat, f->type);
        if (t && (t->flags & PIECE_SEARCHABLE) &&
            m->region[genmap_index(m, f->pos)] == r)
            return (int)i;
    }
    const PieceType *small = NULL;
    for (size_t i = 0; i < catalogue_count(c->cat); i++) {
        const PieceType *t = catalogue_at(c->cat, i);
        if (t->kind == PIECE_FURNITURE && (t->flags & PIECE_SEARCHABLE) &&
            (!small || t->width * t->height < small->width * small->height))
            small = t;
    }
    return small ? genplace_furniture(c, r, small, NULL) : -1;
}

/* An item treasure hidden in region r: in its furniture, else on one of
 * its squares (found by searching the room). */
static bool hide_item(GenCtx *c, int r, const char *id, const char *name)
{
    GenMap *m = c->map;
    MissionTreasure t = {0};
    snprintf(t.id, sizeof t.id, "%s", id);
    snprintf(t.name, sizeof t.name, "%s", name);
    fit_utf8(t.name, sizeof t.name);
    t.kind = TREASURE_ITEM;
    int f = hiding_place(c, r);
    if (f >= 0) {
        MissionFurniture *mf = genlist_at(&m->furniture, (size_t)f);
        if (!mf->id[0])
            genplace_new_id(c, "f", mf->id, sizeof mf->id);
        snprintf(t.furniture, sizeof t.furniture, "%s", mf->id);
        t.pos = mf->pos;
    } else if (!genplace_square(c, r, 0, &t.pos)) {
        return false;
    }
    genlist_push(&m->treasures, &t);
    return true;
}

static bool add_objectives(GenCtx *c, const GenGoal *g)
{
    GenMap *m = c->map;
    BoardPos room = m->regions[c->goal_region].seed;
    switch (c->goal) {
    case GEN_GOAL_KILL:
        add_objective(c, OBJECTIVE_KILL, BOSS_ID, room, g);
        break;
    case GEN_GOAL_FIND:
        if (!hide_item(c, c->goal_region, ARTIFACT_ID, c->item_name))
            return false;
        c->item_treasure = (int)m->treasures.count - 1;
        add_objective(c, OBJECTIVE_FIND_ITEM, ARTIFACT_ID, room, g);
        break;
    case GEN_GOAL_RESCUE:
        add_objective(c, OBJECTIVE_REACH_ROOM, "", room, g);
        break;
    default:
        add_objective(c, OBJECTIVE_ESCAPE, "", room, g);
        return true;
    }
    add_objective(c, OBJECTIVE_ESCAPE, "", room, pick_goal(c, GEN_GOAL_RETURN));
    return true;
}

/* --- a locked goal room ------------------------------------------------- */

/* Marks the squares the start reaches without entering region `avoid`. */
static uint8_t *reach_avoiding(const GenMap *m, int avoid)
{
    uint8_t *seen = xcalloc((size_t)m->area, 1);
    genmap_reach(m, m->entry, avoid, seen);
    return seen;
}

/* The farthest region (not the start's or the goal) the heroes reach
 * without passing the goal room: where its key goes. */
static int key_region(const GenCtx *c)
{
    const GenMap *m = c->map;
    uint8_t *seen = reach_avoiding(m, c->goal_region);
    int best = 0;
    for (int r = 1; r <= m->region_count; r++) {
        const GenRegion *g = &m->regions[r];
        if (g->removed || r == c->goal_region || r == m->entry_region || g->dist < 0 ||
            !seen[genmap_index(m, g->seed)])
            continue;
        if (!best || g->dist > m->regions[best].dist)
            best = r;
    }
    free(seen);
    return best;
}

static bool door_of(const GenMap *m, const GenDoor *d, int r)
{
    return m->region[genmap_index(m, d->pos)] == r ||
           m->region[genmap_index(m, gen_step(d->pos, d->side))] == r;
}

static void lock_goal(GenCtx *c)
{
    GenMap *m = c->map;
    const GenDifficultyInfo *d = gendata_difficulty(c->data, (int)c->opt.difficulty);
    if (!gen_chance(&c->rng, d->locked))
        return;
    int r = key_region(c);
    const GenGoal *g = pick_goal(c, GEN_GOAL_KEY);
    char name[MISSION_TEXT_MAX];
    fill_text(c, g->text, name, sizeof name);
    if (!r || !hide_item(c, r, KEY_ID, name))
        return;
    c->key_treasure = (int)m->treasures.count - 1;
    for (int k = 0; k < lang_count(c); k++) {
        GenLangText *l = &c->lang[k];
        fill_lang(c, k, goal_say(c, g, k)->form[GEN_FORM_TEXT], l->key, sizeof l->key);
        size_t ln = strlen(l->briefing);
        fill_lang(c, k, goal_say(c, g, k)->briefing, l->briefing + ln + 1, sizeof l->briefing - ln - 1);
        l->briefing[ln] = ' ';
    }
    for (size_t i = 0; i < m->door_list.count; i++) {
        GenDoor *door = genlist_at(&m->door_list, i);
        if (door_of(m, door, c->goal_region)) {
            genmap_door_set_kind(m, i, DOOR_LOCKED);
            snprintf(door->key, sizeof door->key, "%s", KEY_ID);
        }
    }
    size_t n = strlen(c->briefing);
    fill_text(c, g->briefing, c->briefing + n + 1, sizeof c->briefing - n - 1);
    c->briefing[n] = ' ';
}

static void hide_loop_doors(GenCtx *c)
{
    GenMap *m = c->map;
    int share = gendata_difficulty(c->data, (int)c->opt.difficulty)->secret;
    for (size_t i = 0; i < m->door_list.count; i++) {
        GenDoor *d = genlist_at(&m->door_list, i);
        if (d->loop && d->kind == DOOR_NORMAL && gen_chance(&c->rng, share))
            genmap_door_set_kind(m, i, DOOR_SECRET);
    }
}

/* --- names ------------------------------------------------------------ */

/* The place and the quest's name in language k: the place word's forms
 * with the adjective where {adj} stands, then the owner's words. */
static void name_lang(GenCtx *c, int k)
{
    GenLangText *l = &c->lang[k];
    const char *adj = gendata_say(c->data, GEN_ENTRY_WORD, c->word_index[0], k)->form[GEN_FORM_TEXT];
    const GenSay *place = gendata_say(c->data, GEN_ENTRY_WORD, c->word_index[1], k);
    const char *owner = gendata_say(c->data, GEN_ENTRY_WORD, c->word_index[2], k)->form[GEN_FORM_TEXT];
    for (int f = 0; f < GEN_FORM_COUNT; f++) {
        const char *form = place->form[f], *slot = strstr(form, "{adj}");
        if (slot)
            print_fit(l->place[f], sizeof l->place[f], "%.*s%s%s %s", (int)(slot - form), form, adj,
                      slot + 5, owner);
        else
            print_fit(l->place[f], sizeof l->place[f], "%s %s", form, owner);
    }
    print_fit(l->name, sizeof l->name, "%s", l->place[GEN_FORM_NOM]);
    l->name[0] = (char)toupper((unsigned char)l->name[0]);
    print_fit(l->item, sizeof l->item, "%s",
              gendata_say(c->data, GEN_ENTRY_ARTIFACT, c->item_index, k)->form[GEN_FORM_TEXT]);
}

static void name_quest(GenCtx *c)
{
    for (int list = 0; list < 3; list++)
        c->word_index[list] = pick_word(c, list);
    const char *adj = gendata_word(c->data, c->word_index[0])->text,
               *place = gendata_word(c->data, c->word_index[1])->text,
               *owner = gendata_word(c->data, c->word_index[2])->text;
    print_fit(c->place, sizeof c->place, "the %s %s of %s", adj, place, owner);
    print_fit(c->name, sizeof c->name, "The %s %s of %s", adj, place, owner);
    int na = gendata_artifact_count(c->data), nc = gendata_captive_count(c->data);
    c->item_index = gen_range(&c->rng, 0, na - 1);
    c->captive_index = gen_range(&c->rng, 0, nc - 1);
    snprintf(c->item_name, sizeof c->item_name, "%s", gendata_artifact(c->data, c->item_index));
    snprintf(c->captive, sizeof c->captive, "%s", gendata_captive(c->data, c->captive_index));
    free(c->lang);
    c->lang = xcalloc((size_t)lang_count(c) + 1, sizeof *c->lang);
    for (int k = 0; k < lang_count(c); k++)
        name_lang(c, k);
}

/* The wandering monster: the goal room's first preferred type the
 * catalogue has, else the catalogue's first monster. */
static void choose_wandering(GenCtx *c)
{
    const GenTheme *t = gendata_theme(c->data, c->map->regions[c->goal_region].theme);
    c->wandering[0] = '\0';
    for (int k = 0; k < t->monster_count && !c->wandering[0]; k++) {
        const PieceType *pt = catalogue_find(c->cat, t->monsters[k]);
        if (pt && pt->kind == PIECE_MONSTER)
            snprintf(c->wandering, sizeof c->wandering, "%s", pt->id);
    }
    for (size_t i = 0; i < catalogue_count(c->cat) && !c->wandering[0]; i++)
        if (catalogue_at(c->cat, i)->kind == PIECE_MONSTER)
            snprintf(c->wandering, sizeof c->wandering, "%s", catalogue_at(c->cat, i)->id);
}

bool genquest_stage(GenCtx *c)
{
    name_quest(c);
    const GenGoal *g = pick_goal(c, c->goal);
    if (!place_boss(c) || !add_objectives(c, g))
        return false;
    fill_text(c, g->briefing, c->briefing, sizeof c->briefing);
    for (int k = 0; k < lang_count(c); k++)
        fill_lang(c, k, goal_say(c, g, k)->briefing, c->lang[k].briefing, sizeof c->lang[k].briefing);
    /* secret doors first: the key must be reachable without them */
    hide_loop_doors(c);
    lock_goal(c);
    choose_wandering(c);
    return true;
}
