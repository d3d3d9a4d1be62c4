#include "mission_xml.h"

#include "../core/alloc.h"
#include "../core/i18n.h"
#include "../core/numparse.h"
#include "catalogue_xml.h"
#include "mission_lang.h"
#include "xmldoc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* One pass over a document: the file name for messages and the list. */
typedef struct Reader {
    Mission *m;
    const char *file;
    ErrorList *errs;
} Reader;

static BoardPos read_pos(const xmlNode *n)
{
    return (BoardPos){xmldoc_attr_int(n, "x", -1), xmldoc_attr_int(n, "y", -1)};
}

/* Counts the elements named name under parent, refusing absurd counts
 * before anything is allocated. */
static size_t count_children(const Reader *r, const xmlNode *parent, const char *name)
{
    size_t n = 0;
    for (xmlNode *c = parent ? parent->children : NULL; c; c = c->next)
        n += xmldoc_is(c, name);
    if (n > MISSION_MAX_PLACEMENTS) {
        errors_add_at(r->errs, r->file, xmldoc_line(parent), _("more than %d <%s> elements"),
                      MISSION_MAX_PLACEMENTS, name);
        return 0;
    }
    return n;
}

static int parse_enum(const char *s, const char *const *names, int count)
{
    for (int i = 0; i < count; i++)
        if (strcmp(s, names[i]) == 0)
            return i;
    return 0;
}

static void read_palette(Reader *r, const xmlNode *sec)
{
    static const char *const types[] = {"none", "blocked", "walkable"};
    size_t n = count_children(r, sec, "colour");
    r->m->palette = xcalloc(n + 1, sizeof *r->m->palette);
    for (xmlNode *c = sec ? sec->children : NULL; c && r->m->palette_count < n; c = c->next) {
        if (!xmldoc_is(c, "colour"))
            continue;
        MissionPaletteEntry *e = &r->m->palette[r->m->palette_count++];
        char buf[32];
        xmldoc_attr(c, "rgb", buf, sizeof buf);
        (void)xmldoc_parse_rgb(buf, &e->rgb);
        e->has_type = xmldoc_attr(c, "type", buf, sizeof buf);
        e->type = (SquareType)parse_enum(buf, types, 3);
        xmldoc_attr(c, "name", e->name, sizeof e->name);
        e->has_corridor = xmldoc_attr(c, "corridor", buf, sizeof buf);
        e->corridor = xmldoc_attr_bool(c, "corridor", false);
        e->sealed = xmldoc_attr_bool(c, "sealed", false);
        xmldoc_attr(c, "area", e->area, sizeof e->area);
        e->cost = xmldoc_attr_int(c, "cost", 1);
        e->line = xmldoc_line(c);
    }
}

/* The ids <types> defines, for mission_check_sprites. */
static void read_own_types(Mission *m, const xmlNode *types)
{
    size_t n = 0;
    for (const xmlNode *c = types->children; c; c = c->next)
        n += c->type == XML_ELEMENT_NODE;
    if (n > CATALOGUE_MAX_TYPES)
        return; /* refused by catalogue_read_types */
    m->own_types = xcalloc(n + 1, sizeof *m->own_types);
    for (const xmlNode *c = types->children; c; c = c->next)
        if (c->type == XML_ELEMENT_NODE &&
            xmldoc_attr(c, "id", m->own_types[m->own_type_count], sizeof m->own_types[0]))
            m->own_type_count++;
}

static void read_rules(Reader *r, const xmlNode *sec)
{
    if (!sec)
        return;
    MissionRules *rules = &r->m->rules;
    rules->line = xmldoc_line(sec);
    rules->hero_move_dice = xmldoc_attr_int(sec, "move-dice", rules->hero_move_dice);
    char buf[MISSION_ID_MAX];
    if (xmldoc_attr(sec, "wandering-monster", buf, sizeof buf))
        snprintf(rules->wandering_monster, sizeof rules->wandering_monster, "%s", buf);
    if (xmldoc_attr(sec, "edition", buf, sizeof buf))
        rules->edition = strcmp(buf, "eu") == 0 ? MISSION_EDITION_EU : MISSION_EDITION_US;
    int k = 0;
    for (xmlNode *c = sec->children; c && k < 4; c = c->next)
        if (xmldoc_is(c, "hero")) {
            rules->hero_lines[k] = xmldoc_line(c);
            xmldoc_attr(c, "type", rules->heroes_allowed[k++], MISSION_ID_MAX);
        }
}

static void read_heroes(Reader *r, const xmlNode *sec)
{
    size_t n = count_children(r, sec, "hero");
    r->m->heroes = xcalloc(n + 1, sizeof *r->m->heroes);
    for (xmlNode *c = sec ? sec->children : NULL; c && r->m->hero_count < n; c = c->next) {
        if (!xmldoc_is(c, "hero"))
            continue;
        MissionHero *h = &r->m->heroes[r->m->hero_count++];
        xmldoc_attr(c, "type", h->type, sizeof h->type);
        h->pos = read_pos(c);
        h->line = xmldoc_line(c);
    }
}

static void read_monsters(Reader *r, const xmlNode *sec)
{
    size_t n = count_children(r, sec, "monster");
    r->m->monsters = xcalloc(n + 1, sizeof *r->m->monsters);
    for (xmlNode *c = sec ? sec->children : NULL; c && r->m->monster_count < n; c = c->next) {
        if (!xmldoc_is(c, "monster"))
            continue;
        MissionMonster *mo = &r->m->monsters[r->m->monster_count++];
        xmldoc_attr(c, "id", mo->id, sizeof mo->id);
        xmldoc_attr(c, "type", mo->type, sizeof mo->type);
        mo->pos = read_pos(c);
        mo->line = xmldoc_line(c);
    }
}

/* <board topology="…" diagonal-cost="p/q" hex-offset="…">: the schema
 * checked the syntax; the ratio's range is checked here. */
static void read_shape(Reader *r, const xmlNode *board)
{
    Mission *m = r->m;
    char buf[32];
    m->shape = grid_make(1, 1, GRID_SQUARE4);
    if (xmldoc_attr(board, "topology", buf, sizeof buf) && grid_topology_from_name(buf) >= 0)
        m->shape.topology = (GridTopology)grid_topology_from_name(buf);
    if (xmldoc_attr(board, "hex-offset", buf, sizeof buf))
        m->shape.hex_even = strcmp(buf, "even") == 0;
    if (xmldoc_attr(board, "diagonal-cost", buf, sizeof buf)) {
        int num = 0, den = 0;
        if (!numparse_pair(buf, '/', 1, GRID_MAX_RATIO, &num, &den) ||
            !grid_set_diagonal(&m->shape, num, den))
            errors_add_at(r->errs, r->file, xmldoc_line(board),
                          _("diagonal-cost=\"%s\": two whole numbers from 1 to %d, as in 7/5"), buf,
                          GRID_MAX_RATIO);
    }
}

static void read_doors(Reader *r, const xmlNode *sec)
{
    static const char *const sides[] = {"north", "east", "south", "west"};
    static const char *const kinds[] = {"normal", "locked", "secret"};
    size_t n = count_children(r, sec, "door");
    r->m->doors = xcalloc(n + 1, sizeof *r->m->doors);
    for (xmlNode *c = sec ? sec->children : NULL; c && r->m->door_count < n; c = c->next) {
        if (!xmldoc_is(c, "door"))
            continue;
        MissionDoor *d = &r->m->doors[r->m->door_count++];
        char buf[32];
        d->pos = read_pos(c);
        xmldoc_attr(c, "side", buf, sizeof buf);
        int dir = grid_dir_from_name(buf);
        d->side = dir >= 0 ? (GridDir)dir : (GridDir)parse_enum(buf, sides, 4);
        if (!xmldoc_attr(c, "kind", buf, sizeof buf))
            snprintf(buf, sizeof buf, "normal");
        d->kind = (DoorKind)parse_enum(buf, kinds, DOOR_KIND_COUNT);
        xmldoc_attr(c, "key", d->key, sizeof d->key);
        d->key_treasure = -1;
        d->open = xmldoc_attr_bool(c, "open", false);
        d->line = xmldoc_line(c);
    }
}

static void read_furniture(Reader *r, const xmlNode *sec)
{
    size_t n = count_children(r, sec, "piece");
    r->m->furniture = xcalloc(n + 1, sizeof *r->m->furniture);
    for (xmlNode *c = sec ? sec->children : NULL; c && r->m->furniture_count < n; c = c->next) {
        if (!xmldoc_is(c, "piece"))
            continue;
        MissionFurniture *f = &r->m->furniture[r->m->furniture_count++];
        xmldoc_attr(c, "id", f->id, sizeof f->id);
        xmldoc_attr(c, "type", f->type, sizeof f->type);
        f->pos = read_pos(c);
        f->rotation = xmldoc_attr_int(c, "rotation", 0);
        f->width = f->height = 1; /* until the check finds its type */
        f->line = xmldoc_line(c);
    }
}

static void read_squares(Reader *r, const xmlNode *sec, MissionSquare **out, size_t *count)
{
    size_t n = count_children(r, sec, "square");
    *out = xcalloc(n + 1, sizeof **out);
    for (xmlNode *c = sec ? sec->children : NULL; c && *count < n; c = c->next) {
        if (!xmldoc_is(c, "square"))
            continue;
        (*out)[*count] = (MissionSquare){read_pos(c), xmldoc_line(c)};
        (*count)++;
    }
}

static void read_traps(Reader *r, const xmlNode *sec)
{
    static const char *const kinds[] = {"pit", "spear", "falling_block", "chest"};
    size_t n = count_children(r, sec, "trap");
    r->m->traps = xcalloc(n + 1, sizeof *r->m->traps);
    for (xmlNode *c = sec ? sec->children : NULL; c && r->m->trap_count < n; c = c->next) {
        if (!xmldoc_is(c, "trap"))
            continue;
        MissionTrap *t = &r->m->traps[r->m->trap_count++];
        char buf[32];
        xmldoc_attr(c, "kind", buf, sizeof buf);
        t->kind = (TrapKind)parse_enum(buf, kinds, TRAP_KIND_COUNT);
        t->pos = read_pos(c);
        xmldoc_attr(c, "treasure", t->treasure, sizeof t->treasure);
        t->damage = xmldoc_attr_int(c, "damage", 1);
        t->fall = (BoardPos){xmldoc_attr_int(c, "fall-x", -1), xmldoc_attr_int(c, "fall-y", -1)};
        char at[16];
        t->has_fall = xmldoc_attr(c, "fall-x", at, sizeof at) || xmldoc_attr(c, "fall-y", at, sizeof at);
        t->line = xmldoc_line(c);
    }
}

static void read_treasure(Reader *r, const xmlNode *sec)
{
    size_t n = count_children(r, sec, "treasure");
    r->m->treasure = xcalloc(n + 1, sizeof *r->m->treasure);
    for (xmlNode *c = sec ? sec->children : NULL; c && r->m->treasure_count < n; c = c->next) {
        if (!xmldoc_is(c, "treasure"))
            continue;
        MissionTreasure *t = &r->m->treasure[r->m->treasure_count++];
        char buf[32];
        xmldoc_attr(c, "id", t->id, sizeof t->id);
        xmldoc_attr(c, "name", t->name, sizeof t->name);
        xmldoc_attr(c, "kind", buf, sizeof buf);
        (void)catalogue_treasure_kind_parse(buf, &t->kind);
        t->amount = xmldoc_attr_int(c, "amount", 0);
        xmldoc_attr(c, "furniture", t->furniture, sizeof t->furniture);
        xmldoc_attr(c, "item", t->item, sizeof t->item);
        t->pos = read_pos(c);
        t->room = -1;
        t->line = xmldoc_line(c);
    }
}

static void default_text(MissionObjective *o, const char *monster, const char *item)
{
    if (o->text[0])
        return;
    switch (o->kind) {
    case OBJECTIVE_KILL:
        snprintf(o->text, sizeof o->text, "Kill %s", monster);
        break;
    case OBJECTIVE_REACH_SQUARE:
        snprintf(o->text, sizeof o->text, "Reach square (%d,%d)", o->pos.x, o->pos.y);
        break;
    case OBJECTIVE_REACH_ROOM:
        snprintf(o->text, sizeof o->text, "Reach the room at (%d,%d)", o->pos.x, o->pos.y);
        break;
    case OBJECTIVE_ESCAPE:
        snprintf(o->text, sizeof o->text, "Leave the dungeon by the stairway");
        break;
    case OBJECTIVE_FIND_ITEM:
        snprintf(o->text, sizeof o->text, "Find %s", item);
        break;
    case OBJECTIVE_KIND_COUNT:
        break;
    }
}

static void read_rewards(MissionObjective *o, const xmlNode *objective)
{
    for (xmlNode *c = objective->children; c; c = c->next) {
        if (!xmldoc_is(c, "reward") || o->reward_count >= MISSION_MAX_REWARDS)
            continue;
        MissionReward *rw = &o->rewards[o->reward_count++];
        /* -1: no gold attribute (the checks want exactly one of the two) */
        rw->gold = xmldoc_attr_int(c, "gold", -1);
        xmldoc_attr(c, "item", rw->item, sizeof rw->item);
        rw->line = xmldoc_line(c);
    }
}

static void read_objectives(Reader *r, const xmlNode *sec)
{
    static const char *const names[] = {"kill", "reach", "reach-room", "escape", "find"};
    size_t n = 0;
    for (int k = 0; k < OBJECTIVE_KIND_COUNT; k++)
        n += count_children(r, sec, names[k]);
    if (n > MISSION_MAX_PLACEMENTS)
        n = 0;
    r->m->objectives = xcalloc(n + 1, sizeof *r->m->objectives);
    if (sec)
        r->m->rules.turn_limit = xmldoc_attr_int(sec, "turn-limit", 0);
    for (xmlNode *c = sec ? sec->children : NULL; c && r->m->objective_count < n; c = c->next) {
        if (c->type != XML_ELEMENT_NODE)
            continue;
        MissionObjective *o = &r->m->objectives[r->m->objective_count++];
        o->kind = (ObjectiveKind)parse_enum((const char *)c->name, names, OBJECTIVE_KIND_COUNT);
        char monster[MISSION_ID_MAX], item[MISSION_ID_MAX];
        xmldoc_attr(c, "monster", monster, sizeof monster);
        xmldoc_attr(c, "item", item, sizeof item);
        snprintf(o->target, sizeof o->target, "%s", o->kind == OBJECTIVE_KILL ? monster : item);
        o->pos = read_pos(c);
        xmldoc_attr(c, "text", o->text, sizeof o->text);
        default_text(o, monster, item);
        o->line = xmldoc_line(c);
        read_rewards(o, c);
    }
}

static void read_notes(Reader *r, const xmlNode *sec)
{
    size_t n = count_children(r, sec, "note");
    r->m->notes = xcalloc(n + 1, sizeof *r->m->notes);
    for (xmlNode *c = sec ? sec->children : NULL; c && r->m->note_count < n; c = c->next) {
        if (!xmldoc_is(c, "note"))
            continue;
        MissionNote *note = &r->m->notes[r->m->note_count++];
        xmldoc_attr(c, "label", note->label, sizeof note->label);
        note->pos = read_pos(c); /* (-1,-1) when about the whole mission */
        note->text = xmldoc_text(c);
        note->line = xmldoc_line(c);
    }
}

static void read_header(Reader *r, const xmlNode *root)
{
    Mission *m = r->m;
    xmldoc_attr(root, "id", m->id, sizeof m->id);
    m->line = xmldoc_line(root);
    m->version = xmldoc_attr_int(root, "version", MISSION_FORMAT_VERSION);
    m->name = xmldoc_text(xmldoc_child(root, "name"));
    m->briefing = xmldoc_text(xmldoc_child(root, "briefing"));
    m->victory_text = xmldoc_text(xmldoc_child(root, "victory"));
    m->defeat_text = xmldoc_text(xmldoc_child(root, "defeat"));
    const xmlNode *music = xmldoc_child(root, "music");
    if (music) {
        xmldoc_attr(music, "mood", m->mood, sizeof m->mood);
        m->mood_line = xmldoc_line(music);
    }
    const xmlNode *board = xmldoc_child(root, "board");
    char buf[512];
    xmldoc_attr(board, "bitmap", buf, sizeof buf);
    m->bitmap_path = xstrdup(buf);
    m->bitmap_name = xstrdup(buf);
    m->bitmap_line = xmldoc_line(board);
    if (!xmldoc_attr_u64(board, "seed", &m->seed))
        m->seed = mission_fnv1a(MISSION_FNV_OFFSET, (const uint8_t *)m->id, strlen(m->id));
    read_shape(r, board);
}

Mission *mission_parse_xml(const char *path, const uint8_t *data, size_t size,
                           const char *schema_path, const Catalogue *base, ErrorList *errs)
{
    xmlDoc *doc = xmldoc_parse(path, data, size, schema_path, errs);
    if (!doc)
        return NULL;
    const xmlNode *root = xmlDocGetRootElement(doc);
    if (!xmldoc_is(root, "mission")) {
        errors_add_at(errs, path, xmldoc_line(root), _("the root element must be <mission>"));
        xmlFreeDoc(doc);
        return NULL;
    }
    size_t before = errors_total(errs);
    Reader r = {mission_new(path), path, errs};
    read_header(&r, root);
    r.m->catalogue = base ? catalogue_clone(base) : catalogue_create();
    const xmlNode *types = xmldoc_child(root, "types");
    if (types) {
        catalogue_read_types(r.m->catalogue, types, path, errs);
        read_own_types(r.m, types);
        /* the shared catalogue passed this already: only the mission's
         * own hero types can fail it */
        catalogue_check_spells(r.m->catalogue, path, errs);
        catalogue_check_items(r.m->catalogue, path, errs);
    }
    read_palette(&r, xmldoc_child(root, "palette"));
    read_rules(&r, xmldoc_child(root, "rules"));
    read_heroes(&r, xmldoc_child(root, "heroes"));
    read_monsters(&r, xmldoc_child(root, "monsters"));
    read_doors(&r, xmldoc_child(root, "doors"));
    read_furniture(&r, xmldoc_child(root, "furniture"));
    read_squares(&r, xmldoc_child(root, "rubble"), &r.m->rubble, &r.m->rubble_count);
    read_traps(&r, xmldoc_child(root, "traps"));
    read_treasure(&r, xmldoc_child(root, "treasures"));
    read_squares(&r, xmldoc_child(root, "exits"), &r.m->exits, &r.m->exit_count);
    read_objectives(&r, xmldoc_child(root, "objectives"));
    read_notes(&r, xmldoc_child(root, "notes"));
    mission_lang_read(r.m, xmldoc_child(root, "translations"), r.file, r.errs);
    xmlFreeDoc(doc);
    if (errors_total(errs) != before) {
        mission_destroy(r.m);
        return NULL;
    }
    return r.m;
}

/* The <translations>' <name> in the player's language (mission_lang.h's
 * choice), or NULL. */
static char *translated_name(const xmlNode *sec)
{
    for (const xmlNode *c = sec ? sec->children : NULL; c; c = c->next) {
        if (!xmldoc_is(c, "name"))
            continue;
        xmlChar *lang = xmlNodeGetLang(c);
        bool mine = lang && i18n_lang_matches((const char *)lang, i18n_language());
        xmlFree(lang);
        char *text = mine ? xmldoc_text(c) : NULL;
        if (text && text[0])
            return text;
        free(text);
    }
    return NULL;
}

void mission_file_name(const char *path, char *buf, size_t size)
{
    buf[0] = '\0';
    if (!path)
        return;
    ErrorList errs;
    errors_init(&errs, 0);
    xmlDoc *doc = xmldoc_read(path, NULL, NULL, NULL, &errs);
    errors_clear(&errs);
    xmlNode *root = doc ? xmlDocGetRootElement(doc) : NULL;
    bool mission = root && xmldoc_is(root, "mission");
    char *name = mission ? translated_name(xmldoc_child(root, "translations")) : NULL;
    if (!name && mission)
        name = xmldoc_text(xmldoc_child(root, "name"));
    snprintf(buf, size, "%s", name ? name : "");
    free(name);
    if (doc)
        xmlFreeDoc(doc);
}
