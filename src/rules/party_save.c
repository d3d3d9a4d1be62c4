/* The campaign save (party_save.h): format and parse. */
#include "party_save.h"

#include "../core/i18n.h"

#include "../core/alloc.h"
#include "../core/numparse.h"
#include "party_check.h"
#include "save.h"

#include <inttypes.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAGIC "questboard-campaign "

/* A growing text. */
typedef struct Text {
    char *s;
    size_t len, cap;
} Text;

static void add(Text *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void add(Text *t, const char *fmt, ...)
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

static void add_bytes(Text *t, const char *data, size_t n)
{
    if (t->len + n + 1 > t->cap) {
        t->cap = t->len + n + 256;
        t->s = xrealloc(t->s, t->cap, 1);
    }
    memcpy(t->s + t->len, data, n);
    t->len += n;
    t->s[t->len] = '\0';
}

/* Control bytes, space and '%' become %XX, so a name is one word. */
static void add_escaped(Text *t, const char *s)
{
    for (const unsigned char *c = (const unsigned char *)s; *c; c++)
        if (*c <= 0x20 || *c == '%' || *c == 0x7f)
            add(t, "%%%02X", *c);
        else
            add(t, "%c", *c);
}

static void add_hero(Text *t, const Party *p, const PartyHero *h)
{
    add(t, "hero %s %d %d %d %d %d ", h->type, h->player, h->gold, h->quests, h->generation,
        h->fallen ? 1 : 0);
    add_escaped(t, h->name);
    add(t, "\nkit");
    for (int i = 0; i < h->kit.count; i++)
        add(t, "%s%s%s", i ? "," : " ",
            catalogue_item_at(party_catalogue(p), (size_t)h->kit.items[i].item)->id,
            h->kit.items[i].worn ? "*" : "");
    add(t, "%s\n", h->kit.count ? "" : " -");
}

static size_t count_lines(const char *s, size_t n)
{
    size_t lines = 0;
    for (size_t i = 0; i < n; i++)
        lines += s[i] == '\n';
    return lines;
}

char *party_save_format(const Party *p, const char *campaign_path, const char *game_save,
                        size_t game_size, size_t *size)
{
    Text t = {xmalloc(512, 1), 0, 512};
    const Campaign *c = party_campaign(p);
    add(&t, MAGIC "%d\ncampaign %s\ncampaign-hash %016" PRIx64 "\nseed %" PRIu64 "\n",
        PARTY_SAVE_VERSION, campaign_path, c->hash, party_seed(p));
    add(&t, "book %d %d %s\nresults", party_step(p), party_attempt(p),
        party_stage_name(party_stage(p)));
    for (size_t i = 0; i < c->mission_count; i++)
        add(&t, " %s", party_result_name(party_result(p, (int)i)));
    add(&t, "\n");
    for (int i = 0; i < party_hero_count(p); i++)
        add_hero(&t, p, party_hero(p, i));
    if (game_save && party_stage(p) == PARTY_IN_QUEST) {
        add(&t, "quest %zu\n", count_lines(game_save, game_size));
        add_bytes(&t, game_save, game_size);
    }
    add(&t, "checksum %016" PRIx64 "\n", save_checksum(t.s, t.len));
    *size = t.len;
    return t.s;
}

bool party_save_is_campaign(const char *text, size_t size)
{
    return size >= strlen(MAGIC) && memcmp(text, MAGIC, strlen(MAGIC)) == 0;
}

/* --- parsing ------------------------------------------------------------------ */

typedef struct Reader {
    const char *p, *end;
    int line;
    char buf[4096];
} Reader;

static bool next_line(Reader *r)
{
    r->line++;
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
    int k = line > 0 ? snprintf(err, n, _("line %d: "), line) : 0;
    if (k >= 0 && (size_t)k < n) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err + k, n - (size_t)k, fmt, ap);
        va_end(ap);
    }
    return false;
}

/* The checksum line (the last) covers every byte before it. */
static bool check_sum(const char *text, size_t size, char *err, size_t n)
{
    if (memchr(text, '\0', size))
        return fail(err, n, 0, _("the file holds NUL bytes: not a campaign save"));
    if (size == 0 || text[size - 1] != '\n')
        return fail(err, n, 0, _("the file is truncated (no final line break)"));
    size_t start = size - 1;
    while (start > 0 && text[start - 1] != '\n')
        start--;
    uint64_t want;
    char line[40];
    size_t len = size - 1 - start;
    if (len < sizeof line) {
        memcpy(line, text + start, len);
        line[len] = '\0';
    }
    if (len >= sizeof line || strncmp(line, "checksum ", 9) != 0 || !numparse_hex64(line + 9, &want))
        return fail(err, n, 0, _("the file is truncated or damaged (no checksum line)"));
    if (save_checksum(text, start) != want)
        return fail(err, n, 0, _("the file is damaged or was changed by hand (checksum mismatch)"));
    return true;
}

bool party_save_head(const char *text, size_t size, char **campaign_path, uint64_t *hash,
                     char *err, size_t n)
{
    *campaign_path = NULL;
    Reader r = {text, text + size, 0, {0}};
    int version = 0;
    if (!next_line(&r) || strncmp(r.buf, MAGIC, strlen(MAGIC)) != 0 ||
        !numparse_int(r.buf + strlen(MAGIC), 0, INT_MAX, &version))
        return fail(err, n, r.line, _("not a questboard campaign save"));
    if (version != PARTY_SAVE_VERSION)
        return fail(err, n, r.line, _("campaign save version %d is not supported (this game reads %d)"),
                    version, PARTY_SAVE_VERSION);
    if (!check_sum(text, size, err, n))
        return false;
    if (!next_line(&r) || strncmp(r.buf, "campaign ", 9) != 0 || !r.buf[9])
        return fail(err, n, r.line, _("expected 'campaign PATH'"));
    char *path = xstrdup(r.buf + 9);
    if (!next_line(&r) || strncmp(r.buf, "campaign-hash ", 14) != 0 ||
        !numparse_hex64(r.buf + 14, hash)) {
        free(path);
        return fail(err, n, r.line, _("expected 'campaign-hash HEX'"));
    }
    *campaign_path = path;
    return true;
}

static bool unescape(const char *in, char *out, size_t cap)
{
    size_t k = 0;
    for (const char *c = in; *c; c++) {
        unsigned v = (unsigned char)*c;
        if (*c == '%') {
            char hex[3] = {c[1], c[1] ? c[2] : '\0', '\0'};
            uint64_t x;
            if (!hex[0] || !hex[1] || !numparse_hex64(hex, &x) || x == 0)
                return false;
            v = (unsigned)x;
            c += 2;
        }
        if (k + 1 >= cap)
            return false;
        out[k++] = (char)v;
    }
    out[k] = '\0';
    return k > 0;
}

static bool parse_kit(const char *line, const Catalogue *cat, GameKit *kit)
{
    kit->count = 0;
    if (strncmp(line, "kit ", 4) != 0)
        return false;
    if (strcmp(line + 4, "-") == 0)
        return true;
    char copy[4096];
    snprintf(copy, sizeof copy, "%s", line + 4);
    char *save = NULL;
    for (char *w = strtok_r(copy, ",", &save); w; w = strtok_r(NULL, ",", &save)) {
        size_t len = strlen(w);
        bool worn = len > 0 && w[len - 1] == '*';
        if (worn)
            w[len - 1] = '\0';
        int item = catalogue_find_item(cat, w);
        if (item < 0 || kit->count >= GAME_MAX_ITEMS)
            return false;
        kit->items[kit->count++] = (GameItem){(int16_t)item, worn};
    }
    return true;
}

/* "hero TYPE PLAYER GOLD QUESTS GENERATION FALLEN NAME": every number
 * strict and in its range, the name one word (escaped). */
static bool parse_hero_line(const char *line, PartyHero *h)
{
    const char *cur = line + 5, *sp = strchr(cur, ' ');
    int fallen;
    if (strncmp(line, "hero ", 5) != 0 || !sp || sp == cur || (size_t)(sp - cur) >= sizeof h->type)
        return false;
    memcpy(h->type, cur, (size_t)(sp - cur));
    h->type[sp - cur] = '\0';
    cur = sp;
    if (!numparse_field(&cur, 0, 3, &h->player) || !numparse_field(&cur, 0, GAME_MAX_GOLD, &h->gold) ||
        !numparse_field(&cur, 0, PARTY_MAX_COUNT, &h->quests) ||
        !numparse_field(&cur, 0, PARTY_MAX_COUNT, &h->generation) ||
        !numparse_field(&cur, 0, 1, &fallen) || *cur != ' ' || strchr(cur + 1, ' '))
        return false;
    h->fallen = fallen;
    return unescape(cur + 1, h->name, sizeof h->name);
}

static bool parse_hero(Reader *r, const Campaign *c, const Catalogue *cat, PartyHero *h, char *err,
                       size_t n)
{
    memset(h, 0, sizeof *h);
    if (!parse_hero_line(r->buf, h))
        return fail(err, n, r->line,
                    _("expected 'hero TYPE PLAYER GOLD QUESTS GENERATION FALLEN NAME' (player 0-3, "
                      "gold 0-%d, quests and generation 0-%d, fallen 0 or 1)"),
                    GAME_MAX_GOLD, PARTY_MAX_COUNT);
    int line = r->line;
    if (!next_line(r) || !parse_kit(r->buf, cat, &h->kit))
        return fail(err, n, r->line, _("expected 'kit ITEM,ITEM*,...' of catalogue items"));
    /* what the hero may be (its name, its kit...), at its line */
    char why[256];
    if (!party_check_hero(c, cat, h, why, sizeof why))
        return fail(err, n, line, "%s", why);
    return true;
}

typedef struct Book {
    int step, attempt;
    PartyStage stage;
    PartyResult *results;
} Book;

static bool parse_book(Reader *r, const Campaign *c, Book *b, char *err, size_t n)
{
    const char *stage = r->buf + 4; /* r->buf is filled by next_line below */
    if (!next_line(r) || strncmp(r->buf, "book", 4) != 0 ||
        !numparse_field(&stage, 0, (int)c->mission_count, &b->step) ||
        !numparse_field(&stage, 0, PARTY_MAX_COUNT, &b->attempt) || *stage != ' ')
        return fail(err, n, r->line, _("expected 'book STEP ATTEMPT STAGE' (step 0-%zu, attempt 0-%d)"),
                    c->mission_count, PARTY_MAX_COUNT);
    stage++;
    b->stage = PARTY_STAGE_COUNT;
    for (int s = 0; s < PARTY_STAGE_COUNT; s++)
        if (strcmp(stage, party_stage_name((PartyStage)s)) == 0)
            b->stage = (PartyStage)s;
    if (b->stage == PARTY_STAGE_COUNT)
        return fail(err, n, r->line, _("unknown stage '%s'"), stage);
    if (!next_line(r) || strncmp(r->buf, "results", 7) != 0)
        return fail(err, n, r->line, _("expected 'results'"));
    const char *cur = r->buf + 7;
    for (size_t i = 0; i < c->mission_count; i++) {
        size_t len = *cur == ' ' ? strcspn(cur + 1, " ") : 0;
        int k = PARTY_NOT_PLAYED;
        while (k <= PARTY_LOST && !(strlen(party_result_name((PartyResult)k)) == len &&
                                    strncmp(cur + 1, party_result_name((PartyResult)k), len) == 0))
            k++;
        if (len == 0 || k > PARTY_LOST)
            return fail(err, n, r->line, _("expected one result per mission of the campaign: -, won "
                                         "or lost"));
        b->results[i] = (PartyResult)k;
        cur += 1 + len;
    }
    if (*cur)
        return fail(err, n, r->line, _("more results than the campaign has missions"));
    return true;
}

/* The embedded game save: "quest N" then N lines, copied out. */
static bool parse_quest(Reader *r, char **game, size_t *game_size, char *err, size_t n)
{
    long long lines = 0;
    if (strncmp(r->buf, "quest ", 6) != 0 || !numparse_ll(r->buf + 6, 1, LLONG_MAX, &lines))
        return fail(err, n, r->line, _("expected 'quest LINES'"));
    const char *start = r->p;
    for (long long i = 0; i < lines; i++) {
        const char *nl = r->p < r->end ? memchr(r->p, '\n', (size_t)(r->end - r->p)) : NULL;
        if (!nl)
            return fail(err, n, r->line, _("the quest's game save is cut short"));
        r->p = nl + 1;
        r->line++;
    }
    *game_size = (size_t)(r->p - start);
    *game = xmalloc(*game_size + 1, 1);
    memcpy(*game, start, *game_size);
    (*game)[*game_size] = '\0';
    return true;
}

static Party *parse_body(Reader *r, const Campaign *c, const Catalogue *cat, char **game,
                         size_t *game_size, char *err, size_t n)
{
    uint64_t seed;
    if (!next_line(r) || strncmp(r->buf, "seed ", 5) != 0 || !numparse_u64(r->buf + 5, &seed)) {
        fail(err, n, r->line, _("expected 'seed N'"));
        return NULL;
    }
    Book b = {0, 0, PARTY_BETWEEN, xcalloc(c->mission_count + 1, sizeof(PartyResult))};
    PartyHero heroes[PARTY_MAX_HEROES];
    int lines[PARTY_MAX_HEROES];
    int count = 0;
    Party *p = NULL;
    bool ok = parse_book(r, c, &b, err, n);
    while (ok && next_line(r) && strncmp(r->buf, "hero ", 5) == 0) {
        if (count == PARTY_MAX_HEROES)
            ok = fail(err, n, r->line, _("more than %d heroes"), PARTY_MAX_HEROES);
        else {
            lines[count] = r->line;
            ok = parse_hero(r, c, cat, &heroes[count++], err, n);
        }
    }
    /* the party as a whole (no type twice, one of each artifact...), at
     * the line of the hero at fault */
    char why[256];
    int bad;
    if (ok && !party_check_heroes(c, cat, heroes, count, &bad, why, sizeof why))
        ok = fail(err, n, count ? lines[bad] : r->line, "%s", why);
    /* A quest line counting too many lines swallows the checksum line. */
    if (ok && b.stage == PARTY_IN_QUEST)
        ok = parse_quest(r, game, game_size, err, n) &&
             (next_line(r) || fail(err, n, r->line, _("the quest's game save runs over the checksum line")));
    if (ok && (strncmp(r->buf, "checksum ", 9) != 0 || r->p != r->end))
        ok = fail(err, n, r->line, _("expected the checksum line"));
    if (ok && !(p = party_restore(c, cat, seed, b.step, b.attempt, b.stage, b.results, heroes,
                                  count, why, sizeof why)))
        fail(err, n, 0, "%s", why);
    free(b.results);
    return p;
}

Party *party_save_parse(const char *text, size_t size, const Campaign *c, const Catalogue *cat,
                        char **game_save, size_t *game_size, char *err, size_t n)
{
    *game_save = NULL;
    *game_size = 0;
    char *path;
    uint64_t hash;
    if (!party_save_head(text, size, &path, &hash, err, n))
        return NULL;
    free(path);
    if (hash != c->hash) {
        fail(err, n, 0, _("the campaign %s has changed since the party was saved"), c->name);
        return NULL;
    }
    Reader r = {text, text + size, 0, {0}};
    for (int i = 0; i < 3; i++)
        next_line(&r);
    Party *p = parse_body(&r, c, cat, game_save, game_size, err, n);
    if (!p) {
        free(*game_save);
        *game_save = NULL;
        *game_size = 0;
    }
    return p;
}
