#define _POSIX_C_SOURCE 200809L
#include "gencli.h"

#include "../gen/genfile.h"
#include "paths.h"

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
