/* What a HeroScribe quest says in words: notes tied to the letter and
 * number marks of the map, the wandering monster, treasure the notes
 * name, and the objectives read from the speech and the notes
 * (docs/heroscribe.md, "How objectives are chosen"). The files carry no
 * machine-readable goal, so these are heuristics, kept simple enough to
 * document in full: every quest gets "return to the stairway"; a kill or
 * find objective is added only when the text names a target that is on
 * the map.
 */
#include "heroscribe_internal.h"

#include "../core/alloc.h"
#include "../core/numparse.h"

#include <libxml/xmlstring.h>

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- text ------------------------------------------------------------ */

typedef struct Buf {
    char *s;
    size_t len, cap;
} Buf;

static void buf_put(Buf *b, const char *s, size_t n)
{
    if (b->len + n + 1 > b->cap) {
        b->cap = (b->len + n + 1) * 2;
        b->s = xrealloc(b->s, b->cap, 1);
    }
    memcpy(b->s + b->len, s, n);
    b->len += n;
    b->s[b->len] = '\0';
}

/* XHTML elements that break the text (a space), unlike <b>, <em>, <i>. */
static bool breaks_text(const xmlNode *n)
{
    static const char *const names[] = {"br", "p", "div", "li", "ul", "ol", "table", "tr",
                                        "td", "th", "h1", "h2", "h3", "h4", "img", "hr"};
    for (size_t i = 0; i < sizeof names / sizeof *names; i++)
        if (xmlStrcasecmp(n->name, (const xmlChar *)names[i]) == 0)
            return true;
    return false;
}

/* Walks the subtree without recursion (nesting depth is the input's). */
char *hs_mixed_text(const xmlNode *node)
{
    Buf b = {0};
    buf_put(&b, "", 0);
    const xmlNode *n = node->children;
    while (n && n != node) {
        if ((n->type == XML_TEXT_NODE || n->type == XML_CDATA_SECTION_NODE) && n->content)
            buf_put(&b, (const char *)n->content, strlen((const char *)n->content));
        else if (n->type == XML_ELEMENT_NODE && breaks_text(n))
            buf_put(&b, " ", 1);
        if (n->type == XML_ELEMENT_NODE && n->children) {
            n = n->children;
            continue;
        }
        while (n && n != node && !n->next) {
            n = n->parent;
            if (n && n != node && n->type == XML_ELEMENT_NODE && breaks_text(n))
                buf_put(&b, " ", 1);
        }
        if (n && n != node)
            n = n->next;
    }
    /* fold white space */
    size_t w = 0;
    bool space = true;
    for (size_t r = 0; r < b.len; r++) {
        unsigned char c = (unsigned char)b.s[r];
        if (c == ' ' || c == '\t' || c == '\r' || c == '\n') {
            if (!space)
                b.s[w++] = ' ';
            space = true;
        } else {
            b.s[w++] = (char)c;
            space = false;
        }
    }
    while (w > 0 && b.s[w - 1] == ' ')
        w--;
    b.s[w] = '\0';
    return b.s;
}

static char *lower_copy(const char *s)
{
    size_t n = strlen(s);
    char *l = xmalloc(n + 1, 1);
    for (size_t i = 0; i <= n; i++)
        l[i] = (char)tolower((unsigned char)s[i]);
    return l;
}

static bool is_word_char(char c)
{
    return isalnum((unsigned char)c) || (unsigned char)c >= 0x80;
}

/* word (lower case) in text (lower case) as a whole word, or NULL. */
static const char *find_word(const char *text, const char *word)
{
    size_t n = strlen(word);
    if (n == 0)
        return NULL;
    for (const char *p = text; (p = strstr(p, word)) != NULL; p++)
        if ((p == text || !is_word_char(p[-1])) && !is_word_char(p[n]))
            return p;
    return NULL;
}

/* ---- notes and marks ------------------------------------------------- */

/* The label a note starts with: "A:", "A.", "A)", "A -", "12:", "2-12 ..."
 * A bare capital before a space counts only when a mark has that label
 * and it is not the article "A" or "I". */
static void note_label(HsQuest *q, HsNote *note)
{
    note->mark = -1;
    const char *s = note->text;
    size_t n = 0;
    if (isupper((unsigned char)s[0]) && !isalnum((unsigned char)s[1])) {
        n = 1;
    } else {
        while (isdigit((unsigned char)s[n]) || (n > 0 && s[n] == '-' && isdigit((unsigned char)s[n + 1])))
            n++;
        if (n == 0 || n > 5)
            return;
    }
    char label[16];
    snprintf(label, sizeof label, "%.*s", (int)n, s);
    const char *after = s + n;
    while (*after == ' ')
        after++;
    bool punct = *after == ':' || *after == '.' || *after == ')' || *after == '-';
    int mark = -1;
    for (size_t i = 0; i < q->mark_count; i++)
        if (strcmp(q->marks[i].label, label) == 0)
            mark = (int)i;
    bool article = n == 1 && (s[0] == 'A' || s[0] == 'I');
    if (!punct && (mark < 0 || article || s[n] != ' '))
        return;
    snprintf(note->label, sizeof note->label, "%s", label);
    note->mark = mark;
}

static char mark_room(const HsQuest *q, int mark)
{
    const HsMark *m = &q->marks[mark];
    char c = q->cell[(size_t)m->y * q->width + m->x];
    return c >= 'A' && c <= 'V' ? c : 0;
}

static void add_notes(HsQuest *q)
{
    bool *noted = xcalloc(q->mark_count + 1, sizeof *noted);
    for (size_t i = 0; i < q->note_count; i++) {
        const HsNote *note = &q->notes[i];
        if (!note->text[0])
            continue;
        HsPlaced *p = hs_add(q, HSP_NOTE, note->line);
        p->text = xstrdup(note->text);
        p->x = p->y = -1;
        snprintf(p->label, sizeof p->label, "%s", note->label);
        if (note->mark >= 0) {
            p->x = q->marks[note->mark].x, p->y = q->marks[note->mark].y;
            noted[note->mark] = true;
        }
    }
    for (size_t i = 0; i < q->mark_count; i++) {
        if (noted[i])
            continue;
        HsPlaced *p = hs_add(q, HSP_NOTE, q->marks[i].line);
        char text[64];
        snprintf(text, sizeof text, "Mark %s (the quest has no note for it).", q->marks[i].label);
        p->text = xstrdup(text);
        p->x = q->marks[i].x, p->y = q->marks[i].y;
        snprintf(p->label, sizeof p->label, "%s", q->marks[i].label);
    }
    free(noted);
}

/* ---- the wandering monster ------------------------------------------- */

/* Letters only, lower case: "Chaos Warrior" and "chaos-warrior" agree. */
static void squash(const char *s, char *out, size_t size)
{
    size_t n = 0;
    for (; *s && n + 1 < size; s++)
        if (isalpha((unsigned char)*s))
            out[n++] = (char)tolower((unsigned char)*s);
    out[n] = '\0';
}

/* The catalogue monster whose name the text starts with (the longest). */
static const PieceType *monster_named(const HsQuest *q, const char *text)
{
    char want[96];
    squash(text, want, sizeof want);
    const PieceType *best = NULL;
    size_t best_len = 0;
    for (size_t i = 0; i < catalogue_count(q->cat); i++) {
        const PieceType *t = catalogue_at(q->cat, i);
        char name[96];
        squash(t->name, name, sizeof name);
        size_t n = strlen(name);
        if (t->kind == PIECE_MONSTER && n > best_len && strncmp(want, name, n) == 0)
            best = t, best_len = n;
    }
    return best;
}

/* "Wandering Monster in this Quest: Orc", "Wandering monster: Fimir". */
static void wandering_monster(HsQuest *q)
{
    snprintf(q->wandering, sizeof q->wandering, "orc");
    for (size_t i = 0; i < q->note_count; i++) {
        const char *low = q->notes[i].low;
        const char *p = strstr(low, "wandering monster");
        const char *colon = p ? strchr(p, ':') : NULL;
        if (colon && colon - p < 60) {
            const char *name = q->notes[i].text + (colon + 1 - low);
            while (*name == ' ')
                name++;
            const PieceType *t = monster_named(q, name);
            if (t) {
                snprintf(q->wandering, sizeof q->wandering, "%s", t->id);
            } else {
                char shown[40];
                snprintf(shown, sizeof shown, "%s", name);
                hs_warn(q, q->notes[i].line, "the wandering monster '%s' is no monster of the "
                        "catalogue: an orc instead", shown);
            }
            q->wandering_line = q->notes[i].line;
            return;
        }
    }
}

/* ---- treasure the notes name ----------------------------------------- */

static void gold_hints(HsQuest *q)
{
    for (size_t i = 0; i < q->note_count; i++) {
        const HsNote *note = &q->notes[i];
        if (note->mark < 0 || !mark_room(q, note->mark))
            continue;
        const char *low = note->low;
        for (const char *p = low; *p; p++) {
            if (!isdigit((unsigned char)*p) || (p > low && isdigit((unsigned char)p[-1])))
                continue;
            long long amount;
            const char *q2 = p;
            if (!numparse_prefix(p, 1, 1000, &amount, &q2))
                continue;
            while (*q2 == ' ')
                q2++;
            if (strncmp(q2, "gold", 4) == 0) {
                HsPlaced *t = hs_add(q, HSP_TREASURE, note->line);
                snprintf(t->type, sizeof t->type, "gold");
                t->amount = (int)amount;
                t->x = q->marks[note->mark].x, t->y = q->marks[note->mark].y;
                char name[64];
                snprintf(name, sizeof name, "%lld gold coins", amount);
                t->text = xstrdup(name);
                break;
            }
        }
    }
}

/* ---- objectives ------------------------------------------------------ */

static void plural(const char *name, char *out, size_t size)
{
    size_t n = strlen(name);
    if (n > 1 && name[n - 1] == 'y')
        snprintf(out, size, "%.*sies", (int)(n - 1), name);
    else
        snprintf(out, size, "%ss", name);
}

static int board_of(const HsQuest *q, int x, int y)
{
    return (y / (HEROSCRIBE_BOARD_H + 1)) * q->boards_w + x / (HEROSCRIBE_BOARD_W + 1);
}

/* The monster of type a singular "kill the X" means: the one whose room
 * a lettered note about X marks, else the one farthest from the heroes'
 * start (the boss sits at the far end), the first in the file on a tie. */
static HsPlaced *pick_monster(HsQuest *q, const char *type, const char *name_low)
{
    int sx = q->stair_x, sy = q->stair_y;
    for (size_t i = 0; i < q->placed_count && sx < 0; i++)
        if (q->placed[i].kind == HSP_HERO)
            sx = q->placed[i].x, sy = q->placed[i].y;
    /* the rooms (board, letter) whose lettered notes name the type */
    int named[64][2], n_named = 0;
    for (size_t k = 0; k < q->note_count && n_named < 64; k++) {
        const HsNote *note = &q->notes[k];
        if (note->mark >= 0 && mark_room(q, note->mark) && find_word(note->low, name_low)) {
            named[n_named][0] = board_of(q, q->marks[note->mark].x, q->marks[note->mark].y);
            named[n_named++][1] = mark_room(q, note->mark);
        }
    }
    HsPlaced *best = NULL;
    long best_d = -1;
    for (size_t i = 0; i < q->placed_count; i++) {
        HsPlaced *m = &q->placed[i];
        if (m->kind != HSP_MONSTER || strcmp(m->type, type) != 0 || m->id[0])
            continue;
        char room = q->cell[(size_t)m->y * q->width + m->x];
        for (int k = 0; k < n_named; k++)
            if (named[k][1] == room && named[k][0] == board_of(q, m->x, m->y))
                return m;
        long d = labs((long)m->x - sx) + labs((long)m->y - sy);
        if (d > best_d)
            best = m, best_d = d;
    }
    return best;
}

static void add_kill(HsQuest *q, HsPlaced *m, const PieceType *t, int line, int nth, int of)
{
    char id[32];
    snprintf(id, sizeof id, "%.20s-%u", t->id, (unsigned)(++q->kills) % 100u);
    memcpy(m->id, id, sizeof id);
    HsPlaced *o = hs_add(q, HSP_OBJECTIVE, line); /* m may move now */
    snprintf(o->type, sizeof o->type, "kill");
    memcpy(o->id, id, sizeof id);
    char text[128];
    if (of > 1)
        snprintf(text, sizeof text, "Kill the %s (%d of %d)", t->name, nth, of);
    else
        snprintf(text, sizeof text, "Kill the %s", t->name);
    o->text = xstrdup(text);
}

/* One kill phrase (lower case, after its verb): every monster type on the
 * map it names, all of them when plural or after "all". */
static void kills_in(HsQuest *q, const char *phrase, int line)
{
    for (int i = 0; i < q->type_count && q->kills < HS_MAX_KILLS; i++) {
        const PieceType *t = q->types[i];
        char name[96], many[100];
        snprintf(name, sizeof name, "%s", t->name);
        for (char *c = name; *c; c++)
            *c = (char)tolower((unsigned char)*c);
        plural(name, many, sizeof many);
        const char *at_many = find_word(phrase, many);
        const char *at_one = find_word(phrase, name);
        if (!at_many && !at_one)
            continue;
        bool all = at_many || (at_one && at_one - phrase >= 4 && strncmp(at_one - 4, "all ", 4) == 0);
        if (!all) {
            HsPlaced *m = pick_monster(q, t->id, name);
            if (m)
                add_kill(q, m, t, line, 1, 1);
            continue;
        }
        int of = 0, nth = 0;
        for (size_t k = 0; k < q->placed_count; k++)
            of += q->placed[k].kind == HSP_MONSTER && strcmp(q->placed[k].type, t->id) == 0 &&
                  !q->placed[k].id[0];
        for (size_t k = 0; k < q->placed_count && q->kills < HS_MAX_KILLS; k++) {
            HsPlaced *m = &q->placed[k];
            if (m->kind == HSP_MONSTER && strcmp(m->type, t->id) == 0 && !m->id[0])
                add_kill(q, m, t, line, ++nth, of);
        }
    }
}

/* The monster types standing on the map, in the order they first appear. */
static void monster_types(HsQuest *q)
{
    for (size_t i = 0; i < q->placed_count; i++) {
        if (q->placed[i].kind != HSP_MONSTER)
            continue;
        const PieceType *t = catalogue_find(q->cat, q->placed[i].type);
        bool known = t == NULL;
        for (int k = 0; k < q->type_count && !known; k++)
            known = q->types[k] == t;
        if (!known && q->type_count < (int)(sizeof q->types / sizeof *q->types))
            q->types[q->type_count++] = t;
    }
}

static bool stop_word(const char *w)
{
    static const char *const words[] = {
        "your", "their", "this", "that", "with", "them", "stairway", "stairs", "room", "rooms",
        "door", "doors", "treasure", "gold", "heroes", "hero", "monster", "monsters", "quest",
        "dungeon", "chamber", "passage", "corridor", "exit", "where", "some", "what", "those",
    };
    for (size_t i = 0; i < sizeof words / sizeof *words; i++)
        if (strcmp(w, words[i]) == 0)
            return true;
    return false;
}

/* "find the X": X cut at its first "and", "to", "from", "in", ","...;
 * when a lettered note in a room names every longer word of it, the item
 * lies in that room. */
static void find_in(HsQuest *q, const char *orig, const char *phrase, int line)
{
    static const char *const articles[] = {"the ", "a ", "an "};
    const char *p = phrase;
    for (size_t i = 0; i < 3; i++)
        if (strncmp(p, articles[i], strlen(articles[i])) == 0)
            p += strlen(articles[i]);
    static const char *const cuts[] = {" and ", " to ", " from ", " in ", " which ", " that ",
                                       " before ", " for ", " of the ", " so ", " or ", " it ", " they ",
                                       " he ", " she ", " then ", " at ", " hidden ", " guarded "};
    size_t len = strcspn(p, ",.;:!?()\"");
    for (size_t i = 0; i < sizeof cuts / sizeof *cuts; i++) {
        const char *c = strstr(p, cuts[i]);
        if (c && (size_t)(c - p) < len)
            len = (size_t)(c - p);
    }
    if (len == 0 || len > 40)
        return;
    char item[48];
    snprintf(item, sizeof item, "%.*s", (int)len, p);
    /* the longer words of it */
    char words[6][32];
    int nw = 0;
    for (char *w = item; *w && nw < 6;) {
        size_t n = 0;
        while (isalpha((unsigned char)w[n]))
            n++;
        if (n >= 4 && n < 32) {
            snprintf(words[nw], sizeof words[0], "%.*s", (int)n, w);
            if (!stop_word(words[nw]))
                nw++;
        }
        w += n;
        while (*w && !isalpha((unsigned char)*w))
            w++;
    }
    if (nw == 0)
        return;
    for (size_t i = 0; i < q->note_count; i++) {
        const HsNote *note = &q->notes[i];
        if (note->mark < 0 || !mark_room(q, note->mark))
            continue;
        bool all = true;
        for (int k = 0; k < nw && all; k++)
            all = find_word(note->low, words[k]) != NULL;
        if (!all)
            continue;
        /* its id: letters and digits of the name, the rest '_' (an Id
         * starts with a letter or digit) */
        char id[32];
        size_t n = 0;
        for (const char *c = item; *c && n + 1 < sizeof id; c++) {
            bool ok = (*c >= 'a' && *c <= 'z') || (*c >= '0' && *c <= '9');
            if (ok || n > 0)
                id[n++] = ok ? *c : '_';
        }
        id[n] = '\0';
        if (n == 0)
            return;
        for (size_t k = 0; k < q->placed_count; k++)
            if (strcmp(q->placed[k].id, id) == 0)
                return; /* already an item of that name */
        HsPlaced *t = hs_add(q, HSP_TREASURE, note->line);
        snprintf(t->type, sizeof t->type, "item");
        memcpy(t->id, id, sizeof id);
        char name[64];
        snprintf(name, sizeof name, "%.*s", (int)len, orig + (p - phrase));
        name[0] = (char)toupper((unsigned char)name[0]);
        t->text = xstrdup(name);
        t->x = q->marks[note->mark].x, t->y = q->marks[note->mark].y;
        q->finds++;
        HsPlaced *o = hs_add(q, HSP_OBJECTIVE, line); /* t may move now */
        snprintf(o->type, sizeof o->type, "find");
        memcpy(o->id, id, sizeof id);
        char text[96];
        snprintf(text, sizeof text, "Find the %s", name);
        o->text = xstrdup(text);
        return;
    }
}

/* Every "kill/defeat/destroy/slay X" and "find/recover/retrieve X" in a
 * text, in its order. */
static void targets_in(HsQuest *q, const char *text, int line)
{
    static const char *const kill_verbs[] = {"kill ", "defeat ", "destroy ", "slay "};
    static const char *const find_verbs[] = {"find ", "recover ", "retrieve ", "bring back "};
    char *low = lower_copy(text);
    for (const char *p = low; *p; p++) {
        if (p > low && is_word_char(p[-1]))
            continue;
        for (size_t v = 0; v < 4; v++) {
            size_t n = strlen(kill_verbs[v]);
            if (strncmp(p, kill_verbs[v], n) == 0 && q->kills < HS_MAX_KILLS &&
                q->kill_phrases++ < HS_MAX_PHRASES) {
                char phrase[96];
                size_t len = strcspn(p + n, ".!?;:,");
                static const char *const ends[] = {" then ", " and ", " but ", " before "};
                for (size_t e = 0; e < sizeof ends / sizeof *ends; e++) {
                    const char *c = strstr(p + n, ends[e]);
                    if (c && (size_t)(c - (p + n)) < len)
                        len = (size_t)(c - (p + n));
                }
                snprintf(phrase, sizeof phrase, "%.*s", (int)(len < 80 ? len : 80), p + n);
                kills_in(q, phrase, line);
            }
            n = strlen(find_verbs[v]);
            if (strncmp(p, find_verbs[v], n) == 0 && q->finds < HS_MAX_FINDS &&
                q->find_phrases++ < HS_MAX_PHRASES)
                find_in(q, text + (p + n - low), p + n, line);
        }
    }
    free(low);
}

static void escape(HsQuest *q)
{
    bool exits = q->stair_x >= 0;
    for (size_t i = 0; i < q->placed_count && !exits; i++)
        exits = q->placed[i].kind == HSP_EXIT;
    if (!exits) {
        size_t n = q->placed_count;
        for (size_t i = 0; i < n; i++)
            if (q->placed[i].kind == HSP_HERO) {
                int x = q->placed[i].x, y = q->placed[i].y;
                HsPlaced *e = hs_add(q, HSP_EXIT, q->placed[i].line);
                e->x = x, e->y = y;
                exits = true;
            }
        if (exits)
            hs_warn(q, 1, "the quest has no stairway: the heroes leave from where they start");
    }
    if (!exits)
        return;
    HsPlaced *o = hs_add(q, HSP_OBJECTIVE, 0);
    snprintf(o->type, sizeof o->type, "escape");
    o->text = xstrdup(q->stair_x >= 0 ? "Return to the stairway and leave the dungeon"
                                      : "Return to where you started and leave the dungeon");
}

void hs_objectives(HsQuest *q)
{
    for (size_t i = 0; i < q->note_count; i++) {
        q->notes[i].low = lower_copy(q->notes[i].text);
        note_label(q, &q->notes[i]);
    }
    monster_types(q);
    wandering_monster(q);
    gold_hints(q);
    if (q->speech)
        targets_in(q, q->speech, q->speech_line);
    for (size_t i = 0; i < q->note_count; i++)
        targets_in(q, q->notes[i].text, q->notes[i].line);
    escape(q);
    add_notes(q);
}
