/* Text field: UTF-8 validation (overlong, surrogate, out of range,
 * truncated), editing by whole characters, the byte limit, focus. */
#include "app/textfield.h"
#include "check.h"

static void test_utf8(void)
{
    CHECK_INT(textfield_utf8_length("a", 1), 1);
    CHECK_INT(textfield_utf8_length("\xc3\xa9", 2), 2);         /* é */
    CHECK_INT(textfield_utf8_length("\xe2\x82\xac", 3), 3);     /* € */
    CHECK_INT(textfield_utf8_length("\xf0\x9f\x8e\xb2", 4), 4); /* 🎲 */
    CHECK_INT(textfield_utf8_length("\xf4\x8f\xbf\xbf", 4), 4); /* U+10FFFF */
    const char *bad[] = {"\x80",                                /* lone continuation */
                         "\xc0\xaf",                            /* overlong '/' */
                         "\xc1\xbf",                            /* overlong */
                         "\xe0\x80\xaf",                        /* overlong */
                         "\xed\xa0\x80",                        /* surrogate D800 */
                         "\xf0\x80\x80\xaf",                    /* overlong */
                         "\xf4\x90\x80\x80",                    /* above U+10FFFF */
                         "\xf5\x80\x80\x80",
                         "\xff",
                         "\xc3",
                         "\xe2\x82",
                         "\xe2\x28\xa1"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
        CHECK_INT(textfield_utf8_length(bad[i], strlen(bad[i])), 0);
    CHECK_INT(textfield_utf8_length("\xc3\xa9", 1), 0); /* cut by n */
    CHECK_INT(textfield_utf8_length("", 0), 0);
}

static void test_editing(void)
{
    TextField f;
    textfield_init(&f, "Crypt", 20);
    CHECK(strcmp(f.text, "Crypt") == 0 && f.cursor == 5 && !f.focused);
    textfield_home(&f);
    CHECK(textfield_insert(&f, "The "));
    CHECK(strcmp(f.text, "The Crypt") == 0 && f.cursor == 4);
    textfield_end(&f);
    CHECK(textfield_insert(&f, " \xc3\xa9t\xc3\xa9"));
    CHECK(strcmp(f.text, "The Crypt \xc3\xa9t\xc3\xa9") == 0);
    /* Backspace removes a whole character, never half of é. */
    CHECK(textfield_backspace(&f));
    CHECK(strcmp(f.text, "The Crypt \xc3\xa9t") == 0);
    textfield_left(&f);
    textfield_left(&f);
    CHECK_INT(f.cursor, 10); /* before é */
    textfield_right(&f);
    CHECK_INT(f.cursor, 12); /* after é: two bytes */
    textfield_left(&f);
    CHECK(textfield_delete(&f));
    CHECK(strcmp(f.text, "The Crypt t") == 0);
    textfield_end(&f);
    CHECK(!textfield_delete(&f));
    textfield_right(&f);
    CHECK_INT(f.cursor, f.len);
    textfield_home(&f);
    CHECK(!textfield_backspace(&f));
    textfield_left(&f);
    CHECK_INT(f.cursor, 0);
    CHECK_INT(strlen(f.text), f.len);
}

static void test_filtering(void)
{
    TextField f;
    textfield_init(&f, NULL, 10);
    CHECK_INT(f.len, 0);
    /* Control characters (C0, DEL, C1) and invalid bytes are dropped. */
    CHECK(textfield_insert(&f, "a\nb\tc\x7f\xc2\x85\xff\xc0\xaf"
                               "d"));
    CHECK(strcmp(f.text, "abcd") == 0);
    CHECK(!textfield_insert(&f, "\x01\x02"));
    /* The limit is in bytes and never splits a character: 4 + 3 + 3 = 10,
     * then no room for a 2-byte é. */
    CHECK(textfield_insert(&f, "\xe2\x82\xac\xe2\x82\xac\xc3\xa9"));
    CHECK_INT(f.len, 10);
    CHECK(strcmp(f.text, "abcd\xe2\x82\xac\xe2\x82\xac") == 0);
    CHECK(!textfield_insert(&f, "x"));
    /* An over-long initial text is cut at a character boundary. */
    textfield_init(&f, "\xc3\xa9\xc3\xa9\xc3\xa9", 5);
    CHECK_INT(f.len, 4);
    textfield_init(&f, "x", 100000);
    CHECK_INT(f.max_bytes, TEXTFIELD_CAPACITY - 1);
    char big[600];
    memset(big, 'z', sizeof big - 1);
    big[sizeof big - 1] = 0;
    CHECK(textfield_insert(&f, big));
    CHECK_INT(f.len, TEXTFIELD_CAPACITY - 1);
    CHECK_INT(strlen(f.text), TEXTFIELD_CAPACITY - 1);
}

static void test_focus(void)
{
    TextField a, b;
    textfield_init(&a, "", 10);
    textfield_init(&b, "", 10);
    const TextField *fields[] = {&a, NULL, &b};
    CHECK(!textfield_any_focused(fields, 3));
    b.focused = true;
    CHECK(textfield_any_focused(fields, 3));
    CHECK(!textfield_any_focused(fields, 1));
}

/* Ctrl+A: the whole text selected; typing replaces it, backspace and
 * delete empty the field, a cursor key keeps the text. */
static void test_select_all(void)
{
    TextField f;
    textfield_init(&f, "Arena", 40);
    textfield_select_all(&f);
    CHECK(f.all);
    CHECK(textfield_insert(&f, "Crypt"));
    CHECK(strcmp(f.text, "Crypt") == 0 && !f.all && f.cursor == 5);
    textfield_select_all(&f);
    CHECK(textfield_backspace(&f));
    CHECK(f.len == 0 && f.text[0] == 0 && !f.all);
    textfield_insert(&f, "abc");
    textfield_select_all(&f);
    CHECK(textfield_delete(&f));
    CHECK(f.len == 0);
    textfield_insert(&f, "abc");
    textfield_select_all(&f);
    textfield_left(&f);
    CHECK(!f.all && f.cursor == 0 && strcmp(f.text, "abc") == 0);
    textfield_select_all(&f);
    CHECK(!textfield_insert(&f, "") || strcmp(f.text, "abc") == 0); /* nothing typed: kept */
    textfield_end(&f);
    CHECK(!f.all && f.cursor == 3);
    TextField empty;
    textfield_init(&empty, "", 10);
    textfield_select_all(&empty);
    CHECK(!empty.all);
}

int main(void)
{
    test_select_all();
    test_utf8();
    test_editing();
    test_filtering();
    test_focus();
    return check_finish("textfield");
}
