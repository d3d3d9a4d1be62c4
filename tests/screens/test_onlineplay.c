/* The online board played by keys and clicks (issue 22), headless with the
 * layout probe: a window hosts quiet-cellar here (a server in the
 * process, on 127.0.0.1; tests/online_data.h) with all four heroes. R
 * rolls and the dice tumble in the tray before they land; a click two
 * squares away moves the Barbarian square by square (the picture steps
 * through the square between); Ctrl+Z takes the move back; T searches
 * and the hazard's damage floats up from the Barbarian; P drinks the
 * potion found (the finds toasted); after three E the Wizard's C opens his book, Courage is
 * chosen and a click on himself casts it. With reduce motion the dice lie
 * still; a click on the board while events play skips them. QB_ONLINEPLAY_SHOTS=DIR keeps the frames. Every wait is bounded.
 * A second roll is refused, the reason in the log.
 * screens_onlineplay_de plays the same under LANGUAGE=de: the board, its
 * log and the server's refusals in German, the server here answering in
 * the protocol's English all the same. */
#define _GNU_SOURCE /* mkdtemp, setenv */
#include "screen_harness.h"

#include "online_data.h"

#include "app/online.h"
#include "app/onlineboard/onlineboard.h"
#include "app/screens/onlineplay.h"
#include "app/lang.h"
#include "app/settings.h"
#include "core/i18n.h"

#include <SDL_ttf.h>
#include <stdlib.h>
#include <time.h>

static Online *session;

static OnlinePlay *board(void)
{
    Screen *s = screens_top(&app);
    return s && s->ops && strcmp(s->ops->name, "onlineplay") == 0 ? (OnlinePlay *)s : NULL;
}

/* One frame of the window: the session polled (the lobby's job), the
 * screens updated by 20 ms of game time. */
static void tick(void)
{
    online_poll(session);
    screens_update(&app, 0.02);
    nanosleep(&(struct timespec){0, 1000000}, NULL);
}

typedef bool (*Cond)(const OnlinePlay *p, const void *ctx);

/* Frames until cond holds and the events have played: at most 3000. */
static bool until(Cond cond, const void *ctx)
{
    for (int i = 0; i < 3000; i++) {
        tick();
        const OnlinePlay *p = board();
        if (p && !onlineboard_fx_busy(p) && cond(p, ctx))
            return true;
    }
    return false;
}

static bool ready(const OnlinePlay *p, const void *ctx)
{
    (void)ctx;
    return p->scene && online_my_turn(p->online) && online_state(p->online)->valid;
}

static bool rolled(const OnlinePlay *p, const void *ctx)
{
    (void)ctx;
    return online_state(p->online)->rolled;
}

static bool reach_shown(const OnlinePlay *p, const void *ctx)
{
    (void)ctx;
    int of;
    return online_reach(p->online, &of) && of == 0 && p->reach_piece == 0;
}

static bool logged(const OnlinePlay *p, const void *ctx)
{
    for (int i = 0; i < online_log_count(p->online); i++)
        if (strstr(online_log_line(p->online, i), ctx))
            return true;
    return false;
}

typedef struct Where {
    int id;
    BoardPos pos;
    int body; /* -1: any */
} Where;

static bool piece_is(const OnlinePlay *p, const void *ctx)
{
    const Where *w = ctx;
    const OnlinePiece *pc = onlinegame_piece(online_state(p->online), w->id);
    return pc && grid_pos_equal(pc->pos, w->pos) && (w->body < 0 || pc->body == w->body) &&
           p->version == online_version(p->online);
}

static bool on_turn(const OnlinePlay *p, const void *ctx)
{
    return online_state(p->online)->current == *(const int *)ctx && online_my_turn(p->online);
}

static bool spent(const OnlinePlay *p, const void *ctx)
{
    const OnlinePiece *w = onlinegame_piece(online_state(p->online), 3);
    return w && !onlinegame_list_has(w->spells, ctx);
}

static void mouse(Uint32 type, int x, int y)
{
    SDL_Event ev = {0};
    ev.type = type;
    if (type == SDL_MOUSEMOTION) {
        ev.motion.x = x, ev.motion.y = y, ev.motion.xrel = 1;
    } else {
        ev.button.x = x, ev.button.y = y, ev.button.button = SDL_BUTTON_LEFT;
        ev.button.state = type == SDL_MOUSEBUTTONDOWN ? SDL_PRESSED : SDL_RELEASED;
        ev.button.clicks = 1;
    }
    screens_dispatch(&app, &ev);
}

static void click_square(BoardPos sq)
{
    OnlinePlay *p = board();
    double bx, by;
    camera_centre(&p->cam, sq, &bx, &by);
    int x = (int)camera_screen_x(&p->cam, bx), y = (int)camera_screen_y(&p->cam, by);
    mouse(SDL_MOUSEMOTION, x, y);
    mouse(SDL_MOUSEBUTTONDOWN, x, y);
    mouse(SDL_MOUSEBUTTONUP, x, y);
}

/* Frames until events play, then until they are done; what the picture
 * (fx.shown) and the tray went through meanwhile. */
typedef struct Seen {
    bool busy, tumbling, landed;
    bool passed;      /* the piece watched stood on the square watched */
    char floats[64];  /* the numbers that floated, spaced */
} Seen;

static Seen watch(int id, BoardPos via)
{
    Seen s = {0};
    for (int i = 0; i < 3000; i++) {
        tick();
        const OnlinePlay *p = board();
        if (!p)
            break;
        bool busy = onlineboard_fx_busy(p);
        s.busy |= busy;
        s.tumbling |= busy && p->fx.dice.kind != HUD_DICE_NONE && p->fx.dice.tumbling;
        s.landed |= p->fx.dice.kind != HUD_DICE_NONE && !p->fx.dice.tumbling &&
                    p->fx.dice.shown == p->fx.dice.count + p->fx.dice.count2;
        const OnlinePiece *pc = onlinegame_piece(&p->fx.shown, id);
        s.passed |= busy && pc && grid_pos_equal(pc->pos, via);
        for (int f = 0; f < p->fx.float_count; f++)
            if (!strstr(s.floats, p->fx.floats[f].text) && strlen(s.floats) + 8 < sizeof s.floats)
                strcat(strcat(s.floats, p->fx.floats[f].text), " ");
        if (s.busy && !busy)
            break;
    }
    return s;
}

static void play(void)
{
    CHECK(until(ready, NULL));
    frame("start");
    CHECK(said("Cast a spell") && said("Drink a potion") && said("Undo a move"));
    /* the roll: the dice tumble, then land */
    key(SDLK_r);
    Seen s = watch(0, (BoardPos){1, 1});
    CHECK(s.busy && s.tumbling && s.landed);
    CHECK(until(rolled, NULL));
    CHECK(until(reach_shown, NULL)); /* the squares the Barbarian may go to */
    /* a second roll (the board greys its row: sent as another client
     * might) is refused: the server's reason, in the player's language */
    online_command(session, "roll");
    const char *twice = harness_translated ? "in diesem Zug wurde schon f\u00fcr die Bewegung gew\u00fcrfelt"
                                           : "the movement dice were already rolled this turn";
    CHECK(until(logged, twice));
    frame("rolled");
    CHECK(layoutprobe_find(&probe, harness_translated ? "in diesem Zug" : "the movement dice") != NULL);
    /* two squares: the picture steps through the one between */
    click_square((BoardPos){3, 1});
    s = watch(0, (BoardPos){2, 1});
    CHECK(s.busy && s.passed);
    CHECK(until(piece_is, &(Where){0, {3, 1}, -1}));
    CHECK_INT(online_state(session)->can_undo, 1);
    frame("moved");
    CHECK(!board()->menu.disabled[3]); /* Undo a move */
    key_mod(SDLK_z, KMOD_LCTRL);
    CHECK(until(piece_is, &(Where){0, {1, 1}, -1}));
    CHECK(board()->menu.disabled[3]);
    /* the search hurts (the number floats up), the potion heals */
    key(SDLK_t);
    s = watch(0, (BoardPos){1, 1});
    CHECK(s.busy);
    CHECK_STR_CONTAINS(s.floats, "-2");
    CHECK_STR_CONTAINS(app.toast, harness_translated ? "Barbar findet: " : "Barbarian finds: "); /* as local play toasts finds */
    CHECK(until(piece_is, &(Where){0, {1, 1}, 6}));
    frame("hurt");
    CHECK(!board()->menu.disabled[2]); /* Drink a potion */
    key(SDLK_p);
    s = watch(0, (BoardPos){1, 1});
    CHECK_STR_CONTAINS(s.floats, "+2");
    CHECK(until(piece_is, &(Where){0, {1, 1}, 8}));
    /* on to the Wizard */
    int wizard = 3;
    for (int i = 0; i < 3; i++) {
        int next = i + 1;
        key(SDLK_e);
        CHECK(until(on_turn, &next));
    }
    CHECK(until(on_turn, &wizard));
    key(SDLK_c);
    frame("book");
    OnlinePlay *p = board();
    CHECK(p->cast == OCAST_CHOOSE);
    CHECK(said("Courage") && said("Cancel"));
    int row = -1;
    for (int i = 0; i < p->spell_count; i++)
        if (strcmp(p->spell_rows[i], _("Courage")) == 0)
            row = i;
    CHECK(row >= 0);
    p->menu.selected = row;
    key(SDLK_RETURN);
    CHECK(p->cast == OCAST_TARGET);
    BoardPos targets[8];
    CHECK_INT(onlineboard_cast_targets(p, targets, 8), 4); /* Courage: any hero in sight */
    frame("target");
    CHECK(said("choose Wizard") && said("Cast a spell") && unsaid("Fire of Wrath"));
    /* in German: the mission's own name, the moves left and the notice to
     * its end (how to cancel), none of it cut off or left English */
    if (harness_translated) {
        CHECK(layoutprobe_find(&probe, "Erstes Licht"));
        CHECK(layoutprobe_find(&probe, "Felder Bewegung"));
        CHECK(layoutprobe_find(&probe, "Mut: w\u00e4hle Zauberer"));
        CHECK(layoutprobe_find(&probe, "ab)"));
        CHECK(!layoutprobe_find(&probe, "Your turn"));
    }
    click_square((BoardPos){2, 2});
    CHECK(until(spent, "courage"));
    CHECK(p->cast == OCAST_NONE);
    key(SDLK_c); /* the book again: Courage greyed */
    CHECK(p->cast == OCAST_CHOOSE && p->spent[row] && p->menu.disabled[row]);
    key(SDLK_ESCAPE); /* leaves the book, not the board */
    CHECK(p->cast == OCAST_NONE && board() == p);
    frame("cast");
}

/* With reduce motion the dice lie still, their faces up at once. */
static void still(void)
{
    CHECK(until(ready, NULL));
    frame("still");
    key(SDLK_r);
    Seen s = watch(0, (BoardPos){1, 1});
    CHECK(s.busy && s.landed && !s.tumbling);
    /* a click on the board while events play skips them (and acts not) */
    CHECK(until(rolled, NULL));
    key(SDLK_t);
    bool busy = false;
    for (int i = 0; i < 3000 && !busy; i++) {
        tick();
        busy = onlineboard_fx_busy(board());
    }
    CHECK(busy);
    click_square((BoardPos){3, 1});
    CHECK(!onlineboard_fx_busy(board()));
    CHECK(until(piece_is, &(Where){0, {1, 1}, 6})); /* searched, and the click moved nobody */
}

static bool connected(void)
{
    for (int i = 0; i < 3000 && online_phase(session) == ONLINE_CONNECTING; i++) {
        online_poll(session);
        nanosleep(&(struct timespec){0, 1000000}, NULL);
    }
    return online_phase(session) != ONLINE_CONNECTING;
}

static void game(bool reduce_motion)
{
    char why[256];
    settings_set_reduce_motion(app.settings, reduce_motion);
    session = online_create("127.0.0.1", 0, "Ann", true, NULL, why, sizeof why);
    CHECK(session != NULL);
    if (!session)
        return;
    CHECK(connected());
    online_host(session, "quiet-cellar seats=1");
    screens_reset(&app, onlineplay_create(&app, session));
    if (reduce_motion)
        still();
    else
        play();
    while (app.depth > 0)
        screens_pop(&app);
    screens_bury(&app);
    online_destroy(session);
}

int main(void)
{
    char data[256];
    if (!getenv("QUESTBOARD_DATA") || !online_data_make(data, sizeof data))
        return 2;
    setenv("QUESTBOARD_DATA", data, 1);
    shots = getenv("QB_ONLINEPLAY_SHOTS");
    lang_init(LANG_SYSTEM); /* screens_onlineplay_de: LANGUAGE=de */
    harness_translated = strcmp(i18n_language(), "en") != 0;
    SDL_Init(SDL_INIT_VIDEO);
    TTF_Init();
    IMG_Init(IMG_INIT_PNG);
    snprintf(tmpdir, sizeof tmpdir, "/tmp/qb-onlineplay-XXXXXX");
    if (!mkdtemp(tmpdir))
        return 2;
    setenv("XDG_DATA_HOME", tmpdir, 1);
    snprintf(app.pref, sizeof app.pref, "%s/", tmpdir);
    opts.limits.max_side = 16384, opts.limits.max_squares = 67108864;
    app.opts = &opts;
    app.settings = settings_create(app.pref);
    settings_set_anim_speed(app.settings, SETTINGS_ANIM_NORMAL);
    app.running = true;
    snprintf(config, sizeof config, "1280x800@1.0");
    open_window(1280, 800, 1.0);
    if (app.ui) {
        game(false);
        game(true);
    }
    close_window();
    settings_destroy(app.settings);
    layoutprobe_free(&probe);
    char cmd[300];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmpdir);
    if (system(cmd) != 0)
        fprintf(stderr, "could not remove %s\n", tmpdir);
    online_data_remove(data);
    IMG_Quit();
    TTF_Quit();
    SDL_Quit();
    return check_finish("onlineplay");
}
