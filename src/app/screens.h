/* The window's screens as a stack: title, mission picker, briefing, heroes,
 * settings, help, save/load, error panels, the in-game menu and the game.
 *
 * Each screen has handle (one input), update (once a frame, says whether
 * it animates) and draw; the loop gives input to the top screen only,
 * updates every screen (so the game under a menu still notices its files
 * changing) and draws from the topmost opaque screen up. Nothing blocks:
 * a screen that wants an answer pushes another screen and reads the
 * result when it is on top again.
 *
 * Screens reach each other by id (screenlist.h) through a registry:
 * screens_go(app, SCREEN_BRIEFING, &(BriefingArgs){.path = p}) opens and
 * places the screen, each screen's arguments being its struct in
 * screenargs.h; no screen includes another screen's header.
 *
 * Input is unified before a screen sees it: keys become a BindingAction
 * through the player's bindings, and a game controller's buttons become
 * the key events of the same actions (D-pad and left stick cursor, A
 * confirm, B back, Start menu, shoulders next hero / end turn), so every
 * screen, the play screen included, is played the same way with either.
 */
#pragma once

#include "app.h"
#include "bindings.h"
#include "screenargs.h"
#include "settings.h"

#include "../gfx/render.h"
#include "../gfx/text.h"

#include <SDL.h>
#include <stdbool.h>
#include <stdint.h>

#define SCREENS_MAX 16

typedef struct App App;
typedef struct Screen Screen;
typedef struct Audio Audio;

/* One input as a screen sees it. */
typedef struct UiInput {
    const SDL_Event *ev;   /* the SDL event (keys from a controller are synthesized) */
    BindingAction action;  /* bound action of a key press, or BINDING_COUNT */
    bool repeat;           /* a key held down */
    bool pointer;          /* a mouse motion or click: x, y are valid */
    bool click;            /* left button released without dragging */
    bool moved;            /* the mouse really moved (not SDL's motion at window open) */
    int x, y;              /* output pixels */
    int wheel;             /* +1 up, -1 down, 0 none */
    /* A controller button sent it (ev is then the key of its binding):
     * pad_button is the SDL_GameControllerButton, for the few screens
     * whose controller layout differs from their keys (the armoury). */
    bool from_pad;
    int pad_button;
} UiInput;

/* The screens by id, one for each line of screenlist.h. */
typedef enum ScreenId {
#define SCREEN(id, entry) SCREEN_##id,
#include "screenlist.h"
#undef SCREEN
    SCREEN_COUNT
} ScreenId;

typedef struct ScreenOps {
    const char *name;
    /* Handles one input; the screen may push or pop screens. */
    void (*handle)(Screen *s, App *app, const UiInput *in);
    /* Once a frame with the seconds since the last one; true while the
     * screen animates (the loop then draws again at once). May be NULL. */
    bool (*update)(Screen *s, App *app, double dt);
    /* Draws the screen over what lies below it. */
    void (*draw)(Screen *s, App *app);
    /* Frees the screen. */
    void (*destroy)(Screen *s);
    /* When the screen is covered again or uncovered (may be NULL). */
    void (*resumed)(Screen *s, App *app);
} ScreenOps;

/* What the screens over a game in progress (the in-game menu, the save
 * and load dialogs, the campaign hosting its quest) ask of the screen
 * holding it, whichever screen that is (screens_game_save...). */
typedef struct ScreenGameOps {
    /* Saves the game into slot file, named name for the listing; false
     * with the reason in err. */
    bool (*save)(Screen *s, App *app, const char *file, const char *name, char *err,
                 size_t err_size);
    /* Leaving the game for the title: the autosave slot gets the game as
     * it is when it changed since it was last written. */
    void (*leave)(Screen *s);
    /* The game's mission name ("" for none). */
    const char *(*mission_name)(const Screen *s);
    /* True when leaving the game goes back to the screen below it (the
     * editor's play-test) instead of the title. */
    bool (*to_below)(const Screen *s);
} ScreenGameOps;

/* Embed as the first member of a screen's struct. */
struct Screen {
    const ScreenOps *ops;
    bool opaque;      /* covers the whole window: nothing below is drawn */
    bool wants_keys;  /* a text field or key capture has the keyboard:
                         global keys (F1, F11, F12) pass to the screen */
    const ScreenGameOps *game; /* a screen holding a game in progress; else NULL */
};

/* How the stack reaches one screen (a line of screenlist.h); the screen's
 * module defines it beside its ScreenOps. */
typedef struct ScreenEntry {
    /* The ops of the screens it opens (screens_find_id), or NULL for a
     * way in that opens other screens (a save slot: a game or a campaign). */
    const ScreenOps *ops;
    /* Makes the screen from args (its struct in screenargs.h, or NULL),
     * not yet on the stack; NULL with the reason in err. NULL for an entry
     * that is only gone to. */
    Screen *(*open)(App *app, const void *args, char *err, size_t err_size);
    /* Goes to it when that is more than a push (the title: back down to
     * it; a game: over the title), error panel included; true when it
     * opened. NULL: open, then push it or the error panel titled fails. */
    bool (*go)(App *app, const void *args);
    const char *fails; /* the error panel's title when it does not open */
} ScreenEntry;

/* The window's background under every screen (screens_draw clears to it),
 * as the red, green and blue of SDL_SetRenderDrawColor. */
#define SCREENS_BACKGROUND 12, 10, 9

/* What every screen shares. */
struct App {
    SDL_Window *window;
    SDL_Renderer *sdl;
    Renderer *board;        /* board renderer (tiles, sprites), made on first use */
    bool board_ahead;       /* the board renderer was made ahead on an idle moment (or tried) */
    Text *ui, *big;         /* interface and title fonts at the UI scale */
    double font_scale;      /* the scale ui/big were made for */
    Settings *settings;
    Audio *audio;           /* the sound (silent without a device), never NULL */
    const AppOptions *opts;
    char pref[4096];        /* SDL_GetPrefPath, ends in '/' ("" when none) */
    char saves[4200];       /* pref + "saves" */
    Screen *stack[SCREENS_MAX];
    int depth;
    Screen *dead[2 * SCREENS_MAX]; /* popped during this input, freed after it */
    int dead_count;
    bool running, dirty;
    int out_w, out_h;       /* output pixels */
    double pixel_ratio;     /* output pixels per window coordinate */
    SDL_GameController *pad;
    int stick_dir;          /* last left-stick direction sent, -1 none */
    bool pad_last;          /* the last key or button came from a controller:
                               hints show the controller's buttons */
    char toast[512];
    uint64_t toast_until;
    SDL_Rect toast_area;    /* where toasts go (w 0: the window); the game sets its board's view */
    struct Narrator *narrator; /* narration on and connected (app/narrate.h), else NULL */
    char narration_error[256]; /* why narration is on but silent ("" when it is not) */
    bool drawing_top;       /* the screen being drawn is the top one (its focus is said) */
    unsigned render_resets; /* the renderer's resets so far: textures a screen keeps are
                               remade when this moved */
};

/* Pushes s on top (takes it). */
void screens_push(App *app, Screen *s);

/* Removes the top screen; it is freed after the current input. */
void screens_pop(App *app);

/* Removes every screen above s (s stays on top). */
void screens_pop_to(App *app, Screen *s);

/* Removes every screen, then pushes s. */
void screens_reset(App *app, Screen *s);

/* The top screen, or NULL. */
Screen *screens_top(const App *app);

/* The highest screen with these ops, or NULL. */
Screen *screens_find(const App *app, const ScreenOps *ops);

/* Goes to screen id with args (its struct in screenargs.h, or NULL): opens
 * it and pushes it, or places it as the screen does (the title: back down
 * to it), or pushes an error panel saying why it did not open. True when
 * it opened. */
bool screens_go(App *app, ScreenId id, const void *args);

/* Makes screen id from args without placing it, for a caller that places
 * it itself or words its own error. NULL with the reason in err. */
Screen *screens_open(App *app, ScreenId id, const void *args, char *err, size_t err_size);

/* Pushes the error panel (SCREEN_ERROR) with title and text. */
void screens_error(App *app, const char *title, const char *text);

/* The highest screen on the stack opened as id, or NULL. */
Screen *screens_find_id(const App *app, ScreenId id);

/* True when s was opened as screen id. */
bool screens_is(const Screen *s, ScreenId id);

/* What a screen holding a game does for the screens over it (s->game);
 * a screen without a game: save fails with a reason, the others do nothing
 * and the name is "". */
bool screens_game_save(Screen *s, App *app, const char *file, const char *name, char *err,
                       size_t err_size);
void screens_game_leave(Screen *s);
const char *screens_game_mission(const Screen *s);
bool screens_game_to_below(const Screen *s);

/* Shows a short message at the bottom of the window for a few seconds
 * (printf-style); it is also printed on stdout. */
void screens_toast(App *app, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Every screen fits a window of this many window coordinates at UI scale
 * 1 (800x600 at UI scale 1.5, where the play screen folds its side
 * panel); a larger scale applies only as far as the window is larger (UI
 * scale 2 in an 800x600 window applies as 1.5, Settings says so), and a
 * smaller window shrinks it down to SCREENS_SCALE_MIN. */
#define SCREENS_DESIGN_W (800.0 / 1.5)
#define SCREENS_DESIGN_H (600.0 / 1.5)
#define SCREENS_SCALE_MIN 0.75

/* The UI scale in effect: the setting, as far as the window has room. */
double screens_scale(const App *app);

/* The text size in effect, as a factor (1 = 100%): the setting, as far
 * as the window has room for text that large at the UI scale in effect
 * (text grown past what UI scale would fit there crowds every panel;
 * 200% in an 800x600 window applies as 150%, Settings says so). Fonts and
 * the panels that hold them (uikit_centre) grow by it. */
double screens_text_factor(const App *app);

/* Interface pixels for n unscaled pixels (the scale in effect x HiDPI). */
int screens_px(const App *app, double n);

/* The board renderer, made on first use (NULL with a toast on failure). */
Renderer *screens_board_renderer(App *app);

/* Reads the window's output size and HiDPI ratio into app. */
void screens_measure(App *app);

/* One event as the loop handles it, then the screens it popped are
 * freed (tests drive the screens with these). */
void screens_dispatch(App *app, SDL_Event *ev);

/* Draws the stack (from the topmost opaque screen up, then the toast)
 * and presents it. */
void screens_draw(App *app);

/* Updates every screen by dt seconds; true while one animates. */
bool screens_update(App *app, double dt);

/* Frees the screens popped since the last call. */
void screens_bury(App *app);

/* Runs the loop until the last screen is gone or the window closes. */
void screens_run(App *app);

/* Applies the UI scale and fonts after a settings change. */
void screens_refresh_fonts(App *app);

/* Applies the volumes and mute of the settings to the sound. */
void screens_apply_volumes(App *app);

/* Connects or disconnects narration as the setting says (app/narrate.h).
 * Turned on without speech-dispatcher, it toasts why, keeps the reason in
 * app->narration_error for the settings screen, and stays silent. */
void screens_apply_narration(App *app);

/* Says text (narrate_say) when narration is on; a speech service gone
 * away is told once (a toast) and narration goes silent. */
void screens_say(App *app, int kind, const char *text);

/* The focus of the screen being drawn (its selected menu item, the square
 * under the board's cursor), said when it is the top screen's and it
 * changed. */
void screens_focus(App *app, const char *text);
