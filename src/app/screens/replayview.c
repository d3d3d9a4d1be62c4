/* The replay viewer (replayview.h): the play screen of the position
 * shown, wound from the replay's tape, and the bar of controls under it. */
#include "replayview.h"

#include "app/play/play.h"
#include "app/slots.h"
#include "app/textfield.h"
#include "app/uikit.h"

#include "audio/audio.h"
#include "core/alloc.h"
#include "core/fileio.h"
#include "core/i18n.h"
#include "match/tape.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Speeds: x0.5 to x8, 1x the game's own pace. */
static const double SPEEDS[] = {0.5, 1, 2, 4, 8};
#define SPEED_COUNT (int)(sizeof SPEEDS / sizeof *SPEEDS)
#define SPEED_NORMAL 1
/* Seconds between two actions at 1x, once the events of one are shown. */
#define STEP_PAUSE 0.6

enum { VIEW_HEROES, VIEW_MONSTERS, VIEW_ALL, VIEW_COUNT };
static const char *const VIEW_NAMES[VIEW_COUNT] = {N_("heroes' sight"), N_("monster side"), N_("all-seeing")};

/* The largest bookmarks file read. */
#define MARKS_MAX_BYTES (TAPE_MAX_BOOKMARKS * (TAPE_NOTE_MAX + 24))

typedef struct ReplayView {
    Screen base;
    Mission *mission;
    char mission_path[4400];
    char label[4400];
    char marks_path[4500];
    Tape *tape;
    Play *play;
    size_t at;       /* actions applied to the game on screen */
    bool playing;
    int speed;       /* index into SPEEDS */
    int view;
    double wait;     /* seconds before the next action while playing */
    bool noting;     /* the bookmark's note is being typed */
    TextField note;
    SDL_Rect bar;    /* the seek bar as last drawn */
    SDL_Event motion; /* the last mouse motion over the board (type 0: none) */
    int w, h;
} ReplayView;

/* --- Positions ----------------------------------------------------------------- */

static PlayOptions options(const ReplayView *v, const App *app)
{
    double anim = settings_anim_duration_factor(settings_anim_speed(app->settings));
    return (PlayOptions){
        .reveal = v->view != VIEW_HEROES,
        .watching = true,
        .bindings = settings_bindings(app->settings),
        .anim_factor = anim / SPEEDS[v->speed],
        .cue = audio_play_cue,
        .cue_ctx = app->audio,
    };
}

/* Shows position n: a new play screen of the tape's match there, the
 * camera kept. */
static void show(ReplayView *v, App *app, size_t n)
{
    PlayOptions po = options(v, app);
    Play *p = play_create_with_match(tape_at(v->tape, n), &po, v->w, v->h);
    play_set_keyboard(p, false); /* the viewer's keys are its own */
    if (v->motion.type) /* the square pointed at stays pointed at */
        play_handle_event(p, &v->motion);
    if (v->play) {
        play_copy_camera(p, v->play);
        play_destroy(v->play);
    }
    v->play = p;
    v->at = tape_length(v->tape) < n ? tape_length(v->tape) : n;
    v->wait = 0;
    app->dirty = true;
}

/* One action forward, animated; the events of the last one still on
 * screen are skipped first. */
static void step_forward(ReplayView *v, App *app)
{
    if (play_events_showing(v->play))
        play_finish_events(v->play);
    const Action *a = tape_action(v->tape, v->at);
    if (!a) {
        v->playing = false;
        return;
    }
    if (play_replay_action(v->play, a))
        v->at++;
    else
        show(v, app, v->at + 1); /* cannot happen: the tape replayed it */
    v->wait = STEP_PAUSE / SPEEDS[v->speed];
    app->dirty = true;
}

static void seek(ReplayView *v, App *app, size_t n)
{
    v->playing = false;
    show(v, app, n);
}

/* --- Bookmarks ----------------------------------------------------------------- */

static void marks_load(ReplayView *v)
{
    uint8_t *data;
    size_t size;
    char why[256];
    if (!v->marks_path[0] || !fileio_is_file(v->marks_path) ||
        !fileio_read(v->marks_path, MARKS_MAX_BYTES, &data, &size, why, sizeof why))
        return;
    char *text = xmalloc(size + 1, 1);
    memcpy(text, data, size);
    text[size] = '\0';
    tape_bookmarks_parse(v->tape, text);
    free(text);
    free(data);
}

static void marks_save(ReplayView *v, App *app)
{
    if (!v->marks_path[0])
        return;
    char *text = tape_bookmarks_format(v->tape), why[512];
    if (!fileio_write_atomic(v->marks_path, text, strlen(text), why, sizeof why))
        screens_toast(app, _("the bookmarks were not saved: %s"), why);
    free(text);
}

/* The bookmark at the position shown, or -1. */
static int mark_here(const ReplayView *v)
{
    for (size_t i = 0; i < tape_bookmark_count(v->tape); i++)
        if (tape_bookmark(v->tape, i)->at == v->at)
            return (int)i;
    return -1;
}

/* The next bookmark after the position (dir > 0) or the last before it. */
static void mark_jump(ReplayView *v, App *app, int dir)
{
    size_t n = tape_bookmark_count(v->tape);
    for (size_t k = 0; k < n; k++) {
        size_t i = dir > 0 ? k : n - 1 - k;
        size_t at = tape_bookmark(v->tape, i)->at;
        if (dir > 0 ? at > v->at : at < v->at) {
            seek(v, app, at);
            return;
        }
    }
    screens_toast(app, "%s", !n ? _("no bookmarks yet (B adds one)")
                             : dir > 0 ? _("no bookmark after this") : _("no bookmark before this"));
}

static void note_begin(ReplayView *v)
{
    int i = mark_here(v);
    v->playing = false;
    v->noting = true;
    v->base.wants_keys = true;
    textfield_init(&v->note, i >= 0 ? tape_bookmark(v->tape, (size_t)i)->note : "",
                   TAPE_NOTE_MAX - 1);
    v->note.focused = true;
    uikit_text_input(&v->note);
}

static void note_end(ReplayView *v, App *app, bool keep)
{
    v->noting = false;
    v->base.wants_keys = false;
    v->note.focused = false;
    uikit_text_input(&v->note);
    if (!keep)
        return;
    if (!tape_bookmark_add(v->tape, v->at, v->note.text))
        screens_toast(app, _("at most %d bookmarks"), TAPE_MAX_BOOKMARKS);
    else
        marks_save(v, app);
}

/* --- Continue from here ------------------------------------------------------------ */

/* The first numbered slot not in use, into file; false when all are. */
static bool free_slot(const App *app, char *file, size_t size)
{
    for (int n = 1; n <= SLOTS_NUMBER_MAX; n++) {
        char path[4400];
        if (slots_file_for_number(n, file, size) &&
            slots_join(app->saves, file, path, sizeof path) && !fileio_is_file(path))
            return true;
    }
    return false;
}

/* A new game from the position shown, saved into a new slot; the
 * replay stays as it was (the viewer under the game). */
static void continue_here(ReplayView *v, App *app)
{
    v->playing = false;
    char why[1024], err[8192];
    Match *b = match_branch(play_match(v->play), NULL, SIZE_MAX, why, sizeof why);
    if (!b) {
        screens_toast(app, _("cannot continue from here: %s"), why);
        return;
    }
    size_t size;
    char *text = match_save_text(b, &size);
    match_destroy(b);
    Screen *g = screens_open(app, SCREEN_SAVED_TEXT,
                             &(SavedTextArgs){v->label, text, size, v->mission_path}, err, sizeof err);
    free(text);
    if (!g) {
        screens_error(app, _("The game cannot go on from here"), err);
        return;
    }
    char file[SLOTS_FILE_MAX], name[SLOTS_TEXT_MAX];
    snprintf(name, sizeof name, _("Continued at action %zu"), v->at);
    if (!app->saves[0] || !free_slot(app, file, sizeof file))
        screens_toast(app, "%s", _("no free save slot: the new game is saved by the autosave only"));
    else if (!screens_game_save(g, app, file, name, why, sizeof why))
        screens_toast(app, _("the new game was not saved: %s"), why);
    else
        screens_toast(app, _("a new game from action %zu, saved as '%s'"), v->at, name);
    screens_push(app, g);
}

/* --- Input ---------------------------------------------------------------------------- */

static void set_speed(ReplayView *v, App *app, int speed)
{
    v->speed = speed < 0 ? 0 : speed >= SPEED_COUNT ? SPEED_COUNT - 1 : speed;
    play_set_anim_factor(v->play, options(v, app).anim_factor);
}

static bool handle_note(ReplayView *v, App *app, const UiInput *in)
{
    if (in->action == BINDING_BACK && !in->repeat) {
        note_end(v, app, false);
        return true;
    }
    if (in->ev->type == SDL_KEYDOWN &&
        (in->ev->key.keysym.sym == SDLK_RETURN || in->ev->key.keysym.sym == SDLK_KP_ENTER)) {
        note_end(v, app, true);
        return true;
    }
    if (uikit_field_handle(&v->note, in))
        app->dirty = true;
    return true;
}

/* A click on the seek bar: the position under it. */
static bool handle_bar(ReplayView *v, App *app, const UiInput *in)
{
    SDL_Point pt = {in->x, in->y};
    if (!in->click || v->bar.w <= 0 || !SDL_PointInRect(&pt, &v->bar))
        return false;
    double f = (double)(in->x - v->bar.x) / (v->bar.w > 1 ? v->bar.w - 1 : 1);
    seek(v, app, (size_t)(f * (double)tape_length(v->tape) + 0.5));
    return true;
}

static void handle_key(ReplayView *v, App *app, SDL_Keycode k, bool shift)
{
    size_t len = tape_length(v->tape);
    switch (k) {
    case SDLK_SPACE:
        v->playing = !v->playing && v->at < len;
        v->wait = 0;
        break;
    case SDLK_RIGHT:
        if (shift)
            seek(v, app, tape_step_turn(v->tape, v->at, 1, false));
        else
            step_forward(v, app), v->playing = false;
        break;
    case SDLK_LEFT:
        seek(v, app, shift ? tape_step_turn(v->tape, v->at, -1, false) : v->at ? v->at - 1 : 0);
        break;
    case SDLK_PAGEDOWN:
        seek(v, app, tape_step_turn(v->tape, v->at, 1, true));
        break;
    case SDLK_PAGEUP:
        seek(v, app, tape_step_turn(v->tape, v->at, -1, true));
        break;
    case SDLK_HOME:
        seek(v, app, 0);
        break;
    case SDLK_END:
        seek(v, app, len);
        break;
    case SDLK_EQUALS: case SDLK_PLUS: case SDLK_KP_PLUS:
        set_speed(v, app, v->speed + 1);
        break;
    case SDLK_MINUS: case SDLK_KP_MINUS:
        set_speed(v, app, v->speed - 1);
        break;
    case SDLK_v:
        v->view = (v->view + (shift ? VIEW_COUNT - 1 : 1)) % VIEW_COUNT;
        show(v, app, v->at);
        screens_toast(app, _("view: %s"), _(VIEW_NAMES[v->view]));
        break;
    case SDLK_b:
        note_begin(v);
        break;
    case SDLK_m:
        mark_jump(v, app, shift ? -1 : 1);
        break;
    case SDLK_DELETE:
        if (mark_here(v) >= 0 && tape_bookmark_remove(v->tape, (size_t)mark_here(v)))
            marks_save(v, app);
        break;
    case SDLK_c:
        continue_here(v, app);
        break;
    default:
        return;
    }
    app->dirty = true;
}

static void handle(Screen *s, App *app, const UiInput *in)
{
    ReplayView *v = (ReplayView *)s;
    if (v->noting) {
        handle_note(v, app, in);
        return;
    }
    if (in->action == BINDING_BACK && !in->repeat) {
        screens_pop(app);
        return;
    }
    if (handle_bar(v, app, in))
        return;
    const SDL_Event *ev = in->ev;
    if (ev->type == SDL_KEYDOWN) {
        handle_key(v, app, ev->key.keysym.sym, (ev->key.keysym.mod & KMOD_SHIFT) != 0);
        return;
    }
    /* the board's own zoom, pan and hover; never a click, which would act */
    if (ev->type == SDL_MOUSEMOTION)
        v->motion = *ev;
    if (ev->type == SDL_MOUSEWHEEL || ev->type == SDL_MOUSEMOTION ||
        ev->type == SDL_WINDOWEVENT) {
        if (play_handle_event(v->play, ev) & PLAY_REDRAW)
            app->dirty = true;
    }
}

static bool update(Screen *s, App *app, double dt)
{
    ReplayView *v = (ReplayView *)s;
    if (v->w != app->out_w || v->h != app->out_h) {
        v->w = app->out_w, v->h = app->out_h;
        play_resize(v->play, v->w, v->h, app->pixel_ratio);
        app->dirty = true;
    }
    if (play_update(v->play, dt))
        app->dirty = true;
    if (v->playing && !play_events_showing(v->play)) {
        v->wait -= dt;
        if (v->wait <= 0)
            step_forward(v, app);
        if (v->at >= tape_length(v->tape))
            v->playing = false;
        app->dirty = true;
    }
    return play_animating(v->play) || v->playing;
}

/* --- Drawing ------------------------------------------------------------------------ */

/* The bar's marks: where each round begins (thin), the bookmarks (gold),
 * the position (a knob). */
static void draw_bar(ReplayView *v, App *app, SDL_Rect bar)
{
    SDL_Renderer *r = app->sdl;
    size_t len = tape_length(v->tape);
    v->bar = bar;
    SDL_SetRenderDrawColor(r, 60, 52, 40, 255);
    SDL_RenderFillRect(r, &bar);
    int done = len ? (int)((double)v->at / (double)len * bar.w) : bar.w;
    SDL_SetRenderDrawColor(r, 120, 96, 52, 255);
    SDL_RenderFillRect(r, &(SDL_Rect){bar.x, bar.y, done, bar.h});
    SDL_SetRenderDrawColor(r, 200, 190, 170, 255);
    for (size_t i = 1; i < len; i++)
        if (tape_round_at(v->tape, i) != tape_round_at(v->tape, i - 1)) {
            int x = bar.x + (int)((double)i / (double)len * (bar.w - 1));
            SDL_RenderDrawLine(r, x, bar.y + bar.h / 2, x, bar.y + bar.h - 1);
        }
    int mw = screens_px(app, 3);
    SDL_SetRenderDrawColor(r, UIKIT_GOLD.r, UIKIT_GOLD.g, UIKIT_GOLD.b, 255);
    for (size_t i = 0; i < tape_bookmark_count(v->tape); i++) {
        size_t at = tape_bookmark(v->tape, i)->at;
        int x = bar.x + (len ? (int)((double)at / (double)len * (bar.w - 1)) : 0);
        SDL_RenderFillRect(r, &(SDL_Rect){x - mw / 2, bar.y - mw, mw, bar.h / 2 + mw});
    }
    int kx = bar.x + done, kw = screens_px(app, 6);
    SDL_SetRenderDrawColor(r, 240, 232, 210, 255);
    SDL_RenderFillRect(r, &(SDL_Rect){kx - kw / 2, bar.y - kw / 2, kw, bar.h + kw});
}

static void status_text(const ReplayView *v, char *buf, size_t size)
{
    const Game *g = play_game(v->play);
    int cur = game_current(g);
    char who[80];
    if (game_status(g) == GAME_STATUS_VICTORY)
        snprintf(who, sizeof who, "%s", _("victory"));
    else if (game_status(g) == GAME_STATUS_DEFEAT)
        snprintf(who, sizeof who, "%s", _("defeat"));
    else if (game_status(g) != GAME_STATUS_PLAYING)
        snprintf(who, sizeof who, "%s", game_status_name(game_status(g)));
    else if (cur < 0)
        snprintf(who, sizeof who, "%s", _("the monsters' turn"));
    else
        snprintf(who, sizeof who, _("%s's turn"), play_piece_name(v->play, cur));
    snprintf(buf, size, _("%s   action %zu of %zu   round %d, %s   %gx   %s"),
             v->playing ? _("Playing") : _("Paused"), v->at, tape_length(v->tape), game_turn(g), who,
             SPEEDS[v->speed], _(VIEW_NAMES[v->view]));
}

static const char *const KEYS = N_("Space play/pause   Left/Right step   Shift+Left/Right turn   "
                              "PgUp/PgDn round   Home/End   -/+ speed   V view   B bookmark   "
                              "M/Shift+M next/previous mark   Del unmark   C continue from here   "
                              "Esc back");

static void draw(Screen *s, App *app)
{
    ReplayView *v = (ReplayView *)s;
    Renderer *r = screens_board_renderer(app);
    if (r)
        play_draw(v->play, r);
    SDL_Rect board = play_board_rect(v->play);
    app->toast_area = board;
    int pad = screens_px(app, 10), lh = uikit_line(app);
    char line[512];
    status_text(v, line, sizeof line);
    int mark = mark_here(v), inner = board.w - 2 * pad;
    /* the status and the keys wrapped whole where the panel is narrow
     * (800x600, German, a larger text size), as far as half the window */
    int status_lines = uikit_wrap_lines(app, line, inner) > 1 ? 2 : 1;
    int fixed = 3 * pad + (status_lines + 1) * lh + (mark >= 0 ? lh : 0);
    int key_lines = uikit_wrap_lines(app, _(KEYS), inner), most = (app->out_h / 2 - fixed) / lh;
    key_lines = key_lines < most ? key_lines : most > 1 ? most : 1;
    if (v->noting)
        key_lines = 2;
    /* the panel covers the play screen's buttons, which a replay has no use for */
    int top = board.y + board.h;
    int hgt = fixed + key_lines * lh;
    if (app->out_h - top < hgt)
        top = app->out_h - hgt;
    SDL_Rect panel = {board.x, top, board.w, app->out_h - top};
    SDL_SetRenderDrawColor(app->sdl, 20, 17, 14, 255); /* nothing of the buttons shows through */
    SDL_RenderFillRect(app->sdl, &panel);
    uikit_panel(app, panel);
    int y = uikit_wrap(app, line, panel.x + pad, panel.y + pad, inner, status_lines, UIKIT_TEXT);
    draw_bar(v, app, (SDL_Rect){panel.x + pad, y + pad / 2, inner, lh * 2 / 3});
    y += lh + pad;
    if (v->noting) {
        int x = uikit_text(app, _("Bookmark note:"), panel.x + pad, y, UIKIT_GOLD);
        uikit_field_draw(app, &v->note,
                         (SDL_Rect){x + pad, y - pad / 4, panel.x + panel.w - 2 * pad - x, lh});
        y += lh + pad / 2;
        uikit_text_fit(app, _("Return keeps it, Escape drops it"), panel.x + pad, y,
                       panel.w - 2 * pad, UIKIT_DIM);
        return;
    }
    if (mark >= 0) {
        snprintf(line, sizeof line, _("Bookmark: %s"), tape_bookmark(v->tape, (size_t)mark)->note);
        uikit_text_fit(app, line, panel.x + pad, y, panel.w - 2 * pad, UIKIT_GOLD);
        y += lh;
    }
    uikit_wrap(app, _(KEYS), panel.x + pad, y, panel.w - 2 * pad, key_lines, UIKIT_DIM);
}

static void destroy(Screen *s)
{
    ReplayView *v = (ReplayView *)s;
    play_destroy(v->play);
    tape_destroy(v->tape);
    mission_destroy(v->mission);
    free(v);
}

const ScreenOps replayview_ops = {"replay", handle, update, draw, destroy, NULL};

/* --- Making one ------------------------------------------------------------------------ */

static Screen *make(App *app, Mission *mission, const char *mission_path, const SaveData *save,
                    const char *label, const char *marks_path, char *err, size_t err_size)
{
    char why[1024];
    Tape *t = tape_create(mission, save, mission_path, 0, why, sizeof why);
    if (!t) {
        snprintf(err, err_size, "%s: %s", label, why);
        mission_destroy(mission);
        return NULL;
    }
    ReplayView *v = xcalloc(1, sizeof *v);
    v->base.ops = &replayview_ops;
    v->base.opaque = true;
    v->mission = mission;
    v->tape = t;
    v->speed = SPEED_NORMAL;
    v->view = app->opts->reveal ? VIEW_ALL : VIEW_HEROES;
    v->w = app->out_w, v->h = app->out_h;
    snprintf(v->mission_path, sizeof v->mission_path, "%s", mission_path);
    snprintf(v->label, sizeof v->label, "%s", label);
    snprintf(v->marks_path, sizeof v->marks_path, "%s", marks_path ? marks_path : "");
    marks_load(v);
    show(v, app, 0);
    return &v->base;
}

Screen *replayview_create(App *app, Mission *mission, const char *mission_path, const char *text,
                          size_t size, const char *label, const char *marks_path, char *err,
                          size_t err_size)
{
    SaveData s;
    char why[512];
    if (!save_parse(text, size, &s, why, sizeof why)) {
        snprintf(err, err_size, "%s: %s", label, why);
        mission_destroy(mission);
        return NULL;
    }
    Screen *v = make(app, mission, mission_path, &s, label, marks_path, err, err_size);
    save_data_free(&s);
    return v;
}

Screen *replayview_open(App *app, const char *path, char *err, size_t err_size)
{
    ReplayFile f;
    ErrorList errs;
    errors_init(&errs, 0);
    bool ok = replaycli_load(path, &app->opts->limits, &f, &errs);
    size_t n = 0;
    err[0] = '\0';
    for (size_t i = 0; i < errs.count && n + 1 < err_size; i++)
        n += (size_t)snprintf(err + n, err_size - n, "%s%s", i ? "\n" : "", errs.items[i]);
    errors_clear(&errs);
    if (!ok)
        return NULL;
    char marks[4500];
    snprintf(marks, sizeof marks, "%s.marks", f.save_path);
    Mission *m = f.mission;
    f.mission = NULL; /* make takes it over */
    Screen *v = make(app, m, f.mission_path, &f.save, path, marks, err, err_size);
    replaycli_free(&f);
    return v;
}

size_t replayview_at(const Screen *s)
{
    return ((const ReplayView *)s)->at;
}

size_t replayview_length(const Screen *s)
{
    return tape_length(((const ReplayView *)s)->tape);
}

bool replayview_playing(const Screen *s)
{
    return ((const ReplayView *)s)->playing;
}

static Screen *open_replay(App *app, const void *args, char *err, size_t err_size)
{
    return replayview_open(app, ((const ReplayArgs *)args)->path, err, err_size);
}

static Screen *open_replay_game(App *app, const void *args, char *err, size_t err_size)
{
    const ReplayGameArgs *a = args;
    return replayview_create(app, a->mission, a->mission_path, a->text, a->size, a->label, a->marks_path,
                             err, err_size);
}

const ScreenEntry replayview_entry = {&replayview_ops, open_replay, NULL, N_("This game cannot be watched")};
const ScreenEntry replayview_game_entry = {&replayview_ops, open_replay_game, NULL,
                                           N_("The replay cannot be opened")};

