#define _POSIX_C_SOURCE 200809L
#include "catalogue.h"

#include "../core/alloc.h"
#include "catalogue_xml.h"
#include "xmldoc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct Catalogue {
    PieceType *types;
    size_t count;
    TreasureCard *deck;
    size_t deck_count;
    SpellType spells[CATALOGUE_MAX_SPELLS];
    size_t spell_count;
};

/* Deck sizes are tiny; this only stops a hostile copies="1000000000". */
#define CATALOGUE_MAX_COPIES 100
#define CATALOGUE_MAX_DECK 1000

static const char *const kind_names[PIECE_KIND_COUNT] = {"hero", "monster", "furniture"};
static const char *const treasure_names[TREASURE_KIND_COUNT] = {
    "gold", "potion", "item", "hazard", "wandering_monster"};

static const char *const effect_names[SPELL_EFFECT_COUNT] = {
    "attack",    "damage",     "heal",          "skip-turn",    "sleep",
    "double-move", "pass-walls", "pass-monsters", "attack-bonus", "defend-bonus"};

static const struct {
    const char *name;
    unsigned bit;
} flag_names[] = {
    {"blocks-move", PIECE_BLOCKS_MOVE}, {"blocks-sight", PIECE_BLOCKS_SIGHT},
    {"searchable", PIECE_SEARCHABLE},   {"exit", PIECE_EXIT},
    {"undead", PIECE_UNDEAD},
};

Catalogue *catalogue_create(void)
{
    return xcalloc(1, sizeof(Catalogue));
}

Catalogue *catalogue_clone(const Catalogue *cat)
{
    Catalogue *c = catalogue_create();
    if (cat->count) {
        c->types = xmalloc(cat->count, sizeof *c->types);
        memcpy(c->types, cat->types, cat->count * sizeof *c->types);
    }
    if (cat->deck_count) {
        c->deck = xmalloc(cat->deck_count, sizeof *c->deck);
        memcpy(c->deck, cat->deck, cat->deck_count * sizeof *c->deck);
    }
    c->count = cat->count;
    c->deck_count = cat->deck_count;
    memcpy(c->spells, cat->spells, sizeof c->spells);
    c->spell_count = cat->spell_count;
    return c;
}

void catalogue_destroy(Catalogue *cat)
{
    if (!cat)
        return;
    free(cat->types);
    free(cat->deck);
    free(cat);
}

void catalogue_put(Catalogue *cat, const PieceType *type)
{
    for (size_t i = 0; i < cat->count; i++) {
        if (strcmp(cat->types[i].id, type->id) == 0) {
            cat->types[i] = *type;
            return;
        }
    }
    cat->types = xrealloc(cat->types, cat->count + 1, sizeof *cat->types);
    cat->types[cat->count++] = *type;
}

const PieceType *catalogue_find(const Catalogue *cat, const char *id)
{
    for (size_t i = 0; cat && i < cat->count; i++)
        if (strcmp(cat->types[i].id, id) == 0)
            return &cat->types[i];
    return NULL;
}

size_t catalogue_count(const Catalogue *cat)
{
    return cat->count;
}

const PieceType *catalogue_at(const Catalogue *cat, size_t index)
{
    return index < cat->count ? &cat->types[index] : NULL;
}

const char *catalogue_kind_name(PieceKind kind)
{
    return kind >= 0 && kind < PIECE_KIND_COUNT ? kind_names[kind] : "?";
}

bool catalogue_kind_parse(const char *name, PieceKind *kind)
{
    for (int i = 0; i < PIECE_KIND_COUNT; i++) {
        if (strcmp(name, kind_names[i]) == 0) {
            *kind = (PieceKind)i;
            return true;
        }
    }
    return false;
}

const char *catalogue_treasure_kind_name(TreasureKind kind)
{
    return kind >= 0 && kind < TREASURE_KIND_COUNT ? treasure_names[kind] : "?";
}

bool catalogue_treasure_kind_parse(const char *name, TreasureKind *kind)
{
    for (int i = 0; i < TREASURE_KIND_COUNT; i++) {
        if (strcmp(name, treasure_names[i]) == 0) {
            *kind = (TreasureKind)i;
            return true;
        }
    }
    return false;
}

const TreasureCard *catalogue_treasure_deck(const Catalogue *cat, size_t *count)
{
    *count = cat->deck_count;
    return cat->deck;
}

void catalogue_add_card(Catalogue *cat, const TreasureCard *card)
{
    cat->deck = xrealloc(cat->deck, cat->deck_count + 1, sizeof *cat->deck);
    cat->deck[cat->deck_count++] = *card;
}

size_t catalogue_spell_count(const Catalogue *cat)
{
    return cat->spell_count;
}

const SpellType *catalogue_spell_at(const Catalogue *cat, size_t index)
{
    return index < cat->spell_count ? &cat->spells[index] : NULL;
}

int catalogue_find_spell(const Catalogue *cat, const char *id)
{
    for (size_t i = 0; i < cat->spell_count; i++)
        if (strcmp(cat->spells[i].id, id) == 0)
            return (int)i;
    return -1;
}

bool catalogue_add_spell(Catalogue *cat, const SpellType *spell)
{
    if (cat->spell_count == CATALOGUE_MAX_SPELLS)
        return false;
    cat->spells[cat->spell_count++] = *spell;
    return true;
}

const char *catalogue_spell_effect_name(SpellEffect effect)
{
    return (unsigned)effect < SPELL_EFFECT_COUNT ? effect_names[effect] : "?";
}

#define SPACES " \t\r\n"

/* The next word of a space-separated list from *cursor (its length in
 * *len), or NULL at the end. */
static const char *next_word(const char **cursor, size_t *len)
{
    const char *w = *cursor + strspn(*cursor, SPACES);
    *len = strcspn(w, SPACES);
    *cursor = w + *len;
    return *len ? w : NULL;
}

bool catalogue_hero_casts(const PieceType *hero, const char *element)
{
    size_t n = strlen(element), len;
    const char *cursor = hero->spells;
    for (const char *w; (w = next_word(&cursor, &len));)
        if (len == n && strncmp(w, element, n) == 0)
            return true;
    return false;
}

static bool element_known(const Catalogue *cat, const char *element, size_t len)
{
    for (size_t i = 0; i < cat->spell_count; i++)
        if (strlen(cat->spells[i].element) == len && strncmp(cat->spells[i].element, element, len) == 0)
            return true;
    return false;
}

void catalogue_check_spells(const Catalogue *cat, const char *file, ErrorList *errs)
{
    for (size_t i = 0; i < cat->count; i++) {
        const PieceType *t = &cat->types[i];
        const char *cursor = t->spells;
        size_t len;
        for (const char *w; (w = next_word(&cursor, &len));)
            if (!element_known(cat, w, len))
                errors_add_at(errs, file, t->line,
                              "hero '%s' casts %.*s spells, but no spell has the element '%.*s'",
                              t->id, (int)len, w, (int)len, w);
    }
}

static void read_spells(Catalogue *cat, const xmlNode *spells, const char *file, ErrorList *errs)
{
    for (xmlNode *n = spells ? spells->children : NULL; n; n = n->next) {
        if (!xmldoc_is(n, "spell"))
            continue;
        SpellType s = {0};
        char buf[32];
        xmldoc_attr(n, "id", s.id, sizeof s.id);
        xmldoc_attr(n, "name", s.name, sizeof s.name);
        xmldoc_attr(n, "element", s.element, sizeof s.element);
        xmldoc_attr(n, "effect", buf, sizeof buf);
        for (int e = 0; e < SPELL_EFFECT_COUNT; e++)
            if (strcmp(buf, effect_names[e]) == 0)
                s.effect = (SpellEffect)e;
        xmldoc_attr(n, "target", buf, sizeof buf);
        s.targets_monster = strcmp(buf, "monster") == 0;
        s.amount = xmldoc_attr_int(n, "amount", 0);
        s.dice = xmldoc_attr_int(n, "dice", 0);
        xmldoc_attr(n, "text", s.text, sizeof s.text);
        s.line = xmldoc_line(n);
        int dup = catalogue_find_spell(cat, s.id);
        if (dup >= 0)
            errors_add_at(errs, file, s.line, "spell '%s' is already defined on line %d", s.id,
                          cat->spells[dup].line);
        else if (!catalogue_add_spell(cat, &s))
            errors_add_at(errs, file, s.line, "more than %d spells", CATALOGUE_MAX_SPELLS);
    }
}

/* Splits a space-separated flags list (the schema checked the words). */
static unsigned parse_flags(const char *list)
{
    unsigned flags = 0;
    char buf[256];
    snprintf(buf, sizeof buf, "%s", list);
    for (char *save = NULL, *w = strtok_r(buf, " \t\r\n", &save); w;
         w = strtok_r(NULL, " \t\r\n", &save))
        for (size_t i = 0; i < sizeof flag_names / sizeof flag_names[0]; i++)
            if (strcmp(w, flag_names[i].name) == 0)
                flags |= flag_names[i].bit;
    return flags;
}

void catalogue_flags_format(unsigned flags, char *buf, size_t size)
{
    size_t n = 0;
    if (size)
        buf[0] = '\0';
    for (size_t i = 0; i < sizeof flag_names / sizeof flag_names[0]; i++) {
        if (!(flags & flag_names[i].bit) || n >= size)
            continue;
        int k = snprintf(buf + n, size - n, "%s%s", n ? " " : "", flag_names[i].name);
        n += k > 0 ? (size_t)k : 0;
    }
}

static void read_piece(PieceType *t, const xmlNode *node)
{
    memset(t, 0, sizeof *t);
    (void)catalogue_kind_parse((const char *)node->name, &t->kind);
    xmldoc_attr(node, "id", t->id, sizeof t->id);
    if (!xmldoc_attr(node, "name", t->name, sizeof t->name))
        snprintf(t->name, sizeof t->name, "%s", t->id);
    t->move = xmldoc_attr_int(node, "move", 0);
    t->move_dice = xmldoc_attr_int(node, "move-dice", t->kind == PIECE_HERO ? 2 : 0);
    t->attack = xmldoc_attr_int(node, "attack", 0);
    t->defend = xmldoc_attr_int(node, "defend", 0);
    t->body = xmldoc_attr_int(node, "body", 0);
    t->mind = xmldoc_attr_int(node, "mind", 0);
    t->width = xmldoc_attr_int(node, "width", 1);
    t->height = xmldoc_attr_int(node, "height", 1);
    char flags[256];
    xmldoc_attr(node, "flags", flags, sizeof flags);
    t->flags = parse_flags(flags);
    xmldoc_attr(node, "sprite", t->sprite, sizeof t->sprite);
    xmldoc_attr(node, "spells", t->spells, sizeof t->spells);
    t->line = xmldoc_line(node);
}

size_t catalogue_read_types(Catalogue *cat, const xmlNode *parent, const char *file,
                            ErrorList *errs)
{
    Catalogue seen = {0};
    for (xmlNode *n = parent->children; n; n = n->next) {
        if (!xmldoc_is(n, "hero") && !xmldoc_is(n, "monster") && !xmldoc_is(n, "furniture"))
            continue;
        PieceType t;
        read_piece(&t, n);
        const PieceType *dup = catalogue_find(&seen, t.id);
        if (dup) {
            errors_add_at(errs, file, t.line, "piece type '%s' is already defined on line %d",
                          t.id, dup->line);
            continue;
        }
        catalogue_put(&seen, &t);
        catalogue_put(cat, &t);
    }
    size_t n = seen.count;
    free(seen.types);
    return n;
}

static void read_deck(Catalogue *cat, const xmlNode *deck, const char *file, ErrorList *errs)
{
    for (xmlNode *n = deck ? deck->children : NULL; n; n = n->next) {
        if (!xmldoc_is(n, "card"))
            continue;
        TreasureCard c = {0};
        char kind[32];
        xmldoc_attr(n, "id", c.id, sizeof c.id);
        xmldoc_attr(n, "name", c.name, sizeof c.name);
        xmldoc_attr(n, "kind", kind, sizeof kind);
        (void)catalogue_treasure_kind_parse(kind, &c.kind);
        c.amount = xmldoc_attr_int(n, "amount", 0);
        c.returns = xmldoc_attr_bool(n, "returns", c.kind == TREASURE_HAZARD ||
                                                       c.kind == TREASURE_WANDERING_MONSTER);
        c.line = xmldoc_line(n);
        int copies = xmldoc_attr_int(n, "copies", 1);
        if (copies < 1 || copies > CATALOGUE_MAX_COPIES ||
            cat->deck_count + (size_t)copies > CATALOGUE_MAX_DECK) {
            errors_add_at(errs, file, c.line, "too many copies of card '%s'", c.id);
            continue;
        }
        for (int i = 0; i < copies; i++)
            catalogue_add_card(cat, &c);
    }
}

/* The schema sits next to the catalogue: assets/pieces.xsd. */
static void sibling_path(const char *path, const char *name, char *buf, size_t size)
{
    const char *slash = strrchr(path, '/');
    int dir_len = slash ? (int)(slash - path + 1) : 0;
    snprintf(buf, size, "%.*s%s", dir_len, path, name);
}

Catalogue *catalogue_load(const char *path, ErrorList *errs)
{
    char schema[4096];
    sibling_path(path, "pieces.xsd", schema, sizeof schema);
    size_t before = errors_total(errs);
    xmlDoc *doc = xmldoc_read(path, schema, NULL, NULL, errs);
    if (!doc)
        return NULL;
    Catalogue *cat = catalogue_create();
    xmlNode *root = xmlDocGetRootElement(doc);
    catalogue_read_types(cat, root, path, errs);
    read_deck(cat, xmldoc_child(root, "treasure-deck"), path, errs);
    read_spells(cat, xmldoc_child(root, "spells"), path, errs);
    catalogue_check_spells(cat, path, errs);
    xmlFreeDoc(doc);
    if (errors_total(errs) != before) {
        catalogue_destroy(cat);
        return NULL;
    }
    return cat;
}
