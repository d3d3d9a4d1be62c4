/* The words of an XML schema (element names, and the attributes each
 * element takes), read from the XSD files themselves, so that a misspelt
 * element or attribute in a mission gets "did you mean …" from the same
 * data that validates it. Follows xs:include, named complex types,
 * attribute groups and groups. The schemas are the game's own trusted
 * files; they are still read through fileio and without network.
 */
#pragma once

#include <stdbool.h>

typedef struct Vocab Vocab;

/* The whole numbers an attribute takes, from its type's min/max facets. */
typedef struct VocabRange {
    bool whole; /* its type is a whole number (xs:int or xs:integer at its root) */
    bool has_min, has_max;
    long min, max;
} VocabRange;

/* Reads the schema at path and the files it includes. NULL when it cannot
 * be read (suggestions are a help, never an error). */
Vocab *vocab_load(const char *path);

/* Frees it; NULL does nothing. */
void vocab_destroy(Vocab *vocab);

/* The element name closest to name (core/suggest.h), or NULL. */
const char *vocab_suggest_element(const Vocab *vocab, const char *name);

/* The attribute of element closest to name, or NULL. */
const char *vocab_suggest_attribute(const Vocab *vocab, const char *element, const char *name);

/* True when element takes an attribute called name (for the tests). */
bool vocab_has_attribute(const Vocab *vocab, const char *element, const char *name);

/* The bounds element's attribute name takes (none known: both flags
 * false), for plain-word messages. */
VocabRange vocab_attribute_range(const Vocab *vocab, const char *element, const char *name);
