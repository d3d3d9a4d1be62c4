/* Reading untrusted XML safely and reporting every problem with its line.
 *
 * The file is read with a size cap and parsed from memory with
 * XML_PARSE_NONET only: entities are never substituted, no DTD is loaded
 * and xmlReadFile (which inflates gzip silently) is never used. Documents
 * with a DOCTYPE are refused, which in libxml2 2.9 closes both external
 * entity reads and entity-expansion bombs, and so are elements with more
 * than XMLDOC_MAX_ATTRIBUTES attributes (a cheap scan first). Then the document is validated
 * against an XML Schema from assets/ with a structured error handler.
 */
#pragma once

#include "errors.h"

#include <libxml/tree.h>

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Largest XML file read, in bytes. */
#define XMLDOC_MAX_BYTES (1u << 20)
/* Most lines an XML file may have, so xmlGetLineNo is always exact. */
#define XMLDOC_MAX_LINES 65534
/* Most attributes one element may have (no element of our schemas allows
 * 40; the bundled files use at most 10): more is refused before libxml2,
 * whose duplicate check is quadratic in them. */
#define XMLDOC_MAX_ATTRIBUTES 64

/* Readies libxml2 for parsing on other threads than this one: call from
 * the main thread before the first such thread starts (xmlInitParser;
 * more calls do nothing). Parsing itself may then run on any thread. */
void xmldoc_init(void);

/* Parses size bytes of untrusted XML (name is used in messages) and
 * validates them against the schema file at schema_path (NULL: no
 * validation, for formats without a schema that the caller checks as it
 * reads, such as HeroScribe quests). Returns the
 * document (free with xmlFreeDoc) or NULL with every problem in errs as
 * "NAME:LINE: message". */
xmlDoc *xmldoc_parse(const char *name, const uint8_t *data, size_t size, const char *schema_path,
                     ErrorList *errs);

/* The first "<!DOCTYPE" of data that is markup (not inside a comment,
 * CDATA section or processing instruction), or NULL. */
const uint8_t *xmldoc_find_doctype(const uint8_t *data, size_t n);

/* Reads the file at path (at most XMLDOC_MAX_BYTES) and parses it as
 * xmldoc_parse does. When bytes is not NULL the file's bytes are handed
 * to the caller (free them) in *bytes and *size. */
xmlDoc *xmldoc_read(const char *path, const char *schema_path, uint8_t **bytes, size_t *size,
                    ErrorList *errs);

/* The line a node starts on (1 when unknown). */
int xmldoc_line(const xmlNode *node);

/* True when node is an element named name. */
bool xmldoc_is(const xmlNode *node, const char *name);

/* The first child element named name, or NULL. */
xmlNode *xmldoc_child(const xmlNode *node, const char *name);

/* Copies attribute name into buf (truncated to size-1 bytes) and returns
 * true, or leaves buf = "" and returns false when it is missing. */
bool xmldoc_attr(const xmlNode *node, const char *name, char *buf, size_t size);

/* The attribute as an int, or fallback when missing or not a number (the
 * schema has already checked the syntax). */
int xmldoc_attr_int(const xmlNode *node, const char *name, int fallback);

/* The attribute as a whole number from 0 to UINT64_MAX into *out; false
 * (nothing written) when missing or not such a number. */
bool xmldoc_attr_u64(const xmlNode *node, const char *name, uint64_t *out);

/* The attribute as a boolean ("true"/"1"), or fallback when missing. */
bool xmldoc_attr_bool(const xmlNode *node, const char *name, bool fallback);

/* The element's text with surrounding blanks trimmed and inner runs of
 * white space folded to one space; a new string (free it), "" when empty. */
char *xmldoc_text(const xmlNode *node);

/* Parses "#rrggbb" into 0xRRGGBB. */
bool xmldoc_parse_rgb(const char *s, uint32_t *rgb);
