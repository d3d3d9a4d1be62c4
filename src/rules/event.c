/* The events' words: the English line (GameEvent.text, the protocol's)
 * and the same line kept in parts (GameEvent.words, eventtext.h) grow
 * together, so a window can say it in the player's language; the same
 * for the reasons the rules refuse an action with. */
#include "game_internal.h"


#include <stdarg.h>
#include <stdio.h>
#include <string.h>

__attribute__((format(printf, 2, 0))) static void add(GameEvent *e, const char *fmt, va_list ap)
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

/* The latest refusal's reason in parts, per thread (a server's games run
 * beside a window's): words for the window, never read by the rules. */
static _Thread_local EventText refusal;

void game_vrefuse(char *why, size_t why_size, const char *fmt, va_list ap)
{
    if (!why || !why_size)
        return;
    va_list copy;
    va_copy(copy, ap);
    vsnprintf(why, why_size, fmt, ap);
    eventtext_clear(&refusal);
    eventtext_vadd(&refusal, fmt, copy);
    va_end(copy);
}

bool game_refuse(char *why, size_t why_size, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    game_vrefuse(why, why_size, fmt, ap);
    va_end(ap);
    return false;
}

const EventText *game_refusal_words(void)
{
    return &refusal;
}

void game_refusal_keep(const EventText *words)
{
    refusal = *words;
}

bool game_refuse_no_piece(const Game *g, int id, char *why, size_t why_size)
{
    int pub = game_public_id(g, GAME_ID_PIECE, id);
    if (pub < 0) /* a piece the heroes do not know has no number to give */
        return game_refuse(why, why_size, "there is no such piece on the board");
    return game_refuse(why, why_size, "there is no piece %d on the board", pub);
}
