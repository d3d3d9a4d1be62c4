/* Key bindings: which keys trigger which game action.
 *
 * A binding is a key NAME as SDL spells it (SDL_GetKeyName: "F3", "Return",
 * "Keypad +", "A", "/"), optionally after modifier prefixes "Shift+",
 * "Ctrl+" and "Alt+" in any order ("Ctrl+S", "Shift+/"). Names compare
 * without regard to case, as SDL_GetKeyFromName does. No SDL here: the
 * front end turns a key event into (SDL_GetKeyName(sym), modifiers) and
 * asks bindings_action_for_key, or maps every binding to a keycode once
 * with SDL_GetKeyFromName on the part bindings_parse_key returns.
 *
 * Every action has two slots, a primary and an alternate key; "" is
 * unbound. The action table (names, labels, default keys) is the order of
 * the help overlay and the settings screen.
 */
#pragma once

#include <stdbool.h>
#include <stddef.h>

/* Longest binding kept, including the terminating NUL. */
#define BINDINGS_NAME_MAX 32
/* Keys per action: a primary and an alternate. */
#define BINDINGS_SLOTS 2

/* Modifier bits of a binding (left and right keys are the same). */
enum { BINDINGS_MOD_SHIFT = 1, BINDINGS_MOD_CTRL = 2, BINDINGS_MOD_ALT = 4 };

/* Every game action a key can trigger. */
typedef enum {
    BINDING_CURSOR_UP,
    BINDING_CURSOR_DOWN,
    BINDING_CURSOR_LEFT,
    BINDING_CURSOR_RIGHT,
    BINDING_CONFIRM,
    BINDING_BACK,
    BINDING_PAN_UP,
    BINDING_PAN_DOWN,
    BINDING_PAN_LEFT,
    BINDING_PAN_RIGHT,
    BINDING_ZOOM_IN,
    BINDING_ZOOM_OUT,
    BINDING_REFIT,
    BINDING_ROLL,
    BINDING_ATTACK,
    BINDING_CAST_SPELL,
    BINDING_OPEN_DOOR,
    BINDING_SEARCH_TREASURE,
    BINDING_SEARCH_TRAPS,
    BINDING_DISARM,
    BINDING_DRINK,
    BINDING_INSPECT,
    BINDING_END_TURN,
    BINDING_UNDO,
    BINDING_NEXT_HERO,
    BINDING_OBJECTIVES,
    BINDING_LOG,
    BINDING_COMMAND_BAR, /* the command bar takes the cursor keys (a controller's Back) */
    BINDING_FOLD_PANEL,
    BINDING_SAVE,
    BINDING_LOAD,
    BINDING_HELP,
    BINDING_OVERLAY,
    BINDING_OVERLAY_LABELS,
    BINDING_FULLSCREEN,
    BINDING_SCREENSHOT,
    BINDING_COUNT
} BindingAction;

/* All bindings: a plain value the caller owns (copy it freely). */
typedef struct {
    char keys[BINDING_COUNT][BINDINGS_SLOTS][BINDINGS_NAME_MAX];
} Bindings;

/* Two actions that share a key. */
typedef struct {
    char key[BINDINGS_NAME_MAX]; /* as written in the first action's slot */
    BindingAction first, second; /* first < second */
} BindingConflict;

/* Fills b with the default keys (which never conflict). */
void bindings_init_defaults(Bindings *b);

/* The binding of action in slot (0 primary, 1 alternate); "" when unbound
 * or out of range. The string belongs to b. */
const char *bindings_get(const Bindings *b, BindingAction action, int slot);

/* Sets action's slot to name ("" or NULL unbinds). False, with the reason
 * in why and b unchanged, when the action or slot is out of range or the
 * name is not acceptable (see bindings_name_ok). */
bool bindings_set(Bindings *b, BindingAction action, int slot, const char *name, char *why,
                  size_t why_size);

/* True when name can be stored: shorter than BINDINGS_NAME_MAX, no control
 * characters, no leading or trailing space; "" (unbound) is fine. Otherwise
 * false with a reason. Whether SDL knows the key is the front end's check
 * (SDL_GetKeyFromName on the part bindings_parse_key returns). */
bool bindings_name_ok(const char *name, char *why, size_t why_size);

/* Splits a binding into modifier bits and the SDL key name ("Ctrl+S" gives
 * CTRL and "S"; "Shift++" gives SHIFT and "+"; "Keypad +" has no
 * modifier). False when no key is left or it does not fit key_size. */
bool bindings_parse_key(const char *binding, unsigned *mods, char *key, size_t key_size);

/* The action whose binding is key_name with exactly the modifiers mods, or
 * BINDING_COUNT; the first in table order when several match. */
BindingAction bindings_action_for_key(const Bindings *b, const char *key_name, unsigned mods);

/* Finds every pair of different actions bound to the same key and
 * modifiers. Stores up to max pairs in out (may be NULL when max is 0) and
 * returns how many there are in all. */
size_t bindings_conflicts(const Bindings *b, BindingConflict *out, size_t max);

/* The action's name in files ("zoom_in"), or "?" when out of range. */
const char *bindings_action_name(BindingAction action);

/* A short label for menus and the help overlay ("Zoom in"), or "?". */
const char *bindings_action_label(BindingAction action);

/* The action named name (as in files), or BINDING_COUNT. */
BindingAction bindings_action_from_name(const char *name);

/* The default key of action in slot, or "" when it has none. */
const char *bindings_default(BindingAction action, int slot);

/* Room for a binding as bindings_shown writes it. */
#define BINDINGS_SHOWN_MAX (2 * BINDINGS_NAME_MAX + 32)

/* binding ("Ctrl+Z", "Keypad 8", "Return": SDL's English names, as
 * settings.ini keeps them) as the player reads it, in buf: the modifiers
 * and the keys with a name of their own in the player's language
 * ("Strg+Z", "Ziffernblock 8", "Eingabe"), any other key as it is. */
const char *bindings_shown(const char *binding, char *buf, size_t size);
