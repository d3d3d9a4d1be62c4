#include "play.h"

#include "../core/alloc.h"
#include "../gfx/hud.h"
#include "../gfx/scene_game.h"
#include "../gfx/scene_mission.h"
#include "../rules/save.h"
#include "input.h"
#include "msglog.h"
#include "slots.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define LOG_LINES 500
#define KEY_PAN_SPEED 900.0 /* output pixels per second */
#define NOTICE_MAX 256
#define DIE_SECONDS 0.09 /* between two dice landing */
#define REACH_MAX 65536  /* most squares offered to move to */

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

/* Where a piece is drawn while events play (the game is already at the
 * end of them). */
typedef SceneGamePiece Shown;

/* Casting a spell: the list to choose from, then its target. */
typedef enum CastMode { CAST_NONE, CAST_CHOOSE, CAST_TARGET, CAST_MODE_COUNT } CastMode;

struct Play {
    const Mission *m;
    Game *game; /* NULL: board viewer */
    char *mission_path;
    Scene *scene;
    PlayOptions opts;
    Bindings bindings;
    InputState in;
    Camera cam;
    RenderView view;
    int out_w, out_h;
    bool has_mouse;
    double mouse_x, mouse_y;
    Text *layout_text; /* the font the layout was made with */
    HudLayout layout;

    Shown *shown;
    size_t shown_count;
    GameEvents queue;
    size_t next_event;
    double event_left;
    double event_time; /* how long the event on screen lasts */

    int selected;        /* piece id or -1 */
    uint8_t *reach;      /* per square: reachable by the current hero */
    bool reach_valid;
    BoardPos *reach_list; /* the squares marked in reach */
    size_t reach_count, reach_cap;
    BoardPos *path;
    int path_len, path_cap;
    bool has_cursor;
    BoardPos cursor;
    bool enabled[HUD_CMD_COUNT];
    CastMode cast_mode;
    HudSpellMenu spell_menu;  /* CAST_CHOOSE: the hero's unused spells */
    int cast_hero, cast_spell; /* CAST_TARGET: who casts what */
    BoardPos *cast_targets;   /* ...the squares of the pieces it may target */
    int cast_target_count;
    BoardPos *asleep;         /* squares with a sleeping piece (drawn) */
    size_t piece_cap;         /* room in cast_targets and asleep */

    MsgLog *log;
    int log_scroll;
    bool show_objectives, show_log, show_help;
    HudDice dice;
    int finds;
    char notice[NOTICE_MAX];
    char status[NOTICE_MAX];
    int autosaved_turn;
    bool saved_end; /* the end of the mission is saved */
    char autosave_path[4096];
    char players[SLOTS_PLAYERS_MAX + 1]; /* hotseat, for autosave headers */
    double pan_dx, pan_dy;
    /* the step on screen: piece slides from -> to during the event */
    int slide_piece; /* -1: none */
    BoardPos slide_from, slide_to;
    double slide_time;
    /* the attack on screen: outlines attacker and target */
    bool has_attack;
    BoardPos attack_from, attack_to;
    int shown_turn;    /* the turn the events on screen belong to */
    int shown_hero;    /* ...the hero whose turn it is on screen */
    int last_current;  /* the hero whose turn it was at the last refresh */
    bool shown_monsters; /* ...and whether the monsters are moving */
    bool fitted; /* the camera was fitted to the first layout */
    bool leave_asked; /* the hero was chosen once on an exit */
    char why_viewer[256]; /* why there is no game, "" when there is */
};

/* --- The scene from the game ---------------------------------------- */

/* Refills the scene from the game and the shown positions. */
static void rebuild_scene(Play *p)
{
    if (!p->game)
        return;
    SceneGameView v = {.pieces = p->shown, .count = p->shown_count, .skip_piece = p->slide_piece,
                       .reveal = p->opts.reveal};
    scene_game_fill(p->scene, p->game, &v);
}

/* --- Shown state ------------------------------------------------------ */

/* Room for a square per piece in the lists of targets and sleepers. */
static void reserve_pieces(Play *p, size_t n)
{
    if (n <= p->piece_cap)
        return;
    p->cast_targets = xrealloc(p->cast_targets, n, sizeof *p->cast_targets);
    p->asleep = xrealloc(p->asleep, n, sizeof *p->asleep);
    p->piece_cap = n;
}

/* Makes the shown positions those of the game (after the events played). */
static void sync_shown(Play *p)
{
    size_t n = game_piece_count(p->game);
    if (n > p->shown_count)
        p->shown = xrealloc(p->shown, n, sizeof *p->shown);
    reserve_pieces(p, n);
    p->shown_count = n;
    for (size_t i = 0; i < n; i++) {
        const GamePiece *gp = game_piece(p->game, (int)i);
        p->shown[i] = (Shown){gp->pos, gp->alive && !gp->escaped};
    }
}

/* New pieces (wandering monsters) stay off the board until their event. */
static void grow_shown(Play *p)
{
    size_t n = game_piece_count(p->game);
    if (n <= p->shown_count)
        return;
    p->shown = xrealloc(p->shown, n, sizeof *p->shown);
    reserve_pieces(p, n);
    for (size_t i = p->shown_count; i < n; i++)
        p->shown[i] = (Shown){game_piece(p->game, (int)i)->pos, false};
    p->shown_count = n;
}

static Shown *shown_of(Play *p, int id)
{
    return id >= 0 && (size_t)id < p->shown_count ? &p->shown[id] : NULL;
}

/* --- Commands and their availability --------------------------------- */

static BoardPos neighbour(BoardPos p, GridDir d)
{
    static const int dx[4] = {0, 1, 0, -1}, dy[4] = {-1, 0, 1, 0};
    return (BoardPos){p.x + dx[d], p.y + dy[d]};
}

static bool adjacent(BoardPos a, BoardPos b)
{
    return abs(a.x - b.x) + abs(a.y - b.y) == 1;
}

/* Events are playing (the last one may still be on screen). */
static bool busy(const Play *p)
{
    return p->queue.count > 0;
}

static bool events_left(const Play *p)
{
    return p->next_event < p->queue.count;
}

/* The square the player points at: the keyboard cursor, else the mouse. */
static bool pointed(const Play *p, BoardPos *out)
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
    BoardPos at;
    if (pointed(p, &at)) {
        int id = game_piece_at(p->game, at);
        const GamePiece *t = game_piece(p->game, id);
        if (t && t->side == GAME_SIDE_MONSTERS && adjacent(t->pos, h->pos))
            return id;
    }
    for (size_t i = 0; i < game_piece_count(p->game); i++) {
        const GamePiece *t = game_piece(p->game, (int)i);
        if (t->alive && t->revealed && t->side == GAME_SIDE_MONSTERS && adjacent(t->pos, h->pos))
            return t->id;
    }
    return -1;
}

/* The square across a closed door from the hero: the pointed one first. */
static bool door_target(const Play *p, int hero, BoardPos *out)
{
    const GamePiece *h = game_piece(p->game, hero);
    BoardPos at;
    int first = -1;
    for (int d = 0; d < 4; d++) {
        int di = game_door_at(p->game, h->pos, (GridDir)d);
        const GameDoor *door = di >= 0 ? game_door(p->game, (size_t)di) : NULL;
        if (!door || door->open || (door->kind == DOOR_SECRET && !door->found))
            continue;
        BoardPos n = neighbour(h->pos, (GridDir)d);
        if (pointed(p, &at) && grid_pos_equal(at, n)) {
            *out = n;
            return true;
        }
        if (first < 0)
            first = d;
    }
    if (first >= 0)
        *out = neighbour(h->pos, (GridDir)first);
    return first >= 0;
}

/* A found trap on the hero's square or next to it: the pointed one first. */
static bool trap_target(const Play *p, int hero, BoardPos *out)
{
    const GamePiece *h = game_piece(p->game, hero);
    BoardPos at;
    bool have_pointed = pointed(p, &at), found = false;
    for (size_t i = 0; i < game_trap_count(p->game); i++) {
        const GameTrap *t = game_trap(p->game, i);
        if (t->gone || !t->found || (!grid_pos_equal(t->pos, h->pos) && !adjacent(t->pos, h->pos)))
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

/* The rules action for a command, false when it has no target. */
static bool command_action(const Play *p, HudCommand cmd, Action *a)
{
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
    case HUD_CMD_LEAVE: a->kind = ACTION_LEAVE; a->pos = game_piece(p->game, hero)->pos; return true;
    case HUD_CMD_END: a->kind = ACTION_END; return true;
    default: return false;
    }
}

/* True when the current hero may cast one of his spells now. */
static bool can_cast_any(const Play *p)
{
    int hero = game_current(p->game);
    for (size_t i = 0; hero >= 0 && i < game_spell_count(p->game) && i < HUD_SPELLS_MAX; i++)
        if (game_can_cast(p->game, hero, (int)i))
            return true;
    return false;
}

/* Which buttons work now (game_check costs a clone: only on changes). */
static void refresh_enabled(Play *p)
{
    for (int c = 0; c < HUD_CMD_COUNT; c++) {
        Action a;
        p->enabled[c] = false;
        if (c == HUD_CMD_OBJECTIVES || c == HUD_CMD_LOG)
            p->enabled[c] = p->game != NULL;
        else if (c == HUD_CMD_CAST)
            p->enabled[c] = p->game && !busy(p) && can_cast_any(p);
        else if (p->game && !busy(p) && command_action(p, (HudCommand)c, &a))
            p->enabled[c] = game_check(p->game, &a, NULL, 0);
    }
}

static void refresh_reach(Play *p)
{
    int w = board_width(p->m->board);
    /* clear only what the last list marked: no pass over the board */
    for (size_t i = 0; i < p->reach_count; i++)
        p->reach[(size_t)p->reach_list[i].y * (size_t)w + (size_t)p->reach_list[i].x] = 0;
    p->reach_count = 0;
    p->reach_valid = false;
    int hero = game_current(p->game);
    if (hero < 0 || busy(p) || p->selected != hero || !game_can_move(p->game))
        return;
    size_t count = game_reachable(p->game, hero, -1, p->reach_list, p->reach_cap);
    p->reach_count = count < p->reach_cap ? count : p->reach_cap;
    for (size_t i = 0; i < p->reach_count; i++)
        p->reach[(size_t)p->reach_list[i].y * (size_t)w + (size_t)p->reach_list[i].x] = 1;
    p->reach_valid = p->reach_count > 0;
}

static bool reachable(const Play *p, BoardPos pos)
{
    const Board *b = p->m->board;
    return p->reach_valid && board_contains(b, pos) &&
           p->reach[(size_t)pos.y * (size_t)board_width(b) + (size_t)pos.x];
}

/* The path to the pointed square when it is reachable. */
static void refresh_path(Play *p)
{
    BoardPos at;
    p->path_len = 0;
    if (p->reach_valid && pointed(p, &at) && reachable(p, at)) {
        int len = game_path(p->game, p->selected, at, p->path, p->path_cap);
        p->path_len = len > 0 && len <= p->path_cap ? len : 0;
    }
}

static void refresh_status(Play *p)
{
    if (!p->game)
        return;
    GameStatus st = game_status(p->game);
    int hero = game_current(p->game), turn = game_turn(p->game);
    if (busy(p)) {
        const GamePiece *h = game_piece(p->game, p->shown_hero);
        if (p->shown_monsters || !h)
            snprintf(p->status, sizeof p->status, "Turn %d\nThe monsters' turn...", p->shown_turn);
        else
        {
            const MsgLogLine *last = msglog_line(p->log, msglog_count(p->log) - 1);
            snprintf(p->status, sizeof p->status, "Turn %d - %s\n%.*s", p->shown_turn, h->type->name,
                     120, last ? last->text : "");
        }
    } else if (st != GAME_STATUS_PLAYING) {
        snprintf(p->status, sizeof p->status, "Turn %d\n%s", turn,
                 st == GAME_STATUS_VICTORY ? "Victory! The quest is done." : "Defeat.");
    } else if (hero >= 0) {
        const GamePiece *h = game_piece(p->game, hero);
        char moves[64] = "Roll the dice to move";
        if (game_has_rolled(p->game))
            snprintf(moves, sizeof moves, "%d square%s to move", game_move_left(p->game),
                     game_move_left(p->game) == 1 ? "" : "s");
        snprintf(p->status, sizeof p->status, "Turn %d - %s\n%s%s", turn, h->type->name, moves,
                 game_has_acted(p->game) ? ", has acted" : "");
    }
}

/* Everything derived from the game after it or the queue changed. */
static void refresh(Play *p)
{
    if (!p->game)
        return;
    int hero = game_current(p->game);
    /* a new hero's turn selects him */
    if (!busy(p) && hero >= 0 && (hero != p->last_current || p->selected < 0))
        p->selected = hero;
    if (!busy(p))
        p->last_current = hero;
    refresh_enabled(p);
    if ((p->cast_mode == CAST_CHOOSE && !p->enabled[HUD_CMD_CAST]) ||
        (p->cast_mode == CAST_TARGET && !game_can_cast(p->game, p->cast_hero, p->cast_spell)))
        p->cast_mode = CAST_NONE;
    refresh_reach(p);
    refresh_path(p);
    refresh_status(p);
}

/* --- Autosave ---------------------------------------------------------- */

static void autosave(Play *p)
{
    if (!p->opts.save_dir || !p->game)
        return;
    size_t size;
    char *body = save_format(p->game, p->mission_path, &size);
    SlotHeader h = {.turn = game_turn(p->game), .date = (int64_t)time(NULL)};
    snprintf(h.slot, sizeof h.slot, "Autosave");
    memcpy(h.players, p->players, sizeof h.players);
    snprintf(h.mission, sizeof h.mission, "%.*s", (int)sizeof h.mission - 1,
             p->m->name ? p->m->name : p->m->id);
    char err[1024];
    if (slots_write(p->opts.save_dir, SLOTS_AUTOSAVE_FILE, &h, body, size, err, sizeof err)) {
        if (!slots_join(p->opts.save_dir, SLOTS_AUTOSAVE_FILE, p->autosave_path, sizeof p->autosave_path))
            p->autosave_path[0] = '\0';
    } else {
        fprintf(stderr, "questboard: %s\n", err);
        msglog_add(p->log, game_turn(p->game), -1, err);
    }
    free(body);
    p->autosaved_turn = game_turn(p->game);
}

/* --- Playing events ------------------------------------------------------ */

static void show_dice(Play *p, const GameEvent *e)
{
    HudDice *d = &p->dice;
    /* rolls, saving rolls against spells and waking rolls are d6 numbers */
    bool d6 = e->kind == EVENT_ROLL || e->kind == EVENT_CAST || e->kind == EVENT_STATUS;
    *d = (HudDice){.kind = d6 ? HUD_DICE_MOVE : HUD_DICE_COMBAT,
                   .count = e->dice_count,
                   .count2 = e->kind == EVENT_ATTACK ? e->dice2_count : 0};
    memcpy(d->dice, e->dice, sizeof d->dice);
    memcpy(d->dice2, e->dice2, sizeof d->dice2);
    d->shown = p->opts.anim_factor > 0 ? 0 : d->count + d->count2;
    snprintf(d->caption, sizeof d->caption, "%s", e->text);
}

/* Shows one event: the picture moves on to it. */
static void play_event(Play *p, const GameEvent *e)
{
    Shown *s = shown_of(p, e->piece);
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
        Shown *ts = shown_of(p, e->target);
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
        Shown *ts = shown_of(p, e->target);
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
    case EVENT_STATUS:
        if (e->dice_count > 0)
            show_dice(p, e);
        break;
    case EVENT_FIND: p->finds++; break;
    default: break;
    }
    /* single steps would drown the log: the move shows them */
    if (e->text[0] && e->kind != EVENT_STEP)
        msglog_add(p->log, p->shown_turn, (int)e->kind, e->text);
    p->log_scroll = 0;
}

/* The queue has played out: the picture is the game's again. */
static void queue_done(Play *p)
{
    game_events_clear(&p->queue);
    p->next_event = 0;
    p->slide_piece = -1;
    p->has_attack = false;
    p->shown_turn = game_turn(p->game);
    p->shown_hero = game_current(p->game);
    p->shown_monsters = false;
    sync_shown(p);
    rebuild_scene(p);
    /* a new round began, or the mission ended: save */
    bool over = game_status(p->game) != GAME_STATUS_PLAYING;
    if (game_turn(p->game) != p->autosaved_turn || (over && !p->saved_end)) {
        autosave(p);
        p->saved_end = over;
    }
    refresh(p);
}

/* True for an event nobody can see: a step of a monster no hero has seen
 * takes no time on screen. */
static bool hidden(const Play *p, const GameEvent *e)
{
    const GamePiece *gp = game_piece(p->game, e->piece);
    return e->kind == EVENT_STEP && gp && !gp->revealed && !p->opts.reveal;
}

/* Plays events until one needs time on screen (all at instant speed). */
static bool advance(Play *p, double dt)
{
    if (!busy(p))
        return false;
    p->event_left -= dt;
    while (events_left(p) && p->event_left <= 0) {
        const GameEvent *e = &p->queue.items[p->next_event++];
        play_event(p, e);
        p->event_time = hidden(p, e) ? 0 : event_seconds(e->kind) * p->opts.anim_factor;
        p->event_left += p->event_time;
        rebuild_scene(p);
    }
    /* the dice land one by one in the first part of their event */
    HudDice *d = &p->dice;
    if (d->shown < d->count + d->count2) {
        double elapsed = p->event_time - fmax(p->event_left, 0);
        int landed = 1 + (int)(elapsed / (DIE_SECONDS * p->opts.anim_factor));
        d->shown = landed > d->shown ? landed : d->shown;
    }
    if (!events_left(p) && p->event_left <= 0)
        queue_done(p);
    else
        refresh_status(p);
    return true;
}

/* Applies a rules action; its events are queued to be shown. */
static bool apply_action(Play *p, const Action *a)
{
    char why[200];
    size_t before = p->queue.count;
    if (!game_apply(p->game, a, &p->queue, why, sizeof why)) {
        snprintf(p->notice, sizeof p->notice, "%s", why);
        return false;
    }
    p->notice[0] = '\0';
    grow_shown(p);
    if (p->queue.count == before) {
        queue_done(p);
        return true;
    }
    p->event_left = 0;
    advance(p, 0);
    refresh(p);
    return true;
}

/* --- Casting a spell ---------------------------------------------------- */

static void follow_cursor(Play *p);

static void cast_cancel(Play *p)
{
    p->cast_mode = CAST_NONE;
    p->cast_target_count = 0;
    p->notice[0] = '\0';
}

/* Opens the list of the current hero's unused spells. */
static void cast_open(Play *p)
{
    int hero = game_current(p->game);
    const GamePiece *h = game_piece(p->game, hero);
    if (!h || !p->enabled[HUD_CMD_CAST]) {
        snprintf(p->notice, sizeof p->notice, "%s",
                 !h ? "The game is over."
                 : !h->spells ? "This hero casts no spells."
                 : game_has_acted(p->game) ? "The hero has already acted this turn."
                                           : "No spell can be cast now.");
        return;
    }
    HudSpellMenu *sm = &p->spell_menu;
    *sm = (HudSpellMenu){.hover = 0, .caster = h->type->name};
    for (size_t i = 0; i < game_spell_count(p->game) && i < HUD_SPELLS_MAX; i++)
        if (game_can_cast(p->game, hero, (int)i))
            sm->spells[sm->count++] = (int)i;
    p->cast_mode = CAST_CHOOSE;
    p->cast_hero = hero;
    p->notice[0] = '\0';
}

/* The hint while a target is chosen. */
static void cast_prompt(Play *p)
{
    const SpellType *s = game_spell(p->game, p->cast_spell);
    if (s->targets_monster)
        snprintf(p->notice, sizeof p->notice, "%s: choose a monster in sight (Esc to cancel)", s->name);
    else
        snprintf(p->notice, sizeof p->notice, "%s: choose %s or a hero in sight (Esc to cancel)", s->name,
                 game_piece(p->game, p->cast_hero)->type->name);
}

/* Row row of the list chosen: the squares it may target are found once
 * (a clone per candidate), then the player points at one. With the
 * keyboard the cursor starts on the first. */
static void cast_choose(Play *p, int row, bool by_key)
{
    if (row < 0 || row >= p->spell_menu.count)
        return;
    p->cast_spell = p->spell_menu.spells[row];
    p->cast_target_count = 0;
    const SpellType *s = game_spell(p->game, p->cast_spell);
    GameSide side = s->targets_monster ? GAME_SIDE_MONSTERS : GAME_SIDE_HEROES;
    char why[200] = "", last[200];
    for (size_t i = 0; i < game_piece_count(p->game) && i < p->piece_cap; i++) {
        const GamePiece *gp = game_piece(p->game, (int)i);
        if (gp->side != side || !gp->alive || gp->escaped || (!gp->revealed && !p->opts.reveal))
            continue;
        Action a = {.kind = ACTION_CAST, .piece = p->cast_hero, .target = (int)i, .spell = p->cast_spell};
        if (game_check(p->game, &a, last, sizeof last))
            p->cast_targets[p->cast_target_count++] = gp->pos;
        else
            memcpy(why, last, sizeof why); /* the reason a piece of the right side is refused */
    }
    if (p->cast_target_count == 0) {
        snprintf(p->notice, sizeof p->notice, "%s: no target (%s).", s->name,
                 why[0] ? why : s->targets_monster ? "no monster in sight" : "no hero in sight");
        return; /* the list stays open */
    }
    p->cast_mode = CAST_TARGET;
    cast_prompt(p);
    if (by_key) {
        p->has_cursor = true;
        p->cursor = p->cast_targets[0];
        follow_cursor(p);
    }
}

/* The player pointed at pos while choosing a target. */
static void cast_at(Play *p, BoardPos pos)
{
    int id = game_piece_at(p->game, pos);
    const GamePiece *gp = game_piece(p->game, id);
    if (!gp || (!gp->revealed && !p->opts.reveal)) {
        cast_prompt(p);
        return;
    }
    Action a = {.kind = ACTION_CAST, .piece = p->cast_hero, .target = id, .spell = p->cast_spell};
    char why[200];
    if (!game_check(p->game, &a, why, sizeof why)) {
        snprintf(p->notice, sizeof p->notice, "%s (Esc to cancel)", why);
        return;
    }
    cast_cancel(p);
    p->has_cursor = false;
    apply_action(p, &a);
}

/* Tab while choosing a target: the cursor goes to the next one. */
static void cast_next_target(Play *p)
{
    int next = 0;
    for (int i = 0; p->has_cursor && i < p->cast_target_count; i++)
        if (grid_pos_equal(p->cast_targets[i], p->cursor))
            next = (i + 1) % p->cast_target_count;
    p->has_cursor = true;
    p->cursor = p->cast_targets[next];
    follow_cursor(p);
}

static void run_command(Play *p, HudCommand cmd)
{
    if (cmd == HUD_CMD_CAST) {
        if (p->cast_mode != CAST_NONE)
            cast_cancel(p);
        else if (p->game && !busy(p))
            cast_open(p);
        return;
    }
    if (p->cast_mode != CAST_NONE)
        cast_cancel(p); /* another command drops the spell */
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
    if (!p->game || busy(p))
        return;
    Action a;
    if (!command_action(p, cmd, &a)) {
        static const char *const none[HUD_CMD_COUNT] = {
            [HUD_CMD_ATTACK] = "No enemy next to the hero to attack.",
            [HUD_CMD_OPEN] = "No closed door next to the hero.",
            [HUD_CMD_DISARM] = "No found trap on or next to the hero."};
        snprintf(p->notice, sizeof p->notice, "%s", none[cmd] ? none[cmd] : "The game is over.");
        return;
    }
    apply_action(p, &a);
}

/* --- Pointing at squares ------------------------------------------------ */

static void set_hover(Play *p, double x, double y)
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

/* The player chose square pos (click or confirm). */
static void choose_square(Play *p, BoardPos pos)
{
    if (!p->game || !board_contains(p->m->board, pos))
        return;
    if (busy(p) || game_status(p->game) != GAME_STATUS_PLAYING)
        return;
    if (p->cast_mode == CAST_TARGET) {
        cast_at(p, pos);
        return;
    }
    if (p->cast_mode == CAST_CHOOSE) {
        cast_cancel(p); /* a click beside the list only closes it */
        return;
    }
    int hero = game_current(p->game);
    int id = game_piece_at(p->game, pos);
    const GamePiece *gp = game_piece(p->game, id);
    bool visible = gp && (gp->revealed || p->opts.reveal);
    bool leave = p->leave_asked;
    p->leave_asked = false;
    if (visible && id == hero && p->selected == hero && game_square_exit(p->game, pos)) {
        /* Leave has no key: the hero chosen twice on an exit leaves */
        if (leave) {
            apply_action(p, &(Action){.kind = ACTION_LEAVE, .piece = hero, .target = -1, .pos = pos});
            return;
        }
        p->leave_asked = true;
        snprintf(p->notice, sizeof p->notice, "On an exit: choose the hero again to leave.");
        return;
    }
    if (visible && gp->side == GAME_SIDE_HEROES) {
        p->selected = id;
        p->notice[0] = '\0';
        if (id != hero)
            snprintf(p->notice, sizeof p->notice, "It is %s's turn.", game_piece(p->game, hero)->type->name);
        return;
    }
    if (visible && gp->side == GAME_SIDE_MONSTERS && hero >= 0 &&
        adjacent(gp->pos, game_piece(p->game, hero)->pos)) {
        apply_action(p, &(Action){.kind = ACTION_ATTACK, .piece = hero, .target = id});
        return;
    }
    if (hero >= 0 && p->selected == hero && reachable(p, pos)) {
        apply_action(p, &(Action){.kind = ACTION_MOVE, .piece = hero, .target = -1, .pos = pos});
        return;
    }
    if (hero >= 0 && p->selected == hero && !game_has_rolled(p->game))
        snprintf(p->notice, sizeof p->notice, "Roll the dice to move first.");
}

/* Keeps the keyboard cursor's square in view. */
static void follow_cursor(Play *p)
{
    double sx = camera_screen_x(&p->cam, p->cursor.x), sy = camera_screen_y(&p->cam, p->cursor.y);
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
        p->cursor = hero >= 0 ? game_piece(p->game, hero)->pos : p->view.hover;
        p->has_cursor = true;
    } else {
        BoardPos n = {p->cursor.x + dx, p->cursor.y + dy};
        if (board_contains(p->m->board, n))
            p->cursor = n;
    }
    follow_cursor(p);
}

/* Back: closes a panel, drops the cursor, else asks to quit. */
static int go_back(Play *p)
{
    if (p->cast_mode != CAST_NONE) {
        cast_cancel(p);
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
    size_t n = game_piece_count(p->game);
    for (size_t k = 1; k <= n; k++) {
        int id = (int)(((size_t)(p->selected < 0 ? 0 : p->selected) + k) % n);
        const GamePiece *gp = game_piece(p->game, id);
        if (gp->side == GAME_SIDE_HEROES && gp->alive && !gp->escaped) {
            p->selected = id;
            return;
        }
    }
}

/* Scrolls the log history back (positive) or forward. */
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
    case BINDING_CURSOR_UP: sm->hover = sm->hover > 0 ? sm->hover - 1 : sm->count - 1; return true;
    case BINDING_CURSOR_DOWN: sm->hover = sm->hover + 1 < sm->count ? sm->hover + 1 : 0; return true;
    case BINDING_CONFIRM: cast_choose(p, sm->hover, true); return true;
    default: return false;
    }
}

static int binding(Play *p, BindingAction b)
{
    if (p->cast_mode == CAST_CHOOSE && spell_menu_key(p, b))
        return PLAY_REDRAW;
    if (p->cast_mode == CAST_TARGET && b == BINDING_NEXT_HERO) {
        cast_next_target(p);
        return PLAY_REDRAW;
    }
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
    case BINDING_ROLL: run_command(p, HUD_CMD_ROLL); break;
    case BINDING_ATTACK: run_command(p, HUD_CMD_ATTACK); break;
    case BINDING_OPEN_DOOR: run_command(p, HUD_CMD_OPEN); break;
    case BINDING_SEARCH_TREASURE: run_command(p, HUD_CMD_SEARCH_TREASURE); break;
    case BINDING_SEARCH_TRAPS: run_command(p, HUD_CMD_SEARCH_TRAPS); break;
    case BINDING_DISARM: run_command(p, HUD_CMD_DISARM); break;
    case BINDING_END_TURN: run_command(p, HUD_CMD_END); break;
    case BINDING_OBJECTIVES: run_command(p, HUD_CMD_OBJECTIVES); break;
    case BINDING_LOG: run_command(p, HUD_CMD_LOG); break;
    case BINDING_HELP: p->show_help = !p->show_help; break;
    case BINDING_NEXT_HERO: next_hero(p); break;
    case BINDING_INSPECT:
        if (p->game && p->has_cursor && game_piece_at(p->game, p->cursor) >= 0)
            p->selected = game_piece_at(p->game, p->cursor);
        break;
    case BINDING_CAST_SPELL: run_command(p, HUD_CMD_CAST); break;
    default: return 0;
    }
    if (p->game) {
        refresh_reach(p);
        refresh_path(p);
    }
    return PLAY_REDRAW;
}

static int click(Play *p, double x, double y)
{
    if (p->cast_mode == CAST_CHOOSE) {
        SDL_Rect menu = hud_spell_menu_rect(&p->layout, p->spell_menu.count);
        int row = hud_spell_at(&p->layout, p->spell_menu.count, (int)x, (int)y);
        if (row >= 0) {
            p->has_cursor = false;
            cast_choose(p, row, false);
            return PLAY_REDRAW;
        }
        if (x >= menu.x && x < menu.x + menu.w && y >= menu.y && y < menu.y + menu.h)
            return 0;
    }
    HudCommand cmd = p->game ? hud_button_at(&p->layout, (int)x, (int)y) : HUD_CMD_COUNT;
    if (cmd != HUD_CMD_COUNT) {
        run_command(p, cmd);
        return PLAY_REDRAW;
    }
    if (p->game && hud_covers(&p->layout, (int)x, (int)y))
        return 0;
    set_hover(p, x, y);
    p->has_cursor = false;
    if (!p->game) {
        p->view.has_selection = true;
        p->view.selected = p->view.hover;
        return PLAY_REDRAW;
    }
    choose_square(p, p->view.hover);
    refresh_path(p);
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
        if (a->x >= 0 && (over_log(p) || (p->show_log && p->game))) {
            scroll_log(p, a->amount > 1 ? 3 : -3);
            return PLAY_REDRAW;
        }
        if (a->x >= 0 && p->game && hud_covers(&p->layout, (int)a->x, (int)a->y))
            return 0; /* the wheel over the panel or the buttons */
        camera_zoom_at(&p->cam, a->amount, a->x < 0 ? p->cam.view_w / 2.0 : a->x,
                       a->y < 0 ? p->cam.view_h / 2.0 : a->y);
        break;
    case INPUT_PAN: camera_pan(&p->cam, a->x, a->y); break;
    case INPUT_FIT: camera_fit(&p->cam); break;
    case INPUT_TOGGLE_DEBUG: p->view.debug = !p->view.debug; return PLAY_REDRAW;
    case INPUT_CYCLE_LABEL: p->view.label = (DebugLabel)((p->view.label + 1) % DEBUG_LABEL_COUNT); return PLAY_REDRAW;
    case INPUT_HOVER:
        set_hover(p, a->x, a->y);
        if (p->cast_mode == CAST_CHOOSE) {
            int row = hud_spell_at(&p->layout, p->spell_menu.count, (int)a->x, (int)a->y);
            p->spell_menu.hover = row >= 0 ? row : p->spell_menu.hover;
        }
        break;
    case INPUT_LEAVE: p->view.has_hover = p->has_mouse = false; break;
    default: return 0;
    }
    if (p->has_mouse && a->kind != INPUT_LEAVE)
        set_hover(p, p->mouse_x, p->mouse_y);
    if (p->game)
        refresh_path(p);
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
        cast_choose(p, row, true);
    return true;
}

int play_handle_event(Play *p, const SDL_Event *ev)
{
    if (p->game && spell_number(p, ev))
        return PLAY_REDRAW;
    InputAction a = input_translate(&p->in, ev);
    switch (a.kind) {
    case INPUT_NONE: return 0;
    case INPUT_QUIT: return PLAY_QUIT;
    case INPUT_SCREENSHOT: return PLAY_SCREENSHOT;
    case INPUT_RENDER_RESET: return PLAY_RESET_ART;
    case INPUT_REDRAW:
    case INPUT_RESIZE: return PLAY_REDRAW;
    case INPUT_SELECT: return click(p, a.x, a.y);
    case INPUT_CONTEXT:
        if (p->cast_mode != CAST_NONE)
            cast_cancel(p);
        p->has_cursor = false;
        p->show_objectives = p->show_log = p->show_help = false;
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

/* --- Life cycle ------------------------------------------------------------ */

static void layout(Play *p, Text *text)
{
    if (!p->game) {
        p->layout = (HudLayout){.board = {0, 0, p->out_w, p->out_h}};
        return;
    }
    hud_layout(text, p->out_w, p->out_h, &p->layout);
}

static Play *play_new(const Mission *m, Game *g, const PlayOptions *opts, int w, int h)
{
    Play *p = xcalloc(1, sizeof *p);
    p->m = m;
    p->game = g;
    if (opts)
        p->opts = *opts;
    else
        p->opts.anim_factor = 1.0;
    if (p->opts.anim_factor < 0)
        p->opts.anim_factor = 0;
    p->mission_path = xstrdup(p->opts.mission_path ? p->opts.mission_path : m->path ? m->path : "");
    p->opts.mission_path = p->mission_path;
    input_init(&p->in, p->opts.bindings);
    p->opts.bindings = NULL;
    p->view = (RenderView){.debug = p->opts.debug, .reveal = p->opts.reveal, .show_help = !g};
    p->log = msglog_create(LOG_LINES);
    p->selected = -1;
    p->last_current = -1;
    p->slide_piece = -1;
    p->shown_turn = g ? game_turn(g) : 0;
    p->shown_hero = g ? game_current(g) : -1;
    p->out_w = w > 0 ? w : 1, p->out_h = h > 0 ? h : 1;
    size_t n = (size_t)board_width(m->board) * (size_t)board_height(m->board);
    p->reach = xcalloc(n ? n : 1, 1);
    /* a hero reaches a few hundred squares; the lists stay small on any
     * board (squares past the cap are simply not offered) */
    p->reach_cap = n < REACH_MAX ? (n ? n : 1) : REACH_MAX;
    p->reach_list = xmalloc(p->reach_cap, sizeof *p->reach_list);
    p->path_cap = (int)p->reach_cap;
    p->path = xmalloc((size_t)p->path_cap + 1, sizeof *p->path);
    game_events_init(&p->queue);
    if (g) {
        sync_shown(p);
        /* the HUD's panel names the mission: no title over the board */
        SceneGameView v = {.pieces = p->shown, .count = p->shown_count, .skip_piece = -1,
                           .reveal = p->opts.reveal, .untitled = true};
        p->scene = scene_from_game(g, &v);
        p->autosaved_turn = game_turn(g);
        char line[MSGLOG_TEXT_MAX];
        snprintf(line, sizeof line, "%s begins.", m->name ? m->name : m->id);
        msglog_add(p->log, game_turn(g), -1, line);
    } else {
        p->scene = scene_from_mission(m, p->opts.reveal);
    }
    p->cam = camera_make(board_width(m->board), board_height(m->board), p->out_w, p->out_h);
    refresh(p);
    return p;
}

Play *play_create(const Mission *m, const GameSetup *setup, uint64_t seed, const PlayOptions *opts,
                  int w, int h)
{
    char why[256] = "";
    Game *g = NULL;
    if (m->bare)
        snprintf(why, sizeof why, "a bare bitmap: shown as a board, not played");
    else if (m->hero_count == 0)
        snprintf(why, sizeof why, "the mission places no heroes");
    else
        g = game_create(m, setup, seed, why, sizeof why);
    Play *p = play_new(m, g, opts, w, h);
    snprintf(p->why_viewer, sizeof p->why_viewer, "%s", g ? "" : why);
    return p;
}

Play *play_create_from_save(const Mission *m, const char *text, size_t size,
                            const PlayOptions *opts, int w, int h, char *err, size_t err_size)
{
    SaveData data;
    if (!save_parse(text, size, &data, err, err_size))
        return NULL;
    Game *g = save_replay(m, &data, err, err_size);
    save_data_free(&data);
    return g ? play_new(m, g, opts, w, h) : NULL;
}

void play_destroy(Play *p)
{
    if (!p)
        return;
    game_events_free(&p->queue);
    msglog_destroy(p->log);
    scene_destroy(p->scene);
    game_destroy(p->game);
    free(p->shown);
    free(p->cast_targets);
    free(p->asleep);
    free(p->reach);
    free(p->reach_list);
    free(p->path);
    free(p->mission_path);
    free(p);
}

void play_resize(Play *p, int w, int h, double pixel_ratio)
{
    p->out_w = w > 0 ? w : 1, p->out_h = h > 0 ? h : 1;
    p->in.pixel_ratio = pixel_ratio > 0 ? pixel_ratio : 1.0;
    p->layout_text = NULL; /* laid out again at the next draw */
    camera_resize(&p->cam, p->layout.board.w > 0 && p->game ? p->layout.board.w : p->out_w,
                  p->layout.board.h > 0 && p->game ? p->layout.board.h : p->out_h);
}

bool play_update(Play *p, double dt)
{
    bool changed = false;
    input_held_pan(&p->in, !p->game, &p->pan_dx, &p->pan_dy);
    if ((p->pan_dx != 0 || p->pan_dy != 0) && dt < 0.25) {
        camera_pan(&p->cam, p->pan_dx * KEY_PAN_SPEED * dt, p->pan_dy * KEY_PAN_SPEED * dt);
        if (p->has_mouse)
            set_hover(p, p->mouse_x, p->mouse_y);
        changed = true;
    }
    if (p->game && busy(p))
        changed |= advance(p, dt);
    return changed;
}

bool play_animating(const Play *p)
{
    return busy(p) || p->pan_dx != 0 || p->pan_dy != 0;
}

static void fill_model(Play *p, HudModel *hm)
{
    static const BindingAction key_of[HUD_CMD_COUNT] = {
        BINDING_ROLL, BINDING_ATTACK, BINDING_CAST_SPELL, BINDING_OPEN_DOOR, BINDING_SEARCH_TREASURE,
        BINDING_SEARCH_TRAPS, BINDING_DISARM, BINDING_COUNT, BINDING_END_TURN, BINDING_OBJECTIVES, BINDING_LOG};
    *hm = (HudModel){.title = play_title(p), .game = p->game, .log = p->log, .log_scroll = p->log_scroll, .dice = p->dice,
                     .status = p->status, .notice = p->notice,
                     .show_objectives = p->show_objectives, .show_log = p->show_log,
                     .show_help = p->show_help, .animating = busy(p),
                     .finds = p->finds,
                     .spell_menu = p->cast_mode == CAST_CHOOSE ? &p->spell_menu : NULL};
    memcpy(hm->enabled, p->enabled, sizeof hm->enabled);
    hm->help_key = bindings_get(&p->in.bindings, BINDING_HELP, 0);
    for (int c = 0; c < HUD_CMD_COUNT; c++)
        hm->keys[c] = key_of[c] == BINDING_COUNT ? "" : bindings_get(&p->in.bindings, key_of[c], 0);
    BoardPos at;
    int id = pointed(p, &at) ? game_piece_at(p->game, at) : -1;
    const GamePiece *gp = game_piece(p->game, id);
    hm->info_piece = gp && (gp->revealed || p->opts.reveal) ? id : p->selected;
}

/* Fills p->asleep with the shown squares of the sleeping pieces one
 * sees; returns how many. */
static int sleepers(Play *p)
{
    int n = 0;
    for (size_t i = 0; i < p->shown_count && i < game_piece_count(p->game) && i < p->piece_cap; i++) {
        const GamePiece *gp = game_piece(p->game, (int)i);
        if (gp->asleep && p->shown[i].on_board && (gp->revealed || p->opts.reveal) && (int)i != p->slide_piece)
            p->asleep[n++] = p->shown[i].pos;
    }
    return n;
}

/* The piece stepping between two squares, drawn where it is now. */
static void draw_slide(Play *p, Renderer *r)
{
    const GamePiece *gp = game_piece(p->game, p->slide_piece);
    if (!gp || (!gp->revealed && !p->opts.reveal))
        return;
    double t = p->slide_time > 0 ? 1.0 - fmax(p->event_left, 0) / p->slide_time : 1.0;
    t = t < 0 ? 0 : t > 1 ? 1 : t;
    t = t * t * (3 - 2 * t); /* ease in and out */
    ScenePiece sp = {.owner = gp->side == GAME_SIDE_HEROES ? SCENE_OWNER_HERO : SCENE_OWNER_MONSTER,
                     .pos = p->slide_to, .width = 1, .height = 1};
    snprintf(sp.sprite, sizeof sp.sprite, "%s", gp->type->sprite);
    snprintf(sp.name, sizeof sp.name, "%s", gp->type->name);
    render_figure_at(r, &sp, &p->cam, p->slide_from.x + (p->slide_to.x - p->slide_from.x) * t,
                     p->slide_from.y + (p->slide_to.y - p->slide_from.y) * t);
}

static void help_text(const Play *p, char *buf, size_t size)
{
    static const BindingAction shown[] = {
        BINDING_ROLL, BINDING_ATTACK, BINDING_CAST_SPELL, BINDING_OPEN_DOOR, BINDING_SEARCH_TREASURE,
        BINDING_SEARCH_TRAPS, BINDING_DISARM, BINDING_END_TURN, BINDING_CURSOR_UP, BINDING_CONFIRM,
        BINDING_BACK, BINDING_NEXT_HERO, BINDING_OBJECTIVES, BINDING_LOG, BINDING_PAN_UP,
        BINDING_ZOOM_IN, BINDING_ZOOM_OUT, BINDING_REFIT, BINDING_OVERLAY, BINDING_SCREENSHOT,
        BINDING_HELP};
    size_t n = (size_t)snprintf(buf, size,
                                "Click a hero, then a shaded square to move there.\n"
                                "Click a monster next to the hero to attack it.\n"
                                "Cast: pick a spell (1-9), then a shaded target (Tab cycles).\n"
                                "Click (or confirm) the hero on an exit to leave.\n"
                                "Wheel zooms (scrolls the log over it); drag pans.");
    for (size_t i = 0; i < sizeof shown / sizeof shown[0] && n < size; i++) {
        const char *k = bindings_get(&p->in.bindings, shown[i], 0);
        const char *label = bindings_action_label(shown[i]);
        if (shown[i] == BINDING_CURSOR_UP)
            k = "Arrows", label = "Move the cursor";
        else if (shown[i] == BINDING_PAN_UP)
            k = "W A S D", label = "Pan";
        n += (size_t)snprintf(buf + n, size - n, "\n%s\t%s", k[0] ? k : "-", label);
    }
}

void play_draw(Play *p, Renderer *r)
{
    Text *text = render_text(r);
    if (p->layout_text != text) {
        p->layout_text = text;
        layout(p, text);
        if (p->fitted)
            camera_resize(&p->cam, p->layout.board.w, p->layout.board.h);
        else
            p->cam = camera_make(board_width(p->m->board), board_height(p->m->board),
                                 p->layout.board.w, p->layout.board.h);
        p->fitted = true;
        if (p->has_mouse)
            set_hover(p, p->mouse_x, p->mouse_y);
    }
    render_board(r, p->scene, &p->cam, &p->view);
    if (p->game) {
        int hero = game_current(p->game);
        const GamePiece *sel = game_piece(p->game, p->selected);
        HudSquares sq = {.reach = busy(p) || !p->reach_valid ? NULL : p->reach,
                         .path = p->path,
                         .path_len = busy(p) ? 0 : p->path_len,
                         .has_cursor = p->has_cursor,
                         .cursor = p->cursor,
                         .has_selected = sel && shown_of(p, p->selected)->on_board && p->selected != hero,
                         .selected = sel ? shown_of(p, p->selected)->pos : (BoardPos){0, 0},
                         .has_current = hero >= 0 && !busy(p),
                         .current = hero >= 0 ? game_piece(p->game, hero)->pos : (BoardPos){0, 0}};
        if (p->cast_mode == CAST_TARGET && !busy(p)) {
            sq.targets = p->cast_targets;
            sq.target_count = p->cast_target_count;
        }
        sq.asleep = p->asleep;
        sq.asleep_count = sleepers(p);
        if (p->has_attack) {
            sq.has_attack = true;
            sq.attack_from = p->attack_from, sq.attack_to = p->attack_to;
        }
        hud_draw_squares(r, &p->cam, &sq);
        draw_slide(p, r);
    }
    render_ui(r, p->scene, &p->cam, &p->view);
    if (p->game) {
        HudModel hm;
        char help[2048];
        fill_model(p, &hm);
        help_text(p, help, sizeof help);
        hm.help = help;
        hud_draw(r, &p->layout, &hm);
    }
}

const Game *play_game(const Play *p)
{
    return p->game;
}

const Scene *play_scene(const Play *p)
{
    return p->scene;
}

int play_selected(const Play *p)
{
    return p->selected;
}

void play_square_centre(const Play *p, BoardPos pos, double *x, double *y)
{
    *x = camera_screen_x(&p->cam, pos.x + 0.5) + p->layout.board.x;
    *y = camera_screen_y(&p->cam, pos.y + 0.5) + p->layout.board.y;
}

const char *play_viewer_reason(const Play *p)
{
    return p->why_viewer;
}

const char *play_autosave_path(const Play *p)
{
    return p->autosave_path;
}

const char *play_title(const Play *p)
{
    return p->m->name ? p->m->name : p->m->id;
}

void play_copy_view(Play *dst, const Play *src)
{
    /* the whole camera, view size included, so the first layout of dst
     * does not move it; only the board's size is dst's own */
    int board_w = dst->cam.board_w, board_h = dst->cam.board_h;
    dst->cam = src->cam;
    dst->cam.board_w = board_w, dst->cam.board_h = board_h;
    dst->fitted = src->fitted;
    dst->view.debug = src->view.debug;
    dst->view.label = src->view.label;
    dst->view.reveal = src->view.reveal;
    memcpy(dst->players, src->players, sizeof dst->players);
    /* the replayed game said nothing yet but its opening line: the old
     * history is the true one */
    msglog_clear(dst->log);
    for (size_t i = 0; i < msglog_count(src->log); i++) {
        const MsgLogLine *l = msglog_line(src->log, i);
        msglog_add(dst->log, l->turn, l->tag, l->text);
    }
}

const MsgLog *play_log(const Play *p)
{
    return p->log;
}

void play_set_players(Play *p, const char *players)
{
    snprintf(p->players, sizeof p->players, "%s", players ? players : "");
}
