#include "editcheck.h"

#include "../core/alloc.h"
#include "../core/i18n.h"
#include "../core/timer.h"
#include "../mission/analysis.h"
#include "../mission/mission_write.h"
#include "editplace.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The name the written mission goes by in messages, before they are
 * shortened. */
#define CHECK_NAME "mission.xml"

const char *editcheck_level_name(EditIssueLevel level)
{
    static const char *const names[] = {"error", "warning", "note"};
    return (unsigned)level < 3 ? names[level] : "?";
}

void editcheck_write_xml(const EditDoc *doc, MissionText *out)
{
    mission_write_xml(editdoc_mission(doc), editdoc_base(doc), "board.png", out);
}

/* Loads text as the game loads the saved files. */
static Mission *load_text(const EditDoc *doc, const MissionText *text, const char *catalogue_path,
                          ErrorList *errs)
{
    const Grid *g = editdoc_grid(doc);
    MissionLoadOptions opts = {.catalogue_path = catalogue_path,
                               .catalogue = editdoc_base(doc),
                               .shape = g};
    return mission_load_pixels(CHECK_NAME, (const uint8_t *)text->xml, text->size, g->width,
                               g->height, editdoc_rgba(doc), &opts, errs);
}

Mission *editcheck_load(const EditDoc *doc, const char *catalogue_path, ErrorList *errs)
{
    MissionText text;
    editcheck_write_xml(doc, &text);
    Mission *m = load_text(doc, &text, catalogue_path, errs);
    mission_text_free(&text);
    return m;
}

/* ---- where a message points ----
 *
 * The check writes a copy of the description whose placements carry tags
 * in their line fields: the writer's map from output lines to line fields
 * then names, for every message's line, the placement it is about. */

#define TAG_STRIDE (1 << 20) /* more than MISSION_MAX_PLACEMENTS */
#define TAG_OBJECTIVE EDIT_KIND_COUNT

static int tag(int kind, size_t index)
{
    return (kind + 1) * TAG_STRIDE + (int)index;
}

static Mission *tagged_copy(const Mission *m)
{
    Mission *c = mission_clone(m);
    c->line = 0;
    c->bitmap_line = 0;
    c->mood_line = 0;
    for (size_t i = 0; i < c->palette_count; i++)
        c->palette[i].line = 0;
    for (size_t i = 0; i < c->hero_count; i++)
        c->heroes[i].line = tag(EDIT_HERO, i);
    for (size_t i = 0; i < c->monster_count; i++)
        c->monsters[i].line = tag(EDIT_MONSTER, i);
    for (size_t i = 0; i < c->furniture_count; i++)
        c->furniture[i].line = tag(EDIT_FURNITURE, i);
    for (size_t i = 0; i < c->trap_count; i++)
        c->traps[i].line = tag(EDIT_TRAP, i);
    for (size_t i = 0; i < c->treasure_count; i++)
        c->treasure[i].line = tag(EDIT_TREASURE, i);
    for (size_t i = 0; i < c->rubble_count; i++)
        c->rubble[i].line = tag(EDIT_RUBBLE, i);
    for (size_t i = 0; i < c->exit_count; i++)
        c->exits[i].line = tag(EDIT_EXIT, i);
    for (size_t i = 0; i < c->note_count; i++)
        c->notes[i].line = tag(EDIT_NOTE, i);
    for (size_t i = 0; i < c->door_count; i++)
        c->doors[i].line = tag(EDIT_DOOR, i);
    for (size_t i = 0; i < c->objective_count; i++) {
        c->objectives[i].line = tag(TAG_OBJECTIVE, i);
        for (int r = 0; r < c->objectives[i].reward_count; r++)
            c->objectives[i].rewards[r].line = tag(TAG_OBJECTIVE, i);
    }
    return c;
}

static bool monster_square(const Mission *m, const char *id, BoardPos *out)
{
    for (size_t i = 0; i < m->monster_count; i++)
        if (strcmp(m->monsters[i].id, id) == 0) {
            *out = m->monsters[i].pos;
            return true;
        }
    return false;
}

static bool objective_square(const Mission *m, const MissionObjective *o, BoardPos *out)
{
    switch (o->kind) {
    case OBJECTIVE_KILL: return monster_square(m, o->target, out);
    case OBJECTIVE_FIND_ITEM:
        for (size_t i = 0; i < m->treasure_count; i++)
            if (strcmp(m->treasure[i].id, o->target) == 0)
                return editplace_pos(m, (EditThing){EDIT_TREASURE, i}, out);
        return false;
    case OBJECTIVE_REACH_SQUARE:
    case OBJECTIVE_REACH_ROOM: *out = o->pos; return true;
    default: return false;
    }
}

/* What the check knows to turn messages into issues. */
typedef struct Where {
    const Mission *m;        /* the document's description */
    const MissionText *text; /* the tagged text loaded */
} Where;

/* The square of what output line names, if it names a placement. */
static bool line_square(const Where *w, int line, BoardPos *out)
{
    int t = mission_text_source_line(w->text, line);
    if (t < TAG_STRIDE)
        return false;
    int kind = t / TAG_STRIDE - 1;
    size_t index = (size_t)(t % TAG_STRIDE);
    if (kind == TAG_OBJECTIVE)
        return index < w->m->objective_count &&
               objective_square(w->m, &w->m->objectives[index], out);
    return editplace_pos(w->m, (EditThing){(EditKind)kind, index}, out);
}

/* Reads "(x,y)" at s. */
static bool read_square(const char *s, BoardPos *out)
{
    int x, y;
    if (sscanf(s, "(%d,%d)", &x, &y) != 2)
        return false;
    *out = (BoardPos){x, y};
    return true;
}

/* The line number after "NAME:" at the start of message, or 0. */
static int message_line(const char *message)
{
    const char *colon = strchr(message, ':');
    int line = 0;
    return colon && sscanf(colon + 1, "%d:", &line) == 1 ? line : 0;
}

/* How long "WORD N" at text is (word, a space, the number N in *line),
 * or 0. */
static size_t word_number(const char *text, const char *word, int *line)
{
    size_t len = strlen(word);
    int used = 0;
    if (len == 0 || strncmp(text, word, len) != 0 || text[len] != ' ' ||
        sscanf(text + len + 1, "%d%n", line, &used) != 1)
        return 0;
    return len + 1 + (size_t)used;
}

/* text with every "line N" (a line of the written text, meaningless to
 * the author) turned into the square of the placement there; a message in
 * the player's language says its own word for a line ("Zeile 12"). */
static void name_lines(const Where *w, const char *text, char *buf, size_t size)
{
    size_t n = 0;
    buf[0] = '\0';
    /* TRANSLATORS: the word the loader's messages use for a line of a file, as in "on line 12" */
    const char *word = C_("line of a file", "line");
    while (*text && n + 1 < size) {
        int line = 0;
        size_t used = word_number(text, "line", &line);
        if (!used)
            used = word_number(text, word, &line);
        BoardPos p;
        if (used && line_square(w, line, &p)) {
            n += (size_t)snprintf(buf + n, size - n, "(%d,%d)", p.x, p.y);
            text += used;
            continue;
        }
        buf[n++] = *text++;
        buf[n] = '\0';
    }
    if (n >= size)
        buf[size - 1] = '\0';
}

/* Shortens a message to what the editor shows: no file, line, square or
 * level word; the square goes into *square. */
static void shorten(const Where *w, const char *message, BoardPos *square, char *buf, size_t size)
{
    *square = (BoardPos){-1, -1};
    const char *text = message;
    static const char *const marks[] = {": square (", ": hex ("};
    for (int k = 0; k < 2 && text == message; k++) {
        const char *at = strstr(message, marks[k]);
        const char *paren = at ? strchr(at, '(') : NULL;
        const char *close = paren ? strstr(paren, "): ") : NULL;
        if (close && read_square(paren, square))
            text = close + 3;
    }
    int line = message_line(message);
    if (text == message && line)
        line_square(w, line, square);
    if (text == message) {
        /* past "FILE:LINE: " or "FILE: " */
        const char *colon = strchr(message, ':');
        const char *next = colon && line ? strchr(colon + 1, ':') : colon;
        if (next && next[1] == ' ')
            text = next + 2;
    }
    static const char *const levels[] = {"warning: ", "note: "};
    for (int k = 0; k < 2; k++)
        if (strncmp(text, levels[k], strlen(levels[k])) == 0)
            text += strlen(levels[k]);
    name_lines(w, text, buf, size);
}

static void add_issue(EditCheck *c, EditIssueLevel level, const char *message, const Where *w)
{
    c->issues = xrealloc(c->issues, c->count + 1, sizeof *c->issues);
    EditIssue *is = &c->issues[c->count++];
    is->level = level;
    shorten(w, message, &is->square, is->text, sizeof is->text);
    if (level == EDIT_ISSUE_ERROR)
        c->errors++;
    else if (level == EDIT_ISSUE_WARNING)
        c->warnings++;
    else
        c->notes++;
}

static void add_list(EditCheck *c, EditIssueLevel level, const ErrorList *list, const Where *w)
{
    for (size_t i = 0; i < list->count; i++)
        add_issue(c, level, list->items[i], w);
    if (list->dropped) {
        char more[64];
        snprintf(more, sizeof more, _("and %zu more"), list->dropped);
        add_issue(c, level, more, w);
    }
}

static void facts(EditCheck *c, const Mission *m)
{
    c->rooms = board_room_count(m->board);
    c->walkable = board_walkable_count(m->board);
    c->walls = board_wall_count(m->board);
    c->heroes = m->hero_count;
    c->monsters = m->monster_count;
    c->doors = m->door_count;
    c->furniture = m->furniture_count;
    c->objectives = m->objective_count;
}

void editcheck_run(const EditDoc *doc, const char *catalogue_path, EditCheck *out)
{
    *out = (EditCheck){0};
    double t0 = timer_now_ms();
    ErrorList errs, warnings, notes;
    errors_init(&errs, 0);
    errors_init(&warnings, 0);
    errors_init(&notes, 0);
    Mission *copy = tagged_copy(editdoc_mission(doc));
    MissionText text;
    mission_write_xml(copy, editdoc_base(doc), "board.png", &text);
    mission_destroy(copy);
    Where w = {editdoc_mission(doc), &text};
    Mission *m = load_text(doc, &text, catalogue_path, &errs);
    if (m) {
        analysis_run(m, &warnings, &notes);
        facts(out, m);
        add_list(out, EDIT_ISSUE_WARNING, &warnings, &w);
        add_list(out, EDIT_ISSUE_NOTE, &notes, &w);
    } else {
        add_list(out, EDIT_ISSUE_ERROR, &errs, &w);
    }
    out->loads = m != NULL;
    mission_destroy(m);
    mission_text_free(&text);
    errors_clear(&errs);
    errors_clear(&warnings);
    errors_clear(&notes);
    out->ms = timer_now_ms() - t0;
}

void editcheck_free(EditCheck *c)
{
    free(c->issues);
    *c = (EditCheck){0};
}
