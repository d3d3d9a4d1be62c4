/* The protocol's generate command (docs/protocol.md, "Generated
 * missions"): a random mission made in memory by src/gen and played
 * directly, no file written. Its saves name it by a reference
 * ("generate:STYLE:SEED:WxH:DIFFICULTY:HEROES") that restore makes again:
 * generation is deterministic, and the mission hash in the save checks it. */
#include "protocol_internal.h"

#include "../core/alloc.h"
#include "../core/numparse.h"
#include "../core/rng.h"
#include "../gen/gen.h"
#include "../gen/gendata.h"
#include "paths.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define REF_PREFIX "generate:"
/* Largest mission generated here, to play or from a save's reference: a
 * 200-byte save naming a 4096x4096 one generated for 18 s and 390 MB
 * before its hash was refused. A larger mission is written to a folder
 * (questboard --generate DIR) and loaded. */
#define PROTOCOL_GEN_MAX_SIDE 1024

/* False (with the reason in a) when o asks for more than the cap. */
static bool within_cap(const GenOptions *o, Answer *a)
{
    if (o->width <= PROTOCOL_GEN_MAX_SIDE && o->height <= PROTOCOL_GEN_MAX_SIDE)
        return true;
    return protocol_refuse(a, "%dx%d: a mission generated here is at most %dx%d (write a larger "
                              "one with questboard --generate DIR, then load it)",
                           o->width, o->height, PROTOCOL_GEN_MAX_SIDE, PROTOCOL_GEN_MAX_SIDE);
}

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
        protocol_refused(a, errs.count ? errs.items[0] : "the generator failed");
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
    *o = gen_default_options();
    return n == 5 && gen_style_parse(f[0], &o->style) && rng_seed_parse(f[1], &o->seed) &&
           gen_size_parse(f[2], &o->width, &o->height) &&
           gen_difficulty_parse(f[3], &o->difficulty) &&
           numparse_int(f[4], 1, GAME_MAX_HEROES, &o->heroes);
}

Mission *protocol_generated_mission(Protocol *p, const char *ref, const GameSetup *setup,
                                    Answer *a)
{
    GenOptions o;
    if (!parse_ref(ref, &o)) {
        protocol_refuse(a, "'%s' is no generated mission", ref);
        return NULL;
    }
    /* what can be checked before generating: the size, and the save's
     * heroes among the o.heroes the mission places */
    if (!within_cap(&o, a))
        return NULL;
    for (int i = 0; setup && i < setup->hero_count; i++)
        if (setup->heroes[i] >= o.heroes) {
            protocol_refuse(a, "the save plays hero %d of a mission made for %d heroes",
                            setup->heroes[i], o.heroes);
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
        return protocol_refused(a, usage);
    if (!rng_seed_parse(argv[2], &o.seed))
        return protocol_refuse(a, "'%s' is not a seed (0 to 18446744073709551615)", argv[2]);
    for (int i = 3; i < argc; i++) {
        if (gen_difficulty_parse(argv[i], &o.difficulty))
            continue;
        if (is_count(argv[i])) {
            /* same range as the Random quest screen's Heroes row */
            if (!numparse_int(argv[i], 1, GAME_MAX_HEROES, &o.heroes))
                return protocol_refuse(a, "'%s' heroes: a generated party is 1 to %d heroes",
                                       argv[i], GAME_MAX_HEROES);
            continue;
        }
        if (!gen_size_parse(argv[i], &o.width, &o.height))
            return protocol_refuse(a, "'%s' is neither a size WxH (each side %d to %d), a difficulty "
                                      "nor a hero count; %s",
                          argv[i], GEN_MIN_SIDE, PROTOCOL_GEN_MAX_SIDE, usage);
    }
    Mission *m = within_cap(&o, a) ? generate(p, &o, a) : NULL;
    if (!m)
        return false;
    protocol_campaign_end(p); /* a mission of one's own ends the campaign */
    GameSetup keep = p->setup;
    p->setup = (GameSetup){.monster_player = p->monsters_human};
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
