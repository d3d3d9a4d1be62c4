/* Loading a mission whose bitmap is already pixels: the XML through the
 * same reader, schema and checks as mission_load, the board from the
 * pixels. No SDL: the generator checks what it made with this before any
 * file is written. */
#include "mission.h"

#include "../core/i18n.h"

#include "mission_xml.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void schema_beside(const char *catalogue_path, char *buf, size_t size)
{
    const char *slash = strrchr(catalogue_path, '/');
    int n = slash ? (int)(slash - catalogue_path + 1) : 0;
    snprintf(buf, size, "%.*smission.xsd", n, catalogue_path);
}

static bool build_board(Mission *m, int width, int height, const uint8_t *rgba,
                        const MissionLoadOptions *opts, ErrorList *errs)
{
    int n_over = 0;
    BoardTypeOverride *over = mission_type_overrides(m, &n_over);
    if (opts->shape)
        m->shape = *opts->shape;
    BoardSpec spec = {width, height, rgba, over, n_over, opts->max_rooms, NULL, NULL, &m->shape,
                      NULL};
    char why[256];
    m->board = board_create(&spec, why, sizeof why);
    free(over);
    if (!m->board)
        errors_add_in(errs, m->bitmap_path ? m->bitmap_path : m->path, "%s", why);
    return m->board != NULL;
}

Mission *mission_load_pixels(const char *xml_name, const uint8_t *xml, size_t xml_size, int width,
                             int height, const uint8_t *rgba, const MissionLoadOptions *opts,
                             ErrorList *errs)
{
    Catalogue *owned = NULL;
    const Catalogue *cat = opts->catalogue;
    if (!cat && opts->catalogue_path)
        cat = owned = catalogue_load(opts->catalogue_path, errs);
    if (!cat) {
        if (!opts->catalogue_path)
            errors_add(errs, _("no piece catalogue given (assets/pieces.xml)"));
        return NULL;
    }
    char xsd[4096];
    schema_beside(opts->catalogue_path ? opts->catalogue_path : "", xsd, sizeof xsd);
    Mission *m = mission_parse_xml(xml_name, xml, xml_size, xsd, cat, errs);
    catalogue_destroy(owned);
    if (!m)
        return NULL;
    int max_side = opts->max_side > 0 ? opts->max_side : 16384;
    long long max_squares = opts->max_squares > 0 ? opts->max_squares : 67108864LL;
    if (width < 1 || height < 1 || width > max_side || height > max_side ||
        (long long)width * height > max_squares) {
        errors_add(errs, _("%s: %dx%d squares is beyond the bitmap limits"), m->bitmap_path, width,
                   height);
        mission_destroy(m);
        return NULL;
    }
    m->hash = mission_fnv1a(mission_fnv1a(MISSION_FNV_OFFSET, xml, xml_size), rgba,
                            (size_t)width * (size_t)height * 4);
    if (!build_board(m, width, height, rgba, opts, errs) || !mission_check(m, errs)) {
        mission_destroy(m);
        return NULL;
    }
    return m;
}
