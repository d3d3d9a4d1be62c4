#define _POSIX_C_SOURCE 200809L
#include "campaign.h"

#include "../core/alloc.h"
#include "../core/i18n.h"
#include "../core/suggest.h"
#include "mission_xml.h"
#include "xmldoc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static const char *const failure_names[CAMPAIGN_FAILURE_COUNT] = {"retry", "continue"};

const char *campaign_failure_name(CampaignFailure f)
{
    return (unsigned)f < CAMPAIGN_FAILURE_COUNT ? failure_names[f] : "?";
}

void campaign_destroy(Campaign *c)
{
    if (!c)
        return;
    for (size_t i = 0; i < c->mission_count; i++) {
        free(c->missions[i].path);
        free(c->missions[i].rel);
    }
    free(c->missions);
    free(c->offers);
    free(c->path);
    free(c->dir);
    free(c->name);
    free(c->intro);
    for (size_t i = 0; i < c->translation_count; i++)
        free(c->translations[i].text);
    free(c->translations);
    free(c);
}

bool campaign_has_hero(const Campaign *c, const char *type)
{
    for (int i = 0; i < c->hero_count; i++)
        if (strcmp(c->heroes[i], type) == 0)
            return true;
    return false;
}

int campaign_price(const Campaign *c, int item)
{
    for (size_t i = 0; i < c->offer_count; i++)
        if (c->offers[i].item == item)
            return c->offers[i].price;
    return -1;
}

/* True when some hero type of the campaign may use the item. */
static bool party_may_use(const Campaign *c, const Catalogue *cat, const ItemType *it)
{
    for (int i = 0; i < c->hero_count; i++)
        if (catalogue_item_usable(it, catalogue_find(cat, c->heroes[i])))
            return true;
    return false;
}

/* --- reading ------------------------------------------------------------ */

typedef struct Reader {
    Campaign *c;
    const Catalogue *cat;
    ErrorList *errs;
} Reader;

static void add_hero(Reader *r, const char *id, int line)
{
    Campaign *c = r->c;
    const PieceType *t = catalogue_find(r->cat, id);
    if (!t || t->kind != PIECE_HERO)
        errors_add_at(r->errs, c->path, line, _("rules: '%s' is not a hero type"), id);
    else if (campaign_has_hero(c, id))
        errors_add_at(r->errs, c->path, line, _("rules: hero '%s' is named twice"), id);
    else if (c->hero_count < CAMPAIGN_MAX_HEROES)
        snprintf(c->heroes[c->hero_count++], sizeof c->heroes[0], "%s", id);
}

static void read_rules(Reader *r, const xmlNode *rules)
{
    Campaign *c = r->c;
    c->give_gold = rules && xmldoc_attr_bool(rules, "give-gold", false);
    c->starting_gold = rules ? xmldoc_attr_int(rules, "starting-gold", 0) : 0;
    int line = rules ? xmldoc_line(rules) : c->line;
    if (c->starting_gold < 0)
        errors_add_at(r->errs, c->path, line, _("rules: starting-gold %d is below 0"),
                      c->starting_gold);
    char list[256] = "";
    if (rules)
        xmldoc_attr(rules, "heroes", list, sizeof list);
    char *save = NULL;
    for (char *w = strtok_r(list, " \t\r\n", &save); w; w = strtok_r(NULL, " \t\r\n", &save))
        add_hero(r, w, line);
    /* none named: the catalogue's heroes, in its order */
    for (size_t i = 0; !list[0] && i < catalogue_count(r->cat); i++) {
        const PieceType *t = catalogue_at(r->cat, i);
        if (t->kind == PIECE_HERO && c->hero_count < CAMPAIGN_MAX_HEROES)
            snprintf(c->heroes[c->hero_count++], sizeof c->heroes[0], "%s", t->id);
    }
    if (c->hero_count == 0)
        errors_add_at(r->errs, c->path, line, _("the campaign has no hero types to play"));
}

static void add_offer(Campaign *c, int item, int price, int line)
{
    c->offers = xrealloc(c->offers, c->offer_count + 1, sizeof *c->offers);
    c->offers[c->offer_count++] = (CampaignOffer){item, price, line};
}

/* The catalogue item whose id is closest to id, or NULL. */
static const char *near_item(const Catalogue *cat, const char *id)
{
    Suggestion s;
    suggest_begin(&s, id);
    for (size_t i = 0; i < catalogue_item_count(cat); i++)
        suggest_offer(&s, catalogue_item_at(cat, i)->id);
    return suggest_result(&s);
}

static void read_offer(Reader *r, const xmlNode *n)
{
    Campaign *c = r->c;
    char id[CATALOGUE_ID_MAX];
    xmldoc_attr(n, "id", id, sizeof id);
    int line = xmldoc_line(n);
    int item = catalogue_find_item(r->cat, id);
    const ItemType *it = catalogue_item_at(r->cat, item >= 0 ? (size_t)item : 0);
    if (item < 0) {
        const char *near = near_item(r->cat, id);
        if (near)
            errors_add_at(r->errs, c->path, line, _("armoury: unknown item '%s': did you mean '%s'?"),
                          id, near);
        else
            errors_add_at(r->errs, c->path, line,
                          _("armoury: unknown item '%s' (items are listed in assets/pieces.xml)"), id);
        return;
    }
    int price = xmldoc_attr_int(n, "price", it->price);
    if (price < 0)
        errors_add_at(r->errs, c->path, line, _("armoury: price %d of '%s' is below 0"), price, id);
    else if (it->flags & ITEM_ARTIFACT)
        errors_add_at(r->errs, c->path, line,
                      _("armoury: '%s' is an artifact: artifacts are awarded, never sold"), id);
    else if (!party_may_use(c, r->cat, it))
        errors_add_at(r->errs, c->path, line, _("armoury: no hero of this campaign may use '%s'"),
                      id);
    else if (campaign_price(c, item) >= 0)
        errors_add_at(r->errs, c->path, line, _("armoury: '%s' is offered twice"), id);
    else
        add_offer(c, item, price, line);
}

static void read_armoury(Reader *r, const xmlNode *armoury)
{
    if (armoury) {
        for (xmlNode *n = armoury->children; n; n = n->next)
            if (xmldoc_is(n, "item"))
                read_offer(r, n);
        return;
    }
    /* none: what the catalogue prices, that the party may use */
    for (size_t i = 0; i < catalogue_item_count(r->cat); i++) {
        const ItemType *it = catalogue_item_at(r->cat, i);
        if (it->price > 0 && !(it->flags & ITEM_ARTIFACT) && party_may_use(r->c, r->cat, it))
            add_offer(r->c, (int)i, it->price, 0);
    }
}

static void read_mission(Reader *r, const xmlNode *n)
{
    Campaign *c = r->c;
    CampaignMission cm = {0};
    char rel[512];
    xmldoc_attr(n, "path", rel, sizeof rel);
    cm.line = xmldoc_line(n);
    cm.gold = xmldoc_attr_int(n, "gold", 0);
    char buf[32];
    xmldoc_attr(n, "on-failure", buf, sizeof buf);
    cm.on_failure = strcmp(buf, "continue") == 0 ? CAMPAIGN_CONTINUE : CAMPAIGN_RETRY;
    if (cm.gold < 0)
        errors_add_at(r->errs, c->path, cm.line, _("mission '%s': gold %d is below 0"), rel, cm.gold);
    if (!mission_confine(c->dir, rel, _("mission"), _("campaign"), c->path, cm.line, &cm.path, r->errs))
        return;
    cm.rel = xstrdup(rel);
    c->missions = xrealloc(c->missions, c->mission_count + 1, sizeof *c->missions);
    c->missions[c->mission_count++] = cm;
}

static char *folder_of(const char *path)
{
    const char *slash = strrchr(path, '/');
    if (!slash)
        return xstrdup(".");
    if (slash == path)
        return xstrdup("/");
    char *dir = xstrdup(path);
    dir[slash - path] = '\0';
    return dir;
}

static void schema_beside(const char *catalogue_path, char *buf, size_t size)
{
    const char *slash = strrchr(catalogue_path, '/');
    int dir_len = slash ? (int)(slash - catalogue_path + 1) : 0;
    snprintf(buf, size, "%.*scampaign.xsd", dir_len, catalogue_path);
}

/* <translations>: the name and intro in other languages, each with its
 * xml:lang (on it or on <translations>); one without a language, or a
 * second of the same text in one language, is an error naming the line. */
static void read_translations(Reader *r, const xmlNode *sec)
{
    static const char *const elements[CAMPAIGN_TR_KIND_COUNT] = {"name", "intro"};
    Campaign *c = r->c;
    size_t count = 0;
    for (const xmlNode *n = sec ? sec->children : NULL; n; n = n->next)
        count += xmldoc_is(n, "name") || xmldoc_is(n, "intro");
    if (count > CAMPAIGN_MAX_TRANSLATIONS) {
        errors_add_at(r->errs, c->path, xmldoc_line(sec), _("more than %d translations"),
                      CAMPAIGN_MAX_TRANSLATIONS);
        return;
    }
    c->translations = xcalloc(count + 1, sizeof *c->translations);
    for (const xmlNode *n = sec ? sec->children : NULL; n; n = n->next) {
        int kind = xmldoc_is(n, "name") ? CAMPAIGN_TR_NAME : xmldoc_is(n, "intro") ? CAMPAIGN_TR_INTRO : -1;
        if (kind < 0)
            continue;
        int line = xmldoc_line(n);
        xmlChar *lang = xmlNodeGetLang(n);
        CampaignTranslation t = {.kind = (CampaignTrKind)kind, .line = line};
        snprintf(t.lang, sizeof t.lang, "%s", lang ? (const char *)lang : "");
        xmlFree(lang);
        if (!t.lang[0]) {
            errors_add_at(r->errs, c->path, line, _("<%s> in <translations> has no xml:lang"), elements[kind]);
            continue;
        }
        for (size_t i = 0; i < c->translation_count; i++)
            if (c->translations[i].kind == t.kind && strcasecmp(c->translations[i].lang, t.lang) == 0)
                errors_add_at(r->errs, c->path, line, _("a second <%s> in '%s' (the first is on line %d)"),
                              elements[kind], t.lang, c->translations[i].line);
        t.text = xmldoc_text(n);
        c->translations[c->translation_count++] = t;
    }
}

const char *campaign_lang_text(const Campaign *c, CampaignTrKind kind)
{
    const char *lang = i18n_language();
    for (size_t i = 0; i < c->translation_count; i++) {
        const CampaignTranslation *t = &c->translations[i];
        if (t->kind == kind && t->text && t->text[0] && i18n_lang_matches(t->lang, lang))
            return t->text;
    }
    const char *own = kind == CAMPAIGN_TR_NAME ? c->name : c->intro;
    return own ? own : "";
}

static void read_document(Reader *r, const xmlNode *root)
{
    Campaign *c = r->c;
    xmldoc_attr(root, "id", c->id, sizeof c->id);
    c->line = xmldoc_line(root);
    c->name = xmldoc_text(xmldoc_child(root, "name"));
    c->intro = xmldoc_text(xmldoc_child(root, "intro"));
    read_rules(r, xmldoc_child(root, "rules"));
    read_armoury(r, xmldoc_child(root, "armoury"));
    read_translations(r, xmldoc_child(root, "translations"));
    const xmlNode *missions = xmldoc_child(root, "missions");
    for (xmlNode *n = missions ? missions->children : NULL; n; n = n->next)
        if (xmldoc_is(n, "mission"))
            read_mission(r, n);
}

Campaign *campaign_load(const char *path, const char *catalogue_path, const Catalogue *cat,
                        ErrorList *errs)
{
    char xsd[4096];
    schema_beside(catalogue_path, xsd, sizeof xsd);
    uint8_t *bytes = NULL;
    size_t size = 0;
    xmlDoc *doc = xmldoc_read(path, xsd, &bytes, &size, errs);
    if (!doc) {
        free(bytes);
        return NULL;
    }
    size_t before = errors_total(errs);
    Campaign *c = xcalloc(1, sizeof *c);
    c->path = xstrdup(path);
    c->dir = folder_of(path);
    c->hash = mission_fnv1a(MISSION_FNV_OFFSET, bytes, size);
    free(bytes);
    const xmlNode *root = xmlDocGetRootElement(doc);
    if (!xmldoc_is(root, "campaign"))
        errors_add_at(errs, path, xmldoc_line(root), _("the root element must be <campaign>"));
    else
        read_document(&(Reader){c, cat, errs}, root);
    xmlFreeDoc(doc);
    if (errors_total(errs) != before) {
        campaign_destroy(c);
        return NULL;
    }
    return c;
}

/* --- a mission of the campaign --------------------------------------------- */

bool campaign_check_mission(const Campaign *c, const Mission *m, ErrorList *errs)
{
    size_t before = errors_total(errs);
    bool any_hero = false;
    for (size_t i = 0; i < m->hero_count; i++)
        any_hero |= campaign_has_hero(c, m->heroes[i].type);
    if (!any_hero)
        errors_add_at(errs, m->path, m->line,
                      _("the mission places none of the campaign's heroes (%s%s%s%s%s%s%s)"),
                      c->heroes[0], c->hero_count > 1 ? ", " : "",
                      c->hero_count > 1 ? c->heroes[1] : "", c->hero_count > 2 ? ", " : "",
                      c->hero_count > 2 ? c->heroes[2] : "", c->hero_count > 3 ? ", " : "",
                      c->hero_count > 3 ? c->heroes[3] : "");
    for (size_t i = 0; i < m->objective_count; i++) {
        const MissionObjective *o = &m->objectives[i];
        for (int k = 0; k < o->reward_count; k++) {
            int item = catalogue_find_item(m->catalogue, o->rewards[k].item);
            if (item < 0)
                continue; /* no item, or mission_check said so */
            if (!party_may_use(c, m->catalogue, catalogue_item_at(m->catalogue, (size_t)item)))
                errors_add_at(errs, m->path, o->rewards[k].line,
                              _("reward: no hero of the campaign may use '%s'"), o->rewards[k].item);
        }
    }
    return errors_total(errs) == before;
}
