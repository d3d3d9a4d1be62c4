/* Replays wound anywhere from keyframes (tape.h). */
#include "tape.h"
#include "core/i18n.h"

#include "match_internal.h"

#include "../core/alloc.h"
#include "../mission/mission.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The match after `at` actions, kept to start from: the game and the
 * tally; the log lines are the first ones of the full replay's. */
typedef struct Keyframe {
    size_t at;
    Game *game;
    Chronicle chron, seen;
    int log_turn;
} Keyframe;

struct Tape {
    Match *full;         /* the whole replay, its story kept */
    Action *actions;     /* the save's actions, in the game's own ids (save_action) */
    size_t length;
    size_t interval;
    Keyframe *keys;
    size_t key_count;
    /* per position 0..length: the round and the current hero then */
    int *round;
    int *current;
    TapeBookmark marks[TAPE_MAX_BOOKMARKS];
    size_t mark_count;
};

/* A tape's matches: every hero played at this machine, and the monster
 * side too, so a monsters' turn played by actions is stepped through
 * like the heroes' (the computer does not play it again on its own). */
static void viewer_seats(Match *m)
{
    m->seats[0] = (MatchSeat){.kind = MATCH_SEAT_HEROES, .control = MATCH_CONTROL_LOCAL,
                              .heroes = MATCH_ALL_HEROES};
    m->seats[1] = (MatchSeat){.kind = MATCH_SEAT_MONSTERS, .control = MATCH_CONTROL_LOCAL};
    m->seat_count = 2;
}

static void keep_key(Tape *t, const Match *m, size_t at)
{
    Keyframe *k = &t->keys[t->key_count++];
    *k = (Keyframe){.at = at, .game = game_clone(m->game), .log_turn = m->log_turn};
    chronicle_copy(&k->chron, &m->chron);
    chronicle_copy(&k->seen, &m->seen);
}

/* Applies a (the game's own ids) to m's game, its events counted in the
 * story: the tape's actions replayed once already, so the rules accept
 * them again; false with why otherwise. */
static bool apply(Match *m, const Action *a, char *why, size_t why_size)
{
    bool story = m->flags & (MATCH_CHRONICLE | MATCH_LOG);
    game_events_clear(&m->events);
    if (!game_apply(m->game, a, story ? &m->events : NULL, why, why_size))
        return false;
    match_story_add(m, &m->events);
    game_events_clear(&m->events);
    return true;
}

static void mark_position(Tape *t, size_t at)
{
    t->round[at] = game_turn(t->full->game);
    t->current[at] = game_current(t->full->game);
}

Tape *tape_create(const Mission *m, const SaveData *s, const char *mission_ref, size_t interval,
                  char *why, size_t why_size)
{
    if (m->hash != s->mission_hash) {
        snprintf(why, why_size, _("the mission %s has changed since the game was saved"),
                 s->mission_path);
        return NULL;
    }
    char reason[256];
    Game *g = game_create(m, &s->setup, s->seed, reason, sizeof reason);
    if (!g) {
        snprintf(why, why_size, _("cannot start the saved game: %s"), reason);
        return NULL;
    }
    Tape *t = xcalloc(1, sizeof *t);
    t->full = match_wrap(g, mission_ref ? mission_ref : s->mission_path,
                         MATCH_CHRONICLE | MATCH_LOG);
    viewer_seats(t->full);
    t->length = s->action_count;
    t->actions = xcalloc(t->length ? t->length : 1, sizeof *t->actions);
    t->interval = interval ? interval : TAPE_DEFAULT_INTERVAL;
    t->keys = xcalloc(t->length / t->interval + 1, sizeof *t->keys);
    t->round = xcalloc(t->length + 1, sizeof *t->round);
    t->current = xcalloc(t->length + 1, sizeof *t->current);
    for (size_t i = 0; i <= t->length; i++) {
        if (i % t->interval == 0)
            keep_key(t, t->full, i);
        mark_position(t, i);
        /* a version 3 save names pieces by public id: the game so far
         * gives the game's own, which the tape keeps */
        if (i < t->length && (!save_action(t->full->game, s, i, &t->actions[i], reason, sizeof reason) ||
                              !apply(t->full, &t->actions[i], reason, sizeof reason))) {
            snprintf(why, why_size, _("action %zu of %zu (%s) does not replay: %s"), i + 1, t->length,
                     game_action_name(s->actions[i].kind), reason);
            tape_destroy(t);
            return NULL;
        }
    }
    return t;
}

void tape_destroy(Tape *t)
{
    if (!t)
        return;
    for (size_t i = 0; i < t->key_count; i++) {
        game_destroy(t->keys[i].game);
        chronicle_free(&t->keys[i].chron);
        chronicle_free(&t->keys[i].seen);
    }
    free(t->keys);
    free(t->actions);
    free(t->round);
    free(t->current);
    match_destroy(t->full);
    free(t);
}

size_t tape_length(const Tape *t)
{
    return t->length;
}

const Match *tape_end(const Tape *t)
{
    return t->full;
}

const Action *tape_action(const Tape *t, size_t i)
{
    return i < t->length ? &t->actions[i] : NULL;
}

Match *tape_at(const Tape *t, size_t n)
{
    if (n > t->length)
        n = t->length;
    const Keyframe *k = &t->keys[n / t->interval];
    const Match *full = t->full;
    Match *m = match_wrap(game_clone(k->game), full->ref, full->flags);
    viewer_seats(m);
    chronicle_copy(&m->chron, &k->chron);
    chronicle_copy(&m->seen, &k->seen);
    /* the log lines of the first k->at actions: the full replay's first
     * lines (its action_lines[i] is the count before action i) */
    size_t lines = k->at < t->length ? full->action_lines[k->at] : full->line_count;
    if (lines > m->line_cap) {
        m->lines = xrealloc(m->lines, lines, sizeof *m->lines);
        m->line_cap = lines;
    }
    memcpy(m->lines, full->lines, lines * sizeof *m->lines);
    m->line_count = lines;
    if (k->at)
        memcpy(m->action_lines, full->action_lines, k->at * sizeof *m->action_lines);
    m->log_turn = k->log_turn;
    char why[256];
    for (size_t i = k->at; i < n; i++)
        if (!apply(m, &t->actions[i], why, sizeof why))
            abort(); /* the tape replayed them once already: the rules are deterministic */
    m->saved_turn = game_turn(m->game);
    m->saved_actions = game_log_count(m->game);
    return m;
}

int tape_round_at(const Tape *t, size_t n)
{
    return t->round[n < t->length ? n : t->length];
}

int tape_current_at(const Tape *t, size_t n)
{
    return t->current[n < t->length ? n : t->length];
}

/* True when a turn (a round) begins at position i: the one before it was
 * another hero's turn (another round). */
static bool begins(const Tape *t, size_t i, bool by_round)
{
    if (i == 0 || i > t->length)
        return false;
    return by_round ? t->round[i] != t->round[i - 1] : t->current[i] != t->current[i - 1];
}

size_t tape_step_turn(const Tape *t, size_t n, int dir, bool by_round)
{
    if (n > t->length)
        n = t->length;
    if (dir > 0) {
        for (size_t i = n + 1; i <= t->length; i++)
            if (begins(t, i, by_round))
                return i;
        return t->length;
    }
    for (size_t i = n; i-- > 1;)
        if (begins(t, i, by_round))
            return i;
    return 0;
}

/* --- Bookmarks ---------------------------------------------------------------- */

size_t tape_bookmark_count(const Tape *t)
{
    return t->mark_count;
}

const TapeBookmark *tape_bookmark(const Tape *t, size_t i)
{
    return i < t->mark_count ? &t->marks[i] : NULL;
}

/* A note on one line: control characters become spaces, and it is cut
 * at a whole UTF-8 character. */
static void clean_note(char *dst, const char *src)
{
    size_t n = 0;
    for (; src && src[n] && n < TAPE_NOTE_MAX - 1; n++)
        dst[n] = (unsigned char)src[n] < 0x20 || src[n] == 0x7f ? ' ' : src[n];
    if (src)
        while (n > 0 && ((unsigned char)src[n] & 0xc0) == 0x80)
            n--; /* the byte after the cut goes on a character: drop all of it */
    dst[n] = '\0';
}

bool tape_bookmark_add(Tape *t, size_t at, const char *note)
{
    if (at > t->length)
        at = t->length;
    size_t i = 0;
    while (i < t->mark_count && t->marks[i].at < at)
        i++;
    if (i < t->mark_count && t->marks[i].at == at) {
        clean_note(t->marks[i].note, note);
        return true;
    }
    if (t->mark_count == TAPE_MAX_BOOKMARKS)
        return false;
    memmove(&t->marks[i + 1], &t->marks[i], (t->mark_count - i) * sizeof *t->marks);
    t->mark_count++;
    t->marks[i].at = at;
    clean_note(t->marks[i].note, note);
    return true;
}

bool tape_bookmark_remove(Tape *t, size_t i)
{
    if (i >= t->mark_count)
        return false;
    memmove(&t->marks[i], &t->marks[i + 1], (t->mark_count - i - 1) * sizeof *t->marks);
    t->mark_count--;
    return true;
}

char *tape_bookmarks_format(const Tape *t)
{
    size_t cap = t->mark_count * (TAPE_NOTE_MAX + 24) + 1;
    char *text = xmalloc(cap, 1);
    size_t len = 0;
    text[0] = '\0';
    for (size_t i = 0; i < t->mark_count; i++)
        len += (size_t)snprintf(text + len, cap - len, "%zu %s\n", t->marks[i].at,
                                t->marks[i].note);
    return text;
}

void tape_bookmarks_parse(Tape *t, const char *text)
{
    t->mark_count = 0;
    while (text && *text) {
        const char *end = strchr(text, '\n');
        size_t len = end ? (size_t)(end - text) : strlen(text);
        char line[TAPE_NOTE_MAX + 32];
        if (len < sizeof line) {
            memcpy(line, text, len);
            line[len] = '\0';
            char *rest;
            unsigned long long at = line[0] >= '0' && line[0] <= '9' ? strtoull(line, &rest, 10) : ~0ull;
            if (at <= t->length && (*rest == ' ' || *rest == '\0'))
                tape_bookmark_add(t, (size_t)at, *rest ? rest + 1 : "");
        }
        text += len + (end != NULL);
    }
}
