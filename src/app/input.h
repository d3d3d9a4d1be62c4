/* Input becomes actions: SDL events are translated into view actions
 * (zoom, pan, overlay...) here, and applied by view_apply. Game actions
 * (move, attack, open a door) will be translated the same way and handed
 * to the rules engine; nothing else changes the game. */
#pragma once

#include "../gfx/camera.h"
#include "../gfx/render.h"

#include <SDL.h>
#include <stdbool.h>

typedef enum ActionKind {
    ACTION_NONE,
    ACTION_QUIT,
    ACTION_ZOOM,         /* amount: factor, about (x, y) */
    ACTION_PAN,          /* (x, y): screen pixels */
    ACTION_FIT,
    ACTION_TOGGLE_DEBUG,
    ACTION_CYCLE_LABEL,
    ACTION_HOVER,        /* (x, y): mouse position */
    ACTION_LEAVE,        /* the mouse left the window */
    ACTION_SELECT,       /* (x, y): clicked screen point */
    ACTION_RESIZE,
    ACTION_SCREENSHOT,
    ACTION_REDRAW,
    ACTION_RENDER_RESET, /* the renderer lost its textures: reload the art */
    ACTION_KIND_COUNT
} ActionKind;

typedef struct Action {
    ActionKind kind;
    double x, y, amount;
} Action;

/* What translation remembers between events: a drag in progress and the
 * ratio between output pixels and window coordinates (HiDPI). */
typedef struct InputState {
    double pixel_ratio;
    bool pressed, dragging;
    double press_x, press_y, last_x, last_y;
} InputState;

/* What a view action changes. */
typedef struct ViewState {
    Camera camera;
    RenderView view;
    bool has_mouse;          /* the mouse is over the window */
    double mouse_x, mouse_y; /* its last position, output pixels */
} ViewState;

/* Translates one event. Mouse positions come out in output pixels. */
Action input_translate(InputState *in, const SDL_Event *ev);

/* Applies a view action. Returns true when the picture changes. */
bool view_apply(ViewState *vs, const Action *action);

/* Pan speed in screen pixels per second for held arrow keys, and the
 * direction they point now ((0, 0) when none is held). */
void input_held_pan(double *dx, double *dy);
