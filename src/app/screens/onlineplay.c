#include "onlineplay.h"

#include "app/onlineboard/onlineboard.h"

#include "core/i18n.h"

#include "app/onlineui.h"
#include "app/settings.h"
#include "app/uikit.h"

#include "core/alloc.h"
#include "gfx/hud/hud.h"
#include "gfx/render.h"
#include "gfx/scene_mission.h"
#include "mission/mission_lang.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { ROW_ROLL, ROW_CAST, ROW_DRINK, ROW_UNDO, ROW_TREASURE, ROW_TRAPS, ROW_END, ROW_CHAT, ROW_BACK,
       ROW_COUNT };

bool onlineplay_monster_seat(const OnlinePlay *p)
{
    return strcmp(online_my_kind(p->online), "monsters") == 0;
}


const OnlinePiece *onlineplay_my_hero(const OnlinePlay *p)
{
    const OnlineState *st = online_state(p->online);
    if (!online_my_turn(p->online) || !st->valid || onlineplay_monster_seat(p))
        return NULL;
    return onlinegame_piece(st, st->current);
}

/* The squares the hero on turn (or the chosen monster) may move to,
 * shaded: asked again with every new state (the answer's own state
 * change does not ask again: the same piece and state). */
static void ask_reach(OnlinePlay *p)
{
    const OnlineState *st = online_state(p->online);
    int piece = !online_my_turn(p->online) || !st->valid ? -1
                : onlineplay_monster_seat(p)                     ? p->selected
                                                         : st->current;
    if (piece >= 0 && !onlineplay_monster_seat(p) && !st->rolled)
        piece = -1;
    if (piece == p->reach_piece && st->actions == p->reach_actions)
        return;
    p->reach_piece = piece;
    p->reach_actions = st->actions;
    online_ask_reach(p->online, piece);
}

/* The scene follows the template (the mission may come after the screen)
 * and every new state. */
static void sync_scene(OnlinePlay *p)
{
    const Game *t = online_template(p->online);
    if (t != p->tmpl) {
        scene_destroy(p->scene);
        p->scene = NULL;
        p->tmpl = t;
        p->fitted = false;
        if (t) {
            const Mission *m = game_mission(t);
            const char *name = mission_lang_text(m, MISSION_TR_NAME, 0); /* the player's language */
            p->scene = scene_create(m->board, m->seed, name && name[0] ? name : m->id);
            scene_set_art_dir(p->scene, m->art_dir);
            scene_mission_palette(p->scene, m); /* the hover box's room names */
        }
        p->version = online_version(p->online) - 1;
    }
    if (!p->scene)
        return;
    if (onlineboard_fx_busy(p)) { /* the newest state waits for the events before it */
        if (p->fx.changed)
            onlinegame_fill_scene(p->scene, t, &p->fx.shown, onlineplay_monster_seat(p));
        p->fx.changed = false;
        return;
    }
    if (p->version != online_version(p->online) || p->fx.changed) {
        p->version = online_version(p->online);
        p->fx.changed = false;
        onlineboard_fx_settle(p, online_state(p->online));
        onlinegame_fill_scene(p->scene, t, online_state(p->online), onlineplay_monster_seat(p));
    }
}

void onlineplay_refresh(OnlinePlay *p)
{
    int keep = p->menu.selected;
    if (p->listing != (p->cast == OCAST_CHOOSE)) /* the book opens or closes */
        keep = p->cast == OCAST_CHOOSE ? p->menu.selected : ROW_CAST;
    p->listing = p->cast == OCAST_CHOOSE;
    uikit_menu_clear(&p->menu);
    if (p->cast == OCAST_CHOOSE) { /* the hero's book, then Cancel */
        for (int i = 0; i < p->spell_count; i++)
            uikit_menu_add(&p->menu, p->spell_rows[i], p->spent[i] ? _("cast") : NULL, !p->spent[i]);
        uikit_menu_add(&p->menu, _("Cancel"), NULL, true);
        p->menu.selected = keep < p->menu.count ? keep : 0;
        return;
    }
    bool mine = online_my_turn(p->online) && online_state(p->online)->valid;
    bool hero = mine && !onlineplay_monster_seat(p);
    uikit_menu_add(&p->menu, _("Roll"), NULL, hero && !online_state(p->online)->rolled);
    uikit_menu_add(&p->menu, _("Cast a spell"), NULL, onlineboard_can_cast(p));
    uikit_menu_add(&p->menu, _("Drink a potion"), NULL, onlineboard_can_drink(p, NULL));
    uikit_menu_add(&p->menu, _("Undo a move"), NULL, hero && online_state(p->online)->can_undo > 0);
    uikit_menu_add(&p->menu, _("Search for treasure"), NULL, hero);
    uikit_menu_add(&p->menu, _("Search for traps"), NULL, hero);
    uikit_menu_add(&p->menu, _("End turn"), NULL, mine);
    uikit_menu_add(&p->menu, _("Chat"), NULL, true);
    uikit_menu_add(&p->menu, _("Back to the lobby"), NULL, true);
    p->menu.selected = keep < p->menu.count ? keep : 0;
}

void onlineplay_command(OnlinePlay *p, const char *fmt, ...)
{
    char line[128];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    online_command(p->online, line);
}

static void run_row(OnlinePlay *p, App *app, int row)
{
    if (p->cast == OCAST_CHOOSE) {
        onlineboard_cast_row(p, row);
        return;
    }
    switch (row) {
    case ROW_ROLL: online_command(p->online, "roll"); break;
    case ROW_CAST: onlineboard_cast_open(p); break;
    case ROW_DRINK: onlineboard_drink(p); break;
    case ROW_UNDO: onlineboard_undo(p); break;
    case ROW_TREASURE: online_command(p->online, "search treasure"); break;
    case ROW_TRAPS: online_command(p->online, "search traps"); break;
    case ROW_END:
        online_command(p->online, "end");
        p->selected = -1;
        break;
    case ROW_CHAT: p->chat.focused = p->base.wants_keys = true; break;
    case ROW_BACK: screens_pop(app); break;
    default: break;
    }
}

/* True when a closed door lies between two neighbouring squares. */
static bool door_between(const OnlinePlay *p, BoardPos a, BoardPos b)
{
    const Grid *g = board_grid(scene_board(p->scene));
    int n;
    const GridDir *dirs = grid_dirs(g, &n);
    for (int i = 0; i < n; i++)
        if (grid_pos_equal(grid_step(g, a, dirs[i]), b)) {
            const SceneDoor *d = scene_door_at(p->scene, a, dirs[i]);
            return d && d->state != SCENE_DOOR_OPEN;
        }
    return false;
}

/* A click on the board: what the hero on turn, or the chosen monster,
 * does there. The server decides whether it may. */
static void click_board(OnlinePlay *p, BoardPos sq)
{
    const OnlineState *st = online_state(p->online);
    const OnlinePiece *there = onlinegame_piece_at(st, sq);
    if (!online_my_turn(p->online) || !st->valid)
        return;
    if (p->cast == OCAST_TARGET) {
        onlineboard_cast_at(p, sq);
        return;
    }
    if (onlineplay_monster_seat(p)) {
        if (there && !there->hero && there->acts) {
            p->selected = there->id;
            ask_reach(p);
        }
        else if (p->selected >= 0 && there && there->hero)
            onlineplay_command(p, "attack %d %d", p->selected, there->id);
        else if (p->selected >= 0 && !there)
            onlineplay_command(p, "move %d %d %d", p->selected, sq.x, sq.y);
        return;
    }
    const OnlinePiece *hero = onlinegame_piece(st, st->current);
    if (!hero)
        return;
    if (there && !there->hero)
        onlineplay_command(p, "attack %d %d", hero->id, there->id);
    else if (!there && door_between(p, hero->pos, sq))
        onlineplay_command(p, "open %d %d %d", hero->id, sq.x, sq.y);
    else if (!there)
        onlineplay_command(p, "move %d %d %d", hero->id, sq.x, sq.y);
}

static void handle_chat(OnlinePlay *p, const UiInput *in)
{
    SDL_Keycode k = in->ev && in->ev->type == SDL_KEYDOWN ? in->ev->key.keysym.sym : SDLK_UNKNOWN;
    if (k == SDLK_RETURN || k == SDLK_KP_ENTER) {
        if (p->chat.text[0])
            online_say(p->online, p->chat.text);
        textfield_init(&p->chat, "", 160);
        p->chat.focused = p->base.wants_keys = false;
    } else if (k == SDLK_ESCAPE) {
        p->chat.focused = p->base.wants_keys = false;
    } else {
        uikit_field_handle(&p->chat, in);
    }
}

static void handle(Screen *s, App *app, const UiInput *in)
{
    OnlinePlay *p = (OnlinePlay *)s;
    if (p->chat.focused) {
        handle_chat(p, in);
        uikit_text_input(&p->chat);
        return;
    }
    if (p->cast != OCAST_NONE && in->action == BINDING_BACK && !in->repeat) {
        onlineboard_cast_cancel(p); /* Esc leaves the spell, not the board */
        app->dirty = true;
        return;
    }
    static const struct { BindingAction action; int row; } KEYS[] = {
        {BINDING_ROLL, ROW_ROLL}, {BINDING_CAST_SPELL, ROW_CAST}, {BINDING_DRINK, ROW_DRINK},
        {BINDING_UNDO, ROW_UNDO}, {BINDING_SEARCH_TREASURE, ROW_TREASURE},
        {BINDING_SEARCH_TRAPS, ROW_TRAPS}, {BINDING_END_TURN, ROW_END}};
    for (size_t i = 0; p->cast != OCAST_CHOOSE && i < sizeof KEYS / sizeof KEYS[0]; i++)
        if (in->action == KEYS[i].action && !in->repeat) {
            bool says_why = KEYS[i].row == ROW_UNDO || KEYS[i].row == ROW_DRINK || KEYS[i].row == ROW_CAST;
            if (!p->menu.disabled[KEYS[i].row] || (says_why && online_my_turn(p->online)))
                run_row(p, app, KEYS[i].row);
            app->dirty = true;
            return;
        }
    if (in->pointer && in->x < p->panel.x && p->scene) {
        BoardPos sq = camera_square_at(&p->cam, in->x, in->y);
        bool on = board_contains(scene_board(p->scene), sq);
        p->view.has_hover = on;
        p->view.hover = sq;
        if (in->click && on && !onlineboard_fx_skip(p)) /* a click while events play skips them */
            click_board(p, sq);
        app->dirty = true;
        return;
    }
    if (in->wheel && p->scene) {
        camera_zoom_at(&p->cam, in->wheel > 0 ? 1.2 : 1 / 1.2, p->cam_w / 2.0, p->cam_h / 2.0);
        app->dirty = true;
        return;
    }
    int row = uikit_menu_handle(&p->menu, in);
    if (row == -2)
        screens_pop(app);
    else if (row >= 0)
        run_row(p, app, row);
    uikit_text_input(&p->chat);
}

static void turn_line(const OnlinePlay *p, char *buf, size_t n);

static bool update(Screen *s, App *app, double dt)
{
    OnlinePlay *p = (OnlinePlay *)s;
    unsigned before = p->version;
    const Game *t = p->tmpl;
    onlineboard_fx_take(p);
    bool moving = onlineboard_fx_update(p, dt);
    sync_scene(p);
    if (moving)
        app->dirty = true;
    const char *news = onlineboard_fx_take_news(p);
    if (news) /* finds and objectives met, as local play toasts them */
        screens_toast(app, "%s", news);
    if (before != p->version || t != p->tmpl || !p->titled) {
        p->titled = true;
        if (p->cast != OCAST_NONE && !onlineplay_my_hero(p))
            onlineboard_cast_cancel(p); /* the turn went on meanwhile */
        onlineplay_refresh(p);
        ask_reach(p);
        app->dirty = true;
        /* the window's title says whose turn it is, for a player whose
         * window is behind another */
        char line[160], title[200];
        turn_line(p, line, sizeof line);
        snprintf(title, sizeof title, _("Questboard: %s: %s"), online_code(p->online), line);
        SDL_SetWindowTitle(app->window, title);
    }
    return moving;
}

/* Who plays hero id: the name of its seat's player. */
static const char *player_of(const OnlinePlay *p, int id)
{
    for (int i = 0; i < online_seat_count(p->online); i++) {
        const OnlineSeat *seat = online_seat(p->online, i);
        if (strcmp(seat->kind, "heroes") != 0)
            continue;
        for (const char *c = seat->heroes; *c; c++)
            if (*c - '0' == id && (c == seat->heroes || c[-1] == ','))
                return strcmp(seat->state, "computer") == 0 ? _("computer") : seat->name;
    }
    return "";
}

/* The players' names over their heroes. */
static void draw_names(OnlinePlay *p, App *app)
{
    const OnlineState *st = online_state(p->online);
    for (int i = 0; i < st->piece_count; i++) {
        const OnlinePiece *pc = &st->pieces[i];
        const char *name = pc->hero && pc->on_board ? player_of(p, pc->id) : "";
        if (!name[0] || strcmp(name, "-") == 0)
            continue;
        double bx, by;
        camera_centre(&p->cam, pc->pos, &bx, &by);
        int w, h;
        char initial[8];
        text_size(app->ui, name, &w, &h);
        if (w > p->cam.scale) { /* small squares: the initial, the name in the panel */
            snprintf(initial, sizeof initial, "%.1s", name);
            name = initial;
            text_size(app->ui, name, &w, &h);
        }
        int x = (int)camera_screen_x(&p->cam, bx) - w / 2;
        int y = (int)camera_screen_y(&p->cam, by - 0.5) - h;
        SDL_SetRenderDrawColor(app->sdl, 0, 0, 0, 170);
        SDL_SetRenderDrawBlendMode(app->sdl, SDL_BLENDMODE_BLEND);
        SDL_RenderFillRect(app->sdl, &(SDL_Rect){x - 3, y, w + 6, h});
        uikit_text(app, name, x, y, pc->id == st->current ? UIKIT_GOLD : UIKIT_TEXT);
    }
}

static void turn_line(const OnlinePlay *p, char *buf, size_t n)
{
    const OnlineState *st = online_state(p->online);
    const OnlineSeat *seat = online_seat(p->online, online_turn_seat(p->online));
    if (online_over(p->online)[0] || (st->valid && strcmp(st->status, "playing") != 0))
        snprintf(buf, n, _("The game is over: %s"), st->valid ? onlineui_status(st->status) : "");
    else if (online_my_turn(p->online) && p->tmpl && online_turn_hero(p->online) >= 0 &&
             game_piece(p->tmpl, online_turn_hero(p->online)))
        snprintf(buf, n, _("Your turn: %s"), onlineboard_piece_name(p, online_turn_hero(p->online)));
    else if (online_my_turn(p->online))
        snprintf(buf, n, "%s", online_turn_hero(p->online) < 0 ? _("Your turn: the monsters") : _("Your turn"));
    else if (seat && strcmp(seat->name, "-") == 0)
        snprintf(buf, n, "%s", online_turn_hero(p->online) < 0 ? _("The computer's turn (the monsters)")
                                                               : _("The computer's turn"));
    else if (seat)
        snprintf(buf, n, online_turn_hero(p->online) < 0 ? _("%s's turn (the monsters)") : _("%s's turn"),
                 seat->name);
    else
        snprintf(buf, n, "%s", _("Waiting for the game..."));
}

static void draw_panel(OnlinePlay *p, App *app)
{
    SDL_Rect r = p->panel;
    uikit_panel(app, r);
    int lh = uikit_line(app), pad = screens_px(app, 10), x = r.x + pad, w = r.w - 2 * pad;
    int y = r.y + pad;
    char line[200];
    snprintf(line, sizeof line, _("Game %s, seat %d (%s)"), online_code(p->online), online_my_seat(p->online),
             onlineui_seat_kind(online_my_kind(p->online)));
    uikit_text_fit(app, line, x, y, w, UIKIT_GOLD);
    y += lh;
    turn_line(p, line, sizeof line);
    uikit_text_fit(app, line, x, y, w, online_my_turn(p->online) ? UIKIT_GOOD : UIKIT_TEXT);
    y += lh;
    const OnlineState *st = online_state(p->online);
    int left = st->move_left / (st->move_unit ? st->move_unit : 1);
    if (st->valid && online_my_turn(p->online) && !onlineplay_monster_seat(p))
        snprintf(line, sizeof line,
                 st->rolled ? ngettext("Round %d, rolled, %d square to move",
                                       "Round %d, rolled, %d squares to move", left)
                            : ngettext("Round %d, not rolled, %d square to move",
                                       "Round %d, not rolled, %d squares to move", left),
                 st->turn, left);
    else if (st->valid && onlineplay_monster_seat(p) && p->selected >= 0)
        snprintf(line, sizeof line, _("Round %d, monster %d chosen: click where it goes or whom it attacks"),
                 st->turn, p->selected);
    else if (st->valid && onlineplay_monster_seat(p))
        snprintf(line, sizeof line, _("Round %d: click a monster to choose it"), st->turn);
    else
        snprintf(line, sizeof line, _("Round %d"), st->turn);
    /* two lines: the moves left must not be cut off (German's words are longer) */
    y = uikit_wrap(app, line, x, y, w, 2, UIKIT_DIM);
    if (online_phase(p->online) == ONLINE_CLOSED || !online_template(p->online)) {
        y = uikit_wrap(app, online_status(p->online), x, y, w, 3, UIKIT_BAD);
    }
    y += lh / 2;
    for (int i = 0; i < online_seat_count(p->online); i++) {
        const OnlineSeat *seat = online_seat(p->online, i);
        snprintf(line, sizeof line, "%s %s: %s (%s)", onlineui_seat_kind(seat->kind),
                 strcmp(seat->heroes, "-") ? seat->heroes : "", strcmp(seat->name, "-") ? seat->name : _("free"),
                 onlineui_seat_state(seat->state));

        uikit_text_fit(app, line, x, y, w, strcmp(seat->state, "dropped") == 0 ? UIKIT_BAD : UIKIT_TEXT);
        y += lh;
    }
    y += lh / 2;
    if (p->notice[0])
        y = uikit_wrap(app, p->notice, x, y, w, 3, UIKIT_GOLD); /* its end says how to cancel */
    SDL_Rect menu = {x, y, w, p->menu.count * (lh + lh / 3)};
    uikit_menu_draw(app, &p->menu, menu);
    y += menu.h + lh / 2;
    onlineui_draw_log(app, p->online, (SDL_Rect){x, y, w, r.y + r.h - pad - 2 * lh - y});
    uikit_field_draw(app, &p->chat, (SDL_Rect){x, r.y + r.h - pad - lh, w, lh});
}

static void draw(Screen *s, App *app)
{
    OnlinePlay *p = (OnlinePlay *)s;
    SDL_SetRenderDrawColor(app->sdl, 12, 10, 8, 255);
    SDL_RenderClear(app->sdl);
    int pw = screens_px(app, 300);
    if (pw > app->out_w / 2)
        pw = app->out_w / 2;
    p->panel = (SDL_Rect){app->out_w - pw, 0, pw, app->out_h};
    app->toast_area = (SDL_Rect){0, 0, app->out_w - pw, app->out_h}; /* toasts over the board */
    Renderer *r = screens_board_renderer(app);
    if (r && p->scene) {
        int bw = app->out_w - pw, bh = app->out_h;
        if (!p->fitted || bw != p->cam_w || bh != p->cam_h) {
            p->cam = camera_make_grid(board_grid(scene_board(p->scene)), bw, bh);
            p->cam_w = bw, p->cam_h = bh;
            p->fitted = true;
        }
        SDL_RenderSetClipRect(app->sdl, &(SDL_Rect){0, 0, bw, bh});
        render_board(r, p->scene, &p->cam, &p->view);
        const OnlineState *st = online_state(p->online);
        const OnlinePiece *cur = onlinegame_piece(st, st->current);
        const OnlinePiece *sel = onlinegame_piece(st, p->selected);
        int reach_of;
        const uint8_t *reach = online_reach(p->online, &reach_of);
        BoardPos targets[ONLINE_MAX_PIECES];
        int target_count = onlineboard_cast_targets(p, targets, ONLINE_MAX_PIECES);
        /* the squares asked before the events mean nothing while they play */
        bool shade = reach && reach_of == p->reach_piece && !target_count && !onlineboard_fx_busy(p);
        HudSquares sq = {.reach = shade ? reach : NULL,
                         .targets = targets, .target_count = target_count,
                         .has_attack = p->fx.has_attack && onlineboard_fx_busy(p),
                         .attack_from = p->fx.attack_from, .attack_to = p->fx.attack_to,
                         .has_current = cur != NULL, .current = cur ? cur->pos : (BoardPos){0, 0},
                         .has_selected = sel != NULL, .selected = sel ? sel->pos : (BoardPos){0, 0}};
        hud_draw_squares(r, &p->cam, &sq);
        draw_names(p, app);
        render_ui(r, p->scene, &p->cam, &p->view);
        onlineboard_fx_draw(p, app, r, (SDL_Rect){0, 0, bw, bh});
        SDL_RenderSetClipRect(app->sdl, NULL);
    }
    draw_panel(p, app);
}

static void destroy(Screen *s)
{
    OnlinePlay *p = (OnlinePlay *)s;
    p->app->toast_area = (SDL_Rect){0, 0, 0, 0};
    onlineboard_fx_free(p);
    scene_destroy(p->scene);
    free(p);
}

static const ScreenOps onlineplay_ops = {"onlineplay", handle, update, draw, destroy, NULL};

Screen *onlineplay_create(App *app, Online *online)
{
    OnlinePlay *p = xcalloc(1, sizeof *p);
    p->app = app;
    p->base.ops = &onlineplay_ops;
    p->base.opaque = true;
    p->online = online;
    p->selected = p->reach_piece = -1;
    textfield_init(&p->chat, "", 160);
    onlineboard_fx_init(p, settings_anim_duration_factor(settings_anim_speed(app->settings)),
                       settings_reduce_motion(app->settings));
    sync_scene(p);
    onlineplay_refresh(p);
    return &p->base;
}

static Screen *open_play(App *app, const void *args, char *err, size_t err_size)
{
    (void)err, (void)err_size;
    return onlineplay_create(app, ((const OnlinePlayArgs *)args)->online);
}

const ScreenEntry onlineplay_entry = {&onlineplay_ops, open_play, NULL, N_("The board cannot open")};
