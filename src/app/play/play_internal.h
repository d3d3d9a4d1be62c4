/* The play screen's inside, shared by its files (not for other modules).
 *
 * play.c          life cycle, resize, update, read-only views
 * play_input.c    SDL events -> bindings, clicks, cursor, hover -> commands
 * play_commands.c the rules action of each command and its target
 * play_cast.c     casting: the spell list, then the target
 * play_state.c    shown positions, the scene, buttons, reach, path, status
 * play_queue.c    the event queue played on screen, dice, autosave
 * play_draw.c     layout and the frame: board, shading, HUD model
 * play_sound.c    the sound cue of each event shown
 * play_fx.c       combat effects: floating numbers, deaths, flash and shake; news
 * play_monsters.c a monster player's turn at the keyboard; whose view is shown
 */
#pragma once

#include "play.h"

#include "app/input.h"
#include "app/eventsay.h"
#include "app/msglog.h"
#include "app/slots.h"
#include "gfx/hud/hud.h"
#include "gfx/scene_game.h"

#include <stdlib.h>

#define LOG_LINES 500
#define KEY_PAN_SPEED 900.0 /* output pixels per second */
#define NOTICE_MAX 256
#define DIE_SECONDS 0.16 /* between two dice landing */
#define TUMBLE_SECONDS 0.5 /* the dice tumble this long before the first lands (long
                              enough to follow, issue 25 item 9) */
#define REACH_MAX 65536  /* most squares offered to move to */
#define DICE_LINGER 4.0   /* seconds the dice stay once landed and nothing happens */
#define DICE_FADE 0.5     /* ...then they fade out in this long */

/* Combat effects (play_fx.c). */
#define PLAY_FX_MAX 16

typedef struct PlayFloat {
    double x, y;   /* board units: where it began */
    double age;    /* seconds at normal speed */
    SDL_Color colour;
    char text[24];
} PlayFloat;

typedef struct PlayDying {
    ScenePiece piece;
    double age;
} PlayDying;

typedef struct PlayFx {
    PlayFloat floats[PLAY_FX_MAX];
    int float_count;
    PlayDying dying[PLAY_FX_MAX];
    int dying_count;
    double flash, shake; /* seconds left */
    char news[384];      /* what a toast should tell, "" when nothing */
    char news_out[384];
} PlayFx;

/* Where a piece is drawn while events play (the game is already at the
 * end of them). */
typedef SceneGamePiece Shown;

/* A question before an action (play_ask.c). */
typedef enum PlayAsk { PLAY_ASK_NONE, PLAY_ASK_END, PLAY_ASK_LEAVE, PLAY_ASK_COUNT } PlayAsk;

/* Casting a spell: the list to choose from, then its target. */
typedef enum CastMode { CAST_NONE, CAST_CHOOSE, CAST_TARGET, CAST_MODE_COUNT } CastMode;

struct Play {
    const Mission *m;
    Match *match;     /* the game in progress; NULL: board viewer */
    const Game *game; /* the match's game (NULL: board viewer) */
    int sight_seat;   /* the seat whose view the window shows (match_view) */
    int hero_sight;   /* ...the heroes' (or --reveal's): shown but to a monster player */
    int monsters;     /* who plays the monster side: 0 the computer, 1..4 Player N */
    /* A monster player's turn, kept for the heroes to watch once it is
     * handed back (play_monsters.c): its events, and the heroes' picture
     * when it began (where they saw the pieces, their tally, how many of
     * the match's log lines they had read). */
    bool told_valid;
    GameEvents told;
    Shown *told_from;
    size_t told_from_count;
    Chronicle told_chron;
    size_t told_log;
    Scene *scene;
    PlayOptions opts;
    Bindings bindings;
    InputState in;
    Camera cam;
    RenderView view;
    int out_w, out_h;
    bool has_mouse;
    double mouse_x, mouse_y;
    Text *layout_text; /* the font the layout was made with */
    HudLayout layout;

    Shown *shown;
    size_t shown_count;
    GameEvents queue;
    size_t next_event;
    double event_left;
    double event_time; /* how long the event on screen lasts */

    int selected;        /* piece id or -1 */
    uint8_t *reach;      /* per square: reachable by the current hero */
    bool reach_valid;
    BoardPos *reach_list; /* the squares marked in reach */
    size_t reach_count, reach_cap;
    BoardPos *path;
    int path_len, path_cap;
    char path_label[64]; /* what the path costs and leaves, "" when none */
    bool has_cursor;
    BoardPos cursor;
    bool enabled[HUD_CMD_COUNT];
    CastMode cast_mode;
    HudSpellMenu spell_menu;  /* CAST_CHOOSE: the hero's unused spells */
    int cast_hero, cast_spell; /* CAST_TARGET: who casts what */
    BoardPos *cast_targets;   /* ...the squares of the pieces it may target */
    int cast_target_count;
    BoardPos *asleep;         /* squares with a sleeping piece (drawn) */
    size_t piece_cap;         /* room in cast_targets and asleep */

    MsgLog *log;
    int log_scroll;
    bool show_objectives, show_log, show_help;
    int panel_choice;  /* the side panel as the player set it: -1 never (folded
                        * where it crowds the board, hud_panel_crowds), 0 open, 1 folded */
    bool panel_crowds; /* the last layout's hud_panel_crowds */
    int notice_band;   /* pixels at the board's top the window's notices take (play_set_notice_band) */ /* the side panel folded to its tab (the fold key, a click on the tab) */
    HudDice dice;
    double dice_idle;  /* seconds since the dice landed with nothing else on screen */
    Chronicle chron;   /* bodies as shown, rounds, kills, finds (fed as events show) */
    long held;         /* queue index of a blow counted once its dice land, -1: none */
    char notice[NOTICE_MAX];
    char help[3072];   /* the help panel's lines (the keys as bound now) */
    char keys_shown[HUD_CMD_COUNT + 1][BINDINGS_SHOWN_MAX]; /* the bar's keys and the help key, as read */
    char outcome[GAME_EVENT_TEXT + 2]; /* the end panel's words, when the rules' */
    char status[NOTICE_MAX];
    char autosave_path[4096];
    char players[SLOTS_PLAYERS_MAX + 1]; /* hotseat, for autosave headers */
    double pan_dx, pan_dy;
    bool no_keyboard;  /* a screen above has the keys: no held-key panning */
    bool has_next;     /* the end panel offers Next mission */
    char again_label[64]; /* the end panel's first button, "" for Play again */
    char quit_label[64];  /* its last button, "" for Back to the title */
    int end_choice;    /* the end panel's highlighted button */
    /* the step on screen: piece slides from -> to during the event */
    int slide_piece; /* -1: none */
    BoardPos slide_from, slide_to;
    double slide_time;
    /* the attack on screen: outlines attacker and target */
    bool has_attack;
    BoardPos attack_from, attack_to;
    PlayFx fx;
    struct Batch *fx_batch; /* the floating numbers' glyphs */
    int shown_turn;    /* the turn the events on screen belong to */
    int shown_hero;    /* ...the hero whose turn it is on screen */
    int last_current;  /* the hero whose turn it was at the last refresh */
    bool shown_monsters; /* ...and whether the monsters are moving */
    bool fitted; /* the camera was fitted to the first layout */
    bool user_view; /* the player zoomed or panned since: a resize keeps the zoom */
    bool leave_asked; /* the hero was chosen once on an exit */
    bool ask_end_turn; /* ending a turn with movement unused asks first */
    PlayAsk ask;       /* the question open over the board, PLAY_ASK_NONE: none */
    int ask_choice;    /* ...its highlighted answer: 0 yes, 1 no */
    Action ask_action; /* ...what yes does */
    char ask_title[96], ask_text[NOTICE_MAX], ask_hint[NOTICE_MAX], ask_yes[48], ask_no[48];
    HudQuestion ask_model; /* ...as the HUD draws it */
    int purse[GAME_MAX_HEROES]; /* a campaign's quest: the gold each hero brought in */
    bool help_rules; /* the help panel shows the rules in brief, not the keys */
    int help_scroll; /* its lines scrolled past (a small window: hud_help_scroll_max) */
    int bar_focus;   /* the command bar's button the cursor keys are on, -1: the board's */
    bool pad_hints;  /* the last input came from a controller: help shows its buttons */
    char why_viewer[256]; /* why there is no game, "" when there is */
};

/* Neighbours on the board's own grid (four squares, eight on square8
 * boards, six hexes): whom the attack key and a click may strike. */
static inline bool play_adjacent(const Play *p, BoardPos a, BoardPos b)
{
    return grid_dir_between(board_grid(p->m->board), a, b) >= 0;
}

/* What the window shows: the view of its sight seat (the heroes' sight,
 * or all with --reveal). Nothing drawn, hovered, targeted or heard asks
 * the game's flags directly. */
static inline MatchView play_sight(const Play *p)
{
    return match_view(p->match, p->sight_seat);
}

/* True when the window shows piece id. */
static inline bool play_sees(const Play *p, int id)
{
    MatchView v = play_sight(p);
    return view_piece(&v, id) != NULL;
}

/* The seat acting now: the seat of the hero whose turn it is (hotseat
 * players share the window), the first when none. */
static inline int play_seat(const Play *p)
{
    int seat = match_turn_seat(p->match);
    return seat >= 0 ? seat : 0;
}

/* Events are playing (the last one may still be on screen). */
static inline bool play_busy(const Play *p)
{
    return p->queue.count > 0;
}

static inline bool play_events_left(const Play *p)
{
    return p->next_event < p->queue.count;
}

static inline Shown *play_shown_of(Play *p, int id)
{
    return id >= 0 && (size_t)id < p->shown_count ? &p->shown[id] : NULL;
}

/* play_state.c: what is derived from the game and the shown positions */
void play_rebuild_scene(Play *p);   /* the scene from the game, pieces where shown */
void play_sync_shown(Play *p);      /* shown positions = the game's */
void play_grow_shown(Play *p);      /* new pieces stay off the board until their event */
void play_refresh_enabled(Play *p); /* which buttons work (a game_check each) */
void play_refresh_reach(Play *p);
bool play_reachable(const Play *p, BoardPos pos);
void play_refresh_path(Play *p);    /* the path to the pointed square */
void play_refresh_status(Play *p);  /* the panel's status lines */
void play_refresh(Play *p);         /* all of the above after a change */
void play_format_move(const Play *p, int cost, char *buf, size_t size); /* "20\u00a01/2" */

/* play_commands.c */
bool play_pointed(const Play *p, BoardPos *out); /* the cursor's square, else the mouse's */
bool play_command_action(const Play *p, HudCommand cmd, Action *a); /* false: no target */
void play_run_command(Play *p, HudCommand cmd);  /* a button or its key */

/* play_cast.c */
void play_cast_cancel(Play *p);
void play_cast_open(Play *p);                      /* the list of unused spells */
void play_cast_choose(Play *p, int row, bool by_key); /* a spell: its targets shaded */
void play_cast_at(Play *p, BoardPos pos);          /* the target chosen */
void play_cast_next_target(Play *p);               /* Tab */

/* play_queue.c */
bool play_apply_action(Play *p, const Action *a); /* match_act; events queued */
/* The notice says the rules' refusal (English why) as a sentence in the
 * player's language. */
void play_notice_refused(Play *p, const char *why);
bool play_advance(Play *p, double dt);            /* plays the queue on */
void play_queue_done(Play *p);                    /* the picture is the game's again */
void play_retell_history(Play *p);                /* log and chronicle anew from the match's */
void play_copy_story(Play *p);                    /* the match's story, as the sight seat is told it */
void play_copy_story_until(Play *p, size_t lines); /* ...its first lines (and the whole tally) */
void play_queue_match_events(Play *p);            /* the match's last events, as the sight seat sees them */
void play_autosave(Play *p);                      /* when the match's policy asks */
void play_update_dice(Play *p, double dt);        /* the tray lingers, then fades */
void play_clear_dice(Play *p);
bool play_skip(Play *p);                          /* dice settle, the event on screen ends; false: idle */

/* play_sound.c: event e is shown (landed false) or its dice have landed */
void play_cue(Play *p, const GameEvent *e, bool landed);

/* play_fx.c */
void play_fx_landed(Play *p, const GameEvent *e);  /* an event landed: its effects, its news */
bool play_fx_update(Play *p, double dt);           /* true while effects are on screen */
bool play_fx_active(const Play *p);
void play_fx_clear(Play *p);                       /* none on screen (news kept) */
void play_fx_shake(const Play *p, double *dx, double *dy); /* the board's offset now */
void play_fx_draw_board(Play *p, Renderer *r);     /* dying pieces, floating numbers */
void play_fx_draw_flash(Play *p, Renderer *r);     /* a hero's hurt: red edges */

/* play_ask.c: questions before an action a player may regret */
bool play_ask_before(Play *p, const Action *a); /* true: a question opened instead */
void play_ask_answer(Play *p, bool yes);        /* yes runs the action */
int play_ask_key(Play *p, BindingAction b);     /* PLAY_* bits; 0: not the question's key */
int play_ask_click(Play *p, int x, int y);
void play_ask_hover(Play *p, int x, int y);
bool play_ask_model(const Play *p, HudQuestion *q); /* false: no question open */

/* play_monsters.c: a monster player at the keyboard */
bool play_monster_turn(const Play *p);          /* the window's player plays the monsters now */
bool play_monster_waits(const Play *p);         /* ...or will, once the board is handed over */
void play_monster_square(Play *p, BoardPos pos); /* a square chosen in that turn */
void play_monster_next(Play *p);                /* Tab: the next monster that may act */
void play_monster_keep_selected(Play *p);       /* a monster that may act stays chosen */
size_t play_monster_reach(const Play *p, BoardPos *out, size_t cap); /* the chosen one's squares */
bool play_monster_action(const Play *p, HudCommand cmd, Action *a); /* End, Attack */
void play_monster_status(Play *p);              /* the panel's status lines then */
void play_monster_record(Play *p);              /* the last action's events, for the heroes */
bool play_monster_idle(const Play *p, char *why, size_t size); /* one could still move or strike */
void play_monster_free(Play *p);                /* what was kept of the turn */

/* play_input.c */
void play_set_hover(Play *p, double x, double y);
void play_follow_cursor(Play *p);                 /* keeps the cursor in view */
