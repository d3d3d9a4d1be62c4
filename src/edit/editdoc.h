/* The document the mission editor edits: the board's pixels (one a
 * square, R G B A) and the mission's description (a Mission without its
 * board: palette, placements, objectives, texts, rules), with the rooms
 * kept up to date (editrooms.h) and the history of every edit.
 *
 * Every change goes through an edit: editdoc_begin opens one (edits nest;
 * the outermost makes one step of the history), the pixel and mission
 * changes made inside are recorded, editdoc_end closes it. A step keeps
 * the pixels it changed (before and after) and, when the description
 * changed, a copy of the other state, so undo and redo swap exactly and
 * any number of steps can be taken back. Rooms are relabelled for the
 * squares changed only, when next asked for (editdoc_rooms).
 *
 * The description's placements keep what the author wrote (doors on the
 * side given, treasures at the square given); the writer
 * (mission_write.h) turns it into mission.xml. No SDL.
 */
#pragma once

#include "../mission/mission.h"
#include "editrooms.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct EditDoc EditDoc;

/* A colour of the board's pixels packed as 0xAARRGGBB. */
typedef uint32_t EditColour;

#define EDIT_OPAQUE 0xff000000u
/* The pixel painted for "no square" (black) and for rock. */
#define EDIT_NONE (EDIT_OPAQUE | BOARD_RGB_NONE)
#define EDIT_ROCK (EDIT_OPAQUE | BOARD_RGB_BLOCKED)

/* A document of the grid's size and topology from pixels (R G B A,
 * copied) and a description (owned from now on; its board, if any, is
 * dropped). base is the shared catalogue (borrowed, must outlive the
 * document). */
EditDoc *editdoc_create(const Grid *grid, const uint8_t *rgba, Mission *mission,
                        const Catalogue *base);

/* Frees the document; NULL does nothing. */
void editdoc_destroy(EditDoc *doc);

/* ---- reading ---- */

const Grid *editdoc_grid(const EditDoc *doc);
/* The pixels, R G B A a square, row-major. */
const uint8_t *editdoc_rgba(const EditDoc *doc);
/* The pixel of an on-grid square (0 off the grid). */
EditColour editdoc_pixel(const EditDoc *doc, BoardPos pos);
const Mission *editdoc_mission(const EditDoc *doc);
const Catalogue *editdoc_base(const EditDoc *doc);
/* The rooms of the pixels as they are now. Rooms are relabelled when
 * asked, for the squares changed since they last were: a pencil stroke of
 * many commands costs one relabel a frame, not one a square. */
EditRooms *editdoc_rooms(EditDoc *doc);

/* The board's distinct colours: how many, and the i-th (in order of
 * first use) with its number of squares. */
size_t editdoc_colour_count(const EditDoc *doc);
EditColour editdoc_colour_at(const EditDoc *doc, size_t i, int64_t *squares);
/* Squares of this colour now. */
int64_t editdoc_colour_squares(const EditDoc *doc, EditColour colour);

/* RGB of a packed colour; true when it is fully transparent. */
uint32_t editdoc_rgb(EditColour colour);
bool editdoc_transparent(EditColour colour);

/* ---- changing ---- */

/* Opens an edit named label ("paint", "place orc"): the outermost one
 * becomes one step of the history. */
void editdoc_begin(EditDoc *doc, const char *label);
/* Closes the edit opened last; at the outermost, files the step in the
 * history (a step that changed nothing is dropped). */
void editdoc_end(EditDoc *doc);
/* Closes the edit opened last putting back what it changed (a command
 * refused halfway), then as editdoc_end. */
void editdoc_cancel(EditDoc *doc);
/* Edits nest at most this deep for editdoc_cancel to undo inner ones. */
#define EDIT_MAX_DEPTH 16
/* True while an edit is open. */
bool editdoc_editing(const EditDoc *doc);

/* Sets one pixel inside an open edit (no-op when already that colour). */
void editdoc_set_pixel(EditDoc *doc, BoardPos pos, EditColour colour);
/* The same by row-major index. */
void editdoc_set_square(EditDoc *doc, int64_t index, EditColour colour);
/* The pixel at a row-major index in [0, area). */
EditColour editdoc_square(const EditDoc *doc, int64_t index);

/* The description to change inside an open edit: the first call of a step
 * keeps a copy of it as it was. */
Mission *editdoc_mission_edit(EditDoc *doc);

/* Replaces grid and pixels (a resize, a new topology) inside an open
 * edit; rgba (the new grid's) is copied. The description's shape follows
 * the grid's topology. */
void editdoc_set_grid(EditDoc *doc, const Grid *grid, const uint8_t *rgba);

/* ---- history ---- */

/* Takes back the last step; false when there is none. Writes its label
 * to label (may be NULL). */
bool editdoc_undo(EditDoc *doc, char *label, size_t size);
/* Does the last step taken back again; false when there is none. */
bool editdoc_redo(EditDoc *doc, char *label, size_t size);
/* Steps that undo and redo can take. */
size_t editdoc_undo_count(const EditDoc *doc);
size_t editdoc_redo_count(const EditDoc *doc);
/* Label of the step undo would take back ("" when none), and of the one
 * redo would do. */
const char *editdoc_undo_label(const EditDoc *doc);
const char *editdoc_redo_label(const EditDoc *doc);

/* A number that changes with every change of the document (an edit, an
 * undo, a redo), so views and the live check know when to look again. */
unsigned editdoc_version(const EditDoc *doc);
/* A number that changes only when pixels change. */
unsigned editdoc_pixels_version(const EditDoc *doc);

/* True when the document differs from what was saved or opened last
 * (undoing back to that point makes it false again). */
bool editdoc_modified(const EditDoc *doc);
/* Notes that the document as it is now was saved. */
void editdoc_mark_saved(EditDoc *doc);

/* The squares the last edit, undo or redo changed (row-major indices,
 * possibly repeated), for views that redraw only those; all of them is
 * signalled by *all. */
const int64_t *editdoc_changed(const EditDoc *doc, size_t *count, bool *all);
