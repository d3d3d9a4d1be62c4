#define _XOPEN_SOURCE 700
#include "settings.h"
#include "core/i18n.h"

#include "core/alloc.h"
#include "core/fileio.h"
#include "core/numparse.h"
#include "settings_internal.h"
#include "settings_values.h"

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

/* A settings file is a few kilobytes; anything far larger is not ours. */
#define SETTINGS_MAX_BYTES (64 * 1024)
#define SETTINGS_MAX_LINE 512
/* Binary junk would give a message per line; a few dozen say enough. */
#define SETTINGS_MAX_MESSAGES 40
#define SETTINGS_MAGIC "questboard-settings"

/* FIELD_NAME: one of a list of names (FieldInfo.names), kept as an enum. */
typedef enum { FIELD_INT, FIELD_BOOL, FIELD_SCALE, FIELD_NAME } FieldType;

typedef enum {
    FIELD_WINDOW_WIDTH,
    FIELD_WINDOW_HEIGHT,
    FIELD_FULLSCREEN,
    FIELD_UI_SCALE,
    FIELD_ANIM_SPEED,
    FIELD_DEBUG_OVERLAY,
    FIELD_VOLUME_MASTER,
    FIELD_VOLUME_EFFECTS,
    FIELD_VOLUME_MUSIC,
    FIELD_MUTE,
    FIELD_HAND_OVER,
    FIELD_REDUCE_MOTION,
    FIELD_COLOUR_VISION,
    FIELD_ASK_END_TURN,
    FIELD_LANGUAGE,
    FIELD_NARRATION,
    FIELD_HIGH_CONTRAST,
    FIELD_TEXT_SIZE,
    FIELD_COUNT
} Field;


typedef struct {
    const char *name;
    FieldType type;
    size_t offset;
    int min, max; /* FIELD_INT; FIELD_NAME: 0 and the count of names */
    const char *const *names; /* FIELD_NAME only */
} FieldInfo;

static const char *const anim_names[SETTINGS_ANIM_COUNT] = {"slow", "normal", "fast", "instant"};
static const char *const vision_names[SETTINGS_VISION_COUNT] = {"normal", "protanopia", "deuteranopia",
                                                                "tritanopia"};
static const char *const language_names[LANG_COUNT] = {"system", "en", "de"};

static const FieldInfo fields[FIELD_COUNT] = {
    [FIELD_WINDOW_WIDTH] = {"window_width", FIELD_INT, offsetof(Settings, width),
                            SETTINGS_WINDOW_MIN_W, SETTINGS_WINDOW_MAX, NULL},
    [FIELD_WINDOW_HEIGHT] = {"window_height", FIELD_INT, offsetof(Settings, height),
                             SETTINGS_WINDOW_MIN_H, SETTINGS_WINDOW_MAX, NULL},
    [FIELD_FULLSCREEN] = {"fullscreen", FIELD_BOOL, offsetof(Settings, fullscreen), 0, 0, NULL},
    [FIELD_UI_SCALE] = {"ui_scale", FIELD_SCALE, offsetof(Settings, ui_scale), 0, 0, NULL},
    [FIELD_ANIM_SPEED] = {"animation_speed", FIELD_NAME, offsetof(Settings, anim), 0, SETTINGS_ANIM_COUNT,
                          anim_names},
    [FIELD_DEBUG_OVERLAY] = {"debug_overlay", FIELD_BOOL, offsetof(Settings, overlay), 0, 0, NULL},
    [FIELD_VOLUME_MASTER] = {"volume_master", FIELD_INT,
                             offsetof(Settings, volume) + SETTINGS_VOLUME_MASTER * sizeof(int), 0, 100, NULL},
    [FIELD_VOLUME_EFFECTS] = {"volume_effects", FIELD_INT,
                              offsetof(Settings, volume) + SETTINGS_VOLUME_EFFECTS * sizeof(int), 0, 100,
                              NULL},
    [FIELD_VOLUME_MUSIC] = {"volume_music", FIELD_INT,
                            offsetof(Settings, volume) + SETTINGS_VOLUME_MUSIC * sizeof(int), 0, 100, NULL},
    [FIELD_MUTE] = {"mute", FIELD_BOOL, offsetof(Settings, mute), 0, 0, NULL},
    [FIELD_HAND_OVER] = {"hand_over", FIELD_BOOL, offsetof(Settings, hand_over), 0, 0, NULL},
    [FIELD_REDUCE_MOTION] = {"reduce_motion", FIELD_BOOL, offsetof(Settings, reduce_motion), 0, 0, NULL},
    [FIELD_COLOUR_VISION] = {"colour_vision", FIELD_NAME, offsetof(Settings, vision), 0,
                             SETTINGS_VISION_COUNT, vision_names},
    [FIELD_ASK_END_TURN] = {"ask_end_turn", FIELD_BOOL, offsetof(Settings, ask_end_turn), 0, 0, NULL},
    [FIELD_LANGUAGE] = {"language", FIELD_NAME, offsetof(Settings, language), 0, LANG_COUNT, language_names},
    [FIELD_NARRATION] = {"narration", FIELD_BOOL, offsetof(Settings, narration), 0, 0, NULL},
    [FIELD_HIGH_CONTRAST] = {"high_contrast", FIELD_BOOL, offsetof(Settings, high_contrast), 0, 0, NULL},
    [FIELD_TEXT_SIZE] = {"text_size", FIELD_INT, offsetof(Settings, text_size), SETTINGS_TEXT_SIZE_MIN,
                         SETTINGS_TEXT_SIZE_MAX, NULL},
};
static const char *const slot_prefix[BINDINGS_SLOTS] = {"key.", "alt."};

/* ---- messages -------------------------------------------------------- */

static void clear_messages(Settings *s)
{
    for (size_t i = 0; i < s->message_count; i++)
        free(s->messages[i]);
    free(s->messages);
    s->messages = NULL;
    s->message_count = 0;
    s->messages_dropped = 0;
}

static void push_message(Settings *s, char *text)
{
    s->messages = xrealloc(s->messages, s->message_count + 1, sizeof *s->messages);
    s->messages[s->message_count++] = text;
}

/* Adds "<path>:<line>: <text>" (no line part when line is 0). */
__attribute__((format(printf, 3, 4))) static void report(Settings *s, int line, const char *fmt,
                                                         ...)
{
    if (s->message_count >= SETTINGS_MAX_MESSAGES) {
        s->messages_dropped++;
        return;
    }
    char text[768], where[64] = "";
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    if (line > 0)
        snprintf(where, sizeof where, ":%d", line);
    const char *file = s->path ? s->path : SETTINGS_FILE_NAME; /* in memory only */
    size_t n = strlen(file) + strlen(where) + strlen(text) + 4;
    char *msg = xmalloc(n, 1);
    snprintf(msg, n, "%s%s: %s", file, where, text);
    push_message(s, msg);
}

/* Untrusted text made safe to quote (settings_values.h). */
static const char *shown(const char *text, char *out, size_t size)
{
    return settings_shown(text, out, size);
}

/* ---- lifetime and defaults ------------------------------------------- */

static void set_defaults(Settings *s)
{
    s->width = 1280;
    s->height = 800;
    s->fullscreen = false;
    s->ui_scale = 1.0;
    s->anim = SETTINGS_ANIM_NORMAL;
    s->overlay = false;
    s->volume[SETTINGS_VOLUME_MASTER] = 80;
    s->volume[SETTINGS_VOLUME_EFFECTS] = 100;
    s->volume[SETTINGS_VOLUME_MUSIC] = 60;
    s->mute = false;
    s->hand_over = false;
    s->reduce_motion = false;
    s->vision = SETTINGS_VISION_NORMAL;
    s->ask_end_turn = true;
    s->language = LANG_SYSTEM;
    s->narration = false;
    s->high_contrast = false;
    s->text_size = 100;
    bindings_init_defaults(&s->keys);
}

Settings *settings_create(const char *folder)
{
    Settings *s = xcalloc(1, sizeof *s);
    if (folder && *folder) {
        size_t n = strlen(folder) + sizeof SETTINGS_FILE_NAME + 2;
        s->path = xmalloc(n, 1);
        bool slash = folder[strlen(folder) - 1] == '/';
        snprintf(s->path, n, "%s%s%s", folder, slash ? "" : "/", SETTINGS_FILE_NAME);
    }
    set_defaults(s);
    return s;
}

void settings_destroy(Settings *s)
{
    if (!s)
        return;
    clear_messages(s);
    free(s->written);
    free(s->path);
    free(s);
}

const char *settings_path(const Settings *s)
{
    return s->path ? s->path : "";
}

size_t settings_message_count(const Settings *s)
{
    return s->message_count;
}

const char *settings_message(const Settings *s, size_t i)
{
    return i < s->message_count ? s->messages[i] : "";
}

const char *settings_last_error(const Settings *s)
{
    return s->last_error;
}

/* ---- value parsing ----------------------------------------------------- */

static int clamp_int(long long v, int min, int max)
{
    return v < min ? min : v > max ? max : (int)v;
}

static double clamp_scale(double v)
{
    return v < SETTINGS_UI_SCALE_MIN   ? SETTINGS_UI_SCALE_MIN
           : v > SETTINGS_UI_SCALE_MAX ? SETTINGS_UI_SCALE_MAX
                                       : v;
}

static void read_int(Settings *s, int line, const FieldInfo *f, const char *v)
{
    int *dst = (int *)((char *)s + f->offset);
    char buf[48];
    long long n;
    if (!numparse_ll(v, LLONG_MIN, LLONG_MAX, &n)) {
        /* digits past long long are out of range, the rest no number */
        const char *digits = v + (*v == '-');
        if (!*digits || digits[strspn(digits, "0123456789")]) {
            report(s, line, _("%s: '%s' is not a whole number; using %d"), f->name,
                   shown(v, buf, sizeof buf), *dst);
            return;
        }
        n = *v == '-' ? LLONG_MIN : LLONG_MAX;
    }
    int c = clamp_int(n, f->min, f->max);
    if (c != n)
        report(s, line, _("%s: %s is out of range %d-%d; using %d"), f->name,
               shown(v, buf, sizeof buf), f->min, f->max, c);
    *dst = c;
}

static void read_scale(Settings *s, int line, const FieldInfo *f, const char *v)
{
    char buf[48];
    char *end = NULL;
    double d = strtod(v, &end);
    if (end == v || *end || isnan(d)) {
        report(s, line, _("%s: '%s' is not a number; using %.2f"), f->name, shown(v, buf, sizeof buf),
               s->ui_scale);
        return;
    }
    double c = clamp_scale(d);
    if (c != d)
        report(s, line, _("%s: %s is out of range %.1f-%.1f; using %.2f"), f->name,
               shown(v, buf, sizeof buf), SETTINGS_UI_SCALE_MIN, SETTINGS_UI_SCALE_MAX, c);
    s->ui_scale = c;
}

static void read_field(Settings *s, int line, Field field, const char *v)
{
    const FieldInfo *f = &fields[field];
    char buf[48];
    bool b;
    switch (f->type) {
    case FIELD_INT:
        read_int(s, line, f, v);
        break;
    case FIELD_SCALE:
        read_scale(s, line, f, v);
        break;
    case FIELD_BOOL:
        if (settings_parse_bool(v, &b))
            *(bool *)((char *)s + f->offset) = b;
        else
            report(s, line, _("%s: '%s' is not true or false; ignored"), f->name,
                   shown(v, buf, sizeof buf));
        break;
    case FIELD_NAME: {
        int k = settings_parse_name(v, f->names, f->max);
        if (k >= 0) {
            *(int *)((char *)s + f->offset) = k; /* the enums are int-sized */
            break;
        }
        char expect[160];
        report(s, line, _("%s: '%s' is not %s; ignored"), f->name, shown(v, buf, sizeof buf),
               settings_names_list(f->names, f->max, expect, sizeof expect));
        break;
    }
    }
}

/* ---- the file ---------------------------------------------------------- */

/* Maps a setting name to a slot of seen[]: scalar fields first, then the
 * bindings. -1 when the name is unknown. */
static int lookup_name(const char *name)
{
    for (int f = 0; f < FIELD_COUNT; f++)
        if (strcmp(name, fields[f].name) == 0)
            return f;
    for (int k = 0; k < BINDINGS_SLOTS; k++) {
        size_t p = strlen(slot_prefix[k]);
        if (strncmp(name, slot_prefix[k], p) != 0)
            continue;
        BindingAction a = bindings_action_from_name(name + p);
        if (a != BINDING_COUNT)
            return FIELD_COUNT + (int)a * BINDINGS_SLOTS + k;
    }
    return -1;
}

enum { SEEN_COUNT = FIELD_COUNT + BINDING_COUNT * BINDINGS_SLOTS };

static void apply(Settings *s, int line, int id, const char *value)
{
    if (id < FIELD_COUNT) {
        read_field(s, line, (Field)id, value);
        return;
    }
    BindingAction a = (BindingAction)((id - FIELD_COUNT) / BINDINGS_SLOTS);
    int k = (id - FIELD_COUNT) % BINDINGS_SLOTS;
    char why[96];
    if (!bindings_set(&s->keys, a, k, value, why, sizeof why))
        report(s, line, _("%s%s: %s; keeping '%s'"), slot_prefix[k], bindings_action_name(a), why,
               bindings_get(&s->keys, a, k));
}

static char *trim(char *p)
{
    while (*p == ' ' || *p == '\t')
        p++;
    size_t n = strlen(p);
    while (n > 0 && (p[n - 1] == ' ' || p[n - 1] == '\t'))
        p[--n] = 0;
    return p;
}

/* True when text is the version line; reports a version we do not know. */
static bool version_line(Settings *s, int line, const char *text)
{
    size_t m = strlen(SETTINGS_MAGIC);
    if (strncmp(text, SETTINGS_MAGIC, m) != 0 || (text[m] != ' ' && text[m] != 0))
        return false;
    char buf[48];
    const char *v = text + m;
    while (*v == ' ')
        v++;
    if (strcmp(v, "1") != 0)
        report(s, line, _("settings version '%s' is not %d; reading the settings it knows"),
               shown(v, buf, sizeof buf), SETTINGS_VERSION);
    return true;
}

static void parse_line(Settings *s, int line, char *text, int *seen, bool *first)
{
    text = trim(text);
    if (!*text || *text == '#')
        return;
    bool was_first = *first;
    *first = false;
    if (version_line(s, line, text))
        return;
    if (was_first)
        report(s, line, _("no '%s %d' version line; reading anyway"), SETTINGS_MAGIC,
               SETTINGS_VERSION);
    char buf[48];
    char *eq = strchr(text, '=');
    if (!eq) {
        report(s, line, _("expected 'name = value', found '%s'; ignored"),
               shown(text, buf, sizeof buf));
        return;
    }
    *eq = 0;
    char *name = trim(text), *value = trim(eq + 1);
    int id = lookup_name(name);
    if (id < 0) {
        report(s, line, _("unknown setting '%s'; ignored"), shown(name, buf, sizeof buf));
        return;
    }
    if (seen[id])
        report(s, line, _("'%s' set again (first on line %d); the last one counts"), name, seen[id]);
    seen[id] = line;
    apply(s, line, id, value);
}

static void parse_text(Settings *s, const char *data, size_t size)
{
    int seen[SEEN_COUNT] = {0};
    bool first = true;
    int line = 0;
    char text[SETTINGS_MAX_LINE + 1];
    size_t start_at = 0;
    /* Editors on some systems start UTF-8 files with a byte order mark. */
    if (size >= 3 && memcmp(data, "\xef\xbb\xbf", 3) == 0)
        start_at = 3;
    for (size_t pos = start_at; pos < size;) {
        const char *start = data + pos;
        const char *nl = memchr(start, '\n', size - pos);
        size_t len = nl ? (size_t)(nl - start) : size - pos;
        pos += len + (nl ? 1 : 0);
        line++;
        if (len > 0 && start[len - 1] == '\r')
            len--;
        if (memchr(start, 0, len)) {
            report(s, line, _("line holds a NUL byte (not a text file?); ignored"));
            continue;
        }
        if (len > SETTINGS_MAX_LINE) {
            report(s, line, _("line longer than %d characters; ignored"), SETTINGS_MAX_LINE);
            continue;
        }
        memcpy(text, start, len);
        text[len] = 0;
        parse_line(s, line, text, seen, &first);
    }
}

/* Reports messages dropped over the cap; true when there were none. */
static bool finish_load(Settings *s)
{
    if (s->messages_dropped) {
        char *msg = xmalloc(64, 1);
        snprintf(msg, 64,
                 ngettext("... and %zu more problem", "... and %zu more problems", s->messages_dropped),
                 s->messages_dropped);
        push_message(s, msg);
    }
    return s->message_count == 0;
}

static void start_load(Settings *s)
{
    clear_messages(s);
    set_defaults(s);
    free(s->written); /* the file may now differ from what we last wrote */
    s->written = NULL;
}

bool settings_load_text(Settings *s, const char *text, size_t size)
{
    start_load(s);
    parse_text(s, text, size);
    return finish_load(s);
}

bool settings_load(Settings *s)
{
    start_load(s);
    if (!s->path || !fileio_is_file(s->path)) {
        /* First run, or the path is something else (a folder, a FIFO):
         * the latter is worth a word, the former is normal. */
        if (s->path && fileio_mtime_ns(s->path) >= 0)
            report(s, 0, _("not a regular file; using the default settings"));
        return s->message_count == 0;
    }
    if (settings_links_outside(s->path)) {
        report(s, 0, _("a symbolic link to a file outside its folder; not read, using the default "
                     "settings"));
        return false;
    }
    uint8_t *data = NULL;
    size_t size = 0;
    char err[256];
    if (!fileio_read(s->path, SETTINGS_MAX_BYTES, &data, &size, err, sizeof err)) {
        report(s, 0, _("%s; using the default settings"), err);
        return false;
    }
    parse_text(s, (const char *)data, size);
    free(data);
    return finish_load(s);
}

/* ---- writing ----------------------------------------------------------- */

typedef struct {
    char data[8192];
    size_t len;
} Text;

__attribute__((format(printf, 2, 3))) static void put(Text *t, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(t->data + t->len, sizeof t->data - t->len, fmt, ap);
    va_end(ap);
    /* The text is bounded by the tables above; overflowing it is a bug. */
    if (n < 0 || (size_t)n >= sizeof t->data - t->len)
        abort();
    t->len += (size_t)n;
}

static void format_all(const Settings *s, Text *t)
{
    put(t, "# Questboard settings, written by the game whenever one changes.\n"
           "# One 'name = value' a line. Key names are SDL's (\"F3\", \"Return\",\n"
           "# \"Keypad +\"); key.* is an action's main key, alt.* its second one.\n");
    put(t, "%s %d\n", SETTINGS_MAGIC, SETTINGS_VERSION);
    put(t, "window_width = %d\nwindow_height = %d\n", s->width, s->height);
    put(t, "fullscreen = %s\n", s->fullscreen ? "true" : "false");
    put(t, "ui_scale = %.2f\n", s->ui_scale);
    put(t, "animation_speed = %s\n", anim_names[s->anim]);
    put(t, "debug_overlay = %s\n", s->overlay ? "true" : "false");
    put(t, "volume_master = %d\nvolume_effects = %d\nvolume_music = %d\n",
        s->volume[SETTINGS_VOLUME_MASTER], s->volume[SETTINGS_VOLUME_EFFECTS],
        s->volume[SETTINGS_VOLUME_MUSIC]);
    put(t, "mute = %s\n", s->mute ? "true" : "false");
    put(t, "hand_over = %s\n", s->hand_over ? "true" : "false");
    put(t, "reduce_motion = %s\n", s->reduce_motion ? "true" : "false");
    put(t, "colour_vision = %s\n", vision_names[s->vision]);
    put(t, "ask_end_turn = %s\n", s->ask_end_turn ? "true" : "false");
    put(t, "language = %s\n", language_names[s->language]);
    put(t, "narration = %s\n", s->narration ? "true" : "false");
    put(t, "high_contrast = %s\n", s->high_contrast ? "true" : "false");
    put(t, "text_size = %d\n", s->text_size);
    for (int a = 0; a < BINDING_COUNT; a++)
        for (int k = 0; k < BINDINGS_SLOTS; k++)
            put(t, "%s%s = %s\n", slot_prefix[k], bindings_action_name((BindingAction)a),
                bindings_get(&s->keys, (BindingAction)a, k));
}

static bool write_text(const Settings *s, const Text *t, char *err, size_t err_size)
{
    char why[256];
    bool ok = fileio_write_atomic(s->path, t->data, t->len, why, sizeof why);
    if (!ok)
        snprintf(err, err_size, _("%s: cannot save the settings: %s"), s->path, why);
    return ok;
}

char *settings_format(const Settings *s, size_t *size)
{
    Text *t = xmalloc(1, sizeof *t);
    t->len = 0;
    format_all(s, t);
    char *text = xmalloc(t->len + 1, 1);
    memcpy(text, t->data, t->len + 1);
    *size = t->len;
    free(t);
    return text;
}

bool settings_save(const Settings *s, char *err, size_t err_size)
{
    if (!s->path)
        return true;
    Text *t = xmalloc(1, sizeof *t);
    t->len = 0;
    format_all(s, t);
    bool ok = write_text(s, t, err, err_size);
    free(t);
    return ok;
}

bool settings_persist(Settings *s)
{
    s->last_error[0] = 0;
    if (!s->path)
        return true;
    Text *t = xmalloc(1, sizeof *t);
    t->len = 0;
    format_all(s, t);
    bool ok = true;
    if (!s->written || strcmp(s->written, t->data) != 0) {
        ok = write_text(s, t, s->last_error, sizeof s->last_error);
        free(s->written);
        s->written = ok ? xstrdup(t->data) : NULL;
    }
    free(t);
    return ok;
}

bool settings_reset(Settings *s)
{
    set_defaults(s);
    return settings_persist(s);
}

/* ---- fields ------------------------------------------------------------ */

int settings_window_width(const Settings *s)
{
    return s->width;
}

int settings_window_height(const Settings *s)
{
    return s->height;
}

bool settings_fullscreen(const Settings *s)
{
    return s->fullscreen;
}

double settings_ui_scale(const Settings *s)
{
    return s->ui_scale;
}

SettingsAnimSpeed settings_anim_speed(const Settings *s)
{
    return s->anim;
}

bool settings_debug_overlay(const Settings *s)
{
    return s->overlay;
}

bool settings_set_window_size(Settings *s, int width, int height)
{
    s->width = clamp_int(width, SETTINGS_WINDOW_MIN_W, SETTINGS_WINDOW_MAX);
    s->height = clamp_int(height, SETTINGS_WINDOW_MIN_H, SETTINGS_WINDOW_MAX);
    return settings_persist(s);
}

void settings_note_window_size(Settings *s, int width, int height)
{
    s->width = clamp_int(width, SETTINGS_WINDOW_MIN_W, SETTINGS_WINDOW_MAX);
    s->height = clamp_int(height, SETTINGS_WINDOW_MIN_H, SETTINGS_WINDOW_MAX);
}

bool settings_set_fullscreen(Settings *s, bool on)
{
    s->fullscreen = on;
    return settings_persist(s);
}

bool settings_set_ui_scale(Settings *s, double scale)
{
    s->ui_scale = isnan(scale) ? 1.0 : clamp_scale(scale);
    return settings_persist(s);
}

bool settings_set_anim_speed(Settings *s, SettingsAnimSpeed speed)
{
    if ((int)speed < 0 || speed >= SETTINGS_ANIM_COUNT)
        speed = SETTINGS_ANIM_NORMAL;
    s->anim = speed;
    return settings_persist(s);
}

bool settings_set_debug_overlay(Settings *s, bool on)
{
    s->overlay = on;
    return settings_persist(s);
}

int settings_volume(const Settings *s, SettingsVolume which)
{
    return (int)which >= 0 && which < SETTINGS_VOLUME_COUNT ? s->volume[which] : 0;
}

bool settings_mute(const Settings *s)
{
    return s->mute;
}

bool settings_set_volume(Settings *s, SettingsVolume which, int volume)
{
    if ((int)which < 0 || which >= SETTINGS_VOLUME_COUNT)
        return true;
    s->volume[which] = clamp_int(volume, 0, 100);
    return settings_persist(s);
}

bool settings_set_mute(Settings *s, bool on)
{
    s->mute = on;
    return settings_persist(s);
}

bool settings_hand_over(const Settings *s)
{
    return s->hand_over;
}

bool settings_set_hand_over(Settings *s, bool on)
{
    s->hand_over = on;
    return settings_persist(s);
}

const char *settings_vision_name(SettingsVision v)
{
    return (int)v >= 0 && v < SETTINGS_VISION_COUNT ? vision_names[v] : "?";
}

bool settings_ask_end_turn(const Settings *s)
{
    return s->ask_end_turn;
}

bool settings_set_ask_end_turn(Settings *s, bool on)
{
    s->ask_end_turn = on;
    return settings_persist(s);
}

const char *settings_volume_name(SettingsVolume which)
{
    static const char *const names[SETTINGS_VOLUME_COUNT] = {"master", "effects", "music"};
    return (int)which >= 0 && which < SETTINGS_VOLUME_COUNT ? names[which] : "?";
}

/* ---- key bindings ------------------------------------------------------ */

const Bindings *settings_bindings(const Settings *s)
{
    return &s->keys;
}

const char *settings_binding(const Settings *s, BindingAction action, int slot)
{
    return bindings_get(&s->keys, action, slot);
}

bool settings_set_binding(Settings *s, BindingAction action, int slot, const char *key_name)
{
    if (!bindings_set(&s->keys, action, slot, key_name, s->last_error, sizeof s->last_error))
        return false;
    return settings_persist(s);
}

size_t settings_binding_conflicts(const Settings *s, BindingConflict *out, size_t max)
{
    return bindings_conflicts(&s->keys, out, max);
}

LangChoice settings_language(const Settings *s)
{
    return s->language;
}

bool settings_set_language(Settings *s, LangChoice choice)
{
    s->language = (int)choice >= 0 && choice < LANG_COUNT ? choice : LANG_SYSTEM;
    return settings_persist(s);
}

const char *settings_anim_name(SettingsAnimSpeed speed)
{
    return (int)speed >= 0 && speed < SETTINGS_ANIM_COUNT ? anim_names[speed] : "?";
}

double settings_anim_duration_factor(SettingsAnimSpeed speed)
{
    static const double factor[SETTINGS_ANIM_COUNT] = {2.0, 1.0, 0.5, 0.0};
    return (int)speed >= 0 && speed < SETTINGS_ANIM_COUNT ? factor[speed] : 1.0;
}
