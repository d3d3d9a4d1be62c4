#include "ui.h"

#include "contrast.h"
#include "layoutprobe.h"

#include "core/i18n.h"

#include <stdio.h>
#include <string.h>

static const SDL_Color PANEL = {14, 12, 10, 200};
static const SDL_Color TITLE = {244, 222, 170, 255};
static const SDL_Color BODY = {236, 232, 224, 255};
static const SDL_Color DIM = {170, 160, 150, 255};

/* What stands on pos, for the hover box: a figure, furniture, a mark or a
 * door on one of its sides. */
static void describe_contents(const Scene *s, BoardPos pos, char *buf, size_t size)
{
    static const char *const owners[SCENE_OWNER_COUNT] = {N_("hero"), N_("monster"), N_("furniture")};
    const ScenePiece *p = scene_piece_at(s, pos);
    const SceneMark *m = scene_mark_at(s, pos);
    size_t n = strlen(buf);
    if (p && n < size)
        n += p->detail[0] ? (size_t)snprintf(buf + n, size - n, "\n%s: %s", p->name, p->detail)
                          : (size_t)snprintf(buf + n, size - n, "\n%s (%s)", p->name,
                                                     p->owner < SCENE_OWNER_COUNT ? _(owners[p->owner]) : "?");
    if (m && n < size)
        n += (size_t)snprintf(buf + n, size - n, "\n%s", m->name);
    /* every edge: four on squares, six on hexes (scene_door_at answers
     * NULL for the directions that are no edge) */
    for (int d = 0; d < GRID_DIR_COUNT && n < size; d++) {
        const SceneDoor *door = scene_door_at(s, pos, (GridDir)d);
        static const char *const dir_names[GRID_DIR_COUNT] = {
            N_("north"), N_("east"), N_("south"), N_("west"),
            N_("north-east"), N_("south-east"), N_("south-west"), N_("north-west")};
        static const char *const states[SCENE_DOOR_STATE_COUNT] = {N_("A closed door"), N_("An open door"),
                                                                    N_("A secret door"), NULL};
        if (door && states[door->state])
            /* TRANSLATORS: a door and the side of the square it is on ("A closed door to the north") */
            n += (size_t)snprintf(buf + n, size - n, _("\n%s to the %s"), _(states[door->state]),
                                  _(dir_names[d]));
    }
}

char *ui_describe_square_plain(const Scene *scene, BoardPos pos, char *buf, size_t size)
{
    const Board *b = scene_board(scene);
    if (!scene_revealed(scene, pos)) {
        snprintf(buf, size, "%s", _("Unexplored"));
        return buf;
    }
    const char *name = scene_colour_name(scene, board_rgb(b, pos));
    if (board_type(b, pos) == SQUARE_BLOCKED)
        snprintf(buf, size, "%s", _("Solid rock"));
    else
        snprintf(buf, size, "%s", name && name[0] ? name : _("A room"));
    describe_contents(scene, pos, buf, size);
    return buf;
}

char *ui_describe_square(const Scene *scene, BoardPos pos, char *buf, size_t size)
{
    const Board *b = scene_board(scene);
    if (!scene_revealed(scene, pos)) {
        /* fog of war: no room name or colour gives the unseen away */
        snprintf(buf, size, _("(%d, %d)\nunexplored"), pos.x, pos.y);
        return buf;
    }
    uint32_t rgb = board_rgb(b, pos);
    int32_t room = board_room(b, pos);
    const char *name = scene_colour_name(scene, rgb);
    int n = snprintf(buf, size, _("(%d, %d)  room %ld"), pos.x, pos.y, (long)room);

    if (name && n >= 0 && (size_t)n < size)
        n += snprintf(buf + n, size - (size_t)n, "  %s", name);
    if (n >= 0 && (size_t)n < size)
        snprintf(buf + n, size - (size_t)n, "\n%s  #%06lx", board_type_name(board_type(b, pos)),
                 (unsigned long)rgb);
    describe_contents(scene, pos, buf, size);
    return buf;
}

static void panel(SDL_Renderer *sdl, int x, int y, int w, int h)
{
    SDL_Rect rc = {x, y, w, h};
    if (contrast_high()) { /* opaque black, outlined in white */
        SDL_SetRenderDrawColor(sdl, 0, 0, 0, 255);
        layoutprobe_panel(rc, 255);
        SDL_RenderFillRect(sdl, &rc);
        SDL_SetRenderDrawColor(sdl, 255, 255, 255, 255);
        SDL_RenderDrawRect(sdl, &rc);
        return;
    }
    SDL_SetRenderDrawColor(sdl, PANEL.r, PANEL.g, PANEL.b, PANEL.a);
    layoutprobe_panel(rc, PANEL.a);
    SDL_RenderFillRect(sdl, &rc);
}

/* Draws lines of text (split on '\n') in a panel whose bottom-left corner
 * is at (x, bottom). */
static void draw_lines(SDL_Renderer *sdl, Text *text, const char *lines, int x, int bottom)
{
    char copy[1024];
    snprintf(copy, sizeof copy, "%s", lines);
    const char *parts[16];
    int count = 0, width = 0, lh = text_line_height(text), pad = lh / 3;
    for (char *p = strtok(copy, "\n"); p && count < 16; p = strtok(NULL, "\n")) {
        int w, h;
        text_size(text, p, &w, &h);
        width = w > width ? w : width;
        parts[count++] = p;
    }
    int top = bottom - count * lh - 2 * pad;
    panel(sdl, x, top, width + 2 * pad, count * lh + 2 * pad);
    for (int i = 0; i < count; i++)
        text_draw(text, parts[i], x + pad, top + pad + i * lh, i == 0 ? BODY : DIM);
}

void ui_draw(SDL_Renderer *sdl, Text *text, const Scene *scene, const Camera *cam,
             const RenderView *view)
{
    int lh = text_line_height(text), pad = lh / 3;
    int bottom = view->ui_bottom > 0 && view->ui_bottom < cam->view_h ? view->ui_bottom : cam->view_h;
    const char *title = scene_title(scene);
    if (title[0]) {
        int w, h;
        text_size(text, title, &w, &h);
        panel(sdl, pad, pad, w + 2 * pad, lh + pad);
        text_draw(text, title, 2 * pad, pad + pad / 2, TITLE);
    }
    if (view->has_hover && board_contains(scene_board(scene), view->hover) &&
        board_type(scene_board(scene), view->hover) != SQUARE_NONE) {
        /* the author's overlay gets the numbers; players get words */
        char buf[512];
        draw_lines(sdl, text,
                   view->debug ? ui_describe_square(scene, view->hover, buf, sizeof buf)
                               : ui_describe_square_plain(scene, view->hover, buf, sizeof buf),
                   pad, bottom - pad);
    }
    if (view->show_help) {
        char help[160];
        /* TRANSLATORS: %s: " on" while the overlay is on; then the --labels word (room, type, coords, cost) */
        snprintf(help, sizeof help,
                 _("F3 overlay%s   F4 labels: %s   wheel +/- zoom   drag arrows pan   0 fit   F12 screenshot"),
                 view->debug ? _(" on") : "", render_debug_label_name(view->label));
        int w, h;
        text_size(text, help, &w, &h);
        panel(sdl, cam->view_w - w - 3 * pad, bottom - lh - 2 * pad, w + 2 * pad, lh + pad);
        text_draw(text, help, cam->view_w - w - 2 * pad, bottom - lh - 3 * pad / 2, DIM);
    }
}
