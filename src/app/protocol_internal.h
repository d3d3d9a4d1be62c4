/* What protocol.c and protocol_campaign.c share: the session and the
 * answer being built. Internal to the protocol. */
#pragma once

#include "protocol.h"

#include "../mission/campaign.h"
#include "../rules/party.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>

struct Protocol {
    Mission *mission;
    char *mission_path; /* absolute when it could be resolved */
    Game *game;
    uint64_t seed;
    GameSetup setup;
    GameEvents events;
    bool reveal; /* `reveal on`: state and board show what no hero has seen */
    Catalogue *cat; /* the shared catalogue, loaded once when first needed */
    /* A campaign session (protocol_campaign.c): the book, the party, and
     * whether the game in play is the party's quest (its heroes are
     * hero_of[piece] of the party). */
    Campaign *campaign;
    char *campaign_path;
    Party *party;
    bool in_quest;
    int hero_of[GAME_MAX_HEROES];
};

/* One answer being built: the body lines after "=". */
typedef struct Answer {
    FILE *out;
    bool first; /* nothing written yet: the next text follows "= " */
    char why[512];
} Answer;

/* Adds a line to the answer ("= text" for the first). */
void protocol_say(Answer *a, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Sets the refusal's reason; returns false. */
bool protocol_refuse(Answer *a, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* The shared catalogue (assets/pieces.xml), loaded on first use. */
const Catalogue *protocol_catalogue(Protocol *p, Answer *a);
/* Loads a mission with the shared catalogue; NULL with the reason. */
Mission *protocol_load_mission(Protocol *p, const char *path, Answer *a);
/* Starts a game of m with p's setup and seed (m becomes p's mission). */
bool protocol_start_game(Protocol *p, Mission *m, const char *path, Answer *a);
/* A save path may not leave the working directory (protocol.c). */
bool protocol_confined(const char *path, bool existing, Answer *a);

/* --- protocol_gen.c ------------------------------------------------------ */
/* generate STYLE SEED [WxH] [DIFFICULTY]: a generated mission, played. */
bool protocol_cmd_generate(Protocol *p, int argc, char **argv, Answer *a);
/* True when a save's mission is a generated one's reference. */
bool protocol_is_generated(const char *ref);
/* Generates the mission of such a reference again, after checking what
 * can be checked first (the size cap, setup's heroes when setup is not
 * NULL); NULL with the reason. */
Mission *protocol_generated_mission(Protocol *p, const char *ref, const GameSetup *setup,
                                    Answer *a);

/* --- protocol_campaign.c ---------------------------------------------------- */
bool protocol_cmd_campaign(Protocol *p, int argc, char **argv, Answer *a);
bool protocol_cmd_shop(Protocol *p, int argc, char **argv, Answer *a);
/* buy, sell, equip, unequip HERO ITEM */
bool protocol_cmd_trade(Protocol *p, int argc, char **argv, Answer *a);
bool protocol_cmd_give(Protocol *p, int argc, char **argv, Answer *a);
bool protocol_cmd_next(Protocol *p, int argc, char **argv, Answer *a);
/* After an accepted action: a finished quest is settled. */
void protocol_campaign_after_action(Protocol *p);
/* The campaign save of the session, written atomically to path. */
bool protocol_campaign_save(Protocol *p, const char *path, Answer *a);
/* True when the file at path is a campaign save. */
bool protocol_campaign_file(const char *path);
/* Restores a campaign save (and its quest, replayed). */
bool protocol_campaign_restore(Protocol *p, const char *path, Answer *a);
/* Leaves the campaign session (the game in play, if any, stays). */
void protocol_campaign_end(Protocol *p);
