/* The scene layer: pieces, doors (normalised and found from both sides),
 * marks, colour names, terrain costs (and the overlay's cost labels) and
 * the revealed mask. */
#include "check.h"

#include "gfx/overlay.h"
#include "gfx/scene.h"

#include <string.h>

static Board *white_board(int w, int h)
{
    uint8_t rgba[16 * 16 * 4];
    memset(rgba, 255, sizeof rgba);
    BoardSpec spec = {.width = w, .height = h, .rgba = rgba};
    char err[256];
    return board_create(&spec, err, sizeof err);
}

/* Terrain costs (issue 25 item 17, --labels cost): a row of mud (white,
 * cost 2), a row of floor (red, 1 by default), rock and no square. */
static void check_costs(void)
{
    uint8_t rgba[4 * 4] = {255, 255, 255, 255, 255, 0, 0, 255, 195, 195, 195, 255, 0, 0, 0, 255};
    BoardSpec spec = {.width = 4, .height = 1, .rgba = rgba};
    char err[256], buf[32];
    Board *b = board_create(&spec, err, sizeof err);
    CHECK(b != NULL);
    if (!b)
        return;
    Scene *s = scene_create(b, 1, NULL);
    scene_set_colour_name(s, 0xffffff, "Mud");
    scene_set_colour_cost(s, 0xffffff, 2);
    scene_set_colour_cost(s, 0xc3c3c3, 5); /* rock stays out of reach whatever it costs */
    CHECK_INT(scene_square_cost(s, (BoardPos){0, 0}), 2);
    CHECK_INT(scene_square_cost(s, (BoardPos){1, 0}), 1);
    CHECK_INT(scene_square_cost(s, (BoardPos){2, 0}), 0);
    CHECK_INT(scene_square_cost(s, (BoardPos){3, 0}), 0);
    CHECK_INT(scene_square_cost(s, (BoardPos){4, 0}), 0);
    CHECK_STR_CONTAINS(scene_colour_name(s, 0xffffff), "Mud"); /* the name kept beside the cost */
    CHECK(strcmp(overlay_label(s, (BoardPos){0, 0}, DEBUG_LABEL_COST, buf, sizeof buf), "2") == 0);
    CHECK(strcmp(overlay_label(s, (BoardPos){1, 0}, DEBUG_LABEL_COST, buf, sizeof buf), "1") == 0);
    CHECK(strcmp(overlay_label(s, (BoardPos){2, 0}, DEBUG_LABEL_COST, buf, sizeof buf), "-") == 0);
    CHECK(strcmp(overlay_label(s, (BoardPos){3, 0}, DEBUG_LABEL_COST, buf, sizeof buf), "-") == 0);
    CHECK(strcmp(overlay_label(s, (BoardPos){1, 0}, DEBUG_LABEL_COORDS, buf, sizeof buf), "1,0") == 0);
    CHECK(strcmp(render_debug_label_name(DEBUG_LABEL_COST), "cost") == 0);
    scene_destroy(s);
    board_destroy(b);
}

int main(void)
{
    check_costs();
    Board *b = white_board(6, 4);
    Scene *s = scene_create(b, 42, "Test");
    CHECK_STR_CONTAINS(scene_title(s), "Test");
    CHECK_INT(scene_seed(s), 42);

    ScenePiece table = {"furniture/table", "Table", SCENE_OWNER_NONE, {1, 1}, 3, 2, 0, 0, false, "", ""};
    ScenePiece orc = {"pieces/orc", "Orc", SCENE_OWNER_MONSTER, {2, 1}, 1, 1, 0, 0, false, "", "line 7"};
    scene_add_piece(s, &table);
    scene_add_piece(s, &orc);
    CHECK_INT(scene_piece_count(s), 2);
    CHECK_STR_CONTAINS(scene_piece_at(s, (BoardPos){2, 1})->name, "Orc"); /* figures first */
    CHECK_STR_CONTAINS(scene_piece_at(s, (BoardPos){3, 2})->name, "Table");
    CHECK(scene_piece_at(s, (BoardPos){4, 2}) == NULL);

    /* doors given on any side are found from both squares of their edge */
    scene_add_door(s, &(SceneDoor){{3, 0}, GRID_DIR_WEST, SCENE_DOOR_OPEN, false});
    scene_add_door(s, &(SceneDoor){{0, 0}, GRID_DIR_SOUTH, SCENE_DOOR_CLOSED, false});
    scene_add_door(s, &(SceneDoor){{5, 3}, GRID_DIR_NORTH, SCENE_DOOR_SECRET_HIDDEN, false});
    CHECK_INT(scene_door_count(s), 3);
    const SceneDoor *d = scene_door_at(s, (BoardPos){2, 0}, GRID_DIR_EAST);
    CHECK(d && d->state == SCENE_DOOR_OPEN && d->side == GRID_DIR_EAST);
    CHECK(scene_door_at(s, (BoardPos){3, 0}, GRID_DIR_WEST) == d);
    CHECK(scene_door_at(s, (BoardPos){0, 1}, GRID_DIR_NORTH) != NULL);
    CHECK(scene_door_at(s, (BoardPos){5, 2}, GRID_DIR_SOUTH) != NULL);
    CHECK(scene_door_at(s, (BoardPos){1, 0}, GRID_DIR_EAST) == NULL);

    scene_add_mark(s, &(SceneMark){"board/rubble", "Rubble", {5, 0}});
    CHECK(scene_mark_at(s, (BoardPos){5, 0}) != NULL);
    CHECK(scene_mark_at(s, (BoardPos){4, 0}) == NULL);

    scene_set_colour_name(s, 0xffffff, "Corridor");
    CHECK_STR_CONTAINS(scene_colour_name(s, 0xffffff), "Corridor");
    CHECK(scene_colour_name(s, 0x123456) == NULL);

    /* no mask: everything is revealed */
    CHECK(!scene_has_fog(s));
    CHECK(scene_revealed(s, (BoardPos){5, 3}));
    uint8_t mask[24] = {0};
    mask[1] = 1;
    scene_set_revealed(s, mask);
    CHECK(scene_has_fog(s));
    CHECK(scene_revealed(s, (BoardPos){1, 0}));
    CHECK(!scene_revealed(s, (BoardPos){0, 0}));
    CHECK(!scene_revealed(s, (BoardPos){-1, 0}));
    scene_set_revealed(s, NULL);
    CHECK(scene_revealed(s, (BoardPos){0, 0}));

    scene_destroy(s);
    scene_destroy(NULL);
    board_destroy(b);
    return check_finish("scene");
}
