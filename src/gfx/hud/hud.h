/* The play screen's interface over the board: the command buttons, the
 * dice as they land, the log panel, the heroes' cards, the piece under
 * the mouse, the objectives and help panels, the victory/defeat summary,
 * and the squares the selected hero can reach with the path to the one
 * under the mouse.
 *
 * Everything is drawn from const data (a HudModel the play screen fills
 * each frame, and the const Game); the HUD keeps no state and never
 * changes the game. Layout is a pure function of the output size and the
 * font, so hit tests (hud_button_at) and drawing agree.
 */
#pragma once

#include "app/msglog.h"
#include "rules/game.h"
#include "gfx/camera.h"
#include "gfx/render.h"

#include <SDL.h>
#include <stdbool.h>

/* The buttons of the command bar, left to right. */
typedef enum HudCommand {
    HUD_CMD_ROLL,
    HUD_CMD_ATTACK,
    HUD_CMD_CAST,
    HUD_CMD_OPEN,
    HUD_CMD_SEARCH_TREASURE,
    HUD_CMD_SEARCH_TRAPS,
    HUD_CMD_DISARM,
    HUD_CMD_DRINK,
    HUD_CMD_LEAVE,
    HUD_CMD_END,
    HUD_CMD_UNDO,
    HUD_CMD_OBJECTIVES,
    HUD_CMD_LOG,
    HUD_CMD_COUNT
} HudCommand;

/* Where everything goes, in output pixels. */
typedef struct HudLayout {
    SDL_Rect window; /* the whole output */
    SDL_Rect board;  /* the board's view (the camera covers this) */
    SDL_Rect panel;  /* the right-hand column: heroes, piece info, log */
    SDL_Rect bar;    /* the command bar along the bottom */
    SDL_Rect log;    /* the log inside the panel (wheel scrolls it) */
    SDL_Rect buttons[HUD_CMD_COUNT];
    SDL_Rect fold;   /* the panel's fold tab: folds it away, or opens it again */
    bool folded;     /* the panel folded to a strip: the board has its width */
    int line_h;      /* an interface line */
} HudLayout;

/* What the dice tray shows. */
typedef enum HudDiceKind { HUD_DICE_NONE, HUD_DICE_MOVE, HUD_DICE_COMBAT, HUD_DICE_KIND_COUNT } HudDiceKind;

typedef struct HudDice {
    HudDiceKind kind;
    int count, count2;        /* movement dice, or attack and defence */
    int dice[GAME_MAX_DICE];  /* 1..6, or DieFace */
    int dice2[GAME_MAX_DICE]; /* defence: DieFace */
    int shown;                /* dice landed so far (they land one by one) */
    bool tumbling;            /* the dice not landed yet tumble in the tray */
    int spin;                 /* the tumble's phase: changes the faces and turns shown */
    int alpha;                /* 255, less while the tray fades out */
    char caption[GAME_EVENT_TEXT];
    char label[2][80];        /* combat: over the attack dice and over the defence dice */
    bool label_hero[2];       /* ...a hero's (gold) or a monster's (red) */
    bool marks;               /* an attack: the dice that counted are marked once landed */
} HudDice;

/* Whether die index (the attack dice, then the defence dice) of an
 * attack counted: a skull of the attacker's, or one of the defender's
 * shields of its side (white for a hero, black for a monster) that
 * blocked a skull (no more of them than skulls). False for other dice and
 * for rolls that are not attacks. */
bool hud_die_counts(const HudDice *d, int index);

/* What the board shading shows. */
typedef struct HudSquares {
    const uint8_t *reach;  /* one byte per square, non-zero: reachable; or NULL */
    const BoardPos *path;  /* the path to the hovered square, or NULL */
    int path_len;
    const char *path_label; /* at its end: what the move costs and leaves */
    bool has_cursor;       /* the keyboard cursor */
    BoardPos cursor;
    bool has_selected;     /* the selected piece's square */
    BoardPos selected;
    bool has_current;      /* the square of the hero whose turn it is */
    BoardPos current;
    bool has_attack;       /* an attack on screen: attacker and target */
    BoardPos attack_from, attack_to;
    const BoardPos *targets; /* squares of the pieces a chosen spell may target */
    int target_count;
    const BoardPos *asleep;  /* squares of sleeping pieces (a "Zz" marker) */
    int asleep_count;
} HudSquares;

/* Most rows of the spell list (a hero's spells are a bit set of 32). */
#define HUD_SPELLS_MAX 32

/* The spell list a hero chooses from: his book by catalogue index, each
 * row numbered as it always is, spent spells greyed. */
typedef struct HudSpellMenu {
    int count;
    int spells[HUD_SPELLS_MAX];
    bool spent[HUD_SPELLS_MAX]; /* cast already in this quest */
    int hover;              /* the highlighted row, or -1 */
    int first;              /* the first row shown (a list too long for the window) */
    const char *caster;     /* the hero's name, for the title */
} HudSpellMenu;

/* One hero's line of the end-of-mission summary. */
typedef struct HudHeroSummary {
    int piece;
    char name[64];
    int kills, damage_dealt, damage_taken, gold, finds;
    bool fallen, escaped;
} HudHeroSummary;

/* The end-of-mission summary. */
typedef struct HudSummary {
    int turns;      /* rounds played */
    int kills;      /* monsters slain */
    int gold;       /* gold the heroes found */
    int finds;      /* treasure found (gold, potions, items) */
    int fallen;     /* heroes who died */
    int escaped;    /* heroes who left by an exit */
    char fallen_names[128]; /* "Barbarian, Elf" or "" */
    char outcome[GAME_EVENT_TEXT]; /* why it ended ("victory: the quest is done") */
    int hero_count;
    HudHeroSummary heroes[GAME_MAX_HEROES];
} HudSummary;

/* A question over the board before an action a player may regret (ending
 * a turn with movement unused, leaving with objectives to meet): a title,
 * what is at stake, a hint, and two answers. */
typedef struct HudQuestion {
    const char *title, *text, *hint;
    const char *yes, *no; /* the answers' words */
    int choice;           /* the highlighted one: 0 yes, 1 no */
} HudQuestion;

/* Everything else the HUD shows this frame. */
typedef struct HudModel {
    const char *title;                /* the mission's name */
    const Game *game;
    const MsgLog *log;
    int log_scroll;                   /* lines scrolled back from the newest */
    bool enabled[HUD_CMD_COUNT];
    bool has_focus;                   /* a button has the cursor keys (a controller's) */
    HudCommand focus;                 /* ...which: drawn with a thick gold frame */
    bool pad_hints;                   /* hints name a controller's buttons, not keys */
    const char *keys[HUD_CMD_COUNT];  /* key names for the buttons ("R") */
    HudDice dice;
    int info_piece;                   /* piece described in the panel, or -1 */
    const char *status;               /* the line at the top of the panel */
    const char *notice;               /* a hint or refusal under it, or "" */
    bool show_objectives, show_log, show_help;
    const char *help;                 /* the help panel's lines, '\n' between */
    const char *help_title;           /* its title (NULL: "Keys and mouse") */
    const char *help_key;             /* the help key's name, shown by the title */
    int help_scroll;                  /* help lines scrolled past (hud_help_scroll_max) */
    bool animating;                   /* the monsters or a move are playing */
    int current;                      /* the hero whose turn is on screen, -1: the monsters' */
    const int *body;                  /* body points per piece id as shown (the blow lands
                                         with its dice), or NULL: the game's */
    size_t body_count;
    const HudSummary *summary;        /* the end panel's figures (when the game is over);
                                         NULL: no end panel (a replay watched) */
    const char *outcome_text;         /* the end panel's words: the mission's, else the rules' */
    int end_choice;                   /* the end panel's highlighted button (HudEndChoice) */
    bool has_next;                    /* ...whether it offers a next mission */
    const char *quit_label;           /* the last button's words (NULL: "Back to the title") */
    const char *again_label;          /* ...its first button's words (NULL: "Play again";
                                         a campaign goes on instead) */
    const HudSpellMenu *spell_menu;   /* the open spell list, or NULL */
    const HudQuestion *question;      /* a question over the board, or NULL */
    const int *purse;                 /* a campaign's quest: per hero piece id (below
                                         GAME_MAX_HEROES) the gold it brought in, which
                                         the panel adds to what it finds; NULL: none */
} HudModel;

/* Lays the screen out for a w x h output with the given font. */
void hud_layout(Text *text, int w, int h, HudLayout *out);
/* The same with the side panel folded away to a strip two lines wide that
 * holds only its tab (issue 25 item 11: at 800x600 the panel took 38% of
 * the width), or open (hud_layout). */
void hud_layout_folded(Text *text, int w, int h, bool folded, HudLayout *out);

/* True when a window w pixels wide has no room for the open side panel at
 * its narrowest (17 lines) beside the board: more than 40% of the width
 * (at 800x600 the UI scale above 1 left the board and its buttons half
 * the window). The play screen folds it there unless the player opens it. */
bool hud_panel_crowds(Text *text, int w);
/* How far the help panel scrolls: its lines that do not fit the board
 * (0 when all do). */
int hud_help_scroll_max(Text *text, const HudLayout *layout, const HudModel *m);

/* True when (x, y) is on the panel's fold tab. */
bool hud_fold_at(const HudLayout *layout, int x, int y);

/* The button at (x, y), or HUD_CMD_COUNT. */
HudCommand hud_button_at(const HudLayout *layout, int x, int y);

/* Where the spell list of count rows is drawn, and the row at (x, y)
 * in it (-1 when none): drawing and clicks agree. */
SDL_Rect hud_spell_menu_rect(const HudLayout *layout, int count);
int hud_spell_at(const HudLayout *layout, int count, int first, int x, int y);

/* How many rows of a list of count the window shows; and first moved so
 * the hovered row is among them. */
int hud_spell_rows_shown(const HudLayout *layout, int count);
void hud_spell_keep_visible(const HudLayout *layout, HudSpellMenu *sm);

/* True when (x, y) is over the HUD (not the board). */
bool hud_covers(const HudLayout *layout, int x, int y);

/* A button's label ("Roll"). */
const char *hud_command_label(HudCommand cmd);

/* The end panel's buttons, left to right. */
typedef enum HudEndChoice {
    HUD_END_AGAIN,
    HUD_END_NEXT,
    HUD_END_WATCH, /* the game just played, in the replay viewer */
    HUD_END_TITLE,
    HUD_END_COUNT
} HudEndChoice;

/* Where the end panel goes (over the whole window) and its buttons
 * (buttons[HUD_END_NEXT] is empty without a next mission). */
void hud_end_layout(const HudLayout *layout, int heroes, bool has_next, SDL_Rect *panel,
                    SDL_Rect buttons[HUD_END_COUNT]);

/* The end panel's button at (x, y), or -1. */
int hud_end_button_at(const HudLayout *layout, int heroes, bool has_next, int x, int y);

/* Where a question goes (centred over the board) and its two answers
 * (0 yes, 1 no); the answer at (x, y), or -1. */
void hud_question_layout(const HudLayout *layout, SDL_Rect *panel, SDL_Rect buttons[2]);
int hud_question_button_at(const HudLayout *layout, int x, int y);

/* A label of the end panel's buttons ("Play again"). */
const char *hud_end_label(HudEndChoice c);

/* Body points of piece id as the model shows them. */
int hud_body(const HudModel *m, int id);

/* Shades the reachable squares, draws the path with its length, the
 * cursor and the selection over the board seen through cam. */
void hud_draw_squares(Renderer *r, const Camera *cam, const HudSquares *sq);

/* Draws the panels, buttons, dice and overlays. */
void hud_draw(Renderer *r, const HudLayout *layout, const HudModel *m);

/* True when a panel lies over the board (the spell list, help, the log,
 * the objectives, the end panel): the hover box is not drawn then. */
bool hud_covers_board(const HudModel *m);

/* The dice tray alone, where hud_draw puts it at the foot of board, for
 * a screen without the rest of the HUD (the online board). */
void hud_draw_dice_tray(Renderer *r, SDL_Rect board, int line_h, const HudDice *d);

/* The dice tray's rectangle as hud_draw draws it; false when no tray is
 * shown (the hover box goes above it). */
bool hud_dice_rect(Text *t, const HudLayout *l, const HudModel *m, SDL_Rect *out);
