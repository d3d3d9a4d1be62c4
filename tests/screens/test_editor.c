/* The editor screen, headless, at 800x600, 1280x800 and 1920x1080 and UI
 * scales 1, 1.5 and 2 with the layout probe on: every tab, a prompt, a
 * selection, the check; and, by mouse and keys as a player would, a small
 * mission made from nothing (a new board, a room painted with a drag, a
 * corridor drawn with the line tool, a hero and a monster placed, an
 * objective picked on the board), undone and redone, saved and loaded
 * back; the simulator run from the Check tab, its win rate and map of
 * deaths, a warning clicked. QB_LAYOUT_SHOTS=DIR keeps every frame as a PNG. */
#define _XOPEN_SOURCE 700 /* mkdtemp */
#include "screen_harness.h"

#include "app/editor/editor.h"
#include "app/editor/editor_internal.h"
#include "app/paths.h"
#include "app/settings.h"
#include "bot/balance.h"
#include "core/fileio.h"
#include "mission/mission.h"

#include <SDL_ttf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static Editor *editor(void)
{
    Screen *s = screens_top(&app);
    CHECK(s && s->ops == &editor_ops);
    return s && s->ops == &editor_ops ? (Editor *)s : NULL;
}

static void mouse(Uint32 type, int x, int y, Uint8 button)
{
    SDL_Event ev = {0};
    ev.type = type;
    if (type == SDL_MOUSEMOTION) {
        ev.motion.x = x, ev.motion.y = y, ev.motion.xrel = 1;
        ev.motion.state = button ? SDL_BUTTON(button) : 0;
    } else {
        ev.button.x = x, ev.button.y = y, ev.button.button = button;
        ev.button.state = type == SDL_MOUSEBUTTONDOWN ? SDL_PRESSED : SDL_RELEASED;
        ev.button.clicks = 1;
    }
    screens_dispatch(&app, &ev);
}

/* A click at output pixel (x, y) (the harness's window has ratio 1). */
static void click(int x, int y)
{
    mouse(SDL_MOUSEMOTION, x, y, 0);
    mouse(SDL_MOUSEBUTTONDOWN, x, y, SDL_BUTTON_LEFT);
    mouse(SDL_MOUSEBUTTONUP, x, y, SDL_BUTTON_LEFT);
}

static void click_rect(SDL_Rect r)
{
    click(r.x + r.w / 2, r.y + r.h / 2);
}

/* The screen point at the centre of square (x, y). */
static void square_point(Editor *e, int x, int y, int *sx, int *sy)
{
    double cx, cy;
    camera_centre(&e->cam, (BoardPos){x, y}, &cx, &cy);
    *sx = (int)camera_screen_x(&e->cam, cx);
    *sy = (int)camera_screen_y(&e->cam, cy);
}

static void click_square(int x, int y)
{
    Editor *e = editor();
    int sx, sy;
    if (!e)
        return;
    square_point(e, x, y, &sx, &sy);
    click(sx, sy);
}

/* A drag from one square to another, through the squares between. */
static void drag(int x0, int y0, int x1, int y1)
{
    Editor *e = editor();
    int ax, ay, bx, by;
    if (!e)
        return;
    square_point(e, x0, y0, &ax, &ay);
    square_point(e, x1, y1, &bx, &by);
    mouse(SDL_MOUSEMOTION, ax, ay, 0);
    mouse(SDL_MOUSEBUTTONDOWN, ax, ay, SDL_BUTTON_LEFT);
    for (int i = 1; i <= 4; i++)
        mouse(SDL_MOUSEMOTION, ax + (bx - ax) * i / 4, ay + (by - ay) * i / 4, SDL_BUTTON_LEFT);
    mouse(SDL_MOUSEBUTTONUP, bx, by, SDL_BUTTON_LEFT);
}

/* The row of the editor's list (tab or palette) whose text starts with s. */
static bool click_row(EditorList *l, const char *s)
{
    for (int i = 0; i < l->count; i++)
        if (strncmp(l->rows[i].text, s, strlen(s)) == 0) {
            while (i < l->first)
                editor_list_scroll(l, -1);
            while (i >= l->first + l->shown && l->first < l->count - l->shown)
                editor_list_scroll(l, 1);
            frame("scroll"); /* the rows are where they are drawn */
            click_rect(l->drawn[i]);
            return true;
        }
    fprintf(stderr, "no row '%s'\n", s);
    CHECK(false);
    return false;
}

static EditColour pixel(int x, int y)
{
    Editor *e = editor();
    return e ? editdoc_pixel(editsession_doc(e->session), (BoardPos){x, y}) : 0;
}

/* The colour of output pixel (x, y) in the frame drawn last. */
static SDL_Color read_pixel(int x, int y)
{
    Uint32 p = 0;
    SDL_Rect r = {x, y, 1, 1};
    SDL_RenderReadPixels(app.sdl, &r, SDL_PIXELFORMAT_ARGB8888, &p, 4);
    return (SDL_Color){(Uint8)(p >> 16), (Uint8)(p >> 8), (Uint8)p, 255};
}

/* Every tab, a prompt and a selection of a bundled mission. */
static void look_around(void)
{
    char path[4096], err[4096];
    paths_data_file("missions/first-light/mission.xml", path, sizeof path);
    Screen *s = editor_create(&app, path, err, sizeof err);
    CHECK(s != NULL);
    if (!s)
        return;
    screens_push(&app, s);
    Editor *e = editor();
    frame("pieces");
    CHECK(said("Heroes' start squares"));
    for (int t = 0; t < EDITOR_TAB_COUNT; t++) {
        click_rect(e->lay.tabs[t]);
        frame(editor_tab_label((EditorTab)t));
    }
    CHECK(said("Loads"));
    /* select a goblin: its properties */
    key(SDLK_s);
    click_square(6, 2);
    CHECK(e->tools.selected && e->tools.selection.kind == EDIT_MONSTER);
    CHECK_INT(e->tab, EDITOR_TAB_SELECTED);
    frame("selected");
    CHECK(said("Monster"));
    /* the overlay of rooms, a prompt */
    key(SDLK_F3);
    frame("overlay");
    key_mod(SDLK_n, KMOD_CTRL);
    CHECK(e->prompt.open);
    frame("prompt");
    CHECK(said("A new mission"));
    key(SDLK_ESCAPE);
    CHECK(!e->prompt.open);
    key(SDLK_ESCAPE); /* the selection */
    key(SDLK_ESCAPE); /* unchanged: leaves */
    screens_bury(&app);
    CHECK(screens_top(&app) == NULL);
}

/* A small mission from nothing, by mouse and keys. */
static void build(void)
{
    char err[4096];
    Screen *s = editor_create(&app, NULL, err, sizeof err);
    CHECK(s != NULL);
    if (!s)
        return;
    screens_push(&app, s);
    Editor *e = editor();
    /* a new 10x6 board */
    frame("empty");
    click_rect(e->lay.buttons[EDITOR_BUTTON_NEW]);
    CHECK(e->prompt.open);
    key_mod(SDLK_a, KMOD_CTRL);
    type("10 6");
    key(SDLK_RETURN);
    CHECK(!e->prompt.open);
    const Grid *g = editdoc_grid(editsession_doc(e->session));
    CHECK(g->width == 10 && g->height == 6);
    frame("new board");
    /* a colour of its own, added through its prompt */
    click_rect(e->lay.colour_buttons[EDITOR_COLOUR_ADD]);
    type("Hall a04040");
    key(SDLK_RETURN);
    CHECK(!e->prompt.open);
    CHECK(e->tools.colour == (EDIT_OPAQUE | 0xa04040));
    /* the hall: a rectangle dragged; a corridor: the line tool */
    key(SDLK_r);
    drag(0, 0, 5, 3);
    CHECK(pixel(0, 0) == (EDIT_OPAQUE | 0xa04040) && pixel(5, 3) == (EDIT_OPAQUE | 0xa04040));
    frame("hall");
    editor_panels_build(e);
    click_row(&e->palette, "Corridor");
    key(SDLK_l);
    drag(0, 4, 9, 4);
    CHECK(pixel(9, 4) == (EDIT_OPAQUE | 0xffffff));
    /* a pencil slip, undone by Ctrl+Z and done again by Ctrl+Y */
    key(SDLK_p);
    drag(7, 0, 9, 0);
    CHECK(pixel(8, 0) == (EDIT_OPAQUE | 0xffffff));
    key_mod(SDLK_z, KMOD_CTRL);
    CHECK(pixel(8, 0) == EDIT_NONE);
    key_mod(SDLK_y, KMOD_CTRL);
    CHECK(pixel(8, 0) == (EDIT_OPAQUE | 0xffffff));
    key_mod(SDLK_z, KMOD_CTRL);
    /* a door, a hero, an orc */
    key(SDLK_d);
    {
        int sx, sy;
        square_point(e, 2, 3, &sx, &sy);
        click(sx, sy + (int)(e->cam.scale * 0.45)); /* near the south edge */
    }
    CHECK_INT(editdoc_mission(editsession_doc(e->session))->door_count, 1);
    click_rect(e->lay.tabs[EDITOR_TAB_PIECES]);
    frame("pieces");
    click_row(&e->list, "Barbarian");
    click_square(0, 4);
    click_row(&e->list, "Orc");
    click_square(3, 1);
    const Mission *m = editdoc_mission(editsession_doc(e->session));
    CHECK(m->hero_count == 1 && m->monster_count == 1);
    /* the objective, picked on the board: the orc gets an id for it */
    click_rect(e->lay.tabs[EDITOR_TAB_MISSION]);
    frame("mission");
    click_row(&e->list, "+ Kill a monster");
    CHECK_INT(e->pick, EDITOR_PICK_KILL);
    frame("picking");
    click_square(3, 1);
    m = editdoc_mission(editsession_doc(e->session));
    CHECK_INT(m->objective_count, 1);
    CHECK(m->objective_count && strcmp(m->objectives[0].target, m->monsters[0].id) == 0);
    /* the check says it loads and plays */
    click_rect(e->lay.tabs[EDITOR_TAB_CHECK]);
    frame("check");
    CHECK(editsession_check(e->session)->loads);
    /* saved by Ctrl+S into a folder asked for */
    char dir[256];
    snprintf(dir, sizeof dir, "%s/built", tmpdir);
    key_mod(SDLK_s, KMOD_CTRL);
    CHECK(e->prompt.open);
    key_mod(SDLK_a, KMOD_CTRL);
    type(dir);
    key(SDLK_RETURN);
    CHECK(!e->prompt.open);
    CHECK(!editdoc_modified(editsession_doc(e->session)));
    frame("saved");
    char path[300];
    snprintf(path, sizeof path, "%s/mission.xml", dir);
    CHECK(fileio_is_file(path));
    key(SDLK_ESCAPE);
    screens_bury(&app);
}

/* The simulator from the Check tab, as an author uses it: a wizard alone
 * against three chaos warriors (heroes die), and a cellar with no door
 * (a warning on its square). The window goes on drawing while the bot
 * plays; then the win rate, and the map of deaths over the board, which
 * H hides and shows again. A warning clicked brings its square into view. */
static void simulate(void)
{
    char err[4096];
    Screen *s = editor_create(&app, NULL, err, sizeof err);
    CHECK(s != NULL);
    if (!s)
        return;
    screens_push(&app, s);
    Editor *e = editor();
    static const char *const script[] = {
        "new 12 5", "rect 0 0 8 4 ffffff", "colour Cellar 406080", "rect 10 0 11 4 406080",
        "place wizard 0 2", "place chaos_warrior 6 1 id=boss", "place chaos_warrior 6 3",
        "place chaos_warrior 7 2", "place goblin 11 2", "objective kill boss", "set turn-limit 20",
    };
    for (size_t i = 0; i < sizeof script / sizeof *script; i++)
        CHECK(editor_run(e, "%s", script[i]));
    frame("built by commands"); /* laid out: the tabs are where they are drawn */
    click_rect(e->lay.tabs[EDITOR_TAB_CHECK]);
    frame("check");
    CHECK(said("Simulate (F6)"));
    /* the cellar's warning, clicked: its square is the one pointed at */
    const EditCheck *c = editsession_check(e->session);
    CHECK(c->loads && c->warnings > 0);
    int cellar = -1;
    for (size_t i = 0; i < c->count && cellar < 0; i++)
        if (c->issues[i].square.x >= 10)
            cellar = (int)i;
    CHECK(cellar >= 0);
    if (cellar >= 0) {
        BoardPos at = c->issues[cellar].square;
        char text[160];
        snprintf(text, sizeof text, "%.40s", c->issues[cellar].text);
        /* pointed at, its whole text is on the status line (its row is cut short) */
        mouse(SDL_MOUSEMOTION, 1, 1, 0);
        CHECK(e->hint[0] == '\0');
        for (int r = e->list.first; r < e->list.first + e->list.shown && r < e->list.count; r++)
            if (strncmp(e->list.rows[r].text, text, strlen(text)) == 0)
                mouse(SDL_MOUSEMOTION, e->list.drawn[r].x + 4, e->list.drawn[r].y + 4, 0);
        CHECK(strcmp(e->hint, c->issues[cellar].text) == 0);
        frame("warning pointed at");
        CHECK(said(c->issues[cellar].text));
        click_row(&e->list, text);
        CHECK(e->has_hover && e->hover.x == at.x && e->hover.y == at.y);
        frame("warning shown");
    }
    /* F6: the bot plays on its own thread while frames are drawn */
    key(SDLK_F6);
    CHECK(e->sim.thread != NULL || e->sim.report != NULL);
    int drawn = 0;
    for (int i = 0; i < 3000 && e->sim.thread; i++) {
        app.dirty = false;
        screens_update(&app, 0.016);
        if (!e->sim.thread)
            break;
        if (drawn < 3) {
            frame("simulating");
            CHECK(said("Simulating"));
            drawn++;
        }
        SDL_Delay(20);
    }
    CHECK(e->sim.thread == NULL);
    CHECK(app.dirty); /* the window draws the figures as soon as the bot is done */
    CHECK(e->sim.report != NULL);
    if (!e->sim.report) {
        screens_bury(&app);
        return;
    }
    CHECK_INT(balance_games(e->sim.report), 40);
    CHECK(balance_most_deaths(e->sim.report) > 0);
    CHECK(e->sim.show_map);
    frame("simulated");
    CHECK(said("Won "));
    CHECK(said("Map of deaths (H): shown"));
    /* the map: the square where most heroes died is redder with it */
    BoardPos worst = {-1, -1};
    for (int y = 0; y < 5; y++)
        for (int x = 0; x < 12; x++)
            if (balance_deaths_at(e->sim.report, (BoardPos){x, y}) ==
                    balance_most_deaths(e->sim.report) && worst.x < 0)
                worst = (BoardPos){x, y};
    int sx, sy;
    square_point(e, worst.x, worst.y, &sx, &sy);
    mouse(SDL_MOUSEMOTION, 1, 1, 0); /* the pointer off the board */
    frame("map shown");
    SDL_Color shown = read_pixel(sx, sy);
    key(SDLK_h);
    CHECK(!e->sim.show_map);
    frame("map hidden");
    SDL_Color hidden = read_pixel(sx, sy);
    CHECK(shown.r > hidden.r || shown.g < hidden.g);
    CHECK(shown.r >= shown.g + 60);
    key(SDLK_h);
    CHECK(e->sim.show_map);
    /* an edit: the figures say they are of the mission before it */
    CHECK(editor_run(e, "place dwarf 1 2"));
    frame("stale");
    CHECK(said("before your last edits"));
    key(SDLK_ESCAPE); /* asks once: the mission has unsaved changes */
    CHECK(screens_top(&app) == s);
    key(SDLK_ESCAPE);
    CHECK(screens_top(&app) == NULL);
    screens_bury(&app);
}

int main(void)
{
    if (SDL_Init(SDL_INIT_VIDEO) != 0 || TTF_Init() != 0)
        return 1;
    IMG_Init(IMG_INIT_PNG);
    shots = getenv("QB_LAYOUT_SHOTS");
    snprintf(tmpdir, sizeof tmpdir, "/tmp/qb-editor-XXXXXX");
    if (!mkdtemp(tmpdir))
        return 2;
    setenv("XDG_DATA_HOME", tmpdir, 1);
    snprintf(app.pref, sizeof app.pref, "%s/", tmpdir);
    snprintf(app.saves, sizeof app.saves, "%s/saves", tmpdir);
    opts.limits.max_side = 16384, opts.limits.max_squares = 67108864;
    app.opts = &opts;
    app.settings = settings_create(app.pref);
    static const int sizes[][2] = {{800, 600}, {1280, 800}, {1920, 1080}};
    static const double scales[] = {1.0, 1.5, 2.0};
    app.running = true;
    for (size_t s = 0; s < 3; s++)
        for (size_t k = 0; k < 3; k++) {
            snprintf(config, sizeof config, "%dx%d@%.1f", sizes[s][0], sizes[s][1], scales[k]);
            open_window(sizes[s][0], sizes[s][1], scales[k]);
            if (app.ui) {
                look_around();
                if (k == 0 || s == 0)
                    build();
                if (k == 0 && s == 1)
                    simulate();
            }
            close_window();
        }
    settings_destroy(app.settings);
    layoutprobe_free(&probe);
    char cmd[256];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmpdir);
    if (system(cmd) != 0)
        fprintf(stderr, "could not remove %s\n", tmpdir);
    IMG_Quit();
    TTF_Quit();
    SDL_Quit();
    return check_finish("editor");
}
