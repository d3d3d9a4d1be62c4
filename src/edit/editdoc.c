#include "editdoc.h"

#include "../core/alloc.h"
#include "../mission/mission_xml.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* One pixel a step changed. */
typedef struct PixelChange {
    uint32_t index;
    EditColour before, after;
} PixelChange;

/* One step of the history. Undo and redo swap what it holds with the
 * document's, so it always holds "the other" state. */
typedef struct Step {
    char label[64];
    unsigned serial; /* names the document state right after the step */
    PixelChange *pixels;
    size_t pixel_count, pixel_cap;
    Mission *mission; /* the other description, or NULL when unchanged */
    bool grid_changed;
    Grid grid;     /* the other grid and pixels, when grid_changed */
    uint8_t *rgba;
} Step;

/* The board's colours in order of first use, found through a hash. */
typedef struct ColourCount {
    EditColour colour;
    int64_t squares;
} ColourCount;

struct EditDoc {
    Grid grid;
    uint8_t *rgba;
    Mission *mission;
    const Catalogue *base;
    EditRooms *rooms;
    BoardTypeOverride *over; /* the palette's overrides the rooms use */
    int over_count;
    ColourCount *colours;
    size_t colour_count, colour_cap;
    uint32_t *colour_slots; /* index + 1, 0 empty; size slot_cap (a power of 2) */
    size_t slot_cap;
    size_t last_from, last_to; /* count_move's last pair */
    Step *undo, *redo; /* stacks */
    size_t undo_count, undo_cap, redo_count, redo_cap;
    Step open; /* the step being made */
    int depth;
    /* per open edit: where its pixel changes start, and whether the
     * description's copy was made inside it (editdoc_cancel) */
    struct {
        size_t pixels;
        bool had_copy;
    } marks[EDIT_MAX_DEPTH];
    size_t synced;  /* open.pixels already given to the rooms */
    unsigned serial, saved_serial;
    unsigned version, pixels_version;
    int64_t *changed;
    size_t changed_count, changed_cap;
    bool changed_all;
};

/* ---- colours ---- */

uint32_t editdoc_rgb(EditColour c)
{
    return c & 0xffffff;
}

bool editdoc_transparent(EditColour c)
{
    return (c >> 24) == 0;
}

static EditColour read_pixel(const uint8_t *p)
{
    return (uint32_t)p[3] << 24 | (uint32_t)p[0] << 16 | (uint32_t)p[1] << 8 | p[2];
}

static void write_pixel(uint8_t *p, EditColour c)
{
    p[0] = (uint8_t)(c >> 16);
    p[1] = (uint8_t)(c >> 8);
    p[2] = (uint8_t)c;
    p[3] = (uint8_t)(c >> 24);
}

static size_t colour_hash(EditColour c, size_t cap)
{
    return (size_t)((c * 2654435761u) >> 7) & (cap - 1);
}

static void slots_rebuild(EditDoc *d, size_t cap)
{
    free(d->colour_slots);
    d->slot_cap = cap;
    d->colour_slots = xcalloc(cap, sizeof *d->colour_slots);
    for (size_t i = 0; i < d->colour_count; i++) {
        size_t s = colour_hash(d->colours[i].colour, cap);
        while (d->colour_slots[s])
            s = (s + 1) & (cap - 1);
        d->colour_slots[s] = (uint32_t)i + 1;
    }
}

/* The colour's entry, added when missing. */
static ColourCount *colour_entry(EditDoc *d, EditColour c)
{
    size_t s = colour_hash(c, d->slot_cap);
    for (; d->colour_slots[s]; s = (s + 1) & (d->slot_cap - 1))
        if (d->colours[d->colour_slots[s] - 1].colour == c)
            return &d->colours[d->colour_slots[s] - 1];
    if (d->colour_count == d->colour_cap) {
        d->colour_cap = d->colour_cap ? d->colour_cap * 2 : 64;
        d->colours = xrealloc(d->colours, d->colour_cap, sizeof *d->colours);
    }
    d->colours[d->colour_count] = (ColourCount){c, 0};
    d->colour_slots[s] = (uint32_t)++d->colour_count;
    if (d->colour_count * 2 > d->slot_cap)
        slots_rebuild(d, d->slot_cap * 2);
    return &d->colours[d->colour_count - 1];
}

static const ColourCount *colour_find(const EditDoc *d, EditColour c)
{
    size_t s = colour_hash(c, d->slot_cap);
    for (; d->colour_slots[s]; s = (s + 1) & (d->slot_cap - 1))
        if (d->colours[d->colour_slots[s] - 1].colour == c)
            return &d->colours[d->colour_slots[s] - 1];
    return NULL;
}

/* The counts of two colours, one square from the first to the second.
 * Strokes and fills move squares between the same two colours over and
 * over: the last pair's entries are kept. */
static void count_move(EditDoc *d, EditColour from, EditColour to)
{
    if (d->colour_count > d->last_from && d->colour_count > d->last_to &&
        d->colours[d->last_from].colour == from && d->colours[d->last_to].colour == to) {
        d->colours[d->last_from].squares--;
        d->colours[d->last_to].squares++;
        return;
    }
    colour_entry(d, from)->squares--;
    d->last_to = (size_t)(colour_entry(d, to) - d->colours);
    d->colours[d->last_to].squares++;
    d->last_from = (size_t)(colour_entry(d, from) - d->colours);
}

static void count_colours(EditDoc *d)
{
    d->colour_count = 0;
    slots_rebuild(d, 256);
    int64_t area = grid_area(&d->grid);
    /* runs of one colour are counted at once: boards are mostly runs */
    for (int64_t i = 0; i < area;) {
        EditColour c = read_pixel(d->rgba + i * 4);
        int64_t j = i + 1;
        while (j < area && read_pixel(d->rgba + j * 4) == c)
            j++;
        colour_entry(d, c)->squares += j - i;
        i = j;
    }
}

size_t editdoc_colour_count(const EditDoc *d)
{
    return d->colour_count;
}

EditColour editdoc_colour_at(const EditDoc *d, size_t i, int64_t *squares)
{
    if (squares)
        *squares = i < d->colour_count ? d->colours[i].squares : 0;
    return i < d->colour_count ? d->colours[i].colour : 0;
}

int64_t editdoc_colour_squares(const EditDoc *d, EditColour c)
{
    const ColourCount *e = colour_find(d, c);
    return e ? e->squares : 0;
}

/* ---- rooms ---- */

static void overrides_refresh(EditDoc *d)
{
    free(d->over);
    d->over = mission_type_overrides(d->mission, &d->over_count);
}

/* True when the description's overrides differ from those the rooms use. */
static bool overrides_changed(const EditDoc *d)
{
    int n = 0;
    BoardTypeOverride *o = mission_type_overrides(d->mission, &n);
    bool changed = n != d->over_count ||
                   (n && memcmp(o, d->over, (size_t)n * sizeof *o) != 0);
    free(o);
    return changed;
}

/* Labels every square again; the changes so far are covered. */
static void relabel_all(EditDoc *d)
{
    overrides_refresh(d);
    editrooms_reset(d->rooms, &d->grid, d->rgba, d->over, d->over_count);
    d->changed_all = true;
    d->synced = d->changed_count;
}

static void note_changed(EditDoc *d, int64_t index)
{
    if (d->changed_count == d->changed_cap) {
        d->changed_cap = d->changed_cap ? d->changed_cap * 2 : 256;
        d->changed = xrealloc(d->changed, d->changed_cap, sizeof *d->changed);
    }
    d->changed[d->changed_count++] = index;
}

/* The rooms catch up with the pixels changed since they last did. */
static void sync_rooms(EditDoc *d)
{
    size_t n = d->changed_count - d->synced;
    if (n)
        editrooms_update(d->rooms, d->rgba, d->changed + d->synced, n);
    d->synced = d->changed_count;
}

/* ---- life ---- */

EditDoc *editdoc_create(const Grid *grid, const uint8_t *rgba, Mission *mission,
                        const Catalogue *base)
{
    EditDoc *d = xcalloc(1, sizeof *d);
    d->grid = *grid;
    size_t bytes = (size_t)grid_area(grid) * 4;
    d->rgba = xmalloc(bytes, 1);
    memcpy(d->rgba, rgba, bytes);
    board_destroy(mission->board);
    mission->board = NULL;
    mission->shape = *grid;
    d->mission = mission;
    d->base = base;
    overrides_refresh(d);
    d->rooms = editrooms_create(grid, d->rgba, d->over, d->over_count);
    count_colours(d);
    return d;
}

static void step_free(Step *s)
{
    free(s->pixels);
    mission_destroy(s->mission);
    free(s->rgba);
    *s = (Step){0};
}

void editdoc_destroy(EditDoc *d)
{
    if (!d)
        return;
    for (size_t i = 0; i < d->undo_count; i++)
        step_free(&d->undo[i]);
    for (size_t i = 0; i < d->redo_count; i++)
        step_free(&d->redo[i]);
    step_free(&d->open);
    free(d->undo);
    free(d->redo);
    free(d->rgba);
    mission_destroy(d->mission);
    editrooms_destroy(d->rooms);
    free(d->over);
    free(d->colours);
    free(d->colour_slots);
    free(d->changed);
    free(d);
}

/* ---- reading ---- */

const Grid *editdoc_grid(const EditDoc *d)
{
    return &d->grid;
}

const uint8_t *editdoc_rgba(const EditDoc *d)
{
    return d->rgba;
}

EditColour editdoc_pixel(const EditDoc *d, BoardPos pos)
{
    if (!grid_contains(&d->grid, pos))
        return 0;
    return read_pixel(d->rgba + grid_index(&d->grid, pos) * 4);
}

EditColour editdoc_square(const EditDoc *d, int64_t i)
{
    return read_pixel(d->rgba + i * 4);
}

const Mission *editdoc_mission(const EditDoc *d)
{
    return d->mission;
}

const Catalogue *editdoc_base(const EditDoc *d)
{
    return d->base;
}

EditRooms *editdoc_rooms(EditDoc *d)
{
    sync_rooms(d);
    return d->rooms;
}

/* ---- changing ---- */

static void new_state(EditDoc *d)
{
    sync_rooms(d); /* what the last change left for the rooms */
    d->changed_count = 0;
    d->changed_all = false;
    d->synced = 0;
}

void editdoc_begin(EditDoc *d, const char *label)
{
    if (d->depth == 0) {
        step_free(&d->open);
        snprintf(d->open.label, sizeof d->open.label, "%s", label);
        new_state(d);
    }
    if (d->depth < EDIT_MAX_DEPTH) {
        d->marks[d->depth].pixels = d->open.pixel_count;
        d->marks[d->depth].had_copy = d->open.mission != NULL;
    }
    d->depth++;
}

void editdoc_cancel(EditDoc *d)
{
    if (d->depth <= 0 || d->depth > EDIT_MAX_DEPTH || d->open.grid_changed) {
        editdoc_end(d);
        return;
    }
    Step *s = &d->open;
    size_t from = d->marks[d->depth - 1].pixels;
    for (size_t k = s->pixel_count; k-- > from;) {
        const PixelChange *c = &s->pixels[k];
        write_pixel(d->rgba + (size_t)c->index * 4, c->before);
        count_move(d, c->after, c->before);
        note_changed(d, c->index);
    }
    s->pixel_count = from;
    if (!d->marks[d->depth - 1].had_copy && s->mission) {
        mission_destroy(d->mission);
        d->mission = s->mission;
        s->mission = NULL;
        if (overrides_changed(d))
            relabel_all(d);
    }
    editdoc_end(d);
}

bool editdoc_editing(const EditDoc *d)
{
    return d->depth > 0;
}

static void push_step(Step **stack, size_t *count, size_t *cap, Step *s)
{
    if (*count == *cap) {
        *cap = *cap ? *cap * 2 : 64;
        *stack = xrealloc(*stack, *cap, sizeof **stack);
    }
    (*stack)[(*count)++] = *s;
    *s = (Step){0};
}

void editdoc_end(EditDoc *d)
{
    if (d->depth <= 0)
        return;
    Step *s = &d->open;
    if (s->mission && overrides_changed(d))
        relabel_all(d);
    if (--d->depth > 0)
        return;
    if (!s->pixel_count && !s->mission && !s->grid_changed) {
        step_free(s);
        return;
    }
    for (size_t i = 0; i < d->redo_count; i++)
        step_free(&d->redo[i]);
    d->redo_count = 0;
    s->serial = ++d->serial;
    push_step(&d->undo, &d->undo_count, &d->undo_cap, s);
    d->version++;
}

void editdoc_set_pixel(EditDoc *d, BoardPos pos, EditColour c)
{
    if (grid_contains(&d->grid, pos))
        editdoc_set_square(d, grid_index(&d->grid, pos), c);
}

void editdoc_set_square(EditDoc *d, int64_t i, EditColour c)
{
    if (d->depth <= 0 || i < 0 || i >= grid_area(&d->grid))
        return;
    EditColour before = read_pixel(d->rgba + i * 4);
    if (before == c)
        return;
    Step *s = &d->open;
    if (s->pixel_count == s->pixel_cap) {
        s->pixel_cap = s->pixel_cap ? s->pixel_cap * 2 : 64;
        s->pixels = xrealloc(s->pixels, s->pixel_cap, sizeof *s->pixels);
    }
    s->pixels[s->pixel_count++] = (PixelChange){(uint32_t)i, before, c};
    write_pixel(d->rgba + i * 4, c);
    count_move(d, before, c);
    note_changed(d, i);
    d->pixels_version++;
}

Mission *editdoc_mission_edit(EditDoc *d)
{
    if (d->depth > 0 && !d->open.mission)
        d->open.mission = mission_clone(d->mission);
    return d->mission;
}

void editdoc_set_grid(EditDoc *d, const Grid *grid, const uint8_t *rgba)
{
    if (d->depth <= 0)
        return;
    Step *s = &d->open;
    if (!s->grid_changed) {
        /* the step keeps the grid as it was before the step: the pixels
         * it changed so far are put back first */
        for (size_t k = s->pixel_count; k-- > 0;)
            write_pixel(d->rgba + (size_t)s->pixels[k].index * 4, s->pixels[k].before);
        s->grid_changed = true;
        s->grid = d->grid;
        s->rgba = d->rgba;
    } else {
        free(d->rgba);
    }
    /* pixel changes from now on are on the new grid */
    s->pixel_count = 0;
    size_t bytes = (size_t)grid_area(grid) * 4;
    d->rgba = xmalloc(bytes, 1);
    memcpy(d->rgba, rgba, bytes);
    d->grid = *grid;
    editdoc_mission_edit(d)->shape = *grid;
    count_colours(d);
    relabel_all(d);
    d->pixels_version++;
}

/* ---- history ---- */

static void swap_grid(EditDoc *d, Step *s)
{
    Grid g = d->grid;
    uint8_t *p = d->rgba;
    d->grid = s->grid;
    d->rgba = s->rgba;
    s->grid = g;
    s->rgba = p;
    count_colours(d);
}

/* The step's pixel changes, forwards or backwards. */
static void apply_pixels(EditDoc *d, const Step *s, bool backwards)
{
    for (size_t k = 0; k < s->pixel_count; k++) {
        const PixelChange *c = &s->pixels[backwards ? s->pixel_count - 1 - k : k];
        EditColour to = backwards ? c->before : c->after;
        write_pixel(d->rgba + (size_t)c->index * 4, to);
        count_move(d, backwards ? c->after : c->before, to);
        note_changed(d, c->index);
    }
}

/* Swaps the step's other state in. Its pixel changes were made on the
 * grid it ends with: backwards they go before the grid, forwards after. */
static void apply(EditDoc *d, Step *s, bool backwards)
{
    new_state(d);
    if (backwards)
        apply_pixels(d, s, true);
    if (s->grid_changed)
        swap_grid(d, s);
    if (!backwards)
        apply_pixels(d, s, false);
    if (s->mission) {
        Mission *m = d->mission;
        d->mission = s->mission;
        s->mission = m;
    }
    if (s->grid_changed || (s->mission && overrides_changed(d)))
        relabel_all(d);
    d->version++;
    if (s->pixel_count || s->grid_changed)
        d->pixels_version++;
}

bool editdoc_undo(EditDoc *d, char *label, size_t size)
{
    if (d->depth > 0 || !d->undo_count)
        return false;
    Step *s = &d->undo[--d->undo_count];
    if (label)
        snprintf(label, size, "%s", s->label);
    apply(d, s, true);
    push_step(&d->redo, &d->redo_count, &d->redo_cap, s);
    return true;
}

bool editdoc_redo(EditDoc *d, char *label, size_t size)
{
    if (d->depth > 0 || !d->redo_count)
        return false;
    Step *s = &d->redo[--d->redo_count];
    if (label)
        snprintf(label, size, "%s", s->label);
    apply(d, s, false);
    push_step(&d->undo, &d->undo_count, &d->undo_cap, s);
    return true;
}

size_t editdoc_undo_count(const EditDoc *d)
{
    return d->undo_count;
}

size_t editdoc_redo_count(const EditDoc *d)
{
    return d->redo_count;
}

const char *editdoc_undo_label(const EditDoc *d)
{
    return d->undo_count ? d->undo[d->undo_count - 1].label : "";
}

const char *editdoc_redo_label(const EditDoc *d)
{
    return d->redo_count ? d->redo[d->redo_count - 1].label : "";
}

unsigned editdoc_version(const EditDoc *d)
{
    return d->version;
}

unsigned editdoc_pixels_version(const EditDoc *d)
{
    return d->pixels_version;
}

/* The serial of the state the document is in: the last step done. */
static unsigned state(const EditDoc *d)
{
    return d->undo_count ? d->undo[d->undo_count - 1].serial : 0;
}

bool editdoc_modified(const EditDoc *d)
{
    return state(d) != d->saved_serial;
}

void editdoc_mark_saved(EditDoc *d)
{
    d->saved_serial = state(d);
}

const int64_t *editdoc_changed(const EditDoc *d, size_t *count, bool *all)
{
    *count = d->changed_count;
    *all = d->changed_all;
    return d->changed;
}
