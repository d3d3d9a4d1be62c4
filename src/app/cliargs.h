/* The command line: glibc's getopt_long over a table of modes.
 *
 * A mode is what the program does this run: play (no mode option),
 * --check, --generate, --simulate... Each mode is one CliMode, defined
 * beside its handler, which says which options and how many FILE
 * arguments it takes, prints its lines of --help, and reads its option
 * values itself (with the strict readers below) before it runs. main.c
 * lists the modes; cliargs_main reads argv against them: unknown or
 * ambiguous options, a missing argument, two modes at once, an option
 * the mode does not take and the wrong number of FILEs are refused here
 * with one line and a pointer to --help (exit 2), before any handler
 * runs.
 */
#pragma once

#include "../core/grid.h"
#include "../mission/bitmap.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* The options a mode may take (mode options such as --check, and --help
 * and --version, are not among them). */
typedef enum CliOpt {
    CLI_OPT_SIZE,
    CLI_OPT_SEED,
    CLI_OPT_STYLE,
    CLI_OPT_HEROES,
    CLI_OPT_DIFFICULTY,
    CLI_OPT_FORCE,
    CLI_OPT_STRICT,
    CLI_OPT_JOBS,
    CLI_OPT_FORMAT,
    CLI_OPT_MAX_SIDE,
    CLI_OPT_MAX_SQUARES,
    CLI_OPT_MAX_ROOMS,
    CLI_OPT_TOPOLOGY,
    CLI_OPT_DEBUG,
    CLI_OPT_LABELS,
    CLI_OPT_REVEAL,
    CLI_OPT_TILES,
    CLI_OPT_SPRITES,
    CLI_OPT_BIND,
    CLI_OPT_PORT,
    CLI_OPT_DATA,
    CLI_OPT_MISSIONS,
    CLI_OPT_MAX_GAMES,
    CLI_OPT_NAME,
    CLI_OPT_EDIT,
    CLI_OPT_TITLE,
    CLI_OPT_AUTHOR,
    CLI_OPT_LICENCE,
    CLI_OPT_VERIFY,
    CLI_OPT_AT,
    CLI_OPT_VIEW,
    CLI_OPT_COUNT
} CliOpt;

/* A mode's set of options: CLI_BIT(CLI_OPT_SIZE) | ... */
#define CLI_BIT(opt) (1u << (opt))
/* The bitmap limits and --topology, which every mode loading a mission
 * takes. */
#define CLI_LIMITS                                                                        \
    (CLI_BIT(CLI_OPT_MAX_SIDE) | CLI_BIT(CLI_OPT_MAX_SQUARES) | CLI_BIT(CLI_OPT_MAX_ROOMS) | \
     CLI_BIT(CLI_OPT_TOPOLOGY))

/* Most FILE arguments kept (a mode taking fewer is told of the extra). */
#define CLI_MAX_FILES 4

struct CliMode;

/* One run's command line, as read. */
typedef struct CliArgs {
    const struct CliMode *mode;
    const char *mode_arg;              /* the mode option's argument: --generate DIR */
    const char *with_arg;              /* the argument of a second mode option the mode
                                          takes (--replay FILE --screenshot OUT: OUT;
                                          cliargs.c, WITH), NULL: not given */
    const char *value[CLI_OPT_COUNT];  /* each option's argument (the last given); "" for
                                          a flag given; NULL: not given */
    const char *files[CLI_MAX_FILES];  /* the FILE arguments, in order */
    int file_count;
} CliArgs;

typedef struct CliMode {
    const char *option;   /* "check" for --check; NULL: the mode without one (play) */
    const char *arg;      /* the mode option's argument ("DIR"), NULL: it takes none */
    int min_files, max_files;
    const char *files;    /* the FILEs it wants, for messages: "a FILE" */
    unsigned options;     /* CLI_BIT of each option it takes */
    void (*usage)(FILE *out); /* its lines of --help */
    int (*run)(const CliArgs *args); /* reads its options, runs; the exit status */
} CliMode;

/* Reads argv against modes (count of them, in --help's order, one of them
 * with a NULL option) and runs the mode asked for. Returns the exit
 * status: the mode's, 0 after --help or --version, 2 after a message on
 * stderr. */
int cliargs_main(int argc, char **argv, const CliMode *const *modes, size_t count);

/* True when the option was given. */
bool cliargs_given(const CliArgs *a, CliOpt opt);

/* The name of an option as typed: "--size". */
const char *cliargs_name(CliOpt opt);

/* Reads text as a whole number from min to max into *out. False after
 * printing "questboard: WHAT needs a whole number from MIN to MAX, not
 * 'TEXT'" (what is the option, e.g. "--simulate"). */
bool cliargs_number(const char *what, const char *text, long long min, long long max,
                    long long *out);

/* Reads option opt's value as a number from min to max into *out; *out
 * is untouched when the option was not given. False after a message. */
bool cliargs_int(const CliArgs *a, CliOpt opt, int min, int max, int *out);

/* --seed: 0 to 18446744073709551615 into *out when given. */
bool cliargs_seed(const CliArgs *a, uint64_t *out);

/* --size WxH, each side from min to max (unit names them in the message:
 * "pixels", "squares"), into *w, *h when given. */
bool cliargs_size(const CliArgs *a, int min, int max, const char *unit, int *w, int *h);

/* Option opt's value as one of names (count of them): its index, or
 * fallback when not given; -1 after a message naming the choices. */
int cliargs_choice(const CliArgs *a, CliOpt opt, const char *const *names, int count,
                   int fallback);

/* The bitmap limits (--max-side, --max-squares, --max-rooms, their
 * defaults otherwise) and --topology into *out; the topology's grid is
 * kept in *shape, which must outlive *out. False after a message. */
bool cliargs_limits(const CliArgs *a, BitmapLimits *out, Grid *shape);

/* --help's lines for the bitmap limits and --topology. */
void cliargs_usage_limits(FILE *out);
