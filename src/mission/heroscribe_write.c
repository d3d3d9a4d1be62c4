/* A converted quest as mission XML and board pixels. One placement per
 * line, each remembering the quest line it came from, so the loader's
 * messages and the analysis' warnings can name the quest's own lines. */
#include "heroscribe_internal.h"

#include "../core/alloc.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct Out {
    char *buf;
    size_t len, cap;
    int *lines;
    size_t line_count, line_cap;
} Out;

/* Appends one line of output (fmt without its newline) from quest line src. */
static void line(Out *o, int src, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

static void line(Out *o, int src, const char *fmt, ...)
{
    for (;;) {
        va_list ap;
        va_start(ap, fmt);
        int n = vsnprintf(o->buf + o->len, o->cap - o->len, fmt, ap);
        va_end(ap);
        if (n >= 0 && (size_t)n + 1 < o->cap - o->len) {
            o->len += (size_t)n;
            o->buf[o->len++] = '\n';
            o->buf[o->len] = '\0';
            break;
        }
        o->cap = o->cap * 2 + (size_t)(n > 0 ? n : 0) + 256;
        o->buf = xrealloc(o->buf, o->cap, 1);
    }
    if (o->line_count == o->line_cap) {
        o->line_cap = o->line_cap * 2 + 64;
        o->lines = xrealloc(o->lines, o->line_cap, sizeof *o->lines);
    }
    o->lines[o->line_count++] = src;
}

/* s escaped for XML, cut to at most max bytes on a UTF-8 boundary, in a
 * new string. Control characters become spaces (XML 1.0 forbids most). */
static char *escaped(const char *s, size_t max)
{
    size_t n = strlen(s);
    if (n > max) {
        n = max;
        while (n > 0 && ((unsigned char)s[n] & 0xc0) == 0x80)
            n--;
    }
    char *e = xmalloc(n * 6 + 1, 1);
    size_t w = 0;
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        const char *rep = c == '&' ? "&amp;" : c == '<' ? "&lt;" : c == '>' ? "&gt;"
                          : c == '"' ? "&quot;" : NULL;
        if (rep) {
            memcpy(e + w, rep, strlen(rep));
            w += strlen(rep);
        } else {
            e[w++] = c < 0x20 ? ' ' : (char)c;
        }
    }
    e[w] = '\0';
    return e;
}

/* ---- colours --------------------------------------------------------- */

#define RGB_CORRIDOR 0xffffffu
#define RGB_ROCK 0xc3c3c3u
#define RGB_BRIDGE 0xb8a888u

/* The 22 rooms' colours: far apart, none near white, rock or black. */
static const uint32_t room_rgb[22] = {
    0x8a5a44, 0x6b7f3a, 0x5f5a8a, 0x8a6d2b, 0x3f7a70, 0x7a3f5e, 0x4a6e9a, 0x9a4a30,
    0x4f8a45, 0x6e4f9a, 0x8a1f2b, 0x2b5f8a, 0x7d6a4a, 0x4a6b4d, 0x6b4a2b, 0x5d4a6b,
    0x7a7a3a, 0x3a5a7a, 0x9a5a8a, 0x4a8a8a, 0x6a5a3a, 0x5a3a4a,
};

static uint32_t cell_rgb(const HsQuest *q, int x, int y)
{
    char c = q->cell[(size_t)y * q->width + x];
    if (c == 0)
        return 0;
    if (c == '.')
        return RGB_CORRIDOR;
    if (c == '#')
        return RGB_ROCK;
    if (c == '=')
        return RGB_BRIDGE;
    /* the same room letter on another board: a shade apart, named apart */
    int board = (y / (HEROSCRIBE_BOARD_H + 1)) * q->boards_w + x / (HEROSCRIBE_BOARD_W + 1);
    return room_rgb[c - 'A'] + (uint32_t)board * 0x020202u;
}

static void pixels(const HsQuest *q, HeroscribeImport *out)
{
    out->width = q->width;
    out->height = q->height;
    out->rgba = xmalloc((size_t)q->width * q->height * 4, 1);
    for (int y = 0; y < q->height; y++)
        for (int x = 0; x < q->width; x++) {
            uint32_t rgb = cell_rgb(q, x, y);
            uint8_t *p = out->rgba + ((size_t)y * q->width + x) * 4;
            p[0] = (uint8_t)(rgb >> 16), p[1] = (uint8_t)(rgb >> 8), p[2] = (uint8_t)rgb;
            p[3] = 255;
        }
}

/* Rooms no door leads into and no hero starts in are the quest's unused
 * rooms: sealed, so the check does not call each a mistake. */
static void room_use(const HsQuest *q, bool used[HEROSCRIBE_MAX_BOARDS][22])
{
    memset(used, 0, sizeof(bool) * HEROSCRIBE_MAX_BOARDS * 22);
    for (size_t i = 0; i < q->placed_count; i++) {
        const HsPlaced *p = &q->placed[i];
        int sq[2][2] = {{p->x, p->y}, {p->x + (p->side == 1), p->y + (p->side == 2)}};
        int n = p->kind == HSP_DOOR ? 2 : p->kind == HSP_HERO ? 1 : 0;
        for (int k = 0; k < n; k++) {
            int x = sq[k][0], y = sq[k][1];
            char c = q->cell[(size_t)y * q->width + x];
            int board = (y / (HEROSCRIBE_BOARD_H + 1)) * q->boards_w + x / (HEROSCRIBE_BOARD_W + 1);
            if (c >= 'A' && c <= 'V')
                used[board][c - 'A'] = true;
        }
    }
}

static void palette(Out *o, const HsQuest *q)
{
    bool used[HEROSCRIBE_MAX_BOARDS][22];
    room_use(q, used);
    line(o, 0, "  <palette>");
    line(o, 0, "    <colour rgb=\"#%06x\" name=\"Corridor\" corridor=\"true\"/>", RGB_CORRIDOR);
    line(o, 0, "    <colour rgb=\"#%06x\" name=\"Rock\"/>", RGB_ROCK);
    if (q->bridge_count)
        line(o, 0, "    <colour rgb=\"#%06x\" name=\"Bridge\" corridor=\"true\"/>", RGB_BRIDGE);
    int boards = q->boards_w * q->boards_h;
    for (int b = 0; b < boards; b++)
        for (int r = 0; r < 22; r++) {
            char name[48];
            if (boards > 1)
                snprintf(name, sizeof name, "Room %c (board %d)", 'A' + r, b + 1);
            else
                snprintf(name, sizeof name, "Room %c", 'A' + r);
            line(o, 0, "    <colour rgb=\"#%06x\" name=\"%s\"%s/>", room_rgb[r] + (uint32_t)b * 0x020202u,
                 name, used[b][r] ? "" : " sealed=\"true\"");
        }
    line(o, 0, "  </palette>");
}

/* ---- the placements -------------------------------------------------- */

static const char *const side_names[4] = {"north", "east", "south", "west"};

static void placed_line(Out *o, const HsQuest *q, const HsPlaced *p)
{
    char id[48] = "";
    if (p->id[0])
        snprintf(id, sizeof id, "id=\"%s\" ", p->id);
    switch (p->kind) {
    case HSP_HERO: line(o, p->line, "    <hero type=\"%s\" x=\"%d\" y=\"%d\"/>", p->type, p->x, p->y); break;
    case HSP_MONSTER:
        line(o, p->line, "    <monster %stype=\"%s\" x=\"%d\" y=\"%d\"/>", id, p->type, p->x, p->y);
        break;
    case HSP_DOOR:
        line(o, p->line, "    <door x=\"%d\" y=\"%d\" side=\"%s\"%s%s/>", p->x, p->y,
             side_names[p->side], strcmp(p->type, "secret") == 0 ? " kind=\"secret\"" : "",
             p->open ? " open=\"true\"" : "");
        break;
    case HSP_FURNITURE:
        line(o, p->line, "    <piece type=\"%s\" x=\"%d\" y=\"%d\" rotation=\"%d\"/>", p->type, p->x,
             p->y, p->rotation);
        break;
    case HSP_RUBBLE:
    case HSP_EXIT: line(o, p->line, "    <square x=\"%d\" y=\"%d\"/>", p->x, p->y); break;
    case HSP_TRAP:
        if (p->has_fall)
            line(o, p->line, "    <trap kind=\"%s\" x=\"%d\" y=\"%d\" fall-x=\"%d\" fall-y=\"%d\"/>",
                 p->type, p->x, p->y, p->fx, p->fy);
        else
            line(o, p->line, "    <trap kind=\"%s\" x=\"%d\" y=\"%d\"/>", p->type, p->x, p->y);
        break;
    case HSP_TREASURE: {
        char *name = escaped(p->text, 120);
        if (p->amount)
            line(o, p->line, "    <treasure %sname=\"%s\" kind=\"%s\" amount=\"%d\" x=\"%d\" y=\"%d\"/>",
                 id, name, p->type, p->amount, p->x, p->y);
        else
            line(o, p->line, "    <treasure %sname=\"%s\" kind=\"%s\" x=\"%d\" y=\"%d\"/>", id, name,
                 p->type, p->x, p->y);
        free(name);
        break;
    }
    case HSP_OBJECTIVE: {
        char *text = escaped(p->text, 120);
        if (strcmp(p->type, "kill") == 0)
            line(o, p->line, "    <kill monster=\"%s\" text=\"%s\"/>", p->id, text);
        else if (strcmp(p->type, "find") == 0)
            line(o, p->line, "    <find item=\"%s\" text=\"%s\"/>", p->id, text);
        else
            line(o, p->line, "    <escape text=\"%s\"/>", text);
        free(text);
        break;
    }
    case HSP_TYPE: {
        /* a named foe: its figure's flags and picture, its own name and stats */
        const PieceType *t = catalogue_find(q->cat, p->type);
        char flags[256] = "", *name = escaped(p->text, 60);
        if (t)
            catalogue_flags_format(t->flags, flags, sizeof flags);
        line(o, p->line, "    <monster id=\"%s\" name=\"%s\" move=\"%d\" attack=\"%d\" "
             "defend=\"%d\" body=\"%d\" mind=\"%d\"%s%s%s sprite=\"%s\"/>", p->id, name,
             p->stats[0], p->stats[1], p->stats[2], p->stats[3], p->stats[4],
             flags[0] ? " flags=\"" : "", flags, flags[0] ? "\"" : "", t ? t->sprite : "");
        free(name);
        break;
    }
    case HSP_NOTE: {
        char *text = escaped(p->text, 3900);
        if (p->x >= 0 && p->label[0])
            line(o, p->line, "    <note label=\"%s\" x=\"%d\" y=\"%d\">%s</note>", p->label, p->x,
                 p->y, text);
        else if (p->x >= 0)
            line(o, p->line, "    <note x=\"%d\" y=\"%d\">%s</note>", p->x, p->y, text);
        else
            line(o, p->line, "    <note>%s</note>", text);
        free(text);
        break;
    }
    default: break;
    }
}

static void section(Out *o, const HsQuest *q, HsPlaceKind kind, const char *tag)
{
    size_t n = 0;
    for (size_t i = 0; i < q->placed_count; i++)
        n += q->placed[i].kind == kind;
    if (n == 0)
        return;
    line(o, 0, "  <%s>", tag);
    for (size_t i = 0; i < q->placed_count; i++)
        if (q->placed[i].kind == kind)
            placed_line(o, q, &q->placed[i]);
    line(o, 0, "  </%s>", tag);
}

/* Each objective's text and the sentence it was read from. */
static void sources(const HsQuest *q, HeroscribeImport *out)
{
    out->sources = xcalloc(q->placed_count + 1, sizeof *out->sources);
    for (size_t i = 0; i < q->placed_count; i++) {
        const HsPlaced *p = &q->placed[i];
        if (p->kind != HSP_OBJECTIVE)
            continue;
        HeroscribeSource *s = &out->sources[out->source_count++];
        s->text = xstrdup(p->text);
        s->sentence = p->source ? xstrdup(p->source) : NULL;
        s->line = p->source ? p->line : 0;
        s->speech = p->source && p->line == q->speech_line;
    }
}

/* The mission id: the file's name in lower case, other characters '-'. */
static void mission_id(const char *path, char *id, size_t size)
{
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    size_t n = 0;
    for (const char *c = base; *c && *c != '.' && n + 1 < size && n < 31; c++) {
        char ch = *c >= 'A' && *c <= 'Z' ? (char)(*c - 'A' + 'a') : *c;
        bool ok = (ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9') || ch == '_' || ch == '-';
        if (n == 0 && !ok)
            continue;
        id[n++] = ok ? ch : '-';
    }
    id[n] = '\0';
    if (n == 0)
        snprintf(id, size, "heroscribe-quest");
}

void hs_write(HsQuest *q, HeroscribeImport *out)
{
    Out o = {.cap = 8192}; /* a buffer from the start: no arithmetic on NULL */
    o.buf = xmalloc(o.cap, 1);
    mission_id(q->name, out->id, sizeof out->id);
    const char *base = strrchr(q->name, '/');
    base = base ? base + 1 : q->name;
    char *file = escaped(base, 200);
    for (char *c = file; *c; c++)
        if (*c == '-' && c[1] == '-')
            c[1] = '_'; /* "--" may not stand in a comment */
    line(&o, 0, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>");
    line(&o, 0, "<!-- Imported from the HeroScribe quest %s by questboard (docs/heroscribe.md). -->",
         file);
    free(file);
    line(&o, 0, "<mission id=\"%s\" version=\"1\">", out->id);
    char *title = escaped(q->title[0] ? q->title : out->id, 127);
    line(&o, 0, "  <name>%s</name>", title);
    free(title);
    char *speech = escaped(q->speech && q->speech[0] ? q->speech
                                                     : "A quest made with HeroScribe.", 3990);
    line(&o, q->speech_line, "  <briefing>%s</briefing>", speech);
    free(speech);
    line(&o, 0, "  <board bitmap=\"board.png\"/>");
    line(&o, q->wandering_line, "  <rules wandering-monster=\"%s\" edition=\"%s\"/>", q->wandering,
         q->eu ? "eu" : "us");
    palette(&o, q);
    section(&o, q, HSP_TYPE, "types");
    section(&o, q, HSP_HERO, "heroes");
    section(&o, q, HSP_MONSTER, "monsters");
    section(&o, q, HSP_DOOR, "doors");
    section(&o, q, HSP_FURNITURE, "furniture");
    section(&o, q, HSP_RUBBLE, "rubble");
    section(&o, q, HSP_TRAP, "traps");
    section(&o, q, HSP_TREASURE, "treasures");
    section(&o, q, HSP_EXIT, "exits");
    section(&o, q, HSP_OBJECTIVE, "objectives");
    section(&o, q, HSP_NOTE, "notes");
    line(&o, 0, "</mission>");
    out->xml = o.buf;
    out->xml_size = o.len;
    out->lines = o.lines;
    out->line_count = o.line_count;
    pixels(q, out);
    sources(q, out);
}
