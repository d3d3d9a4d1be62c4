/* The title's Random quest, headless, played by keys as a player would:
 * the title offers it; the screen shows style, board, difficulty, heroes
 * and the seed, which the player types; the preview shows the quest; Return
 * on "Read the briefing" writes the mission folder into the player's
 * missions folder and opens its briefing, then the heroes and the game.
 * The picker lists the quest afterwards, the folder is --generate's, and a
 * second visit opens the player's copy without overwriting it. Every frame
 * passes the layout probe at three window sizes and two UI scales.
 * QB_RANDOM_SHOTS=DIR keeps the frames.
 * screens_randomquest_de plays the same under LANGUAGE=de: the preview,
 * the briefing and the game show the generated quest's German (its
 * name, briefing and objectives, which the generator writes into the
 * mission's <translations>), the hover box its rooms' German names,
 * and none of its English. */
#define _XOPEN_SOURCE 700 /* mkdtemp */
#include "screen_harness.h"

#include "app/app.h"
#include "app/gencli.h"
#include "app/lang.h"
#include "app/paths.h"
#include "app/screens.h"
#include "app/screens/gamescreen.h"
#include "app/screens/picker.h"
#include "app/screens/randomquest.h"
#include "app/screens/title.h"
#include "core/fileio.h"
#include "core/i18n.h"
#include "gen/gendata.h"
#include "mission/mission.h"
#include "mission/mission_lang.h"
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
/* The folder hint's words and the keys' in the language of the run. */
#define KEPT_IN (harness_translated ? "liegt in" : "kept in")
#define KEYS_BRIEFING (harness_translated ? "Eingabe: " : "Return: the briefing")

static bool briefing_ends_whole_or_cut(void)
{
    for (size_t i = 1; i < probe.count; i++) {
        if (!strstr(probe.items[i].text, KEPT_IN))
            continue;
        size_t k = i - 1; /* the keys' line over the folder's (a narrow window) */
        if (k > 0 && strstr(probe.items[k].text, KEYS_BRIEFING))
            k--;
        const char *last = probe.items[k].text;
        size_t n = strlen(last);
        if (n + 1 >= sizeof probe.items[k].text)
            return true; /* the probe kept only the line's start (German's longer bytes) */
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

/* The wilds quest of seed 42 with the screen's default options, as the
 * generator makes it, to know its texts in both languages. */
static GenResult quest42;

static void make_quest42(void)
{
    char cat_path[1200], data_path[1200];
    snprintf(cat_path, sizeof cat_path, "%s/assets/pieces.xml", getenv("QUESTBOARD_DATA"));
    snprintf(data_path, sizeof data_path, "%s/assets/generator.xml", getenv("QUESTBOARD_DATA"));
    ErrorList errs;
    errors_init(&errs, 0);
    Catalogue *cat = catalogue_load(cat_path, &errs);
    GenData *data = gendata_load(data_path, &errs);
    GenOptions o = gen_default_options();
    o.style = GEN_STYLE_WILDS;
    o.seed = 42;
    GenSources src = {data, cat, cat_path};
    CHECK(cat && data && gen_generate(&o, &src, &quest42, &errs));
    errors_print(&errs, stderr);
    errors_clear(&errs);
    gendata_destroy(data);
    catalogue_destroy(cat);
}

/* The first `n` bytes of text (whole characters), for a line a wrap may
 * have cut after them. */
static const char *start_of(const char *text, size_t n, char *buf, size_t size)
{
    snprintf(buf, size, "%.*s", (int)n, text ? text : "");
    size_t len = strlen(buf);
    while (len > 0 && ((unsigned char)buf[len - 1] & 0x80)) /* no character cut in two */
        buf[--len] = '\0';
    return buf;
}

/* In the German run: the quest's German `kind` text is shown (its start:
 * a line may wrap), its English is not. */
static void check_quest_text(MissionTrKind kind, int index, size_t n, const char *where)
{
    if (!harness_translated || !quest42.mission)
        return;
    char de[128], en[128];
    start_of(mission_lang_text(quest42.mission, kind, index), n, de, sizeof de);
    i18n_set_language("en");
    start_of(mission_lang_text(quest42.mission, kind, index), n, en, sizeof en);
    i18n_set_language("de");
    CHECK(strcmp(de, en) != 0);
    if (!layoutprobe_find(&probe, de) || layoutprobe_find(&probe, en))
        fprintf(stderr, "%s: %s: '%s' missing or English '%s' shown\n", config, where, de, en);
    CHECK(layoutprobe_find(&probe, de) != NULL);
    CHECK(layoutprobe_find(&probe, en) == NULL);
}

/* The mouse over the board's squares, row by row: the hover box names
 * rooms, in German the quest's German names (the generator's
 * <translations>) and never its English ones. */
static void check_room_names(void)
{
    const Mission *m = quest42.mission;
    int german = 0, english = 0;
    if (!harness_translated || !m)
        return; /* in English the names are the mission's own */
    for (int y = app.out_h / 8; y < app.out_h * 3 / 4; y += app.out_h / 8)
        for (int x = app.out_w / 8; x < app.out_w * 5 / 8; x += app.out_w / 8) {
            SDL_Event mv = {0};
            mv.type = SDL_MOUSEMOTION;
            mv.motion.x = x, mv.motion.y = y;
            screens_dispatch(&app, &mv);
            frame("game-hover");
            int before = german;
            for (size_t i = 0; i < m->palette_count; i++) {
                const char *name = mission_lang_text(m, MISSION_TR_ROOM, (int)m->palette[i].rgb);
                if (!name || strcmp(name, m->palette[i].name) == 0)
                    continue;
                for (size_t k = 0; k < probe.count; k++) {
                    german += strcmp(probe.items[k].text, name) == 0;
                    if (strcmp(probe.items[k].text, m->palette[i].name) == 0) {
                        fprintf(stderr, "%s: the hover box says the English '%s'\n", config, m->palette[i].name);
                        english++;
                    }
                }
            }
            if (german > before)
                keep("game-hover-room");
        }
    if (!german)
        fprintf(stderr, "%s: the hover box named no room\n", config);
    CHECK(german > 0 && english == 0);
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
    const ProbeItem *hint = layoutprobe_find(&probe, KEPT_IN);
    char kept_root[32], kept_cut[32];
    snprintf(kept_root, sizeof kept_root, "%s /", KEPT_IN);
    snprintf(kept_cut, sizeof kept_cut, "%s ...", KEPT_IN);
    CHECK(hint && (strstr(hint->text, kept_root) || strstr(hint->text, kept_cut) ||
                   (hint + 1 < probe.items + probe.count && hint[1].text[0] == '/'))); /* on its own line */
    /* a narrow window shows the options or the preview: the keys say how
     * to switch */
    bool one_pane = layoutprobe_find(&probe, harness_translated ? "Tab: Vorschau" : "Tab: preview") != NULL;
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
    check_quest_text(MISSION_TR_NAME, 0, 20, "the preview's name");
    check_quest_text(MISSION_TR_BRIEFING, 0, 16, "the preview's briefing");
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
    check_quest_text(MISSION_TR_NAME, 0, 20, "the briefing's name");
    check_quest_text(MISSION_TR_BRIEFING, 0, 16, "the briefing");
    check_quest_text(MISSION_TR_OBJECTIVE, 0, 12, "the briefing's objective");
    char xml[4400];
    snprintf(xml, sizeof xml, "%smissions/%s/mission.xml", app.pref, folder);
    CHECK(fileio_is_file(xml));
    key(SDLK_RETURN); /* choose the heroes */
    key(SDLK_RETURN); /* start the quest */
    CHECK(strcmp(top_name(), "game") == 0);
    frame("game");
    check_room_names();
    key(SDLK_j); /* the objectives, over the board */
    frame("game-objectives");
    check_quest_text(MISSION_TR_OBJECTIVE, 0, 12, "the game's objectives");
    key(SDLK_j);
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
    lang_init(LANG_SYSTEM); /* screens_randomquest_de: LANGUAGE=de */
    harness_translated = strcmp(i18n_language(), "en") != 0;
    make_quest42();
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
    gen_result_free(&quest42);
    char cmd[256];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmpdir);
    if (system(cmd) != 0)
        fprintf(stderr, "could not remove %s\n", tmpdir);
    IMG_Quit();
    TTF_Quit();
    SDL_Quit();
    return check_finish("randomquest");
}
