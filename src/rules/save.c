#include "save.h"
#include "core/i18n.h"

#include "../core/alloc.h"
#include "../core/fileio.h"
#include "../core/numparse.h"
#include "../core/rng.h"

#include <inttypes.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

uint64_t save_checksum(const void *data, size_t size)
{
    const unsigned char *p = data;
    uint64_t h = 0xcbf29ce484222325ull;
    for (size_t i = 0; i < size; i++) {
        h ^= p[i];
        h *= 0x100000001b3ull;
    }
    return h;
}

/* A growing text buffer. */
typedef struct Text {
    char *s;
    size_t len, cap;
} Text;

static void text_add(Text *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void text_add(Text *t, const char *fmt, ...)
{
    for (;;) {
        va_list ap;
        va_start(ap, fmt);
        int n = vsnprintf(t->s + t->len, t->cap - t->len, fmt, ap);
        va_end(ap);
        if (n >= 0 && (size_t)n < t->cap - t->len) {
            t->len += (size_t)n;
            return;
        }
        t->cap = t->cap * 2 + (size_t)(n > 0 ? n : 64) + 1;
        t->s = xrealloc(t->s, t->cap, 1);
    }
}

char *save_format(const Game *g, const char *mission_path, size_t *size)
{
    Text t = {xmalloc(256, 1), 0, 256};
    const GameSetup *setup = game_setup(g);
    text_add(&t, "questboard-save %d\nmission %s\nmission-hash %016" PRIx64 "\nseed %" PRIu64 "\n",
             SAVE_FORMAT_VERSION, mission_path, game_mission(g)->hash, game_seed(g));
    text_add(&t, "heroes %d", setup->hero_count);
    for (int i = 0; i < setup->hero_count; i++)
        text_add(&t, " %d", setup->heroes[i]);
    text_add(&t, "\n");
    for (int i = 0; setup->has_kits && i < setup->hero_count; i++) {
        const GameKit *k = &setup->kits[i];
        text_add(&t, "kit %d %d", i, k->count);
        for (int j = 0; j < k->count; j++)
            text_add(&t, " %d%s", k->items[j].item, k->items[j].worn ? "w" : "");
        text_add(&t, "\n");
    }
    for (int i = 0; i < setup->hero_count; i++)
        if (setup->names[i][0])
            text_add(&t, "name %d %s\n", i, setup->names[i]);
    if (setup->monster_player)
        text_add(&t, "monsters player\n");
    text_add(&t, "actions %zu\n", game_log_count(g));
    for (size_t i = 0; i < game_log_count(g); i++) {
        /* every piece an accepted action names was known to the heroes
         * then, so it has its public id already */
        Action pub;
        game_action_to_public(g, game_log_at(g, i), &pub);
        const Action *a = &pub;
        text_add(&t, "%s %d %d %d %d", game_action_name(a->kind), a->piece, a->target, a->pos.x,
                 a->pos.y);
        /* only a cast names a spell, an attack its weapon when it chose
         * one, a use its item: older saves stay readable */
        if (a->kind == ACTION_CAST)
            text_add(&t, " %d", a->spell);
        else if (a->item)
            text_add(&t, " %s", game_item(g, GAME_ITEM_INDEX(a->item))->id);
        text_add(&t, "\n");
    }
    text_add(&t, "checksum %016" PRIx64 "\n", save_checksum(t.s, t.len));
    *size = t.len;
    return t.s;
}

bool save_write(const Game *g, const char *mission_path, const char *path, char *err,
                size_t err_size)
{
    if (strpbrk(mission_path, "\r\n")) {
        snprintf(err, err_size, _("the mission path holds a line break"));
        return false;
    }
    size_t size;
    char *text = save_format(g, mission_path, &size);
    char why[256];
    bool ok = fileio_write_atomic(path, text, size, why, sizeof why);
    if (!ok)
        snprintf(err, err_size, "%s: %s", path, why);
    free(text);
    return ok;
}

/* --- parsing --------------------------------------------------------- */

typedef struct Reader {
    const char *p, *end;
    int line;
    char buf[4096];
} Reader;

/* Next line into r->buf without its newline; false at the end. */
static bool next_line(Reader *r)
{
    r->line++; /* at the end too, so "expected X" names the missing line */
    if (r->p >= r->end)
        return false;
    const char *nl = memchr(r->p, '\n', (size_t)(r->end - r->p));
    size_t len = nl ? (size_t)(nl - r->p) : (size_t)(r->end - r->p);
    if (len >= sizeof r->buf)
        len = sizeof r->buf - 1;
    memcpy(r->buf, r->p, len);
    r->buf[len] = '\0';
    r->p = nl ? nl + 1 : r->end;
    return true;
}

static bool fail(char *err, size_t n, int line, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

static bool fail(char *err, size_t n, int line, const char *fmt, ...)
{
    /* Line 0: a problem of the whole file (checksum, truncation). */
    int k = line > 0 ? snprintf(err, n, _("line %d: "), line) : 0;
    if (k >= 0 && (size_t)k < n) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err + k, n - (size_t)k, fmt, ap);
        va_end(ap);
    }
    return false;
}

/* Fields are read strictly (core/numparse): "%d" read 4294967308 as 12. */
static bool field(const char **cur, int min, int max, int *out)
{
    return numparse_field(cur, min, max, out);
}

/* "WORD N" at the start of line: the word, then field()'s number. */
static bool word_field(const char *line, const char *word, int min, int max, int *out,
                       const char **cur)
{
    size_t n = strlen(word);
    *cur = line + n;
    return strncmp(line, word, n) == 0 && field(cur, min, max, out);
}

/* An attack's or a use's item after a space: its catalogue index
 * (versions 1 and 2) or its id (from version 3 on, kept in *id). */
static bool parse_item(const char **cur, int version, int *item, char **id)
{
    if (version < SAVE_FORMAT_PUBLIC)
        return field(cur, 0, CATALOGUE_MAX_ITEMS - 1, item);
    const char *s = *cur;
    if (*s++ != ' ')
        return false;
    size_t n = strcspn(s, " ");
    if (n == 0 || n >= CATALOGUE_ID_MAX)
        return false;
    *id = xmalloc(n + 1, 1);
    memcpy(*id, s, n);
    (*id)[n] = '\0';
    *cur = s + n;
    return true;
}

static bool parse_action(const char *line, int version, Action *a, char **id)
{
    int piece, target, x, y, spell = -1, item = -1;
    const char *cur = line + strcspn(line, " ");
    size_t name_len = (size_t)(cur - line);
    if (!field(&cur, INT_MIN, INT_MAX, &piece) || !field(&cur, INT_MIN, INT_MAX, &target) ||
        !field(&cur, INT_MIN, INT_MAX, &x) || !field(&cur, INT_MIN, INT_MAX, &y))
        return false;
    int kind = -1;
    for (int k = 0; k < ACTION_KIND_COUNT; k++)
        if (strlen(game_action_name((ActionKind)k)) == name_len &&
            strncmp(line, game_action_name((ActionKind)k), name_len) == 0)
            kind = k;
    if (kind < 0)
        return false;
    if (kind == ACTION_CAST) {
        if (!field(&cur, INT_MIN, INT_MAX, &spell))
            return false;
    } else if (kind == ACTION_ATTACK || kind == ACTION_USE) {
        /* an attack names its weapon when it chose one; a use, always */
        if (*cur && !parse_item(&cur, version, &item, id))
            return false;
        if (kind == ACTION_USE && item < 0 && !*id)
            return false;
    }
    if (*cur != '\0')
        return false;
    *a = (Action){(ActionKind)kind, piece, target, {x, y}, spell, GAME_ITEM_REF(item)};
    return true;
}

static bool parse_heroes(const char *line, GameSetup *s)
{
    const char *cur;
    if (!word_field(line, "heroes", 1, GAME_MAX_HEROES, &s->hero_count, &cur))
        return false;
    for (int i = 0; i < s->hero_count; i++)
        if (!field(&cur, 0, INT_MAX, &s->heroes[i]))
            return false;
    return *cur == '\0';
}

/* "kit HERO N ITEM[w]..." (w: worn), one line per hero of the setup. */
static bool parse_kit(const char *line, GameSetup *s)
{
    int hero, count;
    const char *cur;
    if (!word_field(line, "kit", 0, s->hero_count - 1, &hero, &cur) ||
        !field(&cur, 0, GAME_MAX_ITEMS, &count))
        return false;
    GameKit *k = &s->kits[hero];
    k->count = count;
    for (int i = 0; i < count; i++) {
        int item;
        if (!field(&cur, 0, CATALOGUE_MAX_ITEMS - 1, &item))
            return false;
        k->items[i] = (GameItem){(int16_t)item, *cur == 'w'};
        cur += *cur == 'w';
    }
    s->has_kits = true;
    return *cur == '\0';
}

/* "name HERO TEXT": the rest of the line is the name, by the rule of
 * every hero name (game_name_ok). */
static bool parse_name(const char *line, GameSetup *s)
{
    int hero;
    const char *cur;
    if (!word_field(line, "name", 0, s->hero_count - 1, &hero, &cur) || *cur != ' ' ||
        s->names[hero][0])
        return false;
    const char *name = cur + 1;
    size_t len = strlen(name);
    if (len >= sizeof s->names[hero] || !game_name_ok(name))
        return false;
    memcpy(s->names[hero], name, len + 1);
    return true;
}

static bool parse_header(Reader *r, SaveData *out, size_t *count, char *err, size_t n)
{
    int version = 0;
    const char *cur;
    if (!next_line(r) || !word_field(r->buf, "questboard-save", 0, INT_MAX, &version, &cur) || *cur)
        return fail(err, n, r->line, _("not a questboard save"));
    if (version < SAVE_FORMAT_OLDEST || version > SAVE_FORMAT_VERSION)
        return fail(err, n, r->line, _("save format version %d is not supported (this game reads %d to %d)"),
                    version, SAVE_FORMAT_OLDEST, SAVE_FORMAT_VERSION);
    out->version = version;
    if (!next_line(r) || strncmp(r->buf, "mission ", 8) != 0 || !r->buf[8])
        return fail(err, n, r->line, _("expected 'mission PATH'"));
    out->mission_path = xstrdup(r->buf + 8);
    if (!next_line(r) || strncmp(r->buf, "mission-hash ", 13) != 0 ||
        !numparse_hex64(r->buf + 13, &out->mission_hash))
        return fail(err, n, r->line, _("expected 'mission-hash HEX'"));
    if (!next_line(r) || strncmp(r->buf, "seed ", 5) != 0 || !rng_seed_parse(r->buf + 5, &out->seed))
        return fail(err, n, r->line, _("expected 'seed N' (0 to 18446744073709551615)"));
    if (!next_line(r) || !parse_heroes(r->buf, &out->setup))
        return fail(err, n, r->line, _("expected 'heroes N I...' with 1 to %d heroes"), GAME_MAX_HEROES);
    bool more = next_line(r);
    for (int i = 0; more && strncmp(r->buf, "kit ", 4) == 0; i++, more = next_line(r))
        if (i >= out->setup.hero_count || !parse_kit(r->buf, &out->setup))
            return fail(err, n, r->line, _("expected 'kit HERO N ITEM...' for one of %d heroes"),
                        out->setup.hero_count);
    for (; more && strncmp(r->buf, "name ", 5) == 0; more = next_line(r))
        if (!parse_name(r->buf, &out->setup))
            return fail(err, n, r->line, _("expected 'name HERO TEXT' for one of %d heroes, once each, "
                        "with 1 to %d bytes of UTF-8 and no control character"),
                        out->setup.hero_count, GAME_NAME_MAX - 1);
    /* who plays the monsters: version 2 always says it, version 1 never,
     * from version 3 on only a game with a monster player does */
    bool monsters = more && strcmp(r->buf, "monsters player") == 0;
    if (version == SAVE_FORMAT_MONSTERS && !monsters)
        return fail(err, n, r->line, _("expected 'monsters player' (a version 2 save)"));
    if (version < SAVE_FORMAT_MONSTERS && monsters)
        return fail(err, n, r->line, _("'monsters player' needs a version 2 save or later"));
    out->setup.monster_player = monsters;
    if (monsters)
        more = next_line(r);
    long long actions;
    if (!more || strncmp(r->buf, "actions ", 8) != 0 ||
        !numparse_ll(r->buf + 8, 0, SAVE_MAX_BYTES / 8, &actions))
        return fail(err, n, r->line, _("expected 'actions N'"));
    *count = (size_t)actions;
    return true;
}

/* The checksum line covers every byte before it. */
static bool check_sum(const char *text, size_t size, char *err, size_t n)
{
    if (size == 0 || text[size - 1] != '\n')
        return fail(err, n, 0, _("the file is truncated (no final line break)"));
    size_t start = size - 1;
    while (start > 0 && text[start - 1] != '\n')
        start--;
    uint64_t want;
    char line[40];
    size_t len = size - 1 - start;
    if (len >= sizeof line || strncmp(text + start, "checksum ", 9) != 0)
        return fail(err, n, 0, _("the file is truncated or damaged (no checksum line)"));
    memcpy(line, text + start, len);
    line[len] = '\0';
    if (!numparse_hex64(line + 9, &want))
        return fail(err, n, 0, _("the file is truncated or damaged (no checksum line)"));
    if (save_checksum(text, start) != want)
        return fail(err, n, 0, _("the file is damaged (checksum mismatch)"));
    return true;
}

bool save_parse(const char *text, size_t size, SaveData *out, char *err, size_t n)
{
    memset(out, 0, sizeof *out);
    if (memchr(text, '\0', size))
        return fail(err, n, 0, _("the file holds NUL bytes: not a save"));
    Reader r = {text, text + size, 0, {0}};
    size_t count = 0;
    bool ok = parse_header(&r, out, &count, err, n);
    if (ok && !check_sum(text, size, err, n))
        ok = false;
    /* Every action line takes at least 10 bytes: a count beyond that is a
     * lie, refused before any allocation. */
    if (ok && count > size / 10)
        ok = fail(err, n, r.line, _("%zu actions cannot fit in the file"), count);
    if (ok) {
        out->actions = xcalloc(count + 1, sizeof *out->actions);
        out->items = xcalloc(count + 1, sizeof *out->items);
    }
    for (size_t i = 0; ok && i < count; i++) {
        if (!next_line(&r) || !parse_action(r.buf, out->version, &out->actions[i], &out->items[i]))
            ok = fail(err, n, r.line, _("expected an action 'name piece target x y'"));
        out->action_count = i + 1;
    }
    if (ok && (!next_line(&r) || strncmp(r.buf, "checksum ", 9) != 0 || r.p != r.end))
        ok = fail(err, n, r.line, _("expected the checksum line after %zu actions"), count);
    if (!ok)
        save_data_free(out);
    return ok;
}

bool save_read(const char *path, SaveData *out, char *err, size_t n)
{
    uint8_t *data;
    size_t size;
    char why[256];
    memset(out, 0, sizeof *out);
    if (!fileio_read(path, SAVE_MAX_BYTES, &data, &size, why, sizeof why)) {
        snprintf(err, n, "%s: %s", path, why);
        return false;
    }
    char inner[384];
    bool ok = save_parse((const char *)data, size, out, inner, sizeof inner);
    if (!ok)
        snprintf(err, n, "%s: %s", path, inner);
    free(data);
    return ok;
}

void save_data_free(SaveData *s)
{
    free(s->mission_path);
    for (size_t i = 0; s->items && i < s->action_count; i++)
        free(s->items[i]);
    free(s->items);
    free(s->actions);
    memset(s, 0, sizeof *s);
}

Game *save_replay(const Mission *m, const SaveData *s, char *err, size_t n)
{
    if (m->hash != s->mission_hash) {
        snprintf(err, n, _("the mission %s has changed since the game was saved"), s->mission_path);
        return NULL;
    }
    char why[256];
    Game *g = game_create(m, &s->setup, s->seed, why, sizeof why);
    if (!g) {
        snprintf(err, n, _("cannot start the saved game: %s"), why);
        return NULL;
    }
    for (size_t i = 0; i < s->action_count; i++) {
        Action a;
        if (!save_action(g, s, i, &a, why, sizeof why) ||
            !game_apply(g, &a, NULL, why, sizeof why)) {
            snprintf(err, n, _("action %zu (%s) does not replay: %s"), i + 1,
                     game_action_name(s->actions[i].kind), why);
            game_destroy(g);
            return NULL;
        }
    }
    return g;
}

bool save_action(const Game *g, const SaveData *s, size_t i, Action *out, char *why,
                 size_t why_size)
{
    const Action *a = &s->actions[i];
    if (s->version < SAVE_FORMAT_PUBLIC) { /* versions 1 and 2 wrote the game's own ids */
        *out = *a;
        return true;
    }
    if (!game_action_from_public(g, a, out)) {
        snprintf(why, why_size, _("it names piece %d, which nobody has seen at that point"),
                 out->piece < 0 && a->piece >= 0 ? a->piece : a->target);
        return false;
    }
    if (s->items && s->items[i]) {
        int item = game_find_item(g, s->items[i]);
        if (item < 0) {
            snprintf(why, why_size, _("it names the item '%s', which this mission does not have"),
                     s->items[i]);
            return false;
        }
        out->item = GAME_ITEM_REF(item);
    }
    return true;
}
