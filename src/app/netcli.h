/* The command line's online modes (docs/network.md): --serve runs a
 * dedicated server, --connect plays on one through the text protocol on
 * stdin/stdout. */
#pragma once

#include "cliargs.h"

extern const CliMode netcli_serve_mode;
extern const CliMode netcli_connect_mode;
