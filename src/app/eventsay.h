/* The rules' log lines in the player's language: an event's English line
 * (GameEvent.text, the protocol's) said again from its parts
 * (GameEvent.words) with each format and each word translated, as the
 * window shows it. */
#pragma once

#include "rules/game.h"

#include <stddef.h>

/* e's line in the player's language into buf; the English text when the
 * event kept no parts. */
const char *eventsay_line(const GameEvent *e, char *buf, size_t size);

/* The same, the mission's own texts among the words (an objective's, as
 * "objective met: %s" says it) in the player's language from the
 * mission's <translations> (mission_lang.h); m may be NULL. */
const char *eventsay_line_in(const GameEvent *e, const Mission *m, char *buf, size_t size);
const char *eventsay_text_in(const EventText *words, const char *english, const Mission *m, char *buf,
                             size_t size);

/* A line kept in parts (words) said in the player's language into buf;
 * english when words hold no line: a match's log line
 * (MatchLogLine.words). */
const char *eventsay_text(const EventText *words, const char *english, char *buf, size_t size);

/* The reason the rules gave for refusing an action or an undo (why, in
 * English: game_check, match_act, match_undo) in the player's language
 * into buf: said from the parts game_refuse kept (game_refusal_words)
 * when they make the same English line, else why as it is (a reason
 * written by other code, or cut short). */
const char *eventsay_refusal(const char *why, char *buf, size_t size);

/* The same with the mission's own words in it said as the mission's
 * translations give them (a locked door's key by its name in the player's
 * language). */
const char *eventsay_refusal_in(const char *why, const Mission *m, char *buf, size_t size);

/* A line's words as a peer sent them (eventtext_encode's token, len
 * bytes: an event line's `w:` field, docs/protocol.md "Event words") said
 * in the player's language into buf; english when the token does not
 * read ("-": none) or its words do not make the very english line. */
const char *eventsay_token(const char *token, size_t len, const char *english, char *buf, size_t size);

/* A server's reason in the player's language into buf: text is a
 * refusal (`? REASON`) or a notice's text (REASON), whose next line may
 * be `w:WORDS`, the reason's words (the server's `words all`). Said from
 * the words when they make the reason, else the reason's translation when
 * the whole reason is a text of the catalogue (one without arguments),
 * else the reason as it came; only its first line, without the "? ". */
const char *eventsay_reason(const char *text, char *buf, size_t size);

/* Why a connection closed (netclient's reason, English: its own, or "the
 * server said: " and the server's bye, one line without words) in the
 * player's language into buf; what the catalogue does not know as it
 * came. */
const char *eventsay_closed(const char *text, char *buf, size_t size);

/* A word of the rules' or the catalogue's (a piece's, item's or spell's
 * name, a side, a trap's kind), translated. */
const char *eventsay_word(const char *english);
