#define _POSIX_C_SOURCE 200809L
#include "gendata.h"

#include "genlang.h"

#include "../core/alloc.h"
#include "../core/i18n.h"
#include "../mission/xmldoc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define GENDATA_STYLES 3

struct GenData {
    GenTerrainInfo terrain[GEN_TERRAIN_COUNT];
    GenTheme *themes;
    int theme_count;
    GenBoss *bosses;
    int boss_count;
    char (*artifacts)[GENDATA_TEXT_MAX];
    int artifact_count;
    char (*captives)[GENDATA_TEXT_MAX];
    int captive_count;
    GenWord *words;
    int word_count;
    GenGoal *goals;
    int goal_count;
    GenDifficultyInfo difficulty[3];
    GenLang *lang; /* the entries' words in other languages */
};

static const char *const TERRAIN_IDS[GEN_TERRAIN_COUNT] = {
    "rock", "passage", "grass", "forest", "hills", "road", "water", "mountain"};
static const char *const STYLE_IDS[GENDATA_STYLES] = {"dungeon", "caverns", "wilds"};
static const char *const USE_IDS[GEN_USE_COUNT] = {"room", "entry", "lair",
                                                   "vault", "cell", "exit"};
static const char *const GOAL_IDS[GEN_GOAL_KIND_COUNT] = {"kill",   "find", "rescue",
                                                          "escape", "return", "key"};
static const char *const WORD_LISTS[3] = {"adjective", "place", "owner"};
static const char *const LEVEL_IDS[3] = {"easy", "normal", "hard"};

static int find_name(const char *s, const char *const *names, int n)
{
    for (int i = 0; i < n; i++)
        if (strcmp(s, names[i]) == 0)
            return i;
    return -1;
}

/* Bits of the space-separated names in attribute attr (the schema has
 * checked each); all bits when the attribute is missing and all_default. */
static unsigned name_bits(const xmlNode *n, const char *attr, const char *const *names, int count,
                          bool all_default)
{
    char buf[256];
    if (!xmldoc_attr(n, attr, buf, sizeof buf))
        return all_default ? (1u << count) - 1 : 0;
    unsigned bits = 0;
    char *save = NULL;
    for (char *w = strtok_r(buf, " \t\r\n", &save); w; w = strtok_r(NULL, " \t\r\n", &save)) {
        int k = find_name(w, names, count);
        if (k >= 0)
            bits |= 1u << k;
    }
    return bits;
}

static size_t count_named(const xmlNode *root, const char *name)
{
    size_t n = 0;
    for (const xmlNode *c = root->children; c; c = c->next)
        n += xmldoc_is(c, name);
    return n;
}

static uint32_t attr_rgb(const xmlNode *n)
{
    char buf[16];
    uint32_t rgb = 0;
    xmldoc_attr(n, "rgb", buf, sizeof buf);
    (void)xmldoc_parse_rgb(buf, &rgb);
    return rgb;
}

static void read_terrain(GenData *d, const xmlNode *n, const char *path, bool *seen,
                         ErrorList *errs)
{
    char id[32], type[16];
    xmldoc_attr(n, "id", id, sizeof id);
    int k = find_name(id, TERRAIN_IDS, GEN_TERRAIN_COUNT);
    if (k < 0)
        return;
    if (seen[k])
        errors_add_at(errs, path, xmldoc_line(n), _("terrain '%s' is given twice"), id);
    seen[k] = true;
    GenTerrainInfo *t = &d->terrain[k];
    xmldoc_attr(n, "name", t->name, sizeof t->name);
    t->rgb = attr_rgb(n);
    xmldoc_attr(n, "type", type, sizeof type);
    t->type = strcmp(type, "blocked") == 0 ? SQUARE_BLOCKED : SQUARE_WALKABLE;
    xmldoc_attr(n, "area", t->area, sizeof t->area);
    t->cost = xmldoc_attr_int(n, "cost", 1);
    if (t->rgb == BOARD_RGB_NONE)
        errors_add_at(errs, path, xmldoc_line(n), _("terrain '%s' may not be black (no square)"), id);
}

static void read_theme(GenTheme *t, const xmlNode *n)
{
    xmldoc_attr(n, "id", t->id, sizeof t->id);
    xmldoc_attr(n, "name", t->name, sizeof t->name);
    t->rgb = attr_rgb(n);
    t->styles = name_bits(n, "styles", STYLE_IDS, GENDATA_STYLES, true);
    t->uses = name_bits(n, "use", USE_IDS, GEN_USE_COUNT, false);
    t->weight = xmldoc_attr_int(n, "weight", 1);
    char buf[512];
    if (xmldoc_attr(n, "monsters", buf, sizeof buf)) {
        char *save = NULL;
        for (char *w = strtok_r(buf, " \t\r\n", &save); w && t->monster_count < GENDATA_MAX_MONSTERS;
             w = strtok_r(NULL, " \t\r\n", &save))
            snprintf(t->monsters[t->monster_count++], CATALOGUE_ID_MAX, "%s", w);
    }
    for (const xmlNode *c = n->children; c && t->piece_count < GENDATA_MAX_PIECES; c = c->next) {
        if (!xmldoc_is(c, "piece"))
            continue;
        GenThemePiece *p = &t->pieces[t->piece_count++];
        xmldoc_attr(c, "type", p->type, sizeof p->type);
        p->min = xmldoc_attr_int(c, "min", 0);
        p->max = xmldoc_attr_int(c, "max", 1);
        if (p->max < p->min)
            p->max = p->min;
    }
}

static void read_boss(GenBoss *b, const xmlNode *n)
{
    xmldoc_attr(n, "base", b->base, sizeof b->base);
    xmldoc_attr(n, "name", b->name, sizeof b->name);
    b->body = xmldoc_attr_int(n, "body", 0);
    b->attack = xmldoc_attr_int(n, "attack", 0);
    b->defend = xmldoc_attr_int(n, "defend", 0);
    b->mind = xmldoc_attr_int(n, "mind", 0);
    b->styles = name_bits(n, "styles", STYLE_IDS, GENDATA_STYLES, true);
}

/* The element's own text (its <lang> children apart); a word's must be
 * 1 to 100 characters as the schema said before words took children. */
static void read_text(const xmlNode *n, char *buf, size_t size, const char *path, ErrorList *errs)
{
    genlang_own_text(n, buf, size);
    if (xmldoc_is(n, "word") && (!buf[0] || strlen(buf) > 100))
        errors_add_at(errs, path, xmldoc_line(n), _("<word> needs a text of 1 to 100 characters"));
}

static void read_goal(GenGoal *g, const xmlNode *n, const char *path, ErrorList *errs)
{
    char kind[16];
    xmldoc_attr(n, "kind", kind, sizeof kind);
    int k = find_name(kind, GOAL_IDS, GEN_GOAL_KIND_COUNT);
    g->kind = k < 0 ? GEN_GOAL_KILL : (GenGoalKind)k;
    xmldoc_attr(n, "text", g->text, sizeof g->text);
    read_text(n, g->briefing, sizeof g->briefing, path, errs);
    g->styles = name_bits(n, "styles", STYLE_IDS, GENDATA_STYLES, true);
}

static void read_word(GenWord *w, const xmlNode *n, const char *path, ErrorList *errs)
{
    char list[16];
    xmldoc_attr(n, "list", list, sizeof list);
    int k = find_name(list, WORD_LISTS, 3);
    w->list = k < 0 ? 0 : k;
    read_text(n, w->text, sizeof w->text, path, errs);
    w->styles = name_bits(n, "styles", STYLE_IDS, GENDATA_STYLES, true);
}

static void read_difficulty(GenData *d, const xmlNode *n, const char *path, bool *seen,
                            ErrorList *errs)
{
    char id[16];
    xmldoc_attr(n, "id", id, sizeof id);
    int k = find_name(id, LEVEL_IDS, 3);
    if (k < 0)
        return;
    if (seen[k])
        errors_add_at(errs, path, xmldoc_line(n), _("difficulty '%s' is given twice"), id);
    seen[k] = true;
    d->difficulty[k] = (GenDifficultyInfo){
        xmldoc_attr_int(n, "budget", 50), xmldoc_attr_int(n, "traps", 0),
        xmldoc_attr_int(n, "potions", 0), xmldoc_attr_int(n, "locked", 0),
        xmldoc_attr_int(n, "secret", 0)};
}

static void allocate(GenData *d, const xmlNode *root)
{
    d->themes = xcalloc(count_named(root, "theme") + 1, sizeof *d->themes);
    d->bosses = xcalloc(count_named(root, "boss") + 1, sizeof *d->bosses);
    d->artifacts = xcalloc(count_named(root, "artifact") + 1, sizeof *d->artifacts);
    d->captives = xcalloc(count_named(root, "captive") + 1, sizeof *d->captives);
    d->words = xcalloc(count_named(root, "word") + 1, sizeof *d->words);
    d->goals = xcalloc(count_named(root, "goal") + 1, sizeof *d->goals);
}

static void read_all(GenData *d, const xmlNode *root, const char *path, ErrorList *errs)
{
    bool terrain_seen[GEN_TERRAIN_COUNT] = {0}, level_seen[3] = {0};
    for (const xmlNode *c = root->children; c; c = c->next) {
        if (xmldoc_is(c, "terrain"))
            read_terrain(d, c, path, terrain_seen, errs);
        else if (xmldoc_is(c, "theme"))
            read_theme(&d->themes[d->theme_count++], c);
        else if (xmldoc_is(c, "boss"))
            read_boss(&d->bosses[d->boss_count++], c);
        else if (xmldoc_is(c, "artifact"))
            xmldoc_attr(c, "name", d->artifacts[d->artifact_count++], GENDATA_TEXT_MAX);
        else if (xmldoc_is(c, "captive"))
            xmldoc_attr(c, "name", d->captives[d->captive_count++], GENDATA_TEXT_MAX);
        else if (xmldoc_is(c, "word"))
            read_word(&d->words[d->word_count++], c, path, errs);
        else if (xmldoc_is(c, "goal"))
            read_goal(&d->goals[d->goal_count++], c, path, errs);
        else if (xmldoc_is(c, "difficulty"))
            read_difficulty(d, c, path, level_seen, errs);
    }
    for (int k = 0; k < GEN_TERRAIN_COUNT; k++)
        if (!terrain_seen[k])
            errors_add(errs, _("%s: terrain '%s' is missing"), path, TERRAIN_IDS[k]);
    for (int k = 0; k < 3; k++)
        if (!level_seen[k])
            errors_add(errs, _("%s: difficulty '%s' is missing"), path, LEVEL_IDS[k]);
}

/* Every style needs a theme for every use, a goal of every kind and a
 * word in every list: generation never has to do without one. */
static void check_coverage(const GenData *d, const char *path, ErrorList *errs)
{
    for (int s = 0; s < GENDATA_STYLES; s++) {
        for (int u = 0; u < GEN_USE_COUNT; u++) {
            bool ok = false;
            for (int i = 0; i < d->theme_count; i++)
                ok |= (d->themes[i].styles >> s & 1u) && (d->themes[i].uses >> u & 1u);
            if (!ok)
                errors_add(errs, _("%s: no theme for style %s has use=\"%s\""), path, STYLE_IDS[s],
                           USE_IDS[u]);
        }
        for (int k = 0; k < GEN_GOAL_KIND_COUNT; k++) {
            bool ok = false;
            for (int i = 0; i < d->goal_count; i++)
                ok |= d->goals[i].kind == (GenGoalKind)k && (d->goals[i].styles >> s & 1u);
            if (!ok)
                errors_add(errs, _("%s: no goal of kind \"%s\" for style %s"), path, GOAL_IDS[k],
                           STYLE_IDS[s]);
        }
        for (int l = 0; l < 3; l++) {
            bool ok = false;
            for (int i = 0; i < d->word_count; i++)
                ok |= d->words[i].list == l && (d->words[i].styles >> s & 1u);
            if (!ok)
                errors_add(errs, _("%s: no word of list \"%s\" for style %s"), path, WORD_LISTS[l],
                           STYLE_IDS[s]);
        }
    }
}

static void schema_beside(const char *path, char *buf, size_t size)
{
    const char *slash = strrchr(path, '/');
    int n = slash ? (int)(slash - path + 1) : 0;
    snprintf(buf, size, "%.*sgenerator.xsd", n, path);
}

GenData *gendata_load(const char *path, ErrorList *errs)
{
    char xsd[4096];
    schema_beside(path, xsd, sizeof xsd);
    xmlDoc *doc = xmldoc_read(path, xsd, NULL, NULL, errs);
    if (!doc)
        return NULL;
    GenData *d = xcalloc(1, sizeof *d);
    size_t before = errors_total(errs);
    const xmlNode *root = xmlDocGetRootElement(doc);
    allocate(d, root);
    read_all(d, root, path, errs);
    check_coverage(d, path, errs);
    d->lang = genlang_read(root, path, errs);
    genlang_check(d->lang, d, path, errs);
    xmlFreeDoc(doc);
    if (errors_total(errs) > before) {
        gendata_destroy(d);
        return NULL;
    }
    return d;
}

void gendata_destroy(GenData *d)
{
    if (!d)
        return;
    free(d->themes);
    free(d->bosses);
    free(d->artifacts);
    free(d->captives);
    free(d->words);
    free(d->goals);
    genlang_destroy(d->lang);
    free(d);
}

const GenTerrainInfo *gendata_terrain(const GenData *d, GenTerrain t)
{
    return &d->terrain[t];
}

int gendata_theme_count(const GenData *d)
{
    return d->theme_count;
}

const GenTheme *gendata_theme(const GenData *d, int i)
{
    return &d->themes[i];
}

int gendata_boss_count(const GenData *d)
{
    return d->boss_count;
}

const GenBoss *gendata_boss(const GenData *d, int i)
{
    return &d->bosses[i];
}

int gendata_artifact_count(const GenData *d)
{
    return d->artifact_count;
}

const char *gendata_artifact(const GenData *d, int i)
{
    return d->artifacts[i];
}

int gendata_captive_count(const GenData *d)
{
    return d->captive_count;
}

const char *gendata_captive(const GenData *d, int i)
{
    return d->captives[i];
}

int gendata_word_count(const GenData *d)
{
    return d->word_count;
}

const GenWord *gendata_word(const GenData *d, int i)
{
    return &d->words[i];
}

int gendata_goal_count(const GenData *d)
{
    return d->goal_count;
}

const GenGoal *gendata_goal(const GenData *d, int i)
{
    return &d->goals[i];
}

int gendata_lang_count(const GenData *d)
{
    return genlang_count(d->lang);
}

const char *gendata_lang(const GenData *d, int lang)
{
    return genlang_name(d->lang, lang);
}

const GenSay *gendata_say(const GenData *d, GenEntry e, int index, int lang)
{
    return genlang_say(d->lang, e, index, lang);
}

const GenDifficultyInfo *gendata_difficulty(const GenData *d, int level)
{
    return &d->difficulty[level < 0 ? 0 : level > 2 ? 2 : level];
}
