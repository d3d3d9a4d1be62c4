#include "layoutprobe.h"

#include "core/alloc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The probe recording now; NULL nearly always (see the header). */
static LayoutProbe *current;

void layoutprobe_begin(LayoutProbe *p)
{
    p->count = 0;
    current = p;
}

void layoutprobe_end(void)
{
    current = NULL;
}

bool layoutprobe_active(void)
{
    return current != NULL;
}

static int depth_now(void)
{
    return current->count ? current->items[current->count - 1].depth : 0;
}

static ProbeItem *add(void)
{
    int depth = depth_now();
    if (current->count == current->cap) {
        current->cap = current->cap ? current->cap * 2 : 256;
        current->items = xrealloc(current->items, current->cap, sizeof *current->items);
    }
    ProbeItem *it = &current->items[current->count++];
    memset(it, 0, sizeof *it);
    it->depth = depth;
    return it;
}

void layoutprobe_text(SDL_Renderer *sdl, SDL_Rect r, const char *s)
{
    if (!current || r.w <= 0 || r.h <= 0)
        return;
    ProbeItem *it = add();
    it->rect = r;
    snprintf(it->text, sizeof it->text, "%s", s);
    if (sdl && SDL_RenderIsClipEnabled(sdl)) {
        it->has_clip = true;
        SDL_RenderGetClipRect(sdl, &it->clip);
    }
}

void layoutprobe_layer(void)
{
    if (!current)
        return;
    int depth = depth_now();
    ProbeItem *it = add();
    it->layer = true;
    it->depth = depth + 1;
}

void layoutprobe_panel(SDL_Rect r, int alpha)
{
    if (!current || r.w <= 0 || r.h <= 0)
        return;
    ProbeItem *it = add();
    it->rect = r;
    it->panel = true;
    it->alpha = alpha;
}

static bool contains(SDL_Rect outer, SDL_Rect inner)
{
    return inner.x >= outer.x && inner.y >= outer.y && inner.x + inner.w <= outer.x + outer.w &&
           inner.y + inner.h <= outer.y + outer.h;
}

/* The glyphs' box: SDL_ttf's surface holds the line's full height, whose
 * top and bottom rows are nearly always empty; a pixel of slack each way
 * keeps lines set exactly one line apart from counting as overlapping. */
static SDL_Rect ink(SDL_Rect r)
{
    int slack = r.h >= 12 ? 2 : 0;
    return (SDL_Rect){r.x + 1, r.y + slack, r.w - 2, r.h - 2 * slack};
}

typedef struct Report {
    char *buf;
    size_t size, len, count;
} Report;

typedef enum Problem { OFF_WINDOW, CLIPPED, OUT_OF_PANEL, COVERED, SHOWS_THROUGH, OVERLAP } Problem;

static void say(Report *rp, Problem what, const ProbeItem *a, const ProbeItem *b)
{
    static const char *const words[] = {"runs off the window", "is cut by its clip rectangle",
                                        "runs out of its panel", "is covered in part by a panel",
                                        "shows through a panel", "overlaps"};
    rp->count++;
    if (rp->len + 1 >= rp->size)
        return;
    char line[400], other[160] = "";
    if (b)
        snprintf(other, sizeof other, " %s%s%s at %d,%d %dx%d", b->panel ? "" : "'", b->text,
                 b->panel ? "" : "'", b->rect.x, b->rect.y, b->rect.w, b->rect.h);
    snprintf(line, sizeof line, "'%s' at %d,%d %dx%d %s%s", a->text, a->rect.x, a->rect.y, a->rect.w,
             a->rect.h, words[what], other);
    int n = snprintf(rp->buf + rp->len, rp->size - rp->len, "%s\n", line);
    rp->len += n > 0 ? (size_t)n : 0;
    if (rp->len >= rp->size)
        rp->len = rp->size - 1;
}

/* The panel text i was drawn on: the last one before it holding the
 * middle of its first letter. */
static const ProbeItem *panel_under(const LayoutProbe *p, size_t i)
{
    const ProbeItem *t = &p->items[i];
    SDL_Point at = {t->rect.x + 2, t->rect.y + t->rect.h / 2};
    for (size_t k = i; k-- > 0;)
        if (p->items[k].panel && p->items[k].depth == t->depth && SDL_PointInRect(&at, &p->items[k].rect))
            return &p->items[k];
    return NULL;
}

/* True when an opaque panel drawn between items a and b covers area. */
static bool hidden_between(const LayoutProbe *p, size_t a, size_t b, SDL_Rect area)
{
    for (size_t k = a + 1; k < b; k++)
        if (p->items[k].panel && p->items[k].alpha >= 240 && contains(p->items[k].rect, area))
            return true;
    return false;
}

static void check_text(const LayoutProbe *p, size_t i, int w, int h, Report *rp)
{
    const ProbeItem *t = &p->items[i];
    SDL_Rect r = ink(t->rect), window = {0, 0, w, h};
    if (!contains(window, r)) {
        say(rp, OFF_WINDOW, t, NULL);
        return;
    }
    if (t->has_clip && !contains(t->clip, r)) {
        say(rp, CLIPPED, t, NULL);
        return;
    }
    const ProbeItem *panel = panel_under(p, i);
    if (panel && !contains(panel->rect, r))
        say(rp, OUT_OF_PANEL, t, panel);
}

static void check_overlaps(const LayoutProbe *p, size_t i, Report *rp)
{
    const ProbeItem *a = &p->items[i];
    SDL_Rect ra = ink(a->rect);
    for (size_t j = i + 1; j < p->count; j++) {
        const ProbeItem *b = &p->items[j];
        SDL_Rect both;
        if (b->layer && a->depth == 0)
            return; /* the screen under a dialog is its backdrop */
        if (b->layer)
            continue;
        if (!SDL_IntersectRect(&ra, &b->rect, &both))
            continue;
        if (b->panel) {
            /* a panel over text: all of it (hidden, if opaque) or none */
            if (!contains(b->rect, ra))
                say(rp, COVERED, a, b);
            else if (b->alpha < 240 && !hidden_between(p, i, j, ra))
                say(rp, SHOWS_THROUGH, a, b);
            if (contains(b->rect, ra) && b->alpha >= 240)
                return; /* hidden from here on */
            continue;
        }
        SDL_Rect rb = ink(b->rect);
        if (!SDL_IntersectRect(&ra, &rb, &both))
            continue;
        if (SDL_RectEquals(&a->rect, &b->rect) && strcmp(a->text, b->text) == 0)
            continue; /* drawn twice in place */
        if (!hidden_between(p, i, j, both))
            say(rp, OVERLAP, a, b);
    }
}

size_t layoutprobe_check(const LayoutProbe *p, int w, int h, char *report, size_t size)
{
    Report rp = {report, size, 0, 0};
    if (size)
        report[0] = '\0';
    for (size_t i = 0; i < p->count; i++) {
        if (p->items[i].panel || p->items[i].layer)
            continue;
        check_text(p, i, w, h, &rp);
        check_overlaps(p, i, &rp);
    }
    return rp.count;
}

const ProbeItem *layoutprobe_find(const LayoutProbe *p, const char *s)
{
    for (size_t i = 0; i < p->count; i++)
        if (!p->items[i].panel && !p->items[i].layer && strstr(p->items[i].text, s))
            return &p->items[i];
    return NULL;
}

void layoutprobe_free(LayoutProbe *p)
{
    free(p->items);
    *p = (LayoutProbe){0};
}
