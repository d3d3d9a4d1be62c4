#include "i18n.h"

#include <stdio.h>
#include <strings.h>
#include <string.h>

static char language[16];

const char *i18n_language(void)
{
    return language;
}

void i18n_set_language(const char *code)
{
    snprintf(language, sizeof language, "%s", code ? code : "");
}

const char *i18n_cgettext(const char *ctx, const char *text)
{
    char key[256]; /* gettext's "ctx\004text" */
    if ((size_t)snprintf(key, sizeof key, "%s\004%s", ctx, text) >= sizeof key)
        return text;
    const char *t = gettext(key);
    return t == key ? text : t;
}

int i18n_lang_matches(const char *lang, const char *code)
{
    if (!lang || !*lang || !code || !*code)
        return 0;
    size_t n = strlen(code);
    return strncasecmp(lang, code, n) == 0 && (lang[n] == '\0' || lang[n] == '-' || lang[n] == '_');
}
