/* Writing the mission XML: the same format an author writes by hand
 * (docs/missions.md), laid out for reading and editing, with a comment
 * saying how it was made. */
#include "genpopulate.h"

#include "../core/alloc.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct Text {
    char *buf;
    size_t len, cap;
} Text;

static void put(Text *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void put(Text *t, const char *fmt, ...)
{
    for (;;) {
        va_list ap;
        va_start(ap, fmt);
        int n = vsnprintf(t->buf + t->len, t->cap - t->len, fmt, ap);
        va_end(ap);
        if (n >= 0 && (size_t)n < t->cap - t->len) {
            t->len += (size_t)n;
            return;
        }
        t->cap = t->cap * 2 + (size_t)(n > 0 ? n : 0) + 256;
        t->buf = xrealloc(t->buf, t->cap, 1);
    }
}

/* Text with &, <, >, " and ' escaped, for attributes and content. */
static void put_escaped(Text *t, const char *s)
{
    for (; *s; s++) {
        switch (*s) {
        case '&': put(t, "&amp;"); break;
        case '<': put(t, "&lt;"); break;
        case '>': put(t, "&gt;"); break;
        case '"': put(t, "&quot;"); break;
        case '\'': put(t, "&apos;"); break;
        default: put(t, "%c", *s);
        }
    }
}

static const char *side_name(GridDir d)
{
    static const char *const names[4] = {"north", "east", "south", "west"};
    return names[d & 3];
}

static void put_flags(Text *t, unsigned flags)
{
    static const struct {
        unsigned bit;
        const char *name;
    } names[] = {{PIECE_BLOCKS_MOVE, "blocks-move"}, {PIECE_BLOCKS_SIGHT, "blocks-sight"},
                 {PIECE_SEARCHABLE, "searchable"},   {PIECE_EXIT, "exit"},
                 {PIECE_UNDEAD, "undead"}};
    bool first = true;
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (flags & names[i].bit) {
            put(t, "%s%s", first ? "" : " ", names[i].name);
            first = false;
        }
}

static void put_head(Text *t, const GenCtx *c, const char *id)
{
    put(t, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    put(t, "<!-- Made by the Questboard mission generator (docs/generator.md): style %s, seed %" PRIu64
           ", %dx%d, %d heroes, %s.\n     Edit it like any mission: docs/missions.md. -->\n",
        gen_style_name(c->opt.style), c->opt.seed, c->opt.width, c->opt.height, c->opt.heroes,
        gen_difficulty_name(c->opt.difficulty));
    put(t, "<mission id=\"%s\" version=\"1\">\n  <name>", id);
    put_escaped(t, c->name);
    put(t, "</name>\n  <briefing>");
    put_escaped(t, c->briefing);
    put(t, "</briefing>\n  <board bitmap=\"board.png\" seed=\"%" PRIu32 "\"/>\n",
        (uint32_t)c->opt.seed);
}

static void put_palette(Text *t, const GenCtx *c)
{
    put(t, "\n  <palette>\n");
    for (int i = 0; i < c->colour_count; i++) {
        const GenColour *e = &c->colours[i];
        put(t, "    <colour rgb=\"#%06" PRIx32 "\" name=\"", e->rgb);
        put_escaped(t, e->name);
        put(t, "\"");
        if (e->type != board_default_type(e->rgb))
            put(t, " type=\"%s\"", board_type_name(e->type));
        /* open country: one area, seen square by square like a corridor */
        if (e->area[0])
            put(t, " area=\"%s\" corridor=\"true\"", e->area);
        if (e->cost > 1)
            put(t, " cost=\"%d\"", e->cost);
        put(t, "/>\n");
    }
    put(t, "  </palette>\n\n  <rules wandering-monster=\"%s\"/>\n", c->wandering);
}

static void put_types(Text *t, const GenMap *m)
{
    if (!m->types.count)
        return;
    put(t, "\n  <types>\n");
    for (size_t i = 0; i < m->types.count; i++) {
        const PieceType *p = genlist_at(&m->types, i);
        put(t, "    <monster id=\"%s\" name=\"", p->id);
        put_escaped(t, p->name);
        put(t, "\" move=\"%d\" attack=\"%d\" defend=\"%d\" body=\"%d\" mind=\"%d\" flags=\"",
            p->move, p->attack, p->defend, p->body, p->mind);
        put_flags(t, p->flags);
        put(t, "\" sprite=\"%s\"/>\n", p->sprite);
    }
    put(t, "  </types>\n");
}

static void put_figures(Text *t, const GenMap *m)
{
    put(t, "\n  <heroes>\n");
    for (size_t i = 0; i < m->heroes.count; i++) {
        const MissionHero *h = genlist_at(&m->heroes, i);
        put(t, "    <hero type=\"%s\" x=\"%d\" y=\"%d\"/>\n", h->type, h->pos.x, h->pos.y);
    }
    put(t, "  </heroes>\n\n  <monsters>\n");
    for (size_t i = 0; i < m->monsters.count; i++) {
        const MissionMonster *mo = genlist_at(&m->monsters, i);
        put(t, "    <monster");
        if (mo->id[0])
            put(t, " id=\"%s\"", mo->id);
        put(t, " type=\"%s\" x=\"%d\" y=\"%d\"/>\n", mo->type, mo->pos.x, mo->pos.y);
    }
    put(t, "  </monsters>\n");
}

static void put_doors(Text *t, const GenMap *m)
{
    static const char *const kinds[DOOR_KIND_COUNT] = {"normal", "locked", "secret"};
    put(t, "\n  <doors>\n");
    for (size_t i = 0; i < m->door_list.count; i++) {
        const GenDoor *d = genlist_at(&m->door_list, i);
        put(t, "    <door x=\"%d\" y=\"%d\" side=\"%s\"", d->pos.x, d->pos.y, side_name(d->side));
        if (d->kind != DOOR_NORMAL)
            put(t, " kind=\"%s\"", kinds[d->kind]);
        if (d->key[0])
            put(t, " key=\"%s\"", d->key);
        put(t, "/>\n");
    }
    put(t, "  </doors>\n");
}

static void put_furniture(Text *t, const GenMap *m)
{
    put(t, "\n  <furniture>\n");
    for (size_t i = 0; i < m->furniture.count; i++) {
        const MissionFurniture *f = genlist_at(&m->furniture, i);
        put(t, "    <piece");
        if (f->id[0])
            put(t, " id=\"%s\"", f->id);
        put(t, " type=\"%s\" x=\"%d\" y=\"%d\"", f->type, f->pos.x, f->pos.y);
        if (f->rotation)
            put(t, " rotation=\"%d\"", f->rotation);
        put(t, "/>\n");
    }
    put(t, "  </furniture>\n");
}

static void put_traps_treasure(Text *t, const GenMap *m)
{
    put(t, "\n  <traps>\n");
    for (size_t i = 0; i < m->traps.count; i++) {
        const MissionTrap *tr = genlist_at(&m->traps, i);
        put(t, "    <trap kind=\"%s\" x=\"%d\" y=\"%d\"/>\n", mission_trap_kind_name(tr->kind),
            tr->pos.x, tr->pos.y);
    }
    put(t, "  </traps>\n\n  <treasures>\n");
    for (size_t i = 0; i < m->treasures.count; i++) {
        const MissionTreasure *tr = genlist_at(&m->treasures, i);
        put(t, "    <treasure");
        if (tr->id[0])
            put(t, " id=\"%s\"", tr->id);
        put(t, " name=\"");
        put_escaped(t, tr->name);
        put(t, "\" kind=\"%s\"", mission_treasure_kind_name(tr->kind));
        if (tr->kind != TREASURE_ITEM)
            put(t, " amount=\"%d\"", tr->amount);
        if (tr->furniture[0])
            put(t, " furniture=\"%s\"/>\n", tr->furniture);
        else
            put(t, " x=\"%d\" y=\"%d\"/>\n", tr->pos.x, tr->pos.y);
    }
    put(t, "  </treasures>\n");
    if (!m->exits.count)
        return;
    put(t, "\n  <exits>\n");
    for (size_t i = 0; i < m->exits.count; i++) {
        const MissionSquare *e = genlist_at(&m->exits, i);
        put(t, "    <square x=\"%d\" y=\"%d\"/>\n", e->pos.x, e->pos.y);
    }
    put(t, "  </exits>\n");
}

static void put_objectives(Text *t, const GenMap *m)
{
    put(t, "\n  <objectives>\n");
    for (size_t i = 0; i < m->objectives.count; i++) {
        const MissionObjective *o = genlist_at(&m->objectives, i);
        switch (o->kind) {
        case OBJECTIVE_KILL: put(t, "    <kill monster=\"%s\"", o->target); break;
        case OBJECTIVE_FIND_ITEM: put(t, "    <find item=\"%s\"", o->target); break;
        case OBJECTIVE_REACH_ROOM: put(t, "    <reach-room x=\"%d\" y=\"%d\"", o->pos.x, o->pos.y); break;
        case OBJECTIVE_REACH_SQUARE: put(t, "    <reach x=\"%d\" y=\"%d\"", o->pos.x, o->pos.y); break;
        default: put(t, "    <escape"); break;
        }
        put(t, " text=\"");
        put_escaped(t, o->text);
        put(t, "\"/>\n");
    }
    put(t, "  </objectives>\n");
}

/* The quest's texts in the data's other languages (genquest.c made them
 * from the same entries as the English): <translations>, each text with
 * its xml:lang, the objectives and treasures by their place n. */
static void put_translations(Text *t, const GenCtx *c)
{
    int n = gendata_lang_count(c->data);
    if (!n)
        return;
    put(t, "\n  <translations>\n");
    for (int k = 0; k < n; k++) {
        const GenLangText *l = &c->lang[k];
        const char *lang = gendata_lang(c->data, k);
        put(t, "    <name xml:lang=\"%s\">", lang);
        put_escaped(t, l->name);
        put(t, "</name>\n    <briefing xml:lang=\"%s\">", lang);
        put_escaped(t, l->briefing);
        put(t, "</briefing>\n");
        for (size_t i = 0; i < c->map->objectives.count && i < GEN_MAX_OBJECTIVES; i++) {
            put(t, "    <objective xml:lang=\"%s\" n=\"%zu\" text=\"", lang, i + 1);
            put_escaped(t, l->objective[i]);
            put(t, "\"/>\n");
        }
        const struct {
            int at;
            const char *name;
        } named[2] = {{c->item_treasure, l->item}, {c->key_treasure, l->key}};
        for (int i = 0; i < 2; i++) {
            if (named[i].at < 0)
                continue;
            put(t, "    <treasure xml:lang=\"%s\" n=\"%d\" name=\"", lang, named[i].at + 1);
            put_escaped(t, named[i].name);
            put(t, "\"/>\n");
        }
        for (int i = 0; i < c->colour_count; i++) {
            put(t, "    <colour xml:lang=\"%s\" rgb=\"#%06" PRIx32 "\" name=\"", lang, c->colours[i].rgb);
            put_escaped(t, c->colours[i].lang_name[k]);
            put(t, "\"/>\n");
        }
    }
    put(t, "  </translations>\n");
}

/* The mission's id: "<style>-<seed>". */
void genxml_mission_id(const GenOptions *o, char *out, size_t size)
{
    snprintf(out, size, "%s-%" PRIu64, gen_style_name(o->style), o->seed);
}

bool genxml_stage(GenCtx *c)
{
    Text t = {NULL, 0, 0};
    char id[MISSION_ID_MAX];
    genxml_mission_id(&c->opt, id, sizeof id);
    put_head(&t, c, id);
    put_palette(&t, c);
    put_types(&t, c->map);
    put_figures(&t, c->map);
    put_doors(&t, c->map);
    put_furniture(&t, c->map);
    put_traps_treasure(&t, c->map);
    put_objectives(&t, c->map);
    put_translations(&t, c);
    put(&t, "</mission>\n");
    c->xml = t.buf;
    c->xml_size = t.len;
    return true;
}
