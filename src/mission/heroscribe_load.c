/* A HeroScribe quest loaded as a mission: the conversion's XML and pixels
 * through mission_load_pixels, with every line the loader and the
 * analysis report turned back into the quest's own. */
#include "heroscribe.h"

#include "../core/alloc.h"
#include "../core/i18n.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int quest_line(const HeroscribeImport *imp, int line)
{
    /* what the conversion made up (the heroes on the stairway, the
     * escape) names the quest's first line */
    int src = line >= 1 && (size_t)line <= imp->line_count ? imp->lines[line - 1] : 0;
    return src > 0 ? src : 1;
}

/* "PATH:N: rest" about the converted XML becomes "PATH:M: rest", M the
 * quest's line (1 when the output line has no source). */
static void copy_errors(const ErrorList *from, const char *path, const HeroscribeImport *imp,
                        ErrorList *errs)
{
    size_t n = strlen(path);
    for (size_t i = 0; i < from->count; i++) {
        const char *msg = from->items[i];
        char *end;
        if (strncmp(msg, path, n) == 0 && msg[n] == ':' && msg[n + 1] >= '0' && msg[n + 1] <= '9') {
            long line = strtol(msg + n + 1, &end, 10);
            if (*end == ':') {
                errors_add(errs, "%s:%d:%s", path, quest_line(imp, (int)line), end + 1);
                continue;
            }
        }
        errors_add(errs, "%s", msg);
    }
}

static void remap_lines(Mission *m, const HeroscribeImport *imp)
{
#define REMAP(array, count)                                                                    \
    for (size_t i = 0; i < m->count; i++)                                                      \
        m->array[i].line = quest_line(imp, m->array[i].line);
    REMAP(heroes, hero_count)
    REMAP(monsters, monster_count)
    REMAP(doors, door_count)
    REMAP(furniture, furniture_count)
    REMAP(rubble, rubble_count)
    REMAP(traps, trap_count)
    REMAP(treasure, treasure_count)
    REMAP(exits, exit_count)
    REMAP(objectives, objective_count)
    REMAP(notes, note_count)
    REMAP(palette, palette_count)
#undef REMAP
    m->line = 1;
    m->bitmap_line = 1;
}

Mission *heroscribe_load(const char *path, const uint8_t *data, size_t size,
                         const MissionLoadOptions *opts, ErrorList *errs)
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
    HeroscribeImport imp;
    Mission *m = NULL;
    if (heroscribe_convert(path, data, size, cat, &imp, errs)) {
        MissionLoadOptions o = *opts;
        o.catalogue = cat;
        ErrorList local;
        errors_init(&local, errs->cap);
        m = mission_load_pixels(path, (const uint8_t *)imp.xml, imp.xml_size, imp.width,
                                imp.height, imp.rgba, &o, &local);
        copy_errors(&local, path, &imp, errs);
        errors_clear(&local);
        if (m) {
            remap_lines(m, &imp);
            /* the quest is the bitmap too: pixel warnings name it */
            free(m->bitmap_name);
            m->bitmap_name = NULL;
            free(m->bitmap_path);
            m->bitmap_path = xstrdup(path);
            m->load_warnings = errors_take_items(&imp.warnings, &m->load_warning_count);
        }
        heroscribe_free(&imp);
    }
    catalogue_destroy(owned);
    return m;
}
