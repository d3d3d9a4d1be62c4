/* The scene layer: pieces, doors (normalised and found from both sides),
 * marks, colour names and the revealed mask. */
#include "check.h"

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

int main(void)
{
    Board *b = white_board(6, 4);
    Scene *s = scene_create(b, 42, "Test");
    CHECK_STR_CONTAINS(scene_title(s), "Test");
    CHECK_INT(scene_seed(s), 42);

    ScenePiece table = {"furniture/table", "Table", SCENE_OWNER_NONE, {1, 1}, 3, 2, 0, 0, false, ""};
    ScenePiece orc = {"pieces/orc", "Orc", SCENE_OWNER_MONSTER, {2, 1}, 1, 1, 0, 0, false, ""};
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
