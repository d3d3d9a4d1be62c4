/* questboard: command line entry point. */
#include "app.h"
#include "../core/board.h"
#include "cli.h"
#include "config.h"
#include "gencli.h"
#include "importcli.h"
#include "paths.h"
#include "protocol.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef enum Mode {
    MODE_PLAY,
    MODE_CHECK,
    MODE_DUMP_ROOMS,
    MODE_SIMULATE,
    MODE_PROTOCOL,
    MODE_GENERATE,
    MODE_IMPORT,
    MODE_HELP,
    MODE_VERSION
} Mode;

typedef struct Options {
    Mode mode;
    const char *file;
    const char *import_dir; /* --import QUEST DIR: the folder */
    BitmapLimits limits;
    AppOptions app;
    CliSimulate sim;
    bool sim_option; /* --jobs or --format given */
    const char *size;   /* --size as given: window pixels, or the board for --generate */
    const char *seed;   /* --seed as given: --simulate's first seed or --generate's seed */
    GenOptions gen;     /* --generate and its options */
    bool force;
    bool strict;     /* --strict: --check's warnings fail it */
} Options;

static void usage(FILE *out)
{
    fprintf(out,
            "usage: questboard [OPTIONS] [MISSION]\n"
            "\n"
            "  MISSION              a mission XML file or a bare bitmap (PNG or BMP) to\n"
            "                       play; without it the title screen opens (and\n"
            "                       --screenshot draws the bundled first-light mission)\n"
            "  --check FILE         load FILE, print its warnings and one line of facts,\n"
            "                       exit 0 (2 on errors)\n"
            "    --strict           warnings fail the check too (exit 2)\n"
            "  --dump-rooms FILE    print 'W H N' and the room index of every square\n"
            "  --protocol           play through the text protocol on stdin/stdout\n"
            "                       (docs/protocol.md)\n"
            "  --generate DIR       write a new random mission into folder DIR and print\n"
            "                       its path and seed (docs/generator.md), with\n"
            "    --style S            dungeon (default), caverns or wilds\n"
            "    --seed N             0 to 18446744073709551615 (default: a new one)\n"
            "    --size WxH           board squares, %d to %d a side (default %dx%d)\n"
            "    --heroes N           party size 1-4 (default 4)\n"
            "    --difficulty D       easy, normal (default) or hard\n"
            "    --force              replace the folder's mission if there is one\n"
            "  --import QUEST DIR   convert a HeroScribe quest (.xml) into mission folder\n"
            "                       DIR (docs/heroscribe.md); with --force to replace\n"
            "                       its mission, --strict to refuse it on warnings\n"
            "  --simulate N MISSION play N games with the bot, print a balance report\n"
            "                       (a campaign file: each of its quests in turn)\n"
            "    --jobs K           on K threads (default 1)\n"
            "    --seed S           seeds S..S+N-1 (default 1)\n"
            "    --format text|json the report's format (default text)\n"
            "  --max-side N         refuse bitmaps wider or taller than N (default %d)\n"
            "  --max-squares N      refuse bitmaps with more than N squares (default %lld)\n"
            "  --max-rooms N        refuse boards with more than N rooms (default %d)\n"
            "  --topology T         the board's topology instead of the mission's: square,\n"
            "                       square8 (square8:7/5 sets the diagonal cost), hex\n"
            "                       (hex:even shifts the even rows)\n"
            "  --screenshot OUT.png draw one frame without a display, write it, exit\n"
            "  --size WxH           window or screenshot size in pixels\n"
            "  --seed N             the game's seed when playing MISSION (default: a new\n"
            "                       one): the same seed and moves play the same game\n"
            "  --debug              start with the debug overlay on (F3 toggles it)\n"
            "  --labels WHAT        the overlay on, writing room numbers (room), square\n"
            "                       types (type) or coordinates (coords) on the squares\n"
            "  --reveal             also show what the heroes have not found: traps,\n"
            "                       secret doors, hidden treasure (and no fog of war)\n"
            "  --tiles DIR          floor tiles from DIR instead of assets/tiles\n"
            "  --sprites DIR        sprites from DIR instead of assets/sprites\n"
            "  --help, --version\n",
            GEN_MIN_SIDE, GEN_MAX_SIDE, GEN_DEFAULT_WIDTH, GEN_DEFAULT_HEIGHT,
            BITMAP_DEFAULT_MAX_SIDE, (long long)BITMAP_DEFAULT_MAX_SQUARES,
            BOARD_DEFAULT_MAX_ROOMS);
}

static bool parse_long(const char *s, long long min, long long *out)
{
    char *end;
    errno = 0;
    long long v = strtoll(s, &end, 10);
    if (errno || *end || end == s || v < min)
        return false;
    *out = v;
    return true;
}

static bool parse_limit(const char *opt, const char *arg, Options *o)
{
    long long v;
    if (!arg || !parse_long(arg, 1, &v) || (strcmp(opt, "--max-side") == 0 && v > 1 << 30)) {
        fprintf(stderr, "questboard: %s needs a positive number\n", opt);
        return false;
    }
    if (strcmp(opt, "--max-side") == 0)
        o->limits.max_side = (int)v;
    else if (strcmp(opt, "--max-rooms") == 0)
        o->limits.max_rooms = v;
    else
        o->limits.max_squares = v;
    return true;
}

/* --simulate N and its options; returns how many arguments it used (0:
 * not one of these, -1: bad). */
static int parse_sim_option(const char *a, const char *next, Options *o)
{
    long long v;
    if (strcmp(a, "--format") == 0) {
        if (!next || (strcmp(next, "json") != 0 && strcmp(next, "text") != 0)) {
            fprintf(stderr, "questboard: --format needs text or json\n");
            return -1;
        }
        o->sim.json = strcmp(next, "json") == 0;
        o->sim_option = true;
        return 2;
    }
    if (strcmp(a, "--simulate") != 0 && strcmp(a, "--jobs") != 0)
        return 0;
    long long max = strcmp(a, "--simulate") == 0 ? 1000000 : 64;
    if (!next || next[0] == '-' || !parse_long(next, 1, &v) || v > max) {
        fprintf(stderr, "questboard: %s needs a number from 1 to %lld\n", a, max);
        return -1;
    }
    if (strcmp(a, "--simulate") == 0) {
        o->mode = MODE_SIMULATE;
        o->sim.games = (int)v;
    } else {
        o->sim.jobs = (int)v;
        o->sim_option = true;
    }
    return 2;
}

static bool parse_seed(const char *arg, uint64_t *out)
{
    char *end;
    errno = 0;
    unsigned long long v = arg ? strtoull(arg, &end, 10) : 0;
    if (!arg || errno || *end || end == arg || arg[0] < '0' || arg[0] > '9') {
        fprintf(stderr, "questboard: --seed needs a whole number from 0 to 18446744073709551615\n");
        return false;
    }
    *out = v;
    return true;
}

/* The options of --generate but --seed; returns how many arguments it
 * used (0: not one of these, -1: bad). */
static int parse_gen_option(const char *a, const char *next, Options *o)
{
    long long v;
    if (strcmp(a, "--force") == 0) {
        o->force = true;
        return 1;
    }
    if (strcmp(a, "--style") == 0 && !gen_style_parse(next, &o->gen.style)) {
        fprintf(stderr, "questboard: --style needs dungeon, caverns or wilds\n");
        return -1;
    }
    if (strcmp(a, "--difficulty") == 0 && !gen_difficulty_parse(next, &o->gen.difficulty)) {
        fprintf(stderr, "questboard: --difficulty needs easy, normal or hard\n");
        return -1;
    }
    if (strcmp(a, "--heroes") == 0) {
        if (!next || !parse_long(next, 1, &v) || v > 4) {
            fprintf(stderr, "questboard: --heroes needs a number from 1 to 4\n");
            return -1;
        }
        o->gen.heroes = (int)v;
    }
    return strcmp(a, "--style") == 0 || strcmp(a, "--difficulty") == 0 ||
                   strcmp(a, "--heroes") == 0
               ? 2
               : 0;
}

/* --labels room|type|coords: the overlay, writing that on every square. */
static bool parse_labels(const char *arg, AppOptions *app)
{
    static const char *const names[] = {"room", "type", "coords"};
    for (int i = 0; i < 3; i++)
        if (arg && strcmp(arg, names[i]) == 0) {
            app->label = i;
            app->debug = true;
            return true;
        }
    fprintf(stderr, "questboard: --labels needs room, type or coords\n");
    return false;
}

static bool parse_size(const char *arg, AppOptions *app)
{
    int w, h;
    char tail;
    if (!arg || sscanf(arg, "%dx%d%c", &w, &h, &tail) != 2 || w < 16 || h < 16 || w > 16384 ||
        h > 16384) {
        fprintf(stderr, "questboard: --size needs WxH, each 16..16384\n");
        return false;
    }
    app->width = w;
    app->height = h;
    return true;
}

/* Options of the window and screenshots; returns how many arguments it
 * used (0: not one of these, -1: bad). */
static int parse_app_option(const char *a, const char *next, AppOptions *app)
{
    bool *flag = strcmp(a, "--debug") == 0 ? &app->debug : strcmp(a, "--reveal") == 0 ? &app->reveal : NULL;
    if (flag) {
        *flag = true;
        return 1;
    }
    if (strcmp(a, "--labels") == 0)
        return parse_labels(next, app) ? 2 : -1;
    const char **target = strcmp(a, "--screenshot") == 0 ? &app->screenshot
                          : strcmp(a, "--tiles") == 0    ? &app->tiles_dir
                          : strcmp(a, "--sprites") == 0  ? &app->sprites_dir
                                                         : NULL;
    if (!target)
        return 0;
    if (!next) {
        fprintf(stderr, "questboard: %s needs an argument\n", a);
        return -1;
    }
    *target = next;
    return 2;
}

/* --size means the window (or screenshot) in pixels, except with
 * --generate, where it is the board in squares; --seed is --generate's
 * seed, --simulate's first one, or the seed of the game of a MISSION
 * played in the window (the same seed and keys play the same game). */
static bool apply_size_and_seed(Options *o)
{
    bool play = o->mode == MODE_PLAY && o->file && !o->app.screenshot;
    if (o->seed && !parse_seed(o->seed, o->mode == MODE_GENERATE ? &o->gen.seed
                                        : play                   ? &o->app.seed
                                                                 : &o->sim.first_seed))
        return false;
    if (o->seed && play)
        o->app.has_seed = true;
    else if (o->seed && o->mode != MODE_GENERATE)
        o->sim_option = true;
    if (!o->size)
        return true;
    if (o->mode != MODE_GENERATE)
        return parse_size(o->size, &o->app);
    if (!gen_size_parse(o->size, &o->gen.width, &o->gen.height)) {
        fprintf(stderr, "questboard: --size with --generate needs WxH squares, each %d..%d\n",
                GEN_MIN_SIDE, GEN_MAX_SIDE);
        return false;
    }
    return true;
}

static bool parse_args(int argc, char **argv, Options *o)
{
    o->mode = MODE_PLAY;
    o->limits = bitmap_default_limits();
    o->sim = (CliSimulate){0, 1, 1, false};
    o->gen = gen_default_options();
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char *next = i + 1 < argc ? argv[i + 1] : NULL;
        int used;
        if (strcmp(a, "--size") == 0 || strcmp(a, "--seed") == 0 || strcmp(a, "--generate") == 0) {
            if (!next) {
                fprintf(stderr, "questboard: %s needs %s\n", a,
                        a[2] == 'g' ? "a folder DIR" : a[3] == 'i' ? "WxH" : "a number");
                return false;
            }
            if (a[2] == 'g') {
                o->mode = MODE_GENERATE;
                o->file = next;
            } else if (a[3] == 'i') {
                o->size = next;
            } else {
                o->seed = next;
            }
            i++;
        } else if ((used = parse_gen_option(a, next, o)) != 0) {
            if (used < 0)
                return false;
            i += used - 1;
        } else if (strcmp(a, "--check") == 0 || strcmp(a, "--dump-rooms") == 0) {
            o->mode = a[2] == 'c' ? MODE_CHECK : MODE_DUMP_ROOMS;
            /* "--check --strict FILE" is read as meant: an option right
             * after it is not its FILE. */
            if (next && !(next[0] == '-' && next[1]))
                o->file = argv[++i];
        } else if (strcmp(a, "--import") == 0) {
            if (!next || i + 2 >= argc) {
                fprintf(stderr, "questboard: --import needs a QUEST file and a folder DIR\n");
                return false;
            }
            o->mode = MODE_IMPORT;
            o->file = argv[++i];
            o->import_dir = argv[++i];
        } else if (strcmp(a, "--max-side") == 0 || strcmp(a, "--max-squares") == 0 ||
                   strcmp(a, "--max-rooms") == 0) {
            if (!parse_limit(a, next, o))
                return false;
            i++;
        } else if (strcmp(a, "--topology") == 0) {
            static Grid shape;
            if (!next || !grid_parse_shape(next, &shape)) {
                fprintf(stderr, "questboard: --topology needs square, square8, square8:P/Q (P and "
                                "Q from 1 to %d), hex or hex:even\n", GRID_MAX_RATIO);
                return false;
            }
            o->limits.shape = &shape;
            i++;
        } else if (strcmp(a, "--protocol") == 0) {
            o->mode = MODE_PROTOCOL;
        } else if (strcmp(a, "--strict") == 0) {
            o->strict = true;
        } else if ((used = parse_sim_option(a, next, o)) != 0) {
            if (used < 0)
                return false;
            i += used - 1;
        } else if ((used = parse_app_option(a, next, &o->app)) != 0) {
            if (used < 0)
                return false;
            i += used - 1;
        } else if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            o->mode = MODE_HELP;
        } else if (strcmp(a, "--version") == 0) {
            o->mode = MODE_VERSION;
        } else if (a[0] == '-' && a[1]) {
            fprintf(stderr, "questboard: unknown option %s (try --help)\n", a);
            return false;
        } else if (o->file) {
            fprintf(stderr, "questboard: one FILE only, not both %s and %s\n", o->file, a);
            return false;
        } else {
            o->file = a;
        }
    }
    if ((o->mode == MODE_CHECK || o->mode == MODE_DUMP_ROOMS) && !o->file) {
        fprintf(stderr, "questboard: %s needs a FILE\n",
                o->mode == MODE_CHECK ? "--check" : "--dump-rooms");
        return false;
    }
    if (!apply_size_and_seed(o))
        return false;
    if (o->mode == MODE_SIMULATE && !o->file) {
        fprintf(stderr, "questboard: --simulate N needs a MISSION\n");
        return false;
    }
    if (o->strict && o->mode != MODE_CHECK && o->mode != MODE_IMPORT) {
        fprintf(stderr, "questboard: --strict goes with --check FILE or --import QUEST DIR\n");
        return false;
    }
    if (o->sim_option && o->mode != MODE_SIMULATE) {
        fprintf(stderr, "questboard: --jobs and --format go with --simulate N MISSION, --seed with "
                        "--simulate, --generate or a MISSION to play\n");
        return false;
    }
    return true;
}

int main(int argc, char **argv)
{
    Options o = {0};
    if (!parse_args(argc, argv, &o)) {
        usage(stderr);
        return 2;
    }
    switch (o.mode) {
    case MODE_HELP:
        usage(stdout);
        return 0;
    case MODE_VERSION:
        printf("questboard %s\n", QB_VERSION);
        return 0;
    case MODE_CHECK:
        return cli_check(o.file, &o.limits, o.strict, stdout);
    case MODE_DUMP_ROOMS:
        return cli_dump_rooms(o.file, &o.limits, stdout);
    case MODE_SIMULATE:
        return cli_simulate(o.file, &o.limits, &o.sim, stdout);
    case MODE_PROTOCOL:
        return protocol_run(stdin, stdout);
    case MODE_GENERATE:
        if (!o.seed)
            o.gen.seed = gencli_fresh_seed();
        return gencli_run(o.file, &o.gen, o.force, stdout);
    case MODE_IMPORT:
        return importcli_run(o.file, o.import_dir, &o.limits, o.force, o.strict, stdout);
    case MODE_PLAY:
        break;
    }
    o.app.mission = o.file;
    o.app.limits = o.limits;
    return o.app.screenshot ? app_screenshot(&o.app) : app_play(&o.app);
}
