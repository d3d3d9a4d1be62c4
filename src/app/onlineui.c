#include "onlineui.h"

#include "uikit.h"

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
