/* The generator's texts in German (issue 27): assets/generator.xml
 * carries every entry's German (<lang xml:lang="de">), the generator picks
 * it with the same draw as the English and writes it into the mission's
 * <translations>. Checked here: bad data named by file and line (a German
 * text missing or given twice, a form a template asks for missing, an
 * unknown placeholder); a fixed seed's German name, objectives, key and
 * rooms word for word; many seeds of every style whose German texts keep
 * no word only the English data has; and the same XML whatever the
 * player's language. */
#define _POSIX_C_SOURCE 200809L
#include "check.h"
#include "core/alloc.h"
#include "core/fileio.h"
#include "core/i18n.h"
#include "gen/gen.h"
#include "mission/mission.h"
#include "mission/mission_lang.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* a and b the same text, both shown when not */
#define CHECK_STR(a, b)                                                                       \
    do {                                                                                      \
        const char *a_ = (a), *b_ = (b);                                                      \
        if (strcmp(a_, b_) != 0)                                                              \
            fprintf(stderr, "%s:%d: '%s' is not '%s'\n", __FILE__, __LINE__, a_, b_);          \
        CHECK(strcmp(a_, b_) == 0);                                                           \
    } while (0)

static char root[1024], cat_path[1200], data_path[1200];
static Catalogue *cat;
static GenData *data;

/* --- bad data -------------------------------------------------------------- */

/* One folder with the schemas for every changed copy: the loader keeps
 * each schema it compiles by its path (a few of them), so one path. */
static char dir[] = "/tmp/qb-genlang-XXXXXX";

/* The bundled data with `from` replaced by `to`, loaded from a folder that
 * holds the schemas too: its errors, all in one string. */
static char *load_changed(const char *from, const char *to)
{
    char dst[1200];
    uint8_t *bytes = NULL;
    size_t size = 0;
    char err[256];
    CHECK(fileio_read(data_path, 1 << 20, &bytes, &size, err, sizeof err));
    char *text = (char *)bytes, *at = strstr(text, from);
    CHECK(at != NULL);
    char *changed = xmalloc(size + strlen(to) + 1, 1);
    snprintf(changed, size + strlen(to) + 1, "%.*s%s%s", (int)(at - text), text, to, at + strlen(from));
    snprintf(dst, sizeof dst, "%s/generator.xml", dir);
    FILE *f = fopen(dst, "wb");
    fputs(changed, f);
    fclose(f);
    ErrorList errs;
    errors_init(&errs, 0);
    GenData *d = gendata_load(dst, &errs);
    CHECK(d == NULL);
    gendata_destroy(d);
    size_t n = 1;
    for (size_t i = 0; i < errs.count; i++)
        n += strlen(errs.items[i]) + 1;
    char *all = xcalloc(n, 1);
    for (size_t i = 0; i < errs.count; i++)
        strcat(strcat(all, errs.items[i]), "\n");
    errors_clear(&errs);
    free(changed);
    free(bytes);
    return all;
}

/* The line of the data file where `s` first stands. */
static int line_of(const char *s)
{
    uint8_t *bytes = NULL;
    size_t size = 0;
    char err[256];
    if (!fileio_read(data_path, 1 << 20, &bytes, &size, err, sizeof err))
        return 0;
    const char *at = strstr((const char *)bytes, s);
    int line = 1;
    for (const char *p = (const char *)bytes; at && p < at; p++)
        line += *p == '\n';
    free(bytes);
    return at ? line : 0;
}

static void check_said(const char *from, const char *to, int line, const char *what)
{
    char *e = load_changed(from, to), place[64];
    snprintf(place, sizeof place, "generator.xml:%d:", line);
    CHECK_STR_CONTAINS(e, place);
    CHECK_STR_CONTAINS(e, what);
    free(e);
}

static void test_bad_data(void)
{
    char cmd[4096];
    CHECK(mkdtemp(dir) != NULL);
    snprintf(cmd, sizeof cmd, "cp '%s/assets/generator.xsd' '%s/assets/common.xsd' '%s/assets/xml.xsd' '%s'",
             root, root, root, dir);
    CHECK(system(cmd) == 0);
    /* the rock's German left out: the terrain's own line */
    check_said("    <lang xml:lang=\"de\" text=\"Fels\"/>\n", "", line_of("<terrain id=\"rock\""),
               "<terrain> has no <lang xml:lang=\"de\">");
    /* given twice */
    check_said("<lang xml:lang=\"de\" text=\"Fels\"/>",
               "<lang xml:lang=\"de\" text=\"Fels\"/><lang xml:lang=\"de\" text=\"Stein\"/>",
               line_of("<lang xml:lang=\"de\" text=\"Fels\"/>"), "<terrain> has a second <lang xml:lang=\"de\">");
    /* the crypt's "zur Gruft" missing, which the key's text asks for */
    check_said(" to=\"zur Gruft\"", "", line_of("text=\"Gruft\""), "has no to=\"...\"");
    char *e = load_changed(" to=\"zur Gruft\"", "");
    char goal[64];
    snprintf(goal, sizeof goal, "line %d asks for as {room.to}", line_of("{room.to}"));
    CHECK_STR_CONTAINS(e, goal);
    free(e);
    /* a place without the nominative the quest's name is made of */
    check_said(" nom=\"der {adj}e Bergfried\"", "", line_of("text=\"Bergfried\""), "the quest's name is made of");
    /* an unknown placeholder, and an unknown form */
    check_said("Der Schlüssel {room.to}", "Der Schlüssel {raum.to}", line_of("Der Schlüssel {room.to}"), "{raum.to}");
    check_said("Der Schlüssel {room.to}", "Der Schlüssel {room.zu}", line_of("Der Schlüssel {room.to}"), "{room.zu}");
    /* a word with only its German */
    check_said(">Sunken<lang", "><lang", line_of(">Sunken<lang"), "<word> needs a text");
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    CHECK(system(cmd) == 0);
}

/* --- the texts --------------------------------------------------------------- */

static bool generate(GenStyle style, uint64_t seed, GenResult *r)
{
    GenOptions o = gen_default_options();
    o.style = style;
    o.seed = seed;
    GenSources src = {data, cat, cat_path};
    ErrorList errs;
    errors_init(&errs, 0);
    bool ok = gen_generate(&o, &src, r, &errs);
    errors_print(&errs, stderr);
    errors_clear(&errs);
    return ok;
}

static const char *de(const Mission *m, MissionTrKind kind, int index)
{
    i18n_set_language("de");
    const char *s = mission_lang_text(m, kind, index);
    i18n_set_language("en");
    return s ? s : "";
}

static void test_fixed_seed(void)
{
    GenResult r;
    CHECK(generate(GEN_STYLE_DUNGEON, 7, &r));
    const Mission *m = r.mission;
    CHECK_STR(m->name, "The Drowned Cellars of Vorlag");
    CHECK_STR(de(m, MISSION_TR_NAME, 0), "Die Überfluteten Keller von Vorlag");
    CHECK_STR(de(m, MISSION_TR_BRIEFING, 0),
              "Ein Dieb hat das Horn der Beschwörung an den Chaos-Champion verkauft. Das Artefakt liegt nun "
              "in den Überfluteten Kellern von Vorlag. Durchsucht die Gruft danach und kehrt zurück, bevor "
              "die Spur erkaltet.");
    CHECK_INT((long long)m->objective_count, 2);
    CHECK_STR(de(m, MISSION_TR_OBJECTIVE, 0), "Holt das Horn der Beschwörung aus der Gruft");
    CHECK_STR(de(m, MISSION_TR_OBJECTIVE, 1),
              "Kehrt auf dem Weg zurück, auf dem ihr gekommen seid, und verlasst den Ort");
    CHECK_STR(de(m, MISSION_TR_TREASURE, 0), "Das Horn der Beschwörung");
    CHECK_STR(de(m, MISSION_TR_ROOM, 0x55555f), "Gruft");
    CHECK_STR(de(m, MISSION_TR_ROOM, 0xffffff), "Gang");
    /* the English as it was */
    CHECK_STR(m->objectives[0].text, "Recover The Horn of Summoning from the Crypt");
    gen_result_free(&r);
}

/* The words of a text, one by one (letters, digits, apostrophes). */
static const char *next_word(const char *p, char *w, size_t size)
{
    while (*p && !(isalnum((unsigned char)*p) || (*p & 0x80)))
        p++;
    size_t n = 0;
    while (*p && (isalnum((unsigned char)*p) || (*p & 0x80) || *p == '\'' || *p == '-')) {
        if (n + 1 < size)
            w[n++] = *p;
        p++;
    }
    w[n] = '\0';
    return n ? p : NULL;
}

#define WORDS_MAX 2000
static char english_only[WORDS_MAX][48];
static int english_count;

static bool in_text(const char *text, const char *word)
{
    char w[48];
    for (const char *p = next_word(text, w, sizeof w); p; p = next_word(p, w, sizeof w))
        if (strcmp(w, word) == 0)
            return true;
    return false;
}

/* Every word of the English data that no German text of it has. */
static void add_english(const char *text, const char *german)
{
    char w[48];
    for (const char *p = next_word(text, w, sizeof w); p; p = next_word(p, w, sizeof w)) {
        bool known = strcmp(w, "boss") == 0 || strcmp(w, "item") == 0 || strcmp(w, "captive") == 0 ||
                     strcmp(w, "room") == 0 || strcmp(w, "place") == 0 || in_text(german, w);
        for (int i = 0; i < english_count && !known; i++)
            known = strcmp(english_only[i], w) == 0;
        if (!known && english_count < WORDS_MAX)
            snprintf(english_only[english_count++], sizeof english_only[0], "%s", w);
    }
}

/* All German of the data in one text, then the English-only words. */
static void collect_words(void)
{
    size_t cap = 1 << 20, len = 0;
    char *german = xcalloc(cap, 1);
    const struct {
        GenEntry e;
        int count;
    } kinds[] = {{GEN_ENTRY_TERRAIN, GEN_TERRAIN_COUNT},
                 {GEN_ENTRY_THEME, gendata_theme_count(data)},
                 {GEN_ENTRY_BOSS, gendata_boss_count(data)},
                 {GEN_ENTRY_ARTIFACT, gendata_artifact_count(data)},
                 {GEN_ENTRY_CAPTIVE, gendata_captive_count(data)},
                 {GEN_ENTRY_WORD, gendata_word_count(data)},
                 {GEN_ENTRY_GOAL, gendata_goal_count(data)}};
    CHECK_INT(gendata_lang_count(data), 1);
    CHECK_STR(gendata_lang(data, 0), "de");
    for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++)
        for (int i = 0; i < kinds[k].count; i++) {
            const GenSay *s = gendata_say(data, kinds[k].e, i, 0);
            for (int f = 0; f < GEN_FORM_COUNT; f++)
                len += (size_t)snprintf(german + len, cap - len, "%s ", s->form[f]);
            len += (size_t)snprintf(german + len, cap - len, "%s ", s->briefing);
        }
    for (int t = 0; t < GEN_TERRAIN_COUNT; t++)
        add_english(gendata_terrain(data, (GenTerrain)t)->name, german);
    for (int i = 0; i < gendata_theme_count(data); i++)
        add_english(gendata_theme(data, i)->name, german);
    for (int i = 0; i < gendata_boss_count(data); i++)
        add_english(gendata_boss(data, i)->name, german);
    for (int i = 0; i < gendata_artifact_count(data); i++)
        add_english(gendata_artifact(data, i), german);
    for (int i = 0; i < gendata_captive_count(data); i++)
        add_english(gendata_captive(data, i), german);
    for (int i = 0; i < gendata_word_count(data); i++)
        add_english(gendata_word(data, i)->text, german);
    for (int i = 0; i < gendata_goal_count(data); i++) {
        add_english(gendata_goal(data, i)->text, german);
        add_english(gendata_goal(data, i)->briefing, german);
    }
    free(german);
    /* and English's small words, should a German text take them over */
    static const char *const SMALL[] = {"the", "The", "of", "and", "to", "from", "through", "with",
                                        "Escape", "Find", "Free", "Slay", "Defeat", "Recover", "Return"};
    for (size_t i = 0; i < sizeof SMALL / sizeof SMALL[0]; i++)
        add_english(SMALL[i], "");
    /* the check can fail: the English data has words German lacks */
    CHECK(english_count > 100);
}

static bool all_german(const char *text, const char *what, GenStyle style, uint64_t seed)
{
    CHECK(text && text[0]);
    for (int i = 0; text && i < english_count; i++)
        if (in_text(text, english_only[i])) {
            fprintf(stderr, "%s seed %llu: %s '%s' has the English '%s'\n", gen_style_name(style),
                    (unsigned long long)seed, what, text, english_only[i]);
            return false;
        }
    return true;
}

/* The key's German: "Der Schlüssel zum/zur <a theme's German name>", the
 * contraction that theme's own to="..." gives. */
static bool key_german(const char *name)
{
    const char *prefix = "Der Schlüssel ";
    if (strncmp(name, prefix, strlen(prefix)) != 0)
        return false;
    for (int i = 0; i < gendata_theme_count(data); i++)
        if (strcmp(gendata_say(data, GEN_ENTRY_THEME, i, 0)->form[GEN_FORM_TO], name + strlen(prefix)) == 0)
            return true;
    return false;
}

static void test_many(GenStyle style)
{
    int keys = 0;
    for (uint64_t seed = 1; seed <= 60; seed++) {
        GenResult r;
        if (!generate(style, seed, &r)) {
            CHECK(false);
            continue;
        }
        const Mission *m = r.mission;
        /* a text of its own, not the English copied */
        CHECK(strcmp(de(m, MISSION_TR_NAME, 0), m->name) != 0);
        CHECK(strcmp(de(m, MISSION_TR_BRIEFING, 0), m->briefing) != 0);
        for (size_t i = 0; i < m->objective_count; i++)
            CHECK(strcmp(de(m, MISSION_TR_OBJECTIVE, (int)i), m->objectives[i].text) != 0);
        for (size_t i = 0; i < m->palette_count; i++)
            CHECK(strcmp(de(m, MISSION_TR_ROOM, (int)m->palette[i].rgb), m->palette[i].name) != 0);
        CHECK(all_german(de(m, MISSION_TR_NAME, 0), "name", style, seed));
        CHECK(all_german(de(m, MISSION_TR_BRIEFING, 0), "briefing", style, seed));
        for (size_t i = 0; i < m->objective_count; i++)
            CHECK(all_german(de(m, MISSION_TR_OBJECTIVE, (int)i), "objective", style, seed));
        for (size_t i = 0; i < m->palette_count; i++)
            CHECK(all_german(de(m, MISSION_TR_ROOM, (int)m->palette[i].rgb), "room", style, seed));
        for (size_t i = 0; i < m->treasure_count; i++) {
            if (strcmp(m->treasure[i].id, "key") == 0) {
                CHECK(key_german(de(m, MISSION_TR_TREASURE, (int)i)));
                keys++;
            }
            if (m->treasure[i].id[0])
                CHECK(all_german(de(m, MISSION_TR_TREASURE, (int)i), "treasure", style, seed));
        }
        /* the player's language changes nothing the generator makes */
        if (seed <= 5) {
            GenResult g;
            i18n_set_language("de");
            CHECK(generate(style, seed, &g));
            i18n_set_language("en");
            CHECK(g.xml_size == r.xml_size && memcmp(g.xml, r.xml, r.xml_size) == 0);
            gen_result_free(&g);
        }
        gen_result_free(&r);
    }
    CHECK(keys > 0);
}

int main(void)
{
    const char *env = getenv("QUESTBOARD_DATA");
    snprintf(root, sizeof root, "%s", env ? env : ".");
    snprintf(cat_path, sizeof cat_path, "%s/assets/pieces.xml", root);
    snprintf(data_path, sizeof data_path, "%s/assets/generator.xml", root);
    ErrorList errs;
    errors_init(&errs, 0);
    cat = catalogue_load(cat_path, &errs);
    data = gendata_load(data_path, &errs);
    errors_print(&errs, stderr);
    errors_clear(&errs);
    CHECK(cat && data);
    if (!cat || !data)
        return check_finish("genlang");
    test_bad_data();
    test_fixed_seed();
    collect_words();
    for (int s = 0; s < GEN_STYLE_COUNT; s++)
        test_many((GenStyle)s);
    gendata_destroy(data);
    catalogue_destroy(cat);
    return check_finish("genlang");
}
