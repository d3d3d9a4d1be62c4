/* --replay FILE --verify: a saved game replayed without a window
 * (docs/replays.md). */
#pragma once

#include "cliargs.h"

extern const CliMode replaycli_mode;
