/* Rows in the editor's panels: a colour swatch or a piece's sprite, the
 * text, a note at the right; headings in gold; a scroll position. */
#include "editor_internal.h"

#include "gfx/layoutprobe.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

void editor_list_clear(EditorList *l)
{
    int first = l->first;
    memset(l->rows, 0, sizeof l->rows[0] * (size_t)(l->count > 0 ? l->count : 0));
    l->count = 0;
    l->first = first;
}

EditorRow *editor_list_add(EditorList *l, int action, int arg, const char *fmt, ...)
{
    static EditorRow spare;
    if (l->count >= EDITOR_ROWS_MAX) {
        memset(&spare, 0, sizeof spare);
        return &spare;
    }
    EditorRow *r = &l->rows[l->count++];
    memset(r, 0, sizeof *r);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(r->text, sizeof r->text, fmt, ap);
    va_end(ap);
    r->action = action;
    r->arg = arg;
    r->colour = action < 0 ? UIKIT_GOLD : UIKIT_TEXT;
    return r;
}

void editor_list_scroll(EditorList *l, int by)
{
    l->first += by;
    if (l->first > l->count - l->shown)
        l->first = l->count - l->shown;
    if (l->first < 0)
        l->first = 0;
}

int editor_list_at(const EditorList *l, int x, int y)
{
    for (int i = l->first; i < l->count && i < l->first + l->shown; i++) {
        SDL_Rect r = l->drawn[i];
        if (x >= r.x && x < r.x + r.w && y >= r.y && y < r.y + r.h)
            return l->rows[i].action >= 0 ? i : -1;
    }
    return -1;
}

static void fill(App *app, SDL_Rect r, SDL_Color c)
{
    SDL_SetRenderDrawBlendMode(app->sdl, SDL_BLENDMODE_BLEND);
    SDL_SetRenderDrawColor(app->sdl, c.r, c.g, c.b, c.a);
    SDL_RenderFillRect(app->sdl, &r);
}

/* A colour square with a thin frame; transparent shows as a cross. */
static void swatch(App *app, SDL_Rect r, uint32_t c)
{
    fill(app, r, (SDL_Color){110, 100, 90, 255});
    SDL_Rect in = {r.x + 1, r.y + 1, r.w - 2, r.h - 2};
    if ((c >> 24) == 0) {
        fill(app, in, (SDL_Color){0, 0, 0, 255});
        SDL_SetRenderDrawColor(app->sdl, 200, 60, 60, 255);
        SDL_RenderDrawLine(app->sdl, in.x, in.y, in.x + in.w - 1, in.y + in.h - 1);
        return;
    }
    fill(app, in, (SDL_Color){(Uint8)(c >> 16), (Uint8)(c >> 8), (Uint8)c, 255});
}

static void draw_row(App *app, Editor *e, const EditorRow *row, SDL_Rect r)
{
    int lh = uikit_line(app), pad = lh / 4;
    if (row->selected)
        fill(app, r, (SDL_Color){96, 64, 28, 255});
    int x = r.x + pad;
    if (row->swatch) {
        swatch(app, (SDL_Rect){x, r.y + pad / 2, lh - pad, lh - pad}, row->swatch);
        x += lh;
    } else if (row->sprite) {
        Renderer *rd = screens_board_renderer(app);
        SDL_Texture *t = rd ? render_sprite(rd, row->sprite) : NULL;
        if (t)
            SDL_RenderCopy(app->sdl, t, NULL, &(SDL_Rect){x, r.y, lh, lh});
        x += lh + pad;
    }
    int nw = 0, h;
    if (row->note[0])
        text_size(app->ui, row->note, &nw, &h);
    int room = r.x + r.w - pad - x;
    if (nw > room / 2)
        nw = room / 2;
    if (nw > 0)
        uikit_text_fit(app, row->note, r.x + r.w - pad - nw, r.y, nw, UIKIT_DIM);
    uikit_text_fit(app, row->text, x, r.y, room - (nw ? nw + pad : 0), row->colour);
    (void)e;
}

void editor_list_draw(App *app, Editor *e, EditorList *l, SDL_Rect r)
{
    int lh = uikit_line(app), row_h = lh + lh / 6;
    l->shown = r.h / row_h;
    if (l->shown < 1)
        l->shown = 1;
    editor_list_scroll(l, 0);
    for (int i = l->first; i < l->count && i < l->first + l->shown; i++) {
        SDL_Rect row = {r.x, r.y + (i - l->first) * row_h, r.w, row_h};
        l->drawn[i] = row;
        draw_row(app, e, &l->rows[i], row);
    }
    /* a bar along the right edge says where the view is in a long list */
    if (l->count > l->shown) {
        int bar_h = r.h * l->shown / l->count;
        int bar_y = r.y + (r.h - bar_h) * l->first / (l->count - l->shown);
        fill(app, (SDL_Rect){r.x + r.w - 3, bar_y, 3, bar_h > 4 ? bar_h : 4},
             (SDL_Color){150, 112, 52, 200});
    }
}
