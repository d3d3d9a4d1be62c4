/* The title's Random quest, headless, played by keys as a player would:
 * the title offers it; the screen shows style, board, difficulty, heroes
 * and the seed, which the player types; the preview shows the quest; Return
 * on "Read the briefing" writes the mission folder into the player's
 * missions folder and opens its briefing, then the heroes and the game.
 * The picker lists the quest afterwards, the folder is --generate's, and a
 * second visit opens the player's copy without overwriting it. Every frame
 * passes the layout probe at three window sizes and two UI scales.
 * QB_RANDOM_SHOTS=DIR keeps the frames. */
#define _XOPEN_SOURCE 700 /* mkdtemp */
#include "screen_harness.h"

#include "app/app.h"
#include "app/gencli.h"
#include "app/paths.h"
#include "app/screens.h"
#include "app/screens/gamescreen.h"
#include "app/screens/picker.h"
#include "app/screens/randomquest.h"
#include "app/screens/title.h"
#include "core/fileio.h"
#include "mission/mission.h"
#include "gfx/layoutprobe.h"

#include <SDL.h>
#include <SDL_image.h>
#include <SDL_ttf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The preview's last briefing line (the one above the folder hint) ends
 * a sentence or in "...": the words themselves vary with the generator's
 * names and the wrapping with the window. */
static bool briefing_ends_whole_or_cut(void)
{
    for (size_t i = 1; i < probe.count; i++) {
        if (!strstr(probe.items[i].text, "is kept in"))
            continue;
        size_t k = i - 1; /* the keys' line over the folder's (a narrow window) */
        if (k > 0 && strstr(probe.items[k].text, "Return: the briefing"))
            k--;
        const char *last = probe.items[k].text;
        size_t n = strlen(last);
        bool ok = (n >= 1 && (last[n - 1] == '.' || last[n - 1] == '!')) || strstr(last, "...");
        if (!ok)
            fprintf(stderr, "%s: the preview's briefing ends '%s'\n", config, last);
        return ok;
    }
    return false;
}

static const char *top_name(void)
{
    const Screen *s = screens_top(&app);
    return s && s->ops ? s->ops->name : "";
}

static char *slurp(const char *path)
{
    uint8_t *data = NULL;
    size_t size = 0;
    char err[256];
    if (!fileio_read(path, 1 << 22, &data, &size, err, sizeof err))
        return calloc(1, 1);
    char *s = realloc(data, size + 1);
    s[size] = '\0';
    return s;
}

/* From the title to a game of a wilds quest of seed `seed` (typed in). */
static void play_a_quest(const char *seed, const char *folder)
{
    screens_reset(&app, title_create(&app));
    frame("title");
    CHECK(said("Random quest"));
    keys(SDLK_DOWN, 2); /* New game is selected (no save yet); Campaign, then Random quest */
    key(SDLK_RETURN);
    CHECK(strcmp(top_name(), "random quest") == 0);
    frame("random");
    CHECK(said("<  dungeon  >") && said("<  26x19  >") && said("<  normal  >"));
    CHECK(said("Read the briefing") && said("New seed"));
    /* a data folder as long as a player's: the hint line names it, cut at
     * its start if need be (it ended "the quest is kept in") */
    char pref[sizeof app.pref];
    memcpy(pref, app.pref, sizeof pref);
    snprintf(app.pref, sizeof app.pref, "/home/player/.local/share/questboard/questboard/");
    frame("random, a player's folder");
    const ProbeItem *hint = layoutprobe_find(&probe, "is kept in");
    CHECK(hint && (strstr(hint->text, "kept in /") || strstr(hint->text, "kept in ...") ||
                   (hint + 1 < probe.items + probe.count && hint[1].text[0] == '/'))); /* on its own line */
    /* a narrow window shows the options or the preview: the keys say how
     * to switch */
    bool one_pane = said("Tab: preview");
    memcpy(app.pref, pref, sizeof pref);
    /* the seed: Return edits it, digits replace the fresh one, letters
     * are left out */
    keys(SDLK_UP, 2);
    key(SDLK_RETURN);
    type("x");
    type(seed);
    frame("random-typing");
    key(SDLK_RETURN);
    frame("random-seed");
    CHECK(said(seed));
    /* the style: two to the right of dungeon is wilds */
    keys(SDLK_UP, 4);
    key(SDLK_RIGHT);
    key(SDLK_RIGHT);
    frame("random-wilds");
    CHECK(said("<  wilds  >"));
    if (one_pane) {
        key(SDLK_TAB);
        frame("random-wilds-preview");
        CHECK(said("Tab: the options"));
    }
    CHECK(said("open country")); /* the preview's facts */
    /* the preview's briefing whole, or cut with "..." (it stopped
     * mid-sentence, "put an end to the", as if that were all) */
    CHECK(briefing_ends_whole_or_cut());
    if (one_pane) { /* Left/Right change the option there too; Escape goes back */
        key(SDLK_LEFT);
        frame("random-preview-changed");
        CHECK(said("Tab: the options") && unsaid("open country"));
        key(SDLK_RIGHT);
        key(SDLK_ESCAPE);
        frame("random-options");
        CHECK(said("<  wilds  >") && strcmp(top_name(), "random quest") == 0);
    }
    keys(SDLK_DOWN, 6); /* Read the briefing */
    key(SDLK_RETURN);
    frame("briefing");
    CHECK(said("Objectives"));
    CHECK(said("Back to the random quest")); /* it said "to the missions", and led here */
    char xml[4400];
    snprintf(xml, sizeof xml, "%smissions/%s/mission.xml", app.pref, folder);
    CHECK(fileio_is_file(xml));
    key(SDLK_RETURN); /* choose the heroes */
    key(SDLK_RETURN); /* start the quest */
    CHECK(strcmp(top_name(), "game") == 0);
    frame("game");
}

static void check_flow(void)
{
    play_a_quest("42", "wilds-42");
    /* the quest is the player's mission now: the picker lists it */
    char xml[4400];
    snprintf(xml, sizeof xml, "%smissions/wilds-42/mission.xml", app.pref);
    screens_reset(&app, title_create(&app));
    screens_push(&app, picker_create(&app, xml));
    frame("picker");
    /* by its title, as every mission (issue 25 item 12), not its folder */
    char title[256];
    mission_file_name(xml, title, sizeof title);
    CHECK(title[0] != '\0');
    CHECK(said(title));
    /* it is what --generate writes for these options */
    char *written = slurp(xml);
    char dir[4200], cmp[4400];
    snprintf(dir, sizeof dir, "%scli-wilds-42", app.pref);
    GenOptions o = gen_default_options();
    o.style = GEN_STYLE_WILDS;
    o.seed = 42;
    FILE *devnull = fopen("/dev/null", "w");
    CHECK(gencli_run(dir, &o, true, devnull) == 0);
    fclose(devnull);
    snprintf(cmp, sizeof cmp, "%s/mission.xml", dir);
    char *cli = slurp(cmp);
    CHECK(written[0] && strcmp(written, cli) == 0);
    free(cli);
    free(written);
    /* an edited copy is opened as it is, never written over */
    FILE *f = fopen(xml, "a");
    CHECK(f != NULL);
    if (f) {
        fputs("<!-- the author's note -->\n", f);
        fclose(f);
    }
    play_a_quest("42", "wilds-42");
    written = slurp(xml);
    CHECK(strstr(written, "the author's note") != NULL);
    free(written);
}

int main(void)
{
    if (!getenv("QUESTBOARD_DATA"))
        return 2;
    shots = getenv("QB_RANDOM_SHOTS");
    SDL_Init(SDL_INIT_VIDEO);
    TTF_Init();
    IMG_Init(IMG_INIT_PNG);
    snprintf(tmpdir, sizeof tmpdir, "/tmp/qb-random-XXXXXX");
    if (!mkdtemp(tmpdir))
        return 2;
    setenv("XDG_DATA_HOME", tmpdir, 1);
    snprintf(app.pref, sizeof app.pref, "%s/", tmpdir);
    snprintf(app.saves, sizeof app.saves, "%s/saves", tmpdir);
    opts.limits.max_side = 16384, opts.limits.max_squares = 67108864;
    app.opts = &opts;
    app.settings = settings_create(app.pref);
    static const int sizes[][2] = {{800, 600}, {1280, 800}, {1920, 1080}};
    static const double scales[] = {1.0, 2.0};
    app.running = true;
    for (size_t s = 0; s < 3; s++)
        for (size_t k = 0; k < 2; k++) {
            snprintf(config, sizeof config, "%dx%d@%.1f", sizes[s][0], sizes[s][1], scales[k]);
            open_window(sizes[s][0], sizes[s][1], scales[k]);
            if (app.ui)
                check_flow();
            close_window();
            char cmd[256];
            snprintf(cmd, sizeof cmd, "rm -rf '%s/missions' '%s/cli-wilds-42'", tmpdir, tmpdir);
            CHECK(system(cmd) == 0);
        }
    settings_destroy(app.settings);
    layoutprobe_free(&probe);
    char cmd[256];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmpdir);
    if (system(cmd) != 0)
        fprintf(stderr, "could not remove %s\n", tmpdir);
    IMG_Quit();
    TTF_Quit();
    SDL_Quit();
    return check_finish("randomquest");
}
