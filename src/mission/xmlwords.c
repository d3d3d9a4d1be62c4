/* libxml2's messages an author can realistically cause, said again in
 * plain words in the reader's language (xmlwords.h). The parser's are
 * told apart by error code and, where one code has several messages, by
 * the English message's start; the schema's by their English sentence
 * after "Element 'x': " (libxml2 2.9's wording). */
#include "xmlwords.h"

#include "../core/i18n.h"

#include <stdio.h>
#include <string.h>

static bool starts(const char *s, const char *prefix)
{
    return s && strncmp(s, prefix, strlen(prefix)) == 0;
}

/* The bytes libxml2 quotes after "Bytes:" ("0xE4 0x72 0x20 0x47"), on one line. */
static void bytes_of(const char *str1, char *buf, size_t size)
{
    const char *p = str1 ? strstr(str1, "Bytes:") : NULL;
    snprintf(buf, size, "%s", p ? p + 6 + strspn(p + 6, " ") : "");
    buf[strcspn(buf, "\n")] = '\0';
}

XmlWords xmlwords_parser(const xmlError *error, char *msg, size_t size)
{
    if (error->domain != XML_FROM_PARSER)
        return XMLWORDS_RAW;
    const char *m = error->message, *s1 = error->str1;
    char bytes[64];
    switch (error->code) {
    case XML_ERR_DOCUMENT_EMPTY:
        snprintf(msg, size, "%s", _("this is not XML: no element where the document should start"));
        break;
    case XML_ERR_DOCUMENT_END:
        snprintf(msg, size, "%s",
                 _("more after the document's last end tag: the file holds one element, with everything inside it"));
        break;
    case XML_ERR_INVALID_CHAR:
    case XML_ERR_INVALID_ENCODING:
        if (starts(m, "Input is not proper UTF-8")) {
            bytes_of(s1, bytes, sizeof bytes);
            snprintf(msg, size, _("the file is not UTF-8 text (bytes %s here): save it as UTF-8"), bytes);
        } else if (starts(m, "xmlParseCharRef")) {
            snprintf(msg, size, "%s", _("a character reference (&#...;) names a character XML does not allow"));
        } else {
            snprintf(msg, size, "%s", _("a character XML does not allow (a control character)"));
        }
        break;
    case XML_ERR_INVALID_DEC_CHARREF:
    case XML_ERR_INVALID_CHARREF:
        snprintf(msg, size, "%s", _("a character reference (&#...;) that is not a number"));
        break;
    case XML_ERR_ENTITYREF_SEMICOL_MISSING:
        snprintf(msg, size, "%s", _("an '&' starts a reference that does not end with ';': write &amp; for a plain &"));
        break;
    case XML_ERR_UNDECLARED_ENTITY:
        snprintf(msg, size, _("unknown reference &%s;: XML knows &amp; &lt; &gt; &quot; and &apos; (or write the character itself)"),
                 s1 ? s1 : "");
        break;
    case XML_ERR_NAME_REQUIRED:
        if (starts(m, "xmlParseEntityRef"))
            snprintf(msg, size, "%s", _("a lone '&': write &amp; for a plain &"));
        else if (starts(m, "StartTag"))
            snprintf(msg, size, "%s", _("a '<' not followed by an element's name: write &lt; for a plain <"));
        else
            return XMLWORDS_RAW;
        break;
    case XML_ERR_LT_IN_ATTRIBUTE:
        snprintf(msg, size, "%s", _("a '<' in an attribute's value: write &lt;"));
        break;
    case XML_ERR_ATTRIBUTE_NOT_STARTED:
        snprintf(msg, size, "%s", _("an attribute's value must be in quotes: name=\"value\""));
        break;
    case XML_ERR_ATTRIBUTE_NOT_FINISHED:
        snprintf(msg, size, "%s", _("an attribute's value is not closed by its quote"));
        break;
    case XML_ERR_ATTRIBUTE_WITHOUT_VALUE:
        snprintf(msg, size, _("the attribute '%s' has no value: write %s=\"...\""), s1 ? s1 : "", s1 ? s1 : "");
        break;
    case XML_ERR_ATTRIBUTE_REDEFINED:
        snprintf(msg, size, _("the attribute '%s' is given twice in this element"), s1 ? s1 : "");
        break;
    case XML_ERR_COMMENT_NOT_FINISHED:
        snprintf(msg, size, "%s", _("a comment (<!--) that no --> closes"));
        break;
    case XML_ERR_RESERVED_XML_NAME:
        snprintf(msg, size, "%s",
                 _("the <?xml ...?> declaration must come first in the file, with nothing (not even a blank line) before it"));
        break;
    case XML_ERR_SPACE_REQUIRED:
        /* after an attribute's own error, libxml2 adds this of the same spot */
        if (starts(m, "attributes construct error"))
            return XMLWORDS_SKIP;
        return XMLWORDS_RAW;
    case XML_ERR_GT_REQUIRED:
        if (starts(m, "Couldn't find end of Start Tag") && s1)
            snprintf(msg, size, _("the start tag <%s> does not end with '>'"), s1);
        else
            snprintf(msg, size, "%s", _("'>' expected here"));
        break;
    default:
        return XMLWORDS_RAW;
    }
    return XMLWORDS_SAID;
}

bool xmlwords_schema_sentence(const char *s, char *out, size_t size, size_t *used)
{
    static const struct {
        const char *english;
        const char *said;
    } sentences[] = {
        {"Character content other than whitespace is not allowed because the content type is 'element-only'.",
         N_("Text is not allowed here, only elements.")},
        {"Character content is not allowed, because the content type is empty.",
         N_("This element takes no text.")},
        {"Element content is not allowed, because the content type is empty.",
         N_("This element takes nothing inside it.")},
        {"Element content is not allowed, because the type definition is simple.",
         N_("This element takes text only, no elements inside it.")},
        {"No matching global declaration available for the validation root.",
         N_("This is not the element the file should start with.")},
    };
    for (size_t i = 0; i < sizeof sentences / sizeof *sentences; i++)
        if (starts(s, sentences[i].english)) {
            snprintf(out, size, "%s", _(sentences[i].said));
            *used = strlen(sentences[i].english);
            return true;
        }
    return false;
}

void xmlwords_pattern(const char *pattern, char *out, size_t size)
{
    if (pattern && strcmp(pattern, "#[0-9a-fA-F]{6}") == 0)
        snprintf(out, size, "%s", _("'#' and six hex digits, like #c3c3c3"));
    else if (pattern && strcmp(pattern, "[a-z0-9][a-z0-9_\\-]{0,30}") == 0)
        snprintf(out, size, "%s",
                 _("lower-case letters, digits, '_' and '-', no spaces, at most 31, beginning with a letter or digit"));
    else
        snprintf(out, size, _("text of the form %s (a regular expression)"), pattern ? pattern : "");
}

void xmlwords_fallback(const char *raw, char *out, size_t size)
{
    /* English reads libxml2's words as they are; another language says
     * they are the reader's own, untranslated */
    char said[1024];
    snprintf(said, sizeof said, "%s", raw);
    size_t n = strlen(said);
    while (n > 0 && (said[n - 1] == '\n' || said[n - 1] == ' '))
        said[--n] = '\0';
    if (strcmp(i18n_language(), "en") == 0)
        snprintf(out, size, "%s", said);
    else
        snprintf(out, size, _("%s (the XML reader's words, in English)"), said);
}
