#include "mission_lang.h"

#include "../core/alloc.h"
#include "../core/i18n.h"
#include "mission_xml.h"
#include "xmldoc.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

static const char *const ELEMENTS[MISSION_TR_KIND_COUNT] = {"name",      "briefing", "victory", "defeat",
                                                            "objective", "note",     "colour",  "treasure"};

const char *mission_lang_element(MissionTrKind kind)
{
    return (int)kind >= 0 && kind < MISSION_TR_KIND_COUNT ? ELEMENTS[kind] : "?";
}

size_t mission_lang_count(const Mission *m, MissionTrKind kind)
{
    switch (kind) {
    case MISSION_TR_OBJECTIVE: return m->objective_count;
    case MISSION_TR_NOTE: return m->note_count;
    case MISSION_TR_TREASURE: return m->treasure_count;
    default: return 1;
    }
}

static int kind_of(const xmlNode *c)
{
    for (int k = 0; k < MISSION_TR_KIND_COUNT; k++)
        if (xmldoc_is(c, ELEMENTS[k]))
            return k;
    return -1;
}

/* Whether an earlier translation has the same kind, index and language. */
static const MissionTranslation *twin(const Mission *m, const MissionTranslation *t)
{
    for (size_t i = 0; i < m->translation_count; i++) {
        const MissionTranslation *o = &m->translations[i];
        if (o != t && o->kind == t->kind && o->index == t->index && strcasecmp(o->lang, t->lang) == 0)
            return o;
    }
    return NULL;
}

static bool in_palette(const Mission *m, uint32_t rgb)
{
    for (size_t i = 0; i < m->palette_count; i++)
        if (m->palette[i].rgb == rgb)
            return true;
    return false;
}

/* A palette colour's room name: <colour rgb="#6b4a2b" name="Kellertreppe"/>,
 * named by its colour (the editor may reorder the palette). */
static bool read_room(Mission *m, const xmlNode *c, MissionTranslation *t, const char *file, ErrorList *errs)
{
    char rgb_text[32], name[CATALOGUE_NAME_MAX];
    uint32_t rgb = 0;
    xmldoc_attr(c, "rgb", rgb_text, sizeof rgb_text);
    if (!xmldoc_parse_rgb(rgb_text, &rgb) || !in_palette(m, rgb)) {
        errors_add_at(errs, file, t->line, _("<colour rgb=\"%s\"> in <translations>: the palette has no such colour"),
                      rgb_text);
        return false;
    }
    t->index = (int)rgb;
    xmldoc_attr(c, "name", name, sizeof name);
    t->text = xstrdup(name);
    return true;
}

/* Reads one translation; false (with an error) when it names nothing. */
static bool read_one(Mission *m, const xmlNode *c, MissionTranslation *t, const char *file, ErrorList *errs)
{
    t->kind = (MissionTrKind)kind_of(c);
    t->line = xmldoc_line(c);
    xmlChar *lang = xmlNodeGetLang(c); /* on it or on <translations> */
    snprintf(t->lang, sizeof t->lang, "%s", lang ? (const char *)lang : "");
    xmlFree(lang);
    if (!t->lang[0]) {
        errors_add_at(errs, file, t->line, _("<%s> in <translations> has no xml:lang"), ELEMENTS[t->kind]);
        return false;
    }
    bool numbered = t->kind == MISSION_TR_OBJECTIVE || t->kind == MISSION_TR_NOTE || t->kind == MISSION_TR_TREASURE;
    int n = numbered ? xmldoc_attr_int(c, "n", 0) : 1;
    size_t have = mission_lang_count(m, t->kind);
    if (numbered && (n < 1 || (size_t)n > have)) {
        errors_add_at(errs, file, t->line, 
                      ngettext("<%s n=\"%d\">: the mission has %zu %s", "<%s n=\"%d\">: the mission has %zu %ss",
                               have),
                      ELEMENTS[t->kind], n, have, ELEMENTS[t->kind]);
        return false;
    }
    t->index = n - 1;
    if (t->kind == MISSION_TR_ROOM)
        return read_room(m, c, t, file, errs);
    if (t->kind == MISSION_TR_OBJECTIVE || t->kind == MISSION_TR_TREASURE) {
        char text[MISSION_TEXT_MAX];
        xmldoc_attr(c, t->kind == MISSION_TR_TREASURE ? "name" : "text", text, sizeof text);
        t->text = xstrdup(text);
    } else {
        t->text = xmldoc_text(c);
    }
    return true;
}

void mission_lang_read(Mission *m, const xmlNode *sec, const char *file, ErrorList *errs)
{
    size_t n = 0;
    for (const xmlNode *c = sec ? sec->children : NULL; c; c = c->next)
        n += kind_of(c) >= 0;
    if (n > MISSION_MAX_PLACEMENTS) {
        errors_add_at(errs, file, xmldoc_line(sec), _("more than %d translations"), MISSION_MAX_PLACEMENTS);
        return;
    }
    m->translations = xcalloc(n + 1, sizeof *m->translations);
    for (const xmlNode *c = sec ? sec->children : NULL; c; c = c->next) {
        if (kind_of(c) < 0)
            continue;
        MissionTranslation *t = &m->translations[m->translation_count];
        if (!read_one(m, c, t, file, errs))
            continue;
        m->translation_count++;
        const MissionTranslation *o = twin(m, t);
        if (o)
            errors_add_at(errs, file, t->line, _("a second <%s> in '%s' (the first is on line %d)"),
                          ELEMENTS[t->kind], t->lang, o->line);
    }
}

static const char *untagged(const Mission *m, MissionTrKind kind, int index)
{
    switch (kind) {
    case MISSION_TR_NAME: return m->name;
    case MISSION_TR_BRIEFING: return m->briefing;
    case MISSION_TR_VICTORY: return m->victory_text;
    case MISSION_TR_DEFEAT: return m->defeat_text;
    case MISSION_TR_OBJECTIVE:
        return index >= 0 && (size_t)index < m->objective_count ? m->objectives[index].text : NULL;
    case MISSION_TR_NOTE: return index >= 0 && (size_t)index < m->note_count ? m->notes[index].text : NULL;
    case MISSION_TR_ROOM: return mission_colour_name(m, (uint32_t)index);
    case MISSION_TR_TREASURE:
        return index >= 0 && (size_t)index < m->treasure_count ? m->treasure[index].name : NULL;
    default: return NULL;
    }
}

const char *mission_lang_text(const Mission *m, MissionTrKind kind, int index)
{
    const char *lang = i18n_language();
    for (size_t i = 0; i < m->translation_count; i++) {
        const MissionTranslation *t = &m->translations[i];
        if (t->kind == kind && t->index == index && t->text && t->text[0] && i18n_lang_matches(t->lang, lang))
            return t->text;
    }
    const char *own = untagged(m, kind, index);
    /* a treasure's name without a translation of the mission's may be
     * one of the game's own (a treasure card's, the generator's), which
     * the game's translation says */
    if (kind == MISSION_TR_TREASURE && own && own[0])
        return gettext(own);
    return own;
}

const char *mission_lang_treasure_named(const Mission *m, const char *english)
{
    for (size_t i = 0; english && i < m->treasure_count; i++)
        if (strcmp(english, m->treasure[i].name) == 0)
            return mission_lang_text(m, MISSION_TR_TREASURE, (int)i);
    return NULL;
}
