/* The editor's tools as the window uses them, without SDL: presses, drags
 * and releases on board squares become edit commands (editcmd.h), run on
 * the session, so that the tools do nothing the script commands cannot.
 *
 *   pencil, eraser, rock  a drag paints every square it passes (a line
 *                         between two mouse positions far apart), the
 *                         whole drag one step of the history (a batch);
 *   line, rectangle       press, drag (the screen shows the preview), the
 *                         release paints;
 *   fill                  a click floods;
 *   piece                 a click places the chosen piece with its options;
 *   door                  a click near a wall puts a door on the nearest
 *                         edge (Shift: takes it off);
 *   select                a click selects what is on the square (figures
 *                         first, a door near the pointer's edge); a drag
 *                         moves it, with Ctrl copies it; the release runs
 *                         the command.
 */
#pragma once

#include "editcmd.h"
#include "editplace.h"

#include <stdbool.h>
#include <stddef.h>

typedef enum EditTool {
    EDIT_TOOL_SELECT,
    EDIT_TOOL_PENCIL,
    EDIT_TOOL_LINE,
    EDIT_TOOL_RECT,
    EDIT_TOOL_FILL,
    EDIT_TOOL_ERASER,
    EDIT_TOOL_ROCK,
    EDIT_TOOL_PIECE,
    EDIT_TOOL_DOOR,
    EDIT_TOOL_COUNT
} EditTool;

/* Modifier keys held with a press. */
enum { EDIT_MOD_SHIFT = 1, EDIT_MOD_CTRL = 2 };

/* The longest status line a tool leaves (a command's answer). */
#define EDIT_STATUS_MAX 512

typedef struct EditTools {
    EditTool tool;
    EditColour colour;                 /* what the pencil, line, rectangle and fill paint */
    char piece[MISSION_ID_MAX];        /* what the piece tool places: a type or trap, ... */
    char piece_options[256];           /* its key=value options ("kind=spear") */
    char door_options[96];             /* the door tool's ("locked key=brass-key"), "" normal */
    /* a press in progress */
    bool down;
    unsigned mods;
    BoardPos start, last;
    bool batch_open;
    bool moved; /* the select tool's drag left its square */
    /* the selection */
    bool selected;
    EditThing selection;
    BoardPos selection_square; /* where it was picked */
    GridDir selection_side;    /* a door's side */
    char status[EDIT_STATUS_MAX]; /* the last command's answer or refusal */
    bool status_ok;
} EditTools;

/* Tools at rest: the pencil, painting white corridor. */
void edittools_init(EditTools *t);

/* Names ("select", "pencil", "line", "rect", "fill", "eraser", "rock",
 * "piece", "door") and their keys (s, p, l, r, f, e, k, c, d). */
const char *edittool_name(EditTool tool);
char edittool_key(EditTool tool);

/* Chooses a tool; a press in progress ends first. */
void edittools_choose(EditTools *t, EditSession *s, EditTool tool);

/* A press at square p; fx, fy (0..1) is where in the square, for the door
 * and select tools' edges. */
void edittools_press(EditTools *t, EditSession *s, BoardPos p, double fx, double fy,
                     unsigned mods);
/* The pointer moved to p with the button down. */
void edittools_drag(EditTools *t, EditSession *s, BoardPos p);
/* The button came up at p. */
void edittools_release(EditTools *t, EditSession *s, BoardPos p);
/* Escape: a line or rectangle being drawn, or a move, is dropped; a
 * pencil stroke keeps what it painted. */
void edittools_cancel(EditTools *t, EditSession *s);

/* Deletes the selection (the Delete key). */
void edittools_delete(EditTools *t, EditSession *s);

/* Runs a command line as a tool would: its answer becomes the status.
 * Returns whether it was accepted. */
bool edittools_run(EditTools *t, EditSession *s, const char *line);

/* The edge of square p nearest to the point (fx, fy) inside it: one of
 * the four sides, or of a hex's six. */
GridDir edittool_nearest_side(const Grid *grid, BoardPos p, double fx, double fy);

/* The squares of a straight line from p to q, in order, into out (at
 * most max); returns how many there are. Bresenham on squares, the
 * rounded cube line on hexes. */
size_t edittool_line_squares(const Grid *grid, BoardPos p, BoardPos q, BoardPos *out, size_t max);

/* The selection still names a thing of the mission (after an undo it
 * may not): drops it when not. */
void edittools_check_selection(EditTools *t, EditSession *s);
