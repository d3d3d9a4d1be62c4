/* The player's settings, kept in "settings.ini" in a folder the caller names
 * (the game passes SDL_GetPrefPath("questboard", "questboard")).
 *
 * Every change made through a setter is written to disk at once, atomically
 * (fileio_write_atomic), so a crash never loses or half-writes a setting.
 * The module knows no SDL: key bindings are SDL key NAMES ("F3", "Return",
 * "Keypad +"), which the front end turns into keycodes with
 * SDL_GetKeyFromName.
 *
 * File format (UTF-8 text, one setting a line):
 *
 *     # comment lines start with '#'; blank lines are ignored
 *     questboard-settings 1            <- version line, first setting line
 *     window_width = 1280
 *     fullscreen = false               <- true/false, yes/no, on/off, 1/0
 *     ui_scale = 1.50                  <- 1.00 to 3.00
 *     animation_speed = normal         <- slow, normal, fast or instant
 *     key.help = F1                    <- primary key of an action
 *     alt.help = ?                     <- alternate key; empty = unbound
 *
 * A name is split from its value at the first '=', and both are trimmed of
 * spaces and tabs, so "key.zoom_in = =" binds the '=' key. The file is
 * untrusted: every problem (unreadable file, NUL bytes, over-long lines, a
 * missing '=', an unknown or repeated name, a bad or out-of-range value) is
 * reported as "<path>:<line>: <problem>" and the default (or, for a repeat,
 * the later value) is used; loading is never fatal.
 */
#pragma once

#include <stdbool.h>
#include <stddef.h>

#define SETTINGS_FILE_NAME "settings.ini"
#define SETTINGS_VERSION 1
/* Longest key name stored, including the terminating NUL. */
#define SETTINGS_KEY_NAME_MAX 32
/* Keys per action: a primary and an alternate. */
#define SETTINGS_BINDING_SLOTS 2

#define SETTINGS_WINDOW_MIN_W 320
#define SETTINGS_WINDOW_MIN_H 240
#define SETTINGS_WINDOW_MAX 16384
#define SETTINGS_UI_SCALE_MIN 1.0
#define SETTINGS_UI_SCALE_MAX 3.0

typedef struct Settings Settings;

/* How fast pieces slide and dice roll. */
typedef enum {
    SETTINGS_ANIM_SLOW,
    SETTINGS_ANIM_NORMAL,
    SETTINGS_ANIM_FAST,
    SETTINGS_ANIM_INSTANT,
    SETTINGS_ANIM_COUNT
} SettingsAnimSpeed;

/* Every game action a key can trigger. The order is the order of the help
 * overlay and the settings screen. */
typedef enum {
    SETTINGS_ACTION_CURSOR_UP,
    SETTINGS_ACTION_CURSOR_DOWN,
    SETTINGS_ACTION_CURSOR_LEFT,
    SETTINGS_ACTION_CURSOR_RIGHT,
    SETTINGS_ACTION_CONFIRM,
    SETTINGS_ACTION_BACK,
    SETTINGS_ACTION_PAN_UP,
    SETTINGS_ACTION_PAN_DOWN,
    SETTINGS_ACTION_PAN_LEFT,
    SETTINGS_ACTION_PAN_RIGHT,
    SETTINGS_ACTION_ZOOM_IN,
    SETTINGS_ACTION_ZOOM_OUT,
    SETTINGS_ACTION_REFIT,
    SETTINGS_ACTION_ROLL,
    SETTINGS_ACTION_ATTACK,
    SETTINGS_ACTION_CAST_SPELL,
    SETTINGS_ACTION_OPEN_DOOR,
    SETTINGS_ACTION_SEARCH_TREASURE,
    SETTINGS_ACTION_SEARCH_TRAPS,
    SETTINGS_ACTION_DISARM,
    SETTINGS_ACTION_INSPECT,
    SETTINGS_ACTION_END_TURN,
    SETTINGS_ACTION_NEXT_HERO,
    SETTINGS_ACTION_OBJECTIVES,
    SETTINGS_ACTION_LOG,
    SETTINGS_ACTION_SAVE,
    SETTINGS_ACTION_LOAD,
    SETTINGS_ACTION_HELP,
    SETTINGS_ACTION_OVERLAY,
    SETTINGS_ACTION_FULLSCREEN,
    SETTINGS_ACTION_SCREENSHOT,
    SETTINGS_ACTION_COUNT
} SettingsAction;

/* Two actions bound to the same key (compared case-insensitively, as
 * SDL_GetKeyFromName does). */
typedef struct {
    char key[SETTINGS_KEY_NAME_MAX];
    SettingsAction first, second; /* first < second */
} SettingsConflict;

/* New settings holding the defaults, persisted in folder/settings.ini.
 * folder may be NULL: the settings then live in memory only (setters never
 * write). Reads nothing; call settings_load. Never NULL. */
Settings *settings_create(const char *folder);

/* Frees the settings. NULL does nothing. */
void settings_destroy(Settings *s);

/* Puts every field back to its default, then reads folder/settings.ini
 * over them. A missing file is the
 * normal first run: true, no messages. Any problem adds a message (see
 * settings_message) and keeps the default for what could not be read;
 * returns false when at least one problem was reported. Never fatal. */
bool settings_load(Settings *s);

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

/* The messages of the last load, "<path>:<line>: <problem>" each; the
 * strings belong to s and live until the next load or destroy. */
size_t settings_message_count(const Settings *s);
const char *settings_message(const Settings *s, size_t i);

/* Why the last setter or reset returned false ("" when none did). */
const char *settings_last_error(const Settings *s);

/* Getters. */
int settings_window_width(const Settings *s);
int settings_window_height(const Settings *s);
bool settings_fullscreen(const Settings *s);
double settings_ui_scale(const Settings *s);
SettingsAnimSpeed settings_anim_speed(const Settings *s);
bool settings_debug_overlay(const Settings *s);

/* Setters: values out of range are clamped; the change is saved at once.
 * Each returns false only when the save failed (settings_last_error says
 * why); the new value is kept in memory either way. */
bool settings_set_window_size(Settings *s, int width, int height);
bool settings_set_fullscreen(Settings *s, bool on);
bool settings_set_ui_scale(Settings *s, double scale);
bool settings_set_anim_speed(Settings *s, SettingsAnimSpeed speed);
bool settings_set_debug_overlay(Settings *s, bool on);

/* The key name bound to action in slot (0 = primary, 1 = alternate), or ""
 * when unbound. The string belongs to s. */
const char *settings_binding(const Settings *s, SettingsAction action, int slot);

/* Binds key_name ("" or NULL unbinds) to action in slot, and saves. False
 * when the name is not acceptable (too long, control characters, bad slot)
 * or saving failed; settings_last_error says which. Conflicts are allowed
 * (check them with settings_binding_conflicts). */
bool settings_set_binding(Settings *s, SettingsAction action, int slot, const char *key_name);

/* The action bound to key_name (case-insensitive) in either slot, or
 * SETTINGS_ACTION_COUNT when none; the first in enum order when several. */
SettingsAction settings_action_for_key(const Settings *s, const char *key_name);

/* Finds every pair of actions sharing a key. Stores up to max of them in out
 * (out may be NULL when max is 0) and returns how many there are in all. */
size_t settings_binding_conflicts(const Settings *s, SettingsConflict *out, size_t max);

/* The name of an action in the file ("zoom_in"), or "?" when out of range. */
const char *settings_action_name(SettingsAction action);

/* A short label for menus and the help overlay ("Zoom in"). */
const char *settings_action_label(SettingsAction action);

/* The action named name (as in the file), or SETTINGS_ACTION_COUNT. */
SettingsAction settings_action_from_name(const char *name);

/* The default key of action in slot, or "" when it has none. */
const char *settings_default_binding(SettingsAction action, int slot);

/* "slow", "normal", "fast", "instant"; "?" when out of range. */
const char *settings_anim_name(SettingsAnimSpeed speed);

/* How much longer than normal an animation lasts: 2, 1, 0.5, or 0 for
 * instant (skip the animation). */
double settings_anim_duration_factor(SettingsAnimSpeed speed);
