#include "input.h"

#define ZOOM_STEP 1.25
#define DRAG_SLOP 4.0 /* pixels the mouse may move before a click is a drag */

static InputAction act(InputKind kind, double x, double y, double amount)
{
    return (InputAction){kind, x, y, amount};
}

static unsigned key_mods(Uint16 mod)
{
    return (mod & KMOD_SHIFT ? BINDINGS_MOD_SHIFT : 0u) | (mod & KMOD_CTRL ? BINDINGS_MOD_CTRL : 0u) |
           (mod & KMOD_ALT ? BINDINGS_MOD_ALT : 0u);
}

static InputAction translate_key(const SDL_KeyboardEvent *k, const InputState *in)
{
    BindingAction b = bindings_action_for_key(&in->bindings, SDL_GetKeyName(k->keysym.sym),
                                              key_mods(k->keysym.mod));
    switch (b) {
    case BINDING_ZOOM_IN: return act(INPUT_ZOOM, -1, -1, ZOOM_STEP);
    case BINDING_ZOOM_OUT: return act(INPUT_ZOOM, -1, -1, 1 / ZOOM_STEP);
    case BINDING_REFIT: return act(INPUT_FIT, 0, 0, 0);
    case BINDING_OVERLAY: return act(INPUT_TOGGLE_DEBUG, 0, 0, 0);
    case BINDING_OVERLAY_LABELS: return act(INPUT_CYCLE_LABEL, 0, 0, 0);
    case BINDING_SCREENSHOT: return act(INPUT_SCREENSHOT, 0, 0, 0);
    /* held keys pan smoothly (input_held_pan), not per key press */
    case BINDING_PAN_UP:
    case BINDING_PAN_DOWN:
    case BINDING_PAN_LEFT:
    case BINDING_PAN_RIGHT:
    case BINDING_COUNT: return act(INPUT_NONE, 0, 0, 0);
    default: return act(INPUT_BINDING, 0, 0, b);
    }
}

static InputAction translate_motion(InputState *in, const SDL_MouseMotionEvent *m)
{
    double x = m->x * in->pixel_ratio, y = m->y * in->pixel_ratio;
    double dx = x - in->last_x, dy = y - in->last_y;
    in->last_x = x, in->last_y = y;
    if (in->pressed && !in->dragging &&
        (x - in->press_x) * (x - in->press_x) + (y - in->press_y) * (y - in->press_y) >
            DRAG_SLOP * DRAG_SLOP) {
        in->dragging = true;
        dx = x - in->press_x, dy = y - in->press_y;
    }
    return in->dragging ? act(INPUT_PAN, dx, dy, 0) : act(INPUT_HOVER, x, y, 0);
}

static InputAction translate_button(InputState *in, const SDL_MouseButtonEvent *b)
{
    double x = b->x * in->pixel_ratio, y = b->y * in->pixel_ratio;
    if (b->type == SDL_MOUSEBUTTONDOWN) {
        in->pressed = true;
        in->dragging = false;
        in->press_x = in->last_x = x, in->press_y = in->last_y = y;
        return act(INPUT_NONE, 0, 0, 0);
    }
    bool click = in->pressed && !in->dragging;
    in->pressed = in->dragging = false;
    if (click && b->button == SDL_BUTTON_RIGHT)
        return act(INPUT_CONTEXT, x, y, 0);
    return click && b->button == SDL_BUTTON_LEFT ? act(INPUT_SELECT, x, y, 0)
                                                 : act(INPUT_HOVER, x, y, 0);
}

static InputAction translate_window(const SDL_WindowEvent *w)
{
    switch (w->event) {
    case SDL_WINDOWEVENT_SIZE_CHANGED: return act(INPUT_RESIZE, 0, 0, 0);
    case SDL_WINDOWEVENT_LEAVE: return act(INPUT_LEAVE, 0, 0, 0);
    case SDL_WINDOWEVENT_EXPOSED:
    case SDL_WINDOWEVENT_RESTORED: return act(INPUT_REDRAW, 0, 0, 0);
    default: return act(INPUT_NONE, 0, 0, 0);
    }
}

void input_init(InputState *in, const Bindings *bindings)
{
    *in = (InputState){.pixel_ratio = 1.0};
    if (bindings)
        in->bindings = *bindings;
    else
        bindings_init_defaults(&in->bindings);
}

InputAction input_translate(InputState *in, const SDL_Event *ev)
{
    switch (ev->type) {
    case SDL_QUIT: return act(INPUT_QUIT, 0, 0, 0);
    case SDL_KEYDOWN: return translate_key(&ev->key, in);
    case SDL_MOUSEMOTION: return translate_motion(in, &ev->motion);
    case SDL_MOUSEBUTTONDOWN:
    case SDL_MOUSEBUTTONUP: return translate_button(in, &ev->button);
    case SDL_MOUSEWHEEL:
        if (ev->wheel.preciseY == 0)
            return act(INPUT_NONE, 0, 0, 0);
        return act(INPUT_ZOOM, in->last_x, in->last_y,
                   ev->wheel.preciseY > 0 ? ZOOM_STEP : 1 / ZOOM_STEP);
    case SDL_WINDOWEVENT: return translate_window(&ev->window);
    case SDL_RENDER_TARGETS_RESET:
    case SDL_RENDER_DEVICE_RESET: return act(INPUT_RENDER_RESET, 0, 0, 0);
    default: return act(INPUT_NONE, 0, 0, 0);
    }
}

static bool set_hover(ViewState *vs, double x, double y)
{
    vs->has_mouse = true;
    vs->mouse_x = x, vs->mouse_y = y;
    BoardPos p = camera_square_at(&vs->camera, x, y);
    bool changed = !vs->view.has_hover || !grid_pos_equal(p, vs->view.hover);
    vs->view.has_hover = true;
    vs->view.hover = p;
    return changed;
}

/* After the camera moved, the mouse points at another square. */
static bool camera_moved(ViewState *vs)
{
    if (vs->has_mouse)
        set_hover(vs, vs->mouse_x, vs->mouse_y);
    return true;
}

bool view_apply(ViewState *vs, const InputAction *a)
{
    Camera *cam = &vs->camera;
    switch (a->kind) {
    case INPUT_ZOOM: {
        /* keys zoom about the view's centre, the wheel about the mouse */
        double x = a->x < 0 ? cam->view_w / 2.0 : a->x, y = a->y < 0 ? cam->view_h / 2.0 : a->y;
        camera_zoom_at(cam, a->amount, x, y);
        return camera_moved(vs);
    }
    case INPUT_PAN: camera_pan(cam, a->x, a->y); return camera_moved(vs);
    case INPUT_FIT: camera_fit(cam); return camera_moved(vs);
    case INPUT_TOGGLE_DEBUG: vs->view.debug = !vs->view.debug; return true;
    case INPUT_CYCLE_LABEL:
        vs->view.label = (DebugLabel)((vs->view.label + 1) % DEBUG_LABEL_COUNT);
        return true;
    case INPUT_HOVER: return set_hover(vs, a->x, a->y);
    case INPUT_LEAVE: vs->view.has_hover = vs->has_mouse = false; return true;
    case INPUT_SELECT:
        set_hover(vs, a->x, a->y);
        vs->view.has_selection = true;
        vs->view.selected = vs->view.hover;
        return true;
    case INPUT_REDRAW: return true;
    default: return false;
    }
}

/* True when a key bound to action (either slot, modifiers ignored) is
 * held. */
static bool held(const InputState *in, const Uint8 *keys, BindingAction action)
{
    for (int slot = 0; slot < BINDINGS_SLOTS; slot++) {
        unsigned mods;
        char name[BINDINGS_NAME_MAX];
        if (!bindings_parse_key(bindings_get(&in->bindings, action, slot), &mods, name, sizeof name))
            continue;
        SDL_Keycode key = SDL_GetKeyFromName(name);
        SDL_Scancode sc = key == SDLK_UNKNOWN ? SDL_SCANCODE_UNKNOWN : SDL_GetScancodeFromKey(key);
        if (sc != SDL_SCANCODE_UNKNOWN && keys[sc])
            return true;
    }
    return false;
}

void input_held_pan(const InputState *in, bool cursor_pans, double *dx, double *dy)
{
    const Uint8 *keys = SDL_GetKeyboardState(NULL);
    *dx = *dy = 0;
    if (SDL_GetModState() & (KMOD_CTRL | KMOD_ALT))
        return; /* Ctrl+S saves, it does not pan */
    bool left = held(in, keys, BINDING_PAN_LEFT) || (cursor_pans && held(in, keys, BINDING_CURSOR_LEFT));
    bool right = held(in, keys, BINDING_PAN_RIGHT) || (cursor_pans && held(in, keys, BINDING_CURSOR_RIGHT));
    bool up = held(in, keys, BINDING_PAN_UP) || (cursor_pans && held(in, keys, BINDING_CURSOR_UP));
    bool down = held(in, keys, BINDING_PAN_DOWN) || (cursor_pans && held(in, keys, BINDING_CURSOR_DOWN));
    /* the view moves over the board: the board slides the other way */
    *dx = (left ? 1 : 0) - (right ? 1 : 0);
    *dy = (up ? 1 : 0) - (down ? 1 : 0);
}
