#define _POSIX_C_SOURCE 200809L
#include "pack_manifest.h"

#include "../core/alloc.h"
#include "../core/i18n.h"
#include "xmldoc.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void pack_manifest_clear(PackManifest *m)
{
    free(m->title);
    free(m->author);
    free(m->licence);
    free(m->main);
    free(m->mission);
    free(m->replay);
    memset(m, 0, sizeof *m);
}

/* The version before the schema: a manifest of a later format would fail
 * the schema with a message that does not say why. */
static bool check_version(const Pack *pack, const char *mname, ErrorList *errs)
{
    ErrorList quiet;
    errors_init(&quiet, 1);
    xmlDoc *doc = xmldoc_parse(mname, pack->manifest_bytes, pack->manifest_size, NULL, &quiet);
    errors_clear(&quiet);
    if (!doc)
        return true; /* the schema pass reports it */
    const xmlNode *root = xmlDocGetRootElement(doc);
    int version = root && xmldoc_is(root, "questpack") ? xmldoc_attr_int(root, "version", 1) : 1;
    xmlFreeDoc(doc);
    if (version > PACK_FORMAT_VERSION) {
        errors_add(errs, _("%s: pack format %d is newer than this Questboard reads (%d)"), mname,
                   version, PACK_FORMAT_VERSION);
        return false;
    }
    return true;
}

static char *child_text(const xmlNode *root, const char *name)
{
    return xmldoc_text(xmldoc_child(root, name));
}

/* A copy of attribute name, or NULL when missing. */
static char *attr_dup(const xmlNode *node, const char *name)
{
    char buf[PACK_MAX_NAME + 8];
    return node && xmldoc_attr(node, name, buf, sizeof buf) ? xstrdup(buf) : NULL;
}

/* One <file>: it names an entry, with its size and digest. */
static bool check_file(Pack *pack, const xmlNode *f, bool *listed, const char *mname,
                       ErrorList *errs)
{
    char path[PACK_MAX_NAME + 8], sha[DIGEST_HEX_SIZE + 8], size[32];
    xmldoc_attr(f, "path", path, sizeof path);
    xmldoc_attr(f, "sha256", sha, sizeof sha);
    xmldoc_attr(f, "size", size, sizeof size);
    int line = xmldoc_line(f);
    const PackEntry *e = pack_find(pack, path);
    uint8_t want[DIGEST_SIZE];
    if (!e) {
        errors_add_at(errs, mname, line, _("entry '%s' is listed but not in the pack"), path);
        return false;
    }
    size_t i = (size_t)(e - pack->entries);
    if (listed[i]) {
        errors_add_at(errs, mname, line, _("entry '%s' is listed twice"), path);
        return false;
    }
    listed[i] = true;
    uint64_t listed_size;
    if (!xmldoc_attr_u64(f, "size", &listed_size) || listed_size != e->size) {
        errors_add_at(errs, mname, line, _("entry '%s' holds %zu bytes, not the %s listed"), path,
                      e->size, size);
        return false;
    }
    if (!digest_parse_hex(sha, want) || memcmp(want, e->sha256, DIGEST_SIZE) != 0) {
        errors_add_at(errs, mname, line,
                      _("entry '%s' does not match its SHA-256 (changed after packing)"), path);
        return false;
    }
    return true;
}

/* Every entry listed once and matching. */
static bool check_files(Pack *pack, const xmlNode *files, const char *mname, ErrorList *errs)
{
    bool *listed = xcalloc(pack->count + 1, sizeof *listed);
    bool ok = true;
    for (const xmlNode *f = files ? files->children : NULL; ok && f; f = f->next)
        if (xmldoc_is(f, "file"))
            ok = check_file(pack, f, listed, mname, errs);
    for (size_t i = 0; ok && i < pack->count; i++) {
        if (!listed[i]) {
            errors_add(errs, _("%s: entry '%s' is not listed in the manifest"), mname,
                       pack->entries[i].name);
            ok = false;
        }
    }
    free(listed);
    return ok;
}

/* An entry the manifest names as held must be in the pack. */
static bool check_held(const Pack *pack, const char *path, const char *what, const char *mname,
                       ErrorList *errs)
{
    if (!path || pack_find(pack, path))
        return true;
    errors_add(errs, _("%s: the %s '%s' is not in the pack"), mname, what, path);
    return false;
}

static bool read_manifest(Pack *pack, const xmlNode *root, const char *mname, ErrorList *errs)
{
    PackManifest *m = &pack->manifest;
    m->version = xmldoc_attr_int(root, "version", PACK_FORMAT_VERSION);
    m->title = child_text(root, "title");
    m->author = child_text(root, "author");
    m->licence = child_text(root, "licence");
    const xmlNode *holds = xmldoc_child(root, "holds");
    char kind[16];
    xmldoc_attr(holds, "kind", kind, sizeof kind);
    pack_kind_parse(kind, &m->kind);
    m->main = attr_dup(holds, "path");
    m->mission = attr_dup(holds, "mission");
    m->replay = attr_dup(xmldoc_child(root, "replay"), "path");
    if ((m->kind == PACK_GAME || m->kind == PACK_PARTY) && !m->mission) {
        errors_add_at(errs, mname, xmldoc_line(holds),
                      m->kind == PACK_GAME
                          ? _("a game needs mission=\"...\": the mission its save plays on")
                          : _("a party needs mission=\"...\": the campaign its save plays"));
        return false;
    }
    return check_files(pack, xmldoc_child(root, "files"), mname, errs) &&
           check_held(pack, m->main, pack_kind_name(m->kind), mname, errs) &&
           check_held(pack, m->mission, "mission", mname, errs) &&
           check_held(pack, m->replay, "replay", mname, errs);
}

bool pack_manifest_check(Pack *pack, const char *name, const char *schema_path,
                         ErrorList *errs)
{
    char mname[1024];
    snprintf(mname, sizeof mname, "%s/%s", name, PACK_MANIFEST);
    if (!check_version(pack, mname, errs))
        return false;
    xmlDoc *doc =
        xmldoc_parse(mname, pack->manifest_bytes, pack->manifest_size, schema_path, errs);
    if (!doc)
        return false;
    bool ok = read_manifest(pack, xmlDocGetRootElement(doc), mname, errs);
    xmlFreeDoc(doc);
    return ok;
}

/* A growing text buffer. */
typedef struct Text {
    char *s;
    size_t len, cap;
} Text;

static void put(Text *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void put(Text *t, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (t->len + (size_t)n + 1 > t->cap) {
        t->cap = (t->len + (size_t)n + 1) * 2;
        t->s = xrealloc(t->s, t->cap, 1);
    }
    va_start(ap, fmt);
    vsnprintf(t->s + t->len, (size_t)n + 1, fmt, ap);
    va_end(ap);
    t->len += (size_t)n;
}

/* Text escaped for element content or an attribute value; control
 * characters become spaces (XML 1.0 cannot hold most of them). */
static void put_escaped(Text *t, const char *s)
{
    for (; *s; s++) {
        switch (*s) {
        case '&': put(t, "&amp;"); break;
        case '<': put(t, "&lt;"); break;
        case '>': put(t, "&gt;"); break;
        case '"': put(t, "&quot;"); break;
        default: put(t, "%c", (unsigned char)*s < 0x20 ? ' ' : *s); break;
        }
    }
}

static void put_element(Text *t, const char *name, const char *value)
{
    put(t, "  <%s>", name);
    put_escaped(t, value ? value : "");
    put(t, "</%s>\n", name);
}

char *pack_manifest_format(const PackManifest *m, const PackEntry *entries, size_t count,
                           size_t *size)
{
    Text t = {0};
    put(&t, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<questpack version=\"%d\">\n",
        PACK_FORMAT_VERSION);
    put_element(&t, "title", m->title);
    put_element(&t, "author", m->author);
    put_element(&t, "licence", m->licence);
    put(&t, "  <holds kind=\"%s\" path=\"", pack_kind_name(m->kind));
    put_escaped(&t, m->main);
    if (m->mission) {
        put(&t, "\" mission=\"");
        put_escaped(&t, m->mission);
    }
    put(&t, "\"/>\n");
    if (m->replay) {
        put(&t, "  <replay path=\"");
        put_escaped(&t, m->replay);
        put(&t, "\"/>\n");
    }
    put(&t, "  <files>\n");
    for (size_t i = 0; i < count; i++) {
        char hex[DIGEST_HEX_SIZE];
        digest_hex(entries[i].sha256, hex);
        put(&t, "    <file path=\"");
        put_escaped(&t, entries[i].name);
        put(&t, "\" size=\"%zu\" sha256=\"%s\"/>\n", entries[i].size, hex);
    }
    put(&t, "  </files>\n</questpack>\n");
    *size = t.len;
    return t.s;
}
