#include "cli.h"

#include "../bot/balance.h"
#include "../core/board.h"
#include "../core/timer.h"
#include "../core/fileio.h"
#include "../mission/campaign.h"
#include "../mission/load.h"
#include "../mission/mission.h"
#include "paths.h"

#include <inttypes.h>
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
    MissionLoadOptions opts = {catalogue, NULL, limits->max_side, limits->max_squares,
                               limits->max_rooms};
    return mission_load(path, &opts, errs);
}

/* Loads a mission XML, printing every error; NULL when it failed. */
static Mission *load_or_report(const char *path, const BitmapLimits *limits)
{
    ErrorList errs;
    errors_init(&errs, 0);
    Mission *m = cli_load_mission(path, limits, &errs);
    if (!m)
        errors_print(&errs, stderr);
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
        Mission *m = load_or_report(path, limits);
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
            " walls=%" PRId64 " load_ms=%.1f type_ms=%.1f label_ms=%.1f walls_ms=%.1f",
            board_width(b), board_height(b), grid_area(board_grid(b)), board_walkable_count(b),
            board_room_count(b), board_wall_count(b), load_ms, t.type_ms, t.label_ms, t.walls_ms);
}

static int check_mission(const char *path, const BitmapLimits *limits, FILE *out)
{
    double t0 = timer_now_ms();
    Mission *m = load_or_report(path, limits);
    if (!m)
        return 2;
    print_board_facts(m->board, timer_now_ms() - t0, out);
    fprintf(out, " heroes=%zu monsters=%zu doors=%zu furniture=%zu objectives=%zu\n",
            m->hero_count, m->monster_count, m->door_count, m->furniture_count,
            m->objective_count);
    mission_destroy(m);
    return 0;
}

/* Loads the campaign's missions, checking each against it; a mission path
 * is shown as the campaign names it. */
static void check_campaign_missions(const Campaign *c, const char *catalogue,
                                    const Catalogue *cat, const BitmapLimits *limits,
                                    ErrorList *errs)
{
    MissionLoadOptions opts = {catalogue, cat, limits->max_side, limits->max_squares,
                               limits->max_rooms};
    for (size_t i = 0; i < c->mission_count; i++) {
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", c->dir, c->missions[i].rel);
        Mission *m = mission_load(path, &opts, errs);
        if (m)
            campaign_check_mission(c, m, errs);
        mission_destroy(m);
    }
}

static int check_campaign(const char *path, const BitmapLimits *limits, FILE *out)
{
    double t0 = timer_now_ms();
    char catalogue[4096];
    paths_data_file("assets/pieces.xml", catalogue, sizeof catalogue);
    ErrorList errs;
    errors_init(&errs, 0);
    Catalogue *cat = catalogue_load(catalogue, &errs);
    Campaign *c = cat ? campaign_load(path, catalogue, cat, &errs) : NULL;
    if (c)
        check_campaign_missions(c, catalogue, cat, limits, &errs);
    int status = errors_any(&errs) ? 2 : 0;
    if (status)
        errors_print(&errs, stderr);
    else
        fprintf(out, "campaign=%s missions=%zu heroes=%d offers=%zu load_ms=%.1f\n", c->id,
                c->mission_count, c->hero_count, c->offer_count, timer_now_ms() - t0);
    campaign_destroy(c);
    catalogue_destroy(cat);
    errors_clear(&errs);
    return status;
}

int cli_check(const char *path, const BitmapLimits *limits, FILE *out)
{
    if (cli_is_campaign_xml(path))
        return check_campaign(path, limits, out);
    if (cli_is_mission_xml(path))
        return check_mission(path, limits, out);
    char err[512];
    double load_ms = 0;
    Board *b = load_board_bitmap(path, limits, NULL, 0, &load_ms, err, sizeof err);
    if (!b) {
        fprintf(stderr, "%s\n", err);
        return 2;
    }
    print_board_facts(b, load_ms, out);
    fputc('\n', out);
    board_destroy(b);
    return 0;
}

int cli_simulate(const char *path, const BitmapLimits *limits, const CliSimulate *sim, FILE *out)
{
    Mission *m = load_or_report(path, limits);
    if (!m)
        return 2;
    BalanceOptions opts = {sim->games, sim->first_seed, sim->jobs, 0, NULL};
    char why[256];
    double t0 = timer_now_ms();
    BalanceReport *r = balance_run(m, &opts, why, sizeof why);
    if (!r) {
        fprintf(stderr, "%s: cannot play this mission: %s\n", path, why);
        mission_destroy(m);
        return 2;
    }
    double seconds = (timer_now_ms() - t0) / 1000.0;
    if (sim->json)
        balance_print_json(r, seconds, out);
    else
        balance_print_text(r, seconds, out);
    balance_destroy(r);
    mission_destroy(m);
    return 0;
}
