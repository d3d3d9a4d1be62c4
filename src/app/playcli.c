/* The window's modes (playcli.h): their options read into AppOptions. */
#include "playcli.h"

#include "../gfx/render.h"
#include "app.h"
#include "editor/editor.h"
#include "../core/i18n.h"

#include <string.h>

/* Window and screenshot sizes in pixels. */
#define PLAYCLI_MIN_SIDE 16
#define PLAYCLI_MAX_SIDE 16384

#define PLAYCLI_OPTIONS                                                                      \
    (CLI_LIMITS | CLI_BIT(CLI_OPT_SIZE) | CLI_BIT(CLI_OPT_DEBUG) | CLI_BIT(CLI_OPT_LABELS) | \
     CLI_BIT(CLI_OPT_REVEAL) | CLI_BIT(CLI_OPT_TILES) | CLI_BIT(CLI_OPT_SPRITES) |          \
     CLI_BIT(CLI_OPT_EDIT))

/* --labels' words, in DebugLabel's order. */
static const char *const LABELS[] = {[DEBUG_LABEL_ROOM] = "room",
                                     [DEBUG_LABEL_TYPE] = "type",
                                     [DEBUG_LABEL_COORDS] = "coords",
                                     [DEBUG_LABEL_COST] = "cost"};
_Static_assert(sizeof LABELS / sizeof *LABELS == DEBUG_LABEL_COUNT, "a --labels word for each label");

/* The options both modes take; false after a message. shape keeps the
 * --topology grid for o->limits. */
static bool read_window_options(const CliArgs *a, AppOptions *o, Grid *shape)
{
    int label = cliargs_choice(a, CLI_OPT_LABELS, LABELS, DEBUG_LABEL_COUNT, DEBUG_LABEL_ROOM);
    if (label < 0 || !cliargs_limits(a, &o->limits, shape) ||
        !cliargs_size(a, PLAYCLI_MIN_SIDE, PLAYCLI_MAX_SIDE, C_("size unit", "pixels"), &o->width,
                      &o->height))
        return false;
    o->label = label;
    /* --labels writes on the overlay, so it turns the overlay on */
    o->debug = cliargs_given(a, CLI_OPT_DEBUG) || cliargs_given(a, CLI_OPT_LABELS);
    o->reveal = cliargs_given(a, CLI_OPT_REVEAL);
    o->tiles_dir = a->value[CLI_OPT_TILES];
    o->sprites_dir = a->value[CLI_OPT_SPRITES];
    o->mission = a->file_count ? a->files[0] : NULL;
    o->edit = cliargs_given(a, CLI_OPT_EDIT);
    return true;
}

static void play_usage(FILE *out)
{
    fprintf(out,
            _("  MISSION              a mission XML file or a bare bitmap (PNG or BMP) to\n"
              "                       play; without it the title screen opens (and\n"
              "                       --screenshot draws the bundled first-light mission)\n"
              "    --size WxH         window size in pixels, %d to %d a side\n"
              "    --seed N           the game's seed when playing MISSION (default: a new\n"
              "                       one): the same seed and moves play the same game\n"
              "    --debug            start with the debug overlay on (F3 toggles it)\n"
              "    --labels WHAT      the overlay on, writing room numbers (room), square\n"
              "                       types (type), coordinates (coords) or what entering\n"
              "                       each square costs in movement (cost) on the squares\n"
              "    --reveal           also show what the heroes have not found: traps,\n"
              "                       secret doors, hidden treasure (and no fog of war);\n"
              "                       exits marked, monsters tagged with their ids\n"
              "    --tiles DIR        floor tiles from DIR instead of assets/tiles\n"
              "    --sprites DIR      sprites from DIR instead of assets/sprites\n"
              "    --edit             open the mission editor on MISSION, or on a new\n"
              "                       mission without one (docs/editor.md)\n"),
            PLAYCLI_MIN_SIDE, PLAYCLI_MAX_SIDE);
}

static int play_run(const CliArgs *a)
{
    AppOptions o = {0};
    Grid shape;
    if (!read_window_options(a, &o, &shape))
        return 2;
    if (cliargs_given(a, CLI_OPT_SEED) && o.edit) {
        fprintf(stderr, _("questboard: --seed is a game's: the editor plays none (its play-test "
                          "gets a new seed each time)\n"));
        return 2;
    }
    if (cliargs_given(a, CLI_OPT_SEED) && !o.mission) {
        fprintf(stderr, _("questboard: --seed needs a MISSION to play (the title screen's games "
                          "each get a new seed)\n"));
        return 2;
    }
    if (!cliargs_seed(a, &o.seed))
        return 2;
    o.has_seed = cliargs_given(a, CLI_OPT_SEED);
    return app_play(&o);
}

const CliMode playcli_mode = {NULL,       NULL,     0, 1, N_("a MISSION"), PLAYCLI_OPTIONS | CLI_BIT(CLI_OPT_SEED),
                              play_usage, play_run};

static void screenshot_usage(FILE *out)
{
    fprintf(out, _("  --screenshot OUT.png draw one frame without a display, write it, exit: with\n"
                   "                       the window's options but --seed (--size in pixels)\n"));
}

static int screenshot_run(const CliArgs *a)
{
    AppOptions o = {0};
    Grid shape;
    if (!read_window_options(a, &o, &shape))
        return 2;
    o.screenshot = a->mode_arg;
    return o.edit ? editor_screenshot(&o) : app_screenshot(&o);
}

const CliMode playcli_screenshot_mode = {"screenshot", N_("OUT.png"), 0, 1, N_("a MISSION"), PLAYCLI_OPTIONS,
                                         screenshot_usage, screenshot_run};
