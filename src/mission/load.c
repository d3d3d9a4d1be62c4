#include "load.h"

#include "../core/alloc.h"
#include "../core/fileio.h"
#include "../core/i18n.h"
#include "../core/timer.h"
#include "heroscribe.h"
#include "mission.h"
#include "mission_xml.h"
#include "xmldoc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* BoardSpec.pixels_done: the pixels are typed, free them before the rest
 * of the board is built (only the decoder's surface when the board took
 * the pixels' block over, BoardSpec.rgba_given). */
static void free_pixels(void *bitmap)
{
    bitmap_free(bitmap);
}

Board *load_board_bitmap(const char *path, const BitmapLimits *limits,
                         const BoardTypeOverride *overrides, int override_count, double *load_ms,
                         char *err, size_t err_size)
{
    double t0 = timer_now_ms();
    Bitmap bm;
    if (!bitmap_load(path, limits, &bm, err, err_size))
        return NULL;
    if (load_ms)
        *load_ms = timer_now_ms() - t0;
    /* the decoded pixels' block becomes the board's room array */
    BoardSpec spec = {bm.width,          bm.height,   bm.rgba, overrides,     override_count,
                      limits->max_rooms, free_pixels, &bm,     limits->shape, bitmap_take_block(&bm)};
    char why[256];
    Board *board = board_create(&spec, why, sizeof why);
    bitmap_free(&bm);
    if (!board)
        snprintf(err, err_size, "%s: %s", path, why);
    return board;
}

/* ---- missions ---- */

/* Bitmaps larger than this are refused before decoding. */
#define MISSION_MAX_BITMAP_BYTES (256u << 20)

static void schema_path(const char *catalogue_path, char *buf, size_t size)
{
    const char *slash = strrchr(catalogue_path, '/');
    int n = slash ? (int)(slash - catalogue_path + 1) : 0;
    snprintf(buf, size, "%.*smission.xsd", n, catalogue_path);
}

static BitmapLimits limits_of(const MissionLoadOptions *opts)
{
    BitmapLimits lim = bitmap_default_limits();
    if (opts->max_side > 0)
        lim.max_side = opts->max_side;
    if (opts->max_squares > 0)
        lim.max_squares = opts->max_squares;
    if (opts->max_rooms > 0)
        lim.max_rooms = opts->max_rooms;
    return lim;
}

/* assets/sprites beside the catalogue, for mission_check_sprites. */
static void set_sprites_dir(Mission *m, const MissionLoadOptions *opts)
{
    if (!opts->catalogue_path)
        return;
    const char *slash = strrchr(opts->catalogue_path, '/');
    int n = slash ? (int)(slash - opts->catalogue_path + 1) : 0;
    size_t size = (size_t)n + sizeof "sprites";
    free(m->sprites_dir);
    m->sprites_dir = xmalloc(size, 1);
    snprintf(m->sprites_dir, size, "%.*ssprites", n, opts->catalogue_path);
}

/* The catalogue from opts: borrowed, or loaded into *owned. */
static const Catalogue *get_catalogue(const MissionLoadOptions *opts, Catalogue **owned,
                                      ErrorList *errs)
{
    *owned = NULL;
    if (opts->catalogue)
        return opts->catalogue;
    if (!opts->catalogue_path) {
        errors_add(errs, _("no piece catalogue given (assets/pieces.xml)"));
        return NULL;
    }
    *owned = catalogue_load(opts->catalogue_path, errs);
    return *owned;
}

/* A bitmap error "PATH: reason" as the author should read it: for a
 * mission XML at the line of its <board bitmap="…">, naming the bitmap as
 * the XML does. */
static void add_bitmap_error(const Mission *m, ErrorList *errs, const char *err)
{
    const char *path = m->bitmap_path ? m->bitmap_path : m->path;
    size_t n = strlen(path);
    const char *why = strncmp(err, path, n) == 0 && err[n] == ':' && err[n + 1] == ' ' ? err + n + 2
                                                                                      : err;
    if (m->bare || m->bitmap_line <= 0)
        errors_add(errs, "%s", err);
    else
        errors_add_at(errs, m->path, m->bitmap_line, _("bitmap '%s': %s"),
                      m->bitmap_name ? m->bitmap_name : path, why);
}

/* Decodes the bitmap bytes and builds the board with the palette. The
 * file's bytes (*owned, when not NULL) are freed once decoded, and the
 * pixels once typed, so that a load's peak memory is the board's arrays
 * rather than those plus every earlier form of the picture. */
static bool build_board(Mission *m, const uint8_t *bytes, size_t size, uint8_t **owned,
                        const MissionLoadOptions *opts, ErrorList *errs)
{
    const char *name = m->bitmap_path ? m->bitmap_path : m->path;
    BitmapLimits lim = limits_of(opts);
    Bitmap bm;
    char err[512];
    bool decoded = bitmap_decode(name, bytes, size, &lim, &bm, err, sizeof err);
    if (owned) {
        free(*owned);
        *owned = NULL;
    }
    if (!decoded) {
        add_bitmap_error(m, errs, err);
        return false;
    }
    int n_over = 0;
    BoardTypeOverride *over = mission_type_overrides(m, &n_over);
    if (opts->shape)
        m->shape = *opts->shape;
    /* the decoded pixels' block becomes the board's room array */
    BoardSpec spec = {bm.width,      bm.height,   bm.rgba, over,      n_over,
                      lim.max_rooms, free_pixels, &bm,     &m->shape, bitmap_take_block(&bm)};
    char why[256];
    m->board = board_create(&spec, why, sizeof why);
    bitmap_free(&bm);
    free(over);
    if (!m->board) {
        snprintf(err, sizeof err, "%s: %s", name, why);
        add_bitmap_error(m, errs, err);
    }
    return m->board != NULL;
}

/* Names a bare bitmap mission after its file. */
static void name_bare(Mission *m)
{
    const char *base = strrchr(m->path, '/');
    base = base ? base + 1 : m->path;
    snprintf(m->id, sizeof m->id, "%s", base);
    char *dot = strrchr(m->id, '.');
    if (dot && dot != m->id)
        *dot = '\0';
    m->name = xstrdup(m->id);
    m->briefing = xstrdup("");
    m->victory_text = xstrdup("");
    m->defeat_text = xstrdup("");
    m->bitmap_path = xstrdup(m->path);
    m->seed = mission_fnv1a(MISSION_FNV_OFFSET, (const uint8_t *)m->id, strlen(m->id));
}

/* Builds a mission from XML bytes (or none: bare) and bitmap bytes. The
 * bitmap file is resolved and read when bitmap is NULL. */
static Mission *load_common(const char *path, const uint8_t *xml, size_t xml_size,
                            const uint8_t *bitmap, size_t bitmap_size,
                            const MissionLoadOptions *opts, ErrorList *errs)
{
    Catalogue *owned;
    const Catalogue *cat = get_catalogue(opts, &owned, errs);
    if (!cat)
        return NULL;
    Mission *m;
    if (xml) {
        char xsd[4096];
        schema_path(opts->catalogue_path ? opts->catalogue_path : "", xsd, sizeof xsd);
        m = mission_parse_xml(path, xml, xml_size, xsd, cat, errs);
    } else {
        m = mission_new(path);
        m->bare = true;
        m->catalogue = catalogue_clone(cat);
        name_bare(m);
    }
    catalogue_destroy(owned);
    if (!m)
        return NULL;
    uint8_t *file_bytes = NULL;
    if (!bitmap) {
        char why[512];
        if (!m->bare && !mission_resolve_bitmap(m, errs))
            goto fail;
        if (!m->bare)
            mission_find_art(m);
        set_sprites_dir(m, opts);
        /* The header alone decides whether the file is worth reading. */
        BitmapLimits lim = limits_of(opts);
        if (!bitmap_check_file(m->bitmap_path, &lim, why, sizeof why)) {
            add_bitmap_error(m, errs, why);
            goto fail;
        }
        if (!fileio_read(m->bitmap_path, MISSION_MAX_BITMAP_BYTES, &file_bytes, &bitmap_size, why,
                         sizeof why)) {
            char err[600];
            snprintf(err, sizeof err, "%s: %s", m->bitmap_path, why);
            add_bitmap_error(m, errs, err);
            goto fail;
        }
        bitmap = file_bytes;
    }
    m->hash = mission_fnv1a(mission_fnv1a(MISSION_FNV_OFFSET, xml, xml ? xml_size : 0), bitmap,
                            bitmap_size);
    if (opts->shape) {
        /* A --topology override is part of what a save replays on: the
         * same files played as hexes are another mission (a save made
         * on one is refused on the other, not replayed wrongly). */
        const int shape[4] = {opts->shape->topology, opts->shape->diag_num,
                              opts->shape->diag_den, opts->shape->hex_even};
        m->hash = mission_fnv1a(m->hash, (const uint8_t *)shape, sizeof shape);
    }
    if (!build_board(m, bitmap, bitmap_size, file_bytes ? &file_bytes : NULL, opts, errs))
        goto fail;
    if (m->bare && !mission_place_default_heroes(m, errs))
        goto fail;
    if (!mission_check(m, errs))
        goto fail;
    free(file_bytes);
    return m;
fail:
    free(file_bytes);
    mission_destroy(m);
    return NULL;
}

Mission *mission_load_memory(const char *xml_name, const uint8_t *xml, size_t xml_size,
                             const uint8_t *bitmap, size_t bitmap_size,
                             const MissionLoadOptions *opts, ErrorList *errs)
{
    static const uint8_t empty[1];
    return load_common(xml_name ? xml_name : "(memory)", xml, xml ? xml_size : 0,
                       bitmap ? bitmap : empty, bitmap ? bitmap_size : 0, opts, errs);
}

Mission *mission_load(const char *path, const MissionLoadOptions *opts, ErrorList *errs)
{
    uint8_t head[16];
    size_t got = 0;
    uint64_t file_size = 0;
    char why[256];
    if (!fileio_read_head(path, head, sizeof head, &got, &file_size, why, sizeof why)) {
        errors_add(errs, "%s: %s", path, why);
        return NULL;
    }
    if (bitmap_sniff(head, got) != BITMAP_UNKNOWN)
        return load_common(path, NULL, 0, NULL, 0, opts, errs);
    uint8_t *xml = NULL;
    size_t size = 0;
    if (!fileio_read(path, XMLDOC_MAX_BYTES, &xml, &size, why, sizeof why)) {
        errors_add(errs, "%s: %s", path, why);
        return NULL;
    }
    /* a HeroScribe quest (root <quest>) is converted, then loaded alike */
    Mission *m = heroscribe_sniff(xml, size) ? heroscribe_load(path, xml, size, opts, errs)
                                             : load_common(path, xml, size, NULL, 0, opts, errs);
    free(xml);
    return m;
}
