/* "Did you mean": the known word closest to a misspelt one.
 *
 * Closeness is the optimal string alignment distance (Levenshtein with
 * transpositions of two neighbouring letters), compared without case. A
 * candidate counts only when it is within a third of the word's length
 * (at least 1, at most 3 edits), so "gobiln" finds "goblin" but "dragon"
 * finds nothing among the catalogue's monsters.
 */
#pragma once

#include <stddef.h>

/* Edit distance between a and b (no case), capped: returns limit + 1 as
 * soon as it is sure to exceed limit. Words longer than 63 bytes are
 * compared on their first 63. */
int suggest_distance(const char *a, const char *b, int limit);

/* The closest candidate to word within the limit above, or NULL (also when
 * word itself is among them). Ties go to the earlier candidate. */
const char *suggest_closest(const char *word, const char *const *candidates, size_t count);

/* Incremental form: keeps the best candidate offered so far. */
typedef struct Suggestion {
    const char *word;
    const char *best;
    int best_distance;
    int limit;
} Suggestion;

/* Starts looking for a word close to word. */
void suggest_begin(Suggestion *s, const char *word);

/* Offers one candidate (NULL or "" are ignored). */
void suggest_offer(Suggestion *s, const char *candidate);

/* The best candidate offered, or NULL: none close enough, or word itself
 * was offered (it is not misspelt, then). */
const char *suggest_result(const Suggestion *s);
