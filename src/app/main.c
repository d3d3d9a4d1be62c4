/* questboard: command line entry point. Each mode of the command line
 * (cliargs.h) is defined beside its handler; this table lists them in
 * --help's order. */
#include "cli.h"
#include "cliargs.h"
#include "editcli.h"
#include "gencli.h"
#include "importcli.h"
#include "lang.h"
#include "netcli.h"
#include "packcli.h"
#include "playcli.h"
#include "protocol.h"
#include "replayshow.h"
#include "../core/i18n.h"

#include <stdio.h>

static void protocol_usage(FILE *out)
{
    fprintf(out, _("  --protocol           play through the text protocol on stdin/stdout\n"
                   "                       (docs/protocol.md)\n"));
}

static int protocol_main(const CliArgs *a)
{
    (void)a;
    lang_off(); /* an API read by programs: its texts stay as documented */
    return protocol_run(stdin, stdout);
}

static const CliMode protocol_mode = {"protocol", NULL, 0, 0, "", 0, protocol_usage, protocol_main};

static const CliMode *const MODES[] = {
    &playcli_mode,   &playcli_screenshot_mode, &cli_check_mode,      &cli_dump_rooms_mode,
    &protocol_mode,  &gencli_mode,             &importcli_mode,      &packcli_mode,
    &replaycli_mode, &cli_simulate_mode,       &editcli_mode,        &netcli_serve_mode,
    &netcli_connect_mode,
};

int main(int argc, char **argv)
{
    lang_init(LANG_SYSTEM); /* the window applies the Settings choice (window.c) */
    return cliargs_main(argc, argv, MODES, sizeof MODES / sizeof *MODES);
}
