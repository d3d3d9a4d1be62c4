/* The match's life cycle, acting and undo, and the story it keeps: the
 * tally (chronicle.h) and the log lines, counted from the events as each
 * action is applied. */
#include "match_internal.h"

#include "../core/alloc.h"
#include "../core/i18n.h"
#include "../mission/mission.h"
#include "../mission/mission_lang.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* --- The story: tally and log lines ------------------------------------------ */

static void add_line(Match *m, int turn, int tag, const char *text, const EventText *words, bool hidden)
{
    if (m->line_count == m->line_cap) {
        m->line_cap = m->line_cap ? 2 * m->line_cap : 64;
        m->lines = xrealloc(m->lines, m->line_cap, sizeof *m->lines);
    }
    MatchLogLine *l = &m->lines[m->line_count++];
    l->turn = turn;
    l->tag = tag;
    l->hidden = hidden;
    snprintf(l->text, sizeof l->text, "%s", text);
    if (words)
        l->words = *words;
    else
        eventtext_clear(&l->words);
}

/* Room for the line count before each action of the game's log. */
static void reserve_actions(Match *m, size_t n)
{
    if (n <= m->action_cap)
        return;
    size_t cap = m->action_cap ? m->action_cap : 64;
    while (cap < n)
        cap *= 2;
    m->action_lines = xrealloc(m->action_lines, cap, sizeof *m->action_lines);
    m->action_cap = cap;
}

void match_story_reset(Match *m)
{
    chronicle_init(&m->chron, m->game);
    chronicle_init(&m->seen, m->game);
    m->line_count = 0;
    m->log_turn = game_turn(m->game);
    if (m->flags & MATCH_LOG) {
        /* the text names the mission as written; its parts by the name
         * in the player's language (mission_lang.h) */
        const char *name = m->mission->name ? m->mission->name : m->mission->id;
        const char *said = mission_lang_text(m->mission, MISSION_TR_NAME, 0);
        char line[GAME_EVENT_TEXT];
        snprintf(line, sizeof line, "%s begins.", name);
        EventText words;
        eventtext_clear(&words);
        eventtext_add(&words, N_("%s begins."), said && said[0] ? said : name);
        add_line(m, 1, -1, line, &words, false);
    }
    /* a game made elsewhere may come with actions: their lines are not
     * known, so taking one back takes no line */
    size_t n = game_log_count(m->game);
    reserve_actions(m, n + 1);
    for (size_t i = 0; i < n; i++)
        m->action_lines[i] = m->line_count;
}

void match_story_add(Match *m, const GameEvents *ev)
{
    size_t n = game_log_count(m->game);
    if (n > 0) {
        reserve_actions(m, n);
        m->action_lines[n - 1] = m->line_count;
    }
    if (!(m->flags & (MATCH_CHRONICLE | MATCH_LOG)))
        return;
    /* what the heroes' sight is told of it, by the view rule */
    MatchView heroes = view_of(m->game, MATCH_SIGHT_HEROES);
    for (size_t i = 0; i < ev->count; i++) {
        const GameEvent *e = &ev->items[i];
        bool told = view_event(&heroes, e);
        if (m->flags & MATCH_CHRONICLE) {
            chronicle_add(&m->chron, m->game, e);
            if (told)
                chronicle_add(&m->seen, m->game, e);
        }
        if (!(m->flags & MATCH_LOG))
            continue;
        if (e->kind == EVENT_TURN)
            m->log_turn = e->value;
        /* single steps would drown the log: the move tells them */
        if (e->text[0] && e->kind != EVENT_STEP)
            add_line(m, m->log_turn, (int)e->kind, e->text, &e->words, !told);
    }
}

/* --- Life cycle ------------------------------------------------------------------- */

Match *match_wrap(Game *g, const char *ref, unsigned flags)
{
    Match *m = xcalloc(1, sizeof *m);
    m->game = g;
    m->mission = game_mission(g);
    m->ref = ref ? xstrdup(ref) : NULL;
    m->flags = flags;
    game_events_init(&m->events);
    match_seats_default(m);
    match_story_reset(m);
    m->saved_turn = game_turn(g);
    m->saved_actions = game_log_count(g);
    return m;
}

static const char *default_ref(const MatchConfig *c)
{
    if (c->mission_ref)
        return c->mission_ref;
    return c->mission && c->mission->path ? c->mission->path : "";
}

Match *match_create(const MatchConfig *c, char *why, size_t why_size)
{
    if (c->seats && !match_seats_valid(c->seats, c->seat_count, why, why_size))
        return NULL;
    Game *g = game_create(c->mission, c->setup, c->seed, why, why_size);
    if (!g)
        return NULL;
    Match *m = match_wrap(g, default_ref(c), c->flags);
    if (c->seats) {
        memcpy(m->seats, c->seats, (size_t)c->seat_count * sizeof *m->seats);
        m->seat_count = c->seat_count;
    }
    return m;
}

Match *match_create_from_game(Game *g, unsigned flags)
{
    return match_wrap(g, NULL, flags);
}

void match_destroy(Match *m)
{
    if (!m)
        return;
    game_destroy(m->game);
    mission_destroy(m->owned);
    game_events_free(&m->events);
    chronicle_free(&m->chron);
    chronicle_free(&m->seen);
    free(m->lines);
    free(m->action_lines);
    free(m->ref);
    free(m->campaign_path);
    free(m);
}

void match_own_mission(Match *m, Mission *mission)
{
    if (mission == m->mission)
        m->owned = mission;
}

bool match_restart(Match *m, const GameSetup *setup, uint64_t seed, char *why, size_t why_size)
{
    /* a game made elsewhere has no mission of the match's to start again */
    Game *g = m->ref ? game_create(m->mission, setup, seed, why, why_size)
                     : game_create(NULL, setup, seed, why, why_size);
    if (!g)
        return false;
    game_destroy(m->game);
    m->game = g;
    game_events_clear(&m->events);
    match_story_reset(m);
    m->saved_turn = game_turn(g);
    m->saved_actions = 0;
    m->saved_end = false;
    return true;
}

bool match_replay(Match *m, const SaveData *s, char *why, size_t why_size)
{
    bool story = m->flags & (MATCH_CHRONICLE | MATCH_LOG);
    for (size_t i = 0; i < s->action_count; i++) {
        char reason[256];
        Action a;
        game_events_clear(&m->events);
        /* a version 3 save names pieces by public id: the game replayed so
         * far gives them back */
        if (!save_action(m->game, s, i, &a, reason, sizeof reason) ||
            !game_apply(m->game, &a, story ? &m->events : NULL, reason, sizeof reason)) {
            snprintf(why, why_size, _("action %zu (%s) does not replay: %s"), i + 1,
                     game_action_name(s->actions[i].kind), reason);
            return false;
        }
        match_story_add(m, &m->events);
    }
    game_events_clear(&m->events);
    return true;
}

Match *match_branch(const Match *m, const Mission *on, size_t actions, char *why,
                    size_t why_size)
{
    Game *g = game_create(on ? on : m->mission, game_setup(m->game), game_seed(m->game), why,
                          why_size);
    if (!g)
        return NULL;
    Match *b = match_wrap(g, m->ref, m->flags);
    memcpy(b->seats, m->seats, sizeof b->seats);
    b->seat_count = m->seat_count;
    size_t n = game_log_count(m->game);
    if (actions < n)
        n = actions;
    bool story = b->flags & (MATCH_CHRONICLE | MATCH_LOG);
    for (size_t i = 0; i < n; i++) {
        game_events_clear(&b->events);
        /* the rules' reason alone: the caller says what no longer fits */
        if (!game_apply(g, game_log_at(m->game, i), story ? &b->events : NULL, why, why_size)) {
            match_destroy(b);
            return NULL;
        }
        match_story_add(b, &b->events);
    }
    game_events_clear(&b->events);
    b->saved_turn = game_turn(g);
    b->saved_actions = game_log_count(g);
    return b;
}

#define SWAP(type, a, b) \
    do {                   \
        type t_ = (a);     \
        (a) = (b);         \
        (b) = t_;          \
    } while (0)

bool match_reload(Match *m, const Mission *on, char *why, size_t why_size)
{
    Match *b = match_branch(m, on, SIZE_MAX, why, why_size);
    if (!b)
        return false;
    /* b gets the old game and story (and the old mission, freed with b
     * when the match owned it); m keeps its seats, policy and campaign */
    SWAP(Game *, m->game, b->game);
    SWAP(const Mission *, m->mission, b->mission);
    SWAP(Mission *, m->owned, b->owned);
    SWAP(Chronicle, m->chron, b->chron);
    SWAP(Chronicle, m->seen, b->seen);
    SWAP(MatchLogLine *, m->lines, b->lines);
    SWAP(size_t, m->line_count, b->line_count);
    SWAP(size_t, m->line_cap, b->line_cap);
    SWAP(int, m->log_turn, b->log_turn);
    SWAP(size_t *, m->action_lines, b->action_lines);
    SWAP(size_t, m->action_cap, b->action_cap);
    game_events_clear(&m->events);
    match_destroy(b);
    return true;
}

Match *match_clone(const Match *m)
{
    Match *c = match_wrap(game_clone(m->game), m->ref, m->flags);
    memcpy(c->seats, m->seats, sizeof c->seats);
    c->seat_count = m->seat_count;
    chronicle_copy(&c->chron, &m->chron);
    chronicle_copy(&c->seen, &m->seen);
    c->line_count = 0;
    for (size_t i = 0; i < m->line_count; i++)
        add_line(c, m->lines[i].turn, m->lines[i].tag, m->lines[i].text, &m->lines[i].words,
                 m->lines[i].hidden);
    c->log_turn = m->log_turn;
    size_t n = game_log_count(m->game);
    reserve_actions(c, n + 1);
    if (n)
        memcpy(c->action_lines, m->action_lines, n * sizeof *c->action_lines);
    return c;
}

/* --- Reading ------------------------------------------------------------------------ */

const Game *match_game(const Match *m)
{
    return m->game;
}

const Mission *match_mission(const Match *m)
{
    return m->mission;
}

const char *match_mission_ref(const Match *m)
{
    return m->ref;
}

uint64_t match_seed(const Match *m)
{
    return game_seed(m->game);
}

unsigned match_flags(const Match *m)
{
    return m->flags;
}

const Chronicle *match_chronicle(const Match *m)
{
    return &m->chron;
}

const Chronicle *match_chronicle_for(const Match *m, int seat)
{
    MatchView v = match_view(m, seat);
    return view_all(&v) ? &m->chron : &m->seen;
}

bool match_log_told(const Match *m, int seat, size_t i)
{
    MatchView v = match_view(m, seat);
    return i < m->line_count && (view_all(&v) || !m->lines[i].hidden);
}

size_t match_log_count(const Match *m)
{
    return m->line_count;
}

const MatchLogLine *match_log_line(const Match *m, size_t i)
{
    return i < m->line_count ? &m->lines[i] : NULL;
}

const GameEvents *match_events(const Match *m)
{
    return &m->events;
}

/* --- Acting ------------------------------------------------------------------------- */

/* The computer's monsters' turn: the AI's choices applied one by one,
 * each counted in the story on its own and appended to m->events. */
static size_t computer_monsters(Match *m)
{
    if (!game_monsters_turn(m->game) || !match_computer_monsters(m))
        return 0;
    GameEvents one;
    game_events_init(&one);
    size_t n = 0;
    Action a;
    while (game_monster_choose(m->game, &a)) {
        game_events_clear(&one);
        char why[256];
        if (!game_apply(m->game, &a, &one, why, sizeof why)) {
            /* cannot happen (the AI only chooses what the rules allow);
             * ending the turn keeps the game going all the same */
            a = (Action){.kind = ACTION_END, .piece = -1, .target = -1};
            if (!game_apply(m->game, &a, &one, why, sizeof why))
                break;
        }
        n++;
        match_story_add(m, &one);
        for (size_t i = 0; i < one.count; i++) {
            if (m->events.count == m->events.cap) {
                m->events.cap = m->events.cap ? 2 * m->events.cap : 64;
                m->events.items = xrealloc(m->events.items, m->events.cap, sizeof *m->events.items);
            }
            m->events.items[m->events.count++] = one.items[i];
        }
        if (a.kind == ACTION_END)
            break;
    }
    game_events_free(&one);
    return n;
}

bool match_act(Match *m, int seat, const Action *a, char *why, size_t why_size)
{
    if (!match_may_act(m, seat, why, why_size))
        return false;
    game_events_clear(&m->events);
    if (!game_apply(m->game, a, &m->events, why, why_size))
        return false;
    match_story_add(m, &m->events);
    computer_monsters(m);
    return true;
}

size_t match_play_computer(Match *m)
{
    game_events_clear(&m->events);
    return computer_monsters(m);
}

bool match_undo(Match *m, int seat, char *why, size_t why_size)
{
    if (!match_may_act(m, seat, why, why_size))
        return false;
    game_events_clear(&m->events);
    if (!game_undo(m->game, &m->events, why, why_size))
        return false;
    /* The move's lines go with it. A move that may be taken back only
     * stepped (and picked up what it stepped on), which the tally does
     * not count: the tally is already that of the game without it. */
    size_t n = game_log_count(m->game);
    if (n < m->action_cap && m->action_lines[n] <= m->line_count)
        m->line_count = m->action_lines[n];
    return true;
}
