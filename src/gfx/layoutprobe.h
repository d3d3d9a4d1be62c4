/* A record of where interface text and panels were drawn, for the layout
 * test: text that runs off the window, out of its panel or its clip, or
 * over other text, and panels that cover text in part or let it show
 * through. Off unless a test starts it: the drawing code calls
 * layoutprobe_text and layoutprobe_panel, which then cost one test of a
 * pointer. Panels are what text sits on (HUD boxes, the side panel, the
 * command bar and its buttons, dialogs, toasts), not every filled
 * rectangle (body bars, highlights). One probe at a time, one thread.
 */
#pragma once

#include <SDL.h>
#include <stdbool.h>
#include <stddef.h>

typedef struct ProbeItem {
    SDL_Rect rect;
    bool panel;        /* a panel, else a line of text */
    bool layer;        /* a dimmed backdrop: a dialog's layer begins */
    int depth;         /* how many layers lie below this item */
    int alpha;         /* a panel's opacity, 0-255 */
    bool has_clip;     /* text: the renderer's clip rectangle was set */
    SDL_Rect clip;
    char text[96];     /* text: its start */
} ProbeItem;

typedef struct LayoutProbe {
    ProbeItem *items;
    size_t count, cap;
} LayoutProbe;

/* Starts recording into p (emptied first). */
void layoutprobe_begin(LayoutProbe *p);

/* Stops recording (p keeps what it holds). */
void layoutprobe_end(void);

/* True while a probe records. */
bool layoutprobe_active(void);

/* Called by the drawing code: text drawn at r (its clip, if any, as set
 * on renderer sdl), a panel of opacity alpha at r. */
void layoutprobe_text(SDL_Renderer *sdl, SDL_Rect r, const char *s);
void layoutprobe_panel(SDL_Rect r, int alpha);

/* Called by a dialog dimming what lies below it: the screen under it is a
 * backdrop from here on (a dialog over the game may cover the HUD's
 * text), but a dialog under another dialog must not show through. */
void layoutprobe_layer(void);

/* Checks the recorded frame of a w x h output; writes one line per
 * problem into report (as many as fit) and returns how many there were. */
size_t layoutprobe_check(const LayoutProbe *p, int w, int h, char *report, size_t size);

/* The first recorded text containing s, or NULL. */
const ProbeItem *layoutprobe_find(const LayoutProbe *p, const char *s);

/* Frees what p holds. */
void layoutprobe_free(LayoutProbe *p);
