/* What the protocol's files share: the session and the answer being
 * built. Internal to the protocol.
 *
 * protocol.c           the session, reading lines, the command table
 * protocol_state.c     what a seat is told: state, board, events, reach, paths
 * protocol_game.c      game commands: load, seed, heroes, actions, undo, save, restore
 * protocol_campaign.c  campaign commands and the campaign save
 * protocol_gen.c       generate: a generated mission, played
 */
#pragma once

#include "protocol.h"

#include "../match/match.h"
#include "../mission/campaign.h"
#include "../rules/party.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>

/* The seats of a protocol game: the player plays every hero; `reveal on`
 * looks through the debug seat's eyes. */
enum { PROTOCOL_SEAT_PLAYER = 0, PROTOCOL_SEAT_MONSTERS = 1, PROTOCOL_SEAT_DEBUG = 2 };

struct Protocol {
    Match *match;   /* the game in play, NULL before load */
    uint64_t seed;  /* the next game's seed and setup */
    GameSetup setup;
    bool reveal;    /* `reveal on`: state and board show what no hero has seen */
    bool words;     /* `words on`: each event line carries its text's parts */
    /* `seat monsters human`: the session's player plays the monster side
     * too (GameSetup.monster_player; its actions in the monsters' turn
     * go through the monster seat). */
    bool monsters_human;
    /* A server's player (protocol_create_seat): the match is borrowed,
     * played through seat and shown through its view. */
    bool borrowed;
    int seat;
    Catalogue *cat; /* the shared catalogue, loaded once when first needed */
    /* A campaign session (protocol_campaign.c): the book and the party;
     * the match in play is the party's quest while match_in_quest. */
    Campaign *campaign;
    char *campaign_path;
    Party *party;
};

/* One answer being built: the body lines after "=". */
typedef struct Answer {
    FILE *out;
    bool first; /* nothing written yet: the next text follows "= " */
    char why[512];
} Answer;

/* Adds a line to the answer ("= text" for the first). */
void protocol_say(Answer *a, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Sets the refusal's reason; returns false. fmt is a string literal
 * (xgettext's keyword protocol_refuse:2): game_refuse keeps its parts, so
 * a server's window says the reason in its player's language (the
 * server's `words all`). */
bool protocol_refuse(Answer *a, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Sets a reason another part wrote (the rules', a loader's) as it is; the
 * parts its own game_refuse kept stay the latest, used where they make
 * this very line. Returns false. */
bool protocol_refused(Answer *a, const char *why);

/* The game in play, or NULL. */
static inline const Game *protocol_g(const Protocol *p)
{
    return p->match ? match_game(p->match) : NULL;
}
/* What the session's player is shown: the heroes' sight, or everything
 * with `reveal on` (the match decides what each sees). */
MatchView protocol_view(const Protocol *p);
/* A whole number in [min, max]. */
bool protocol_arg_int(const char *s, long min, long max, int *out);
/* A piece id the player knows of (else refused as no piece id). */
bool protocol_arg_piece(Answer *a, const Protocol *p, const char *s, int *id);
bool protocol_arg_square(Answer *a, const char *x, const char *y, BoardPos *pos);
/* True with a game in play, else refused. */
bool protocol_need_game(Answer *a, const Protocol *p);

/* --- protocol_state.c ------------------------------------------------------- */
void protocol_print_events(Answer *a, const Protocol *p, const GameEvents *ev);
bool protocol_cmd_state(Protocol *p, int argc, char **argv, Answer *a);
bool protocol_cmd_board(Protocol *p, int argc, char **argv, Answer *a);
bool protocol_cmd_reveal(Protocol *p, int argc, char **argv, Answer *a);
bool protocol_cmd_words(Protocol *p, int argc, char **argv, Answer *a);
bool protocol_cmd_reachable(Protocol *p, int argc, char **argv, Answer *a);
bool protocol_cmd_path(Protocol *p, int argc, char **argv, Answer *a);

/* --- protocol_game.c -------------------------------------------------------- */
/* The shared catalogue (assets/pieces.xml), loaded on first use. */
const Catalogue *protocol_catalogue(Protocol *p, Answer *a);
/* Loads a mission with the shared catalogue; NULL with the reason. */
Mission *protocol_load_mission(Protocol *p, const char *path, Answer *a);
/* The match config of mission m (the caller gives it to the match,
 * match_own_mission, once made) named ref. */
MatchConfig protocol_config(const Protocol *p, Mission *m, const char *ref);
/* Starts a game of m with p's setup and seed: m becomes the match's
 * mission. On refusal m stays the caller's. */
bool protocol_start_game(Protocol *p, Mission *m, const char *ref, Answer *a);
/* Makes match the game in play (the last one is freed). */
void protocol_set_match(Protocol *p, Match *match);
/* A save path may not leave the working directory. */
bool protocol_confined(const char *path, bool existing, Answer *a);
bool protocol_cmd_load(Protocol *p, int argc, char **argv, Answer *a);
bool protocol_cmd_seed(Protocol *p, int argc, char **argv, Answer *a);
bool protocol_cmd_heroes(Protocol *p, int argc, char **argv, Answer *a);
bool protocol_cmd_action(Protocol *p, int argc, char **argv, Answer *a);
bool protocol_cmd_undo(Protocol *p, int argc, char **argv, Answer *a);
bool protocol_cmd_save(Protocol *p, int argc, char **argv, Answer *a);
bool protocol_cmd_restore(Protocol *p, int argc, char **argv, Answer *a);
/* restore without the confinement (protocol_restore_trusted). */
bool protocol_restore_path(Protocol *p, const char *path, Answer *a);
/* The seat the session acts through now: a server player's own, else the
 * player's (the monster seat in the monsters' turn). */
int protocol_act_seat(const Protocol *p);
/* seat monsters human|computer */
bool protocol_cmd_seat(Protocol *p, int argc, char **argv, Answer *a);

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
/* Restores the campaign save of a quest pack (docs/packs.md): the pack
 * unpacked into the user's missions folder as the window opens one, its
 * save relinked there (packparty.h), then restored as a campaign save;
 * a pack of another kind is refused. */
bool protocol_campaign_restore_pack(Protocol *p, const char *path, Answer *a);
/* Leaves the campaign session (the game in play, if any, stays). */
void protocol_campaign_end(Protocol *p);
