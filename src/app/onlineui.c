#include "onlineui.h"

#include "uikit.h"

#include "core/i18n.h"

#include <string.h>


void onlineui_draw_log(App *app, const Online *o, SDL_Rect r)
{
    int lh = uikit_line(app), rows = r.h / lh, used = 0, first = online_log_count(o);
    /* the newest lines that fit, wrapped, oldest of them first */
    while (first > 0) {
        int need = uikit_wrap_lines(app, online_log_line(o, first - 1), r.w);
        if (used + need > rows)
            break;
        used += need;
        first--;
    }
    for (int i = first, y = r.y; i < online_log_count(o); i++)
        y = uikit_wrap(app, online_log_line(o, i), r.x, y, r.w, rows, UIKIT_TEXT);
}

/* word -> its shown text, from a table of pairs (the second marked N_) */
static const char *shown(const char *const (*table)[2], int n, const char *word)
{
    for (int i = 0; i < n; i++)
        if (strcmp(table[i][0], word) == 0)
            return _(table[i][1]);
    return word;
}

const char *onlineui_seat_kind(const char *kind)
{
    static const char *const kinds[][2] = {
        {"heroes", N_("heroes")}, {"monsters", N_("monsters")}, {"spectator", N_("spectator")}};
    return shown(kinds, 3, kind);
}

const char *onlineui_seat_state(const char *state)
{
    /* TRANSLATORS: the states of a seat in an online game */
    static const char *const states[][2] = {{"connected", N_("here")},
                                            {"dropped", N_("dropped")},
                                            {"computer", N_("computer")},
                                            {"free", N_("free")}};
    return shown(states, 4, state);
}

const char *onlineui_status(const char *status)
{
    static const char *const words[][2] = {
        {"playing", N_("playing")}, {"victory", N_("victory")}, {"defeat", N_("defeat")}};
    return shown(words, 3, status);
}
