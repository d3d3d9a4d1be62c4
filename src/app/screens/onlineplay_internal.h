/* The online board's parts (onlineplay.h), split by job:
 *   onlineplay.c      the screen: the picture, clicks, the panel
 *   onlineplay_act.c  what the hero on turn does besides moving and
 *                     fighting: the spell list and its target, a potion,
 *                     undo (sent as the protocol's cast, use, undo)
 */
#pragma once

#include "onlineplay.h"

#include "app/uikit.h"
#include "gfx/render.h"

#include <stdbool.h>

#define ONLINEPLAY_SPELLS_MAX 32

typedef enum OnlineCast { OCAST_NONE, OCAST_CHOOSE, OCAST_TARGET } OnlineCast;

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
    char notice[200]; /* a hint or why not, under the turn line */
} OnlinePlay;

bool onlineplay_monster_seat(const OnlinePlay *p);
/* The hero on turn when it is this seat's, else NULL. */
const OnlinePiece *onlineplay_my_hero(const OnlinePlay *p);
void onlineplay_command(OnlinePlay *p, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* The panel's rows again (the actions, or the spell list). */
void onlineplay_refresh(OnlinePlay *p);

/* onlineplay_act.c */
bool onlineplay_can_cast(const OnlinePlay *p);
bool onlineplay_can_drink(const OnlinePlay *p, int *item);
void onlineplay_cast_open(OnlinePlay *p);
void onlineplay_cast_row(OnlinePlay *p, int row);
/* A click while a target is chosen: the spell cast on the piece there. */
void onlineplay_cast_at(OnlinePlay *p, BoardPos sq);
void onlineplay_cast_cancel(OnlinePlay *p);
void onlineplay_drink(OnlinePlay *p);
void onlineplay_undo(OnlinePlay *p);
