#include "mission_write.h"
#include "mission_lang.h"

#include "../core/alloc.h"
#include "mission_xml.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The text being written and, per finished line, where it came from. */
typedef struct Writer {
    char *s;
    size_t len, cap;
    int *lines;
    size_t line_count, line_cap;
    int source; /* the source line of the line being written */
} Writer;

static void put_raw(Writer *w, const char *s, size_t n)
{
    if (w->len + n + 1 > w->cap) {
        while (w->len + n + 1 > w->cap)
            w->cap = w->cap ? w->cap * 2 : 4096;
        w->s = xrealloc(w->s, w->cap, 1);
    }
    memcpy(w->s + w->len, s, n);
    w->len += n;
    w->s[w->len] = '\0';
    for (size_t i = 0; i < n; i++) {
        if (s[i] != '\n')
            continue;
        if (w->line_count == w->line_cap) {
            w->line_cap = w->line_cap ? w->line_cap * 2 : 256;
            w->lines = xrealloc(w->lines, w->line_cap, sizeof *w->lines);
        }
        w->lines[w->line_count++] = w->source;
        w->source = 0;
    }
}

static void put(Writer *w, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void put(Writer *w, const char *fmt, ...)
{
    char buf[512];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    if (n < 0)
        return;
    if ((size_t)n < sizeof buf) {
        put_raw(w, buf, (size_t)n);
        return;
    }
    char *big = xmalloc((size_t)n + 1, 1);
    va_start(ap, fmt);
    vsnprintf(big, (size_t)n + 1, fmt, ap);
    va_end(ap);
    put_raw(w, big, (size_t)n);
    free(big);
}

/* Text escaped for an attribute value or element content. Line breaks in
 * attributes become character references so they survive reading. */
static void put_escaped(Writer *w, const char *s, bool attribute)
{
    for (; *s; s++) {
        switch (*s) {
        case '&': put_raw(w, "&amp;", 5); break;
        case '<': put_raw(w, "&lt;", 4); break;
        case '>': put_raw(w, "&gt;", 4); break;
        case '"': put_raw(w, attribute ? "&quot;" : "\"", attribute ? 6 : 1); break;
        case '\n': put_raw(w, attribute ? "&#10;" : "\n", attribute ? 5 : 1); break;
        case '\t': put_raw(w, attribute ? "&#9;" : "\t", attribute ? 4 : 1); break;
        case '\r': put_raw(w, "&#13;", 5); break;
        default: put_raw(w, s, 1); break;
        }
    }
}

/* ' name="value"', or nothing when value is empty. */
static void put_attr(Writer *w, const char *name, const char *value)
{
    if (!value || !value[0])
        return;
    put(w, " %s=\"", name);
    put_escaped(w, value, true);
    put_raw(w, "\"", 1);
}

static void put_square(Writer *w, BoardPos p)
{
    put(w, " x=\"%d\" y=\"%d\"", p.x, p.y);
}

/* The board's topology as the mission plays it (a --topology override
 * included), only where it differs from the defaults. */
static void board_shape(Writer *w, const Mission *m)
{
    const Grid *g = m->board ? board_grid(m->board) : &m->shape;
    if (g->topology != GRID_SQUARE4)
        put_attr(w, "topology", grid_topology_name(g->topology));
    if (g->topology == GRID_SQUARE8 && (g->diag_num != 1 || g->diag_den != 1))
        put(w, " diagonal-cost=\"%d/%d\"", g->diag_num, g->diag_den);
    if (g->topology == GRID_HEX && g->hex_even)
        put(w, " hex-offset=\"even\"");
}

static void header(Writer *w, const Mission *m, const char *bitmap)
{
    put(w, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    w->source = m->line;
    put(w, "<mission");
    put_attr(w, "id", m->id);
    put(w, " version=\"%d\">\n", m->version ? m->version : MISSION_FORMAT_VERSION);
    put(w, "  <name>");
    put_escaped(w, m->name ? m->name : m->id, false);
    put(w, "</name>\n");
    if (m->briefing && m->briefing[0]) {
        put(w, "  <briefing>");
        put_escaped(w, m->briefing, false);
        put(w, "</briefing>\n");
    }
    if (m->victory_text && m->victory_text[0]) {
        put(w, "  <victory>");
        put_escaped(w, m->victory_text, false);
        put(w, "</victory>\n");
    }
    if (m->defeat_text && m->defeat_text[0]) {
        put(w, "  <defeat>");
        put_escaped(w, m->defeat_text, false);
        put(w, "</defeat>\n");
    }
    w->source = m->bitmap_line;
    put(w, "  <board");
    put_attr(w, "bitmap", bitmap);
    uint64_t by_id = mission_fnv1a(MISSION_FNV_OFFSET, (const uint8_t *)m->id, strlen(m->id));
    if (m->seed != by_id && m->seed <= UINT32_MAX)
        put(w, " seed=\"%" PRIu64 "\"", m->seed);
    board_shape(w, m);
    put(w, "/>\n");
    if (m->mood[0]) {
        w->source = m->mood_line;
        put(w, "  <music");
        put_attr(w, "mood", m->mood);
        put(w, "/>\n");
    }
}

static void palette(Writer *w, const Mission *m)
{
    static const char *const types[] = {"none", "blocked", "walkable"};
    if (!m->palette_count)
        return;
    put(w, "  <palette>\n");
    for (size_t i = 0; i < m->palette_count; i++) {
        const MissionPaletteEntry *e = &m->palette[i];
        w->source = e->line;
        put(w, "    <colour rgb=\"#%06x\"", (unsigned)(e->rgb & 0xffffff));
        put_attr(w, "name", e->name);
        if (e->has_type && (unsigned)e->type < 3)
            put_attr(w, "type", types[e->type]);
        if (e->cost > 1)
            put(w, " cost=\"%d\"", e->cost);
        if (e->has_corridor)
            put(w, " corridor=\"%s\"", e->corridor ? "true" : "false");
        if (e->sealed)
            put(w, " sealed=\"true\"");
        put_attr(w, "area", e->area);
        put(w, "/>\n");
    }
    put(w, "  </palette>\n");
}

static void rules(Writer *w, const Mission *m)
{
    const MissionRules *r = &m->rules;
    bool heroes = false;
    for (int k = 0; k < 4; k++)
        heroes = heroes || r->heroes_allowed[k][0];
    bool wander = r->wandering_monster[0] && strcmp(r->wandering_monster, "orc") != 0;
    bool eu = r->edition == MISSION_EDITION_EU;
    if (!heroes && !wander && !eu && r->hero_move_dice == 2)
        return;
    put(w, "  <rules");
    if (r->hero_move_dice != 2)
        put(w, " move-dice=\"%d\"", r->hero_move_dice);
    if (wander)
        put_attr(w, "wandering-monster", r->wandering_monster);
    if (eu)
        put_attr(w, "edition", mission_edition_name(r->edition));
    if (!heroes) {
        put(w, "/>\n");
        return;
    }
    put(w, ">\n");
    for (int k = 0; k < 4; k++)
        if (r->heroes_allowed[k][0])
            put(w, "    <hero type=\"%s\"/>\n", r->heroes_allowed[k]);
    put(w, "  </rules>\n");
}

static bool same_type(const PieceType *a, const PieceType *b)
{
    return a->kind == b->kind && strcmp(a->name, b->name) == 0 && a->move == b->move &&
           a->move_dice == b->move_dice && a->attack == b->attack && a->defend == b->defend &&
           a->body == b->body && a->mind == b->mind && a->width == b->width &&
           a->height == b->height && a->flags == b->flags && strcmp(a->sprite, b->sprite) == 0 &&
           strcmp(a->spells, b->spells) == 0;
}

static void piece_type(Writer *w, const PieceType *t)
{
    w->source = t->line;
    put(w, "    <%s", catalogue_kind_name(t->kind));
    put_attr(w, "id", t->id);
    put_attr(w, "name", t->name);
    if (t->kind == PIECE_HERO)
        put(w, " move-dice=\"%d\"", t->move_dice);
    if (t->kind == PIECE_MONSTER)
        put(w, " move=\"%d\"", t->move);
    if (t->kind == PIECE_FURNITURE)
        put(w, " width=\"%d\" height=\"%d\"", t->width, t->height);
    else
        put(w, " attack=\"%d\" defend=\"%d\" body=\"%d\" mind=\"%d\"", t->attack, t->defend,
            t->body, t->mind);
    char flags[256];
    catalogue_flags_format(t->flags, flags, sizeof flags);
    put_attr(w, "flags", flags);
    put_attr(w, "sprite", t->sprite);
    if (t->kind == PIECE_HERO)
        put_attr(w, "spells", t->spells);
    put(w, "/>\n");
}

static void types(Writer *w, const Mission *m, const Catalogue *base)
{
    if (!base || !m->catalogue)
        return;
    bool open = false;
    for (size_t i = 0; i < catalogue_count(m->catalogue); i++) {
        const PieceType *t = catalogue_at(m->catalogue, i);
        const PieceType *b = catalogue_find(base, t->id);
        if (b && same_type(t, b))
            continue;
        if (!open)
            put(w, "  <types>\n");
        open = true;
        piece_type(w, t);
    }
    if (open)
        put(w, "  </types>\n");
}

static void heroes(Writer *w, const Mission *m)
{
    if (!m->hero_count || m->bare)
        return;
    put(w, "  <heroes>\n");
    for (size_t i = 0; i < m->hero_count; i++) {
        w->source = m->heroes[i].line;
        put(w, "    <hero");
        put_attr(w, "type", m->heroes[i].type);
        put_square(w, m->heroes[i].pos);
        put(w, "/>\n");
    }
    put(w, "  </heroes>\n");
}

static void monsters(Writer *w, const Mission *m)
{
    if (!m->monster_count)
        return;
    put(w, "  <monsters>\n");
    for (size_t i = 0; i < m->monster_count; i++) {
        const MissionMonster *mo = &m->monsters[i];
        w->source = mo->line;
        put(w, "    <monster");
        put_attr(w, "id", mo->id);
        put_attr(w, "type", mo->type);
        put_square(w, mo->pos);
        put(w, "/>\n");
    }
    put(w, "  </monsters>\n");
}

static void doors(Writer *w, const Mission *m)
{
    static const char *const sides[] = {"north", "east", "south", "west"};
    if (!m->door_count)
        return;
    put(w, "  <doors>\n");
    for (size_t i = 0; i < m->door_count; i++) {
        const MissionDoor *d = &m->doors[i];
        w->source = d->line;
        put(w, "    <door");
        put_square(w, d->pos);
        /* hex sides by their short names (ne, se, sw, nw) */
        put_attr(w, "side", (unsigned)d->side < 4 ? sides[d->side] : grid_dir_name(d->side));
        if (d->kind != DOOR_NORMAL)
            put_attr(w, "kind", mission_door_kind_name(d->kind));
        put_attr(w, "key", d->key);
        if (d->open)
            put(w, " open=\"true\"");
        put(w, "/>\n");
    }
    put(w, "  </doors>\n");
}

static void furniture(Writer *w, const Mission *m)
{
    if (!m->furniture_count)
        return;
    put(w, "  <furniture>\n");
    for (size_t i = 0; i < m->furniture_count; i++) {
        const MissionFurniture *f = &m->furniture[i];
        w->source = f->line;
        put(w, "    <piece");
        put_attr(w, "id", f->id);
        put_attr(w, "type", f->type);
        put_square(w, f->pos);
        if (f->rotation)
            put(w, " rotation=\"%d\"", f->rotation);
        put(w, "/>\n");
    }
    put(w, "  </furniture>\n");
}

static void squares(Writer *w, const char *name, const MissionSquare *s, size_t n)
{
    if (!n)
        return;
    put(w, "  <%s>\n", name);
    for (size_t i = 0; i < n; i++) {
        w->source = s[i].line;
        put(w, "    <square");
        put_square(w, s[i].pos);
        put(w, "/>\n");
    }
    put(w, "  </%s>\n", name);
}

static void traps(Writer *w, const Mission *m)
{
    if (!m->trap_count)
        return;
    put(w, "  <traps>\n");
    for (size_t i = 0; i < m->trap_count; i++) {
        w->source = m->traps[i].line;
        put(w, "    <trap");
        const MissionTrap *t = &m->traps[i];
        put_attr(w, "kind", mission_trap_kind_name(t->kind));
        if (t->treasure[0])
            put_attr(w, "treasure", t->treasure);
        else
            put_square(w, t->pos);
        if (t->has_fall)
            put(w, " fall-x=\"%d\" fall-y=\"%d\"", t->fall.x, t->fall.y);
        if (t->kind == TRAP_CHEST && t->damage != 1)
            put(w, " damage=\"%d\"", t->damage);
        put(w, "/>\n");
    }
    put(w, "  </traps>\n");
}

static void treasures(Writer *w, const Mission *m)
{
    if (!m->treasure_count)
        return;
    put(w, "  <treasures>\n");
    for (size_t i = 0; i < m->treasure_count; i++) {
        const MissionTreasure *t = &m->treasure[i];
        w->source = t->line;
        put(w, "    <treasure");
        put_attr(w, "id", t->id);
        put_attr(w, "name", t->name);
        put_attr(w, "kind", mission_treasure_kind_name(t->kind));
        if (t->amount)
            put(w, " amount=\"%d\"", t->amount);
        if (t->furniture[0])
            put_attr(w, "furniture", t->furniture);
        else
            put_square(w, t->pos);
        if (t->item[0] && !t->own_item)
            put_attr(w, "item", t->item);
        put(w, "/>\n");
    }
    put(w, "  </treasures>\n");
}

static void objectives(Writer *w, const Mission *m)
{
    static const char *const names[] = {"kill", "reach", "reach-room", "escape", "find"};
    if (!m->objective_count && !m->rules.turn_limit)
        return;
    put(w, "  <objectives");
    if (m->rules.turn_limit)
        put(w, " turn-limit=\"%d\"", m->rules.turn_limit);
    put(w, ">\n");
    for (size_t i = 0; i < m->objective_count; i++) {
        const MissionObjective *o = &m->objectives[i];
        if ((unsigned)o->kind >= OBJECTIVE_KIND_COUNT)
            continue;
        w->source = o->line;
        put(w, "    <%s", names[o->kind]);
        if (o->kind == OBJECTIVE_KILL)
            put_attr(w, "monster", o->target);
        if (o->kind == OBJECTIVE_FIND_ITEM)
            put_attr(w, "item", o->target);
        if (o->kind == OBJECTIVE_REACH_SQUARE || o->kind == OBJECTIVE_REACH_ROOM)
            put_square(w, o->pos);
        put_attr(w, "text", o->text);
        if (!o->reward_count) {
            put(w, "/>\n");
            continue;
        }
        put(w, ">\n");
        for (int r = 0; r < o->reward_count; r++) {
            w->source = o->rewards[r].line;
            if (o->rewards[r].item[0])
                put(w, "      <reward item=\"%s\"/>\n", o->rewards[r].item);
            else
                put(w, "      <reward gold=\"%d\"/>\n", o->rewards[r].gold);
        }
        put(w, "    </%s>\n", names[o->kind]);
    }
    put(w, "  </objectives>\n");
}

static void notes(Writer *w, const Mission *m)
{
    if (!m->note_count)
        return;
    put(w, "  <notes>\n");
    for (size_t i = 0; i < m->note_count; i++) {
        const MissionNote *n = &m->notes[i];
        w->source = n->line;
        put(w, "    <note");
        put_attr(w, "label", n->label);
        if (n->pos.x >= 0 && n->pos.y >= 0)
            put_square(w, n->pos);
        put(w, ">");
        put_escaped(w, n->text ? n->text : "", false);
        put(w, "</note>\n");
    }
    put(w, "  </notes>\n");
}

static bool has_colour(const Mission *m, uint32_t rgb)
{
    for (size_t i = 0; i < m->palette_count; i++)
        if (m->palette[i].rgb == rgb)
            return true;
    return false;
}

/* The texts in other languages (mission_lang.h), in the order read. One
 * of an objective or note, or a room's colour, the mission no longer has
 * (the editor removed it) is left out: it would name nothing. */
static void translations(Writer *w, const Mission *m)
{
    if (!m->translation_count)
        return;
    put(w, "  <translations>\n");
    for (size_t i = 0; i < m->translation_count; i++) {
        const MissionTranslation *t = &m->translations[i];
        bool numbered = t->kind == MISSION_TR_OBJECTIVE || t->kind == MISSION_TR_NOTE || t->kind == MISSION_TR_TREASURE;
        size_t have = mission_lang_count(m, t->kind);
        if (numbered && (t->index < 0 || (size_t)t->index >= have))
            continue;
        if (t->kind == MISSION_TR_ROOM) {
            if (has_colour(m, (uint32_t)t->index)) {
                w->source = t->line;
                put(w, "    <colour rgb=\"#%06x\"", (unsigned)t->index);
                put_attr(w, "xml:lang", t->lang);
                put_attr(w, "name", t->text ? t->text : "");
                put(w, "/>\n");
            }
            continue;
        }
        const char *el = mission_lang_element(t->kind);
        w->source = t->line;
        put(w, "    <%s", el);
        if (numbered)
            put(w, " n=\"%d\"", t->index + 1);
        put_attr(w, "xml:lang", t->lang);
        if (t->kind == MISSION_TR_OBJECTIVE || t->kind == MISSION_TR_TREASURE) {
            put(w, t->kind == MISSION_TR_TREASURE ? " name=\"" : " text=\"");
            put_escaped(w, t->text ? t->text : "", true);
            put(w, "\"/>\n");
            continue;
        }
        put(w, ">");
        put_escaped(w, t->text ? t->text : "", false);
        put(w, "</%s>\n", el);
    }
    put(w, "  </translations>\n");
}

void mission_write_xml(const Mission *m, const Catalogue *base, const char *bitmap,
                       MissionText *out)
{
    Writer w = {0};
    header(&w, m, bitmap);
    palette(&w, m);
    rules(&w, m);
    types(&w, m, base);
    heroes(&w, m);
    monsters(&w, m);
    doors(&w, m);
    furniture(&w, m);
    squares(&w, "rubble", m->rubble, m->rubble_count);
    traps(&w, m);
    treasures(&w, m);
    squares(&w, "exits", m->exits, m->exit_count);
    objectives(&w, m);
    notes(&w, m);
    translations(&w, m);
    put(&w, "</mission>\n");
    *out = (MissionText){w.s, w.len, w.lines, w.line_count};
}

void mission_text_free(MissionText *t)
{
    free(t->xml);
    free(t->lines);
    *t = (MissionText){0};
}

int mission_text_source_line(const MissionText *t, int line)
{
    return line >= 1 && (size_t)line <= t->line_count ? t->lines[line - 1] : 0;
}
