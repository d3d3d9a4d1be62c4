/* Schema words (vocab.h). Each XSD is walked without recursion (a tree
 * walk by parent and sibling pointers); an element's attributes are those
 * declared under it, not under the elements nested in it, plus those of
 * the attribute groups and named complex types it refers to (a worklist,
 * capped, so a reference loop in a schema cannot hang it). */
#define _POSIX_C_SOURCE 200809L
#include "vocab.h"

#include "../core/alloc.h"
#include "../core/fileio.h"
#include "../core/suggest.h"
#include "xmldoc.h"

#include <libxml/parser.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define VOCAB_MAX_FILES 8
#define VOCAB_MAX_REFS 64
#define VOCAB_NAME_MAX 64
#define XSD_NS "http://www.w3.org/2001/XMLSchema"

typedef struct Word {
    char *element;
    char *attribute; /* NULL: the element itself */
    VocabRange range; /* an attribute's bounds, from its type's facets */
} Word;

struct Vocab {
    Word *words;
    size_t count;
    xmlDoc *docs[VOCAB_MAX_FILES];
    int doc_count;
};

static bool is_xsd(const xmlNode *n, const char *name)
{
    return n && n->type == XML_ELEMENT_NODE && n->ns && n->ns->href &&
           strcmp((const char *)n->ns->href, XSD_NS) == 0 && strcmp((const char *)n->name, name) == 0;
}

/* The next node of a walk of root's subtree; descend into n's children
 * only when asked. */
static xmlNode *walk_next(const xmlNode *root, xmlNode *n, bool descend)
{
    if (descend && n->children)
        return n->children;
    while (n && n != root && !n->next)
        n = n->parent;
    return n && n != root ? n->next : NULL;
}

static Word *add(Vocab *v, const char *element, const char *attribute)
{
    for (size_t i = 0; i < v->count; i++)
        if (strcmp(v->words[i].element, element) == 0 &&
            (attribute ? v->words[i].attribute && strcmp(v->words[i].attribute, attribute) == 0
                       : !v->words[i].attribute))
            return &v->words[i];
    v->words = xrealloc(v->words, v->count + 1, sizeof *v->words);
    v->words[v->count] = (Word){xstrdup(element), attribute ? xstrdup(attribute) : NULL, {0}};
    return &v->words[v->count++];
}

/* The top-level definition of that kind and name in any file, or NULL. */
static xmlNode *definition(const Vocab *v, const char *kind, const char *name)
{
    const char *colon = strchr(name, ':'); /* a prefixed reference */
    if (colon)
        name = colon + 1;
    for (int d = 0; d < v->doc_count; d++)
        for (xmlNode *n = xmlDocGetRootElement(v->docs[d])->children; n; n = n->next) {
            char buf[VOCAB_NAME_MAX];
            if (is_xsd(n, kind) && xmldoc_attr(n, "name", buf, sizeof buf) && strcmp(buf, name) == 0)
                return n;
        }
    return NULL;
}

/* The first child of n that is the XSD element name, or NULL. */
static xmlNode *xsd_child(const xmlNode *n, const char *name)
{
    for (xmlNode *c = n ? n->children : NULL; c; c = c->next)
        if (is_xsd(c, name))
            return c;
    return NULL;
}

/* Takes the bounds a restriction's facets give that r does not have yet
 * (a derived type's own facets come first). */
static void take_facets(const xmlNode *restriction, VocabRange *r)
{
    static const struct {
        const char *facet;
        bool low;
        long shift;
    } FACETS[] = {{"minInclusive", true, 0},
                  {"minExclusive", true, 1},
                  {"maxInclusive", false, 0},
                  {"maxExclusive", false, -1}};
    for (size_t k = 0; k < sizeof FACETS / sizeof *FACETS; k++) {
        char buf[32], *end;
        const xmlNode *f = xsd_child(restriction, FACETS[k].facet);
        if (!f || !xmldoc_attr(f, "value", buf, sizeof buf))
            continue;
        long value = strtol(buf, &end, 10);
        if (end == buf || *end)
            continue;
        if (FACETS[k].low && !r->has_min)
            r->has_min = true, r->min = value + FACETS[k].shift;
        else if (!FACETS[k].low && !r->has_max)
            r->has_max = true, r->max = value + FACETS[k].shift;
    }
}

static bool is_whole(const char *type)
{
    return strcmp(type, "xs:int") == 0 || strcmp(type, "xs:integer") == 0;
}

/* The bounds of the attribute declared at decl: its simple type's
 * facets, inline or named, then its base types' (a few steps, so a loop
 * of types cannot hang it). */
static VocabRange attribute_range(const Vocab *v, const xmlNode *decl)
{
    VocabRange r = {0};
    char buf[VOCAB_NAME_MAX] = "";
    const xmlNode *type = xmldoc_attr(decl, "type", buf, sizeof buf)
                              ? definition(v, "simpleType", buf)
                              : xsd_child(decl, "simpleType");
    r.whole = !type && is_whole(buf);
    for (int step = 0; type && step < 8; step++) {
        const xmlNode *restriction = xsd_child(type, "restriction");
        if (!restriction)
            break;
        take_facets(restriction, &r);
        bool base = xmldoc_attr(restriction, "base", buf, sizeof buf);
        type = base ? definition(v, "simpleType", buf) : NULL;
        r.whole = !type && base && is_whole(buf);
    }
    return r;
}

/* Adds the attributes of element (its xs:element node). */
static void gather_attributes(Vocab *v, const char *element, xmlNode *decl)
{
    xmlNode *todo[VOCAB_MAX_REFS];
    int count = 0, taken = 0;
    char buf[VOCAB_NAME_MAX];
    todo[count++] = decl;
    xmlNode *type = xmldoc_attr(decl, "type", buf, sizeof buf) ? definition(v, "complexType", buf)
                                                               : NULL;
    if (type)
        todo[count++] = type;
    while (taken < count) {
        xmlNode *root = todo[taken++];
        for (xmlNode *n = root->children; n;) {
            bool descend = !is_xsd(n, "element");
            if (is_xsd(n, "attribute") && xmldoc_attr(n, "name", buf, sizeof buf))
                add(v, element, buf)->range = attribute_range(v, n);
            xmlNode *ref = NULL;
            if (is_xsd(n, "attributeGroup") && xmldoc_attr(n, "ref", buf, sizeof buf))
                ref = definition(v, "attributeGroup", buf);
            else if ((is_xsd(n, "extension") || is_xsd(n, "restriction")) &&
                     xmldoc_attr(n, "base", buf, sizeof buf))
                ref = definition(v, "complexType", buf);
            if (ref && count < VOCAB_MAX_REFS)
                todo[count++] = ref;
            n = walk_next(root, n, descend);
        }
    }
}

/* Reads path; adds the files it includes to the list. */
static void read_file(Vocab *v, const char *path, char files[][4096], int *file_count)
{
    uint8_t *bytes = NULL;
    size_t size = 0;
    char why[256];
    if (v->doc_count >= VOCAB_MAX_FILES || !fileio_read(path, 1 << 20, &bytes, &size, why, sizeof why))
        return;
    xmlDoc *doc = xmlReadMemory((const char *)bytes, (int)size, path, NULL,
                                XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING);
    free(bytes);
    if (!doc || !xmlDocGetRootElement(doc)) {
        xmlFreeDoc(doc);
        return;
    }
    v->docs[v->doc_count++] = doc;
    const char *slash = strrchr(path, '/');
    int dir = slash ? (int)(slash - path + 1) : 0;
    for (xmlNode *n = xmlDocGetRootElement(doc)->children; n; n = n->next) {
        char loc[1024];
        if (!is_xsd(n, "include") || !xmldoc_attr(n, "schemaLocation", loc, sizeof loc) ||
            strchr(loc, '/') || *file_count >= VOCAB_MAX_FILES)
            continue;
        snprintf(files[*file_count], sizeof files[0], "%.*s%s", dir, path, loc);
        bool seen = false;
        for (int i = 0; i < *file_count; i++)
            seen |= strcmp(files[i], files[*file_count]) == 0;
        *file_count += !seen;
    }
}

Vocab *vocab_load(const char *path)
{
    Vocab *v = xcalloc(1, sizeof *v);
    char files[VOCAB_MAX_FILES][4096];
    int file_count = 1;
    snprintf(files[0], sizeof files[0], "%s", path);
    for (int i = 0; i < file_count; i++)
        read_file(v, files[i], files, &file_count);
    if (v->doc_count == 0) {
        vocab_destroy(v);
        return NULL;
    }
    for (int d = 0; d < v->doc_count; d++) {
        xmlNode *root = xmlDocGetRootElement(v->docs[d]);
        for (xmlNode *n = root->children; n; n = walk_next(root, n, true)) {
            char name[VOCAB_NAME_MAX];
            if (!is_xsd(n, "element") || !xmldoc_attr(n, "name", name, sizeof name))
                continue;
            add(v, name, NULL);
            gather_attributes(v, name, n);
        }
    }
    return v;
}

void vocab_destroy(Vocab *v)
{
    if (!v)
        return;
    for (size_t i = 0; i < v->count; i++) {
        free(v->words[i].element);
        free(v->words[i].attribute);
    }
    free(v->words);
    for (int d = 0; d < v->doc_count; d++)
        xmlFreeDoc(v->docs[d]);
    free(v);
}

const char *vocab_suggest_element(const Vocab *v, const char *name)
{
    Suggestion s;
    suggest_begin(&s, name);
    for (size_t i = 0; v && i < v->count; i++)
        if (!v->words[i].attribute)
            suggest_offer(&s, v->words[i].element);
    return suggest_result(&s);
}

const char *vocab_suggest_attribute(const Vocab *v, const char *element, const char *name)
{
    Suggestion s;
    suggest_begin(&s, name);
    for (size_t i = 0; v && i < v->count; i++)
        if (v->words[i].attribute && strcmp(v->words[i].element, element) == 0)
            suggest_offer(&s, v->words[i].attribute);
    return suggest_result(&s);
}

bool vocab_has_attribute(const Vocab *v, const char *element, const char *name)
{
    for (size_t i = 0; v && i < v->count; i++)
        if (v->words[i].attribute && strcmp(v->words[i].element, element) == 0 &&
            strcmp(v->words[i].attribute, name) == 0)
            return true;
    return false;
}

VocabRange vocab_attribute_range(const Vocab *v, const char *element, const char *name)
{
    for (size_t i = 0; v && i < v->count; i++)
        if (v->words[i].attribute && strcmp(v->words[i].element, element) == 0 &&
            strcmp(v->words[i].attribute, name) == 0)
            return v->words[i].range;
    return (VocabRange){0};
}
