/* scene_game: a scene from a game, with fog of war, on the doors fixture
 * (tests/data/gfx/doors.xml: a barbarian at (0,0) in the top corridor, an
 * orc at (6,1) in the blue room out of his sight, a door and a secret
 * door between the rooms, an exit at (7,0)). */
#include "check.h"
#include "core/alloc.h"

#include "core/i18n.h"
#include "gfx/scene_game.h"
#include "gfx/scene_mission.h"
#include "gfx/ui.h"
#include "mission/mission.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const ScenePiece *figure_at(const Scene *s, BoardPos pos)
{
    const ScenePiece *p = scene_piece_at(s, pos);
    return p && p->owner != SCENE_OWNER_NONE ? p : NULL;
}

static void check_fog(const Game *g)
{
    Scene *s = scene_from_game(g, NULL);
    CHECK(scene_has_fog(s));
    CHECK(scene_revealed(s, (BoardPos){0, 0}));
    CHECK(scene_revealed(s, (BoardPos){3, 0}));
    CHECK(!scene_revealed(s, (BoardPos){6, 2}));
    const ScenePiece *hero = figure_at(s, (BoardPos){0, 0});
    CHECK(hero && hero->owner == SCENE_OWNER_HERO);
    CHECK(figure_at(s, (BoardPos){6, 1}) == NULL); /* the orc is unseen */
    const SceneDoor *door = scene_door_at(s, (BoardPos){3, 2}, GRID_DIR_EAST);
    CHECK(door && door->state == SCENE_DOOR_CLOSED);
    const SceneDoor *secret = scene_door_at(s, (BoardPos){4, 3}, GRID_DIR_WEST);
    CHECK(secret && secret->state == SCENE_DOOR_SECRET_HIDDEN);
    const SceneMark *exit = scene_mark_at(s, (BoardPos){7, 0});
    CHECK(exit && strcmp(exit->sprite, "board/exit") == 0);
    CHECK_STR_CONTAINS(scene_title(s), "Doors");
    scene_destroy(s);
}

static void check_reveal(const Game *g)
{
    SceneGameView v = {.skip_piece = -1, .reveal = true, .untitled = true};
    Scene *s = scene_from_game(g, &v);
    CHECK(!scene_has_fog(s));
    const ScenePiece *orc = figure_at(s, (BoardPos){6, 1});
    CHECK(orc && orc->owner == SCENE_OWNER_MONSTER);
    /* the author's marks: the orc, placed without an id, by its line; the
     * exit whatever stands on it (issue 25 item 17) */
    CHECK(orc && strcmp(orc->tag, "line 13") == 0);
    const ScenePiece *hero = figure_at(s, (BoardPos){0, 0});
    CHECK(hero && hero->tag[0] == '\0');
    CHECK_INT((int)scene_exit_count(s), 1);
    CHECK(grid_pos_equal(scene_exit(s, 0), (BoardPos){7, 0}));
    const SceneDoor *secret = scene_door_at(s, (BoardPos){4, 3}, GRID_DIR_WEST);
    CHECK(secret && secret->state == SCENE_DOOR_SECRET_FOUND);
    CHECK_INT((int)strlen(scene_title(s)), 0);
    scene_destroy(s);
}

/* Shown positions lag behind the game while events are animated. */
static void check_shown(const Game *g)
{
    SceneGamePiece shown[2] = {{{1, 0}, true}, {{6, 1}, true}};
    SceneGameView v = {.pieces = shown, .count = 2, .skip_piece = -1};
    Scene *s = scene_from_game(g, NULL);
    unsigned before = scene_version(s);
    scene_game_fill(s, g, &v);
    CHECK(scene_version(s) != before);
    CHECK(figure_at(s, (BoardPos){0, 0}) == NULL);
    CHECK(figure_at(s, (BoardPos){1, 0}) != NULL);
    CHECK(figure_at(s, (BoardPos){6, 1}) == NULL); /* still unseen */
    v.skip_piece = 0;                              /* sliding: drawn elsewhere */
    scene_game_fill(s, g, &v);
    CHECK(figure_at(s, (BoardPos){1, 0}) == NULL);
    shown[0].on_board = false;
    v.skip_piece = -1;
    scene_game_fill(s, g, &v);
    CHECK(figure_at(s, (BoardPos){1, 0}) == NULL);
    scene_destroy(s);
}

/* The hover box names a colour's terrain cost: a palette colour costing
 * 3 reads "Mud (costs 3 to enter)"; colours costing 1 keep their names. */
static void check_cost_names(Mission *m)
{
    MissionPaletteEntry *pe = xrealloc(m->palette, m->palette_count + 2, sizeof *pe);
    m->palette = pe;
    pe += m->palette_count;
    m->palette_count += 2;
    memset(pe, 0, 2 * sizeof *pe);
    pe[0].rgb = 0x123456;
    snprintf(pe[0].name, sizeof pe[0].name, "Mud");
    pe[0].cost = 3;
    pe[1].rgb = 0x654321;
    snprintf(pe[1].name, sizeof pe[1].name, "Meadow");
    pe[1].cost = 1;
    Game *g = game_create(m, NULL, 1, NULL, 0);
    CHECK(g != NULL);
    if (!g)
        return;
    Scene *s = scene_from_game(g, NULL);
    CHECK_STR_CONTAINS(scene_colour_name(s, 0x123456), "Mud (costs 3 to enter)");
    CHECK(strcmp(scene_colour_name(s, 0x654321), "Meadow") == 0);
    scene_destroy(s);
    game_destroy(g);
}

/* Readable pieces on first-light: each hero a ring colour of his own, the
 * mission's named foe (Grashnak, an id'd monster) marked, the others not;
 * the hover box's words say who a figure is and how it stands. */
static void check_readable(const char *root, const char *catalogue)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/missions/first-light/mission.xml", root);
    ErrorList errs;
    errors_init(&errs, 0);
    MissionLoadOptions mo = {.catalogue_path = catalogue};
    Mission *m = mission_load(path, &mo, &errs);
    errors_clear(&errs);
    CHECK(m != NULL);
    Game *g = m ? game_create(m, NULL, 1, NULL, 0) : NULL;
    CHECK(g != NULL);
    if (!g) {
        mission_destroy(m);
        return;
    }
    uint32_t rings[8];
    int heroes = 0, named = 0, monsters = 0;
    for (size_t i = 0; i < game_piece_count(g); i++) {
        const GamePiece *gp = game_piece(g, (int)i);
        ScenePiece sp;
        scene_game_piece(g, (int)i, gp->pos, &sp);
        if (gp->side == GAME_SIDE_HEROES) {
            CHECK(sp.ring != 0);
            for (int k = 0; k < heroes; k++)
                CHECK(rings[k] != sp.ring);
            rings[heroes++ % 8] = sp.ring;
            CHECK(!sp.named);
            CHECK_STR_CONTAINS(sp.detail, "your hero, body");
        } else {
            monsters++;
            CHECK_INT((int)sp.ring, 0);
            named += sp.named;
            CHECK_STR_CONTAINS(sp.detail, sp.named ? "Orc Warlord, body" : "a monster");
            /* the plate and the hover box name the foe as the mission does
             * (issue 25 item 10: they said its type, "Orc Warlord") */
            if (sp.named)
                CHECK(strcmp(sp.name, "Grashnak") == 0);
            /* --reveal's tag: the id, or the line placing it */
            if (sp.named)
                CHECK(strcmp(sp.tag, "grashnak") == 0);
            else
                CHECK(strncmp(sp.tag, "line ", 5) == 0 && atoi(sp.tag + 5) > 0);
        }
    }
    CHECK_INT(heroes, 4);
    CHECK_INT(named, 1);
    CHECK(monsters > 5);
    /* the scene carries them, and the hover box says them */
    Scene *s = scene_from_game(g, &(SceneGameView){.reveal = true, .skip_piece = -1});
    const ScenePiece *hero = figure_at(s, game_piece(g, 1)->pos);
    CHECK(hero && hero->ring == scene_game_ring(g, 1));
    char buf[512];
    ui_describe_square_plain(s, game_piece(g, 0)->pos, buf, sizeof buf);
    CHECK_STR_CONTAINS(buf, "Barbarian: your hero, body 8 of 8");
    CHECK(strchr(buf, '#') == NULL && strchr(buf, '(') == NULL); /* no colour codes, no coordinates */
    CHECK_STR_CONTAINS(buf, "Cellar stairs");
    scene_destroy(s);
    /* the rooms by their names in the player's language (the mission's
     * <translations>), in the game's scene and in the mission's */
    i18n_set_language("de");
    s = scene_from_game(g, &(SceneGameView){.reveal = true, .skip_piece = -1});
    ui_describe_square_plain(s, game_piece(g, 0)->pos, buf, sizeof buf);
    CHECK_STR_CONTAINS(buf, "Kellertreppe");
    scene_destroy(s);
    s = scene_from_mission(m, false);
    CHECK(strcmp(scene_colour_name(s, 0x8a1f2b), "Grashnaks Halle") == 0);
    scene_destroy(s);
    i18n_set_language("");
    game_destroy(g);
    /* a campaign's hero goes by its party name, its type in the words */
    GameSetup party = {.hero_count = 2, .heroes = {0, 1}, .names = {"Brak"}};
    g = game_create(m, &party, 1, NULL, 0);
    CHECK(g != NULL);
    if (g) {
        s = scene_from_game(g, &(SceneGameView){.reveal = true, .skip_piece = -1});
        ui_describe_square_plain(s, game_piece(g, 0)->pos, buf, sizeof buf);
        CHECK_STR_CONTAINS(buf, "Brak: your Barbarian, body 8 of 8");
        ui_describe_square_plain(s, game_piece(g, 1)->pos, buf, sizeof buf);
        CHECK_STR_CONTAINS(buf, ": your hero, body");
        scene_destroy(s);
        game_destroy(g);
    }
    mission_destroy(m);
}

int main(void)
{
    const char *root = getenv("QUESTBOARD_DATA"), *data = getenv("TEST_DATA");
    if (!root || !data)
        return 2;
    char catalogue[4096], path[4096];
    snprintf(catalogue, sizeof catalogue, "%s/assets/pieces.xml", root);
    snprintf(path, sizeof path, "%s/gfx/doors.xml", data);
    ErrorList errs;
    errors_init(&errs, 0);
    MissionLoadOptions mo = {.catalogue_path = catalogue};
    Mission *m = mission_load(path, &mo, &errs);
    errors_clear(&errs);
    CHECK(m != NULL);
    Game *g = m ? game_create(m, NULL, 1, NULL, 0) : NULL;
    CHECK(g != NULL);
    if (g) {
        check_fog(g);
        check_reveal(g);
        check_shown(g);
        check_cost_names(m);
    }
    check_readable(root, catalogue);
    game_destroy(g);
    mission_destroy(m);
    return check_finish("scene_game");
}
