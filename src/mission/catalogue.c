#define _POSIX_C_SOURCE 200809L
#include "catalogue.h"

#include "../core/alloc.h"
#include "../core/i18n.h"
#include "catalogue_xml.h"
#include "xmldoc.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct Catalogue {
    PieceType *types;
    size_t count, type_cap;
    /* Open addressing from id to types index + 1 (0: empty slot), at most
     * half full; NULL while there are no types. */
    uint32_t *slots;
    size_t slot_count;
    TreasureCard *deck;
    size_t deck_count;
    SpellType spells[CATALOGUE_MAX_SPELLS];
    size_t spell_count;
    ItemType *items;
    size_t item_count;
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

static uint32_t id_hash(const char *id)
{
    uint32_t h = 2166136261u; /* FNV-1a */
    for (const unsigned char *p = (const unsigned char *)id; *p; p++)
        h = (h ^ *p) * 16777619u;
    return h;
}

/* The slot holding id, or the empty slot where it would go. */
static size_t slot_of(const Catalogue *cat, const char *id)
{
    size_t mask = cat->slot_count - 1, i = id_hash(id) & mask;
    while (cat->slots[i] && strcmp(cat->types[cat->slots[i] - 1].id, id) != 0)
        i = (i + 1) & mask;
    return i;
}

/* Makes room for one more type in the id table. */
static void slots_reserve(Catalogue *cat)
{
    if ((cat->count + 1) * 2 <= cat->slot_count)
        return;
    free(cat->slots);
    cat->slot_count = cat->slot_count ? cat->slot_count * 2 : 64;
    cat->slots = xcalloc(cat->slot_count, sizeof *cat->slots);
    for (size_t t = 0; t < cat->count; t++)
        cat->slots[slot_of(cat, cat->types[t].id)] = (uint32_t)t + 1;
}

Catalogue *catalogue_clone(const Catalogue *cat)
{
    Catalogue *c = catalogue_create();
    if (cat->count) {
        c->types = xmalloc(cat->count, sizeof *c->types);
        memcpy(c->types, cat->types, cat->count * sizeof *c->types);
        c->type_cap = cat->count;
        c->slots = xmalloc(cat->slot_count, sizeof *c->slots);
        memcpy(c->slots, cat->slots, cat->slot_count * sizeof *c->slots);
        c->slot_count = cat->slot_count;
    }
    if (cat->deck_count) {
        c->deck = xmalloc(cat->deck_count, sizeof *c->deck);
        memcpy(c->deck, cat->deck, cat->deck_count * sizeof *c->deck);
    }
    c->count = cat->count;
    c->deck_count = cat->deck_count;
    memcpy(c->spells, cat->spells, sizeof c->spells);
    c->spell_count = cat->spell_count;
    if (cat->item_count) {
        c->items = xmalloc(cat->item_count, sizeof *c->items);
        memcpy(c->items, cat->items, cat->item_count * sizeof *c->items);
    }
    c->item_count = cat->item_count;
    return c;
}

void catalogue_destroy(Catalogue *cat)
{
    if (!cat)
        return;
    free(cat->types);
    free(cat->slots);
    free(cat->deck);
    free(cat->items);
    free(cat);
}

void catalogue_put(Catalogue *cat, const PieceType *type)
{
    slots_reserve(cat);
    size_t s = slot_of(cat, type->id);
    if (cat->slots[s]) {
        cat->types[cat->slots[s] - 1] = *type;
        return;
    }
    if (cat->count == cat->type_cap) {
        cat->type_cap = cat->type_cap ? cat->type_cap * 2 : 16;
        cat->types = xrealloc(cat->types, cat->type_cap, sizeof *cat->types);
    }
    cat->types[cat->count++] = *type;
    cat->slots[s] = (uint32_t)cat->count;
}

const PieceType *catalogue_find(const Catalogue *cat, const char *id)
{
    if (!cat || !cat->count)
        return NULL;
    uint32_t t = cat->slots[slot_of(cat, id)];
    return t ? &cat->types[t - 1] : NULL;
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
                              _("hero '%s' casts %.*s spells, but no spell has the element '%.*s'"),
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
            errors_add_at(errs, file, s.line, _("spell '%s' is already defined on line %d"), s.id,
                          cat->spells[dup].line);
        else if (!catalogue_add_spell(cat, &s))
            errors_add_at(errs, file, s.line, _("more than %d spells"), CATALOGUE_MAX_SPELLS);
    }
}

/* --- items ------------------------------------------------------------ */

static const char *const item_kind_names[ITEM_KIND_COUNT] = {"weapon", "armour", "potion",
                                                              "tool", "quest"};
static const char *const item_slot_names[ITEM_SLOT_COUNT] = {"none", "body", "head", "shield",
                                                              "cloak"};

static const struct {
    const char *name;
    unsigned bit;
} item_flag_names[] = {
    {"diagonal", ITEM_DIAGONAL},     {"ranged", ITEM_RANGED},     {"thrown", ITEM_THROWN},
    {"two-handed", ITEM_TWO_HANDED}, {"artifact", ITEM_ARTIFACT}, {"disarms", ITEM_DISARMS},
};

const char *catalogue_item_kind_name(ItemKind kind)
{
    return (unsigned)kind < ITEM_KIND_COUNT ? item_kind_names[kind] : "?";
}

const char *catalogue_item_slot_name(ItemSlot slot)
{
    return (unsigned)slot < ITEM_SLOT_COUNT ? item_slot_names[slot] : "?";
}

size_t catalogue_item_count(const Catalogue *cat)
{
    return cat->item_count;
}

const ItemType *catalogue_item_at(const Catalogue *cat, size_t index)
{
    return index < cat->item_count ? &cat->items[index] : NULL;
}

int catalogue_find_item(const Catalogue *cat, const char *id)
{
    for (size_t i = 0; cat && i < cat->item_count; i++)
        if (strcmp(cat->items[i].id, id) == 0)
            return (int)i;
    return -1;
}

bool catalogue_add_item(Catalogue *cat, const ItemType *item)
{
    if (cat->item_count == CATALOGUE_MAX_ITEMS)
        return false;
    cat->items = xrealloc(cat->items, cat->item_count + 1, sizeof *cat->items);
    cat->items[cat->item_count++] = *item;
    return true;
}

/* True when the space-separated list holds word. */
static bool list_has(const char *list, const char *word)
{
    size_t n = strlen(word), len;
    const char *cursor = list;
    for (const char *w; (w = next_word(&cursor, &len));)
        if (len == n && strncmp(w, word, n) == 0)
            return true;
    return false;
}

bool catalogue_item_usable(const ItemType *item, const PieceType *hero)
{
    if (!hero || hero->kind != PIECE_HERO)
        return false;
    const char *cursor = item->users;
    size_t len;
    return !next_word(&cursor, &len) || list_has(item->users, hero->id);
}

bool catalogue_item_against(const ItemType *item, const PieceType *t)
{
    if (!t || !item->against[0])
        return false;
    if (list_has(item->against, t->id))
        return true;
    for (size_t i = 0; i < sizeof flag_names / sizeof flag_names[0]; i++)
        if ((t->flags & flag_names[i].bit) && list_has(item->against, flag_names[i].name))
            return true;
    return false;
}

/* A monster type's name as a plural in a sentence: "orcs", "mummies". */
static void plural(const char *name, char *buf, size_t size)
{
    size_t n = strlen(name);
    char last = n ? (char)tolower((unsigned char)name[n - 1]) : 0;
    char before = n > 1 ? (char)tolower((unsigned char)name[n - 2]) : 0;
    if (last == 'y' && before && !strchr("aeiou", before))
        snprintf(buf, size, "%.*sies", (int)(n - 1), name);
    else if (last == 's' || last == 'x' || (last == 'h' && (before == 's' || before == 'c')))
        snprintf(buf, size, "%ses", name);
    else
        snprintf(buf, size, "%ss", name);
    for (char *c = buf; *c; c++)
        *c = (char)tolower((unsigned char)*c);
}

void catalogue_item_against_words(const Catalogue *cat, const ItemType *item, char *buf, size_t size)
{
    const char *against = item->against;
    char words[8][CATALOGUE_NAME_MAX + 8]; /* a name and "es", or "the " and a flag */
    int n = 0;
    for (const char *s = against; *s && n < 8;) {
        size_t len = strcspn(s, " ");
        if (len > 0) {
            char id[CATALOGUE_NAME_MAX];
            snprintf(id, sizeof id, "%.*s", (int)len, s);
            const PieceType *t = catalogue_find(cat, id);
            if (t)
                plural(t->name, words[n++], sizeof words[0]);
            else
                snprintf(words[n++], sizeof words[0], "the %s", id);
        }
        s += len;
        s += strspn(s, " ");
    }
    size_t used = 0;
    buf[0] = '\0';
    for (int i = 0; i < n && used < size; i++) {
        const char *sep = i == 0 ? "" : i == n - 1 ? " and " : ", ";
        int k = snprintf(buf + used, size - used, "%s%s", sep, words[i]);
        used += k > 0 ? (size_t)k : 0;
    }
}

size_t catalogue_hero_kit(const Catalogue *cat, const PieceType *hero, int *out, size_t cap)
{
    size_t n = 0, len;
    const char *cursor = hero->kit;
    char id[CATALOGUE_ID_MAX];
    for (const char *w; (w = next_word(&cursor, &len));) {
        snprintf(id, sizeof id, "%.*s", (int)len, w);
        int item = catalogue_find_item(cat, id);
        if (item < 0)
            continue;
        if (n < cap)
            out[n] = item;
        n++;
    }
    return n;
}

static unsigned parse_item_flags(const char *list)
{
    unsigned flags = 0;
    size_t len;
    const char *cursor = list;
    for (const char *w; (w = next_word(&cursor, &len));)
        for (size_t i = 0; i < sizeof item_flag_names / sizeof item_flag_names[0]; i++)
            if (strlen(item_flag_names[i].name) == len && strncmp(w, item_flag_names[i].name, len) == 0)
                flags |= item_flag_names[i].bit;
    return flags;
}

static const char *const disarm_names[DISARM_SKILL_COUNT] = {"none", "skull", "white", "black"};

const char *catalogue_disarm_name(DisarmSkill skill)
{
    return (unsigned)skill < DISARM_SKILL_COUNT ? disarm_names[skill] : "?";
}

/* The disarm-fails-on attribute of n, or fallback when it has none. */
static DisarmSkill read_disarm(const xmlNode *n, DisarmSkill fallback)
{
    char buf[16];
    if (!xmldoc_attr(n, "disarm-fails-on", buf, sizeof buf))
        return fallback;
    for (int k = DISARM_FAILS_ON_SKULL; k < DISARM_SKILL_COUNT; k++)
        if (strcmp(buf, disarm_names[k]) == 0)
            return (DisarmSkill)k;
    return fallback;
}

static void read_item(ItemType *it, const xmlNode *n)
{
    memset(it, 0, sizeof *it);
    for (int k = 0; k < ITEM_KIND_COUNT; k++)
        if (xmldoc_is(n, item_kind_names[k]))
            it->kind = (ItemKind)k;
    xmldoc_attr(n, "id", it->id, sizeof it->id);
    if (!xmldoc_attr(n, "name", it->name, sizeof it->name))
        snprintf(it->name, sizeof it->name, "%s", it->id);
    char buf[CATALOGUE_NAME_MAX];
    xmldoc_attr(n, "slot", buf, sizeof buf);
    for (int sl = 0; sl < ITEM_SLOT_COUNT; sl++)
        if (strcmp(buf, item_slot_names[sl]) == 0)
            it->slot = (ItemSlot)sl;
    it->price = xmldoc_attr_int(n, "price", 0);
    it->attack = xmldoc_attr_int(n, "attack", 0);
    it->defend = xmldoc_attr_int(n, "defend", 0);
    it->move_dice = xmldoc_attr_int(n, "move-dice", 0);
    it->heal = xmldoc_attr_int(n, "heal", 0);
    it->heal_dice = xmldoc_attr_int(n, "heal-dice", 0);
    it->eu_heal = xmldoc_attr_int(n, "eu-heal", 0);
    it->bonus = xmldoc_attr_int(n, "bonus", 0);
    xmldoc_attr(n, "against", it->against, sizeof it->against);
    char flags[256];
    xmldoc_attr(n, "flags", flags, sizeof flags);
    it->flags = parse_item_flags(flags);
    it->disarm = read_disarm(n, it->flags & ITEM_DISARMS ? DISARM_FAILS_ON_SKULL : DISARM_NONE);
    xmldoc_attr(n, "users", it->users, sizeof it->users);
    xmldoc_attr(n, "sprite", it->sprite, sizeof it->sprite);
    xmldoc_attr(n, "text", it->text, sizeof it->text);
    it->line = xmldoc_line(n);
}

static void read_items(Catalogue *cat, const xmlNode *items, const char *file, ErrorList *errs)
{
    for (xmlNode *n = items ? items->children : NULL; n; n = n->next) {
        if (n->type != XML_ELEMENT_NODE)
            continue;
        ItemType it;
        read_item(&it, n);
        int dup = catalogue_find_item(cat, it.id);
        if (dup >= 0)
            errors_add_at(errs, file, it.line, _("item '%s' is already defined on line %d"), it.id,
                          cat->items[dup].line);
        else if (!catalogue_add_item(cat, &it))
            errors_add_at(errs, file, it.line, _("more than %d items"), CATALOGUE_MAX_ITEMS);
    }
}

/* Every word of list must be a hero type; says which is not. */
static void check_users(const Catalogue *cat, const ItemType *it, const char *file,
                        ErrorList *errs)
{
    const char *cursor = it->users;
    size_t len;
    char id[CATALOGUE_ID_MAX];
    for (const char *w; (w = next_word(&cursor, &len));) {
        snprintf(id, sizeof id, "%.*s", (int)len, w);
        const PieceType *t = catalogue_find(cat, id);
        if (!t || t->kind != PIECE_HERO)
            errors_add_at(errs, file, it->line, _("item '%s' names '%s' as a user, which is not a hero type"),
                          it->id, id);
    }
    bool anyone = false;
    for (size_t i = 0; i < cat->count && !anyone; i++)
        anyone = catalogue_item_usable(it, &cat->types[i]);
    if (!anyone)
        errors_add_at(errs, file, it->line, _("no hero may use item '%s'"), it->id);
}

static void check_kit(const Catalogue *cat, const PieceType *t, const char *file, ErrorList *errs)
{
    const char *cursor = t->kit;
    size_t len;
    char id[CATALOGUE_ID_MAX];
    for (const char *w; (w = next_word(&cursor, &len));) {
        snprintf(id, sizeof id, "%.*s", (int)len, w);
        int item = catalogue_find_item(cat, id);
        if (item < 0)
            errors_add_at(errs, file, t->line, _("hero '%s' starts with item '%s', which is not in the catalogue"),
                          t->id, id);
        else if (!catalogue_item_usable(&cat->items[item], t))
            errors_add_at(errs, file, t->line, _("hero '%s' starts with item '%s', which it may not use"),
                          t->id, id);
    }
}

void catalogue_check_cards(const Catalogue *cat, const char *file, ErrorList *errs)
{
    for (size_t i = 0; i < cat->deck_count; i++) {
        const TreasureCard *c = &cat->deck[i];
        if (i > 0 && cat->deck[i - 1].line == c->line)
            continue; /* a copy: said once */
        if (!c->item[0])
            continue;
        int item = catalogue_find_item(cat, c->item);
        if (item < 0)
            errors_add_at(errs, file, c->line, _("card '%s' gives item '%s', which is not in <items>"),
                          c->id, c->item);
        else if (c->kind == TREASURE_POTION && cat->items[item].kind != ITEM_POTION)
            errors_add_at(errs, file, c->line, _("potion card '%s' gives item '%s', which is not a potion"),
                          c->id, c->item);
        else if (c->kind != TREASURE_POTION && c->kind != TREASURE_ITEM)
            errors_add_at(errs, file, c->line, _("card '%s' gives gold or harm, not item '%s'"), c->id,
                          c->item);
    }
}

void catalogue_check_items(const Catalogue *cat, const char *file, ErrorList *errs)
{
    for (size_t i = 0; i < cat->item_count; i++)
        check_users(cat, &cat->items[i], file, errs);
    for (size_t i = 0; i < cat->count; i++)
        if (cat->types[i].kind == PIECE_HERO)
            check_kit(cat, &cat->types[i], file, errs);
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
    t->disarm = read_disarm(node, DISARM_NONE);
    xmldoc_attr(node, "kit", t->kit, sizeof t->kit);
    t->line = xmldoc_line(node);
}

static bool is_type_element(const xmlNode *n)
{
    return xmldoc_is(n, "hero") || xmldoc_is(n, "monster") || xmldoc_is(n, "furniture");
}

size_t catalogue_read_types(Catalogue *cat, const xmlNode *parent, const char *file,
                            ErrorList *errs)
{
    size_t listed = 0;
    for (const xmlNode *n = parent->children; n; n = n->next)
        listed += is_type_element(n);
    if (listed > CATALOGUE_MAX_TYPES) {
        errors_add_at(errs, file, xmldoc_line(parent), _("%zu piece types, more than the limit of %d"),
                      listed, CATALOGUE_MAX_TYPES);
        return 0;
    }
    Catalogue seen = {0};
    for (xmlNode *n = parent->children; n; n = n->next) {
        if (!is_type_element(n))
            continue;
        PieceType t;
        read_piece(&t, n);
        const PieceType *dup = catalogue_find(&seen, t.id);
        if (dup) {
            errors_add_at(errs, file, t.line, _("piece type '%s' is already defined on line %d"),
                          t.id, dup->line);
            continue;
        }
        catalogue_put(&seen, &t);
        catalogue_put(cat, &t);
    }
    size_t n = seen.count;
    free(seen.types);
    free(seen.slots);
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
        xmldoc_attr(n, "item", c.item, sizeof c.item);
        c.line = xmldoc_line(n);
        int copies = xmldoc_attr_int(n, "copies", 1);
        if (copies < 1 || copies > CATALOGUE_MAX_COPIES ||
            cat->deck_count + (size_t)copies > CATALOGUE_MAX_DECK) {
            errors_add_at(errs, file, c.line, _("too many copies of card '%s'"), c.id);
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
    read_items(cat, xmldoc_child(root, "items"), path, errs);
    catalogue_check_cards(cat, path, errs);
    catalogue_check_spells(cat, path, errs);
    catalogue_check_items(cat, path, errs);
    xmlFreeDoc(doc);
    if (errors_total(errs) != before) {
        catalogue_destroy(cat);
        return NULL;
    }
    return cat;
}
