/* Files dropped on the window and packs in the lists, headless
 * (screens/dropfile.c, packcli_scan): a mission pack dropped is installed
 * into the player's missions folder; dropped again, the game asks before
 * replacing it (Escape keeps it as it was, Replace writes the new one); a
 * damaged pack is refused with the reason and nothing is installed; the
 * picker lists the installed mission pack ("quest pack") and opens its
 * briefing, the campaign list lists an installed campaign pack and a
 * campaign save's pack, which it takes up; a saved
 * game dropped opens the replay viewer, which steps; the end panel of a
 * game won offers Watch replay, which opens it, and Back returns. Every frame passes
 * the layout probe.
 * usage: test_packdrop QUESTBOARD (the game, for a saved game made by its
 * protocol) */
#define _XOPEN_SOURCE 700 /* mkdtemp */
#include "screen_harness.h"

#include "app/packcli.h"
#include "app/packresume.h"
#include "app/slots.h"
#include "app/screens/gamescreen.h"
#include "bot/bot.h"
#include "mission/load.h"
#include "rules/save.h"
#include "app/screens/campaignpick.h"
#include "app/screens/picker.h"
#include "app/screens/replayview.h"
#include "app/screens/title.h"
#include "core/fileio.h"

#include <SDL_ttf.h>
#include <limits.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <string.h>

static const char *top_name(void)
{
    const Screen *s = screens_top(&app);
    return s && s->ops ? s->ops->name : "";
}

static void click(int x, int y)
{
    SDL_Event ev = {0};
    ev.type = SDL_MOUSEMOTION;
    ev.motion.x = x, ev.motion.y = y;
    screens_dispatch(&app, &ev);
    ev = (SDL_Event){0};
    ev.type = SDL_MOUSEBUTTONDOWN;
    ev.button.button = SDL_BUTTON_LEFT;
    ev.button.x = x, ev.button.y = y;
    screens_dispatch(&app, &ev);
    ev.type = SDL_MOUSEBUTTONUP;
    screens_dispatch(&app, &ev);
}

static void drop(const char *path)
{
    SDL_Event ev = {0};
    ev.type = SDL_DROPFILE;
    ev.drop.file = SDL_strdup(path);
    screens_dispatch(&app, &ev);
}

static long size_of(const char *path)
{
    uint8_t *data;
    size_t size;
    char why[256];
    if (!fileio_read(path, 1 << 26, &data, &size, why, sizeof why))
        return -1;
    free(data);
    return (long)size;
}

static void check_drops(const char *data)
{
    char src[4096], pack[4200], other[4200], camp[4200], installed[4400], bad[4200];
    snprintf(src, sizeof src, "%s/missions/first-light", data);
    snprintf(pack, sizeof pack, "%s/arena.questpack", tmpdir);
    PackCliText text = {"First Light", "Tests", "CC0 1.0", NULL};
    BitmapLimits limits = opts.limits;
    CHECK(packcli_pack(src, pack, &text, true, &limits) == 0);
    /* another pack of the same file name: another title */
    snprintf(other, sizeof other, "%s/other/arena.questpack", tmpdir);
    char dir[4200];
    snprintf(dir, sizeof dir, "%s/other", tmpdir);
    CHECK(mkdir(dir, 0755) == 0);
    PackCliText text2 = {"First Light again", "Tests", "CC0 1.0", NULL};
    CHECK(packcli_pack(src, other, &text2, true, &limits) == 0);
    snprintf(installed, sizeof installed, "%smissions/arena.questpack", app.pref);

    screens_reset(&app, title_create(&app));
    drop(pack);
    frame("dropped");
    CHECK(strcmp(top_name(), "title") == 0);
    CHECK_INT(size_of(installed), size_of(pack));
    /* the same name again: asked; Escape keeps the first */
    drop(other);
    frame("asked");
    CHECK(strcmp(top_name(), "confirm") == 0);
    CHECK(said("Replace the pack?"));
    CHECK(said("arena.questpack"));
    key(SDLK_ESCAPE);
    CHECK(strcmp(top_name(), "title") == 0);
    CHECK_INT(size_of(installed), size_of(pack));
    drop(other);
    key(SDLK_UP);
    key(SDLK_RETURN); /* Replace */
    frame("replaced");
    CHECK(strcmp(top_name(), "title") == 0);
    CHECK_INT(size_of(installed), size_of(other));
    /* a damaged pack: refused with the reason, nothing installed */
    snprintf(bad, sizeof bad, "%s/broken.questpack", tmpdir);
    CHECK(fileio_write_atomic(bad, "PK\3\4 not a zip", 15, dir, sizeof dir));
    drop(bad);
    frame("refused");
    CHECK(strcmp(top_name(), "error") == 0 || strstr(top_name(), "error") != NULL);
    char no[4400];
    snprintf(no, sizeof no, "%smissions/broken.questpack", app.pref);
    CHECK(!fileio_is_file(no));
    key(SDLK_ESCAPE);

    /* the picker lists it and opens its briefing */
    screens_reset(&app, title_create(&app));
    char first[4200];
    snprintf(first, sizeof first, "%s/mission.xml", src);
    screens_push(&app, picker_create(&app, first));
    frame("picker");
    bool listed = false;
    for (int i = 0; i < 40 && !listed; i++) {
        frame("picker row");
        listed = said("arena") && said("quest pack");
        if (!listed)
            key(SDLK_DOWN);
    }
    CHECK(listed);
    key(SDLK_RETURN);
    frame("pack briefing");
    CHECK(strcmp(top_name(), "briefing") == 0);

    /* a campaign pack, installed, is in the campaign list */
    snprintf(src, sizeof src, "%s/missions/campaigns/ashen-crown", data);
    snprintf(camp, sizeof camp, "%s/crown.questpack", tmpdir);
    CHECK(packcli_pack(src, camp, &text, true, &limits) == 0);
    screens_reset(&app, title_create(&app));
    drop(camp);
    screens_push(&app, campaignpick_create(&app));
    frame("campaigns");
    CHECK(said("crown"));
    CHECK(said("quest pack"));
}

static void check_replay_drop(const char *qb)
{
    /* a game of the bot's save written by the protocol's format: four
     * actions of first-light */
    char save[4200];
    snprintf(save, sizeof save, "%s/game.qbsave", tmpdir);
    char cmd[8400];
    snprintf(cmd, sizeof cmd,
             "cd '%s' && cp -r '%s/missions/first-light' m && printf 'seed 9\\nload "
             "m/mission.xml\\nroll\\nend\\nroll\\nend\\nsave game.qbsave\\nquit\\n' | '%s' "
             "--protocol >/dev/null",
             tmpdir, getenv("QUESTBOARD_DATA"), qb);
    CHECK(system(cmd) == 0);
    screens_reset(&app, title_create(&app));
    drop(save);
    frame("replay dropped");
    CHECK(strcmp(top_name(), "replay") == 0);
    Screen *v = screens_top(&app);
    if (strcmp(top_name(), "replay") != 0)
        return;
    CHECK_INT(replayview_length(v), 4);
    key(SDLK_RIGHT);
    key(SDLK_RIGHT);
    frame("replay stepped");
    CHECK_INT(replayview_at(v), 2);
    key(SDLK_END);
    CHECK_INT(replayview_at(v), 4);
    key(SDLK_LEFT);
    CHECK_INT(replayview_at(v), 3);
    key(SDLK_SPACE);
    CHECK(replayview_playing(v));
    key(SDLK_SPACE);
    CHECK(!replayview_playing(v));
    frame("replay");
    CHECK(said("action 3 of 4"));
}

/* A campaign save packed (--pack SLOT.qbsave: a pack of kind party) and
 * dropped: the campaign list lists it as a campaign under way (issue 24:
 * it was listed nowhere) and Return takes it up, its quest over the
 * campaign screen, going on in a slot named after the pack; chosen
 * again, it goes on from that slot. */
static void check_party_pack(const char *qb)
{
    char cmd[8400], pack[4200];
    snprintf(cmd, sizeof cmd,
             "cd '%s' && printf 'seed 5\\ncampaign load "
             "%s/missions/campaigns/ashen-crown/campaign.xml\\ncampaign name 0 0 Brak\\nnext\\nroll\\n"
             "save quest.qbsave\\nquit\\n' | '%s' --protocol >/dev/null",
             tmpdir, getenv("QUESTBOARD_DATA"), qb);
    CHECK(system(cmd) == 0);
    char save[4200];
    snprintf(save, sizeof save, "%s/quest.qbsave", tmpdir);
    snprintf(pack, sizeof pack, "%s/under-way.questpack", tmpdir);
    PackCliText text = {"Brak in the cellars", "Tests", "CC0 1.0", NULL};
    BitmapLimits limits = opts.limits;
    CHECK(packcli_pack(save, pack, &text, true, &limits) == 0);
    screens_reset(&app, title_create(&app));
    drop(pack);
    CHECK(strcmp(top_name(), "title") == 0);
    for (int round = 0; round < 2; round++) {
        screens_reset(&app, title_create(&app));
        screens_push(&app, campaignpick_create(&app));
        frame("campaigns, a party pack");
        CHECK(said("under-way") && said("under way, a pack"));
        key(SDLK_END); /* the last row: after the bundled campaign and the campaign pack */
        for (int i = 0; i < 200 && !said("Return takes it up"); i++) {
            SDL_Delay(10);
            screens_update(&app, 0.01);
            frame("campaigns, a party pack read");
        }
        CHECK(said("A campaign under way, from a quest pack: Brak in the cellars."));
        CHECK(said("The Ashen Crown"));
        key(SDLK_RETURN);
        frame("party pack taken up");
        CHECK(strcmp(top_name(), "game") == 0);
        CHECK(said("Brak"));
        char slot[SLOTS_FILE_MAX], path[4400];
        CHECK(packresume_slot("Brak in the cellars", slot, sizeof slot));
        snprintf(path, sizeof path, "%s/%s", app.saves, slot);
        if (round == 0) /* saved, as a campaign's quest is on leaving it */
            CHECK(screens_game_save(screens_top(&app), &app, slot, "Brak", path, sizeof path));
        CHECK(fileio_is_file(path));
    }
    screens_reset(&app, title_create(&app));
}

/* A game the bot won, restored: its end panel's Watch replay opens it in
 * the viewer at its start, and Back returns to the end panel. */
static void check_end_panel(const char *data)
{
    char path[4200], catalogue[4200], why[256], err[4096];
    snprintf(path, sizeof path, "%s/missions/first-light/mission.xml", data);
    snprintf(catalogue, sizeof catalogue, "%s/assets/pieces.xml", data);
    ErrorList errs;
    errors_init(&errs, 0);
    MissionLoadOptions mo = {.catalogue_path = catalogue};
    Mission *m = mission_load(path, &mo, &errs);
    errors_clear(&errs);
    CHECK(m != NULL);
    if (!m)
        return;
    Game *g = game_create(m, NULL, 11, why, sizeof why);
    Bot *bot = bot_create(g);
    bot_play(bot, g, 2000, NULL);
    bot_destroy(bot);
    CHECK(game_status(g) == GAME_STATUS_VICTORY);
    size_t size;
    char *text = save_format(g, path, &size);
    size_t actions = game_log_count(g);
    game_destroy(g);
    mission_destroy(m);
    screens_reset(&app, title_create(&app));
    Screen *game = gamescreen_create_from_save(&app, "won", text, size, path, err, sizeof err);
    free(text);
    CHECK(game != NULL);
    if (!game)
        return;
    screens_push(&app, game);
    for (int i = 0; i < 50; i++)
        screens_update(&app, 1.0);
    frame("end panel");
    const ProbeItem *watch = layoutprobe_find(&probe, "Watch replay");
    CHECK(watch != NULL);
    if (!watch)
        return;
    click(watch->rect.x + watch->rect.w / 2, watch->rect.y + watch->rect.h / 2);
    frame("watching the game just won");
    CHECK(strcmp(top_name(), "replay") == 0);
    if (strcmp(top_name(), "replay") != 0)
        return;
    CHECK_INT(replayview_length(screens_top(&app)), actions);
    CHECK_INT(replayview_at(screens_top(&app)), 0);
    key(SDLK_END);
    frame("the end of the game just won");
    CHECK(said("victory"));
    CHECK(!said("Watch replay")); /* no end panel over the game watched */
    key(SDLK_ESCAPE);
    frame("back to the end panel");
    CHECK(screens_top(&app) == game);
    CHECK(said("Watch replay"));
}

int main(int argc, char **argv)
{
    const char *data = getenv("QUESTBOARD_DATA");
    if (!data || argc < 2)
        return 2;
    shots = getenv("QB_DROP_SHOTS"); /* a folder to keep the frames in */
    char qb[PATH_MAX]; /* meson gives it relative to the build folder; the test cds */
    if (!realpath(argv[1], qb))
        return 2;
    SDL_Init(SDL_INIT_VIDEO);
    TTF_Init();
    IMG_Init(IMG_INIT_PNG);
    snprintf(tmpdir, sizeof tmpdir, "/tmp/qb-drop-XXXXXX");
    if (!mkdtemp(tmpdir))
        return 2;
    setenv("XDG_DATA_HOME", tmpdir, 1);
    char *pref = SDL_GetPrefPath("questboard", "questboard");
    snprintf(app.pref, sizeof app.pref, "%s", pref ? pref : "");
    SDL_free(pref);
    snprintf(app.saves, sizeof app.saves, "%ssaves", app.pref);
    opts.limits.max_side = 16384, opts.limits.max_squares = 67108864;
    app.opts = &opts;
    app.settings = settings_create(app.pref);
    app.running = true;
    snprintf(config, sizeof config, "1280x800@1.0");
    open_window(1280, 800, 1.0);
    if (app.ui) {
        check_drops(data);
        check_replay_drop(qb);
        check_party_pack(qb);
        check_end_panel(data);
    }
    close_window();
    settings_destroy(app.settings);
    layoutprobe_free(&probe);
    char cmd[256];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmpdir);
    if (system(cmd) != 0)
        fprintf(stderr, "could not remove %s\n", tmpdir);
    IMG_Quit();
    TTF_Quit();
    SDL_Quit();
    return check_finish("packdrop");
}
