/* Settings: defaults, immediate persistence, round-trip, damaged files of
 * several kinds (each reported with file and line, never fatal), key
 * binding conflicts. */
#define _POSIX_C_SOURCE 200809L
#include "app/settings.h"
#include "check.h"
#include "core/fileio.h"

#include <sys/stat.h>
#include <unistd.h>

static char dir[] = "/tmp/qb-settings-XXXXXX";

static void write_file(const char *text, size_t len)
{
    char path[512], err[256];
    snprintf(path, sizeof path, "%s/%s", dir, SETTINGS_FILE_NAME);
    CHECK(fileio_write_atomic(path, text, len, err, sizeof err));
}

/* True when some load message contains needle. */
static bool said(const Settings *s, const char *needle)
{
    for (size_t i = 0; i < settings_message_count(s); i++)
        if (strstr(settings_message(s, i), needle))
            return true;
    return false;
}

static void dump(const Settings *s)
{
    for (size_t i = 0; i < settings_message_count(s); i++)
        printf("  %s\n", settings_message(s, i));
}

static void test_defaults(void)
{
    Settings *s = settings_create(NULL);
    CHECK_INT(settings_window_width(s), 1280);
    CHECK_INT(settings_window_height(s), 800);
    CHECK(!settings_fullscreen(s));
    CHECK(settings_ui_scale(s) == 1.0);
    CHECK_INT(settings_anim_speed(s), SETTINGS_ANIM_NORMAL);
    CHECK(!settings_debug_overlay(s));
    CHECK(!settings_hand_over(s));
    CHECK(!settings_reduce_motion(s));
    CHECK_INT(settings_colour_vision(s), SETTINGS_VISION_NORMAL);
    CHECK(settings_ask_end_turn(s)); /* on until the player turns it off */
    CHECK_STR_CONTAINS(settings_binding(s, BINDING_OVERLAY, 0), "F3");
    CHECK_STR_CONTAINS(settings_binding(s, BINDING_HELP, 1), "Shift+/");
    CHECK_STR_CONTAINS(settings_binding(s, BINDING_BACK, 0), "Escape");
    /* The defaults must never conflict: a fresh install warns about nothing. */
    CHECK_INT(settings_binding_conflicts(s, NULL, 0), 0);
    CHECK(bindings_action_for_key(settings_bindings(s), "f12", 0) == BINDING_SCREENSHOT);
    CHECK(settings_anim_duration_factor(SETTINGS_ANIM_INSTANT) == 0.0);
    CHECK(settings_anim_duration_factor(SETTINGS_ANIM_SLOW) > 1.0);
    /* Memory-only settings: setters succeed and write nothing. */
    CHECK(settings_set_fullscreen(s, true));
    CHECK(settings_load(s));
    settings_destroy(s);
    settings_destroy(NULL);
}

static void test_missing_file(void)
{
    Settings *s = settings_create(dir);
    CHECK(settings_load(s)); /* first run: no file, no complaint */
    CHECK_INT(settings_message_count(s), 0);
    CHECK_INT(settings_window_width(s), 1280);
    CHECK(!fileio_is_file(settings_path(s))); /* loading writes nothing */
    settings_destroy(s);
}

static void test_roundtrip(void)
{
    Settings *s = settings_create(dir);
    CHECK(settings_set_window_size(s, 1920, 1080));
    /* Persisted immediately: the file exists after the first change. */
    CHECK(fileio_is_file(settings_path(s)));
    CHECK(settings_set_fullscreen(s, true));
    /* Setting the same value again writes nothing (resize events repeat). */
    CHECK(unlink(settings_path(s)) == 0);
    CHECK(settings_set_fullscreen(s, true));
    CHECK(settings_set_window_size(s, 1920, 1080));
    CHECK(!fileio_is_file(settings_path(s)));
    CHECK(settings_set_ui_scale(s, 1.75));
    CHECK(fileio_is_file(settings_path(s)));
    CHECK(settings_set_anim_speed(s, SETTINGS_ANIM_INSTANT));
    CHECK(settings_set_debug_overlay(s, true));
    CHECK(settings_set_hand_over(s, true));
    CHECK(settings_set_reduce_motion(s, true));
    CHECK(settings_set_colour_vision(s, SETTINGS_VISION_TRITANOPIA));
    CHECK(settings_set_ask_end_turn(s, false));
    CHECK(settings_set_binding(s, BINDING_ZOOM_IN, 0, "="));
    CHECK(settings_set_binding(s, BINDING_END_TURN, 1, "Keypad Enter"));
    CHECK(settings_set_binding(s, BINDING_CONFIRM, 1, ""));
    CHECK(settings_set_binding(s, BINDING_LOG, 0, "#"));
    settings_destroy(s);

    s = settings_create(dir);
    CHECK(settings_load(s));
    dump(s);
    CHECK_INT(settings_window_width(s), 1920);
    CHECK_INT(settings_window_height(s), 1080);
    CHECK(settings_fullscreen(s));
    CHECK(settings_ui_scale(s) == 1.75);
    CHECK_INT(settings_anim_speed(s), SETTINGS_ANIM_INSTANT);
    CHECK(settings_debug_overlay(s));
    CHECK(settings_hand_over(s));
    CHECK(settings_reduce_motion(s));
    CHECK_INT(settings_colour_vision(s), SETTINGS_VISION_TRITANOPIA);
    CHECK(!settings_ask_end_turn(s));
    CHECK_STR_CONTAINS(settings_binding(s, BINDING_ZOOM_IN, 0), "=");
    CHECK_STR_CONTAINS(settings_binding(s, BINDING_END_TURN, 1), "Keypad Enter");
    CHECK_INT(strlen(settings_binding(s, BINDING_CONFIRM, 1)), 0);
    CHECK_STR_CONTAINS(settings_binding(s, BINDING_LOG, 0), "#");
    /* Out-of-range values given to setters are clamped, not refused. */
    CHECK(settings_set_ui_scale(s, 9.0));
    CHECK(settings_ui_scale(s) == SETTINGS_UI_SCALE_MAX);
    CHECK(settings_set_window_size(s, -5, 1 << 30));
    CHECK_INT(settings_window_width(s), SETTINGS_WINDOW_MIN_W);
    CHECK_INT(settings_window_height(s), SETTINGS_WINDOW_MAX);
    /* Bad key names are refused with a reason and change nothing. */
    CHECK(!settings_set_binding(s, BINDING_LOG, 0, "a\nb"));
    CHECK_STR_CONTAINS(settings_last_error(s), "control");
    CHECK(!settings_set_binding(s, BINDING_LOG, 0, "a key name that is much too long to be real"));
    CHECK_STR_CONTAINS(settings_last_error(s), "longer");
    CHECK(!settings_set_binding(s, BINDING_COUNT, 0, "F2"));
    CHECK(!settings_set_binding(s, BINDING_LOG, 2, "F2"));
    CHECK_STR_CONTAINS(settings_binding(s, BINDING_LOG, 0), "#");
    CHECK(settings_reset(s));
    CHECK_INT(settings_window_width(s), 1280);
    settings_destroy(s);

    s = settings_create(dir);
    CHECK(settings_load(s));
    CHECK_INT(settings_window_width(s), 1280); /* the reset was saved too */
    settings_destroy(s);
}

static void test_unwritable(void)
{
    char sub[600];
    snprintf(sub, sizeof sub, "%s/no-such-folder", dir);
    Settings *s = settings_create(sub);
    CHECK(!settings_set_fullscreen(s, true));
    CHECK_STR_CONTAINS(settings_last_error(s), "cannot save");
    CHECK(settings_fullscreen(s)); /* kept in memory for this session */
    settings_destroy(s);
}

static void test_conflicts(void)
{
    Settings *s = settings_create(NULL);
    CHECK(settings_set_binding(s, BINDING_ATTACK, 0, "f1")); /* help has F1 */
    CHECK(settings_set_binding(s, BINDING_LOG, 1, "Tab"));   /* next hero has Tab */
    BindingConflict c[4];
    CHECK_INT(settings_binding_conflicts(s, c, 4), 2);
    CHECK(c[0].first == BINDING_ATTACK && c[0].second == BINDING_HELP);
    CHECK_STR_CONTAINS(c[0].key, "f1");
    CHECK(c[1].first == BINDING_NEXT_HERO && c[1].second == BINDING_LOG);
    CHECK_STR_CONTAINS(c[1].key, "Tab");
    /* The count is the total even when out has room for fewer. */
    CHECK_INT(settings_binding_conflicts(s, c, 1), 2);
    /* One action with the same key in both slots is not a conflict. */
    CHECK(settings_set_binding(s, BINDING_ATTACK, 0, "F"));
    CHECK(settings_set_binding(s, BINDING_ATTACK, 1, "F"));
    CHECK(settings_set_binding(s, BINDING_LOG, 1, ""));
    CHECK_INT(settings_binding_conflicts(s, c, 4), 0);
    settings_destroy(s);
}

static Settings *load_text(const char *text, size_t len)
{
    write_file(text, len);
    Settings *s = settings_create(dir);
    settings_load(s);
    return s;
}

static void test_bad_values(void)
{
    const char text[] = "questboard-settings 1\n"
                        "window_width = 99999999999999999999999\n" /* line 2: huge */
                        "window_height = tall\n"                   /* 3: not a number */
                        "fullscreen = maybe\n"                     /* 4 */
                        "ui_scale = 0.2\n"                         /* 5: clamped */
                        "animation_speed = ludicrous\n"            /* 6 */
                        "debug_overlay = YES\n"                    /* 7: fine */
                        "key.help = F2\r\n"                        /* 8: CRLF fine */
                        "ui_scale = nan\n";                        /* 9 */
    Settings *s = load_text(text, sizeof text - 1);
    dump(s);
    CHECK_INT(settings_window_width(s), SETTINGS_WINDOW_MAX);
    CHECK(said(s, "settings.ini:2: window_width"));
    CHECK(said(s, "out of range"));
    CHECK_INT(settings_window_height(s), 800);
    CHECK(said(s, "settings.ini:3: window_height: 'tall' is not a whole number"));
    CHECK(said(s, ":4: fullscreen"));
    CHECK(!settings_fullscreen(s));
    CHECK(settings_ui_scale(s) == SETTINGS_UI_SCALE_MIN);
    CHECK(said(s, ":5: ui_scale"));
    CHECK(said(s, ":6: animation_speed"));
    CHECK_INT(settings_anim_speed(s), SETTINGS_ANIM_NORMAL);
    CHECK(settings_debug_overlay(s));
    CHECK_STR_CONTAINS(settings_binding(s, BINDING_HELP, 0), "F2");
    CHECK(strlen(settings_binding(s, BINDING_HELP, 0)) == 2);
    CHECK(said(s, ":9: ui_scale"));
    CHECK(!said(s, ":7:") && !said(s, ":8:"));
    settings_destroy(s);
}

static void test_structure(void)
{
    char text[2048];
    int n = snprintf(text, sizeof text,
                     "# a comment\n\n"
                     "window_width = 1024\n"   /* 3: no version line */
                     "colour = blue\n"         /* 4: unknown */
                     "key.dance = D\n"         /* 5: unknown action */
                     "just some words\n"       /* 6: no '=' */
                     "window_width = 800\n"    /* 7: duplicate, wins */
                     "key.log = %s\n"          /* 8: key name too long */
                     "   fullscreen=on   \n"   /* 9: spacing is free */
                     "questboard-settings 7\n" /* 10: unknown version */
                     "window_height",          /* 11: truncated last line */
                     "abcdefghijklmnopqrstuvwxyz0123456789");
    Settings *s = load_text(text, (size_t)n);
    dump(s);
    CHECK(said(s, ":3: no 'questboard-settings 1' version line"));
    CHECK(said(s, ":4: unknown setting 'colour'"));
    CHECK(said(s, ":5: unknown setting 'key.dance'"));
    CHECK(said(s, ":6: expected 'name = value'"));
    CHECK(said(s, ":7: 'window_width' set again (first on line 3)"));
    CHECK_INT(settings_window_width(s), 800);
    CHECK(said(s, ":8: key.log: key name longer"));
    CHECK_STR_CONTAINS(settings_binding(s, BINDING_LOG, 0), "L");
    CHECK(settings_fullscreen(s));
    CHECK(said(s, ":10: settings version '7'"));
    CHECK(said(s, ":11: expected"));
    settings_destroy(s);
}

static void test_long_names(void)
{
    /* A long unknown name is cut in the message, between UTF-8 characters. */
    const char text[] = "questboard-settings 1\n"
                        "\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9"
                        "\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9"
                        "x\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9 = 1\n";
    Settings *s = load_text(text, sizeof text - 1);
    CHECK_INT(settings_message_count(s), 1);
    const char *m = settings_message(s, 0), *dots = strstr(m, "...'");
    CHECK_STR_CONTAINS(m, ":2: unknown setting '\xc3\xa9");
    CHECK(dots && (unsigned char)dots[-1] != 0xc3);
    CHECK(dots && ((unsigned char)dots[-1] == 0xa9 || dots[-1] == 'x'));
    settings_destroy(s);
}

static void test_junk(void)
{
    /* Binary junk with NULs, control bytes and very long lines: many
     * messages, capped, and the defaults. */
    size_t len = 100000;
    char *junk = malloc(len);
    uint32_t x = 12345;
    for (size_t i = 0; i < len; i++) {
        x = x * 1103515245u + 12345u;
        junk[i] = (char)(x >> 24);
    }
    Settings *s = load_text(junk, len);
    CHECK(said(s, "more than the limit")); /* over the 64 KiB cap */
    CHECK_INT(settings_window_width(s), 1280);
    settings_destroy(s);

    s = load_text(junk, 4000);
    CHECK(settings_message_count(s) > 0);
    CHECK(settings_message_count(s) <= 41);
    CHECK_INT(settings_window_width(s), 1280);
    settings_destroy(s);

    /* A NUL in the middle of a good line is not silently cut there. */
    const char nul[] = "questboard-settings 1\nwindow_width = 1500\0junk\n"
                       "window_height = 700\n";
    s = load_text(nul, sizeof nul - 1);
    CHECK(said(s, ":2: line holds a NUL byte"));
    CHECK_INT(settings_window_width(s), 1280);
    CHECK_INT(settings_window_height(s), 700);
    settings_destroy(s);

    /* One line of 10 000 characters. */
    char *longline = malloc(10000);
    memset(longline, 'x', 10000);
    memcpy(longline, "key.log = ", 10);
    s = load_text(longline, 10000);
    CHECK(said(s, ":1: line longer than"));
    settings_destroy(s);
    free(longline);
    free(junk);

    /* The settings path is a folder: reported, defaults used. */
    char path[600];
    snprintf(path, sizeof path, "%s/%s", dir, SETTINGS_FILE_NAME);
    unlink(path);
    CHECK(mkdir(path, 0700) == 0);
    s = settings_create(dir);
    CHECK(!settings_load(s));
    CHECK(said(s, "not a regular file"));
    settings_destroy(s);
    rmdir(path);
}

/* Random damage to a good file: every load ends with values in range. */
static void test_mutations(void)
{
    Settings *good = settings_create(dir);
    CHECK(settings_set_window_size(good, 1600, 900));
    uint8_t *orig = NULL;
    size_t size = 0;
    char err[256];
    CHECK(fileio_read(settings_path(good), 1 << 16, &orig, &size, err, sizeof err));
    char *copy = malloc(size + 1);
    uint32_t x = 99;
    for (int round = 0; round < 300; round++) {
        memcpy(copy, orig, size);
        for (int k = 0; k < 8; k++) {
            x = x * 1103515245u + 12345u;
            copy[(x >> 8) % size] = (char)(x >> 24);
        }
        x = x * 1103515245u + 12345u;
        Settings *s = load_text(copy, size - (x >> 8) % 64); /* sometimes cut short */
        CHECK(settings_window_width(s) >= SETTINGS_WINDOW_MIN_W &&
              settings_window_width(s) <= SETTINGS_WINDOW_MAX);
        CHECK(settings_ui_scale(s) >= SETTINGS_UI_SCALE_MIN &&
              settings_ui_scale(s) <= SETTINGS_UI_SCALE_MAX);
        CHECK((int)settings_anim_speed(s) >= 0 && settings_anim_speed(s) < SETTINGS_ANIM_COUNT);
        for (int a = 0; a < BINDING_COUNT; a++)
            CHECK(strlen(settings_binding(s, (BindingAction)a, 1)) < BINDINGS_NAME_MAX);
        settings_destroy(s);
    }
    free(copy);
    free(orig);
    settings_destroy(good);
}

/* Text read from memory (the fuzzer's way in) is read like the file, and
 * what settings_format writes reads back without a word. */
static void test_text(void)
{
    Settings *s = settings_create(NULL);
    const char text[] = "questboard-settings 1\nwindow_width = 1500\nbogus = 1";
    CHECK(!settings_load_text(s, text, sizeof text - 1));
    CHECK_INT(settings_window_width(s), 1500);
    CHECK(said(s, "settings.ini:3: unknown setting 'bogus'"));
    size_t n = 0;
    char *out = settings_format(s, &n);
    CHECK_INT(strlen(out), n);
    Settings *again = settings_create(NULL);
    CHECK(settings_load_text(again, out, n));
    CHECK_INT(settings_window_width(again), 1500);
    free(out);
    settings_destroy(again);
    settings_destroy(s);
}

/* A byte order mark before the version line is no problem. */
static void test_bom(void)
{
    const char text[] = "\xef\xbb\xbfquestboard-settings 1\nwindow_width = 1500\n";
    Settings *s = load_text(text, sizeof text - 1);
    dump(s);
    CHECK_INT(settings_message_count(s), 0);
    CHECK_INT(settings_window_width(s), 1500);
    settings_destroy(s);
}

/* settings.ini linked to a file elsewhere is not read, and nothing of
 * that file appears in the messages; a link inside the folder is read. */
static void test_symlink(void)
{
    char path[600], outside[] = "/tmp/qb-outside-XXXXXX", secret[600], inside[600];
    snprintf(path, sizeof path, "%s/%s", dir, SETTINGS_FILE_NAME);
    CHECK(mkdtemp(outside) != NULL);
    snprintf(secret, sizeof secret, "%s/secret.txt", outside);
    FILE *f = fopen(secret, "w");
    CHECK(f != NULL);
    if (f) {
        fputs("root:TOPSECRET:0:0\nwindow_width = 1500\n", f);
        fclose(f);
    }
    unlink(path);
    CHECK(symlink(secret, path) == 0);
    Settings *s = settings_create(dir);
    CHECK(!settings_load(s));
    dump(s);
    CHECK(said(s, "symbolic link"));
    CHECK(!said(s, "TOPSECRET"));
    CHECK_INT(settings_window_width(s), 1280);
    settings_destroy(s);
    unlink(path);
    snprintf(inside, sizeof inside, "%s/real.ini", dir);
    f = fopen(inside, "w");
    if (f) {
        fputs("questboard-settings 1\nwindow_width = 1400\n", f);
        fclose(f);
    }
    CHECK(symlink("real.ini", path) == 0);
    s = settings_create(dir);
    CHECK(settings_load(s));
    CHECK_INT(settings_window_width(s), 1400);
    settings_destroy(s);
    unlink(path);
    unlink(inside);
    unlink(secret);
    rmdir(outside);
}

/* The access settings read back, and a colour vision the game does not
 * know is named in a message and left at normal. */
static void test_access(void)
{
    Settings *s = settings_create(NULL);
    static const char text[] = "questboard-settings 1\nreduce_motion = yes\ncolour_vision = Deuteranopia\n";
    CHECK(settings_load_text(s, text, sizeof text - 1));
    CHECK(settings_reduce_motion(s));
    CHECK_INT(settings_colour_vision(s), SETTINGS_VISION_DEUTERANOPIA);
    static const char bad[] = "questboard-settings 1\ncolour_vision = purple\n";
    CHECK(!settings_load_text(s, bad, sizeof bad - 1));
    CHECK_INT(settings_colour_vision(s), SETTINGS_VISION_NORMAL);
    CHECK_INT(settings_message_count(s), 1);
    CHECK_STR_CONTAINS(settings_message(s, 0), ":2: colour_vision: 'purple' is not normal, protanopia");
    settings_destroy(s);
}

/* The language chosen in Settings reads back and is written; one the
 * game has no translation for is named in a message and left at System. */
static void test_language(void)
{
    Settings *s = settings_create(NULL);
    CHECK_INT(settings_language(s), LANG_SYSTEM);
    static const char text[] = "questboard-settings 1\nlanguage = DE\n";
    CHECK(settings_load_text(s, text, sizeof text - 1));
    CHECK_INT(settings_language(s), LANG_GERMAN);
    size_t n = 0;
    char *out = settings_format(s, &n);
    CHECK(strstr(out, "\nlanguage = de\n") != NULL);
    free(out);
    CHECK(settings_set_language(s, LANG_ENGLISH));
    CHECK_INT(settings_language(s), LANG_ENGLISH);
    static const char bad[] = "questboard-settings 1\nlanguage = klingon\n";
    CHECK(!settings_load_text(s, bad, sizeof bad - 1));
    CHECK_INT(settings_language(s), LANG_SYSTEM);
    CHECK_STR_CONTAINS(settings_message(s, 0), ":2: language: 'klingon' is not system, en or de");
    settings_destroy(s);
}

int main(void)
{
    CHECK(mkdtemp(dir) != NULL);
    test_defaults();
    test_missing_file();
    test_roundtrip();
    test_unwritable();
    test_conflicts();
    test_bad_values();
    test_structure();
    test_long_names();
    test_junk();
    test_mutations();
    test_bom();
    test_text();
    test_symlink();
    test_access();
    test_language();
    char path[600];
    snprintf(path, sizeof path, "%s/%s", dir, SETTINGS_FILE_NAME);
    unlink(path);
    CHECK(rmdir(dir) == 0);
    return check_finish("settings");
}
