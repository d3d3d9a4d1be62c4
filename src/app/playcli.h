/* questboard [MISSION] and questboard --screenshot OUT.png [MISSION]: the
 * window's modes of the command line (cliargs.h). */
#pragma once

#include "cliargs.h"

/* Plays MISSION (or opens the title screen) in a window, with --size WxH,
 * --seed N (with a MISSION), --debug, --labels, --reveal, --tiles DIR,
 * --sprites DIR, the bitmap limits and --topology. */
extern const CliMode playcli_mode;

/* Draws one frame without a display and writes it to OUT.png: the
 * window's options but --seed. */
extern const CliMode playcli_screenshot_mode;
