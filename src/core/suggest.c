#define _POSIX_C_SOURCE 200809L /* strnlen */
/* Edit distances for "did you mean" (suggest.h): dynamic programming over
 * two rows of at most 64 entries (three for transpositions), no
 * allocation, stopping early once every entry of a row is past the
 * limit. */
#include "suggest.h"

#include <ctype.h>
#include <string.h>

#define SUGGEST_MAX_LEN 63

static int lower(char c)
{
    return tolower((unsigned char)c);
}

static int min3(int a, int b, int c)
{
    int m = a < b ? a : b;
    return m < c ? m : c;
}

int suggest_distance(const char *a, const char *b, int limit)
{
    int n = (int)strnlen(a, SUGGEST_MAX_LEN), m = (int)strnlen(b, SUGGEST_MAX_LEN);
    if (n - m > limit || m - n > limit)
        return limit + 1;
    int rows[3][SUGGEST_MAX_LEN + 1];
    int *before = rows[0], *prev = rows[1], *cur = rows[2];
    for (int j = 0; j <= m; j++)
        prev[j] = j;
    for (int i = 1; i <= n; i++) {
        cur[0] = i;
        int row_min = cur[0];
        for (int j = 1; j <= m; j++) {
            int cost = lower(a[i - 1]) != lower(b[j - 1]);
            int d = min3(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost);
            if (i > 1 && j > 1 && lower(a[i - 1]) == lower(b[j - 2]) &&
                lower(a[i - 2]) == lower(b[j - 1]) && before[j - 2] + 1 < d)
                d = before[j - 2] + 1;
            cur[j] = d;
            row_min = d < row_min ? d : row_min;
        }
        if (row_min > limit)
            return limit + 1;
        int *t = before;
        before = prev;
        prev = cur;
        cur = t;
    }
    return prev[m] <= limit ? prev[m] : limit + 1;
}

void suggest_begin(Suggestion *s, const char *word)
{
    int len = (int)strnlen(word, SUGGEST_MAX_LEN);
    s->word = word;
    s->best = NULL;
    s->limit = len / 3 < 1 ? 1 : len / 3 > 3 ? 3 : len / 3;
    s->best_distance = s->limit + 1;
}

void suggest_offer(Suggestion *s, const char *candidate)
{
    if (!candidate || !candidate[0] || s->best_distance == 0)
        return;
    int d = suggest_distance(s->word, candidate, s->limit);
    if (d < s->best_distance) {
        s->best_distance = d;
        s->best = candidate;
    }
}

const char *suggest_result(const Suggestion *s)
{
    return s->best_distance == 0 ? NULL : s->best;
}

const char *suggest_closest(const char *word, const char *const *candidates, size_t count)
{
    Suggestion s;
    suggest_begin(&s, word);
    for (size_t i = 0; i < count; i++)
        suggest_offer(&s, candidates[i]);
    return suggest_result(&s);
}
