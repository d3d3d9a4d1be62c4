/* The events' words: the English line (GameEvent.text, the protocol's)
 * and the same line kept in parts (GameEvent.words, eventtext.h) grow
 * together, so a window can say it in the player's language. */
#include "game_internal.h"


#include <stdio.h>
#include <string.h>

static void add(GameEvent *e, const char *fmt, va_list ap)
{
    va_list copy;
    va_copy(copy, ap);
    size_t len = strlen(e->text);
    vsnprintf(e->text + len, sizeof e->text - len, fmt, ap);
    if (!eventtext_vadd(&e->words, fmt, copy))
        eventtext_clear(&e->words); /* not kept in parts: the window shows the English */
    va_end(copy);
}

void game_event_add(GameEvent *e, const char *fmt, ...)
{
    bool was = eventtext_valid(&e->words) || !e->text[0];
    va_list ap;
    va_start(ap, fmt);
    add(e, fmt, ap);
    va_end(ap);
    if (!was)
        eventtext_clear(&e->words);
}

void game_event_vreword(GameEvent *e, const char *fmt, va_list ap)
{
    e->text[0] = '\0';
    eventtext_clear(&e->words);
    add(e, fmt, ap);
}

void game_event_reword(GameEvent *e, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    game_event_vreword(e, fmt, ap);
    va_end(ap);
}
