/* The protocol's generate command (docs/protocol.md, "Generated
 * missions"): a random mission made in memory by src/gen and played
 * directly, no file written. Its saves name it by a reference
 * ("generate:STYLE:SEED:WxH:DIFFICULTY:HEROES") that restore makes again:
 * generation is deterministic, and the mission hash in the save checks it. */
#include "protocol_internal.h"

#include "../core/alloc.h"
#include "../core/rng.h"
#include "../gen/gen.h"
#include "../gen/gendata.h"
#include "paths.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define REF_PREFIX "generate:"

/* Generates the mission of o with the shared catalogue; NULL with the
 * reason in a. */
static Mission *generate(Protocol *p, const GenOptions *o, Answer *a)
{
    char cat_path[4096], data_path[4096];
    paths_data_file("assets/pieces.xml", cat_path, sizeof cat_path);
    paths_data_file("assets/generator.xml", data_path, sizeof data_path);
    const Catalogue *cat = protocol_catalogue(p, a);
    if (!cat)
        return NULL;
    ErrorList errs;
    errors_init(&errs, 0);
    GenData *data = gendata_load(data_path, &errs);
    GenResult r = {0};
    Mission *m = NULL;
    if (data) {
        GenSources src = {data, cat, cat_path};
        if (gen_generate(o, &src, &r, &errs))
            m = gen_result_take_mission(&r);
    }
    if (!m)
        protocol_refuse(a, "%s", errs.count ? errs.items[0] : "the generator failed");
    gen_result_free(&r);
    gendata_destroy(data);
    errors_clear(&errs);
    return m;
}

static void format_ref(const GenOptions *o, char *buf, size_t size)
{
    snprintf(buf, size, REF_PREFIX "%s:%" PRIu64 ":%dx%d:%s:%d", gen_style_name(o->style), o->seed,
             o->width, o->height, gen_difficulty_name(o->difficulty), o->heroes);
}

bool protocol_is_generated(const char *ref)
{
    return strncmp(ref, REF_PREFIX, strlen(REF_PREFIX)) == 0;
}

/* Parses a reference format_ref wrote. */
static bool parse_ref(const char *ref, GenOptions *o)
{
    char buf[256], *save = NULL;
    if (!protocol_is_generated(ref) || strlen(ref) >= sizeof buf)
        return false;
    snprintf(buf, sizeof buf, "%s", ref + strlen(REF_PREFIX));
    char *f[5];
    int n = 0;
    for (char *t = strtok_r(buf, ":", &save); t && n < 5; t = strtok_r(NULL, ":", &save))
        f[n++] = t;
    char *end;
    *o = gen_default_options();
    if (n != 5 || !gen_style_parse(f[0], &o->style) || !rng_seed_parse(f[1], &o->seed) ||
        !gen_size_parse(f[2], &o->width, &o->height) ||
        !gen_difficulty_parse(f[3], &o->difficulty))
        return false;
    long heroes = strtol(f[4], &end, 10);
    if (*end || heroes < 1 || heroes > GAME_MAX_HEROES)
        return false;
    o->heroes = (int)heroes;
    return true;
}

Mission *protocol_generated_mission(Protocol *p, const char *ref, Answer *a)
{
    GenOptions o;
    if (!parse_ref(ref, &o)) {
        protocol_refuse(a, "'%s' is no generated mission", ref);
        return NULL;
    }
    return generate(p, &o, a);
}

/* A bare whole number among generate's options is the party size; true
 * when arg is one (valid or not: a bad count is refused, not taken for
 * a size). */
static bool is_count(const char *arg)
{
    const char *c = arg + (*arg == '-' || *arg == '+');
    if (!*c)
        return false;
    for (; *c; c++)
        if (*c < '0' || *c > '9')
            return false;
    return true;
}

bool protocol_cmd_generate(Protocol *p, int argc, char **argv, Answer *a)
{
    static const char usage[] = "usage: generate dungeon|caverns|wilds SEED [WxH] "
                                "[easy|normal|hard] [HEROES 1-4]";
    GenOptions o = gen_default_options();
    if (argc < 3 || argc > 6 || !gen_style_parse(argv[1], &o.style))
        return protocol_refuse(a, "%s", usage);
    if (!rng_seed_parse(argv[2], &o.seed))
        return protocol_refuse(a, "'%s' is not a seed (0 to 18446744073709551615)", argv[2]);
    for (int i = 3; i < argc; i++) {
        if (gen_difficulty_parse(argv[i], &o.difficulty))
            continue;
        if (is_count(argv[i])) {
            /* same range as the Random quest screen's Heroes row */
            long n = strlen(argv[i]) > 3 ? 0 : strtol(argv[i], NULL, 10);
            if (n < 1 || n > GAME_MAX_HEROES)
                return protocol_refuse(a, "'%s' heroes: a generated party is 1 to %d heroes",
                                       argv[i], GAME_MAX_HEROES);
            o.heroes = (int)n;
            continue;
        }
        if (!gen_size_parse(argv[i], &o.width, &o.height))
            return protocol_refuse(a, "'%s' is neither a size WxH (each side %d to %d), a difficulty "
                                      "nor a hero count; %s",
                          argv[i], GEN_MIN_SIDE, GEN_MAX_SIDE, usage);
    }
    Mission *m = generate(p, &o, a);
    if (!m)
        return false;
    protocol_campaign_end(p); /* a mission of one's own ends the campaign */
    GameSetup keep = p->setup;
    p->setup = (GameSetup){0};
    char ref[256];
    format_ref(&o, ref, sizeof ref);
    if (!protocol_start_game(p, m, ref, a)) {
        p->setup = keep;
        mission_destroy(m);
        return false;
    }
    protocol_say(a, "%s %dx%d heroes %d seed %" PRIu64 " mission %s", m->id, board_width(m->board),
        board_height(m->board), game_setup(protocol_g(p))->hero_count, p->seed, ref);
    return true;
}
