/* The play screen's event queue: the events of an action shown one at a time (steps,
 * dice, attacks, deaths), and the autosave once they have played. */

#include "play_internal.h"

#include "core/i18n.h"

#include "core/alloc.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

void play_notice_refused(Play *p, const char *why)
{
    char said[NOTICE_MAX - 1]; /* and the full stop */
    eventsay_refusal_in(why, p->m, said, sizeof said);
    /* the reasons are clauses ("roll the movement dice first") */
    snprintf(p->notice, sizeof p->notice, "%c%s%s", toupper((unsigned char)said[0]), said[0] ? said + 1 : "",
             said[0] && said[strlen(said) - 1] != '.' ? "." : "");
}

/* Seconds each event is shown at normal speed. */
static double event_seconds(EventKind kind)
{
    switch (kind) {
    case EVENT_STEP: return 0.14;
    case EVENT_ROLL: return 0.55;
    case EVENT_ATTACK: return 0.9;
    case EVENT_CAST: return 0.7;
    case EVENT_TRAP_SPRUNG: return 0.7;
    case EVENT_DEATH: return 0.45;
    case EVENT_MONSTERS_TURN: return 0.35;
    case EVENT_WANDERING_MONSTER: return 0.5;
    case EVENT_TURN: return 0.1;
    default: return 0.25;
    }
}

/* --- Autosave ---------------------------------------------------------- */

/* A failed autosave is told on the terminal and in the log. */
static void autosave_failed(Play *p, int written, const char *why)
{
    if (written >= 0)
        return;
    fprintf(stderr, "questboard: %s\n", why);
    msglog_add(p->log, game_turn(p->game), -1, why);
}

void play_autosave(Play *p)
{
    char why[1024];
    autosave_failed(p, match_autosave(p->match, why, sizeof why), why);
}

void play_note_saved(Play *p)
{
    if (p->match)
        match_note_saved(p->match);
}

void play_autosave_unsaved(Play *p)
{
    char why[1024];
    if (p->match)
        autosave_failed(p, match_autosave_unsaved(p->match, why, sizeof why), why);
}

/* --- Playing events ------------------------------------------------------ */

static void show_dice(Play *p, const GameEvent *e)
{
    HudDice *d = &p->dice;
    /* rolls, saving rolls against spells and waking rolls are d6 numbers */
    bool d6 = game_event_d6(e->kind);
    *d = (HudDice){.kind = d6 ? HUD_DICE_MOVE : HUD_DICE_COMBAT, .alpha = 255,
                   .count = e->dice_count,
                   .count2 = e->kind == EVENT_ATTACK ? e->dice2_count : 0};
    memcpy(d->dice, e->dice, sizeof d->dice);
    memcpy(d->dice2, e->dice2, sizeof d->dice2);
    /* with reduce motion the dice lie still, their faces up at once, for
     * as long as they would have tumbled and landed */
    d->tumbling = p->opts.anim_factor > 0 && !p->opts.reduce_motion;
    d->shown = d->tumbling ? 0 : d->count + d->count2;
    eventsay_line_in(e, p->m, d->caption, sizeof d->caption);
    /* combat: whose dice are whose */
    const GamePiece *a = game_piece(p->game, e->piece), *t = game_piece(p->game, e->target);
    if (e->kind == EVENT_ATTACK && a && t) {
        snprintf(d->label[0], sizeof d->label[0], _("%s attacks"), play_piece_name(p, e->piece));
        snprintf(d->label[1], sizeof d->label[1], _("%s defends"), play_piece_name(p, e->target));
        d->label_hero[0] = a->side == GAME_SIDE_HEROES;
        d->label_hero[1] = t->side == GAME_SIDE_HEROES;
        d->marks = true;
    }
}

/* The event's mark on the chronicle: bodies, kills, finds. */
static void count_event(Play *p, const GameEvent *e)
{
    chronicle_add(&p->chron, p->game, e);
}

/* A blow whose dice were landing is counted now, and its result told:
 * the log's line and the tray's words whole. */
static void flush_held(Play *p)
{
    if (p->held < 0 || (size_t)p->held >= p->queue.count)
        return;
    const GameEvent *e = &p->queue.items[p->held];
    p->held = -1;
    char said[sizeof p->dice.caption];
    eventsay_line_in(e, p->m, said, sizeof said);
    if (p->dice.kind != HUD_DICE_NONE)

        snprintf(p->dice.caption, sizeof p->dice.caption, "%s", said);
    msglog_add(p->log, p->shown_turn, (int)e->kind, said);
    p->log_scroll = 0;
    count_event(p, e);
    play_cue(p, e, true);
    play_fx_landed(p, e);
}

/* An attack or a trap with dice takes its toll once they have landed. */
static bool lands_later(const Play *p, const GameEvent *e)
{
    return p->opts.anim_factor > 0 && !p->opts.reduce_motion && e->dice_count > 0 &&
           (e->kind == EVENT_ATTACK || e->kind == EVENT_TRAP_SPRUNG);
}

/* Seconds (at normal speed) until the last of the event's dice has landed. */
static double dice_seconds(const GameEvent *e)
{
    int n = e->dice_count + (e->kind == EVENT_ATTACK ? e->dice2_count : 0);
    return n > 0 ? TUMBLE_SECONDS + (n - 1) * DIE_SECONDS : 0;
}

/* The dice on screen land: those whose time has come, all of them when
 * the player skips. */
static void land_dice(Play *p, bool all)
{
    HudDice *d = &p->dice;
    int total = d->count + d->count2;
    if (d->shown < total && !all && p->opts.anim_factor > 0) {
        double elapsed = (p->event_time - fmax(p->event_left, 0)) / p->opts.anim_factor;
        d->spin = (int)(elapsed * 18);
        int landed = elapsed < TUMBLE_SECONDS ? 0 : 1 + (int)((elapsed - TUMBLE_SECONDS) / DIE_SECONDS);
        d->shown = landed > d->shown ? landed : d->shown;
    }
    if (all || d->shown >= total) {
        d->shown = total;
        d->tumbling = false;
        flush_held(p);
    }
}

bool play_skip(Play *p)
{
    if (!play_busy(p))
        return false;
    /* the dice settle and the event on screen ends now */
    p->event_left = fmin(p->event_left, 0);
    land_dice(p, true);
    play_advance(p, 0);
    return true;
}

/* Shows one event: the picture moves on to it. */
static void play_event(Play *p, const GameEvent *e)
{
    Shown *s = play_shown_of(p, e->piece);
    flush_held(p);
    play_cue(p, e, false);
    if (lands_later(p, e)) {
        p->held = (long)(e - p->queue.items);
    } else {
        count_event(p, e);
        play_cue(p, e, true);
        play_fx_landed(p, e);
    }
    p->slide_piece = -1;
    p->has_attack = false;
    switch (e->kind) {
    case EVENT_STEP:
        if (s) {
            s->pos = e->to;
            p->slide_piece = e->piece;
            p->slide_from = e->from, p->slide_to = e->to;
            p->slide_time = event_seconds(EVENT_STEP) * p->opts.anim_factor;
        }
        break;
    case EVENT_TURN:
        p->shown_turn = e->value;
        p->shown_hero = e->piece;
        p->dice.kind = HUD_DICE_NONE; /* a new turn clears the tray */
        p->shown_monsters = false;
        break;
    case EVENT_MONSTERS_TURN: p->shown_monsters = true; break;
    case EVENT_DEATH:
    case EVENT_LEFT:
        if (s)
            s->on_board = false;
        break;
    case EVENT_WANDERING_MONSTER:
    case EVENT_REVEAL:
        if (s)
            s->pos = e->from, s->on_board = true;
        break;
    case EVENT_ATTACK: {
        const GamePiece *t = game_piece(p->game, e->target);
        Shown *ts = play_shown_of(p, e->target);
        if (s && t && ts) {
            p->has_attack = true;
            p->attack_from = s->pos, p->attack_to = ts->pos;
        }
        if (e->dice_count > 0)
            show_dice(p, e);
        break;
    }
    case EVENT_CAST: {
        /* caster and target outlined, as for an attack */
        Shown *ts = play_shown_of(p, e->target);
        const GamePiece *t = game_piece(p->game, e->target);
        if (s && ts && t && t->side == GAME_SIDE_MONSTERS) {
            p->has_attack = true;
            p->attack_from = s->pos, p->attack_to = ts->pos;
        }
        if (e->dice_count > 0)
            show_dice(p, e);
        break;
    }
    case EVENT_ROLL:
    case EVENT_TRAP_SPRUNG:
    case EVENT_TRAP_DISARMED:
    case EVENT_DISARM_FAILED:
    case EVENT_STATUS:
        if (e->dice_count > 0)
            show_dice(p, e);
        break;
    default: break;
    }
    /* single steps would drown the log: the move shows them; a blow's
     * line waits for its dice to land (flush_held), and the tray says
     * only who strikes whom until then (its result after the colon) */
    if (p->held == (long)(e - p->queue.items)) {
        char *result = strstr(p->dice.caption, ": ");
        if (result && p->dice.kind != HUD_DICE_NONE)
            *result = '\0';
    } else if (e->text[0] && e->kind != EVENT_STEP) {
        char said[GAME_EVENT_TEXT * 2];
        msglog_add(p->log, p->shown_turn, (int)e->kind, eventsay_line_in(e, p->m, said, sizeof said));
    }
    p->log_scroll = 0;
}

/* The queue has played out: the picture is the game's again. */
void play_queue_done(Play *p)
{
    flush_held(p);
    game_events_clear(&p->queue);
    p->next_event = 0;
    p->slide_piece = -1;
    p->has_attack = false;
    p->shown_turn = game_turn(p->game);
    p->shown_hero = game_current(p->game);
    p->shown_monsters = false;
    play_sync_shown(p);
    play_rebuild_scene(p);
    /* the events have played: a quiet moment to save, when the match's
     * policy asks (a new round began, the mission ended) */
    play_autosave(p);
    play_refresh(p);
}

/* Plays events until one needs time on screen (all at instant speed). */
bool play_advance(Play *p, double dt)
{
    if (!play_busy(p))
        return false;
    p->event_left -= dt;
    while (play_events_left(p) && p->event_left <= 0) {
        const GameEvent *e = &p->queue.items[p->next_event++];
        play_event(p, e);
        /* time for the dice to land and be read */
        double shown = fmax(event_seconds(e->kind), e->dice_count > 0 ? dice_seconds(e) + 0.35 : 0);
        p->event_time = shown * p->opts.anim_factor;
        p->event_left += p->event_time;
        play_rebuild_scene(p);
    }
    /* the dice tumble, then land one by one in the first part of their event */
    land_dice(p, false);
    if (!play_events_left(p) && p->event_left <= 0)
        play_queue_done(p);
    else
        play_refresh_status(p);
    return true;
}

/* Appends the events of the match's last action the window's sight
 * lets through (a step of a piece no hero sees is not shown, nor
 * counted). */
void play_queue_match_events(Play *p)
{
    MatchView sight = play_sight(p);
    const GameEvents *ev = match_events(p->match);
    for (size_t i = 0; i < ev->count; i++) {
        if (!view_event(&sight, &ev->items[i]))
            continue;
        if (p->queue.count == p->queue.cap) {
            p->queue.cap = p->queue.cap ? 2 * p->queue.cap : 16;
            p->queue.items = xrealloc(p->queue.items, p->queue.cap, sizeof *p->queue.items);
        }
        p->queue.items[p->queue.count++] = ev->items[i];
    }
}

/* Applies a rules action through the match, by the seat whose turn it
 * is; its events are queued to be shown. */
bool play_apply_action(Play *p, const Action *a)
{
    char why[200];
    size_t before = p->queue.count;
    bool monsters = play_monster_turn(p);
    if (!match_act(p->match, play_seat(p), a, why, sizeof why)) {
        play_notice_refused(p, why);
        return false;
    }
    if (monsters)
        play_monster_record(p); /* the heroes watch it once handed back */
    play_queue_match_events(p);
    p->notice[0] = '\0';
    play_clear_dice(p); /* the next action takes the last dice away */
    play_grow_shown(p);
    if (p->queue.count == before) {
        play_queue_done(p);
        return true;
    }
    p->event_left = 0;
    play_advance(p, 0);
    play_refresh(p);
    return true;
}

void play_clear_dice(Play *p)
{
    p->dice.kind = HUD_DICE_NONE;
    p->dice_idle = 0;
}

void play_update_dice(Play *p, double dt)
{
    HudDice *d = &p->dice;
    if (d->kind == HUD_DICE_NONE || d->shown < d->count + d->count2 || play_busy(p)) {
        p->dice_idle = 0;
        d->alpha = 255;
        return;
    }
    p->dice_idle += dt;
    double fading = p->dice_idle - DICE_LINGER;
    if (fading >= DICE_FADE)
        play_clear_dice(p);
    else
        d->alpha = fading > 0 ? (int)(255 * (1 - fading / DICE_FADE)) : 255;
}

/* After undo: the log and the tally are the match's again (the move is
 * gone from both, as from the save); the picture's notices go with the
 * rest of the old log. */
void play_retell_history(Play *p)
{
    msglog_clear(p->log);
    play_copy_story(p);
}

bool play_replay_action(Play *p, const Action *a)
{
    return play_apply_action(p, a);
}

void play_finish_events(Play *p)
{
    /* each skip ends the event on screen and starts the next: bounded by
     * the queue's length */
    for (size_t n = p->queue.count + 1; n > 0 && play_skip(p); n--)
        ;
    play_clear_dice(p);
}

bool play_events_showing(const Play *p)
{
    return play_busy(p);
}

void play_set_anim_factor(Play *p, double factor)
{
    p->opts.anim_factor = factor > 0 ? factor : 0;
}
