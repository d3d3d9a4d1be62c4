/* Questions before an action a player may regret: ending a hero's turn
 * while it could still move, or the monsters' turn while a monster could
 * still move or strike (unless the setting turns that off), and
 * leaving the dungeon while objectives remain. The question is a panel
 * over the board with two answers; the action runs only on the first. */

#include "play_internal.h"

#include "mission/mission_lang.h"

#include "core/i18n.h"

#include <stdio.h>
#include <string.h>

/* "7 squares", "1/2 square", "3 hexes": movement in the board's words. */
static void move_words(const Play *p, int cost, char *buf, size_t size)
{
    char amount[32];
    play_format_move(p, cost, amount, sizeof amount);
    bool one = cost > 0 && cost <= game_move_unit(p->game);
    bool hex = board_grid(p->m->board)->topology == GRID_HEX;
    snprintf(buf, size, "%s %s", amount, hex ? (one ? _("hex") : _("hexes")) : (one ? _("square") : _("squares")));
}

/* True when the hero on turn has not used its movement: it may still roll,
 * or has squares left it may walk. */
static bool movement_unused(const Play *p, char *why, size_t size)
{
    const Game *g = p->game;
    int hero = game_current(g);
    Action roll = {.kind = ACTION_ROLL, .piece = hero, .target = -1};
    if (!game_has_rolled(g) && game_check(g, &roll, NULL, 0)) {
        snprintf(why, size, _("%s has not moved this turn."), play_piece_name(p, hero));
        return true;
    }
    if (game_can_move(g)) {
        char left[64];
        move_words(p, game_move_left(g), left, sizeof left);
        snprintf(why, size, _("%s can still move %s."), play_piece_name(p, hero), left);
        return true;
    }
    return false;
}

/* The objectives not met yet that leaving does not meet: "Slay Grashnak;
 * Find the key" (escapes are met by leaving). False when there are none. */
static bool objectives_left(const Play *p, char *buf, size_t size)
{
    const Mission *m = p->m;
    size_t n = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < game_objective_count(p->game) && i < m->objective_count; i++) {
        if (game_objective_met(p->game, i) || m->objectives[i].kind == OBJECTIVE_ESCAPE)
            continue;
        int k = snprintf(buf + n, n < size ? size - n : 0, "%s%s", n ? "; " : "",
                         mission_lang_text(m, MISSION_TR_OBJECTIVE, (int)i));
        n += k > 0 ? (size_t)k : 0;
    }
    return n > 0;
}

static void open_question(Play *p, PlayAsk kind, const Action *a)
{
    p->ask = kind;
    p->ask_action = *a;
    p->ask_choice = kind == PLAY_ASK_LEAVE ? 1 : 0; /* no way back: Stay by default */
    p->notice[0] = '\0';
}

bool play_ask_before(Play *p, const Action *a)
{
    char why[NOTICE_MAX];
    if (a->kind == ACTION_END && a->piece < 0 && p->ask_end_turn &&
        play_monster_idle(p, why, sizeof why)) {
        open_question(p, PLAY_ASK_END, a);
        snprintf(p->ask_title, sizeof p->ask_title, "%s", _("End the monsters' turn?"));
        snprintf(p->ask_text, sizeof p->ask_text, "%s", why);
        snprintf(p->ask_hint, sizeof p->ask_hint, "%s",
                 _("The setting \"Ask before ending a turn\" turns this question off."));
        snprintf(p->ask_yes, sizeof p->ask_yes, "%s", _("End the turn"));
        snprintf(p->ask_no, sizeof p->ask_no, "%s", _("Go on playing"));

        return true;
    }
    if (a->kind == ACTION_END && a->piece >= 0 && p->ask_end_turn &&
        movement_unused(p, why, sizeof why)) {
        open_question(p, PLAY_ASK_END, a);
        snprintf(p->ask_title, sizeof p->ask_title, _("End %s's turn?"), play_piece_name(p, a->piece));
        snprintf(p->ask_text, sizeof p->ask_text, "%s", why);
        snprintf(p->ask_hint, sizeof p->ask_hint,
                 _("The setting \"Ask before ending a turn\" turns this question off."));
        snprintf(p->ask_yes, sizeof p->ask_yes, _("End the turn"));
        snprintf(p->ask_no, sizeof p->ask_no, _("Go on playing"));
        return true;
    }
    char left[NOTICE_MAX];
    if (a->kind == ACTION_LEAVE && objectives_left(p, left, sizeof left)) {
        open_question(p, PLAY_ASK_LEAVE, a);
        snprintf(p->ask_title, sizeof p->ask_title, _("Leave the dungeon?"));
        snprintf(p->ask_text, sizeof p->ask_text, _("Still to do: %s."), left);
        snprintf(p->ask_hint, sizeof p->ask_hint, _("%s cannot come back once gone."),
                 play_piece_name(p, a->piece));
        snprintf(p->ask_yes, sizeof p->ask_yes, _("Leave"));
        snprintf(p->ask_no, sizeof p->ask_no, _("Stay"));
        return true;
    }
    return false;
}

void play_ask_answer(Play *p, bool yes)
{
    Action a = p->ask_action;
    p->ask = PLAY_ASK_NONE;
    if (yes && p->game && !play_busy(p))
        play_apply_action(p, &a);
}

int play_ask_key(Play *p, BindingAction b)
{
    switch (b) {
    case BINDING_CURSOR_LEFT:
    case BINDING_CURSOR_RIGHT:
    case BINDING_CURSOR_UP:
    case BINDING_CURSOR_DOWN: p->ask_choice = 1 - p->ask_choice; break;
    case BINDING_CONFIRM: play_ask_answer(p, p->ask_choice == 0); break;
    case BINDING_END_TURN: /* the same key again: yes, end it */
        if (p->ask != PLAY_ASK_END)
            return 0;
        play_ask_answer(p, true);
        break;
    case BINDING_BACK: play_ask_answer(p, false); break;
    default: return 0; /* the view keys still work; nothing else acts */
    }
    return PLAY_REDRAW;
}

int play_ask_click(Play *p, int x, int y)
{
    int c = hud_question_button_at(&p->layout, x, y);
    if (c >= 0)
        play_ask_answer(p, c == 0);
    return PLAY_REDRAW;
}

void play_ask_hover(Play *p, int x, int y)
{
    int c = hud_question_button_at(&p->layout, x, y);
    if (c >= 0)
        p->ask_choice = c;
}

bool play_ask_model(const Play *p, HudQuestion *q)
{
    if (p->ask == PLAY_ASK_NONE)
        return false;
    *q = (HudQuestion){.title = p->ask_title, .text = p->ask_text, .hint = p->ask_hint,
                       .yes = p->ask_yes, .no = p->ask_no, .choice = p->ask_choice};
    return true;
}
