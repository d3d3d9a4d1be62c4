#include "editcmd.h"

#include "../core/alloc.h"
#include "../core/i18n.h"
#include "../core/numparse.h"
#include "editcmd_internal.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- answers ---- */

static void more_append(EditAnswer *a, const char *s, size_t n)
{
    if (a->more_len + n + 1 > a->more_cap) {
        a->more_cap = (a->more_len + n + 1) * 2;
        a->more = xrealloc(a->more, a->more_cap, 1);
    }
    memcpy(a->more + a->more_len, s, n);
    a->more_len += n;
    a->more[a->more_len] = '\0';
}

void edit_say(EditAnswer *a, const char *fmt, ...)
{
    char buf[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    if (!a->first) {
        a->first = xstrdup(buf);
        return;
    }
    more_append(a, buf, strlen(buf));
    more_append(a, "\n", 1);
}

bool edit_refuse(EditAnswer *a, const char *fmt, ...)
{
    char buf[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    free(a->first);
    a->first = xstrdup(buf);
    a->more_len = 0;
    if (a->more)
        a->more[0] = '\0';
    return false;
}

void editanswer_print(const EditAnswer *a, FILE *out)
{
    if (a->ok)
        fprintf(out, "=%s%s\n", a->first && a->first[0] ? " " : "", a->first ? a->first : "");
    else
        fprintf(out, "? %s\n", a->first && a->first[0] ? a->first : "refused");
    if (a->ok && a->more_len)
        fputs(a->more, out);
    fputc('\n', out);
    fflush(out);
}

void editanswer_free(EditAnswer *a)
{
    free(a->first);
    free(a->more);
    *a = (EditAnswer){0};
}

/* ---- arguments ---- */

bool edit_parse_int(const char *s, long min, long max, int *out)
{
    long long v;
    if (!numparse_ll(s, min, max, &v))
        return false;
    *out = (int)v;
    return true;
}

bool edit_arg_square(EditSession *s, char **argv, int i, BoardPos *pos, EditAnswer *a)
{
    int x, y;
    const Grid *g = editdoc_grid(s->doc);
    if (!edit_parse_int(argv[i], -EDIT_MAX_COORD, EDIT_MAX_COORD, &x) ||
        !edit_parse_int(argv[i + 1], -EDIT_MAX_COORD, EDIT_MAX_COORD, &y))
        return edit_refuse(a, _("'%s %s' is not a square (two whole numbers X Y)"), argv[i],
                           argv[i + 1]);
    if (!grid_contains(g, (BoardPos){x, y}))
        return edit_refuse(a, _("%d,%d is outside the %dx%d board"), x, y, g->width, g->height);
    *pos = (BoardPos){x, y};
    return true;
}

bool edit_parse_colour(const char *text, EditColour *out)
{
    if (text[0] == '#')
        text++;
    if (strlen(text) != 6 || strspn(text, "0123456789abcdefABCDEF") != 6)
        return false;
    *out = EDIT_OPAQUE | (uint32_t)strtoul(text, NULL, 16);
    return true;
}

bool edit_parse_pair(const char *text, BoardPos *out)
{
    int x, y;
    if (!numparse_pair(text, ',', -EDIT_MAX_COORD, EDIT_MAX_COORD, &x, &y))
        return false;
    *out = (BoardPos){x, y};
    return true;
}

const char *edit_option(int argc, char **argv, int from, const char *key)
{
    size_t n = strlen(key);
    for (int i = from; i < argc; i++)
        if (strncmp(argv[i], key, n) == 0 && argv[i][n] == '=')
            return argv[i] + n + 1;
    return NULL;
}

bool edit_only_options(int argc, char **argv, int from, const char *const *allowed,
                       EditAnswer *a)
{
    for (int i = from; i < argc; i++) {
        const char *eq = strchr(argv[i], '=');
        bool known = false;
        for (const char *const *k = allowed; eq && *k && !known; k++)
            known = strlen(*k) == (size_t)(eq - argv[i]) && strncmp(argv[i], *k, strlen(*k)) == 0;
        if (!known) {
            char list[512] = "";
            for (const char *const *k = allowed; *k; k++)
                snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s=", k == allowed ? "" : " ", *k);
            return edit_refuse(a, _("'%s': expected %s"), argv[i], allowed[0] ? list : _("nothing more"));
        }
    }
    return true;
}

bool edit_valid_id(const char *id)
{
    size_t n = strlen(id);
    return n > 0 && n < MISSION_ID_MAX && strspn(id, "abcdefghijklmnopqrstuvwxyz0123456789_-") == n;
}

void edit_join(int argc, char **argv, int from, char *buf, size_t size)
{
    buf[0] = '\0';
    size_t n = 0;
    for (int i = from; i < argc && n + 1 < size; i++)
        n += (size_t)snprintf(buf + n, size - n, "%s%s", i > from ? " " : "", argv[i]);
}

const PieceType *edit_type(EditSession *s, const char *id)
{
    const Catalogue *own = editdoc_mission(s->doc)->catalogue;
    const PieceType *t = own ? catalogue_find(own, id) : NULL;
    return t ? t : catalogue_find(s->base, id);
}

/* ---- the session ---- */

void edit_replace_doc(EditSession *s, EditDoc *doc, const char *path)
{
    editdoc_destroy(s->doc);
    s->doc = doc;
    free(s->path);
    s->path = xstrdup(path ? path : "");
    s->checked = false;
}

EditSession *editsession_create(const char *data_dir, char *why, size_t why_size)
{
    EditSession *s = xcalloc(1, sizeof *s);
    s->data_dir = xstrdup(data_dir);
    snprintf(s->catalogue_path, sizeof s->catalogue_path, "%s/assets/pieces.xml", data_dir);
    ErrorList errs;
    errors_init(&errs, 0);
    s->base = catalogue_load(s->catalogue_path, &errs);
    if (!s->base) {
        snprintf(why, why_size, "%s", errs.count ? errs.items[0] : _("cannot load the catalogue"));
        errors_clear(&errs);
        free(s->data_dir);
        free(s);
        return NULL;
    }
    errors_clear(&errs);
    Grid g = grid_make(26, 19, GRID_SQUARE4);
    uint8_t *rgba = xcalloc((size_t)grid_area(&g) * 4, 1);
    for (int64_t i = 0; i < grid_area(&g); i++)
        rgba[i * 4 + 3] = 255;
    edit_replace_doc(s, editdoc_create(&g, rgba, edit_new_mission(s, &g), s->base), "");
    free(rgba);
    return s;
}

void editsession_destroy(EditSession *s)
{
    if (!s)
        return;
    editdoc_destroy(s->doc);
    editcheck_free(&s->check);
    catalogue_destroy(s->base);
    free(s->data_dir);
    free(s->path);
    free(s);
}

EditDoc *editsession_doc(EditSession *s)
{
    return s->doc;
}

const char *editsession_path(const EditSession *s)
{
    return s->path;
}

const char *editsession_catalogue_path(const EditSession *s)
{
    return s->catalogue_path;
}

const char *editsession_data_dir(const EditSession *s)
{
    return s->data_dir;
}

const EditCheck *editsession_check(EditSession *s)
{
    if (!s->checked || s->check_version != editdoc_version(s->doc)) {
        editcheck_free(&s->check);
        editcheck_run(s->doc, s->catalogue_path, &s->check);
        s->check_version = editdoc_version(s->doc);
        s->checked = true;
    }
    return &s->check;
}

/* ---- commands of the session ---- */

static bool cmd_undo(EditSession *s, int argc, char **argv, EditAnswer *a)
{
    bool redo = strcmp(argv[0], "redo") == 0;
    if (argc != 1)
        return edit_refuse(a, "usage: %s", argv[0]);
    if (editdoc_editing(s->doc))
        return edit_refuse(a, _("a batch is open: 'batch end' first"));
    char label[64];
    if (!(redo ? editdoc_redo : editdoc_undo)(s->doc, label, sizeof label))
        return edit_refuse(a, _("nothing to %s"), argv[0]);
    edit_say(a, "%s %s", redo ? "redone" : "undone", label);
    return true;
}

static bool cmd_batch(EditSession *s, int argc, char **argv, EditAnswer *a)
{
    if (argc >= 2 && strcmp(argv[1], "begin") == 0) {
        char label[64];
        edit_join(argc, argv, 2, label, sizeof label);
        editdoc_begin(s->doc, label[0] ? label : "batch");
        edit_say(a, "begun");
        return true;
    }
    if (argc == 2 && strcmp(argv[1], "end") == 0) {
        if (!editdoc_editing(s->doc))
            return edit_refuse(a, _("no batch is open"));
        editdoc_end(s->doc);
        edit_say(a, "ended");
        return true;
    }
    return edit_refuse(a, _("usage: batch begin [LABEL] | batch end"));
}

static bool cmd_check(EditSession *s, int argc, char **argv, EditAnswer *a)
{
    if (argc != 1)
        return edit_refuse(a, "usage: check");
    const EditCheck *c = editsession_check(s);
    if (c->loads)
        edit_say(a,
                 "loads rooms=%" PRId32 " heroes=%zu monsters=%zu doors=%zu furniture=%zu "
                 "objectives=%zu warnings=%zu notes=%zu",
                 c->rooms, c->heroes, c->monsters, c->doors, c->furniture, c->objectives,
                 c->warnings, c->notes);
    else
        edit_say(a, "errors=%zu", c->errors);
    for (size_t i = 0; i < c->count; i++) {
        const EditIssue *is = &c->issues[i];
        char where[32] = "-";
        if (is->square.x >= 0)
            snprintf(where, sizeof where, "%d,%d", is->square.x, is->square.y);
        edit_say(a, "%s %s %s", editcheck_level_name(is->level), where, is->text);
    }
    return true;
}

static bool cmd_info(EditSession *s, int argc, char **argv, EditAnswer *a)
{
    BoardPos p;
    if (argc != 3)
        return edit_refuse(a, _("usage: info X Y"));
    if (!edit_arg_square(s, argv, 1, &p, a))
        return false;
    EditColour c = editdoc_pixel(s->doc, p);
    EditRooms *rooms = editdoc_rooms(s->doc);
    const Mission *m = editdoc_mission(s->doc);
    const char *name = mission_colour_name(m, editdoc_rgb(c));
    edit_say(a, "%s #%06x%s%s%s room %" PRId32,
             board_type_name(editrooms_type(rooms, p)), editdoc_rgb(c),
             editdoc_transparent(c) ? " transparent" : "", name ? " " : "", name ? name : "",
             editrooms_number(rooms, p));
    EditThing things[32];
    size_t n = editplace_at(m, p, things, 32);
    for (size_t i = 0; i < n && i < 32; i++) {
        char line[400];
        editplace_describe(m, things[i], line, sizeof line);
        edit_say(a, "%s", line);
    }
    for (size_t i = 0; i < m->door_count; i++) {
        int count;
        const GridDir *dirs = grid_edge_dirs(editdoc_grid(s->doc), &count);
        for (int k = 0; k < count; k++)
            if (editplace_door(m, editdoc_grid(s->doc), p, dirs[k]) == (long)i) {
                char line[400];
                editplace_describe(m, (EditThing){EDIT_DOOR, i}, line, sizeof line);
                edit_say(a, "%s", line);
            }
    }
    return true;
}

static bool cmd_state(EditSession *s, int argc, char **argv, EditAnswer *a)
{
    if (argc != 1)
        return edit_refuse(a, "usage: state");
    const Mission *m = editdoc_mission(s->doc);
    const Grid *g = editdoc_grid(s->doc);
    edit_say(a, "%s %dx%d %s", m->id, g->width, g->height, grid_topology_name(g->topology));
    edit_say(a, "name %s", m->name ? m->name : "");
    edit_say(a, "rooms %" PRId32, editrooms_count(editdoc_rooms(s->doc)));
    for (int k = 0; k < EDIT_KIND_COUNT; k++)
        edit_say(a, "%s %zu", editplace_kind_name((EditKind)k), editplace_count(m, (EditKind)k));
    edit_say(a, "objectives %zu", m->objective_count);
    edit_say(a, "colours %zu", m->palette_count);
    edit_say(a, "undo %zu redo %zu", editdoc_undo_count(s->doc), editdoc_redo_count(s->doc));
    edit_say(a, "modified %s", editdoc_modified(s->doc) ? "yes" : "no");
    return true;
}

static bool cmd_rooms(EditSession *s, int argc, char **argv, EditAnswer *a)
{
    if (argc != 1)
        return edit_refuse(a, "usage: rooms");
    const Grid *g = editdoc_grid(s->doc);
    EditRooms *r = editdoc_rooms(s->doc);
    edit_say(a, "%d %d %" PRId32, g->width, g->height, editrooms_count(r));
    char *row = xmalloc((size_t)g->width * 12 + 1, 1);
    for (int y = 0; y < g->height; y++) {
        size_t n = 0;
        for (int x = 0; x < g->width; x++)
            n += (size_t)sprintf(row + n, x ? " %" PRId32 : "%" PRId32,
                                 editrooms_number(r, (BoardPos){x, y}));
        more_append(a, row, n);
        more_append(a, "\n", 1);
    }
    free(row);
    return true;
}

typedef struct Command {
    const char *name;
    EditCommandFn fn;
    bool edits; /* runs inside an edit: one step of the history */
} Command;

static bool cmd_help(EditSession *s, int argc, char **argv, EditAnswer *a);

static const Command COMMANDS[] = {
    {"new", editcmd_new, false},         {"open", editcmd_open, false},
    {"generate", editcmd_generate, false}, {"save", editcmd_save, false},
    {"colour", editcmd_colour, true},    {"uncolour", editcmd_uncolour, true},
    {"recolour", editcmd_recolour, true}, {"paint", editcmd_paint, true},
    {"line", editcmd_line, true},        {"rect", editcmd_rect, true},
    {"fill", editcmd_fill, true},        {"erase", editcmd_erase, true},
    {"rock", editcmd_rock, true},        {"place", editcmd_place, true},
    {"door", editcmd_door, true},        {"delete", editcmd_delete, true},
    {"move", editcmd_move, true},        {"copy", editcmd_copy, true},
    {"modify", editcmd_modify, true},    {"objective", editcmd_objective, true},
    {"reward", editcmd_reward, true},    {"set", editcmd_set, true},
    {"note", editcmd_note, true},        {"undo", cmd_undo, false},
    {"redo", cmd_undo, false},           {"batch", cmd_batch, false},
    {"check", cmd_check, false},         {"info", cmd_info, false},
    {"state", cmd_state, false},         {"rooms", cmd_rooms, false},
    {"help", cmd_help, false},
};

static bool cmd_help(EditSession *s, int argc, char **argv, EditAnswer *a)
{
    char list[1024] = "";
    for (size_t i = 0; i < sizeof COMMANDS / sizeof COMMANDS[0]; i++)
        snprintf(list + strlen(list), sizeof list - strlen(list), "%s ", COMMANDS[i].name);
    edit_say(a, "%squit", list);
    return true;
}

/* Splits line into words in place: spaces and tabs separate them, double
 * quotes keep spaces inside a word (text="a b"; \" and \\ inside quotes),
 * '#' outside quotes starts a comment. Returns the count, or -1 with the
 * reason in why. */
static int split(char *line, char **argv, int max, const char **why)
{
    int argc = 0;
    char *r = line, *w = line;
    while (*r) {
        while (*r == ' ' || *r == '\t' || *r == '\r' || *r == '\n')
            r++;
        if (!*r || *r == '#')
            break;
        if (argc == max) {
            *why = _("too many words on the line");
            return -1;
        }
        argv[argc++] = w;
        bool quoted = false;
        for (; *r && (quoted || (*r != ' ' && *r != '\t' && *r != '\r' && *r != '\n')); r++) {
            if (*r == '"') {
                quoted = !quoted;
            } else if (quoted && *r == '\\' && (r[1] == '"' || r[1] == '\\')) {
                *w++ = *++r;
            } else if (!quoted && *r == '#') {
                break;
            } else {
                *w++ = *r;
            }
        }
        if (quoted) {
            *why = _("a quote is not closed");
            return -1;
        }
        bool end = !*r || *r == '#';
        if (*r && *r != '#')
            r++;
        *w++ = '\0';
        if (end)
            break;
    }
    return argc;
}

bool editsession_execute(EditSession *s, const char *line, EditAnswer *a)
{
    *a = (EditAnswer){0};
    char buf[EDIT_LINE_MAX];
    snprintf(buf, sizeof buf, "%s", line);
    char *argv[EDIT_MAX_ARGS];
    const char *why = NULL;
    int argc = split(buf, argv, EDIT_MAX_ARGS, &why);
    if (argc == 0)
        return false;
    if (argc < 0) {
        edit_refuse(a, "%s", why);
        return true;
    }
    if (strcmp(argv[0], "quit") == 0) {
        a->ok = a->quit = true;
        return true;
    }
    const Command *c = NULL;
    for (size_t i = 0; i < sizeof COMMANDS / sizeof COMMANDS[0] && !c; i++)
        if (strcmp(argv[0], COMMANDS[i].name) == 0)
            c = &COMMANDS[i];
    if (!c) {
        edit_refuse(a, _("unknown command '%s' (try help)"), argv[0]);
        return true;
    }
    if (c->edits) {
        char label[64];
        snprintf(label, sizeof label, "%s", line + strspn(line, " \t"));
        label[strcspn(label, "\r\n#")] = '\0';
        editdoc_begin(s->doc, label);
    }
    a->ok = c->fn(s, argc, argv, a);
    if (c->edits)
        (a->ok ? editdoc_end : editdoc_cancel)(s->doc);
    return true;
}

/* What reading one line found. */
typedef enum LineKind { LINE_END, LINE_TEXT, LINE_TOO_LONG, LINE_NUL, LINE_NOT_UTF8 } LineKind;

/* Length of the UTF-8 sequence at s (n bytes left), 0 when it is not
 * valid (overlong forms and surrogates included). */
static size_t utf8_length(const unsigned char *s, size_t n)
{
    if (s[0] < 0x80)
        return 1;
    size_t len = s[0] >= 0xf0 ? 4 : s[0] >= 0xe0 ? 3 : s[0] >= 0xc2 ? 2 : 0;
    if (!len || len > n || s[0] > 0xf4)
        return 0;
    for (size_t i = 1; i < len; i++)
        if ((s[i] & 0xc0) != 0x80)
            return 0;
    if ((s[0] == 0xe0 && s[1] < 0xa0) || (s[0] == 0xed && s[1] >= 0xa0) ||
        (s[0] == 0xf0 && s[1] < 0x90) || (s[0] == 0xf4 && s[1] >= 0x90))
        return 0;
    return len;
}

/* Reads one whole line (its newline consumed) into buf (EDIT_LINE_MAX
 * bytes), as the protocol does. */
static LineKind read_line(FILE *in, char *buf)
{
    size_t n = 0;
    bool nul = false, over = false;
    int c = getc(in);
    if (c == EOF)
        return LINE_END;
    for (; c != EOF && c != '\n'; c = getc(in)) {
        nul |= c == '\0';
        if (n < EDIT_LINE_MAX)
            buf[n++] = (char)c;
        else
            over = true;
    }
    if (!over && n > 0 && buf[n - 1] == '\r')
        n--;
    if (over || n > EDIT_LINE_MAX - 1)
        return LINE_TOO_LONG;
    buf[n] = '\0';
    if (nul)
        return LINE_NUL;
    for (size_t i = 0, len; i < n; i += len)
        if ((len = utf8_length((const unsigned char *)buf + i, n - i)) == 0)
            return LINE_NOT_UTF8;
    return LINE_TEXT;
}

int editsession_run(EditSession *s, FILE *in, FILE *out)
{
    static const char *const why[] = {
        [LINE_TOO_LONG] = N_("line longer than 4095 bytes"),
        [LINE_NUL] = N_("line holds a NUL byte"),
        [LINE_NOT_UTF8] = N_("line is not valid UTF-8"),
    };
    char line[EDIT_LINE_MAX + 1];
    int status = 0;
    for (LineKind k; (k = read_line(in, line)) != LINE_END;) {
        if (k != LINE_TEXT) {
            fprintf(out, "? %s\n\n", _(why[k]));
            fflush(out);
            status = 1;
            continue;
        }
        EditAnswer a;
        if (!editsession_execute(s, line, &a))
            continue;
        editanswer_print(&a, out);
        status |= !a.ok;
        bool quit = a.quit;
        editanswer_free(&a);
        if (quit)
            break;
    }
    return status;
}
