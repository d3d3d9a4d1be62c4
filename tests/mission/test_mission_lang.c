/* A mission's texts in several languages (mission_lang.h, <translations>
 * with xml:lang): the player's language is shown when the mission has it,
 * else the untagged text; a translation of an objective the mission lacks,
 * a second one in the same language and one without a language are
 * refused naming the line, as is a room's name for a colour the palette
 * lacks; the editor's writer keeps every translation.
 * Also the bundled missions, which carry German. */
#define _POSIX_C_SOURCE 200809L
#include "check.h"
#include "core/fileio.h"
#include "core/i18n.h"
#include "mission/mission.h"
#include "mission/mission_lang.h"
#include "mission/mission_write.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The same text (NULL counts as ""). */
#define CHECK_SAME(got, want) CHECK(strcmp((got) ? (got) : "", (want)) == 0)

static char catalogue_path[1024];
static uint8_t *png;
static size_t png_size;

static const char MISSION[] =
    "<?xml version=\"1.0\"?>\n"
    "<mission id=\"lang\" version=\"1\">\n"
    "  <name>The Cellar</name>\n"
    "  <briefing>Go down.</briefing>\n"
    "  <board bitmap=\"board.png\"/><palette><colour rgb=\"#ffffff\" name=\"Corridor\"/></palette>\n"
    "  <heroes><hero type=\"barbarian\" x=\"1\" y=\"1\"/></heroes>\n"
    "  <exits><square x=\"2\" y=\"1\"/></exits>\n"
    "  <objectives><escape text=\"Leave again\"/></objectives>"
    "<treasures><treasure name=\"A rusty key\" kind=\"gold\" amount=\"1\" x=\"1\" y=\"1\"/></treasures>\n"
    "  <translations>\n"
    "    <name xml:lang=\"de\">Der Keller</name>\n"
    "    <objective n=\"1\" xml:lang=\"de\" text=\"Geh wieder hinaus\"/>\n"
    "    <name xml:lang=\"fr\">La Cave</name><colour rgb=\"#FFFFFF\" xml:lang=\"de\" name=\"Gang\"/>\n"
    "%s"
    "  </translations>\n"
    "</mission>\n";

/* MISSION with extra lines in <translations>, loaded from memory. */
static Mission *load(const char *extra, ErrorList *errs)
{
    char xml[4096];
    snprintf(xml, sizeof xml, MISSION, extra);
    MissionLoadOptions opts = {.catalogue_path = catalogue_path};
    errors_init(errs, 0);
    Mission *m = mission_load_memory("lang.xml", (const uint8_t *)xml, strlen(xml), png, png_size, &opts, errs);
    if (!m && !extra[0])
        for (size_t i = 0; i < errs->count; i++)
            fprintf(stderr, "  (%s)\n", errs->items[i]);
    return m;
}

static void test_choice(void)
{
    ErrorList errs;
    Mission *m = load("", &errs);
    CHECK(m != NULL);
    if (!m)
        return;
    CHECK_INT(m->translation_count, 4);
    i18n_set_language("de");
    CHECK_SAME(mission_lang_text(m, MISSION_TR_NAME, 0), "Der Keller");
    /* a room's name by its colour */
    CHECK_SAME(mission_lang_text(m, MISSION_TR_ROOM, 0xffffff), "Gang");
    CHECK_SAME(mission_lang_text(m, MISSION_TR_ROOM, 0x123456), "");
    CHECK_SAME(mission_lang_text(m, MISSION_TR_OBJECTIVE, 0), "Geh wieder hinaus");
    CHECK_SAME(mission_lang_text(m, MISSION_TR_BRIEFING, 0), "Go down."); /* none in German */
    i18n_set_language("fr");
    CHECK_SAME(mission_lang_text(m, MISSION_TR_NAME, 0), "La Cave");
    CHECK_SAME(mission_lang_text(m, MISSION_TR_ROOM, 0xffffff), "Corridor"); /* none in French */
    CHECK_SAME(mission_lang_text(m, MISSION_TR_OBJECTIVE, 0), "Leave again");
    i18n_set_language("en");
    CHECK_SAME(mission_lang_text(m, MISSION_TR_NAME, 0), "The Cellar");
    i18n_set_language("");
    CHECK_SAME(mission_lang_text(m, MISSION_TR_NAME, 0), "The Cellar");
    CHECK_SAME(m->name, "The Cellar"); /* the mission's own text stays */
    mission_destroy(m);
    errors_clear(&errs);
    CHECK(i18n_lang_matches("de-AT", "de") && i18n_lang_matches("DE", "de"));
    CHECK(!i18n_lang_matches("deu", "de") && !i18n_lang_matches("", "de"));
}

static void refused(const char *extra, const char *want)
{
    ErrorList errs;
    Mission *m = load(extra, &errs);
    CHECK(m == NULL);
    CHECK_STR_CONTAINS(errs.count ? errs.items[0] : "", want);
    mission_destroy(m);
    errors_clear(&errs);
}

static void test_refused(void)
{
    refused("    <treasure n=\"2\" xml:lang=\"de\" name=\"Zwei\"/>\n",
            "lang.xml:13: <treasure n=\"2\">: the mission has 1 treasure");
    refused("    <objective n=\"2\" xml:lang=\"de\" text=\"Zwei\"/>\n",
            "lang.xml:13: <objective n=\"2\">: the mission has 1 objective");
    refused("    <name xml:lang=\"DE\">Noch ein Keller</name>\n",
            "lang.xml:13: a second <name> in 'DE' (the first is on line 10)");
    refused("    <name>Ohne Sprache</name>\n", "lang.xml:13: <name> in <translations> has no xml:lang");
    refused("    <title xml:lang=\"de\">Titel</title>\n", "lang.xml:13:"); /* the schema */
    refused("    <colour rgb=\"#123456\" xml:lang=\"de\" name=\"Nirgends\"/>\n",
            "lang.xml:13: <colour rgb=\"#123456\"> in <translations>: the palette has no such colour");
    refused("    <colour rgb=\"#ffffff\" xml:lang=\"de\" name=\"Flur\"/>\n",
            "lang.xml:13: a second <colour> in 'de' (the first is on line 12)");
}

/* The writer keeps the translations: written, read back, the same. */
static void test_round_trip(void)
{
    ErrorList errs;
    Mission *m = load("    <briefing xml:lang=\"de\">Geh &amp; \"komm\" wieder.</briefing>\n"
                      "    <treasure n=\"1\" xml:lang=\"de\" name=\"Ein rostiger Schlüssel\"/>\n",
                      &errs);
    CHECK(m != NULL);
    if (!m)
        return;
    MissionText t;
    mission_write_xml(m, NULL, "board.png", &t);
    CHECK(strstr(t.xml, "<translations>") != NULL);
    MissionLoadOptions opts = {.catalogue_path = catalogue_path};
    ErrorList errs2;
    errors_init(&errs2, 0);
    Mission *back = mission_load_memory("back.xml", (const uint8_t *)t.xml, t.size, png, png_size, &opts, &errs2);
    CHECK(back != NULL);
    if (back) {
        CHECK_INT(back->translation_count, 6);
        i18n_set_language("de");
        CHECK_SAME(mission_lang_text(back, MISSION_TR_ROOM, 0xffffff), "Gang");
        CHECK_SAME(mission_lang_text(back, MISSION_TR_BRIEFING, 0), "Geh & \"komm\" wieder.");
        CHECK_SAME(mission_lang_text(back, MISSION_TR_OBJECTIVE, 0), "Geh wieder hinaus");
        /* a treasure's name by its place in <treasures> */
        CHECK_SAME(mission_lang_text(back, MISSION_TR_TREASURE, 0), "Ein rostiger Schlüssel");
        i18n_set_language("fr");
        CHECK_SAME(mission_lang_text(back, MISSION_TR_TREASURE, 0), "A rusty key");
        i18n_set_language("de");
    }
    mission_destroy(back);
    errors_clear(&errs2);
    mission_text_free(&t);
    mission_destroy(m);
    errors_clear(&errs);
}

/* Every bundled mission names itself in German, and its objectives too. */
static void test_bundled(void)
{
    static const char *const ids[] = {"first-light", "bone-orchard", "the-drowned-archive", "the-ember-hive",
                                      "the-leaning-nave", "campaigns/ashen-crown/1-toll-house",
                                      "campaigns/ashen-crown/2-sunken-chapel", "campaigns/ashen-crown/3-kel-durn",
                                      "campaigns/ashen-crown/4-star-tower", "campaigns/ashen-crown/5-ashen-throne"};
    for (size_t i = 0; i < sizeof ids / sizeof *ids; i++) {
        char path[1200];
        snprintf(path, sizeof path, "%s/missions/%s/mission.xml", getenv("QUESTBOARD_DATA"), ids[i]);
        MissionLoadOptions opts = {.catalogue_path = catalogue_path};
        ErrorList errs;
        errors_init(&errs, 0);
        Mission *m = mission_load(path, &opts, &errs);
        CHECK(m != NULL);
        if (!m) {
            fprintf(stderr, "%s: %s\n", ids[i], errs.count ? errs.items[0] : "");
            errors_clear(&errs);
            continue;
        }
        i18n_set_language("de");
        const char *de = mission_lang_text(m, MISSION_TR_NAME, 0);
        if (strcmp(de, m->name) == 0)
            fprintf(stderr, "%s has no German name\n", ids[i]);
        CHECK(strcmp(de, m->name) != 0);
        /* the lists (picker, campaign) read the name without loading: the same */
        char listed[256];
        mission_file_name(path, listed, sizeof listed);
        CHECK(strcmp(listed, de) == 0);
        CHECK(strcmp(mission_lang_text(m, MISSION_TR_BRIEFING, 0), m->briefing) != 0);
        for (size_t k = 0; k < m->objective_count; k++)
            CHECK(strcmp(mission_lang_text(m, MISSION_TR_OBJECTIVE, (int)k), m->objectives[k].text) != 0);
        /* and its rooms (the hover box and narration say them) */
        for (size_t k = 0; k < m->palette_count; k++) {
            bool found = !m->palette[k].name[0]; /* ("Atrium" is German too: found, not different) */
            for (size_t t = 0; t < m->translation_count; t++) {
                const MissionTranslation *tr = &m->translations[t];
                found |= tr->kind == MISSION_TR_ROOM && tr->index == (int)m->palette[k].rgb &&
                         i18n_lang_matches(tr->lang, "de");
            }
            if (!found)
                fprintf(stderr, "%s: room %s has no German name\n", ids[i], m->palette[k].name);
            CHECK(found);
        }
        mission_destroy(m);
        errors_clear(&errs);
    }
}

int main(void)
{
    snprintf(catalogue_path, sizeof catalogue_path, "%s/assets/pieces.xml", getenv("QUESTBOARD_DATA"));
    char path[1200], err[256];
    snprintf(path, sizeof path, "%s/missions/board.png", getenv("TEST_DATA"));
    if (!fileio_read(path, 1 << 20, &png, &png_size, err, sizeof err)) {
        fprintf(stderr, "%s\n", err);
        return 1;
    }
    test_choice();
    test_refused();
    test_round_trip();
    test_bundled();
    free(png);
    return check_finish("mission_lang");
}
