/* The play screen's input: SDL events through the bindings, clicks, the keyboard
 * cursor and the hover, turned into commands and view changes. */

#include "play_internal.h"

#include "core/i18n.h"

#include <stdio.h>

/* --- Pointing at squares ------------------------------------------------ */

void play_set_hover(Play *p, double x, double y)
{
    p->has_mouse = true;
    p->mouse_x = x, p->mouse_y = y;
    if (hud_covers(&p->layout, (int)x, (int)y) && p->game) {
        p->view.has_hover = false;
        return;
    }
    p->view.has_hover = true;
    p->view.hover = camera_square_at(&p->cam, x, y);
}

/* Why a square the hero cannot move to now was chosen in vain: the
 * notice says so ("Out of reach: getting there needs 11, the Barbarian
 * has 10 left."). foe: a monster seen there, not next to the hero. */
static void why_not_there(Play *p, int hero, BoardPos pos, const GamePiece *foe)
{
    const char *name = play_piece_name(p, hero);
    if (grid_pos_equal(pos, game_piece(p->game, hero)->pos))
        return;
    if (foe && foe->side == GAME_SIDE_MONSTERS) {
        snprintf(p->notice, sizeof p->notice, _("%s is not next to %s: move beside it to attack."),
                 play_piece_name(p, foe->id), name);
        return;
    }
    if (!game_has_rolled(p->game)) {
        snprintf(p->notice, sizeof p->notice, _("Roll the dice to move first."));
        return;
    }
    Action move = {.kind = ACTION_MOVE, .piece = hero, .target = -1, .pos = pos};
    char why[200];
    if (!game_can_move(p->game) && !game_check(p->game, &move, why, sizeof why)) {
        play_notice_refused(p, why);
        return;
    }
    int cost = game_move_cost(p->game, hero, pos);
    if (cost < 0) {
        snprintf(p->notice, sizeof p->notice, _("%s cannot get there."), name);
        return;
    }
    char need[32], left[32];
    play_format_move(p, cost, need, sizeof need);
    play_format_move(p, game_move_left(p->game), left, sizeof left);
    snprintf(p->notice, sizeof p->notice, _("Out of reach: getting there needs %s, %s has %s left."), need,
             name, left);
}

/* The player chose square pos (click or confirm). */
static void choose_square(Play *p, BoardPos pos)
{
    if (!p->game || !board_contains(p->m->board, pos))
        return;
    if (play_busy(p) || game_status(p->game) != GAME_STATUS_PLAYING)
        return;
    if (p->cast_mode == CAST_TARGET) {
        play_cast_at(p, pos);
        return;
    }
    if (p->cast_mode == CAST_CHOOSE) {
        play_cast_cancel(p); /* a click beside the list only closes it */
        return;
    }
    if (play_monster_turn(p)) {
        play_monster_square(p, pos);
        return;
    }
    if (game_monsters_turn(p->game)) {
        snprintf(p->notice, sizeof p->notice, "%s", _("It is the monsters' turn."));
        return;
    }
    int hero = game_current(p->game);
    int id = game_piece_at(p->game, pos);
    const GamePiece *gp = game_piece(p->game, id);
    bool visible = play_sees(p, id);
    bool leave = p->leave_asked;
    p->leave_asked = false;
    if (visible && id == hero && p->selected == hero && game_square_exit(p->game, pos)) {
        /* Leave has no key: the hero chosen twice on an exit leaves */
        if (leave) {
            Action a = {.kind = ACTION_LEAVE, .piece = hero, .target = -1, .pos = pos};
            if (!play_ask_before(p, &a))
                play_apply_action(p, &a);
            return;
        }
        p->leave_asked = true;
        snprintf(p->notice, sizeof p->notice, _("On an exit: choose the hero again to leave."));
        return;
    }
    if (visible && gp->side == GAME_SIDE_HEROES) {
        p->selected = id;
        p->notice[0] = '\0';
        if (id != hero)
            snprintf(p->notice, sizeof p->notice, _("It is %s's turn."), play_piece_name(p, hero));
        return;
    }
    if (visible && gp->side == GAME_SIDE_MONSTERS && hero >= 0 &&
        play_adjacent(p, gp->pos, game_piece(p->game, hero)->pos)) {
        play_apply_action(p, &(Action){.kind = ACTION_ATTACK, .piece = hero, .target = id});
        return;
    }
    if (hero >= 0 && p->selected != hero) {
        /* looking at a teammate's card: a square chosen is still for the
         * hero whose turn it is (it did nothing, without a word) */
        p->selected = hero;
        p->notice[0] = '\0';
        play_refresh(p);
    }
    if (hero >= 0 && play_reachable(p, pos)) {
        play_apply_action(p, &(Action){.kind = ACTION_MOVE, .piece = hero, .target = -1, .pos = pos});
        return;
    }
    if (hero >= 0)
        why_not_there(p, hero, pos, visible ? gp : NULL);
}

/* Keeps the keyboard cursor's square in view. */
void play_follow_cursor(Play *p)
{
    /* the square's (or hex's) top-left, from its centre */
    double cx, cy;
    camera_centre(&p->cam, p->cursor, &cx, &cy);
    double sx = camera_screen_x(&p->cam, cx - 0.5), sy = camera_screen_y(&p->cam, cy - 0.5);
    double s = p->cam.scale, dx = 0, dy = 0;
    if (sx < 0)
        dx = -sx + s;
    else if (sx + s > p->cam.view_w)
        dx = p->cam.view_w - sx - 2 * s;
    if (sy < 0)
        dy = -sy + s;
    else if (sy + s > p->cam.view_h)
        dy = p->cam.view_h - sy - 2 * s;
    if (dx != 0 || dy != 0)
        camera_pan(&p->cam, dx, dy);
}

static void move_cursor(Play *p, int dx, int dy)
{
    if (!p->has_cursor) {
        int hero = p->game ? game_current(p->game) : -1;
        if (p->game && play_monster_turn(p))
            hero = p->selected; /* the chosen monster */
        p->cursor = hero >= 0 ? game_piece(p->game, hero)->pos : p->view.hover;
        p->has_cursor = true;
    } else {
        BoardPos n = {p->cursor.x + dx, p->cursor.y + dy};
        if (board_contains(p->m->board, n))
            p->cursor = n;
    }
    play_follow_cursor(p);
}

void play_fold_panel(Play *p)
{
    p->panel_choice = !play_panel_folded(p);
    p->layout_text = NULL; /* laid out again, the board refitted to its new width */
}

void play_set_notice_band(Play *p, int band)
{
    if (band == p->notice_band)
        return;
    p->notice_band = band;
    p->layout_text = NULL; /* fitted again below the band */
}

bool play_panel_folded(const Play *p)
{
    return p->panel_choice >= 0 ? p->panel_choice == 1 : p->panel_crowds;
}

/* Back: closes a panel, drops the cursor, else asks to quit. */
static int go_back(Play *p)
{
    if (p->cast_mode != CAST_NONE) {
        play_cast_cancel(p);
        p->has_cursor = false;
        return PLAY_REDRAW;
    }
    if (p->show_objectives || p->show_log || p->show_help) {
        p->show_objectives = p->show_log = p->show_help = false;
        return PLAY_REDRAW;
    }
    if (p->has_cursor) {
        p->has_cursor = false;
        return PLAY_REDRAW;
    }
    return PLAY_QUIT;
}

static void next_hero(Play *p)
{
    if (!p->game)
        return;
    if (play_monster_turn(p)) {
        play_monster_next(p);
        return;
    }
    size_t n = game_piece_count(p->game);
    for (size_t k = 1; k <= n; k++) {
        int id = (int)(((size_t)(p->selected < 0 ? 0 : p->selected) + k) % n);
        const GamePiece *gp = game_piece(p->game, id);
        if (gp->side == GAME_SIDE_HEROES && gp->alive && !gp->escaped) {
            p->selected = id;
            if (id == game_current(p->game))
                p->notice[0] = '\0'; /* "It is X's turn." is said */
            return;
        }
    }
}

/* Scrolls the log history back (positive) or forward. */
/* The help panel's lines on a small window (drawing keeps it to its end). */
static void scroll_help(Play *p, int lines)
{
    p->help_scroll += lines;
    p->help_scroll = p->help_scroll < 0 ? 0 : p->help_scroll;
}

static void scroll_log(Play *p, int lines)
{
    int count = (int)msglog_count(p->log);
    p->log_scroll += lines;
    p->log_scroll = p->log_scroll < 0 ? 0 : p->log_scroll > count - 1 ? (count > 0 ? count - 1 : 0) : p->log_scroll;
}

/* Keys while the spell list is open; true when used. */
static bool spell_menu_key(Play *p, BindingAction b)
{
    HudSpellMenu *sm = &p->spell_menu;
    switch (b) {
    case BINDING_CURSOR_UP:
        sm->hover = sm->hover > 0 ? sm->hover - 1 : sm->count - 1;
        hud_spell_keep_visible(&p->layout, sm);
        return true;
    case BINDING_CURSOR_DOWN:
        sm->hover = sm->hover + 1 < sm->count ? sm->hover + 1 : 0;
        hud_spell_keep_visible(&p->layout, sm);
        return true;
    case BINDING_CONFIRM: play_cast_choose(p, sm->hover, true); return true;
    default: return false;
    }
}

/* What an end panel button asks of the host. */
static int end_ask(int c)
{
    return c == HUD_END_AGAIN ? PLAY_AGAIN
           : c == HUD_END_NEXT ? PLAY_NEXT
           : c == HUD_END_WATCH ? PLAY_WATCH
                                : PLAY_QUIT;
}

/* Keys on the end panel: arrows choose a button, Return takes it. */
static int end_key(Play *p, BindingAction b)
{
    int n = HUD_END_COUNT, c = p->end_choice;
    switch (b) {
    case BINDING_CURSOR_LEFT:
    case BINDING_CURSOR_UP:
        do
            c = (c + n - 1) % n;
        while (c == HUD_END_NEXT && !p->has_next);
        break;
    case BINDING_CURSOR_RIGHT:
    case BINDING_CURSOR_DOWN:
        do
            c = (c + 1) % n;
        while (c == HUD_END_NEXT && !p->has_next);
        break;
    case BINDING_CONFIRM:
        return end_ask(c);
    default: return -1;
    }
    p->end_choice = c;
    return PLAY_REDRAW;
}

/* The cursor keys in the command bar (play_bar_focus): every command,
 * those without a key of their own on a controller too. A spell being
 * chosen or aimed has the keys until it is cast or given up; the log
 * scrolls with up and down. True when the key was the bar's. */
static bool bar_key(Play *p, BindingAction b)
{
    if (b == BINDING_COMMAND_BAR) {
        p->bar_focus = p->bar_focus >= 0 || !p->game ? -1 : HUD_CMD_ROLL;
        return true;
    }
    if (p->bar_focus < 0 || p->cast_mode != CAST_NONE)
        return false;
    switch (b) {
    case BINDING_CURSOR_LEFT: p->bar_focus = (p->bar_focus + HUD_CMD_COUNT - 1) % HUD_CMD_COUNT; return true;
    case BINDING_CURSOR_RIGHT: p->bar_focus = (p->bar_focus + 1) % HUD_CMD_COUNT; return true;
    case BINDING_CURSOR_UP:
    case BINDING_CURSOR_DOWN: return !p->show_log;
    case BINDING_CONFIRM:
        /* a command not possible now says why in the notice */
        play_run_command(p, (HudCommand)p->bar_focus);
        play_refresh_reach(p);
        play_refresh_path(p);
        return true;
    case BINDING_BACK: p->bar_focus = -1; return true;
    default: return false;
    }
}

static int binding(Play *p, BindingAction b)
{
    if (p->ask != PLAY_ASK_NONE)
        return play_ask_key(p, b); /* a question is open: it has the keys */
    if (play_end_shown(p)) {
        int asks = end_key(p, b);
        if (asks >= 0)
            return asks;
    }
    if (p->cast_mode == CAST_CHOOSE && spell_menu_key(p, b))
        return PLAY_REDRAW;
    if (p->cast_mode == CAST_TARGET && b == BINDING_NEXT_HERO) {
        play_cast_next_target(p);
        return PLAY_REDRAW;
    }
    if (p->show_help && (b == BINDING_CURSOR_UP || b == BINDING_CURSOR_DOWN)) {
        scroll_help(p, b == BINDING_CURSOR_UP ? -1 : 1);
        return PLAY_REDRAW;
    }
    if (bar_key(p, b))
        return PLAY_REDRAW;
    if (p->show_log && (b == BINDING_CURSOR_UP || b == BINDING_CURSOR_DOWN)) {
        scroll_log(p, b == BINDING_CURSOR_UP ? 1 : -1);
        return PLAY_REDRAW;
    }
    switch (b) {
    case BINDING_CURSOR_UP: move_cursor(p, 0, -1); break;
    case BINDING_CURSOR_DOWN: move_cursor(p, 0, 1); break;
    case BINDING_CURSOR_LEFT: move_cursor(p, -1, 0); break;
    case BINDING_CURSOR_RIGHT: move_cursor(p, 1, 0); break;
    case BINDING_CONFIRM:
        if (p->has_cursor)
            choose_square(p, p->cursor);
        else
            move_cursor(p, 0, 0);
        break;
    case BINDING_BACK: return go_back(p);
    case BINDING_ROLL: play_run_command(p, HUD_CMD_ROLL); break;
    case BINDING_ATTACK: play_run_command(p, HUD_CMD_ATTACK); break;
    case BINDING_OPEN_DOOR: play_run_command(p, HUD_CMD_OPEN); break;
    case BINDING_SEARCH_TREASURE: play_run_command(p, HUD_CMD_SEARCH_TREASURE); break;
    case BINDING_SEARCH_TRAPS: play_run_command(p, HUD_CMD_SEARCH_TRAPS); break;
    case BINDING_DISARM: play_run_command(p, HUD_CMD_DISARM); break;
    case BINDING_DRINK: play_run_command(p, HUD_CMD_DRINK); break;
    case BINDING_END_TURN: play_run_command(p, HUD_CMD_END); break;
    case BINDING_UNDO: play_run_command(p, HUD_CMD_UNDO); break;
    case BINDING_OBJECTIVES: play_run_command(p, HUD_CMD_OBJECTIVES); break;
    case BINDING_LOG: play_run_command(p, HUD_CMD_LOG); break;
    case BINDING_FOLD_PANEL: play_fold_panel(p); return PLAY_REDRAW;
    case BINDING_HELP: /* the keys, then the rules in brief, then closed */
        p->help_rules = p->show_help && !p->help_rules;
        p->show_help = !p->show_help || p->help_rules;
        p->help_scroll = 0;
        break;
    case BINDING_NEXT_HERO: next_hero(p); break;
    case BINDING_INSPECT:
        if (p->game && p->has_cursor && game_piece_at(p->game, p->cursor) >= 0)
            p->selected = game_piece_at(p->game, p->cursor);
        break;
    case BINDING_CAST_SPELL: play_run_command(p, HUD_CMD_CAST); break;
    default: return 0;
    }
    if (p->game) {
        play_refresh_reach(p);
        play_refresh_path(p);
    }
    return PLAY_REDRAW;
}

static int click(Play *p, double x, double y)
{
    p->bar_focus = -1; /* the mouse took over from the cursor keys */
    if (p->ask != PLAY_ASK_NONE)
        return play_ask_click(p, (int)x, (int)y);
    if (play_end_shown(p)) {
        int c = hud_end_button_at(&p->layout, p->chron.hero_count, p->has_next, (int)x, (int)y);
        if (c >= 0)
            return end_ask(c);
    }
    if (p->cast_mode == CAST_CHOOSE) {
        SDL_Rect menu = hud_spell_menu_rect(&p->layout, p->spell_menu.count);
        int row = hud_spell_at(&p->layout, p->spell_menu.count, p->spell_menu.first, (int)x, (int)y);
        if (row >= 0) {
            p->has_cursor = false;
            play_cast_choose(p, row, false);
            return PLAY_REDRAW;
        }
        if (x >= menu.x && x < menu.x + menu.w && y >= menu.y && y < menu.y + menu.h)
            return 0;
    }
    if (p->game && hud_fold_at(&p->layout, (int)x, (int)y)) {
        play_fold_panel(p);
        return PLAY_REDRAW;
    }
    HudCommand cmd = p->game ? hud_button_at(&p->layout, (int)x, (int)y) : HUD_CMD_COUNT;
    if (cmd != HUD_CMD_COUNT) {
        play_run_command(p, cmd);
        return PLAY_REDRAW;
    }
    if (p->game && hud_covers(&p->layout, (int)x, (int)y))
        return 0;
    play_set_hover(p, x, y);
    p->has_cursor = false;
    if (!p->game) {
        p->view.has_selection = true;
        p->view.selected = p->view.hover;
        return PLAY_REDRAW;
    }
    choose_square(p, p->view.hover);
    play_refresh_path(p);
    return PLAY_REDRAW;
}

static bool over_log(const Play *p)
{
    const SDL_Rect *l = &p->layout.log;
    return p->game && p->has_mouse && p->mouse_x >= l->x && p->mouse_x < l->x + l->w &&
           p->mouse_y >= l->y && p->mouse_y < l->y + l->h;
}

static int apply_view(Play *p, const InputAction *a)
{
    switch (a->kind) {
    case INPUT_ZOOM:
        if (p->show_help && p->game) {
            scroll_help(p, a->amount > 1 ? -3 : 3);
            return PLAY_REDRAW;
        }
        if (a->x >= 0 && (over_log(p) || (p->show_log && p->game))) {
            scroll_log(p, a->amount > 1 ? 3 : -3);
            return PLAY_REDRAW;
        }
        if (a->x >= 0 && p->game && hud_covers(&p->layout, (int)a->x, (int)a->y))
            return 0; /* the wheel over the panel or the buttons */
        camera_zoom_at(&p->cam, a->amount, a->x < 0 ? p->cam.view_w / 2.0 : a->x,
                       a->y < 0 ? p->cam.view_h / 2.0 : a->y);
        p->user_view = true;
        break;
    case INPUT_PAN: camera_pan(&p->cam, a->x, a->y), p->user_view = true; break;
    case INPUT_FIT: camera_fit(&p->cam), p->user_view = false; break;
    case INPUT_TOGGLE_DEBUG: p->view.debug = !p->view.debug; return PLAY_REDRAW;
    case INPUT_CYCLE_LABEL: p->view.label = (DebugLabel)((p->view.label + 1) % DEBUG_LABEL_COUNT); return PLAY_REDRAW;
    case INPUT_HOVER:
        play_set_hover(p, a->x, a->y);
        if (play_end_shown(p)) {
            int c = hud_end_button_at(&p->layout, p->chron.hero_count, p->has_next, (int)a->x, (int)a->y);
            p->end_choice = c >= 0 ? c : p->end_choice;
        }
        if (p->ask != PLAY_ASK_NONE)
            play_ask_hover(p, (int)a->x, (int)a->y);
        if (p->cast_mode == CAST_CHOOSE) {
            int row = hud_spell_at(&p->layout, p->spell_menu.count, p->spell_menu.first, (int)a->x, (int)a->y);
            p->spell_menu.hover = row >= 0 ? row : p->spell_menu.hover;
        }
        break;
    case INPUT_LEAVE: p->view.has_hover = p->has_mouse = false; break;
    default: return 0;
    }
    if (p->has_mouse && a->kind != INPUT_LEAVE)
        play_set_hover(p, p->mouse_x, p->mouse_y);
    if (p->game)
        play_refresh_path(p);
    return PLAY_REDRAW;
}

/* Number keys choose from the open spell list; true when used. */
static bool spell_number(Play *p, const SDL_Event *ev)
{
    if (p->cast_mode != CAST_CHOOSE || ev->type != SDL_KEYDOWN ||
        (ev->key.keysym.mod & (KMOD_CTRL | KMOD_ALT)))
        return false;
    SDL_Keycode k = ev->key.keysym.sym;
    int row = k >= SDLK_1 && k <= SDLK_9 ? (int)(k - SDLK_1) : k >= SDLK_KP_1 && k <= SDLK_KP_9 ? (int)(k - SDLK_KP_1) : -1;
    if (row < 0)
        return false;
    if (row < p->spell_menu.count)
        play_cast_choose(p, row, true);
    return true;
}

int play_handle_event(Play *p, const SDL_Event *ev)
{
    if (p->game && spell_number(p, ev))
        return PLAY_REDRAW;
    InputAction a = input_translate(&p->in, ev);
    /* a click on the board or Confirm while events play skips ahead:
     * tumbling dice settle, the event on screen ends */
    bool board_click = a.kind == INPUT_SELECT && !(p->game && hud_covers(&p->layout, (int)a.x, (int)a.y));
    bool confirm = a.kind == INPUT_BINDING && (BindingAction)a.amount == BINDING_CONFIRM;
    if (p->game && (board_click || confirm) && play_skip(p))
        return PLAY_REDRAW;
    switch (a.kind) {
    case INPUT_NONE: return 0;
    case INPUT_QUIT: return PLAY_QUIT;
    case INPUT_SCREENSHOT: return PLAY_SCREENSHOT;
    case INPUT_RENDER_RESET: return PLAY_RESET_ART;
    case INPUT_REDRAW:
    case INPUT_RESIZE: return PLAY_REDRAW;
    case INPUT_SELECT: return click(p, a.x, a.y);
    case INPUT_CONTEXT:
        if (p->ask != PLAY_ASK_NONE)
            play_ask_answer(p, false);
        if (p->cast_mode != CAST_NONE)
            play_cast_cancel(p);
        p->has_cursor = false;
        p->show_objectives = p->show_log = p->show_help = false;
        play_clear_dice(p);
        return PLAY_REDRAW;
    case INPUT_BINDING:
        if ((BindingAction)a.amount == BINDING_FULLSCREEN)
            return PLAY_FULLSCREEN;
        if (!p->game)
            return (BindingAction)a.amount == BINDING_BACK ? PLAY_QUIT : 0;
        return binding(p, (BindingAction)a.amount);
    default: return apply_view(p, &a);
    }
}
