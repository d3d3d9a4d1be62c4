/* UTF-8 text checks for names and lines that travel to the protocol, the
 * logs and saves: one line, valid UTF-8, no control characters (an ESC
 * would reach a terminal, a newline would forge a protocol answer). */
#pragma once

#include <stdbool.h>
#include <stddef.h>

/* Length in bytes of the valid UTF-8 character at s (n bytes available):
 * 1 to 4, or 0 when the bytes are not one (a stray continuation byte, an
 * overlong form, a surrogate, past U+10FFFF, or cut short). */
size_t utf8_char_length(const char *s, size_t n);

/* True when the n bytes at s are valid UTF-8 holding no control character
 * (U+0000-U+001F, U+007F, U+0080-U+009F). */
bool utf8_is_plain(const char *s, size_t n);
