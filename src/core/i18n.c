#define _POSIX_C_SOURCE 200809L /* uselocale */
#include "i18n.h"

#include <locale.h>
#include <pthread.h>
#include <stdio.h>
#include <strings.h>
#include <string.h>

static char language[16];

/* i18n_english_begin's: how deep this thread is, and the locale it had. */
static _Thread_local int english_depth;
static _Thread_local locale_t english_before;
/* i18n_english_pause's: the player's language back for a moment. */
static _Thread_local int english_paused;
/* The C locale the English threads use: made once, kept to the end. */
static locale_t c_locale;
static pthread_once_t c_locale_once = PTHREAD_ONCE_INIT;

static void make_c_locale(void)
{
    c_locale = newlocale(LC_ALL_MASK, "C", (locale_t)0);
}

const char *i18n_language(void)
{
    return english_depth > 0 && !english_paused ? "en" : language;
}

void i18n_english_begin(void)
{
    if (english_depth++ > 0)
        return;
    pthread_once(&c_locale_once, make_c_locale);
    /* without a C locale (out of memory) the texts may stay translated;
     * i18n_language still says "en" */
    english_before = c_locale ? uselocale(c_locale) : (locale_t)0;
}

void i18n_english_end(void)
{
    if (english_depth <= 0 || --english_depth > 0)
        return;
    if (english_before)
        uselocale(english_before);
    english_before = (locale_t)0;
    english_paused = 0;
}

void i18n_english_pause(void)
{
    if (english_depth <= 0 || english_paused++ > 0)
        return;
    if (english_before)
        uselocale(english_before);
}

void i18n_english_resume(void)
{
    if (english_paused <= 0 || --english_paused > 0)
        return;
    if (english_before)
        uselocale(c_locale);
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
