/* A match: one game in progress, headless, the layer every front end
 * drives (docs/architecture.md, "The match layer").
 *
 * A Match owns what a game in progress is made of besides the rules'
 * state: the mission and the reference saves name it by, the game and its
 * seed, the campaign party the quest is played for (borrowed: the party
 * lives between quests), the action log and undo, the autosave policy,
 * the chronicle (the per-hero tally and the log lines), and the seats:
 * who plays which heroes or the monster side, and what each may see
 * (view.h). The window's play screen, the text protocol and the
 * simulator all act through a match; none of them puts a game, a party,
 * undo and saves together itself.
 *
 * A front end plugs in like this: match_create (or match_restore from a
 * save), match_set_seats when several players share the game, then for
 * each player's command match_act (or match_undo) through that player's
 * seat, reading the events of it with match_events filtered by the seat's
 * view (match_view, view_event), and drawing or printing from the view;
 * match_autosave at a quiet moment, match_save_text or match_write to
 * save, match_destroy at the end. No SDL, no files but the saves written
 * through fileio (atomic).
 *
 * Acting costs what game_apply costs plus a seat check; the tally and the
 * log lines are kept only when asked for (MATCH_CHRONICLE, MATCH_LOG), so
 * the simulator pays nothing for them.
 */
#pragma once

#include "../rules/game.h"
#include "../rules/party.h"
#include "chronicle.h"
#include "view.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct Match Match;

/* --- Seats ---------------------------------------------------------------- */

#define MATCH_MAX_SEATS 8
#define MATCH_NAME_MAX 48

/* What a seat plays and sees. */
typedef enum MatchSeatKind {
    MATCH_SEAT_HEROES,    /* some heroes (MatchSeat.heroes); sees the heroes' sight */
    MATCH_SEAT_MONSTERS,  /* the monster side; sees the whole board */
    MATCH_SEAT_SPECTATOR, /* plays nothing; sees the heroes' sight */
    MATCH_SEAT_DEBUG,     /* may act for any hero; sees everything (--reveal) */
    MATCH_SEAT_KIND_COUNT
} MatchSeatKind;

/* Who sits in a seat. The match itself only records it: front ends ask
 * match_turn_seat and let that seat's controller act (the window waits
 * for its player, a server for its peer, the simulator asks the bot).
 * The monster side's computer is the rules' own AI: in a game without a
 * monster player (GameSetup.monster_player false) it plays inside the
 * last hero's end and the monster seat never acts; with one, the
 * monsters' turn waits for the monster seat's actions, and while that
 * seat's controller is the computer the match plays the AI's choices
 * itself right after the action that began the monsters' turn
 * (match_act, match_play_computer). */
typedef enum MatchController {
    MATCH_CONTROL_LOCAL,    /* a player at this machine */
    MATCH_CONTROL_COMPUTER, /* the bot (heroes) or the rules' AI (monsters) */
    MATCH_CONTROL_REMOTE,   /* a player over the network */
    MATCH_CONTROL_COUNT
} MatchController;

typedef struct MatchSeat {
    MatchSeatKind kind;
    MatchController control;
    /* MATCH_SEAT_HEROES: bit i set when the seat plays hero piece i
     * (heroes are pieces 0..3 in setup order); no two hero seats share a
     * hero. Ignored for the other kinds. */
    unsigned heroes;
    char name[MATCH_NAME_MAX]; /* what the players call the seat's player; may be "" */
} MatchSeat;

/* Every hero of a game (bits 0..3). */
#define MATCH_ALL_HEROES ((1u << GAME_MAX_HEROES) - 1u)

/* --- Creating --------------------------------------------------------------- */

/* What to keep besides the game (bits of MatchConfig.flags). */
enum {
    MATCH_CHRONICLE = 1, /* the tally (match_chronicle) */
    MATCH_LOG = 2,       /* the log lines (match_log_count) */
};

typedef struct MatchConfig {
    const Mission *mission; /* required; borrowed (match_own_mission) */
    /* What saves name the mission by: its path, or a generated mission's
     * reference. NULL: the mission's own path ("" for none). */
    const char *mission_ref;
    const GameSetup *setup; /* NULL: every hero the mission places */
    uint64_t seed;
    unsigned flags;         /* MATCH_CHRONICLE | MATCH_LOG */
    /* The seats; NULL: seat 0 plays every hero (a local player), seat 1
     * is the monster side (the computer). */
    const MatchSeat *seats;
    int seat_count;
} MatchConfig;

/* A new match: the game of c's mission with its setup and seed (the first
 * hero's turn begins). NULL with the rules' reason in why when they
 * cannot make the game, or when the seats are not valid. */
Match *match_create(const MatchConfig *c, char *why, size_t why_size);

/* A match around game g, made elsewhere (tests: the game as the heroes
 * know it). The match owns g, not its mission; it cannot be restarted and
 * saves name no mission. Default seats. Never NULL. */
Match *match_create_from_game(Game *g, unsigned flags);

/* A match restored from a game save (rules/save.h) on c's mission, which
 * must be the one the save names (same hash): the actions are replayed,
 * so the game, the tally and the log are those of the saved game.
 * c->setup and c->seed are ignored (the save's are used); c->mission_ref
 * NULL: the save's reference. NULL with "line N: problem" or the action
 * that does not replay in why. */
Match *match_restore(const MatchConfig *c, const char *text, size_t size, char *why,
                     size_t why_size);

/* match_restore from a save already parsed (save_read, save_parse). */
struct SaveData;
Match *match_restore_data(const MatchConfig *c, const struct SaveData *s, char *why,
                          size_t why_size);

/* Reads the mission reference a game save names into ref (the front end
 * loads that mission, then calls match_restore). False with why when the
 * text is no save. */
bool match_save_ref(const char *text, size_t size, char *ref, size_t ref_size, char *why,
                    size_t why_size) __attribute__((warn_unused_result));

/* Frees the match, its game, its mission when owned; NULL does nothing. */
void match_destroy(Match *m);

/* Starts the game again on the same mission with setup (NULL: every hero)
 * and seed: the log, the tally and undo start afresh; seats, the autosave
 * policy and the campaign stay. False with the reason (the match is then
 * unchanged). */
bool match_restart(Match *m, const GameSetup *setup, uint64_t seed, char *why,
                   size_t why_size);

/* The same match on mission `on` (an edited version of it): a new game
 * with the same setup and seed replays the first `actions` actions of
 * m's log (SIZE_MAX: all). Seats and flags are copied; the autosave
 * policy and the campaign are not (a branch is a new game). `on` is
 * borrowed (NULL: m's mission, borrowed too). NULL with the action that
 * no longer fits in why. For hot reload, and the replay viewer's
 * "continue from here". */
Match *match_branch(const Match *m, const Mission *on, size_t actions, char *why,
                    size_t why_size);

/* Hot reload: m's game replayed on mission `on` (an edited version of its
 * mission, borrowed) takes the place of the old one; seats, the autosave
 * policy and the campaign stay, the story is told again. The old mission
 * is freed when the match owned it. False with the rules' reason when an
 * action no longer fits (m is then unchanged). */
bool match_reload(Match *m, const Mission *on, char *why, size_t why_size);

/* A copy of the match as it is now (the replay viewer's keyframes): the
 * game (game_clone), the seats, the tally and the log when kept. The
 * mission is borrowed from m; no autosave, no campaign. */
Match *match_clone(const Match *m);

/* The match takes over mission, which must be its own mission (the one
 * it was made with): it frees it when destroyed. */
void match_own_mission(Match *m, Mission *mission);

/* --- Reading ------------------------------------------------------------------- */

const Game *match_game(const Match *m);
const Mission *match_mission(const Match *m);
/* What saves name the mission by; NULL for a match made from a game. */
const char *match_mission_ref(const Match *m);
uint64_t match_seed(const Match *m);
unsigned match_flags(const Match *m);

/* --- Seats ------------------------------------------------------------------- */

int match_seat_count(const Match *m);
/* Seat i, or NULL when out of range. */
const MatchSeat *match_seat(const Match *m, int i);
/* Replaces every seat. False with why (nothing changed) when there are
 * none or more than MATCH_MAX_SEATS, or two hero seats share a hero. */
bool match_set_seats(Match *m, const MatchSeat *seats, int count, char *why, size_t why_size)
    __attribute__((warn_unused_result));
/* Adds a seat; its index, or -1 with why as match_set_seats. */
int match_seat_add(Match *m, const MatchSeat *seat, char *why, size_t why_size);
/* Who sits in seat i now (a dropped player's seat handed to the computer
 * and back). False when i is out of range. */
bool match_seat_control(Match *m, int i, MatchController control, const char *name);
/* The hero seat that plays hero piece id, or -1. */
int match_seat_of_hero(const Match *m, int hero);
/* The seat whose turn it is: the hero seat of the current hero, the
 * monster seat in a monsters' turn played by actions; -1 when the game
 * is over or no seat plays it. */
int match_turn_seat(const Match *m);
/* The first monster seat, or -1. */
int match_monster_seat(const Match *m);
/* True when the computer plays the monster side now: no monster seat, or
 * its controller is MATCH_CONTROL_COMPUTER. */
bool match_computer_monsters(const Match *m);
/* True when seat may act now (else the reason in why, which may be
 * NULL): a hero seat in its heroes' turns, the monster seat in the
 * monsters' turn of a game with a monster player, the debug seat
 * whenever; spectators never. The
 * rules' own refusals (a wrong piece, an illegal move) come from
 * match_act. */
bool match_may_act(const Match *m, int seat, char *why, size_t why_size);

/* What seat sees (view.h): hero seats and spectators the heroes' sight,
 * the monster side and the debug seat everything. An out-of-range seat
 * sees what the heroes see. */
MatchView match_view(const Match *m, int seat);

/* --- Acting ---------------------------------------------------------------------- */

/* Applies action a for seat: refused (false, the reason in why, nothing
 * changed) when the seat may not act now or the rules refuse it; else
 * the game moves on and match_events holds what happened. When the
 * action begins a monsters' turn played by actions and the computer
 * plays the monster side (match_computer_monsters), its actions follow
 * at once, in the log and in match_events, as the AI's turn does in a
 * game without a monster player. */
bool match_act(Match *m, int seat, const Action *a, char *why, size_t why_size);

/* The computer plays the monsters' turn now, when it is one played by
 * actions and match_computer_monsters (a monster player dropped, or the
 * game was restored in its monsters' turn): the AI's actions
 * (game_monster_choose) through the monster side, into the log, their
 * events in match_events (emptied first). Returns how many actions were
 * applied (0: nothing to do). */
size_t match_play_computer(Match *m);

/* Takes back the current hero's last move for seat (docs/rules.md,
 * "Undo"): the game, the tally and the log become those of a game in
 * which it was never made. match_events holds the one EVENT_UNDO. */
bool match_undo(Match *m, int seat, char *why, size_t why_size);

/* The events of the last accepted act or undo (all of them: filter with
 * view_event before telling a seat). Valid until the next act or undo. */
const GameEvents *match_events(const Match *m);

/* --- Chronicle --------------------------------------------------------------------- */

/* The tally of the game so far (MATCH_CHRONICLE; else as at the start):
 * of every event. */
const Chronicle *match_chronicle(const Match *m);
/* The tally as seat may know it: counted only from the events its view
 * is told (view_event), so nothing is counted from hidden pieces. */
const Chronicle *match_chronicle_for(const Match *m, int seat);

/* The log lines (MATCH_LOG): "MISSION begins." at turn 1, then the text
 * of every event but single steps, each with the round it was told in
 * and its event kind as tag (-1 for the first line), as the rules wrote
 * them. Undo takes a move's lines back. */
typedef struct MatchLogLine {
    int turn;
    int tag;
    bool hidden; /* its event is not told to the heroes' sight */
    char text[GAME_EVENT_TEXT]; /* in English, as the protocol prints it */
    EventText words; /* the same line in parts (rules/eventtext.h), for a
                        window to say in the player's language */
} MatchLogLine;
size_t match_log_count(const Match *m);
const MatchLogLine *match_log_line(const Match *m, size_t i);
/* True when line i may be told to seat (its view lets the line's event
 * through; the first line always). */
bool match_log_told(const Match *m, int seat, size_t i);

/* --- Saves and autosave ---------------------------------------------------------- */

/* The save text of the match (the caller frees it; *size its length): the
 * game save (rules/save.h) naming match_mission_ref; for a campaign's
 * quest, the campaign save (rules/party_save.h) holding it, or once the
 * quest is settled the party alone. NULL for a match made from a game. */
char *match_save_text(const Match *m, size_t *size);

/* Writes match_save_text to path atomically (core/fileio.h). False with
 * the reason in why. */
bool match_write(const Match *m, const char *path, char *why, size_t why_size)
    __attribute__((warn_unused_result));

/* When the match asks to be saved. */
typedef enum MatchAutosave {
    MATCH_AUTOSAVE_NEVER,
    MATCH_AUTOSAVE_ROUNDS,  /* when a round has begun, and once at the end */
    MATCH_AUTOSAVE_ACTIONS, /* after every accepted action (a campaign's quest) */
    MATCH_AUTOSAVE_COUNT
} MatchAutosave;

/* Writes the save text where the front end keeps it (a save slot, a
 * server's game file), atomically; false with the reason in why. */
typedef bool (*MatchSaveFn)(void *ctx, const Match *m, const char *text, size_t size,
                            char *why, size_t why_size);

/* The policy and where saves go (NULL fn: nowhere). The game as it is now
 * counts as saved. */
void match_set_autosave(Match *m, MatchAutosave when, MatchSaveFn fn, void *ctx);

/* Saves when the policy asks for it now: 1 written, 0 nothing to do, -1
 * the writer failed (its reason in why; not asked again until the game
 * moves on). Front ends call it at a quiet moment (the window: once an
 * action's events have played). */
int match_autosave(Match *m, char *why, size_t why_size);

/* Saves when the game is still being played and changed since the last
 * save, whatever the policy (a player leaving: Continue goes on from
 * here); as match_autosave otherwise. */
int match_autosave_unsaved(Match *m, char *why, size_t why_size);

/* The game as it is now was saved elsewhere (a save slot the player
 * chose): match_autosave_unsaved has nothing to do until it changes. */
void match_note_saved(Match *m);

/* --- Campaign ---------------------------------------------------------------------- */

/* Makes the match the current quest of party (party_setup on the
 * mission gives the heroes, party_quest_seed the seed); the party stays
 * the caller's and must outlive the match, which settles it
 * (match_settle) and writes it into its saves (campaign_path: the
 * campaign file, as party_save_format records it). c gives the mission,
 * its reference and the flags; its setup and seed are ignored. NULL with
 * the reason in why. */
Match *match_create_quest(const MatchConfig *c, Party *party, const char *campaign_path,
                          char *why, size_t why_size);

/* A quest restored from its game save (the one a campaign save holds) on
 * c's mission for party; refused when the saved heroes are not the
 * party's. */
Match *match_restore_quest(const MatchConfig *c, Party *party, const char *campaign_path,
                           const char *text, size_t size, char *why, size_t why_size);

/* The match is no longer the party's quest (the campaign was left; the
 * party may be gone): it plays on as a game of its own. */
void match_leave_campaign(Match *m);

/* The party the match's quest is played for, or NULL. */
Party *match_party(const Match *m);
/* True while the match is a campaign quest not yet settled. */
bool match_in_quest(const Match *m);
/* The party hero that hero piece id is, or -1. */
int match_party_hero(const Match *m, int id);

/* Once the game is over, settles the quest (party_settle: what the
 * survivors keep, the rewards, the next step of the book). Does nothing
 * (true) while the game is played or when it is no quest or settled
 * already; false with the reason when the party refuses. */
bool match_settle(Match *m, char *why, size_t why_size);

/* --- Names ---------------------------------------------------------------------------- */

/* "heroes", "monsters", "spectator", "debug"; "local", "computer", "remote". */
const char *match_seat_kind_name(MatchSeatKind kind);
const char *match_controller_name(MatchController control);
