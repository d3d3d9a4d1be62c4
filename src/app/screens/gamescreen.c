/* The game screen: hosts the play screen (play.h), which draws the board
 * and HUD and takes the game's input. Around it: Back with nothing left to
 * close opens the in-game menu (or, once the mission is over, returns to
 * the title), the save and load keys open the slot dialogs, and hot
 * reload: the watcher is polled every frame; a changed mission is loaded
 * into new objects and the game's action log replayed on it; success
 * swaps them in (camera and overlay kept), failure shows the loader's
 * messages over the still-running last good version. Once the mission is
 * over, the play screen's end panel leads to the same mission again, the
 * next one in the list, or the title. */
#define _XOPEN_SOURCE 700 /* realpath */
#include "gamescreen.h"

#include "mission/mission_lang.h"

#include "core/i18n.h"

#include "app/missionlist.h"
#include "app/hotseat.h"
#include "app/missionui.h"
#include "app/narrate.h"
#include "app/paths.h"
#include "app/play/play.h"
#include "app/slots.h"
#include "app/uikit.h"
#include "app/watch.h"

#include "audio/audio.h"

#include "core/alloc.h"
#include "match/match.h"
#include "mission/analysis.h"
#include "rules/save.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct GameScreen {
    Screen base;
    Mission *mission;
    Play *play;
    char path[4096];       /* the mission file as opened */
    int w, h;              /* the output size play was last told */
    Watch *watch;
    Bindings bindings;           /* the keys and speed play was made with */
    SettingsAnimSpeed anim;
    bool reduce_motion;
    SettingsVision vision;
    Hotseat seats;                /* who plays which side, and the hand-overs */
    bool has_next;                /* the end panel offers the next mission */
    char next[4096];              /* ...this one */
    char reload_error[12288]; /* shown while the last reload failed */
    char reload_title[256];
    Audio *audio;          /* the app's, for the music of the mission's mood */
    unsigned mood_token;
    bool hosted;           /* a campaign's quest: host says what happens */
    bool playtest;         /* the editor's play-test: back to the editor, no autosave */
    GameScreenHost host;
    App *app;              /* for the match's writer of the host's slot */
    const Play *said_play; /* narration: the play screen whose log... */
    uint64_t said_seq;     /* ...was said up to this line */
} GameScreen;

static PlayOptions play_options(const App *app, const char *path)
{
    return (PlayOptions){
        .reveal = app->opts->reveal,
        .debug = app->opts->debug || settings_debug_overlay(app->settings),
        .label = (DebugLabel)app->opts->label,
        .bindings = settings_bindings(app->settings),
        .anim_factor = settings_anim_duration_factor(settings_anim_speed(app->settings)),
        .reduce_motion = settings_reduce_motion(app->settings),
        .ask_end_turn = settings_ask_end_turn(app->settings),
        .save_dir = app->saves[0] ? app->saves : NULL,
        .mission_path = path,
        .cue = audio_play_cue,
        .cue_ctx = app->audio,
    };
}

static void watch_mission(GameScreen *g)
{
    watch_clear(g->watch);
    watch_add(g->watch, g->mission->path);
    if (!g->mission->bare && g->mission->bitmap_path)
        watch_add(g->watch, g->mission->bitmap_path);
}

/* The mission's music (none for a bare board). */
static void play_mood(GameScreen *g)
{
    g->mood_token = audio_set_mood(g->audio, play_game(g->play) ? g->mission->mood : "none");
}

static void sized(GameScreen *g, App *app)
{
    g->w = app->out_w, g->h = app->out_h;
    play_resize(g->play, g->w, g->h, app->pixel_ratio);
}

/* The mission after path in the picker's list (the same folder of
 * missions), into next; false when path is the last or not listed. */
static bool next_mission(const App *app, const char *path, char *next, size_t size)
{
    char root[4200], want[PATH_MAX], have[PATH_MAX];
    if (!realpath(path, want))
        return false;
    MissionList *l = missionlist_create();
    missionlist_scan(l, paths_data_file("missions", root, sizeof root), MISSIONLIST_BUNDLED);
    if (app->pref[0]) {
        snprintf(root, sizeof root, "%smissions", app->pref);
        missionlist_scan(l, root, MISSIONLIST_USER);
    }
    bool found = false;
    for (size_t i = 0; i + 1 < missionlist_count(l) && !found; i++) {
        const MissionEntry *e = missionlist_at(l, i), *after = missionlist_at(l, i + 1);
        if (realpath(e->path, have) && strcmp(have, want) == 0 && after->origin == e->origin) {
            snprintf(next, size, "%s", after->path);
            found = true;
        }
    }
    missionlist_destroy(l);
    return found;
}

/* The game's mission name for the slot listing and the save dialog. */
static const char *mission_name(const Screen *s)
{
    const GameScreen *g = (const GameScreen *)s;
    const char *name = mission_lang_text(g->mission, MISSION_TR_NAME, 0);
    return name && name[0] ? name : g->mission->id;
}

/* What the in-game menu, the slot dialogs and a campaign ask of this
 * screen (ScreenGameOps), defined below. */
static const ScreenGameOps game_ops;

static GameScreen *make(App *app, Mission *m, Play *play, const char *path)
{
    GameScreen *g = xcalloc(1, sizeof *g);
    g->base.ops = &gamescreen_ops;
    g->base.game = &game_ops;
    g->base.opaque = true;
    g->mission = m;
    g->play = play;
    snprintf(g->path, sizeof g->path, "%s", path);
    g->watch = watch_create(WATCH_DEFAULT_INTERVAL_MS, WATCH_DEFAULT_SETTLE_MS);
    watch_mission(g);
    g->bindings = *settings_bindings(app->settings);
    g->anim = settings_anim_speed(app->settings);
    g->reduce_motion = settings_reduce_motion(app->settings);
    g->vision = settings_colour_vision(app->settings);
    g->has_next = next_mission(app, path, g->next, sizeof g->next);
    play_set_has_next(play, g->has_next);
    sized(g, app);
    g->audio = app->audio;
    play_mood(g);
    char title[256];
    snprintf(title, sizeof title, "Questboard - %s", play_title(play));
    SDL_SetWindowTitle(app->window, title);
    return g;
}

Screen *gamescreen_create(App *app, const char *path, const GameSetup *setup, uint64_t seed,
                          char *err, size_t err_size)
{
    Mission *m = missionui_load(app, path, err, err_size);
    if (!m)
        return NULL;
    PlayOptions po = play_options(app, path);
    Play *play = play_create(m, setup, seed, &po, app->out_w, app->out_h);
    return &make(app, m, play, path)->base;
}

Screen *gamescreen_create_playtest(App *app, const char *path, const GameSetup *setup,
                                   uint64_t seed, char *err, size_t err_size)
{
    Mission *m = missionui_load(app, path, err, err_size);
    if (!m)
        return NULL;
    PlayOptions po = play_options(app, path);
    po.save_dir = NULL; /* a play-test is no game to Continue */
    Play *play = play_create(m, setup, seed, &po, app->out_w, app->out_h);
    GameScreen *g = make(app, m, play, path);
    g->playtest = true;
    g->has_next = false;
    play_set_has_next(play, false);
    play_set_quit_label(play, _("Back to the editor"));
    return &g->base;
}

bool gamescreen_is_playtest(const Screen *s)
{
    return s && s->ops == &gamescreen_ops && ((const GameScreen *)s)->playtest;
}

/* The hotseat players of a quest's heroes, from the party (their names
 * came with the setup: party_setup). */
static void quest_players(GameScreen *g)
{
    const Match *match = play_match(g->play);
    const Party *party = match_party(match);
    int heroes = game_setup(match_game(match))->hero_count, players[GAME_MAX_HEROES];
    for (int k = 0; k < heroes && k < GAME_MAX_HEROES; k++) {
        const PartyHero *h = party_hero(party, match_party_hero(match, k));
        players[k] = h ? h->player : 0;
    }
    gamescreen_set_players(&g->base, players, heroes);
}

/* The quest's match saves the campaign into the host's slot after every
 * action (MATCH_AUTOSAVE_ACTIONS), so Continue resumes it exactly. */
static bool write_host_slot(void *ctx, const Match *m, const char *text, size_t size, char *why,
                            size_t why_size);

Screen *gamescreen_create_quest(App *app, const char *path, Party *party,
                                const char *campaign_path, const char *save, size_t save_size,
                                const GameScreenHost *host, char *err, size_t err_size)
{
    Mission *m = missionui_load(app, path, err, err_size);
    if (!m)
        return NULL;
    PlayOptions po = play_options(app, path);
    po.save_dir = NULL; /* the host's slot gets the campaign, not the game alone */
    MatchConfig c = {.mission = m, .mission_ref = path, .flags = MATCH_CHRONICLE | MATCH_LOG};
    char why[1024];
    Match *match = save ? match_restore_quest(&c, party, campaign_path, save, save_size, err,
                                              err_size)
                        : match_create_quest(&c, party, campaign_path, why, sizeof why);
    if (!match) {
        if (!save)
            snprintf(err, err_size, "%s: %s", path, why);
        mission_destroy(m);
        return NULL;
    }
    Play *play = play_create_with_match(match, &po, app->out_w, app->out_h);
    GameScreen *g = make(app, m, play, path);
    g->hosted = true;
    g->host = *host;
    g->has_next = false;
    play_set_has_next(play, false);
    play_set_again_label(play, _("Go on with the campaign"));
    match_set_autosave(match, MATCH_AUTOSAVE_ACTIONS, write_host_slot, g);
    g->app = app;
    quest_players(g);
    return &g->base;
}

/* save_parse's "line N: problem" as "FILE:N+1: problem" (the slot header
 * is the file's first line). */
static void body_error(const char *path, const char *why, char *err, size_t err_size)
{
    int line = 0;
    const char *colon = strchr(why, ':');
    if (sscanf(why, "line %d", &line) == 1 && colon)
        snprintf(err, err_size, "%s:%d:%s", path, line + 1, colon + 1);
    else
        snprintf(err, err_size, "%s: %s", path, why);
}


/* The game of save body (size bytes, read from path) on the mission at
 * mission_path; NULL with the reasons in err. */
static GameScreen *from_save(App *app, const char *path, const char *body, size_t size,
                             const char *mission_path, char *err, size_t err_size)
{
    char why[1024];
    Mission *m = missionui_load(app, mission_path, err, err_size);
    Play *play = NULL;
    if (m) {
        PlayOptions po = play_options(app, mission_path);
        play = play_create_from_save(m, body, size, &po, app->out_w, app->out_h, why, sizeof why);
        if (!play)
            body_error(path, why, err, err_size);
    }
    if (!play) {
        mission_destroy(m);
        return NULL;
    }
    return make(app, m, play, mission_path);
}

Screen *gamescreen_create_from_slot(App *app, const char *file, char *err, size_t err_size)
{
    SlotHeader h;
    char *body = NULL, path[8192], why[1024];
    size_t size = 0;
    if (!slots_read(app->saves, file, &h, &body, &size, err, err_size))
        return NULL;
    slots_join(app->saves, file, path, sizeof path);
    char mission_path[4096];
    if (!match_save_ref(body, size, mission_path, sizeof mission_path, why, sizeof why)) {
        body_error(path, why, err, err_size);
        free(body);
        return NULL;
    }
    GameScreen *g = from_save(app, path, body, size, mission_path, err, err_size);
    free(body);
    if (!g)
        return NULL;
    hotseat_from_header(&g->seats, g->play, &h);
    return &g->base;
}

Screen *gamescreen_create_from_save(App *app, const char *path, const char *body, size_t size,
                                    const char *mission_path, char *err, size_t err_size)
{
    GameScreen *g = from_save(app, path, body, size, mission_path, err, err_size);
    return g ? &g->base : NULL;
}

/* Writes save text into slot file of the saves folder with its header. */
static bool write_slot(GameScreen *g, App *app, const char *file, const char *name,
                       const char *text, size_t size, char *err, size_t err_size)
{
    const Game *game = play_game(g->play);
    SlotHeader h = {0};
    snprintf(h.slot, sizeof h.slot, "%s", name);
    snprintf(h.mission, sizeof h.mission, "%s", mission_name(&g->base));
    hotseat_to_header(&g->seats, &h);
    h.turn = game_turn(game);
    h.date = (int64_t)time(NULL);
    /* a campaign goes on after its quest: Continue still offers it */
    if (game_status(game) != GAME_STATUS_PLAYING && !g->hosted)
        snprintf(h.outcome, sizeof h.outcome, "%s", game_status_name(game_status(game)));
    return slots_write(app->saves, file, &h, text, size, err, err_size);
}

static bool write_host_slot(void *ctx, const Match *m, const char *text, size_t size, char *why,
                            size_t why_size)
{
    (void)m;
    GameScreen *g = ctx;
    if (!g->app->saves[0])
        return true; /* no saves folder: nothing to keep */
    return write_slot(g, g->app, g->host.slot_file, g->host.slot_name, text, size, why, why_size);
}

/* Saves the game into slot file (ScreenGameOps.save). */
static bool save_slot(Screen *s, App *app, const char *file, const char *name, char *err,
                      size_t err_size)
{
    GameScreen *g = (GameScreen *)s;
    Match *match = play_match(g->play);
    if (!match) {
        snprintf(err, err_size, _("a bare board has no game to save"));
        return false;
    }
    /* the match's save: the game's, or for a quest the campaign's */
    size_t size = 0;
    char *text = match_save_text(match, &size);
    if (!text) {
        snprintf(err, err_size, _("the campaign cannot be saved"));
        return false;
    }
    bool ok = write_slot(g, app, file, name, text, size, err, err_size);
    free(text);
    if (ok)
        play_note_saved(g->play); /* leaving now needs no autosave: Continue finds this one */
    return ok;
}

void gamescreen_set_players(Screen *s, const int *players, int count)
{
    GameScreen *g = (GameScreen *)s;
    hotseat_set_players(&g->seats, g->play, players, count);
}

Play *gamescreen_play(const Screen *s)
{
    return ((const GameScreen *)s)->play;
}

void gamescreen_set_monsters(Screen *s, int player)
{
    GameScreen *g = (GameScreen *)s;
    hotseat_set_monsters(&g->seats, g->play, player);
}

/* The play screen's options for this screen: a campaign's quest writes
 * no autosave of its own (the host's slot gets the campaign). */
static PlayOptions screen_options(const GameScreen *g, const App *app)
{
    PlayOptions po = play_options(app, g->path);
    if (g->hosted || g->playtest)
        po.save_dir = NULL;
    return po;
}

/* A new play screen for the running match, which it takes over from the
 * old one (the caller destroys the old one). */
static Play *moved_play(GameScreen *g, App *app)
{
    PlayOptions po = screen_options(g, app);
    return play_create_with_match(play_take_match(g->play), &po, g->w, g->h);
}

/* The running game on the new mission m (hot reload), or NULL with why
 * when its actions no longer fit. A board viewer just shows the new
 * board. */
static Play *replayed_play(GameScreen *g, App *app, const Mission *m, char *why, size_t why_size)
{
    Match *match = play_match(g->play);
    if (!match) {
        PlayOptions po = screen_options(g, app);
        return play_create(m, NULL, m->seed, &po, g->w, g->h);
    }
    if (!match_reload(match, m, why, why_size))
        return NULL;
    return moved_play(g, app);
}

static bool files_present(GameScreen *g)
{
    for (size_t i = 0; i < watch_count(g->watch); i++)
        if (!watch_exists(g->watch, i)) {
            snprintf(g->reload_title, sizeof g->reload_title, _("A mission file is gone"));
            snprintf(g->reload_error, sizeof g->reload_error,
                     _("%s was removed; the last good version keeps running."), watch_path(g->watch, i));
            return false;
        }
    return true;
}

/* The reload: new objects first, swapped in only when all is well. */
static void reload(GameScreen *g, App *app)
{
    if (!files_present(g))
        return;
    char err[8192];
    Mission *m = missionui_load(app, g->mission->path, err, sizeof err);
    if (!m) {
        snprintf(g->reload_title, sizeof g->reload_title, _("The edited mission does not load"));
        snprintf(g->reload_error, sizeof g->reload_error,
                 _("%s\nquestboard --check %s gives the same report. The last good version keeps "
                 "running."),
                 err, g->mission->path);
        fprintf(stderr, _("questboard: reload failed:\n%s\n"), err);
        return;
    }
    Play *p = replayed_play(g, app, m, err, sizeof err);
    g->reload_error[0] = '\0';
    if (!p) {
        mission_destroy(m);
        screens_toast(app, _("the edited mission no longer fits the game in progress (%s): the "
                           "running game is kept"), err);
        return;
    }
    play_copy_view(p, g->play);
    play_destroy(g->play);
    mission_destroy(g->mission);
    g->mission = m;
    g->play = p;
    sized(g, app);
    watch_mission(g);
    play_mood(g);
    screens_toast(app, _("reloaded %s"), m->path);
}

/* Keys, animation speed, reduce motion and the colours changed on the settings screen reach the
 * running game: a play screen with the new options replays the game. */
static void apply_settings(GameScreen *g, App *app)
{
    const Bindings *b = settings_bindings(app->settings);
    SettingsAnimSpeed anim = settings_anim_speed(app->settings);
    bool still = settings_reduce_motion(app->settings);
    SettingsVision vision = settings_colour_vision(app->settings);
    play_set_ask_end_turn(g->play, settings_ask_end_turn(app->settings));
    if (memcmp(b, &g->bindings, sizeof *b) == 0 && anim == g->anim && still == g->reduce_motion &&
        vision == g->vision)
        return;
    g->vision = vision;
    g->bindings = *b;
    g->anim = anim;
    g->reduce_motion = still;
    char why[1024];
    Play *p = play_match(g->play) ? moved_play(g, app)
                                  : replayed_play(g, app, g->mission, why, sizeof why);
    play_copy_view(p, g->play);
    play_destroy(g->play);
    g->play = p;
    sized(g, app);
}

/* The end panel's Play again: the same mission, heroes and players, a
 * new seed. */
static void play_again(GameScreen *g, App *app)
{
    const Game *game = play_game(g->play);
    GameSetup setup = game ? *game_setup(game) : (GameSetup){0};
    char err[8192], path[4096];
    snprintf(path, sizeof path, "%s", g->path);
    uint64_t seed = (uint64_t)time(NULL) * 2654435761u ^ SDL_GetPerformanceCounter();
    GameArgs args = {path, game ? &setup : NULL, seed, g->seats.player_heroes ? g->seats.players : NULL,
                     g->seats.player_heroes, g->seats.monsters};
    Screen *again = screens_open(app, g->playtest ? SCREEN_PLAYTEST : SCREEN_GAME, &args, err,
                                 sizeof err);
    if (!again) {
        screens_error(app, _("The mission does not load"), err);
        return;
    }
    screens_pop(app);
    screens_push(app, again);
}

/* The end panel's Next mission: its briefing, over the picker. */
static void next_briefing(GameScreen *g, App *app)
{
    char err[8192], path[4096];
    snprintf(path, sizeof path, "%s", g->next);
    Screen *b = screens_open(app, SCREEN_BRIEFING, &(BriefingArgs){path, NULL}, err, sizeof err);
    if (!b) {
        screens_error(app, _("The next mission does not load"), err);
        return;
    }
    screens_go(app, SCREEN_TITLE, &(TitleArgs){true});
    screens_go(app, SCREEN_PICKER, &(PickerArgs){path, false});
    screens_push(app, b);
}

/* The end panel's Watch replay: the game just played in the replay
 * viewer, over the end panel (Back returns to it). Its bookmarks last
 * while the viewer is open: a game is watched with bookmarks kept from
 * its save slot (the slots screen's W). */
static void watch_replay(GameScreen *g, App *app)
{
    Match *m = play_match(g->play);
    char err[8192];
    Mission *copy = m ? missionui_load(app, g->path, err, sizeof err) : NULL;
    if (!copy) {
        if (m)
            screens_error(app, _("The replay cannot be opened"), err);
        return;
    }
    size_t size;
    const char *ref = match_mission_ref(m);
    char *text = save_format(match_game(m), ref ? ref : g->path, &size);
    screens_go(app, SCREEN_REPLAY_GAME,
               &(ReplayGameArgs){copy, ref ? ref : g->path, text, size, g->path, ""});
    free(text);
}

static void handle(Screen *s, App *app, const UiInput *in)
{
    GameScreen *g = (GameScreen *)s;
    if (in->action == BINDING_SAVE && !in->repeat) {
        screens_go(app, SCREEN_SLOTS, &(GameMenuArgs){s, true});
        return;
    }
    if (in->action == BINDING_LOAD && !in->repeat) {
        screens_go(app, SCREEN_SLOTS, &(GameMenuArgs){s, false});
        return;
    }
    int asks = play_handle_event(g->play, in->ev);
    const Game *over = play_game(g->play);
    if (g->hosted && over && game_status(over) != GAME_STATUS_PLAYING &&
        (asks & (PLAY_AGAIN | PLAY_NEXT | PLAY_QUIT))) {
        char why[512];
        if (!match_settle(play_match(g->play), why, sizeof why))
            screens_toast(app, _("the quest cannot be settled: %s"), why);
        g->host.ended(g->host.ctx, app, !(asks & (PLAY_AGAIN | PLAY_NEXT)));
        return;
    }
    if (asks & PLAY_WATCH) {
        watch_replay(g, app);
        return;
    }
    if (asks & PLAY_AGAIN) {
        play_again(g, app);
        return;
    }
    if (asks & PLAY_NEXT) {
        next_briefing(g, app);
        return;
    }
    if (asks & PLAY_QUIT) {
        const Game *game = play_game(g->play);
        if (game && game_status(game) != GAME_STATUS_PLAYING && g->playtest)
            screens_pop(app); /* back to the editor below */
        else if (game && game_status(game) != GAME_STATUS_PLAYING)
            screens_go(app, SCREEN_TITLE, &(TitleArgs){true}); /* after the summary */
        else
            screens_go(app, SCREEN_PAUSE, &(GameMenuArgs){s, false});
    }
}

/* A campaign's quest is saved into the host's slot after every action
 * (the match's MATCH_AUTOSAVE_ACTIONS policy), so Continue resumes it
 * exactly. */
static void host_autosave(GameScreen *g, App *app)
{
    char err[1024];
    if (g->hosted && match_autosave(play_match(g->play), err, sizeof err) < 0)
        screens_toast(app, _("the campaign was not saved: %s"), err);
}

/* Narration: the log's new lines as they show. A play screen swapped in
 * (hot reload, changed settings) brings the old one's history: not said
 * again. */
static void say_log(GameScreen *g, App *app)
{
    const MsgLog *log = play_log(g->play);
    uint64_t last = msglog_last_seq(log);
    if (g->said_play != g->play) {
        if (g->said_play)
            g->said_seq = last;
        g->said_play = g->play;
    }
    for (size_t i = 0; app->narrator && i < msglog_count(log); i++) {
        const MsgLogLine *l = msglog_line(log, i);
        if (l->seq > g->said_seq)
            screens_say(app, NARRATE_LOG, l->text);
    }
    g->said_seq = last;
}

static bool update(Screen *s, App *app, double dt)
{
    GameScreen *g = (GameScreen *)s;
    if (watch_poll(g->watch, (int64_t)SDL_GetTicks64())) {
        reload(g, app);
        app->dirty = true;
    }
    if (screens_top(app) == s) {
        apply_settings(g, app);
        hotseat_announce(&g->seats, g->play, app);
    }
    host_autosave(g, app);
    play_set_keyboard(g->play, screens_top(app) == s);
    play_set_pad_hints(g->play, app->pad_last);
    if (play_update(g->play, dt))
        app->dirty = true;
    /* an objective met, treasure found: told as it shows on the board */
    const char *news = play_take_news(g->play);
    if (news)
        screens_toast(app, "%s", news);
    say_log(g, app);
    return play_animating(g->play);
}

static void draw_reload_error(GameScreen *g, App *app)
{
    int pad = screens_px(app, 12), lh = uikit_line(app);
    SDL_Rect r = {2 * pad, 2 * pad, app->out_w - 4 * pad, 9 * lh + 2 * pad};
    uikit_panel(app, r);
    uikit_text(app, g->reload_title, r.x + pad, r.y + pad, UIKIT_BAD);
    uikit_wrap(app, g->reload_error, r.x + pad, r.y + pad + lh + lh / 2, r.w - 2 * pad, 7,
               UIKIT_TEXT);
}

static void draw(Screen *s, App *app)
{
    GameScreen *g = (GameScreen *)s;
    Renderer *r = screens_board_renderer(app);
    if (g->w != app->out_w || g->h != app->out_h)
        sized(g, app);
    /* the toast's line at the board's top (screens.c draw_toast: its
     * padding twice above it and once below): the fitted board keeps clear */
    play_set_notice_band(g->play, 4 * screens_px(app, 8) + uikit_line(app));
    if (r)
        play_draw(g->play, r);
    app->toast_area = play_board_rect(g->play);
    char words[512];
    if (app->narrator && play_pointed_words(g->play, words, sizeof words))
        screens_focus(app, words);
    if (g->reload_error[0])
        draw_reload_error(g, app);
}

/* Leaving for the title (ScreenGameOps.leave). */
static void leave(Screen *s)
{
    play_autosave_unsaved(((GameScreen *)s)->play);
}

static void destroy(Screen *s)
{
    GameScreen *g = (GameScreen *)s;
    play_autosave_unsaved(g->play); /* the window closed: Continue goes on from here */
    audio_release_mood(g->audio, g->mood_token);
    watch_destroy(g->watch);
    play_destroy(g->play);
    mission_destroy(g->mission);
    free(g);
}

const ScreenOps gamescreen_ops = {"game", handle, update, draw, destroy, NULL};

static const ScreenGameOps game_ops = {save_slot, leave, mission_name, gamescreen_is_playtest};

static Screen *open_game(App *app, const void *args, char *err, size_t err_size)
{
    const GameArgs *a = args;
    Screen *s = gamescreen_create(app, a->path, a->setup, a->seed, err, err_size);
    if (s && a->players)
        gamescreen_set_players(s, a->players, a->player_count);
    if (s && a->monsters)
        gamescreen_set_monsters(s, a->monsters);
    return s;
}

/* A new game goes over the title. */
static bool go_game(App *app, const void *args)
{
    char err[4096];
    Screen *game = open_game(app, args, err, sizeof err);
    if (!game) {
        screens_error(app, _("The game cannot start"), err);
        return false;
    }
    screens_go(app, SCREEN_TITLE, NULL);
    screens_push(app, game);
    return true;
}

static Screen *open_playtest(App *app, const void *args, char *err, size_t err_size)
{
    const GameArgs *a = args;
    Screen *s = gamescreen_create_playtest(app, a->path, a->setup, a->seed, err, err_size);
    if (s && a->players)
        gamescreen_set_players(s, a->players, a->player_count);
    if (s && a->monsters)
        gamescreen_set_monsters(s, a->monsters);
    return s;
}

static Screen *open_quest(App *app, const void *args, char *err, size_t err_size)
{
    const QuestArgs *a = args;
    return gamescreen_create_quest(app, a->path, a->party, a->campaign_path, a->save, a->save_size,
                                   a->host, err, err_size);
}

static Screen *open_saved(App *app, const void *args, char *err, size_t err_size)
{
    return gamescreen_create_from_slot(app, ((const SlotArgs *)args)->file, err, err_size);
}

static Screen *open_saved_text(App *app, const void *args, char *err, size_t err_size)
{
    const SavedTextArgs *a = args;
    return gamescreen_create_from_save(app, a->path, a->body, a->size, a->mission_path, err, err_size);
}

const ScreenEntry gamescreen_entry = {&gamescreen_ops, open_game, go_game, N_("The game cannot start")};
const ScreenEntry gamescreen_quest_entry = {&gamescreen_ops, open_quest, NULL, N_("The quest cannot start")};
const ScreenEntry gamescreen_saved_entry = {&gamescreen_ops, open_saved, NULL,
                                            N_("This save cannot be loaded")};
const ScreenEntry gamescreen_playtest_entry = {&gamescreen_ops, open_playtest, NULL,
                                               N_("The play-test cannot start")};
const ScreenEntry gamescreen_saved_text_entry = {&gamescreen_ops, open_saved_text, NULL,
                                                 N_("The game cannot go on")};
