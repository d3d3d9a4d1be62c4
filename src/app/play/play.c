/* The play screen's life cycle, its frame update and its read-only views. */

#include "play_internal.h"

#include "mission/mission_lang.h"

#include "core/i18n.h"

#include "gfx/batch.h"

#include "core/alloc.h"
#include "gfx/scene_mission.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

/* --- Life cycle ------------------------------------------------------------ */

/* The seat whose eyes the window uses: with --reveal the debug seat
 * (added when the match has none), else the first that sees the heroes'
 * sight. */
static int sight_seat(Match *match, bool reveal)
{
    MatchSeatKind want = reveal ? MATCH_SEAT_DEBUG : MATCH_SEAT_HEROES;
    for (int i = 0; i < match_seat_count(match); i++)
        if (match_seat(match, i)->kind == want ||
            (!reveal && match_seat(match, i)->kind == MATCH_SEAT_SPECTATOR))
            return i;
    if (!reveal)
        return 0;
    char why[128];
    MatchSeat debug = {.kind = MATCH_SEAT_DEBUG, .control = MATCH_CONTROL_LOCAL};
    int seat = match_seat_add(match, &debug, why, sizeof why);
    return seat >= 0 ? seat : 0;
}

/* The story so far (the log's lines and the tally) as the window's sight
 * seat is told it, from the match: a new game's first line, or a
 * restored game's whole history told again. */
void play_copy_story(Play *p)
{
    play_copy_story_until(p, SIZE_MAX);
}

void play_copy_story_until(Play *p, size_t lines)
{
    chronicle_copy(&p->chron, match_chronicle_for(p->match, p->sight_seat));
    for (size_t i = 0; i < match_log_count(p->match) && i < lines; i++) {
        const MatchLogLine *l = match_log_line(p->match, i);
        char said[MSGLOG_TEXT_MAX];
        if (match_log_told(p->match, p->sight_seat, i))
            msglog_add(p->log, l->turn, l->tag, eventsay_text_in(&l->words, l->text, p->m, said, sizeof said));
    }
}

/* The window's autosave slot, written when the match's policy asks. */
static bool write_autosave(void *ctx, const Match *m, const char *text, size_t size, char *why,
                           size_t why_size)
{
    Play *p = ctx;
    const Game *g = match_game(m);
    SlotHeader h = {.turn = game_turn(g), .date = (int64_t)time(NULL)};
    snprintf(h.slot, sizeof h.slot, _("Autosave"));
    memcpy(h.players, p->players, sizeof h.players);
    h.monsters = p->monsters;
    GameStatus st = game_status(g);
    if (st != GAME_STATUS_PLAYING)
        snprintf(h.outcome, sizeof h.outcome, "%s", game_status_name(st));
    snprintf(h.mission, sizeof h.mission, "%.*s", (int)sizeof h.mission - 1,
             p->m->name ? p->m->name : p->m->id);
    if (!slots_write(p->opts.save_dir, SLOTS_AUTOSAVE_FILE, &h, text, size, why, why_size))
        return false;
    if (!slots_join(p->opts.save_dir, SLOTS_AUTOSAVE_FILE, p->autosave_path, sizeof p->autosave_path))
        p->autosave_path[0] = '\0';
    return true;
}

/* A game restored in a monsters' turn played by actions that no player
 * of this window holds: the computer plays it, shown as its turn is (at
 * the first frame, once the front end has said who plays what). */
static bool play_computer_monsters(Play *p)
{
    if (!p->game || play_busy(p) || !match_play_computer(p->match))
        return false;
    play_queue_match_events(p);
    play_grow_shown(p);
    p->event_left = 0;
    play_advance(p, 0);
    play_refresh(p);
    return true;
}

static Play *play_new(const Mission *m, Match *match, const PlayOptions *opts, int w, int h)
{
    Play *p = xcalloc(1, sizeof *p);
    p->panel_choice = -1; /* folded where the panel crowds the board */
    p->m = m;
    p->match = match;
    p->game = match ? match_game(match) : NULL;
    if (opts)
        p->opts = *opts;
    else
        p->opts.anim_factor = 1.0;
    if (p->opts.anim_factor < 0)
        p->opts.anim_factor = 0;
    p->opts.mission_path = NULL; /* the match names the mission in its saves */
    p->ask_end_turn = p->opts.ask_end_turn;
    input_init(&p->in, p->opts.bindings);
    p->opts.bindings = NULL;
    const Game *g = p->game;
    p->view = (RenderView){.debug = p->opts.debug, .label = p->opts.label, .reveal = p->opts.reveal,
                           .marks = p->opts.reveal,
                           .show_help = !g};
    p->log = msglog_create(LOG_LINES);
    p->fx_batch = batch_create();
    p->selected = -1;
    p->last_current = -1;
    p->slide_piece = -1;
    p->held = -1;
    p->bar_focus = -1;
    p->shown_turn = g ? game_turn(g) : 0;
    p->shown_hero = g ? game_current(g) : -1;
    p->out_w = w > 0 ? w : 1, p->out_h = h > 0 ? h : 1;
    size_t n = (size_t)board_width(m->board) * (size_t)board_height(m->board);
    p->reach = xcalloc(n ? n : 1, 1);
    /* a hero reaches a few hundred squares; the lists stay small on any
     * board (squares past the cap are simply not offered) */
    p->reach_cap = n < REACH_MAX ? (n ? n : 1) : REACH_MAX;
    p->reach_list = xmalloc(p->reach_cap, sizeof *p->reach_list);
    p->path_cap = (int)p->reach_cap;
    p->path = xmalloc((size_t)p->path_cap + 1, sizeof *p->path);
    game_events_init(&p->queue);
    game_events_init(&p->told);
    if (g) {
        p->sight_seat = p->hero_sight = sight_seat(match, p->opts.reveal);
        if (p->opts.save_dir)
            match_set_autosave(match, MATCH_AUTOSAVE_ROUNDS, write_autosave, p);
        play_sync_shown(p);
        play_copy_story(p);
        /* the HUD's panel names the mission: no title over the board */
        MatchView sight = play_sight(p);
        p->view.reveal = view_all(&sight); /* no fog drawn over what the seat sees */
        SceneGameView v = {.pieces = p->shown, .count = p->shown_count, .skip_piece = -1,
                           .reveal = view_all(&sight), .untitled = true};
        p->scene = scene_from_game(g, &v);
    } else {
        p->scene = scene_from_mission(m, p->opts.reveal);
    }
    p->cam = camera_make_grid(board_grid(m->board), p->out_w, p->out_h);
    play_refresh(p);
    return p;
}

/* What the play screen's matches keep and how saves name the mission. */
static MatchConfig config_of(const Mission *m, const PlayOptions *opts)
{
    const char *ref = opts && opts->mission_path ? opts->mission_path : m->path ? m->path : "";
    return (MatchConfig){.mission = m, .mission_ref = ref, .flags = MATCH_CHRONICLE | MATCH_LOG};
}

Play *play_create(const Mission *m, const GameSetup *setup, uint64_t seed, const PlayOptions *opts,
                  int w, int h)
{
    char why[256] = "";
    Match *match = NULL;
    MatchConfig c = config_of(m, opts);
    c.setup = setup;
    c.seed = seed;
    if (m->bare)
        snprintf(why, sizeof why, _("a bare bitmap: shown as a board, not played"));
    else if (m->hero_count == 0)
        snprintf(why, sizeof why, _("the mission places no heroes"));
    else
        match = match_create(&c, why, sizeof why);
    Play *p = play_new(m, match, opts, w, h);
    snprintf(p->why_viewer, sizeof p->why_viewer, "%s", match ? "" : why);
    return p;
}

Play *play_create_from_save(const Mission *m, const char *text, size_t size,
                            const PlayOptions *opts, int w, int h, char *err, size_t err_size)
{
    /* the log and the tally are the game's whole story, told again */
    MatchConfig c = config_of(m, opts);
    Match *match = match_restore(&c, text, size, err, err_size);
    return match ? play_new(m, match, opts, w, h) : NULL;
}

Play *play_create_with_match(Match *match, const PlayOptions *opts, int w, int h)
{
    return play_new(match_mission(match), match, opts, w, h);
}

Match *play_match(const Play *p)
{
    return p->match;
}

Match *play_take_match(Play *p)
{
    Match *m = p->match;
    p->match = NULL;
    return m;
}

void play_destroy(Play *p)
{
    if (!p)
        return;
    game_events_free(&p->queue);
    chronicle_free(&p->chron);
    msglog_destroy(p->log);
    batch_destroy(p->fx_batch);
    scene_destroy(p->scene);
    match_destroy(p->match);
    free(p->shown);
    free(p->cast_targets);
    free(p->asleep);
    free(p->reach);
    free(p->reach_list);
    free(p->path);
    play_monster_free(p);
    free(p);
}

void play_resize(Play *p, int w, int h, double pixel_ratio)
{
    p->out_w = w > 0 ? w : 1, p->out_h = h > 0 ? h : 1;
    p->in.pixel_ratio = pixel_ratio > 0 ? pixel_ratio : 1.0;
    p->layout_text = NULL; /* laid out again at the next draw */
    camera_resize(&p->cam, p->layout.board.w > 0 && p->game ? p->layout.board.w : p->out_w,
                  p->layout.board.h > 0 && p->game ? p->layout.board.h : p->out_h);
}

bool play_update(Play *p, double dt)
{
    bool changed = false;
    p->pan_dx = p->pan_dy = 0;
    if (!p->no_keyboard)
        input_held_pan(&p->in, !p->game, &p->pan_dx, &p->pan_dy);
    if ((p->pan_dx != 0 || p->pan_dy != 0) && dt < 0.25) {
        camera_pan(&p->cam, p->pan_dx * KEY_PAN_SPEED * dt, p->pan_dy * KEY_PAN_SPEED * dt);
        p->user_view = true;
        if (p->has_mouse)
            play_set_hover(p, p->mouse_x, p->mouse_y);
        changed = true;
    }
    changed |= play_computer_monsters(p);
    if (p->game && play_busy(p))
        changed |= play_advance(p, dt);
    if (p->game && p->dice.kind != HUD_DICE_NONE) {
        play_update_dice(p, dt);
        changed |= p->dice.alpha < 255 || p->dice.kind == HUD_DICE_NONE;
    }
    if (p->game && play_fx_active(p)) {
        play_fx_update(p, dt);
        changed = true; /* the last frame clears them */
    }
    return changed;
}

bool play_animating(const Play *p)
{
    bool fading = p->dice.kind != HUD_DICE_NONE && p->dice_idle > DICE_LINGER;
    return play_busy(p) || fading || play_fx_active(p) || p->pan_dx != 0 || p->pan_dy != 0;
}

const char *play_piece_name(const Play *p, int id)
{
    if (!p->game || !game_piece(p->game, id))
        return "";
    /* a hero's own name as the party wrote it; a type's in the player's language */
    return game_piece_named(p->game, id) ? game_piece_name(p->game, id) : eventsay_word(game_piece_name(p->game, id));

}

void play_set_quit_label(Play *p, const char *label)
{
    snprintf(p->quit_label, sizeof p->quit_label, "%s", label ? label : "");
}

void play_set_again_label(Play *p, const char *label)
{
    snprintf(p->again_label, sizeof p->again_label, "%s", label ? label : "");
}

void play_set_has_next(Play *p, bool has_next)
{
    p->has_next = has_next;
    if (!has_next && p->end_choice == HUD_END_NEXT)
        p->end_choice = HUD_END_AGAIN;
}

bool play_end_shown(const Play *p)
{
    return p->game && !p->opts.watching && game_status(p->game) != GAME_STATUS_PLAYING &&
           !play_busy(p) && !play_fx_active(p) && !p->show_help &&
           !p->show_log && !p->show_objectives;
}

void play_set_ask_end_turn(Play *p, bool ask)
{
    p->ask_end_turn = ask;
}

void play_set_keyboard(Play *p, bool has_keyboard)
{
    p->no_keyboard = !has_keyboard;
}

void play_set_pad_hints(Play *p, bool pad)
{
    p->pad_hints = pad;
}

int play_bar_focus(const Play *p)
{
    return p->bar_focus;
}

int play_shown_current(const Play *p)
{
    if (!p->game)
        return -1;
    if (!play_busy(p))
        return game_current(p->game);
    return p->shown_monsters ? -1 : p->shown_hero;
}

SDL_Rect play_board_rect(const Play *p)
{
    return p->layout.board.w > 0 ? p->layout.board : (SDL_Rect){0, 0, p->out_w, p->out_h};
}

const Game *play_game(const Play *p)
{
    return p->game;
}

const Scene *play_scene(const Play *p)
{
    return p->scene;
}

int play_selected(const Play *p)
{
    return p->selected;
}

void play_square_centre(const Play *p, BoardPos pos, double *x, double *y)
{
    double bx, by;
    camera_centre(&p->cam, pos, &bx, &by);
    *x = camera_screen_x(&p->cam, bx) + p->layout.board.x;
    *y = camera_screen_y(&p->cam, by) + p->layout.board.y;
}

const char *play_viewer_reason(const Play *p)
{
    return p->why_viewer;
}

const char *play_autosave_path(const Play *p)
{
    return p->autosave_path;
}

const char *play_title(const Play *p)
{
    const char *name = mission_lang_text(p->m, MISSION_TR_NAME, 0);
    return name && name[0] ? name : p->m->id;
}

void play_copy_camera(Play *dst, const Play *src)
{
    /* the whole camera, view size included, so the first layout of dst
     * does not move it; only the board's size is dst's own */
    int board_w = dst->cam.board_w, board_h = dst->cam.board_h;
    bool hex = dst->cam.hex, hex_even = dst->cam.hex_even;
    dst->cam = src->cam;
    dst->cam.board_w = board_w, dst->cam.board_h = board_h;
    dst->cam.hex = hex, dst->cam.hex_even = hex_even;
    dst->fitted = src->fitted;
    dst->user_view = src->user_view;
    dst->view.debug = src->view.debug;
    dst->view.label = src->view.label;
}

void play_copy_view(Play *dst, const Play *src)
{
    play_copy_camera(dst, src);
    dst->view.reveal = src->view.reveal;
    dst->view.marks = src->view.marks;
    dst->panel_choice = src->panel_choice;
    memcpy(dst->players, src->players, sizeof dst->players);
    dst->monsters = src->monsters;
    /* the same side's view: a monster player changing a setting in its
     * turn is not handed over again */
    if (dst->match && src->sight_seat != dst->sight_seat &&
        src->sight_seat < match_seat_count(dst->match)) {
        dst->sight_seat = src->sight_seat;
        play_rebuild_scene(dst);
        play_refresh(dst);
    }
    /* the replayed game said nothing yet but its opening line: the old
     * history is the true one */
    msglog_clear(dst->log);
    for (size_t i = 0; i < msglog_count(src->log); i++) {
        const MsgLogLine *l = msglog_line(src->log, i);
        msglog_add(dst->log, l->turn, l->tag, l->text);
    }
}

const MsgLog *play_log(const Play *p)
{
    return p->log;
}

/* Hotseat: one hero seat per player ("1213": player 1 plays heroes 0 and
 * 2), so the match knows whose turn it is; heroes no digit names stay
 * with the first player. */
static void players_seats(Play *p, const char *players)
{
    MatchSeat seats[MATCH_MAX_SEATS];
    int n = 0;
    unsigned all = 0;
    for (int player = 0; player < SLOTS_PLAYERS_MAX && n < GAME_MAX_HEROES; player++) {
        unsigned heroes = 0;
        for (int i = 0; players[i] && i < GAME_MAX_HEROES; i++)
            heroes |= players[i] - '1' == player ? 1u << i : 0;
        if (!heroes)
            continue;
        seats[n] = (MatchSeat){.kind = MATCH_SEAT_HEROES, .control = MATCH_CONTROL_LOCAL,
                               .heroes = heroes};
        snprintf(seats[n++].name, sizeof seats[0].name, "Player %d", player + 1);
        all |= heroes;
    }
    if (n == 0)
        seats[n++] = (MatchSeat){.kind = MATCH_SEAT_HEROES, .control = MATCH_CONTROL_LOCAL};
    seats[0].heroes |= MATCH_ALL_HEROES & ~all;
    /* the monster side: a player of this window, or the computer */
    seats[n] = (MatchSeat){.kind = MATCH_SEAT_MONSTERS,
                           .control = p->monsters ? MATCH_CONTROL_LOCAL : MATCH_CONTROL_COMPUTER};
    if (p->monsters)
        snprintf(seats[n].name, sizeof seats[n].name, "Player %d", p->monsters);
    n++;
    char why[128];
    if (match_set_seats(p->match, seats, n, why, sizeof why))
        p->sight_seat = p->hero_sight = sight_seat(p->match, p->opts.reveal);
    play_refresh(p);
}

void play_set_players(Play *p, const char *players)
{
    snprintf(p->players, sizeof p->players, "%s", players ? players : "");
    if (p->match)
        players_seats(p, p->players);
}

void play_set_monsters(Play *p, int player)
{
    p->monsters = player >= 1 && player <= 4 ? player : 0;
    if (p->match)
        players_seats(p, p->players);
}

int play_monsters(const Play *p)
{
    return p->monsters;
}
