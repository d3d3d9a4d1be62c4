/* libxml2's messages in plain words in the reader's language, for the
 * errors an author can realistically cause (an unescaped '&' or '<', an
 * unquoted or doubled attribute, a stray text, a file not UTF-8...);
 * xmldoc's error sink asks here before it passes a message through. */
#pragma once

#include <libxml/xmlerror.h>

#include <stdbool.h>
#include <stddef.h>

typedef enum {
    XMLWORDS_RAW,  /* not one of ours: libxml2's words (xmlwords_fallback) */
    XMLWORDS_SAID, /* msg holds the plain words */
    XMLWORDS_SKIP, /* a follow-on of the error just said: nothing to add */
} XmlWords;

/* A well-formedness error of the parser's in plain words into msg. */
XmlWords xmlwords_parser(const xmlError *error, char *msg, size_t size);

/* A schema sentence after "Element 'x': " (s) in plain words into out;
 * *used receives the English sentence's length. False when s starts with
 * none of those known here. */
bool xmlwords_schema_sentence(const char *s, char *out, size_t size, size_t *used);

/* What a schema pattern asks for in words ("'#' and six hex digits"). */
void xmlwords_pattern(const char *pattern, char *out, size_t size);

/* A message no rule here knows: as it is in English, else marked as the
 * XML reader's own English words. */
void xmlwords_fallback(const char *raw, char *out, size_t size);
