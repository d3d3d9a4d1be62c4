/* Drawing the play screen: its layout, the board, the shading of squares, the piece
 * sliding between squares and the HUD model. */

#include "play_internal.h"

#include "mission/mission_lang.h"

#include "core/i18n.h"
#include "gfx/ui.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

static void layout(Play *p, Text *text)
{
    if (!p->game) {
        p->layout = (HudLayout){.board = {0, 0, p->out_w, p->out_h}};
        return;
    }
    p->panel_crowds = hud_panel_crowds(text, p->out_w);
    hud_layout_folded(text, p->out_w, p->out_h, play_panel_folded(p), &p->layout);
}

/* The help panel's second page (F1 again): the rules a player meets
 * first, in brief (docs/rules.md has them whole). */
static const char *const rules_primer = N_(
    "Dice: each combat die shows a skull (on 3 faces), a white shield (2) or a black shield (1). "
    "Each skull is a hit; the defender rolls only when one came up, and a hero blocks a hit with "
    "each white shield, a monster with each black one. A hit not blocked costs a body point.\n"
    "Moving: roll, then walk; a diagonal step or rough ground costs more, and the path's label "
    "says what a move costs and what it leaves.\n"
    "Searching is the turn's action: for treasure in a room no monster stands in, or for the "
    "traps and secret doors around the hero. Each hero searches a place once for each.\n"
    "Traps: a hidden trap springs when a hero steps on it and ends that hero's turn. A found "
    "trap can be disarmed (with a tool kit, or by the Dwarf); paths keep off it, and a known pit "
    "can be jumped.");

/* The controller's buttons (app/screens.c maps them), shown instead of
 * the keys while the controller is what the player last used. */
static const char pad_help[] = N_(
    "The cursor picks squares; the command bar holds every command.\n"
    "D-pad, left stick\tMove the cursor\n"
    "A\tSelect / move here / press\n"
    "B\tBack, close, leave the bar\n"
    "X\tRoll to move\n"
    "Y\tAttack\n"
    "LB\tNext hero or spell target\n"
    "RB\tEnd turn\n"
    "Back\tCommand bar (D-pad picks)\n"
    "Start\tMenu\n"
    "Guide\tHelp, then rules");

static void help_text(const Play *p, char *buf, size_t size)
{
    if (p->help_rules) {
        snprintf(buf, size, "%s", _(rules_primer));
        return;
    }
    if (p->pad_hints) {
        snprintf(buf, size, "%s", _(pad_help));
        return;
    }
    static const BindingAction shown[] = {
        BINDING_ROLL, BINDING_ATTACK, BINDING_CAST_SPELL, BINDING_OPEN_DOOR, BINDING_SEARCH_TREASURE,
        BINDING_SEARCH_TRAPS, BINDING_DISARM, BINDING_DRINK, BINDING_END_TURN, BINDING_UNDO,
        BINDING_CURSOR_UP,
        BINDING_CONFIRM, BINDING_BACK, BINDING_NEXT_HERO, BINDING_OBJECTIVES, BINDING_LOG,
        BINDING_FOLD_PANEL, BINDING_SAVE,
        BINDING_LOAD, BINDING_PAN_UP, BINDING_ZOOM_IN, BINDING_ZOOM_OUT, BINDING_REFIT, BINDING_OVERLAY,
        BINDING_OVERLAY_LABELS, BINDING_FULLSCREEN, BINDING_SCREENSHOT, BINDING_HELP};
    size_t n = (size_t)snprintf(buf, size,
                                _("Click a hero, then a shaded square to move there.\n"
                                "Click a monster next to the hero to attack it.\n"
                                "Cast: pick a spell (1-9), then a shaded target (Tab cycles).\n"
                                "Click (or confirm) the hero on an exit to leave.\n"
                                "Wheel zooms (scrolls the log over it); drag pans."));
    const Bindings *b = &p->in.bindings;
    for (size_t i = 0; i < sizeof shown / sizeof shown[0] && n < size; i++) {
        char k[4 * BINDINGS_SHOWN_MAX + 4], said[4][BINDINGS_SHOWN_MAX];
        const char *label = bindings_action_label(shown[i]);
        snprintf(k, sizeof k, "%s", bindings_shown(bindings_get(b, shown[i], 0), said[0], sizeof said[0]));
        if (shown[i] == BINDING_CURSOR_UP || shown[i] == BINDING_PAN_UP) {
            /* the four directions on one line */
            static const int order[4] = {0, 2, 1, 3}; /* up left down right */
            char bound[4 * BINDINGS_NAME_MAX + 4] = "";
            for (int d = 0; d < 4; d++) {
                const char *key = bindings_get(b, (BindingAction)(shown[i] + order[d]), 0);
                snprintf(bound + strlen(bound), sizeof bound - strlen(bound), "%s%s", d ? " " : "", key);
                bindings_shown(key, said[d], sizeof said[d]);
            }
            snprintf(k, sizeof k, "%s %s %s %s", said[0], said[1], said[2], said[3]);
            label = shown[i] == BINDING_PAN_UP ? _("Pan") : _("Move the cursor");
            if (strcmp(bound, "Up Left Down Right") == 0)
                snprintf(k, sizeof k, _("Arrows"));
        }
        if (shown[i] == BINDING_HELP)
            label = _("Help, then rules"); /* pressed again: the rules in brief */
        n += (size_t)snprintf(buf + n, size - n, "\n%s\t%s", k[0] ? k : "-", label);
    }
}

/* What the end panel says: the mission's own words, else the rules'
 * reason ("the quest is done"). */
static const char *outcome_text(Play *p)
{
    const Mission *m = p->m;
    GameStatus st = p->game ? game_status(p->game) : GAME_STATUS_PLAYING;
    const char *own = st == GAME_STATUS_VICTORY   ? mission_lang_text(m, MISSION_TR_VICTORY, 0)
                      : st == GAME_STATUS_DEFEAT ? mission_lang_text(m, MISSION_TR_DEFEAT, 0)
                                                 : NULL;
    if (own && own[0])
        return own;
    /* "victory: the quest is done" as a sentence, in the player's language */
    char said[sizeof p->outcome - 1]; /* and the full stop */
    eventsay_text(&p->chron.outcome_words, p->chron.outcome_text, said, sizeof said);
    const char *colon = strchr(said, ':');
    snprintf(p->outcome, sizeof p->outcome, "%s.", colon && colon[1] ? colon + 2 : said);
    p->outcome[0] = (char)toupper((unsigned char)p->outcome[0]);
    return p->outcome;
}

void play_hud_model(Play *p, HudModel *hm)
{
    static const BindingAction key_of[HUD_CMD_COUNT] = {
        BINDING_ROLL, BINDING_ATTACK, BINDING_CAST_SPELL, BINDING_OPEN_DOOR, BINDING_SEARCH_TREASURE,
        BINDING_SEARCH_TRAPS, BINDING_DISARM, BINDING_DRINK, BINDING_COUNT, BINDING_END_TURN,
        BINDING_UNDO, BINDING_OBJECTIVES, BINDING_LOG};
    *hm = (HudModel){.title = play_title(p), .game = p->game, .log = p->log, .log_scroll = p->log_scroll, .dice = p->dice,
                     .status = p->status, .notice = p->notice,
                     .show_objectives = p->show_objectives, .show_log = p->show_log,
                     .show_help = p->show_help, .animating = play_busy(p),
                     .current = play_shown_current(p),
                     .body = p->chron.body, .body_count = p->chron.body_count,
                     .end_choice = p->end_choice, .has_next = p->has_next,
                     .again_label = p->again_label[0] ? p->again_label : NULL,
                     .quit_label = p->quit_label[0] ? p->quit_label : NULL,
                     .outcome_text = outcome_text(p),
                     .spell_menu = p->cast_mode == CAST_CHOOSE ? &p->spell_menu : NULL};
    if (play_ask_model(p, &p->ask_model))
        hm->question = &p->ask_model;
    if (p->match && match_in_quest(p->match)) {
        /* the party's purses, as they were when the quest began (the
         * quest's finds join them when it is settled) */
        const Party *party = match_party(p->match);
        for (int k = 0; k < GAME_MAX_HEROES; k++) {
            const PartyHero *h = party_hero(party, match_party_hero(p->match, k));
            p->purse[k] = h ? h->gold : 0;
        }
        hm->purse = p->purse;
    }
    /* the last blow's effects play out before the end panel */
    if (p->game && game_status(p->game) != GAME_STATUS_PLAYING && play_fx_active(p))
        hm->animating = true;
    memcpy(hm->enabled, p->enabled, sizeof hm->enabled);
    hm->has_focus = p->bar_focus >= 0 && p->game;
    hm->focus = hm->has_focus ? (HudCommand)p->bar_focus : HUD_CMD_ROLL;
    hm->help_key = p->pad_hints ? "Guide"
                                : bindings_shown(bindings_get(&p->in.bindings, BINDING_HELP, 0),
                                                 p->keys_shown[HUD_CMD_COUNT], sizeof p->keys_shown[0]);
    help_text(p, p->help, sizeof p->help);
    hm->help = p->help;
    hm->help_title = p->help_rules ? _("The rules in brief") : p->pad_hints ? _("Controller") : NULL;
    for (int c = 0; c < HUD_CMD_COUNT; c++)
        hm->keys[c] = key_of[c] == BINDING_COUNT ? ""
                                                 : bindings_shown(bindings_get(&p->in.bindings, key_of[c], 0),
                                                                  p->keys_shown[c], sizeof p->keys_shown[c]);
    hm->pad_hints = p->pad_hints;
    if (p->pad_hints) {
        /* the controller's own buttons (app/screens.c); the rest are
         * pressed in the bar itself */
        static const char *const pad_of[HUD_CMD_COUNT] = {
            [HUD_CMD_ROLL] = "X", [HUD_CMD_ATTACK] = "Y", [HUD_CMD_END] = "RB"};
        for (int c = 0; c < HUD_CMD_COUNT; c++)
            hm->keys[c] = pad_of[c] ? pad_of[c] : "";
    }
    BoardPos at;
    int id = play_pointed(p, &at) ? game_piece_at(p->game, at) : -1;
    hm->info_piece = play_sees(p, id) ? id : p->selected;
}

void play_summary(const Play *p, HudSummary *out)
{
    const Chronicle *c = &p->chron;
    *out = (HudSummary){.turns = c->rounds, .kills = c->kills, .gold = c->gold, .finds = c->finds};
    snprintf(out->outcome, sizeof out->outcome, "%s", c->outcome_text);
    size_t n = 0;
    for (int i = 0; i < c->hero_count && p->game; i++) {
        const ChronicleHero *ch = &c->heroes[i];
        const GamePiece *gp = game_piece(p->game, ch->piece);
        bool fallen = chronicle_body(c, p->game, ch->piece) <= 0 && !gp->escaped;
        out->heroes[out->hero_count++] = (HudHeroSummary){
            .piece = ch->piece, .kills = ch->kills, .damage_dealt = ch->damage_dealt,
            .damage_taken = ch->damage_taken, .gold = ch->gold, .finds = ch->finds,
            .fallen = fallen, .escaped = gp->escaped};
        snprintf(out->heroes[out->hero_count - 1].name, sizeof out->heroes[0].name, "%s",
                 play_piece_name(p, ch->piece));
        out->escaped += gp->escaped;
        if (fallen) {
            out->fallen++;
            n += (size_t)snprintf(out->fallen_names + n, n < sizeof out->fallen_names ? sizeof out->fallen_names - n : 0,
                                  "%s%s", out->fallen > 1 ? ", " : "", play_piece_name(p, ch->piece));
        }
    }
}

/* Fills p->asleep with the shown squares of the sleeping pieces one
 * sees; returns how many. */
static int sleepers(Play *p)
{
    int n = 0;
    for (size_t i = 0; i < p->shown_count && i < game_piece_count(p->game) && i < p->piece_cap; i++) {
        const GamePiece *gp = game_piece(p->game, (int)i);
        if (gp->asleep && p->shown[i].on_board && play_sees(p, (int)i) && (int)i != p->slide_piece)
            p->asleep[n++] = p->shown[i].pos;
    }
    return n;
}

/* The piece stepping between two squares, drawn where it is now. */
static void draw_slide(Play *p, Renderer *r)
{
    if (!play_sees(p, p->slide_piece))
        return;
    double t = p->slide_time > 0 ? 1.0 - fmax(p->event_left, 0) / p->slide_time : 1.0;
    t = t < 0 ? 0 : t > 1 ? 1 : t;
    t = t * t * (3 - 2 * t); /* ease in and out */
    ScenePiece sp;
    scene_game_piece(p->game, p->slide_piece, p->slide_to, &sp);
    double fx, fy, tx, ty;
    camera_centre(&p->cam, p->slide_from, &fx, &fy);
    camera_centre(&p->cam, p->slide_to, &tx, &ty);
    render_figure_at(r, &sp, &p->cam, fx + (tx - fx) * t, fy + (ty - fy) * t);
}

void play_draw(Play *p, Renderer *r)
{
    Text *text = render_text(r);
    if (p->layout_text != text) {
        p->layout_text = text;
        layout(p, text);
        /* a view the player zoomed or panned keeps its zoom; a fitted
         * board is fitted again to the new size */
        if (p->fitted && p->user_view) {
            camera_resize(&p->cam, p->layout.board.w, p->layout.board.h);
        } else {
            p->cam = camera_make_grid(board_grid(p->m->board), p->layout.board.w,
                                      p->layout.board.h);
            /* the window's notices (whose turn it is, a find) lie over no
             * square of a fitted board (they hid its top row) */
            p->cam.inset_top = p->notice_band;
            camera_fit(&p->cam);
        }
        p->cam.inset_top = p->notice_band;
        p->fitted = true;
        if (p->has_mouse)
            play_set_hover(p, p->mouse_x, p->mouse_y);
    }
    /* a hero's hurt shakes the board a moment */
    Camera still = p->cam;
    double shake_x, shake_y;
    play_fx_shake(p, &shake_x, &shake_y);
    if (shake_x != 0 || shake_y != 0)
        camera_pan(&p->cam, shake_x, shake_y);
    render_board(r, p->scene, &p->cam, &p->view);
    if (p->game) {
        /* the piece whose turn it is: the hero, or the monster its
         * player chose */
        int hero = play_monster_turn(p) ? p->selected : game_current(p->game);
        const GamePiece *sel = game_piece(p->game, p->selected);
        HudSquares sq = {.reach = play_busy(p) || !p->reach_valid ? NULL : p->reach,
                         .path = p->path,
                         .path_len = play_busy(p) || p->ask != PLAY_ASK_NONE ? 0 : p->path_len,
                         .path_label = p->path_label,
                         .has_cursor = p->has_cursor,
                         .cursor = p->cursor,
                         .has_selected = sel && play_shown_of(p, p->selected)->on_board && p->selected != hero,
                         .selected = sel ? play_shown_of(p, p->selected)->pos : (BoardPos){0, 0},
                         .has_current = hero >= 0 && !play_busy(p),
                         .current = hero >= 0 ? game_piece(p->game, hero)->pos : (BoardPos){0, 0}};
        if (p->cast_mode == CAST_TARGET && !play_busy(p)) {
            sq.targets = p->cast_targets;
            sq.target_count = p->cast_target_count;
        }
        sq.asleep = p->asleep;
        sq.asleep_count = sleepers(p);
        if (p->has_attack) {
            sq.has_attack = true;
            sq.attack_from = p->attack_from, sq.attack_to = p->attack_to;
        }
        hud_draw_squares(r, &p->cam, &sq);
        draw_slide(p, r);
        play_fx_draw_board(p, r);
        play_fx_draw_flash(p, r);
    }
    HudModel hm;
    HudSummary summary;
    RenderView view = p->view;
    if (p->game) {
        play_hud_model(p, &hm);
        play_summary(p, &summary);
        if (hm.show_help) { /* scrolled no further than its lines go */
            int most = hud_help_scroll_max(text, &p->layout, &hm);
            p->help_scroll = p->help_scroll > most ? most : p->help_scroll;
            hm.help_scroll = p->help_scroll;
        }
        hm.summary = p->opts.watching ? NULL : &summary;
        /* the hover box: none under a panel over the board, and above
         * the dice tray (it hid the box's lines) */
        SDL_Rect tray;
        if (hud_covers_board(&hm))
            view.has_hover = false;
        else if (hud_dice_rect(text, &p->layout, &hm, &tray))
            view.ui_bottom = tray.y - p->layout.board.y;
    }
    render_ui(r, p->scene, &p->cam, &view);
    p->cam = still;
    if (p->game)
        hud_draw(r, &p->layout, &hm);
}

bool play_pointed_words(const Play *p, char *buf, size_t size)
{
    BoardPos at;
    if (size > 0 && p->game && p->bar_focus >= 0) {
        const char *label = hud_command_label((HudCommand)p->bar_focus);
        snprintf(buf, size, p->enabled[p->bar_focus] ? "%s" : _("%s, not possible now"), label);
        return true;
    }
    if (size == 0 || !p->scene || !play_pointed(p, &at))
        return false;
    char lines[512];
    ui_describe_square_plain(p->scene, at, lines, sizeof lines);
    /* the hover box's lines as sentences: a voice pauses at ". " */
    size_t n = 0;
    for (const char *c = lines; *c && n + 3 < size; c++) {
        if (*c == '\n') {
            buf[n++] = '.';
            buf[n++] = ' ';
        } else {
            buf[n++] = *c;
        }
    }
    buf[n] = '\0';
    return true;
}
