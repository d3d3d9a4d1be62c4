/* Balance: many bot games of one mission on worker threads, then sums.
 * Threads share the read-only Mission and an atomic counter of the next
 * game to play; every game writes only its own slots of the result
 * arrays, so the sums (made after joining, in game order) do not depend
 * on the number of threads or their timing. */
#include "balance.h"

#include "../core/alloc.h"
#include "../match/match.h"
#include "bot.h"
#include "../core/i18n.h"

#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

/* Choices a round may take at most (four heroes, each well under the
 * bot's own cap per turn): a guard against a loop, never reached. */
#define BALANCE_CHOICES_PER_ROUND 256

typedef struct GameResult {
    GameStatus status;
    GameDefeat defeat;
    int rounds;
    int heroes_lost;
    int body_lost[GAME_MAX_HEROES];
    bool died[GAME_MAX_HEROES];
    int32_t death_room[GAME_MAX_HEROES]; /* where each dead hero fell, else 0 */
    BoardPos death_pos[GAME_MAX_HEROES]; /* the square it fell on */
} GameResult;

struct BalanceReport {
    const Mission *mission;
    BalanceOptions opts;
    int hero_count;
    const PieceType *hero_type[GAME_MAX_HEROES];
    GameResult *results;
    uint8_t *met;     /* games x objectives */
    uint8_t *reached; /* games x monsters */
    atomic_int next;  /* the next game a worker takes */
    /* Sums, made once every game is over. */
    int won, lost, unfinished;
    int lost_by[GAME_DEFEAT_COUNT]; /* the lost games by why they were lost */
    int *rounds_won; /* sorted */
    int64_t *room_deaths;
    int32_t *square_deaths; /* per square, row-major */
    int most_deaths;        /* on one square */
};

/* --- one game ---------------------------------------------------------- */

/* Adds the body points each hero lost in one action: what its body went
 * down by, plus what it was healed in the same action. */
static void count_losses(const Game *g, const GameEvents *ev, int heroes, int *prev,
                         GameResult *r)
{
    int healed[GAME_MAX_HEROES] = {0};
    for (size_t i = 0; i < ev->count; i++) {
        const GameEvent *e = &ev->items[i];
        if (e->kind == EVENT_HEAL && e->piece >= 0 && e->piece < heroes)
            healed[e->piece] += e->value;
    }
    for (int h = 0; h < heroes; h++) {
        int body = game_piece(g, h)->body;
        int lost = prev[h] - body + healed[h];
        r->body_lost[h] += lost > 0 ? lost : 0;
        prev[h] = body;
    }
}

static void finish_game(const BalanceReport *rep, const Game *g, size_t game, GameResult *r)
{
    const Mission *m = rep->mission;
    r->status = game_status(g);
    r->defeat = game_defeat(g);
    r->rounds = game_turn(g);
    for (int h = 0; h < rep->hero_count; h++) {
        const GamePiece *p = game_piece(g, h);
        if (p->alive)
            continue;
        r->died[h] = true;
        r->heroes_lost++;
        r->death_room[h] = board_room(m->board, p->pos);
        r->death_pos[h] = p->pos;
    }
    for (size_t i = 0; i < m->objective_count; i++)
        rep->met[game * m->objective_count + i] = game_objective_met(g, i);
    for (size_t i = 0; i < game_piece_count(g); i++) {
        const GamePiece *p = game_piece(g, (int)i);
        if (p->mission_index >= 0 && p->side == GAME_SIDE_MONSTERS && p->revealed)
            rep->reached[game * m->monster_count + (size_t)p->mission_index] = 1;
    }
}

/* One game: a match whose only hero seat is the bot's, keeping no story
 * (the simulator reads the events of each action and nothing else). */
static void play_game(BalanceReport *rep, size_t game)
{
    char why[256];
    GameResult *r = &rep->results[game];
    static const MatchSeat seats[] = {
        {.kind = MATCH_SEAT_HEROES, .control = MATCH_CONTROL_COMPUTER, .heroes = MATCH_ALL_HEROES},
        {.kind = MATCH_SEAT_MONSTERS, .control = MATCH_CONTROL_COMPUTER},
    };
    MatchConfig c = {.mission = rep->mission, .setup = rep->opts.setup,
                     .seed = rep->opts.first_seed + game, .seats = seats, .seat_count = 2};
    Match *m = match_create(&c, why, sizeof why);
    if (!m) /* the first game was made, so the same setup cannot fail */
        return;
    const Game *g = match_game(m);
    Bot *bot = bot_create(g);
    int prev[GAME_MAX_HEROES];
    for (int h = 0; h < rep->hero_count; h++)
        prev[h] = game_piece(g, h)->body;
    long long budget = (long long)rep->opts.max_rounds * BALANCE_CHOICES_PER_ROUND;
    Action a;
    while (game_turn(g) <= rep->opts.max_rounds && budget-- > 0 && bot_choose(bot, g, &a))
        if (match_act(m, 0, &a, why, sizeof why))
            count_losses(g, match_events(m), rep->hero_count, prev, r);
    finish_game(rep, g, game, r);
    bot_destroy(bot);
    match_destroy(m);
}

static void *worker(void *arg)
{
    BalanceReport *rep = arg;
    for (;;) {
        int game = atomic_fetch_add(&rep->next, 1);
        if (game >= rep->opts.games)
            return NULL;
        play_game(rep, (size_t)game);
        if (rep->opts.done)
            atomic_fetch_add(rep->opts.done, 1);
    }
}

/* --- sums -------------------------------------------------------------- */

static int compare_int(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

static void sum_up(BalanceReport *rep)
{
    int32_t rooms = board_room_count(rep->mission->board);
    rep->rounds_won = xcalloc((size_t)rep->opts.games + 1, sizeof *rep->rounds_won);
    rep->room_deaths = xcalloc((size_t)rooms + 1, sizeof *rep->room_deaths);
    const Grid *grid = board_grid(rep->mission->board);
    rep->square_deaths = xcalloc((size_t)grid_area(grid), sizeof *rep->square_deaths);
    for (int i = 0; i < rep->opts.games; i++) {
        const GameResult *r = &rep->results[i];
        if (r->status == GAME_STATUS_VICTORY)
            rep->rounds_won[rep->won++] = r->rounds;
        else if (r->status == GAME_STATUS_DEFEAT)
            rep->lost++, rep->lost_by[r->defeat]++;
        else
            rep->unfinished++;
        for (int h = 0; h < rep->hero_count; h++) {
            if (r->died[h] && r->death_room[h] >= 1)
                rep->room_deaths[r->death_room[h]]++;
            if (r->died[h] && grid_contains(grid, r->death_pos[h])) {
                int32_t *n = &rep->square_deaths[grid_index(grid, r->death_pos[h])];
                if (++*n > rep->most_deaths)
                    rep->most_deaths = *n;
            }
        }
    }
    qsort(rep->rounds_won, (size_t)rep->won, sizeof *rep->rounds_won, compare_int);
}

BalanceReport *balance_run(const Mission *m, const BalanceOptions *opts, char *why,
                           size_t why_size)
{
    /* the first game's match, made only to learn the heroes (and that a
     * game can be made at all) */
    MatchConfig pc = {.mission = m, .setup = opts->setup, .seed = opts->first_seed};
    Match *first = match_create(&pc, why, why_size);
    if (!first)
        return NULL;
    const Game *probe = match_game(first);
    BalanceReport *rep = xcalloc(1, sizeof *rep);
    rep->mission = m;
    rep->opts = *opts;
    if (rep->opts.games < 1)
        rep->opts.games = 1;
    if (rep->opts.jobs < 1)
        rep->opts.jobs = 1;
    if (rep->opts.jobs > BALANCE_MAX_JOBS)
        rep->opts.jobs = BALANCE_MAX_JOBS;
    if (rep->opts.max_rounds <= 0)
        rep->opts.max_rounds = BALANCE_DEFAULT_MAX_ROUNDS;
    for (size_t i = 0; i < game_piece_count(probe) && rep->hero_count < GAME_MAX_HEROES; i++)
        if (game_piece(probe, (int)i)->side == GAME_SIDE_HEROES)
            rep->hero_type[rep->hero_count++] = game_piece(probe, (int)i)->type;
    match_destroy(first);

    /* The board gathers its room facts on the first question, into the
     * shared read-only mission: ask before any thread does. */
    if (board_room_count(m->board) > 0)
        (void)board_room_info(m->board, 1);
    size_t games = (size_t)rep->opts.games;
    rep->results = xcalloc(games, sizeof *rep->results);
    rep->met = xcalloc(games * m->objective_count + 1, 1);
    rep->reached = xcalloc(games * m->monster_count + 1, 1);
    atomic_init(&rep->next, 0);
    pthread_t threads[BALANCE_MAX_JOBS];
    int started = 0;
    for (int j = 1; j < rep->opts.jobs; j++)
        if (pthread_create(&threads[started], NULL, worker, rep) == 0)
            started++;
    worker(rep); /* this thread works too, so a failed pthread_create only slows */
    for (int j = 0; j < started; j++)
        pthread_join(threads[j], NULL);
    sum_up(rep);
    return rep;
}

int balance_deaths_at(const BalanceReport *rep, BoardPos pos)
{
    const Grid *grid = board_grid(rep->mission->board);
    return grid_contains(grid, pos) ? rep->square_deaths[grid_index(grid, pos)] : 0;
}

int balance_most_deaths(const BalanceReport *rep)
{
    return rep->most_deaths;
}

void balance_destroy(BalanceReport *rep)
{
    if (!rep)
        return;
    free(rep->results);
    free(rep->met);
    free(rep->reached);
    free(rep->rounds_won);
    free(rep->room_deaths);
    free(rep->square_deaths);
    free(rep);
}

int balance_games(const BalanceReport *rep)
{
    return rep->opts.games;
}

int balance_won(const BalanceReport *rep)
{
    return rep->won;
}

int balance_lost(const BalanceReport *rep)
{
    return rep->lost;
}

int balance_lost_by(const BalanceReport *rep, GameDefeat defeat)
{
    return (unsigned)defeat < GAME_DEFEAT_COUNT ? rep->lost_by[defeat] : 0;
}

int balance_unfinished(const BalanceReport *rep)
{
    return rep->unfinished;
}

int balance_objective_met(const BalanceReport *rep, size_t i)
{
    size_t n = rep->mission->objective_count;
    int count = 0;
    for (size_t g = 0; i < n && g < (size_t)rep->opts.games; g++)
        count += rep->met[g * n + i];
    return count;
}

int balance_monster_reached(const BalanceReport *rep, size_t i)
{
    size_t n = rep->mission->monster_count;
    int count = 0;
    for (size_t g = 0; i < n && g < (size_t)rep->opts.games; g++)
        count += rep->reached[g * n + i];
    return count;
}

void balance_win_interval(const BalanceReport *rep, double *low, double *high)
{
    /* Wilson score interval: sensible near 0% and 100% and for few
     * games, unlike the normal approximation. */
    const double z = 1.959963984540054;
    double n = rep->opts.games, p = rep->won / n;
    double centre = (p + z * z / (2 * n)) / (1 + z * z / n);
    double half = z * sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n);
    *low = centre - half < 0 ? 0 : centre - half;
    *high = centre + half > 1 ? 1 : centre + half;
}

/* The q-quantile of the sorted rounds of won games, interpolating
 * linearly between order statistics (R's default, type 7). */
static double quantile(const BalanceReport *rep, double q)
{
    if (rep->won == 0)
        return 0;
    double at = q * (rep->won - 1);
    int lo = (int)at;
    int hi = lo + 1 < rep->won ? lo + 1 : lo;
    return rep->rounds_won[lo] + (at - lo) * (rep->rounds_won[hi] - rep->rounds_won[lo]);
}

typedef struct HeroSums {
    double body_lost; /* per game */
    int died;         /* games in which it died */
} HeroSums;

static HeroSums hero_sums(const BalanceReport *rep, int h)
{
    HeroSums s = {0, 0};
    for (int i = 0; i < rep->opts.games; i++) {
        s.body_lost += rep->results[i].body_lost[h];
        s.died += rep->results[i].died[h];
    }
    s.body_lost /= rep->opts.games;
    return s;
}

static double heroes_lost_per_game(const BalanceReport *rep)
{
    double sum = 0;
    for (int i = 0; i < rep->opts.games; i++)
        sum += rep->results[i].heroes_lost;
    return sum / rep->opts.games;
}

/* The rooms where most heroes died, most first (ties: lower room first);
 * returns how many (at most 3, only rooms with deaths). */
static int deadliest(const BalanceReport *rep, int32_t out[3])
{
    int n = 0;
    int32_t rooms = board_room_count(rep->mission->board);
    for (int32_t r = 1; r <= rooms; r++) {
        if (rep->room_deaths[r] == 0)
            continue;
        int k = n < 3 ? n++ : 3;
        while (k > 0 && rep->room_deaths[out[k - 1]] < rep->room_deaths[r]) {
            if (k < 3)
                out[k] = out[k - 1];
            k--;
        }
        if (k < 3)
            out[k] = r;
    }
    return n;
}

static int64_t total_deaths(const BalanceReport *rep)
{
    int64_t sum = 0;
    for (int i = 0; i < rep->opts.games; i++)
        sum += rep->results[i].heroes_lost;
    return sum;
}

static const char *room_name(const BalanceReport *rep, int32_t room)
{
    const BoardRoom *r = board_room_info(rep->mission->board, room);
    const char *name = mission_colour_name(rep->mission, r->rgb);
    return name ? name : "";
}

static double percent(int part, int whole)
{
    return whole ? 100.0 * part / whole : 0;
}

/* --- text ---------------------------------------------------------------- */

static void text_heroes(const BalanceReport *rep, FILE *out)
{
    fprintf(out, _("heroes lost per game: %.2f\n"), heroes_lost_per_game(rep));
    fputs(_("body points lost per game:"), out);
    for (int h = 0; h < rep->hero_count; h++) {
        HeroSums s = hero_sums(rep, h);
        fprintf(out, _("%s %s %.1f of %d (died in %.0f%% of games)"), h ? "," : "",
                _(rep->hero_type[h]->name), s.body_lost, rep->hero_type[h]->body,
                percent(s.died, rep->opts.games));
    }
    fputc('\n', out);
}

static void text_objectives(const BalanceReport *rep, FILE *out)
{
    const Mission *m = rep->mission;
    fputs(_("objectives met:\n"), out);
    for (size_t i = 0; i < m->objective_count; i++)
        fprintf(out, _("  %5.1f%%  %s (%s, line %d)\n"),
                percent(balance_objective_met(rep, i), rep->opts.games), m->objectives[i].text,
                mission_objective_kind_name(m->objectives[i].kind), m->objectives[i].line);
}

static void text_rooms(const BalanceReport *rep, FILE *out)
{
    int32_t rooms[3];
    int n = deadliest(rep, rooms);
    int64_t all = total_deaths(rep);
    if (n == 0) {
        fputs(_("deadliest rooms: no hero died\n"), out);
        return;
    }
    fputs(_("deadliest rooms (where heroes died):\n"), out);
    for (int i = 0; i < n; i++) {
        const BoardRoom *r = board_room_info(rep->mission->board, rooms[i]);
        const char *name = room_name(rep, rooms[i]);
        long long deaths = (long long)rep->room_deaths[rooms[i]];
        fprintf(out,
                ngettext("  %d. %s%sroom %d at (%d,%d): %lld death (%.0f%% of all)\n",
                         "  %d. %s%sroom %d at (%d,%d): %lld deaths (%.0f%% of all)\n",
                         (unsigned long)deaths),
                i + 1, name, name[0] ? ", " : "", (int)rooms[i], r->first.x, r->first.y, deaths,
                all ? 100.0 * (double)rep->room_deaths[rooms[i]] / (double)all : 0.0);
    }
}

static void text_monsters(const BalanceReport *rep, FILE *out)
{
    const Mission *m = rep->mission;
    int never = 0;
    for (size_t i = 0; i < m->monster_count; i++)
        never += balance_monster_reached(rep, i) == 0;
    fprintf(out, _("monsters never reached (seen by no hero in any game): %d of %zu\n"), never,
            m->monster_count);
    for (size_t i = 0; i < m->monster_count; i++)
        if (balance_monster_reached(rep, i) == 0)
            fprintf(out, _("  %s%s%s at (%d,%d), line %d\n"), m->monsters[i].type,
                    m->monsters[i].id[0] ? " " : "", m->monsters[i].id, m->monsters[i].pos.x,
                    m->monsters[i].pos.y, m->monsters[i].line);
}

void balance_print_text(const BalanceReport *rep, double seconds, FILE *out)
{
    const Mission *m = rep->mission;
    int n = rep->opts.games;
    double low, high;
    balance_win_interval(rep, &low, &high);
    fprintf(out, ngettext("%s (%s): %d game, seeds %llu-%llu, heroes:",
                          "%s (%s): %d games, seeds %llu-%llu, heroes:", (unsigned long)n),
            m->name ? m->name : m->id, m->id, n, (unsigned long long)rep->opts.first_seed,
            (unsigned long long)(rep->opts.first_seed + (uint64_t)n - 1));
    for (int h = 0; h < rep->hero_count; h++)
        fprintf(out, " %s", rep->hero_type[h]->id);
    fprintf(out, _("\nwon %d (%.1f%%; 95%% Wilson interval %.1f-%.1f%%), lost %d (party killed %d, "
                   "turn limit %d, objective unmet %d), unfinished %d (still playing after round "
                   "%d)\n"),
            rep->won, percent(rep->won, n), 100 * low, 100 * high, rep->lost,
            rep->lost_by[GAME_DEFEAT_PARTY_KILLED], rep->lost_by[GAME_DEFEAT_TURN_LIMIT],
            rep->lost_by[GAME_DEFEAT_OBJECTIVE_UNMET], rep->unfinished, rep->opts.max_rounds);
    if (rep->won)
        fprintf(out, _("rounds to win: median %.1f, quartiles %.1f-%.1f, fastest %d, slowest %d\n"),
                quantile(rep, 0.5), quantile(rep, 0.25), quantile(rep, 0.75), rep->rounds_won[0],
                rep->rounds_won[rep->won - 1]);
    else
        fputs(_("rounds to win: no game won\n"), out);
    text_heroes(rep, out);
    text_objectives(rep, out);
    text_rooms(rep, out);
    text_monsters(rep, out);
    if (seconds >= 0)
        fprintf(out,
                ngettext("time: %.2f s (%.0f games/s, %d job)\n",
                         "time: %.2f s (%.0f games/s, %d jobs)\n", (unsigned long)rep->opts.jobs),
                seconds, seconds > 0 ? n / seconds : 0.0, rep->opts.jobs);
}

/* --- JSON ------------------------------------------------------------------ */

static void json_string(FILE *out, const char *s)
{
    fputc('"', out);
    for (const unsigned char *p = (const unsigned char *)(s ? s : ""); *p; p++) {
        if (*p == '"' || *p == '\\')
            fprintf(out, "\\%c", *p);
        else if (*p < 0x20)
            fprintf(out, "\\u%04x", *p);
        else
            fputc(*p, out);
    }
    fputc('"', out);
}

static void json_heroes(const BalanceReport *rep, FILE *out)
{
    fputs("  \"heroes\": [", out);
    for (int h = 0; h < rep->hero_count; h++) {
        HeroSums s = hero_sums(rep, h);
        fprintf(out, "%s\n    {\"type\": ", h ? "," : "");
        json_string(out, rep->hero_type[h]->id);
        fputs(", \"name\": ", out);
        json_string(out, rep->hero_type[h]->name);
        fprintf(out, ", \"body\": %d, \"body_lost_per_game\": %.3f, \"died_games\": %d}",
                rep->hero_type[h]->body, s.body_lost, s.died);
    }
    fputs("\n  ],\n", out);
}

static void json_objectives(const BalanceReport *rep, FILE *out)
{
    const Mission *m = rep->mission;
    fputs("  \"objectives\": [", out);
    for (size_t i = 0; i < m->objective_count; i++) {
        fprintf(out, "%s\n    {\"index\": %zu, \"kind\": ", i ? "," : "", i);
        json_string(out, mission_objective_kind_name(m->objectives[i].kind));
        fputs(", \"text\": ", out);
        json_string(out, m->objectives[i].text);
        fprintf(out, ", \"line\": %d, \"met_games\": %d}", m->objectives[i].line,
                balance_objective_met(rep, i));
    }
    fputs("\n  ],\n", out);
}

static void json_rooms(const BalanceReport *rep, FILE *out)
{
    int32_t rooms[3];
    int n = deadliest(rep, rooms);
    fputs("  \"deadliest_rooms\": [", out);
    for (int i = 0; i < n; i++) {
        const BoardRoom *r = board_room_info(rep->mission->board, rooms[i]);
        fprintf(out, "%s\n    {\"room\": %d, \"name\": ", i ? "," : "", (int)rooms[i]);
        json_string(out, room_name(rep, rooms[i]));
        fprintf(out, ", \"x\": %d, \"y\": %d, \"deaths\": %lld}", r->first.x, r->first.y,
                (long long)rep->room_deaths[rooms[i]]);
    }
    fputs("\n  ],\n", out);
}

static void json_monsters(const BalanceReport *rep, FILE *out)
{
    const Mission *m = rep->mission;
    fputs("  \"monsters\": [", out);
    for (size_t i = 0; i < m->monster_count; i++) {
        fprintf(out, "%s\n    {\"index\": %zu, \"type\": ", i ? "," : "", i);
        json_string(out, m->monsters[i].type);
        fputs(", \"id\": ", out);
        json_string(out, m->monsters[i].id);
        fprintf(out, ", \"x\": %d, \"y\": %d, \"line\": %d, \"reached_games\": %d}",
                m->monsters[i].pos.x, m->monsters[i].pos.y, m->monsters[i].line,
                balance_monster_reached(rep, i));
    }
    fputs("\n  ],\n", out);
}

void balance_print_json(const BalanceReport *rep, double seconds, FILE *out)
{
    const Mission *m = rep->mission;
    double low, high;
    balance_win_interval(rep, &low, &high);
    fputs("{\n  \"mission\": ", out);
    json_string(out, m->id);
    fputs(",\n  \"name\": ", out);
    json_string(out, m->name ? m->name : m->id);
    fprintf(out,
            ",\n  \"games\": %d,\n  \"first_seed\": %llu,\n  \"max_rounds\": %d,\n"
            "  \"won\": %d,\n  \"lost\": %d,\n  \"unfinished\": %d,\n  \"win_rate\": %.4f,\n"
            "  \"win_interval\": {\"method\": \"wilson\", \"confidence\": 0.95, \"low\": %.4f, "
            "\"high\": %.4f},\n",
            rep->opts.games, (unsigned long long)rep->opts.first_seed, rep->opts.max_rounds,
            rep->won, rep->lost, rep->unfinished, (double)rep->won / rep->opts.games, low, high);
    fprintf(out, "  \"lost_by\": {\"party_killed\": %d, \"turn_limit\": %d, \"objective_unmet\": %d},\n",
            rep->lost_by[GAME_DEFEAT_PARTY_KILLED], rep->lost_by[GAME_DEFEAT_TURN_LIMIT],
            rep->lost_by[GAME_DEFEAT_OBJECTIVE_UNMET]);
    if (rep->won)
        fprintf(out,
                "  \"rounds_to_win\": {\"min\": %d, \"q1\": %.2f, \"median\": %.2f, \"q3\": %.2f, "
                "\"max\": %d},\n",
                rep->rounds_won[0], quantile(rep, 0.25), quantile(rep, 0.5), quantile(rep, 0.75),
                rep->rounds_won[rep->won - 1]);
    else
        fputs("  \"rounds_to_win\": null,\n", out);
    fprintf(out, "  \"heroes_lost_per_game\": %.3f,\n", heroes_lost_per_game(rep));
    json_heroes(rep, out);
    json_objectives(rep, out);
    json_rooms(rep, out);
    json_monsters(rep, out);
    if (seconds >= 0)
        fprintf(out, "  \"seconds\": %.3f,\n", seconds);
    fprintf(out, "  \"jobs\": %d\n}\n", rep->opts.jobs);
}
