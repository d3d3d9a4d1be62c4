/* A monster player at the keyboard (hotseat; docs/rules.md, "The monster
 * player"): in the monsters' turn of a game whose monster side a player
 * of this window took, a click chooses a monster, its squares are shaded
 * (game_monster_reachable), a click on one moves it, a click on a hero
 * next to it attacks, and End turn ends the monsters' turn; the rules
 * check every action as they check the computer's. And whose view the
 * window shows: the heroes' shared sight, but the monster side's whole
 * board while its player is at the keyboard, switched only by
 * play_hand_over (the game screen hides the board first). */

#include "play_internal.h"

#include "core/alloc.h"
#include "core/i18n.h"


#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The monster seat when a player of this window holds it, else -1. */
static int local_monster_seat(const Play *p)
{
    int seat = p->match ? match_monster_seat(p->match) : -1;
    return seat >= 0 && match_seat(p->match, seat)->control == MATCH_CONTROL_LOCAL ? seat : -1;
}

bool play_monster_waits(const Play *p)
{
    return p->game && !play_busy(p) && game_status(p->game) == GAME_STATUS_PLAYING &&
           game_monsters_turn(p->game) && local_monster_seat(p) >= 0;
}

bool play_monster_turn(const Play *p)
{
    /* only once the board was handed over (or --reveal shows it all) */
    return play_monster_waits(p) &&
           (p->sight_seat == local_monster_seat(p) || p->opts.reveal);
}

/* --- Whose view ------------------------------------------------------- */

/* The seat whose view the side on turn may see: the monster seat in its
 * player's turn, else the heroes' (kept while events play: they were
 * queued for the view that asked for them). */
static int keyboard_seat(const Play *p)
{
    if (!p->game || play_busy(p) || p->opts.reveal)
        return p->sight_seat;
    if (game_status(p->game) != GAME_STATUS_PLAYING)
        return p->sight_seat; /* over: the end panel, whoever looks */
    return play_monster_waits(p) ? local_monster_seat(p) : p->hero_sight;
}

bool play_hand_over_due(const Play *p)
{
    return p->game && keyboard_seat(p) != p->sight_seat;
}

/* The heroes' picture as the monster player's turn begins, kept. */
static void keep_heroes_picture(Play *p)
{
    game_events_clear(&p->told);
    p->told_from = xrealloc(p->told_from, p->shown_count ? p->shown_count : 1, sizeof *p->told_from);
    memcpy(p->told_from, p->shown, p->shown_count * sizeof *p->shown);
    p->told_from_count = p->shown_count;
    chronicle_copy(&p->told_chron, &p->chron);
    p->told_log = match_log_count(p->match);
    p->told_valid = true;
}

/* Handed back: the heroes' picture as the turn began, then its events
 * their sight lets through, shown as the computer's monsters' turn is
 * (each step, the dice of each blow; the log and the tally follow). */
static void show_heroes_the_turn(Play *p)
{
    p->told_valid = false;
    msglog_clear(p->log);
    play_copy_story_until(p, p->told_log);
    chronicle_copy(&p->chron, &p->told_chron);
    for (size_t i = 0; i < p->told_from_count && i < p->shown_count; i++)
        p->shown[i] = p->told_from[i];
    MatchView sight = play_sight(p);
    game_events_clear(&p->queue);
    for (size_t i = 0; i < p->told.count; i++) {
        if (!view_event(&sight, &p->told.items[i]))
            continue;
        if (p->queue.count == p->queue.cap) {
            p->queue.cap = p->queue.cap ? 2 * p->queue.cap : 16;
            p->queue.items = xrealloc(p->queue.items, p->queue.cap, sizeof *p->queue.items);
        }
        p->queue.items[p->queue.count++] = p->told.items[i];
    }
    p->next_event = 0;
    if (p->queue.count == 0) {
        play_queue_done(p);
        return;
    }
    p->event_left = 0;
    play_advance(p, 0);
}

bool play_hand_over(Play *p)
{
    int seat = keyboard_seat(p);
    if (p->game && seat != p->sight_seat) {
        bool to_monsters = seat == local_monster_seat(p) && !p->opts.reveal;
        bool replay = !to_monsters && p->told_valid && p->sight_seat == local_monster_seat(p);
        if (to_monsters)
            keep_heroes_picture(p);
        p->sight_seat = seat;
        MatchView sight = play_sight(p);
        p->view.reveal = view_all(&sight);
        p->selected = -1;
        p->has_cursor = false;
        p->notice[0] = '\0';
        if (replay) {
            show_heroes_the_turn(p);
        } else {
            /* the log and the tally as this side is told them: the heroes
             * read what the monsters did in sight, nothing of the rest */
            play_retell_history(p);
        }
        play_rebuild_scene(p);
        play_refresh(p);
    }
    return play_monster_turn(p);
}

void play_monster_record(Play *p)
{
    const GameEvents *ev = match_events(p->match);
    for (size_t i = 0; p->told_valid && i < ev->count; i++) {
        if (p->told.count == p->told.cap) {
            p->told.cap = p->told.cap ? 2 * p->told.cap : 64;
            p->told.items = xrealloc(p->told.items, p->told.cap, sizeof *p->told.items);
        }
        p->told.items[p->told.count++] = ev->items[i];
    }
}

void play_monster_free(Play *p)
{
    game_events_free(&p->told);
    free(p->told_from);
    chronicle_free(&p->told_chron);
}

bool play_monsters_at_keyboard(const Play *p)
{
    return play_monster_turn(p);
}

/* --- Choosing and acting ------------------------------------------------ */

void play_monster_keep_selected(Play *p)
{
    /* a monster the player chose stays chosen (its card shows, and why
     * it does not act); a hero of the last turn gives way to one that
     * may act */
    const GamePiece *gp = game_piece(p->game, p->selected);
    if (!play_monster_turn(p) || (gp && gp->side == GAME_SIDE_MONSTERS && gp->alive))
        return;
    p->selected = -1;
    play_monster_next(p);
}

void play_monster_next(Play *p)
{
    size_t n = game_piece_count(p->game);
    for (size_t k = 1; k <= n; k++) {
        int id = (int)(((size_t)(p->selected < 0 ? n - 1 : (size_t)p->selected) + k) % n);
        if (game_monster_may_act(p->game, id)) {
            p->selected = id;
            return;
        }
    }
}

size_t play_monster_reach(const Play *p, BoardPos *out, size_t cap)
{
    if (!play_monster_turn(p) || p->selected < 0)
        return 0;
    return game_monster_reachable(p->game, p->selected, out, cap);
}

/* The hero monster attacks: the pointed one when next to it, else the
 * first next to it. */
static int attack_target(const Play *p, int monster)
{
    const GamePiece *m = game_piece(p->game, monster);
    if (!m || !game_monster_may_act(p->game, monster))
        return -1;
    BoardPos at;
    if (play_pointed(p, &at)) {
        const GamePiece *t = game_piece(p->game, game_piece_at(p->game, at));
        if (t && t->side == GAME_SIDE_HEROES && play_adjacent(p, t->pos, m->pos))
            return t->id;
    }
    for (size_t i = 0; i < game_piece_count(p->game); i++) {
        const GamePiece *t = game_piece(p->game, (int)i);
        if (t->alive && !t->escaped && t->side == GAME_SIDE_HEROES &&
            play_adjacent(p, t->pos, m->pos))
            return t->id;
    }
    return -1;
}

bool play_monster_idle(const Play *p, char *why, size_t size)
{
    for (size_t i = 0; play_monster_turn(p) && i < game_piece_count(p->game); i++) {
        int id = (int)i;
        if (!game_monster_may_act(p->game, id))
            continue;
        bool strike = attack_target(p, id) >= 0;
        if (strike || game_monster_move_left(p->game, id) > 0) {
            snprintf(why, size, strike ? _("%s can still attack.") : _("%s can still move."),
                     play_piece_name(p, id));
            return true;
        }
    }
    return false;
}

bool play_monster_action(const Play *p, HudCommand cmd, Action *a)
{
    if (!play_monster_turn(p))
        return false;
    *a = (Action){.piece = -1, .target = -1};
    switch (cmd) {
    case HUD_CMD_END: a->kind = ACTION_END; return true;
    case HUD_CMD_ATTACK:
        a->kind = ACTION_ATTACK;
        a->piece = p->selected;
        return (a->target = attack_target(p, p->selected)) >= 0;
    default: return false;
    }
}

/* The rules' refusal, as a sentence. */
static void refused(Play *p, const Action *a)
{
    char why[200];
    if (!game_check(p->game, a, why, sizeof why))
        play_notice_refused(p, why);
}

void play_monster_square(Play *p, BoardPos pos)
{
    int id = game_piece_at(p->game, pos);
    const GamePiece *gp = game_piece(p->game, id);
    p->notice[0] = '\0';
    if (gp && gp->side == GAME_SIDE_MONSTERS) {
        p->selected = id;
        if (!game_monster_may_act(p->game, id))
            snprintf(p->notice, sizeof p->notice, _("%s does not act this turn (it attacked, or sleeps)."),
                     play_piece_name(p, id));
        play_refresh(p);
        return;
    }
    if (p->selected < 0 || !game_monster_may_act(p->game, p->selected)) {
        snprintf(p->notice, sizeof p->notice, _("Choose a monster first (a click on it, or Tab)."));
        return;
    }
    Action a = {.kind = gp ? ACTION_ATTACK : ACTION_MOVE, .piece = p->selected,
                .target = gp ? id : -1, .pos = pos};
    if (!gp && !play_reachable(p, pos)) {
        refused(p, &a);
        if (!p->notice[0])
            snprintf(p->notice, sizeof p->notice, _("%s cannot get there."), play_piece_name(p, p->selected));
        return;
    }
    if (!play_apply_action(p, &a))
        refused(p, &a);
    else if (a.kind == ACTION_ATTACK)
        play_monster_next(p); /* done this turn: on to the next one */
}

void play_monster_status(Play *p)
{
    int turn = game_turn(p->game);
    if (!play_monster_turn(p)) {
        snprintf(p->status, sizeof p->status, _("Turn %d\nThe monsters' turn: Player %d plays it."),
                 turn, p->monsters);
        return;
    }
    int id = p->selected;
    if (id < 0 || !game_monster_may_act(p->game, id)) {
        snprintf(p->status, sizeof p->status,
                 _("Turn %d - The monsters\nChoose a monster, or end the turn"), turn);
        return;
    }
    char left[32];
    play_format_move(p, game_monster_move_left(p->game, id), left, sizeof left);
    snprintf(p->status, sizeof p->status, _("Turn %d - The monsters\n%s: %s to move, then attack"),
             turn, play_piece_name(p, id), left);
}
