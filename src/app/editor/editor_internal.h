/* The editor screen's parts, one file per job: editor.c (the screen: life,
 * keys, the top bar's actions), editor_layout.c (where everything goes),
 * editor_view.c (the board: its picture from the document, the camera,
 * the overlays), editor_panels.c (the left panel: tools and colours),
 * editor_tabs.c (the right panel: pieces, the selection, the mission, the
 * check), editor_prompt.c (the one-line questions), editor_sim.c (the
 * balance simulator on its own thread) and editor_playtest.c (playing
 * the mission and coming back). Every change goes through an edit command
 * (src/edit), so the window does nothing a script cannot. Internal to
 * src/app/editor. */
#pragma once

#include "app/screens.h"
#include "app/textfield.h"
#include "app/uikit.h"
#include "core/i18n.h"
#include "edit/editcmd.h"
#include "edit/edittool.h"
#include "gfx/camera.h"
#include "gfx/render.h"

#include <SDL.h>
#include <stdatomic.h>
#include <stdbool.h>

typedef struct BalanceReport BalanceReport;

typedef enum EditorTab { EDITOR_TAB_PIECES, EDITOR_TAB_SELECTED, EDITOR_TAB_MISSION,
                         EDITOR_TAB_CHECK, EDITOR_TAB_COUNT } EditorTab;

/* The top bar's buttons. */
typedef enum EditorButton {
    EDITOR_BUTTON_NEW,
    EDITOR_BUTTON_OPEN,
    EDITOR_BUTTON_SAVE,
    EDITOR_BUTTON_UNDO,
    EDITOR_BUTTON_REDO,
    EDITOR_BUTTON_SIMULATE,
    EDITOR_BUTTON_PLAYTEST,
    EDITOR_BUTTON_COUNT
} EditorButton;

/* The palette panel's buttons. */
typedef enum EditorColourButton {
    EDITOR_COLOUR_ADD,
    EDITOR_COLOUR_RENAME,
    EDITOR_COLOUR_RECOLOUR,
    EDITOR_COLOUR_COST,
    EDITOR_COLOUR_BUTTON_COUNT
} EditorColourButton;

#define EDITOR_ROWS_MAX 512

/* A list of rows in a panel: what each says and does, and where it was
 * drawn (for clicks). */
typedef struct EditorRow {
    char text[160];
    char note[96];
    char data[96]; /* what the row stands for (a piece to place, a command) */
    int action; /* the panel's own code, or -1 for a heading */
    int arg;
    uint32_t swatch;    /* a colour square before the text (0xAARRGGBB; 0: none) */
    const char *sprite; /* a piece's sprite before the text, or NULL */
    bool selected;
    SDL_Color colour;
} EditorRow;

typedef struct EditorList {
    EditorRow rows[EDITOR_ROWS_MAX];
    int count, first; /* first: the top row shown (scrolling) */
    SDL_Rect drawn[EDITOR_ROWS_MAX];
    int shown; /* rows that fit */
} EditorList;

typedef struct EditorLayout {
    SDL_Rect top, left, right, board, status;
    SDL_Rect buttons[EDITOR_BUTTON_COUNT];
    SDL_Rect tools[EDIT_TOOL_COUNT];
    SDL_Rect tool_label;
    SDL_Rect palette; /* the colour list */
    SDL_Rect colour_buttons[EDITOR_COLOUR_BUTTON_COUNT];
    SDL_Rect tabs[EDITOR_TAB_COUNT];
    SDL_Rect content; /* the tab's list */
} EditorLayout;

/* What a prompt's answer becomes. */
typedef enum EditorPromptKind {
    EDITOR_PROMPT_COMMAND, /* a command: prefix, the quoted answer, suffix */
    EDITOR_PROMPT_OPEN,    /* a file to open */
    EDITOR_PROMPT_SAVE,    /* a folder to save into */
    EDITOR_PROMPT_NEW,     /* "W H [topology]" of a new board */
    EDITOR_PROMPT_COLOUR,  /* a new colour: "NAME RRGGBB" */
} EditorPromptKind;

typedef struct EditorPrompt {
    bool open;
    EditorPromptKind kind;
    char title[128];
    char hint[160];
    char prefix[256], suffix[128];
    bool raw; /* the answer goes into the command as typed (numbers, ids) */
    TextField field;
    char error[EDIT_STATUS_MAX]; /* the last answer's refusal */
    char swallow; /* the character of the key that opened it, whose text comes next */
} EditorPrompt;

/* Picking on the board: the next click chooses what an objective or a
 * property names. */
typedef enum EditorPick { EDITOR_PICK_NONE, EDITOR_PICK_KILL, EDITOR_PICK_FIND,
                          EDITOR_PICK_REACH, EDITOR_PICK_REACH_ROOM, EDITOR_PICK_PLAYTEST,
                          EDITOR_PICK_FALL } EditorPick;

/* The balance simulator on its own thread. */
typedef struct EditorSim {
    SDL_Thread *thread;
    atomic_bool finished;
    _Atomic int done;      /* games played so far */
    int drawn_done;        /* what the last frame showed of done (-1: not running) */
    int games;
    Mission *mission;      /* what it plays (owned) */
    BalanceReport *report; /* when finished */
    char error[256];
    unsigned version;      /* the document's version it ran on */
    bool show_map;         /* the map of deaths over the board */
} EditorSim;

typedef struct Editor {
    Screen base;
    EditSession *session;
    EditTools tools;
    char message[EDIT_STATUS_MAX];
    bool message_ok;
    char hint[EDIT_STATUS_MAX]; /* the issue under the pointer, in full (status line) */
    /* the board's picture: a board and scene made from the document when
     * it changes */
    Board *board;
    Scene *scene;
    unsigned scene_version, board_pixels;
    bool scene_valid;
    Camera cam;
    bool cam_set;
    RenderView view;
    bool overlay;          /* the room numbers */
    bool panning;
    int pan_x, pan_y;
    int last_x, last_y; /* the pointer, output pixels */
    bool has_hover;
    BoardPos hover;
    double hover_fx, hover_fy;
    EditorLayout lay;
    int laid_w, laid_h;
    double laid_scale;
    EditorTab tab;
    EditorList palette, list;
    EditorPrompt prompt;
    EditorPick pick;
    EditorSim sim;
    int party_mask;        /* play-test: which of the mission's heroes play (bits) */
    bool confirm_leave;    /* Escape on a changed mission: asked once */
    uint64_t playtest_seed;
} Editor;

/* editor.c */
void editor_say(Editor *e, bool ok, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* Runs a command as the tools do; its answer is the status line. */
bool editor_run(Editor *e, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* The document changed under the tools (undo, open): the selection is
 * checked again. */
void editor_changed(Editor *e);
void editor_button(Editor *e, App *app, EditorButton b);
/* A button: a small panel with its label, dimmed when it cannot act, lit
 * when on. */
void editor_draw_button(App *app, SDL_Rect r, const char *label, bool enabled, bool on);
/* Quoted for a command line: "text" with \" and \\ escaped. */
void editor_quote(const char *text, char *buf, size_t size);

/* editor_layout.c */
void editor_layout(Editor *e, App *app);
const char *editor_button_label(EditorButton b);
const char *editor_tab_label(EditorTab t);
/* The tool's name as shown, translated ("Pencil"). */
const char *editor_tool_label(EditTool t);

/* editor_view.c */
void editor_view_sync(Editor *e, App *app);
void editor_view_draw(Editor *e, App *app);
void editor_view_free(Editor *e);
/* The square under a screen point, and where in it (0..1). */
bool editor_view_square(Editor *e, int x, int y, BoardPos *pos, double *fx, double *fy);
/* Centres the camera on a square. */
void editor_view_show(Editor *e, BoardPos pos);

/* editor_panels.c: the left panel */
void editor_panels_build(Editor *e);
void editor_panels_draw(Editor *e, App *app);
bool editor_panels_click(Editor *e, App *app, int x, int y);
void editor_colour_button(Editor *e, App *app, EditorColourButton b);
/* The pencil takes the colour before or after its own in the list. */
void editor_panels_step(Editor *e, int by);

/* editor_tabs.c: the right panel */
void editor_tabs_build(Editor *e);
void editor_tabs_draw(Editor *e, App *app);
bool editor_tabs_click(Editor *e, App *app, int x, int y);
/* The whole text of the check's issue under (x, y), for the status line
 * (its row in the narrow panel may be cut short); "" elsewhere. */
void editor_tabs_hint(Editor *e, int x, int y, char *buf, size_t size);
/* A click on the board while picking: true when it was taken. */
bool editor_tabs_pick(Editor *e, App *app, BoardPos pos);

/* editor_list.c: rows in a panel */
void editor_list_clear(EditorList *l);
EditorRow *editor_list_add(EditorList *l, int action, int arg, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
void editor_list_draw(App *app, Editor *e, EditorList *l, SDL_Rect r);
/* The row drawn under (x, y), or -1. */
int editor_list_at(const EditorList *l, int x, int y);
void editor_list_scroll(EditorList *l, int by);

/* editor_prompt.c */
void editor_prompt_open(Editor *e, EditorPromptKind kind, const char *title, const char *hint,
                        const char *initial);
/* A command prompt: prefix + answer (quoted unless raw) + suffix. */
void editor_prompt_command(Editor *e, const char *title, const char *hint, const char *initial,
                           const char *prefix, const char *suffix, bool raw);
bool editor_prompt_handle(Editor *e, App *app, const UiInput *in);
void editor_prompt_draw(Editor *e, App *app);

/* editor_sim.c */
void editor_sim_start(Editor *e, App *app);
void editor_sim_poll(Editor *e);
void editor_sim_stop(Editor *e);
/* The simulator's state in one line ("Won 62% of 40 games", "Simulating:
 * 12 of 40"), "" when it never ran. */
void editor_sim_summary(const Editor *e, char *buf, size_t size);
/* True when the figures shown are of the mission before its last edits. */
bool editor_sim_stale(const Editor *e);

/* editor_playtest.c */
void editor_playtest(Editor *e, App *app, bool from_square, BoardPos square);
