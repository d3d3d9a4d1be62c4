/* The online board's animations (onlineboard.h): the events this
 * seat is told (its own actions' answers and the events notices of the
 * others' and the computer's: only what its view lets through, in public
 * ids) are shown one at a time as in local play (src/app/play/play_queue.c
 * and play_fx.c): a move square by square, the dice tumbling in the tray
 * and landing one by one, damage and healing floating up from the piece,
 * a red frame when a hero is hurt. Meanwhile the picture is fx.shown, the
 * state the events so far lead to; once they have played it is the
 * newest state the server sent. The animation speed setting stretches
 * every event (instant: none are shown); with reduce motion the dice lie
 * still and the numbers fade where they appear, with no flash. */
#include "app/eventsay.h"
#include "app/fxage.h"
#include "app/onlineboard/onlineboard.h"

#include "core/i18n.h"
#include "mission/mission_lang.h"

#include "gfx/batch.h"

#include <math.h>
#include <stddef.h>

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif
#include <stdio.h>
#include <string.h>

#define FLOAT_SECONDS 1.1 /* a number rises and fades this long */
#define FLOAT_RISE 0.7    /* ...this many squares */
#define FLASH_SECONDS 0.35
#define TUMBLE_SECONDS 0.5 /* the dice tumble before the first lands */
#define DIE_SECONDS 0.16   /* between two dice landing */

/* Seconds each event shows at normal speed (local play's). */
static double event_seconds(const GameEvent *e)
{
    double dice = e->dice_count > 0 ? TUMBLE_SECONDS + (e->dice_count + e->dice2_count - 1) * DIE_SECONDS : 0;
    switch (e->kind) {
    case EVENT_STEP: return 0.14;
    case EVENT_ROLL: return fmax(0.55, dice);
    case EVENT_ATTACK: return fmax(0.9, dice + 0.3);
    case EVENT_CAST: return fmax(0.7, dice);
    case EVENT_TRAP_SPRUNG: return fmax(0.7, dice);
    case EVENT_DEATH: return 0.45;
    case EVENT_MONSTERS_TURN: return 0.35;
    case EVENT_WANDERING_MONSTER: return 0.5;
    case EVENT_TURN: return 0.1;
    case EVENT_UNDO: return 0.2;
    default: return 0.25;
    }
}

void onlineboard_fx_init(OnlinePlay *p, double factor, bool reduce_motion)
{
    p->fx.factor = factor;
    p->fx.reduce_motion = reduce_motion;
    p->fx.batch = batch_create();
}

void onlineboard_fx_free(OnlinePlay *p)
{
    batch_destroy(p->fx.batch);
    onlinegame_state_free(&p->fx.shown);
}

void onlineboard_fx_take(OnlinePlay *p)
{
    OnlineFx *fx = &p->fx;
    GameEvent e;
    while (online_take_event(p->online, &e)) {
        if (fx->factor <= 0 || !fx->has_shown)
            continue; /* instant, or nothing drawn yet: the state says it all */
        if (fx->count == ONLINEPLAY_QUEUE_MAX) { /* a flood: the oldest is skipped */
            fx->head = (fx->head + 1) % ONLINEPLAY_QUEUE_MAX;
            fx->count--;
            fx->started = false;
        }
        fx->queue[(fx->head + fx->count++) % ONLINEPLAY_QUEUE_MAX] = e;
    }
}

bool onlineboard_fx_skip(OnlinePlay *p)
{
    OnlineFx *fx = &p->fx;
    if (fx->count == 0)
        return false;
    fx->count = 0;
    fx->started = false;
    fx->changed = true; /* the newest state shows at once */
    fx->dice.tumbling = false;
    fx->dice.shown = fx->dice.count + fx->dice.count2;
    return true;
}

bool onlineboard_fx_busy(const OnlinePlay *p)
{
    return p->fx.count > 0;
}

void onlineboard_fx_settle(OnlinePlay *p, const OnlineState *st)
{
    onlinegame_state_copy(&p->fx.shown, st);
    p->fx.has_shown = st->valid;
}

/* --- what an event does to the picture ------------------------------------- */

static void add_float(OnlinePlay *p, BoardPos at, SDL_Color colour, const char *text)
{
    OnlineFx *fx = &p->fx;
    if (fx->float_count == ONLINEPLAY_FLOATS_MAX) { /* the oldest gives way */
        memmove(fx->floats, fx->floats + 1, sizeof fx->floats[0] * (ONLINEPLAY_FLOATS_MAX - 1));
        fx->float_count--;
    }
    OnlineFloat *f = &fx->floats[fx->float_count++];
    *f = (OnlineFloat){.at = at, .colour = colour};
    snprintf(f->text, sizeof f->text, "%s", text);
}

static void hurt(OnlinePlay *p, int id, BoardPos fallback, int amount)
{
    static const SDL_Color RED = {255, 90, 70, 255}, GREY = {210, 204, 196, 255};
    const OnlinePiece *pc = onlinegame_piece(&p->fx.shown, id);
    BoardPos at = pc ? pc->pos : fallback;
    if (amount <= 0) {
        add_float(p, at, GREY, _("no harm"));
        return;
    }
    char text[16];
    snprintf(text, sizeof text, "-%d", amount);
    add_float(p, at, RED, text);
    if (pc && pc->hero && !p->fx.reduce_motion)
        p->fx.flash = FLASH_SECONDS * p->fx.factor;
}

static void add_news(OnlinePlay *p, const char *what)
{
    size_t n = strlen(p->fx.news);
    snprintf(p->fx.news + n, sizeof p->fx.news - n, "%s%s", n ? "  -  " : "", what);
}

const char *onlineboard_fx_take_news(OnlinePlay *p)
{
    static char out[sizeof p->fx.news];
    if (!p->fx.news[0])
        return NULL;
    memcpy(out, p->fx.news, sizeof out);
    p->fx.news[0] = '\0';
    return out;
}

/* A piece's name for the tray's labels, the notices and the status: a
 * hero's from the client's copy of the mission, a monster's by its type. */
const char *onlineboard_piece_name(const OnlinePlay *p, int id)
{
    const OnlinePiece *pc = onlinegame_piece(&p->fx.shown, id);
    const GamePiece *gp = p->tmpl ? game_piece(p->tmpl, id) : NULL;
    if (gp && (pc ? pc->hero : gp->side == GAME_SIDE_HEROES))
        return game_piece_named(p->tmpl, id) ? game_piece_name(p->tmpl, id)
                                             : eventsay_word(game_piece_name(p->tmpl, id));
    const PieceType *t = pc && p->tmpl ? catalogue_find(game_mission(p->tmpl)->catalogue, pc->type) : NULL;
    return t ? eventsay_word(t->name) : pc ? pc->type : "?";
}

static void throw_dice(OnlinePlay *p, const GameEvent *e)
{
    HudDice *d = &p->fx.dice;
    bool d6 = game_event_d6(e->kind);
    *d = (HudDice){.kind = d6 ? HUD_DICE_MOVE : HUD_DICE_COMBAT, .alpha = 255, .count = e->dice_count,
                   .count2 = e->kind == EVENT_ATTACK ? e->dice2_count : 0};
    memcpy(d->dice, e->dice, sizeof d->dice);
    memcpy(d->dice2, e->dice2, sizeof d->dice2);
    d->tumbling = !p->fx.reduce_motion;
    d->shown = d->tumbling ? 0 : d->count + d->count2;
    snprintf(d->caption, sizeof d->caption, "%s", e->text);
    p->fx.dice_age = 0;
    const OnlinePiece *a = onlinegame_piece(&p->fx.shown, e->piece);
    const OnlinePiece *t = onlinegame_piece(&p->fx.shown, e->target);
    if (e->kind == EVENT_ATTACK && a && t) {
        snprintf(d->label[0], sizeof d->label[0], _("%s attacks"), onlineboard_piece_name(p, e->piece));
        snprintf(d->label[1], sizeof d->label[1], _("%s defends"), onlineboard_piece_name(p, e->target));
        d->label_hero[0] = a->hero;
        d->label_hero[1] = t->hero;
        d->marks = true;
    }
}

/* A blow, or a spell on a monster: attacker and target outlined, as
 * local play does, while the event shows. */
static void outline(OnlinePlay *p, const GameEvent *e, const OnlinePiece *pc)
{
    const OnlinePiece *t = onlinegame_piece(&p->fx.shown, e->target);
    p->fx.has_attack = pc && t && t != pc && (e->kind == EVENT_ATTACK || !t->hero);
    if (p->fx.has_attack)
        p->fx.attack_from = pc->pos, p->fx.attack_to = t->pos;
}

/* The event at the head begins: the picture moves on to it. */
static void begin(OnlinePlay *p, const GameEvent *e)
{
    static const SDL_Color GREEN = {120, 230, 120, 255}, GOLD = {250, 210, 80, 255};
    OnlinePiece *pc = onlinegame_piece_mut(&p->fx.shown, e->piece);
    char text[32];
    p->fx.has_attack = false;
    if (e->kind == EVENT_ATTACK || e->kind == EVENT_CAST)
        outline(p, e, pc);
    switch (e->kind) {
    case EVENT_STEP:
    case EVENT_UNDO:
        if (pc)
            pc->pos = e->to;
        break;
    case EVENT_DEATH:
    case EVENT_LEFT:
        if (pc)
            pc->on_board = false;
        break;
    case EVENT_TURN: p->fx.dice.kind = HUD_DICE_NONE; break; /* a new turn clears the tray */
    case EVENT_ATTACK: hurt(p, e->target, e->to, e->value); break;
    case EVENT_DAMAGE: hurt(p, e->piece, e->from, e->value); break;
    case EVENT_TRAP_SPRUNG:
        if (e->value2 > 0)
            hurt(p, e->target >= 0 ? e->target : e->piece, e->target >= 0 ? e->to : e->from, e->value2);
        break;
    case EVENT_HEAL:
        snprintf(text, sizeof text, "+%d", e->value);
        if (e->value > 0)
            add_float(p, pc ? pc->pos : e->from, GREEN, text);
        if (pc)
            pc->body = pc->body + e->value < pc->body_max ? pc->body + e->value : pc->body_max;
        break;
    case EVENT_OBJECTIVE_MET: {
        const Mission *m = p->tmpl ? game_mission(p->tmpl) : NULL;
        const char *what = m && e->value >= 0 && (size_t)e->value < m->objective_count
                               ? mission_lang_text(m, MISSION_TR_OBJECTIVE, e->value)
                               : "";
        char line[GAME_EVENT_TEXT + 32];
        snprintf(line, sizeof line, what[0] ? _("Objective met: %s") : _("Objective met"), what);
        add_news(p, line);
        break;
    }
    case EVENT_FIND:
        add_news(p, e->text);
        snprintf(text, sizeof text, _("+%d gold"), e->value);
        if (e->value > 0 && e->value2 == TREASURE_GOLD)
            add_float(p, pc ? pc->pos : e->from, GOLD, text);
        break;
    default: break;
    }
    if (e->kind == EVENT_ATTACK && pc) {
        OnlinePiece *t = onlinegame_piece_mut(&p->fx.shown, e->target);
        if (t)
            t->body = t->body > e->value ? t->body - e->value : 0;
    }
    if (e->kind == EVENT_DAMAGE && pc)
        pc->body = pc->body > e->value ? pc->body - e->value : 0;
    if (e->dice_count > 0 && e->kind != EVENT_STEP)
        throw_dice(p, e);
    p->fx.length = p->fx.left = event_seconds(e) * p->fx.factor;
    p->fx.started = true;
    p->fx.changed = true;
}

/* The dice land one by one while they tumble. */
static void land_dice(OnlinePlay *p)
{
    HudDice *d = &p->fx.dice;
    if (d->kind == HUD_DICE_NONE || !d->tumbling)
        return;
    double t = p->fx.dice_age;
    int total = d->count + d->count2;
    d->spin = (int)(t * 18);
    int landed = t < TUMBLE_SECONDS ? 0 : 1 + (int)((t - TUMBLE_SECONDS) / DIE_SECONDS);
    d->shown = landed < total ? landed : total;
    d->tumbling = d->shown < total;
}

bool onlineboard_fx_update(OnlinePlay *p, double dt)
{
    OnlineFx *fx = &p->fx;
    double k = fx->factor > 0 ? fx->factor : 1;
    bool moved = fx->count > 0 || fx->float_count > 0 || fx->flash > 0 ||
                 (fx->dice.kind != HUD_DICE_NONE && fx->dice.tumbling);
    /* events: each in turn, as long as its time */
    double budget = dt;
    for (int guard = 0; fx->count > 0 && guard < ONLINEPLAY_QUEUE_MAX; guard++) {
        if (!fx->started)
            begin(p, &fx->queue[fx->head]);
        if (fx->left > budget) {
            fx->left -= budget;
            break;
        }
        budget -= fmax(fx->left, 0);
        fx->head = (fx->head + 1) % ONLINEPLAY_QUEUE_MAX;
        fx->count--;
        fx->started = false;
    }
    fx->float_count = fxage_keep(fx->floats, fx->float_count, sizeof fx->floats[0],
                                 offsetof(OnlineFloat, age), dt / k, FLOAT_SECONDS);
    fx->dice_age += dt / k;
    land_dice(p);
    fx->flash = fmax(0, fx->flash - dt);
    return moved;
}

/* --- drawing ----------------------------------------------------------------- */

static void draw_floats(OnlinePlay *p, Renderer *r)
{
    const OnlineFx *fx = &p->fx;
    Text *text = render_text(r);
    /* numbers a third of a square tall (at least the interface's line) */
    float height = (float)fmax(p->cam.scale * 0.36, text_line_height(text) * 1.1);
    for (int i = 0; i < fx->float_count; i++) {
        const OnlineFloat *f = &fx->floats[i];
        double t = f->age / FLOAT_SECONDS, bx, by;
        double rise = fx->reduce_motion ? 0 : FLOAT_RISE * (1 - (1 - t) * (1 - t));
        camera_centre(&p->cam, f->at, &bx, &by);
        float sx = (float)camera_screen_x(&p->cam, bx), sy = (float)camera_screen_y(&p->cam, by - 0.3 - rise);
        Uint8 a = (Uint8)(255 * (t < 0.7 ? 1 : (1 - t) / 0.3));
        /* a dark outline keeps the number legible on any floor */
        float o = fmaxf(1.5f, height / 14);
        for (int k = 0; k < 8; k++)
            text_batch(text, fx->batch, f->text, sx + o * (float)cos(k * M_PI / 4),
                       sy + o * (float)sin(k * M_PI / 4), height, (SDL_Color){0, 0, 0, a});
        SDL_Color c = f->colour;
        c.a = a;
        text_batch(text, fx->batch, f->text, sx, sy, height, c);
    }
    batch_flush(fx->batch, render_sdl(r), text_label_texture(text));
}

static void draw_flash(OnlinePlay *p, App *app, SDL_Rect board)
{
    double k = p->fx.factor > 0 ? p->fx.factor : 1;
    if (p->fx.flash <= 0)
        return;
    double f = p->fx.flash / (FLASH_SECONDS * k);
    SDL_SetRenderDrawBlendMode(app->sdl, SDL_BLENDMODE_BLEND);
    SDL_SetRenderDrawColor(app->sdl, 200, 20, 10, (Uint8)(90 * f));
    int t = (int)(board.h * 0.05 * f) + 2;
    SDL_Rect edges[4] = {{board.x, board.y, board.w, t},
                         {board.x, board.y + board.h - t, board.w, t},
                         {board.x, board.y + t, t, board.h - 2 * t},
                         {board.x + board.w - t, board.y + t, t, board.h - 2 * t}};
    SDL_RenderFillRects(app->sdl, edges, 4);
}

void onlineboard_fx_draw(OnlinePlay *p, App *app, Renderer *r, SDL_Rect board)
{
    draw_floats(p, r);
    draw_flash(p, app, board);
    if (p->fx.dice.kind != HUD_DICE_NONE)
        hud_draw_dice_tray(r, board, uikit_line(app), &p->fx.dice);
}
