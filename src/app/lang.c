#define _POSIX_C_SOURCE 200809L /* setenv */
#include "lang.h"

#include "config.h"
#include "core/i18n.h"

#include <locale.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* LANGUAGE as the game found it, so "System" can be chosen again after a
 * choice that set it. */
static char startup_language[256];
static bool startup_known, startup_set;

static bool is_c_locale(const char *name)
{
    return !name || !*name || strcmp(name, "C") == 0 || strcmp(name, "POSIX") == 0;
}

static void remember_startup(void)
{
    if (startup_known)
        return;
    const char *v = getenv("LANGUAGE");
    startup_set = v != NULL;
    snprintf(startup_language, sizeof startup_language, "%s", v ? v : "");
    startup_known = true;
}

/* The first of LC_ALL, LC_MESSAGES, LANG that is set (POSIX's order). */
static const char *system_locale_name(void)
{
    const char *names[] = {"LC_ALL", "LC_MESSAGES", "LANG"};
    for (size_t i = 0; i < sizeof names / sizeof *names; i++) {
        const char *v = getenv(names[i]);
        if (v && *v)
            return v;
    }
    return NULL;
}

/* The "Language: xx" of the catalogue in use (its header is the
 * translation of ""), else "en": the texts as written. */
static void tell_engine(void)
{
    static const char header_id[] = ""; /* a variable: xgettext takes no "" */
    const char *header = gettext(header_id);
    const char *at = header && *header ? strstr(header, "Language: ") : NULL;
    char code[16] = "en";
    if (at) {
        at += strlen("Language: ");
        size_t n = strcspn(at, "\n");
        if (n > 0 && n < sizeof code)
            snprintf(code, sizeof code, "%.*s", (int)n, at);
    }
    i18n_set_language(code);
}

void lang_init(LangChoice choice)
{
    remember_startup();
    if (choice == LANG_ENGLISH)
        setenv("LANGUAGE", "en", 1);
    else if (choice == LANG_GERMAN)
        setenv("LANGUAGE", "de", 1);
    else if (startup_set)
        setenv("LANGUAGE", startup_language, 1);
    else
        unsetenv("LANGUAGE");
    const char *loc = setlocale(LC_MESSAGES, "");
    if (is_c_locale(loc)) {
        /* gettext ignores LANGUAGE under the C locale, and a system
         * locale that is not installed leaves C: the player's language is
         * still named, so read the catalogues under C.UTF-8 instead. */
        const char *want = system_locale_name();
        const char *language = getenv("LANGUAGE");
        if ((!language || !*language) && !is_c_locale(want) && strncmp(want, "C.", 2) != 0)
            setenv("LANGUAGE", want, 1);
        setlocale(LC_MESSAGES, "C.UTF-8");
    }
    bindtextdomain(I18N_DOMAIN, lang_locale_dir());
    bind_textdomain_codeset(I18N_DOMAIN, "UTF-8"); /* the window draws UTF-8 */
    textdomain(I18N_DOMAIN);
    tell_engine();
}

void lang_off(void)
{
    setlocale(LC_MESSAGES, "C");
    i18n_set_language("en");
}

static bool is_dir(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

const char *lang_locale_dir(void)
{
    const char *env = getenv("QUESTBOARD_LOCALEDIR");
    if (env && *env)
        return env;
    char probe[4096];
    snprintf(probe, sizeof probe, "%s/assets", QB_SOURCE_DIR);
    return is_dir(probe) && is_dir(QB_BUILD_LOCALEDIR) ? QB_BUILD_LOCALEDIR : QB_LOCALEDIR;
}

const char *lang_choice_label(LangChoice choice)
{
    switch (choice) {
    case LANG_ENGLISH: return "English";
    case LANG_GERMAN: return "Deutsch";
    default: return _("System");
    }
}
