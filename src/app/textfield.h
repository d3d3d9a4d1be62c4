/* A one-line text field's content and cursor (the save slot's name, a
 * mission path), without SDL: the front end feeds it the text of
 * SDL_TEXTINPUT events and the editing keys, and draws it.
 *
 * The text is always valid UTF-8 without control characters and fits in
 * max_bytes; the cursor always sits between two characters. Text input is
 * only wanted while a field has focus: after handling events, the front end
 * calls SDL_StartTextInput when textfield_any_focused says so and
 * SDL_StopTextInput otherwise.
 */
#pragma once

#include <stdbool.h>
#include <stddef.h>

/* The most bytes a field holds, including the terminating NUL. */
#define TEXTFIELD_CAPACITY 256

/* A caller-owned value; fill it with textfield_init. */
typedef struct {
    char text[TEXTFIELD_CAPACITY];
    size_t len;       /* bytes of text */
    size_t cursor;    /* byte offset, on a character boundary */
    size_t max_bytes; /* text never grows beyond this many bytes */
    bool focused;
    bool all;         /* the whole text is selected: typing replaces it */
} TextField;

/* Sets the field to initial (NULL is ""), keeping only what is valid and
 * fits max_bytes (clamped to TEXTFIELD_CAPACITY - 1), with the cursor at
 * the end and no focus. */
void textfield_init(TextField *f, const char *initial, size_t max_bytes);

/* Inserts utf8 at the cursor (the text of an SDL_TEXTINPUT event, or a
 * paste), dropping invalid UTF-8 and control characters and stopping
 * before the first character that would not fit. Returns true when the
 * text changed. */
bool textfield_insert(TextField *f, const char *utf8);

/* Deletes the character before (backspace) or after (delete) the cursor.
 * Return true when the text changed. */
bool textfield_backspace(TextField *f);
bool textfield_delete(TextField *f);

/* Selects the whole text (Ctrl+A): the next insert replaces it, a
 * backspace or delete empties the field, a cursor move drops the
 * selection. */
void textfield_select_all(TextField *f);

/* Moves the cursor one character left or right, or to the start or end
 * (dropping a selection). */
void textfield_left(TextField *f);
void textfield_right(TextField *f);
void textfield_home(TextField *f);
void textfield_end(TextField *f);

/* True when any of the n fields has focus (NULL entries are skipped). */
bool textfield_any_focused(const TextField *const *fields, size_t n);

/* Length in bytes of the valid UTF-8 character (no overlong form, no
 * surrogate, at most U+10FFFF) at the start of s (n bytes), or 0 when the
 * bytes there are not one. */
size_t textfield_utf8_length(const char *s, size_t n);
