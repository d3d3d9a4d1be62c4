#define _POSIX_C_SOURCE 200809L
#include "xmldoc.h"

#include "../core/alloc.h"
#include "../core/fileio.h"
#include "../core/i18n.h"
#include "../core/numparse.h"
#include "vocab.h"
#include "xmlwords.h"

#include <libxml/parser.h>
#include <libxml/xmlerror.h>
#include <libxml/xmlschemas.h>

#include <ctype.h>
#include <pthread.h>
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

/* Where structured libxml2 errors go while one document is handled. */
typedef struct ErrorSink {
    const char *name;
    ErrorList *errs;
    const Vocab *vocab; /* the schema's words, for "did you mean" (may be NULL) */
} ErrorSink;

/* The closest known word to a misspelt element or attribute the schema
 * refused, or NULL. */
static const char *suggestion(const ErrorSink *sink, const xmlError *error)
{
    const xmlNode *n = error->node;
    if (!sink->vocab || error->domain != XML_FROM_SCHEMASV || !n)
        return NULL;
    /* An attribute not allowed: the node is its element, str1 its name. */
    if (error->code == XML_SCHEMAV_CVC_COMPLEX_TYPE_3_2_1 && n->type == XML_ELEMENT_NODE &&
        error->str1)
        return vocab_suggest_attribute(sink->vocab, (const char *)n->name, error->str1);
    if (error->code == XML_SCHEMAV_ELEMENT_CONTENT && n->type == XML_ELEMENT_NODE)
        return vocab_suggest_element(sink->vocab, (const char *)n->name);
    return NULL;
}

/* The text between the first `open` in s and the next quote, into buf
 * ("" when there is none). */
static const char *quoted(const char *s, const char *open, char *buf, size_t size)
{
    const char *p = s ? strstr(s, open) : NULL;
    buf[0] = '\0';
    if (!p)
        return buf;
    p += strlen(open);
    const char *q = strchr(p, '\'');
    snprintf(buf, size, "%.*s", q ? (int)(q - p) : 0, p);
    return buf;
}

/* "<monster> attribute body=\"-1\"" or "the text of <name>": what a
 * schema error is about (its node is the element; the message names the
 * attribute: "Element 'monster', attribute 'body': ..."). */
static bool subject(const xmlError *error, const char *value, char *buf, size_t size,
                    const char **element, char *attribute, size_t attribute_size)
{
    const xmlNode *n = error->node;
    *element = NULL;
    quoted(error->message, "attribute '", attribute, attribute_size);
    if (!n || n->type != XML_ELEMENT_NODE || !n->name)
        return false;
    *element = (const char *)n->name;
    if (attribute[0])
        snprintf(buf, size, _("<%s> attribute %s=\"%s\""), *element, attribute, value);
    else
        snprintf(buf, size, _("the text of <%s> (\"%s\")"), *element, value);
    return true;
}

/* "{'us', 'eu'}" as "us, eu". */
static void value_set(const char *message, char *buf, size_t size)
{
    const char *open = message ? strchr(message, '{') : NULL;
    size_t n = 0;
    buf[0] = '\0';
    for (const char *p = open ? open + 1 : ""; *p && *p != '}' && n + 1 < size; p++)
        if (*p != '\'')
            buf[n++] = *p;
    buf[n] = '\0';
}

/* The allowed range in words: "from 1 to 4", "of at least 0". */
static void range_words(VocabRange r, char *buf, size_t size)
{
    if (r.has_min && r.has_max)
        snprintf(buf, size, _("a whole number from %ld to %ld"), r.min, r.max);
    else if (r.has_min)
        snprintf(buf, size, _("a whole number of at least %ld"), r.min);
    else if (r.has_max)
        snprintf(buf, size, _("a whole number of at most %ld"), r.max);
    else
        snprintf(buf, size, _("a whole number"));
}

/* A schema's refusal of a value in plain words with what is allowed,
 * instead of libxml2's facet names ("[facet 'minInclusive'] The value
 * '0' is less than ..."). False when error is none of these. */
static bool plain_value_error(const ErrorSink *sink, const xmlError *error, char *msg, size_t size)
{
    if (error->domain != XML_FROM_SCHEMASV || !error->message)
        return false;
    char value[128], what[256], allowed[384], attribute[64];
    const char *element;
    if (!quoted(error->message, "The value '", value, sizeof value)[0])
        quoted(error->message, ": '", value, sizeof value); /* "'abc' is not a valid value" */
    if (!subject(error, value, what, sizeof what, &element, attribute, sizeof attribute))
        return false;
    VocabRange r = attribute[0] ? vocab_attribute_range(sink->vocab, element, attribute)
                                : (VocabRange){0};
    char bound[64];
    switch (error->code) {
    case XML_SCHEMAV_CVC_MININCLUSIVE_VALID:
    case XML_SCHEMAV_CVC_MINEXCLUSIVE_VALID:
    case XML_SCHEMAV_CVC_MAXINCLUSIVE_VALID:
    case XML_SCHEMAV_CVC_MAXEXCLUSIVE_VALID: {
        /* the facet's own bound when the schema's words do not know it */
        quoted(error->message, "allowed ('", bound, sizeof bound);
        bool low = error->code == XML_SCHEMAV_CVC_MININCLUSIVE_VALID ||
                   error->code == XML_SCHEMAV_CVC_MINEXCLUSIVE_VALID;
        long b = strtol(bound, NULL, 10);
        bool exclusive = error->code == XML_SCHEMAV_CVC_MINEXCLUSIVE_VALID ||
                         error->code == XML_SCHEMAV_CVC_MAXEXCLUSIVE_VALID;
        if (low && !r.has_min && bound[0])
            r.has_min = true, r.min = exclusive ? b + 1 : b;
        if (!low && !r.has_max && bound[0])
            r.has_max = true, r.max = exclusive ? b - 1 : b;
        range_words(r, allowed, sizeof allowed);
        snprintf(msg, size, _("%s is out of range: it takes %s"), what, allowed);
        return true;
    }
    case XML_SCHEMAV_CVC_ENUMERATION_VALID:
        value_set(error->message, allowed, sizeof allowed);
        snprintf(msg, size, _("%s is not allowed: it takes one of %s"), what, allowed);
        return true;
    case XML_SCHEMAV_CVC_MAXLENGTH_VALID:
        quoted(error->message, "maximum length of '", bound, sizeof bound);
        snprintf(msg, size, _("%s is too long: at most %s characters"), what, bound);
        return true;
    case XML_SCHEMAV_CVC_MINLENGTH_VALID:
        quoted(error->message, "minimum length of '", bound, sizeof bound);
        snprintf(msg, size,
                 ngettext("%s is too short: at least %s character", "%s is too short: at least %s characters",
                          strtoul(bound, NULL, 10)),
                 what, bound);
        return true;
    case XML_SCHEMAV_CVC_PATTERN_VALID: /* str1 the value, str2 the pattern */
        xmlwords_pattern(error->str2, allowed, sizeof allowed);
        snprintf(msg, size, _("%s does not have the form it takes: %s"), what, allowed);
        return true;
    case XML_SCHEMAV_CVC_DATATYPE_VALID_1_2_1:
        quoted(error->message, "atomic type '", bound, sizeof bound);
        if (strcmp(bound, "xs:boolean") == 0) {
            snprintf(msg, size, _("%s is neither true nor false"), what);
            return true;
        }
        if (strcmp(bound, "xs:int") != 0 && strcmp(bound, "xs:integer") != 0 && !r.whole)
            return false;
        range_words(r, allowed, sizeof allowed);
        snprintf(msg, size, _("%s is not a whole number: it takes %s"), what, allowed);
        return true;
    default:
        return false;
    }
}

/* An element left open, named at the line that opened it (libxml2 says
 * "Opening and ending tag mismatch: name line 5 and mission" at the
 * line of the end tag, and its follow-on errors come after). False when
 * error is not one. *line receives the opening line. */
static bool unclosed_error(const xmlError *error, char *msg, size_t size, int *line)
{
    if (error->domain != XML_FROM_PARSER || !error->str1 || error->int1 <= 0)
        return false;
    if (error->code == XML_ERR_TAG_NAME_MISMATCH && error->str2)
        snprintf(msg, size, _("<%s> opened here is not closed: </%s> at line %d comes first"),
                 error->str1, error->str2, error->line);
    else if (error->code == XML_ERR_TAG_NOT_FINISHED)
        snprintf(msg, size, _("<%s> opened here is not closed before the file ends"), error->str1);
    else
        return false;
    *line = error->int1;
    return true;
}

/* The length of the quoted name after open at s ("Element 'monster'"),
 * copied into buf; 0 when s does not start so. */
static size_t quoted_at(const char *s, const char *open, char *buf, size_t size)
{
    size_t n = strlen(open);
    const char *q = strncmp(s, open, n) == 0 ? strchr(s + n, '\'') : NULL;
    if (!q || (size_t)(q - s - n) >= size)
        return 0;
    snprintf(buf, size, "%.*s", (int)(q - s - n), s + n);
    return (size_t)(q - s) + 1;
}

/* The sentence of libxml2's common schema errors (an element not
 * expected, an attribute not allowed or missing, a child missing) said
 * again in the reader's language. The msgids are libxml2's own English, so
 * English reads as before; false for any other message. */
static bool schema_sentence(const char *message, char *msg, size_t size)
{
    char element[128], attribute[128] = "", name[128], expected[512] = "";
    size_t used = quoted_at(message, "Element '", element, sizeof element);
    if (!used)
        return false;
    const char *s = message + used;
    if ((used = quoted_at(s, ", attribute '", attribute, sizeof attribute)) != 0)
        s += used;
    if (strncmp(s, ": ", 2) != 0)
        return false;
    s += 2;
    char sentence[384];
    if (strncmp(s, "This element is not expected.", 29) == 0) {
        snprintf(sentence, sizeof sentence, "%s", _("This element is not expected."));
        s += 29;
    } else if (strncmp(s, "Missing child element(s).", 25) == 0) {
        snprintf(sentence, sizeof sentence, "%s", _("Missing child element(s)."));
        s += 25;
    } else if ((used = quoted_at(s, "The attribute '", name, sizeof name)) != 0 &&
               strncmp(s + used, " is not allowed.", 16) == 0) {
        snprintf(sentence, sizeof sentence, _("The attribute '%s' is not allowed."), name);
        s += used + 16;
    } else if (used && strncmp(s + used, " is required but missing.", 25) == 0) {
        snprintf(sentence, sizeof sentence, _("The attribute '%s' is required but missing."), name);
        s += used + 25;
    } else if (xmlwords_schema_sentence(s, sentence, sizeof sentence, &used)) {
        s += used;
    } else {
        return false;
    }
    bool one_of = strncmp(s, " Expected is one of ( ", 22) == 0;
    if (one_of || strncmp(s, " Expected is ( ", 15) == 0) {
        s += one_of ? 22 : 15;
        const char *close = strstr(s, " ).");
        if (!close || (size_t)(close - s) >= sizeof expected)
            return false;
        snprintf(expected, sizeof expected, "%.*s", (int)(close - s), s);
        s = close + 3;
    }
    if (s[strspn(s, " \n")] != '\0')
        return false;
    char tail[640] = "";
    if (expected[0] && one_of)
        snprintf(tail, sizeof tail, _(" Expected is one of ( %s )."), expected);
    else if (expected[0])
        snprintf(tail, sizeof tail, _(" Expected is ( %s )."), expected);
    if (attribute[0])
        snprintf(msg, size, _("Element '%s', attribute '%s': %s%s"), element, attribute, sentence, tail);
    else
        snprintf(msg, size, _("Element '%s': %s%s"), element, sentence, tail);
    return true;
}

static void sink_error(void *data, xmlErrorPtr error)
{
    ErrorSink *sink = data;
    if (!error || error->level == XML_ERR_WARNING)
        return;
    char msg[1024];
    int line = error->line > 0 ? error->line : 1;
    XmlWords words = XMLWORDS_RAW;
    if (!unclosed_error(error, msg, sizeof msg, &line) && (words = xmlwords_parser(error, msg, sizeof msg)) == XMLWORDS_RAW &&
        !plain_value_error(sink, error, msg, sizeof msg) &&
        !schema_sentence(error->message ? error->message : "", msg, sizeof msg))
        xmlwords_fallback(error->message ? error->message : _("malformed XML"), msg, sizeof msg);
    if (words == XMLWORDS_SKIP)
        return;
    size_t n = strlen(msg);
    while (n > 0 && (msg[n - 1] == '\n' || msg[n - 1] == ' '))
        msg[--n] = '\0';
    const char *guess = suggestion(sink, error);
    if (guess)
        errors_add_at(sink->errs, sink->name, line, _("%s Did you mean '%s'?"), msg, guess);
    else
        errors_add_at(sink->errs, sink->name, line, "%s", msg);
}

/* Schemas are trusted data files that never change while the game runs,
 * so each is compiled once per process and kept; the cache is shared by
 * the threads that parse (a compiled schema is only read when it
 * validates). A schema met when the cache is full (data from more than
 * SCHEMA_CACHE_MAX folders) is compiled for the one document and freed
 * after it. */
#define SCHEMA_CACHE_MAX 8
static struct {
    char *path;
    xmlSchemaPtr schema;
    Vocab *vocab; /* its words, for suggestions */
} schema_cache[SCHEMA_CACHE_MAX];

static xmlSchemaPtr schema_compile(const char *path, ErrorList *errs)
{
    ErrorSink sink = {path, errs, NULL};
    xmlSchemaParserCtxtPtr pctx = xmlSchemaNewParserCtxt(path);
    if (!pctx) {
        errors_add_at(errs, path, 1, _("cannot read the schema"));
        return NULL;
    }
    xmlSchemaSetParserStructuredErrors(pctx, sink_error, &sink);
    xmlSchemaPtr schema = xmlSchemaParse(pctx);
    xmlSchemaFreeParserCtxt(pctx);
    if (!schema && !errors_any(errs))
        errors_add_at(errs, path, 1, _("cannot compile the schema"));
    return schema;
}

static pthread_mutex_t schema_lock = PTHREAD_MUTEX_INITIALIZER;

static xmlSchemaPtr schema_get_locked(const char *path, ErrorList *errs, const Vocab **vocab,
                                      bool *owned)
{
    int free_slot = -1;
    *vocab = NULL;
    *owned = false;
    for (int i = 0; i < SCHEMA_CACHE_MAX; i++) {
        if (schema_cache[i].path && strcmp(schema_cache[i].path, path) == 0) {
            *vocab = schema_cache[i].vocab;
            return schema_cache[i].schema;
        }
        if (!schema_cache[i].path && free_slot < 0)
            free_slot = i;
    }
    if (!fileio_is_file(path)) {
        errors_add(errs, _("%s: schema not found (is the data folder complete?)"), path);
        return NULL;
    }
    xmlSchemaPtr schema = schema_compile(path, errs);
    if (schema && free_slot >= 0) {
        schema_cache[free_slot].path = xstrdup(path);
        schema_cache[free_slot].schema = schema;
        schema_cache[free_slot].vocab = vocab_load(path);
        *vocab = schema_cache[free_slot].vocab;
    } else if (schema) {
        *owned = true;
    }
    return schema;
}

/* The compiled schema at path; *owned when the caller must free it. */
static xmlSchemaPtr schema_get(const char *path, ErrorList *errs, const Vocab **vocab, bool *owned)
{
    pthread_mutex_lock(&schema_lock);
    xmlSchemaPtr schema = schema_get_locked(path, errs, vocab, owned);
    pthread_mutex_unlock(&schema_lock);
    return schema;
}

void xmldoc_init(void)
{
    xmlInitParser();
}

static int line_of_offset(const uint8_t *data, size_t offset)
{
    int line = 1;
    for (size_t i = 0; i < offset; i++)
        line += data[i] == '\n';
    return line;
}

static bool starts_with(const uint8_t *p, const uint8_t *end, const char *s)
{
    size_t m = strlen(s);
    return (size_t)(end - p) >= m && memcmp(p, s, m) == 0;
}

/* The three kinds of markup skipped whole by the scan below. */
static const struct {
    const char *open, *close;
} SKIPPED[] = {{"<!--", "-->"}, {"<![CDATA[", "]]>"}, {"<?", "?>"}};

/* Past the comment, CDATA section or processing instruction at p; p
 * itself when none starts there; end when it is not closed. */
static const uint8_t *skip_unparsed(const uint8_t *p, const uint8_t *end)
{
    for (size_t k = 0; k < sizeof SKIPPED / sizeof *SKIPPED; k++) {
        if (!starts_with(p, end, SKIPPED[k].open))
            continue;
        const uint8_t *q = p + strlen(SKIPPED[k].open);
        while (q < end && !starts_with(q, end, SKIPPED[k].close))
            q++;
        return q >= end ? end : q + strlen(SKIPPED[k].close);
    }
    return p;
}

/* The attributes of the start tag at p: its '=' signs outside quoted
 * values (each attribute has one; a tag that is not well-formed is the
 * parser's to refuse). *tag_end is set past the tag. */
static size_t count_attributes(const uint8_t *p, const uint8_t *end, const uint8_t **tag_end)
{
    size_t count = 0;
    const uint8_t *q = p + 1;
    while (q < end && *q != '>') {
        if (*q == '"' || *q == '\'') {
            const uint8_t *close = memchr(q + 1, *q, (size_t)(end - q - 1));
            q = close ? close + 1 : end;
            continue;
        }
        count += *q == '=';
        q++;
    }
    *tag_end = q;
    return count;
}

/* One pass over the markup before libxml2 sees it. Comments, CDATA
 * sections and processing instructions are skipped whole, so the words
 * in a comment are no false alarm; everywhere else in well-formed XML a
 * '<' starts markup (it cannot stand in text or attribute values), and a
 * file that is not well-formed is refused by the parser. Finds the first
 * DOCTYPE and the first start tag with more than XMLDOC_MAX_ATTRIBUTES
 * attributes (each NULL when there is none): libxml2 2.9 checks an
 * element's attributes for duplicates pairwise, so 20,000 of them took
 * 13 s before the schema saw one. Linear in the file. */
static void scan_markup(const uint8_t *data, size_t n, const uint8_t **doctype,
                        const uint8_t **flood)
{
    const uint8_t *p = data, *end = data + n;
    *doctype = *flood = NULL;
    while ((!*doctype || !*flood) && (p = memchr(p, '<', (size_t)(end - p))) != NULL) {
        if (starts_with(p, end, "<!DOCTYPE") && !*doctype)
            *doctype = p;
        const uint8_t *next = skip_unparsed(p, end);
        if (next != p) {
            p = next;
            continue;
        }
        if (p + 1 < end && (p[1] == '/' || p[1] == '!')) {
            p++;
            continue;
        }
        if (count_attributes(p, end, &next) > XMLDOC_MAX_ATTRIBUTES && !*flood)
            *flood = p;
        p = next;
    }
}

const uint8_t *xmldoc_find_doctype(const uint8_t *data, size_t n)
{
    const uint8_t *doctype, *flood;
    scan_markup(data, n, &doctype, &flood);
    return doctype;
}

/* The element's name at the start tag p, for messages: its name
 * characters only, at most 32. */
static void tag_name(const uint8_t *p, const uint8_t *end, char *buf, size_t size)
{
    size_t k = 0;
    for (p++; p < end && k + 1 < size && k < 32 &&
              (isalnum(*p) || *p == '_' || *p == '-' || *p == ':' || *p == '.');
         p++)
        buf[k++] = (char)*p;
    buf[k] = '\0';
}

/* Refuses inputs that are not plain UTF-8 XML before libxml2 sees them:
 * compressed files, UTF-16/32 (they hold NUL bytes and would hide a
 * DOCTYPE from the scan below) and any DOCTYPE outside comments, CDATA
 * and processing instructions. */
static bool precheck(const char *name, const uint8_t *data, size_t size, ErrorList *errs)
{
    if (size == 0) {
        errors_add_at(errs, name, 1, _("the file is empty"));
        return false;
    }
    if (size >= 2 && data[0] == 0x1f && data[1] == 0x8b) {
        errors_add_at(errs, name, 1, _("this is a gzip-compressed file, not XML text"));
        return false;
    }
    const uint8_t *nul = memchr(data, 0, size);
    if (nul) {
        errors_add_at(errs, name, line_of_offset(data, (size_t)(nul - data)),
                      _("NUL byte: the file must be UTF-8 text"));
        return false;
    }
    /* libxml2 stores element lines in 16 bits (without XML_PARSE_BIG_LINES,
     * which we do not set): refuse longer files so every line is exact. */
    int lines = line_of_offset(data, size);
    if (lines > XMLDOC_MAX_LINES) {
        errors_add_at(errs, name, XMLDOC_MAX_LINES + 1, _("the file has more than %d lines"),
                      XMLDOC_MAX_LINES);
        return false;
    }
    const uint8_t *dt, *flood;
    scan_markup(data, size, &dt, &flood);
    if (flood && (!dt || flood < dt)) {
        char tag[40];
        tag_name(flood, data + size, tag, sizeof tag);
        errors_add_at(errs, name, line_of_offset(data, (size_t)(flood - data)),
                      _("<%s> has more than %d attributes: no element of ours needs that many"),
                      tag, XMLDOC_MAX_ATTRIBUTES);
        return false;
    }
    if (dt) {
        errors_add_at(errs, name, line_of_offset(data, (size_t)(dt - data)),
                      _("DOCTYPE declarations (DTDs and entities) are not allowed"));
        return false;
    }
    return true;
}

static bool validate(const char *name, xmlDoc *doc, const char *schema_path, ErrorList *errs)
{
    const Vocab *vocab;
    bool owned;
    xmlSchemaPtr schema = schema_get(schema_path, errs, &vocab, &owned);
    if (!schema)
        return false;
    xmlSchemaValidCtxtPtr vctx = xmlSchemaNewValidCtxt(schema);
    if (!vctx) {
        errors_add_at(errs, name, 1, _("cannot start schema validation"));
        if (owned)
            xmlSchemaFree(schema);
        return false;
    }
    ErrorSink sink = {name, errs, vocab};
    xmlSchemaSetValidStructuredErrors(vctx, sink_error, &sink);
    size_t before = errors_total(errs);
    int rc = xmlSchemaValidateDoc(vctx, doc);
    xmlSchemaFreeValidCtxt(vctx);
    if (owned)
        xmlSchemaFree(schema);
    if (rc != 0 && errors_total(errs) == before)
        errors_add_at(errs, name, 1, _("does not match the schema %s"), schema_path);
    return rc == 0;
}

xmlDoc *xmldoc_parse(const char *name, const uint8_t *data, size_t size, const char *schema_path,
                     ErrorList *errs)
{
    if (!precheck(name, data, size, errs))
        return NULL;
    if (size > INT_MAX) {
        errors_add_at(errs, name, 1, _("the file is too large"));
        return NULL;
    }
    ErrorSink sink = {name, errs, NULL};
    /* libxml2 keeps the handler per thread; restore the default after. */
    xmlSetStructuredErrorFunc(&sink, sink_error);
    size_t before = errors_total(errs);
    xmlDoc *doc = xmlReadMemory((const char *)data, (int)size, name, NULL, XML_PARSE_NONET);
    xmlSetStructuredErrorFunc(NULL, NULL);
    if (!doc) {
        if (errors_total(errs) == before)
            errors_add_at(errs, name, 1, _("not well-formed XML"));
        return NULL;
    }
    if (doc->intSubset || doc->extSubset) {
        errors_add_at(errs, name, 1, _("DOCTYPE declarations (DTDs and entities) are not allowed"));
        xmlFreeDoc(doc);
        return NULL;
    }
    if (errors_total(errs) != before ||
        (schema_path && !validate(name, doc, schema_path, errs))) {
        xmlFreeDoc(doc);
        return NULL;
    }
    return doc;
}

xmlDoc *xmldoc_read(const char *path, const char *schema_path, uint8_t **bytes, size_t *size,
                    ErrorList *errs)
{
    uint8_t *data = NULL;
    size_t n = 0;
    char why[256];
    if (!fileio_read(path, XMLDOC_MAX_BYTES, &data, &n, why, sizeof why)) {
        errors_add(errs, "%s: %s", path, why);
        return NULL;
    }
    xmlDoc *doc = xmldoc_parse(path, data, n, schema_path, errs);
    if (bytes) {
        *bytes = data;
        *size = n;
    } else {
        free(data);
    }
    return doc;
}

int xmldoc_line(const xmlNode *node)
{
    long line = node ? xmlGetLineNo(node) : 1;
    return line > 0 && line < INT_MAX ? (int)line : 1;
}

bool xmldoc_is(const xmlNode *node, const char *name)
{
    return node && node->type == XML_ELEMENT_NODE && strcmp((const char *)node->name, name) == 0;
}

xmlNode *xmldoc_child(const xmlNode *node, const char *name)
{
    for (xmlNode *c = node ? node->children : NULL; c; c = c->next)
        if (xmldoc_is(c, name))
            return c;
    return NULL;
}

bool xmldoc_attr(const xmlNode *node, const char *name, char *buf, size_t size)
{
    xmlChar *v = xmlGetNoNsProp(node, (const xmlChar *)name);
    if (size)
        buf[0] = '\0';
    if (!v)
        return false;
    if (size)
        snprintf(buf, size, "%s", (const char *)v);
    xmlFree(v);
    return true;
}

/* The attribute's number as XML Schema writes one (blanks around it, a
 * '+' before it), read strictly (core/numparse); NULL when missing. */
static const char *attr_number(const xmlNode *node, const char *name, char *buf, size_t size)
{
    if (!xmldoc_attr(node, name, buf, size))
        return NULL;
    size_t n = strlen(buf);
    while (n > 0 && isspace((unsigned char)buf[n - 1]))
        buf[--n] = '\0';
    const char *s = buf + strspn(buf, " \t\r\n");
    return s + (*s == '+');
}

int xmldoc_attr_int(const xmlNode *node, const char *name, int fallback)
{
    char buf[64];
    int v;
    const char *s = attr_number(node, name, buf, sizeof buf);
    return s && numparse_int(s, INT_MIN, INT_MAX, &v) ? v : fallback;
}

bool xmldoc_attr_u64(const xmlNode *node, const char *name, uint64_t *out)
{
    char buf[64];
    const char *s = attr_number(node, name, buf, sizeof buf);
    return s && numparse_u64(s, out);
}

bool xmldoc_attr_bool(const xmlNode *node, const char *name, bool fallback)
{
    char buf[16];
    if (!xmldoc_attr(node, name, buf, sizeof buf))
        return fallback;
    return strcmp(buf, "true") == 0 || strcmp(buf, "1") == 0;
}

char *xmldoc_text(const xmlNode *node)
{
    xmlChar *raw = node ? xmlNodeGetContent(node) : NULL;
    const char *s = raw ? (const char *)raw : "";
    char *out = xmalloc(strlen(s) + 1, 1);
    size_t n = 0;
    bool blank = false;
    for (; *s; s++) {
        if (isspace((unsigned char)*s)) {
            blank = n > 0;
            continue;
        }
        if (blank)
            out[n++] = ' ';
        blank = false;
        out[n++] = *s;
    }
    out[n] = '\0';
    xmlFree(raw);
    return out;
}

bool xmldoc_parse_rgb(const char *s, uint32_t *rgb)
{
    if (!s || s[0] != '#' || strlen(s) != 7)
        return false;
    uint32_t v = 0;
    for (int i = 1; i < 7; i++) {
        if (!isxdigit((unsigned char)s[i]))
            return false;
        v = v * 16 + (uint32_t)(isdigit((unsigned char)s[i]) ? s[i] - '0'
                                                              : tolower((unsigned char)s[i]) - 'a' + 10);
    }
    *rgb = v;
    return true;
}
