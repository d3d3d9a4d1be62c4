/* The editor's tools (src/edit/edittool): a pencil drag is every square
 * it passes and one step of the history; line and rectangle paint on
 * release; the door tool takes the nearest edge; the select tool moves
 * and, with Ctrl, copies what it picked, and deletes it. */
#include "check.h"
#include "edit/edittool.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static EditSession *s;
static EditTools t;

static EditColour at(int x, int y)
{
    return editdoc_pixel(editsession_doc(s), (BoardPos){x, y});
}

static void run(const char *line)
{
    CHECK(edittools_run(&t, s, line));
    if (!t.status_ok)
        fprintf(stderr, "%s: %s\n", line, t.status);
}

static void brushes(void)
{
    run("new 20 10");
    edittools_choose(&t, s, EDIT_TOOL_PENCIL);
    t.colour = EDIT_OPAQUE | 0xa04040;
    size_t steps = editdoc_undo_count(editsession_doc(s));
    edittools_press(&t, s, (BoardPos){0, 0}, 0.5, 0.5, 0);
    edittools_drag(&t, s, (BoardPos){6, 3}); /* a fast drag: the squares between too */
    edittools_drag(&t, s, (BoardPos){6, 3});
    edittools_release(&t, s, (BoardPos){6, 5});
    CHECK_INT(editdoc_undo_count(editsession_doc(s)), steps + 1);
    CHECK(at(0, 0) == (EDIT_OPAQUE | 0xa04040));
    CHECK(at(2, 1) == (EDIT_OPAQUE | 0xa04040));
    CHECK(at(6, 4) == (EDIT_OPAQUE | 0xa04040));
    CHECK(at(6, 5) == (EDIT_OPAQUE | 0xa04040));
    CHECK(at(7, 3) == EDIT_NONE);
    CHECK_STR_CONTAINS(editdoc_undo_label(editsession_doc(s)), "pencil");
    /* the eraser takes it back square by square */
    edittools_choose(&t, s, EDIT_TOOL_ERASER);
    edittools_press(&t, s, (BoardPos){6, 3}, 0.5, 0.5, 0);
    edittools_release(&t, s, (BoardPos){6, 5});
    CHECK(at(6, 4) == EDIT_NONE && at(2, 1) == (EDIT_OPAQUE | 0xa04040));
    /* line and rectangle paint on release */
    edittools_choose(&t, s, EDIT_TOOL_RECT);
    t.colour = EDIT_OPAQUE | 0xffffff;
    edittools_press(&t, s, (BoardPos){10, 0}, 0.5, 0.5, 0);
    edittools_drag(&t, s, (BoardPos){12, 2});
    CHECK(at(10, 0) == EDIT_NONE); /* nothing until the release */
    edittools_release(&t, s, (BoardPos){14, 4});
    CHECK(at(10, 0) == (EDIT_OPAQUE | 0xffffff) && at(14, 4) == (EDIT_OPAQUE | 0xffffff));
    edittools_choose(&t, s, EDIT_TOOL_LINE);
    edittools_press(&t, s, (BoardPos){0, 9}, 0.5, 0.5, 0);
    edittools_release(&t, s, (BoardPos){19, 9});
    CHECK(at(0, 9) == (EDIT_OPAQUE | 0xffffff) && at(19, 9) == (EDIT_OPAQUE | 0xffffff));
    /* an escape drops a rectangle being drawn */
    edittools_choose(&t, s, EDIT_TOOL_RECT);
    edittools_press(&t, s, (BoardPos){16, 0}, 0.5, 0.5, 0);
    edittools_drag(&t, s, (BoardPos){18, 2});
    edittools_cancel(&t, s);
    edittools_release(&t, s, (BoardPos){18, 2});
    CHECK(at(16, 0) == EDIT_NONE);
    /* the fill floods the white */
    edittools_choose(&t, s, EDIT_TOOL_FILL);
    t.colour = EDIT_OPAQUE | 0x4060a0;
    edittools_press(&t, s, (BoardPos){11, 1}, 0.5, 0.5, 0);
    edittools_release(&t, s, (BoardPos){11, 1});
    CHECK(at(14, 4) == (EDIT_OPAQUE | 0x4060a0) && at(0, 9) == (EDIT_OPAQUE | 0xffffff));
}

static void pieces(void)
{
    run("new 12 6");
    run("rect 0 0 5 5 ffffff");
    run("rect 6 0 11 5 a04040");
    edittools_choose(&t, s, EDIT_TOOL_PIECE);
    snprintf(t.piece, sizeof t.piece, "orc");
    snprintf(t.piece_options, sizeof t.piece_options, "id=boss");
    edittools_press(&t, s, (BoardPos){2, 2}, 0.5, 0.5, 0);
    edittools_release(&t, s, (BoardPos){2, 2});
    const Mission *m = editdoc_mission(editsession_doc(s));
    CHECK_INT(m->monster_count, 1);
    /* the door tool: the east edge of 5,2, clicked near it */
    edittools_choose(&t, s, EDIT_TOOL_DOOR);
    edittools_press(&t, s, (BoardPos){5, 2}, 0.9, 0.6, 0);
    edittools_release(&t, s, (BoardPos){5, 2});
    m = editdoc_mission(editsession_doc(s));
    CHECK_INT(m->door_count, 1);
    CHECK(m->door_count && m->doors[0].side == GRID_DIR_EAST);
    /* select the orc, drag it two squares right */
    edittools_choose(&t, s, EDIT_TOOL_SELECT);
    edittools_press(&t, s, (BoardPos){2, 2}, 0.5, 0.5, 0);
    CHECK(t.selected && t.selection.kind == EDIT_MONSTER);
    edittools_drag(&t, s, (BoardPos){3, 2});
    edittools_release(&t, s, (BoardPos){4, 3});
    m = editdoc_mission(editsession_doc(s));
    CHECK(m->monsters[0].pos.x == 4 && m->monsters[0].pos.y == 3);
    /* with Ctrl: a copy with a fresh id, which becomes the selection */
    edittools_press(&t, s, (BoardPos){4, 3}, 0.5, 0.5, EDIT_MOD_CTRL);
    edittools_release(&t, s, (BoardPos){1, 1});
    m = editdoc_mission(editsession_doc(s));
    CHECK_INT(m->monster_count, 2);
    CHECK(m->monster_count == 2 && strcmp(m->monsters[1].id, "boss-2") == 0);
    CHECK(t.selected && t.selection.index == 1 && t.selection_square.x == 1);
    edittools_delete(&t, s);
    CHECK_INT(editdoc_mission(editsession_doc(s))->monster_count, 1);
    /* select the door by its edge, and take it off */
    edittools_press(&t, s, (BoardPos){6, 2}, 0.05, 0.5, 0);
    CHECK(t.selected && t.selection.kind == EDIT_DOOR);
    edittools_release(&t, s, (BoardPos){6, 2});
    edittools_delete(&t, s);
    CHECK_INT(editdoc_mission(editsession_doc(s))->door_count, 0);
    /* undo brings the door back; the selection is gone with it */
    run("undo");
    edittools_check_selection(&t, s);
    CHECK(!t.selected);
}

static void geometry(void)
{
    Grid sq = grid_make(10, 10, GRID_SQUARE4), hex = grid_make(10, 10, GRID_HEX);
    CHECK(edittool_nearest_side(&sq, (BoardPos){1, 1}, 0.5, 0.05) == GRID_DIR_NORTH);
    CHECK(edittool_nearest_side(&sq, (BoardPos){1, 1}, 0.1, 0.5) == GRID_DIR_WEST);
    CHECK(edittool_nearest_side(&hex, (BoardPos){1, 1}, 0.95, 0.5) == GRID_DIR_EAST);
    CHECK(edittool_nearest_side(&hex, (BoardPos){1, 1}, 0.7, 0.9) == GRID_DIR_SOUTHEAST);
    CHECK(edittool_nearest_side(&hex, (BoardPos){1, 1}, 0.3, 0.1) == GRID_DIR_NORTHWEST);
    BoardPos line[32];
    CHECK_INT(edittool_line_squares(&sq, (BoardPos){0, 0}, (BoardPos){5, 2}, line, 32), 6);
    size_t n = edittool_line_squares(&hex, (BoardPos){0, 0}, (BoardPos){4, 4}, line, 32);
    CHECK_INT(n, (size_t)grid_distance(&hex, (BoardPos){0, 0}, (BoardPos){4, 4}) + 1);
    for (size_t i = 1; i < n && i < 32; i++) /* each square a neighbour of the last */
        CHECK(grid_distance(&hex, line[i - 1], line[i]) == 1);
}

int main(void)
{
    const char *data = getenv("QUESTBOARD_DATA");
    char why[512];
    s = editsession_create(data ? data : ".", why, sizeof why);
    CHECK(s != NULL);
    if (!s)
        return check_finish("edittool");
    edittools_init(&t);
    brushes();
    pieces();
    geometry();
    editsession_destroy(s);
    return check_finish("edittool");
}
