/* Balance: plays a mission many times with the bot (bot.h) and sums up
 * how hard it is, for `questboard --simulate N MISSION`.
 *
 * Game i is seeded first_seed + i and played by its own Game and Bot, so
 * games share nothing but the read-only Mission and may run on several
 * threads (jobs). Each game writes only its own result slot; the report is
 * summed after all threads have joined, in game order, so it is the same
 * whatever the number of jobs.
 */
#pragma once

#include "../mission/mission.h"
#include "../rules/game.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

/* A game still going after this many rounds counts as unfinished. */
#define BALANCE_DEFAULT_MAX_ROUNDS 300
#define BALANCE_MAX_JOBS 64

typedef struct BalanceOptions {
    int games;           /* how many games (1 or more) */
    uint64_t first_seed; /* game i gets seed first_seed + i */
    int jobs;            /* threads (1..BALANCE_MAX_JOBS) */
    int max_rounds;      /* 0: BALANCE_DEFAULT_MAX_ROUNDS */
    const GameSetup *setup; /* NULL: every hero the mission places */
    /* Optional: counts the games finished so far, as they finish (the
     * editor shows a run on another thread going). */
    _Atomic int *done;
} BalanceOptions;

typedef struct BalanceReport BalanceReport;

/* Plays the games and sums them up. Returns NULL with a reason in why
 * when no game can be made of the mission (game_create refuses it). The
 * mission must outlive the report. */
BalanceReport *balance_run(const Mission *mission, const BalanceOptions *opts, char *why,
                           size_t why_size);

/* Frees the report; NULL does nothing. */
void balance_destroy(BalanceReport *report);

/* The win rate's 95% Wilson score interval (low, high in 0..1). */
void balance_win_interval(const BalanceReport *report, double *low, double *high);

/* Counts: games played, won, lost, unfinished (still playing at the
 * round limit). */
int balance_games(const BalanceReport *report);
int balance_won(const BalanceReport *report);
int balance_lost(const BalanceReport *report);
int balance_unfinished(const BalanceReport *report);
/* The lost games that were lost for that reason (party killed, turn
 * limit, objective unmet): they add up to balance_lost. */
int balance_lost_by(const BalanceReport *report, GameDefeat defeat);

/* Games in which objective i of the mission was met. */
int balance_objective_met(const BalanceReport *report, size_t i);

/* Games in which monster i of the mission was seen by a hero at all. */
int balance_monster_reached(const BalanceReport *report, size_t i);

/* Heroes who died on square pos, over all the games (0 off the board);
 * and the most on any one square: the editor's map of where heroes die. */
int balance_deaths_at(const BalanceReport *report, BoardPos pos);
int balance_most_deaths(const BalanceReport *report);

/* The report as text: win rate and interval, rounds to win (median and
 * quartiles), heroes lost per game, body points lost per hero type, each
 * objective, the three rooms where most heroes died, monsters never
 * reached. seconds (the wall time, or a negative number to leave it out)
 * goes on the last line. */
void balance_print_text(const BalanceReport *report, double seconds, FILE *out);

/* The same as one JSON object (docs/missions.md lists its fields). */
void balance_print_json(const BalanceReport *report, double seconds, FILE *out);
