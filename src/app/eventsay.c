#include "eventsay.h"

#include "core/i18n.h"
#include "mission/mission_lang.h"

#include <stdio.h>
#include <string.h>

/* The words the rules put into their lines and reasons that no format
 * holds, marked here for the catalogue: the trap kinds
 * (mission_trap_kind_name), the game's end (game_status_name) and the
 * spells' elements (SpellType.element). The sides ("east") and the
 * catalogue's names come marked from elsewhere (gfx/ui.c,
 * assets/pieces.xml). */
static const char *const WORDS[] __attribute__((unused)) = {
    N_("pit"), N_("spear"), N_("falling_block"), N_("chest"), N_("victory"), N_("defeat"),
    N_("air"), N_("earth"), N_("fire"), N_("water")};

static const char *translate(const char *text)
{
    return gettext(text);
}

const char *eventsay_word(const char *english)
{
    return english && english[0] ? gettext(english) : "";
}

const char *eventsay_text(const EventText *words, const char *english, char *buf, size_t size)
{
    if (!eventtext_render(words, translate, translate, buf, size))
        snprintf(buf, size, "%s", english);
    return buf;
}

const char *eventsay_token(const char *token, size_t len, const char *english, char *buf, size_t size)
{
    EventText words;
    char store[EVENTTEXT_POOL * 4], said[1024];
    /* the words tell nothing the text does not: else the text is said */
    if (!eventtext_decode(&words, token, len, store, sizeof store) ||
        !eventtext_render(&words, NULL, NULL, said, sizeof said) || strcmp(said, english) != 0)
        snprintf(buf, size, "%s", english);
    else
        eventsay_text(&words, english, buf, size);
    return buf;
}

/* english into buf, translated when the catalogue holds it whole (a text
 * without arguments); one line, whatever the translation holds. */
static void say_known(const char *english, char *buf, size_t size)
{
    const char *said = english[0] ? gettext(english) : "";
    snprintf(buf, size, "%.*s", (int)strcspn(said, "\n"), said);
}

const char *eventsay_reason(const char *text, char *buf, size_t size)
{
    if (strncmp(text, "? ", 2) == 0)
        text += 2;
    char english[1024];
    size_t n = strcspn(text, "\n");
    snprintf(english, sizeof english, "%.*s", (int)n, text);
    const char *w = text[n] == '\n' && strncmp(text + n + 1, "w:", 2) == 0 ? text + n + 3 : NULL;
    if (w && strcmp(eventsay_token(w, strcspn(w, "\n"), english, buf, size), english) != 0)
        return buf;
    /* no words that make it (an older server's reason, a bye before
     * `words all`): a reason without arguments is a text of the
     * catalogue itself */
    say_known(english, buf, size);
    return buf;
}

/* A server's bye (server_kick: one English line, no words) in the
 * player's language: its reasons with arguments read back by their
 * English formats, the others by the catalogue. */
static void say_bye(const char *english, char *buf, size_t size)
{
    unsigned version = 0;
    int speaks = 0, used = 0;
    char type[32];
    static const char bad[] = "bad message: ";
    if (sscanf(english, "version %u is not spoken here (this server speaks %d)%n", &version, &speaks,
               &used) == 2 && english[used] == '\0')
        snprintf(buf, size, _("version %u is not spoken here (this server speaks %d)"), version, speaks);
    else if (strncmp(english, bad, sizeof bad - 1) == 0)
        snprintf(buf, size, _("bad message: %s"), english + sizeof bad - 1);
    else if (sscanf(english, "a %31s message %n", type, &used) == 1 && used &&
             strcmp(english + used, "is not a client's") == 0)
        snprintf(buf, size, _("a %s message is not a client's"), type);
    else if (sscanf(english, "a %31s message %n", type, &used) == 1 && used &&
             strcmp(english + used, "before hello") == 0)
        snprintf(buf, size, _("a %s message before hello"), type);
    else
        say_known(english, buf, size);
}

const char *eventsay_closed(const char *text, char *buf, size_t size)
{
    static const char said[] = "the server said: "; /* netclient's, with the bye's text */
    if (strncmp(text, said, sizeof said - 1) != 0)
        return eventsay_reason(text, buf, size);
    char bye[512], why[600]; /* its first line: a bye is one */
    snprintf(bye, sizeof bye, "%.*s", (int)strcspn(text + sizeof said - 1, "\n"), text + sizeof said - 1);
    say_bye(bye, why, sizeof why);
    snprintf(buf, size, _("the server said: %s"), why);
    return buf;
}

const char *eventsay_line(const GameEvent *e, char *buf, size_t size)
{
    return eventsay_text(&e->words, e->text, buf, size);
}

/* The mission whose texts eventsay_text_in is saying (the render's word
 * callback takes no context). */
static _Thread_local const Mission *saying;

static const char *translate_word(const char *text)
{
    if (saying && saying->name && strcmp(text, saying->name) == 0)
        return mission_lang_text(saying, MISSION_TR_NAME, 0);
    for (size_t i = 0; saying && i < saying->objective_count; i++)
        if (strcmp(text, saying->objectives[i].text) == 0)
            return mission_lang_text(saying, MISSION_TR_OBJECTIVE, (int)i);
    const char *treasure = saying ? mission_lang_treasure_named(saying, text) : NULL;
    return treasure ? treasure : gettext(text);
}

const char *eventsay_text_in(const EventText *words, const char *english, const Mission *m, char *buf,
                             size_t size)
{
    saying = m;
    if (!eventtext_render(words, translate, translate_word, buf, size))
        snprintf(buf, size, "%s", english);
    saying = NULL;
    return buf;
}

const char *eventsay_line_in(const GameEvent *e, const Mission *m, char *buf, size_t size)
{
    return eventsay_text_in(&e->words, e->text, m, buf, size);
}

const char *eventsay_refusal_in(const char *why, const Mission *m, char *buf, size_t size)
{
    const EventText *words = game_refusal_words();
    char english[512];
    /* the parts are the last refusal's of this thread: said only when
     * they are this reason's */
    if (!eventtext_render(words, NULL, NULL, english, sizeof english) || strcmp(english, why) != 0) {
        snprintf(buf, size, "%s", why);
    } else {
        saying = m;
        eventtext_render(words, translate, translate_word, buf, size);
        saying = NULL;
    }
    return buf;
}

const char *eventsay_refusal(const char *why, char *buf, size_t size)
{
    return eventsay_refusal_in(why, NULL, buf, size);
}
