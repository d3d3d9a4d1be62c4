/* What a HeroScribe quest says in words: notes tied to the letter and
 * number marks of the map, the wandering monster and the gold the notes
 * name; and the text helpers the foes (heroscribe_foes.c) and the
 * objectives (heroscribe_goals.c) share.
 */
#include "heroscribe_internal.h"

#include "../core/alloc.h"
#include "../core/i18n.h"
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

char *hs_lower_copy(const char *s)
{
    size_t n = strlen(s);
    char *l = xmalloc(n + 1, 1);
    for (size_t i = 0; i <= n; i++)
        l[i] = (char)tolower((unsigned char)s[i]);
    return l;
}

bool hs_is_word_char(char c)
{
    return isalnum((unsigned char)c) || (unsigned char)c >= 0x80;
}

const char *hs_find_word(const char *text, const char *word)
{
    size_t n = strlen(word);
    if (n == 0)
        return NULL;
    for (const char *p = text; (p = strstr(p, word)) != NULL; p++)
        if ((p == text || !hs_is_word_char(p[-1])) && !hs_is_word_char(p[n]))
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

char hs_mark_room(const HsQuest *q, int mark)
{
    const HsMark *m = &q->marks[mark];
    char c = q->cell[(size_t)m->y * q->width + m->x];
    return c >= 'A' && c <= 'V' ? c : 0;
}

void hs_add_notes(HsQuest *q)
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

const PieceType *hs_monster_named(const HsQuest *q, const char *text)
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
            const PieceType *t = hs_monster_named(q, name);
            if (t) {
                snprintf(q->wandering, sizeof q->wandering, "%s", t->id);
            } else {
                char shown[40];
                snprintf(shown, sizeof shown, "%s", name);
                hs_warn(q, q->notes[i].line, _("the wandering monster '%s' is no monster of the "
                        "catalogue: an orc instead"), shown);
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
        if (note->mark < 0 || !hs_mark_room(q, note->mark))
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

int hs_board_of(const HsQuest *q, int x, int y)
{
    return (y / (HEROSCRIBE_BOARD_H + 1)) * q->boards_w + x / (HEROSCRIBE_BOARD_W + 1);
}

/* Lower-cases the notes, finds their labels, the wandering monster and the
 * gold they name. */
void hs_read_notes(HsQuest *q)
{
    for (size_t i = 0; i < q->note_count; i++) {
        q->notes[i].low = hs_lower_copy(q->notes[i].text);
        note_label(q, &q->notes[i]);
    }
    wandering_monster(q);
    gold_hints(q);
}
