/* --replay FILE: the mode (replayshow.h): the viewer in the window,
 * --verify without a window, --at N --screenshot OUT [--view WHO]
 * drawing a position headless. */
#include "replayshow.h"

#include "../match/tape.h"
#include "app.h"
#include "replaycli.h"
#include "../core/i18n.h"

#include <stdio.h>

/* --view's words. */
enum { VIEW_HEROES, VIEW_MONSTERS, VIEW_ALL, VIEW_COUNT };
static const char *const VIEWS[VIEW_COUNT] = {"heroes", "monsters", "all"};

static void replay_usage(FILE *out)
{
    fprintf(out, _("  --replay FILE        watch a saved game in the window (play, pause, step,\n"
                   "                       seek, bookmarks, continue from here; --view WHO)\n"
                   "  --replay FILE --verify\n"
                   "                       replay a saved game (a save slot, a rules save or a\n"
                   "                       quest pack holding one) without a window and print\n"
                   "                       'actions=N rounds=N outcome=... state=HEX'; exit 2\n"
                   "                       naming the first action that does not replay\n"
                   "  --replay FILE --screenshot OUT.png [--at N] [--view WHO]\n"
                   "                       draw the game after N actions (default: all of\n"
                   "                       them) without a display, as the heroes saw it\n"
                   "                       (heroes, the default), or seeing all (monsters,\n"
                   "                       all); --size WxH in pixels (docs/replays.md)\n"));
}

/* The position after --at actions drawn into with_arg; 0 or 2. */
static int screenshot(const CliArgs *a, const BitmapLimits *limits, int view)
{
    AppOptions o = {.screenshot = a->with_arg, .reveal = view != VIEW_HEROES};
    if (!cliargs_size(a, 16, 16384, C_("size unit", "pixels"), &o.width, &o.height))
        return 2;
    ReplayFile f;
    if (!replaycli_load_print(a->mode_arg, limits, &f))
        return 2;
    long long at = (long long)f.save.action_count;
    if (cliargs_given(a, CLI_OPT_AT) &&
        !cliargs_number("--at", a->value[CLI_OPT_AT], 0, at, &at)) {
        replaycli_free(&f);
        return 2;
    }
    char why[512];
    /* one keyframe is enough for one position: the tape replays to it */
    Tape *t = tape_create(f.mission, &f.save, f.mission_path, f.save.action_count + 1, why,
                          sizeof why);
    int status = 2;
    if (!t) {
        fprintf(stderr, "%s: %s\n", a->mode_arg, why);
    } else {
        status = app_screenshot_match(tape_at(t, (size_t)at), &o);
        tape_destroy(t);
    }
    replaycli_free(&f);
    return status;
}

static int replay_run(const CliArgs *a)
{
    BitmapLimits limits;
    Grid shape;
    if (!cliargs_limits(a, &limits, &shape))
        return 2;
    bool verify = cliargs_given(a, CLI_OPT_VERIFY), shot = a->with_arg != NULL;
    if (verify && (shot || cliargs_given(a, CLI_OPT_AT) || cliargs_given(a, CLI_OPT_VIEW))) {
        fprintf(stderr, _("questboard: --replay FILE --verify checks the whole game: it takes no "
                          "--screenshot, --at or --view\n"));
        return 2;
    }
    if (verify)
        return replaycli_verify(a->mode_arg, &limits);
    int view = cliargs_choice(a, CLI_OPT_VIEW, VIEWS, VIEW_COUNT, VIEW_HEROES);
    if (view < 0)
        return 2;
    if (shot)
        return screenshot(a, &limits, view);
    if (cliargs_given(a, CLI_OPT_AT)) {
        fprintf(stderr, _("questboard: --at N goes with --screenshot OUT.png (the window opens at "
                          "the start)\n"));
        return 2;
    }
    AppOptions o = {.replay = a->mode_arg, .limits = limits, .reveal = view != VIEW_HEROES};
    if (!cliargs_size(a, 16, 16384, C_("size unit", "pixels"), &o.width, &o.height))
        return 2;
    return app_play(&o);
}

const CliMode replaycli_mode = {
    "replay", N_("FILE"), 0, 0, N_("no FILE"),
    CLI_LIMITS | CLI_BIT(CLI_OPT_VERIFY) | CLI_BIT(CLI_OPT_AT) | CLI_BIT(CLI_OPT_VIEW) |
        CLI_BIT(CLI_OPT_SIZE),
    replay_usage, replay_run};
