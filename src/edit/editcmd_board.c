/* The editor's board commands: a new board, the palette, and the tools
 * that paint squares (pencil, line, rectangle, fill, eraser, rock). */
#include "../core/alloc.h"
#include "../core/i18n.h"
#include "../mission/lint.h"
#include "../mission/mission_xml.h"
#include "editcmd_internal.h"
#include "edittool.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

Mission *edit_new_mission(EditSession *s, const Grid *g)
{
    Mission *m = xcalloc(1, sizeof *m);
    m->path = xstrdup("mission.xml");
    m->dir = xstrdup(".");
    m->version = MISSION_FORMAT_VERSION;
    snprintf(m->id, sizeof m->id, "untitled");
    m->name = xstrdup("Untitled mission");
    m->briefing = xstrdup("");
    m->victory_text = xstrdup("");
    m->defeat_text = xstrdup("");
    m->seed = mission_fnv1a(MISSION_FNV_OFFSET, (const uint8_t *)m->id, strlen(m->id));
    m->shape = *g;
    m->catalogue = catalogue_clone(s->base);
    m->rules.hero_move_dice = 2;
    snprintf(m->rules.wandering_monster, sizeof m->rules.wandering_monster, "orc");
    return m;
}

bool editcmd_new(EditSession *s, int argc, char **argv, EditAnswer *a)
{
    int w, h;
    Grid g = grid_make(1, 1, GRID_SQUARE4);
    if (argc < 3 || argc > 4)
        return edit_refuse(a, _("usage: new W H [square|square8[:P/Q]|hex[:even]]"));
    if (!edit_parse_int(argv[1], 1, EDIT_MAX_SIDE, &w) ||
        !edit_parse_int(argv[2], 1, EDIT_MAX_SIDE, &h))
        return edit_refuse(a, _("a board is 1 to %d squares a side"), EDIT_MAX_SIDE);
    if (argc == 4 && !grid_parse_shape(argv[3], &g))
        return edit_refuse(a, _("'%s' is no topology (square, square8, square8:7/5, hex, hex:even)"),
                           argv[3]);
    if (editdoc_editing(s->doc))
        return edit_refuse(a, _("a batch is open: 'batch end' first"));
    g.width = w;
    g.height = h;
    uint8_t *rgba = xcalloc((size_t)w * (size_t)h, 4);
    for (size_t i = 0; i < (size_t)w * (size_t)h; i++)
        rgba[i * 4 + 3] = 255;
    edit_replace_doc(s, editdoc_create(&g, rgba, edit_new_mission(s, &g), s->base), "");
    free(rgba);
    edit_say(a, "%dx%d %s", w, h, grid_topology_name(g.topology));
    return true;
}

/* ---- colours ---- */

static int channel_distance(uint32_t a, uint32_t b)
{
    int d = 0;
    for (int shift = 0; shift <= 16; shift += 8) {
        int c = abs((int)(a >> shift & 0xff) - (int)(b >> shift & 0xff));
        d = c > d ? c : d;
    }
    return d;
}

static const MissionPaletteEntry *palette_entry(const Mission *m, uint32_t rgb)
{
    for (size_t i = 0; i < m->palette_count; i++)
        if (m->palette[i].rgb == rgb)
            return &m->palette[i];
    return NULL;
}

/* A colour of the board or palette (not skip) within LINT_NEAR of rgb but
 * not rgb; named_ok skips those the palette names. 0 when none. */
static uint32_t near_colour(EditSession *s, uint32_t rgb, uint32_t skip, bool named_ok,
                            uint32_t *found)
{
    const Mission *m = editdoc_mission(s->doc);
    uint32_t fixed[] = {BOARD_RGB_NONE, BOARD_RGB_BLOCKED};
    for (size_t i = 0; i < 2; i++)
        if (fixed[i] != rgb && fixed[i] != skip && channel_distance(fixed[i], rgb) <= LINT_NEAR) {
            *found = fixed[i];
            return 1;
        }
    for (size_t i = 0; i < m->palette_count; i++) {
        uint32_t c = m->palette[i].rgb;
        if (c != rgb && c != skip && channel_distance(c, rgb) <= LINT_NEAR &&
            !(named_ok && m->palette[i].name[0])) {
            *found = c;
            return 1;
        }
    }
    for (size_t i = 0; i < editdoc_colour_count(s->doc); i++) {
        int64_t n;
        EditColour c = editdoc_colour_at(s->doc, i, &n);
        uint32_t r = editdoc_rgb(c);
        if (n > 0 && !editdoc_transparent(c) && r != rgb && r != skip &&
            channel_distance(r, rgb) <= LINT_NEAR) {
            const MissionPaletteEntry *e = palette_entry(m, r);
            if (named_ok && e && e->name[0])
                continue;
            *found = r;
            return 1;
        }
    }
    return 0;
}

static void near_reason(EditSession *s, uint32_t rgb, uint32_t other, char *why, size_t size)
{
    const char *name = mission_colour_name(editdoc_mission(s->doc), other);
    snprintf(why, size,
             _("#%06x is a shade off #%06x%s%s%s, and a colour one shade off makes a room of its "
             "own: paint with #%06x, or pick a colour further off"),
             rgb, other, name ? " (" : "", name ? name : "", name ? ")" : "", other);
}

bool editsession_colour_ok(EditSession *s, EditColour colour, char *why, size_t size)
{
    uint32_t rgb = editdoc_rgb(colour), other;
    if (editdoc_transparent(colour) || palette_entry(editdoc_mission(s->doc), rgb) ||
        editdoc_colour_squares(s->doc, colour) > 0)
        return true;
    if (!near_colour(s, rgb, rgb, false, &other))
        return true;
    near_reason(s, rgb, other, why, size);
    return false;
}

static bool colour_arg(EditSession *s, const char *text, EditColour *c, EditAnswer *a)
{
    char why[300];
    if (!edit_parse_colour(text, c))
        return edit_refuse(a, _("'%s' is not a colour (RRGGBB in hexadecimal, as a04040)"), text);
    if (!editsession_colour_ok(s, *c, why, sizeof why))
        return edit_refuse(a, "%s", why);
    return true;
}

static bool parse_bool(const char *v, bool *out)
{
    if (strcmp(v, "true") == 0 || strcmp(v, "false") == 0) {
        *out = v[0] == 't';
        return true;
    }
    return false;
}

/* Reads the colour options into e; refuses bad values. */
static bool colour_options(int argc, char **argv, MissionPaletteEntry *e, EditAnswer *a)
{
    static const char *const keys[] = {"cost", "type", "corridor", "sealed", "area", NULL};
    static const char *const types[] = {"none", "blocked", "walkable"};
    if (!edit_only_options(argc, argv, 3, keys, a))
        return false;
    const char *v;
    if ((v = edit_option(argc, argv, 3, "cost")) && !edit_parse_int(v, 1, MISSION_MAX_COST, &e->cost))
        return edit_refuse(a, _("cost=%s: a whole number from 1 to %d"), v, MISSION_MAX_COST);
    if ((v = edit_option(argc, argv, 3, "type"))) {
        int t = -1;
        for (int k = 0; k < 3; k++)
            t = strcmp(v, types[k]) == 0 ? k : t;
        if (t < 0)
            return edit_refuse(a, _("type=%s: none, blocked or walkable"), v);
        e->has_type = true;
        e->type = (SquareType)t;
    }
    if ((v = edit_option(argc, argv, 3, "corridor"))) {
        if (!parse_bool(v, &e->corridor))
            return edit_refuse(a, _("corridor=%s: true or false"), v);
        e->has_corridor = true;
    }
    if ((v = edit_option(argc, argv, 3, "sealed")) && !parse_bool(v, &e->sealed))
        return edit_refuse(a, _("sealed=%s: true or false"), v);
    if ((v = edit_option(argc, argv, 3, "area"))) {
        if (v[0] && !edit_valid_id(v))
            return edit_refuse(a, _("area=%s: a short name of a-z, 0-9, '_' and '-'"), v);
        snprintf(e->area, sizeof e->area, "%s", v);
    }
    return true;
}

bool editcmd_colour(EditSession *s, int argc, char **argv, EditAnswer *a)
{
    EditColour c;
    if (argc < 3)
        return edit_refuse(a, _("usage: colour NAME RRGGBB [cost=N] [type=T] [corridor=B] "
                              "[sealed=B] [area=ID]"));
    if (!edit_parse_colour(argv[2], &c))
        return edit_refuse(a, _("'%s' is not a colour (RRGGBB in hexadecimal, as a04040)"), argv[2]);
    /* "-": the name stays as it is (a cost or type changed alone) */
    bool keep = strcmp(argv[1], "-") == 0;
    if (!keep && (!argv[1][0] || strlen(argv[1]) >= CATALOGUE_NAME_MAX))
        return edit_refuse(a, _("a colour's name is 1 to %d characters"), CATALOGUE_NAME_MAX - 1);
    const Mission *m = editdoc_mission(s->doc);
    uint32_t rgb = editdoc_rgb(c), other;
    const MissionPaletteEntry *old = palette_entry(m, rgb);
    MissionPaletteEntry e = old ? *old : (MissionPaletteEntry){.rgb = rgb, .cost = 1};
    if (!keep)
        snprintf(e.name, sizeof e.name, "%s", argv[1]);
    if (!colour_options(argc, argv, &e, a))
        return false;
    /* a new colour near another is a slip unless both are named: this one
     * is, so the other must be too */
    if (!old && editdoc_colour_squares(s->doc, c) == 0 &&
        near_colour(s, rgb, rgb, e.name[0] != '\0', &other)) {
        char why[300];
        near_reason(s, rgb, other, why, sizeof why);
        return edit_refuse(a, _("%s (or name #%06x first)"), why, other);
    }
    Mission *w = editdoc_mission_edit(s->doc);
    if (old) {
        w->palette[old - m->palette] = e;
    } else {
        w->palette = xrealloc(w->palette, w->palette_count + 1, sizeof *w->palette);
        w->palette[w->palette_count++] = e;
    }
    edit_say(a, "#%06x %s", rgb, e.name);
    return true;
}

bool editcmd_uncolour(EditSession *s, int argc, char **argv, EditAnswer *a)
{
    EditColour c;
    if (argc != 2 || !edit_parse_colour(argv[1], &c))
        return edit_refuse(a, _("usage: uncolour RRGGBB"));
    uint32_t rgb = editdoc_rgb(c);
    if (!palette_entry(editdoc_mission(s->doc), rgb))
        return edit_refuse(a, _("#%06x is not in the palette"), rgb);
    Mission *m = editdoc_mission_edit(s->doc);
    size_t k = 0;
    for (size_t i = 0; i < m->palette_count; i++)
        if (m->palette[i].rgb != rgb)
            m->palette[k++] = m->palette[i];
    m->palette_count = k;
    edit_say(a, "#%06x", rgb);
    return true;
}

bool editcmd_recolour(EditSession *s, int argc, char **argv, EditAnswer *a)
{
    EditColour from, to;
    if (argc != 3 || !edit_parse_colour(argv[1], &from) || !edit_parse_colour(argv[2], &to))
        return edit_refuse(a, _("usage: recolour OLD NEW (each RRGGBB)"));
    uint32_t old_rgb = editdoc_rgb(from), new_rgb = editdoc_rgb(to), other;
    const Mission *m = editdoc_mission(s->doc);
    bool listed = palette_entry(m, old_rgb) != NULL;
    if (!listed && editdoc_colour_squares(s->doc, from) == 0)
        return edit_refuse(a, _("#%06x is neither on the board nor in the palette"), old_rgb);
    if (!palette_entry(m, new_rgb) && editdoc_colour_squares(s->doc, to) == 0 &&
        near_colour(s, new_rgb, old_rgb, true, &other)) {
        char why[300];
        near_reason(s, new_rgb, other, why, sizeof why);
        return edit_refuse(a, "%s", why);
    }
    const Grid *g = editdoc_grid(s->doc);
    int64_t n = 0;
    for (int y = 0; y < g->height; y++)
        for (int x = 0; x < g->width; x++)
            if (editdoc_pixel(s->doc, (BoardPos){x, y}) == from) {
                editdoc_set_pixel(s->doc, (BoardPos){x, y}, to);
                n++;
            }
    if (listed) {
        Mission *w = editdoc_mission_edit(s->doc);
        bool taken = palette_entry(w, new_rgb) != NULL;
        size_t k = 0;
        for (size_t i = 0; i < w->palette_count; i++) {
            if (w->palette[i].rgb == old_rgb && taken)
                continue; /* the new colour's own entry stays */
            if (w->palette[i].rgb == old_rgb)
                w->palette[i].rgb = new_rgb;
            w->palette[k++] = w->palette[i];
        }
        w->palette_count = k;
    }
    edit_say(a, "%lld squares", (long long)n);
    return true;
}

/* ---- painting ---- */

static int64_t paint_square(EditSession *s, BoardPos p, EditColour c)
{
    if (editdoc_pixel(s->doc, p) == c)
        return 0;
    editdoc_set_pixel(s->doc, p, c);
    return 1;
}

bool editcmd_paint(EditSession *s, int argc, char **argv, EditAnswer *a)
{
    BoardPos p;
    EditColour c;
    if (argc != 4)
        return edit_refuse(a, _("usage: paint X Y RRGGBB"));
    if (!edit_arg_square(s, argv, 1, &p, a) || !colour_arg(s, argv[3], &c, a))
        return false;
    edit_say(a, "%lld", (long long)paint_square(s, p, c));
    return true;
}

/* The squares of a straight line from p to q (edittool_line_squares). */
static int64_t paint_line(EditSession *s, BoardPos p, BoardPos q, EditColour c)
{
    const Grid *g = editdoc_grid(s->doc);
    size_t n = edittool_line_squares(g, p, q, NULL, 0);
    BoardPos *line = xmalloc(n, sizeof *line);
    edittool_line_squares(g, p, q, line, n);
    int64_t changed = 0;
    for (size_t i = 0; i < n; i++)
        changed += paint_square(s, line[i], c);
    free(line);
    return changed;
}

bool editcmd_line(EditSession *s, int argc, char **argv, EditAnswer *a)
{
    BoardPos p, q;
    EditColour c;
    if (argc != 6)
        return edit_refuse(a, _("usage: line X0 Y0 X1 Y1 RRGGBB"));
    if (!edit_arg_square(s, argv, 1, &p, a) || !edit_arg_square(s, argv, 3, &q, a) ||
        !colour_arg(s, argv[5], &c, a))
        return false;
    edit_say(a, "%lld", (long long)paint_line(s, p, q, c));
    return true;
}

static int64_t paint_rect(EditSession *s, BoardPos p, BoardPos q, EditColour c)
{
    int x0 = p.x < q.x ? p.x : q.x, x1 = p.x < q.x ? q.x : p.x;
    int y0 = p.y < q.y ? p.y : q.y, y1 = p.y < q.y ? q.y : p.y;
    int64_t n = 0;
    for (int y = y0; y <= y1; y++)
        for (int x = x0; x <= x1; x++)
            n += paint_square(s, (BoardPos){x, y}, c);
    return n;
}

bool editcmd_rect(EditSession *s, int argc, char **argv, EditAnswer *a)
{
    BoardPos p, q;
    EditColour c;
    if (argc != 6)
        return edit_refuse(a, _("usage: rect X0 Y0 X1 Y1 RRGGBB"));
    if (!edit_arg_square(s, argv, 1, &p, a) || !edit_arg_square(s, argv, 3, &q, a) ||
        !colour_arg(s, argv[5], &c, a))
        return false;
    edit_say(a, "%lld", (long long)paint_rect(s, p, q, c));
    return true;
}

bool editcmd_fill(EditSession *s, int argc, char **argv, EditAnswer *a)
{
    BoardPos p;
    EditColour c;
    if (argc != 4)
        return edit_refuse(a, _("usage: fill X Y RRGGBB"));
    if (!edit_arg_square(s, argv, 1, &p, a) || !colour_arg(s, argv[3], &c, a))
        return false;
    EditColour from = editdoc_pixel(s->doc, p);
    if (from == c) {
        edit_say(a, "0");
        return true;
    }
    /* breadth-first over the squares of the old colour sharing an edge:
     * each is repainted as it is queued, so it is queued once */
    EditDoc *doc = s->doc;
    const Grid *g = editdoc_grid(doc);
    int64_t area = grid_area(g), head = 0, tail = 0, w = g->width;
    int64_t *queue = xmalloc((size_t)area, sizeof *queue);
    queue[tail++] = grid_index(g, p);
    editdoc_set_square(doc, queue[0], c);
    int count;
    const GridDir *dirs = grid_edge_dirs(g, &count);
    while (head < tail) {
        int64_t i = queue[head++], nb[6];
        int n = 0;
        if (g->topology != GRID_HEX) {
            int64_t x = i % w;
            if (i >= w)
                nb[n++] = i - w;
            if (x + 1 < w)
                nb[n++] = i + 1;
            if (i + w < area)
                nb[n++] = i + w;
            if (x > 0)
                nb[n++] = i - 1;
        } else {
            for (int k = 0; k < count; k++) {
                BoardPos q = grid_step(g, grid_pos(g, i), dirs[k]);
                if (grid_contains(g, q))
                    nb[n++] = grid_index(g, q);
            }
        }
        for (int k = 0; k < n; k++)
            if (editdoc_square(doc, nb[k]) == from) {
                editdoc_set_square(doc, nb[k], c);
                queue[tail++] = nb[k];
            }
    }
    free(queue);
    edit_say(a, "%lld", (long long)tail);
    return true;
}

/* What the eraser paints: transparent on a board that already marks "no
 * square" that way and has no black, else black. */
static EditColour none_colour(EditSession *s)
{
    return editdoc_colour_squares(s->doc, 0) > 0 && editdoc_colour_squares(s->doc, EDIT_NONE) == 0
               ? 0
               : EDIT_NONE;
}

/* erase/rock X Y [X1 Y1]: one square or a rectangle. */
static bool paint_fixed(EditSession *s, int argc, char **argv, EditColour c, EditAnswer *a)
{
    BoardPos p, q;
    if (argc != 3 && argc != 5)
        return edit_refuse(a, _("usage: %s X Y [X1 Y1]"), argv[0]);
    if (!edit_arg_square(s, argv, 1, &p, a) || (argc == 5 && !edit_arg_square(s, argv, 3, &q, a)))
        return false;
    edit_say(a, "%lld", (long long)paint_rect(s, p, argc == 5 ? q : p, c));
    return true;
}

bool editcmd_erase(EditSession *s, int argc, char **argv, EditAnswer *a)
{
    return paint_fixed(s, argc, argv, none_colour(s), a);
}

bool editcmd_rock(EditSession *s, int argc, char **argv, EditAnswer *a)
{
    return paint_fixed(s, argc, argv, EDIT_ROCK, a);
}
