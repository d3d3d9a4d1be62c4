#include "briefing.h"

#include "mission/mission_lang.h"

#include "core/i18n.h"

#include "app/missionui.h"
#include "app/uikit.h"

#include "core/alloc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define PLAYERS_MAX 4
#define ROW_TEXT 160

typedef struct Briefing {
    Screen base;
    Mission *mission;
    char path[4096];
    int page; /* 0: briefing and objectives, 1: heroes */
    UiMenu menu;
    size_t heroes;                    /* rows of heroes offered */
    bool chosen[GAME_MAX_HEROES];
    int player[GAME_MAX_HEROES];      /* 0..PLAYERS_MAX-1 */
    int monsters;                     /* the monster side: 0 the computer, 1..PLAYERS_MAX a player */
    char rows[GAME_MAX_HEROES][ROW_TEXT];
    char notes[GAME_MAX_HEROES + 1][ROW_TEXT];
    ErrorList warnings; /* --check's, for one of the player's own missions */
    const char *back;   /* the first page's way back ("Back to the missions") */
} Briefing;

static const char *hero_name(const Briefing *b, size_t i)
{
    const PieceType *t = catalogue_find(b->mission->catalogue, b->mission->heroes[i].type);
    return t && t->name[0] ? t->name : b->mission->heroes[i].type;
}

static size_t chosen_count(const Briefing *b)
{
    size_t n = 0;
    for (size_t i = 0; i < b->heroes; i++)
        n += b->chosen[i];
    return n;
}

static void build_menu(Briefing *b)
{
    int keep = b->menu.selected;
    uikit_menu_clear(&b->menu);
    if (b->page == 0) {
        uikit_menu_add(&b->menu, b->heroes ? _("Choose the heroes") : _("Start"), NULL, true);
        uikit_menu_add(&b->menu, b->back, NULL, true);
    } else {
        for (size_t i = 0; i < b->heroes; i++) {
            const PieceType *t = catalogue_find(b->mission->catalogue, b->mission->heroes[i].type);
            snprintf(b->rows[i], ROW_TEXT, "[%c] %s", b->chosen[i] ? 'x' : ' ', hero_name(b, i));
            if (b->chosen[i])
                snprintf(b->notes[i], ROW_TEXT, _("<  Player %d  >   body %d  attack %d  defend %d"),
                         b->player[i] + 1, t ? t->body : 0, t ? t->attack : 0, t ? t->defend : 0);
            else
                snprintf(b->notes[i], ROW_TEXT, _("stays home"));
            uikit_menu_add(&b->menu, b->rows[i], b->notes[i], true);
        }
        /* the monster side: the computer, or a player (hotseat) */
        if (b->monsters)
            snprintf(b->notes[b->heroes], ROW_TEXT,
                     _("<  Player %d  >   moves and attacks with them, sees the whole board"),
                     b->monsters);
        else
            snprintf(b->notes[b->heroes], ROW_TEXT, _("<  the computer  >"));
        uikit_menu_add(&b->menu, _("The monsters"), b->notes[b->heroes], true);
        uikit_menu_add(&b->menu, _("Start the quest"), NULL, chosen_count(b) > 0);
        uikit_menu_add(&b->menu, _("Back to the briefing"), NULL, true);
    }
    b->menu.selected = keep < b->menu.count ? keep : 0;
    if (b->menu.disabled[b->menu.selected])
        b->menu.selected = b->menu.count - 1;
}

static void start(Briefing *b, App *app)
{
    /* a player on the monster side makes a game with a monster player */
    GameSetup setup = {.monster_player = b->monsters > 0};
    int players[GAME_MAX_HEROES];
    for (size_t i = 0; i < b->heroes; i++)
        if (b->chosen[i]) {
            players[setup.hero_count] = b->player[i];
            setup.heroes[setup.hero_count++] = (int)i;
        }
    uint64_t seed = (uint64_t)time(NULL) * 2654435761u ^ SDL_GetPerformanceCounter();
    screens_go(app, SCREEN_GAME,
               &(GameArgs){b->path, b->heroes ? &setup : NULL, seed, players, setup.hero_count,
                           b->heroes ? b->monsters : 0});
}

/* Row i's player one step back or on: a hero's among Player 1-4, the
 * monster side's among the computer and Player 1-4. */
static void step_player(Briefing *b, size_t i, bool back)
{
    if (i == b->heroes)
        b->monsters = (b->monsters + (back ? PLAYERS_MAX : 1)) % (PLAYERS_MAX + 1);
    else
        b->player[i] = (b->player[i] + (back ? PLAYERS_MAX - 1 : 1)) % PLAYERS_MAX;
}

/* A click on a chosen hero's player ("<  Player 2  >" on the right of
 * its row), or the monster side's: the "<" half picks the previous
 * player, the rest the next; true when it was one. */
static bool click_player(Briefing *b, App *app, const UiInput *in)
{
    for (size_t i = 0; in->click && i <= b->heroes; i++) {
        SDL_Rect r = b->menu.rows[i];
        bool has_player = i == b->heroes || b->chosen[i];
        /* on the note itself: a long translation starts it left of the middle */
        int note_x = uikit_menu_note_x(app, &b->menu, (int)i);
        if (has_player && in->y >= r.y && in->y < r.y + r.h && in->x >= note_x && in->x < r.x + r.w) {
            char arrows[32];
            int w, h;
            if (i < b->heroes)
                snprintf(arrows, sizeof arrows, _("<  Player %d  >"), b->player[i] + 1);
            else if (b->monsters)
                snprintf(arrows, sizeof arrows, _("<  Player %d  >"), b->monsters);
            else
                snprintf(arrows, sizeof arrows, _("<  the computer  >"));
            text_size(app->ui, arrows, &w, &h);
            step_player(b, i, in->x < note_x + w / 2);
            b->menu.selected = (int)i;
            build_menu(b);
            return true;
        }
    }
    return false;
}

static void handle_heroes(Briefing *b, App *app, const UiInput *in)
{
    if (click_player(b, app, in))
        return;
    int sel = b->menu.selected, heroes = (int)b->heroes;
    bool has_player = sel == heroes || (sel < heroes && b->chosen[sel]);
    if (has_player && (in->action == BINDING_CURSOR_LEFT || in->action == BINDING_CURSOR_RIGHT)) {
        step_player(b, (size_t)sel, in->action == BINDING_CURSOR_LEFT);
        build_menu(b);
        return;
    }
    int row = uikit_menu_handle(&b->menu, in);
    if (row == -2 || row == heroes + 2) {
        b->page = 0;
        b->menu.selected = 0;
        build_menu(b);
    } else if (row == heroes) {
        step_player(b, (size_t)row, false); /* Return on the monsters: the next player */
        build_menu(b);
    } else if (row == heroes + 1) {
        start(b, app);
    } else if (row >= 0) {
        if (b->chosen[row] || chosen_count(b) < GAME_MAX_HEROES)
            b->chosen[row] = !b->chosen[row];
        build_menu(b);
    }
}

static void handle(Screen *s, App *app, const UiInput *in)
{
    Briefing *b = (Briefing *)s;
    if (b->page == 1) {
        handle_heroes(b, app, in);
        return;
    }
    int row = uikit_menu_handle(&b->menu, in);
    if (row == 0 && b->heroes) {
        b->page = 1;
        b->menu.selected = (int)b->heroes + 1; /* "Start" */
        build_menu(b);
    } else if (row == 0) {
        start(b, app);
    } else if (row == 1 || row == -2) {
        screens_pop(app);
    }
}

static int draw_objectives(Briefing *b, App *app, int x, int y, int w)
{
    int lh = uikit_line(app);
    uikit_text(app, _("Objectives"), x, y, UIKIT_GOLD);
    y += lh;
    if (b->mission->objective_count == 0)
        return uikit_wrap(app, _("Explore the dungeon and come back alive."), x, y, w, 2, UIKIT_TEXT);
    for (size_t i = 0; i < b->mission->objective_count && i < 8; i++) {
        const MissionObjective *o = &b->mission->objectives[i];
        char line[300];
        const char *said = mission_lang_text(b->mission, MISSION_TR_OBJECTIVE, (int)i);
        snprintf(line, sizeof line, "- %s", said[0] ? said : mission_objective_kind_name(o->kind));
        y = uikit_wrap(app, line, x, y, w, 2, UIKIT_TEXT);
    }
    return y;
}

static void draw(Screen *s, App *app)
{
    Briefing *b = (Briefing *)s;
    SDL_SetRenderDrawColor(app->sdl, 12, 10, 9, 255);
    SDL_RenderClear(app->sdl);
    SDL_Rect r = uikit_centre(app, 960, 680);
    uikit_panel(app, r);
    int pad = screens_px(app, 20), lh = uikit_line(app);
    const char *name = mission_lang_text(b->mission, MISSION_TR_NAME, 0);
    name = name && name[0] ? name : b->mission->id;
    uikit_title_fit(app, name, r.x + pad, r.y + pad, r.w - 2 * pad, UIKIT_GOLD);
    int y = r.y + pad + text_line_height(app->big);
    int menu_h = (b->page == 0 ? 2 : (int)b->heroes + 3) * (lh + lh / 3);
    int menu_y = r.y + r.h - pad - menu_h - lh;
    if (b->page == 0) {
        const char *own = mission_lang_text(b->mission, MISSION_TR_BRIEFING, 0);
        const char *text = own && own[0]
                               ? own
                               : _("No briefing: the board speaks for itself.");
        int max = (menu_y - y) / lh / 2;
        /* an author trying a mission of their own sees what --check says */
        int author = errors_total(&b->warnings) ? max / 2 : 0;
        max -= author;
        y = uikit_wrap(app, text, r.x + pad, y, r.w - 2 * pad, max > 2 ? max : 2, UIKIT_TEXT) + lh / 2;
        y = draw_objectives(b, app, r.x + pad, y, r.w - 2 * pad) + lh / 2;
        int room = (menu_y - lh / 2 - y) / lh;
        missionui_draw_warnings(app, &b->warnings, r.x + pad, y, r.w - 2 * pad, room);
    } else {
        uikit_wrap(app, _("Who goes? Return or a click picks a hero; Left/Right or a click on the "
                          "right chooses its player (hotseat), and who plays the monsters."),
                   r.x + pad, y, r.w - 2 * pad, 2, UIKIT_TEXT);
    }
    uikit_menu_draw(app, &b->menu, (SDL_Rect){r.x + pad, menu_y, r.w - 2 * pad, menu_h});
    /* a data folder deep in the file system must not run off the panel */
    uikit_text_fit(app, b->path, r.x + pad, r.y + r.h - pad - lh, r.w - 2 * pad, UIKIT_DIM);
}

static void destroy(Screen *s)
{
    Briefing *b = (Briefing *)s;
    mission_destroy(b->mission);
    errors_clear(&b->warnings);
    free(b);
}

static const ScreenOps ops = {"briefing", handle, NULL, draw, destroy, NULL};

Screen *briefing_create(App *app, const char *path, char *err, size_t err_size)
{
    Mission *m = missionui_load(app, path, err, err_size);
    if (!m)
        return NULL;
    Briefing *b = xcalloc(1, sizeof *b);
    b->base.ops = &ops;
    b->base.opaque = true;
    b->mission = m;
    snprintf(b->path, sizeof b->path, "%s", path);
    errors_init(&b->warnings, 0);
    if (missionui_own(app, path))
        missionui_warnings(m, &b->warnings);
    b->heroes = m->hero_count < GAME_MAX_HEROES ? m->hero_count : GAME_MAX_HEROES;
    for (size_t i = 0; i < b->heroes; i++) {
        b->chosen[i] = true;
        b->player[i] = (int)i;
    }
    b->back = _("Back to the missions");
    build_menu(b);
    return &b->base;
}

static Screen *open_briefing(App *app, const void *args, char *err, size_t err_size)
{
    const BriefingArgs *a = args;
    Screen *s = briefing_create(app, a->path, err, err_size);
    Briefing *b = (Briefing *)s;
    if (b && a->back) {
        b->back = a->back; /* not opened from the mission list */
        build_menu(b);
    }
    return s;
}

const ScreenEntry briefing_entry = {&ops, open_briefing, NULL, N_("This mission does not load")};
