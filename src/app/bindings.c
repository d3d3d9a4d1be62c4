#include "bindings.h"

#include "core/i18n.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

typedef struct {
    const char *name, *label;
    const char *keys[BINDINGS_SLOTS];
} ActionInfo;

/* The defaults never share a key (tests/app/test_bindings.c checks). "?"
 * is Shift+/ on the US layout: SDL reports the unshifted key. */
static const ActionInfo actions[BINDING_COUNT] = {
    [BINDING_CURSOR_UP] = {"cursor_up", N_("Cursor up"), {"Up", "Keypad 8"}},
    [BINDING_CURSOR_DOWN] = {"cursor_down", N_("Cursor down"), {"Down", "Keypad 2"}},
    [BINDING_CURSOR_LEFT] = {"cursor_left", N_("Cursor left"), {"Left", "Keypad 4"}},
    [BINDING_CURSOR_RIGHT] = {"cursor_right", N_("Cursor right"), {"Right", "Keypad 6"}},
    [BINDING_CONFIRM] = {"confirm", N_("Select / move here"), {"Return", "Keypad Enter"}},
    [BINDING_BACK] = {"back", N_("Back / menu"), {"Escape", "Backspace"}},
    [BINDING_PAN_UP] = {"pan_up", N_("Pan up"), {"W", ""}},
    [BINDING_PAN_DOWN] = {"pan_down", N_("Pan down"), {"S", ""}},
    [BINDING_PAN_LEFT] = {"pan_left", N_("Pan left"), {"A", ""}},
    [BINDING_PAN_RIGHT] = {"pan_right", N_("Pan right"), {"D", ""}},
    [BINDING_ZOOM_IN] = {"zoom_in", N_("Zoom in"), {"=", "Keypad +"}},
    [BINDING_ZOOM_OUT] = {"zoom_out", N_("Zoom out"), {"-", "Keypad -"}},
    [BINDING_REFIT] = {"refit", N_("Fit the board"), {"0", "Home"}},
    [BINDING_ROLL] = {"roll", N_("Roll to move"), {"R", "Space"}},
    [BINDING_ATTACK] = {"attack", N_("Attack"), {"F", ""}},
    [BINDING_CAST_SPELL] = {"cast_spell", N_("Cast a spell"), {"C", ""}},
    [BINDING_OPEN_DOOR] = {"open_door", N_("Open door"), {"O", ""}},
    [BINDING_SEARCH_TREASURE] = {"search_treasure", N_("Search for treasure"), {"T", ""}},
    [BINDING_SEARCH_TRAPS] = {"search_traps", N_("Search for traps"), {"Y", ""}},
    [BINDING_DISARM] = {"disarm", N_("Disarm trap"), {"X", ""}},
    [BINDING_DRINK] = {"drink", N_("Drink a potion"), {"P", ""}},
    [BINDING_INSPECT] = {"inspect", N_("Inspect piece"), {"I", ""}},
    [BINDING_END_TURN] = {"end_turn", N_("End turn"), {"E", ""}},
    [BINDING_UNDO] = {"undo", N_("Undo a move"), {"Ctrl+Z", "U"}},
    [BINDING_NEXT_HERO] = {"next_hero", N_("Next hero"), {"Tab", "N"}},
    [BINDING_OBJECTIVES] = {"objectives", N_("Objectives"), {"J", ""}},
    [BINDING_LOG] = {"log", N_("Combat log"), {"L", ""}},
    [BINDING_COMMAND_BAR] = {"command_bar", N_("Command bar"), {"B", ""}},
    [BINDING_FOLD_PANEL] = {"fold_panel", N_("Fold the side panel"), {"H", ""}},
    [BINDING_SAVE] = {"save", N_("Save game"), {"F5", "Ctrl+S"}},
    [BINDING_LOAD] = {"load", N_("Load game"), {"F9", ""}},
    [BINDING_HELP] = {"help", N_("Help"), {"F1", "Shift+/"}},
    [BINDING_OVERLAY] = {"overlay", N_("Debug overlay"), {"F3", ""}},
    [BINDING_OVERLAY_LABELS] = {"overlay_labels", N_("Overlay labels (room, type, place, cost)"), {"F4", ""}},
    [BINDING_FULLSCREEN] = {"fullscreen", N_("Fullscreen"), {"F11", ""}},
    [BINDING_SCREENSHOT] = {"screenshot", N_("Screenshot"), {"F12", ""}},
};

static const struct {
    const char *prefix;
    unsigned bit;
} modifiers[] = {
    {"Shift+", BINDINGS_MOD_SHIFT}, {"Ctrl+", BINDINGS_MOD_CTRL}, {"Alt+", BINDINGS_MOD_ALT}};

static bool in_range(BindingAction action, int slot)
{
    return (int)action >= 0 && action < BINDING_COUNT && slot >= 0 && slot < BINDINGS_SLOTS;
}

void bindings_init_defaults(Bindings *b)
{
    for (int a = 0; a < BINDING_COUNT; a++)
        for (int k = 0; k < BINDINGS_SLOTS; k++)
            snprintf(b->keys[a][k], BINDINGS_NAME_MAX, "%s", actions[a].keys[k]);
}

const char *bindings_get(const Bindings *b, BindingAction action, int slot)
{
    return in_range(action, slot) ? b->keys[action][slot] : "";
}

/* Strips the modifier prefixes; returns the key part. A prefix counts only
 * when something follows it, so "Shift+" alone is a (bad) key name. */
static const char *strip_modifiers(const char *binding, unsigned *mods)
{
    *mods = 0;
    for (bool again = true; again;) {
        again = false;
        for (size_t i = 0; i < sizeof modifiers / sizeof *modifiers; i++) {
            size_t n = strlen(modifiers[i].prefix);
            if (strncasecmp(binding, modifiers[i].prefix, n) == 0 && binding[n]) {
                *mods |= modifiers[i].bit;
                binding += n;
                again = true;
            }
        }
    }
    return binding;
}

/* SDL's names of the keys a player may read in a binding, marked for the
 * catalogue in the context "key" (a German keyboard says Strg, Entf,
 * Pos1); letters, digits and F-keys need none. */
static const char *const KEY_NAMES[] = {
    NC_("key", "Return"),  NC_("key", "Escape"), NC_("key", "Backspace"), NC_("key", "Space"),
    NC_("key", "Tab"),     NC_("key", "Delete"), NC_("key", "Insert"),    NC_("key", "Home"),
    NC_("key", "End"),     NC_("key", "PageUp"), NC_("key", "PageDown"),  NC_("key", "Up"),
    NC_("key", "Down"),    NC_("key", "Left"),   NC_("key", "Right"),     NC_("key", "Enter"),
    NC_("key", "CapsLock"), NC_("key", "Menu")};
static const char *const MODIFIER_NAMES[] = {NC_("key", "Shift"), NC_("key", "Ctrl"), NC_("key", "Alt")};
_Static_assert(sizeof MODIFIER_NAMES / sizeof *MODIFIER_NAMES == sizeof modifiers / sizeof *modifiers,
               "a shown name for each modifier");

static const char *key_shown(const char *key)
{
    for (size_t i = 0; i < sizeof KEY_NAMES / sizeof *KEY_NAMES; i++)
        if (strcasecmp(key, KEY_NAMES[i]) == 0)
            return C_("key", KEY_NAMES[i]);
    return key;
}

const char *bindings_shown(const char *binding, char *buf, size_t size)
{
    unsigned mods;
    const char *k = strip_modifiers(binding ? binding : "", &mods);
    buf[0] = '\0';
    for (size_t i = 0; i < sizeof modifiers / sizeof *modifiers; i++)
        if (mods & modifiers[i].bit)
            snprintf(buf + strlen(buf), size - strlen(buf), "%s+", C_("key", MODIFIER_NAMES[i]));
    if (strncasecmp(k, "Keypad ", 7) == 0 && k[7])
        snprintf(buf + strlen(buf), size - strlen(buf), C_("key", "Keypad %s"), key_shown(k + 7));
    else
        snprintf(buf + strlen(buf), size - strlen(buf), "%s", key_shown(k));
    return buf;
}

bool bindings_parse_key(const char *binding, unsigned *mods, char *key, size_t key_size)
{
    const char *k = strip_modifiers(binding, mods);
    int n = snprintf(key, key_size, "%s", k);
    return *k && n >= 0 && (size_t)n < key_size;
}

bool bindings_name_ok(const char *name, char *why, size_t why_size)
{
    size_t n = strlen(name);
    if (n >= BINDINGS_NAME_MAX) {
        snprintf(why, why_size, _("key name longer than %d characters"), BINDINGS_NAME_MAX - 1);
        return false;
    }
    for (size_t i = 0; i < n; i++) {
        if ((unsigned char)name[i] < 0x20 || name[i] == 0x7f) {
            snprintf(why, why_size, _("key name holds a control character"));
            return false;
        }
    }
    if (n > 0 && (name[0] == ' ' || name[n - 1] == ' ')) {
        snprintf(why, why_size, _("key name starts or ends with a space"));
        return false;
    }
    return true;
}

bool bindings_set(Bindings *b, BindingAction action, int slot, const char *name, char *why,
                  size_t why_size)
{
    if (!name)
        name = "";
    if (!in_range(action, slot)) {
        snprintf(why, why_size, _("no such action or key slot"));
        return false;
    }
    if (!bindings_name_ok(name, why, why_size))
        return false;
    snprintf(b->keys[action][slot], BINDINGS_NAME_MAX, "%s", name);
    return true;
}

/* Whether two bindings name the same key with the same modifiers. */
static bool same_key(const char *a, const char *b)
{
    unsigned ma, mb;
    const char *ka = strip_modifiers(a, &ma), *kb = strip_modifiers(b, &mb);
    return *ka && ma == mb && strcasecmp(ka, kb) == 0;
}

BindingAction bindings_action_for_key(const Bindings *b, const char *key_name, unsigned mods)
{
    if (!key_name || !*key_name)
        return BINDING_COUNT;
    for (int a = 0; a < BINDING_COUNT; a++) {
        for (int k = 0; k < BINDINGS_SLOTS; k++) {
            unsigned m;
            const char *key = strip_modifiers(b->keys[a][k], &m);
            if (*key && m == mods && strcasecmp(key, key_name) == 0)
                return (BindingAction)a;
        }
    }
    return BINDING_COUNT;
}

/* A quadratic scan over ~60 bindings: trivial, and only done when the
 * bindings change. */
size_t bindings_conflicts(const Bindings *b, BindingConflict *out, size_t max)
{
    enum { N = BINDING_COUNT * BINDINGS_SLOTS };
    size_t found = 0;
    for (int i = 0; i < N; i++) {
        int ai = i / BINDINGS_SLOTS;
        const char *ki = b->keys[ai][i % BINDINGS_SLOTS];
        for (int j = (ai + 1) * BINDINGS_SLOTS; j < N; j++) {
            int aj = j / BINDINGS_SLOTS;
            if (!same_key(ki, b->keys[aj][j % BINDINGS_SLOTS]))
                continue;
            if (found < max) {
                snprintf(out[found].key, BINDINGS_NAME_MAX, "%s", ki);
                out[found].first = (BindingAction)ai;
                out[found].second = (BindingAction)aj;
            }
            found++;
        }
    }
    return found;
}

const char *bindings_action_name(BindingAction action)
{
    return in_range(action, 0) ? actions[action].name : "?";
}

const char *bindings_action_label(BindingAction action)
{
    return in_range(action, 0) ? _(actions[action].label) : "?";
}

BindingAction bindings_action_from_name(const char *name)
{
    for (int a = 0; a < BINDING_COUNT; a++)
        if (name && strcmp(name, actions[a].name) == 0)
            return (BindingAction)a;
    return BINDING_COUNT;
}

const char *bindings_default(BindingAction action, int slot)
{
    return in_range(action, slot) ? actions[action].keys[slot] : "";
}
