/* Drawing and navigating the screens' widgets: panels, a vertical menu with
 * keyboard / mouse / controller selection, wrapped text, a text field. */
#pragma once

#include "screens.h"
#include "textfield.h"

#include <SDL.h>
#include <stdbool.h>

#define UIKIT_MENU_MAX 128

extern const SDL_Color UIKIT_GOLD, UIKIT_TEXT, UIKIT_DIM, UIKIT_BAD, UIKIT_GOOD;

/* A vertical list of items; one is selected. */
typedef struct UiMenu {
    const char *items[UIKIT_MENU_MAX];
    const char *notes[UIKIT_MENU_MAX]; /* right-aligned dim text, or NULL */
    bool disabled[UIKIT_MENU_MAX];
    int count, selected, first; /* first: the top visible item (scrolling) */
    int visible;                /* how many rows fit (set by draw) */
    SDL_Rect rows[UIKIT_MENU_MAX]; /* where each visible item was drawn */
} UiMenu;

/* Empties m. */
void uikit_menu_clear(UiMenu *m);

/* Adds an item (the strings must outlive the menu's use); returns its index. */
int uikit_menu_add(UiMenu *m, const char *label, const char *note, bool enabled);

/* Moves the selection or activates: returns the index of the item chosen
 * (confirm or click), -2 for back, else -1. */
int uikit_menu_handle(UiMenu *m, const UiInput *in);

/* Draws the menu's rows inside r (one row per line, selected highlighted). */
void uikit_menu_draw(App *app, UiMenu *m, SDL_Rect r);

/* Where row i's note starts (as last drawn), for clicks on parts of it. */
int uikit_menu_note_x(App *app, const UiMenu *m, int i);

/* A dark panel with a gold border. */
void uikit_panel(App *app, SDL_Rect r);

/* Darkens the whole window (behind a dialog). */
void uikit_dim(App *app);

/* Draws s with the interface font; returns its width. */
int uikit_text(App *app, const char *s, int x, int y, SDL_Color c);

/* Draws s with the title font; returns its width. */
int uikit_title(App *app, const char *s, int x, int y, SDL_Color c);

/* uikit_title when s fits max_w, else s in the interface font (cut with
 * "..." if need be) on the title's line: a long mission name stays
 * inside its panel. Returns the width drawn. */
int uikit_title_fit(App *app, const char *s, int x, int y, int max_w, SDL_Color c);

/* uikit_text cut with "..." to max_w (nothing when not even that fits);
 * returns the width drawn. */
int uikit_text_fit(App *app, const char *s, int x, int y, int max_w, SDL_Color c);

/* Draws s wrapped to width w from (x, y), at most max_lines lines
 * ('\n' breaks a line); returns the y below the last line. */
int uikit_wrap(App *app, const char *s, int x, int y, int w, int max_lines, SDL_Color c);

/* How many lines uikit_wrap would take for s at width w. */
int uikit_wrap_lines(App *app, const char *s, int w);

/* s past its first `lines` lines wrapped at width w (a text scrolled). */
const char *uikit_wrap_skip(App *app, const char *s, int w, int lines);

/* A screen's hint line: its keys, then where the player's files go
 * ("your own missions go in" and folder), in the dim colour at (x, y).
 * On a narrow window the folder matters more than the keys, and its end
 * more than its start: the keys give way first, then the folder's start
 * behind "...". keys may be "" (a file's place alone). */
void uikit_folder_hint(App *app, const char *keys, const char *lead, const char *folder, int x, int y,
                       int w);

/* The same hint ending at bottom, where the keys matter too (a key that
 * switches panes): one line where all fits, else the keys over the
 * folder's line, or with max_lines 3 over the lead's and the folder's own
 * line (800x600 at UI scale 1.5), the folder cut at its start only where
 * its line is too short. Returns the lines it takes; draws only when draw. */
int uikit_folder_hint_lines(App *app, const char *keys, const char *lead, const char *folder, int x, int bottom,
                            int w, int max_lines, bool draw);

/* A panel centred in the window, w x h unscaled pixels at the UI scale and
 * the text size (clamped to the window). */
SDL_Rect uikit_centre(App *app, int w, int h);

/* Draws a one-line text field in r (cursor when focused). */
void uikit_field_draw(App *app, const TextField *f, SDL_Rect r);

/* Gives a key or text event to a focused field: true when it used it.
 * Return/Escape are left to the caller. */
bool uikit_field_handle(TextField *f, const UiInput *in);

/* Starts or stops SDL text input to match the field's focus. */
void uikit_text_input(const TextField *f);

/* The interface line height. */
int uikit_line(App *app);

/* Whose turn it is, in words: "Brak's turn" for a hero going by a name of
 * its own (named: game_piece_named), "the Barbarian's turn" for a type's
 * name. The hand-over screen and the game screen's toast both say it. */
void uikit_turn_words(char *out, size_t size, const char *hero_name, bool named);

/* A campaign hero's name as the player reads it: the name the party gave
 * it as written, or, while it goes by its type's name, that name in the
 * player's language ("Barbar", not "Barbarian"). */
const char *uikit_party_name(const struct Catalogue *cat, const struct PartyHero *h);
