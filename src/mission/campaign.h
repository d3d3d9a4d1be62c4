/* A campaign file (campaign.xml, validated against assets/campaign.xsd):
 * a named book of missions played in order by one party, the gold each
 * won quest earns, what a failed quest leads to, what the armoury sells
 * and the party's rules. docs/missions.md, "Campaigns", describes the
 * format.
 *
 * Loading checks the file itself: every mission path is relative, inside
 * the campaign's folder (no "..", no symbolic link out) and a regular
 * file; armoury items exist, are no artifacts, cost 0 or more and some
 * hero of the campaign may use them; gold is never below 0. The missions'
 * own contents are checked by loading them (mission_load), then
 * campaign_check_mission: a caller with the bitmap decoder does that
 * (questboard --check campaign.xml).
 */
#pragma once

#include "catalogue.h"
#include "errors.h"
#include "mission.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define CAMPAIGN_FORMAT_VERSION 1
#define CAMPAIGN_MAX_HEROES 4

typedef enum CampaignFailure {
    CAMPAIGN_RETRY,    /* a failed quest is played again */
    CAMPAIGN_CONTINUE, /* the book goes on to the next quest */
    CAMPAIGN_FAILURE_COUNT
} CampaignFailure;

typedef struct CampaignMission {
    char *path;     /* real path of the mission file, inside the campaign's folder */
    char *rel;      /* the path as written, relative to campaign.xml */
    int gold;       /* each surviving hero's reward for winning it */
    CampaignFailure on_failure;
    int line;
} CampaignMission;

/* An item the armoury sells. */
typedef struct CampaignOffer {
    int item;  /* catalogue item index */
    int price; /* gold coins; sold back for half */
    int line;
} CampaignOffer;

/* A campaign's text in another language (<translations>, like a
 * mission's: mission_lang.h). */
typedef enum { CAMPAIGN_TR_NAME, CAMPAIGN_TR_INTRO, CAMPAIGN_TR_KIND_COUNT } CampaignTrKind;

typedef struct CampaignTranslation {
    CampaignTrKind kind;
    char lang[MISSION_LANG_MAX];
    char *text;
    int line;
} CampaignTranslation;

#define CAMPAIGN_MAX_TRANSLATIONS 256

typedef struct Campaign {
    char *path;       /* the campaign file */
    char *dir;        /* its folder */
    char id[CATALOGUE_ID_MAX];
    char *name;
    char *intro;      /* "" when none */
    uint64_t hash;    /* FNV-1a of the file's bytes, for saves */
    int line;
    bool give_gold;   /* heroes may give each other gold */
    int starting_gold;
    /* the hero types of the party, in order (the catalogue's heroes when
     * the file names none, at most CAMPAIGN_MAX_HEROES) */
    char heroes[CAMPAIGN_MAX_HEROES][CATALOGUE_ID_MAX];
    int hero_count;
    CampaignMission *missions;
    size_t mission_count;
    CampaignOffer *offers;
    size_t offer_count;
    CampaignTranslation *translations; /* every language, in file order */
    size_t translation_count;
} Campaign;

/* The campaign's name or intro in the player's language (core/i18n.h):
 * its translation when it has one, else the untagged text ("" when none). */
const char *campaign_lang_text(const Campaign *c, CampaignTrKind kind);

/* Loads and checks a campaign file; cat is the catalogue its items and
 * heroes come from, catalogue_path where it was loaded from (the schema
 * campaign.xsd sits beside it). NULL with every problem in errs, each as
 * "FILE:LINE: message", on failure. */
Campaign *campaign_load(const char *path, const char *catalogue_path, const Catalogue *cat,
                        ErrorList *errs);

/* Frees the campaign; NULL does nothing. */
void campaign_destroy(Campaign *c);

/* Checks a loaded mission of the campaign: it places at least one hero of
 * the campaign's types, and some hero of the campaign may use each item
 * its rewards name. Problems go to errs with the mission's file and line;
 * false when there were any. */
bool campaign_check_mission(const Campaign *c, const Mission *m, ErrorList *errs);

/* The armoury's price of catalogue item i, or -1 when it is not for sale. */
int campaign_price(const Campaign *c, int item);

/* True when the campaign's party may hold a hero of type id. */
bool campaign_has_hero(const Campaign *c, const char *type);

/* "retry", "continue". */
const char *campaign_failure_name(CampaignFailure f);
