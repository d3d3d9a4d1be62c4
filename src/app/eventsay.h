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

/* A word of the rules' or the catalogue's (a piece's, item's or spell's
 * name, a side, a trap's kind), translated. */
const char *eventsay_word(const char *english);
