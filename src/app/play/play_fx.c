/* The play screen's combat effects, started as each event lands (with its
 * dice): damage and healing numbers floating up from the struck piece, a
 * slain piece fading and shrinking away, a red flash and a short shake of
 * the board when a hero is hurt; and the news a toast tells (an objective
 * met, treasure found). All last a fixed time times the animation speed
 * setting; at instant speed there are none. With reduce motion there is
 * no flash or shake, the numbers fade where they appear and a slain piece
 * fades without changing size. */

#include "play_internal.h"

#include "mission/mission_lang.h"

#include "app/fxage.h"

#include "core/i18n.h"

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
#define DEATH_SECONDS 0.6
#define FLASH_SECONDS 0.35
#define SHAKE_SECONDS 0.3
#define SHAKE_PIXELS 7.0

static double factor(const Play *p)
{
    return p->opts.anim_factor;
}

static bool seen(const Play *p, int id)
{
    return play_sees(p, id);
}

/* Where piece id stands on screen now, in board units (its square's centre). */
static void piece_point(Play *p, int id, BoardPos fallback, double *x, double *y)
{
    Shown *s = play_shown_of(p, id);
    camera_centre(&p->cam, s && s->on_board ? s->pos : fallback, x, y);
}

static void add_float(Play *p, int id, BoardPos at, SDL_Color colour, const char *text)
{
    if (!seen(p, id))
        return;
    PlayFx *fx = &p->fx;
    if (fx->float_count == PLAY_FX_MAX) /* the oldest gives way */
        memmove(fx->floats, fx->floats + 1, sizeof fx->floats[0] * (PLAY_FX_MAX - 1)), fx->float_count--;
    PlayFloat *f = &fx->floats[fx->float_count++];
    *f = (PlayFloat){.colour = colour};
    piece_point(p, id, at, &f->x, &f->y);
    /* numbers on one piece at once stack instead of overlapping */
    for (int i = 0; i < fx->float_count - 1; i++)
        if (fabs(fx->floats[i].x - f->x) < 0.01 && fx->floats[i].age < 0.3 * FLOAT_SECONDS)
            f->y += 0.35;
    snprintf(f->text, sizeof f->text, "%s", text);
}

static void hurt(Play *p, int id, BoardPos at, int amount)
{
    static const SDL_Color RED = {255, 90, 70, 255}, GREY = {210, 204, 196, 255};
    if (amount <= 0) {
        add_float(p, id, at, GREY, _("no harm"));
        return;
    }
    char text[16];
    snprintf(text, sizeof text, "-%d", amount);
    add_float(p, id, at, RED, text);
    const GamePiece *gp = game_piece(p->game, id);
    if (gp && gp->side == GAME_SIDE_HEROES && !p->opts.reduce_motion) {
        p->fx.flash = FLASH_SECONDS * factor(p);
        p->fx.shake = SHAKE_SECONDS * factor(p);
    }
}

static void add_news(Play *p, const char *what)
{
    size_t n = strlen(p->fx.news);
    snprintf(p->fx.news + n, sizeof p->fx.news - n, "%s%s", n ? "  -  " : "", what);
}

static void dying(Play *p, const GameEvent *e)
{
    if (!seen(p, e->piece))
        return;
    PlayFx *fx = &p->fx;
    if (fx->dying_count == PLAY_FX_MAX)
        memmove(fx->dying, fx->dying + 1, sizeof fx->dying[0] * (PLAY_FX_MAX - 1)), fx->dying_count--;
    PlayDying *d = &fx->dying[fx->dying_count++];
    *d = (PlayDying){.age = 0};
    scene_game_piece(p->game, e->piece, e->from, &d->piece);
}

void play_fx_landed(Play *p, const GameEvent *e)
{
    static const SDL_Color GREEN = {120, 230, 120, 255}, GOLD = {250, 210, 80, 255};
    char line[GAME_EVENT_TEXT + 32];
    switch (e->kind) {
    case EVENT_OBJECTIVE_MET: {
        const Mission *m = p->m;
        const char *what = e->value >= 0 && (size_t)e->value < m->objective_count ? mission_lang_text(m, MISSION_TR_OBJECTIVE, e->value) : "";
        snprintf(line, sizeof line, what[0] ? _("Objective met: %s") : _("Objective met"), what);
        add_news(p, line);
        return;
    }
    case EVENT_FIND:
        eventsay_line_in(e, p->m, line, sizeof line);
        add_news(p, line);
        if (p->opts.anim_factor > 0 && e->value > 0) {
            snprintf(line, sizeof line, _("+%d gold"), e->value);
            add_float(p, e->piece, e->from, GOLD, line);
        }
        return;
    default: break;
    }
    if (p->opts.anim_factor <= 0)
        return;
    switch (e->kind) {
    case EVENT_ATTACK: hurt(p, e->target, e->to, e->value); break;
    case EVENT_TRAP_SPRUNG:
        if (e->value2 > 0) /* a block falling beside the trap hits its target */
            hurt(p, e->target >= 0 ? e->target : e->piece, e->target >= 0 ? e->to : e->from,
                 e->value2);
        break;
    case EVENT_DAMAGE: hurt(p, e->piece, e->from, e->value); break;
    case EVENT_HEAL:
        if (e->value > 0) {
            snprintf(line, sizeof line, "+%d", e->value);
            add_float(p, e->piece, e->from, GREEN, line);
        }
        break;
    case EVENT_DEATH: dying(p, e); break;
    default: break;
    }
}

bool play_fx_update(Play *p, double dt)
{
    PlayFx *fx = &p->fx;
    double k = factor(p) > 0 ? factor(p) : 1;
    fx->float_count = fxage_keep(fx->floats, fx->float_count, sizeof fx->floats[0],
                                 offsetof(PlayFloat, age), dt / k, FLOAT_SECONDS);
    fx->dying_count = fxage_keep(fx->dying, fx->dying_count, sizeof fx->dying[0],
                                 offsetof(PlayDying, age), dt / k, DEATH_SECONDS);
    fx->flash = fmax(0, fx->flash - dt);
    fx->shake = fmax(0, fx->shake - dt);
    return play_fx_active(p);
}

bool play_fx_active(const Play *p)
{
    const PlayFx *fx = &p->fx;
    return fx->float_count > 0 || fx->dying_count > 0 || fx->flash > 0 || fx->shake > 0;
}

void play_fx_clear(Play *p)
{
    char news[sizeof p->fx.news];
    memcpy(news, p->fx.news, sizeof news);
    p->fx = (PlayFx){0};
    memcpy(p->fx.news, news, sizeof news);
}

void play_fx_shake(const Play *p, double *dx, double *dy)
{
    double k = factor(p) > 0 ? factor(p) : 1, left = p->fx.shake / k;
    if (left <= 0) {
        *dx = *dy = 0;
        return;
    }
    double t = SHAKE_SECONDS - left, fade = left / SHAKE_SECONDS;
    *dx = SHAKE_PIXELS * fade * sin(t * 90.0);
    *dy = SHAKE_PIXELS * 0.6 * fade * cos(t * 70.0);
}

void play_fx_draw_board(Play *p, Renderer *r)
{
    const PlayFx *fx = &p->fx;
    for (int i = 0; i < fx->dying_count; i++) {
        const PlayDying *d = &fx->dying[i];
        double t = d->age / DEATH_SECONDS, cx, cy;
        camera_centre(&p->cam, d->piece.pos, &cx, &cy);
        /* a short swell, then shrinking away */
        double size = t < 0.2 ? 1 + t * 0.5 : 1.1 * (1 - (t - 0.2) / 0.8 * 0.7);
        if (p->opts.reduce_motion)
            size = 1;
        render_figure_faded(r, &d->piece, &p->cam, cx, cy, size, (Uint8)(255 * (1 - t)));
    }
    /* the label atlas is made on its first use: not for a frame without
     * numbers (most first pictures) */
    if (fx->float_count == 0)
        return;
    Text *text = render_text(r);
    Batch *batch = p->fx_batch;
    /* numbers a third of a square tall (at least the interface's line) */
    float height = (float)fmax(p->cam.scale * 0.36, text_line_height(text) * 1.1);
    for (int i = 0; i < fx->float_count; i++) {
        const PlayFloat *f = &fx->floats[i];
        double t = f->age / FLOAT_SECONDS;
        double rise = p->opts.reduce_motion ? 0 : FLOAT_RISE * (1 - (1 - t) * (1 - t));
        double y = f->y - 0.3 - rise;
        float sx = (float)camera_screen_x(&p->cam, f->x), sy = (float)camera_screen_y(&p->cam, y);
        Uint8 a = (Uint8)(255 * (t < 0.7 ? 1 : (1 - t) / 0.3));
        /* a dark outline keeps the number legible on any floor */
        float o = fmaxf(1.5f, height / 14);
        for (int k = 0; k < 8; k++)
            text_batch(text, batch, f->text, sx + o * (float)cos(k * M_PI / 4), sy + o * (float)sin(k * M_PI / 4),
                       height, (SDL_Color){0, 0, 0, a});
        SDL_Color c = f->colour;
        c.a = a;
        text_batch(text, batch, f->text, sx, sy, height, c);
    }
    batch_flush(batch, render_sdl(r), text_label_texture(text));
}

void play_fx_draw_flash(Play *p, Renderer *r)
{
    double k = factor(p) > 0 ? factor(p) : 1;
    if (p->fx.flash <= 0)
        return;
    SDL_Renderer *sdl = render_sdl(r);
    SDL_Rect board = play_board_rect(p);
    SDL_SetRenderDrawBlendMode(sdl, SDL_BLENDMODE_BLEND);
    SDL_SetRenderDrawColor(sdl, 200, 20, 10, (Uint8)(90 * p->fx.flash / (FLASH_SECONDS * k)));
    /* a frame around the board's view, thicker as it begins */
    int t = (int)(board.h * 0.05 * p->fx.flash / (FLASH_SECONDS * k)) + 2;
    SDL_Rect edges[4] = {{board.x, board.y, board.w, t},
                         {board.x, board.y + board.h - t, board.w, t},
                         {board.x, board.y + t, t, board.h - 2 * t},
                         {board.x + board.w - t, board.y + t, t, board.h - 2 * t}};
    SDL_RenderFillRects(sdl, edges, 4);
}

const char *play_take_news(Play *p)
{
    if (!p->fx.news[0])
        return NULL;
    memcpy(p->fx.news_out, p->fx.news, sizeof p->fx.news_out);
    p->fx.news[0] = '\0';
    return p->fx.news_out;
}

void play_fx_view(const Play *p, PlayFxView *out)
{
    const PlayFx *fx = &p->fx;
    *out = (PlayFxView){.floats = fx->float_count, .dying = fx->dying_count, .flash = fx->flash > 0,
                        .shake = fx->shake > 0};
    if (fx->float_count)
        snprintf(out->newest, sizeof out->newest, "%s", fx->floats[fx->float_count - 1].text);
}
