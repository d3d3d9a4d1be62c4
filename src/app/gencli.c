#define _POSIX_C_SOURCE 200809L
#include "gencli.h"

#include "../gen/genfile.h"
#include "paths.h"
#include "../core/i18n.h"

#include <inttypes.h>
#include <stdint.h>
#include <time.h>
#include <unistd.h>

int gencli_run(const char *dir, const GenOptions *o, bool force, FILE *out)
{
    char assets[4096], xml_path[4200];
    paths_data_file("assets", assets, sizeof assets);
    ErrorList errs;
    errors_init(&errs, 0);
    GenResult r;
    if (!genfile_generate(assets, o, dir, force, &r, xml_path, sizeof xml_path, &errs)) {
        errors_print(&errs, stderr);
        errors_clear(&errs);
        return 2;
    }
    fprintf(out,
            "%s seed=%" PRIu64 " style=%s size=%dx%d difficulty=%s heroes=%d rooms=%d "
            "monsters=%d attempts=%d ms=%.1f\n",
            xml_path, o->seed, gen_style_name(o->style), o->width, o->height,
            gen_difficulty_name(o->difficulty), o->heroes, r.stats.rooms, r.stats.monsters,
            r.stats.attempts, r.stats.total_ms);
    gen_result_free(&r);
    errors_clear(&errs);
    return 0;
}

uint64_t gencli_fresh_seed(void)
{
    uint64_t seed = 0;
    FILE *f = fopen("/dev/urandom", "rb");
    if (f) {
        if (fread(&seed, sizeof seed, 1, f) != 1)
            seed = 0;
        fclose(f);
    }
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    seed ^= (uint64_t)ts.tv_sec * 1000000007u ^ (uint64_t)ts.tv_nsec ^ (uint64_t)getpid() << 32;
    /* seeds people type stay short: keep it below ten digits */
    return seed % 1000000000u;
}

static void gencli_usage(FILE *out)
{
    fprintf(out,
            _("  --generate DIR       write a new random mission into folder DIR and print\n"
              "                       its path and seed (docs/generator.md), with\n"
              "    --style S            dungeon (default), caverns or wilds\n"
              "    --seed N             0 to 18446744073709551615 (default: a new one)\n"
              "    --size WxH           board squares, %d to %d a side (default %dx%d)\n"
              "    --heroes N           party size 1-4 (default 4)\n"
              "    --difficulty D       easy, normal (default) or hard\n"
              "    --force              replace the folder's mission if there is one\n"),
            GEN_MIN_SIDE, GEN_MAX_SIDE, GEN_DEFAULT_WIDTH, GEN_DEFAULT_HEIGHT);
}

static int gencli_main(const CliArgs *a)
{
    const char *styles[GEN_STYLE_COUNT], *difficulties[GEN_DIFFICULTY_COUNT];
    for (int i = 0; i < GEN_STYLE_COUNT; i++)
        styles[i] = gen_style_name((GenStyle)i);
    for (int i = 0; i < GEN_DIFFICULTY_COUNT; i++)
        difficulties[i] = gen_difficulty_name((GenDifficulty)i);
    GenOptions o = gen_default_options();
    int style = cliargs_choice(a, CLI_OPT_STYLE, styles, GEN_STYLE_COUNT, (int)o.style);
    int difficulty =
        cliargs_choice(a, CLI_OPT_DIFFICULTY, difficulties, GEN_DIFFICULTY_COUNT, (int)o.difficulty);
    if (style < 0 || difficulty < 0 ||
        !cliargs_size(a, GEN_MIN_SIDE, GEN_MAX_SIDE, C_("size unit", "squares"), &o.width,
                      &o.height) ||
        !cliargs_int(a, CLI_OPT_HEROES, 1, 4, &o.heroes))
        return 2;
    o.style = (GenStyle)style;
    o.difficulty = (GenDifficulty)difficulty;
    o.seed = gencli_fresh_seed();
    if (!cliargs_seed(a, &o.seed))
        return 2;
    return gencli_run(a->mode_arg, &o, cliargs_given(a, CLI_OPT_FORCE), stdout);
}

const CliMode gencli_mode = {"generate", N_("DIR"), 0, 0, "",
                             CLI_BIT(CLI_OPT_STYLE) | CLI_BIT(CLI_OPT_SEED) | CLI_BIT(CLI_OPT_SIZE) |
                                 CLI_BIT(CLI_OPT_HEROES) | CLI_BIT(CLI_OPT_DIFFICULTY) |
                                 CLI_BIT(CLI_OPT_FORCE),
                             gencli_usage, gencli_main};
