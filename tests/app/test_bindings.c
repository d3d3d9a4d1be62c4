/* Key bindings: the action table, modifier prefixes, lookup of a key event,
 * conflicts, and the names that are refused. */
#include "app/bindings.h"
#include "check.h"

static void test_table(void)
{
    Bindings b;
    bindings_init_defaults(&b);
    for (int a = 0; a < BINDING_COUNT; a++) {
        BindingAction act = (BindingAction)a;
        CHECK_INT(bindings_action_from_name(bindings_action_name(act)), a);
        CHECK(strcmp(bindings_action_label(act), "?") != 0);
        CHECK(bindings_default(act, 0)[0] != 0); /* every action has a key */
        CHECK(strcmp(bindings_get(&b, act, 0), bindings_default(act, 0)) == 0);
        char why[128];
        for (int k = 0; k < BINDINGS_SLOTS; k++)
            CHECK(bindings_name_ok(bindings_default(act, k), why, sizeof why));
    }
    /* The defaults never conflict: a fresh install warns about nothing. */
    CHECK_INT(bindings_conflicts(&b, NULL, 0), 0);
    CHECK(bindings_action_from_name("nope") == BINDING_COUNT);
    CHECK(bindings_action_from_name(NULL) == BINDING_COUNT);
    CHECK(strcmp(bindings_action_name(BINDING_COUNT), "?") == 0);
    CHECK(strcmp(bindings_get(&b, BINDING_COUNT, 0), "") == 0);
    CHECK(strcmp(bindings_get(&b, BINDING_HELP, 2), "") == 0);
    CHECK(strcmp(bindings_default(BINDING_HELP, -1), "") == 0);
}

static void test_parse(void)
{
    unsigned mods = 99;
    char key[BINDINGS_NAME_MAX];
    CHECK(bindings_parse_key("F3", &mods, key, sizeof key));
    CHECK(mods == 0 && strcmp(key, "F3") == 0);
    CHECK(bindings_parse_key("Ctrl+Shift+S", &mods, key, sizeof key));
    CHECK(mods == (BINDINGS_MOD_CTRL | BINDINGS_MOD_SHIFT) && strcmp(key, "S") == 0);
    CHECK(bindings_parse_key("alt+ctrl+Keypad +", &mods, key, sizeof key));
    CHECK(mods == (BINDINGS_MOD_CTRL | BINDINGS_MOD_ALT) && strcmp(key, "Keypad +") == 0);
    CHECK(bindings_parse_key("Shift++", &mods, key, sizeof key));
    CHECK(mods == BINDINGS_MOD_SHIFT && strcmp(key, "+") == 0);
    CHECK(bindings_parse_key("+", &mods, key, sizeof key));
    CHECK(mods == 0 && strcmp(key, "+") == 0);
    /* A modifier with nothing after it is taken as the key's name (which SDL
     * will then not know), never as an empty key. */
    CHECK(bindings_parse_key("Shift+", &mods, key, sizeof key));
    CHECK(mods == 0 && strcmp(key, "Shift+") == 0);
    CHECK(!bindings_parse_key("", &mods, key, sizeof key));
    CHECK(!bindings_parse_key("Keypad Enter", &mods, key, 4));
}

static void test_lookup(void)
{
    Bindings b;
    bindings_init_defaults(&b);
    CHECK(bindings_action_for_key(&b, "f12", 0) == BINDING_SCREENSHOT);
    CHECK(bindings_action_for_key(&b, "Keypad +", 0) == BINDING_ZOOM_IN);
    CHECK(bindings_action_for_key(&b, "/", BINDINGS_MOD_SHIFT) == BINDING_HELP); /* '?' */
    CHECK(bindings_action_for_key(&b, "/", 0) == BINDING_COUNT);
    CHECK(bindings_action_for_key(&b, "S", 0) == BINDING_PAN_DOWN);
    CHECK(bindings_action_for_key(&b, "S", BINDINGS_MOD_CTRL) == BINDING_SAVE);
    CHECK(bindings_action_for_key(&b, "S", BINDINGS_MOD_CTRL | BINDINGS_MOD_SHIFT) ==
          BINDING_COUNT);
    CHECK(bindings_action_for_key(&b, "F7", 0) == BINDING_COUNT);
    CHECK(bindings_action_for_key(&b, "", 0) == BINDING_COUNT);
    CHECK(bindings_action_for_key(&b, NULL, 0) == BINDING_COUNT);
}

static void test_conflicts(void)
{
    Bindings b;
    char why[128];
    bindings_init_defaults(&b);
    CHECK(bindings_set(&b, BINDING_ATTACK, 0, "f1", why, sizeof why)); /* help has F1 */
    CHECK(bindings_set(&b, BINDING_LOG, 1, "shift+ctrl+X", why, sizeof why));
    CHECK(bindings_set(&b, BINDING_INSPECT, 1, "Ctrl+Shift+x", why, sizeof why));
    BindingConflict c[4];
    CHECK_INT(bindings_conflicts(&b, c, 4), 2);
    CHECK(c[0].first == BINDING_ATTACK && c[0].second == BINDING_HELP);
    CHECK(strcmp(c[0].key, "f1") == 0);
    CHECK(c[1].first == BINDING_INSPECT && c[1].second == BINDING_LOG);
    CHECK(strcmp(c[1].key, "Ctrl+Shift+x") == 0);
    CHECK_INT(bindings_conflicts(&b, c, 1), 2); /* the total, not what fitted */
    /* Modifiers make different keys: Ctrl+X is not X (disarm). */
    CHECK(bindings_set(&b, BINDING_INSPECT, 1, "Ctrl+X", why, sizeof why));
    CHECK(bindings_set(&b, BINDING_LOG, 1, "", why, sizeof why));
    /* One action with the same key in both slots is no conflict. */
    CHECK(bindings_set(&b, BINDING_ATTACK, 0, "F", why, sizeof why));
    CHECK(bindings_set(&b, BINDING_ATTACK, 1, "f", why, sizeof why));
    CHECK_INT(bindings_conflicts(&b, c, 4), 0);
}

static void test_refusals(void)
{
    Bindings b;
    char why[128];
    bindings_init_defaults(&b);
    CHECK(!bindings_set(&b, BINDING_LOG, 0, "a\tb", why, sizeof why));
    CHECK_STR_CONTAINS(why, "control");
    CHECK(!bindings_set(&b, BINDING_LOG, 0, "\x7f", why, sizeof why));
    CHECK(!bindings_set(&b, BINDING_LOG, 0, "a key name that is much too long", why, sizeof why));
    CHECK_STR_CONTAINS(why, "longer than 31");
    CHECK(!bindings_set(&b, BINDING_LOG, 0, " L", why, sizeof why));
    CHECK_STR_CONTAINS(why, "space");
    CHECK(!bindings_set(&b, BINDING_COUNT, 0, "L", why, sizeof why));
    CHECK(!bindings_set(&b, BINDING_LOG, BINDINGS_SLOTS, "L", why, sizeof why));
    CHECK_STR_CONTAINS(why, "no such");
    CHECK(strcmp(bindings_get(&b, BINDING_LOG, 0), "L") == 0); /* unchanged */
    CHECK(bindings_set(&b, BINDING_LOG, 0, NULL, why, sizeof why));
    CHECK(strcmp(bindings_get(&b, BINDING_LOG, 0), "") == 0);
    CHECK(bindings_set(&b, BINDING_LOG, 0, "\xc3\xa9", why, sizeof why)); /* UTF-8 key */
}

/* In English a binding is shown as it is written (test_words_de: German). */
static void test_shown(void)
{
    static const char *const keys[] = {"Ctrl+Z", "Keypad 8", "Return", "Shift+/", "F5", ""};
    char buf[BINDINGS_SHOWN_MAX];
    for (size_t i = 0; i < sizeof keys / sizeof *keys; i++)
        CHECK(strcmp(bindings_shown(keys[i], buf, sizeof buf), keys[i]) == 0);
    CHECK(strcmp(bindings_shown("ctrl+keypad +", buf, sizeof buf), "Ctrl+Keypad +") == 0);
}

int main(void)
{
    test_table();
    test_parse();
    test_lookup();
    test_conflicts();
    test_refusals();
    test_shown();
    return check_finish("bindings");
}
