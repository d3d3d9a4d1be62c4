/* Mission analysis (analysis.h): one breadth-first search of the heroes'
 * reach in three passes (modes), then each placement asks how it was
 * reached (analysis_internal.h names the parts). This file runs them in
 * order and collects the findings, sorted by line. */
#include "analysis.h"

#include "../core/alloc.h"
#include "../core/i18n.h"
#include "analysis_internal.h"
#include "lint.h"

#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* --- findings -------------------------------------------------------------- */

static void finding(Analysis *a, int line, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

static void finding(Analysis *a, int line, const char *fmt, ...)
{
    char text[768];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    a->found = xrealloc(a->found, a->found_count + 1, sizeof *a->found);
    a->found[a->found_count] = (Finding){line, (int)a->found_count, xstrdup(text)};
    a->found_count++;
}

void an_warn_at(Analysis *a, int line, const char *text)
{
    finding(a, line, "%s:%d: warning: %s", a->m->path, line, text);
}

const char *an_cell_word(const Analysis *a)
{
    return board_grid(a->b)->topology == GRID_HEX ? "hex" : "square";
}

void an_warn_square(Analysis *a, BoardPos p, const char *text)
{
    finding(a, INT_MAX, "%s: %s (%d,%d): warning: %s", a->m->path, an_cell_word(a), p.x, p.y,
            text);
}

void an_note_at(Analysis *a, int line, const char *text)
{
    if (a->notes)
        errors_add(a->notes, "%s:%d: note: %s", a->m->path, line, text);
}

static int compare_finding(const void *x, const void *y)
{
    const Finding *p = x, *q = y;
    if (p->line != q->line)
        return p->line < q->line ? -1 : 1;
    return p->order - q->order;
}

/* --- entry ---------------------------------------------------------------------- */

/* Each room's palette facts, looked up once: a palette may have
 * thousands of entries and a board thousands of rooms. */
static void palette_facts(Analysis *a)
{
    const MissionPaletteEntry **sorted = mission_palette_sorted(a->m);
    size_t n = a->m->palette_count;
    a->room_palette = xcalloc((size_t)a->rooms + 1, 1);
    a->room_name = xcalloc((size_t)a->rooms + 1, sizeof *a->room_name);
    for (int32_t r = 1; r <= a->rooms; r++) {
        const BoardRoom *room = board_room_info(a->b, r);
        size_t count, at = mission_palette_find(sorted, n, room->rgb, &count);
        const MissionPaletteEntry *says = NULL;
        for (size_t k = at; k < at + count; k++) {
            if (!says && (sorted[k]->has_corridor || sorted[k]->name[0]))
                says = sorted[k];
            if (!a->room_name[r] && sorted[k]->name[0])
                a->room_name[r] = sorted[k]->name;
        }
        if (count && sorted[at]->sealed)
            a->room_palette[r] |= ROOM_SEALED;
        if (mission_palette_corridor(says, room))
            a->room_palette[r] |= ROOM_CORRIDOR;
    }
    free(sorted);
}

static void analysis_init(Analysis *a, const Mission *m, ErrorList *notes)
{
    memset(a, 0, sizeof *a);
    a->m = m;
    a->b = m->board;
    a->grid = board_grid(m->board);
    a->edges = grid_edge_dirs(a->grid, &a->edge_count);
    a->w = board_width(m->board);
    a->h = board_height(m->board);
    a->area = (size_t)a->w * (size_t)a->h;
    a->rooms = board_room_count(m->board);
    a->room_of = board_room_array(m->board);
    a->notes = notes;
    a->flags = xcalloc(a->area, 1);
    a->tier = xmalloc(a->area, 1); /* an_search sets every square */
    a->gate = xcalloc(a->area, sizeof *a->gate);
    a->queue = xmalloc(a->area, sizeof *a->queue);
    a->key_found = xcalloc(m->treasure_count + 1, 1);
    a->pending = xcalloc(m->door_count + 1, 1);
    a->room_reached = xcalloc((size_t)a->rooms + 1, 1);
    a->unsearched = xmalloc((size_t)a->rooms + 1, sizeof *a->unsearched);
    a->room_tier = xmalloc((size_t)a->rooms + 1, 1);
    memset(a->room_tier, TIER_NEVER, (size_t)a->rooms + 1);
    a->room_best = xcalloc((size_t)a->rooms + 1, sizeof *a->room_best);
    a->room_door = xcalloc((size_t)a->rooms + 1, 1);
    palette_facts(a);
}

static void analysis_free(Analysis *a)
{
    free(a->flags);
    free(a->tier);
    free(a->gate);
    free(a->queue);
    free(a->deferred);
    free(a->edge_key);
    free(a->edge_door);
    free(a->trap_key);
    free(a->trap_at_key);
    free(a->key_found);
    free(a->pending);
    free(a->by_key);
    free(a->by_key_at);
    free(a->in_room);
    free(a->in_room_at);
    free(a->room_reached);
    free(a->unsearched);
    free(a->room_tier);
    free(a->room_best);
    free(a->room_door);
    free(a->room_palette);
    free(a->room_name);
    for (size_t i = 0; i < a->found_count; i++)
        free(a->found[i].text);
    free(a->found);
}

/* The bitmap as the author knows it: the mission's folder and the name
 * its XML gives. */
static void bitmap_display(const Mission *m, char *buf, size_t size)
{
    if (m->bare || !m->bitmap_name)
        snprintf(buf, size, "%s", m->bare ? m->path : m->bitmap_path ? m->bitmap_path : m->path);
    else if (strcmp(m->dir, ".") == 0)
        snprintf(buf, size, "%s", m->bitmap_name);
    else
        snprintf(buf, size, "%s/%s", m->dir, m->bitmap_name);
}

size_t analysis_run(const Mission *m, ErrorList *warnings, ErrorList *notes)
{
    char bitmap[4096];
    bitmap_display(m, bitmap, sizeof bitmap);
    for (size_t i = 0; i < m->load_warning_count; i++)
        errors_add(warnings, "%s", m->load_warnings[i]);
    size_t added = m->load_warning_count + mission_check_sprites(m, warnings) +
                   lint_board(m->board, m, bitmap, warnings);
    if (m->bare)
        return added;
    Analysis a;
    analysis_init(&a, m, notes);
    an_prepare(&a);
    an_search(&a);
    an_room_facts(&a);
    an_check_all(&a);
    if (a.found_count > 1) /* a.found is NULL when nothing was found */
        qsort(a.found, a.found_count, sizeof *a.found, compare_finding);
    for (size_t i = 0; i < a.found_count; i++)
        errors_add(warnings, "%s", a.found[i].text);
    added += a.found_count;
    analysis_free(&a);
    return added;
}

const char *analysis_short(const char *message, char *buf, size_t size)
{
    static const char *const kinds[] = {": warning: ", ": note: "};
    const char *kind = NULL, *text = NULL;
    for (int k = 0; k < 2 && !kind; k++)
        if ((kind = strstr(message, kinds[k])) != NULL)
            text = kind + strlen(kinds[k]);
    if (!kind) {
        snprintf(buf, size, "%s", message);
        return buf;
    }
    /* "FILE: square (x,y)" or "FILE:LINE" before the kind */
    const char *square = strstr(message, ": square (");
    if (square && square < kind) {
        snprintf(buf, size, _("square %.*s: %s"), (int)(kind - square - 9), square + 9, text);
        return buf;
    }
    const char *colon = kind;
    while (colon > message && colon[-1] >= '0' && colon[-1] <= '9')
        colon--;
    if (colon > message && colon < kind && colon[-1] == ':')
        snprintf(buf, size, _("line %.*s: %s"), (int)(kind - colon), colon, text);
    else
        snprintf(buf, size, "%s", text);
    return buf;
}
