/* Marks for translation (gettext, glibc's libintl; the catalogue is po/,
 * the text domain "questboard"). _() translates a text where it is used,
 * N_() only marks one kept in a table (translate it with _() where it is
 * shown), ngettext() picks the plural form for a count, C_() and NC_()
 * give a text a context.
 *
 * The engine may mark the texts it builds for players (events, problems):
 * gettext reads no state of the game, so the same seed and commands still
 * give the same game; only its words follow the player's language. Which
 * language that is, is set once by the front end (app/lang.h), and
 * i18n_language() tells the engine, for the missions' xml:lang texts. */
#pragma once

#include <libintl.h>

#define I18N_DOMAIN "questboard"

#define _(text) gettext(text)
#define N_(text) text
/* A text translated apart from the same English elsewhere (a narrow
 * button's "Disarm"): C_() translates it in context ctx (gettext's
 * msgctxt), NC_() only marks it in a table. */
#define C_(ctx, text) i18n_cgettext(ctx, text)
#define NC_(ctx, text) text

/* The translation of text in context ctx; text when there is none. */
const char *i18n_cgettext(const char *ctx, const char *text) __attribute__((format_arg(2)));

/* The language the player reads ("de", "en"...; "" until the front end
 * chose one: then texts untagged or in English are shown). */
const char *i18n_language(void);

/* Sets it (at most 15 bytes are kept; NULL is ""). */
void i18n_set_language(const char *code);

/* English on the calling thread alone, from i18n_english_begin to its
 * i18n_english_end (pairs may nest): gettext gives every text as written
 * (the thread's messages locale is C, uselocale) and i18n_language()
 * says "en", while the other threads, and this one afterwards, keep the
 * player's language. For a server in the window's process: its answers
 * are the protocol, English for programs, whatever the window speaks. */
void i18n_english_begin(void);
void i18n_english_end(void);

/* The player's language again on this thread for a moment inside an
 * English section, from i18n_english_pause to its i18n_english_resume
 * (pairs may nest; outside a section they do nothing): for a line the
 * section's server prints to its operator, who reads the operator's
 * language while the wire stays English. */
void i18n_english_pause(void);
void i18n_english_resume(void);

/* Whether an xml:lang value (lang, "de", "de-AT", "DE_at") names the
 * language code ("de"): equal, or equal up to a '-' or '_' in lang, any
 * case. NULL or empty lang never matches. */
int i18n_lang_matches(const char *lang, const char *code);
