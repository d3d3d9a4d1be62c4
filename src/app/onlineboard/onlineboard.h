/* The online board (src/app/screens/onlineplay.h), split by job; this
 * header is the screen's state, shared by its parts:
 *   screens/onlineplay.c  the screen: the picture, clicks, keys, the panel
 *   onlineboard_act.c     what the hero on turn does besides moving and
 *                         fighting: the spell list and its target, a
 *                         potion, undo (sent as the protocol's cast, use,
 *                         undo)
 *   onlineboard_fx.c      the events this seat is told, shown as in local
 *                         play: steps square by square, the dice tumbling
 *                         in the tray, damage and healing floating up, a
 *                         red frame when a hero is hurt; the picture waits
 *                         for them before it shows the newest state
 */
#pragma once

#include "app/online.h"
#include "app/screens.h"

#include "app/uikit.h"
#include "gfx/hud/hud.h"
#include "gfx/render.h"

#include <stdbool.h>

#define ONLINEPLAY_SPELLS_MAX 32
#define ONLINEPLAY_FLOATS_MAX 16
#define ONLINEPLAY_QUEUE_MAX 256

typedef enum OnlineCast { OCAST_NONE, OCAST_CHOOSE, OCAST_TARGET } OnlineCast;

/* A number floating up from a square. */
typedef struct OnlineFloat {
    BoardPos at;
    double age; /* seconds, at normal speed */
    SDL_Color colour;
    char text[24];
} OnlineFloat;

/* The events being shown, and the picture they move. */
typedef struct OnlineFx {
    GameEvent queue[ONLINEPLAY_QUEUE_MAX];
    int head, count;
    double left, length; /* seconds the event at head still shows, of how many */
    bool started;        /* the head event was begun */
    bool changed;        /* shown changed since the scene was filled */
    OnlineState shown;   /* the picture as the events so far left it */
    bool has_shown;
    OnlineFloat floats[ONLINEPLAY_FLOATS_MAX];
    int float_count;
    HudDice dice;        /* the tray (kind HUD_DICE_NONE: empty) */
    double dice_age;     /* seconds since the dice were thrown, at normal speed */
    double flash;        /* seconds the red frame still shows */
    bool has_attack;     /* a blow or a spell on screen: who at whom */
    BoardPos attack_from, attack_to;
    struct Batch *batch; /* the numbers' letters */
    char news[256];      /* what a toast tells (finds, objectives met), "" none */
    /* the settings when the screen opened: how long (0: no animations) */
    double factor;
    bool reduce_motion;
} OnlineFx;

typedef struct OnlinePlay {
    Screen base;
    Online *online;     /* borrowed from the lobby below */
    Scene *scene;
    const Game *tmpl;   /* the scene's board is this template's */
    unsigned version;   /* of the state the scene shows */
    Camera cam;
    bool fitted;
    int cam_w, cam_h;
    RenderView view;
    int selected;       /* the monster chosen in the monsters' turn, -1 none */
    UiMenu menu;
    TextField chat;
    SDL_Rect panel;
    bool titled; /* the window's title says whose turn it is */
    int reach_piece; /* the piece whose squares were asked, and at which action */
    size_t reach_actions;
    App *app;
    /* casting: the list of the hero's book (template spell indices), the
     * spent ones greyed, then a target clicked */
    OnlineCast cast;
    int cast_hero, cast_spell;
    int spells[ONLINEPLAY_SPELLS_MAX];
    bool spent[ONLINEPLAY_SPELLS_MAX];
    char spell_rows[ONLINEPLAY_SPELLS_MAX][64];
    int spell_count;
    bool listing;     /* the panel's rows are the book now */
    char notice[200]; /* a hint or why not, under the turn line */
    OnlineFx fx;
} OnlinePlay;

/* screens/onlineplay.c */
bool onlineplay_monster_seat(const OnlinePlay *p);
/* The hero on turn when it is this seat's, else NULL. */
const OnlinePiece *onlineplay_my_hero(const OnlinePlay *p);
void onlineplay_command(OnlinePlay *p, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* The panel's rows again (the actions, or the spell list). */
void onlineplay_refresh(OnlinePlay *p);

/* onlineboard_act.c */
bool onlineboard_can_cast(const OnlinePlay *p);
bool onlineboard_can_drink(const OnlinePlay *p, int *item);
void onlineboard_cast_open(OnlinePlay *p);
void onlineboard_cast_row(OnlinePlay *p, int row);
/* A click while a target is chosen: the spell cast on the piece there. */
void onlineboard_cast_at(OnlinePlay *p, BoardPos sq);
void onlineboard_cast_cancel(OnlinePlay *p);
/* While a target is chosen: the squares of the pieces the spell may be
 * cast on as far as this seat can tell (the right side, in sight; a
 * healing spell only the hurt), at most cap into out; their count. */
int onlineboard_cast_targets(const OnlinePlay *p, BoardPos *out, int cap);
void onlineboard_drink(OnlinePlay *p);
void onlineboard_undo(OnlinePlay *p);

/* onlineboard_fx.c */
/* A piece's name as the player reads it: a hero's from the client's copy
 * of the mission (a party's name as written, a type's translated), a
 * monster's by its type. */
const char *onlineboard_piece_name(const OnlinePlay *p, int id);
void onlineboard_fx_init(OnlinePlay *p, double factor, bool reduce_motion);
void onlineboard_fx_free(OnlinePlay *p);
/* Takes the events the session was told and queues them. */
void onlineboard_fx_take(OnlinePlay *p);
/* Advances the shows by dt seconds; true while anything moves. */
bool onlineboard_fx_update(OnlinePlay *p, double dt);
/* Skips ahead (a click on the board while events play, as in local
 * play): the dice settle, the events left are dropped and the newest
 * state shows. False when nothing was playing. */
bool onlineboard_fx_skip(OnlinePlay *p);
/* True while events wait or play: the picture is then fx.shown. */
bool onlineboard_fx_busy(const OnlinePlay *p);
/* The news the events brought since the last call (a toast), or NULL. */
const char *onlineboard_fx_take_news(OnlinePlay *p);
/* The newest state becomes the picture (nothing is being shown). */
void onlineboard_fx_settle(OnlinePlay *p, const OnlineState *st);
/* The floats over the board, the flash around it and the dice tray at
 * its foot (board: the board's rectangle). */
void onlineboard_fx_draw(OnlinePlay *p, App *app, Renderer *r, SDL_Rect board);
