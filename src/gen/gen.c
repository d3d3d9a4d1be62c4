#include "gen.h"

#include "../core/alloc.h"
#include "../core/i18n.h"
#include "../core/numparse.h"
#include "../core/timer.h"
#include "genctx.h"
#include "genpopulate.h"
#include "genverify.h"

#include "../mission/analysis.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const STYLE_NAMES[GEN_STYLE_COUNT] = {"dungeon", "caverns", "wilds"};
static const char *const DIFFICULTY_NAMES[GEN_DIFFICULTY_COUNT] = {"easy", "normal", "hard"};

GenOptions gen_default_options(void)
{
    return (GenOptions){GEN_STYLE_DUNGEON, 1, GEN_DEFAULT_WIDTH, GEN_DEFAULT_HEIGHT, 4,
                        GEN_DIFFICULTY_NORMAL};
}

const char *gen_style_name(GenStyle s)
{
    return s >= 0 && s < GEN_STYLE_COUNT ? STYLE_NAMES[s] : "?";
}

bool gen_style_parse(const char *s, GenStyle *out)
{
    for (int i = 0; s && i < GEN_STYLE_COUNT; i++)
        if (strcmp(s, STYLE_NAMES[i]) == 0) {
            *out = (GenStyle)i;
            return true;
        }
    return false;
}

const char *gen_difficulty_name(GenDifficulty d)
{
    return d >= 0 && d < GEN_DIFFICULTY_COUNT ? DIFFICULTY_NAMES[d] : "?";
}

bool gen_difficulty_parse(const char *s, GenDifficulty *out)
{
    for (int i = 0; s && i < GEN_DIFFICULTY_COUNT; i++)
        if (strcmp(s, DIFFICULTY_NAMES[i]) == 0) {
            *out = (GenDifficulty)i;
            return true;
        }
    return false;
}

bool gen_size_parse(const char *s, int *w, int *h)
{
    /* strict: "4294967308x12" is refused, not read as 12x12 */
    return numparse_pair(s, 'x', GEN_MIN_SIDE, GEN_MAX_SIDE, w, h);
}

bool gen_check_options(const GenOptions *o, char *err, size_t err_size)
{
    if (o->style < 0 || o->style >= GEN_STYLE_COUNT)
        snprintf(err, err_size, _("style must be dungeon, caverns or wilds"));
    else if (o->width < GEN_MIN_SIDE || o->height < GEN_MIN_SIDE || o->width > GEN_MAX_SIDE ||
             o->height > GEN_MAX_SIDE)
        snprintf(err, err_size, _("size %dx%d: each side must be %d to %d squares"), o->width,
                 o->height, GEN_MIN_SIDE, GEN_MAX_SIDE);
    else if (o->heroes < 1 || o->heroes > 4)
        snprintf(err, err_size, _("heroes must be 1 to 4, not %d"), o->heroes);
    else if (o->difficulty < 0 || o->difficulty >= GEN_DIFFICULTY_COUNT)
        snprintf(err, err_size, _("difficulty must be easy, normal or hard"));
    else
        return true;
    return false;
}

/* The objective kind: kill 35%, find 25%, rescue 20%, escape 20%. */
static GenGoalKind choose_goal(Rng *rng)
{
    int r = (int)rng_below(rng, 100);
    return r < 35 ? GEN_GOAL_KILL : r < 60 ? GEN_GOAL_FIND : r < 80 ? GEN_GOAL_RESCUE : GEN_GOAL_ESCAPE;
}

static const GenStage *style_stages(GenStyle s, int *count)
{
    switch (s) {
    case GEN_STYLE_CAVERNS: return gencaverns_stages(count);
    case GEN_STYLE_WILDS: return genwilds_stages(count);
    default: return gendungeon_stages(count);
    }
}

static void ctx_free(GenCtx *c)
{
    if (c->style_free)
        c->style_free(c->style_data);
    genmap_destroy(c->map);
    genroute_destroy(c->route);
    free(c->rgba);
    free(c->colours);
    free(c->xml);
    free(c->lang);
}

/* Runs one stage list, timing each stage; false (with the stage's name in
 * why) when one gives up. */
static bool run_stages(GenCtx *c, const GenStage *stages, int n, GenStats *st, char *why,
                       size_t why_size)
{
    for (int i = 0; i < n; i++) {
        double t0 = timer_cpu_ms();
        bool ok = stages[i].run(c);
        if (st->stage_count < GEN_MAX_STAGES) {
            st->stage_name[st->stage_count] = stages[i].name;
            st->stage_ms[st->stage_count++] = timer_cpu_ms() - t0;
        }
        if (!ok) {
            snprintf(why, why_size, _("stage '%s' found no way on"), stages[i].name);
            return false;
        }
    }
    return true;
}

/* Parses, builds and checks what the attempt made, then verifies it is
 * fair; the mission on success. */
static Mission *check_result(GenCtx *c, const GenSources *src, const char *id, GenStats *st,
                             char *why, size_t why_size)
{
    double t0 = timer_cpu_ms();
    char name[MISSION_ID_MAX + 16];
    snprintf(name, sizeof name, "%s/mission.xml", id);
    MissionLoadOptions lo = {0};
    lo.catalogue_path = src->catalogue_path;
    lo.catalogue = src->catalogue;
    ErrorList errs;
    errors_init(&errs, 8);
    Mission *m = mission_load_pixels(name, (const uint8_t *)c->xml, c->xml_size, c->opt.width,
                                     c->opt.height, c->rgba, &lo, &errs);
    /* fair, and --check has nothing to warn about */
    if (m && (!genverify_mission(m, &errs) || analysis_run(m, &errs, NULL) > 0)) {
        mission_destroy(m);
        m = NULL;
    }
    if (!m)
        snprintf(why, why_size, "%s", errs.count ? errs.items[0] : _("the mission does not load"));
    errors_clear(&errs);
    if (st->stage_count < GEN_MAX_STAGES) {
        st->stage_name[st->stage_count] = "verify";
        st->stage_ms[st->stage_count++] = timer_cpu_ms() - t0;
    }
    return m;
}

static void fill_result(GenCtx *c, Mission *m, const char *id, GenResult *out)
{
    out->width = c->opt.width;
    out->height = c->opt.height;
    out->rgba = c->rgba;
    out->xml = c->xml;
    out->xml_size = c->xml_size;
    c->rgba = NULL;
    c->xml = NULL;
    snprintf(out->id, sizeof out->id, "%s", id);
    snprintf(out->name, sizeof out->name, "%s", c->name);
    out->mission = m;
    GenStats *st = &out->stats;
    st->rooms = board_room_count(m->board);
    st->regions = genmap_live_regions(c->map);
    st->monsters = (int)m->monster_count;
    st->furniture = (int)m->furniture_count;
    st->doors = (int)m->door_count;
    st->traps = (int)m->trap_count;
}

static bool attempt(const GenOptions *o, const GenSources *src, int n, GenResult *out, char *why,
                    size_t why_size)
{
    GenCtx c = {0};
    c.opt = *o;
    c.data = src->data;
    c.cat = src->catalogue;
    c.attempt = n;
    c.rng = rng_make(o->seed, 0x47454e00u + (uint64_t)o->style * 64u + (uint64_t)n);
    c.goal = choose_goal(&c.rng);
    c.boss_monster = -1;
    c.item_treasure = c.key_treasure = -1;
    c.map = genmap_create(o->width, o->height);
    c.route = genroute_create();
    GenStats *st = &out->stats;
    st->stage_count = 0;
    int ns, np;
    const GenStage *style = style_stages(o->style, &ns), *common = genpopulate_stages(&np);
    bool ok = run_stages(&c, style, ns, st, why, why_size) &&
              run_stages(&c, common, np, st, why, why_size);
    char id[MISSION_ID_MAX];
    genxml_mission_id(o, id, sizeof id);
    Mission *m = NULL;
    if (ok) {
        /* the layers are done with: free them before the board is built */
        genmap_free_squares(c.map);
        m = check_result(&c, src, id, st, why, why_size);
    }
    if (m)
        fill_result(&c, m, id, out);
    ctx_free(&c);
    return m != NULL;
}

bool gen_generate(const GenOptions *o, const GenSources *src, GenResult *out, ErrorList *errs)
{
    memset(out, 0, sizeof *out);
    char why[512];
    if (!gen_check_options(o, why, sizeof why)) {
        errors_add(errs, "%s", why);
        return false;
    }
    double t0 = timer_now_ms();
    for (int n = 0; n < GEN_MAX_ATTEMPTS; n++) {
        out->stats.attempts = n + 1;
        if (attempt(o, src, n, out, why, sizeof why)) {
            out->stats.total_ms = timer_now_ms() - t0;
            return true;
        }
    }
    errors_add(errs, _("no fair %s layout in %d attempts (seed %" PRIu64 "); the last: %s"),
               gen_style_name(o->style), GEN_MAX_ATTEMPTS, o->seed, why);
    return false;
}

void gen_result_free(GenResult *r)
{
    if (!r)
        return;
    free(r->rgba);
    free(r->xml);
    mission_destroy(r->mission);
    memset(r, 0, sizeof *r);
}

Mission *gen_result_take_mission(GenResult *r)
{
    Mission *m = r->mission;
    r->mission = NULL;
    return m;
}
