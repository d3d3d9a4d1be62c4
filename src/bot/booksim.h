/* Book simulation: parties of bots play a whole campaign, quest after
 * quest, as players would, for `questboard --simulate N CAMPAIGN`.
 *
 * Each party (party.h) starts as a new campaign party and carries its
 * gold, rewards and equipment from quest to quest: the rules' own
 * party_settle pays and strips it, exactly as in the window. Between
 * quests it shops by a simple policy, each hero with its own gold, in
 * party order, as long as it can buy something:
 *
 *   1. a weapon with more attack dice than the best it carries (the most
 *      dice, then the cheapest; never a ranged one, which the bot does not
 *      aim, nor a two-handed one while it wears a shield);
 *   2. armour for a slot it has nothing in (the most defence dice, then
 *      the cheapest; never armour that slows it, nor a shield beside a
 *      two-handed weapon);
 *   3. healing potions, the dearest it can afford, until it carries two.
 *
 * It never sells. A quest is played by the bot (bot.h) with the monsters
 * the computer's, until the game is over or the round limit; a lost quest
 * is played again or skipped as the campaign says. A party that has
 * played BOOKSIM_QUESTS_PER_STEP times as many quests as the book holds
 * without finishing it gives up; one whose quest is still going at the
 * round limit stops there (unfinished).
 *
 * Party i gets seed first_seed + i (party_quest_seed mixes in the quest
 * and the attempt), so a run repeats exactly. Parties share only the
 * read-only campaign, catalogue and missions and may run on several
 * threads; every party's figures are whole numbers summed after the
 * threads have joined, so the report is the same whatever the number of
 * jobs. No SDL, no files: the caller loads the missions.
 */
#pragma once

#include "../mission/campaign.h"
#include "../mission/mission.h"
#include "../rules/game.h"
#include "../rules/party.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

/* A party gives up after this many quests per quest of the book. */
#define BOOKSIM_QUESTS_PER_STEP 4
/* What a hero buys at most between two quests (a guard; the policy stops
 * long before). */
#define BOOKSIM_MAX_BUYS 16
/* Healing potions the policy keeps a hero carrying. */
#define BOOKSIM_POTIONS 2

typedef struct BookSimOptions {
    int parties;         /* how many parties play the book (1 or more) */
    uint64_t first_seed; /* party i gets seed first_seed + i */
    int jobs;            /* threads (1..BALANCE_MAX_JOBS) */
    int max_rounds;      /* a quest still going after it stops the party; 0: the balance default */
} BookSimOptions;

typedef struct BookSimReport BookSimReport;

/* Plays the book. missions[k] is the campaign's quest k, loaded with cat
 * (the catalogue the campaign was loaded with); all must outlive the
 * report. NULL with the reason in why when no party can be made or a
 * quest has no place for the party's heroes. */
BookSimReport *booksim_run(const Campaign *c, const Catalogue *cat, const Mission *const *missions,
                           const BookSimOptions *opts, char *why, size_t why_size);

/* The shopping policy above on party p between quests: each hero spends
 * its own gold in party order. Returns how many items were bought. */
int booksim_shop(Party *p);

/* Frees the report; NULL does nothing. */
void booksim_destroy(BookSimReport *report);

/* Parties that finished the book, gave up, or stopped at an unfinished
 * quest; they add up to the parties. */
int booksim_finished(const BookSimReport *report);
int booksim_gave_up(const BookSimReport *report);
int booksim_unfinished(const BookSimReport *report);

/* Quest k: parties that came to it, games played of it (retries
 * included), won, lost, lost for that reason. */
int booksim_reached(const BookSimReport *report, int quest);
int booksim_played(const BookSimReport *report, int quest);
int booksim_won(const BookSimReport *report, int quest);
int booksim_lost_by(const BookSimReport *report, int quest, GameDefeat defeat);
/* The gold a party carried into quest k the first time it came to it
 * (after shopping), and the items it had bought by then, summed over the
 * parties that came to it. */
long long booksim_gold_at_start(const BookSimReport *report, int quest);
long long booksim_bought_before(const BookSimReport *report, int quest);

/* The report as text: the policy, how many parties finished the book,
 * and for each quest what the parties brought to it and how its games
 * went. seconds (wall time; negative: left out) goes on the last line. */
void booksim_print_text(const BookSimReport *report, double seconds, FILE *out);

/* The same as one JSON object (docs/missions.md lists its fields). */
void booksim_print_json(const BookSimReport *report, double seconds, FILE *out);
