/* The command line (cliargs.h): getopt_long in RETURN_IN_ORDER mode (a
 * leading '-' in the option string), so FILE arguments come back in
 * order wherever they stand ("--check --strict FILE" and "FILE --check"
 * read alike) whatever POSIXLY_CORRECT says, and with ':' so a missing
 * argument is told apart from an unknown option. getopt's own messages
 * are off: ours name the option and point to --help, in one line. */
#define _GNU_SOURCE /* getopt_long */
#include "cliargs.h"

#include "../core/board.h"
#include "../core/numparse.h"
#include "../core/suggest.h"
#include "config.h"
#include "../core/i18n.h"

#include <getopt.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#define CLI_MAX_MODES 32
/* getopt_long's val for each kind: short options keep their letter. */
#define CODE_FILE 1
#define CODE_HELP 'h'
#define CODE_VERSION 0x300
#define CODE_MODE 0x100 /* + the mode's index */
#define CODE_OPT 0x200  /* + the CliOpt */

/* A problem with the command line: "questboard: " and fmt's text, then
 * where to look, on one line of stderr. */
__attribute__((format(printf, 1, 2))) static void complain(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("questboard: ", stderr);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fprintf(stderr, "%s\n", _(" (see questboard --help)"));
}

typedef struct OptSpec {
    const char *name;
    const char *arg; /* what its argument is, for messages; NULL: a flag */
} OptSpec;

static const OptSpec OPTS[CLI_OPT_COUNT] = {
    [CLI_OPT_SIZE] = {"size", N_("WxH")},
    [CLI_OPT_SEED] = {"seed", N_("a number")},
    [CLI_OPT_STYLE] = {"style", N_("a style")},
    [CLI_OPT_HEROES] = {"heroes", N_("a number")},
    [CLI_OPT_DIFFICULTY] = {"difficulty", N_("a difficulty")},
    [CLI_OPT_FORCE] = {"force", NULL},
    [CLI_OPT_STRICT] = {"strict", NULL},
    [CLI_OPT_JOBS] = {"jobs", N_("a number")},
    [CLI_OPT_FORMAT] = {"format", N_("text or json")},
    [CLI_OPT_MAX_SIDE] = {"max-side", N_("a number")},
    [CLI_OPT_MAX_SQUARES] = {"max-squares", N_("a number")},
    [CLI_OPT_MAX_ROOMS] = {"max-rooms", N_("a number")},
    [CLI_OPT_TOPOLOGY] = {"topology", N_("a topology")},
    [CLI_OPT_DEBUG] = {"debug", NULL},
    [CLI_OPT_LABELS] = {"labels", N_("room, type or coords")},
    [CLI_OPT_REVEAL] = {"reveal", NULL},
    [CLI_OPT_TILES] = {"tiles", N_("a folder DIR")},
    [CLI_OPT_SPRITES] = {"sprites", N_("a folder DIR")},
    [CLI_OPT_BIND] = {"bind", N_("an address")},
    [CLI_OPT_PORT] = {"port", N_("a number")},
    [CLI_OPT_DATA] = {"data", N_("a folder DIR")},
    [CLI_OPT_MISSIONS] = {"missions", N_("a folder DIR")},
    [CLI_OPT_MAX_GAMES] = {"max-games", N_("a number")},
    [CLI_OPT_NAME] = {"name", N_("a name")},
    [CLI_OPT_EDIT] = {"edit", NULL},
    [CLI_OPT_TITLE] = {"title", N_("a text")},
    [CLI_OPT_AUTHOR] = {"author", N_("a text")},
    [CLI_OPT_LICENCE] = {"licence", N_("a text")},
    [CLI_OPT_VERIFY] = {"verify", NULL},
    [CLI_OPT_AT] = {"at", N_("a number")},
    [CLI_OPT_VIEW] = {"view", N_("heroes, monsters or all")},
};

/* What the reader sees: the modes and getopt_long's table built from
 * them and OPTS. */
typedef struct Reader {
    const CliMode *const *modes;
    size_t mode_count;
    struct option table[CLI_MAX_MODES + CLI_OPT_COUNT + 3];
} Reader;

static void build_table(Reader *r)
{
    size_t n = 0;
    for (size_t i = 0; i < r->mode_count; i++)
        if (r->modes[i]->option)
            r->table[n++] = (struct option){r->modes[i]->option,
                                            r->modes[i]->arg ? required_argument : no_argument,
                                            NULL, CODE_MODE + (int)i};
    for (int o = 0; o < CLI_OPT_COUNT; o++)
        r->table[n++] = (struct option){OPTS[o].name, OPTS[o].arg ? required_argument : no_argument,
                                        NULL, CODE_OPT + o};
    r->table[n++] = (struct option){"help", no_argument, NULL, CODE_HELP};
    r->table[n++] = (struct option){"version", no_argument, NULL, CODE_VERSION};
    r->table[n] = (struct option){NULL, 0, NULL, 0};
}

/* A table's text (N_) in the reader's language; "" and NULL as they are
 * (gettext's "" is the catalogue's header). */
static const char *tr(const char *text)
{
    return text && *text ? _(text) : text;
}

/* "--check", or for the mode without an option, what it does. */
static void mode_label(const CliMode *m, char *buf, size_t size)
{
    if (m->option)
        snprintf(buf, size, "--%s", m->option);
    else
        /* TRANSLATORS: shown after "does not go with" and "goes with" */
        snprintf(buf, size, "%s", _("a MISSION to play"));
}

/* The long option named by code (a mode's or an option's), for messages. */
static const char *code_name(const Reader *r, int code)
{
    for (const struct option *o = r->table; o->name; o++)
        if (o->val == code)
            return o->name;
    return "?";
}

static const char *code_arg(const Reader *r, int code)
{
    if (code >= CODE_OPT && code < CODE_OPT + CLI_OPT_COUNT)
        return tr(OPTS[code - CODE_OPT].arg);
    if (code >= CODE_MODE && code < CODE_MODE + (int)r->mode_count)
        return tr(r->modes[code - CODE_MODE]->arg);
    return _("an argument");
}

/* An argument getopt_long did not know: ambiguous (a prefix of several),
 * a short option, or unknown (with the closest name, if one is close). */
static void report_unknown(const Reader *r, const char *text)
{
    if (strncmp(text, "--", 2) != 0) {
        complain(_("unknown option '%s'"), text);
        return;
    }
    const char *word = text + 2;
    size_t len = strcspn(word, "=");
    char matches[512] = "";
    int count = 0;
    Suggestion s;
    char typed[64];
    snprintf(typed, sizeof typed, "%.*s", (int)(len < 63 ? len : 63), word);
    suggest_begin(&s, typed);
    for (const struct option *o = r->table; o->name; o++) {
        suggest_offer(&s, o->name);
        if (len && strncmp(o->name, word, len) == 0 && strlen(matches) + strlen(o->name) + 4 < sizeof matches) {
            strcat(matches, count ? ", --" : "--");
            strcat(matches, o->name);
            count++;
        }
    }
    if (count > 1)
        complain(_("'%s' could be %s: write it whole"), text, matches);
    else if (suggest_result(&s))
        complain(_("unknown option '%s'; did you mean --%s?"), text,
                suggest_result(&s));
    else
        complain(_("unknown option '%s'"), text);
}

/* getopt_long's '?' and ':' as one line each. */
static void report_bad(const Reader *r, int c, int argc, char **argv)
{
    const char *text = optind > 0 && optind <= argc ? argv[optind - 1] : "?";
    if (c == ':' && optopt >= CODE_MODE)
        complain(_("--%s needs %s"), code_name(r, optopt),
                code_arg(r, optopt));
    else if (c == ':')
        complain(_("-%c needs an argument"), optopt);
    else if (optopt >= CODE_MODE || optopt == CODE_HELP)
        complain(_("--%s takes no argument ('%s')"),
                code_name(r, optopt), text);
    else if (optopt)
        complain(_("unknown option '-%c'"), optopt);
    else
        report_unknown(r, text);
}

static void usage(const Reader *r, FILE *out)
{
    fputs(_("usage: questboard [OPTIONS] [MISSION]\n\n"), out);
    for (size_t i = 0; i < r->mode_count; i++)
        r->modes[i]->usage(out);
    cliargs_usage_limits(out);
    fprintf(out, "  --help, --version\n");
}

/* Modes that also take a second mode's option, its argument into
 * CliArgs.with_arg (in either order on the command line). */
static const char *const WITH[][2] = {{"replay", "screenshot"}, {"pack", "replay"}};

static bool takes_with(const CliMode *mode, const CliMode *other)
{
    for (size_t i = 0; i < sizeof WITH / sizeof *WITH; i++)
        if (mode->option && other->option && !strcmp(mode->option, WITH[i][0]) &&
            !strcmp(other->option, WITH[i][1]))
            return true;
    return false;
}

/* What one getopt_long answer means for args; false after a message.
 * *done is set for --help and --version. */
static bool take(const Reader *r, int c, CliArgs *a, int *done)
{
    if (c == CODE_HELP || c == CODE_VERSION) {
        *done = c;
        return true;
    }
    if (c == CODE_FILE) {
        if (a->file_count < CLI_MAX_FILES)
            a->files[a->file_count] = optarg;
        a->file_count++;
        return true;
    }
    if (c >= CODE_OPT && c < CODE_OPT + CLI_OPT_COUNT) {
        a->value[c - CODE_OPT] = optarg ? optarg : "";
        return true;
    }
    const CliMode *m = r->modes[c - CODE_MODE];
    if (a->mode && a->mode != m && takes_with(a->mode, m)) {
        a->with_arg = optarg;
        return true;
    }
    if (a->mode && a->mode != m && takes_with(m, a->mode)) {
        a->with_arg = a->mode_arg; /* the other mode came first */
        a->mode = m;
        a->mode_arg = optarg;
        return true;
    }
    if (a->mode && a->mode != m) {
        complain(_("--%s and --%s are two modes: one at a time"),
                a->mode->option, m->option);
        return false;
    }
    a->mode = m;
    a->mode_arg = optarg;
    return true;
}

/* An option the mode does not take: named, with the modes that do. */
static void report_misplaced(const Reader *r, CliOpt opt, const CliMode *mode)
{
    char label[64], with[512] = "";
    size_t n = 0;
    for (size_t i = 0; i < r->mode_count; i++)
        if (r->modes[i]->options & CLI_BIT(opt))
            n++;
    size_t k = 0;
    for (size_t i = 0; i < r->mode_count; i++) {
        if (!(r->modes[i]->options & CLI_BIT(opt)))
            continue;
        mode_label(r->modes[i], label, sizeof label);
        size_t len = strlen(with);
        snprintf(with + len, sizeof with - len, "%s%s",
                 k == 0 ? "" : k + 1 == n ? _(" or ") : ", ", label);
        k++;
    }
    mode_label(mode, label, sizeof label);
    complain(_("--%s does not go with %s; it goes with %s"),
            OPTS[opt].name, label, with);
}

/* The mode's options and FILE count; false after a message. */
static bool check_mode(const Reader *r, const CliArgs *a)
{
    const CliMode *m = a->mode;
    for (int o = 0; o < CLI_OPT_COUNT; o++)
        if (a->value[o] && !(m->options & CLI_BIT(o))) {
            report_misplaced(r, (CliOpt)o, m);
            return false;
        }
    char label[64];
    if (m->option)
        snprintf(label, sizeof label, "--%s%s%s", m->option, m->arg ? " " : "",
                 m->arg ? tr(m->arg) : "");
    else
        snprintf(label, sizeof label, "questboard");
    if (a->file_count < m->min_files) {
        complain(_("%s needs %s"), label, tr(m->files));
        return false;
    }
    if (a->file_count <= m->max_files)
        return true;
    if (m->max_files == 0)
        complain(_("%s takes no FILE, not '%s'"), label, a->files[0]);
    else if (m->max_files == 1)
        complain(_("one FILE only, not both %s and %s"), a->files[0],
                a->files[1]);
    else
        complain(_("%s takes %s, not also '%s'"), label, tr(m->files),
                m->max_files < CLI_MAX_FILES ? a->files[m->max_files] : _("more"));
    return false;
}

int cliargs_main(int argc, char **argv, const CliMode *const *modes, size_t count)
{
    Reader r = {modes, count < CLI_MAX_MODES ? count : CLI_MAX_MODES, {{0}}};
    build_table(&r);
    CliArgs a = {0};
    int done = 0, c;
    opterr = 0;
    while ((c = getopt_long(argc, argv, "-:h", r.table, NULL)) != -1) {
        if (c == '?' || c == ':') {
            report_bad(&r, c, argc, argv);
            return 2;
        }
        if (!take(&r, c, &a, &done))
            return 2;
    }
    /* after "--", the rest are FILEs (getopt stops there) */
    for (optarg = NULL; optind < argc; optind++) {
        optarg = argv[optind];
        take(&r, CODE_FILE, &a, &done);
    }
    if (done == CODE_HELP) {
        usage(&r, stdout);
        return 0;
    }
    if (done == CODE_VERSION) {
        printf("questboard %s\n", QB_VERSION);
        return 0;
    }
    for (size_t i = 0; !a.mode && i < r.mode_count; i++)
        if (!r.modes[i]->option)
            a.mode = r.modes[i];
    if (!a.mode || !check_mode(&r, &a))
        return 2;
    return a.mode->run(&a);
}

/* --- reading values ---------------------------------------------------- */

bool cliargs_given(const CliArgs *a, CliOpt opt)
{
    return a->value[opt] != NULL;
}

const char *cliargs_name(CliOpt opt)
{
    static char names[CLI_OPT_COUNT][24];
    if (!names[opt][0])
        snprintf(names[opt], sizeof names[opt], "--%s", OPTS[opt].name);
    return names[opt];
}

bool cliargs_number(const char *what, const char *text, long long min, long long max,
                    long long *out)
{
    if (numparse_ll(text, min, max, out))
        return true;
    fprintf(stderr, _("questboard: %s needs a whole number from %lld to %lld, not '%s'\n"), what, min,
            max, text ? text : "");
    return false;
}

bool cliargs_int(const CliArgs *a, CliOpt opt, int min, int max, int *out)
{
    long long v;
    if (!a->value[opt])
        return true;
    if (!cliargs_number(cliargs_name(opt), a->value[opt], min, max, &v))
        return false;
    *out = (int)v;
    return true;
}

bool cliargs_seed(const CliArgs *a, uint64_t *out)
{
    const char *s = a->value[CLI_OPT_SEED];
    if (!s || numparse_u64(s, out))
        return true;
    fprintf(stderr, _("questboard: --seed needs a whole number from 0 to %llu, not '%s'\n"),
            (unsigned long long)UINT64_MAX, s);
    return false;
}

bool cliargs_size(const CliArgs *a, int min, int max, const char *unit, int *w, int *h)
{
    const char *s = a->value[CLI_OPT_SIZE];
    if (!s || numparse_pair(s, 'x', min, max, w, h))
        return true;
    fprintf(stderr, _("questboard: --size needs WxH in %s, each side from %d to %d, not '%s'\n"), unit,
            min, max, s);
    return false;
}

int cliargs_choice(const CliArgs *a, CliOpt opt, const char *const *names, int count,
                   int fallback)
{
    const char *s = a->value[opt];
    if (!s)
        return fallback;
    for (int i = 0; i < count; i++)
        if (strcmp(s, names[i]) == 0)
            return i;
    char list[512] = "";
    for (int i = 0; i < count; i++) {
        size_t len = strlen(list);
        snprintf(list + len, sizeof list - len, "%s%s",
                 i == 0 ? "" : i + 1 == count ? _(" or ") : ", ", names[i]);
    }
    const char *near = suggest_closest(s, names, (size_t)count);
    if (near)
        fprintf(stderr, _("questboard: --%s needs %s, not '%s' (did you mean %s?)\n"),
                OPTS[opt].name, list, s, near);
    else
        fprintf(stderr, _("questboard: --%s needs %s, not '%s'\n"), OPTS[opt].name, list, s);
    return -1;
}

bool cliargs_limits(const CliArgs *a, BitmapLimits *out, Grid *shape)
{
    *out = bitmap_default_limits();
    long long squares = out->max_squares, rooms = BOARD_DEFAULT_MAX_ROOMS;
    if (!cliargs_int(a, CLI_OPT_MAX_SIDE, 1, 1 << 30, &out->max_side))
        return false;
    if (a->value[CLI_OPT_MAX_SQUARES] &&
        !cliargs_number("--max-squares", a->value[CLI_OPT_MAX_SQUARES], 1, INT64_MAX, &squares))
        return false;
    if (a->value[CLI_OPT_MAX_ROOMS] &&
        !cliargs_number("--max-rooms", a->value[CLI_OPT_MAX_ROOMS], 1, INT64_MAX, &rooms))
        return false;
    out->max_squares = squares;
    if (a->value[CLI_OPT_MAX_ROOMS])
        out->max_rooms = rooms;
    const char *t = a->value[CLI_OPT_TOPOLOGY];
    if (!t)
        return true;
    if (!grid_parse_shape(t, shape)) {
        fprintf(stderr,
                _("questboard: --topology needs square, square8, square8:P/Q (P and Q from 1 to "
                  "%d), hex or hex:even, not '%s'\n"),
                GRID_MAX_RATIO, t);
        return false;
    }
    out->shape = shape;
    return true;
}

void cliargs_usage_limits(FILE *out)
{
    fprintf(out,
            _("  --max-side N         refuse bitmaps wider or taller than N (default %d)\n"
              "  --max-squares N      refuse bitmaps of more than N squares (default %lld)\n"
              "  --max-rooms N        refuse boards with more than N rooms (default %d)\n"
              "  --topology T         the board's topology instead of the mission's: square,\n"
              "                       square8 (square8:7/5 sets the diagonal cost), hex\n"
              "                       (hex:even shifts the even rows)\n"),
            BITMAP_DEFAULT_MAX_SIDE, (long long)BITMAP_DEFAULT_MAX_SQUARES,
            BOARD_DEFAULT_MAX_ROOMS);
}
