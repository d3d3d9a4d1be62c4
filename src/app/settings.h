/* The player's settings, kept in "settings.ini" in a folder the caller names
 * (the game passes SDL_GetPrefPath("questboard", "questboard")).
 *
 * Every change made through a setter is written to disk at once, atomically
 * (fileio_write_atomic), so a crash never loses or half-writes a setting.
 * The module knows no SDL: key bindings are SDL key names ("F3", "Return",
 * "Keypad +", "Ctrl+S"; see bindings.h), which the front end turns into
 * keycodes with SDL_GetKeyFromName.
 *
 * File format (UTF-8 text, one setting a line):
 *
 *     # comment lines start with '#'; blank lines are ignored
 *     questboard-settings 1            <- version line, first setting line
 *     window_width = 1280
 *     fullscreen = false               <- true/false, yes/no, on/off, 1/0
 *     ui_scale = 1.50                  <- 1.00 to 3.00
 *     animation_speed = normal         <- slow, normal, fast or instant
 *     volume_master = 80               <- 0 to 100, also volume_effects, volume_music
 *     mute = false                     <- no sound at all
 *     hand_over = false                <- hotseat: "Pass to Player N" between players
 *     reduce_motion = false            <- no shake, flash or tumbling dice
 *     colour_vision = normal           <- or protanopia, deuteranopia, tritanopia
 *     ask_end_turn = true              <- ask before ending a turn with movement unused
 *     language = system                <- or en, de (app/lang.h)
 *     narration = false                <- speak through speech-dispatcher (app/narrate.h)
 *     high_contrast = false            <- light text on black panels (gfx/contrast.h)
 *     text_size = 100                  <- percent of the text's size at the UI scale, 100 to 200
 *     key.help = F1                    <- primary key of an action
 *     alt.save = Ctrl+S                <- alternate key; empty = unbound
 *
 * A name is split from its value at the first '=', and both are trimmed of
 * spaces and tabs, so "key.zoom_in = =" binds the '=' key. The file is
 * untrusted: every problem (unreadable file, NUL bytes, over-long lines, a
 * missing '=', an unknown or repeated name, a bad or out-of-range value) is
 * reported as "<path>:<line>: <problem>" and the default (or, for a repeat,
 * the later value) is used; loading is never fatal.
 */
#pragma once

#include "app/bindings.h"
#include "app/lang.h"

#include <stdbool.h>
#include <stddef.h>

#define SETTINGS_FILE_NAME "settings.ini"
#define SETTINGS_VERSION 1
#define SETTINGS_WINDOW_MIN_W 320
#define SETTINGS_WINDOW_MIN_H 240
#define SETTINGS_WINDOW_MAX 16384
#define SETTINGS_UI_SCALE_MIN 1.0
#define SETTINGS_UI_SCALE_MAX 3.0
#define SETTINGS_TEXT_SIZE_MIN 100
#define SETTINGS_TEXT_SIZE_MAX 200

typedef struct Settings Settings;

/* How fast pieces slide and dice roll. */
typedef enum {
    SETTINGS_ANIM_SLOW,
    SETTINGS_ANIM_NORMAL,
    SETTINGS_ANIM_FAST,
    SETTINGS_ANIM_INSTANT,
    SETTINGS_ANIM_COUNT
} SettingsAnimSpeed;

/* The colours of the board's marks (gfx/palette.h): for normal colour
 * vision, or chosen to stay apart for one kind of colour blindness. */
typedef enum {
    SETTINGS_VISION_NORMAL,
    SETTINGS_VISION_PROTANOPIA,
    SETTINGS_VISION_DEUTERANOPIA,
    SETTINGS_VISION_TRITANOPIA,
    SETTINGS_VISION_COUNT
} SettingsVision;

/* The sound volumes (0..100 each). */
typedef enum {
    SETTINGS_VOLUME_MASTER,
    SETTINGS_VOLUME_EFFECTS,
    SETTINGS_VOLUME_MUSIC,
    SETTINGS_VOLUME_COUNT
} SettingsVolume;

/* New settings holding the defaults, persisted in folder/settings.ini.
 * folder may be NULL: the settings then live in memory only (setters never
 * write). Reads nothing; call settings_load. Never NULL. */
Settings *settings_create(const char *folder);

/* Frees the settings. NULL does nothing. */
void settings_destroy(Settings *s);

/* Puts every field back to its default, then reads folder/settings.ini
 * over them. A missing file is the normal first run: true, no messages.
 * Any problem adds a message (see settings_message) and keeps the default
 * for what could not be read; returns false when at least one problem was
 * reported. Never fatal. */
bool settings_load(Settings *s);

/* Like settings_load, from the size bytes of text instead of the file (no
 * NUL needed after them); messages still name the settings path. */
bool settings_load_text(Settings *s, const char *text, size_t size);

/* The text settings_save writes (NUL-terminated; *size is its length).
 * The caller frees it. */
char *settings_format(const Settings *s, size_t *size);

/* Writes all settings atomically to folder/settings.ini. False with a
 * message in err when the file cannot be written (the old one is then
 * untouched). True and no write when the settings have no folder. */
bool settings_save(const Settings *s, char *err, size_t err_size)
    __attribute__((warn_unused_result));

/* Puts every field back to its default and saves. False when saving failed
 * (see settings_last_error). */
bool settings_reset(Settings *s);

/* The full path of the settings file, or "" without a folder. */
const char *settings_path(const Settings *s);

/* How many messages the last load left. */
size_t settings_message_count(const Settings *s);

/* Message i of the last load, "<path>:<line>: <problem>" ("" when out of
 * range); it belongs to s and lives until the next load or destroy. */
const char *settings_message(const Settings *s, size_t i);

/* Why the last setter or reset returned false ("" when none did). */
const char *settings_last_error(const Settings *s);

/* The window size to open with (not fullscreen), in window coordinates. */
int settings_window_width(const Settings *s);
int settings_window_height(const Settings *s);

/* Whether the game starts in SDL_WINDOW_FULLSCREEN_DESKTOP. */
bool settings_fullscreen(const Settings *s);

/* The factor for text and UI sizes, SETTINGS_UI_SCALE_MIN to _MAX. */
double settings_ui_scale(const Settings *s);

/* How fast animations run (see settings_anim_duration_factor). */
SettingsAnimSpeed settings_anim_speed(const Settings *s);

/* Whether the debug overlay (F3) is on when a mission opens. */
bool settings_debug_overlay(const Settings *s);

/* Setters: a value out of range is clamped (a bad speed becomes normal);
 * the change is saved at once, and a setter that changes nothing writes
 * nothing. Each returns false only when the save failed
 * (settings_last_error says why); the new value is kept in memory anyway. */
bool settings_set_window_size(Settings *s, int width, int height);

/* The size a window opened with when no file chose one (a share of the
 * screen), in memory only: the next change of any setting writes it,
 * not the default 1280x800, so the next start opens the same window. */
void settings_note_window_size(Settings *s, int width, int height);

/* Sets fullscreen; see the setters above. */
bool settings_set_fullscreen(Settings *s, bool on);

/* Sets the UI scale (NaN gives 1); see the setters above. */
bool settings_set_ui_scale(Settings *s, double scale);

/* Sets the animation speed; see the setters above. */
bool settings_set_anim_speed(Settings *s, SettingsAnimSpeed speed);

/* Sets the debug overlay at start; see the setters above. */
bool settings_set_debug_overlay(Settings *s, bool on);

/* A sound volume, 0 (silent) to 100 (defaults: master 80, effects 100,
 * music 60), and whether all sound is muted (default false). */
int settings_volume(const Settings *s, SettingsVolume which);
bool settings_mute(const Settings *s);

/* Hotseat: whether a "Pass to Player N" screen hides the board between
 * two players' heroes (default false), and its setter. */
bool settings_hand_over(const Settings *s);
bool settings_set_hand_over(Settings *s, bool on);

/* Reduce motion (default false): no shaking board, red flash or
 * tumbling dice, no rising numbers or shrinking pieces; and its setter. */
bool settings_reduce_motion(const Settings *s);
bool settings_set_reduce_motion(Settings *s, bool on);

/* The colour vision the marks' colours are chosen for (default normal),
 * its setter (a bad value becomes normal) and its name in the file. */
SettingsVision settings_colour_vision(const Settings *s);
bool settings_set_colour_vision(Settings *s, SettingsVision v);
const char *settings_vision_name(SettingsVision v);
/* Whether ending a hero's turn with movement unused (not rolled, or
 * squares left) asks first; on by default. */
bool settings_ask_end_turn(const Settings *s);
bool settings_set_ask_end_turn(Settings *s, bool on);

/* The language chosen in Settings (default: the system's), applied at
 * start and at once when changed (app/lang.h); a bad value is System. */
LangChoice settings_language(const Settings *s);
bool settings_set_language(Settings *s, LangChoice choice);

/* Narration (default false): the log, the square under the cursor and
 * the focused menu item are spoken (app/narrate.h); and its setter. */
bool settings_narration(const Settings *s);
bool settings_set_narration(Settings *s, bool on);

/* High contrast (default false): light text on opaque black panels, white
 * edges (gfx/contrast.h); and its setter. */
bool settings_high_contrast(const Settings *s);
bool settings_set_high_contrast(Settings *s, bool on);

/* The text size apart from the UI scale (default 100): the interface's
 * fonts (menus, panels, the log) are this percent of their size at the
 * UI scale in effect, as far as the window has room (screens_text_factor);
 * and its setter (clamped to SETTINGS_TEXT_SIZE_MIN to _MAX). */
int settings_text_size(const Settings *s);
bool settings_set_text_size(Settings *s, int percent);

/* Sets a volume (clamped to 0..100) or mute; see the setters above. */
bool settings_set_volume(Settings *s, SettingsVolume which, int volume);
bool settings_set_mute(Settings *s, bool on);

/* "master", "effects", "music"; "?" when out of range. */
const char *settings_volume_name(SettingsVolume which);

/* The key bindings, for bindings_action_for_key and the help overlay;
 * owned by s, valid until s is destroyed, and always current. */
const Bindings *settings_bindings(const Settings *s);

/* The binding of action in slot (0 primary, 1 alternate), or "" when
 * unbound. The string belongs to s. */
const char *settings_binding(const Settings *s, BindingAction action, int slot);

/* Binds key_name ("" or NULL unbinds) to action in slot, and saves. False
 * when the name is not acceptable (bindings_name_ok) or saving failed;
 * settings_last_error says which. Conflicts are allowed: check them with
 * settings_binding_conflicts and warn. */
bool settings_set_binding(Settings *s, BindingAction action, int slot, const char *key_name);

/* The pairs of actions sharing a key (see bindings_conflicts): up to max
 * stored in out, the total returned. */
size_t settings_binding_conflicts(const Settings *s, BindingConflict *out, size_t max);

/* "slow", "normal", "fast", "instant"; "?" when out of range. */
const char *settings_anim_name(SettingsAnimSpeed speed);

/* How much longer than normal an animation lasts: 2, 1, 0.5, or 0 for
 * instant (skip the animation). */
double settings_anim_duration_factor(SettingsAnimSpeed speed);
