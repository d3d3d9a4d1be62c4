/* HeroScribe quests (src/mission/heroscribe*): the fixtures in
 * tests/data/heroscribe are original quests written for these tests.
 * The board is checked against tests/data/standard-board.txt, read here
 * on its own, not against the importer's copy of it. */
#define _POSIX_C_SOURCE 200809L
#include "check.h"
#include "core/fileio.h"
#include "mission/analysis.h"
#include "mission/heroscribe.h"
#include "mission/mission.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char catalogue_path[1024];
static const char *data_dir;
static char layout[19][27]; /* tests/data/standard-board.txt */

static void read_layout(void)
{
    char path[1024], line[256];
    snprintf(path, sizeof path, "%s/standard-board.txt", data_dir);
    FILE *f = fopen(path, "r");
    CHECK(f != NULL);
    int y = 0;
    while (f && y < 19 && fgets(line, sizeof line, f))
        if (line[0] != '#' && strlen(line) >= 26)
            memcpy(layout[y++], line, 26);
    CHECK_INT(y, 19);
    if (f)
        fclose(f);
}

static Mission *load_text(const char *name, const char *xml, ErrorList *errs)
{
    MissionLoadOptions opts = {.catalogue_path = catalogue_path};
    return heroscribe_load(name, (const uint8_t *)xml, strlen(xml), &opts, errs);
}

static Mission *load_fixture(const char *file, ErrorList *errs)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/heroscribe/%s", data_dir, file);
    MissionLoadOptions opts = {.catalogue_path = catalogue_path};
    return mission_load(path, &opts, errs); /* through the sniffing of mission_load */
}

static const MissionDoor *door(const Mission *m, int x, int y, GridDir side)
{
    return mission_door_at(m, (BoardPos){x, y}, side);
}

static bool has_warning(const ErrorList *w, const char *text)
{
    for (size_t i = 0; i < w->count; i++)
        if (strstr(w->items[i], text))
            return true;
    return false;
}

static size_t count_warnings(const ErrorList *w, const char *text)
{
    size_t n = 0;
    for (size_t i = 0; i < w->count; i++)
        n += strstr(w->items[i], text) != NULL;
    return n;
}

/* Walls where, and only where, the standard board's letters differ; dark
 * squares rock. */
/* <dark left=22 top=15 width=4 height=4> (room V) and <dark left=26 top=2> */
static bool is_dark(int x, int y)
{
    return (x >= 21 && x <= 24 && y >= 14 && y <= 17) || (x == 25 && y == 1);
}

static void test_board_against_layout(const Mission *m)
{
    const Board *b = m->board;
    CHECK_INT(board_width(b), 26);
    CHECK_INT(board_height(b), 19);
    int mismatches = 0;
    for (int y = 0; y < 19; y++)
        for (int x = 0; x < 26; x++) {
            if (is_dark(x, y)) {
                mismatches += board_walkable(b, (BoardPos){x, y});
                continue;
            }
            mismatches += !board_walkable(b, (BoardPos){x, y});
            if (x + 1 < 26 && !is_dark(x + 1, y) &&
                board_wall(b, (BoardPos){x, y}, GRID_DIR_EAST) != (layout[y][x] != layout[y][x + 1])) {
                fprintf(stderr, "wall east of (%d,%d)?\n", x, y);
                mismatches++;
            }
            if (y + 1 < 19 && !is_dark(x, y + 1) &&
                board_wall(b, (BoardPos){x, y}, GRID_DIR_SOUTH) != (layout[y][x] != layout[y + 1][x])) {
                fprintf(stderr, "wall south of (%d,%d)?\n", x, y);
                mismatches++;
            }
        }
    if (mismatches)
        fprintf(stderr, "walls: %d mismatches\n", mismatches);
    CHECK_INT(mismatches, 0);
    CHECK_INT(board_room_count(b), 21 + 1); /* room V is all dark */
    /* every door on a wall of the standard board */
    for (size_t i = 0; i < m->door_count; i++) {
        const MissionDoor *d = &m->doors[i];
        int nx = d->pos.x + (d->side == GRID_DIR_EAST), ny = d->pos.y + (d->side == GRID_DIR_SOUTH);
        CHECK(layout[d->pos.y][d->pos.x] != layout[ny][nx]);
    }
}

static void test_doors(const Mission *m)
{
    /* Door downward (13,7): the edge between rows 7 and 8, column 13 */
    const MissionDoor *d = door(m, 12, 6, GRID_DIR_SOUTH);
    CHECK(d && d->kind == DOOR_NORMAL && !d->open);
    /* DoorOut upward (12,12): between rows 12 and 13 */
    CHECK(door(m, 11, 11, GRID_DIR_SOUTH) != NULL);
    /* DoorIn rightward (16,9): between columns 16 and 17, row 9 */
    CHECK(door(m, 15, 8, GRID_DIR_EAST) != NULL);
    /* StoneDoorway leftward (10,10): between columns 10 and 11; open */
    d = door(m, 9, 9, GRID_DIR_EAST);
    CHECK(d && d->open);
    d = door(m, 18, 13, GRID_DIR_SOUTH); /* OpenDoor */
    CHECK(d && d->open);
    /* secret doors: downward top edge, rightward left, upward bottom, leftward right */
    d = door(m, 6, 1, GRID_DIR_NORTH);
    CHECK(d && d->kind == DOOR_SECRET);
    d = door(m, 14, 2, GRID_DIR_WEST);
    CHECK(d && d->kind == DOOR_SECRET);
    d = door(m, 2, 17, GRID_DIR_SOUTH);
    CHECK(d && d->kind == DOOR_SECRET);
    d = door(m, 11, 2, GRID_DIR_EAST);
    CHECK(d && d->kind == DOOR_SECRET);
    CHECK_INT(m->door_count, 22);
}

static const MissionFurniture *furniture_at(const Mission *m, const char *type, int x, int y)
{
    for (size_t i = 0; i < m->furniture_count; i++)
        if (strcmp(m->furniture[i].type, type) == 0 && m->furniture[i].pos.x == x &&
            m->furniture[i].pos.y == y)
            return &m->furniture[i];
    return NULL;
}

static void test_furniture(const Mission *m)
{
    /* footprints: width and height swapped for rightward/leftward, the
     * top-left square as written (2.5 rounds to 3), inside one room */
    const MissionFurniture *f = furniture_at(m, "table", 1, 1);
    CHECK(f && f->width == 3 && f->height == 2);
    f = furniture_at(m, "bookcase", 1, 4);
    CHECK(f && f->width == 1 && f->height == 3);
    f = furniture_at(m, "tomb", 5, 5); /* HeroScribe's tomb is 2x3: leftward lies 3x2 */
    CHECK(f && f->width == 3 && f->height == 2);
    f = furniture_at(m, "fireplace", 2, 10);
    CHECK(f && f->width == 3 && f->height == 1);
    f = furniture_at(m, "weapons_rack", 24, 10);
    CHECK(f && f->width == 1 && f->height == 3);
    f = furniture_at(m, "alchemist_bench", 21, 5);
    CHECK(f && f->width == 2 && f->height == 3);
    f = furniture_at(m, "cupboard", 17, 8);
    CHECK(f && f->rotation == 180);
    CHECK(furniture_at(m, "stairway", 10, 7) != NULL);
    for (size_t i = 0; i < m->furniture_count; i++) {
        f = &m->furniture[i];
        int32_t room = board_room(m->board, f->pos);
        for (int y = f->pos.y; y < f->pos.y + f->height; y++)
            for (int x = f->pos.x; x < f->pos.x + f->width; x++)
                CHECK_INT(board_room(m->board, (BoardPos){x, y}), room);
    }
    /* the chest trap on its chest, the rack's squares blocked */
    bool chest_trap = false;
    for (size_t i = 0; i < m->trap_count; i++)
        chest_trap |= m->traps[i].kind == TRAP_CHEST && m->traps[i].pos.x == 15 &&
                      m->traps[i].pos.y == 15;
    CHECK(chest_trap);
    CHECK_INT(m->rubble_count, 6 + 1 + 2);
}

static void test_pieces(const Mission *m)
{
    /* heroes on the stairway, a line of their own: none in the quest */
    CHECK_INT(m->hero_count, 4);
    CHECK(mission_is_exit(m, m->heroes[0].pos));
    CHECK_INT(m->monster_count, 9);
    bool fimir = false;
    for (size_t i = 0; i < m->monster_count; i++) {
        fimir |= strcmp(m->monsters[i].type, "fimir") == 0 && m->monsters[i].pos.y == 6;
        if (strcmp(m->monsters[i].type, "gargoyle") == 0)
            CHECK_INT(m->monsters[i].line, 58); /* the quest's line, not the XML's */
    }
    CHECK(fimir); /* top="7.0" */
    int pits = 0, spears = 0, blocks = 0;
    for (size_t i = 0; i < m->trap_count; i++) {
        pits += m->traps[i].kind == TRAP_PIT;
        spears += m->traps[i].kind == TRAP_SPEAR;
        blocks += m->traps[i].kind == TRAP_FALLING_BLOCK;
    }
    CHECK_INT(pits, 3); /* PitTrap and the 2x1 LongPitTrap */
    CHECK_INT(spears, 2);
    CHECK_INT(blocks, 1);
    /* its Arrow at (3,19) marks where the block lands (EU) */
    for (size_t i = 0; i < m->trap_count; i++)
        if (m->traps[i].kind == TRAP_FALLING_BLOCK)
            CHECK(m->traps[i].has_fall && m->traps[i].pos.x == 1 && m->traps[i].pos.y == 18 &&
                  m->traps[i].fall.x == 2 && m->traps[i].fall.y == 18);
    CHECK_INT(m->rules.edition, MISSION_EDITION_EU);
    CHECK(strcmp(m->rules.wandering_monster, "fimir") == 0);
}

static void test_text(const Mission *m)
{
    CHECK(strcmp(m->name, "The Vault of Vorth") == 0);
    CHECK_STR_CONTAINS(m->briefing, "Defeat the Gargoyle in its vault");
    CHECK_INT(m->objective_count, 3);
    CHECK_INT(m->objectives[0].kind, OBJECTIVE_KILL);
    CHECK(strcmp(m->objectives[0].target, "gargoyle-1") == 0);
    CHECK_INT(m->objectives[1].kind, OBJECTIVE_FIND_ITEM);
    CHECK(strcmp(m->objectives[1].target, "ruby_amulet") == 0);
    CHECK_INT(m->objectives[2].kind, OBJECTIVE_ESCAPE);
    CHECK_INT(m->treasure_count, 2);
    CHECK_INT(m->treasure[0].kind, TREASURE_GOLD);
    CHECK_INT(m->treasure[0].amount, 50);
    /* notes: on their marks (LetterA at 16.25 rounds to column 16), XHTML read as text */
    bool a = false, one = false;
    for (size_t i = 0; i < m->note_count; i++) {
        const MissionNote *n = &m->notes[i];
        if (strcmp(n->label, "A") == 0)
            a = n->pos.x == 15 && n->pos.y == 3 && strstr(n->text, "the Ruby Amulet, stolen");
        if (strcmp(n->label, "1") == 0)
            one = n->pos.x == 0 && n->pos.y == 9 && strstr(n->text, "well hidden: 3 feet deep full");
    }
    CHECK(a);
    CHECK(one);
}

static void test_vault(void)
{
    ErrorList errs, warnings;
    errors_init(&errs, 0);
    errors_init(&warnings, 0);
    Mission *m = load_fixture("vault-of-vorth.xml", &errs);
    errors_print(&errs, stderr);
    CHECK(m != NULL);
    if (!m)
        return;
    test_board_against_layout(m);
    test_doors(m);
    test_furniture(m);
    test_pieces(m);
    test_text(m);
    analysis_run(m, &warnings, NULL);
    /* each unknown id once, with the line of its first object */
    CHECK(has_warning(&warnings, "vault-of-vorth.xml:68: warning: unknown HeroScribe object 'Dice' skipped"));
    CHECK_INT(count_warnings(&warnings, "'Dice'"), 1);
    CHECK(has_warning(&warnings, ":67: warning: HeroScribe object 'OgreWarrior' skipped"));
    CHECK(has_warning(&warnings, ":55: warning: HeroScribe object 'HurricaneTrap' skipped"));
    CHECK(has_warning(&warnings, ":48: warning: 'Rack': the game has no rack"));
    CHECK(has_warning(&warnings, ":23: warning: 'DoorTrap' is imported as a plain door"));
    CHECK_INT(warnings.count, 5); /* nothing else: the quest plays as written */
    /* what is skipped stays as an author's note on its square */
    bool ogre_noted = false;
    for (size_t i = 0; i < m->note_count; i++)
        ogre_noted |= m->notes[i].pos.x == 23 && m->notes[i].pos.y == 11 &&
                      strstr(m->notes[i].text, "'OgreWarrior' (its line 67) stands here; not "
                                               "imported: an expansion monster") != NULL;
    CHECK(ogre_noted);
    mission_destroy(m);
    errors_clear(&errs);
    errors_clear(&warnings);
}

static void test_multi_board(void)
{
    ErrorList errs, warnings;
    errors_init(&errs, 0);
    errors_init(&warnings, 0);
    Mission *m = load_fixture("twin-keeps.xml", &errs);
    errors_print(&errs, stderr);
    CHECK(m != NULL);
    if (!m)
        return;
    /* 2x2 boards with a one-square gap */
    CHECK_INT(board_width(m->board), 53);
    CHECK_INT(board_height(m->board), 39);
    CHECK(!board_walkable(m->board, (BoardPos){26, 0}));  /* the gap */
    CHECK(board_walkable(m->board, (BoardPos){26, 9}));   /* horizontal bridge, position 10 */
    CHECK(board_walkable(m->board, (BoardPos){11, 19}));  /* vertical bridge, position 12 */
    CHECK(board_walkable(m->board, (BoardPos){26, 20}));  /* board 3 to 4, position 1 */
    CHECK(!board_walkable(m->board, (BoardPos){5, 30}));  /* board 3's big dark rectangle */
    /* doorways at the bridges' ends, but the quest's own door where it put one */
    const MissionDoor *d = door(m, 25, 9, GRID_DIR_EAST);
    CHECK(d && d->open);
    d = door(m, 26, 9, GRID_DIR_EAST);
    CHECK(d && !d->open && d->kind == DOOR_NORMAL);
    d = door(m, 11, 19, GRID_DIR_SOUTH);
    CHECK(d && d->open);
    CHECK_INT(m->rules.edition, MISSION_EDITION_US);
    CHECK(strcmp(m->rules.wandering_monster, "chaos_warrior") == 0);
    CHECK_INT(m->objective_count, 2);
    CHECK_INT(m->objectives[0].kind, OBJECTIVE_KILL);
    analysis_run(m, &warnings, NULL);
    CHECK(has_warning(&warnings, ":27: warning: this horizontal bridge (column 2, row 1, position 3) leads off"));
    CHECK_INT(warnings.count, 1); /* the gargoyle is reachable across three bridges */
    mission_destroy(m);
    errors_clear(&errs);
    errors_clear(&warnings);
}

static void expect_error(const char *xml, const char *message)
{
    ErrorList errs;
    errors_init(&errs, 0);
    Mission *m = load_text("bad.xml", xml, &errs);
    CHECK(m == NULL);
    bool found = false;
    for (size_t i = 0; i < errs.count; i++)
        found |= strstr(errs.items[i], message) != NULL;
    if (!found) {
        fprintf(stderr, "expected \"%s\" among:\n", message);
        errors_print(&errs, stderr);
    }
    CHECK(found);
    mission_destroy(m);
    errors_clear(&errs);
}

static void test_doctype(void)
{
    static const char body[] = "<quest name=\"Q\"><board><object id=\"Stairway\" left=\"13\" "
                               "top=\"2\"/></board></quest>\n";
    char xml[1024];
    const char *accepted[] = {
        "",
        "<!DOCTYPE quest PUBLIC \"-//org.lightless//HeroScribe Quest 1.3//EN\" "
        "\"http://lightless.org/files/xml/quest-1.3.dtd\">\n",
        "<!DOCTYPE quest PUBLIC\n\"-//org.lightless//HeroScribe Quest 1.4//EN\"\n"
        "\"quest-1.4.dtd\">\n",
        "<!DOCTYPE quest SYSTEM 'quest-1.0.dtd'>\n",
    };
    for (size_t i = 0; i < sizeof accepted / sizeof *accepted; i++) {
        snprintf(xml, sizeof xml, "<?xml version=\"1.0\"?>\n%s%s", accepted[i], body);
        ErrorList errs;
        errors_init(&errs, 0);
        Mission *m = load_text("ok.xml", xml, &errs);
        errors_print(&errs, stderr);
        CHECK(m != NULL);
        CHECK(heroscribe_sniff((const uint8_t *)xml, strlen(xml)));
        mission_destroy(m);
        errors_clear(&errs);
    }
    const char *refused[] = {
        "<!DOCTYPE quest [<!ENTITY x \"boom\">]>\n",
        "<!DOCTYPE quest SYSTEM \"quest-1.3.dtd\" [<!ENTITY x SYSTEM \"file:///etc/passwd\">]>\n",
        "<!DOCTYPE quest PUBLIC \"-//evil//Quest//EN\" \"quest-1.3.dtd\">\n",
        "<!DOCTYPE quest SYSTEM \"http://example.com/other.dtd\">\n",
        "<!DOCTYPE mission SYSTEM \"quest-1.3.dtd\">\n",
    };
    for (size_t i = 0; i < sizeof refused / sizeof *refused; i++) {
        snprintf(xml, sizeof xml, "<?xml version=\"1.0\"?>\n%s%s", refused[i], body);
        expect_error(xml, "bad.xml:2: this DOCTYPE is not HeroScribe's");
    }
    /* a second DOCTYPE after the accepted one, entities in the text */
    snprintf(xml, sizeof xml, "<!DOCTYPE quest SYSTEM \"quest-1.3.dtd\">\n<!DOCTYPE quest [ ]>\n%s",
             body);
    expect_error(xml, "bad.xml:2: DOCTYPE declarations");
    expect_error("<quest name=\"&x;\"><board/></quest>", "bad.xml:1:");
}

static void test_bad_input(void)
{
    expect_error("<quest><board><object id=\"Orc\" left=\"x\" top=\"1\"/></board></quest>",
                 "bad.xml:1: object 'Orc': left=\"x\" top=\"1\" are not numbers");
    expect_error("<quest>\n<board><object id=\"Orc\" left=\"1\" top=\"1\" rotation=\"sideways\"/>"
                 "</board></quest>",
                 "bad.xml:2: object 'Orc': rotation \"sideways\"");
    expect_error("<quest width=\"9\"><board/></quest>", "bad.xml:1: <quest width=\"9\">: expected 1 to 4");
    expect_error("<quest><board><object id=\"Orc\"", "bad.xml:1:");
    expect_error("<notquest/>", "not a HeroScribe quest");
    /* a quest whose every square is rock has nowhere for the heroes */
    expect_error("<quest><board><dark left=\"1\" top=\"1\" width=\"26\" height=\"19\"/></board></quest>",
                 "bad.xml:1:");
    CHECK(!heroscribe_sniff((const uint8_t *)"<mission id=\"x\"/>", 17));
    CHECK(heroscribe_sniff((const uint8_t *)"\xef\xbb\xbf<!-- c --><quest>", 20));
}

/* Slips in a quest are warnings with their line; the rest still plays. */
static void test_slips(void)
{
    const char *xml =
        "<quest name=\"Slips\">\n"
        "<board>\n"
        "<object id=\"Stairway\" left=\"13\" top=\"2\"/>\n"
        "<object id=\"Door\" left=\"2\" top=\"2\"/>\n"
        "<object id=\"Table\" left=\"4\" top=\"3\"/>\n"
        "<object id=\"Orc\" left=\"13\" top=\"2\"/>\n"
        "<object id=\"Orc\" left=\"30\" top=\"2\"/>\n"
        "<object id=\"Barbarian\" left=\"14\" top=\"3\"/>\n"
        "<object id=\"Barbarian\" left=\"1\" top=\"1\"/>\n"
        "</board>\n"
        "<foo/>\n"
        "<speech>Kill every orc in sight.</speech>\n"
        "</quest>\n";
    ErrorList errs;
    errors_init(&errs, 0);
    HeroscribeImport imp;
    Catalogue *cat = catalogue_load(catalogue_path, &errs);
    CHECK(heroscribe_convert("slips.xml", (const uint8_t *)xml, strlen(xml), cat, &imp, &errs));
    CHECK(has_warning(&imp.warnings, "slips.xml:4: warning: Door at (2,2) is not on a wall"));
    CHECK(has_warning(&imp.warnings, "slips.xml:5: warning: 'Table' at (4,3) would stand in two rooms"));
    CHECK(has_warning(&imp.warnings, "slips.xml:6: warning: 'Orc' at (13,2) is on a square taken by line 3"));
    CHECK(has_warning(&imp.warnings, "slips.xml:7: warning: 'Orc' at (30,2) does not fit"));
    CHECK(has_warning(&imp.warnings, "slips.xml:9: warning: a second 'Barbarian'"));
    CHECK(has_warning(&imp.warnings, "slips.xml:11: warning: unknown element <foo> skipped"));
    CHECK(imp.width == 26 && imp.height == 19);
    /* the quest placed a hero: only it starts; no orc stands, so no kill */
    CHECK(strstr(imp.xml, "<hero type=\"barbarian\" x=\"13\" y=\"2\"/>") != NULL);
    CHECK(strstr(imp.xml, "<kill") == NULL);
    CHECK(strstr(imp.xml, "<escape") != NULL);
    heroscribe_free(&imp);
    catalogue_destroy(cat);
    errors_clear(&errs);
}

/* A quest of nothing but skipped objects still loads: their notes stop
 * at 256. */
static void test_many_skipped(void)
{
    size_t cap = 64 + 300 * 64;
    char *xml = malloc(cap);
    size_t n = (size_t)snprintf(xml, cap, "<quest name=\"Storms\">\n<board>\n");
    for (int i = 0; i < 300; i++)
        n += (size_t)snprintf(xml + n, cap - n, "<object id=\"HurricaneTrap\" left=\"%d\" top=\"1\"/>\n",
                              1 + i % 26);
    snprintf(xml + n, cap - n, "</board>\n</quest>\n");
    ErrorList errs;
    errors_init(&errs, 0);
    Mission *m = load_text("storms.xml", xml, &errs);
    errors_print(&errs, stderr);
    CHECK(m != NULL);
    if (m)
        CHECK_INT(m->note_count, 256);
    mission_destroy(m);
    errors_clear(&errs);
    free(xml);
}

/* EU2: a falling block lands on the square its arrow marks: an arrow
 * beside the trap (one pointing away from it wins), or on the trap's
 * square pointing at it; never across a wall. US quests keep the block
 * on the trap's own square. */
static void test_arrows(void)
{
    static const char *const fmt =
        "<quest name=\"Arrows\" region=\"%s\">\n"
        "<board>\n"
        "<object id=\"Stairway\" left=\"10\" top=\"15\"/>\n"
        "<object id=\"FallingRock\" left=\"5\" top=\"1\"/>\n"
        "<object id=\"Arrow\" left=\"6\" top=\"1\" rotation=\"rightward\"/>\n"
        "<object id=\"FallingRock\" left=\"10\" top=\"1\"/>\n"
        "<object id=\"DarkArrow\" left=\"10\" top=\"1\" rotation=\"leftward\"/>\n"
        "<object id=\"FallingRock\" left=\"15\" top=\"1\"/>\n"
        "<object id=\"Arrow\" left=\"15\" top=\"2\" rotation=\"downward\"/>\n"
        "<object id=\"FallingRock\" left=\"20\" top=\"1\"/>\n"
        "<object id=\"Arrow\" left=\"19\" top=\"1\" rotation=\"rightward\"/>\n"
        "<object id=\"Arrow\" left=\"21\" top=\"1\" rotation=\"rightward\"/>\n"
        "</board>\n"
        "</quest>\n";
    for (int eu = 0; eu < 2; eu++) {
        char xml[2048];
        snprintf(xml, sizeof xml, fmt, eu ? "Europe" : "USA");
        ErrorList errs;
        errors_init(&errs, 0);
        Mission *m = load_text("arrows.xml", xml, &errs);
        errors_print(&errs, stderr);
        CHECK(m != NULL);
        if (!m)
            continue;
        CHECK_INT(m->trap_count, 4);
        static const BoardPos want[4] = {{5, 0}, {8, 0}, {-1, -1}, {20, 0}};
        for (size_t i = 0; i < 4 && i < m->trap_count; i++) {
            const MissionTrap *t = &m->traps[i];
            bool falls = eu && want[i].x >= 0;
            CHECK(t->has_fall == falls);
            if (falls && t->has_fall)
                CHECK(t->fall.x == want[i].x && t->fall.y == want[i].y);
        }
        /* the arrow across the wall is not taken, and the author is told */
        bool told = false;
        for (size_t i = 0; i < m->load_warning_count; i++)
            told |= strstr(m->load_warnings[i], "arrows.xml:8: warning: the falling block has no "
                                                "arrow beside it") != NULL;
        CHECK(told == (eu == 1));
        mission_destroy(m);
        errors_clear(&errs);
    }
}

/* "kill the orcs" names them all; a singular name with several on the
 * map picks the one a note marks; no stairway: leave where you start. */
static void test_objectives(void)
{
    const char *xml =
        "<quest name=\"Orcs\">\n"
        "<board>\n"
        "<object id=\"Orc\" left=\"2\" top=\"2\"/>\n"
        "<object id=\"Orc\" left=\"22\" top=\"2\"/>\n"
        "<object id=\"Fimir\" left=\"2\" top=\"12\"/>\n"
        "<object id=\"Fimir\" left=\"22\" top=\"12\"/>\n"
        "<object id=\"LetterB\" left=\"3\" top=\"12\"/>\n"
        "</board>\n"
        "<speech>Destroy all the orcs, then defeat the Fimir chieftain.</speech>\n"
        "<note>B: The Fimir chieftain sleeps here.</note>\n"
        "</quest>\n";
    ErrorList errs;
    errors_init(&errs, 0);
    Mission *m = load_text("orcs.xml", xml, &errs);
    errors_print(&errs, stderr);
    CHECK(m != NULL);
    if (!m)
        return;
    CHECK_INT(m->objective_count, 4);
    CHECK_INT(m->objectives[0].kind, OBJECTIVE_KILL);
    CHECK(strcmp(m->objectives[0].text, "Kill the Orc (1 of 2)") == 0);
    CHECK_INT(m->objectives[2].kind, OBJECTIVE_KILL);
    for (size_t i = 0; i < m->monster_count; i++)
        if (strcmp(m->monsters[i].id, m->objectives[2].target) == 0)
            CHECK(m->monsters[i].pos.x == 1 && m->monsters[i].pos.y == 11);
    CHECK_INT(m->objectives[3].kind, OBJECTIVE_ESCAPE);
    CHECK(strstr(m->objectives[3].text, "where you started") != NULL);
    CHECK_INT(m->exit_count, 4);
    CHECK_INT(m->heroes[0].pos.x, 0);
    CHECK_INT(m->heroes[0].pos.y, 0);
    CHECK(m->load_warning_count == 1 && strstr(m->load_warnings[0], "no stairway"));
    mission_destroy(m);
    errors_clear(&errs);
}

int main(void)
{
    const char *root = getenv("QUESTBOARD_DATA");
    data_dir = getenv("TEST_DATA");
    if (!root || !data_dir) {
        fprintf(stderr, "QUESTBOARD_DATA and TEST_DATA must be set\n");
        return 1;
    }
    snprintf(catalogue_path, sizeof catalogue_path, "%s/assets/pieces.xml", root);
    read_layout();
    test_vault();
    test_arrows();
    test_many_skipped();
    test_multi_board();
    test_doctype();
    test_bad_input();
    test_slips();
    test_objectives();
    return check_finish("heroscribe");
}
