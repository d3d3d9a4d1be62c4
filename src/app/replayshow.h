/* --replay FILE, the mode: --verify (replaycli.h) and --at N --screenshot
 * OUT.png [--view heroes|monsters|all], a position drawn without a
 * display (docs/replays.md). */
#pragma once

#include "cliargs.h"

extern const CliMode replaycli_mode;
