/* The language the game speaks (gettext, core/i18n.h): the system's
 * (LANGUAGE, LC_ALL, LC_MESSAGES, LANG), or one chosen in Settings. Only
 * LC_MESSAGES is set from the environment: numbers are still read and
 * written the C way ("1.50"), in files, in the protocol and on screen.
 * No SDL. */
#pragma once

typedef enum {
    LANG_SYSTEM,  /* what the environment says; English when it says C */
    LANG_ENGLISH, /* the texts as written */
    LANG_GERMAN,  /* po/de.po */
    LANG_COUNT
} LangChoice;

/* Sets the messages' locale and the text domain for choice, and tells the
 * engine the language (i18n_set_language). May be called again, live:
 * texts looked up after it follow the new choice. */
void lang_init(LangChoice choice);

/* No translation at all (the text protocol: an API, read by programs). */
void lang_off(void);

/* The folder of the message catalogues (<dir>/de/LC_MESSAGES/questboard.mo):
 * $QUESTBOARD_LOCALEDIR, else the build's po/ when run from the build
 * folder, else the installed share/locale. Never NULL. */
const char *lang_locale_dir(void);

/* "System", "English", "Deutsch": a choice named in its own language
 * ("System" in the one shown). */
const char *lang_choice_label(LangChoice choice);
