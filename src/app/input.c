#include "input.h"

#define ZOOM_STEP 1.25
#define DRAG_SLOP 4.0 /* pixels the mouse may move before a click is a drag */

static Action act(ActionKind kind, double x, double y, double amount)
{
    return (Action){kind, x, y, amount};
}

static Action translate_key(const SDL_KeyboardEvent *k, const InputState *in)
{
    (void)in;
    switch (k->keysym.sym) {
    case SDLK_ESCAPE: return act(ACTION_QUIT, 0, 0, 0);
    case SDLK_PLUS:
    case SDLK_EQUALS:
    case SDLK_KP_PLUS: return act(ACTION_ZOOM, -1, -1, ZOOM_STEP);
    case SDLK_MINUS:
    case SDLK_KP_MINUS: return act(ACTION_ZOOM, -1, -1, 1 / ZOOM_STEP);
    case SDLK_0:
    case SDLK_KP_0: return act(ACTION_FIT, 0, 0, 0);
    case SDLK_F3: return act(ACTION_TOGGLE_DEBUG, 0, 0, 0);
    case SDLK_F4: return act(ACTION_CYCLE_LABEL, 0, 0, 0);
    case SDLK_F12: return act(ACTION_SCREENSHOT, 0, 0, 0);
    default: return act(ACTION_NONE, 0, 0, 0);
    }
}

static Action translate_motion(InputState *in, const SDL_MouseMotionEvent *m)
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
    return in->dragging ? act(ACTION_PAN, dx, dy, 0) : act(ACTION_HOVER, x, y, 0);
}

static Action translate_button(InputState *in, const SDL_MouseButtonEvent *b)
{
    double x = b->x * in->pixel_ratio, y = b->y * in->pixel_ratio;
    if (b->type == SDL_MOUSEBUTTONDOWN) {
        in->pressed = true;
        in->dragging = false;
        in->press_x = in->last_x = x, in->press_y = in->last_y = y;
        return act(ACTION_NONE, 0, 0, 0);
    }
    bool click = in->pressed && !in->dragging && b->button == SDL_BUTTON_LEFT;
    in->pressed = in->dragging = false;
    return click ? act(ACTION_SELECT, x, y, 0) : act(ACTION_HOVER, x, y, 0);
}

static Action translate_window(const SDL_WindowEvent *w)
{
    switch (w->event) {
    case SDL_WINDOWEVENT_SIZE_CHANGED: return act(ACTION_RESIZE, 0, 0, 0);
    case SDL_WINDOWEVENT_LEAVE: return act(ACTION_LEAVE, 0, 0, 0);
    case SDL_WINDOWEVENT_EXPOSED:
    case SDL_WINDOWEVENT_RESTORED: return act(ACTION_REDRAW, 0, 0, 0);
    default: return act(ACTION_NONE, 0, 0, 0);
    }
}

Action input_translate(InputState *in, const SDL_Event *ev)
{
    switch (ev->type) {
    case SDL_QUIT: return act(ACTION_QUIT, 0, 0, 0);
    case SDL_KEYDOWN: return translate_key(&ev->key, in);
    case SDL_MOUSEMOTION: return translate_motion(in, &ev->motion);
    case SDL_MOUSEBUTTONDOWN:
    case SDL_MOUSEBUTTONUP: return translate_button(in, &ev->button);
    case SDL_MOUSEWHEEL:
        if (ev->wheel.preciseY == 0)
            return act(ACTION_NONE, 0, 0, 0);
        return act(ACTION_ZOOM, in->last_x, in->last_y,
                   ev->wheel.preciseY > 0 ? ZOOM_STEP : 1 / ZOOM_STEP);
    case SDL_WINDOWEVENT: return translate_window(&ev->window);
    case SDL_RENDER_TARGETS_RESET:
    case SDL_RENDER_DEVICE_RESET: return act(ACTION_RENDER_RESET, 0, 0, 0);
    default: return act(ACTION_NONE, 0, 0, 0);
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

bool view_apply(ViewState *vs, const Action *a)
{
    Camera *cam = &vs->camera;
    switch (a->kind) {
    case ACTION_ZOOM: {
        /* keys zoom about the view's centre, the wheel about the mouse */
        double x = a->x < 0 ? cam->view_w / 2.0 : a->x, y = a->y < 0 ? cam->view_h / 2.0 : a->y;
        camera_zoom_at(cam, a->amount, x, y);
        return camera_moved(vs);
    }
    case ACTION_PAN: camera_pan(cam, a->x, a->y); return camera_moved(vs);
    case ACTION_FIT: camera_fit(cam); return camera_moved(vs);
    case ACTION_TOGGLE_DEBUG: vs->view.debug = !vs->view.debug; return true;
    case ACTION_CYCLE_LABEL:
        vs->view.label = (DebugLabel)((vs->view.label + 1) % DEBUG_LABEL_COUNT);
        return true;
    case ACTION_HOVER: return set_hover(vs, a->x, a->y);
    case ACTION_LEAVE: vs->view.has_hover = vs->has_mouse = false; return true;
    case ACTION_SELECT:
        set_hover(vs, a->x, a->y);
        vs->view.has_selection = true;
        vs->view.selected = vs->view.hover;
        return true;
    case ACTION_REDRAW: return true;
    default: return false;
    }
}

void input_held_pan(double *dx, double *dy)
{
    const Uint8 *keys = SDL_GetKeyboardState(NULL);
    /* arrows move the view over the board: the board slides the other way */
    *dx = (keys[SDL_SCANCODE_LEFT] ? 1 : 0) - (keys[SDL_SCANCODE_RIGHT] ? 1 : 0);
    *dy = (keys[SDL_SCANCODE_UP] ? 1 : 0) - (keys[SDL_SCANCODE_DOWN] ? 1 : 0);
}
