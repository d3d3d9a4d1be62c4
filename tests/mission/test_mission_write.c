/* The mission writer: every fixture and bundled mission, written and read
 * back, is the same mission (all placements, rules, objectives, notes and
 * the mission's own types); writing that again gives the same text; the
 * line map leads output lines back to the source. */
#define _POSIX_C_SOURCE 200809L
#include "check.h"
#include "core/fileio.h"
#include "mission/mission.h"
#include "mission/mission_write.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char catalogue_path[1024];
static Catalogue *base;

static Mission *load(const char *path)
{
    MissionLoadOptions opts = {.catalogue_path = catalogue_path, .catalogue = base};
    ErrorList errs;
    errors_init(&errs, 0);
    Mission *m = mission_load(path, &opts, &errs);
    errors_print(&errs, stderr);
    errors_clear(&errs);
    return m;
}

static bool same_pos(BoardPos a, BoardPos b)
{
    return a.x == b.x && a.y == b.y;
}

static void compare_placements(const Mission *a, const Mission *b)
{
    CHECK_INT(b->hero_count, a->hero_count);
    for (size_t i = 0; i < a->hero_count && i < b->hero_count; i++)
        CHECK(strcmp(a->heroes[i].type, b->heroes[i].type) == 0 &&
              same_pos(a->heroes[i].pos, b->heroes[i].pos));
    CHECK_INT(b->monster_count, a->monster_count);
    for (size_t i = 0; i < a->monster_count && i < b->monster_count; i++)
        CHECK(strcmp(a->monsters[i].id, b->monsters[i].id) == 0 &&
              strcmp(a->monsters[i].type, b->monsters[i].type) == 0 &&
              same_pos(a->monsters[i].pos, b->monsters[i].pos));
    CHECK_INT(b->door_count, a->door_count);
    for (size_t i = 0; i < a->door_count && i < b->door_count; i++) {
        const MissionDoor *x = &a->doors[i], *y = &b->doors[i];
        CHECK(same_pos(x->pos, y->pos) && x->side == y->side && x->kind == y->kind &&
              strcmp(x->key, y->key) == 0 && x->key_treasure == y->key_treasure &&
              x->open == y->open);
    }
    CHECK_INT(b->furniture_count, a->furniture_count);
    for (size_t i = 0; i < a->furniture_count && i < b->furniture_count; i++) {
        const MissionFurniture *x = &a->furniture[i], *y = &b->furniture[i];
        CHECK(strcmp(x->id, y->id) == 0 && strcmp(x->type, y->type) == 0 &&
              same_pos(x->pos, y->pos) && x->rotation == y->rotation && x->width == y->width &&
              x->height == y->height);
    }
    CHECK_INT(b->rubble_count, a->rubble_count);
    for (size_t i = 0; i < a->rubble_count && i < b->rubble_count; i++)
        CHECK(same_pos(a->rubble[i].pos, b->rubble[i].pos));
    CHECK_INT(b->exit_count, a->exit_count);
    for (size_t i = 0; i < a->exit_count && i < b->exit_count; i++)
        CHECK(same_pos(a->exits[i].pos, b->exits[i].pos));
    CHECK_INT(b->trap_count, a->trap_count);
    for (size_t i = 0; i < a->trap_count && i < b->trap_count; i++)
        CHECK(a->traps[i].kind == b->traps[i].kind && same_pos(a->traps[i].pos, b->traps[i].pos) &&
              a->traps[i].has_fall == b->traps[i].has_fall &&
              (!a->traps[i].has_fall || same_pos(a->traps[i].fall, b->traps[i].fall)) &&
              a->traps[i].damage == b->traps[i].damage);
}

static void compare_rest(const Mission *a, const Mission *b)
{
    /* the topology (hex, square8 and its ratio) and the doors' sides */
    const Grid *ga = board_grid(a->board), *gb = board_grid(b->board);
    CHECK(ga->topology == gb->topology && ga->diag_num == gb->diag_num &&
          ga->diag_den == gb->diag_den && ga->hex_even == gb->hex_even);
    CHECK_INT(b->door_count, a->door_count);
    for (size_t i = 0; i < a->door_count && i < b->door_count; i++)
        CHECK(same_pos(a->doors[i].pos, b->doors[i].pos) && a->doors[i].side == b->doors[i].side);
    CHECK_INT(b->treasure_count, a->treasure_count);
    for (size_t i = 0; i < a->treasure_count && i < b->treasure_count; i++) {
        const MissionTreasure *x = &a->treasure[i], *y = &b->treasure[i];
        CHECK(strcmp(x->id, y->id) == 0 && strcmp(x->name, y->name) == 0 && x->kind == y->kind &&
              x->amount == y->amount && strcmp(x->furniture, y->furniture) == 0 &&
              x->room == y->room && same_pos(x->pos, y->pos));
    }
    CHECK_INT(b->objective_count, a->objective_count);
    for (size_t i = 0; i < a->objective_count && i < b->objective_count; i++) {
        const MissionObjective *x = &a->objectives[i], *y = &b->objectives[i];
        CHECK(x->kind == y->kind && strcmp(x->target, y->target) == 0 &&
              strcmp(x->text, y->text) == 0);
        if (x->kind == OBJECTIVE_REACH_SQUARE || x->kind == OBJECTIVE_REACH_ROOM)
            CHECK(same_pos(x->pos, y->pos));
    }
    CHECK_INT(b->note_count, a->note_count);
    for (size_t i = 0; i < a->note_count && i < b->note_count; i++)
        CHECK(strcmp(a->notes[i].label, b->notes[i].label) == 0 &&
              same_pos(a->notes[i].pos, b->notes[i].pos) &&
              strcmp(a->notes[i].text, b->notes[i].text) == 0);
    CHECK_INT(b->palette_count, a->palette_count);
    for (size_t i = 0; i < a->palette_count && i < b->palette_count; i++)
        CHECK(a->palette[i].rgb == b->palette[i].rgb &&
              a->palette[i].has_type == b->palette[i].has_type &&
              strcmp(a->palette[i].name, b->palette[i].name) == 0 &&
              /* corridor=, sealed= and area= were once left out */
              a->palette[i].has_corridor == b->palette[i].has_corridor &&
              a->palette[i].corridor == b->palette[i].corridor &&
              a->palette[i].sealed == b->palette[i].sealed &&
              strcmp(a->palette[i].area, b->palette[i].area) == 0 &&
              a->palette[i].cost == b->palette[i].cost);
    /* the rules as written: where they stood in the file may change */
    MissionRules ra = a->rules, rb = b->rules;
    ra.line = rb.line = 0;
    memset(ra.hero_lines, 0, sizeof ra.hero_lines);
    memset(rb.hero_lines, 0, sizeof rb.hero_lines);
    CHECK(memcmp(&ra, &rb, sizeof ra) == 0);
    CHECK(strcmp(a->id, b->id) == 0 && strcmp(a->name, b->name) == 0 &&
          strcmp(a->briefing, b->briefing) == 0);
    CHECK(a->seed == b->seed);
    CHECK_INT(catalogue_count(b->catalogue), catalogue_count(a->catalogue));
    for (size_t i = 0; i < catalogue_count(a->catalogue); i++) {
        const PieceType *x = catalogue_at(a->catalogue, i);
        const PieceType *y = catalogue_find(b->catalogue, x->id);
        CHECK(y && x->kind == y->kind && x->body == y->body && x->attack == y->attack &&
              x->flags == y->flags && strcmp(x->sprite, y->sprite) == 0);
    }
}

/* path, written and read back, is the same mission; written again, the
 * same text. */
static void round_trip(const char *path)
{
    Mission *a = load(path);
    CHECK(a != NULL);
    if (!a)
        return;
    uint8_t *png = NULL;
    size_t png_size = 0;
    char err[256];
    CHECK(fileio_read(a->bitmap_path, 1u << 26, &png, &png_size, err, sizeof err));
    MissionText text;
    mission_write_xml(a, base, "board.png", &text);
    CHECK_INT(strlen(text.xml), text.size);
    MissionLoadOptions opts = {.catalogue_path = catalogue_path, .catalogue = base};
    ErrorList errs;
    errors_init(&errs, 0);
    Mission *b = mission_load_memory(path, (const uint8_t *)text.xml, text.size, png, png_size,
                                     &opts, &errs);
    if (!b) {
        fprintf(stderr, "%s written as:\n%s", path, text.xml);
        errors_print(&errs, stderr);
    }
    CHECK(b != NULL);
    if (b) {
        compare_placements(a, b);
        compare_rest(a, b);
        MissionText again;
        mission_write_xml(b, base, "board.png", &again);
        CHECK(strcmp(text.xml, again.xml) == 0);
        mission_text_free(&again);
    }
    errors_clear(&errs);
    mission_text_free(&text);
    mission_destroy(a);
    mission_destroy(b);
    free(png);
}

/* Each placement's output line names the line it came from. */
static void test_line_map(void)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/missions/good.xml", getenv("TEST_DATA"));
    Mission *m = load(path);
    CHECK(m != NULL);
    if (!m)
        return;
    MissionText text;
    mission_write_xml(m, base, "board.png", &text);
    int boss_line = 0, line = 1;
    for (const char *p = text.xml; *p; p++) {
        if (strncmp(p, "<monster id=\"boss\"", 18) == 0)
            boss_line = line;
        line += *p == '\n';
    }
    CHECK(boss_line > 0);
    CHECK_INT(mission_text_source_line(&text, boss_line), 14);
    CHECK_INT(mission_text_source_line(&text, 2), 2); /* <mission> */
    CHECK_INT(mission_text_source_line(&text, 0), 0);
    CHECK_INT(mission_text_source_line(&text, 100000), 0);
    CHECK_INT(text.line_count, (size_t)(line - 1));
    /* Types the mission shares with the catalogue are not repeated. */
    CHECK_STR_CONTAINS(text.xml, "<monster id=\"boss_orc\"");
    CHECK(strstr(text.xml, "id=\"goblin\"") == NULL);
    mission_text_free(&text);
    mission_destroy(m);
}

int main(void)
{
    const char *data = getenv("QUESTBOARD_DATA"), *tests = getenv("TEST_DATA");
    snprintf(catalogue_path, sizeof catalogue_path, "%s/assets/pieces.xml", data);
    ErrorList errs;
    errors_init(&errs, 0);
    base = catalogue_load(catalogue_path, &errs);
    CHECK(base != NULL);
    errors_clear(&errs);
    static const char *const fixtures[] = {"good.xml", "notes.xml", "traps.xml"};
    static const char *const bundled[] = {"first-light", "bone-orchard", "the-drowned-archive",
                                            "the-ember-hive", "the-leaning-nave"};
    char path[1024];
    for (size_t i = 0; i < sizeof fixtures / sizeof *fixtures; i++) {
        snprintf(path, sizeof path, "%s/missions/%s", tests, fixtures[i]);
        round_trip(path);
    }
    for (size_t i = 0; i < sizeof bundled / sizeof *bundled; i++) {
        snprintf(path, sizeof path, "%s/missions/%s/mission.xml", data, bundled[i]);
        round_trip(path);
    }
    test_line_map();
    catalogue_destroy(base);
    return check_finish("mission_write");
}
