/* The commands of the play screen (buttons and their keys) as rules actions, with
 * their targets: the pointed square first, else the first that fits. */

#include "play_internal.h"

#include "core/i18n.h"

#include <stdio.h>

/* The square the player points at: the keyboard cursor, else the mouse. */
bool play_pointed(const Play *p, BoardPos *out)
{
    if (p->has_cursor) {
        *out = p->cursor;
        return true;
    }
    if (p->view.has_hover) {
        *out = p->view.hover;
        return true;
    }
    return false;
}

/* The enemy to attack: the pointed one when adjacent, else the first
 * adjacent visible monster. */
static int attack_target(const Play *p, int hero)
{
    const GamePiece *h = game_piece(p->game, hero);
    /* the heroes strike only what they have seen, whoever watches */
    MatchView heroes = match_view(p->match, play_seat(p));
    BoardPos at;
    if (play_pointed(p, &at)) {
        int id = game_piece_at(p->game, at);
        const GamePiece *t = game_piece(p->game, id);
        if (t && t->side == GAME_SIDE_MONSTERS && play_adjacent(p, t->pos, h->pos))
            return id;
    }
    for (size_t i = 0; i < game_piece_count(p->game); i++) {
        const GamePiece *t = game_piece(p->game, (int)i);
        if (t->alive && view_piece(&heroes, t->id) && t->side == GAME_SIDE_MONSTERS &&
            play_adjacent(p, t->pos, h->pos))
            return t->id;
    }
    return -1;
}

/* The square across a closed door from the hero: the pointed one first.
 * Doors stand on edges: the four sides of a square, the six of a hex. */
static bool door_target(const Play *p, int hero, BoardPos *out)
{
    const GamePiece *h = game_piece(p->game, hero);
    const Grid *grid = board_grid(p->m->board);
    BoardPos at;
    bool found = false;
    GridNeighbour nb[GRID_MAX_NEIGHBOURS];
    int n = grid_neighbours(grid, h->pos, nb);
    for (int k = 0; k < n; k++) {
        if (!grid_is_edge(grid, nb[k].dir))
            continue;
        int di = game_door_at(p->game, h->pos, nb[k].dir);
        const GameDoor *door = di >= 0 ? game_door(p->game, (size_t)di) : NULL;
        if (!door || door->open || (door->kind == DOOR_SECRET && !door->found))
            continue;
        if (play_pointed(p, &at) && grid_pos_equal(at, nb[k].pos)) {
            *out = nb[k].pos;
            return true;
        }
        if (!found)
            *out = nb[k].pos, found = true;
    }
    return found;
}

/* A found trap on the hero's square or next to it: the pointed one first. */
static bool trap_target(const Play *p, int hero, BoardPos *out)
{
    const GamePiece *h = game_piece(p->game, hero);
    BoardPos at;
    bool have_pointed = play_pointed(p, &at), found = false;
    for (size_t i = 0; i < game_trap_count(p->game); i++) {
        const GameTrap *t = game_trap(p->game, i);
        if (t->gone || !t->found || (!grid_pos_equal(t->pos, h->pos) && !play_adjacent(p, t->pos, h->pos)))
            continue;
        if (have_pointed && grid_pos_equal(at, t->pos)) {
            *out = t->pos;
            return true;
        }
        if (!found)
            *out = t->pos, found = true;
    }
    return found;
}

/* The potion the hero drinks: the first it carries that it may drink now
 * (docs/rules.md, "Belongings"). */
static bool potion_target(const Play *p, int hero, int *item)
{
    const GamePiece *h = game_piece(p->game, hero);
    for (int k = 0; k < h->item_count; k++)
        if (game_can_use(p->game, hero, h->items[k].item)) {
            *item = GAME_ITEM_REF(h->items[k].item);
            return true;
        }
    return false;
}

/* The rules action for a command, false when it has no target. */
bool play_command_action(const Play *p, HudCommand cmd, Action *a)
{
    if (game_monsters_turn(p->game))
        return play_monster_action(p, cmd, a);
    int hero = game_current(p->game);
    if (hero < 0)
        return false;
    *a = (Action){.piece = hero, .target = -1};
    switch (cmd) {
    case HUD_CMD_ROLL: a->kind = ACTION_ROLL; return true;
    case HUD_CMD_ATTACK: a->kind = ACTION_ATTACK; return (a->target = attack_target(p, hero)) >= 0;
    case HUD_CMD_CAST: return false; /* a spell list, then a target */
    case HUD_CMD_OPEN: a->kind = ACTION_OPEN; return door_target(p, hero, &a->pos);
    case HUD_CMD_SEARCH_TREASURE: a->kind = ACTION_SEARCH_TREASURE; return true;
    case HUD_CMD_SEARCH_TRAPS: a->kind = ACTION_SEARCH_TRAPS; return true;
    case HUD_CMD_DISARM: a->kind = ACTION_DISARM; return trap_target(p, hero, &a->pos);
    case HUD_CMD_DRINK: a->kind = ACTION_USE; return potion_target(p, hero, &a->item);
    case HUD_CMD_LEAVE: a->kind = ACTION_LEAVE; a->pos = game_piece(p->game, hero)->pos; return true;
    case HUD_CMD_END: a->kind = ACTION_END; return true;
    default: return false;
    }
}

/* Undo: the hero's last move taken back through the match, if the rules
 * allow it (else the notice says why). The picture jumps back, and the
 * log and the chronicle are the match's again: the move is gone from
 * both, as from the save. */
static void run_undo(Play *p)
{
    char why[200];
    if (!match_undo(p->match, play_seat(p), why, sizeof why)) {
        play_notice_refused(p, why);
        return;
    }
    play_cue(p, &match_events(p->match)->items[0], false);
    p->notice[0] = '\0'; /* the hero back and its squares to move say it */
    play_retell_history(p);
    play_queue_done(p);
}

void play_run_command(Play *p, HudCommand cmd)
{
    if (cmd == HUD_CMD_CAST) {
        if (p->cast_mode != CAST_NONE)
            play_cast_cancel(p);
        else if (p->game && !play_busy(p))
            play_cast_open(p);
        return;
    }
    if (p->cast_mode != CAST_NONE)
        play_cast_cancel(p); /* another command drops the spell */
    if (cmd == HUD_CMD_OBJECTIVES) {
        p->show_objectives = !p->show_objectives;
        p->show_log = false;
        return;
    }
    if (cmd == HUD_CMD_LOG) {
        p->show_log = !p->show_log;
        p->show_objectives = false;
        p->log_scroll = 0;
        return;
    }
    if (!p->game || play_busy(p))
        return;
    if (cmd == HUD_CMD_UNDO) {
        run_undo(p);
        return;
    }
    Action a;
    if (!play_command_action(p, cmd, &a)) {
        static const char *const none[HUD_CMD_COUNT] = {
            [HUD_CMD_ATTACK] = N_("No enemy next to the hero to attack."),
            [HUD_CMD_OPEN] = N_("No closed door next to the hero."),
            [HUD_CMD_DISARM] = N_("No found trap on or next to the hero."),
            [HUD_CMD_DRINK] = N_("No potion to drink (or the hero is not hurt).")};
        const char *why = none[cmd] ? _(none[cmd]) : _("The game is over.");
        if (game_monsters_turn(p->game))
            why = !play_monster_turn(p)          ? _("It is the monsters' turn.")
                  : cmd == HUD_CMD_ATTACK        ? _("No hero next to the chosen monster.")
                                                 : _("In the monsters' turn they move, attack, or end it.");
        snprintf(p->notice, sizeof p->notice, "%s", why);
        return;
    }
    if (play_ask_before(p, &a))
        return; /* a question first: the answer acts */
    play_apply_action(p, &a);
}
