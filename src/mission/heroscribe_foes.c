/* Named foes of a HeroScribe quest (docs/heroscribe.md, "Named foes"):
 * quests name their bosses and give their stats in the notes ("ULAG:
 * MOVEMENT 10 ATTACK 4 DEFEND 5 BODY 2 MIND 3"), say which figure stands
 * for them ("Use the Orc figure for Grak") or name them in the speech
 * with an apposition ("destroy Verag, a foul Gargoyle"). Each such foe
 * becomes a monster type of the mission's own, with its name and the
 * stats given (else its figure's), on the monster of its figure the text
 * points at; a kill objective then names it.
 */
#include "heroscribe_internal.h"

#include "../core/alloc.h"
#include "../core/i18n.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Longest name taken, in bytes, and in words. */
#define FOE_NAME_MAX 30
#define FOE_NAME_WORDS 3
/* How far before a stat block a name is looked for, and how long a
 * "use the X figure for NAME" sentence is read: the text is the input's,
 * so every look stays this short. */
#define FOE_LOOK_BACK 64
#define FOE_SENTENCE_MAX 200

/* ---- names -------------------------------------------------------------- */

static bool name_char(char c)
{
    return isalpha((unsigned char)c) || c == '\'' || c == '-' || (unsigned char)c >= 0x80;
}

/* The name in orig[0..n), spaces trimmed, in *out (its own case, or Title
 * Case when written in capitals: "ULAG" reads "Ulag"); false when it is
 * no name (empty, too long, more than three words, not capitalised, or a
 * monster type's name: "Orc: Movement 8..." is a reminder of the rules). */
static bool take_name(const HsQuest *q, const char *orig, size_t n, char *out, size_t size)
{
    while (n > 0 && orig[0] == ' ')
        orig++, n--;
    while (n > 0 && orig[n - 1] == ' ')
        n--;
    if (n == 0 || n > FOE_NAME_MAX || !isupper((unsigned char)orig[0]))
        return false;
    int words = 1;
    bool capitals = true;
    for (size_t i = 0; i < n; i++) {
        if (orig[i] == ' ')
            words++;
        else if (!name_char(orig[i]))
            return false;
        capitals &= !islower((unsigned char)orig[i]);
    }
    if (words > FOE_NAME_WORDS || n + 1 > size)
        return false;
    for (size_t i = 0; i < n; i++) {
        bool first = i == 0 || orig[i - 1] == ' ' || orig[i - 1] == '-';
        out[i] = capitals && !first ? (char)tolower((unsigned char)orig[i]) : orig[i];
    }
    out[n] = '\0';
    const PieceType *t = hs_monster_named(q, out);
    char squashed[64];
    size_t k = 0;
    for (const char *c = out; *c && k + 1 < sizeof squashed; c++)
        if (isalpha((unsigned char)*c))
            squashed[k++] = (char)tolower((unsigned char)*c);
    squashed[k] = '\0';
    if (t) { /* the whole name is a type's ("Orc", "Chaos Warrior") */
        char tname[64];
        size_t m = 0;
        for (const char *c = t->name; *c && m + 1 < sizeof tname; c++)
            if (isalpha((unsigned char)*c))
                tname[m++] = (char)tolower((unsigned char)*c);
        tname[m] = '\0';
        if (strcmp(tname, squashed) == 0)
            return false;
    }
    return true;
}

/* The foe called name, made when new (at most HS_MAX_FOES); -1 when full. */
static int foe_named(HsQuest *q, const char *name, int line)
{
    char low[32];
    snprintf(low, sizeof low, "%s", name);
    for (char *c = low; *c; c++)
        *c = (char)tolower((unsigned char)*c);
    for (int f = 0; f < q->foe_count; f++)
        if (strcmp(q->foes[f].low, low) == 0)
            return f;
    if (q->foe_count == HS_MAX_FOES)
        return -1;
    HsFoe *foe = &q->foes[q->foe_count];
    memset(foe, 0, sizeof *foe);
    snprintf(foe->name, sizeof foe->name, "%s", name);
    memcpy(foe->low, low, sizeof low);
    /* its id: letters and digits, the rest '_'; apart from the catalogue's */
    size_t n = 0;
    for (const char *c = low; *c && n + 6 < sizeof foe->id; c++) {
        bool ok = (*c >= 'a' && *c <= 'z') || (*c >= '0' && *c <= '9');
        if (ok || (n > 0 && foe->id[n - 1] != '_'))
            foe->id[n++] = ok ? *c : '_';
    }
    while (n > 0 && foe->id[n - 1] == '_')
        n--;
    foe->id[n] = '\0';
    if (n == 0)
        return -1;
    if (catalogue_find(q->cat, foe->id))
        snprintf(foe->id + n, sizeof foe->id - n, "_foe");
    foe->line = line;
    foe->monster = -1;
    return q->foe_count++;
}

/* ---- stats in the notes ------------------------------------------------- */

/* "movement"/"move", "attack", "defend"/"defence"/"defense", "body",
 * "mind" at low: its stat (0..4) and its length, or -1. */
static int stat_word(const char *low, size_t *len)
{
    static const struct {
        const char *word;
        int stat;
    } words[] = {{"movement", 0}, {"move", 0},    {"attack", 1}, {"defend", 2},
                 {"defence", 2},  {"defense", 2}, {"body", 3},   {"mind", 4}};
    for (size_t i = 0; i < sizeof words / sizeof *words; i++) {
        size_t n = strlen(words[i].word);
        if (strncmp(low, words[i].word, n) == 0 && !hs_is_word_char(low[n])) {
            *len = n;
            return words[i].stat;
        }
    }
    return -1;
}

/* The stat block starting at low (a stat word): "MOVEMENT 10 ATTACK 4
 * DEFEND 5 BODY 2 MIND 3", in any order, with ':' or ',' between. True
 * when movement, attack, defend and body are all there. */
static bool stat_block(const char *low, int stats[5], bool *has_mind)
{
    bool seen[5] = {false};
    const char *p = low;
    for (int k = 0; k < 5; k++) {
        while (*p == ' ' || *p == ',' || *p == ';' || *p == '/')
            p++;
        size_t n;
        int s = stat_word(p, &n);
        if (s < 0 || seen[s])
            break;
        p += n;
        while (*p == ' ' || *p == ':' || *p == '=')
            p++;
        if (!isdigit((unsigned char)*p))
            break;
        long v = strtol(p, NULL, 10);
        while (isdigit((unsigned char)*p))
            p++;
        if (v < 0 || v > 99)
            return false;
        stats[s] = (int)v;
        seen[s] = true;
    }
    *has_mind = seen[4];
    return seen[0] && seen[1] && seen[2] && seen[3];
}

/* The foe whose stats a note gives: the name just before the block
 * ("ULAG: MOVEMENT 10 ...", "Grak (Movement 8, ...)"). */
static void stats_in(HsQuest *q, const HsNote *note)
{
    const char *low = note->low;
    for (const char *p = low; *p; p++) {
        size_t n;
        if ((p > low && hs_is_word_char(p[-1])) || stat_word(p, &n) != 0)
            continue;
        int stats[5] = {0};
        bool has_mind;
        if (!stat_block(p, stats, &has_mind))
            continue;
        /* back over the separator, then the name's letters and spaces; the
         * longest run of words there that is a name ("the chieftain ULAG") */
        size_t end = (size_t)(p - low);
        while (end > 0 && strchr(" :(-,", low[end - 1]))
            end--;
        size_t start = end;
        while (start > 0 && end - start < FOE_LOOK_BACK &&
               (name_char(note->text[start - 1]) || note->text[start - 1] == ' '))
            start--;
        char name[FOE_NAME_MAX + 2];
        bool named = false;
        for (size_t s = start; s < end && !named; s++)
            if (s == start || note->text[s - 1] == ' ')
                named = take_name(q, note->text + s, end - s, name, sizeof name);
        if (!named)
            continue;
        int f = foe_named(q, name, note->line);
        if (f < 0)
            return;
        HsFoe *foe = &q->foes[f];
        memcpy(foe->stats, stats, sizeof stats);
        foe->stats[4] = has_mind ? stats[4] : -1; /* -1: its figure's mind */
        foe->has_stats = true;
        foe->line = note->line;
    }
}

/* ---- which figure stands for a foe -------------------------------------- */

/* "Use the Orc figure ... for Grak" (or "to represent Grak", "as Grak"):
 * the figure the text names after "use", for the foe named after "for",
 * "represent" or "as" in the same sentence, or a foe already known that
 * the sentence names. */
static void figures_in(HsQuest *q, const HsNote *note)
{
    static const char *const uses[] = {"use the ", "use a ", "use an "};
    static const char *const fors[] = {" for ", " to represent ", " as "};
    const char *low = note->low;
    for (size_t u = 0; u < sizeof uses / sizeof *uses; u++)
        for (const char *p = low; (p = strstr(p, uses[u])) != NULL; p++) {
            if ((p > low && hs_is_word_char(p[-1])) || q->figure_phrases++ >= HS_MAX_PHRASES)
                continue;
            size_t at = (size_t)(p - low) + strlen(uses[u]);
            const PieceType *figure = hs_monster_named(q, note->text + at);
            if (!figure)
                continue;
            size_t end = at;
            while (low[end] && !strchr(".!?;", low[end]) && end - at < FOE_SENTENCE_MAX)
                end++;
            char sentence[FOE_SENTENCE_MAX + 1];
            snprintf(sentence, sizeof sentence, "%.*s", (int)(end - at), low + at);
            int f = -1;
            for (int k = 0; k < q->foe_count && f < 0; k++)
                if (hs_find_word(sentence, q->foes[k].low))
                    f = k;
            for (size_t k = 0; k < sizeof fors / sizeof *fors && f < 0; k++) {
                const char *c = strstr(sentence, fors[k]);
                if (!c)
                    continue;
                size_t s = at + (size_t)(c - sentence) + strlen(fors[k]), e = s;
                while (e < end && (name_char(note->text[e]) || note->text[e] == ' '))
                    e++;
                char name[FOE_NAME_MAX + 2];
                if (take_name(q, note->text + s, e - s, name, sizeof name))
                    f = foe_named(q, name, note->line);
            }
            if (f >= 0)
                q->foes[f].figure = figure;
        }
}

/* ---- placing a foe ------------------------------------------------------- */

/* A monster standing in a room whose lettered note names the foe (its
 * figure when the text gave none). */
static HsPlaced *noted_monster(HsQuest *q, const HsFoe *foe)
{
    for (size_t k = 0; k < q->note_count; k++) {
        const HsNote *note = &q->notes[k];
        char room = note->mark >= 0 ? hs_mark_room(q, note->mark) : 0;
        if (!room || !hs_find_word(note->low, foe->low))
            continue;
        int board = hs_board_of(q, q->marks[note->mark].x, q->marks[note->mark].y);
        for (size_t i = 0; i < q->placed_count; i++) {
            HsPlaced *m = &q->placed[i];
            if (m->kind == HSP_MONSTER && !m->id[0] &&
                q->cell[(size_t)m->y * q->width + m->x] == room && hs_board_of(q, m->x, m->y) == board)
                return m;
        }
    }
    return NULL;
}

bool hs_foe_place(HsQuest *q, int f)
{
    HsFoe *foe = &q->foes[f];
    if (foe->monster >= 0)
        return true;
    HsPlaced *m = foe->figure ? hs_pick_monster(q, foe->figure->id, foe->low) : noted_monster(q, foe);
    if (m && !foe->figure)
        foe->figure = catalogue_find(q->cat, m->type);
    if (!m || !foe->figure) {
        if (foe->figure)
            hs_warn(q, foe->line, _("no %s on the map is free to stand for %s: not imported"),
                    foe->figure->name, foe->name);
        else
            hs_warn(q, foe->line, _("the quest names %s, but no figure on the map stands for it "
                    "(a note in its room, or \"use the ORC figure for %s\"): not imported"),
                    foe->name, foe->name);
        foe->monster = -2; /* said once */
        return false;
    }
    snprintf(m->id, sizeof m->id, "%s", foe->id);
    snprintf(m->type, sizeof m->type, "%s", foe->id);
    foe->monster = (int)(m - q->placed);
    const PieceType *t = foe->figure;
    int from[5] = {t->move, t->attack, t->defend, t->body, t->mind};
    HsPlaced *type = hs_add(q, HSP_TYPE, foe->line); /* m may move now */
    snprintf(type->id, sizeof type->id, "%s", foe->id);
    snprintf(type->type, sizeof type->type, "%s", t->id);
    type->text = xstrdup(foe->name);
    for (int k = 0; k < 5; k++)
        type->stats[k] = foe->has_stats && foe->stats[k] >= 0 ? foe->stats[k] : from[k];
    return true;
}

void hs_foes_from_notes(HsQuest *q)
{
    for (size_t i = 0; i < q->note_count; i++)
        stats_in(q, &q->notes[i]);
    for (size_t i = 0; i < q->note_count; i++)
        figures_in(q, &q->notes[i]);
    for (int f = 0; f < q->foe_count; f++)
        (void)hs_foe_place(q, f);
}

/* ---- a foe in a kill phrase ---------------------------------------------- */

/* "NAME, a|an|the ... TYPE": the name before the comma and the monster
 * type the apposition names; rest is the text after the verb (lower case,
 * orig in its own case). */
static int apposition(HsQuest *q, const char *rest, const char *orig, int line)
{
    size_t n = strcspn(rest, ".!?;:,");
    if (rest[n] != ',')
        return -1;
    const char *a = rest + n + 1;
    while (*a == ' ')
        a++;
    if (strncmp(a, "a ", 2) != 0 && strncmp(a, "an ", 3) != 0 && strncmp(a, "the ", 4) != 0)
        return -1;
    size_t an = strcspn(a, ".!?;:,");
    const PieceType *figure = NULL;
    for (size_t i = 0; i < catalogue_count(q->cat) && !figure; i++) {
        const PieceType *t = catalogue_at(q->cat, i);
        char name[96];
        snprintf(name, sizeof name, "%s", t->name);
        for (char *c = name; *c; c++)
            *c = (char)tolower((unsigned char)*c);
        const char *w = t->kind == PIECE_MONSTER ? hs_find_word(a, name) : NULL;
        if (w && (size_t)(w - a) < an)
            figure = t;
    }
    if (!figure)
        return -1;
    size_t skip = strncmp(rest, "the ", 4) == 0 ? 4 : 0;
    char name[FOE_NAME_MAX + 2];
    if (!take_name(q, orig + skip, n - skip, name, sizeof name))
        return -1;
    int f = foe_named(q, name, line);
    if (f >= 0 && !q->foes[f].figure)
        q->foes[f].figure = figure;
    return f;
}

int hs_foe_in_phrase(HsQuest *q, const char *rest, const char *orig, int line)
{
    int f = apposition(q, rest, orig, line);
    if (f >= 0)
        return f;
    /* a foe already known, named before the phrase ends */
    size_t n = strcspn(rest, ".!?;:,");
    static const char *const ends[] = {" then ", " and ", " but ", " before "};
    for (size_t e = 0; e < sizeof ends / sizeof *ends; e++) {
        const char *c = strstr(rest, ends[e]);
        if (c && (size_t)(c - rest) < n)
            n = (size_t)(c - rest);
    }
    for (int k = 0; k < q->foe_count; k++) {
        const char *w = hs_find_word(rest, q->foes[k].low);
        if (w && (size_t)(w - rest) < n)
            return k;
    }
    return -1;
}
