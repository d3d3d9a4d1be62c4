/* The match's inside, shared by its files (not for other modules).
 *
 * match.c       life cycle, acting, undo, the tally and the log lines
 * match_seat.c  seats, whose turn, views
 * match_save.c  save text, restore, autosave, campaign quests
 */
#pragma once

#include "match.h"
#include "../rules/save.h"

struct Match {
    const Mission *mission;
    Mission *owned;     /* the mission when the match frees it */
    char *ref;          /* what saves name the mission by; NULL: made from a game */
    Game *game;
    unsigned flags;
    GameEvents events;  /* of the last act or undo */

    MatchSeat seats[MATCH_MAX_SEATS];
    int seat_count;

    Chronicle chron;     /* every event */
    Chronicle seen;      /* the events told to the heroes' sight */
    MatchLogLine *lines; /* MATCH_LOG */
    size_t line_count, line_cap;
    int log_turn;        /* the round the next line is told in */
    /* Per action of the game's log: the lines before it, so undo can
     * take a move's lines back. */
    size_t *action_lines;
    size_t action_cap;

    MatchAutosave autosave;
    MatchSaveFn save_fn;
    void *save_ctx;
    int saved_turn;      /* the round at the last autosave */
    size_t saved_actions; /* the log's length at the last save */
    bool saved_end;      /* the end of the game is saved */

    Party *party;        /* a campaign's quest: the party (borrowed) */
    char *campaign_path;
    int hero_of[GAME_MAX_HEROES];
    bool in_quest;       /* not settled yet */
};

/* match.c: a match around game g (taken over) on its mission. */
Match *match_wrap(Game *g, const char *ref, unsigned flags);
/* Starts the tally and the log lines of the game as it is now. */
void match_story_reset(Match *m);
/* Counts the events of the game's last action (the log's last one). */
void match_story_add(Match *m, const GameEvents *ev);
/* Replays the actions of save s on m's game (each in the game's own ids,
 * save_action), counting every event; false with "action N (kind) does
 * not replay: why" (the game is then part way). */
bool match_replay(Match *m, const SaveData *s, char *why, size_t why_size);

/* match_seat.c: the default seats (every hero, the monster side). */
void match_seats_default(Match *m);
/* Checks a list of seats; false with why. */
bool match_seats_valid(const MatchSeat *seats, int count, char *why, size_t why_size);
