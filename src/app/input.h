/* Input becomes actions: SDL events are translated here, keys through the
 * player's key bindings (bindings.h), into view actions (zoom, pan,
 * overlay...), applied by view_apply, and game commands (INPUT_BINDING:
 * roll, end turn, cursor...), which the play screen (play.h) turns into
 * rules actions. No key is hard-coded anywhere else. */
#pragma once

#include "../gfx/camera.h"
#include "../gfx/render.h"
#include "bindings.h"

#include <SDL.h>
#include <stdbool.h>

typedef enum InputKind {
    INPUT_NONE,
    INPUT_QUIT,
    INPUT_ZOOM,         /* amount: factor, about (x, y) */
    INPUT_PAN,          /* (x, y): screen pixels */
    INPUT_FIT,
    INPUT_TOGGLE_DEBUG,
    INPUT_CYCLE_LABEL,
    INPUT_HOVER,        /* (x, y): mouse position */
    INPUT_LEAVE,        /* the mouse left the window */
    INPUT_SELECT,       /* (x, y): clicked screen point */
    INPUT_RESIZE,
    INPUT_SCREENSHOT,
    INPUT_REDRAW,
    INPUT_RENDER_RESET, /* the renderer lost its textures: reload the art */
    INPUT_BINDING,      /* amount: a BindingAction with no view meaning */
    INPUT_CONTEXT,      /* (x, y): right click */
    INPUT_KIND_COUNT
} InputKind;

typedef struct InputAction {
    InputKind kind;
    double x, y, amount;
} InputAction;

/* What translation remembers between events: a drag in progress and the
 * ratio between output pixels and window coordinates (HiDPI). */
typedef struct InputState {
    Bindings bindings;
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

/* Starts translation with bindings (NULL: the defaults). */
void input_init(InputState *in, const Bindings *bindings);

/* Translates one event. Mouse positions come out in output pixels. */
InputAction input_translate(InputState *in, const SDL_Event *ev);

/* Applies a view action. Returns true when the picture changes. */
bool view_apply(ViewState *vs, const InputAction *action);

/* The direction the held pan keys point now ((0, 0) when none is held);
 * with cursor_pans the cursor keys pan too (the board viewer, which has
 * no cursor). */
void input_held_pan(const InputState *in, bool cursor_pans, double *dx, double *dy);
