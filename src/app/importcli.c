#include "importcli.h"

#include "../core/fileio.h"
#include "../gen/genfile.h"
#include "../mission/analysis.h"
#include "../mission/heroscribe.h"
#include "../mission/xmldoc.h"
#include "paths.h"
#include "../core/i18n.h"

#include <stdlib.h>
#include <string.h>

/* The conversion, and the mission it loads as (to refuse what would not). */
static bool convert(const char *path, const uint8_t *bytes, size_t size, const char *cat_path,
                    const Catalogue *cat, const BitmapLimits *limits, HeroscribeImport *imp,
                    Mission **m, ErrorList *errs)
{
    if (!heroscribe_sniff(bytes, size)) {
        errors_add_at(errs, path, 1, "%s", _("not a HeroScribe quest: its root element is not <quest>"));
        return false;
    }
    if (!heroscribe_convert(path, bytes, size, cat, imp, errs))
        return false;
    MissionLoadOptions opts = {cat_path,          cat,           limits->max_side,
                               limits->max_squares, limits->max_rooms, NULL};
    *m = heroscribe_load(path, bytes, size, &opts, errs);
    return *m != NULL;
}

/* Each objective with the sentence it was read from, so an author sees
 * why the importer chose it (docs/heroscribe.md, "How objectives are
 * chosen"). */
static void print_sources(const HeroscribeImport *imp, FILE *out)
{
    for (size_t i = 0; i < imp->source_count; i++) {
        const HeroscribeSource *s = &imp->sources[i];
        if (s->sentence)
            fprintf(out,
                    s->speech ? _("  objective %zu: %s, from the speech on line %d: \"%s\"\n")
                              : _("  objective %zu: %s, from the note on line %d: \"%s\"\n"),
                    i + 1, s->text, s->line, s->sentence);
        else
            fprintf(out, _("  objective %zu: %s (every quest ends so)\n"), i + 1, s->text);
    }
}

int importcli_run(const char *path, const char *dir, const BitmapLimits *limits, bool force,
                  bool strict, FILE *out)
{
    char cat_path[4096], xml_path[4200], why[4400];
    paths_data_file("assets/pieces.xml", cat_path, sizeof cat_path);
    ErrorList errs, warnings;
    errors_init(&errs, 0);
    errors_init(&warnings, 0);
    uint8_t *bytes = NULL;
    size_t size = 0;
    HeroscribeImport imp = {0};
    Mission *m = NULL;
    Catalogue *cat = NULL;
    int status = 2;
    if (!fileio_read(path, XMLDOC_MAX_BYTES, &bytes, &size, why, sizeof why))
        errors_add(&errs, "%s: %s", path, why);
    else if ((cat = catalogue_load(cat_path, &errs)) != NULL &&
             convert(path, bytes, size, cat_path, cat, limits, &imp, &m, &errs)) {
        analysis_run(m, &warnings, NULL);
        errors_print(&warnings, stderr);
        GenResult r = {.width = imp.width, .height = imp.height, .rgba = imp.rgba,
                       .xml = imp.xml, .xml_size = imp.xml_size};
        if (strict && errors_total(&warnings)) {
            size_t n = errors_total(&warnings);
            fprintf(stderr, ngettext("%s: --strict: %zu warning, nothing written\n",
                                     "%s: --strict: %zu warnings, nothing written\n", n),
                    path, n);
        } else if (!genfile_write(&r, dir, force, xml_path, sizeof xml_path, why, sizeof why)) {
            errors_add(&errs, "%s", why);
        } else {
            fprintf(out, "%s id=%s size=%dx%d heroes=%zu monsters=%zu doors=%zu furniture=%zu "
                    "objectives=%zu warnings=%zu\n", xml_path, m->id, imp.width, imp.height,
                    m->hero_count, m->monster_count, m->door_count, m->furniture_count,
                    m->objective_count, errors_total(&warnings));
            print_sources(&imp, out);
            status = 0;
        }
    }
    errors_print(&errs, stderr);
    mission_destroy(m);
    heroscribe_free(&imp);
    catalogue_destroy(cat);
    free(bytes);
    errors_clear(&errs);
    errors_clear(&warnings);
    return status;
}

static void importcli_usage(FILE *out)
{
    fprintf(out, _("  --import QUEST DIR   convert a HeroScribe quest (.xml) into mission folder\n"
                   "                       DIR (docs/heroscribe.md); with --force to replace\n"
                   "                       its mission, --strict to refuse it on warnings\n"));
}

static int importcli_main(const CliArgs *a)
{
    BitmapLimits limits;
    Grid shape;
    if (!cliargs_limits(a, &limits, &shape))
        return 2;
    return importcli_run(a->files[0], a->files[1], &limits, cliargs_given(a, CLI_OPT_FORCE),
                         cliargs_given(a, CLI_OPT_STRICT), stdout);
}

/* --topology is not among its options: a HeroScribe board is square. */
const CliMode importcli_mode = {
    "import", NULL, 2, 2, N_("a QUEST file and a folder DIR"),
    CLI_BIT(CLI_OPT_MAX_SIDE) | CLI_BIT(CLI_OPT_MAX_SQUARES) | CLI_BIT(CLI_OPT_MAX_ROOMS) |
        CLI_BIT(CLI_OPT_FORCE) | CLI_BIT(CLI_OPT_STRICT),
    importcli_usage, importcli_main};
