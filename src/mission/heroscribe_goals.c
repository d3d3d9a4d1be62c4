/* The objectives of a HeroScribe quest, read from its speech and notes
 * (docs/heroscribe.md, "How objectives are chosen"). The files carry no
 * machine-readable goal, so these are heuristics, kept simple enough to
 * document in full: every quest gets "return to the stairway" (or to the
 * way out); a kill or find objective is added only when the text names a
 * target that is on the map. Each objective keeps the sentence it was
 * read from, which `--import` prints beside it.
 */
#include "heroscribe_internal.h"

#include "../core/alloc.h"
#include "../core/i18n.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The sentence of text around offset at: from after the '.', '!' or '?'
 * before it to the next one (kept), spaces trimmed, at most 300 bytes. */
static char *sentence_at(const char *text, size_t at)
{
    size_t start = at, end = at;
    while (start > 0 && !strchr(".!?", text[start - 1]))
        start--;
    while (text[end] && !strchr(".!?", text[end]))
        end++;
    if (text[end])
        end++;
    while (text[start] == ' ')
        start++;
    if (end - start > 300)
        end = start + 300;
    char *s = xmalloc(end - start + 1, 1);
    memcpy(s, text + start, end - start);
    s[end - start] = '\0';
    return s;
}

/* A new objective of kind on target id, with its text and source. */
static void objective(HsQuest *q, const char *kind, const char *id, const char *text, int line,
                      const char *source)
{
    HsPlaced *o = hs_add(q, HSP_OBJECTIVE, line);
    snprintf(o->type, sizeof o->type, "%s", kind);
    snprintf(o->id, sizeof o->id, "%s", id);
    o->text = xstrdup(text);
    o->source = source ? xstrdup(source) : NULL;
}

static void plural(const char *name, char *out, size_t size)
{
    size_t n = strlen(name);
    if (n > 1 && name[n - 1] == 'y')
        snprintf(out, size, "%.*sies", (int)(n - 1), name);
    else
        snprintf(out, size, "%ss", name);
}

/* The monster of type a singular "kill the X" means: the one whose room
 * a lettered note about X marks, else the one farthest from the heroes'
 * start (the boss sits at the far end), the first in the file on a tie. */
HsPlaced *hs_pick_monster(HsQuest *q, const char *type, const char *name_low)
{
    int sx = q->stair_x, sy = q->stair_y;
    for (size_t i = 0; i < q->placed_count && sx < 0; i++)
        if (q->placed[i].kind == HSP_HERO)
            sx = q->placed[i].x, sy = q->placed[i].y;
    /* the rooms (board, letter) whose lettered notes name the type */
    int named[64][2], n_named = 0;
    for (size_t k = 0; k < q->note_count && n_named < 64; k++) {
        const HsNote *note = &q->notes[k];
        if (note->mark >= 0 && hs_mark_room(q, note->mark) && hs_find_word(note->low, name_low)) {
            named[n_named][0] = hs_board_of(q, q->marks[note->mark].x, q->marks[note->mark].y);
            named[n_named++][1] = hs_mark_room(q, note->mark);
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
            if (named[k][1] == room && named[k][0] == hs_board_of(q, m->x, m->y))
                return m;
        long d = labs((long)m->x - sx) + labs((long)m->y - sy);
        if (d > best_d)
            best = m, best_d = d;
    }
    return best;
}

static void add_kill(HsQuest *q, HsPlaced *m, const PieceType *t, int line, int nth, int of,
                     const char *source)
{
    char id[32];
    snprintf(id, sizeof id, "%.20s-%u", t->id, (unsigned)(++q->kills) % 100u);
    memcpy(m->id, id, sizeof id);
    char text[128];
    if (of > 1)
        snprintf(text, sizeof text, "Kill the %s (%d of %d)", t->name, nth, of);
    else
        snprintf(text, sizeof text, "Kill the %s", t->name);
    objective(q, "kill", id, text, line, source); /* m may move now */
}

/* A kill objective on named foe f, once: the foe's own name. */
static void kill_foe(HsQuest *q, int f, int line, const char *source)
{
    HsFoe *foe = &q->foes[f];
    if (foe->killed || !hs_foe_place(q, f))
        return;
    foe->killed = true;
    q->kills++;
    char text[64];
    snprintf(text, sizeof text, "Kill %s", foe->name);
    objective(q, "kill", foe->id, text, line, source);
}

/* One kill phrase (lower case, after its verb): every monster type on the
 * map it names, all of them when plural or after "all". */
static void kills_in(HsQuest *q, const char *phrase, int line, const char *source)
{
    for (int i = 0; i < q->type_count && q->kills < HS_MAX_KILLS; i++) {
        const PieceType *t = q->types[i];
        char name[96], many[100];
        snprintf(name, sizeof name, "%s", t->name);
        for (char *c = name; *c; c++)
            *c = (char)tolower((unsigned char)*c);
        plural(name, many, sizeof many);
        const char *at_many = hs_find_word(phrase, many);
        const char *at_one = hs_find_word(phrase, name);
        if (!at_many && !at_one)
            continue;
        bool all = at_many || (at_one && at_one - phrase >= 4 && strncmp(at_one - 4, "all ", 4) == 0);
        if (!all) {
            HsPlaced *m = hs_pick_monster(q, t->id, name);
            if (m)
                add_kill(q, m, t, line, 1, 1, source);
            continue;
        }
        int of = 0, nth = 0;
        for (size_t k = 0; k < q->placed_count; k++)
            of += q->placed[k].kind == HSP_MONSTER && strcmp(q->placed[k].type, t->id) == 0 &&
                  !q->placed[k].id[0];
        for (size_t k = 0; k < q->placed_count && q->kills < HS_MAX_KILLS; k++) {
            HsPlaced *m = &q->placed[k];
            if (m->kind == HSP_MONSTER && strcmp(m->type, t->id) == 0 && !m->id[0])
                add_kill(q, m, t, line, ++nth, of, source);
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
static void find_in(HsQuest *q, const char *orig, const char *phrase, int line,
                    const char *source)
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
    /* "find 84 gold coins": gold is treasure (the notes' gold), never an
     * item the quest asks for */
    if (hs_find_word(item, "gold") || strstr(item, "coin"))
        return;
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
        if (note->mark < 0 || !hs_mark_room(q, note->mark))
            continue;
        bool all = true;
        for (int k = 0; k < nw && all; k++)
            all = hs_find_word(note->low, words[k]) != NULL;
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
        char text[96];
        snprintf(text, sizeof text, "Find the %s", name);
        objective(q, "find", id, text, line, source); /* t may move now */
        return;
    }
}

/* One kill phrase at p (lower case; the verb's n letters first): a named
 * foe it names (the name, or "NAME, a ... TYPE"), else the monster types
 * it names. */
static void kill_phrase(HsQuest *q, const char *text, const char *low, const char *p, size_t n,
                        int line)
{
    char phrase[96];
    size_t len = strcspn(p + n, ".!?;:,");
    static const char *const ends[] = {" then ", " and ", " but ", " before "};
    for (size_t e = 0; e < sizeof ends / sizeof *ends; e++) {
        const char *c = strstr(p + n, ends[e]);
        if (c && (size_t)(c - (p + n)) < len)
            len = (size_t)(c - (p + n));
    }
    snprintf(phrase, sizeof phrase, "%.*s", (int)(len < 80 ? len : 80), p + n);
    char *source = sentence_at(text, (size_t)(p - low));
    int f = hs_foe_in_phrase(q, p + n, text + (p + n - low), line);
    if (f >= 0)
        kill_foe(q, f, line, source);
    else
        kills_in(q, phrase, line, source);
    free(source);
}

/* Every "kill/defeat/destroy/slay X" and "find/recover/retrieve X" in a
 * text, in its order. */
static void targets_in(HsQuest *q, const char *text, int line)
{
    static const char *const kill_verbs[] = {"kill ", "defeat ", "destroy ", "slay "};
    static const char *const find_verbs[] = {"find ", "recover ", "retrieve ", "bring back "};
    char *low = hs_lower_copy(text);
    for (const char *p = low; *p; p++) {
        if (p > low && hs_is_word_char(p[-1]))
            continue;
        for (size_t v = 0; v < 4; v++) {
            size_t n = strlen(kill_verbs[v]);
            if (strncmp(p, kill_verbs[v], n) == 0 && q->kills < HS_MAX_KILLS &&
                q->kill_phrases++ < HS_MAX_PHRASES)
                kill_phrase(q, text, low, p, n, line);
            n = strlen(find_verbs[v]);
            if (strncmp(p, find_verbs[v], n) == 0 && q->finds < HS_MAX_FINDS &&
                q->find_phrases++ < HS_MAX_PHRASES) {
                char *source = sentence_at(text, (size_t)(p - low));
                find_in(q, text + (p + n - low), p + n, line, source);
                free(source);
            }
        }
    }
    free(low);
}

/* What the escape objective says: the stairway, else the doors on the
 * board's edge (the way out, or the way in when that is the only one),
 * else where the heroes started. */
static const char *escape_text(const HsQuest *q)
{
    bool in = false, out = false;
    for (size_t i = 0; i < q->edge_door_count; i++) {
        in |= q->edge_doors[i].in;
        out |= q->edge_doors[i].out && !q->edge_doors[i].in;
    }
    if (q->stair_x >= 0)
        return "Return to the stairway and leave the dungeon";
    if (out)
        return "Leave the dungeon by the door out";
    if (in)
        return "Leave the dungeon by the door you came in";
    return "Return to where you started and leave the dungeon";
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
            hs_warn(q, 1, _("the quest has no stairway: the heroes leave from where they start"));
    }
    if (!exits)
        return;
    objective(q, "escape", "", escape_text(q), 0, NULL);
}

void hs_objectives(HsQuest *q)
{
    hs_read_notes(q);
    hs_foes_from_notes(q); /* before the types: a foe's figure is no longer "an orc" */
    monster_types(q);
    if (q->speech)
        targets_in(q, q->speech, q->speech_line);
    for (size_t i = 0; i < q->note_count; i++)
        targets_in(q, q->notes[i].text, q->notes[i].line);
    escape(q);
    hs_add_notes(q);
}
