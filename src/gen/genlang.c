#include "genlang.h"

#include "../core/alloc.h"
#include "../core/i18n.h"
#include "../mission/xmldoc.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define LANG_NAME_MAX 16

struct GenLang {
    char names[GENDATA_LANG_MAX][LANG_NAME_MAX];
    int count;
    GenSay *say[GEN_ENTRY_COUNT]; /* entry i's language k at [i * count + k] */
    int entries[GEN_ENTRY_COUNT];
};

static const char *const ENTRY_ELEMENTS[GEN_ENTRY_COUNT] = {"terrain",  "theme", "boss", "artifact",
                                                           "captive", "word",  "goal"};
static const char *const FORM_NAMES[GEN_FORM_COUNT] = {"text", "nom", "acc", "dat",
                                                      "gen",  "in",  "to"};
static const char *const TERRAIN_IDS[GEN_TERRAIN_COUNT] = {
    "rock", "passage", "grass", "forest", "hills", "road", "water", "mountain"};

const char *gendata_form_name(GenForm f)
{
    return f >= 0 && f < GEN_FORM_COUNT ? FORM_NAMES[f] : "?";
}

static int entry_of(const xmlNode *n)
{
    for (int e = 0; e < GEN_ENTRY_COUNT; e++)
        if (xmldoc_is(n, ENTRY_ELEMENTS[e]))
            return e;
    return -1;
}

/* An entry's index: its place among its kind's, a terrain's by its id
 * (as gendata.c numbers them); -1 for an unknown terrain id. */
static int entry_index(const xmlNode *n, int e, int *next)
{
    if (e != GEN_ENTRY_TERRAIN)
        return next[e]++;
    char id[32];
    xmldoc_attr(n, "id", id, sizeof id);
    for (int k = 0; k < GEN_TERRAIN_COUNT; k++)
        if (strcmp(id, TERRAIN_IDS[k]) == 0)
            return k;
    return -1;
}

static bool lang_of(const xmlNode *c, char *buf, size_t size)
{
    xmlChar *lang = xmlNodeGetLang(c);
    snprintf(buf, size, "%s", lang ? (const char *)lang : "");
    xmlFree(lang);
    return buf[0] != '\0';
}

static int find_lang(const GenLang *l, const char *name)
{
    for (int k = 0; k < l->count; k++)
        if (strcasecmp(l->names[k], name) == 0)
            return k;
    return -1;
}

/* The languages of every <lang>, in the order they first appear. */
static void collect(GenLang *l, const xmlNode *root, const char *path, ErrorList *errs)
{
    for (const xmlNode *n = root->children; n; n = n->next) {
        if (entry_of(n) < 0)
            continue;
        for (const xmlNode *c = n->children; c; c = c->next) {
            char name[LANG_NAME_MAX];
            if (!xmldoc_is(c, "lang") || !lang_of(c, name, sizeof name) || find_lang(l, name) >= 0)
                continue;
            if (l->count == GENDATA_LANG_MAX) {
                errors_add_at(errs, path, xmldoc_line(c),
                              _("language '%s': the generator takes at most %d languages besides English"),
                              name, GENDATA_LANG_MAX);
                continue;
            }
            snprintf(l->names[l->count++], LANG_NAME_MAX, "%s", name);
        }
    }
}

static void read_say(GenSay *s, const xmlNode *c, int e)
{
    s->line = xmldoc_line(c);
    for (int f = 0; f < GEN_FORM_COUNT; f++)
        xmldoc_attr(c, FORM_NAMES[f], s->form[f], sizeof s->form[f]);
    if (e == GEN_ENTRY_GOAL)
        genlang_own_text(c, s->briefing, sizeof s->briefing);
}

/* Entry n's <lang> children into its slots; a language it lacks, or one
 * given twice, is an error at its line. */
static void read_entry(GenLang *l, const xmlNode *n, int e, int index, const char *path, ErrorList *errs)
{
    bool have[GENDATA_LANG_MAX] = {0};
    for (const xmlNode *c = n->children; c; c = c->next) {
        char name[LANG_NAME_MAX];
        int k = xmldoc_is(c, "lang") && lang_of(c, name, sizeof name) ? find_lang(l, name) : -1;
        if (k < 0)
            continue;
        if (have[k])
            errors_add_at(errs, path, xmldoc_line(c), _("<%s> has a second <lang xml:lang=\"%s\">"),
                          ENTRY_ELEMENTS[e], name);
        have[k] = true;
        read_say(&l->say[e][index * l->count + k], c, e);
    }
    for (int k = 0; k < l->count; k++)
        if (!have[k])
            errors_add_at(errs, path, xmldoc_line(n),
                          _("<%s> has no <lang xml:lang=\"%s\"> (every entry a player reads needs one "
                            "in each language of the file)"),
                          ENTRY_ELEMENTS[e], l->names[k]);
}

GenLang *genlang_read(const xmlNode *root, const char *path, ErrorList *errs)
{
    GenLang *l = xcalloc(1, sizeof *l);
    size_t before = errors_total(errs);
    collect(l, root, path, errs);
    int counts[GEN_ENTRY_COUNT] = {0};
    for (const xmlNode *n = root->children; n; n = n->next) {
        int e = entry_of(n);
        if (e >= 0)
            counts[e]++;
    }
    counts[GEN_ENTRY_TERRAIN] = GEN_TERRAIN_COUNT;
    for (int e = 0; e < GEN_ENTRY_COUNT; e++) {
        l->entries[e] = counts[e];
        l->say[e] = xcalloc((size_t)counts[e] * (size_t)l->count + 1, sizeof *l->say[e]);
    }
    int next[GEN_ENTRY_COUNT] = {0};
    for (const xmlNode *n = root->children; n && l->count; n = n->next) {
        int e = entry_of(n);
        int index = e >= 0 ? entry_index(n, e, next) : -1;
        if (index >= 0)
            read_entry(l, n, e, index, path, errs);
    }
    if (errors_total(errs) > before) {
        genlang_destroy(l);
        return NULL;
    }
    return l;
}

void genlang_destroy(GenLang *l)
{
    if (!l)
        return;
    for (int e = 0; e < GEN_ENTRY_COUNT; e++)
        free(l->say[e]);
    free(l);
}

int genlang_count(const GenLang *l)
{
    return l ? l->count : 0;
}

const char *genlang_name(const GenLang *l, int lang)
{
    return l->names[lang];
}

const GenSay *genlang_say(const GenLang *l, GenEntry e, int index, int lang)
{
    return &l->say[e][index * l->count + lang];
}

/* --- the templates' placeholders --------------------------------------- */

static const char *const KEYS[] = {"boss", "item", "captive", "room", "place"};
enum { KEY_BOSS, KEY_ITEM, KEY_CAPTIVE, KEY_ROOM, KEY_PLACE, KEY_COUNT };

static int key_entry(int key)
{
    static const int ENTRIES[KEY_COUNT] = {GEN_ENTRY_BOSS, GEN_ENTRY_ARTIFACT, GEN_ENTRY_CAPTIVE,
                                           GEN_ENTRY_THEME, GEN_ENTRY_WORD};
    return ENTRIES[key];
}

/* Whether entry i of key's kind fills it (of the words, the places). */
static bool fills(const GenData *d, int key, int i)
{
    return key != KEY_PLACE || gendata_word(d, i)->list == 1;
}

/* Every entry that may fill {key.form} has that form in language k. */
static void check_form(const GenLang *l, const GenData *d, int key, int form, int k, int goal_line,
                       const char *path, ErrorList *errs)
{
    int e = key_entry(key);
    for (int i = 0; i < l->entries[e]; i++) {
        const GenSay *s = genlang_say(l, (GenEntry)e, i, k);
        if (!fills(d, key, i) || s->form[form][0])
            continue;
        if (!goal_line)
            errors_add_at(errs, path, s->line,
                          _("<lang xml:lang=\"%s\"> of <%s> has no %s=\"...\", which the quest's name is "
                            "made of"),
                          l->names[k], ENTRY_ELEMENTS[e], FORM_NAMES[form]);
        else
            errors_add_at(errs, path, s->line,
                          _("<lang xml:lang=\"%s\"> of <%s> has no %s=\"...\", which the goal's text at "
                            "line %d asks for as {%s.%s}"),
                          l->names[k], ENTRY_ELEMENTS[e], FORM_NAMES[form], goal_line, KEYS[key],
                          FORM_NAMES[form]);
    }
}

/* One placeholder's name between the braces: "room" or "room.in". */
static void check_placeholder(const GenLang *l, const GenData *d, const char *name, int k, int line,
                              const char *path, ErrorList *errs)
{
    char key[32] = "", form[32] = "text";
    const char *dot = strchr(name, '.');
    snprintf(key, sizeof key, "%.*s", (int)(dot ? dot - name : (ptrdiff_t)strlen(name)), name);
    if (dot)
        snprintf(form, sizeof form, "%s", dot + 1);
    int kk = -1, ff = -1;
    for (int i = 0; i < KEY_COUNT; i++)
        kk = strcmp(key, KEYS[i]) == 0 ? i : kk;
    for (int f = 0; f < GEN_FORM_COUNT; f++)
        ff = strcmp(form, FORM_NAMES[f]) == 0 ? f : ff;
    if (kk < 0 || ff < 0) {
        errors_add_at(errs, path, line,
                      _("{%s}: a template takes {boss}, {item}, {captive}, {room} or {place}, with a form "
                        "after a dot (text, nom, acc, dat, gen, in, to)"),
                      name);
        return;
    }
    check_form(l, d, kk, ff, k, line, path, errs);
}

static void check_template(const GenLang *l, const GenData *d, const char *text, int k, int line,
                           const char *path, ErrorList *errs)
{
    for (const char *p = strchr(text, '{'); p; p = strchr(p + 1, '{')) {
        const char *end = strchr(p, '}');
        if (!end)
            break;
        char name[64];
        snprintf(name, sizeof name, "%.*s", (int)(end - p - 1 < 63 ? end - p - 1 : 63), p + 1);
        check_placeholder(l, d, name, k, line, path, errs);
    }
}

void genlang_check(const GenLang *l, const GenData *d, const char *path, ErrorList *errs)
{
    for (int k = 0; l && k < l->count; k++) {
        for (int i = 0; i < l->entries[GEN_ENTRY_GOAL]; i++) {
            const GenSay *s = genlang_say(l, GEN_ENTRY_GOAL, i, k);
            check_template(l, d, s->form[GEN_FORM_TEXT], k, s->line, path, errs);
            check_template(l, d, s->briefing, k, s->line, path, errs);
        }
        /* the quest's name is its place's nominative */
        check_form(l, d, KEY_PLACE, GEN_FORM_NOM, k, 0, path, errs);
    }
}

void genlang_own_text(const xmlNode *n, char *buf, size_t size)
{
    size_t len = 0;
    bool blank = false, cut = false;
    buf[0] = '\0';
    for (const xmlNode *c = n->children; c; c = c->next) {
        if (c->type != XML_TEXT_NODE && c->type != XML_CDATA_SECTION_NODE)
            continue;
        for (const char *s = (const char *)c->content; s && *s && !cut; s++) {
            cut = len + 2 >= size;
            if (cut)
                break;
            if (isspace((unsigned char)*s)) {
                blank = len > 0;
                continue;
            }
            if (blank)
                buf[len++] = ' ';
            blank = false;
            buf[len++] = *s;
        }
    }
    /* cut short: not in the middle of a character (UTF-8) */
    if (cut) {
        while (len > 0 && ((unsigned char)buf[len - 1] & 0xc0) == 0x80)
            len--;
        if (len > 0 && ((unsigned char)buf[len - 1] & 0x80))
            len--; /* the lead byte of the character cut */
    }
    buf[len] = '\0';
}
