#include "lobby.h"

#include "core/i18n.h"

#include "app/onlineui.h"
#include "app/uikit.h"

#include "core/alloc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { ROW_PLAY, ROW_CHAT, ROW_REJOIN, ROW_LEAVE };

/* What to do once connected. */
typedef struct LobbyIntent {
    bool host;        /* host (args) or join (code, seat) */
    char args[200];   /* "first-light seats=2+monsters" */
    char code[16];
    char seat[16];    /* a seat number or "spectator" */
    char pack[4400];  /* a quest pack to upload and host, or "" */
} LobbyIntent;

typedef struct Lobby {
    Screen base;
    Online *online;
    LobbyIntent intent;
    bool asked;      /* the host or join went out */
    UiMenu menu;
    TextField chat;
    char where[160]; /* where friends join */
} Lobby;

static void refresh(Lobby *l)
{
    int keep = l->menu.selected;
    uikit_menu_clear(&l->menu);
    uikit_menu_add(&l->menu, _("Play"), NULL, online_phase(l->online) == ONLINE_SEATED);
    uikit_menu_add(&l->menu, _("Chat"), NULL, online_phase(l->online) == ONLINE_SEATED);
    uikit_menu_add(&l->menu, _("Rejoin"), NULL,
                   online_phase(l->online) == ONLINE_CLOSED && online_token(l->online)[0]);
    uikit_menu_add(&l->menu, _("Leave"), NULL, true);
    l->menu.selected = keep;
}

static void handle(Screen *s, App *app, const UiInput *in)
{
    Lobby *l = (Lobby *)s;
    if (l->chat.focused) {
        SDL_Keycode k = in->ev && in->ev->type == SDL_KEYDOWN ? in->ev->key.keysym.sym : SDLK_UNKNOWN;
        if (k == SDLK_RETURN || k == SDLK_KP_ENTER) {
            if (l->chat.text[0])
                online_say(l->online, l->chat.text);
            textfield_init(&l->chat, "", 160);
        } else if (k == SDLK_ESCAPE) {
            l->chat.focused = l->base.wants_keys = false;
        } else {
            uikit_field_handle(&l->chat, in);
        }
    } else {
        int row = uikit_menu_handle(&l->menu, in);
        if (row == -2 || row == ROW_LEAVE) {
            screens_pop(app);
            return;
        }
        if (row == ROW_PLAY)
            screens_go(app, SCREEN_ONLINE_PLAY, &(OnlinePlayArgs){l->online});
        else if (row == ROW_CHAT)
            l->chat.focused = l->base.wants_keys = true;
        else if (row == ROW_REJOIN) {
            char why[256];
            if (!online_rejoin(l->online, why, sizeof why))
                screens_toast(app, _("Cannot rejoin: %s"), why);
            refresh(l);
        }
    }
    uikit_text_input(&l->chat);
}

static bool update(Screen *s, App *app, double dt)
{
    (void)dt;
    Lobby *l = (Lobby *)s;
    OnlinePhase before = online_phase(l->online);
    bool changed = online_poll(l->online);
    if (!l->asked && online_phase(l->online) == ONLINE_LOBBY) {
        l->asked = true;
        if (l->intent.host && l->intent.pack[0])
            online_host_pack(l->online, l->intent.pack, l->intent.args);
        else if (l->intent.host)
            online_host(l->online, l->intent.args);
        else
            online_join(l->online, l->intent.code, l->intent.seat);
    }
    if (before != online_phase(l->online)) {
        refresh(l);
        if (online_phase(l->online) == ONLINE_SEATED) {
            char title[96];
            snprintf(title, sizeof title, _("Questboard: game %s"), online_code(l->online));
            SDL_SetWindowTitle(app->window, title);
            if (online_local_port(l->online))
                screens_toast(app, _("Game %s: friends join at 127.0.0.1:%u"), online_code(l->online),
                              (unsigned)online_local_port(l->online));
            else
                screens_toast(app, _("Game %s"), online_code(l->online));
        }
    }
    char alert[ONLINE_LINE_MAX];
    if (online_take_alert(l->online, alert, sizeof alert))
        screens_toast(app, "%s", alert);
    if (online_phase(l->online) == ONLINE_SEATED && online_local_port(l->online))
        snprintf(l->where, sizeof l->where, _("Friends join at 127.0.0.1:%u with the code %s"),
                 (unsigned)online_local_port(l->online), online_code(l->online));
    else if (online_phase(l->online) == ONLINE_SEATED)
        snprintf(l->where, sizeof l->where, _("Friends join with the code %s"), online_code(l->online));
    if (changed)
        app->dirty = true;
    return false;
}

/* The seats: kind, heroes, the player and whether they are here. */
static int draw_seats(Lobby *l, App *app, int x, int y, int w)
{
    int lh = uikit_line(app);
    uikit_text(app, _("Seats"), x, y, UIKIT_GOLD);
    y += lh;
    for (int i = 0; i < online_seat_count(l->online); i++) {
        const OnlineSeat *seat = online_seat(l->online, i);
        char line[200];
        const char *who = strcmp(seat->name, "-") ? seat->name : _("(free)");
        if (strcmp(seat->kind, "heroes") == 0)
            snprintf(line, sizeof line, _("%d  heroes %s: %s"), i, seat->heroes, who);
        else
            snprintf(line, sizeof line, "%d  %s: %s", i, onlineui_seat_kind(seat->kind), who);
        SDL_Color c = strcmp(seat->state, "connected") == 0 ? UIKIT_GOOD
                    : strcmp(seat->state, "dropped") == 0   ? UIKIT_BAD
                                                            : UIKIT_DIM;
        int used = uikit_text_fit(app, line, x, y, w * 2 / 3, i == online_my_seat(l->online) ? UIKIT_GOLD : UIKIT_TEXT);
        const char *state = strcmp(seat->state, "connected") == 0 ? _("ready") : onlineui_seat_state(seat->state);
        uikit_text(app, state, x + used + lh, y, c);
        y += lh;
    }
    return y;
}

static void draw(Screen *s, App *app)
{
    Lobby *l = (Lobby *)s;
    SDL_SetRenderDrawColor(app->sdl, 20, 17, 14, 255);
    SDL_RenderClear(app->sdl);
    int lh = uikit_line(app), pad = screens_px(app, 16);
    SDL_Rect r = {pad, pad, app->out_w - 2 * pad, app->out_h - 2 * pad};
    uikit_panel(app, r);
    char title[64];
    OnlinePhase ph = online_phase(l->online);
    if (ph == ONLINE_SEATED)
        snprintf(title, sizeof title, _("Game %s"), online_code(l->online));
    else
        snprintf(title, sizeof title, "%s", _("Lobby"));
    uikit_title(app, title, r.x + pad, r.y + pad, UIKIT_GOLD);
    int tw, th;
    text_size(app->big, "G", &tw, &th);
    int x = r.x + pad, y = r.y + pad + th + lh / 2, col = (r.w - 3 * pad) / 2;
    /* a server's reason may be long (a refusal, why the connection went):
     * two lines, the rest below moved down when it takes them */
    y = uikit_wrap(app, online_status(l->online), x, y, col, 2, ph == ONLINE_CLOSED ? UIKIT_BAD : UIKIT_DIM);
    if (l->where[0])
        uikit_wrap(app, l->where, x, y, col, 2, UIKIT_TEXT);
    y += 5 * lh / 2;
    y = draw_seats(l, app, x, y, col) + lh;
    SDL_Rect menu = {x, y, col, 4 * (lh + lh / 3)};
    uikit_menu_draw(app, &l->menu, menu);
    int rx = x + col + pad;
    uikit_text(app, _("News and chat"), rx, r.y + pad + th + lh / 2, UIKIT_GOLD);
    SDL_Rect log = {rx, r.y + pad + th + 3 * lh / 2, col, r.h - 3 * pad - th - 3 * lh};
    onlineui_draw_log(app, l->online, log);
    uikit_field_draw(app, &l->chat, (SDL_Rect){rx, r.y + r.h - pad - lh, col, lh});
    const char *hint = _("Play opens the board; Chat: type, Return sends, Escape stops");
    int lines = uikit_wrap_lines(app, hint, col) > 1 ? 2 : 1; /* ending on the chat's line */
    uikit_wrap(app, hint, x, r.y + r.h - pad - lines * lh, col, lines, UIKIT_DIM);
}

static void resumed(Screen *s, App *app)
{
    Lobby *l = (Lobby *)s;
    char title[96];
    snprintf(title, sizeof title, _("Questboard: game %s"), online_code(l->online));
    SDL_SetWindowTitle(app->window, title);
    refresh(l);
}

static void destroy(Screen *s)
{
    Lobby *l = (Lobby *)s;
    online_destroy(l->online);
    free(l);
}

static const ScreenOps lobby_ops = {"lobby", handle, update, draw, destroy, resumed};

Screen *lobby_create(App *app, const LobbyArgs *a)
{
    Lobby *l = xcalloc(1, sizeof *l);
    l->base.ops = &lobby_ops;
    l->base.opaque = true;
    l->online = a->online;
    l->intent.host = a->host;
    snprintf(l->intent.args, sizeof l->intent.args, "%s", a->host_args ? a->host_args : "");
    snprintf(l->intent.code, sizeof l->intent.code, "%s", a->code ? a->code : "");
    snprintf(l->intent.pack, sizeof l->intent.pack, "%s", a->pack ? a->pack : "");
    snprintf(l->intent.seat, sizeof l->intent.seat, "%s", a->seat ? a->seat : "");
    textfield_init(&l->chat, "", 160);
    refresh(l);
    SDL_SetWindowTitle(app->window, _("Questboard: online"));
    return &l->base;
}

static Screen *open_lobby(App *app, const void *args, char *err, size_t err_size)
{
    (void)err, (void)err_size;
    return lobby_create(app, args);
}

const ScreenEntry lobby_entry = {&lobby_ops, open_lobby, NULL, N_("The lobby cannot open")};
