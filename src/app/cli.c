#include "cli.h"
#include "packcli.h"

#include "../bot/balance.h"
#include "../bot/booksim.h"
#include "../core/alloc.h"
#include "../core/board.h"
#include "../core/timer.h"
#include "../core/fileio.h"
#include "../mission/analysis.h"
#include "../mission/campaign.h"
#include "../mission/lint.h"
#include "../mission/load.h"
#include "../mission/mission.h"
#include "paths.h"
#include "../core/i18n.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

bool cli_is_mission_xml(const char *path)
{
    size_t n = strlen(path);
    return n >= 4 && strcasecmp(path + n - 4, ".xml") == 0;
}

bool cli_is_campaign_xml(const char *path)
{
    uint8_t head[4097];
    size_t got = 0;
    uint64_t size;
    char why[256];
    if (!cli_is_mission_xml(path) ||
        !fileio_read_head(path, head, sizeof head - 1, &got, &size, why, sizeof why))
        return false;
    head[got] = '\0';
    /* the first element after the declaration and comments */
    for (const char *p = (const char *)head; (p = strchr(p, '<'));) {
        if (p[1] == '?' || p[1] == '!') {
            const char *end = strchr(p, '>');
            if (!end)
                return false;
            p = end + 1;
            continue;
        }
        return strncmp(p, "<campaign", 9) == 0 && strchr(" \t\r\n>", p[9]);
    }
    return false;
}

Mission *cli_load_mission(const char *path, const BitmapLimits *limits, ErrorList *errs)
{
    char catalogue[4096];
    paths_data_file("assets/pieces.xml", catalogue, sizeof catalogue);
    MissionLoadOptions opts = {catalogue,          NULL,          limits->max_side,
                               limits->max_squares, limits->max_rooms, limits->shape};
    return mission_load(path, &opts, errs);
}

/* Loads a mission XML, printing every error; NULL when it failed. */
static Mission *load_or_report(const char *path, const BitmapLimits *limits, FILE *err)
{
    ErrorList errs;
    errors_init(&errs, 0);
    Mission *m = cli_load_mission(path, limits, &errs);
    if (!m)
        errors_print(&errs, err);
    errors_clear(&errs);
    return m;
}

static void dump_rooms(const Board *b, FILE *out)
{
    int w = board_width(b), h = board_height(b);
    fprintf(out, "%d %d %" PRId32 "\n", w, h, board_room_count(b));
    for (int y = 0; y < h; y++) {
        for (int x = 0; x < w; x++)
            fprintf(out, x ? " %" PRId32 : "%" PRId32, board_room(b, (BoardPos){x, y}));
        fputc('\n', out);
    }
}

int cli_dump_rooms(const char *path, const BitmapLimits *limits, FILE *out)
{
    if (cli_is_mission_xml(path)) {
        Mission *m = load_or_report(path, limits, stderr);
        if (!m)
            return 2;
        dump_rooms(m->board, out);
        mission_destroy(m);
        return 0;
    }
    char err[512];
    Board *b = load_board_bitmap(path, limits, NULL, 0, NULL, err, sizeof err);
    if (!b) {
        fprintf(stderr, "%s\n", err);
        return 2;
    }
    dump_rooms(b, out);
    board_destroy(b);
    return 0;
}

static void print_board_facts(const Board *b, double load_ms, FILE *out)
{
    BoardTimings t = board_timings(b);
    fprintf(out,
            "width=%d height=%d squares=%" PRId64 " walkable=%" PRId64 " rooms=%" PRId32
            " walls=%" PRId64 " load_ms=%.1f type_ms=%.1f label_ms=%.1f walls_ms=%.1f topology=%s",
            board_width(b), board_height(b), grid_area(board_grid(b)), board_walkable_count(b),
            board_room_count(b), board_wall_count(b), load_ms, t.type_ms, t.label_ms, t.walls_ms,
            grid_topology_name(board_grid(b)->topology));
    const Grid *g = board_grid(b);
    if (g->topology == GRID_SQUARE8)
        fprintf(out, " diagonal-cost=%d/%d", g->diag_num, g->diag_den);
    if (g->topology == GRID_HEX)
        fprintf(out, " hex-offset=%s", g->hex_even ? "even" : "odd");
}

/* Prints the warnings and notes; returns the exit status --check gives. */
static int report_warnings(ErrorList *warnings, ErrorList *notes, bool strict, FILE *err)
{
    errors_print(warnings, err);
    if (notes)
        errors_print(notes, err);
    return strict && errors_total(warnings) ? 2 : 0;
}

static int check_mission(const char *path, const BitmapLimits *limits, bool strict, FILE *out,
                         FILE *err)
{
    double t0 = timer_now_ms();
    Mission *m = load_or_report(path, limits, err);
    if (!m)
        return 2;
    double load_ms = timer_now_ms() - t0;
    ErrorList warnings, notes;
    errors_init(&warnings, 0);
    errors_init(&notes, 0);
    analysis_run(m, &warnings, &notes);
    int status = report_warnings(&warnings, &notes, strict, err);
    print_board_facts(m->board, load_ms, out);
    fprintf(out, " heroes=%zu monsters=%zu doors=%zu furniture=%zu objectives=%zu warnings=%zu\n",
            m->hero_count, m->monster_count, m->door_count, m->furniture_count,
            m->objective_count, errors_total(&warnings));
    errors_clear(&warnings);
    errors_clear(&notes);
    mission_destroy(m);
    return status;
}

/* Loads the campaign's missions, checking each against it once; a mission
 * path is shown as the campaign names it. */
static void check_campaign_missions(const Campaign *c, const char *catalogue,
                                    const Catalogue *cat, const BitmapLimits *limits,
                                    ErrorList *errs, ErrorList *warnings)
{
    MissionLoadOptions opts = {.catalogue_path = catalogue,
                               .catalogue = cat,
                               .max_side = limits->max_side,
                               .max_squares = limits->max_squares,
                               .max_rooms = limits->max_rooms};
    for (size_t i = 0; i < c->mission_count; i++) {
        /* a quest the book names again is checked once: a 3 KB campaign
         * naming one 737 KB quest 100 times took 64 s */
        bool again = false;
        for (size_t k = 0; k < i && !again; k++)
            again = strcmp(c->missions[k].path, c->missions[i].path) == 0;
        if (again)
            continue;
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", c->dir, c->missions[i].rel);
        Mission *m = mission_load(path, &opts, errs);
        if (m && campaign_check_mission(c, m, errs))
            analysis_run(m, warnings, NULL);
        mission_destroy(m);
    }
}

static int check_campaign(const char *path, const BitmapLimits *limits, bool strict, FILE *out,
                          FILE *err)
{
    double t0 = timer_now_ms();
    char catalogue[4096];
    paths_data_file("assets/pieces.xml", catalogue, sizeof catalogue);
    ErrorList errs, warnings;
    errors_init(&errs, 0);
    errors_init(&warnings, 0);
    Catalogue *cat = catalogue_load(catalogue, &errs);
    Campaign *c = cat ? campaign_load(path, catalogue, cat, &errs) : NULL;
    if (c)
        check_campaign_missions(c, catalogue, cat, limits, &errs, &warnings);
    int status = 2;
    if (errors_any(&errs)) {
        errors_print(&errs, err);
    } else {
        status = report_warnings(&warnings, NULL, strict, err);
        fprintf(out, "campaign=%s missions=%zu heroes=%d offers=%zu load_ms=%.1f warnings=%zu\n",
                c->id, c->mission_count, c->hero_count, c->offer_count, timer_now_ms() - t0,
                errors_total(&warnings));
    }
    campaign_destroy(c);
    catalogue_destroy(cat);
    errors_clear(&errs);
    errors_clear(&warnings);
    return status;
}

int cli_check(const char *path, const BitmapLimits *limits, bool strict, FILE *out)
{
    return cli_check_to(path, limits, strict, out, stderr);
}

int cli_check_to(const char *path, const BitmapLimits *limits, bool strict, FILE *out, FILE *err)
{
    if (pack_path_is_pack(path))
        return packcli_check(path, limits, strict, out);
    if (cli_is_campaign_xml(path))
        return check_campaign(path, limits, strict, out, err);
    if (cli_is_mission_xml(path))
        return check_mission(path, limits, strict, out, err);
    char why[512];
    double load_ms = 0;
    Board *b = load_board_bitmap(path, limits, NULL, 0, &load_ms, why, sizeof why);
    if (!b) {
        fprintf(err, "%s\n", why);
        return 2;
    }
    ErrorList warnings;
    errors_init(&warnings, 0);
    lint_board(b, NULL, path, &warnings);
    int status = report_warnings(&warnings, NULL, strict, err);
    print_board_facts(b, load_ms, out);
    fprintf(out, " warnings=%zu\n", errors_total(&warnings));
    errors_clear(&warnings);
    board_destroy(b);
    return status;
}

/* The balance report of mission m (path names it in messages); 2 after
 * printing why it cannot be played. */
static int report_mission(const Mission *m, const char *path, const CliSimulate *sim, FILE *out)
{
    BalanceOptions bo = {sim->games, sim->first_seed, sim->jobs, 0, NULL, NULL};
    char why[256];
    double t0 = timer_now_ms();
    BalanceReport *r = balance_run(m, &bo, why, sizeof why);
    if (!r) {
        fprintf(stderr, _("%s: cannot play this mission: %s\n"), path, why);
        return 2;
    }
    double seconds = (timer_now_ms() - t0) / 1000.0;
    if (sim->json)
        balance_print_json(r, seconds, out);
    else
        balance_print_text(r, seconds, out);
    balance_destroy(r);
    return 0;
}

static int simulate_mission(const char *path, const BitmapLimits *limits, const CliSimulate *sim,
                            FILE *out)
{
    Mission *m = load_or_report(path, limits, stderr);
    if (!m)
        return 2;
    int status = report_mission(m, path, sim, out);
    mission_destroy(m);
    return status;
}

/* The campaign's quests loaded with opts into missions (mission_count
 * entries, NULL past a failure); false after printing why one failed. */
static bool load_quests(const Campaign *c, const MissionLoadOptions *opts, Mission **missions)
{
    for (size_t i = 0; i < c->mission_count; i++) {
        ErrorList errs;
        errors_init(&errs, 0);
        missions[i] = mission_load(c->missions[i].path, opts, &errs);
        errors_print(&errs, stderr);
        errors_clear(&errs);
        if (!missions[i])
            return false;
    }
    return true;
}

/* N parties play the whole book, carrying what they win (booksim.h). */
static int simulate_book(const Campaign *c, const Catalogue *cat, Mission *const *missions,
                         const CliSimulate *sim, FILE *out)
{
    BookSimOptions bo = {sim->games, sim->first_seed, sim->jobs, 0};
    char why[256];
    double t0 = timer_now_ms();
    BookSimReport *r = booksim_run(c, cat, (const Mission *const *)missions, &bo, why, sizeof why);
    if (!r) {
        fprintf(stderr, _("%s: cannot play the book: %s\n"), c->path, why);
        return 2;
    }
    double seconds = (timer_now_ms() - t0) / 1000.0;
    if (sim->json)
        booksim_print_json(r, seconds, out);
    else
        booksim_print_text(r, seconds, out);
    booksim_destroy(r);
    return 0;
}

/* Every quest of a campaign in its order, each played alone by a fresh
 * party (its starting kits, no gold): how hard each quest is by itself;
 * then the whole book played by parties that carry their gold, rewards
 * and gear from quest to quest and shop between them: how the quests
 * weigh against what a party brings to them. */
static int simulate_campaign(const char *path, const BitmapLimits *limits, const CliSimulate *sim,
                             FILE *out)
{
    char catalogue[4096];
    paths_data_file("assets/pieces.xml", catalogue, sizeof catalogue);
    ErrorList errs;
    errors_init(&errs, 0);
    Catalogue *cat = catalogue_load(catalogue, &errs);
    Campaign *c = cat ? campaign_load(path, catalogue, cat, &errs) : NULL;
    errors_print(&errs, stderr);
    errors_clear(&errs);
    MissionLoadOptions opts = {.catalogue_path = catalogue,
                               .catalogue = cat,
                               .max_side = limits->max_side,
                               .max_squares = limits->max_squares,
                               .max_rooms = limits->max_rooms};
    Mission **missions = c ? xcalloc(c->mission_count + 1, sizeof *missions) : NULL;
    int status = c && load_quests(c, &opts, missions) ? 0 : 2;
    if (status == 0 && sim->json)
        fprintf(out, "{\"campaign\": \"%s\", \"quests\": [\n", c->id);
    for (size_t i = 0; status == 0 && i < c->mission_count; i++) {
        if (sim->json && i)
            fputs(",\n", out);
        else if (!sim->json)
            fprintf(out, _("%s== quest %zu of %zu: %s (alone, by a fresh party)\n"), i ? "\n" : "",
                    i + 1, c->mission_count, c->missions[i].rel);
        status = report_mission(missions[i], c->missions[i].path, sim, out);
    }
    if (status == 0) {
        fputs(sim->json ? "],\n\"book\": "
                        : _("\n== the whole book, quest after quest, by parties that keep what they win\n"),
              out);
        status = simulate_book(c, cat, missions, sim, out);
        if (sim->json && status == 0)
            fputs("}\n", out);
    }
    for (size_t i = 0; c && i < c->mission_count; i++)
        mission_destroy(missions[i]);
    free(missions);
    campaign_destroy(c);
    catalogue_destroy(cat);
    return status;
}

int cli_simulate(const char *path, const BitmapLimits *limits, const CliSimulate *sim, FILE *out)
{
    if (cli_is_campaign_xml(path))
        return simulate_campaign(path, limits, sim, out);
    return simulate_mission(path, limits, sim, out);
}

/* --- the modes ---------------------------------------------------------- */

static void check_usage(FILE *out)
{
    fprintf(out, _("  --check FILE         load FILE, print its warnings and one line of facts,\n"
                   "                       exit 0 (2 on errors); a quest pack: the pack, then\n"
                   "                       what it holds (docs/packs.md)\n"
                   "    --strict           warnings fail the check too (exit 2)\n"));
}

static int check_run(const CliArgs *a)
{
    BitmapLimits limits;
    Grid shape;
    if (!cliargs_limits(a, &limits, &shape))
        return 2;
    return cli_check(a->files[0], &limits, cliargs_given(a, CLI_OPT_STRICT), stdout);
}

const CliMode cli_check_mode = {"check", NULL, 1, 1, N_("a FILE"), CLI_LIMITS | CLI_BIT(CLI_OPT_STRICT),
                                check_usage, check_run};

static void dump_rooms_usage(FILE *out)
{
    fprintf(out, _("  --dump-rooms FILE    print 'W H N' and the room index of every square\n"));
}

static int dump_rooms_run(const CliArgs *a)
{
    BitmapLimits limits;
    Grid shape;
    if (!cliargs_limits(a, &limits, &shape))
        return 2;
    return cli_dump_rooms(a->files[0], &limits, stdout);
}

const CliMode cli_dump_rooms_mode = {"dump-rooms", NULL, 1, 1, N_("a FILE"), CLI_LIMITS,
                                     dump_rooms_usage, dump_rooms_run};

#define CLI_MAX_GAMES 1000000
#define CLI_MAX_JOBS 64

static void simulate_usage(FILE *out)
{
    fprintf(out,
            _("  --simulate N MISSION play N games with the bot (N from 1 to %d), print\n"
              "                       a balance report (a campaign file: each of its\n"
              "                       quests in turn, then the whole book by N parties\n"
              "                       that keep what they win and shop)\n"
              "    --jobs K           on K threads, 1 to %d (default 1)\n"
              "    --seed S           seeds S..S+N-1 (default 1)\n"
              "    --format text|json the report's format (default text)\n"),
            CLI_MAX_GAMES, CLI_MAX_JOBS);
}

static int simulate_run(const CliArgs *a)
{
    static const char *const formats[] = {"text", "json"};
    BitmapLimits limits;
    Grid shape;
    long long games;
    CliSimulate sim = {0, 1, 1, false};
    if (!cliargs_number("--simulate", a->mode_arg, 1, CLI_MAX_GAMES, &games) ||
        !cliargs_int(a, CLI_OPT_JOBS, 1, CLI_MAX_JOBS, &sim.jobs) ||
        !cliargs_seed(a, &sim.first_seed) || !cliargs_limits(a, &limits, &shape))
        return 2;
    int format = cliargs_choice(a, CLI_OPT_FORMAT, formats, 2, 0);
    if (format < 0)
        return 2;
    sim.games = (int)games;
    sim.json = format == 1;
    return cli_simulate(a->files[0], &limits, &sim, stdout);
}

const CliMode cli_simulate_mode = {
    "simulate", "N", 1, 1, N_("a MISSION"),
    CLI_LIMITS | CLI_BIT(CLI_OPT_JOBS) | CLI_BIT(CLI_OPT_SEED) | CLI_BIT(CLI_OPT_FORMAT),
    simulate_usage, simulate_run};
