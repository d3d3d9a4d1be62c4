/* HeroScribe objectives as quests write them (issue 25, item 13), on
 * original fixtures in tests/data/heroscribe: a foe named in an
 * apposition ("destroy Verag, a hulking Gargoyle") and one whose stats
 * and figure the notes give become monster types of their own and the
 * kill objectives' targets; "will find 84 gold coins" is gold, not an
 * item to find (and is counted once); a rescue quest entered and left by
 * doors on the board's edge starts at its way in, not at (1,1), and is
 * left by its way out. Each objective keeps the sentence it came from.
 * Before this the first quest had one objective, "Find the 84 gold
 * coins", besides leaving; the second "Find the 60 gold coins inside
 * this chest", two edge doors dropped as slips and its heroes at (1,1). */
#include "check.h"
#include "core/fileio.h"
#include "mission/heroscribe.h"
#include "mission/mission.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char catalogue_path[1024];
static const char *data_dir;

static Mission *load(const char *file, HeroscribeImport *imp, Catalogue **cat)
{
    char path[1024], err[256];
    snprintf(path, sizeof path, "%s/heroscribe/%s", data_dir, file);
    uint8_t *data = NULL;
    size_t size = 0;
    CHECK(fileio_read(path, 1 << 20, &data, &size, err, sizeof err));
    ErrorList errs;
    errors_init(&errs, 0);
    *cat = catalogue_load(catalogue_path, &errs);
    CHECK(*cat != NULL);
    CHECK(heroscribe_convert(path, data, size, *cat, imp, &errs));
    MissionLoadOptions opts = {.catalogue_path = catalogue_path, .catalogue = *cat};
    Mission *m = heroscribe_load(path, data, size, &opts, &errs);
    errors_print(&errs, stderr);
    CHECK(m != NULL);
    errors_clear(&errs);
    free(data);
    return m;
}

static const MissionMonster *monster(const Mission *m, const char *id)
{
    for (size_t i = 0; i < m->monster_count; i++)
        if (strcmp(m->monsters[i].id, id) == 0)
            return &m->monsters[i];
    return NULL;
}

static void test_bell(void)
{
    HeroscribeImport imp;
    Catalogue *cat;
    Mission *m = load("bell-of-ashgrove.xml", &imp, &cat);
    if (!m)
        return;
    /* Verag: the apposition's Gargoyle, with the Gargoyle's stats */
    const MissionMonster *verag = monster(m, "verag");
    CHECK(verag && verag->pos.x == 6 && verag->pos.y == 15);
    const PieceType *vt = verag ? catalogue_find(m->catalogue, verag->type) : NULL;
    const PieceType *gargoyle = catalogue_find(cat, "gargoyle");
    CHECK(vt && gargoyle && strcmp(vt->name, "Verag") == 0);
    CHECK(vt && gargoyle && vt->attack == gargoyle->attack && vt->body == gargoyle->body &&
          strcmp(vt->sprite, gargoyle->sprite) == 0);
    /* Skarn: the notes' stats, on the Orc in the room of note C */
    const MissionMonster *skarn = monster(m, "skarn");
    CHECK(skarn && skarn->pos.x == 18 && skarn->pos.y == 11);
    const PieceType *st = skarn ? catalogue_find(m->catalogue, skarn->type) : NULL;
    CHECK(st && strcmp(st->name, "Skarn") == 0 && st->move == 9 && st->attack == 4 &&
          st->defend == 4 && st->body == 3 && st->mind == 2);
    /* the other orc stays an orc */
    int orcs = 0;
    for (size_t i = 0; i < m->monster_count; i++)
        orcs += strcmp(m->monsters[i].type, "orc") == 0;
    CHECK_INT(orcs, 1);
    /* kill Verag, kill Skarn, leave; no find for the gold */
    CHECK_INT(m->objective_count, 3);
    CHECK(m->objective_count == 3 && m->objectives[0].kind == OBJECTIVE_KILL &&
          strcmp(m->objectives[0].target, "verag") == 0 &&
          strcmp(m->objectives[0].text, "Kill Verag") == 0);
    CHECK(m->objective_count == 3 && m->objectives[1].kind == OBJECTIVE_KILL &&
          strcmp(m->objectives[1].target, "skarn") == 0);
    CHECK(m->objective_count == 3 && m->objectives[2].kind == OBJECTIVE_ESCAPE);
    /* the gold once: 84 coins in the weapons rack's room */
    int gold = 0;
    for (size_t i = 0; i < m->treasure_count; i++) {
        CHECK(m->treasure[i].kind == TREASURE_GOLD);
        gold += m->treasure[i].amount;
    }
    CHECK_INT(gold, 84);
    /* the sentences the objectives came from */
    CHECK_INT(imp.source_count, 3);
    if (imp.source_count == 3) {
        CHECK_STR_CONTAINS(imp.sources[0].sentence, "destroy Verag, a hulking Gargoyle who broke");
        CHECK_STR_CONTAINS(imp.sources[1].sentence, "slay Skarn before you return");
        CHECK(imp.sources[2].sentence == NULL);
    }
    CHECK_INT(m->load_warning_count, 0);
    mission_destroy(m);
    heroscribe_free(&imp);
    catalogue_destroy(cat);
}

static void test_rescue(void)
{
    HeroscribeImport imp;
    Catalogue *cat;
    Mission *m = load("millers-daughter.xml", &imp, &cat);
    if (!m)
        return;
    /* in by the DoorIn on the west edge (row 10), out by the DoorOut on
     * the south edge (column 14) */
    CHECK_INT(m->hero_count, 4);
    CHECK(m->hero_count && m->heroes[0].pos.x == 0 && m->heroes[0].pos.y == 9);
    for (size_t i = 0; i < m->hero_count; i++)
        CHECK(abs(m->heroes[i].pos.x) + abs(m->heroes[i].pos.y - 9) <= 1);
    CHECK_INT(m->exit_count, 1);
    CHECK(m->exit_count == 1 && m->exits[0].pos.x == 13 && m->exits[0].pos.y == 18);
    CHECK_INT(m->objective_count, 1);
    CHECK(m->objective_count == 1 && m->objectives[0].kind == OBJECTIVE_ESCAPE &&
          strcmp(m->objectives[0].text, "Leave the dungeon by the door out") == 0);
    CHECK_INT(m->treasure_count, 1);
    CHECK(m->treasure_count == 1 && m->treasure[0].kind == TREASURE_GOLD &&
          m->treasure[0].amount == 60);
    /* no slip, no "no stairway" */
    for (size_t i = 0; i < m->load_warning_count; i++)
        fprintf(stderr, "unexpected: %s\n", m->load_warnings[i]);
    CHECK_INT(m->load_warning_count, 0);
    mission_destroy(m);
    heroscribe_free(&imp);
    catalogue_destroy(cat);
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
    test_bell();
    test_rescue();
    return check_finish("heroscribe_goals");
}
