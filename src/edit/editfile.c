/* The editor's file commands: open (a mission XML, a HeroScribe quest, a
 * bare bitmap), generate (a random mission in memory) and save (board.png
 * and mission.xml, each written atomically). Opening goes through the
 * loaders the game plays with, so the editor opens exactly what plays;
 * saving writes through the mission writer and only what would load
 * again. Links the bitmap decoder and PNG encoder (library questio). */
#include "../core/alloc.h"
#include "../core/fileio.h"
#include "../gen/gen.h"
#include "../gen/gendata.h"
#include "../gen/genfile.h"
#include "../mission/bitmap.h"
#include "../mission/heroscribe.h"
#include "../mission/load.h"
#include "../mission/mission_write.h"
#include "../mission/xmldoc.h"
#include "../core/i18n.h"
#include "../core/rng.h"
#include "editcmd_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The first error and how many more, as one reason. */
static bool refuse_errors(EditAnswer *a, const ErrorList *errs, const char *fallback)
{
    size_t more = errors_total(errs) ? errors_total(errs) - 1 : 0;
    if (!errs->count)
        return edit_refuse(a, "%s", fallback);
    if (!more)
        return edit_refuse(a, "%s", errs->items[0]);
    return edit_refuse(a, _("%s (and %zu more: questboard --check lists them)"), errs->items[0], more);
}

/* A bare bitmap's mission id from its file name: what the id may hold. */
static void id_from_name(const char *name, char *id, size_t size)
{
    size_t n = 0;
    for (const char *c = name; *c && n + 1 < size; c++) {
        char ch = *c >= 'A' && *c <= 'Z' ? (char)(*c - 'A' + 'a') : *c;
        if ((ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9') || ch == '_' || ch == '-')
            id[n++] = ch;
        else if (n && id[n - 1] != '-')
            id[n++] = '-';
    }
    while (n && id[n - 1] == '-')
        n--;
    id[n] = '\0';
    if (!n)
        snprintf(id, size, "untitled");
}

/* A loaded mission and its pixels become the session's document. */
static void take(EditSession *s, Mission *m, const uint8_t *rgba, const char *path)
{
    Grid g = *board_grid(m->board);
    if (m->bare) {
        /* the heroes a bare bitmap plays with become the mission's own, so
         * that the saved mission plays the same */
        char id[MISSION_ID_MAX];
        id_from_name(m->id, id, sizeof id);
        snprintf(m->id, sizeof m->id, "%s", id);
        m->bare = false;
    }
    for (size_t i = 0; i < m->load_warning_count; i++)
        free(m->load_warnings[i]);
    free(m->load_warnings);
    m->load_warnings = NULL;
    m->load_warning_count = 0;
    edit_replace_doc(s, editdoc_create(&g, rgba, m, s->base), path);
}

static void say_opened(EditSession *s, EditAnswer *a)
{
    const Mission *m = editdoc_mission(s->doc);
    const Grid *g = editdoc_grid(s->doc);
    edit_say(a, "%s %dx%d %s", m->id, g->width, g->height, grid_topology_name(g->topology));
}

static MissionLoadOptions load_options(EditSession *s)
{
    return (MissionLoadOptions){.catalogue_path = s->catalogue_path, .catalogue = s->base};
}

static bool open_quest(EditSession *s, const char *path, const uint8_t *data, size_t size,
                       EditAnswer *a)
{
    ErrorList errs;
    errors_init(&errs, 0);
    HeroscribeImport imp = {0};
    Mission *m = NULL;
    if (heroscribe_convert(path, data, size, s->base, &imp, &errs)) {
        MissionLoadOptions opts = load_options(s);
        m = mission_load_pixels(path, (const uint8_t *)imp.xml, imp.xml_size, imp.width,
                                imp.height, imp.rgba, &opts, &errs);
    }
    bool ok = m != NULL;
    if (ok) {
        take(s, m, imp.rgba, path);
        say_opened(s, a);
        for (size_t i = 0; i < imp.warnings.count; i++)
            edit_say(a, "%s", imp.warnings.items[i]);
    } else {
        refuse_errors(a, &errs, _("cannot read the quest"));
    }
    heroscribe_free(&imp);
    errors_clear(&errs);
    return ok;
}

/* A mission XML or a bare bitmap: the mission through mission_load, the
 * pixels from the bitmap it names. */
static bool open_mission(EditSession *s, const char *path, EditAnswer *a)
{
    ErrorList errs;
    errors_init(&errs, 0);
    MissionLoadOptions opts = load_options(s);
    Mission *m = mission_load(path, &opts, &errs);
    if (!m) {
        refuse_errors(a, &errs, _("cannot load the mission"));
        errors_clear(&errs);
        return false;
    }
    errors_clear(&errs);
    Bitmap bm = {0};
    char why[600];
    BitmapLimits lim = bitmap_default_limits();
    if (!bitmap_load(m->bitmap_path, &lim, &bm, why, sizeof why)) {
        mission_destroy(m);
        return edit_refuse(a, "%s", why);
    }
    take(s, m, bm.rgba, path);
    bitmap_free(&bm);
    say_opened(s, a);
    return true;
}

bool editcmd_open(EditSession *s, int argc, char **argv, EditAnswer *a)
{
    if (argc != 2)
        return edit_refuse(a, _("usage: open FILE (a mission XML, a HeroScribe quest, a PNG or BMP)"));
    if (editdoc_editing(s->doc))
        return edit_refuse(a, _("a batch is open: 'batch end' first"));
    const char *path = argv[1];
    uint8_t head[16];
    size_t got = 0;
    uint64_t file_size = 0;
    char why[256];
    if (!fileio_read_head(path, head, sizeof head, &got, &file_size, why, sizeof why))
        return edit_refuse(a, "%s: %s", path, why);
    if (bitmap_sniff(head, got) != BITMAP_UNKNOWN)
        return open_mission(s, path, a);
    uint8_t *xml = NULL;
    size_t size = 0;
    if (!fileio_read(path, XMLDOC_MAX_BYTES, &xml, &size, why, sizeof why))
        return edit_refuse(a, "%s: %s", path, why);
    bool ok;
    if (heroscribe_sniff(xml, size))
        ok = open_quest(s, path, xml, size, a);
    else if (strstr((const char *)xml, "<campaign") && !strstr((const char *)xml, "<mission"))
        ok = edit_refuse(a, _("%s is a campaign: open one of its missions"), path);
    else
        ok = open_mission(s, path, a);
    free(xml);
    return ok;
}

bool editcmd_generate(EditSession *s, int argc, char **argv, EditAnswer *a)
{
    const char *usage = _("usage: generate dungeon|caverns|wilds SEED [WxH] "
                          "[easy|normal|hard] [HEROES 1-4]");
    GenOptions o = gen_default_options();
    if (argc < 3 || argc > 6 || !gen_style_parse(argv[1], &o.style))
        return edit_refuse(a, "%s", usage);
    if (!rng_seed_parse(argv[2], &o.seed))
        return edit_refuse(a, _("'%s' is not a seed (0 to 18446744073709551615)"), argv[2]);
    for (int i = 3; i < argc; i++) {
        int heroes;
        if (gen_difficulty_parse(argv[i], &o.difficulty))
            continue;
        if (edit_parse_int(argv[i], 1, 4, &heroes)) {
            o.heroes = heroes;
            continue;
        }
        if (!gen_size_parse(argv[i], &o.width, &o.height))
            return edit_refuse(a, _("'%s' is neither a size WxH, a difficulty nor 1 to 4 heroes; %s"),
                               argv[i], usage);
    }
    if (editdoc_editing(s->doc))
        return edit_refuse(a, _("a batch is open: 'batch end' first"));
    char data_path[4096];
    snprintf(data_path, sizeof data_path, "%s/assets/generator.xml", s->data_dir);
    ErrorList errs;
    errors_init(&errs, 0);
    GenData *data = gendata_load(data_path, &errs);
    GenResult r = {0};
    GenSources src = {data, s->base, s->catalogue_path};
    Mission *m = data && gen_generate(&o, &src, &r, &errs) ? gen_result_take_mission(&r) : NULL;
    bool ok = m != NULL;
    if (ok) {
        take(s, m, r.rgba, "");
        say_opened(s, a);
    } else {
        refuse_errors(a, &errs, _("the generator failed"));
    }
    gen_result_free(&r);
    gendata_destroy(data);
    errors_clear(&errs);
    return ok;
}

/* ---- save ---- */

static bool write_file(const char *dir, const char *name, const void *data, size_t size,
                       EditAnswer *a)
{
    char path[4200], why[256];
    size_t n = strlen(dir);
    snprintf(path, sizeof path, "%s%s%s", dir, n && dir[n - 1] == '/' ? "" : "/", name);
    if (!fileio_write_atomic(path, data, size, why, sizeof why))
        return edit_refuse(a, "%s: %s", path, why);
    return true;
}

static bool has_alpha(const EditDoc *doc)
{
    const Grid *g = editdoc_grid(doc);
    const uint8_t *p = editdoc_rgba(doc);
    for (int64_t i = 0; i < grid_area(g); i++)
        if (p[i * 4 + 3] != 255)
            return true;
    return false;
}

/* Writes the document's pixels and the mission m as dir/board.png and
 * dir/mission.xml (made when missing). */
static bool write_folder(EditSession *s, const Mission *m, const char *dir, char *why,
                         size_t why_size)
{
    if (!genfile_make_folder(dir, why, why_size))
        return false;
    const Grid *g = editdoc_grid(s->doc);
    uint8_t *png = NULL;
    size_t png_size = 0;
    if (!genfile_png_alpha(editdoc_rgba(s->doc), g->width, g->height, has_alpha(s->doc), &png,
                           &png_size, why, why_size))
        return false;
    MissionText text;
    mission_write_xml(m, editdoc_base(s->doc), "board.png", &text);
    EditAnswer a = {0};
    bool ok = write_file(dir, "board.png", png, png_size, &a) &&
              write_file(dir, "mission.xml", text.xml, text.size, &a);
    if (!ok)
        snprintf(why, why_size, "%s", a.first ? a.first : _("cannot write"));
    editanswer_free(&a);
    free(png);
    mission_text_free(&text);
    return ok;
}

bool edit_save(EditSession *s, const char *dir, EditAnswer *a)
{
    const EditCheck *c = editsession_check(s);
    if (!c->loads) {
        const char *first = c->count ? c->issues[0].text : _("it does not load");
        return edit_refuse(a,
                           ngettext("the mission would not load (%zu error, 'check' lists them): %s",
                                    "the mission would not load (%zu errors, 'check' lists them): %s",
                                    c->errors),
                           c->errors, first);
    }
    char why[600];
    if (!write_folder(s, editdoc_mission(s->doc), dir, why, sizeof why))
        return edit_refuse(a, "%s", why);
    char path[4200];
    size_t n = strlen(dir);
    snprintf(path, sizeof path, "%s%smission.xml", dir, n && dir[n - 1] == '/' ? "" : "/");
    free(s->path);
    s->path = xstrdup(path);
    editdoc_mark_saved(s->doc);
    edit_say(a, "%s", path);
    return true;
}

/* A square for each hero about from: the nearest floor squares (by steps
 * across edges) that hold no figure, rubble or furniture in the way. */
static bool gather_heroes(EditSession *s, Mission *m, BoardPos from, char *why, size_t size)
{
    EditRooms *rooms = editdoc_rooms(s->doc);
    const Grid *g = editdoc_grid(s->doc);
    if (editrooms_type(rooms, from) != SQUARE_WALKABLE) {
        snprintf(why, size, _("%d,%d is not floor: the party starts on a floor square"), from.x,
                 from.y);
        return false;
    }
    int64_t area = grid_area(g), head = 0, tail = 0;
    int64_t *queue = xmalloc((size_t)area, sizeof *queue);
    uint8_t *seen = xcalloc((size_t)area, 1);
    queue[tail++] = grid_index(g, from);
    seen[queue[0]] = 1;
    size_t placed = 0;
    int count;
    const GridDir *dirs = grid_edge_dirs(g, &count);
    while (head < tail && placed < m->hero_count) {
        BoardPos p = grid_pos(g, queue[head++]);
        EditThing things[16];
        size_t n = editplace_at(m, p, things, 16);
        bool free_square = true;
        for (size_t k = 0; k < n && k < 16; k++) {
            const PieceType *t;
            switch (things[k].kind) {
            case EDIT_MONSTER:
            case EDIT_RUBBLE: free_square = false; break;
            case EDIT_HERO: /* the heroes not moved yet leave their squares */
                free_square = free_square && things[k].index >= placed;
                break;
            case EDIT_FURNITURE:
                t = catalogue_find(m->catalogue, m->furniture[things[k].index].type);
                if (t && (t->flags & PIECE_BLOCKS_MOVE) && !(t->flags & PIECE_EXIT))
                    free_square = false;
                break;
            default: break;
            }
        }
        if (free_square)
            m->heroes[placed++].pos = p;
        for (int k = 0; k < count; k++) {
            BoardPos q = grid_step(g, p, dirs[k]);
            if (!grid_contains(g, q) || seen[grid_index(g, q)] ||
                editrooms_type(rooms, q) != SQUARE_WALKABLE || editrooms_wall(rooms, p, dirs[k]))
                continue;
            seen[grid_index(g, q)] = 1;
            queue[tail++] = grid_index(g, q);
        }
    }
    free(queue);
    free(seen);
    if (placed < m->hero_count) {
        snprintf(why, size, _("the room of %d,%d has no free square for every hero"), from.x, from.y);
        return false;
    }
    return true;
}

bool editsession_write_playtest(EditSession *s, const char *dir, bool from_square, BoardPos from,
                                char *why, size_t size)
{
    Mission *m = mission_clone(editdoc_mission(s->doc));
    bool ok = (!from_square || gather_heroes(s, m, from, why, size)) &&
              write_folder(s, m, dir, why, size);
    mission_destroy(m);
    return ok;
}

bool editcmd_save(EditSession *s, int argc, char **argv, EditAnswer *a)
{
    if (argc != 2)
        return edit_refuse(a, _("usage: save DIR (writes DIR/board.png and DIR/mission.xml)"));
    if (editdoc_editing(s->doc))
        return edit_refuse(a, _("a batch is open: 'batch end' first"));
    return edit_save(s, argv[1], a);
}
