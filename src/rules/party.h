/* A campaign's party: the heroes who go through the book of missions
 * together, what each owns (gold, equipment, potions, artifacts), where
 * the party is in the book, and the armoury between quests
 * (docs/rules.md, "Campaigns").
 *
 * The party lives between games. Starting a quest turns it into a
 * GameSetup (party_setup: the mission's heroes of the party's types, each
 * with its belongings as its kit); when the game is over party_settle
 * carries over what the survivors keep, pays the rewards of a won quest,
 * strips the fallen and moves on in the book. A fallen hero is replaced by
 * a new hero of its type with the starting kit when the next quest
 * starts. Every change is checked first: a refused one changes nothing.
 *
 * Items are held as indices into the shared catalogue (the one missions
 * clone: their indices agree); a mission's own items (its keys, quest
 * finds) stay behind when the quest ends. No SDL, no files: the campaign
 * save (party_save.h) writes and reads a party.
 */
#pragma once

#include "../mission/campaign.h"
#include "game.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define PARTY_MAX_HEROES CAMPAIGN_MAX_HEROES
#define PARTY_NAME_MAX 48
#define PARTY_REPORT_MAX 24

typedef struct Party Party;

typedef enum PartyStage {
    PARTY_BETWEEN,  /* between quests: the armoury is open, next starts a quest */
    PARTY_IN_QUEST, /* a quest is being played */
    PARTY_FINISHED, /* the book is done */
    PARTY_STAGE_COUNT
} PartyStage;

/* How a quest of the book ended (or not yet). */
typedef enum PartyResult { PARTY_NOT_PLAYED, PARTY_WON, PARTY_LOST } PartyResult;

typedef struct PartyHero {
    char type[CATALOGUE_ID_MAX]; /* hero type id */
    char name[PARTY_NAME_MAX];   /* what the players call it */
    int player;                  /* hotseat player, 0-3 */
    int gold;
    GameKit kit;                 /* what it owns: catalogue items, armour worn */
    int quests;                  /* quests it came back from */
    int generation;              /* 0, or how many of its type fell before it */
    bool fallen;                 /* died in the last quest: replaced when the next starts */
} PartyHero;

/* What the last quest brought each hero (for the end-of-quest screen and
 * the protocol's campaign state). */
typedef struct PartyHeroReport {
    bool took_part, died, replaced_next; /* replaced_next: a new hero joins next quest */
    int gold_found, gold_reward;
    int items_gained[GAME_MAX_ITEMS];    /* catalogue items (rewards, finds kept) */
    int items_gained_count;
    int items_lost;                      /* what a fallen hero carried */
} PartyHeroReport;

typedef struct PartyReport {
    bool valid;            /* a quest has been settled */
    int step;              /* its place in the book */
    GameStatus status;     /* victory or defeat */
    int turns;             /* rounds played (game_rounds_played, as the end panel) */
    PartyHeroReport heroes[PARTY_MAX_HEROES];
    int next_step;         /* where the book goes on, or the mission count when done */
    bool retry;            /* the same quest again */
    char lines[PARTY_REPORT_MAX][GAME_EVENT_TEXT]; /* English lines, for logs */
    EventText words[PARTY_REPORT_MAX]; /* each line in parts, for the window (eventtext.h) */
    int line_count;
} PartyReport;

/* A new party for campaign c: one hero of each of its types (count 0: all
 * of them, else the first count), each with its type's starting kit
 * (armour worn) and the campaign's starting gold, named after its type
 * (names may be NULL or hold NULL/"" entries), at the start of the book.
 * seed chooses every quest's seed. Both c and cat (the catalogue c was
 * loaded with) must outlive the party. NULL with the reason when a hero
 * type is missing from cat. */
Party *party_create(const Campaign *c, const Catalogue *cat, int count,
                    const char *const *names, uint64_t seed, char *why, size_t why_size);
void party_destroy(Party *p);

const Campaign *party_campaign(const Party *p);
const Catalogue *party_catalogue(const Party *p);
int party_hero_count(const Party *p);
const PartyHero *party_hero(const Party *p, int i);
/* The hero whose type or name is s, or whose index s is; -1 when none. */
int party_find_hero(const Party *p, const char *s);
PartyStage party_stage(const Party *p);
/* The quest being played or to be played next (its index in the book). */
int party_step(const Party *p);
/* How many times the current quest was started before. */
int party_attempt(const Party *p);
PartyResult party_result(const Party *p, int step);
uint64_t party_seed(const Party *p);
/* The seed the next (or current) quest is played with: a mix of the
 * party's seed, the step and the attempt. */
uint64_t party_quest_seed(const Party *p);
/* The last settled quest, or NULL. */
const PartyReport *party_report(const Party *p);

/* --- between quests (PARTY_BETWEEN only) --------------------------------- */

/* The armoury's price of catalogue item i (-1: not sold) and what it pays
 * for one (half its price, rounded down; -1: it does not buy it). */
int party_price(const Party *p, int item);
int party_sell_price(const Party *p, int item);
/* Buys item for hero with its own gold; armour is worn at once when its
 * slot is free. */
bool party_buy(Party *p, int hero, int item, char *why, size_t why_size);
/* Sells one item hero carries (a worn one last) for party_sell_price. */
bool party_sell(Party *p, int hero, int item, char *why, size_t why_size);
/* Wears (or takes off) an armour item hero carries; wearing it takes off
 * what it wore in that slot. */
bool party_wear(Party *p, int hero, int item, bool wear, char *why, size_t why_size);
/* Hands gold from one hero to another, when the campaign's rules allow it. */
bool party_give(Party *p, int from, int to, int amount, char *why, size_t why_size);
/* Renames a hero and sets its hotseat player (0-3). */
bool party_name(Party *p, int hero, const char *name, int player, char *why, size_t why_size);

/* --- quests ----------------------------------------------------------------- */

/* The setup for mission m (the current quest's mission, loaded by the
 * caller): each hero able to take part plays the mission's first unused
 * hero of its type, carrying its belongings (resolved by id in m's
 * catalogue). hero_of[k] receives the party hero that piece k is (may be
 * NULL). False when no hero of the party has a place in the mission. */
bool party_setup(const Party *p, const Mission *m, GameSetup *out, int *hero_of,
                 char *why, size_t why_size);
/* Starts the current quest: fallen heroes are replaced by new ones of
 * their type (starting kit, starting gold); the stage becomes
 * PARTY_IN_QUEST. Refused unless between quests. */
bool party_begin_quest(Party *p, char *why, size_t why_size);
/* Settles the finished game g of the current quest, played with the setup
 * party_setup gave (and hero_of): survivors keep their gold found and what
 * they carry (thrown weapons come back; the mission's own items stay),
 * the fallen lose everything; a victory pays the campaign's gold and the
 * objectives' rewards; the book moves on (or the quest is to be played
 * again). Refused unless in a quest and g is over. */
bool party_settle(Party *p, const Game *g, const int *hero_of, char *why, size_t why_size);

/* Restores a party exactly (the campaign save reads into it). NULL with
 * the reason in why when the place in the book does not fit the campaign
 * or the heroes fail party_check_heroes (party_check.h). */
Party *party_restore(const Campaign *c, const Catalogue *cat, uint64_t seed, int step,
                     int attempt, PartyStage stage, const PartyResult *results,
                     const PartyHero *heroes, int hero_count, char *why, size_t why_size);

/* "between", "quest", "finished"; "-", "won", "lost". */
const char *party_stage_name(PartyStage s);
const char *party_result_name(PartyResult r);
