#include "editcli.h"

#include "../edit/editcmd.h"
#include "paths.h"
#include "../core/i18n.h"

#include <errno.h>
#include <string.h>

int editcli_run(FILE *in, FILE *out)
{
    char why[1024];
    EditSession *s = editsession_create(paths_data_dir(), why, sizeof why);
    if (!s) {
        fprintf(stderr, _("questboard: the editor cannot start: %s\n"), why);
        return 2;
    }
    int status = editsession_run(s, in, out);
    editsession_destroy(s);
    return status;
}

static void editcli_usage(FILE *out)
{
    fprintf(out, _("  --edit-script SCRIPT run the mission editor's commands in SCRIPT (- for\n"
                   "                       standard input), one a line, with no window; prints\n"
                   "                       an answer a command (docs/editor.md); exit 0, or 1\n"
                   "                       when a command was refused\n"));
}

static int editcli_main(const CliArgs *a)
{
    const char *path = a->mode_arg;
    bool stdin_script = strcmp(path, "-") == 0;
    FILE *in = stdin_script ? stdin : fopen(path, "r");
    if (!in) {
        fprintf(stderr, "questboard: %s: %s\n", path, strerror(errno));
        return 2;
    }
    int status = editcli_run(in, stdout);
    if (!stdin_script)
        fclose(in);
    return status;
}

const CliMode editcli_mode = {"edit-script", N_("SCRIPT"), 0, 0, "", 0, editcli_usage, editcli_main};
