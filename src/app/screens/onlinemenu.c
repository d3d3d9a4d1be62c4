#include "onlinemenu.h"

#include "app/missionui.h"
#include "app/online.h"
#include "app/packcli.h"
#include "app/paths.h"
#include "app/uikit.h"

#include "core/alloc.h"
#include "core/fileio.h"
#include "core/i18n.h"
#include "mission/mission_lang.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { ROW_NAME, ROW_SERVER, ROW_MISSION, ROW_PLAYERS, ROW_HOST_HERE, ROW_HOST_THERE, ROW_CODE,
       ROW_SEAT, ROW_JOIN, ROW_BACK, ROW_COUNT };

#define MISSIONS_MAX 64
#define DEFAULT_PORT 7483

/* The hero players and whether the monster side is a player's. */
static const struct { const char *label, *option; } PLAYERS[] = {
    {N_("1 hero player"), "seats=1"},
    {N_("2 hero players"), "seats=2"},
    {N_("1 hero player + monster player"), "seats=1+monsters"},
    {N_("2 hero players + monster player"), "seats=2+monsters"},
    {N_("3 hero players"), "seats=3"},
    {N_("4 hero players"), "seats=4"},
};
#define PLAYERS_COUNT (int)(sizeof PLAYERS / sizeof PLAYERS[0])
static const char *const SEATS[] = {"0", "1", "2", "3", "4", "spectator"};
#define SEATS_COUNT (int)(sizeof SEATS / sizeof SEATS[0])

typedef struct OnlineMenu {
    Screen base;
    UiMenu menu;
    TextField name, server, code;
    TextField *editing;
    char missions[MISSIONS_MAX][64]; /* folder names: what the server is told */
    char titles[MISSIONS_MAX][64];   /* their names in the player's language */
    int mission_count, mission, players, seat;
    /* the mission packs of the player's missions folder, after the
     * bundled missions in the list: uploaded to the server to host */
    char pack_paths[MISSIONS_MAX][4400];
    char pack_titles[MISSIONS_MAX][64];
    int pack_count;
    char notes[ROW_COUNT][96];
} OnlineMenu;

static int by_name(const void *a, const void *b)
{
    return strcmp((const char *)a, (const char *)b);
}

/* The bundled missions (every folder of missions/ with a mission.xml):
 * the ones every player's copy of the game has. */
static void list_missions(OnlineMenu *m)
{
    char dir[4096], path[4400];
    DIR *d = opendir(paths_data_file("missions", dir, sizeof dir));
    struct dirent *e;
    while (d && (e = readdir(d)) && m->mission_count < MISSIONS_MAX) {
        if (e->d_name[0] == '.' || strlen(e->d_name) >= sizeof m->missions[0])
            continue;
        snprintf(path, sizeof path, "%s/%s/mission.xml", dir, e->d_name);
        if (fileio_is_file(path))
            snprintf(m->missions[m->mission_count++], sizeof m->missions[0], "%s", e->d_name);
    }
    if (d)
        closedir(d);
    qsort(m->missions, (size_t)m->mission_count, sizeof m->missions[0], by_name);
    for (int i = 0; i < m->mission_count; i++)
        if (strcmp(m->missions[i], "first-light") == 0)
            m->mission = i;
}

/* The bundled missions' names as the player reads them (their
 * translations, mission_lang.h): loaded once, as the picker does; the
 * folder's name where one does not load. */
static void name_missions(OnlineMenu *m, const App *app)
{
    char dir[4096], path[4400], why[256];
    paths_data_file("missions", dir, sizeof dir);
    for (int i = 0; i < m->mission_count; i++) {
        snprintf(path, sizeof path, "%s/%s/mission.xml", dir, m->missions[i]);
        Mission *mission = app && app->opts ? missionui_load(app, path, why, sizeof why) : NULL;
        const char *name = mission ? mission_lang_text(mission, MISSION_TR_NAME, 0) : NULL;
        snprintf(m->titles[i], sizeof m->titles[i], "%s", name && name[0] ? name : m->missions[i]);
        mission_destroy(mission);
    }
}

/* The mission packs of the player's missions folder (packcli_scan: read,
 * checked and unpacked once), which the server does not have: hosting
 * one uploads it first. */
static void list_packs(OnlineMenu *m, const App *app)
{
    if (!app || !app->pref[0])
        return;
    char root[4200];
    snprintf(root, sizeof root, "%smissions", app->pref);
    PackListed *packs = xcalloc(PACKCLI_LIST_MAX, sizeof *packs);
    size_t n = packcli_scan(root, PACK_MISSION, packs, PACKCLI_LIST_MAX);
    for (size_t i = 0; i < n && m->pack_count < MISSIONS_MAX; i++) {
        snprintf(m->pack_paths[m->pack_count], sizeof m->pack_paths[0], "%s", packs[i].path);
        snprintf(m->pack_titles[m->pack_count++], sizeof m->pack_titles[0], "%s",
                 packs[i].opened.title[0] ? packs[i].opened.title : packs[i].name);
    }
    free(packs);
}

/* The pack chosen, or NULL when a bundled mission is. */
static const char *chosen_pack(const OnlineMenu *m)
{
    return m->mission >= m->mission_count ? m->pack_paths[m->mission - m->mission_count] : NULL;
}

static void refresh(OnlineMenu *m)
{
    int keep = m->menu.selected;
    uikit_menu_clear(&m->menu);
    if (chosen_pack(m))
        snprintf(m->notes[ROW_MISSION], sizeof m->notes[0], _("< %s (your quest pack) >"),
                 m->pack_titles[m->mission - m->mission_count]);
    else
        snprintf(m->notes[ROW_MISSION], sizeof m->notes[0], "< %s >",
                 m->mission_count ? m->titles[m->mission] : _("none"));
    snprintf(m->notes[ROW_PLAYERS], sizeof m->notes[0], "< %s >", _(PLAYERS[m->players].label));
    /* the seat's word goes to the server; the spectator's is shown translated */
    snprintf(m->notes[ROW_SEAT], sizeof m->notes[0], "< %s >",
             m->seat == SEATS_COUNT - 1 ? _("spectator") : SEATS[m->seat]);
    uikit_menu_add(&m->menu, _("Your name"), NULL, true);
    uikit_menu_add(&m->menu, _("Server (address:port)"), NULL, true);
    uikit_menu_add(&m->menu, _("Mission"), m->notes[ROW_MISSION], m->mission_count > 0);
    uikit_menu_add(&m->menu, _("Players"), m->notes[ROW_PLAYERS], true);
    uikit_menu_add(&m->menu, _("Host here (a server in this game)"), NULL, m->mission_count > 0);
    uikit_menu_add(&m->menu, _("Host on the server"), NULL, m->mission_count > 0);
    uikit_menu_add(&m->menu, _("Game code"), NULL, true);
    uikit_menu_add(&m->menu, _("Seat"), m->notes[ROW_SEAT], true);
    uikit_menu_add(&m->menu, _("Join"), NULL, true);
    uikit_menu_add(&m->menu, _("Back"), NULL, true);
    m->menu.selected = keep;
}

/* "host:port" into its parts; false with a toast. */
static bool parse_server(App *app, const char *text, char *host, size_t n, uint16_t *port)
{
    const char *colon = strrchr(text, ':');
    long p = DEFAULT_PORT;
    if (colon) {
        char *end;
        p = strtol(colon + 1, &end, 10);
        if (*end || end == colon + 1 || p < 1 || p > 65535) {
            screens_toast(app, _("'%s' is no port: the server is ADDRESS:PORT"), colon + 1);
            return false;
        }
    }
    size_t len = colon ? (size_t)(colon - text) : strlen(text);
    if (len == 0 || len >= n) {
        screens_toast(app, _("Name the server: ADDRESS:PORT (127.0.0.1:%d)"), DEFAULT_PORT);
        return false;
    }
    memcpy(host, text, len);
    host[len] = '\0';
    *port = (uint16_t)p;
    return true;
}

static void go(OnlineMenu *m, App *app, int row)
{
    char host[256] = "127.0.0.1", why[256];
    uint16_t port = 0;
    bool here = row == ROW_HOST_HERE;
    if (!here && !parse_server(app, m->server.text, host, sizeof host, &port))
        return;
    char args[200];
    LobbyArgs in = {.host = row != ROW_JOIN, .host_args = args, .code = m->code.text,
                    .seat = SEATS[m->seat]};
    if (row == ROW_JOIN && !m->code.text[0]) {
        screens_toast(app, _("Type the game's code first (the host's lobby shows it)"));
        return;
    }
    in.pack = row == ROW_JOIN ? NULL : chosen_pack(m);
    if (in.pack) /* uploaded, then hosted with these options */
        snprintf(args, sizeof args, "%s", PLAYERS[m->players].option);
    else
        snprintf(args, sizeof args, "%s %s", m->missions[m->mission], PLAYERS[m->players].option);
    /* a game hosted here lives as long as the window: nothing is written
     * (a dedicated --serve keeps its games in --data) */
    const char *name = m->name.text[0] ? m->name.text : _("Player");
    Online *o = online_create(host, port, name, here, NULL, why, sizeof why);
    if (!o) {
        screens_toast(app, _("Cannot go online: %s"), why);
        return;
    }
    in.online = o;
    screens_go(app, SCREEN_LOBBY, &in);
}

static void change(OnlineMenu *m, int row, int step)
{
    int choices = m->mission_count + m->pack_count;
    if (row == ROW_MISSION && choices)
        m->mission = (m->mission + step + choices) % choices;
    else if (row == ROW_PLAYERS)
        m->players = (m->players + step + PLAYERS_COUNT) % PLAYERS_COUNT;
    else if (row == ROW_SEAT)
        m->seat = (m->seat + step + SEATS_COUNT) % SEATS_COUNT;
    refresh(m);
}

static void handle(Screen *s, App *app, const UiInput *in)
{
    OnlineMenu *m = (OnlineMenu *)s;
    if (m->editing) {
        SDL_Keycode k = in->ev && in->ev->type == SDL_KEYDOWN ? in->ev->key.keysym.sym : SDLK_UNKNOWN;
        if (k == SDLK_RETURN || k == SDLK_KP_ENTER || k == SDLK_ESCAPE || k == SDLK_TAB) {
            m->editing->focused = m->base.wants_keys = false;
            m->editing = NULL;
        } else {
            uikit_field_handle(m->editing, in);
        }
    } else if (in->action == BINDING_CURSOR_LEFT || in->action == BINDING_CURSOR_RIGHT) {
        change(m, m->menu.selected, in->action == BINDING_CURSOR_LEFT ? -1 : 1);
    } else {
        int row = uikit_menu_handle(&m->menu, in);
        TextField *f = row == ROW_NAME ? &m->name : row == ROW_SERVER ? &m->server
                     : row == ROW_CODE ? &m->code : NULL;
        if (row == -2 || row == ROW_BACK) {
            screens_pop(app);
            return;
        }
        if (f) {
            m->editing = f;
            f->focused = m->base.wants_keys = true;
            textfield_select_all(f);
        } else if (row == ROW_HOST_HERE || row == ROW_HOST_THERE || row == ROW_JOIN) {
            go(m, app, row);
        } else if (row >= 0) {
            change(m, row, 1);
        }
    }
    uikit_text_input(m->editing ? m->editing : &m->name);
}

static void draw(Screen *s, App *app)
{
    OnlineMenu *m = (OnlineMenu *)s;
    SDL_SetRenderDrawColor(app->sdl, 20, 17, 14, 255);
    SDL_RenderClear(app->sdl);
    int lh = uikit_line(app), pad = screens_px(app, 16);
    SDL_Rect r = uikit_centre(app, 560, 30 * ROW_COUNT + 130);
    uikit_panel(app, r);
    int tw, th;
    text_size(app->big, _("Online"), &tw, &th);
    uikit_title(app, _("Online"), r.x + pad, r.y + pad, UIKIT_GOLD);
    int top = r.y + pad + th + lh / 2;
    SDL_Rect list = {r.x + pad, top, r.w - 2 * pad, r.y + r.h - 2 * pad - lh - top};
    uikit_menu_draw(app, &m->menu, list);
    TextField *fields[] = {&m->name, &m->server, &m->code};
    int rows[] = {ROW_NAME, ROW_SERVER, ROW_CODE};
    for (int i = 0; i < 3; i++) {
        int v = rows[i] - m->menu.first;
        if (v < 0 || v >= m->menu.visible)
            continue;
        SDL_Rect row = m->menu.rows[v];
        uikit_field_draw(app, fields[i], (SDL_Rect){row.x + row.w / 2, row.y, row.w / 2, row.h});
    }
    uikit_text_fit(app, _("Return: edit or choose; Left/Right: change; Escape: back"),
                   r.x + pad, r.y + r.h - pad - lh, r.w - 2 * pad, UIKIT_DIM);
}

static void destroy(Screen *s)
{
    free(s);
}

static const ScreenOps onlinemenu_ops = {"online", handle, NULL, draw, destroy, NULL};

Screen *onlinemenu_create(App *app)
{
    OnlineMenu *m = xcalloc(1, sizeof *m);
    m->base.ops = &onlinemenu_ops;
    m->base.opaque = true;
    const char *user = getenv("USER");
    textfield_init(&m->name, user && user[0] ? user : _("Player"), 15);

    char def[32];
    snprintf(def, sizeof def, "127.0.0.1:%d", DEFAULT_PORT);
    textfield_init(&m->server, def, 120);
    textfield_init(&m->code, "", 6);
    list_missions(m);
    name_missions(m, app);
    list_packs(m, app);
    refresh(m);
    m->menu.selected = ROW_HOST_HERE;
    return &m->base;
}

static Screen *open_online(App *app, const void *args, char *err, size_t err_size)
{
    (void)args, (void)err, (void)err_size;
    return onlinemenu_create(app);
}

const ScreenEntry onlinemenu_entry = {&onlinemenu_ops, open_online, NULL, NULL};
